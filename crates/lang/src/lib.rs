//! arbiter's language layer (ARCHITECTURE.md, "Crates"): the vocabulary and the rule language
//! (`lang`: schema, parser, type checker, IR), the runtime's typed input (`record`), located
//! errors (`diag`), the language registry and every message the tool says (`locale`), and the
//! pieces under them (`date`, `value`, `games`, `escape`, `files`). Above it: the runtime, the
//! compiler and the readers; below it only the draughts engine.

// `Diag` carries its source for the caret; boxing it would buy nothing on an error path.
#![allow(clippy::result_large_err)]

pub mod date;
pub mod diag;
pub mod escape;
pub mod files;
pub mod games;
pub mod lang;
pub mod locale;
pub mod record;
pub mod value;

// The draughts engine under the name the modules use (`crate::draughts`).
use arbiter_draughts as draughts;
