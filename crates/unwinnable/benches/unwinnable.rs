//! Throughput of the unwinnability engine (`arbiter_unwinnable`): on positions from real games
//! (every 7th ply of every game, and every final position) the quick tier and the full
//! `is_dead`; then the whole CHA test set, both sides, with the slowest position and the peak
//! memory of re-running it alone.
//!
//! `cargo bench --bench unwinnable`. Data: `../shared/corpus` beside the repository (or the folder in
//! `ARBITER_CORPUS`; every `.pgn` file in it and its subfolders) and
//! `../shared/cha/positions.txt` (or `ARBITER_CHA`). Each part says so loudly and is skipped
//! when its data is missing. Goals: quick ≥ 500,000 positions/s (both sides), `is_dead` ≥
//! 60,000 final positions/s (twice chasolver's full tier; not reached: about 30,000–35,000, see
//! the README's Speed), the worst CHA position within `Budget::default()` and under 200 MB. The
//! rate on the final positions of all the corpus's games is also printed by `cargo bench --bench
//! corpus`, beside the adjudication it serves.

// The system allocator, not mimalloc: glibc hands large blocks (the closure's and the search's
// tables) back to the kernel when freed, so that the peak resident size measured around one
// position is that position's.

use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use arbiter_unwinnable::{self as unwinnable, Budget, Deadness, Verdict};
use pgn_reader::{Reader, SanPlus, Visitor};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Color, EnPassantMode, Position, PositionError};

/// Every this many plies of a game, a sampled position.
const EVERY: usize = 7;

struct Collect {
    plies: Vec<Chess>,
    finals: Vec<Chess>,
}

impl Visitor for Collect {
    type Tags = ();
    type Movetext = (Option<Chess>, usize);
    type Output = ();
    fn begin_tags(&mut self) -> ControlFlow<(), ()> {
        ControlFlow::Continue(())
    }
    fn begin_movetext(&mut self, _: ()) -> ControlFlow<(), (Option<Chess>, usize)> {
        ControlFlow::Continue((Some(Chess::default()), 0))
    }
    fn san(&mut self, st: &mut (Option<Chess>, usize), san: SanPlus) -> ControlFlow<()> {
        if let Some(p) = &mut st.0 {
            match san.san.to_move(p) {
                Ok(m) => {
                    p.play_unchecked(m);
                    st.1 += 1;
                    if st.1.is_multiple_of(EVERY) {
                        self.plies.push(p.clone());
                    }
                }
                // A game with an illegal move: its final position is not known.
                Err(_) => st.0 = None,
            }
        }
        ControlFlow::Continue(())
    }
    fn end_game(&mut self, st: (Option<Chess>, usize)) {
        if let Some(p) = st.0 {
            self.finals.push(p);
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

fn data_path(var: &str, default: &str) -> PathBuf {
    std::env::var_os(var)
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(default))
}

fn pct(sorted: &[Duration], p: usize) -> Duration {
    sorted
        .get(sorted.len().saturating_sub(1) * p / 100)
        .copied()
        .unwrap_or_default()
}

fn fen(pos: &Chess) -> String {
    Fen::from_position(pos, EnPassantMode::Legal).to_string()
}

/// Peak resident memory of this process (VmHWM), in kB.
fn peak_kb() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// Resets VmHWM to the current resident size (Linux: writing 5 to clear_refs).
fn reset_peak() -> bool {
    std::fs::write("/proc/self/clear_refs", "5").is_ok()
}

fn corpus() {
    let dir = data_path("ARBITER_CORPUS", "../../../shared/corpus");
    let mut files = Vec::new();
    pgn_files(&dir, &mut files);
    if files.is_empty() {
        eprintln!(
            "\n!!! NO CORPUS: no .pgn file under {} (set ARBITER_CORPUS): real-game part SKIPPED !!!\n",
            dir.display()
        );
        return;
    }
    let mut c = Collect {
        plies: Vec::new(),
        finals: Vec::new(),
    };
    for f in &files {
        let Ok(bytes) = std::fs::read(f) else {
            eprintln!("!!! cannot read {}: skipped", f.display());
            continue;
        };
        let mut r = Reader::new(&bytes[..]);
        while let Ok(Some(())) = r.read_game(&mut c) {}
    }
    println!(
        "corpus: {} files under {}; every {EVERY}th ply and every final position",
        files.len(),
        dir.display()
    );
    for (name, set) in [("sampled plies", &c.plies), ("final positions", &c.finals)] {
        let n = set.len();
        if n == 0 {
            continue;
        }
        let t = Instant::now();
        let mut proved = 0usize;
        for p in set {
            for side in [Color::White, Color::Black] {
                proved += usize::from(unwinnable::quick(p, side).is_some());
            }
        }
        let quick = t.elapsed();
        let mut times = Vec::with_capacity(n);
        let (mut alive, mut dead, mut undetermined, mut nodes) = (0u32, 0u32, 0u32, 0u64);
        let mut worst = (Duration::ZERO, 0usize);
        let t = Instant::now();
        for (i, p) in set.iter().enumerate() {
            let t1 = Instant::now();
            let (d, s) = unwinnable::is_dead(p, &Budget::default());
            let e = t1.elapsed();
            times.push(e);
            if e > worst.0 {
                worst = (e, i);
            }
            nodes += s.nodes;
            match d {
                Deadness::Alive { .. } => alive += 1,
                Deadness::Dead { .. } => dead += 1,
                Deadness::Undetermined { .. } => undetermined += 1,
            }
        }
        let full = t.elapsed();
        times.sort();
        println!("\n{name}: {n} positions");
        println!(
            "  quick:   {:>9.0} positions/s (both sides each; {:.0} calls/s), {proved} sides proved unwinnable",
            n as f64 / quick.as_secs_f64(),
            (2 * n) as f64 / quick.as_secs_f64()
        );
        println!(
            "  is_dead: {:>9.0} positions/s, median {:?}, p90 {:?}, p99 {:?}, max {:?}, mean {:.0} nodes",
            n as f64 / full.as_secs_f64(),
            pct(&times, 50),
            pct(&times, 90),
            pct(&times, 99),
            worst.0,
            nodes as f64 / n as f64
        );
        println!("           alive {alive}, dead {dead}, undetermined {undetermined}");
        if let Some(p) = set.get(worst.1) {
            println!("           slowest: {}", fen(p));
        }
    }
}

fn cha() {
    let path = data_path("ARBITER_CHA", "../../../shared/cha/positions.txt");
    let Ok(text) = std::fs::read_to_string(&path) else {
        eprintln!(
            "\n!!! NO CHA DATA at {} (set ARBITER_CHA): CHA part SKIPPED !!!\n",
            path.display()
        );
        return;
    };
    let budget = Budget::default();
    let (mut agree, mut wrong, mut undetermined) = (0u32, 0u32, 0u32);
    let mut worst: (Duration, usize, Color, Option<Chess>) =
        (Duration::ZERO, 0, Color::White, None);
    let t = Instant::now();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let Some((class, f)) = line.split_once(' ') else {
            continue;
        };
        let Some(pos) = f.parse::<Fen>().ok().and_then(|f| {
            f.into_position(CastlingMode::Standard)
                .or_else(PositionError::ignore_too_much_material)
                .ok()
        }) else {
            continue;
        };
        for (si, side) in [Color::White, Color::Black].into_iter().enumerate() {
            let can = class.as_bytes().get(si).is_some_and(|&b| b != b'-');
            let t1 = Instant::now();
            let (v, _) = unwinnable::analyse(&pos, side, &budget);
            let e = t1.elapsed();
            if e > worst.0 {
                worst = (e, i + 1, side, Some(pos.clone()));
            }
            match v {
                Verdict::Winnable(_) if can => agree += 1,
                Verdict::Unwinnable(_) if !can => agree += 1,
                Verdict::Undetermined { .. } => undetermined += 1,
                _ => wrong += 1,
            }
        }
    }
    let total = t.elapsed();
    println!("\nCHA: {} ({budget:?})", path.display());
    println!("  {agree} sides agree, {wrong} wrong, {undetermined} undetermined, in {total:?}");
    let (e, line, side, pos) = worst;
    println!("  slowest: line {line} {side:?} in {e:?}");
    let Some(pos) = pos else { return };
    if reset_peak() {
        let before = peak_kb().unwrap_or(0);
        let t1 = Instant::now();
        let (v, s) = unwinnable::analyse(&pos, side, &budget);
        let after = peak_kb().unwrap_or(0);
        let mb = after.saturating_sub(before) as f64 / 1024.0;
        let kind = match v {
            Verdict::Winnable(_) => "winnable",
            Verdict::Unwinnable(_) => "unwinnable",
            Verdict::Undetermined { .. } => "undetermined",
        };
        println!(
            "  re-run alone: {kind}, {} nodes, {:?}; peak memory {mb:.1} MB above the {:.1} MB before ({})",
            s.nodes,
            t1.elapsed(),
            before as f64 / 1024.0,
            if mb < 200.0 {
                "under 200 MB"
            } else {
                "OVER 200 MB"
            }
        );
    } else {
        println!("  peak memory: /proc/self/clear_refs not writable, not measured");
    }
    println!("  peak memory of the whole run (VmHWM): {:?} kB", peak_kb());
}

fn main() {
    // `cargo bench` passes `--bench`; nothing else is taken.
    corpus();
    cha();
}
