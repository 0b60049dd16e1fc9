//! The vocabulary of the rule language, each word declared once: the events a clause can
//! answer, the facts it can read, the effects it can have.
//!
//! Each list is an "X-macro": `with_events!(m)`, `with_facts!(m)` and `with_effects!(m)` call
//! the macro `m` with the whole list, and every table is derived from it by such a macro in the
//! module that needs it: the enums and the specs the parser and the type checker read
//! (`lang::schema`), the interpreter's dispatch from a fact to its mechanics
//! (`runtime::facts`), the typed effects of a verdict and their construction
//! (`runtime::rules`), the code generator's calls. The words of the vocabulary, in each
//! language, are data: `locales/<lang>/vocabulary.ftl` (`event-NAME`, `fact-NAME`,
//! `rulebook-effect-NAME`).
//!
//! Adding a fact is one line here and its method on `runtime::facts::Ctx` (the mechanics);
//! adding an effect is one line here and what it does in `runtime::adjudicate`; adding an event
//! is one line here, its PGN command in `pgn::events` and its field facts here.

/// The events: `{ name, Variant }`, in the order rules are asked about them in a ply.
// Exported (at the crate root, hidden) for the runtime and the backends, which derive their
// tables from it in their own crates; named through this module.
#[macro_export]
#[doc(hidden)]
macro_rules! with_events {
    ($then:ident) => {
        $then! {
        { "position", Position }
        { "claim", Claim }
        { "offer", Offer }
        { "accept", Accept }
        { "decline", Decline }
        { "touch", Touch }
        { "consent", Consent }
        { "flag", Flag }
        { "both_flags", BothFlags }
        { "resign", Resign }
        { "agreement", Agreement }
        { "increment", Increment }
        { "quickplay", Quickplay }
        { "arbiter_agrees", ArbiterAgrees }
        { "arbiter_postpones", ArbiterPostpones }
        { "arbiter_rejects", ArbiterRejects }
        { "arbiter_grants", ArbiterGrants }
        { "arbiter_declares", ArbiterDeclares }
        { "arbiter_intervenes", ArbiterIntervenes }
        { "illegal", Illegal }
        { "correct", Correct }
        { "reinstated", Reinstated }
        { "drawn", Drawn }
        }
    };
}

/// The facts: `{ name, Variant, [parameter types], type, Ctx method, fallible | infallible,
/// the event it belongs to (any: every event), the boolean fact that must hold for it to exist
/// (none: always exists) }`.
// Exported (at the crate root, hidden) for the runtime and the backends, which derive their
// tables from it in their own crates; named through this module.
#[macro_export]
#[doc(hidden)]
macro_rules! with_facts {
    ($then:ident) => {
        $then! {
        { "to_move", ToMove, [], Side, to_move, infallible, any, none }
        { "ply", Ply, [], Int, ply, infallible, any, none }
        { "in_check", InCheck, [], Bool, in_check, infallible, any, none }
        { "checkmate", Checkmate, [], Bool, checkmate, infallible, any, none }
        { "stalemate", Stalemate, [], Bool, stalemate, infallible, any, none }
        { "no_legal_move", NoLegalMove, [], Bool, no_legal_move, infallible, any, none }
        { "draughts", Draughts, [], Bool, draughts, infallible, any, none }
        { "repetitions", Repetitions, [], Int, repetitions, infallible, any, none }
        { "moves_since_pawn_or_capture", MovesSincePawnOrCapture, [], Int, moves_since_pawn_or_capture, infallible, any, none }
        { "has_mating_material", HasMatingMaterial, [Side], Bool, has_mating_material, infallible, any, none }
        { "can_checkmate", CanCheckmate, [Side], Bool, can_checkmate, infallible, any, none }
        { "checkmate_undetermined", CheckmateUndetermined, [Side], Bool, checkmate_undetermined, infallible, any, none }
        { "dead_position", DeadPosition, [], Bool, dead_position, infallible, any, none }
        { "dead_position_undetermined", DeadPositionUndetermined, [], Bool, dead_position_undetermined, infallible, any, none }
        { "repetitions_after", RepetitionsAfter, [Move], Int, repetitions_after, fallible, any, none }
        { "moves_since_pawn_or_capture_after", MovesSincePawnOrCaptureAfter, [Move], Int, moves_since_pawn_or_capture_after, fallible, any, none }
        { "opponent", Opponent, [Side], Side, opponent, infallible, any, none }
        { "claim.threefold", ClaimThreefold, [], Bool, claim_threefold, infallible, Claim, none }
        { "claim.fifty", ClaimFifty, [], Bool, claim_fifty, infallible, Claim, none }
        { "claim.has_move", ClaimHasMove, [], Bool, claim_has_move, infallible, Claim, none }
        { "claim.move_legal", ClaimMoveLegal, [], Bool, claim_move_legal, infallible, Claim, none }
        { "claim.move", ClaimMove, [], Move, claim_move, fallible, Claim, ClaimMoveLegal }
        { "claim.by", ClaimEventBy, [], Side, event_by, infallible, Claim, none }
        { "moved", Moved, [], Bool, moved, infallible, Position, none }
        { "last_move", LastMove, [], Move, last_move, fallible, Position, Moved }
        { "move_number", MoveNumber, [], Int, move_number, infallible, any, none }
        { "moves_made", MovesMade, [Side], Int, moves_made, infallible, any, none }
        { "offer_pending", OfferPending, [], Bool, offer_pending, infallible, any, none }
        { "offer_by", OfferBy, [], Side, offer_by, fallible, any, OfferPending }
        { "touched", Touched, [], Bool, touched, infallible, any, none }
        { "arbiter_consent", ArbiterConsent, [], Bool, arbiter_consent, infallible, any, none }
        { "move_required", MoveRequired, [], Bool, move_required, infallible, any, none }
        { "required_move", RequiredMove, [], Move, required_move, fallible, any, MoveRequired }
        { "offer.by", OfferEventBy, [], Side, event_by, infallible, Offer, none }
        { "accept.by", AcceptEventBy, [], Side, event_by, infallible, Accept, none }
        { "decline.by", DeclineEventBy, [], Side, event_by, infallible, Decline, none }
        { "touch.by", TouchEventBy, [], Side, event_by, infallible, Touch, none }
        { "timed", Timed, [], Bool, timed, infallible, any, none }
        { "time_for_moves", TimeForMoves, [Int], Duration, time_for_moves, fallible, any, Timed }
        { "has_increment", HasIncrement, [], Bool, has_increment, infallible, any, none }
        { "clock_known", ClockKnown, [Side], Bool, clock_known, infallible, any, none }
        { "remaining", Remaining, [Side], Duration, remaining, fallible, any, none }
        { "period", Period, [Side], Int, period, infallible, any, none }
        { "last_period", LastPeriod, [Side], Bool, last_period, infallible, any, none }
        { "quickplay_pending", QuickplayPending, [], Bool, quickplay_pending, infallible, any, none }
        { "quickplay_by", QuickplayBy, [], Side, quickplay_by, fallible, any, QuickplayPending }
        { "quickplay_postponed", QuickplayPostponed, [], Bool, quickplay_postponed, infallible, any, none }
        { "increment_requested", IncrementRequested, [], Bool, increment_requested, infallible, any, none }
        { "increment_requested_by", IncrementRequestedBy, [], Side, increment_requested_by, fallible, any, IncrementRequested }
        { "flag_fallen", FlagFallen, [], Bool, flag_fallen, infallible, any, none }
        { "flagged", Flagged, [], Side, flagged, fallible, any, FlagFallen }
        { "awaiting_decision", AwaitingDecision, [], Bool, awaiting_decision, infallible, any, none }
        { "pawns", Pawns, [Side], Int, pawns, infallible, any, none }
        { "knights", Knights, [Side], Int, knights, infallible, any, none }
        { "bishops", Bishops, [Side], Int, bishops, infallible, any, none }
        { "rooks", Rooks, [Side], Int, rooks, infallible, any, none }
        { "queens", Queens, [Side], Int, queens, infallible, any, none }
        { "men", Men, [Side], Int, men, infallible, any, none }
        { "kings", Kings, [Side], Int, kings, infallible, any, none }
        { "kings_only_moves", KingsOnlyMoves, [Side], Int, kings_only_moves, infallible, any, none }
        { "balance_moves", BalanceMoves, [Side], Int, balance_moves, infallible, any, none }
        { "main_road", MainRoad, [Side], Int, main_road, infallible, any, none }
        { "offer_blocked", OfferBlocked, [Side], Bool, offer_blocked, infallible, any, none }
        { "illegal_moves", IllegalMoves, [Side], Int, illegal_moves, infallible, any, none }
        { "irregularity_open", IrregularityOpen, [], Bool, irregularity_open, infallible, any, none }
        { "irregularity_by", IrregularityBy, [], Side, irregularity_by, fallible, any, IrregularityOpen }
        { "irregularity_promotion", IrregularityPromotion, [], Bool, irregularity_promotion, infallible, any, none }
        { "replied_since_irregularity", RepliedSinceIrregularity, [], Bool, replied_since_irregularity, infallible, any, none }
        { "illegal_moves_penalised", IllegalMovesPenalised, [Side], Int, illegal_moves_penalised, infallible, any, none }
        { "irregularity_on_board", IrregularityOnBoard, [], Bool, irregularity_on_board, infallible, any, none }
        { "last_move_illegal", LastMoveIllegal, [], Bool, last_move_illegal, infallible, any, none }
        { "touched_own", TouchedOwn, [], Bool, touched_own, infallible, any, none }
        { "touched_opponent", TouchedOpponent, [], Bool, touched_opponent, infallible, any, none }
        { "touched_actionable", TouchedActionable, [], Bool, touched_actionable, infallible, any, none }
        { "acted_on_first_touched", ActedOnFirstTouched, [], Bool, acted_on_first_touched, infallible, any, none }
        { "touched_capture_legal", TouchedCaptureLegal, [], Bool, touched_capture_legal, infallible, any, none }
        { "made_touched_capture", MadeTouchedCapture, [], Bool, made_touched_capture, infallible, any, none }
        { "flag.by", FlagEventBy, [], Side, event_by, infallible, Flag, none }
        { "resign.by", ResignEventBy, [], Side, event_by, infallible, Resign, none }
        { "increment.by", IncrementEventBy, [], Side, event_by, infallible, Increment, none }
        { "quickplay.by", QuickplayEventBy, [], Side, event_by, infallible, Quickplay, none }
        { "quickplay.no_win", QuickplayNoWin, [], Bool, quickplay_no_win, infallible, Quickplay, none }
        { "quickplay.no_effort", QuickplayNoEffort, [], Bool, quickplay_no_effort, infallible, Quickplay, none }
        { "arbiter_postpones.extra_time", PostponeExtraTime, [], Bool, postpone_extra_time, infallible, ArbiterPostpones, none }
        { "arbiter_declares.draw", DeclareDraw, [], Bool, declare_draw, infallible, ArbiterDeclares, none }
        { "illegal.by", IllegalEventBy, [], Side, event_by, infallible, Illegal, none }
        { "illegal.promotion", IllegalPromotion, [], Bool, illegal_promotion, infallible, Illegal, none }
        { "illegal.on_board", IllegalOnBoard, [], Bool, illegal_on_board, infallible, Illegal, none }
        { "illegal.reinstated", IllegalReinstated, [], Bool, illegal_reinstated, infallible, Illegal, none }
        { "illegal.no_move", IllegalNoMove, [], Bool, illegal_no_move, infallible, Illegal, none }
        { "illegal.two_hands", IllegalTwoHands, [], Bool, illegal_two_hands, infallible, Illegal, none }
        { "correct.by", CorrectEventBy, [], Side, event_by, infallible, Correct, none }
        { "reinstated.by", ReinstatedEventBy, [], Side, event_by, infallible, Reinstated, none }
        }
    };
}

/// The effects: `{ name, Variant, (field: type => ruling variable, ...), the only event it may
/// answer (any), what it decides (Result, Decision, Offer, Other), the event it raises once
/// carried out (none) }`. A field of type `Move` is a `MoveArg` (the move and its SAN) in the
/// typed effect. An effect that raises an event makes the rules answer it at once: the checker
/// refuses a rule whose effects raise, directly or through other rules, its own event.
// Exported (at the crate root, hidden) for the runtime and the backends, which derive their
// tables from it in their own crates; named through this module.
#[macro_export]
#[doc(hidden)]
macro_rules! with_effects {
    ($then:ident) => {
        $then! {
        { "draw", Draw, (), any, Result, Drawn }
        { "win", Win, (side: Side => winner), any, Result, none }
        { "uphold", Uphold, (), any, Decision, none }
        { "reject", Reject, (), any, Decision, none }
        { "add_time", AddTime, (side: Side => added_to, seconds: Duration => added), any, Other, none }
        { "offer", Offer, (side: Side => _), any, Offer, none }
        { "void_offer", VoidOffer, (side: Side => _), any, Offer, none }
        { "accept_offer", AcceptOffer, (), any, Offer, none }
        { "decline_offer", DeclineOffer, (), any, Offer, none }
        { "reject_offer_by_touch", RejectOfferByTouch, (), any, Offer, none }
        { "reject_offer_by_move", RejectOfferByMove, (), any, Offer, none }
        { "require_move", RequireMove, (r#move: Move => required), any, Other, none }
        { "irregularity", Irregularity, (), any, Other, none }
        { "refer", Refer, (side: Side => _), any, Decision, none }
        { "postpone", Postpone, (), any, Decision, none }
        { "close_claim", CloseClaim, (), any, Other, none }
        { "request_increment", RequestIncrement, (side: Side => _), any, Other, none }
        { "close_request", CloseRequest, (), any, Other, none }
        { "set_increment", SetIncrement, (seconds: Duration => increment), any, Other, none }
        { "await_decision", AwaitDecision, (), any, Result, none }
        { "score", Score, (side: Side => scored_for), Drawn, Other, none }
        { "correct_irregularity", CorrectIrregularity, (), any, Other, none }
        { "reinstate", Reinstate, (), any, Other, Reinstated }
        { "penalise_illegal", PenaliseIllegal, (side: Side => penalised), any, Other, none }
        { "irregular_move", IrregularMove, (side: Side => irregular), any, Other, none }
        }
    };
}

pub use crate::{with_effects, with_events, with_facts};
