//! What generated code needs in scope (`use arbiter_runtime::prelude::*;`): the generated
//! rulebooks' crate depends on this crate alone (ARCHITECTURE.md, "Crates"). The runtime is on
//! the language layer (`arbiter-lang`) and the two engines, and nothing above.

pub use crate::facts::Ctx;
pub use crate::rules::{
    BookMeta, ClauseMeta, Effect, Index, MoveArg, ParamMeta, RuleMeta, Rules, at,
};
pub use arbiter_lang::date::Date;
pub use arbiter_lang::games::{GameKind, Games};
pub use arbiter_lang::lang::ir::Edition;
pub use arbiter_lang::lang::schema::EventKind;
pub use arbiter_lang::value::{EvalError, Value, ops};
pub use shakmaty::{Color, Move};
