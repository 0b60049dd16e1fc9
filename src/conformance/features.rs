//! The features a scenario needs and an implementation declares (conformance/PROTOCOL.md).
//!
//! A scenario whose features are not all declared by the implementation under test is reported
//! as not applicable, not failed. The `Features` tag of a scenario is the contract; `implied`
//! checks it against what the scenario's own text makes unavoidable (its event commands and
//! regulation tags), so a tag cannot silently under-declare.

use crate::pgn::{Game, commands};

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
];

pub fn is_known(name: &str) -> bool {
    FEATURES.contains(&name)
}

/// Features the scenario's text makes unavoidable: its event commands, its regulation tags and
/// a stated `ExpectOffers`.
/// (Features that follow from *what is expected*, such as `fivefold`, are the author's to tag.)
pub fn implied(game: &Game) -> Vec<&'static str> {
    let mut out: Vec<&'static str> = Vec::new();
    let mut add = |f: &'static str| {
        if !out.contains(&f) {
            out.push(f);
        }
    };
    for (_, text) in &game.comments {
        for c in commands::commands(text).unwrap_or_default() {
            match (c.name, c.args.first().map(|a| a.0)) {
                ("claim", Some("threefold")) => add("threefold-claim"),
                ("claim", Some("fifty")) => add("fifty-claim"),
                ("offer" | "accept" | "decline", _) => add("draw-offers"),
                ("touch", _) => add("touch-move"),
                ("consent", _) => add("arbiter-consent"),
                ("flag", Some("both")) => add("both-flags"),
                ("flag", _) => add("flag-fall"),
                ("increment", _) => {
                    add("quickplay-finish");
                    // The request is the offer of a draw (III.4).
                    add("draw-offers");
                }
                ("quickplay", _) => add("quickplay-finish"),
                ("arbiter", _) => add("arbiter-decisions"),
                ("illegal" | "correct", _) => add("irregularities"),
                _ => {}
            }
            if c.name == "claim" && c.args.len() > 1 {
                add("intended-move");
            }
        }
    }
    if game.tag("DrawOffers").is_some() || game.tag("DrawOfferMinMoves").is_some() {
        add("event-regulations");
    }
    if game.tag("QuickplayFinish").is_some() || game.tag("ArbiterPresent").is_some() {
        add("quickplay-finish");
    }
    // A claim is also an offer (9.1.2.3): a scenario stating the fate of offers needs them.
    if game
        .tag("ExpectOffers")
        .is_some_and(|v| !matches!(v.trim(), "" | "-"))
    {
        add("draw-offers");
    }
    out
}
