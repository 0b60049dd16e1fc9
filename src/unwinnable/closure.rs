//! Exhaustive reachable-set closure (tiers 7 and 9): breadth first over every position
//! reachable from the root, deduplicated by exact key. Positions where the winner has
//! insufficient material, and terminal positions, are not expanded (no mate by the winner can
//! follow them). Sound and complete, but only affordable for small reachable sets, hence a cap.

use std::collections::HashSet;

use shakmaty::{Chess, Color, Move, Position};

use super::Meter;
use super::key::{BuildKeyHasher, Key};

pub(crate) enum Closure {
    /// The loser can be mated: a shortest line from the root.
    Mate(Vec<Move>),
    /// Every reachable position (this many) was seen, none the loser mated.
    Complete(usize),
    /// More than the cap: gave up.
    TooBig,
    /// The node or time budget ran out.
    Spent,
}

struct Node {
    pos: Chess,
    /// Index of the parent and the move from it (none for the root).
    parent: Option<(u32, Move)>,
}

pub(crate) fn closure(root: &Chess, winner: Color, cap: usize, meter: &mut Meter) -> Closure {
    let cap = cap.min(u32::MAX as usize);
    let mut nodes = vec![Node {
        pos: root.clone(),
        parent: None,
    }];
    let mut seen: HashSet<Key, BuildKeyHasher> = HashSet::default();
    seen.insert(Key::new(root));
    let mut i = 0usize;
    while let Some(node) = nodes.get(i) {
        if !meter.tick() {
            return Closure::Spent;
        }
        let pos = node.pos.clone();
        let moves = pos.legal_moves();
        if moves.is_empty() {
            if super::loser_mated(&pos, winner, true) {
                return Closure::Mate(line_to(&nodes, i));
            }
        } else if !pos.has_insufficient_material(winner) {
            for &m in &moves {
                let mut child = pos.clone();
                child.play_unchecked(m);
                if seen.insert(Key::new(&child)) {
                    if nodes.len() >= cap {
                        return Closure::TooBig;
                    }
                    // `i < nodes.len() <= cap <= u32::MAX`.
                    let parent = u32::try_from(i).unwrap_or(u32::MAX);
                    nodes.push(Node {
                        pos: child,
                        parent: Some((parent, m)),
                    });
                }
            }
        }
        i += 1;
    }
    Closure::Complete(nodes.len())
}

/// The moves from the root to node `i`, following parents (bounded by the node count).
fn line_to(nodes: &[Node], mut i: usize) -> Vec<Move> {
    let mut line = Vec::new();
    while let Some(&Node {
        parent: Some((p, m)),
        ..
    }) = nodes.get(i)
    {
        line.push(m);
        i = p as usize;
        if line.len() > nodes.len() {
            break;
        }
    }
    line.reverse();
    line
}
