//! Speed of the Russian draughts move generator (`arbiter_draughts`): perft from the initial
//! position, both ways of counting, and from the fixtures' positions with kings; leaves per
//! second. pydraughts' own perft, for comparison, is `generate.py --bench` in
//! tests/data/ (the same counts: the fixtures are its).
//!
//! `cargo bench --bench draughts`.

use std::time::Instant;

use arbiter_draughts::{Counting, Position, perft};

const POSITIONS: &str = include_str!("../tests/data/perft_positions.txt");

/// perft(depth) from `pos`, timed: (leaves, leaves per second).
fn timed(pos: &Position, depth: u32, counting: Counting) -> (u64, f64) {
    let start = Instant::now();
    let leaves = perft(pos, depth, counting);
    let secs = start.elapsed().as_secs_f64().max(1e-9);
    (leaves, leaves as f64 / secs)
}

fn main() {
    let start = Position::initial();
    for counting in [Counting::Paths, Counting::Captures] {
        for depth in [6, 7, 8, 9] {
            let (leaves, rate) = timed(&start, depth, counting);
            println!("start, {counting:?}, perft({depth}) = {leaves}: {rate:.0} leaves/s");
        }
    }
    let (mut leaves, mut secs) = (0u64, 0f64);
    for line in POSITIONS.lines().filter(|l| !l.starts_with('#')) {
        let mut fields = line.split('\t');
        let (Some(fen), Some(depth)) = (fields.next(), fields.next()) else {
            continue;
        };
        let (Ok(pos), Ok(depth)) = (Position::from_fen(fen), depth.parse::<u32>()) else {
            continue;
        };
        let t = Instant::now();
        leaves += perft(&pos, depth + 1, Counting::Paths);
        secs += t.elapsed().as_secs_f64();
    }
    println!(
        "fixture positions, one ply deeper than the fixture: {leaves} leaves, {:.0} leaves/s",
        leaves as f64 / secs.max(1e-9)
    );
}
