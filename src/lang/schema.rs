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
    /// The type with its indefinite article, as messages say it: `an int`, `a side`.
    pub fn a(self) -> &'static str {
        match self {
            Ty::Bool => "a bool",
            Ty::Int => "an int",
            Ty::Side => "a side",
            Ty::Duration => "a duration",
            Ty::Move => "a move",
        }
    }

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
    /// One player's flag has fallen (`[%flag white|black]`).
    Flag,
    /// Both flags have fallen and which fell first cannot be established (`[%flag both]`).
    BothFlags,
    /// The player to move asks for an increment for both players (`[%increment]`).
    Increment,
    /// The player to move claims a draw in the quickplay finish (`[%quickplay ...]`).
    Quickplay,
    /// The arbiter agrees with the claim before him (`[%arbiter agree]`).
    ArbiterAgrees,
    /// The arbiter postpones his decision (`[%arbiter postpone [extra-time]]`).
    ArbiterPostpones,
    /// The arbiter rejects the claim or request before him (`[%arbiter reject]`).
    ArbiterRejects,
    /// The arbiter grants the request before him (`[%arbiter grant]`).
    ArbiterGrants,
    /// The arbiter declares a result (`[%arbiter declare draw|no-draw]`).
    ArbiterDeclares,
    /// A player has made an irregular move (`[%illegal]`, `[%illegal promotion]`).
    Illegal,
    /// A player demands that the last irregularity be corrected (`[%correct]`).
    Correct,
    /// The game has just been drawn (by the ruling before this event).
    Drawn,
}

impl EventKind {
    pub const ALL: [EventKind; 19] = [
        EventKind::Position,
        EventKind::Claim,
        EventKind::Offer,
        EventKind::Accept,
        EventKind::Decline,
        EventKind::Touch,
        EventKind::Consent,
        EventKind::Flag,
        EventKind::BothFlags,
        EventKind::Increment,
        EventKind::Quickplay,
        EventKind::ArbiterAgrees,
        EventKind::ArbiterPostpones,
        EventKind::ArbiterRejects,
        EventKind::ArbiterGrants,
        EventKind::ArbiterDeclares,
        EventKind::Illegal,
        EventKind::Correct,
        EventKind::Drawn,
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
            EventKind::Flag => "flag",
            EventKind::BothFlags => "both_flags",
            EventKind::Increment => "increment",
            EventKind::Quickplay => "quickplay",
            EventKind::ArbiterAgrees => "arbiter_agrees",
            EventKind::ArbiterPostpones => "arbiter_postpones",
            EventKind::ArbiterRejects => "arbiter_rejects",
            EventKind::ArbiterGrants => "arbiter_grants",
            EventKind::ArbiterDeclares => "arbiter_declares",
            EventKind::Illegal => "illegal",
            EventKind::Correct => "correct",
            EventKind::Drawn => "drawn",
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
            (EventKind::Flag, "ru") => "у игрока упал флажок",
            (EventKind::Flag, _) => "a player's flag falls",
            (EventKind::BothFlags, "ru") => {
                "упали оба флажка, и невозможно установить, какой упал первым"
            }
            (EventKind::BothFlags, _) => {
                "both flags fall and it cannot be established which fell first"
            }
            (EventKind::Increment, "ru") => {
                "игрок при своём ходе просит ввести для обоих игроков добавление времени"
            }
            (EventKind::Increment, _) => {
                "the player having the move asks for an increment for both players"
            }
            (EventKind::Quickplay, "ru") => {
                "игрок при своём ходе заявляет о ничьей в быстрой игре до конца партии"
            }
            (EventKind::Quickplay, _) => {
                "the player having the move claims a draw in the quickplay finish"
            }
            (EventKind::ArbiterAgrees, "ru") => "арбитр соглашается с заявлением",
            (EventKind::ArbiterAgrees, _) => "the arbiter agrees with the claim",
            (EventKind::ArbiterPostpones, "ru") => "арбитр откладывает своё решение",
            (EventKind::ArbiterPostpones, _) => "the arbiter postpones his decision",
            (EventKind::ArbiterRejects, "ru") => "арбитр отклоняет заявление или просьбу",
            (EventKind::ArbiterRejects, _) => "the arbiter rejects the claim or request",
            (EventKind::ArbiterGrants, "ru") => "арбитр соглашается с просьбой",
            (EventKind::ArbiterGrants, _) => "the arbiter grants the request",
            (EventKind::ArbiterDeclares, "ru") => "арбитр объявляет результат",
            (EventKind::ArbiterDeclares, _) => "the arbiter declares a result",
            (EventKind::Illegal, "ru") => "игрок сделал невозможный ход",
            (EventKind::Illegal, _) => "a player has made an illegal move",
            (EventKind::Correct, "ru") => "игрок требует исправить ошибку",
            (EventKind::Correct, _) => "a player demands that the error be corrected",
            (EventKind::Drawn, "ru") => "партия только что закончилась вничью",
            (EventKind::Drawn, _) => "the game has just been drawn",
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
            EventKind::Flag => "EventKind::Flag",
            EventKind::BothFlags => "EventKind::BothFlags",
            EventKind::Increment => "EventKind::Increment",
            EventKind::Quickplay => "EventKind::Quickplay",
            EventKind::ArbiterAgrees => "EventKind::ArbiterAgrees",
            EventKind::ArbiterPostpones => "EventKind::ArbiterPostpones",
            EventKind::ArbiterRejects => "EventKind::ArbiterRejects",
            EventKind::ArbiterGrants => "EventKind::ArbiterGrants",
            EventKind::ArbiterDeclares => "EventKind::ArbiterDeclares",
            EventKind::Illegal => "EventKind::Illegal",
            EventKind::Correct => "EventKind::Correct",
            EventKind::Drawn => "EventKind::Drawn",
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
    Timed,
    TimeForMoves,
    HasIncrement,
    ClockKnown,
    Remaining,
    Period,
    LastPeriod,
    QuickplayPending,
    QuickplayBy,
    QuickplayPostponed,
    IncrementRequested,
    IncrementRequestedBy,
    FlagFallen,
    Flagged,
    AwaitingDecision,
    Pawns,
    Knights,
    Bishops,
    Rooks,
    Queens,
    OfferBlocked,
    IllegalMoves,
    IrregularityOpen,
    IrregularityBy,
    IrregularityPromotion,
    RepliedSinceIrregularity,
    QuickplayNoWin,
    QuickplayNoEffort,
    PostponeExtraTime,
    DeclareDraw,
    IllegalPromotion,
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
    // Time: the time control (`TimeControl` tag) and the clocks (`[%clk]`, `[%clock]`).
    FactSpec { id: FactId::Timed, name: "timed", params: &[], ty: Bool, event: None, guard: None,
        method: "timed", fallible: false,
        en: "the game is played under a known time control", ru: "партия играется с известным контролем времени" },
    FactSpec { id: FactId::TimeForMoves, name: "time_for_moves", params: &[Int], ty: Duration, event: None, guard: Some(FactId::Timed),
        method: "time_for_moves", fallible: true,
        en: "the time allotted to each player for his first {0} moves, plus the increments of those moves", ru: "время, отведённое каждому игроку на первые {0} ходов, плюс добавления времени за эти ходы" },
    FactSpec { id: FactId::HasIncrement, name: "has_increment", params: &[], ty: Bool, event: None, guard: None,
        method: "has_increment", fallible: false,
        en: "the game is played with an increment (by its time control, or introduced during the game)", ru: "партия играется с добавлением времени на ход (по контролю времени или введённым по ходу партии)" },
    FactSpec { id: FactId::ClockKnown, name: "clock_known", params: &[Side], ty: Bool, event: None, guard: None,
        method: "clock_known", fallible: false,
        en: "the remaining time of {0} is known", ru: "известно оставшееся время стороны {0}" },
    FactSpec { id: FactId::Remaining, name: "remaining", params: &[Side], ty: Duration, event: None, guard: None,
        method: "remaining", fallible: true,
        en: "the remaining time on the clock of {0}", ru: "время, остающееся на часах стороны {0}" },
    FactSpec { id: FactId::Period, name: "period", params: &[Side], ty: Int, event: None, guard: None,
        method: "period", fallible: false,
        en: "the period of the time control in which {0} makes his next move", ru: "период контроля времени, в котором сторона {0} делает свой следующий ход" },
    FactSpec { id: FactId::LastPeriod, name: "last_period", params: &[Side], ty: Bool, event: None, guard: None,
        method: "last_period", fallible: false,
        en: "{0} is in the period in which all remaining moves must be completed", ru: "сторона {0} находится в периоде, в котором должны быть завершены все оставшиеся ходы" },
    FactSpec { id: FactId::QuickplayPending, name: "quickplay_pending", params: &[], ty: Bool, event: None, guard: None,
        method: "quickplay_pending", fallible: false,
        en: "a quickplay claim is before the arbiter", ru: "заявление о ничьей в быстрой игре находится на рассмотрении арбитра" },
    FactSpec { id: FactId::QuickplayBy, name: "quickplay_by", params: &[], ty: Side, event: None, guard: Some(FactId::QuickplayPending),
        method: "quickplay_by", fallible: true,
        en: "the player whose quickplay claim is before the arbiter", ru: "игрок, чьё заявление находится на рассмотрении арбитра" },
    FactSpec { id: FactId::QuickplayPostponed, name: "quickplay_postponed", params: &[], ty: Bool, event: None, guard: None,
        method: "quickplay_postponed", fallible: false,
        en: "the arbiter has postponed his decision on the quickplay claim", ru: "арбитр отложил решение по заявлению" },
    FactSpec { id: FactId::IncrementRequested, name: "increment_requested", params: &[], ty: Bool, event: None, guard: None,
        method: "increment_requested", fallible: false,
        en: "a request for an increment is before the arbiter", ru: "просьба о добавлении времени находится на рассмотрении" },
    FactSpec { id: FactId::IncrementRequestedBy, name: "increment_requested_by", params: &[], ty: Side, event: None, guard: Some(FactId::IncrementRequested),
        method: "increment_requested_by", fallible: true,
        en: "the player who asked for the increment", ru: "игрок, попросивший о добавлении времени" },
    FactSpec { id: FactId::FlagFallen, name: "flag_fallen", params: &[], ty: Bool, event: None, guard: None,
        method: "flag_fallen", fallible: false,
        en: "a player's flag has fallen", ru: "у игрока упал флажок" },
    FactSpec { id: FactId::Flagged, name: "flagged", params: &[], ty: Side, event: None, guard: Some(FactId::FlagFallen),
        method: "flagged", fallible: true,
        en: "the player whose flag has fallen", ru: "игрок, у которого упал флажок" },
    FactSpec { id: FactId::AwaitingDecision, name: "awaiting_decision", params: &[], ty: Bool, event: None, guard: None,
        method: "awaiting_decision", fallible: false,
        en: "play has stopped and the result awaits the arbiter's decision", ru: "игра остановлена, и результат ожидает решения арбитра" },
    // Material.
    FactSpec { id: FactId::Pawns, name: "pawns", params: &[Side], ty: Int, event: None, guard: None,
        method: "pawns", fallible: false,
        en: "the number of pawns of {0}", ru: "число пешек стороны {0}" },
    FactSpec { id: FactId::Knights, name: "knights", params: &[Side], ty: Int, event: None, guard: None,
        method: "knights", fallible: false,
        en: "the number of knights of {0}", ru: "число коней стороны {0}" },
    FactSpec { id: FactId::Bishops, name: "bishops", params: &[Side], ty: Int, event: None, guard: None,
        method: "bishops", fallible: false,
        en: "the number of bishops of {0}", ru: "число слонов стороны {0}" },
    FactSpec { id: FactId::Rooks, name: "rooks", params: &[Side], ty: Int, event: None, guard: None,
        method: "rooks", fallible: false,
        en: "the number of rooks of {0}", ru: "число ладей стороны {0}" },
    FactSpec { id: FactId::Queens, name: "queens", params: &[Side], ty: Int, event: None, guard: None,
        method: "queens", fallible: false,
        en: "the number of queens of {0}", ru: "число ферзей стороны {0}" },
    // Offers and irregularities.
    FactSpec { id: FactId::OfferBlocked, name: "offer_blocked", params: &[Side], ty: Bool, event: None, guard: None,
        method: "offer_blocked", fallible: false,
        en: "the last valid draw offer of {0} was rejected and the opponent has not offered since", ru: "последнее действительное предложение ничьей стороны {0} отклонено, и соперник с тех пор ничьей не предлагал" },
    FactSpec { id: FactId::IllegalMoves, name: "illegal_moves", params: &[Side], ty: Int, event: None, guard: None,
        method: "illegal_moves", fallible: false,
        en: "the number of illegal moves {0} has made", ru: "число невозможных ходов, сделанных стороной {0}" },
    FactSpec { id: FactId::IrregularityOpen, name: "irregularity_open", params: &[], ty: Bool, event: None, guard: None,
        method: "irregularity_open", fallible: false,
        en: "an irregularity is on record and has not been corrected", ru: "в партии допущена неисправленная ошибка" },
    FactSpec { id: FactId::IrregularityBy, name: "irregularity_by", params: &[], ty: Side, event: None, guard: Some(FactId::IrregularityOpen),
        method: "irregularity_by", fallible: true,
        en: "the player who made the irregular move", ru: "игрок, совершивший ошибку" },
    FactSpec { id: FactId::IrregularityPromotion, name: "irregularity_promotion", params: &[], ty: Bool, event: None, guard: None,
        method: "irregularity_promotion", fallible: false,
        en: "the irregularity on record is a promotion without the new piece designated", ru: "ошибка состоит в том, что при превращении пешки не обозначена новая фигура" },
    FactSpec { id: FactId::RepliedSinceIrregularity, name: "replied_since_irregularity", params: &[], ty: Bool, event: None, guard: None,
        method: "replied_since_irregularity", fallible: false,
        en: "the opponent of the player who made the irregular move has made a move since", ru: "соперник совершившего ошибку с тех пор сделал ответный ход" },
    // Fields of the time and irregularity events.
    FactSpec { id: FactId::EventBy(Flag), name: "flag.by", params: &[], ty: Side, event: Some(Flag), guard: None,
        method: "event_by", fallible: false,
        en: "the player whose flag has fallen", ru: "игрок, у которого упал флажок" },
    FactSpec { id: FactId::EventBy(Increment), name: "increment.by", params: &[], ty: Side, event: Some(Increment), guard: None,
        method: "event_by", fallible: false,
        en: "the player asking for the increment", ru: "игрок, просящий о добавлении времени" },
    FactSpec { id: FactId::EventBy(Quickplay), name: "quickplay.by", params: &[], ty: Side, event: Some(Quickplay), guard: None,
        method: "event_by", fallible: false,
        en: "the claimant", ru: "заявивший игрок" },
    FactSpec { id: FactId::QuickplayNoWin, name: "quickplay.no_win", params: &[], ty: Bool, event: Some(Quickplay), guard: None,
        method: "quickplay_no_win", fallible: false,
        en: "the claim is that the opponent cannot win by normal means", ru: "заявлено, что соперник не может выиграть обычными средствами" },
    FactSpec { id: FactId::QuickplayNoEffort, name: "quickplay.no_effort", params: &[], ty: Bool, event: Some(Quickplay), guard: None,
        method: "quickplay_no_effort", fallible: false,
        en: "the claim is that the opponent is making no effort to win by normal means", ru: "заявлено, что соперник не прилагает усилий, чтобы выиграть обычными средствами" },
    FactSpec { id: FactId::PostponeExtraTime, name: "arbiter_postpones.extra_time", params: &[], ty: Bool, event: Some(ArbiterPostpones), guard: None,
        method: "postpone_extra_time", fallible: false,
        en: "the arbiter awards the opponent extra time", ru: "арбитр добавляет сопернику дополнительное время" },
    FactSpec { id: FactId::DeclareDraw, name: "arbiter_declares.draw", params: &[], ty: Bool, event: Some(ArbiterDeclares), guard: None,
        method: "declare_draw", fallible: false,
        en: "the arbiter declares the game drawn", ru: "арбитр объявляет, что партия закончилась вничью" },
    FactSpec { id: FactId::EventBy(Illegal), name: "illegal.by", params: &[], ty: Side, event: Some(Illegal), guard: None,
        method: "event_by", fallible: false,
        en: "the player who made the illegal move", ru: "игрок, сделавший невозможный ход" },
    FactSpec { id: FactId::IllegalPromotion, name: "illegal.promotion", params: &[], ty: Bool, event: Some(Illegal), guard: None,
        method: "illegal_promotion", fallible: false,
        en: "the illegal move is a promotion without the new piece designated", ru: "невозможный ход — превращение пешки без обозначения новой фигуры" },
    FactSpec { id: FactId::EventBy(Correct), name: "correct.by", params: &[], ty: Side, event: Some(Correct), guard: None,
        method: "event_by", fallible: false,
        en: "the player demanding the correction", ru: "игрок, требующий исправления" },
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
    /// The claim by the side goes before the arbiter, who must answer it.
    Refer,
    /// The arbiter postpones his decision on the claim before him.
    Postpone,
    /// The claim before the arbiter is settled.
    CloseClaim,
    /// The side's request for an increment is before the arbiter.
    RequestIncrement,
    /// The request for an increment is settled.
    CloseRequest,
    /// From now on, the duration is added to both clocks after each move.
    SetIncrement,
    /// Play stops; the result awaits the arbiter's decision.
    AwaitDecision,
    /// The drawn game scores as a win for the side.
    Score,
    /// The irregularity on record is corrected.
    CorrectIrregularity,
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
    EffectSpec { id: EffectId::Uphold, name: "uphold", params: &[], event: None, class: OutcomeClass::Decision, vars: &[],
        en: "the claim is found correct", ru: "заявление признаётся обоснованным" },
    EffectSpec { id: EffectId::Reject, name: "reject", params: &[], event: None, class: OutcomeClass::Decision, vars: &[],
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
    EffectSpec { id: EffectId::Refer, name: "refer", params: &[Side], event: None, class: OutcomeClass::Decision, vars: &[],
        en: "the claim by {0} goes before the arbiter", ru: "заявление стороны {0} передаётся на рассмотрение арбитра" },
    EffectSpec { id: EffectId::Postpone, name: "postpone", params: &[], event: None, class: OutcomeClass::Decision, vars: &[],
        en: "the arbiter's decision is postponed", ru: "решение арбитра откладывается" },
    EffectSpec { id: EffectId::CloseClaim, name: "close_claim", params: &[], event: None, class: OutcomeClass::Other, vars: &[],
        en: "the claim before the arbiter is settled", ru: "рассмотрение заявления закончено" },
    EffectSpec { id: EffectId::RequestIncrement, name: "request_increment", params: &[Side], event: None, class: OutcomeClass::Other, vars: &[],
        en: "the request of {0} for an increment is before the arbiter", ru: "просьба стороны {0} о добавлении времени передаётся арбитру" },
    EffectSpec { id: EffectId::CloseRequest, name: "close_request", params: &[], event: None, class: OutcomeClass::Other, vars: &[],
        en: "the request for an increment is settled", ru: "рассмотрение просьбы о добавлении времени закончено" },
    EffectSpec { id: EffectId::SetIncrement, name: "set_increment", params: &[Duration], event: None, class: OutcomeClass::Other, vars: &["increment"],
        en: "from now on {0} is added to both clocks after each move", ru: "с этого момента после каждого хода на часы обоих игроков добавляется {0}" },
    EffectSpec { id: EffectId::AwaitDecision, name: "await_decision", params: &[], event: None, class: OutcomeClass::Result, vars: &[],
        en: "play stops and the result awaits the arbiter's decision", ru: "игра останавливается, и результат ожидает решения арбитра" },
    EffectSpec { id: EffectId::Score, name: "score", params: &[Side], event: Some(Drawn), class: OutcomeClass::Other, vars: &["scored_for"],
        en: "the drawn game scores as a win for {0}", ru: "ничья засчитывается как победа стороны {0}" },
    EffectSpec { id: EffectId::CorrectIrregularity, name: "correct_irregularity", params: &[], event: None, class: OutcomeClass::Other, vars: &[],
        en: "the irregularity is corrected", ru: "ошибка исправляется" },
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
