//! The conformance suite and its runner (conformance/README.md, conformance/PROTOCOL.md).
//!
//! `scenario` loads one scenario, builds the request an implementation sees and checks a verdict;
//! `inherit` makes a rulebook's suite, its bases' scenarios included;
//! `protocol` and `schema` are the wire format and its published schemas; `implementation` drives
//! arbiter in process or any program over the protocol; `serve` is `arbiter serve`'s handling of
//! one line; `runner` runs a suite; `report` writes what came of it.

// `Diag` carries its source for the caret; boxing it would buy nothing on an error path.
#![allow(clippy::result_large_err)]

// A crate above the facade (ARCHITECTURE.md, "Crates"): the facade's items and the layers it
// re-exports, named as when this was one of its modules.
use arbiter::{
    Engine, adjudicate, diag, escape, files, games, lang, load_law, locale, pgn, render, rulebook,
    rulebook_names, runtime,
};

pub mod features;
pub mod implementation;
pub mod inherit;
pub mod protocol;
pub mod report;
pub mod runner;
pub mod scenario;
pub mod schema;
pub mod serve;

pub use scenario::{Discovered, Scenario, discover, discover_all};
