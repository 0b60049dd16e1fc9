//! Throughput on real games: the compiled backend and the interpreter against a baseline that
//! only parses and replays the same games with pgn-reader + shakmaty.
//!
//! `cargo bench --bench corpus` (corpus: `../shared/corpus/pgnmentor-players`, or the folder in
//! `ARBITER_CORPUS`; rounds: `ARBITER_BENCH_ROUNDS`, default 3). Prints games/s per mode (median of
//! the rounds) and each mode's time as a ratio of the baseline's.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use arbiter::runtime::rules::Rules;
use arbiter::{Engine, load_rules, pgn, runtime};

fn baseline(files: &[Vec<u8>]) -> usize {
    files.iter().map(|f| pgn::replay::replay_all(f)).sum()
}

fn arbiter_run(files: &[Vec<u8>], rules: &dyn Rules) -> usize {
    let mut n = 0;
    for f in files {
        for g in pgn::read_games(f).into_iter().flatten() {
            if runtime::adjudicate(&g, rules).is_ok() {
                n += 1;
            }
        }
    }
    n
}

fn read_only(files: &[Vec<u8>]) -> usize {
    files
        .iter()
        .map(|f| pgn::read_games(f).into_iter().flatten().count())
        .sum()
}

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

fn main() {
    // `cargo test --benches` runs this with `--bench`-less args; only measure under `cargo bench`.
    if !std::env::args().any(|a| a == "--bench") {
        return;
    }
    let dir = std::env::var_os("ARBITER_CORPUS")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus/pgnmentor-players")
        });
    let rounds: usize = std::env::var("ARBITER_BENCH_ROUNDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(3);
    let mut paths: Vec<PathBuf> = match std::fs::read_dir(&dir) {
        Ok(rd) => rd
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x == "pgn"))
            .collect(),
        Err(e) => {
            eprintln!(
                "corpus {} not readable ({e}); nothing to measure",
                dir.display()
            );
            return;
        }
    };
    paths.sort();
    let files: Vec<Vec<u8>> = paths.iter().filter_map(|p| std::fs::read(p).ok()).collect();
    let bytes: usize = files.iter().map(Vec::len).sum();
    println!(
        "corpus: {} ({} files, {:.1} MB), {rounds} rounds, median",
        dir.display(),
        files.len(),
        bytes as f64 / 1e6
    );

    let compiled = load_rules("fide-2018", Some(Engine::Compiled)).expect("compiled rules");
    let interp = load_rules("fide-2018", Some(Engine::Interpreter)).expect("interpreter rules");
    type Mode<'a> = (&'a str, Box<dyn Fn() -> usize + 'a>);
    let modes: Vec<Mode> = vec![
        (
            "baseline: pgn-reader + shakmaty replay",
            Box::new(|| baseline(&files)),
        ),
        (
            "arbiter, reading only (scan + pgn-reader)",
            Box::new(|| read_only(&files)),
        ),
        (
            "arbiter, compiled backend",
            Box::new(|| arbiter_run(&files, compiled.as_ref())),
        ),
        (
            "arbiter, interpreter",
            Box::new(|| arbiter_run(&files, interp.as_ref())),
        ),
    ];
    // ARBITER_BENCH_ONLY=compiled keeps the baseline and the modes whose name contains it (profiling).
    let only = std::env::var("ARBITER_BENCH_ONLY").unwrap_or_default();
    let modes: Vec<Mode> = modes
        .into_iter()
        .enumerate()
        .filter(|(i, (n, _))| *i == 0 || n.contains(only.as_str()))
        .map(|(_, m)| m)
        .collect();
    // Rounds interleave the modes (A B C D A B C D ...) and each ratio is taken within its round,
    // so that a machine that changes speed between rounds does not skew the comparison.
    let mut times: Vec<Vec<Duration>> = vec![Vec::new(); modes.len()];
    let mut games = vec![0; modes.len()];
    for _ in 0..rounds {
        for (i, (_, f)) in modes.iter().enumerate() {
            let t = Instant::now();
            games[i] = f();
            times[i].push(t.elapsed());
        }
    }
    for (i, (name, _)) in modes.iter().enumerate() {
        let ratios: Vec<Duration> = (0..rounds)
            .map(|r| Duration::from_secs_f64(times[i][r].as_secs_f64() / times[0][r].as_secs_f64()))
            .collect();
        let m = median(times[i].clone());
        println!(
            "{name:<42} {:>6} games  {:>8.3} s  {:>9.0} games/s  {:.2}x baseline",
            games[i],
            m.as_secs_f64(),
            games[i] as f64 / m.as_secs_f64(),
            median(ratios).as_secs_f64()
        );
    }
}
