//! The two backends over the IR: code generation and the interpreter.

pub mod codegen;
pub mod interp;

use crate::lang::ir::Rulebook;
use crate::runtime::rules::BookMeta;

/// What generated code needs in scope: the runtime's (`arbiter_runtime::prelude`).
pub use crate::runtime::prelude;

/// The metadata both backends expose, computed from the IR (for the interpreter): every text
/// in every language of the rulebook, or an error saying which could not be made.
pub fn meta_of(ir: &Rulebook) -> Result<BookMeta, crate::locale::say::Message> {
    let text = |f: fn(&Rulebook, &str) -> Result<String, String>| {
        ir.languages
            .iter()
            .map(|l| Ok((l.clone(), f(ir, l)?)))
            .collect::<Result<_, String>>()
    };
    Ok(BookMeta {
        id: ir.id.clone(),
        edition: ir.edition.clone(),
        per_edition: ir.per_edition,
        languages: ir.languages.clone(),
        games: ir.games,
        clauses: interp::clause_metas(ir)?,
        rules: interp::rule_metas(ir)?,
        params: interp::param_metas(ir)?,
        ftl: text(codegen::ftl).map_err(crate::locale::say::Message::verbatim)?,
    })
}
