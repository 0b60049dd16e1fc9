//! Russian draughts' mechanics: the crate `arbiter-draughts` (crates/draughts/), which depends on
//! no arbiter crate, under the name the layers above have always used.

pub use arbiter_draughts::*;
