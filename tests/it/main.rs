//! The integration tests, as one test binary (one link instead of one per file). Each module is
//! one concern; `cargo test --test it MODULE` runs one of them (e.g. `cargo test --test it
//! corpus`). The conformance suite is its own binary (`tests/conformance.rs`, libtest-mimic).

mod common;

mod audit;
mod browser;
mod certify;
mod cli;
mod corpus;
mod draughts_games;
mod editions;
mod fuzz_regressions;
mod generated_fresh;
mod hostile_inputs;
mod hostile_rulebooks;
mod locales;
mod pgn_errors;
mod protocol;
mod publish;
mod readme;
mod rulebook_errors;
mod rules_are_data;
mod runner;
mod russian_output;
mod spark;
mod streaming;
mod third_language;
mod unwinnable;
