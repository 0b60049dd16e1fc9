//! The declared, typed schema of what rules can talk about: events, facts, functions, effects.
//!
//! This is the contract between the law (in `rules/`) and the chess mechanics (in
//! `runtime::facts`). Every fact is computed by Rust; no fact encodes a threshold or a clause's
//! condition. A rulebook names facts here and nothing else.

/// Types of the rule language.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Ty {
    Bool,
    Int,
    Side,
    Duration,
    Move,
}

impl Ty {
    pub fn name(self) -> &'static str {
        match self {
            Ty::Bool => "bool",
            Ty::Int => "int",
            Ty::Side => "side",
            Ty::Duration => "duration",
            Ty::Move => "move",
        }
    }
}

/// The events a clause can answer.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash, PartialOrd, Ord)]
pub enum EventKind {
    /// A position has arisen: the start position, or the position after a move.
    Position,
    /// The player to move claims a draw (`[%claim threefold|fifty [MOVE]]`).
    Claim,
    /// A player offers a draw (`[%offer]`, `[%offer white|black]`).
    Offer,
    /// A player accepts the pending draw offer (`[%accept]`).
    Accept,
    /// A player rejects the pending draw offer orally (`[%decline]`).
    Decline,
    /// The player to move touches a piece with the intention of moving or capturing it.
    Touch,
    /// The arbiter consents to a draw offer or agreement (`[%consent]`).
    Consent,
}

impl EventKind {
    pub const ALL: [EventKind; 7] = [
        EventKind::Position,
        EventKind::Claim,
        EventKind::Offer,
        EventKind::Accept,
        EventKind::Decline,
        EventKind::Touch,
        EventKind::Consent,
    ];

    pub fn name(self) -> &'static str {
        match self {
            EventKind::Position => "position",
            EventKind::Claim => "claim",
            EventKind::Offer => "offer",
            EventKind::Accept => "accept",
            EventKind::Decline => "decline",
            EventKind::Touch => "touch",
            EventKind::Consent => "consent",
        }
    }

    pub fn from_name(s: &str) -> Option<EventKind> {
        Self::ALL.into_iter().find(|e| e.name() == s)
    }

    pub fn words(self, lang: &str) -> &'static str {
        match (self, lang) {
            (EventKind::Position, "ru") => "возникла позиция (начальная или после хода)",
            (EventKind::Position, _) => "a position arises (the start position or after a move)",
            (EventKind::Claim, "ru") => "игрок, за которым очередь хода, заявляет о ничьей",
            (EventKind::Claim, _) => "the player having the move claims a draw",
            (EventKind::Offer, "ru") => "игрок предлагает ничью",
            (EventKind::Offer, _) => "a player offers a draw",
            (EventKind::Accept, "ru") => "игрок принимает предложение ничьей",
            (EventKind::Accept, _) => "a player accepts a draw offer",
            (EventKind::Decline, "ru") => "игрок устно отклоняет предложение ничьей",
            (EventKind::Decline, _) => "a player rejects a draw offer orally",
            (EventKind::Touch, "ru") => {
                "игрок, за которым очередь хода, касается фигуры с намерением сделать ход или взять её"
            }
            (EventKind::Touch, _) => {
                "the player having the move touches a piece with the intention of moving or capturing it"
            }
            (EventKind::Consent, "ru") => "арбитр даёт согласие на ничью",
            (EventKind::Consent, _) => "the arbiter consents to a draw",
        }
    }

    /// The Rust path of the variant, for generated code.
    pub fn rust(self) -> &'static str {
        match self {
            EventKind::Position => "EventKind::Position",
            EventKind::Claim => "EventKind::Claim",
            EventKind::Offer => "EventKind::Offer",
            EventKind::Accept => "EventKind::Accept",
            EventKind::Decline => "EventKind::Decline",
            EventKind::Touch => "EventKind::Touch",
            EventKind::Consent => "EventKind::Consent",
        }
    }
}

/// Every fact and function the mechanics provide.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum FactId {
    ToMove,
    Ply,
    InCheck,
    Checkmate,
    Stalemate,
    Repetitions,
    MovesSincePawnOrCapture,
    HasMatingMaterial,
    RepetitionsAfter,
    MovesSincePawnOrCaptureAfter,
    Opponent,
    ClaimThreefold,
    ClaimFifty,
    ClaimHasMove,
    ClaimMove,
    Moved,
    LastMove,
    MoveNumber,
    MovesMade,
    OfferPending,
    OfferBy,
    Touched,
    ArbiterConsent,
    MoveRequired,
    RequiredMove,
    /// The side making the event (`claim.by`, `offer.by`, `accept.by`, `decline.by`, `touch.by`).
    EventBy(EventKind),
    /// A rulebook parameter (`param.NAME`), by index in the rulebook's declaration.
    Param(u16),
}

pub struct FactSpec {
    pub id: FactId,
    /// The name rules use.
    pub name: &'static str,
    pub params: &'static [Ty],
    pub ty: Ty,
    /// Only available on this event (event fields).
    pub event: Option<EventKind>,
    /// Only meaningful when this boolean fact is true; the type checker requires the guard.
    pub guard: Option<FactId>,
    /// The method of `runtime::facts::Ctx` that computes it (used by generated code).
    pub method: &'static str,
    /// Whether the method can fail (returns `Result`).
    pub fallible: bool,
    /// How the readable rulebook says it; `{0}`, `{1}` stand for the arguments.
    pub en: &'static str,
    pub ru: &'static str,
}

use EventKind::*;
use Ty::*;

#[rustfmt::skip]
pub static FACTS: &[FactSpec] = &[
    FactSpec { id: FactId::ToMove, name: "to_move", params: &[], ty: Side, event: None, guard: None,
        method: "to_move", fallible: false,
        en: "the player having the move", ru: "игрок, за которым очередь хода" },
    FactSpec { id: FactId::Ply, name: "ply", params: &[], ty: Int, event: None, guard: None,
        method: "ply", fallible: false,
        en: "the number of plies played", ru: "число сделанных полуходов" },
    FactSpec { id: FactId::InCheck, name: "in_check", params: &[], ty: Bool, event: None, guard: None,
        method: "in_check", fallible: false,
        en: "the player having the move is in check", ru: "королю игрока, за которым очередь хода, объявлен шах" },
    FactSpec { id: FactId::Checkmate, name: "checkmate", params: &[], ty: Bool, event: None, guard: None,
        method: "checkmate", fallible: false,
        en: "the player having the move is checkmated", ru: "игроку, за которым очередь хода, поставлен мат" },
    FactSpec { id: FactId::Stalemate, name: "stalemate", params: &[], ty: Bool, event: None, guard: None,
        method: "stalemate", fallible: false,
        en: "the player having the move has no legal move and is not in check", ru: "у игрока, за которым очередь хода, нет ни одного возможного хода, и его король не находится под шахом" },
    FactSpec { id: FactId::Repetitions, name: "repetitions", params: &[], ty: Int, event: None, guard: None,
        method: "repetitions", fallible: false,
        en: "the number of times the current position has appeared (positions compared as in 9.2.2)", ru: "число появлений текущей позиции (позиции сравниваются согласно 9.2.2)" },
    FactSpec { id: FactId::MovesSincePawnOrCapture, name: "moves_since_pawn_or_capture", params: &[], ty: Int, event: None, guard: None,
        method: "moves_since_pawn_or_capture", fallible: false,
        en: "the number of moves made by each player without the movement of any pawn and without any capture", ru: "число ходов, сделанных каждым игроком без продвижения какой-либо пешки и без какого-либо взятия" },
    FactSpec { id: FactId::HasMatingMaterial, name: "has_mating_material", params: &[Side], ty: Bool, event: None, guard: None,
        method: "has_mating_material", fallible: false,
        en: "{0} has material with which some series of legal moves could checkmate", ru: "у стороны {0} есть материал, которым возможно поставить мат какой-либо серией возможных ходов" },
    FactSpec { id: FactId::RepetitionsAfter, name: "repetitions_after", params: &[Move], ty: Int, event: None, guard: None,
        method: "repetitions_after", fallible: true,
        en: "the number of times the position after {0} would have appeared", ru: "число появлений позиции, которая возникнет после хода {0}" },
    FactSpec { id: FactId::MovesSincePawnOrCaptureAfter, name: "moves_since_pawn_or_capture_after", params: &[Move], ty: Int, event: None, guard: None,
        method: "moves_since_pawn_or_capture_after", fallible: true,
        en: "the number of moves by each player without pawn move or capture once {0} is made", ru: "число ходов каждого игрока без продвижения пешки и без взятия после хода {0}" },
    FactSpec { id: FactId::Opponent, name: "opponent", params: &[Side], ty: Side, event: None, guard: None,
        method: "opponent", fallible: false,
        en: "the opponent of {0}", ru: "соперник стороны {0}" },
    FactSpec { id: FactId::ClaimThreefold, name: "claim.threefold", params: &[], ty: Bool, event: Some(Claim), guard: None,
        method: "claim_threefold", fallible: false,
        en: "the claim is of a repeated position", ru: "заявлена ничья в связи с повторением позиции" },
    FactSpec { id: FactId::ClaimFifty, name: "claim.fifty", params: &[], ty: Bool, event: Some(Claim), guard: None,
        method: "claim_fifty", fallible: false,
        en: "the claim is under the move-count rule", ru: "заявлена ничья по правилу числа ходов" },
    FactSpec { id: FactId::ClaimHasMove, name: "claim.has_move", params: &[], ty: Bool, event: Some(Claim), guard: None,
        method: "claim_has_move", fallible: false,
        en: "the claimant has written an intended move", ru: "заявивший записал на бланке свой ход" },
    FactSpec { id: FactId::ClaimMove, name: "claim.move", params: &[], ty: Move, event: Some(Claim), guard: Some(FactId::ClaimHasMove),
        method: "claim_move", fallible: true,
        en: "the intended move", ru: "записанный ход" },
    FactSpec { id: FactId::EventBy(Claim), name: "claim.by", params: &[], ty: Side, event: Some(Claim), guard: None,
        method: "event_by", fallible: false,
        en: "the claimant", ru: "заявивший игрок" },
    FactSpec { id: FactId::Moved, name: "moved", params: &[], ty: Bool, event: Some(Position), guard: None,
        method: "moved", fallible: false,
        en: "a move has just been made", ru: "только что сделан ход" },
    FactSpec { id: FactId::LastMove, name: "last_move", params: &[], ty: Move, event: Some(Position), guard: Some(FactId::Moved),
        method: "last_move", fallible: true,
        en: "the move just made", ru: "только что сделанный ход" },
    FactSpec { id: FactId::MoveNumber, name: "move_number", params: &[], ty: Int, event: None, guard: None,
        method: "move_number", fallible: false,
        en: "the number of the last move made", ru: "номер последнего сделанного хода" },
    FactSpec { id: FactId::MovesMade, name: "moves_made", params: &[Side], ty: Int, event: None, guard: None,
        method: "moves_made", fallible: false,
        en: "the number of moves {0} has made in the game", ru: "число ходов, сделанных стороной {0} в партии" },
    FactSpec { id: FactId::OfferPending, name: "offer_pending", params: &[], ty: Bool, event: None, guard: None,
        method: "offer_pending", fallible: false,
        en: "a draw offer is pending", ru: "предложение ничьей остаётся в силе" },
    FactSpec { id: FactId::OfferBy, name: "offer_by", params: &[], ty: Side, event: None, guard: Some(FactId::OfferPending),
        method: "offer_by", fallible: true,
        en: "the player whose draw offer is pending", ru: "игрок, чьё предложение ничьей остаётся в силе" },
    FactSpec { id: FactId::Touched, name: "touched", params: &[], ty: Bool, event: None, guard: None,
        method: "touched", fallible: false,
        en: "the player having the move has touched a piece with the intention of moving or capturing it on this move", ru: "игрок, за которым очередь хода, на этом ходу коснулся фигуры с намерением сделать ход или взять её" },
    FactSpec { id: FactId::ArbiterConsent, name: "arbiter_consent", params: &[], ty: Bool, event: None, guard: None,
        method: "arbiter_consent", fallible: false,
        en: "the arbiter has consented to a draw at this point", ru: "арбитр в этот момент дал согласие на ничью" },
    FactSpec { id: FactId::MoveRequired, name: "move_required", params: &[], ty: Bool, event: None, guard: None,
        method: "move_required", fallible: false,
        en: "a move must be made (an intended move of an incorrect claim)", ru: "должен быть сделан определённый ход (записанный ход необоснованного заявления)" },
    FactSpec { id: FactId::RequiredMove, name: "required_move", params: &[], ty: Move, event: None, guard: Some(FactId::MoveRequired),
        method: "required_move", fallible: true,
        en: "the move that must be made", ru: "ход, который должен быть сделан" },
    FactSpec { id: FactId::EventBy(Offer), name: "offer.by", params: &[], ty: Side, event: Some(Offer), guard: None,
        method: "event_by", fallible: false,
        en: "the player offering", ru: "предлагающий игрок" },
    FactSpec { id: FactId::EventBy(Accept), name: "accept.by", params: &[], ty: Side, event: Some(Accept), guard: None,
        method: "event_by", fallible: false,
        en: "the player accepting", ru: "принимающий игрок" },
    FactSpec { id: FactId::EventBy(Decline), name: "decline.by", params: &[], ty: Side, event: Some(Decline), guard: None,
        method: "event_by", fallible: false,
        en: "the player declining", ru: "отклоняющий игрок" },
    FactSpec { id: FactId::EventBy(Touch), name: "touch.by", params: &[], ty: Side, event: Some(Touch), guard: None,
        method: "event_by", fallible: false,
        en: "the player touching", ru: "коснувшийся фигуры игрок" },
];

pub fn fact(name: &str) -> Option<&'static FactSpec> {
    FACTS.iter().find(|f| f.name == name)
}

pub fn fact_spec(id: FactId) -> &'static FactSpec {
    // Every FactId has exactly one row; the schema test checks it.
    FACTS.iter().find(|f| f.id == id).unwrap_or(&FACTS[0])
}

/// The effects a clause can have.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum EffectId {
    /// The game ends drawn.
    Draw,
    /// The game ends, won by the side given.
    Win,
    /// The claim answered is found correct.
    Uphold,
    /// The claim answered is found incorrect.
    Reject,
    /// Time is added to a side's clock.
    AddTime,
    /// A draw offer by the side is pending.
    Offer,
    /// A draw offer by the side is not valid (forbidden by the regulations).
    VoidOffer,
    /// The pending offer is accepted.
    AcceptOffer,
    /// The pending offer is rejected orally.
    DeclineOffer,
    /// The pending offer is rejected by touching a piece.
    RejectOfferByTouch,
    /// The pending offer is rejected by making a move.
    RejectOfferByMove,
    /// The move must be made next by the player having the move.
    RequireMove,
    /// The record shows an irregularity here.
    Irregularity,
}

/// What part of the outcome an effect decides; two effects of one class that differ contradict.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum OutcomeClass {
    /// The game's result.
    Result,
    /// The decision on a claim.
    Decision,
    /// What becomes of a draw offer.
    Offer,
    Other,
}

pub struct EffectSpec {
    pub id: EffectId,
    pub name: &'static str,
    pub params: &'static [Ty],
    pub event: Option<EventKind>,
    pub class: OutcomeClass,
    /// Ruling variables the effect provides, one per argument (`win` gives `$winner`).
    pub vars: &'static [&'static str],
    pub en: &'static str,
    pub ru: &'static str,
}

#[rustfmt::skip]
pub static EFFECTS: &[EffectSpec] = &[
    EffectSpec { id: EffectId::Draw, name: "draw", params: &[], event: None, class: OutcomeClass::Result, vars: &[],
        en: "the game is drawn", ru: "партия заканчивается вничью" },
    EffectSpec { id: EffectId::Win, name: "win", params: &[Side], event: None, class: OutcomeClass::Result, vars: &["winner"],
        en: "the game is won by {0}", ru: "партию выигрывает {0}" },
    EffectSpec { id: EffectId::Uphold, name: "uphold", params: &[], event: Some(Claim), class: OutcomeClass::Decision, vars: &[],
        en: "the claim is found correct", ru: "заявление признаётся обоснованным" },
    EffectSpec { id: EffectId::Reject, name: "reject", params: &[], event: Some(Claim), class: OutcomeClass::Decision, vars: &[],
        en: "the claim is found incorrect", ru: "заявление признаётся необоснованным" },
    EffectSpec { id: EffectId::AddTime, name: "add_time", params: &[Side, Duration], event: None, class: OutcomeClass::Other, vars: &["added_to", "added"],
        en: "{1} is added to the remaining time of {0}", ru: "к оставшемуся времени стороны {0} добавляется {1}" },
    EffectSpec { id: EffectId::Offer, name: "offer", params: &[Side], event: None, class: OutcomeClass::Offer, vars: &[],
        en: "a draw offer by {0} is pending", ru: "предложение ничьей стороны {0} остаётся в силе" },
    EffectSpec { id: EffectId::VoidOffer, name: "void_offer", params: &[Side], event: None, class: OutcomeClass::Offer, vars: &[],
        en: "the draw offer by {0} is not valid", ru: "предложение ничьей стороны {0} недействительно" },
    EffectSpec { id: EffectId::AcceptOffer, name: "accept_offer", params: &[], event: None, class: OutcomeClass::Offer, vars: &[],
        en: "the pending draw offer is accepted", ru: "предложение ничьей принято" },
    EffectSpec { id: EffectId::DeclineOffer, name: "decline_offer", params: &[], event: None, class: OutcomeClass::Offer, vars: &[],
        en: "the pending draw offer is rejected orally", ru: "предложение ничьей отклонено устно" },
    EffectSpec { id: EffectId::RejectOfferByTouch, name: "reject_offer_by_touch", params: &[], event: None, class: OutcomeClass::Offer, vars: &[],
        en: "the pending draw offer is rejected by touching a piece", ru: "предложение ничьей отклонено касанием фигуры" },
    EffectSpec { id: EffectId::RejectOfferByMove, name: "reject_offer_by_move", params: &[], event: None, class: OutcomeClass::Offer, vars: &[],
        en: "the pending draw offer is rejected by making a move", ru: "предложение ничьей отклонено ходом" },
    EffectSpec { id: EffectId::RequireMove, name: "require_move", params: &[Move], event: None, class: OutcomeClass::Other, vars: &["required"],
        en: "the move {0} must be made", ru: "должен быть сделан ход {0}" },
    EffectSpec { id: EffectId::Irregularity, name: "irregularity", params: &[], event: None, class: OutcomeClass::Other, vars: &[],
        en: "the record shows an irregularity", ru: "в записи партии допущена нерегулярность" },
];

pub fn effect(name: &str) -> Option<&'static EffectSpec> {
    EFFECTS.iter().find(|e| e.name == name)
}

pub fn effect_spec(id: EffectId) -> &'static EffectSpec {
    EFFECTS.iter().find(|e| e.id == id).unwrap_or(&EFFECTS[0])
}

/// Side literals.
pub fn side_literal(name: &str) -> Option<shakmaty::Color> {
    match name {
        "white" => Some(shakmaty::Color::White),
        "black" => Some(shakmaty::Color::Black),
        _ => None,
    }
}
