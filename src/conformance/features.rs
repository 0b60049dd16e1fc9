//! The features a scenario needs and an implementation declares (conformance/PROTOCOL.md).
//!
//! A scenario whose features are not all declared by the implementation under test is reported
//! as not applicable, not failed. The `Features` tag of a scenario is the contract; `implied`
//! checks it against what the scenario's own text makes unavoidable (its event commands and
//! regulation tags), so a tag cannot silently under-declare.

use crate::pgn::{Game, commands};

/// One feature: its protocol name and what an implementation that declares it can do.
pub struct Feature {
    pub name: &'static str,
    pub description: &'static str,
}

/// Every feature the protocol knows, in the order reports list them.
pub const FEATURES: &[Feature] = &[
    Feature {
        name: "checkmate",
        description: "ends the game at checkmate",
    },
    Feature {
        name: "stalemate",
        description: "ends the game at stalemate",
    },
    Feature {
        name: "dead-position",
        description: "ends the game when neither player can checkmate (at least by material)",
    },
    Feature {
        name: "threefold-claim",
        description: "rules on a claim of a draw by repetition (`[%claim threefold]`)",
    },
    Feature {
        name: "fifty-claim",
        description: "rules on a claim under the fifty-move rule (`[%claim fifty]`)",
    },
    Feature {
        name: "intended-move",
        description: "rules on a claim that writes an intended move (`[%claim threefold Nf3]`)",
    },
    Feature {
        name: "intended-move-obligation",
        description: "after an incorrect claim, rules on whether the intended move was made",
    },
    Feature {
        name: "fivefold",
        description: "ends the game when a position appears for the fifth time",
    },
    Feature {
        name: "seventy-five",
        description: "ends the game after 75 moves by each player without a capture or pawn move",
    },
    Feature {
        name: "draw-offers",
        description: "draw offers, acceptances and declines (`[%offer]`, `[%accept]`, `[%decline]`), a claim as an offer",
    },
    Feature {
        name: "event-regulations",
        description: "event regulations on draw offers (`DrawOffers`, `DrawOfferMinMoves` tags)",
    },
    Feature {
        name: "touch-move",
        description: "touched pieces (`[%touch e2]`): the offer it rejects, the claim it forfeits",
    },
    Feature {
        name: "arbiter-consent",
        description: "the arbiter's consent to a draw the regulations forbid (`[%consent]`)",
    },
];

pub fn is_known(name: &str) -> bool {
    FEATURES.iter().any(|f| f.name == name)
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
    // A claim is also an offer (9.1.2.3): a scenario stating the fate of offers needs them.
    if game
        .tag("ExpectOffers")
        .is_some_and(|v| !matches!(v.trim(), "" | "-"))
    {
        add("draw-offers");
    }
    out
}
