//! The features a scenario needs and an implementation declares (conformance/PROTOCOL.md).
//!
//! A scenario whose features are not all declared by the implementation under test is reported
//! as not applicable, not failed. The `Features` tag of a scenario is the contract; `implied`
//! checks it against what the scenario's own text makes unavoidable (its event commands and
//! regulation tags), so a tag cannot silently under-declare.

use crate::pgn::Game;
use crate::pgn::events::{ArbiterAct, ClaimKind, Command, Flagged, IllegalKind};

/// Every feature the protocol knows, in the order reports list them. What each one means is
/// conformance/PROTOCOL.md's table (a test keeps the two equal).
pub const FEATURES: &[&str] = &[
    "checkmate",
    "stalemate",
    "dead-position",
    "threefold-claim",
    "fifty-claim",
    "intended-move",
    "intended-move-obligation",
    "fivefold",
    "seventy-five",
    "draw-offers",
    "event-regulations",
    "touch-move",
    "arbiter-consent",
    "flag-fall",
    "both-flags",
    "quickplay-finish",
    "arbiter-decisions",
    "irregularities",
    "illegal-moves",
    "resignation",
    "recorded-result",
    "draughts-repetition",
    "draughts-kings-only",
    "draughts-endings",
];

pub fn is_known(name: &str) -> bool {
    FEATURES.contains(&name)
}

/// Features the scenario's text makes unavoidable: its event commands, its regulation tags and
/// a stated `ExpectOffers`.
/// (Features that follow from *what is expected*, such as `fivefold`, are the author's to tag.)
pub fn implied(game: &Game) -> Result<Vec<&'static str>, crate::locale::say::Message> {
    let mut out: Vec<&'static str> = Vec::new();
    let mut add = |f: &'static str| {
        if !out.contains(&f) {
            out.push(f);
        }
    };
    // From the typed events: a command added to `pgn::events` must be given its feature here
    // (the match is exhaustive).
    let events = crate::pgn::events::events(game).map_err(|e| e.message)?;
    for e in &events {
        match &e.command {
            Command::Claim { kind, intended } => {
                add(match kind {
                    ClaimKind::Threefold => "threefold-claim",
                    ClaimKind::Fifty => "fifty-claim",
                });
                if intended.is_some() {
                    add("intended-move");
                }
            }
            Command::Offer(_) | Command::Accept | Command::Decline => add("draw-offers"),
            Command::Touch(_) => add("touch-move"),
            Command::Consent => add("arbiter-consent"),
            Command::Flag(Flagged::Both) => add("both-flags"),
            Command::Flag(Flagged::Side(_)) => add("flag-fall"),
            Command::Resign(_) => add("resignation"),
            Command::Increment => {
                add("quickplay-finish");
                add("draw-offers");
            }
            Command::Quickplay { .. } => add("quickplay-finish"),
            Command::Arbiter(act) => {
                add("arbiter-decisions");
                if *act == ArbiterAct::Intervene {
                    add("illegal-moves");
                }
            }
            Command::Illegal(kind) => {
                add("irregularities");
                if matches!(
                    kind,
                    IllegalKind::Reinstated(_) | IllegalKind::NoMove | IllegalKind::TwoHands
                ) {
                    add("illegal-moves");
                }
            }
            Command::Correct(_) => add("irregularities"),
            // A clock reading needs no feature of its own (a flag or Guidelines III does).
            Command::Clock { .. } => {}
        }
    }
    // A move the laws of the game do not allow, played as made (`[%illegal]` after it).
    let illegal = crate::pgn::record::start(game)
        .is_ok_and(|s| !crate::runtime::adjudicate::replays_legally(&s, &game.moves));
    if illegal {
        add("illegal-moves");
    }
    if game.tag("DrawOffers").is_some() || game.tag("DrawOfferMinMoves").is_some() {
        add("event-regulations");
    }
    if ["QuickplayFinish", "ArbiterPresent", "IncrementRequests"]
        .iter()
        .any(|t| game.tag(t).is_some())
    {
        add("quickplay-finish");
    }
    // A claim is also an offer (9.1.2.3): a scenario stating the fate of offers needs them.
    if game
        .tag("ExpectOffers")
        .is_some_and(|v| !matches!(v.trim(), "" | "-"))
    {
        add("draw-offers");
    }
    Ok(out)
}
