//! Runs the unwinnability engine (`arbiter_unwinnable`) over every position of the CHA test
//! set, both sides (`unwinnable::answer`, as the adjudicator asks), and compares with the recorded
//! classes.
//!
//! `cargo run --release --example cha [-- [--markdown] [--lines N,N,...] PATH [NODES [MILLIS]]]`;
//! `--lines` runs only those lines of the file (to iterate on a few positions). PATH defaults to
//! `../shared/cha/positions.txt` beside the repository (or `$ARBITER_CHA`), the budget to
//! `Budget::default()`. Each line of the file is `<class> <FEN>` with class `WB`, `W-`, `-B` or
//! `--` (which sides can checkmate). With `--markdown`, prints the results as the Markdown
//! table committed in `src/CHA-AGREEMENT.md` instead of the plain report.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use arbiter_unwinnable::{self as unwinnable, Budget, Verdict};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Color, Position, PositionError};

/// The classes of the file: which sides can checkmate.
const CLASSES: [&str; 4] = ["WB", "W-", "-B", "--"];

fn main() {
    let mut args = std::env::args().skip(1).peekable();
    let markdown = args.next_if(|a| a == "--markdown").is_some();
    let only: Option<Vec<usize>> = args
        .next_if(|a| a == "--lines")
        .and_then(|_| args.next())
        .map(|list| {
            list.split(',')
                .filter_map(|n| n.trim().parse().ok())
                .collect()
        });
    let path = args
        .next()
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("ARBITER_CHA").map(PathBuf::from))
        .unwrap_or_else(|| {
            PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/cha/positions.txt")
        });
    let mut budget = Budget::default();
    if let Some(n) = args.next().and_then(|s| s.parse().ok()) {
        budget.nodes = n;
    }
    if let Some(ms) = args.next().and_then(|s| s.parse().ok()) {
        budget.time = Some(Duration::from_millis(ms));
    }
    let text = match std::fs::read_to_string(&path) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("{}: {e}", path.display());
            std::process::exit(2);
        }
    };
    if !markdown {
        println!("{} with {budget:?}", path.display());
    }
    let mut t = Tally::default();
    for (i, line) in text.lines().enumerate() {
        let lineno = i + 1;
        if only.as_ref().is_none_or(|o| o.contains(&lineno)) {
            t.line(lineno, line.trim(), &budget);
        }
    }
    if markdown {
        print_markdown(&t, &budget);
    } else {
        print_plain(&mut t);
    }
}

/// What the run found: per class and side (agree, disagree, undetermined), the lines that
/// could not be read, the wrong and undetermined answers, and the times.
struct Tally {
    table: [[(u32, u32, u32); 2]; 4],
    unparsed: Vec<(usize, String, String)>,
    wrong: Vec<(usize, Color, String)>,
    /// (line, side, nodes, time, whether CHA says the side can mate)
    undetermined: Vec<(usize, Color, u64, Duration, bool)>,
    quick_wrong: Vec<(usize, Color, String)>,
    quick_proved: u32,
    unwinnable_sides: u32,
    times: Vec<(Duration, usize, Color)>,
    quick_times: Vec<Duration>,
    /// (plies, line, side) of the longest helpmate found.
    longest_line: (usize, usize, Color),
}

impl Default for Tally {
    fn default() -> Tally {
        Tally {
            table: [[(0, 0, 0); 2]; 4],
            unparsed: Vec::new(),
            wrong: Vec::new(),
            undetermined: Vec::new(),
            quick_wrong: Vec::new(),
            quick_proved: 0,
            unwinnable_sides: 0,
            times: Vec::new(),
            quick_times: Vec::new(),
            longest_line: (0, 0, Color::White),
        }
    }
}

impl Tally {
    /// One line of the file, `<class> <FEN>`: both sides queried (blank and `#` lines skipped).
    fn line(&mut self, lineno: usize, line: &str, budget: &Budget) {
        if line.is_empty() || line.starts_with('#') {
            return;
        }
        let Some((class, fen)) = line.split_once(' ') else {
            self.unparsed
                .push((lineno, line.to_string(), "no class".to_string()));
            return;
        };
        let Some(ci) = CLASSES.iter().position(|c| *c == class) else {
            self.unparsed
                .push((lineno, line.to_string(), "unknown class".to_string()));
            return;
        };
        // Positions with more material than a game can produce are still positions shakmaty can
        // play from; refused are only the ones it cannot handle (e.g. impossible checks).
        let pos: Chess = match fen.parse::<Fen>().map_err(|e| e.to_string()).and_then(|f| {
            f.into_position(CastlingMode::Standard)
                .or_else(PositionError::ignore_too_much_material)
                .map_err(|e| e.to_string())
        }) {
            Ok(p) => p,
            Err(e) => {
                self.unparsed.push((lineno, fen.to_string(), e));
                return;
            }
        };
        for (si, side) in [Color::White, Color::Black].into_iter().enumerate() {
            let can = class.as_bytes()[si] != b'-';
            self.side(lineno, &pos, side, (ci, si), can, budget);
        }
    }

    /// One side of a position, whose class says whether it `can` mate; `cell` is its place in
    /// the table.
    fn side(
        &mut self,
        lineno: usize,
        pos: &Chess,
        side: Color,
        cell: (usize, usize),
        can: bool,
        budget: &Budget,
    ) {
        let t = Instant::now();
        let q = unwinnable::quick(pos, side);
        self.quick_times.push(t.elapsed());
        if !can {
            self.unwinnable_sides += 1;
            if q.is_some() {
                self.quick_proved += 1;
            }
        } else if let Some(p) = q {
            self.quick_wrong.push((lineno, side, format!("{p:?}")));
        }
        let (v, stats) = unwinnable::answer(pos, side, budget);
        self.times.push((stats.elapsed, lineno, side));
        let cell = &mut self.table[cell.0][cell.1];
        match v {
            Verdict::Winnable(h) => {
                let mut p = pos.clone();
                let mut legal = true;
                for &m in &h.moves {
                    if !p.is_legal(m) {
                        legal = false;
                        break;
                    }
                    p.play_unchecked(m);
                }
                let mated = legal && p.is_checkmate() && p.turn() != side;
                if h.moves.len() > self.longest_line.0 {
                    self.longest_line = (h.moves.len(), lineno, side);
                }
                if can && mated {
                    cell.0 += 1;
                } else {
                    cell.1 += 1;
                    self.wrong
                        .push((lineno, side, format!("Winnable (line ok: {mated})")));
                }
            }
            Verdict::Unwinnable(p) => {
                if can {
                    cell.1 += 1;
                    self.wrong.push((lineno, side, format!("Unwinnable {p:?}")));
                } else {
                    cell.0 += 1;
                }
            }
            Verdict::Undetermined { nodes } => {
                cell.2 += 1;
                self.undetermined
                    .push((lineno, side, nodes, stats.elapsed, can));
            }
        }
    }
}

/// The value at percentile `p` of the sorted `v`.
fn pct(v: &[Duration], p: usize) -> Duration {
    v.get((v.len().saturating_sub(1)) * p / 100)
        .copied()
        .unwrap_or_default()
}

/// The plain report: the table, every wrong and undetermined answer, and the times.
fn print_plain(t: &mut Tally) {
    println!("\nclass side   agree wrong undetermined");
    for (ci, c) in CLASSES.iter().enumerate() {
        for (si, s) in ["White", "Black"].iter().enumerate() {
            let (a, w, u) = t.table[ci][si];
            println!("{c:>5} {s:<5} {a:>7} {w:>5} {u:>12}");
        }
    }
    let total: u32 = t.table.iter().flatten().map(|c| c.0 + c.1 + c.2).sum();
    let agree: u32 = t.table.iter().flatten().map(|c| c.0).sum();
    println!(
        "total {total} queries, {agree} agree, {} wrong, {} undetermined",
        t.wrong.len(),
        t.undetermined.len()
    );
    println!(
        "quick: proved {} of {} unwinnable sides, {} wrong",
        t.quick_proved,
        t.unwinnable_sides,
        t.quick_wrong.len()
    );
    for w in &t.wrong {
        println!("WRONG line {} {:?}: {}", w.0, w.1, w.2);
    }
    for w in &t.quick_wrong {
        println!("QUICK WRONG line {} {:?}: {}", w.0, w.1, w.2);
    }
    for u in &t.undetermined {
        println!(
            "undetermined line {} {:?} ({} nodes, {:?})",
            u.0, u.1, u.2, u.3
        );
    }
    println!("unparsed: {}", t.unparsed.len());
    for u in &t.unparsed {
        println!("  line {}: {} ({})", u.0, u.1, u.2);
    }
    t.times.sort_by_key(|t| (t.0, t.1));
    t.quick_times.sort();
    let durs: Vec<Duration> = t.times.iter().map(|t| t.0).collect();
    let sum: Duration = durs.iter().sum();
    println!(
        "answer: median {:?}, p90 {:?}, p99 {:?}, max {:?}, total {:?}",
        pct(&durs, 50),
        pct(&durs, 90),
        pct(&durs, 99),
        durs.last().copied().unwrap_or_default(),
        sum
    );
    println!(
        "quick: median {:?}, p99 {:?}, max {:?}",
        pct(&t.quick_times, 50),
        pct(&t.quick_times, 99),
        t.quick_times.last().copied().unwrap_or_default()
    );
    for x in t.times.iter().rev().take(10) {
        println!("slow: line {} {:?} {:?}", x.1, x.2, x.0);
    }
    println!(
        "longest helpmate: {} plies (line {} {:?})",
        t.longest_line.0, t.longest_line.1, t.longest_line.2
    );
}

/// The report as the Markdown of `src/CHA-AGREEMENT.md`.
fn print_markdown(r: &Tally, budget: &Budget) {
    let mut durs: Vec<Duration> = r.times.iter().map(|t| t.0).collect();
    durs.sort();
    let mut quick = r.quick_times.to_vec();
    quick.sort();
    println!("| class | side | agree | disagree | undetermined |");
    println!("|---|---|---:|---:|---:|");
    for (ci, c) in CLASSES.iter().enumerate() {
        for (si, s) in ["White", "Black"].iter().enumerate() {
            let (a, w, u) = r.table[ci][si];
            println!("| `{c}` | {s} | {a} | {w} | {u} |");
        }
    }
    let sum = |f: fn(&(u32, u32, u32)) -> u32| -> u32 { r.table.iter().flatten().map(f).sum() };
    let (a, w, u) = (sum(|c| c.0), sum(|c| c.1), sum(|c| c.2));
    println!("| **all** | both | **{a}** | **{w}** | **{u}** |");
    println!();
    println!(
        "{} sides queried ({} positions), budget {} nodes, {:?}, tables of at most {} positions, \
         a closure of at most {} (packed). Wrong answers (including the quick tier's): {}. The quick tier alone proves {} of the {} \
         sides CHA classes unwinnable.",
        a + w + u,
        (a + w + u) / 2,
        budget.nodes,
        budget.time.unwrap_or_default(),
        budget.positions,
        budget.positions * unwinnable::CLOSURE_LARGE,
        r.wrong.len() + r.quick_wrong.len(),
        r.quick_proved,
        r.unwinnable_sides
    );
    println!();
    println!("| timing (one side, `answer`) | |");
    println!("|---|---:|");
    println!("| median | {:?} |", pct(&durs, 50));
    println!("| p90 | {:?} |", pct(&durs, 90));
    println!("| p99 | {:?} |", pct(&durs, 99));
    println!("| max | {:?} |", durs.last().copied().unwrap_or_default());
    println!("| total | {:?} |", durs.iter().sum::<Duration>());
    println!(
        "| `quick` median / p99 | {:?} / {:?} |",
        pct(&quick, 50),
        pct(&quick, 99)
    );
    println!();
    let winnable = r.undetermined.iter().filter(|u| u.4).count();
    println!(
        "Undetermined sides ({winnable} that CHA says can mate, {} that it says cannot; line of \
         `positions.txt`, side, nodes spent, time):",
        r.undetermined.len() - winnable
    );
    println!();
    if r.undetermined.is_empty() {
        println!("none.");
    }
    for u in &r.undetermined {
        let class = if u.4 { "can mate" } else { "cannot" };
        println!(
            "- line {} {:?}, {class} ({} nodes, {:?})",
            u.0, u.1, u.2, u.3
        );
    }
    println!();
    println!("Lines shakmaty refuses to set up (not counted above):");
    println!();
    for u in &r.unparsed {
        println!("- line {}: `{}`: {}", u.0, u.1, u.2);
    }
}
