//! Shorter helpmates for readers: the search's lines are proofs, not the shortest mates (its
//! move scoring lets a plan run long), and a ruling that cites "Black could still checkmate"
//! reads best with a mate of a few moves.
//!
//! Along a helpmate `p0 -m1-> p1 … -mn-> pn` (mate), a mate of `l` plies from `pi` gives a line
//! of `i + l` plies. The totals are tried in increasing order, each pair `(i, l)` with `l` at
//! most `LONGEST` once, by a full-width depth-first search of exactly `l` plies (the winner
//! moving last) under a node cap of its own; the first mate met is the answer, and it is the
//! shortest line of this shape that the caps let the search see. Whatever is found is a
//! helpmate: the prefix is the original line's, the suffix is searched move by move from the
//! position it starts in.

use shakmaty::{Chess, Color, Move, Position};

use super::search::mate_in_one;

/// The longest mate looked for from a position on the line, in plies.
pub(crate) const LONGEST: usize = 4;

/// Node caps (move generations) of one search, by its number of plies (index 0 unused).
const CAP: [u32; LONGEST + 1] = [0, 1, 64, 1_500, 4_000];

/// A helpmate for `winner` from `pos`, no longer than `moves` (a helpmate from `pos`: legal one
/// after the other, ending with the loser mated), within about `nodes` move generations in all.
pub fn shorten(pos: &Chess, winner: Color, moves: &[Move], nodes: u32) -> Vec<Move> {
    let mut line = Vec::with_capacity(moves.len().saturating_add(1));
    line.push(pos.clone());
    for &m in moves {
        let Some(last) = line.last() else { break };
        let mut next = last.clone();
        next.play_unchecked(m);
        line.push(next);
    }
    let n = moves.len();
    let mut left = nodes;
    // A total of `n` is the line itself.
    for total in 1..n {
        for l in 1..=LONGEST.min(total) {
            let i = total - l;
            let Some(start) = line.get(i) else { continue };
            // The winner moves last: with `l` odd the winner is to move at `pos_i`.
            if (start.turn() == winner) != (l % 2 == 1) {
                continue;
            }
            let cap = CAP.get(l).copied().unwrap_or(0).min(left);
            if cap == 0 {
                return moves.to_vec();
            }
            let mut budget = cap;
            let mut found = Vec::new();
            let hit = mate_in(start, l, &mut budget, &mut found);
            left = left.saturating_sub(cap - budget);
            if hit {
                found.reverse();
                let mut out: Vec<Move> = moves.iter().take(i).copied().collect();
                out.extend(found);
                return out;
            }
        }
    }
    moves.to_vec()
}

/// Is there a helpmate of exactly `plies` plies from `pos`, the side to move at the last ply
/// mating (the caller chooses `plies` so that it is the winner)? Recursion depth is at most
/// `LONGEST`. The line is pushed onto `line` last move first.
fn mate_in(pos: &Chess, plies: usize, budget: &mut u32, line: &mut Vec<Move>) -> bool {
    if *budget == 0 {
        return false;
    }
    *budget -= 1;
    if plies <= 1 {
        return match mate_in_one(pos) {
            Some(m) => {
                line.push(m);
                true
            }
            None => false,
        };
    }
    let moves = pos.legal_moves();
    for &m in moves.iter() {
        let mut child = pos.clone();
        child.play_unchecked(m);
        if mate_in(&child, plies - 1, budget, line) {
            line.push(m);
            return true;
        }
        if *budget == 0 {
            return false;
        }
    }
    false
}
