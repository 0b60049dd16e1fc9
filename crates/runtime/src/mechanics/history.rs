//! The positions of a game since its last irreversible move, counted for repetition: one type
//! for every game, over what that game's mechanics call the same position.

use std::collections::HashMap;

/// A position as a game's repetition rule compares it: equal when it is the same position,
/// with a hash to find it by.
pub(super) trait Repeatable: Clone + Eq {
    fn repetition_hash(&self) -> u64;
}

/// The positions since the last irreversible move. A game rarely has more than a hundred (the
/// laws' move limits), and they are scanned; past `SCAN`, as in a rulebook without automatic
/// draws, each distinct position is counted in a table by hash, so that a long game, however
/// often its positions recur, is not replayed in quadratic time.
#[derive(Clone, Debug)]
pub(super) struct History<P> {
    /// While there are at most `SCAN`: every position, in order.
    positions: Vec<P>,
    /// Past `SCAN`: each distinct position with its number of appearances, by hash.
    counts: HashMap<u64, Vec<(P, u32)>>,
}

const SCAN: usize = 128;

impl<P: Repeatable> History<P> {
    pub(super) fn starting(pos: P) -> History<P> {
        let mut h = History {
            // Enough for most stretches between irreversible moves without growing.
            positions: Vec::with_capacity(32),
            counts: HashMap::new(),
        };
        h.push(pos);
        h
    }

    pub(super) fn clear(&mut self) {
        self.positions.clear();
        self.counts.clear();
    }

    pub(super) fn push(&mut self, pos: P) {
        if self.counts.is_empty() {
            self.positions.push(pos);
            if self.positions.len() <= SCAN {
                return;
            }
            for p in std::mem::take(&mut self.positions) {
                self.tally(p);
            }
        } else {
            self.tally(pos);
        }
    }

    fn tally(&mut self, pos: P) {
        let same = self.counts.entry(pos.repetition_hash()).or_default();
        match same.iter_mut().find(|(p, _)| *p == pos) {
            Some((_, n)) => *n = n.saturating_add(1),
            None => same.push((pos, 1)),
        }
    }

    /// How many of the positions are the same as `pos`.
    pub(super) fn count(&self, pos: &P) -> u32 {
        if self.counts.is_empty() {
            let n = self.positions.iter().filter(|p| *p == pos).count();
            return u32::try_from(n).unwrap_or(u32::MAX);
        }
        (self
            .counts
            .get(&pos.repetition_hash())
            .into_iter()
            .flatten())
        .find(|(p, _)| p == pos)
        .map_or(0, |(_, n)| *n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A position whose hash is its value modulo 3, so that distinct positions share buckets.
    #[derive(Clone, Debug, PartialEq, Eq)]
    struct P(u32);

    impl Repeatable for P {
        fn repetition_hash(&self) -> u64 {
            u64::from(self.0 % 3)
        }
    }

    /// The same counts before and after the scan turns into the table, colliding hashes
    /// kept apart.
    #[test]
    fn counts_agree_across_the_scan_limit() {
        let mut h = History::starting(P(0));
        let mut naive: Vec<u32> = vec![0];
        for i in 1..400u32 {
            let p = P(i % 7);
            let want = u32::try_from(naive.iter().filter(|&&x| x == p.0).count()).unwrap_or(0);
            assert_eq!(h.count(&p), want, "at {i}");
            h.push(p.clone());
            naive.push(p.0);
        }
        h.clear();
        assert_eq!(h.count(&P(0)), 0);
    }
}
