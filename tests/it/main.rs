//! The integration tests, as one test binary (one link instead of one per file). Each module is
//! one concern; `cargo test --test it MODULE` runs one of them (e.g. `cargo test --test it
//! cli`). The conformance suite is its own binary (`tests/conformance.rs`, libtest-mimic), and
//! so are the tests that need tools or data from outside the repository (`tests/external/`,
//! libtest-mimic: what cannot run here is reported ignored, with the reason).

// Test code: its helpers (outside `#[test]` functions, which clippy.toml already allows) may
// unwrap too; the workspace denies it everywhere else.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

mod audit;
mod cli;
mod diff;
mod draughts_games;
mod editions;
mod explain;
mod fuzz_regressions;
mod generated_fresh;
mod hostile_inputs;
mod hostile_rulebooks;
mod locales;
mod pgn_errors;
mod protocol;
mod publish;
mod readme;
mod records;
mod rulebook_errors;
mod rules_are_data;
mod rules_in_words;
mod runner;
mod russian_output;
mod schema;
mod streaming;
mod third_language;
mod unwinnable;
