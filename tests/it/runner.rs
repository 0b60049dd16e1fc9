//! `arbiter conformance` against implementations that misbehave on purpose
//! (tests/implementations/misbehave.py), and against `arbiter serve`: every failure becomes that
//! scenario's outcome, the run goes on, the exit status and the reports say what happened.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::common::{self, arbiter, root, scratch, text};
use arbiter_conformance::implementation::{
    Answer, Implementation, STDERR_LINE_CHARS, STDERR_LINES,
};
use arbiter_conformance::protocol::{self, MAX_LINE};
use arbiter_conformance::{Scenario, runner};
use serde_json::Value;

struct Run {
    code: Option<i32>,
    stdout: String,
    stderr: String,
    outcomes: Vec<Value>,
    markdown: String,
}

fn conformance(name: &str, engine: &str, filter: &str, extra: &[&str]) -> Run {
    conformance_within(name, engine, filter, extra, Duration::from_secs(900))
}

/// `conformance`, which must finish within `limit` (a guard against a runner that waits forever,
/// far above what the run takes; the run is killed and the test fails past it).
fn conformance_within(
    name: &str,
    engine: &str,
    filter: &str,
    extra: &[&str],
    limit: Duration,
) -> Run {
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
    // The misbehaving programs declare fide-2018; its suite alone (the other rulebooks'
    // suites, which inherit its scenarios, would only add scenarios not applicable to them).
    if !extra.contains(&"--rulebook") {
        args.extend_from_slice(&["--rulebook", "fide-2018"]);
    }
    args.extend_from_slice(extra);
    let out = arbiter_within(&args, limit);
    let outcomes = std::fs::read_to_string(&report)
        .unwrap_or_default()
        .lines()
        .map(|l| serde_json::from_str(l).expect("a report line is JSON"))
        .collect();
    Run {
        code: out.code,
        stdout: out.stdout,
        stderr: out.stderr,
        outcomes,
        markdown: std::fs::read_to_string(dir.join("report.md")).unwrap_or_default(),
    }
}

struct Finished {
    code: Option<i32>,
    stdout: String,
    stderr: String,
}

/// Run the binary from the repository's root, killing it and failing past `limit`.
fn arbiter_within(args: &[&str], limit: Duration) -> Finished {
    let mut child = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(args)
        .current_dir(root())
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn arbiter");
    let drain = |from: Option<Box<dyn Read + Send>>| {
        std::thread::spawn(move || {
            let mut s = Vec::new();
            if let Some(mut f) = from {
                let _ = f.read_to_end(&mut s);
            }
            text(&s)
        })
    };
    let stdout = drain(child.stdout.take().map(|o| Box::new(o) as _));
    let stderr = drain(child.stderr.take().map(|e| Box::new(e) as _));
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait") {
            break status;
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            panic!(
                "`arbiter {}` did not finish within {limit:?}",
                args.join(" ")
            );
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    Finished {
        code: status.code(),
        stdout: stdout.join().expect("stdout"),
        stderr: stderr.join().expect("stderr"),
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
fn an_implementation_naming_no_game_is_not_sent_draughts() {
    let r = conformance(
        "club-chess",
        &misbehave("club-chess"),
        "club/draughts/",
        &["--rulebook", "club"],
    );
    assert!(!r.outcomes.is_empty());
    for o in &r.outcomes {
        assert_eq!(o["outcome"], "not-applicable", "{o}");
        assert!(
            details(o).contains("game `russian-draughts` is not supported"),
            "{o}"
        );
    }
    // Its chess scenarios of the same rulebook are not held back for their game.
    let r = conformance(
        "club-chess-chess",
        &misbehave("club-chess"),
        "club/",
        &["--rulebook", "club"],
    );
    for o in &r.outcomes {
        let draughts = o["id"].as_str().is_some_and(|i| i.contains("draughts"));
        // A draughts scenario inherited from russian-draughts may be held back before its game
        // is asked about: a clause of the club's takes precedence over the one it cites.
        let overruled = details(o).starts_with("inherited from");
        if draughts {
            assert_eq!(o["outcome"], "not-applicable", "{o}");
            assert!(details(o).contains("game `") || overruled, "{o}");
        } else {
            assert!(!details(o).contains("game `"), "{o}");
        }
    }
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

/// The scenarios arbiter is known to fail, with the reason (`conformance/arbiter-failures.yaml`).
fn known_failures() -> Vec<String> {
    let text = std::fs::read_to_string(root().join("conformance/arbiter-failures.yaml"))
        .expect("conformance/arbiter-failures.yaml");
    text.lines()
        .filter_map(|l| l.trim().strip_prefix("- "))
        .filter(|l| l.ends_with(".pgn"))
        .map(str::to_string)
        .collect()
}

/// Every outcome passed, except exactly the known failures, which failed.
fn only_known_failures(outcomes: &[Value]) {
    let known = known_failures();
    for o in outcomes {
        let id = o["id"].as_str().unwrap_or_default();
        let want = if known.iter().any(|k| k == id) {
            "failed"
        } else {
            "passed"
        };
        assert_eq!(o["outcome"], want, "{o}");
    }
}

#[test]
fn arbiter_serve_passes_the_whole_suite_over_the_protocol() {
    let engine = format!("{} serve", env!("CARGO_BIN_EXE_arbiter"));
    // The undetermined scenarios spend the whole analysis budget (2M positions per side):
    // seconds in this unoptimised build, more on a loaded machine. The timeout is there to
    // catch a hang, not to time the engine.
    let r = conformance(
        "serve",
        &engine,
        "fide-2018/",
        &["--validate", "--timeout", "60"],
    );
    assert!(r.outcomes.len() >= 239);
    only_known_failures(&r.outcomes);
    let want = if known_failures().is_empty() { 0 } else { 1 };
    assert_eq!(r.code, Some(want), "{}", r.stderr);
}

#[test]
fn the_builtin_engines_pass_and_the_tables_name_every_clause() {
    let known = known_failures().len();
    for engine in ["builtin", "interpreter"] {
        let r = conformance(engine, engine, "fide-2018/", &[]);
        assert_eq!(r.code, Some(i32::from(known > 0)), "{}", r.stdout);
        only_known_failures(&r.outcomes);
        assert!(r.stdout.contains(&format!(
            "{} passed, {known} failed, 0 skipped (0 not applicable), 0 errored",
            r.outcomes.len() - known
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

// A hostile implementation (issue 12): whatever a program does, the run ends, each scenario within
// its deadline, and the runner holds a bounded amount of what the program sends. The timeouts
// leave a loaded machine time to start Python and say hello.

/// A guard far above what the runs below take once fixed (they once waited forever).
const GUARD: Duration = Duration::from_secs(120);
const ONE: &str = "repetition/third-appearance-without-claim";

#[test]
fn blank_lines_forever_do_not_stretch_the_deadline() {
    let r = conformance_within(
        "blank-forever",
        &misbehave("blank-forever"),
        ONE,
        &["--timeout", "2"],
        GUARD,
    );
    assert_eq!(kinds(&r), ["errored"], "{}", r.stdout);
    assert!(
        details(&r.outcomes[0]).contains("no answer within 2 s"),
        "{}",
        r.outcomes[0]
    );
}

#[test]
fn a_program_that_closes_its_output_and_runs_on_is_not_waited_for() {
    let r = conformance_within(
        "close-stdout",
        &misbehave("close-stdout"),
        ONE,
        &["--timeout", "2"],
        GUARD,
    );
    assert_eq!(kinds(&r), ["errored"], "{}", r.stdout);
    assert!(
        details(&r.outcomes[0]).contains("closed its standard output without answering"),
        "{}",
        r.outcomes[0]
    );
}

/// A suite of one scenario, `fide-2018/big/big.pgn`, whose request is over 200 KB (a long
/// comment): more than a pipe holds.
fn big_suite(name: &str) -> PathBuf {
    let suite = scratch(name).join("suite");
    let dir = suite.join("fide-2018").join("big");
    std::fs::create_dir_all(&dir).expect("dir");
    let one = std::fs::read_to_string(
        root()
            .join("conformance/fide-2018")
            .join(format!("{ONE}.pgn")),
    )
    .expect("scenario");
    let long = "a long comment ".repeat(15_000);
    let big = one.replacen("1. Nf3", &format!("{{ {long} }} 1. Nf3"), 1);
    assert_ne!(big, one);
    std::fs::write(dir.join("big.pgn"), big).expect("write");
    suite
}

#[test]
fn a_program_that_does_not_read_its_input_cannot_block_the_runner() {
    let suite = big_suite("no-read");
    let request = Scenario::load(
        "fide-2018/big/big.pgn",
        &suite.join("fide-2018/big/big.pgn"),
    )
    .expect("scenario")
    .request()
    .expect("request");
    assert!(request.pgn.len() > 200_000);
    let suite = suite.to_string_lossy().into_owned();
    let r = conformance_within(
        "no-read",
        &misbehave("no-read"),
        "big",
        &["--timeout", "2", "--suite", &suite],
        GUARD,
    );
    assert_eq!(kinds(&r), ["errored"], "{}", r.stdout);
    assert!(
        details(&r.outcomes[0])
            .contains("no answer within 2 s (the program has not read the whole request)"),
        "{}",
        r.outcomes[0]
    );
}

#[test]
fn a_verdict_with_200000_rulings_is_read_and_checked_within_the_deadline() {
    let r = conformance_within(
        "many-rulings",
        &misbehave("many-rulings"),
        ONE,
        &["--timeout", "30"],
        GUARD,
    );
    assert_eq!(kinds(&r), ["passed"], "{}", r.stdout);
    let events = r.outcomes[0]["got"]["events"].as_array().map(Vec::len);
    assert_eq!(events, Some(200_000));
}

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
    let diffs: Vec<String> = (wrong.expect_err("one event differs").iter())
        .map(ToString::to_string)
        .collect();
    assert_eq!(diffs.len(), 1, "{diffs:?}");
    assert!(diffs[0].starts_with("event 1 at "), "{diffs:?}");
    assert!(
        diffs[0].ends_with("expected upheld 9.2.1.2, got rejected 9.5.3"),
        "{diffs:?}"
    );
}

/// Whether process `pid` is gone (or a zombie, dead but not yet reaped by its new parent).
fn gone(pid: &str) -> bool {
    match std::fs::read_to_string(Path::new("/proc").join(pid).join("stat")) {
        Err(_) => true,
        Ok(stat) => stat
            .rsplit_once(')')
            .is_some_and(|(_, rest)| rest.trim_start().starts_with(['Z', 'X'])),
    }
}

#[test]
fn what_a_program_starts_is_killed_with_it() {
    // On a timeout (the program is killed) and at the end of the run (the program exits on
    // `stop`, leaving its child behind).
    for (mode, want) in [("orphan-hang", "errored"), ("orphan-stop", "passed")] {
        let dir = scratch(mode);
        let pids = dir.join("pids");
        let engine = format!("{} {}", misbehave(mode), pids.display());
        let r = conformance_within(mode, &engine, ONE, &["--timeout", "2"], GUARD);
        assert_eq!(kinds(&r), [want], "{mode}: {}", r.stdout);
        let pids = std::fs::read_to_string(&pids).expect("the grandchild's pid");
        let pid = pids.trim();
        assert!(!pid.is_empty());
        let start = Instant::now();
        while !gone(pid) && start.elapsed() < Duration::from_secs(5) {
            std::thread::sleep(Duration::from_millis(50));
        }
        if !gone(pid) {
            let _ = Command::new("kill").args(["-9", pid]).status();
            panic!("{mode}: the grandchild {pid} outlived the run");
        }
    }
}

#[test]
fn an_endless_line_is_an_error_not_a_memory_leak() {
    let r = conformance_within(
        "endless-line",
        &misbehave("endless-line"),
        ONE,
        &["--timeout", "30"],
        GUARD,
    );
    assert_eq!(kinds(&r), ["errored"], "{}", r.stdout);
    assert!(
        details(&r.outcomes[0]).contains(&format!("a line longer than {MAX_LINE} bytes")),
        "{}",
        r.outcomes[0]
    );
}

#[test]
fn a_flood_on_standard_error_keeps_only_its_tail() {
    let r = conformance_within(
        "stderr-flood",
        &misbehave("stderr-flood"),
        ONE,
        &["--timeout", "30"],
        GUARD,
    );
    assert_eq!(kinds(&r), ["errored"], "{}", r.stdout);
    let o = &r.outcomes[0];
    assert!(details(o).contains("exited (exit status: 4)"), "{o}");
    let tail: Vec<&str> = o["context"]["stderr"]
        .as_array()
        .expect("the standard error's tail")
        .iter()
        .filter_map(Value::as_str)
        .collect();
    assert_eq!(tail.last(), Some(&"last words"), "{tail:?}");
    assert!(tail.len() <= STDERR_LINES);
    assert!(
        tail.iter()
            .all(|l| l.chars().count() <= STDERR_LINE_CHARS + 1)
    );
    // The report's line for the scenario: not the 32 MiB the program wrote.
    assert!(
        o.to_string().len() < 1 << 20,
        "{} bytes",
        o.to_string().len()
    );
}

/// Answers every scenario at once, rightly, but is given a nanosecond for each.
struct InstantButLate;

impl Implementation for InstantButLate {
    fn hello(&mut self) -> Result<protocol::Implementation, String> {
        Ok(protocol::Implementation {
            name: "instant".into(),
            version: "0".into(),
            language: None,
            homepage: None,
            rulebooks: vec!["fide-2018".into()],
            features: vec![],
            games: protocol::chess_only(),
        })
    }

    fn timeout(&self) -> Option<Duration> {
        Some(Duration::from_nanos(1))
    }

    fn run(&mut self, _: u64, _: &protocol::Request, _: Option<Instant>) -> Answer {
        Answer::Verdict(
            serde_json::json!({"result": "*", "rule": null, "ended_at_ply": null,
                                           "unplayed_moves": 0, "rulings": []}),
        )
    }
}

#[test]
fn the_deadline_covers_checking_the_verdict() {
    let id = format!("fide-2018/{ONE}.pgn");
    let path = root().join("conformance").join(&id);
    let run = runner::run(
        &mut InstantButLate,
        &runner::own(vec![(id, path)]),
        &mut |_, _, _| {},
    );
    let o = &run.outcomes[0];
    assert_eq!(o.outcome, runner::Kind::Errored, "{:?}", o.details);
    assert_eq!(
        o.details,
        [arbiter::locale::say::verdict_late("0.000000001")]
    );
}

#[test]
fn serve_reports_a_bad_line_with_its_number_and_goes_on() {
    let mut input = b"\xff\xfe not UTF-8\n{\"type\":\"hello\",\"protocol\":1}\n".to_vec();
    input.extend_from_slice(
        b"{\"type\":\"run\",\"seq\":7,\"scenario\":{\"id\":\"x.pgn\",\"pgn\":\"\xff\"}}\n",
    );
    input.extend(std::iter::repeat_n(b'x', MAX_LINE + 10));
    input.extend_from_slice(b"\n{\"type\":\"hello\",\"protocol\":1}\n{\"type\":\"stop\"}\n");
    let out = arbiter(&["serve"], Some(&input));
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    let replies: Vec<Value> = stdout
        .lines()
        .map(|l| serde_json::from_str(l).expect("a reply is JSON"))
        .collect();
    let types: Vec<&str> = replies.iter().filter_map(|r| r["type"].as_str()).collect();
    assert_eq!(types, ["hello", "errored", "hello"], "{stdout}");
    // The run whose seq and id can be read is answered, so the runner need not time out.
    assert_eq!(replies[1]["seq"], 7);
    assert_eq!(replies[1]["id"], "x.pgn");
    assert!(
        replies[1]["message"]
            .as_str()
            .is_some_and(|m| m.contains("line 3 is not UTF-8"))
    );
    assert!(stderr.contains("line 1: not UTF-8"), "{stderr}");
    assert!(stderr.contains("line 3: not UTF-8"), "{stderr}");
    assert!(
        stderr.contains(&format!("line 4: longer than {MAX_LINE} bytes")),
        "{stderr}"
    );
}
