//! Throughput on real games: the compiled backend and the interpreter against a baseline that
//! only parses and replays the same games with pgn-reader + shakmaty.
//!
//! `cargo bench --bench corpus` (corpus: `../shared/corpus/pgnmentor-players`, or the folder in
//! `ARBITER_CORPUS`; rounds: `ARBITER_BENCH_ROUNDS`, default 3). Prints games/s per mode (median of
//! the rounds) and each mode's time as a ratio of the baseline's.

use std::ops::ControlFlow;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use pgn_reader::{Reader, SanPlus, Visitor};
use shakmaty::{Chess, Position};

use arbiter::runtime::rules::Rules;
use arbiter::{Engine, load_rules, pgn, runtime};

struct Replay;

impl Visitor for Replay {
    type Tags = ();
    type Movetext = Option<Chess>;
    type Output = usize;

    fn begin_tags(&mut self) -> ControlFlow<usize, ()> {
        ControlFlow::Continue(())
    }
    fn begin_movetext(&mut self, _: ()) -> ControlFlow<usize, Option<Chess>> {
        ControlFlow::Continue(Some(Chess::default()))
    }
    fn san(&mut self, pos: &mut Option<Chess>, san: SanPlus) -> ControlFlow<usize> {
        if let Some(p) = pos {
            match san.san.to_move(p) {
                Ok(m) => p.play_unchecked(m),
                Err(_) => *pos = None,
            }
        }
        ControlFlow::Continue(())
    }
    fn end_game(&mut self, pos: Option<Chess>) -> usize {
        usize::from(pos.is_some())
    }
}

fn baseline(files: &[Vec<u8>]) -> usize {
    let mut n = 0;
    for f in files {
        let mut r = Reader::new(&f[..]);
        while let Ok(Some(ok)) = r.read_game(&mut Replay) {
            n += ok;
        }
    }
    n
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
            "arbiter, compiled backend",
            Box::new(|| arbiter_run(&files, compiled.as_ref())),
        ),
        (
            "arbiter, interpreter",
            Box::new(|| arbiter_run(&files, interp.as_ref())),
        ),
    ];
    let mut base = None;
    for (name, f) in &modes {
        let mut times = Vec::new();
        let mut games = 0;
        for _ in 0..rounds {
            let t = Instant::now();
            games = f();
            times.push(t.elapsed());
        }
        let m = median(times);
        let b = *base.get_or_insert(m);
        println!(
            "{name:<42} {games:>6} games  {:>8.3} s  {:>9.0} games/s  {:.2}x baseline",
            m.as_secs_f64(),
            games as f64 / m.as_secs_f64(),
            m.as_secs_f64() / b.as_secs_f64()
        );
    }
}
