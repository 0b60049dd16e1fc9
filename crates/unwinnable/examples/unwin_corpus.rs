//! Measure the unwinnability engine on positions from real games.
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
    let mut c = Collect {
        every: 7,
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
