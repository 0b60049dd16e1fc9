//! The Russian and English rulings match message for message and variable for variable, and every
//! clause has its text in both languages.

use crate::common::*;

use std::collections::{BTreeMap, BTreeSet};

fn messages(path: &str) -> BTreeMap<String, BTreeSet<String>> {
    use fluent_syntax::ast::Entry;
    let src = std::fs::read_to_string(root().join(path)).expect(path);
    let res =
        fluent_syntax::parser::parse(src.as_str()).unwrap_or_else(|(_, e)| panic!("{path}: {e:?}"));
    let mut out = BTreeMap::new();
    for entry in &res.body {
        if let Entry::Message(m) = entry {
            let mut vars = Vec::new();
            if let Some(p) = &m.value {
                arbiter::compile::pattern_vars(p, &mut vars);
            }
            out.insert(m.id.name.to_string(), vars.into_iter().collect());
        }
    }
    out
}

#[test]
fn ru_and_en_rulings_match() {
    let (en, ru) = (
        "generated/fide-2018/locales/en/rulings.ftl",
        "generated/fide-2018/locales/ru/rulings.ftl",
    );
    let (e, r) = (messages(en), messages(ru));
    assert!(!e.is_empty());
    assert_eq!(e, r, "{en} and {ru} differ in message ids or variables");
}

/// Every language of `locales/` has the messages of `locales/en/`, file for file, with the same
/// variables: a language is complete or it is not there.
#[test]
fn every_locale_has_every_message() {
    let base = root().join("locales");
    let files: Vec<String> = std::fs::read_dir(base.join("en"))
        .expect("locales/en")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    assert!(files.len() >= 3, "{files:?}");
    for lang in std::fs::read_dir(&base).expect("locales") {
        let lang = lang
            .expect("entry")
            .file_name()
            .to_string_lossy()
            .into_owned();
        for f in &files {
            let (e, l) = (format!("locales/en/{f}"), format!("locales/{lang}/{f}"));
            assert_eq!(messages(&e), messages(&l), "{l} differs from {e}");
        }
    }
}

#[test]
fn every_clause_has_both_texts_and_explains() {
    let ir = arbiter::compile::compile_dir(&root().join("rules/fide-2018"), &arbiter::Embedded)
        .expect("rulebook");
    for c in &ir.clauses {
        for lang in ["en", "ru"] {
            assert!(
                c.text.get(lang).is_some_and(|t| !t.trim().is_empty()),
                "{} {lang}",
                c.id
            );
            let out = arbiter(
                &["explain", &c.id, "--lang", lang, "--rulebook", "fide-2018"],
                None,
            );
            assert_eq!(out.status.code(), Some(0), "explain {} {lang}", c.id);
            let shown = text(&out.stdout);
            assert!(shown.contains(&c.id));
            // For a terminal: no Markdown markup (code keeps its backquotes, which mark it), no
            // anchor, nothing of the next article, and every label with its value.
            for markup in ["**", "](#", "<a id", "###", "═"] {
                assert!(
                    !shown.contains(markup),
                    "explain {} {lang}: {markup}\n{shown}",
                    c.id
                );
            }
            assert!(
                shown
                    .lines()
                    .all(|l| !(l.starts_with("    ") && l.trim_end().ends_with(':'))),
                "explain {} {lang}: an empty label\n{shown}",
                c.id
            );
        }
    }
}

#[test]
fn russian_plurals() {
    // 1 раз, 3 раза, 5 раз: the 9.6.1 ruling through the Russian plural rules.
    let meta = arbiter::load_rules("fide-2018", None).expect("rules");
    let r = arbiter::render::Renderer::new(meta.meta(), "ru").expect("ru");
    let say = |n: i64| {
        r.message(
            "ruling-9-6-1",
            &[("count", arbiter::runtime::verdict::Arg::Num(n))],
        )
    };
    assert!(say(1).contains("1 раз:"), "{}", say(1));
    assert!(say(3).contains("3 раза:"), "{}", say(3));
    assert!(say(5).contains("5 раз:"), "{}", say(5));
    assert!(say(22).contains("22 раза:"), "{}", say(22));
}

#[test]
fn a_result_awaiting_the_arbiter_is_not_called_a_draw() {
    // III.6.1 without an arbiter: the claim stops play; the result is `*` until he decides.
    let game = "conformance/fide-2018/quickplay/no-arbiter-claim-ends-game.pgn";
    for (lang, says, not) in [
        (
            "en",
            "Play stopped after 60…Rd5 under III.6.1, and the result awaits",
            "drawn after",
        ),
        (
            "ru",
            "Игра остановлена после 60…Rd5 по статье III.6.1",
            "вничью после",
        ),
    ] {
        let out = arbiter(&["adjudicate", "--lang", lang, game], None);
        assert_eq!(out.status.code(), Some(0), "{lang}");
        let t = text(&out.stdout);
        assert!(
            t.contains(": *\n") && t.contains(says) && !t.contains(not),
            "{lang}: {t}"
        );
    }
}

#[test]
fn remaining_time_is_said_in_minutes_and_seconds() {
    // III.5's ruling names the claimant's time left as a clock shows it: 1:50, never "110".
    let game = "conformance/fide-2018/quickplay/claim-rejected-then-agree-answers-nothing.pgn";
    for (lang, says) in [("en", "with 1:50 left"), ("ru", "осталось 1:50")] {
        let out = arbiter(&["adjudicate", "--lang", lang, game], None);
        assert_eq!(out.status.code(), Some(0), "{lang}");
        let t = text(&out.stdout);
        assert!(t.contains(says) && !t.contains(" 110 "), "{lang}: {t}");
    }
}

/// The messages arbiter says itself (`locale::say::ALL`) are in every shipped language and in the
/// German test locale, each with exactly the variables the tool gives it.
#[test]
fn every_message_the_tool_says_has_its_variables() {
    let mut folders: Vec<std::path::PathBuf> = std::fs::read_dir(root().join("locales"))
        .expect("locales")
        .map(|e| e.expect("entry").path())
        .collect();
    folders.push(root().join("tests/fixtures/de/locales/de"));
    for dir in folders {
        let mut all = BTreeMap::new();
        for f in std::fs::read_dir(&dir).expect("folder") {
            let p = f.expect("entry").path();
            if p.extension().is_some_and(|x| x == "ftl") {
                let rel = p.strip_prefix(root()).expect("under the root");
                all.extend(messages(&rel.to_string_lossy()));
            }
        }
        for (id, vars) in arbiter::locale::say::ALL {
            let want: BTreeSet<String> = vars.iter().map(|v| v.to_string()).collect();
            assert_eq!(
                all.get(*id),
                Some(&want),
                "`{id}` in {}: missing or with other variables",
                dir.display()
            );
        }
    }
}

/// `--lang` before or after the command: the command line's own messages in Russian.
#[test]
fn the_command_line_speaks_russian() {
    let out = arbiter(&["--lang", "ru", "check", "rules/fide-2018"], None);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(
        stdout.starts_with("rules/fide-2018: в порядке (") && stdout.contains(" стат"),
        "{stdout}"
    );
    let out = arbiter(&["explain", "9.99.9", "--lang", "ru"], None);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stderr),
        "ошибка: в своде правил `fide-2023` нет статьи `9.99.9`\n"
    );
}

/// `arbiter --lang ru check` on a broken copy of a rulebook: the same diagnostic at the same
/// place as in English, its message, label and help in Russian, and the count in Russian.
#[test]
fn a_rulebook_diagnostic_in_russian() {
    let dir = copy_rulebook("ru-check");
    edit(
        &dir.join("article9.yaml"),
        "when: \"repetitions >= automatic_repetitions\"",
        "when: \"repetitons >= automatic_repetitions\"",
    );
    let parent = dir.parent().expect("parent");
    let en = text(&arbiter_in(parent, &["check", "fide-2018"], None).stderr);
    let out = arbiter_in(parent, &["--lang", "ru", "check", "fide-2018"], None);
    assert_eq!(out.status.code(), Some(1));
    let ru = text(&out.stderr);
    // The line of the edited condition, found in the file rather than written down.
    let source = std::fs::read_to_string(dir.join("article9.yaml")).expect("article9.yaml");
    let line = source
        .lines()
        .position(|l| l.contains("repetitons >= automatic_repetitions"))
        .map_or(0, |i| i + 1);
    let location = format!("fide-2018/article9.yaml:{line}:12:");
    assert!(
        en.contains(&format!("{location} unknown fact `repetitons`")),
        "{en}"
    );
    for said in [
        format!("{location} неизвестный факт `repetitons`"),
        "╰── здесь".to_string(),
        "подсказка: может быть, имелось в виду `repetitions`?".to_string(),
        "fide-2018: 1 ошибка\n".to_string(),
    ] {
        assert!(ru.contains(&said), "missing {said:?} in:\n{ru}");
    }
}

/// A PGN error in Russian: the same place, the game's number and the message in Russian.
#[test]
fn a_pgn_diagnostic_in_russian() {
    let pgn = "[Event \"x\"]\n[Result \"*\"]\n\n1. e4 { [%touch e9] } e5 *\n";
    let out = arbiter(&["adjudicate", "--lang", "ru", "-"], Some(pgn.as_bytes()));
    assert_eq!(out.status.code(), Some(1));
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("<stdin>:4:17: партия 1: `e9` — не поле"),
        "{stderr}"
    );
}

/// The readable rulebooks say per language whether a clause's text is official: the club's
/// regulation is official in Russian and translated into English; FIDE's Article 9 (2018) is
/// official in both; the supporting Article 5 is the authors' in both.
#[test]
fn official_per_language() {
    let section = |path: &str, id: &str| {
        let md = std::fs::read_to_string(root().join(path)).expect(path);
        let start = md
            .find(&format!("\"></a>{id}"))
            .unwrap_or_else(|| panic!("{path}: no clause {id}"));
        let rest = &md[start..];
        let end = rest[1..].find("### ").map_or(rest.len(), |e| e + 1);
        rest[..end].to_string()
    };
    let en = section("generated/club/fide-2023/rulebook.en.md", "club.D.1");
    assert!(
        en.contains("*Translated by the rulebook's authors from the official Russian text.*"),
        "{en}"
    );
    let ru = section("generated/club/fide-2023/rulebook.ru.md", "club.D.1");
    assert!(ru.contains("*Официальный текст.*"), "{ru}");
    for lang in ["en", "ru"] {
        let path = format!("generated/fide-2018/rulebook.{lang}.md");
        let official = ["*Official text.*", "*Официальный текст.*"];
        let s = section(&path, "9.2.1.2");
        assert!(official.iter().any(|o| s.contains(o)), "{s}");
        let s = section(&path, "5.2.2");
        assert!(!official.iter().any(|o| s.contains(o)), "{s}");
    }
    let iii = section("generated/fide-2018/rulebook.ru.md", "III.4");
    assert!(iii.contains("*Официальный текст.*"), "{iii}");
    let iii = section("generated/fide-2018/rulebook.en.md", "III.4");
    assert!(iii.contains("Translated by the rulebook"), "{iii}");
}
