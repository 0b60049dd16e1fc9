//! Every kind of bad rulebook gets a located error (file:line:col with a caret), exit status 1,
//! and no panic.

mod common;
use common::*;

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
