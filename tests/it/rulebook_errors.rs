//! Every kind of bad rulebook gets a located error (file:line:col with a caret), exit status 1,
//! and no panic.

use crate::common::*;

/// Break a copy of the rulebook with `edit`, run `arbiter check`, and return stderr.
fn broken(name: &str, file: &str, from: &str, to: &str) -> String {
    let dir = copy_rulebook(name);
    edit(&dir.join(file), from, to);
    let out = arbiter(&["check", dir.to_str().expect("utf-8 path")], None);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "stderr:\n{err}");
    assert!(!err.contains("panicked"), "{err}");
    err
}

fn line_of(file: &str, needle: &str) -> usize {
    let s = std::fs::read_to_string(root().join("rules/fide-2018").join(file)).expect("read");
    s.lines().position(|l| l.contains(needle)).expect("needle") + 1
}

#[test]
fn yaml_syntax() {
    let err = broken(
        "yaml",
        "article9.yaml",
        "  - id: \"9.6\"\n",
        "  - id: [\"9.6\"\n",
    );
    assert!(err.contains("YAML"), "{err}");
    assert!(err.contains("article9.yaml:"), "{err}");
}

#[test]
fn expression_syntax() {
    let line = line_of("article9.yaml", "when: \"repetitions >= 5\"");
    let err = broken(
        "expr",
        "article9.yaml",
        "when: \"repetitions >= 5\"",
        "when: \"repetitions >= \"",
    );
    // The caret points just after `>= `, inside the quoted expression.
    assert!(err.contains(&format!("article9.yaml:{line}:27")), "{err}");
    assert!(err.contains("expression syntax"), "{err}");
}

#[test]
fn type_error() {
    let line = line_of("article9.yaml", "when: \"repetitions >= 5\"");
    let err = broken(
        "type",
        "article9.yaml",
        "when: \"repetitions >= 5\"",
        "when: \"repetitions >= white\"",
    );
    assert!(err.contains(&format!("article9.yaml:{line}:12")), "{err}");
    assert!(err.contains("int and a side"), "{err}");
}

#[test]
fn unknown_fact() {
    let line = line_of("article9.yaml", "when: \"repetitions >= 5\"");
    let err = broken(
        "fact",
        "article9.yaml",
        "when: \"repetitions >= 5\"",
        "when: \"repetitons >= 5\"",
    );
    assert!(err.contains(&format!("article9.yaml:{line}:12")), "{err}");
    assert!(err.contains("unknown fact `repetitons`"), "{err}");
    assert!(err.contains("did you mean `repetitions`"), "{err}");
}

#[test]
fn duplicate_id() {
    let line = line_of("article9.yaml", "- id: \"9.6.2\"");
    let err = broken("dup", "article9.yaml", "- id: \"9.6.2\"", "- id: \"9.6.1\"");
    assert!(err.contains(&format!("article9.yaml:{line}:9")), "{err}");
    assert!(err.contains("duplicate clause id `9.6.1`"), "{err}");
}

#[test]
fn missing_language() {
    let err = broken(
        "lang",
        "article9.yaml",
        "      ru: \"только что возникла и игрок, за которым очередь хода, требует ничью.\"\n",
        "",
    );
    assert!(err.contains("text has no `ru` version"), "{err}");
    assert!(err.contains("article9.yaml:"), "{err}");
}

#[test]
fn conflict_without_precedence() {
    // 9.3.2 upholds a claim, 9.5.3 rejects it: without the exception they contradict.
    let dir = copy_rulebook("conflict");
    let f = dir.join("article9.yaml");
    let s = std::fs::read_to_string(&f).expect("read");
    let at = s.find("- id: \"9.3.2\"").expect("9.3.2");
    let (head, tail) = s.split_at(at);
    std::fs::write(
        &f,
        format!(
            "{head}{}",
            tail.replacen("    exception_to: [\"9.5.3\"]\n", "", 1)
        ),
    )
    .expect("write");
    let out = arbiter(&["check", dir.to_str().expect("utf-8")], None);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("`9.3.2` and `9.5.3` can both fire on `claim`"),
        "{err}"
    );
    assert!(
        err.contains("neither is an exception to the other"),
        "{err}"
    );
}

#[test]
fn ruling_variable_not_provided() {
    let err = broken(
        "var",
        "article9.yaml",
        "has appeared { $count } { $count ->",
        "has appeared { $cnt } { $count ->",
    );
    assert!(
        err.contains("uses `$cnt`, which the clause does not provide"),
        "{err}"
    );
}

#[test]
fn unknown_clause_reference() {
    let err = broken(
        "ref",
        "article9.yaml",
        "refs: [\"9.6.1\", \"9.6.2\"]",
        "refs: [\"9.6.1\", \"9.7.2\"]",
    );
    assert!(err.contains("names unknown clause `9.7.2`"), "{err}");
}

#[test]
fn precedence_cycle() {
    let err = broken(
        "cycle",
        "article9.yaml",
        "    refs: [\"9.2.2\"]\n    vars:\n      count: repetitions",
        "    exception_to: [\"5.1.1\"]\n    refs: [\"9.2.2\"]\n    vars:\n      count: repetitions",
    );
    assert!(err.contains("an exception to itself"), "{err}");
}

#[test]
fn the_shipped_rulebook_is_clean() {
    let out = arbiter(&["check"], None);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
}

/// Break a copy of an overlay (beside a copy of its base) and return `arbiter check`'s stderr.
fn broken_overlay(name: &str, book: &str, file: &str, from: &str, to: &str) -> String {
    let dir = copy_overlay(name, book);
    edit(&dir.join(file), from, to);
    let out = arbiter(&["check", dir.to_str().expect("utf-8 path")], None);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "stderr:\n{err}");
    assert!(!err.contains("panicked"), "{err}");
    err
}

#[test]
fn overlay_reusing_an_id_without_replaces() {
    let err = broken_overlay(
        "dup-overlay",
        "historical",
        "historical.yaml",
        "  - id: \"hist.9.3.2\"\n    official: false\n    replaces: [\"9.3.2\"]\n",
        "  - id: \"9.3.2\"\n    official: false\n",
    );
    assert!(err.contains("duplicate clause id `9.3.2`"), "{err}");
    assert!(err.contains("historical.yaml:"), "{err}");
    assert!(err.contains("replaces: [\"9.3.2\"]"), "{err}");
}

#[test]
fn overlay_replacing_an_unknown_clause() {
    let err = broken_overlay(
        "replaces-unknown",
        "historical",
        "historical.yaml",
        "replaces: [\"9.3.2\"]",
        "replaces: [\"9.3.9\"]",
    );
    assert!(err.contains("`replaces` names `9.3.9`"), "{err}");
}

#[test]
fn overlay_disabling_an_unknown_clause() {
    let err = broken_overlay(
        "disable-unknown",
        "historical",
        "rulebook.yaml",
        "clause: \"9.6.1\"",
        "clause: \"9.6.7\"",
    );
    assert!(err.contains("`disable` names `9.6.7`"), "{err}");
    assert!(err.contains("rulebook.yaml:"), "{err}");
}

#[test]
fn overlay_extending_an_unknown_rulebook() {
    let err = broken_overlay(
        "unknown-base",
        "sofia",
        "rulebook.yaml",
        "extends: fide-2018",
        "extends: fide-1918",
    );
    assert!(err.contains("`extends` names `fide-1918`"), "{err}");
    assert!(err.contains("embedded rulebooks: "), "{err}");
}

#[test]
fn overlay_conflict_without_precedence() {
    // club.D.4 forbids an offer that club.D.3 would make valid: without the exception the checker
    // finds the two outcomes and no order between them.
    let err = broken_overlay(
        "overlay-conflict",
        "club",
        "draws.yaml",
        "    exception_to: [\"club.D.3\"]\n",
        "",
    );
    assert!(err.contains("clauses `club.D.3` and `club.D.4`"), "{err}");
    assert!(err.contains("draws.yaml:"), "{err}");
}

#[test]
fn definition_named_like_a_fact() {
    let err = broken_overlay(
        "def-fact",
        "historical",
        "historical.yaml",
        "defines: long_ending",
        "defines: checkmate",
    );
    assert!(
        err.contains("`checkmate` is already the name of a fact"),
        "{err}"
    );
}

#[test]
fn definition_that_is_not_a_bool() {
    let line = line_of(
        "time.yaml",
        "when: \"timed and time_for_moves(60) <= 10min\"",
    );
    let err = broken(
        "def-type",
        "time.yaml",
        "when: \"timed and time_for_moves(60) <= 10min\"",
        "when: \"time_for_moves(60)\"",
    );
    assert!(err.contains(&format!("time.yaml:{line}:")), "{err}");
    assert!(err.contains("exists only when `timed` holds"), "{err}");
}
