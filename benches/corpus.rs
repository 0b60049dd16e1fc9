//! arbiter's main job against the replay floor, side by side in one process: the floor
//! (pgn-reader + shakmaty replay of the same games, nothing else) and the whole `arbiter
//! adjudicate` run (reading, ruling, rendering the text output, thrown away) under the default
//! rulebook, `fide-2023`, `fide-2018`, and `--material-only`; the interpreter; `--jobs N`
//! against `--jobs 1`; and the unwinnability engine's rate on the final positions of the games.
//!
//! `cargo bench --bench corpus`. Corpus: `../shared/corpus/pgnmentor-players` (or the folder in
//! `ARBITER_CORPUS`); the engine's final positions come from every `.pgn` under the corpus's
//! parent folder (`../shared/corpus`, or `ARBITER_FINALS`). Rounds: `ARBITER_BENCH_ROUNDS`
//! (default 3); threads of the parallel run: `ARBITER_BENCH_JOBS` (default 2).
//!
//! Each mode is timed by the CPU time of the whole process (every thread: `getrusage`) and by
//! the wall clock. Rounds interleave the modes (A B C … A B C …) and each ratio is taken within
//! its round, so that a machine that changes speed between rounds does not skew it; the
//! medians are printed. The README's speed table is this output.

// The allocator the `arbiter` binary uses (src/main.rs), so that each mode here costs what it
// costs there; the floor allocates almost nothing either way.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use arbiter::audit::{self, Format, Input, Judge};
use arbiter::render::Renderer;
use arbiter::runtime::rules::Rules;
use arbiter::unwinnable::{self, Budget};
use arbiter::{DEFAULT_RULEBOOK, Engine, load_rules, pgn, runtime};
use pgn_reader::{Reader, SanPlus, Visitor};
use shakmaty::{Chess, Position};

/// CPU time of the whole process so far (user and system, every thread).
fn cpu() -> Duration {
    // SAFETY: `getrusage` writes the struct it is given and nothing else.
    let mut u: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: a valid pointer to a `rusage`.
    if unsafe { libc::getrusage(libc::RUSAGE_SELF, &mut u) } != 0 {
        return Duration::ZERO;
    }
    let tv = |t: libc::timeval| {
        Duration::from_secs(u64::try_from(t.tv_sec).unwrap_or(0))
            + Duration::from_micros(u64::try_from(t.tv_usec).unwrap_or(0))
    };
    tv(u.ru_utime) + tv(u.ru_stime)
}

fn floor(files: &[Arc<[u8]>]) -> usize {
    files.iter().map(|f| pgn::replay::replay_all(f)).sum()
}

/// The whole `arbiter adjudicate` run, its output thrown away.
fn whole(
    files: &[Arc<[u8]>],
    rules: &Arc<dyn Rules>,
    renderer: &Renderer,
    jobs: usize,
    analysis: Option<Budget>,
) -> usize {
    let law = runtime::edition::Law::single(Arc::clone(rules));
    let words = arbiter::locale::default_words();
    let judge = Judge {
        law: &law,
        renderers: std::slice::from_ref(renderer),
        words: &words,
        options: audit::Options {
            format: Format::Text,
            report: audit::Report::Verdicts,
            adjudicate: runtime::adjudicate::Options {
                analysis,
                ..runtime::adjudicate::Options::default()
            },
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

/// The position each game of a file ends in (games with an illegal move left out).
struct Finals(Vec<Chess>);

impl Visitor for Finals {
    type Tags = ();
    type Movetext = Option<Chess>;
    type Output = ();
    fn begin_tags(&mut self) -> ControlFlow<(), ()> {
        ControlFlow::Continue(())
    }
    fn begin_movetext(&mut self, _: ()) -> ControlFlow<(), Option<Chess>> {
        ControlFlow::Continue(Some(Chess::default()))
    }
    fn san(&mut self, pos: &mut Option<Chess>, san: SanPlus) -> ControlFlow<()> {
        if let Some(p) = pos {
            match san.san.to_move(p) {
                Ok(m) => p.play_unchecked(m),
                Err(_) => *pos = None,
            }
        }
        ControlFlow::Continue(())
    }
    fn end_game(&mut self, pos: Option<Chess>) {
        if let Some(p) = pos {
            self.0.push(p);
        }
    }
}

fn pgn_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            pgn_files(&p, out);
        } else if p.extension().is_some_and(|e| e == "pgn") {
            out.push(p);
        }
    }
}

/// `is_dead` on every position, as the adjudicator asks it (the default budget): answers a
/// second.
fn engine(finals: &[Chess]) -> usize {
    let budget = runtime::adjudicate::ANALYSIS_BUDGET;
    finals
        .iter()
        .filter(|p| {
            !matches!(
                unwinnable::is_dead(p, &budget).0,
                unwinnable::Deadness::Undetermined { .. }
            )
        })
        .count()
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v.get(v.len() / 2).copied().unwrap_or(f64::NAN)
}

type Mode<'a> = (String, Box<dyn Fn() -> usize + 'a>);

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
    let here = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let dir = std::env::var_os("ARBITER_CORPUS")
        .map(PathBuf::from)
        .unwrap_or_else(|| here.join("../shared/corpus/pgnmentor-players"));
    let rounds = env("ARBITER_BENCH_ROUNDS", 3).max(1);
    let jobs = env("ARBITER_BENCH_JOBS", 2).max(1);
    let mut paths = Vec::new();
    pgn_files(&dir, &mut paths);
    if paths.is_empty() {
        eprintln!(
            "\n!!! NO CORPUS: no .pgn file under {} (set ARBITER_CORPUS): nothing measured !!!\n",
            dir.display()
        );
        return;
    }
    let files: Vec<Arc<[u8]>> = (paths.iter())
        .filter_map(|p| std::fs::read(p).ok())
        .map(Arc::from)
        .collect();
    let bytes: usize = files.iter().map(|f| f.len()).sum();
    let finals_dir = std::env::var_os("ARBITER_FINALS")
        .map(PathBuf::from)
        .unwrap_or_else(|| dir.parent().map_or_else(|| dir.clone(), Path::to_path_buf));
    let finals = final_positions(&finals_dir);
    println!(
        "corpus: {} ({} files, {:.1} MB); engine: the final positions of {} games under {}; \
         {rounds} rounds, medians",
        dir.display(),
        files.len(),
        bytes as f64 / 1e6,
        finals.len(),
        finals_dir.display()
    );

    let load = |name: &str, engine: Engine| match load_rules(name, Some(engine)) {
        Ok(r) => r,
        Err(e) => panic!("the embedded rulebook {name} does not load: {e:?}"),
    };
    let default = load(DEFAULT_RULEBOOK, Engine::Compiled);
    let fide2023 = load("fide-2023", Engine::Compiled);
    let fide2018 = load("fide-2018", Engine::Compiled);
    let interp = load(DEFAULT_RULEBOOK, Engine::Interpreter);
    let renderer = |r: &dyn Rules| match Renderer::new(r.meta(), "en") {
        Ok(r) => r,
        Err(e) => panic!("no English renderer: {e}"),
    };
    let (r_default, r_2023, r_2018, r_interp) = (
        renderer(default.as_ref()),
        renderer(fide2023.as_ref()),
        renderer(fide2018.as_ref()),
        renderer(interp.as_ref()),
    );
    let budget = Some(runtime::adjudicate::ANALYSIS_BUDGET);
    let modes: Vec<Mode> = vec![
        (
            "floor: pgn-reader + shakmaty replay".into(),
            Box::new(|| floor(&files)),
        ),
        (
            format!("adjudicate (default: {DEFAULT_RULEBOOK})"),
            Box::new(|| whole(&files, &default, &r_default, 1, budget)),
        ),
        (
            "adjudicate --rulebook fide-2023".into(),
            Box::new(|| whole(&files, &fide2023, &r_2023, 1, budget)),
        ),
        (
            "adjudicate --rulebook fide-2018".into(),
            Box::new(|| whole(&files, &fide2018, &r_2018, 1, budget)),
        ),
        (
            "adjudicate --material-only".into(),
            Box::new(|| whole(&files, &default, &r_default, 1, None)),
        ),
        (
            "adjudicate --engine interpreter".into(),
            Box::new(|| whole(&files, &interp, &r_interp, 1, budget)),
        ),
        (
            format!("adjudicate --jobs {jobs}"),
            Box::new(|| whole(&files, &default, &r_default, jobs, budget)),
        ),
        (
            "engine: is_dead on the final positions".into(),
            Box::new(|| engine(&finals)),
        ),
    ];
    // ARBITER_BENCH_ONLY=material keeps the floor and the modes whose name contains it.
    let only = std::env::var("ARBITER_BENCH_ONLY").unwrap_or_default();
    let modes: Vec<Mode> = modes
        .into_iter()
        .enumerate()
        .filter(|(i, (n, _))| *i == 0 || n.contains(only.as_str()))
        .map(|(_, m)| m)
        .collect();
    let (cpu_s, wall_s, counts) = measure(&modes, rounds);
    report(&modes, &cpu_s, &wall_s, &counts, jobs, finals.len());
}

/// The final position of every game under `dir` (the engine's benchmark).
fn final_positions(dir: &Path) -> Vec<Chess> {
    let mut paths = Vec::new();
    pgn_files(dir, &mut paths);
    let mut finals = Finals(Vec::new());
    for p in &paths {
        if let Ok(b) = std::fs::read(p) {
            let mut r = Reader::new(&b[..]);
            while let Ok(Some(())) = r.read_game(&mut finals) {}
        }
    }
    finals.0
}

/// Each mode run `rounds` times, in turn: its CPU and wall seconds per round, and its count.
fn measure(modes: &[Mode], rounds: usize) -> (Vec<Vec<f64>>, Vec<Vec<f64>>, Vec<usize>) {
    let mut cpu_s: Vec<Vec<f64>> = vec![Vec::new(); modes.len()];
    let mut wall_s: Vec<Vec<f64>> = vec![Vec::new(); modes.len()];
    let mut counts = vec![0; modes.len()];
    for _ in 0..rounds {
        for (i, (_, f)) in modes.iter().enumerate() {
            let (c0, w0) = (cpu(), Instant::now());
            counts[i] = f();
            wall_s[i].push(w0.elapsed().as_secs_f64());
            cpu_s[i].push(cpu().saturating_sub(c0).as_secs_f64());
        }
    }
    (cpu_s, wall_s, counts)
}

/// The table of medians and ratios to the floor (the first mode), the parallel speed-up and
/// the engine's rate over `finals` positions.
fn report(
    modes: &[Mode],
    cpu_s: &[Vec<f64>],
    wall_s: &[Vec<f64>],
    counts: &[usize],
    jobs: usize,
    finals: usize,
) {
    let ratio = |of: &[f64], to: &[f64]| median(of.iter().zip(to).map(|(a, b)| a / b).collect());
    println!(
        "\n{:<44} {:>7} {:>9} {:>9} {:>12} {:>12}",
        "mode", "items", "CPU s", "wall s", "CPU / floor", "wall / floor"
    );
    for (i, (name, _)) in modes.iter().enumerate() {
        println!(
            "{name:<44} {:>7} {:>9.3} {:>9.3} {:>11.2}x {:>11.2}x",
            counts[i],
            median(cpu_s[i].clone()),
            median(wall_s[i].clone()),
            ratio(&cpu_s[i], &cpu_s[0]),
            ratio(&wall_s[i], &wall_s[0]),
        );
    }
    let find = |prefix: &str| modes.iter().position(|(n, _)| n.starts_with(prefix));
    if let (Some(one), Some(par)) = (find("adjudicate (default"), find("adjudicate --jobs")) {
        println!(
            "\n--jobs {jobs} wall / --jobs 1 wall: {:.2}",
            ratio(&wall_s[par], &wall_s[one])
        );
    }
    if let Some(e) = find("engine") {
        let answered = counts[e];
        let secs = median(cpu_s[e].clone());
        println!(
            "engine: {:.0} final positions a second ({} of {} decided, {:.1} µs each)",
            finals as f64 / secs,
            answered,
            finals,
            secs * 1e6 / finals.max(1) as f64
        );
    }
}
