//! arbiter: chess laws as data.
//!
//! Pipeline (see ARCHITECTURE.md): `rulebook` (YAML) -> `lang` (parse, type-check) -> `compile`
//! (IR, static checks) -> `backend` (codegen into `generated/`, or the interpreter);
//! `pgn` -> `runtime` (replay, events, facts, precedence) -> `render` (Fluent, RU/EN).
//!
//! Start with [`Adjudicator`]: `Adjudicator::new("fide-2023")?.adjudicate(pgn)`.

// `Diag` carries its source for the caret; boxing it would buy nothing on an error path.
#![allow(clippy::result_large_err)]

pub mod audit;
pub mod backend;
pub mod compile;
pub mod conformance;
pub mod diag;
pub mod draughts;
pub mod escape;
pub mod files;
pub mod games;
pub mod lang;
pub mod locale;
pub mod pgn;
pub mod publish;
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

/// The one entry point for a Rust program: pick a rulebook ([`Adjudicator::new`]), rule on PGN
/// ([`Adjudicator::adjudicate`]), explain a verdict ([`Adjudicator::explain`]).
///
/// ```
/// use arbiter::Adjudicator;
///
/// // The FIDE Laws in force (2023), compiled into arbiter.
/// let arbiter = Adjudicator::new("fide-2023")?;
/// // The start position appears for the fifth time after 8…Ng8: 9.6.1 draws the game.
/// let pgn = "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 \
///            5. Nf3 Nf6 6. Ng1 Ng8 7. Nf3 Nf6 8. Ng1 Ng8 9. e4 *";
/// let verdicts = arbiter.adjudicate(pgn);
/// let verdict = verdicts[0].as_ref().expect("a legal game");
/// assert_eq!(verdict.outcome.result().as_str(), "1/2-1/2");
/// assert_eq!(verdict.outcome.rule(), Some("9.6.1"));
/// assert_eq!(verdict.outcome.ended_at_ply(), Some(16));
/// assert_eq!(verdict.unplayed_moves, 1);
/// // Why, in the reader's language.
/// let text = arbiter.explain(verdict, "en")?;
/// // No file, so no place: the first line names the game.
/// assert!(text.starts_with("game 1: ? – ?: 1/2-1/2\n"), "{text}");
/// assert!(text.contains("The game is drawn after 8…Ng8 under 9.6.1"));
/// let text = arbiter.explain(verdict, "ru")?;
/// assert!(text.contains("Партия закончилась вничью после 8…Ng8 по статье 9.6.1"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// A game that cannot be read or ruled on is an error in its place; the other games are ruled
/// on:
///
/// ```
/// use arbiter::Adjudicator;
///
/// let arbiter = Adjudicator::new("fide-2018")?;
/// let verdicts = arbiter.adjudicate("1. e4 e5 2. Ke3 *\n\n1. e4 { [%resign] } 1-0\n");
/// let bad = verdicts[0].as_ref().expect_err("2. Ke3 is illegal");
/// assert!(bad.to_string().contains("Ke3"));
/// // Black, to move after 1.e4, resigns: a loss under 2018's 5.1.2.
/// let resigned = verdicts[1].as_ref().expect("a legal game");
/// assert_eq!(resigned.outcome.result().as_str(), "1-0");
/// assert_eq!(resigned.outcome.rule(), Some("5.1.2"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone)]
pub struct Adjudicator {
    rules: Arc<dyn Rules>,
    options: runtime::adjudicate::Options,
}

impl Adjudicator {
    /// The rulebook `rulebook`: the name of one compiled into arbiter (`fide-2023`,
    /// `fide-2018`, `club`, ...; see [`crate::embedded_names`]), run by its generated code, or
    /// a rulebook folder (an edited copy), compiled and run by the interpreter. Its problems
    /// are located diagnostics.
    pub fn new(rulebook: &str) -> Result<Adjudicator, Diags> {
        Ok(Adjudicator {
            rules: load_rules(rulebook, None)?,
            options: runtime::adjudicate::Options::default(),
        })
    }

    /// The same rulebook with other [`runtime::adjudicate::Options`] (reading how games ended from their record,
    /// the unwinnability engine's budget, ...).
    pub fn with_options(self, options: runtime::adjudicate::Options) -> Adjudicator {
        Adjudicator { options, ..self }
    }

    /// Every game of a PGN text, each ruled on, or the error that stopped it (a syntax error,
    /// an illegal move: located by byte offset); one bad game does not stop the others.
    pub fn adjudicate(&self, pgn: &str) -> Vec<Result<runtime::verdict::Verdict, pgn::PgnError>> {
        pgn::read_games(pgn.as_bytes())
            .into_iter()
            .map(|g| {
                g.and_then(|game| {
                    runtime::adjudicate::adjudicate_with(&game, self.rules.as_ref(), self.options)
                })
            })
            .collect()
    }

    /// A verdict explained in a language of the rulebook (`en`, `ru`, or one added with
    /// [`crate::locale::add_dir`]): each ruling and the outcome, as `arbiter adjudicate` prints
    /// them.
    pub fn explain(
        &self,
        verdict: &runtime::verdict::Verdict,
        lang: &str,
    ) -> Result<String, String> {
        let renderer = render::Renderer::new(self.rules.meta(), lang)?;
        Ok(renderer.text(&renderer.explain(verdict)))
    }

    /// The rules themselves, for the lower-level API ([`crate::runtime::adjudicate::adjudicate_with`]).
    pub fn rules(&self) -> &Arc<dyn Rules> {
        &self.rules
    }
}
