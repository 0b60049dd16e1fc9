//! The unwinnability engine: the crate `arbiter-unwinnable` (crates/unwinnable/), which depends on
//! no arbiter crate, under the name the layers above have always used.

pub use arbiter_unwinnable::*;
