//! arbiter: chess laws as data.
//!
//! Pipeline (see ARCHITECTURE.md): `rulebook` (YAML) -> `lang` (parse, type-check) -> `compile`
//! (IR, static checks) -> `backend` (codegen into `generated/`, or the interpreter);
//! `pgn` -> `runtime` (replay, events, facts, precedence) -> `render` (Fluent, RU/EN).
//!
//! Start with [`Adjudicator`]: `Adjudicator::new("fide-2023")?.adjudicate(pgn)`.

// `Diag` carries its source for the caret; boxing it would buy nothing on an error path.
#![allow(clippy::result_large_err)]

pub mod adjudicator;
pub mod audit;
pub mod backend;
pub mod compile;
pub mod conformance;
pub mod diag;
pub mod lang;
pub mod locale;
pub mod pgn;
pub mod render;
pub mod rulebook;
pub mod runtime;
pub mod unwinnable;
pub mod value;

// Compiler output (already rustfmt-formatted), checked by the freshness test; never edited by
// hand. Without the `embedded` feature the crate builds without it, so that the generator can
// always be built and run, however the types generated code uses have changed:
// `cargo run --no-default-features -- compile` (ARCHITECTURE.md, "Changing the schema").
#[cfg(feature = "embedded")]
#[path = "../generated/mod.rs"]
pub mod generated;

/// No rulebook compiled in: the crate as the generator needs it.
#[cfg(not(feature = "embedded"))]
pub mod generated {
    pub static EMBEDDED: &[crate::runtime::rules::Embedded] = &[];
}

use std::path::Path;
use std::sync::Arc;

pub use adjudicator::Adjudicator;
use backend::interp::Interpreter;
use diag::{Diag, Diags};
use runtime::rules::Rules;

/// Which backend runs the rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Engine {
    /// The Rust code generated from the rulebook and compiled into arbiter.
    Compiled,
    /// The interpreter over the rulebook's IR (no Rust toolchain needed).
    Interpreter,
}

/// The name of the rulebook used when none is given.
pub const DEFAULT_RULEBOOK: &str = "fide-2023";

/// Names of the rulebooks compiled into the binary.
pub fn embedded_names() -> Vec<&'static str> {
    generated::EMBEDDED.iter().map(|e| e.name).collect()
}

/// Resolve `--rulebook NAME|DIR` and `--engine` to rules.
///
/// A name is an embedded rulebook (compiled backend by default); a folder is loaded, checked and
/// interpreted (a folder has no compiled code).
pub fn load_rules(spec: &str, engine: Option<Engine>) -> Result<Arc<dyn Rules>, Diags> {
    if let Some(e) = generated::EMBEDDED.iter().find(|e| e.name == spec) {
        return match engine.unwrap_or(Engine::Compiled) {
            Engine::Compiled => Ok(Arc::new(Wrap(e.rules))),
            Engine::Interpreter => {
                let loaded =
                    rulebook::load_embedded(&format!("rules/{spec}"), e.sources, &Embedded)?;
                let interp = Interpreter::new(compile::lower(&loaded)?)
                    .map_err(|e| Diag::new(Path::new(spec), &Arc::from(""), 0, 0, e))?;
                Ok(Arc::new(interp))
            }
        };
    }
    let dir = Path::new(spec);
    if !dir.is_dir() {
        let empty: Arc<str> = Arc::from("");
        return Err(Diag::new(
            dir,
            &empty,
            0,
            0,
            locale::say::no_such_rulebook(spec, embedded_names().join(", ")),
        )
        .into());
    }
    if engine == Some(Engine::Compiled) {
        let empty: Arc<str> = Arc::from("");
        return Err(Diag::new(dir, &empty, 0, 0, locale::say::folder_not_compiled()).into());
    }
    let interp = Interpreter::new(compile::compile_dir(dir, &Embedded)?)
        .map_err(|e| Diag::new(dir, &Arc::from(""), 0, 0, e))?;
    Ok(Arc::new(interp))
}

/// The IR of `--rulebook NAME|DIR`: an embedded rulebook's, compiled from its embedded sources,
/// or a folder's.
pub fn load_ir(spec: &str) -> Result<lang::ir::Rulebook, Diags> {
    if let Some(e) = generated::EMBEDDED.iter().find(|e| e.name == spec) {
        let loaded = rulebook::load_embedded(&format!("rules/{spec}"), e.sources, &Embedded)?;
        return compile::lower(&loaded);
    }
    compile::compile_dir(Path::new(spec), &Embedded)
}

/// The rulebooks compiled into the binary, as the library a rulebook's base is found in.
pub struct Embedded;

impl rulebook::Library for Embedded {
    fn sources(&self, name: &str) -> Option<&'static [(&'static str, &'static str)]> {
        generated::EMBEDDED
            .iter()
            .find(|e| e.name == name)
            .map(|e| e.sources)
    }
    fn names(&self) -> Vec<&'static str> {
        embedded_names()
    }
}

/// A `&'static dyn Rules` as an owned `Rules`.
struct Wrap(&'static dyn Rules);

impl Rules for Wrap {
    fn meta(&self) -> &runtime::rules::BookMeta {
        self.0.meta()
    }
    fn fired(
        &self,
        event: lang::schema::EventKind,
        cx: &mut runtime::facts::Ctx,
        out: &mut Vec<runtime::rules::Index>,
    ) -> Result<(), value::EvalError> {
        self.0.fired(event, cx, out)
    }
    fn effects(
        &self,
        clause: runtime::rules::Index,
        cx: &mut runtime::facts::Ctx,
    ) -> Result<Vec<runtime::rules::Effect>, value::EvalError> {
        self.0.effects(clause, cx)
    }
    fn vars(
        &self,
        clause: runtime::rules::Index,
        cx: &mut runtime::facts::Ctx,
    ) -> Result<Vec<(String, value::Value)>, value::EvalError> {
        self.0.vars(clause, cx)
    }
}
