//! Unwinnability: can a given side still checkmate "by any possible series of legal moves"?
//!
//! This is the question behind FIDE 6.9 (a flag falls, but the opponent cannot checkmate by any
//! possible series of legal moves: draw) and FIDE 5.2.2 (a dead position: neither side can
//! checkmate). It is a *helpmate* question: both sides cooperate, the loser included, so the
//! answer is about the reachable positions, not about good play.
//!
//! The algorithm follows M. Ambrona, *A Practical Algorithm for Chess Unwinnability*, FUN 2022,
//! LIPIcs 226, 2:1–2:20 (doi:10.4230/LIPIcs.FUN.2022.2). The code is our own, written from a
//! design summary of the paper and of its implementations (CHA, chasolver); nothing is copied.
//! The module depends on `shakmaty` and `std` only and can be used on its own.
//!
//! # API
//!
//! * [`quick`] `(pos, winner) -> Option<Proof>`: the cheap tier (microseconds, meant for every
//!   ply). `Some` only when "`winner` can never checkmate" is *proven*; `None` means "possibly
//!   winnable", nothing more.
//! * [`analyse`] `(pos, winner, budget) -> (Verdict, Stats)`: the full procedure.
//!   [`Verdict::Winnable`] carries a [`Helpmate`]: legal moves from `pos` ending with the
//!   loser checkmated by `winner` (a certificate anyone can replay);
//!   [`Verdict::Unwinnable`] says which tier proved it ([`Proof`]);
//!   [`Verdict::Undetermined`] means the [`Budget`] (nodes or time) ran out. It is a real
//!   answer, not an error: some legal positions need tens of millions of nodes.
//! * [`answer`] `(pos, winner, budget)`: one side's question as a caller asks it, cheapest
//!   first: the forced moves and the material, a short probe for a helpmate, [`quick`], then
//!   [`analyse`] with the whole budget.
//! * [`is_dead`] `(pos, budget)`: both sides at once (FIDE 5.2.2); [`is_dead_given`] with the
//!   answers already known for either side.
//! * [`shorten()`] `(pos, winner, moves, nodes)`: a helpmate no longer than `moves`, usually
//!   much shorter (the search's lines are proofs, not the shortest mates), for a reader.
//!
//! The side to move matters through move generation; castling and en passant are generated, and
//! both sides may promote to any of the four pieces (under-promotion is sometimes the only way
//! to mate). Clocks and repetition history are ignored: "any possible series of legal moves" is
//! read, as in the sources, without the 50/75-move and repetition rules. Whether those rules
//! should cut the series is for the caller to decide.
//!
//! # Example
//!
//! ```
//! use arbiter_unwinnable::{Budget, Deadness, Verdict, analyse, is_dead, quick};
//! use shakmaty::{CastlingMode, Chess, Color, fen::Fen};
//!
//! let fen: Fen = "8/8/4k3/8/8/3K4/8/6B1 w - - 0 1".parse().unwrap();
//! let pos: Chess = fen.into_position(CastlingMode::Standard).unwrap();
//! // King and bishop against king: White can never mate, proved by the cheap tier.
//! assert!(quick(&pos, Color::White).is_some());
//! // Both sides at once (FIDE 5.2.2).
//! let (dead, _stats) = is_dead(&pos, &Budget::default());
//! assert!(matches!(dead, Deadness::Dead { .. }));
//! // One side in full: a winnable answer carries a helpmate anyone can replay.
//! let (verdict, _stats) = analyse(&Chess::default(), Color::White, &Budget::default());
//! assert!(matches!(verdict, Verdict::Winnable(_)));
//! ```
//!
//! # Tiers, in the order [`analyse`] runs them
//!
//! Every tier either concludes or hands the position on. Soundness of an `Unwinnable` answer
//! rests on each tier separately; the order and the budgets only affect speed.
//!
//! 1. **Terminal** ([`Proof::Terminal`]). No legal move: winnable iff the side to move is the
//!    loser and is in check. This is tested *before* the material lemmas: some unreachable
//!    inputs are already mate with "insufficient" material.
//! 2. **Forced moves** ([`Proof::ForcedCycle`]). While there is exactly one legal move, play it:
//!    the successor is the only way on, so winnability does not change. A position repeating
//!    within such a run means play can only cycle: unwinnable for both sides. The run is capped
//!    ([`FORCED_CAP`] plies) as a work bound only; past the cap the later tiers continue.
//!    The forced moves become the start of any helpmate returned.
//! 3. **Material** ([`Proof::Material`]). `shakmaty`'s `has_insufficient_material(winner)`,
//!    which is exactly the three lemmas of the paper: a bare king; K+N against a king with
//!    queens only (Lemma 5); K + bishops when every bishop on the board is on one square colour
//!    and there are no knights and no pawns at all (Lemma 6). The tests check the equivalence.
//!    The lemmas hold for positions reachable in a game; they are used at every search node.
//! 4. **Semi-static** ([`Proof::SemiStatic`]), in the `semistatic` submodule: pawns that
//!    provably never capture (so stay on their files, between the pawns and pieces that stand
//!    for good), those also never captured, and pieces that provably never move (a greatest
//!    fixpoint over them and the squares every other piece can ever reach, promotions
//!    included); the ones that never move and are never captured act as walls; moves that
//!    would end the game at once (a king's step that stalemates a side that can move nothing
//!    but its king; a loser's piece arriving where it mates the winner's king that never
//!    moves) are left out; if no square the winner's pieces can ever give check on (a check
//!    comes from a move: a pawn that never moves never gives one) is one the loser's king can
//!    ever stand on, the winner can never even give check. Microseconds; abstains when
//!    castling rights remain or an en-passant capture is legal.
//! 5. **Bounded full-width search** ([`Proof::QuickSearch`]). Every line, to a small depth,
//!    reaches a proof leaf (a material-lemma position, a stalemate, or the winner mated). Sound
//!    by construction: no line within the depth escapes to a position that could go on.
//!    Tiers 1–5 are [`quick`]. [`analyse`] runs tier 4 again after the probe (tier 6) in its
//!    counting form: where the winner can give check, are there enough pieces of the loser's
//!    to block the flight squares no winner's piece can ever attack?
//! 6. **Probe**: helpmate search iterations at depths `PROBE_FROM` to `PROBE_DEPTH` within
//!    `PROBE_NODES` nodes: finds the mates of most positions from games in tens of nodes.
//!    At every node where the winner is to move, a move that mates at once is tried first.
//!    Then the counting form of tier 4, and **check chains** ([`Proof::Chain`], the `chain`
//!    submodule): every move from the position, and every series of checks after it, is
//!    played, and every other position met must be proved by tiers 1–4 (a check in force, or
//!    a queen en prise with check, upsets the static tiers one move earlier). At most
//!    `CHAIN_POSITIONS` positions are expanded; the first position neither a check nor
//!    proved ends the tier without an answer.
//! 7. **Reachable-set closure, small** ([`Proof::Closure`]): breadth first over every position
//!    reachable from the input, not expanding material-lemma positions. If it ends without
//!    meeting the loser mated, that is a proof; if it meets one, the breadth-first parents give
//!    a shortest helpmate. Sound and complete, but given up past `CLOSURE_SMALL` positions.
//!    Then tier 7b, **guided searches taking turns**, within `GUIDED_EARLY` nodes: the
//!    helpmate search of tier 8 twice more, each scored by a *guide* computed once from the
//!    position (the `guide` submodule): a mating corner the loser's king can reach, the squares
//!    next to it that only the loser's own pieces can fill, and for every piece the moves it
//!    needs to get where the plan wants it, on the board where the pieces that cannot move
//!    (rammed pawns and the pieces they hem in) stand in the way. One search rewards a move
//!    that lowers the sum of those distances (with a winner's piece standing in the corner or on
//!    a line through the mating square counted as in the way), the other a piece nearing its
//!    target or a winner's piece leaving the corner; both reward the loser's pawn captures
//!    (they open locked files) and punish the root's moves after which the static tiers prove
//!    the mate impossible. Each keeps the "free after a rewarded move" of only one normal move
//!    per node (the *tempo*: the move of the piece farthest from the loser's king), so the
//!    cheap lines stay few. The searches take turns of `TURN_NODES` nodes, each resuming where
//!    it stopped (the `turns` submodule), so the first to find a mate costs about twice its own
//!    work. Their iterations are proofs as much as tier 8's: only costs and the order change,
//!    every legal move is tried.
//! 8. **Iterative-deepening helpmate search** ([`Proof::Search`]), the paper's Find-Helpmate
//!    (its Figs. 5 and 9), with the budgets of its move scoring (Figs. 12/13): a move costs 0
//!    plies when *rewarded* (a winner capture or pawn move, a king or knight move "going to the
//!    corner" where the mate is planned; for the loser, pawn moves when the winner needs the
//!    loser's own pieces or promotions, as in the Lemma 5/6 shapes, and its king, knights and
//!    bishops approaching the mating corner, where they block their own king), 1 when normal
//!    (0 right after a rewarded move, so the two sides can carry out a rewarded plan together),
//!    and
//!    `PUNISH_COST` when *punished* (loser captures; loser queen/rook promotion in the
//!    Lemma 5/6 shapes). Scores never forbid a move: every legal move is tried, both sides.
//!    Rewarded moves are tried first. Plans 50–100 plies deep are thus reached at small
//!    nominal depth. Each depth `d` runs with a node limit growing with `d`
//!    (`PER_DEPTH_NODES` × d); the tier stops at a quarter of the node budget.
//! 9. **Closure, large**: the same closure up to [`CLOSURE_LARGE`] × [`Budget::positions`]
//!    positions, stored packed (a 32-byte key and the parent's index; each position is rebuilt
//!    with `Chess::from_setup` when its turn to be expanded comes, and must pack to the same key
//!    again or the closure gives up), with the rest of the node budget. It gives up early when
//!    the positions waiting to be expanded are many (three eighths of [`Budget::positions`])
//!    and more than half of those expanded (a set still growing that fast is left to tier 10). It proves locked-pawn positions (kings and
//!    bishops wandering behind a pawn wall, up to about a million positions) that the search
//!    cannot finish, and finds the helpmates hidden in such walls, shortest first: composed
//!    lines the searches need 300 plies and ten million nodes for come out at 60–100 plies.
//! 10. **Deep search**: iterative deepening again, with no per-depth limit, taking turns with
//!     the guided searches of tier 7b (which resume where they stopped; the plain search's
//!     turns are `PLAIN_TURNS` times as long), until the node or time budget runs out (then
//!     [`Verdict::Undetermined`]). The transposition table holds at most [`Budget::positions`]
//!     entries (about 100 bytes each) in tiers 8 and 10's plain search, a quarter of that in
//!     each guided one; past that, nodes are expanded without an entry (less pruning, never a
//!     wrong answer).
//!
//! [`is_dead`] and [`answer`] first run a *front* probe with `IS_DEAD_PROBE_NODES` nodes for
//! each side, the side with more material first: in positions from games one side usually mates
//! within a few dozen nodes while the other may need thousands. Its moves are scored around the
//! loser's king where it stands (`search::Style::Front`): a winner's move attacking a square of
//! the king's zone not yet covered, a loser's piece blocking its own king, the king stepping to
//! a square with fewer ways out are rewarded (a quarter fewer nodes than the paper's scoring on
//! the final positions of the corpus). Only then the quick tier and the full analyses, which
//! [`is_dead_given`] runs for the sides still open in rounds of budgets growing from
//! `ROUND_FIRST` by `ROUND_GROWTH` to the whole budget, taking turns: a side that can mate is
//! found at about the cost of the cheaper side, not after the other side's whole budget (the
//! slowest final position of the corpus went from 55 ms to 9 ms). The answer is the one each
//! side's analysis gives within the whole budget, whatever the order.
//!
//! # Why a search that completes without a cut proves unwinnability
//!
//! The search keeps an explicit stack (no recursion over plies) and a transposition table keyed
//! on the *exact* position: pieces, side to move, castling rights, and the en-passant square
//! only when an en-passant capture is legal (two positions that differ there have different
//! moves). The table is cleared at each depth. A node is a *proof leaf* if it is terminal
//! without the loser mated, or fails the material lemma for the winner. A node is *pruned* if
//! the table already holds it from this iteration with at least the current remaining budget.
//! Otherwise the table entry is written *before* the children are explored. A node with a
//! negative remaining budget, or at the line cap (`MAX_LINE` plies), is a *cut*.
//!
//! If an iteration finishes with no cut (and no node limit hit), every position it entered was
//! a proof leaf, or was expanded in full (every legal move tried), or was pruned by an entry of
//! the same iteration, which means it was expanded in full too. So the set of expanded
//! positions plus proof leaves contains the input and is closed under legal moves: it is every
//! position reachable from the input, and none of them is the loser mated. Proof leaves cannot
//! lead to a mate by the winner (no move, or the material lemma). Hence: unwinnable. The
//! iteration never prunes on a table entry from an earlier depth, so the argument needs no
//! induction across iterations. The argument asks nothing of the move scoring (the costs and the
//! order), so it holds for the guided searches too; and an iteration paused and resumed (tiers
//! 7b and 10) is one iteration, its stack and table kept in between. The line cap is a work bound; a capped line is a cut like any
//! other, so it can make the answer `Undetermined`, never wrong.
//!
//! A full table (more than [`Budget::positions`] entries) only stops new entries: a node
//! without an entry is expanded again when met again, which costs work and proves nothing
//! less, since pruning needs an entry.
//!
//! # Figures, limits and what comes next
//!
//! On the CHA test set (`src/CHA-AGREEMENT.md`), within [`Budget::default`]'s
//! 2,000,000 nodes: 6,811 of 6,822 sides agree with CHA's classes, 0 disagree, 11 undetermined
//! (7 sides CHA proves unwinnable: lines 2072–2076, a king walled in by its own pieces whose
//! every move mates the opponent, and 3290, pawns defended by bishops shuffling on a zigzag;
//! 4 winnable sides whose helpmates need long composed manoeuvres: lines 394, 1008, 1579,
//! 2377; 2764 and 3352 were undetermined too before the search's nodes got cheaper). Before
//! the large closure was packed: 6,791, 0, 31. With the example's 2 s deadline two more run out of time (6,807, 0, 15: line 2181's closure takes 1.2 million
//! positions and 2–4 s), on a loaded machine a few more. The worst side stays within the budget and under 200 MB
//! (line 2181, its closure: 83 MB resident in all). On the final positions of the corpus's
//! games (`cargo bench --bench corpus`), [`is_dead`] settles about 30,000–35,000 positions a
//! second (18,000–21,000 before the front probe and the rounds); [`quick`] runs about
//! 1.1–1.25 million times a second (`cargo bench --bench unwinnable`).

//! The semi-static tier is the simple form of the paper's: it proves that the winner can never
//! give check, or (the counting form) that where it can, the loser's pieces are too few to
//! block the flight squares. Of stalemate it knows the king's step that leaves a side moving
//! nothing but its king without a square, not a piece's (a bishop's step covering the last
//! flight square is taken as possible). A pawn that may ever capture is free and floods like
//! any piece (one that may only be captured stays on its file, but stops no other pawn), and a
//! piece is counted as defending a pawn only if it never moves: pawns defended by one of
//! several pieces that shuffle on a few squares (line 3290) are not proved. Helpmates that need
//! a plan are found by guided searches (a mating corner, distances on the board of pieces that
//! never move), not by chasolver's move ordering.

mod chain;
mod closure;
mod guide;
mod key;
mod legal;
mod search;
mod semistatic;
mod shorten;
#[cfg(test)]
mod tests;
mod turns;

use std::time::{Duration, Instant};

use shakmaty::{Chess, Color, Move, Position};

use key::Key;
pub use shorten::shorten;

/// Plies of forced moves played before the other tiers take over (a work bound, not a verdict).
pub const FORCED_CAP: usize = 200;
/// Longest line the helpmate search follows, in plies. Longer helpmates exist (the shortest
/// known needed ones in the test set are under 70 plies, the search's lines are not minimal);
/// a line at the cap is a cut, so the cap can only make an answer `Undetermined`.
pub(crate) const MAX_LINE: usize = 400;
/// Extra plies a punished move costs in the helpmate search.
pub(crate) const PUNISH_COST: i32 = 3;
/// Node limit per unit of depth in tier 8 (iteration `d` may visit `d` times this many).
pub(crate) const PER_DEPTH_NODES: u64 = 10_000;
/// Highest depth tried in tier 8.
pub(crate) const MAX_DEPTH: i32 = 64;
/// Deepest iteration of the probe (tier 6, and the first step of [`is_dead`]).
pub(crate) const PROBE_DEPTH: i32 = 2;
/// Shallowest iteration of the probe.
pub(crate) const PROBE_FROM: i32 = 2;
/// Nodes the probe may spend, all its iterations together.
pub(crate) const PROBE_NODES: u64 = 3_000;
/// Nodes of the probe for each side that [`is_dead`] runs before anything else.
pub(crate) const IS_DEAD_PROBE_NODES: u64 = 80;
/// Positions the small closure (tier 7) may hold before it gives up.
pub(crate) const CLOSURE_SMALL: usize = 3_000;
/// The large closure (tier 9) holds this many times [`Budget::positions`]: its positions are
/// packed (32 bytes and an index), the search's table entries are not. It gives up sooner when
/// more than three eighths of [`Budget::positions`] (150,000 by default) wait to be expanded
/// and they outnumber half the positions expanded so far: the closures of the CHA test set that
/// end (a proof, or a mate found) have up to about 195,000 waiting, but then fewer than 40% of
/// those expanded; those that do not end cross the line early, and their nodes are better
/// left to tier 10.
pub const CLOSURE_LARGE: usize = 3;
/// Nodes of the guided searches before tier 8 (tier 7b), all of them together.
pub(crate) const GUIDED_EARLY: u64 = 200_000;
/// Nodes of one turn of a guided search (tiers 7b and 10).
pub(crate) const TURN_NODES: u64 = 20_000;
/// Turns of the plain deep search in tier 10, for each round of the guided ones.
pub(crate) const PLAIN_TURNS: u64 = 2;
/// Positions the check-chain search (tier 6c) may expand before it gives up.
pub(crate) const CHAIN_POSITIONS: usize = 2_000;
/// Full-width depth of [`quick`], and with pawns and bishops only.
const QUICK_DEPTH: u32 = 4;
const QUICK_DEPTH_PB: u32 = 7;
/// Positions (move generations) the bounded full-width search in [`quick`] may visit, per run.
const QUICK_NODES: u32 = 2_000;
/// Forced plies played by [`quick`].
const QUICK_FORCED: usize = 16;
/// The clock is read every this many nodes.
const CLOCK_EVERY: u64 = 1024;

/// How much work [`analyse`] may do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Positions expanded, all tiers together.
    pub nodes: u64,
    /// Wall-clock time, read every 1,024 nodes; `None`: no deadline.
    pub time: Option<Duration>,
    /// Most positions the transposition table of the plain search may hold (about 100 bytes
    /// each; a quarter of that for each guided search); the large reachable-set closure holds
    /// [`CLOSURE_LARGE`] times as many, packed (about 50 bytes each).
    pub positions: usize,
}

impl Default for Budget {
    /// 2,000,000 nodes, 2 seconds, tables of at most 400,000 positions (about 40 MB), a closure
    /// of at most 1,200,000 (about 60 MB).
    fn default() -> Budget {
        Budget {
            nodes: 2_000_000,
            time: Some(Duration::from_secs(2)),
            positions: 400_000,
        }
    }
}

/// The answer for one side.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The side can checkmate; the line proves it.
    Winnable(Helpmate),
    /// The side can never checkmate, whatever both sides play.
    Unwinnable(Proof),
    /// The budget ran out first.
    Undetermined {
        /// Nodes spent.
        nodes: u64,
    },
}

/// A helpmate: legal moves from the analysed position, the last of which checkmates the loser.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Helpmate {
    pub moves: Vec<Move>,
}

/// Which tier proved a side unwinnable.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Proof {
    /// The winner has insufficient material (bare king, Lemma 5, Lemma 6).
    Material,
    /// No legal move (after forced moves), and the loser is not mated: stalemate or the winner
    /// mated.
    Terminal,
    /// Forced moves only, cycling: unwinnable for both sides.
    ForcedCycle,
    /// Locked pawns wall the loser's king off from every square the winner's pieces can ever
    /// attack: the winner can never even give check (the semi-static tier).
    SemiStatic,
    /// Every line of a bounded full-width search reaches a proof leaf.
    QuickSearch,
    /// An iteration of the helpmate search finished without a cut, at this depth.
    Search { depth: u32 },
    /// Every reachable position was enumerated (this many), none the loser mated.
    Closure { positions: usize },
    /// Every move, and every series of checks after it, ends without the loser mated or
    /// reaches a position a static tier proves (this many positions expanded).
    Chain { positions: usize },
}

/// Work done by one call.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Positions expanded.
    pub nodes: u64,
    pub elapsed: Duration,
}

/// The answer for both sides (FIDE 5.2.2).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Deadness {
    /// Neither side can checkmate.
    Dead { white: Proof, black: Proof },
    /// `winner` can checkmate, as the line shows.
    Alive { winner: Color, helpmate: Helpmate },
    /// A side could not be decided within the budget.
    Undetermined { nodes: u64 },
}

/// Node and time accounting shared by the tiers.
pub(crate) struct Meter {
    nodes: u64,
    limit: u64,
    deadline: Option<Instant>,
    expired: bool,
}

impl Meter {
    fn new(budget: &Budget, start: Instant) -> Meter {
        Meter {
            nodes: 0,
            limit: budget.nodes,
            deadline: budget.time.and_then(|t| start.checked_add(t)),
            expired: false,
        }
    }

    /// Count one node; false once the budget (nodes or time) is spent.
    fn tick(&mut self) -> bool {
        if self.expired {
            return false;
        }
        self.nodes = self.nodes.saturating_add(1);
        if self.nodes > self.limit {
            self.expired = true;
        } else if self.nodes.is_multiple_of(CLOCK_EVERY)
            && let Some(d) = self.deadline
            && Instant::now() >= d
        {
            self.expired = true;
        }
        !self.expired
    }
}

/// The loser is to move, in check, without a legal move.
fn loser_mated(pos: &Chess, winner: Color, no_moves: bool) -> bool {
    no_moves && pos.turn() != winner && pos.is_check()
}

/// Result of playing forced moves.
enum Forced {
    /// Decided on the way.
    Done(Verdict),
    /// Not decided: the position reached (the prefix is in `line`).
    Open(Chess),
}

/// Tiers 1 and 2: play forced moves (at most `cap` plies), recording them in `line`.
fn fast_forward(pos: &Chess, winner: Color, cap: usize, line: &mut Vec<Move>) -> Forced {
    let mut pos = pos.clone();
    let mut seen: Vec<Key> = Vec::new();
    loop {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return Forced::Done(if loser_mated(&pos, winner, true) {
                Verdict::Winnable(Helpmate {
                    moves: line.clone(),
                })
            } else {
                Verdict::Unwinnable(Proof::Terminal)
            });
        }
        let [m] = moves.as_slice() else {
            return Forced::Open(pos);
        };
        if line.len() >= cap {
            return Forced::Open(pos);
        }
        let key = Key::new(&pos);
        if seen.contains(&key) {
            return Forced::Done(Verdict::Unwinnable(Proof::ForcedCycle));
        }
        seen.push(key);
        line.push(*m);
        pos.play_unchecked(*m);
    }
}

/// The forced moves from `pos`: while the side to move has exactly one legal move, at most
/// `cap` of them, stopping before a position would repeat (forced moves that cycle).
pub fn forced_moves(pos: &Chess, cap: usize) -> Vec<Move> {
    let mut line = Vec::new();
    // The winner only decides how a terminal position is classed, which is not asked here.
    let _ = fast_forward(pos, Color::White, cap, &mut line);
    line
}

/// Only pawns, bishops and kings on the board.
fn pawns_and_bishops_only(pos: &Chess) -> bool {
    let b = pos.board();
    (b.knights() | b.rooks_and_queens()).is_empty()
}

/// Tier 5: does every line of at most `depth` plies from `pos` reach a proof leaf? `nodes`
/// caps the work (false when exceeded). Recursion depth is at most `depth`, a small constant
/// chosen by the callers (never above [`QUICK_DEPTH_PB`]).
fn all_lines_end(pos: &Chess, winner: Color, depth: u32, nodes: &mut u32) -> bool {
    // Every position visited counts, leaves included: the cap bounds move generations.
    if *nodes == 0 {
        return false;
    }
    *nodes -= 1;
    let moves = pos.legal_moves();
    if moves.is_empty() {
        return !loser_mated(pos, winner, true);
    }
    if pos.has_insufficient_material(winner) {
        return true;
    }
    if depth == 0 {
        return false;
    }
    moves.iter().all(|&m| {
        let mut child = pos.clone();
        child.play_unchecked(m);
        all_lines_end(&child, winner, depth.min(QUICK_DEPTH_PB) - 1, nodes)
    })
}

/// Tiers 3–5 on an open position (after forced moves).
fn static_proof(pos: &Chess, winner: Color) -> Option<Proof> {
    if pos.has_insufficient_material(winner) {
        return Some(Proof::Material);
    }
    if semistatic::unwinnable(pos, winner) {
        return Some(Proof::SemiStatic);
    }
    // A search of depth `d` can only succeed if every line ends in a proof leaf; with more
    // pawns, rooks and queens than the loser can capture in `d` plies, the line where the
    // winner does not under-promote keeps one and never reaches the material lemma, so only
    // positions where every line ends in stalemate or mate could succeed: not worth the try
    // (skipping a sufficient test is always sound).
    let b = pos.board();
    let strong = (b.by_color(winner) & (b.pawns() | b.rooks_and_queens())).count();
    let worth = |depth: u32| strong <= depth.div_ceil(2) as usize;
    let mut nodes = QUICK_NODES;
    if worth(QUICK_DEPTH) && all_lines_end(pos, winner, QUICK_DEPTH, &mut nodes) {
        return Some(Proof::QuickSearch);
    }
    if pawns_and_bishops_only(pos) && worth(QUICK_DEPTH_PB) {
        let mut nodes = QUICK_NODES;
        if all_lines_end(pos, winner, QUICK_DEPTH_PB, &mut nodes) {
            return Some(Proof::QuickSearch);
        }
    }
    None
}

/// The fast, sound tier: `Some` only when `winner` provably cannot checkmate from `pos`. Costs
/// microseconds on ordinary positions (a few move generations); bounded by a small node cap.
pub fn quick(pos: &Chess, winner: Color) -> Option<Proof> {
    let mut line = Vec::new();
    match fast_forward(pos, winner, QUICK_FORCED, &mut line) {
        Forced::Done(Verdict::Unwinnable(p)) => Some(p),
        Forced::Done(_) => None,
        Forced::Open(p) => static_proof(&p, winner),
    }
}

/// One side's question, the cheapest answers first, as [`is_dead_given`] asks each side: the
/// forced moves and the material; a short helpmate probe (`IS_DEAD_PROBE_NODES` nodes), which
/// settles almost every position from games where the side can mate; the quick tier; then the
/// full procedure ([`analyse`]) with the whole budget.
pub fn answer(pos: &Chess, winner: Color, budget: &Budget) -> (Verdict, Stats) {
    let start = Instant::now();
    let mut meter = Meter::new(budget, start);
    let stats = |meter: &Meter| Stats {
        nodes: meter.nodes,
        elapsed: start.elapsed(),
    };
    let mut prefix = Vec::new();
    match fast_forward(pos, winner, QUICK_FORCED, &mut prefix) {
        Forced::Done(v) => return (v, stats(&meter)),
        Forced::Open(p) => {
            if p.has_insufficient_material(winner) {
                return (Verdict::Unwinnable(Proof::Material), stats(&meter));
            }
            if let Some(line) = front_probe(&p, winner, budget, &mut meter) {
                return (winnable(prefix, line), stats(&meter));
            }
        }
    }
    if let Some(p) = quick(pos, winner) {
        return (Verdict::Unwinnable(p), stats(&meter));
    }
    let (v, s) = analyse(pos, winner, budget);
    let stats = Stats {
        nodes: meter.nodes.saturating_add(s.nodes),
        elapsed: start.elapsed(),
    };
    (v, stats)
}

/// The full procedure for one side (see the module documentation for the tiers).
pub fn analyse(pos: &Chess, winner: Color, budget: &Budget) -> (Verdict, Stats) {
    let start = Instant::now();
    let mut meter = Meter::new(budget, start);
    let verdict = analyse_with(pos, winner, budget.positions, &mut meter);
    let stats = Stats {
        nodes: meter.nodes.min(budget.nodes),
        elapsed: start.elapsed(),
    };
    (verdict, stats)
}

fn winnable(mut prefix: Vec<Move>, rest: Vec<Move>) -> Verdict {
    prefix.extend(rest);
    Verdict::Winnable(Helpmate { moves: prefix })
}

fn analyse_with(pos: &Chess, winner: Color, positions: usize, meter: &mut Meter) -> Verdict {
    let mut prefix = Vec::new();
    let pos = match fast_forward(pos, winner, FORCED_CAP, &mut prefix) {
        Forced::Done(v) => return v,
        Forced::Open(p) => p,
    };
    if let Some(p) = static_proof(&pos, winner) {
        return Verdict::Unwinnable(p);
    }
    let mut search = search::Search::new(winner, positions);

    // Tier 6: cheap mates (the probe).
    match probe(&mut search, &pos, PROBE_NODES, meter) {
        Some(search::Outcome::Mate(line)) => return winnable(prefix, line),
        Some(search::Outcome::Complete) => {
            // The probe's iterations are at least PROBE_FROM deep; the last one completed.
            return Verdict::Unwinnable(Proof::Search {
                depth: search.depth().unsigned_abs(),
            });
        }
        Some(search::Outcome::Spent) => return undetermined(meter),
        Some(search::Outcome::Cut | search::Outcome::Paused) | None => {}
    }

    // Tier 6b: the semi-static tier again, counting the loser's blockers (slower than in
    // `quick`, so only once the probe has failed).
    if semistatic::unwinnable_counting(&pos, winner) {
        return Verdict::Unwinnable(Proof::SemiStatic);
    }

    // Tier 6c: check chains, static proofs at their ends.
    match chain::chain(&pos, winner, CHAIN_POSITIONS.min(positions), meter) {
        chain::Chain::Mate(line) => return winnable(prefix, line),
        chain::Chain::Complete(positions) => {
            return Verdict::Unwinnable(Proof::Chain { positions });
        }
        chain::Chain::Open => {}
        chain::Chain::Spent => return undetermined(meter),
    }

    // Tier 7: small closure.
    let small = CLOSURE_SMALL.min(positions);
    match closure::closure(&pos, winner, small, small, meter) {
        closure::Closure::Mate(line) => return winnable(prefix, line),
        closure::Closure::Complete(positions) => {
            return Verdict::Unwinnable(Proof::Closure { positions });
        }
        closure::Closure::TooBig => {}
        closure::Closure::Spent => return undetermined(meter),
    }

    // Tier 7b: the guided searches taking turns.
    let mut late = guided(&pos, winner, positions);
    match late.run(&pos, GUIDED_EARLY, meter) {
        turns::Ended::Mate(line) => return winnable(prefix, line),
        turns::Ended::Proof(depth) => {
            return Verdict::Unwinnable(Proof::Search {
                depth: depth.unsigned_abs(),
            });
        }
        turns::Ended::Spent => return undetermined(meter),
        turns::Ended::Open => {}
    }

    // Tier 8: iterative deepening with a node limit per depth, within a quarter of the budget.
    let quarter = meter.nodes.saturating_add(meter.limit / 4);
    for depth in 2..=MAX_DEPTH {
        let left = quarter.saturating_sub(meter.nodes);
        if left == 0 {
            break;
        }
        let limit = PER_DEPTH_NODES
            .saturating_mul(depth.unsigned_abs().into())
            .min(left);
        match search.iteration(&pos, depth, limit, meter) {
            search::Outcome::Mate(line) => return winnable(prefix, line),
            search::Outcome::Complete => {
                return Verdict::Unwinnable(Proof::Search {
                    depth: depth.unsigned_abs(),
                });
            }
            search::Outcome::Cut | search::Outcome::Paused => {}
            search::Outcome::Spent => return undetermined(meter),
        }
    }

    // Tier 9: large closure (the search's table freed first: the two never hold memory at
    // once; the guided searches' small tables stay).
    search.release();
    let large = positions.saturating_mul(CLOSURE_LARGE);
    match closure::closure(&pos, winner, large, positions / 8 * 3, meter) {
        closure::Closure::Mate(line) => return winnable(prefix, line),
        closure::Closure::Complete(positions) => {
            return Verdict::Unwinnable(Proof::Closure { positions });
        }
        closure::Closure::TooBig => {}
        closure::Closure::Spent => return undetermined(meter),
    }

    // Tier 10: the plain deep search joins the guided ones until the budget runs out.
    late.add(search, 2, TURN_NODES.saturating_mul(PLAIN_TURNS));
    match late.run(&pos, u64::MAX, meter) {
        turns::Ended::Mate(line) => winnable(prefix, line),
        turns::Ended::Proof(depth) => Verdict::Unwinnable(Proof::Search {
            depth: depth.unsigned_abs(),
        }),
        turns::Ended::Spent | turns::Ended::Open => undetermined(meter),
    }
}

/// The guided searches of tiers 7b and 10, one guide read two ways: its potential and its
/// distances, each with one tempo per node. Each table holds at most a quarter of `positions`.
fn guided(pos: &Chess, winner: Color, positions: usize) -> turns::Turns {
    let guide = guide::Guide::new(pos, winner);
    let cap = positions / 4;
    let mut late = turns::Turns::default();
    for (style, tempo) in [
        (search::Style::Potential, true),
        (search::Style::Distances, true),
    ] {
        let search = search::Search::guided(winner, cap, guide.clone(), style, tempo);
        late.add(search, 1, TURN_NODES);
    }
    late
}

fn undetermined(meter: &Meter) -> Verdict {
    Verdict::Undetermined {
        nodes: meter.nodes.min(meter.limit),
    }
}

/// Depths of the iterations of the front probe ([`is_dead_given`], [`answer`]): one iteration at
/// this depth (a shallower one first spent nodes on lines the deeper one tries again).
pub(crate) const FRONT_DEPTH: i32 = 2;

/// The front probe: one iteration of the front-style search at `FRONT_DEPTH` within `nodes`
/// nodes; a helpmate found, if any.
fn front_probe(
    pos: &Chess,
    winner: Color,
    budget: &Budget,
    meter: &mut Meter,
) -> Option<Vec<Move>> {
    search::Search::with_front(winner, budget.positions, |search| {
        match search.iteration(pos, FRONT_DEPTH, IS_DEAD_PROBE_NODES, meter) {
            search::Outcome::Mate(line) => Some(line),
            _ => None,
        }
    })
}

/// Tier 6: helpmate search iterations at depths `PROBE_FROM` to `PROBE_DEPTH`, `nodes` nodes
/// in all. `Some(Mate)`, `Some(Complete)` (unwinnable: an iteration without a cut) or
/// `Some(Spent)` conclude; `None` hands on.
fn probe(
    search: &mut search::Search,
    pos: &Chess,
    nodes: u64,
    meter: &mut Meter,
) -> Option<search::Outcome> {
    let stop = meter.nodes.saturating_add(nodes);
    for depth in PROBE_FROM..=PROBE_DEPTH {
        let left = stop.saturating_sub(meter.nodes);
        if left == 0 {
            return None;
        }
        match search.iteration(pos, depth, left, meter) {
            search::Outcome::Cut => {}
            o => return Some(o),
        }
    }
    None
}

/// Material in pawn units (1, 3, 3, 5, 9), to guess which side is more likely to mate.
fn material(pos: &Chess, color: Color) -> u32 {
    let b = pos.board();
    let ours = b.by_color(color);
    (ours & b.pawns()).count() as u32
        + 3 * (ours & (b.knights() | b.bishops())).count() as u32
        + 5 * (ours & b.rooks()).count() as u32
        + 9 * (ours & b.queens()).count() as u32
}

/// What a caller already knows of one side when it asks [`is_dead_given`]: answers found
/// before (a winnable side is already an answer: the position is alive).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Known {
    /// Proved unable to checkmate, by this tier.
    Unwinnable(Proof),
    /// Not decided within the budget.
    Undetermined,
}

/// Node budgets of the rounds in which [`is_dead_given`] analyses the sides still open: each
/// round multiplies the last by this, from `ROUND_FIRST`, up to the whole budget.
pub(crate) const ROUND_GROWTH: u64 = 8;
/// Nodes of the first round of full analyses in [`is_dead_given`].
pub(crate) const ROUND_FIRST: u64 = 512;

/// Both sides (FIDE 5.2.2): dead iff neither can checkmate. See [`is_dead_given`].
pub fn is_dead(pos: &Chess, budget: &Budget) -> (Deadness, Stats) {
    is_dead_given(pos, budget, [None, None])
}

/// Both sides (FIDE 5.2.2), `known` (White's, Black's) already known and not asked again.
///
/// First the cheapest proof (material: most dead positions from games are bare kings and lemma
/// material), then a cheap helpmate probe for each side not proved, the side more likely to
/// mate (more material; White on a tie) first, which settles almost every live position in
/// tens of nodes; then the quick tier (the walls of locked pawns, much dearer than the probe on
/// a live position). The sides still open are then analysed in rounds, taking turns, with
/// budgets growing from `ROUND_FIRST` by `ROUND_GROWTH` up to the whole `budget`: a side
/// that mates easily is found at about the cost of the cheaper side, not after the dearer
/// side's whole budget. The answer is the one each side's analysis gives within the whole
/// budget, whatever the order (alive if either side is found to mate; dead if both are proved
/// unable; otherwise undetermined); the rounds only change the work. The total is at most about
/// twice the budget (and the rounds below it, an eighth more).
/// (Not on a position without moves: some unreachable inputs are mate with "insufficient"
/// material; the full procedure tests that first.)
pub fn is_dead_given(pos: &Chess, budget: &Budget, known: [Option<Known>; 2]) -> (Deadness, Stats) {
    let start = Instant::now();
    let index = |c: Color| usize::from(c == Color::Black);
    let sides = if material(pos, Color::Black) > material(pos, Color::White) {
        [Color::Black, Color::White]
    } else {
        [Color::White, Color::Black]
    };
    // Whether the position has no legal move: asked only about a side without mating
    // material (in most positions neither side is), and found once.
    let terminal = std::cell::OnceCell::new();
    let terminal = || *terminal.get_or_init(|| pos.legal_moves().is_empty());
    // Per side (White, Black): proved unable, or left undetermined.
    let mut proofs: [Option<Proof>; 2] = [None, None];
    let mut open = [true, true];
    for side in sides {
        let i = index(side);
        match known[i] {
            Some(Known::Unwinnable(p)) => {
                proofs[i] = Some(p);
                open[i] = false;
            }
            Some(Known::Undetermined) => open[i] = false,
            None => {
                if pos.has_insufficient_material(side) && !terminal() {
                    proofs[i] = Some(Proof::Material);
                    open[i] = false;
                }
            }
        }
    }
    let mut meter = Meter::new(budget, start);
    let done = |proofs: [Option<Proof>; 2], nodes: u64| {
        let stats = Stats {
            nodes,
            elapsed: start.elapsed(),
        };
        match proofs {
            [Some(white), Some(black)] => (Deadness::Dead { white, black }, stats),
            _ => (Deadness::Undetermined { nodes }, stats),
        }
    };
    if !open.contains(&true) {
        return done(proofs, 0);
    }
    let alive = |winner: Color, helpmate: Helpmate, nodes: u64| {
        let stats = Stats {
            nodes,
            elapsed: start.elapsed(),
        };
        (Deadness::Alive { winner, helpmate }, stats)
    };
    for winner in sides {
        if !open[index(winner)] {
            continue;
        }
        let mut prefix = Vec::new();
        if let Forced::Open(p) = fast_forward(pos, winner, QUICK_FORCED, &mut prefix)
            && let Some(line) = front_probe(&p, winner, budget, &mut meter)
        {
            prefix.extend(line);
            return alive(winner, Helpmate { moves: prefix }, meter.nodes);
        }
    }
    let mut nodes: u64 = meter.nodes;
    for side in sides {
        let i = index(side);
        if open[i]
            && let Some(p) = quick(pos, side)
        {
            proofs[i] = Some(p);
            open[i] = false;
        }
    }
    let mut round = ROUND_FIRST.min(budget.nodes);
    while open.contains(&true) {
        let last = round >= budget.nodes;
        for winner in sides {
            let i = index(winner);
            if !open[i] {
                continue;
            }
            let (v, s) = analyse(
                pos,
                winner,
                &Budget {
                    nodes: round,
                    ..*budget
                },
            );
            nodes = nodes.saturating_add(s.nodes);
            match v {
                Verdict::Winnable(helpmate) => return alive(winner, helpmate, nodes),
                Verdict::Unwinnable(p) => {
                    proofs[i] = Some(p);
                    open[i] = false;
                }
                Verdict::Undetermined { .. } if last => open[i] = false,
                Verdict::Undetermined { .. } => {}
            }
        }
        round = round.saturating_mul(ROUND_GROWTH).min(budget.nodes);
    }
    done(proofs, nodes)
}
