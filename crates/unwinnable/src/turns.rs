//! Searches taking turns (the late tiers): several helpmate searches, each its own iterative
//! deepening with its own scoring, stack and table, run one after the other for a few thousand
//! nodes each, round after round, each resuming where it stopped.
//!
//! No scoring finds every plan: the guide's potential walks eight bishops off a diagonal that
//! its distances never would, its distances find the bishops' way round a wall that the
//! potential misses, and the plain scoring finds what neither is aimed at. Taking turns, the
//! first one of them to find a mate ends the question at about as many times its own cost as
//! there are searches, instead of the sum of the others' budgets before it. A search whose
//! iteration ends without a cut proves the position unwinnable whatever its scoring (see
//! `search`), so a proof from any of them ends it too.

use shakmaty::{Chess, Move};

use super::search::{Outcome, Search};
use super::{MAX_DEPTH, Meter};

/// One of the searches.
struct Turn {
    search: Search,
    /// Depth of its iteration under way.
    depth: i32,
    /// Its iteration under way has been begun.
    begun: bool,
    /// Nodes of one turn.
    slice: u64,
    /// Past `MAX_DEPTH`: no more turns.
    done: bool,
}

/// How taking turns ended.
pub(crate) enum Ended {
    Mate(Vec<Move>),
    /// An iteration at this depth ended without a cut.
    Proof(i32),
    /// The global budget ran out.
    Spent,
    /// The nodes allowed were spent, or every search went past `MAX_DEPTH`.
    Open,
}

#[derive(Default)]
pub(crate) struct Turns {
    turns: Vec<Turn>,
}

impl Turns {
    /// Adds a search to the round, its iterations from depth `from`, `slice` nodes a turn.
    pub(crate) fn add(&mut self, search: Search, from: i32, slice: u64) {
        self.turns.push(Turn {
            search,
            depth: from,
            begun: false,
            slice: slice.max(1),
            done: false,
        });
    }

    /// Rounds of turns from `root` until one search concludes or `nodes` more nodes are spent.
    pub(crate) fn run(&mut self, root: &Chess, nodes: u64, meter: &mut Meter) -> Ended {
        let stop = meter.nodes.saturating_add(nodes);
        loop {
            let mut any = false;
            for turn in &mut self.turns {
                let left = stop.saturating_sub(meter.nodes);
                if left == 0 {
                    return Ended::Open;
                }
                if turn.done {
                    continue;
                }
                any = true;
                let end = meter.nodes.saturating_add(turn.slice.min(left));
                // Within its turn, a search goes on to its next iteration.
                while !turn.done && meter.nodes < end {
                    if !turn.begun {
                        turn.search.begin(root, turn.depth);
                        turn.begun = true;
                    }
                    match turn.search.run(end.saturating_sub(meter.nodes), meter) {
                        Outcome::Mate(line) => return Ended::Mate(line),
                        Outcome::Complete => return Ended::Proof(turn.depth),
                        Outcome::Spent => return Ended::Spent,
                        Outcome::Paused => break,
                        Outcome::Cut => {
                            turn.begun = false;
                            turn.depth = turn.depth.saturating_add(1);
                            turn.done = turn.depth > MAX_DEPTH;
                        }
                    }
                }
            }
            if !any {
                return Ended::Open;
            }
        }
    }
}
