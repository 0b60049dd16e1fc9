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

use crate::unwinnable::{self, Budget, Proof};
use crate::value::ser_side;

/// Which tier of the engine proved that a side cannot checkmate (the engine's `Proof`, as the
/// verdict and the reader see it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "tier", rename_all = "kebab-case")]
pub enum Tier {
    /// The material left cannot mate.
    Material,
    /// No legal move is left, and it is not that side's mate.
    Terminal,
    /// Only forced moves are left, and they repeat.
    ForcedCycle,
    /// Locked pawns and pieces that can never move wall the board: the pieces that can still
    /// move can never mate on the squares the opponent's king can reach (the semi-static tier,
    /// in either of its forms).
    SemiStatic,
    /// Every line of a short full-width search ends without that mate.
    QuickSearch,
    /// A complete helpmate search to this depth found none.
    Search { depth: u32 },
    /// Every position that can still arise (this many) was examined.
    Closure { positions: usize },
    /// Every move, and every series of checks after it, ends without that mate or reaches a
    /// position the semi-static tier or the material proves.
    Chain { positions: usize },
}

impl Tier {
    pub fn of(p: Proof) -> Tier {
        match p {
            Proof::Material => Tier::Material,
            Proof::Terminal => Tier::Terminal,
            Proof::ForcedCycle => Tier::ForcedCycle,
            Proof::SemiStatic => Tier::SemiStatic,
            Proof::QuickSearch => Tier::QuickSearch,
            Proof::Search { depth } => Tier::Search { depth },
            Proof::Closure { positions } => Tier::Closure { positions },
            Proof::Chain { positions } => Tier::Chain { positions },
        }
    }

    /// The locale message that says it (`tier-NAME`) and its arguments.
    pub fn message(self) -> (&'static str, Vec<(&'static str, i64)>) {
        match self {
            Tier::Material => ("tier-material", vec![]),
            Tier::Terminal => ("tier-terminal", vec![]),
            Tier::ForcedCycle => ("tier-forced-cycle", vec![]),
            Tier::SemiStatic => ("tier-semi-static", vec![]),
            Tier::QuickSearch => ("tier-quick-search", vec![]),
            Tier::Search { depth } => ("tier-search", vec![("depth", i64::from(depth))]),
            Tier::Closure { positions } => (
                "tier-closure",
                vec![("positions", i64::try_from(positions).unwrap_or(i64::MAX))],
            ),
            Tier::Chain { .. } => ("tier-check-chain", vec![]),
        }
    }

    /// Every message [`message`](Tier::message) can name (the renderer checks they exist).
    pub const MESSAGES: [&'static str; 8] = [
        "tier-material",
        "tier-terminal",
        "tier-forced-cycle",
        "tier-semi-static",
        "tier-quick-search",
        "tier-search",
        "tier-closure",
        "tier-check-chain",
    ];
}

/// A series of legal moves from a position: in SAN with move numbers as a reader writes it
/// (`57…Kb2 58.Kd1 Qd2#`), and each move in SAN and UCI for programs.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Line {
    pub text: String,
    pub san: Vec<String>,
    pub uci: Vec<String>,
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
            san,
            uci,
        }
    }
}

/// Can a side still checkmate, as far as the budget let the engine find out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Winnability {
    /// Yes: this helpmate shows it.
    Can(Line),
    /// No, proved by this tier, after the forced moves (if any) that the proof's reason needs
    /// (see [`forced_line`]).
    Cannot { tier: Tier, forced: Option<Line> },
    /// The budget ran out after this many positions.
    Undetermined { nodes: u64 },
}

/// Is a position dead (FIDE 5.2.2)?
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DeadStatus {
    Alive,
    Dead { white: Tier, black: Tier },
    Undetermined { nodes: u64 },
}

/// Why a ruling that read one of the analysis facts holds: what the engine found.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Evidence {
    /// `side` can still checkmate, by this series of legal moves from the position.
    CanCheckmate {
        #[serde(serialize_with = "ser_side")]
        side: Color,
        line: Line,
    },
    /// `side` cannot checkmate by any series of legal moves.
    CannotCheckmate {
        #[serde(serialize_with = "ser_side")]
        side: Color,
        proof: Tier,
        /// The forced moves after which the proof's reason holds (see [`forced_line`]).
        #[serde(skip_serializing_if = "Option::is_none")]
        forced: Option<Line>,
    },
    /// Neither side can: the proof for each, after the forced moves, if any.
    DeadPosition {
        white: Tier,
        black: Tier,
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
    pub fn of_winnability(side: Color, w: &Winnability) -> Evidence {
        match w {
            Winnability::Can(line) => Evidence::CanCheckmate {
                side,
                line: line.clone(),
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

/// Move generations spent looking for a shorter mate than the search's line (a reader's
/// convenience, not part of the budget: a few milliseconds at most, once per ruling that cites
/// a line).
pub const SHORTEN_NODES: u32 = 30_000;

/// Can `side` checkmate from `pos`? The quick tier first, then the full analysis; a line found
/// is shortened for the reader ([`unwinnable::shorten`]).
pub fn winnability(pos: &Chess, side: Color, budget: &Budget, shorten: u32) -> Winnability {
    let cannot = |p: unwinnable::Proof| {
        let tier = Tier::of(p);
        Winnability::Cannot {
            tier,
            forced: forced_line(pos, &[(side, tier)]),
        }
    };
    if let Some(p) = unwinnable::quick(pos, side) {
        return cannot(p);
    }
    match unwinnable::analyse(pos, side, budget).0 {
        unwinnable::Verdict::Winnable(h) => {
            let direct = without_cycles(pos, &h.moves);
            Winnability::Can(Line::new(
                pos,
                &unwinnable::shorten(pos, side, &direct, shorten),
            ))
        }
        unwinnable::Verdict::Unwinnable(p) => cannot(p),
        unwinnable::Verdict::Undetermined { nodes } => Winnability::Undetermined { nodes },
    }
}

/// The forced moves from `pos` (while the side to move has exactly one legal move; at most
/// [`unwinnable::FORCED_CAP`], and not into a repetition) when a proof's reason may need them:
/// "the material left cannot mate" may be true only once a forced capture is made. Whatever
/// proved a side unwinnable, the reason also holds after the forced moves (the successors of an
/// unwinnable position are unwinnable, material never grows along forced moves — a promotion is
/// never the only legal move — and locked pawns stay locked), so "after the forced moves F,
/// &lt;reason&gt;" is true. `None` when there are none, when the reason is the forced cycle itself,
/// or when every proof is by material that is already insufficient in `pos`.
pub fn forced_line(pos: &Chess, proofs: &[(Color, Tier)]) -> Option<Line> {
    if proofs.iter().any(|(_, t)| *t == Tier::ForcedCycle) {
        return None;
    }
    if proofs
        .iter()
        .all(|(side, t)| *t == Tier::Material && pos.has_insufficient_material(*side))
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
    deadness_counted(pos, budget).0
}

/// Is `pos` dead, and the positions examined to find out.
pub fn deadness_counted(pos: &Chess, budget: &Budget) -> (DeadStatus, u64) {
    let (d, stats) = unwinnable::is_dead(pos, budget);
    let status = match d {
        unwinnable::Deadness::Alive { .. } => DeadStatus::Alive,
        unwinnable::Deadness::Dead { white, black } => DeadStatus::Dead {
            white: Tier::of(white),
            black: Tier::of(black),
        },
        unwinnable::Deadness::Undetermined { nodes } => DeadStatus::Undetermined { nodes },
    };
    (status, stats.nodes)
}

/// The first ply of `positions` (the game's positions, ply by ply) that is not proved alive, and
/// what it is, given that the last one is not alive (`last`). Deadness is monotone along a game,
/// so a binary search is sound: every ply before the one returned is alive (each probe that said
/// so carried a helpmate), and the one returned is dead or undetermined.
///
/// The probes together may take [`PROBE_BUDGETS`] times the budget (its nodes, and its time when it
/// has a deadline); past that, the first ply not yet proved alive is returned as undetermined
/// (never guessed dead).
pub fn first_not_alive(
    positions: &(impl Plies + ?Sized),
    last: DeadStatus,
    budget: &Budget,
) -> (usize, DeadStatus) {
    let start = std::time::Instant::now();
    let deadline = budget.time.map(|t| t.saturating_mul(PROBE_BUDGETS));
    let most = budget.nodes.saturating_mul(u64::from(PROBE_BUDGETS));
    let mut spent: u64 = 0;
    let mut lo = 0; // every ply below `lo` is alive
    let mut hi = positions.plies(); // `hi` is not proved alive
    let mut at_hi = last;
    while lo < hi {
        if spent >= most || deadline.is_some_and(|d| start.elapsed() >= d) {
            return (lo, DeadStatus::Undetermined { nodes: spent });
        }
        let mid = lo + (hi - lo) / 2;
        let Some(pos) = positions.at(mid) else { break };
        let (status, nodes) = deadness_counted(&pos, budget);
        spent = spent.saturating_add(nodes);
        match status {
            DeadStatus::Alive => lo = mid + 1,
            other => {
                hi = mid;
                at_hi = other;
            }
        }
    }
    (hi, at_hi)
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
    /// The questions of a game share [`PROBE_BUDGETS`] times the budget.
    Each,
}

/// The analysis a game's facts read: the budget, the dead plies, the answers already found
/// (asked again at the same ply, an answer is not recomputed), and the evidence the facts read
/// while the rules were asked about the current event.
#[derive(Clone, Debug, Default)]
pub struct Analysis {
    /// `None`: the engine is off and the facts are decided by material alone, as in versions
    /// before the engine (faster, and exact only where material decides).
    pub budget: Option<Budget>,
    /// Move generations spent shortening a helpmate line for the reader ([`SHORTEN_NODES`]
    /// unless the caller says otherwise).
    pub shorten: u32,
    pub dead: DeadPlies,
    memo: Vec<(u32, Color, Winnability)>,
    /// Under [`DeadPlies::Each`]: each ply's answer, and the positions examined in all.
    dead_memo: Vec<(u32, DeadStatus)>,
    dead_spent: u64,
    /// The evidence behind the facts read since the last [`settle`](Analysis::settle).
    pub consulted: Option<Evidence>,
    /// The evidence behind each rule that fired on the event being ruled on (the rule's index
    /// in its rulebook): a ruling cites its own rule's, never another rule's.
    by_rule: Vec<(u32, Evidence)>,
}

impl Analysis {
    pub fn new(budget: Option<Budget>) -> Analysis {
        Analysis {
            budget,
            shorten: SHORTEN_NODES,
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
    pub fn settle(&mut self, rule: u32, holds: bool) {
        if let Some(e) = self.consulted.take()
            && holds
        {
            self.by_rule.push((rule, e));
        }
    }

    /// The evidence rule `rule`'s condition read, if it fired and read any.
    pub fn evidence_of(&mut self, rule: u32) -> Option<Evidence> {
        let i = self.by_rule.iter().position(|(r, _)| *r == rule)?;
        Some(self.by_rule.swap_remove(i).1)
    }

    /// The answers found at `ply` are of a position no longer on the board (an illegal move
    /// taken back): forget them.
    pub fn forget(&mut self, ply: u32) {
        self.memo.retain(|(p, _, _)| *p != ply);
        self.dead_memo.retain(|(p, _)| *p != ply);
    }

    /// Under [`DeadPlies::Each`]: is the position at `ply` dead, computed by `compute` once
    /// (the status and the positions it examined), within the game's share of the budget:
    /// past it, undetermined.
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
        let most = budget.nodes.saturating_mul(u64::from(PROBE_BUDGETS));
        let status = if self.dead_spent >= most {
            DeadStatus::Undetermined {
                nodes: self.dead_spent,
            }
        } else {
            let (status, nodes) = compute(&budget);
            self.dead_spent = self.dead_spent.saturating_add(nodes);
            status
        };
        self.dead_memo.push((ply, status.clone()));
        status
    }

    /// The answer for `side` at `ply`, computed by `compute` once.
    pub fn winnability(
        &mut self,
        ply: u32,
        side: Color,
        compute: impl FnOnce() -> Winnability,
    ) -> &Winnability {
        let i = match self
            .memo
            .iter()
            .position(|(p, s, _)| *p == ply && *s == side)
        {
            Some(i) => i,
            None => {
                self.memo.push((ply, side, compute()));
                self.memo.len() - 1
            }
        };
        let w = &self.memo[i].2;
        self.consulted = Some(Evidence::of_winnability(side, w));
        &self.memo[i].2
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
            (Color::White, Tier::Material),
            (Color::Black, Tier::Material),
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
            forced_line(&rook, &[(Color::White, Tier::ForcedCycle)]),
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
            winnability(&p, Color::White, &b, SHORTEN_NODES),
            Winnability::Can(_)
        ));
        assert_eq!(
            winnability(&p, Color::Black, &b, SHORTEN_NODES),
            Winnability::Cannot {
                tier: Tier::Material,
                forced: None
            }
        );
        assert_eq!(deadness(&p, &b), DeadStatus::Alive);
        // Locked pawns, kings only behind them: dead beyond material.
        let locked = pos("8/8/1k6/p1p1p1p1/P1P1P1P1/8/3K4/8 w - - 0 1");
        assert!(matches!(deadness(&locked, &b), DeadStatus::Dead { .. }));
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
            let (ply, status) = first_not_alive(&positions[..], last, &b);
            assert_eq!(ply, first_dead);
            assert!(matches!(status, DeadStatus::Dead { .. }));
        }
    }
}
