//! The one entry point for a Rust program: pick a rulebook, rule on PGN, explain a verdict.
//!
//! ```
//! use arbiter::Adjudicator;
//!
//! // The FIDE Laws in force (2023), compiled into arbiter.
//! let arbiter = Adjudicator::new("fide-2023")?;
//! // The start position appears for the fifth time after 8…Ng8: 9.6.1 draws the game.
//! let pgn = "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 \
//!            5. Nf3 Nf6 6. Ng1 Ng8 7. Nf3 Nf6 8. Ng1 Ng8 9. e4 *";
//! let verdicts = arbiter.adjudicate(pgn);
//! let verdict = verdicts[0].as_ref().expect("a legal game");
//! assert_eq!(verdict.outcome.result().as_str(), "1/2-1/2");
//! assert_eq!(verdict.outcome.rule(), Some("9.6.1"));
//! assert_eq!(verdict.outcome.ended_at_ply(), Some(16));
//! assert_eq!(verdict.unplayed_moves, 1);
//! // Why, in the reader's language.
//! let text = arbiter.explain(verdict, "en")?;
//! assert!(text.contains("The game is drawn after 8…Ng8 under 9.6.1"));
//! let text = arbiter.explain(verdict, "ru")?;
//! assert!(text.contains("Партия закончилась вничью после 8…Ng8 по статье 9.6.1"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! A game that cannot be read or ruled on is an error in its place; the other games are ruled
//! on:
//!
//! ```
//! use arbiter::Adjudicator;
//!
//! let arbiter = Adjudicator::new("fide-2018")?;
//! let verdicts = arbiter.adjudicate("1. e4 e5 2. Ke3 *\n\n1. e4 { [%resign] } 1-0\n");
//! let bad = verdicts[0].as_ref().expect_err("2. Ke3 is illegal");
//! assert!(bad.to_string().contains("Ke3"));
//! // Black, to move after 1.e4, resigns: a loss under 2018's 5.1.2.
//! let resigned = verdicts[1].as_ref().expect("a legal game");
//! assert_eq!(resigned.outcome.result().as_str(), "1-0");
//! assert_eq!(resigned.outcome.rule(), Some("5.1.2"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::sync::Arc;

use crate::diag::Diags;
use crate::pgn::{self, PgnError};
use crate::render::Renderer;
use crate::runtime::adjudicate::{Options, adjudicate_with};
use crate::runtime::rules::Rules;
use crate::runtime::verdict::Verdict;

/// A rulebook ready to rule on games: [`Adjudicator::new`], then [`Adjudicator::adjudicate`].
#[derive(Clone)]
pub struct Adjudicator {
    rules: Arc<dyn Rules>,
    options: Options,
}

impl Adjudicator {
    /// The rulebook `rulebook`: the name of one compiled into arbiter (`fide-2023`,
    /// `fide-2018`, `club`, ...; see [`crate::embedded_names`]), run by its generated code, or
    /// a rulebook folder (an edited copy), compiled and run by the interpreter. Its problems
    /// are located diagnostics.
    pub fn new(rulebook: &str) -> Result<Adjudicator, Diags> {
        Ok(Adjudicator {
            rules: crate::load_rules(rulebook, None)?,
            options: Options::default(),
        })
    }

    /// The same rulebook with other [`Options`] (reading how games ended from their record,
    /// the unwinnability engine's budget, ...).
    pub fn with_options(self, options: Options) -> Adjudicator {
        Adjudicator { options, ..self }
    }

    /// Every game of a PGN text, each ruled on, or the error that stopped it (a syntax error,
    /// an illegal move: located by byte offset); one bad game does not stop the others.
    pub fn adjudicate(&self, pgn: &str) -> Vec<Result<Verdict, PgnError>> {
        pgn::read_games(pgn.as_bytes())
            .into_iter()
            .map(|g| g.and_then(|game| adjudicate_with(&game, self.rules.as_ref(), self.options)))
            .collect()
    }

    /// A verdict explained in a language of the rulebook (`en`, `ru`, or one added with
    /// [`crate::locale::add_dir`]): each ruling and the outcome, as `arbiter adjudicate` prints
    /// them.
    pub fn explain(&self, verdict: &Verdict, lang: &str) -> Result<String, String> {
        let renderer = Renderer::new(self.rules.meta(), lang)?;
        Ok(renderer.text(&renderer.explain(verdict)))
    }

    /// The rules themselves, for the lower-level API ([`crate::runtime::adjudicate::adjudicate_with`]).
    pub fn rules(&self) -> &Arc<dyn Rules> {
        &self.rules
    }
}
