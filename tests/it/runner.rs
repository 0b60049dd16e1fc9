//! `arbiter conformance` against implementations that misbehave on purpose
//! (tests/implementations/misbehave.py), and against `arbiter serve`: every failure becomes that
//! scenario's outcome, the run goes on, the exit status and the reports say what happened.

use std::time::Duration;

use crate::common::{self, arbiter, root, scratch, text};
use arbiter::conformance::Scenario;
use arbiter::conformance::protocol;
use serde_json::Value;

struct Run {
    code: Option<i32>,
    stdout: String,
    stderr: String,
    outcomes: Vec<Value>,
    markdown: String,
}

fn conformance(name: &str, engine: &str, filter: &str, extra: &[&str]) -> Run {
    let dir = scratch(name);
    let report = dir.join("report.jsonl");
    let report_arg = report.to_string_lossy().into_owned();
    let mut args = vec![
        "conformance",
        "--engine",
        engine,
        "--filter",
        filter,
        "--report",
        &report_arg,
    ];
    args.extend_from_slice(extra);
    let out = arbiter(&args, None);
    let outcomes = std::fs::read_to_string(&report)
        .unwrap_or_default()
        .lines()
        .map(|l| serde_json::from_str(l).expect("a report line is JSON"))
        .collect();
    Run {
        code: out.status.code(),
        stdout: text(&out.stdout),
        stderr: text(&out.stderr),
        outcomes,
        markdown: std::fs::read_to_string(dir.join("report.md")).unwrap_or_default(),
    }
}

fn misbehave(mode: &str) -> String {
    format!("python3 tests/implementations/misbehave.py {mode}")
}

fn kinds(r: &Run) -> Vec<&str> {
    r.outcomes
        .iter()
        .map(|o| o["outcome"].as_str().unwrap_or("?"))
        .collect()
}

fn details(o: &Value) -> String {
    o["details"]
        .as_array()
        .map(|d| {
            d.iter()
                .filter_map(Value::as_str)
                .collect::<Vec<_>>()
                .join("; ")
        })
        .unwrap_or_default()
}

#[test]
fn a_hanging_implementation_times_out_scenario_by_scenario() {
    let r = conformance(
        "hang",
        &misbehave("hang"),
        "repetition/fourth-appearance",
        &["--timeout", "0.5"],
    );
    assert_eq!(kinds(&r), ["errored", "errored"], "{}", r.stdout);
    for o in &r.outcomes {
        assert!(details(o).contains("no answer within 0.5 s"), "{o}");
    }
    assert_eq!(r.code, Some(1));
    assert!(
        r.stdout
            .contains("0 passed, 0 failed, 0 skipped (0 not applicable), 2 errored")
    );
}

#[test]
fn a_crash_on_the_third_scenario_is_that_scenarios_error_and_the_run_goes_on() {
    let r = conformance("crash", &misbehave("crash-third"), "fivefold/", &[]);
    let k = kinds(&r);
    assert!(k.len() > 4, "{k:?}");
    assert_eq!(k[2], "errored");
    assert!(
        details(&r.outcomes[2]).contains("exited"),
        "{}",
        r.outcomes[2]
    );
    // Restarted: every other scenario was answered (skipped) by a fresh process.
    for (i, kind) in k.iter().enumerate().filter(|(i, _)| *i != 2) {
        assert_eq!(*kind, "skipped", "scenario {i}");
    }
    assert_eq!(r.code, Some(1));
}

#[test]
fn output_that_is_not_json_is_reported_with_the_line() {
    let r = conformance(
        "garbage",
        &misbehave("garbage"),
        "repetition/fourth-appearance",
        &[],
    );
    assert_eq!(kinds(&r), ["errored", "errored"]);
    for o in &r.outcomes {
        assert!(details(o).contains("not JSON"), "{o}");
        assert!(
            o["context"]["line"]
                .as_str()
                .unwrap_or("")
                .contains("<html>")
        );
    }
    assert!(r.markdown.contains("## Errors (2)"));
    assert_eq!(r.code, Some(1));
}

#[test]
fn an_implementation_that_cannot_say_hello_errs_every_scenario() {
    let r = conformance(
        "garbage-hello",
        &misbehave("garbage-hello"),
        "repetition/fourth-appearance",
        &[],
    );
    assert_eq!(kinds(&r), ["errored", "errored"]);
    assert!(r.stdout.contains("did not say hello"), "{}", r.stdout);
    assert_eq!(r.code, Some(1));
}

#[test]
fn a_program_that_cannot_start_is_an_error_not_a_panic() {
    let r = conformance(
        "missing",
        "/nonexistent/implementation --flag",
        "repetition/fourth-appearance",
        &[],
    );
    assert_eq!(kinds(&r), ["errored", "errored"]);
    assert!(r.stdout.contains("cannot start"), "{}", r.stdout);
    assert_eq!(r.code, Some(1));
}

#[test]
fn answering_everything_with_a_draw_fails_every_scenario_with_its_differences() {
    let r = conformance("draw", &misbehave("draw"), "game-end/", &[]);
    assert!(r.outcomes.len() > 10);
    for o in &r.outcomes {
        assert_eq!(o["outcome"], "failed", "{o}");
        assert!(details(o).contains("expected"), "{o}");
        assert_eq!(o["got"]["result"], "1/2-1/2");
    }
    assert!(
        r.stdout
            .contains(&format!("0 passed, {} failed, 0 skipped", r.outcomes.len()))
    );
    assert!(r.markdown.contains("### Unexplained"));
    assert_eq!(r.code, Some(1));
}

#[test]
fn an_answer_for_another_scenario_is_an_error() {
    let r = conformance(
        "wrong-id",
        &misbehave("wrong-id"),
        "repetition/fourth-appearance",
        &[],
    );
    assert_eq!(kinds(&r), ["errored", "errored"]);
    for o in &r.outcomes {
        assert!(details(o).contains("the answer is for scenario"), "{o}");
    }
}

#[test]
fn scenarios_needing_undeclared_features_are_not_applicable() {
    let r = conformance("no-features", &misbehave("no-features"), "repetition/", &[]);
    let k = kinds(&r);
    assert!(k.len() > 30);
    // Only the scenarios that need no feature run: a third appearance with no claim is one.
    for o in &r.outcomes {
        let needs_none = o["features"].as_array().is_some_and(|f| f.is_empty());
        let want = if needs_none {
            "passed"
        } else {
            "not-applicable"
        };
        assert_eq!(o["outcome"], want, "{o}");
    }
    assert!(k.contains(&"passed"));
    assert!(r.stdout.contains(" 0 failed,"));
    assert_eq!(r.code, Some(0));
}

#[test]
fn validate_checks_every_message_against_the_schemas() {
    let filter = "repetition/third-appearance-without-claim";
    let r = conformance(
        "bad-shape",
        &misbehave("bad-shape"),
        filter,
        &["--validate"],
    );
    assert_eq!(kinds(&r), ["errored"]);
    assert!(details(&r.outcomes[0]).contains("does not match the protocol's schema"));
    let errors = r.outcomes[0]["context"]["schema_errors"].to_string();
    assert!(errors.contains("rulings"), "{errors}");
    // Without --validate the missing list reads as empty and the verdict is compared: the
    // result is right, the unplayed moves the scenario states are not reported.
    let r = conformance("bad-shape-lenient", &misbehave("bad-shape"), filter, &[]);
    assert_eq!(kinds(&r), ["failed"], "{}", r.stderr);
    assert_eq!(
        details(&r.outcomes[0]),
        "unplayed moves: expected 0, got none reported"
    );
}

#[test]
fn arbiter_serve_passes_the_whole_suite_over_the_protocol() {
    let engine = format!("{} serve", env!("CARGO_BIN_EXE_arbiter"));
    let r = conformance("serve", &engine, "fide-2018/", &["--validate"]);
    assert!(r.outcomes.len() >= 239);
    let bad: Vec<&Value> = r
        .outcomes
        .iter()
        .filter(|o| o["outcome"] != "passed")
        .collect();
    assert!(bad.is_empty(), "{bad:?}");
    assert_eq!(r.code, Some(0), "{}", r.stderr);
}

#[test]
fn the_builtin_engines_pass_and_the_tables_name_every_clause() {
    for engine in ["builtin", "interpreter"] {
        let r = conformance(engine, engine, "fide-2018/", &[]);
        assert_eq!(r.code, Some(0), "{}", r.stdout);
        assert!(r.stdout.contains(&format!(
            "{} passed, 0 failed, 0 skipped (0 not applicable), 0 errored",
            r.outcomes.len()
        )));
        for clause in ["5.1.1", "9.2.1.2", "9.6.2"] {
            assert!(r.markdown.contains(&format!("| {clause} |")));
        }
    }
}

#[test]
fn usage_errors_exit_2() {
    let out = arbiter(&["conformance", "--filter", "no-such-scenario"], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("no scenario matches"));
    // A timeout no `Duration` can hold is a usage error, not a panic (issue 12, fault d).
    for t in ["0", "-1", "1e20", "inf", "NaN"] {
        let flag = format!("--timeout={t}");
        let out = arbiter(&["conformance", "--engine", "python3 x.py", &flag], None);
        assert_eq!(out.status.code(), Some(2), "--timeout {t}");
        assert!(
            text(&out.stderr).contains("--timeout must be a positive number"),
            "--timeout {t}: {}",
            text(&out.stderr)
        );
    }
}

#[test]
fn an_edited_rulebook_folder_is_certified_against_its_suite() {
    // A federation's copy of FIDE 2018 that draws automatically at six appearances, not five:
    // the suite shows exactly where it departs from the published rulebook.
    let dir = common::copy_rulebook("runner-sixfold");
    common::edit(
        &dir.join("rulebook.yaml"),
        "  automatic_repetitions:\n    value: \"5\"",
        "  automatic_repetitions:\n    value: \"6\"",
    );
    let copy = dir.to_string_lossy().into_owned();
    let r = conformance("sixfold", "builtin", "fivefold/", &["--rulebook", &copy]);
    let failed: Vec<&Value> = r
        .outcomes
        .iter()
        .filter(|o| o["outcome"] == "failed")
        .collect();
    assert!(!failed.is_empty());
    for o in &failed {
        let clauses = o["clauses"].to_string();
        assert!(clauses.contains("9.6.1"), "{o}");
    }
    assert!(
        r.stdout.starts_with("arbiter (interpreter)"),
        "{}",
        r.stdout
    );
    assert_eq!(r.code, Some(1));
}

/// A guard far above what the checks below take once linear (they once took hours).
const GUARD: Duration = Duration::from_secs(120);

#[test]
fn checking_a_verdict_is_linear_in_its_rulings() {
    // A scenario with two events; the verdict rules on them and on 200,000 others.
    let id = "fide-2018/claim-procedure/intended-move-not-made.pgn";
    let s = Scenario::load(id, &root().join("conformance").join(id)).expect("scenario");
    let ruling = |index: u32, decision: &str, rule: &str| {
        serde_json::json!({"ply": 0, "event": "claim", "index": index, "rule": rule,
                           "decision": decision})
    };
    let mut rulings = vec![];
    for e in &s.expected.events {
        rulings.push(ruling(e.index, &e.decision, &e.rule));
    }
    rulings.extend((0..200_000).map(|i| ruling(1000 + i, "upheld", "9.2.1.2")));
    let parts = |s: &String| -> Vec<String> { s.split(':').map(str::to_string).collect() };
    let ply = |p: &str| p.parse::<u32>().expect("a ply");
    for p in s.expected.position_rulings.iter().flatten().map(parts) {
        rulings.push(serde_json::json!({"ply": ply(&p[0]), "event": "position", "rule": p[1]}));
    }
    let offers: Vec<Value> = s
        .expected
        .offers
        .iter()
        .flatten()
        .map(parts)
        .map(|p| serde_json::json!({"ply": ply(&p[0]), "by": p[1], "fate": p[2]}))
        .collect();
    let verdict = |rulings: &[Value]| -> protocol::Verdict {
        serde_json::from_value(serde_json::json!({
            "result": s.expected.result,
            "rule": s.expected.rule,
            "ended_at_ply": s.expected.ended_at_ply,
            "unplayed_moves": s.expected.unplayed_moves,
            "rulings": rulings,
            "offers": offers,
        }))
        .expect("verdict")
    };
    let right = verdict(&rulings);
    rulings[1] = ruling(s.expected.events[1].index, "rejected", "9.5.3");
    let wrong = verdict(&rulings);
    let (tx, rx) = std::sync::mpsc::channel();
    let checked = s.clone();
    std::thread::spawn(move || {
        let _ = tx.send((checked.check(&right), checked.check(&wrong)));
    });
    let (right, wrong) = rx
        .recv_timeout(GUARD)
        .expect("200,000 rulings checked (a quadratic check takes hours)");
    assert_eq!(right, Ok(()));
    let diffs = wrong.expect_err("one event differs");
    assert_eq!(diffs.len(), 1, "{diffs:?}");
    assert!(diffs[0].starts_with("event 1 at "), "{diffs:?}");
    assert!(
        diffs[0].ends_with("expected upheld 9.2.1.2, got rejected 9.5.3"),
        "{diffs:?}"
    );
}
