//! Can a side still checkmate? The unwinnability engine's answers (`crate::unwinnable`) as the
//! facts `can_checkmate`, `checkmate_undetermined`, `dead_position` and
//! `dead_position_undetermined` read them, and the evidence a ruling carries for them.
//!
//! Three answers, never a guess: a side *can* checkmate (a helpmate, replayed to mate, is the
//! evidence), *cannot* (the engine's tier that proved it), or the question is *undetermined*
//! within the budget (the nodes spent). A rulebook says what each answer means; 5.2.2 and 6.9
//! in `rules/fide-2018` let the arbiter decide an undetermined one.
//!
//! Dead positions are found per game, not per ply: a position reachable from a dead one is dead,
//! so the dead plies of a game are a suffix. The adjudicator plays the game once with the
//! material test alone (free at every ply: [`DeadPlies::Material`]), then analyses the last
//! position reached. Alive there, the first pass was exact. Otherwise it finds the first ply not
//! proved alive by a binary search over the plies and plays the game again knowing it
//! ([`DeadPlies::From`]).

use serde::{Serialize, Serializer};
use shakmaty::san::SanPlus;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Color, Move, Position};

use crate::unwinnable::{self, Budget, Helpmate, Known, Proof};
use crate::value::ser_side;

/// The locale message that says which tier of the engine proved a side unable to checkmate
/// (`tier-NAME`), and its arguments.
pub fn tier_message(p: Proof) -> (&'static str, Vec<(&'static str, i64)>) {
    match p {
        Proof::Material => ("tier-material", vec![]),
        Proof::Terminal => ("tier-terminal", vec![]),
        Proof::ForcedCycle => ("tier-forced-cycle", vec![]),
        Proof::SemiStatic => ("tier-semi-static", vec![]),
        Proof::QuickSearch => ("tier-quick-search", vec![]),
        Proof::Search { depth } => ("tier-search", vec![("depth", i64::from(depth))]),
        Proof::Closure { positions } => (
            "tier-closure",
            vec![("positions", i64::try_from(positions).unwrap_or(i64::MAX))],
        ),
        Proof::Chain { .. } => ("tier-check-chain", vec![]),
    }
}

/// Every message [`tier_message`] can name (the renderer checks they exist).
pub const TIER_MESSAGES: [&str; 8] = [
    "tier-material",
    "tier-terminal",
    "tier-forced-cycle",
    "tier-semi-static",
    "tier-quick-search",
    "tier-search",
    "tier-closure",
    "tier-check-chain",
];

/// A proof as the JSON writes it: the tier's kebab-case name, and the figure it carries
/// beside it (`{"tier": "search", "depth": 7}`, `{"tier": "closure", "positions": 412}`).
fn ser_proof<S: Serializer>(p: &Proof, s: S) -> Result<S::Ok, S::Error> {
    use serde::ser::SerializeMap;
    let wide = |n: usize| u64::try_from(n).unwrap_or(u64::MAX);
    let (name, figure) = match *p {
        Proof::Material => ("material", None),
        Proof::Terminal => ("terminal", None),
        Proof::ForcedCycle => ("forced-cycle", None),
        Proof::SemiStatic => ("semi-static", None),
        Proof::QuickSearch => ("quick-search", None),
        Proof::Search { depth } => ("search", Some(("depth", u64::from(depth)))),
        Proof::Closure { positions } => ("closure", Some(("positions", wide(positions)))),
        Proof::Chain { positions } => ("chain", Some(("positions", wide(positions)))),
    };
    let mut m = s.serialize_map(Some(1 + usize::from(figure.is_some())))?;
    m.serialize_entry("tier", name)?;
    if let Some((key, value)) = figure {
        m.serialize_entry(key, &value)?;
    }
    m.end()
}

/// A series of legal moves from a position: in SAN with move numbers as a reader writes it
/// (`57…Kb2 58.Kd1 Qd2#`), and each move in SAN and UCI for programs.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Line {
    pub text: String,
    pub san: Vec<String>,
    pub uci: Vec<String>,
    /// Its length in plies.
    pub plies: usize,
}

impl Line {
    /// `moves`, legal one after the other from `pos`.
    pub fn new(pos: &Chess, moves: &[Move]) -> Line {
        let mut pos = pos.clone();
        let (mut text, mut san, mut uci) = (String::new(), Vec::new(), Vec::new());
        for (i, &m) in moves.iter().enumerate() {
            let number = pos.fullmoves().get();
            match pos.turn() {
                Color::White => text.push_str(&format!(" {number}.")),
                Color::Black if i == 0 => text.push_str(&format!(" {number}…")),
                Color::Black => text.push(' '),
            }
            let s = SanPlus::from_move_and_play_unchecked(&mut pos, m).to_string();
            text.push_str(&s);
            san.push(s);
            uci.push(UciMove::from_move(m, CastlingMode::Standard).to_string());
        }
        Line {
            text: text.trim_start().to_string(),
            plies: san.len(),
            san,
            uci,
        }
    }
}

/// Can a side still checkmate, as far as the budget let the engine find out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Winnability {
    /// Yes: this helpmate (legal moves from the position asked about, the last one mating)
    /// shows it. It is written out for a reader only when a ruling cites it ([`Evidence`]).
    Can(Helpmate),
    /// No, proved by this tier, after the forced moves (if any) that the proof's reason needs
    /// (see [`forced_line`]).
    Cannot { tier: Proof, forced: Option<Line> },
    /// The budget ran out after this many positions.
    Undetermined { nodes: u64 },
}

/// Is a position dead (FIDE 5.2.2)?
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DeadStatus {
    Alive,
    Dead { white: Proof, black: Proof },
    Undetermined { nodes: u64 },
}

/// Why a ruling that read one of the analysis facts holds: what the engine found.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Evidence {
    /// `side` can still checkmate, by this series of legal moves from the position (none with
    /// `--evidence none`).
    CanCheckmate {
        #[serde(serialize_with = "ser_side")]
        side: Color,
        #[serde(skip_serializing_if = "Option::is_none")]
        line: Option<Line>,
    },
    /// `side` cannot checkmate by any series of legal moves.
    CannotCheckmate {
        #[serde(serialize_with = "ser_side")]
        side: Color,
        #[serde(serialize_with = "ser_proof")]
        proof: Proof,
        /// The forced moves after which the proof's reason holds (see [`forced_line`]).
        #[serde(skip_serializing_if = "Option::is_none")]
        forced: Option<Line>,
    },
    /// Neither side can: the proof for each, after the forced moves, if any.
    DeadPosition {
        #[serde(serialize_with = "ser_proof")]
        white: Proof,
        #[serde(serialize_with = "ser_proof")]
        black: Proof,
        #[serde(skip_serializing_if = "Option::is_none")]
        forced: Option<Line>,
    },
    /// The engine could not decide within its budget (about `side`, or about the position).
    Undetermined {
        #[serde(
            skip_serializing_if = "Option::is_none",
            serialize_with = "ser_opt_side"
        )]
        side: Option<Color>,
        nodes: u64,
    },
}

fn ser_opt_side<S: Serializer>(c: &Option<Color>, s: S) -> Result<S::Ok, S::Error> {
    match c {
        Some(c) => ser_side(c, s),
        None => s.serialize_none(),
    }
}

impl Evidence {
    /// The evidence of `w`, the answer for `side`, its helpmate written out by `line`.
    pub fn of_winnability(
        side: Color,
        w: &Winnability,
        line: impl FnOnce(&Helpmate) -> Option<Line>,
    ) -> Evidence {
        match w {
            Winnability::Can(h) => Evidence::CanCheckmate {
                side,
                line: line(h),
            },
            Winnability::Cannot { tier, forced } => Evidence::CannotCheckmate {
                side,
                proof: *tier,
                forced: forced.clone(),
            },
            Winnability::Undetermined { nodes } => Evidence::Undetermined {
                side: Some(side),
                nodes: *nodes,
            },
        }
    }
}

/// Which helpmate line a ruling cites (`--evidence`). Results are the same in every mode: only
/// the lines differ.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum EvidenceMode {
    /// No line: the verdict says that the side can checkmate, not how.
    None,
    /// The line as the engine found it (its detours cut).
    Found,
    /// Always shortened for the reader.
    Short,
    /// Shortened where the line decides something a reader may dispute: the mating side's own
    /// pieces could not mate a bare king, so the mate needs the loser's pieces (a loss decided
    /// beyond material, as king and knight against king and pawn; [`needs_the_losers_pieces`]);
    /// as found elsewhere.
    #[default]
    Auto,
}

/// How a helpmate is written out for a reader: the mode, and the move generations shortening
/// may spend.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shown {
    pub mode: EvidenceMode,
    pub nodes: u32,
}

impl Default for Shown {
    /// [`EvidenceMode::Auto`] within [`SHORTEN_NODES`].
    fn default() -> Shown {
        Shown {
            mode: EvidenceMode::Auto,
            nodes: SHORTEN_NODES,
        }
    }
}

impl Shown {
    /// Every line shortened (`explain-position`: the reader asked for the line).
    pub const SHORT: Shown = Shown {
        mode: EvidenceMode::Short,
        nodes: SHORTEN_NODES,
    };

    /// The helpmate `moves` for `side` from `pos`, as this mode writes it.
    pub fn line(self, pos: &Chess, side: Color, moves: &[Move]) -> Option<Line> {
        let shorten = match self.mode {
            EvidenceMode::None => return None,
            EvidenceMode::Found => false,
            EvidenceMode::Short => true,
            EvidenceMode::Auto => needs_the_losers_pieces(pos, side),
        };
        let direct = without_cycles(pos, moves);
        Some(if shorten {
            Line::new(pos, &unwinnable::shorten(pos, side, &direct, self.nodes))
        } else {
            Line::new(pos, &direct)
        })
    }
}

/// `side`'s own pieces could not mate a bare king (a king alone, with one knight, or with
/// bishops all on one colour): any mate it has needs the loser's own pieces to block, and a
/// reader who judges by material alone would say it cannot mate.
pub fn needs_the_losers_pieces(pos: &Chess, side: Color) -> bool {
    let b = pos.board();
    let ours = b.by_color(side) & !b.kings();
    if (ours & (b.pawns() | b.rooks_and_queens())).any() {
        return false;
    }
    let bishops = ours & b.bishops();
    let one_colour = (bishops & shakmaty::Bitboard::DARK_SQUARES).is_empty()
        || (bishops & shakmaty::Bitboard::LIGHT_SQUARES).is_empty();
    match (ours & b.knights()).count() {
        0 => one_colour,
        1 => bishops.is_empty(),
        _ => false,
    }
}

/// Move generations spent looking for a shorter mate than the search's line (a reader's
/// convenience, not part of the budget: a few milliseconds at most, once per ruling that cites
/// a line and shortens it, see [`EvidenceMode`]).
pub const SHORTEN_NODES: u32 = 30_000;

/// Can `side` checkmate from `pos`? [`unwinnable::answer`]'s answer, with the forced moves a
/// proof's reason needs, and the positions examined.
pub fn winnability(pos: &Chess, side: Color, budget: &Budget) -> (Winnability, u64) {
    let (v, stats) = unwinnable::answer(pos, side, budget);
    let w = match v {
        unwinnable::Verdict::Winnable(h) => Winnability::Can(h),
        unwinnable::Verdict::Unwinnable(p) => {
            let tier = p;
            Winnability::Cannot {
                tier,
                forced: forced_line(pos, &[(side, tier)]),
            }
        }
        unwinnable::Verdict::Undetermined { nodes } => Winnability::Undetermined { nodes },
    };
    (w, stats.nodes)
}

/// The forced moves from `pos` (while the side to move has exactly one legal move; at most
/// [`unwinnable::FORCED_CAP`], and not into a repetition) when a proof's reason may need them:
/// "the material left cannot mate" may be true only once a forced capture is made. Whatever
/// proved a side unwinnable, the reason also holds after the forced moves (the successors of an
/// unwinnable position are unwinnable, material never grows along forced moves — a promotion is
/// never the only legal move — and locked pawns stay locked), so "after the forced moves F,
/// &lt;reason&gt;" is true. `None` when there are none, when the reason is the forced cycle itself,
/// or when every proof is by material that is already insufficient in `pos`.
pub fn forced_line(pos: &Chess, proofs: &[(Color, Proof)]) -> Option<Line> {
    if proofs.iter().any(|(_, t)| *t == Proof::ForcedCycle) {
        return None;
    }
    if proofs
        .iter()
        .all(|(side, t)| *t == Proof::Material && pos.has_insufficient_material(*side))
    {
        return None;
    }
    let moves = unwinnable::forced_moves(pos, unwinnable::FORCED_CAP);
    (!moves.is_empty()).then(|| Line::new(pos, &moves))
}

/// `moves` (legal one after the other from `pos`) without the detours that come back to a
/// position already reached: from the same position the rest of the line is as legal, and it ends
/// the same way. The search's lines wander (a king steps out and back); a reader gets the direct
/// one.
pub fn without_cycles(pos: &Chess, moves: &[Move]) -> Vec<Move> {
    let key = |p: &Chess| {
        (
            p.board().clone(),
            p.turn(),
            p.castles().castling_rights(),
            p.legal_ep_square(),
        )
    };
    let mut p = pos.clone();
    let mut seen = vec![key(&p)];
    let mut kept: Vec<Move> = Vec::with_capacity(moves.len());
    for &m in moves {
        p.play_unchecked(m);
        let k = key(&p);
        match seen.iter().position(|s| *s == k) {
            // Back where the line was after `i` moves: drop what came since.
            Some(i) => {
                kept.truncate(i);
                seen.truncate(i + 1);
            }
            None => {
                kept.push(m);
                seen.push(k);
            }
        }
    }
    kept
}

/// Is `pos` dead?
pub fn deadness(pos: &Chess, budget: &Budget) -> DeadStatus {
    deadness_given(pos, budget, [None, None]).0
}

/// Is `pos` dead, the answers already found for each side (White's, Black's) taken as they are
/// (a side that can checkmate is already an answer, which the caller needs not ask), and the
/// positions examined to find out.
pub fn deadness_given(
    pos: &Chess,
    budget: &Budget,
    known: [Option<&Winnability>; 2],
) -> (DeadStatus, u64) {
    if known.iter().any(|w| matches!(w, Some(Winnability::Can(_)))) {
        return (DeadStatus::Alive, 0);
    }
    let known = known.map(|w| match w {
        Some(Winnability::Cannot { tier, .. }) => Some(Known::Unwinnable(*tier)),
        Some(Winnability::Undetermined { .. }) => Some(Known::Undetermined),
        Some(Winnability::Can(_)) | None => None,
    });
    let (d, stats) = unwinnable::is_dead_given(pos, budget, known);
    let status = match d {
        unwinnable::Deadness::Alive { .. } => DeadStatus::Alive,
        unwinnable::Deadness::Dead { white, black } => DeadStatus::Dead { white, black },
        unwinnable::Deadness::Undetermined { nodes } => DeadStatus::Undetermined { nodes },
    };
    (status, stats.nodes)
}

/// The first ply of `positions` (the game's positions, ply by ply) that is not proved alive, and
/// what it is, given that the last one is not alive (`last`). Deadness is monotone along a game,
/// so a binary search is sound: every ply before the one returned is alive (each probe that said
/// so carried a helpmate), and the one returned is dead or undetermined.
///
/// The first probe is the ply just before the last: a game usually dies by the move that made it
/// dead (a capture leaving bare kings), and then that probe alone answers. Only if it is not
/// alive does the binary search go on over the plies before it.
///
/// The probes together may take [`PROBE_BUDGETS`] times the budget (its nodes, and its time when it
/// has a deadline), and no more than `left` nodes (what the game's budget has left); past that,
/// the first ply not yet proved alive is returned as undetermined (never guessed dead). Also
/// returns the nodes spent.
pub fn first_not_alive(
    positions: &(impl Plies + ?Sized),
    last: DeadStatus,
    budget: &Budget,
    left: u64,
) -> (usize, DeadStatus, u64) {
    let start = std::time::Instant::now();
    let deadline = budget.time.map(|t| t.saturating_mul(PROBE_BUDGETS));
    let most = budget
        .nodes
        .saturating_mul(u64::from(PROBE_BUDGETS))
        .min(left);
    let mut spent: u64 = 0;
    let mut lo = 0; // every ply below `lo` is alive
    let mut hi = positions.plies(); // `hi` is not proved alive
    let mut at_hi = last;
    while lo < hi {
        if spent >= most || deadline.is_some_and(|d| start.elapsed() >= d) {
            return (lo, DeadStatus::Undetermined { nodes: spent }, spent);
        }
        let mid = if hi == positions.plies() {
            hi - 1
        } else {
            lo + (hi - lo) / 2
        };
        let Some(pos) = positions.at(mid) else { break };
        let (status, nodes) = deadness_given(&pos, budget, [None, None]);
        spent = spent.saturating_add(nodes);
        match status {
            DeadStatus::Alive => lo = mid + 1,
            other => {
                hi = mid;
                at_hi = other;
            }
        }
    }
    (hi, at_hi, spent)
}

/// A game's positions, ply by ply: the last is at [`plies`](Plies::plies).
pub trait Plies {
    /// Plies played (the index of the last position).
    fn plies(&self) -> usize;
    /// The position after `ply` plies.
    fn at(&self, ply: usize) -> Option<Chess>;
}

/// Every position held (for tests and short games).
impl Plies for [Chess] {
    fn plies(&self) -> usize {
        self.len().saturating_sub(1)
    }
    fn at(&self, ply: usize) -> Option<Chess> {
        self.get(ply).cloned()
    }
}

/// A game's positions with one kept every [`CHECKPOINT`] plies and the rest replayed from the
/// one before: memory stays small for a game of millions of plies, and a position costs at most
/// `CHECKPOINT` moves to reach.
pub struct Checkpoints {
    kept: Vec<Chess>,
    moves: Vec<Move>,
}

/// Plies between two positions kept by [`Checkpoints`].
pub const CHECKPOINT: usize = 256;

impl Checkpoints {
    /// From `start`, the legal `moves` one after the other.
    pub fn new(start: &Chess, moves: Vec<Move>) -> Checkpoints {
        let mut pos = start.clone();
        let mut kept = vec![pos.clone()];
        for (i, &m) in moves.iter().enumerate() {
            pos.play_unchecked(m);
            if (i + 1).is_multiple_of(CHECKPOINT) {
                kept.push(pos.clone());
            }
        }
        Checkpoints { kept, moves }
    }
}

impl Plies for Checkpoints {
    fn plies(&self) -> usize {
        self.moves.len()
    }
    fn at(&self, ply: usize) -> Option<Chess> {
        let mut pos = self.kept.get(ply / CHECKPOINT)?.clone();
        for &m in self.moves.get(ply - ply % CHECKPOINT..ply)? {
            pos.play_unchecked(m);
        }
        Some(pos)
    }
}

/// How many times its budget (nodes, and time when it has a deadline) the probes for a game's
/// first dead ply may take together.
pub const PROBE_BUDGETS: u32 = 4;

/// What is known of a game's dead plies.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum DeadPlies {
    /// The first pass: a ply is dead when the material alone says so.
    #[default]
    Material,
    /// Known from the analysis: plies from `ply` on are `status` (dead, or undetermined where
    /// the game stops for the arbiter), every earlier one alive.
    From { ply: u32, status: DeadStatus },
    /// Each position analysed when a rule asks about it: a game whose record has illegal moves
    /// (played as made, or taken back), where the dead plies need not be a suffix of the game.
    /// The questions of a game share its nodes ([`Analysis::game_nodes`]).
    Each,
}

/// The analysis a game's facts read: the budgets, the dead plies, the answers already found (a
/// question asked again at the same ply is not answered again, in either pass over the game),
/// and the evidence the facts read while the rules were asked about the current event — kept
/// as a reference to the answer, and written out for a reader only when a ruling cites it.
#[derive(Clone, Debug, Default)]
pub struct Analysis {
    /// `None`: the engine is off and the facts are decided by material alone, as in versions
    /// before the engine (faster, and exact only where material decides).
    pub budget: Option<Budget>,
    /// Nodes all the questions of one game may take together ([`GAME_BUDGETS`] times the
    /// budget of one by default): past them, a question is undetermined without a search.
    pub game_nodes: u64,
    /// How the helpmates that rulings cite are written out.
    pub shown: Shown,
    pub dead: DeadPlies,
    /// Nodes spent on this game's questions so far.
    spent: u64,
    memo: Vec<(u32, Color, Winnability)>,
    /// Under [`DeadPlies::Each`]: each ply's answer.
    dead_memo: Vec<(u32, DeadStatus)>,
    /// The evidence behind the facts read since the last [`settle`](Analysis::settle).
    consulted: Option<Consulted>,
    /// The evidence behind each rule that fired on the event being ruled on (the rule's index
    /// in its rulebook): a ruling cites its own rule's, never another rule's.
    by_rule: Vec<(u32, Consulted)>,
}

/// What a fact read: an answer of the memo (its index), or evidence already made.
#[derive(Clone, Debug)]
pub enum Consulted {
    Answer(usize),
    Made(Evidence),
}

/// How many times the budget of one question all the questions of a game may take together:
/// a question at its last ply for each side (2), whether that position is dead (each side's
/// analysis, 2), and the search for the first dead ply ([`PROBE_BUDGETS`]) — and no more
/// however many plies a rulebook asks about.
pub const GAME_BUDGETS: u64 = 8;

impl Analysis {
    pub fn new(budget: Option<Budget>) -> Analysis {
        Analysis {
            budget,
            game_nodes: budget.map_or(0, |b| b.nodes.saturating_mul(GAME_BUDGETS)),
            ..Analysis::default()
        }
    }

    /// A new event: no rule has read anything yet.
    pub fn begin_event(&mut self) {
        self.consulted = None;
        self.by_rule.clear();
    }

    /// Rule `rule`'s condition has been evaluated: the evidence it read is kept if it
    /// `holds`, dropped otherwise.
    #[inline(always)]
    pub fn settle(&mut self, rule: u32, holds: bool) {
        // Most conditions read no evidence: nothing to move, and no call (this runs after every
        // condition of every event).
        if self.consulted.is_some() {
            self.keep(rule, holds);
        }
    }

    /// `settle` when the condition read evidence.
    #[inline(never)]
    fn keep(&mut self, rule: u32, holds: bool) {
        if let Some(e) = self.consulted.take()
            && holds
        {
            self.by_rule.push((rule, e));
        }
    }

    /// What rule `rule`'s condition read, if it fired and read anything.
    pub fn consulted_by(&mut self, rule: u32) -> Option<Consulted> {
        let i = self.by_rule.iter().position(|(r, _)| *r == rule)?;
        Some(self.by_rule.swap_remove(i).1)
    }

    /// The answers found at `ply` are of a position no longer on the board (an illegal move
    /// taken back): forget them.
    pub fn forget(&mut self, ply: u32) {
        // The memo's answers are cited by index (`Consulted::Answer`): they are kept, at a ply
        // no position has.
        for (p, _, _) in self.memo.iter_mut().filter(|(p, _, _)| *p == ply) {
            *p = u32::MAX;
        }
        self.dead_memo.retain(|(p, _)| *p != ply);
    }

    /// Under [`DeadPlies::Each`]: is the position at `ply` dead, computed by `compute` once
    /// (given the budget left for the question; it returns the status and the positions it
    /// examined), within the game's nodes ([`Analysis::game_nodes`]): past them, undetermined.
    pub fn deadness_each(
        &mut self,
        ply: u32,
        compute: impl FnOnce(&Budget) -> (DeadStatus, u64),
    ) -> DeadStatus {
        if let Some((_, d)) = self.dead_memo.iter().find(|(p, _)| *p == ply) {
            return d.clone();
        }
        let Some(budget) = self.budget else {
            return DeadStatus::Undetermined { nodes: 0 };
        };
        let left = self.left();
        let status = if left == 0 {
            DeadStatus::Undetermined { nodes: 0 }
        } else {
            let (status, nodes) = compute(&Budget {
                nodes: budget.nodes.min(left),
                ..budget
            });
            self.spend(nodes);
            status
        };
        self.dead_memo.push((ply, status.clone()));
        status
    }

    /// What the facts read since the last question (and forgets it).
    pub fn take_consulted(&mut self) -> Option<Consulted> {
        self.consulted.take()
    }

    /// Forget what the facts read.
    pub fn forget_consulted(&mut self) {
        self.consulted = None;
    }

    /// Record evidence the facts read, made already.
    pub fn consult(&mut self, e: Evidence) {
        self.consulted = Some(Consulted::Made(e));
    }

    /// The answer of the memo at `i`, and who it is for.
    pub fn answer(&self, i: usize) -> Option<(Color, &Winnability)> {
        self.memo.get(i).map(|(_, side, w)| (*side, w))
    }

    /// The answers already found at `ply`, White's and Black's.
    pub fn known_at(&self, ply: u32) -> [Option<&Winnability>; 2] {
        let at = |side: Color| {
            self.memo
                .iter()
                .find(|(p, s, _)| *p == ply && *s == side)
                .map(|(_, _, w)| w)
        };
        [at(Color::White), at(Color::Black)]
    }

    /// Nodes the game's questions may still take (see [`Analysis::game_nodes`]).
    pub fn left(&self) -> u64 {
        self.game_nodes.saturating_sub(self.spent)
    }

    /// `nodes` more spent on this game's questions.
    pub fn spend(&mut self, nodes: u64) {
        self.spent = self.spent.saturating_add(nodes);
    }

    /// The answer for `side` at `ply`, computed by `compute` (given the budget left for the
    /// question; it returns the answer and the nodes spent) once; recorded as consulted.
    pub fn winnability(
        &mut self,
        ply: u32,
        side: Color,
        compute: impl FnOnce(&Budget) -> (Winnability, u64),
    ) -> Option<&Winnability> {
        let budget = self.budget?;
        let i = match self
            .memo
            .iter()
            .position(|(p, s, _)| *p == ply && *s == side)
        {
            Some(i) => i,
            None => {
                let left = self.left();
                let answer = if left == 0 {
                    Winnability::Undetermined { nodes: 0 }
                } else {
                    let (w, nodes) = compute(&Budget {
                        nodes: budget.nodes.min(left),
                        ..budget
                    });
                    self.spend(nodes);
                    w
                };
                self.memo.push((ply, side, answer));
                self.memo.len() - 1
            }
        };
        self.consulted = Some(Consulted::Answer(i));
        self.memo.get(i).map(|(_, _, w)| w)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::fen::Fen;

    fn pos(fen: &str) -> Chess {
        fen.parse::<Fen>()
            .unwrap()
            .into_position(CastlingMode::Standard)
            .unwrap()
    }

    #[test]
    fn a_line_is_numbered_as_a_reader_writes_it() {
        // Black to move at move 57: 57…Kd3 58.Kd1 Qd2#.
        let p = pos("8/8/8/8/8/2k5/7q/4K3 b - - 0 57");
        let moves: Vec<Move> = ["Kd3", "Kd1", "Qd2"]
            .iter()
            .scan(p.clone(), |p, s| {
                let m = s.parse::<shakmaty::san::San>().unwrap().to_move(p).unwrap();
                p.play_unchecked(m);
                Some(m)
            })
            .collect();
        let line = Line::new(&p, &moves);
        assert_eq!(line.text, "57…Kd3 58.Kd1 Qd2#");
        assert_eq!(line.san, vec!["Kd3", "Kd1", "Qd2#"]);
        assert_eq!(line.uci, vec!["c3d3", "e1d1", "h2d2"]);
    }

    #[test]
    fn checkpoints_give_every_ply() {
        // Knights out and back, 700 plies: every position equals the one replayed in full.
        let start = Chess::default();
        let mut pos = start.clone();
        let mut all = vec![pos.clone()];
        let mut moves = Vec::new();
        for i in 0..700 {
            let san = ["Nf3", "Nf6", "Ng1", "Ng8"][i % 4];
            let m = san
                .parse::<shakmaty::san::San>()
                .unwrap()
                .to_move(&pos)
                .unwrap();
            pos.play_unchecked(m);
            moves.push(m);
            all.push(pos.clone());
        }
        let c = Checkpoints::new(&start, moves);
        assert_eq!(c.plies(), 700);
        for ply in [0, 1, 255, 256, 257, 511, 512, 699, 700] {
            assert_eq!(
                c.at(ply).map(|p| p.board().clone()),
                Some(all[ply].board().clone())
            );
            assert_eq!(c.at(ply).map(|p| p.turn()), Some(all[ply].turn()));
        }
        assert!(c.at(701).is_none());
    }

    #[test]
    fn detours_are_cut_from_a_line() {
        // 57…Kd3 58.Kd1 Kc3 59.Ke1 Kd3 60.Kd1 Qd2#: the king's step out and back is dropped.
        let p = pos("8/8/8/8/8/2k5/7q/4K3 b - - 0 57");
        let mut q = p.clone();
        let moves: Vec<Move> = ["Kd3", "Kd1", "Kc3", "Ke1", "Kd3", "Kd1", "Qd2"]
            .iter()
            .map(|s| {
                let m = s
                    .parse::<shakmaty::san::San>()
                    .unwrap()
                    .to_move(&q)
                    .unwrap();
                q.play_unchecked(m);
                m
            })
            .collect();
        let line = Line::new(&p, &without_cycles(&p, &moves));
        assert_eq!(line.text, "57…Kd3 58.Kd1 Qd2#");
    }

    #[test]
    fn forced_moves_are_cited_only_where_the_reason_needs_them() {
        let material = [
            (Color::White, Proof::Material),
            (Color::Black, Proof::Material),
        ];
        // Kxg8 is forced (g7 the rook's, h7 the bishop's), then king against king and bishop.
        let rook = pos("6rK/3k4/8/8/8/8/8/1b6 w - - 0 50");
        let line = forced_line(&rook, &material).expect("a forced capture");
        assert_eq!(line.san, ["Kxg8"]);
        // Kh7 is forced too, but the material is already insufficient: nothing to cite.
        let bare = pos("7K/5k2/8/8/8/8/8/8 w - - 0 50");
        assert_eq!(unwinnable::forced_moves(&bare, 10).len(), 1);
        assert_eq!(forced_line(&bare, &material), None);
        // A forced cycle is its own reason; a position with a choice has no forced moves.
        assert_eq!(
            forced_line(&rook, &[(Color::White, Proof::ForcedCycle)]),
            None
        );
        assert_eq!(forced_line(&Chess::default(), &material), None);
    }

    #[test]
    fn answers_are_proofs_or_certificates() {
        let b = Budget::default();
        // King and rook against king: White can mate, Black cannot (material).
        let p = pos("4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
        assert!(matches!(
            winnability(&p, Color::White, &b).0,
            Winnability::Can(_)
        ));
        assert_eq!(
            winnability(&p, Color::Black, &b).0,
            Winnability::Cannot {
                tier: Proof::Material,
                forced: None
            }
        );
        assert_eq!(deadness(&p, &b), DeadStatus::Alive);
        // Locked pawns, kings only behind them: dead beyond material.
        let locked = pos("8/8/1k6/p1p1p1p1/P1P1P1P1/8/3K4/8 w - - 0 1");
        assert!(matches!(deadness(&locked, &b), DeadStatus::Dead { .. }));
    }

    #[test]
    fn a_question_is_answered_once_per_ply_and_the_game_has_a_budget() {
        // Questions of 10 nodes each, 25 for the game: the third gets what is left (5), the
        // fourth none and no search; a question asked again at its ply is not answered again.
        let mut a = Analysis::new(Some(Budget {
            nodes: 10,
            time: None,
            positions: 100,
        }));
        a.game_nodes = 25;
        let mut asked: Vec<u64> = Vec::new();
        let mut ask = |a: &mut Analysis, ply: u32| {
            a.winnability(ply, Color::White, |b| {
                asked.push(b.nodes);
                (Winnability::Undetermined { nodes: b.nodes }, b.nodes)
            })
            .cloned()
        };
        for ply in [0, 0, 1, 2, 3, 1] {
            assert!(matches!(
                ask(&mut a, ply),
                Some(Winnability::Undetermined { .. })
            ));
        }
        assert_eq!(asked, [10, 10, 5]);
        assert_eq!(a.left(), 0);
        assert_eq!(
            a.known_at(3),
            [Some(&Winnability::Undetermined { nodes: 0 }), None]
        );
        // The engine off: no answer, the facts fall back to material.
        let mut off = Analysis::new(None);
        assert!(
            off.winnability(0, Color::White, |_| unreachable!())
                .is_none()
        );
    }

    #[test]
    fn the_first_dead_ply_is_found_by_bisection() {
        // Plies 0..3 alive (a rook is on the board), 4.. dead (kings only).
        let alive = pos("4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
        let dead = pos("4k3/8/8/8/8/8/8/4K3 w - - 0 1");
        let b = Budget::default();
        for first_dead in 0..8 {
            let positions: Vec<Chess> = (0..8)
                .map(|i| {
                    if i < first_dead {
                        alive.clone()
                    } else {
                        dead.clone()
                    }
                })
                .collect();
            let last = deadness(&dead, &b);
            let (ply, status, _) = first_not_alive(&positions[..], last, &b, u64::MAX);
            assert_eq!(ply, first_dead);
            assert!(matches!(status, DeadStatus::Dead { .. }));
        }
    }
}
