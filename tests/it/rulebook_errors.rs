//! Every kind of bad rulebook gets a located error (file:line:col with a caret), and no panic.
//!
//! Each test breaks a copy of a rulebook, checks it in process (`compile::compile_dir`, what
//! `arbiter check` runs) and compares every diagnostic, rendered as `arbiter check` prints it
//! (location, the source with a caret, message, help), with its snapshot in `snapshots/`. Paths
//! are relative to the folder that holds the copies (`fide-2018/article9.yaml`), as `arbiter check
//! fide-2018` run from there prints them. The snapshots quote the real rulebooks: an edit to
//! `rules/` that moves a quoted line changes them (`INSTA_UPDATE=always cargo test --test it
//! rulebook_errors`, then read the diff). Two tests run the binary, for its exit status and what
//! goes to stdout and to stderr.

use std::path::Path;

use arbiter::compile;

use crate::common::*;

/// Compare `(description, rendered)` with the snapshot named after the calling test; the
/// description (what was broken) is kept in the snapshot's header for its reader.
macro_rules! snapshot {
    ($case:expr) => {{
        let (description, rendered): (String, String) = $case;
        insta::with_settings!({ description => description, omit_expression => true }, {
            insta::assert_snapshot!(rendered);
        });
    }};
}

/// Check the rulebook folder `dir`, which must fail, and render its diagnostics with paths
/// relative to `dir`'s parent (in the location and wherever a message or help names a file).
fn check(dir: &Path) -> String {
    let mut diags = match compile::compile_dir(dir, &arbiter::Embedded) {
        Ok(_) => panic!("{} checks clean", dir.display()),
        Err(diags) => diags,
    };
    let base = dir.parent().expect("parent");
    let prefix = format!("{}/", base.display());
    for d in &mut diags.0 {
        if let Ok(p) = d.file.strip_prefix(base) {
            d.file = p.to_path_buf();
        }
        let strip = |t: &str| t.replace(&prefix, "");
        d.message = d.message.map_texts(&strip);
        d.help = d.help.as_ref().map(|h| h.map_texts(&strip));
    }
    diags.render(&arbiter::locale::default_words())
}

/// Break a copy of the FIDE rulebook (`from` becomes `to` in `file`), check it, and return what
/// was done and the rendered diagnostics.
fn broken(name: &str, file: &str, from: &str, to: &str) -> (String, String) {
    let dir = copy_rulebook(name);
    edit(&dir.join(file), from, to);
    (format!("fide-2018/{file}: {from:?} -> {to:?}"), check(&dir))
}

/// The same for an overlay, beside a copy of its base.
fn broken_overlay(name: &str, book: &str, file: &str, from: &str, to: &str) -> (String, String) {
    let dir = copy_overlay(name, book);
    edit(&dir.join(file), from, to);
    (format!("{book}/{file}: {from:?} -> {to:?}"), check(&dir))
}

// A quoted scalar (`"9.6.1"`) is located at its first character, inside the quotes, so the
// underline covers the value exactly.

#[test]
fn yaml_syntax() {
    snapshot!(broken(
        "yaml",
        "article9.yaml",
        "  - id: \"9.6\"\n",
        "  - id: [\"9.6\"\n",
    ));
}

#[test]
fn expression_syntax() {
    // The caret points just after `>= `, inside the quoted expression.
    snapshot!(broken(
        "expr",
        "article9.yaml",
        "when: \"repetitions >= automatic_repetitions\"",
        "when: \"repetitions >= \"",
    ));
}

#[test]
fn type_error() {
    snapshot!(broken(
        "type",
        "article9.yaml",
        "when: \"repetitions >= automatic_repetitions\"",
        "when: \"repetitions >= white\"",
    ));
}

#[test]
fn unknown_fact() {
    snapshot!(broken(
        "fact",
        "article9.yaml",
        "when: \"repetitions >= automatic_repetitions\"",
        "when: \"repetitons >= automatic_repetitions\"",
    ));
}

#[test]
fn duplicate_id() {
    snapshot!(broken(
        "dup",
        "article9.yaml",
        "- id: \"9.6.2\"",
        "- id: \"9.6.1\"",
    ));
}

#[test]
fn missing_language() {
    snapshot!(broken(
        "lang",
        "article9.yaml",
        "      ru: \"только что возникла и игрок, за которым очередь хода, требует ничью.\"\n",
        "",
    ));
}

#[test]
fn conflict_without_precedence() {
    // 9.3.2 upholds a claim, 9.5.3 rejects it: without the exception they contradict.
    let dir = copy_rulebook("conflict");
    let f = dir.join("article9.yaml");
    let s = std::fs::read_to_string(&f).expect("read");
    let at = s.find("- id: \"9.3.2\"").expect("9.3.2");
    let (head, tail) = s.split_at(at);
    let removed = "    exception_to: [\"9.5.3\"]\n";
    assert!(tail.contains(removed));
    std::fs::write(&f, format!("{head}{}", tail.replacen(removed, "", 1))).expect("write");
    snapshot!((
        format!("fide-2018/article9.yaml: {removed:?} removed from 9.3.2"),
        check(&dir),
    ));
}

#[test]
fn ruling_variable_not_provided() {
    snapshot!(broken(
        "var",
        "article9.yaml",
        "has appeared { $count } { $count ->",
        "has appeared { $cnt } { $count ->",
    ));
}

#[test]
fn unknown_clause_reference() {
    snapshot!(broken(
        "ref",
        "article9.yaml",
        "refs: [\"9.6.1\", \"9.6.2\"]",
        "refs: [\"9.6.1\", \"9.7.2\"]",
    ));
}

#[test]
fn precedence_cycle() {
    snapshot!(broken(
        "cycle",
        "article9.yaml",
        "    exception_to: [\"5.2.2\"]\n    effects: [draw]\n    refs: [\"9.2.2\"]",
        "    exception_to: [\"5.2.2\", \"5.1.1\"]\n    effects: [draw]\n    refs: [\"9.2.2\"]",
    ));
}

#[test]
fn overlay_reusing_an_id_without_replaces() {
    snapshot!(broken_overlay(
        "dup-overlay",
        "historical",
        "historical.yaml",
        "  - id: \"hist.9.3\"\n",
        "  - id: \"9.3\"\n",
    ));
}

#[test]
fn overlay_replacing_an_unknown_clause() {
    snapshot!(broken_overlay(
        "replaces-unknown",
        "club",
        "draws.yaml",
        "replaces: [\"9.2.1.2\", \"7.2.3\"]",
        "replaces: [\"9.2.1.9\", \"7.2.3\"]",
    ));
}

#[test]
fn overlay_disabling_an_unknown_clause() {
    snapshot!(broken_overlay(
        "disable-unknown",
        "historical",
        "rulebook.yaml",
        "clause: \"9.6.1\"",
        "clause: \"9.6.7\"",
    ));
}

#[test]
fn overlay_extending_an_unknown_rulebook() {
    snapshot!(broken_overlay(
        "unknown-base",
        "sofia",
        "rulebook.yaml",
        "extends: fide",
        "extends: fide-1918",
    ));
}

#[test]
fn overlay_conflict_without_precedence() {
    // club.D.4 forbids an offer that club.D.3 would make valid: without the exception the checker
    // finds the two outcomes and no order between them.
    snapshot!(broken_overlay(
        "overlay-conflict",
        "club",
        "draws.yaml",
        "    exception_to: [\"club.D.3\"]\n",
        "",
    ));
}

// A name whose definition fails is not reported again at each use (follow-on errors are
// dropped), and a rule whose condition fails still has its variables checked, without the
// guards the condition would have established being demanded.
#[test]
fn definition_named_like_a_fact() {
    snapshot!(broken_overlay(
        "def-fact",
        "historical",
        "historical.yaml",
        "defines: long_ending",
        "defines: checkmate",
    ));
}

#[test]
fn definition_that_is_not_a_bool() {
    snapshot!(broken(
        "def-type",
        "time.yaml",
        "when: \"timed and time_for_moves(game_type_moves) <= blitz_time\"",
        "when: \"time_for_moves(game_type_moves)\"",
    ));
}

/// `arbiter check` on the shipped rulebooks: exit 0, one line per folder on stdout, nothing on
/// stderr.
#[test]
fn the_shipped_rulebooks_are_clean() {
    let out = arbiter(&["check"], None);
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert_eq!(stderr, "");
    assert!(stdout.contains("rules/fide-2018: ok ("), "{stdout}");
}

/// `arbiter check` on a broken rulebook: exit 1, nothing on stdout, and on stderr exactly the
/// diagnostics the in-process check renders, then the count.
#[test]
fn check_exits_1_and_reports_on_stderr() {
    let dir = copy_rulebook("cli-check");
    edit(
        &dir.join("article9.yaml"),
        "when: \"repetitions >= automatic_repetitions\"",
        "when: \"repetitons >= automatic_repetitions\"",
    );
    let parent = dir.parent().expect("parent");
    let out = arbiter_in(parent, &["check", "fide-2018"], None);
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert_eq!(stdout, "");
    assert_eq!(stderr, format!("{}fide-2018: 1 error\n", check(&dir)));
}

#[test]
fn constant_that_is_not_a_literal() {
    snapshot!(broken(
        "const-literal",
        "rulebook.yaml",
        "  claim_moves:\n    value: \"50\"",
        "  claim_moves:\n    value: \"ply\"",
    ));
}

#[test]
fn constant_with_an_unknown_unit() {
    snapshot!(broken(
        "const-unit",
        "rulebook.yaml",
        "    value: \"3\"\n    unit: times",
        "    value: \"3\"\n    unit: days",
    ));
}

#[test]
fn redefinition_of_another_type() {
    // `claim_moves` is a number in the base; an overlay cannot make it a condition.
    snapshot!(broken_overlay(
        "redefine-type",
        "historical",
        "historical.yaml",
        "value: \"if long_ending then 100 else 50\"",
        "value: \"long_ending\"",
    ));
}

#[test]
fn definition_through_itself() {
    snapshot!(broken_overlay(
        "redefine-cycle",
        "historical",
        "historical.yaml",
        "value: \"if long_ending then 100 else 50\"",
        "value: \"if long_ending then 100 else claim_moves\"",
    ));
}

#[test]
fn error_inside_a_folded_block() {
    // `when: >-` folds its lines into one value: the error is found on the fifth line of the
    // block, at the misspelt word, not at the offset the joined value would give on the first.
    snapshot!(broken_overlay(
        "folded",
        "historical",
        "historical.yaml",
        "or (knights(white) == 2",
        "or (knigths(white) == 2",
    ));
}

// Issue 12, faults (v) and (w): a rulebook's names and files stay inside its folder.

#[test]
fn an_id_that_is_a_path() {
    snapshot!(broken(
        "id-path",
        "rulebook.yaml",
        "id: fide-2018",
        "id: ../../evil"
    ));
}

#[test]
fn extends_names_a_path() {
    snapshot!(broken_overlay(
        "extends-path",
        "sofia",
        "rulebook.yaml",
        "extends: fide",
        "extends: ../fide",
    ));
}

#[test]
fn a_clause_file_outside_the_folder() {
    // An absolute path is refused before anything is read: nothing of the file is echoed.
    let (what, out) = broken(
        "files-abs",
        "rulebook.yaml",
        "  - article5.yaml",
        "  - /etc/passwd",
    );
    assert!(!out.contains("root:"), "{out}");
    snapshot!((what, out));
    let (_, out) = broken(
        "files-up",
        "rulebook.yaml",
        "  - article5.yaml",
        "  - ../x.yaml",
    );
    assert!(out.contains("is not inside the rulebook's folder"), "{out}");
}

#[cfg(unix)]
#[test]
fn a_clause_file_that_links_out_of_the_folder() {
    let dir = copy_rulebook("files-link");
    std::os::unix::fs::symlink("/etc/passwd", dir.join("link.yaml")).expect("symlink");
    edit(
        &dir.join("rulebook.yaml"),
        "  - article5.yaml",
        "  - link.yaml",
    );
    let out = check(&dir);
    assert!(
        out.contains("clause file `link.yaml` is not inside the rulebook's folder"),
        "{out}"
    );
    assert!(!out.contains("root:"), "{out}");
}

#[test]
fn a_clause_file_that_is_not_utf8() {
    let dir = copy_rulebook("files-latin1");
    std::fs::write(dir.join("article5.yaml"), b"article: {en: \xe9t\xe9}\n").expect("write");
    let out = check(&dir);
    assert!(
        out.contains("clause file `article5.yaml` is not UTF-8 text"),
        "{out}"
    );
}

#[test]
fn compile_writes_nothing_outside_out() {
    // A rulebook whose id is a path is refused, and `compile` writes nothing at all.
    let fide = copy_rulebook("compile-escape");
    let rules = fide.parent().expect("parent");
    edit(
        &fide.join("rulebook.yaml"),
        "id: fide-2018",
        "id: ../escaped",
    );
    let out_dir = rules.join("out");
    let out = arbiter(
        &[
            "compile",
            "--rules",
            rules.to_str().expect("utf-8"),
            "--out",
            out_dir.to_str().expect("utf-8"),
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    assert!(!rules.join("escaped").exists() && !out_dir.exists());
}

// Issue 12, faults (b) and (c): limits and cascades, located like any other error.

#[test]
fn expression_too_deep() {
    // Seventy terms joined by `and`: refused at the operator that makes the tree 65 deep.
    let chain = vec!["true"; 70].join(" and ");
    snapshot!(broken(
        "deep",
        "article9.yaml",
        "when: \"repetitions >= automatic_repetitions\"",
        &format!("when: \"{chain}\""),
    ));
}

#[test]
fn a_drawn_game_drawn_again() {
    // Armageddon's clause answers `drawn`; a draw there would raise `drawn` again, without end.
    snapshot!(broken_overlay(
        "cascade",
        "armageddon",
        "armageddon.yaml",
        "effects: [\"score(black)\"]",
        "effects: [\"score(black)\", draw]",
    ));
}

#[test]
fn official_in_unknown_language() {
    snapshot!(broken(
        "official-language",
        "guidelines-iii.yaml",
        "\nofficial: [ru]\n",
        "\nofficial: [ru, fr]\n",
    ));
}

#[test]
fn overlay_amending_an_unknown_clause() {
    snapshot!(broken_overlay(
        "amends-unknown",
        "fide-2023",
        "article9.yaml",
        "amends: \"9.2.1.1\"",
        "amends: \"9.2.1.7\"",
    ));
}

#[test]
fn overlay_amendment_with_rules() {
    // An amendment changes the text; a condition of its own would change the rules.
    snapshot!(broken_overlay(
        "amends-with-rules",
        "fide-2023",
        "article9.yaml",
        "amends: \"9.2.1.1\"\n",
        "amends: \"9.2.1.1\"\n    when: \"true\"\n",
    ));
}

#[test]
fn overlay_amendment_keeping_an_id_still_in_use() {
    // 2018's 9.2.1.2 renumbered as 9.2.1, which is still the lead-in's (2018's 9.2.1 is not
    // renumbered in this copy): two clauses with one id.
    snapshot!(broken_overlay(
        "amends-collision",
        "fide-2023",
        "article9.yaml",
        "  - id: \"9.2\"\n    amends: \"9.2.1\"\n",
        "  - id: \"9.2.1\"\n    amends: \"9.2.1\"\n",
    ));
}

#[test]
fn a_game_arbiter_does_not_know() {
    snapshot!(broken_overlay(
        "unknown-game",
        "club",
        "rulebook.yaml",
        "games: [chess, russian-draughts]",
        "games: [chess, go]",
    ));
}

/// club.D.2 is for draughts: in a rulebook for chess alone it is a clause for a game the
/// rulebook is not for.
#[test]
fn a_clause_for_a_game_its_rulebook_is_not_for() {
    snapshot!(broken_overlay(
        "clause-game",
        "club",
        "rulebook.yaml",
        "games: [chess, russian-draughts]",
        "games: [chess]",
    ));
}

/// The club's regulation beside copies of both its bases (`extends: [fide, russian-draughts]`),
/// the draughts one edited (`from` becomes `to` everywhere in its files; it must be in `file`).
fn broken_draughts_base(name: &str, file: &str, from: &str, to: &str) -> (String, String) {
    let club = copy_overlay(name, "club");
    let rd = club.with_file_name("russian-draughts");
    std::fs::create_dir_all(&rd).expect("dir");
    for e in std::fs::read_dir(root().join("rules/russian-draughts")).expect("rules") {
        let p = e.expect("entry").path();
        std::fs::copy(&p, rd.join(p.file_name().expect("name"))).expect("copy");
    }
    let named = std::fs::read_to_string(rd.join(file)).expect("read");
    assert!(named.contains(from), "{file} lacks {from:?}");
    for e in std::fs::read_dir(&rd).expect("copy") {
        let path = e.expect("entry").path();
        let text = std::fs::read_to_string(&path).expect("read");
        std::fs::write(&path, text.replace(from, to)).expect("write");
    }
    (
        format!("russian-draughts/{file}: {from:?} -> {to:?}, under club"),
        check(&club),
    )
}

/// Two bases of one rulebook are for different games: a draughts base that says it is for
/// chess too is refused where the overlay names it.
#[test]
fn two_bases_for_one_game() {
    snapshot!(broken_draughts_base(
        "bases-game",
        "rulebook.yaml",
        "games: [russian-draughts]",
        "games: [chess, russian-draughts]",
    ));
}

/// Two bases of one rulebook name nothing alike: a draughts constant named as one of FIDE's
/// would silently take the other's place, so it is refused.
#[test]
fn two_bases_naming_one_constant() {
    snapshot!(broken_draughts_base(
        "bases-name",
        "rulebook.yaml",
        "draw_repetitions",
        "automatic_repetitions",
    ));
}

/// An `extends` list naming no rulebook, or one rulebook twice.
#[test]
fn extends_an_empty_list() {
    snapshot!(broken_overlay(
        "extends-empty",
        "club",
        "rulebook.yaml",
        "extends: [fide, russian-draughts]",
        "extends: []",
    ));
}

#[test]
fn extends_one_rulebook_twice() {
    snapshot!(broken_overlay(
        "extends-twice",
        "club",
        "rulebook.yaml",
        "extends: [fide, russian-draughts]",
        "extends: [russian-draughts, russian-draughts]",
    ));
}

/// One base per game at most: a longer `extends` list is refused before any base is read.
#[test]
fn extends_more_bases_than_games() {
    snapshot!(broken_overlay(
        "extends-too-many",
        "club",
        "rulebook.yaml",
        "extends: [fide, russian-draughts]",
        "extends: [fide, russian-draughts, sofia]",
    ));
}
