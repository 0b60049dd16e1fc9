//! The rulebook compiler front end: YAML model -> checked IR, with every problem located.

pub mod ir;
mod lower;
pub mod words;

pub use lower::{lower, pattern_vars};

/// A Fluent pattern indented as the body of a message.
pub fn indent_ftl(s: &str) -> String {
    lower::indent(s)
}

use std::path::Path;

use crate::diag::Diags;
use crate::rulebook;

/// Load and check a rulebook folder.
pub fn compile_dir(dir: &Path) -> Result<ir::Rulebook, Diags> {
    let loaded = rulebook::load_dir(dir)?;
    lower(&loaded)
}
