//! arbiter's compiler (ARCHITECTURE.md, "Crates"): `rulebook` reads a rulebook's YAML (its
//! bases through a [`rulebook::Library`]), `compile` checks it and lowers it to the IR
//! (`arbiter_lang::lang::ir`), and `backend` turns the IR into Rust, Fluent and Markdown
//! (`codegen`, what `generated/` holds) or runs it (`interp`).
//!
//! On the language layer and the runtime only, never on the generated rulebooks: the generator
//! (`arbiter-codegen`) is built from this crate whatever state `generated/` is in.

// `Diag` carries its source for the caret; boxing it would buy nothing on an error path.
#![allow(clippy::result_large_err)]

pub mod backend;
pub mod compile;
pub mod rulebook;

// The crates below, named as when they were modules of one crate.
use arbiter_lang::{date, diag, games, lang, locale, value};
use arbiter_runtime as runtime;
