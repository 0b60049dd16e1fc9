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

    // [class][side]: (agree, disagree, undetermined)
    let classes = ["WB", "W-", "-B", "--"];
    let mut table = [[(0u32, 0u32, 0u32); 2]; 4];
    let mut unparsed = Vec::new();
    let mut wrong = Vec::new();
    let mut undetermined = Vec::new();
    let mut quick_wrong = Vec::new();
    let (mut quick_proved, mut unwinnable_sides) = (0u32, 0u32);
    let mut times: Vec<(Duration, usize, Color)> = Vec::new();
    let mut quick_times: Vec<Duration> = Vec::new();
    let mut longest_line = (0usize, 0usize, Color::White);
    for (i, line) in text.lines().enumerate() {
        let lineno = i + 1;
        if only.as_ref().is_some_and(|o| !o.contains(&lineno)) {
            continue;
        }
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let Some((class, fen)) = line.split_once(' ') else {
            unparsed.push((lineno, line.to_string(), "no class".to_string()));
            continue;
        };
        let Some(ci) = classes.iter().position(|c| *c == class) else {
            unparsed.push((lineno, line.to_string(), "unknown class".to_string()));
            continue;
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
                unparsed.push((lineno, fen.to_string(), e));
                continue;
            }
        };
        for (si, side) in [Color::White, Color::Black].into_iter().enumerate() {
            let can = class.as_bytes()[si] != b'-';
            let t = Instant::now();
            let q = unwinnable::quick(&pos, side);
            quick_times.push(t.elapsed());
            if !can {
                unwinnable_sides += 1;
                if q.is_some() {
                    quick_proved += 1;
                }
            } else if let Some(p) = q {
                quick_wrong.push((lineno, side, format!("{p:?}")));
            }
            let (v, stats) = unwinnable::answer(&pos, side, &budget);
            times.push((stats.elapsed, lineno, side));
            let cell = &mut table[ci][si];
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
                    if h.moves.len() > longest_line.0 {
                        longest_line = (h.moves.len(), lineno, side);
                    }
                    if can && mated {
                        cell.0 += 1;
                    } else {
                        cell.1 += 1;
                        wrong.push((lineno, side, format!("Winnable (line ok: {mated})")));
                    }
                }
                Verdict::Unwinnable(p) => {
                    if can {
                        cell.1 += 1;
                        wrong.push((lineno, side, format!("Unwinnable {p:?}")));
                    } else {
                        cell.0 += 1;
                    }
                }
                Verdict::Undetermined { nodes } => {
                    cell.2 += 1;
                    undetermined.push((lineno, side, nodes, stats.elapsed, can));
                }
            }
        }
    }

    let total_time: Duration = times.iter().map(|t| t.0).sum();
    if markdown {
        print_markdown(&Report {
            budget: &budget,
            table: &table,
            classes: &classes,
            undetermined: &undetermined,
            unparsed: &unparsed,
            wrong: wrong.len() + quick_wrong.len(),
            quick: (quick_proved, unwinnable_sides),
            times: &times,
            quick_times: &quick_times,
            total: total_time,
        });
        return;
    }
    println!("\nclass side   agree wrong undetermined");
    for (ci, c) in classes.iter().enumerate() {
        for (si, s) in ["White", "Black"].iter().enumerate() {
            let (a, w, u) = table[ci][si];
            println!("{c:>5} {s:<5} {a:>7} {w:>5} {u:>12}");
        }
    }
    let total: u32 = table.iter().flatten().map(|c| c.0 + c.1 + c.2).sum();
    let agree: u32 = table.iter().flatten().map(|c| c.0).sum();
    println!(
        "total {total} queries, {agree} agree, {} wrong, {} undetermined",
        wrong.len(),
        undetermined.len()
    );
    println!(
        "quick: proved {quick_proved} of {unwinnable_sides} unwinnable sides, {} wrong",
        quick_wrong.len()
    );
    for w in &wrong {
        println!("WRONG line {} {:?}: {}", w.0, w.1, w.2);
    }
    for w in &quick_wrong {
        println!("QUICK WRONG line {} {:?}: {}", w.0, w.1, w.2);
    }
    for u in &undetermined {
        println!(
            "undetermined line {} {:?} ({} nodes, {:?})",
            u.0, u.1, u.2, u.3
        );
    }
    println!("unparsed: {}", unparsed.len());
    for u in &unparsed {
        println!("  line {}: {} ({})", u.0, u.1, u.2);
    }
    times.sort_by_key(|t| (t.0, t.1));
    quick_times.sort();
    let pct = |v: &[Duration], p: usize| {
        v.get((v.len().saturating_sub(1)) * p / 100)
            .copied()
            .unwrap_or_default()
    };
    let durs: Vec<Duration> = times.iter().map(|t| t.0).collect();
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
        pct(&quick_times, 50),
        pct(&quick_times, 99),
        quick_times.last().copied().unwrap_or_default()
    );
    for t in times.iter().rev().take(10) {
        println!("slow: line {} {:?} {:?}", t.1, t.2, t.0);
    }
    println!(
        "longest helpmate: {} plies (line {} {:?})",
        longest_line.0, longest_line.1, longest_line.2
    );
}

struct Report<'a> {
    budget: &'a Budget,
    table: &'a [[(u32, u32, u32); 2]; 4],
    classes: &'a [&'a str; 4],
    undetermined: &'a [(usize, Color, u64, Duration, bool)],
    unparsed: &'a [(usize, String, String)],
    wrong: usize,
    quick: (u32, u32),
    times: &'a [(Duration, usize, Color)],
    quick_times: &'a [Duration],
    total: Duration,
}

/// The report as the Markdown of `src/CHA-AGREEMENT.md`.
fn print_markdown(r: &Report) {
    let pct = |v: &[Duration], p: usize| {
        v.get((v.len().saturating_sub(1)) * p / 100)
            .copied()
            .unwrap_or_default()
    };
    let mut durs: Vec<Duration> = r.times.iter().map(|t| t.0).collect();
    durs.sort();
    let mut quick = r.quick_times.to_vec();
    quick.sort();
    println!("| class | side | agree | disagree | undetermined |");
    println!("|---|---|---:|---:|---:|");
    for (ci, c) in r.classes.iter().enumerate() {
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
        r.budget.nodes,
        r.budget.time.unwrap_or_default(),
        r.budget.positions,
        r.budget.positions * unwinnable::CLOSURE_LARGE,
        r.wrong,
        r.quick.0,
        r.quick.1
    );
    println!();
    println!("| timing (one side, `answer`) | |");
    println!("|---|---:|");
    println!("| median | {:?} |", pct(&durs, 50));
    println!("| p90 | {:?} |", pct(&durs, 90));
    println!("| p99 | {:?} |", pct(&durs, 99));
    println!("| max | {:?} |", durs.last().copied().unwrap_or_default());
    println!("| total | {:?} |", r.total);
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
    for u in r.undetermined {
        let class = if u.4 { "can mate" } else { "cannot" };
        println!(
            "- line {} {:?}, {class} ({} nodes, {:?})",
            u.0, u.1, u.2, u.3
        );
    }
    println!();
    println!("Lines shakmaty refuses to set up (not counted above):");
    println!();
    for u in r.unparsed {
        println!("- line {}: `{}`: {}", u.0, u.1, u.2);
    }
}
