//! Check chains (tier 6c, [`Proof::Chain`](super::Proof::Chain)): the positions reached from
//! the root by one move, and from there by checks, each expanded in full; every other position
//! met must be proved by a static tier (terminal without the loser mated, the material lemmas,
//! the semi-static tier in either form).
//!
//! Why: a static tier reasons about where pieces can ever stand, and a check in force, or a
//! queen en prise with check, upsets that reasoning (the king must step out of its region, a
//! piece that never moves is taken). A mate is a check, and checks come in short chains: the
//! positions where the static tiers fail are usually those a few checks away from the root.
//!
//! Why it is sound: the search keeps a set `S` of positions, the root first. Each position of
//! `S` is expanded: every legal move is played, and the position reached is (a) terminal: if
//! the loser is mated, the search stops with that mate (a helpmate, replayable); otherwise
//! nothing follows it; (b) already in `S`; (c) proved unwinnable by a static tier, so no line
//! from it ends with the loser mated; or (d) added to `S`, when it is a check or the expanded
//! position is the root, and `S` has room. Any other case stops the search without an answer.
//! If every position of `S` is expanded, every line from the root stays in `S` until it ends
//! (a) without a mate, or enters a position of (c): no line from the root ends with the loser
//! mated. Nothing depends on the order of the expansions or on the bound; the bound only
//! stops the search (no answer). The stack is a vector, no recursion.

use std::collections::HashSet;

use shakmaty::{Chess, Color, Move, Position};

use super::key::{BuildKeyHasher, Key};
use super::{Meter, loser_mated, semistatic};

/// How a chain search ended.
pub(crate) enum Chain {
    /// A helpmate from the root.
    Mate(Vec<Move>),
    /// Every position was expanded: unwinnable, after this many.
    Complete(usize),
    /// A position neither static nor a check, or more than the bound: no answer.
    Open,
    /// The node or time budget ran out.
    Spent,
}

struct Node {
    pos: Chess,
    /// The parent's index and the move from it (none for the root).
    parent: Option<(usize, Move)>,
}

/// Whether a static tier proves `pos` (with a legal move) unwinnable for `winner`.
fn proved(pos: &Chess, winner: Color) -> bool {
    pos.has_insufficient_material(winner)
        || semistatic::unwinnable(pos, winner)
        || semistatic::unwinnable_counting(pos, winner)
}

fn line_to(nodes: &[Node], mut i: usize, last: Move) -> Vec<Move> {
    let mut line = vec![last];
    while let Some(Node {
        parent: Some((p, m)),
        ..
    }) = nodes.get(i)
    {
        line.push(*m);
        i = *p;
    }
    line.reverse();
    line
}

/// One position of `S` being expanded: its index and its moves, the next one to play.
struct Frame {
    node: usize,
    moves: Vec<Move>,
    next: usize,
}

/// The check-chain search from `root` (with a legal move), holding at most `cap` positions in
/// `S`. Depth first (a failing search stops at its first open position, having proved little),
/// over an explicit stack.
pub(crate) fn chain(root: &Chess, winner: Color, cap: usize, meter: &mut Meter) -> Chain {
    let mut nodes = vec![Node {
        pos: root.clone(),
        parent: None,
    }];
    let mut stack = vec![Frame {
        node: 0,
        moves: root.legal_moves().to_vec(),
        next: 0,
    }];
    // Positions of `S`, and positions already found to end or proved.
    let mut seen: HashSet<Key, BuildKeyHasher> = HashSet::default();
    seen.insert(Key::new(root));
    while let Some(frame) = stack.last_mut() {
        let Some(&m) = frame.moves.get(frame.next) else {
            stack.pop();
            continue;
        };
        frame.next += 1;
        let i = frame.node;
        let Some(node) = nodes.get(i) else {
            return Chain::Open;
        };
        let mut child = node.pos.clone();
        child.play_unchecked(m);
        if !seen.insert(Key::new(&child)) {
            continue;
        }
        if !meter.tick() {
            return Chain::Spent;
        }
        let moves = child.legal_moves();
        if moves.is_empty() {
            if loser_mated(&child, winner, true) {
                return Chain::Mate(line_to(&nodes, i, m));
            }
            continue;
        }
        if proved(&child, winner) {
            continue;
        }
        if !(i == 0 || child.is_check()) || nodes.len() >= cap {
            return Chain::Open;
        }
        stack.push(Frame {
            node: nodes.len(),
            moves: moves.to_vec(),
            next: 0,
        });
        nodes.push(Node {
            pos: child,
            parent: Some((i, m)),
        });
    }
    Chain::Complete(nodes.len())
}
