//! The adjudicator runtime: a game's mechanics (chess, behind `mechanics::Mechanics`), the game
//! state, facts, the `Rules` interface, the driver.
//!
//! A crate on the language layer and the engines (ARCHITECTURE.md, "Crates").

#![allow(clippy::result_large_err)]

pub mod adjudicate;
pub mod analysis;
pub mod clock;
pub mod edition;
pub mod facts;
pub mod mechanics;
pub mod position;
pub mod prelude;
pub mod proceedings;
pub mod rules;
pub mod verdict;

pub use adjudicate::adjudicate;

// The crates below, named as when they were modules of one crate.
use arbiter_draughts as draughts;
use arbiter_lang::{date, diag, games, lang, locale, record, value};
use arbiter_unwinnable as unwinnable;
