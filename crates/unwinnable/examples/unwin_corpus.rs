//! Measure the unwinnability engine on positions from real games.
//!
//! `cargo run --release -p arbiter-unwinnable --example unwin_corpus -- FILES.pgn`: every 7th
//! ply and the final positions. With `UNWIN_FINALS=1`, the final positions only: the rate in
//! thread CPU time (steadier than the wall clock on a shared machine), the helpmates' mean
//! length, and the time by kind of answer and nodes searched; `UNWIN_SHOW=N` also prints the
//! positions whose nodes fall in the bucket below `N` (a power of two).
use std::ops::ControlFlow;
use std::time::Instant;

use arbiter_unwinnable::{self as unwinnable, Budget, Deadness};
use pgn_reader::{Reader, SanPlus, Visitor};
use shakmaty::{Chess, Color, Position};

struct Collect {
    every: usize,
    out: Vec<Chess>,
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
                    if st.1.is_multiple_of(self.every) {
                        self.out.push(p.clone());
                    }
                }
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

fn main() {
    // UNWIN_FINALS=1: the final positions only, with the time spent by kind of answer.
    let finals_only = std::env::var_os("UNWIN_FINALS").is_some();
    let mut c = Collect {
        every: if finals_only { usize::MAX } else { 7 },
        out: Vec::new(),
        finals: Vec::new(),
    };
    for f in std::env::args().skip(1) {
        let Ok(bytes) = std::fs::read(&f) else {
            eprintln!("{f}: cannot read, skipped");
            continue;
        };
        let mut r = Reader::new(&bytes[..]);
        while let Ok(Some(())) = r.read_game(&mut c) {}
    }
    if finals_only {
        breakdown(&c.finals);
        return;
    }
    for (name, set) in [("sampled plies", &c.out), ("final positions", &c.finals)] {
        let t = Instant::now();
        let mut proved = 0;
        for p in set.iter() {
            for side in [Color::White, Color::Black] {
                proved += unwinnable::quick(p, side).is_some() as usize;
            }
        }
        let q = t.elapsed();
        let t = Instant::now();
        let (mut alive, mut dead, mut und, mut nodes) = (0, 0, 0, 0u64);
        let mut worst = (std::time::Duration::ZERO, String::new());
        let mut hist: Vec<(u64, std::time::Duration)> = Vec::new();
        for p in set.iter() {
            let t1 = Instant::now();
            let (d, s) = unwinnable::is_dead(p, &Budget::default());
            let e = t1.elapsed();
            if name.starts_with("final") {
                hist.push((s.nodes, e));
            }
            if e > worst.0 {
                worst = (
                    e,
                    shakmaty::fen::Fen::from_position(p, shakmaty::EnPassantMode::Legal)
                        .to_string(),
                );
            }
            nodes += s.nodes;
            match d {
                Deadness::Alive { .. } => alive += 1,
                Deadness::Dead { .. } => dead += 1,
                Deadness::Undetermined { .. } => und += 1,
            }
        }
        let f = t.elapsed();
        hist.sort();
        if !hist.is_empty() {
            for q in [10, 25, 50, 75, 90, 95, 99] {
                let (n, e) = hist[hist.len() * q / 100];
                println!("p{q}: {n} nodes {:?}", e);
            }
        }
        let n = set.len();
        println!(
            "{name}: {n} positions; quick both sides {:.0}/s ({proved} sides proved); is_dead {:.0}/s, alive {alive} dead {dead} undetermined {und}, nodes {nodes}; worst {:?} {}",
            (2 * n) as f64 / q.as_secs_f64(),
            n as f64 / f.as_secs_f64(),
            worst.0,
            worst.1
        );
    }
}

/// The time `is_dead` spends on `set`, by kind of answer and by nodes searched.
fn breakdown(set: &[Chess]) {
    use std::collections::BTreeMap;
    use std::time::Duration;
    let mut by: BTreeMap<(&str, u64), (usize, Duration)> = BTreeMap::new();
    let all = Instant::now();
    let cpu0 = thread_cpu();
    let (mut plies, mut lines) = (0usize, 0usize);
    let show: Option<u64> = std::env::var("UNWIN_SHOW")
        .ok()
        .and_then(|v| v.parse().ok());
    for p in set {
        let t = Instant::now();
        let (d, s) = unwinnable::is_dead(p, &Budget::default());
        let e = t.elapsed();
        if let Deadness::Alive { helpmate, .. } = &d {
            plies += helpmate.moves.len();
            lines += 1;
        }
        let kind = match d {
            Deadness::Alive { .. } => "alive",
            Deadness::Dead { .. } => "dead",
            Deadness::Undetermined { .. } => "undetermined",
        };
        let bucket = match s.nodes {
            0 => 0,
            n => 1 << (64 - n.leading_zeros()),
        };
        if show == Some(bucket) {
            println!(
                "{} {:?}",
                shakmaty::fen::Fen::from_position(p, shakmaty::EnPassantMode::Legal),
                d
            );
        }
        let slot = by.entry((kind, bucket)).or_default();
        slot.0 += 1;
        slot.1 += e;
    }
    let total = all.elapsed();
    let cpu = thread_cpu().saturating_sub(cpu0);
    println!(
        "{} final positions in {total:?} ({cpu:?} CPU): {:.0}/s wall, {:.0}/s CPU",
        set.len(),
        set.len() as f64 / total.as_secs_f64(),
        set.len() as f64 / cpu.as_secs_f64(),
    );
    println!(
        "helpmates: {lines}, {:.2} plies on average",
        plies as f64 / lines.max(1) as f64
    );
    for ((kind, nodes), (n, t)) in by {
        println!(
            "{kind:>12} nodes < {nodes:>7}: {n:>6} positions, {:>6.1}% of the time, {:>8.1} µs each",
            100.0 * t.as_secs_f64() / total.as_secs_f64(),
            t.as_secs_f64() * 1e6 / n as f64
        );
    }
}

/// This thread's CPU time (Linux: `/proc/thread-self/schedstat`; zero elsewhere), less
/// disturbed than the wall clock on a shared machine.
fn thread_cpu() -> std::time::Duration {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse().ok())
        .map(std::time::Duration::from_nanos)
        .unwrap_or_default()
}
