//! Throughput on real games, side by side in one process: the floor (pgn-reader + shakmaty replay
//! of the same games, nothing else) and arbiter's stages — reading (split + scan + parse), ruling
//! with the compiled backend (with the unwinnability engine deciding 5.2.2 and 6.9, and with
//! `--material-only`) and with the interpreter, and the whole `adjudicate` run (reading,
//! ruling, rendering the text output) on one thread and on `--jobs N` threads.
//!
//! `cargo bench --bench corpus` (corpus: `../shared/corpus/pgnmentor-players`, or the folder in
//! `ARBITER_CORPUS`; rounds: `ARBITER_BENCH_ROUNDS`, default 3; threads of the parallel run:
//! `ARBITER_BENCH_JOBS`, default 2). Prints games/s per mode (median of the rounds) and each
//! mode's time as a ratio of the floor's, taken within each round.

// The allocator the `arbiter` binary uses (src/main.rs), so that each mode here costs what it
// costs there; the floor allocates almost nothing either way.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

use arbiter::audit::{self, Format, Input, Judge};
use arbiter::pgn::split::{Piece, Splitter};
use arbiter::render::Renderer;
use arbiter::runtime::rules::Rules;
use arbiter::{Engine, load_rules, pgn, runtime};

fn floor(files: &[Arc<[u8]>]) -> usize {
    files.iter().map(|f| pgn::replay::replay_all(f)).sum()
}

/// Every game of the files, read as `adjudicate` reads them, handed to `each`.
fn games(files: &[Arc<[u8]>], each: &mut dyn FnMut(pgn::Game)) {
    for f in files {
        for piece in Splitter::new(&f[..], None).flatten() {
            if let Piece::Game(g) = piece
                && let Ok(game) = pgn::parse_game(&g.text, g.index, g.span)
            {
                each(game);
            }
        }
    }
}

fn read_only(files: &[Arc<[u8]>]) -> usize {
    let mut n = 0;
    games(files, &mut |_| n += 1);
    n
}

fn rule(files: &[Arc<[u8]>], rules: &dyn Rules, exact: bool) -> usize {
    let mut options = runtime::adjudicate::Options::default();
    if !exact {
        options.analysis = None;
    }
    let mut n = 0;
    games(files, &mut |g| {
        if runtime::adjudicate::adjudicate_with(&g, rules, options).is_ok() {
            n += 1;
        }
    });
    n
}

/// The whole `arbiter adjudicate` run, its output thrown away.
fn whole(files: &[Arc<[u8]>], rules: &Arc<dyn Rules>, renderer: &Renderer, jobs: usize) -> usize {
    let law = runtime::edition::Law::single(Arc::clone(rules));
    let judge = Judge {
        law: &law,
        renderers: std::slice::from_ref(renderer),
        options: audit::Options {
            format: Format::Text,
            report: audit::Report::Verdicts,
            adjudicate: runtime::adjudicate::Options::default(),
            jobs,
            encoding: None,
        },
    };
    let inputs: Vec<Input> = (files.iter().enumerate())
        .map(|(i, f)| Input::Memory(format!("{i}.pgn"), Arc::clone(f)))
        .collect();
    let s = judge.run(&inputs, &mut |o, _| {
        std::hint::black_box(o);
        true
    });
    s.ruled as usize
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
    let env = |name: &str, default: usize| {
        std::env::var(name)
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or(default)
    };
    let dir = std::env::var_os("ARBITER_CORPUS")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus/pgnmentor-players")
        });
    let rounds = env("ARBITER_BENCH_ROUNDS", 3);
    let jobs = env("ARBITER_BENCH_JOBS", 2);
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
    let files: Vec<Arc<[u8]>> = (paths.iter())
        .filter_map(|p| std::fs::read(p).ok())
        .map(Arc::from)
        .collect();
    let bytes: usize = files.iter().map(|f| f.len()).sum();
    println!(
        "corpus: {} ({} files, {:.1} MB), {rounds} rounds, median",
        dir.display(),
        files.len(),
        bytes as f64 / 1e6
    );

    let compiled = load_rules("fide-2018", Some(Engine::Compiled)).expect("compiled rules");
    let interp = load_rules("fide-2018", Some(Engine::Interpreter)).expect("interpreter rules");
    let renderer = Renderer::new(compiled.meta(), "en").expect("renderer");
    type Mode<'a> = (String, Box<dyn Fn() -> usize + 'a>);
    let modes: Vec<Mode> = vec![
        (
            "floor: pgn-reader + shakmaty replay".into(),
            Box::new(|| floor(&files)),
        ),
        (
            "arbiter, reading only (split + scan + parse)".into(),
            Box::new(|| read_only(&files)),
        ),
        (
            "arbiter, compiled backend".into(),
            Box::new(|| rule(&files, compiled.as_ref(), true)),
        ),
        (
            "arbiter, compiled backend, --material-only".into(),
            Box::new(|| rule(&files, compiled.as_ref(), false)),
        ),
        (
            "arbiter, interpreter".into(),
            Box::new(|| rule(&files, interp.as_ref(), true)),
        ),
        (
            "arbiter adjudicate --jobs 1 (text output)".into(),
            Box::new(|| whole(&files, &compiled, &renderer, 1)),
        ),
        (
            format!("arbiter adjudicate --jobs {jobs} (wall)"),
            Box::new(|| whole(&files, &compiled, &renderer, jobs)),
        ),
    ];
    // ARBITER_BENCH_ONLY=compiled keeps the floor and the modes whose name contains it (profiling).
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
            "{name:<46} {:>6} games  {:>8.3} s  {:>9.0} games/s  {:.2}x floor",
            games[i],
            m.as_secs_f64(),
            games[i] as f64 / m.as_secs_f64(),
            median(ratios).as_secs_f64()
        );
    }
}
