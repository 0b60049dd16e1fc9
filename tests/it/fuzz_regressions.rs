//! The fuzz targets' inputs, replayed on the stable toolchain: every file under
//! `tests/fixtures/fuzz/<target>/` (faults the fuzzer found, minimised, once fixed; and a few
//! smoke inputs) goes through the very function the target calls (`fuzz/src/lib.rs`, included
//! here by path), which panics on a fault of arbiter's and accepts a clean, located error. Each
//! input runs in a child process (this test binary, filtered to `replay_child`), so that a stack
//! overflow or an abort fails this test with the input's name instead of killing the whole run.
//!
//! Faults found and not fixed yet wait in `tests/fixtures/fuzz/<target>/open/`, listed in
//! `tests/fixtures/fuzz/README.md`; `cargo test --test it fuzz_regressions -- --ignored` replays
//! them and fails while any still fails. A fix moves its file up into `<target>/`. A few seeds
//! the fuzzer starts from (fuzz/seed.sh) are replayed too, built here from the same sources. See
//! fuzz/README.md.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::common::root;

#[path = "../../fuzz/src/lib.rs"]
mod harness;

const TARGETS: [&str; 8] = [
    "expr", "rulebook", "pgn", "protocol", "draughts", "site", "locales", "report",
];

/// The environment variable that makes `replay_child` replay one input: `TARGET:PATH`.
const CHILD: &str = "ARBITER_FUZZ_REPLAY";

/// How long one input may take in a debug build before it counts as a hang.
const LIMIT: Duration = Duration::from_secs(120);

fn target_fn(target: &str) -> fn(&[u8]) {
    match target {
        "expr" => |d| {
            harness::expr(d);
        },
        "rulebook" => |d| {
            harness::rulebook(d);
        },
        "pgn" => |d| {
            harness::pgn(d);
        },
        "protocol" => |d| {
            harness::protocol(d);
        },
        "draughts" => |d| {
            harness::draughts(d);
        },
        "site" => |d| {
            harness::site(d);
        },
        "locales" => |d| {
            harness::locales(d);
        },
        "report" => |d| {
            harness::report(d);
        },
        _ => panic!("no fuzz target {target}"),
    }
}

/// The files of a folder, sorted, without its README.
fn files_in(dir: &Path) -> Vec<PathBuf> {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut files: Vec<PathBuf> = rd
        .map(|e| e.expect("entry").path())
        .filter(|p| p.is_file() && p.file_name().is_some_and(|n| n != "README.md"))
        .collect();
    files.sort();
    files
}

/// Replay one input in a child process: None when it passed, else what went wrong.
fn replay(target: &str, input: &Path) -> Option<String> {
    let exe = std::env::current_exe().expect("the test binary");
    let mut child = Command::new(exe)
        .args(["fuzz_regressions::replay_child", "--exact", "--nocapture"])
        .env(CHILD, format!("{target}:{}", input.display()))
        .env("RUST_BACKTRACE", "0")
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn the test binary");
    let start = Instant::now();
    let status = loop {
        if let Some(s) = child.try_wait().expect("wait") {
            break Some(s);
        }
        if start.elapsed() > LIMIT {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let mut stderr = String::new();
    if let Some(mut e) = child.stderr.take() {
        use std::io::Read;
        let _ = e.read_to_string(&mut stderr);
    }
    // The panic and its message, or how the process ended.
    let lines: Vec<&str> = stderr.lines().collect();
    let said = match lines.iter().position(|l| l.contains("panicked at")) {
        Some(i) => lines[i..lines.len().min(i + 3)].join("\n"),
        None => lines[lines.len().saturating_sub(3)..].join("\n"),
    };
    match status {
        Some(s) if s.success() => None,
        Some(s) => Some(format!("{}: {s}\n{said}", input.display())),
        None => Some(format!(
            "{}: still running after {LIMIT:?}",
            input.display()
        )),
    }
}

/// What the parent asks of a child: replay the input named in `ARBITER_FUZZ_REPLAY`.
#[test]
fn replay_child() {
    let Ok(spec) = std::env::var(CHILD) else {
        return;
    };
    let (target, path) = spec.split_once(':').expect("TARGET:PATH");
    let data = std::fs::read(path).expect("the input");
    target_fn(target)(&data);
}

fn fixtures(target: &str) -> PathBuf {
    root().join("tests/fixtures/fuzz").join(target)
}

#[test]
fn saved_inputs_pass() {
    let mut failed = Vec::new();
    for target in TARGETS {
        let files = files_in(&fixtures(target));
        assert!(
            !files.is_empty(),
            "tests/fixtures/fuzz/{target}/ has no input"
        );
        failed.extend(files.iter().filter_map(|f| replay(target, f)));
    }
    assert!(
        failed.is_empty(),
        "saved fuzz inputs fail:\n{}",
        failed.join("\n\n")
    );
}

/// The faults found and not fixed yet: this fails while any of them still fails.
#[test]
#[ignore = "open faults: run with --ignored to see which are fixed"]
fn open_faults_are_fixed() {
    let mut failed = Vec::new();
    for target in TARGETS {
        for f in files_in(&fixtures(target).join("open")) {
            match replay(target, &f) {
                Some(e) => failed.push(e),
                None => eprintln!("fixed: {} (move it up into {target}/)", f.display()),
            }
        }
    }
    assert!(failed.is_empty(), "open faults:\n{}", failed.join("\n\n"));
}

/// The `rulebook` seeds: every embedded rulebook, its files joined as the target reads them
/// (`rulebook.yaml` first), passes the target, and its games are ruled on by the interpreter.
#[test]
fn rulebook_seeds() {
    let embedded = arbiter::generated::EMBEDDED;
    assert!(embedded.len() >= 5);
    for e in embedded {
        let texts: Vec<&str> = e.sources.iter().map(|(_, t)| *t).collect();
        let verdicts = harness::rulebook(texts.join(harness::FILE_SEPARATOR).as_bytes());
        assert!(verdicts >= 16, "{}: {verdicts} verdicts", e.name);
    }
}

/// The games `rulebook` rules on are read without error: the chess games under fide-2018, the
/// Russian draughts games under russian-draughts.
#[test]
fn the_rulebook_targets_games_are_clean() {
    let games = std::fs::read(root().join("fuzz/src/games.pgn")).expect("games");
    let read = arbiter::pgn::read_games(&games);
    assert!(read.len() >= 17);
    let chess = arbiter::load_rules("fide-2018", None).expect("rules");
    let draughts = arbiter::load_rules("russian-draughts", None).expect("rules");
    for g in read {
        let g = g.expect("a clean game");
        let rules = if g.tag("GameType") == Some("25") {
            &draughts
        } else {
            &chess
        };
        arbiter::adjudicate::game_with(g, rules.as_ref(), Default::default()).expect("ruled on");
    }
    assert_eq!(harness::pgn(&games), 17);
}

/// The `protocol` seeds: a hello and a run line for a sample of scenarios, as the runner sends
/// them.
#[test]
fn protocol_seeds() {
    use arbiter_conformance::protocol::Command;
    use arbiter_conformance::{Scenario, discover};
    let all = discover(&root().join("conformance"));
    assert!(!all.is_empty());
    for (seq, (id, path)) in all.iter().enumerate().step_by(25) {
        let s = Scenario::load(id, path).expect("scenario");
        let run = Command::Run {
            seq: seq as u64,
            scenario: Box::new(s.request().expect("request")),
        };
        let line = serde_json::to_string(&run).expect("json");
        let input = format!("{{\"type\":\"hello\",\"protocol\":1}}\n{line}\n");
        // A hello and a verdict, from each engine.
        assert_eq!(harness::protocol(input.as_bytes()), 4, "{id}");
        // The scenario's PGN itself, as the `pgn` target reads it (under the default rulebook:
        // an illegal move standing in a club record is reinstated by FIDE's 7.5.5, and the
        // record's next move is then not the player's, so such a record is an error there).
        let pgn = std::fs::read(path).expect("pgn");
        let text = String::from_utf8_lossy(&pgn);
        let club_standing = id.starts_with("club/")
            && !text.contains("[GameType \"25")
            && text.contains("[%illegal]");
        assert_eq!(harness::pgn(&pgn), usize::from(!club_standing), "{id}");
    }
}
