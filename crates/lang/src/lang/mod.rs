//! The condition and effect language: syntax (`grammar/rules.pest`), schema, type checking.

pub mod ast;
pub mod ir;
pub mod limits;
pub mod parse;
pub mod schema;
pub mod typeck;
pub mod vocabulary;
