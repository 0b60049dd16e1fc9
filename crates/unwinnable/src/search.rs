//! Find-Helpmate (tiers 6, 8 and 10): depth-first search for a line ending with the loser mated,
//! over an explicit stack of frames (no recursion over plies), with the paper's
//! reward/normal/punish budgets and an exact-key transposition table. See the module
//! documentation for why an iteration that ends without a cut proves unwinnability.
//!
//! A search is scored in one of three [`Style`]s: the paper's, or one of two readings of a
//! [`Guide`] (the late tiers). Whatever the style, every legal move is tried, only at a
//! different cost and place in the order, so an iteration that ends without a cut is a proof in
//! every style. An iteration can be paused when its node allowance is spent and resumed later
//! with its stack and table as they were: the late tiers take turns between searches that way.

use std::collections::HashMap;
use std::sync::OnceLock;

use shakmaty::{Bitboard, Board, Chess, Color, Move, Position, Role, Square, attacks};

use super::guide::Guide;
use super::key::{BuildKeyHasher, Key};
use super::legal::{has_legal_move, legal_moves, legal_moves_marking_checks};
use super::{MAX_LINE, Meter, PUNISH_COST, loser_mated};

/// Move classes, in the order they are tried. `MATE` is a winner's move that checkmates at
/// once (costs nothing, like a rewarded move). A normal move costs 1, nothing right after a
/// rewarded move; a guided search with one tempo keeps that for one normal move per node
/// (`TEMPO`) and makes the others `STRICT` (always 1).
const MATE: u8 = 0;
const REWARD: u8 = 1;
const TEMPO: u8 = 2;
const NORMAL: u8 = 3;
const STRICT: u8 = 4;
const PUNISH: u8 = 5;
const CLASSES: [u8; 6] = [MATE, REWARD, TEMPO, NORMAL, STRICT, PUNISH];
/// A move not classed yet (a frame's moves are classed when a pass over them reaches them).
const UNKNOWN: u8 = u8::MAX;

/// A class's bit in a set of classes.
fn class_bit(class: u8) -> u8 {
    1u8.checked_shl(u32::from(class)).unwrap_or(0)
}

/// How a search scores moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Style {
    /// The paper's scoring (`Scorer::class`): captures, pawn moves, kings and knights nearing
    /// a mating corner on an empty board.
    Plain,
    /// The guide's distances: a piece nearing its targets on the blocked board, or a winner's
    /// piece leaving the net, is rewarded (`Scorer::by_distances`).
    Distances,
    /// The guide's potential: a move lowering it is rewarded, one raising it strict
    /// (`Scorer::by_potential`).
    Potential,
    /// The first probe's: the loser's king where it stands (`Front`): a winner's move that
    /// attacks a square of its zone not yet covered, the loser's pieces blocking their own king
    /// and its king stepping to a square with fewer ways out are rewarded.
    Front,
}

/// How one iteration ended, or stopped.
pub(crate) enum Outcome {
    /// A helpmate from the root.
    Mate(Vec<Move>),
    /// Finished without any cut: unwinnable.
    Complete,
    /// Finished with some line cut, or (`iteration`) stopped by its node limit: nothing proven.
    Cut,
    /// (`run`) Its node allowance spent: `run` again goes on where it stopped.
    Paused,
    /// The global budget (nodes or time) ran out.
    Spent,
}

/// What entering one node did.
enum Step {
    Mate,
    /// A proof leaf, or a node already expanded in this iteration.
    Leaf,
    /// Cut by depth or line length.
    Cut,
    /// Pushed on the stack for expansion.
    Pushed,
    /// The iteration's node limit.
    Limit,
    /// The global budget.
    Spent,
}

struct Frame {
    pos: Chess,
    /// This node's moves are `list[start..end]`, in the order they were generated, each with
    /// its class once known. They are tried class by class (`MATE` first), and within a class
    /// in that order: the order of a stable sort by class, without classing the moves a search
    /// never reaches (a frame tries one or two of its twenty-odd moves, as a rule).
    start: usize,
    end: usize,
    /// The class being tried, and the next index of `list` to look at for it.
    class: u8,
    next: usize,
    /// The classes some move of the frame has, one bit each, as far as known: `MATE`'s from
    /// the start, the others once `classed`. A pass over a class no move has is skipped.
    present: u8,
    /// Every move of the frame is classed (a pass other than `MATE`'s has reached the end,
    /// or the classer classed them all at once).
    classed: bool,
    /// The index of the move tried last (`usize::MAX` before the first).
    last: usize,
    /// Classes the moves not classed yet.
    classer: Classer,
    /// Remaining budget (plies) at this node.
    remaining: i32,
    /// The move into this node was rewarded (a normal reply then costs nothing).
    rewarded: bool,
}

/// Entries the table is made with: a probe of tens of nodes then never grows it.
const TABLE_START: usize = 128;

/// Largest table a thread's spare search keeps ([`Search::with_front`]).
const SPARE_KEPT: usize = 4096;

thread_local! {
    /// This thread's spare front-style search ([`Search::with_front`]).
    static SPARE: std::cell::Cell<Option<Search>> = const { std::cell::Cell::new(None) };
}

pub(crate) struct Search {
    winner: Color,
    /// Position -> remaining budget it was expanded with, in the current iteration.
    table: HashMap<Key, i32, BuildKeyHasher>,
    frames: Vec<Frame>,
    /// The moves of every frame on the stack, with their classes, frame after frame (one
    /// buffer for the whole search instead of a 256-entry list per node).
    list: Vec<(Move, u8)>,
    /// The moves of the node being entered that may give check, as indices into `list` (the
    /// winner's nodes: a mate in one is looked for among them).
    checks: Vec<usize>,
    /// Most entries the table may hold; past it, nodes are expanded without an entry (fewer
    /// transpositions pruned, never a wrong answer: pruning needs an entry).
    cap: usize,
    /// Depth of the last iteration.
    depth: i32,
    style: Style,
    /// The late tiers' guidance (`None` in the plain style).
    guide: Option<Guide>,
    /// Only one normal move per node is free after a rewarded move (guided styles).
    tempo: bool,
    /// The root of the iteration begun, until it is entered.
    pending: Option<Chess>,
    /// Some line of the running iteration was cut.
    cut: bool,
}

impl Search {
    pub(crate) fn new(winner: Color, cap: usize) -> Search {
        Search {
            winner,
            table: HashMap::with_capacity_and_hasher(cap.min(TABLE_START), Default::default()),
            frames: Vec::new(),
            list: Vec::new(),
            checks: Vec::new(),
            cap,
            depth: 0,
            style: Style::Plain,
            guide: None,
            tempo: false,
            pending: None,
            cut: false,
        }
    }

    /// A search scored in the front style (the first probe).
    pub(crate) fn front(winner: Color, cap: usize) -> Search {
        Search {
            style: Style::Front,
            ..Search::new(winner, cap)
        }
    }

    /// Runs `f` with a front-style search made from this thread's spare one, kept between
    /// calls: a probe of tens of nodes, asked of almost every position, would otherwise spend
    /// as long making and growing its table, stack and move list as searching. The spare is
    /// kept only while its table is small (a probe's never grows past `SPARE_KEPT`).
    pub(crate) fn with_front<R>(winner: Color, cap: usize, f: impl FnOnce(&mut Search) -> R) -> R {
        // Only the buffers are kept: every other field is set here, all of them named (a
        // field added to `Search` must be said here too).
        let mut search = match SPARE.with(|s| s.take()) {
            Some(Search {
                table,
                frames,
                list,
                checks,
                ..
            }) => Search {
                winner,
                table,
                frames,
                list,
                checks,
                cap,
                depth: 0,
                style: Style::Front,
                guide: None,
                tempo: false,
                pending: None,
                cut: false,
            },
            None => Search::front(winner, cap),
        };
        let r = f(&mut search);
        if search.table.capacity() <= SPARE_KEPT {
            SPARE.with(|s| s.set(Some(search)));
        }
        r
    }

    /// A search scored by `guide` in `style` (with one tempo per node if `tempo`).
    pub(crate) fn guided(
        winner: Color,
        cap: usize,
        guide: Guide,
        style: Style,
        tempo: bool,
    ) -> Search {
        Search {
            style,
            guide: Some(guide),
            tempo,
            ..Search::new(winner, cap)
        }
    }

    /// Frees the table (its capacity stays otherwise), before the large closure.
    pub(crate) fn release(&mut self) {
        self.table = HashMap::default();
        self.frames = Vec::new();
        self.list = Vec::new();
        self.checks = Vec::new();
    }

    /// Depth of the last iteration run.
    pub(crate) fn depth(&self) -> i32 {
        self.depth
    }

    /// One iteration at `depth` with at most `limit` nodes (on top of the global budget).
    pub(crate) fn iteration(
        &mut self,
        root: &Chess,
        depth: i32,
        limit: u64,
        meter: &mut Meter,
    ) -> Outcome {
        self.begin(root, depth);
        match self.run(limit, meter) {
            Outcome::Paused => Outcome::Cut,
            o => o,
        }
    }

    /// Begins an iteration at `depth` from `root`, to be run by [`Search::run`].
    pub(crate) fn begin(&mut self, root: &Chess, depth: i32) {
        self.depth = depth;
        self.table.clear();
        self.frames.clear();
        self.list.clear();
        self.cut = false;
        self.pending = Some(root.clone());
    }

    /// Runs the iteration begun, at most `limit` more nodes (on top of the global budget):
    /// `Paused` when they are spent, with the stack and the table kept for the next call.
    pub(crate) fn run(&mut self, limit: u64, meter: &mut Meter) -> Outcome {
        let stop_at = meter.nodes.saturating_add(limit);
        if let Some(root) = self.pending.take() {
            match self.enter(root.clone(), self.depth, false, stop_at, meter) {
                Step::Mate => return Outcome::Mate(Vec::new()),
                Step::Leaf => return Outcome::Complete,
                Step::Cut => return Outcome::Cut,
                Step::Limit => {
                    self.pending = Some(root);
                    return Outcome::Paused;
                }
                Step::Spent => return Outcome::Spent,
                Step::Pushed => {}
            }
        }
        while let Some(top) = self.frames.last_mut() {
            let Some((m, class)) = top.next_move(&mut self.list) else {
                let start = top.start;
                self.frames.pop();
                self.list.truncate(start);
                continue;
            };
            let cost = match class {
                MATE | REWARD => 0,
                TEMPO | NORMAL if top.rewarded => 0,
                TEMPO | NORMAL | STRICT => 1,
                _ => PUNISH_COST,
            };
            let remaining = top.remaining.saturating_sub(cost);
            // A child its budget would cut, once some line of this iteration is cut already:
            // entering it could only count a node or find a leaf, which no longer changes how
            // the iteration ends. It cannot be the loser mated: a winner's mating move is
            // classed `MATE`, costs nothing and is tried first (mate_in_one), and a loser's
            // move never mates the loser. The moves after it cost as much or more (the classes
            // are in the order of their costs), so this node is done. (Most nodes of a shallow
            // iteration were such children: each cost a move generation.)
            if remaining < 0 && self.cut {
                top.class = CLASSES.len() as u8;
                continue;
            }
            let mut child = top.pos.clone();
            child.play_unchecked(m);
            match self.enter(child, remaining, class <= REWARD, stop_at, meter) {
                Step::Mate => {
                    let line = self
                        .frames
                        .iter()
                        .filter_map(|f| self.list.get(f.last).map(|e| e.0))
                        .collect();
                    return Outcome::Mate(line);
                }
                Step::Leaf | Step::Pushed => {}
                Step::Cut => self.cut = true,
                Step::Limit => {
                    // The move is tried again on resuming (the node it entered was counted,
                    // not expanded).
                    if let Some(top) = self.frames.last_mut() {
                        top.next = top.last;
                    }
                    return Outcome::Paused;
                }
                Step::Spent => return Outcome::Spent,
            }
        }
        if self.cut {
            Outcome::Cut
        } else {
            Outcome::Complete
        }
    }

    fn enter(
        &mut self,
        pos: Chess,
        remaining: i32,
        rewarded: bool,
        stop_at: u64,
        meter: &mut Meter,
    ) -> Step {
        // The table first: an entry is written only for a node expanded in full (neither
        // terminal nor a material-lemma leaf), so a hit is a leaf whatever its moves, and a
        // transposition costs no move generation.
        let key = Key::new(&pos);
        if self.table.get(&key).is_some_and(|&r| r >= remaining) {
            return Step::Leaf;
        }
        // The moves go straight onto the end of the list, taken off again unless the node is
        // expanded.
        let start = self.list.len();
        let list = &mut self.list;
        let checks = &mut self.checks;
        checks.clear();
        if pos.turn() == self.winner {
            legal_moves_marking_checks(&pos, |m, check| {
                if check {
                    checks.push(list.len());
                }
                list.push((m, UNKNOWN));
            });
        } else {
            legal_moves(&pos, |m| list.push((m, UNKNOWN)));
        }
        let step = if self.list.len() == start {
            if loser_mated(&pos, self.winner, true) {
                Step::Mate
            } else {
                Step::Leaf
            }
        } else if pos.has_insufficient_material(self.winner) {
            Step::Leaf
        } else if !meter.tick() {
            Step::Spent
        } else if meter.nodes > stop_at {
            Step::Limit
        } else if remaining < 0 || self.frames.len() >= MAX_LINE {
            Step::Cut
        } else {
            Step::Pushed
        };
        if !matches!(step, Step::Pushed) {
            self.list.truncate(start);
            return step;
        }
        if self.table.len() < self.cap {
            self.table.insert(key, remaining);
        } else if let Some(r) = self.table.get_mut(&key) {
            *r = remaining;
        }
        let guide = self.guide.as_ref().map(|g| (g, self.style, self.tempo));
        let (classer, present) = order(
            &pos,
            start,
            &self.checks,
            self.winner,
            self.style,
            guide,
            &mut self.list,
        );
        let classed = matches!(classer, Classer::Known);
        self.frames.push(Frame {
            pos,
            start,
            end: self.list.len(),
            class: MATE,
            next: start,
            present,
            classed,
            last: usize::MAX,
            classer,
            remaining,
            rewarded,
        });
        Step::Pushed
    }
}

impl Frame {
    /// The next move to try, and its class: the passes go through the classes in order, and
    /// a pass through the moves not tried yet, classing each it reaches (the `MATE` pass
    /// classes none: only `mate_in_one` finds that class). `None` once every move is tried.
    fn next_move(&mut self, list: &mut [(Move, u8)]) -> Option<(Move, u8)> {
        while usize::from(self.class) < CLASSES.len() {
            let known = self.classed || self.class == MATE;
            if !known || self.present & class_bit(self.class) != 0 {
                while self.next < self.end {
                    let i = self.next;
                    self.next += 1;
                    let Some(entry) = list.get_mut(i) else { break };
                    if entry.1 == UNKNOWN && self.class != MATE {
                        entry.1 = self.classer.class(entry.0);
                        self.present |= class_bit(entry.1);
                    }
                    if entry.1 == self.class {
                        self.last = i;
                        return Some(*entry);
                    }
                }
                self.classed |= self.class != MATE;
            }
            self.class += 1;
            self.next = self.start;
        }
        None
    }
}

/// How the moves of a frame not classed yet are classed.
enum Classer {
    /// In the front style.
    Front(Front),
    /// In the paper's style.
    Plain(Scorer),
    /// Every move was classed when the frame was made (the guided styles: one tempo is chosen
    /// among all the normal moves).
    Known,
}

impl Classer {
    fn class(&self, m: Move) -> u8 {
        match self {
            Classer::Front(f) => f.class(m),
            Classer::Plain(s) => s.class(m),
            Classer::Known => NORMAL,
        }
    }
}

/// Classes the moves of a node, `list[start..]` (in the order generated, classed `UNKNOWN`): a
/// mate in one `MATE` (the winner to move; looked for among `checks`, the indices of the moves
/// that may give check); the other moves classed now in the guided styles, and otherwise left
/// to the returned classer (rewarded, tempo, normal, strict, punished). With it, the classes
/// known to be present: all of them when every move is classed now, else `MATE`'s.
fn order(
    pos: &Chess,
    start: usize,
    checks: &[usize],
    winner: Color,
    style: Style,
    guide: Option<(&Guide, Style, bool)>,
    list: &mut [(Move, u8)],
) -> (Classer, u8) {
    let moves = list.get_mut(start..).unwrap_or_default();
    let scorer = || Scorer::new(pos.board(), winner, pos.turn() == winner);
    let classer = if let Some((g, style, tempo)) = guide {
        let jailed = g.jailed(pos.board());
        let scorer = scorer();
        for (m, c) in moves.iter_mut() {
            *c = match style {
                Style::Distances => scorer.by_distances(g, jailed, *m),
                Style::Potential => scorer.by_potential(g, jailed, *m),
                _ => scorer.class(*m),
            };
        }
        if tempo {
            one_tempo(pos, moves, winner);
        }
        Classer::Known
    } else {
        match (style == Style::Front)
            .then(|| Front::new(pos, winner))
            .flatten()
        {
            Some(front) => Classer::Front(front),
            None => Classer::Plain(scorer()),
        }
    };
    let mut mate = false;
    if pos.turn() == winner
        && let Some(i) = first_mate(
            pos,
            checks.iter().filter_map(|&i| Some((i, list.get(i)?.0))),
        )
        && let Some(entry) = list.get_mut(i)
    {
        entry.1 = MATE;
        mate = true;
    }
    let present = match classer {
        Classer::Known => list
            .get(start..)
            .unwrap_or_default()
            .iter()
            .fold(0, |p, e| p | class_bit(e.1)),
        _ if mate => class_bit(MATE),
        _ => 0,
    };
    (classer, present)
}

/// Of the normal moves, keeps one as the tempo (free after a rewarded move) and makes the others
/// strict: the move of the piece farthest from the loser's king, a king last (a piece far from
/// the action is the likeliest to wait without spoiling a plan). Waiting moves are what a
/// helpmate plan needs between the two sides' progress, and which piece waits rarely matters:
/// one free choice instead of dozens keeps the cheap lines few.
fn one_tempo(pos: &Chess, moves: &mut [(Move, u8)], winner: Color) {
    let Some(king) = pos.board().king_of(!winner) else {
        return;
    };
    let mut best: Option<(u32, usize)> = None;
    for (i, &(m, c)) in moves.iter().enumerate() {
        if c != NORMAL {
            continue;
        }
        let far = m.from().map_or(0, |f| f.distance(king));
        let score = 2 * far + u32::from(m.role() != Role::King);
        if best.is_none_or(|(b, _)| score > b) {
            best = Some((score, i));
        }
    }
    for (i, (_, c)) in moves.iter_mut().enumerate() {
        if *c == NORMAL {
            *c = if best.is_some_and(|(_, b)| b == i) {
                TEMPO
            } else {
                STRICT
            };
        }
    }
}

/// A move that checkmates, if the side to move has one: the first in the order of shakmaty's
/// `legal_moves`. Only the moves that may give check are played out.
pub(crate) fn mate_in_one(pos: &Chess) -> Option<Move> {
    let mut checks = Vec::new();
    legal_moves_marking_checks(pos, |m, check| {
        if check {
            checks.push(m);
        }
    });
    let i = first_mate(pos, checks.iter().copied().enumerate())?;
    checks.get(i).copied()
}

/// The key of the first of `candidates` (a key and a legal move) that checkmates.
fn first_mate(pos: &Chess, candidates: impl IntoIterator<Item = (usize, Move)>) -> Option<usize> {
    candidates.into_iter().find_map(|(i, m)| {
        if flight_after(pos, m) {
            return None;
        }
        let mut child = pos.clone();
        child.play_unchecked(m);
        mated(&child).then_some(i)
    })
}

/// Whether, after `m` (a legal move of a plain kind: not castling or en passant, which answer
/// `false`), the enemy king has a square to step to that the mover's pieces do not attack: then
/// `m` does not mate, and need not be played out. The test `mated` makes, on the position as it
/// stands: the moved piece counted on its new square only, the king's square seen through.
fn flight_after(pos: &Chess, m: Move) -> bool {
    let Move::Normal {
        role,
        from,
        to,
        promotion,
        ..
    } = m
    else {
        return false;
    };
    let board = pos.board();
    let winner = pos.turn();
    let Some(king) = board.king_of(!winner) else {
        return false;
    };
    let occupied =
        ((board.occupied() ^ Bitboard::from(from)) | Bitboard::from(to)) ^ Bitboard::from(king);
    let reach = match promotion.unwrap_or(role) {
        Role::Pawn => attacks::pawn_attacks(winner, to),
        Role::Knight => attacks::knight_attacks(to),
        Role::Bishop => attacks::bishop_attacks(to, occupied),
        Role::Rook => attacks::rook_attacks(to, occupied),
        Role::Queen => attacks::queen_attacks(to, occupied),
        Role::King => attacks::king_attacks(to),
    };
    let flights =
        attacks::king_attacks(king) & !(board.by_color(!winner) & !Bitboard::from(to)) & !reach;
    flights
        .into_iter()
        .any(|sq| (board.attacks_to(sq, winner, occupied) & !Bitboard::from(from)).is_empty())
}

/// The side to move is checkmated. A king with a safe square to step to is not, which is
/// settled without generating the evasions (most checks leave one).
pub(crate) fn mated(pos: &Chess) -> bool {
    let checkers = pos.checkers();
    if checkers.is_empty() {
        return false;
    }
    let board = pos.board();
    let Some(king) = board.king_of(pos.turn()) else {
        return false;
    };
    let occupied = board.occupied() ^ Bitboard::from(king);
    let flights = attacks::king_attacks(king) & !board.by_color(pos.turn());
    if flights
        .into_iter()
        .any(|sq| board.attacks_to(sq, !pos.turn(), occupied).is_empty())
    {
        return false;
    }
    !has_legal_move(pos)
}

/// The front style's view of a node: the loser's king where it stands and its zone (its square
/// and the squares next to it), which of them are covered (attacked by the winner, or holding a
/// loser's piece), and what the side to move needs.
struct Front {
    winner_to_move: bool,
    winner: Color,
    king: Square,
    zone: Bitboard,
    /// Found only where the winner is to move (the loser's moves are not classed by it).
    covered: Bitboard,
    occupied: Bitboard,
    /// Free squares next to the loser's king (not its own pieces'), for its own steps.
    ways_out: u32,
}

impl Front {
    fn new(pos: &Chess, winner: Color) -> Option<Front> {
        let board = pos.board();
        let king = board.king_of(!winner)?;
        let zone = attacks::king_attacks(king) | Bitboard::from(king);
        let occupied = board.occupied();
        let winner_to_move = pos.turn() == winner;
        let mut covered = zone & board.by_color(!winner);
        // Only the winner's moves are classed by what they cover (half the nodes are the
        // loser's, and this is most of the view's cost).
        if winner_to_move {
            for sq in zone & !covered {
                if board.attacks_to(sq, winner, occupied).any() {
                    covered |= Bitboard::from(sq);
                }
            }
        }
        Some(Front {
            winner_to_move,
            winner,
            king,
            zone,
            covered,
            occupied,
            ways_out: (attacks::king_attacks(king) & !board.by_color(!winner)).count() as u32,
        })
    }

    fn class(&self, m: Move) -> u8 {
        let Some(from) = m.from() else {
            return NORMAL;
        };
        let to = m.to();
        if self.winner_to_move {
            if m.role() == Role::Pawn || m.is_capture() {
                return REWARD;
            }
            let occ = (self.occupied ^ Bitboard::from(from)) | Bitboard::from(to);
            let role = m.promotion().unwrap_or(m.role());
            let reach = match role {
                Role::Pawn => attacks::pawn_attacks(self.winner, to),
                Role::Knight => attacks::knight_attacks(to),
                Role::Bishop => attacks::bishop_attacks(to, occ),
                Role::Rook => attacks::rook_attacks(to, occ),
                Role::Queen => attacks::queen_attacks(to, occ),
                Role::King => attacks::king_attacks(to),
            };
            if (reach & self.zone & !self.covered).any()
                || (role == Role::King && to.distance(self.king) < from.distance(self.king))
            {
                REWARD
            } else {
                NORMAL
            }
        } else if m.role() == Role::King {
            let out = (attacks::king_attacks(to) & !(self.occupied & !Bitboard::from(from))).count()
                as u32;
            let edge = |sq: Square| {
                let (f, r) = (u32::from(sq.file()), u32::from(sq.rank()));
                f.min(7 - f).min(r).min(7 - r)
            };
            if out < self.ways_out || edge(to) < edge(from) {
                REWARD
            } else if m.is_capture() {
                PUNISH
            } else {
                NORMAL
            }
        } else if m.is_capture() {
            PUNISH
        } else if attacks::king_attacks(self.king).contains(to) {
            REWARD
        } else {
            NORMAL
        }
    }
}

/// Target squares of the planned mate, for the side to move's king and knight.
struct Scorer {
    winner_to_move: bool,
    /// The winner's material has the Lemma 5/6 shape: it needs the loser's own pieces (as
    /// blockers) or promotions to mate.
    needs_help: bool,
    king: Square,
    knight: Square,
}

impl Scorer {
    fn new(board: &Board, winner: Color, winner_to_move: bool) -> Scorer {
        let ours = board.by_color(winner);
        let theirs = board.by_color(!winner);
        let wb = ours & board.bishops();
        let lb = theirs & board.bishops();
        // The mating corner: the colour of the winner's bishops; without one, the colour a
        // loser bishop could block on next to a dark corner.
        let dark = (wb & Bitboard::DARK_SQUARES).any()
            || (wb.is_empty() && (lb & Bitboard::LIGHT_SQUARES).any());
        // For White and the dark corner h8: loser king h8, loser knight g8 (blocking its own
        // king), winner king h6, winner knight f7 (a checking square).
        let (king, knight) = if winner_to_move {
            (Square::H6, Square::F7)
        } else {
            (Square::H8, Square::G8)
        };
        let place = |sq: Square| {
            let sq = if dark { sq } else { sq.flip_horizontal() };
            if winner == Color::White {
                sq
            } else {
                sq.rotate_180()
            }
        };
        let others = ours & !board.kings();
        let needs_help = if (others & (board.pawns() | board.rooks_and_queens())).any() {
            false
        } else if (others & board.knights()).any() {
            wb.is_empty() && (others & board.knights()).count() == 1
        } else {
            (wb & Bitboard::DARK_SQUARES).is_empty() || (wb & Bitboard::LIGHT_SQUARES).is_empty()
        };
        Scorer {
            winner_to_move,
            needs_help,
            king: place(king),
            knight: place(knight),
        }
    }

    fn approaches(&self, m: Move) -> bool {
        let Some(from) = m.from() else {
            return false;
        };
        let to = m.to();
        match m.role() {
            Role::King if !m.is_castle() => from.distance(self.king) > to.distance(self.king),
            Role::Knight => knight_distance(from, self.knight) > knight_distance(to, self.knight),
            // The loser's bishops come to block next to their king in the corner.
            Role::Bishop if !self.winner_to_move => {
                from.distance(self.king) > to.distance(self.king)
            }
            _ => false,
        }
    }

    fn class(&self, m: Move) -> u8 {
        if self.winner_to_move {
            if m.is_capture() || m.role() == Role::Pawn || self.approaches(m) {
                REWARD
            } else {
                NORMAL
            }
        } else if self.needs_help && m.role() == Role::Pawn {
            match m.promotion() {
                Some(Role::Queen | Role::Rook) => PUNISH,
                _ => REWARD,
            }
        } else if self.approaches(m) {
            REWARD
        } else if m.is_capture() {
            PUNISH
        } else {
            NORMAL
        }
    }
}

impl Scorer {
    /// The class of `m` by the guide's distances: a capture or pawn move of the winner, a
    /// piece nearing its targets on the blocked board, a winner's piece leaving the net, and the
    /// loser's pawn captures (which open files in locked positions) are rewarded; the loser's
    /// other captures and the punished moves punished.
    fn by_distances(&self, guide: &Guide, jailed: bool, m: Move) -> u8 {
        if guide.punished(m) {
            return PUNISH;
        }
        if self.winner_to_move {
            let near = guide.approaches(guide.winner(), m, jailed) || guide.clears(m);
            return if m.is_capture() || m.role() == Role::Pawn || near {
                REWARD
            } else {
                NORMAL
            };
        }
        if let Some(c) = self.loser_pawn(m) {
            c
        } else if guide.frees(m) || guide.approaches(!guide.winner(), m, jailed) {
            REWARD
        } else if m.is_capture() {
            PUNISH
        } else {
            NORMAL
        }
    }

    /// The class of `m` by the guide's potential: lowering it is rewarded, raising it strict;
    /// captures and pawn moves as in [`Scorer::by_distances`].
    fn by_potential(&self, guide: &Guide, jailed: bool, m: Move) -> u8 {
        if guide.punished(m) {
            return PUNISH;
        }
        let color = if self.winner_to_move {
            guide.winner()
        } else {
            !guide.winner()
        };
        let delta = guide.delta(color, m, jailed);
        let by_delta = match delta.signum() {
            -1 => REWARD,
            0 => NORMAL,
            _ => STRICT,
        };
        if self.winner_to_move {
            return if m.is_capture() || m.role() == Role::Pawn {
                REWARD
            } else {
                by_delta
            };
        }
        if let Some(c) = self.loser_pawn(m) {
            c
        } else if delta < 0 || guide.frees(m) {
            REWARD
        } else if m.is_capture() {
            PUNISH
        } else {
            by_delta
        }
    }

    /// The class of a loser's pawn move where the guided styles fix it: a capture (it opens a
    /// file), and the pawn moves of the Lemma 5/6 shapes as in [`Scorer::class`].
    fn loser_pawn(&self, m: Move) -> Option<u8> {
        if m.role() != Role::Pawn {
            return None;
        }
        if m.is_capture() {
            return Some(REWARD);
        }
        self.needs_help.then_some(match m.promotion() {
            Some(Role::Queen | Role::Rook) => PUNISH,
            _ => REWARD,
        })
    }
}

/// Knight moves between two squares on an empty board (breadth first, so the corner cases
/// such as a1 to b2 needing 4 moves come out right).
fn knight_distance(a: Square, b: Square) -> u8 {
    static TABLE: OnceLock<Vec<[u8; 64]>> = OnceLock::new();
    let table = TABLE.get_or_init(|| {
        let mut t = vec![[u8::MAX; 64]; 64];
        for (row, start) in t.iter_mut().zip(Square::ALL) {
            let mut frontier = Bitboard::from(start);
            let mut seen = frontier;
            let mut d = 0u8;
            while frontier.any() {
                for sq in frontier {
                    if let Some(c) = row.get_mut(sq.to_usize()) {
                        *c = d;
                    }
                }
                let mut next = Bitboard::EMPTY;
                for sq in frontier {
                    next |= attacks::knight_attacks(sq);
                }
                frontier = next & !seen;
                seen |= next;
                d = d.saturating_add(1);
            }
        }
        t
    });
    table
        .get(a.to_usize())
        .and_then(|row| row.get(b.to_usize()))
        .copied()
        .unwrap_or(u8::MAX)
}
