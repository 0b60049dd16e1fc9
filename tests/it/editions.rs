//! The 2023 edition (`rules/fide-2023`), an overlay of 2018's: its renumbering reaches every
//! reference, it is the default rulebook, and where its meaning changed (5.1.2) the two editions
//! rule differently. That its English texts are the official ones word for word is checked
//! against the sources outside the repository (`tests/external/sources.rs`).

use crate::common::*;

/// 2018's numbers, read through the 2023 renumbering of 9.2.
#[test]
fn the_renumbering() {
    let ir = arbiter::load_ir("fide-2023").expect("fide-2023");
    for (old, new) in [
        ("9.2.1", "9.2"),
        ("9.2.1.1", "9.2.1"),
        ("9.2.1.2", "9.2.2"),
        ("9.2.2", "9.2.3"),
        ("9.2.2.1", "9.2.3.1"),
        ("9.2.2.2", "9.2.3.2"),
        ("9.6.1", "9.6.1"),
        ("5.2.2", "5.2.2"),
    ] {
        assert_eq!(ir.rename("fide-2018", old).as_deref(), Some(new), "{old}");
    }
    // References follow: the lead-in 9.2 refers to the clauses now numbered 9.2.1 to 9.2.3.
    let lead = ir.clauses.iter().find(|c| c.id == "9.2").expect("9.2");
    assert_eq!(lead.refs, ["9.2.1", "9.2.2", "9.2.3"]);
    // 9.2.1 (2018's 9.2.1.1) keeps its rules and its place: an exception to 9.5.3.
    let i = ir
        .clauses
        .iter()
        .position(|c| c.id == "9.5.3")
        .expect("9.5.3");
    let c = ir.clauses.iter().find(|c| c.id == "9.2.1").expect("9.2.1");
    assert!(c.exception_to.contains(&i) && !c.rules.is_empty());
}

/// No `--rulebook`: the 2023 edition. A resignation against a bare king is a draw there and a
/// loss under 2018's 5.1.2.
#[test]
fn the_default_edition_is_2023() {
    let pgn = "[Event \"x\"]\n[SetUp \"1\"]\n[FEN \"8/8/8/4k3/8/8/3QK3/8 b - - 0 40\"]\n\n\
        40... Kf5 { [%resign] } *\n";
    let run = |extra: &[&str]| {
        let mut args = vec!["adjudicate", "--format", "json"];
        args.extend_from_slice(extra);
        args.push("-");
        let out = arbiter(&args, Some(pgn.as_bytes()));
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        let v: serde_json::Value = serde_json::from_str(text(&out.stdout).trim()).expect("JSON");
        (v["result"].clone(), v["rule"].clone())
    };
    assert_eq!(run(&[]), ("1/2-1/2".into(), "5.1.2".into()));
    assert_eq!(run(&["--rulebook", "fide-2023"]), run(&[]));
    assert_eq!(
        run(&["--rulebook", "fide-2018"]),
        ("0-1".into(), "5.1.2".into())
    );
}

/// The readable 2023 rulebook says the English is official and the Russian translated.
#[test]
fn official_in_english_translated_into_russian() {
    let en =
        std::fs::read_to_string(root().join("generated/fide-2023/rulebook.en.md")).expect("en");
    let ru =
        std::fs::read_to_string(root().join("generated/fide-2023/rulebook.ru.md")).expect("ru");
    let after = |md: &str, id: &str| {
        let at = md
            .find(&format!("\"></a>{id}\n"))
            .or_else(|| md.find(&format!("\"></a>{id} —")))
            .expect("the clause");
        md[at..].lines().take(8).collect::<Vec<_>>().join("\n")
    };
    assert!(after(&en, "9.2.1").contains("*Official text.*"));
    assert!(
        after(&ru, "9.2.1")
            .contains("*Перевод составителей свода правил; официальный текст — английский.*")
    );
    // III.2 is the authors' summary in both languages.
    assert!(after(&en, "III.2").contains("*Written by the rulebook's authors"));
}
