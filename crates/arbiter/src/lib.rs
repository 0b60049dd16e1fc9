//! arbiter: chess laws as data.
//!
//! Pipeline (see ARCHITECTURE.md): `rulebook` (YAML) -> `lang` (parse, type-check) -> `compile`
//! (IR, static checks) -> `backend` (codegen into `generated/`, or the interpreter);
//! `pgn` -> `record` (the runtime's typed input) -> `runtime` (replay, events, facts,
//! precedence) -> `render` (Fluent, RU/EN).
//!
//! Start with [`Adjudicator`]: `Adjudicator::new("fide-2023")?.adjudicate(pgn)`.

// `Diag` carries its source for the caret; boxing it would buy nothing on an error path.
#![allow(clippy::result_large_err)]

pub mod adjudicate;
pub mod audit;
pub mod draughts;
pub mod render;
pub mod unwinnable;

// The language layer (crates/lang), under the paths it had as modules of this crate.
pub use arbiter_lang::{date, diag, escape, files, games, lang, locale, record, value};
// The runtime (crates/runtime), likewise.
pub use arbiter_runtime as runtime;
// The PGN/PDN reader (crates/pgn), likewise.
pub use arbiter_pgn as pgn;

// The compiler and the backends (crates/compiler), likewise.
pub use arbiter_compiler::{backend, compile, rulebook};
// The rulebooks compiled from rules/ (generated/, the crate `arbiter-rulebooks`: compiler
// output, checked by the freshness test; on the runtime alone, so that the generator never
// depends on it).
pub use arbiter_rulebooks as generated;

use std::path::Path;
use std::sync::Arc;

use backend::interp::Interpreter;
use diag::{Diag, Diags};
use locale::say::Message;
use runtime::edition::Law;
use runtime::rules::Rules;

/// Which backend runs the rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Engine {
    /// The Rust code generated from the rulebook and compiled into arbiter.
    Compiled,
    /// The interpreter over the rulebook's IR (no Rust toolchain needed).
    Interpreter,
}

/// The name of the rulebook used when none is given: the FIDE Laws, the edition in force on
/// each game's date.
pub const DEFAULT_RULEBOOK: &str = "fide";

/// Names of the rulebooks compiled into the binary (a rulebook compiled on each edition of a
/// family once).
pub fn embedded_names() -> Vec<&'static str> {
    let mut names: Vec<&'static str> = Vec::new();
    for e in generated::EMBEDDED {
        if !names.contains(&e.name) {
            names.push(e.name);
        }
    }
    names
}

/// Names of the families of editions among the embedded rulebooks (`fide`), each a name
/// `--rulebook` takes.
pub fn embedded_families() -> Vec<&'static str> {
    let mut names: Vec<&'static str> = Vec::new();
    for e in generated::EMBEDDED {
        if let Some(ed) = e.rules.meta().edition.as_ref()
            && ed.id == e.name
            && let Some(f) = family_name(e)
            && !names.contains(&f)
        {
            names.push(f);
        }
    }
    names
}

/// Every name `--rulebook` takes besides a folder: the families, then the rulebooks.
pub fn rulebook_names() -> Vec<&'static str> {
    let mut names = embedded_families();
    names.extend(embedded_names());
    names
}

/// The family an embedded edition belongs to.
fn family_name(e: &'static runtime::rules::Embedded) -> Option<&'static str> {
    let rules: &'static dyn Rules = e.rules;
    rules.meta().edition.as_ref().map(|ed| ed.family.as_str())
}

/// The embedded rulebooks `spec` names: the rulebook of that name (once per edition of the
/// family it stands on), or the editions of the family of that name.
fn embedded_named(spec: &str) -> Vec<&'static runtime::rules::Embedded> {
    let named: Vec<_> = generated::EMBEDDED
        .iter()
        .filter(|e| e.name == spec)
        .collect();
    if !named.is_empty() {
        return named;
    }
    generated::EMBEDDED
        .iter()
        .filter(|e| {
            e.rules
                .meta()
                .edition
                .as_ref()
                .is_some_and(|ed| ed.family == spec && ed.id == e.name)
        })
        .collect()
}

/// Resolve `--rulebook NAME|DIR` (and `--edition`, `--engine`) to the law games are ruled
/// under: one rulebook, or one per edition of a family, chosen by each game's date.
///
/// A name is an embedded rulebook or family of editions (compiled backend by default); a folder
/// is loaded, checked and interpreted (a folder has no compiled code). `edition` keeps only
/// the rulebook on that edition of the family.
pub fn load_law(spec: &str, engine: Option<Engine>, edition: Option<&str>) -> Result<Law, Diags> {
    let books = load_books(spec, engine)?;
    let Some(edition) = edition else {
        return Ok(Law::by_date(books));
    };
    let on = |b: &Arc<dyn Rules>| b.meta().edition.as_ref().is_some_and(|e| e.id == edition);
    match books.iter().find(|b| on(b)) {
        Some(b) => Ok(Law::single(Arc::clone(b))),
        None => {
            let have: Vec<String> = (books.iter())
                .filter_map(|b| b.meta().edition.as_ref().map(|e| e.id.clone()))
                .collect();
            let empty: Arc<str> = Arc::from("");
            Err(Diag::new(
                Path::new(spec),
                &empty,
                0,
                0,
                locale::say::no_such_edition(spec, edition, have.join(", ")),
            )
            .into())
        }
    }
}

/// Resolve `--rulebook NAME|DIR` and `--engine` to rules: for a rulebook compiled on each
/// edition of a family, or a family, the newest edition's.
pub fn load_rules(spec: &str, engine: Option<Engine>) -> Result<Arc<dyn Rules>, Diags> {
    Ok(Arc::clone(load_law(spec, engine, None)?.newest()))
}

/// Every rulebook `spec` names, oldest edition first.
fn load_books(spec: &str, engine: Option<Engine>) -> Result<Vec<Arc<dyn Rules>>, Diags> {
    let named = embedded_named(spec);
    if !named.is_empty() {
        return match engine.unwrap_or(Engine::Compiled) {
            Engine::Compiled => Ok(named
                .into_iter()
                .map(|e| Arc::new(Wrap(e.rules)) as Arc<dyn Rules>)
                .collect()),
            Engine::Interpreter => {
                let mut books: Vec<Arc<dyn Rules>> = Vec::new();
                for ir in load_irs(spec)? {
                    let interp = Interpreter::new(ir)
                        .map_err(|e| Diag::new(Path::new(spec), &Arc::from(""), 0, 0, e))?;
                    books.push(Arc::new(interp));
                }
                Ok(books)
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
            locale::say::no_such_rulebook(spec, rulebook_names().join(", ")),
        )
        .into());
    }
    if engine == Some(Engine::Compiled) {
        let empty: Arc<str> = Arc::from("");
        return Err(Diag::new(dir, &empty, 0, 0, locale::say::folder_not_compiled()).into());
    }
    let mut books: Vec<Arc<dyn Rules>> = Vec::new();
    for ir in compile::compile_dir_editions(dir, &Embedded)? {
        let interp = Interpreter::new(ir).map_err(|e| Diag::new(dir, &Arc::from(""), 0, 0, e))?;
        books.push(Arc::new(interp));
    }
    Ok(books)
}

/// The IR of `--rulebook NAME|DIR`: an embedded rulebook's, compiled from its embedded sources,
/// or a folder's; for one compiled on each edition of a family, or a family, the newest's.
pub fn load_ir(spec: &str) -> Result<lang::ir::Rulebook, Diags> {
    let mut irs = load_irs(spec)?;
    // The newest as [`load_rules`] chooses it (`Law::by_date`): by the day each edition came
    // into force, a rulebook without one first.
    irs.sort_by_key(|ir| ir.edition.as_ref().map(|e| e.in_force_from));
    match irs.pop() {
        Some(ir) => Ok(ir),
        None => {
            let empty: Arc<str> = Arc::from("");
            Err(Diag::new(
                Path::new(spec),
                &empty,
                0,
                0,
                locale::say::no_such_rulebook(spec, rulebook_names().join(", ")),
            )
            .into())
        }
    }
}

/// The IR of every rulebook `spec` names, oldest edition first.
pub fn load_irs(spec: &str) -> Result<Vec<lang::ir::Rulebook>, Diags> {
    let named = embedded_named(spec);
    if !named.is_empty() {
        let mut irs = Vec::new();
        // A rulebook compiled on each edition is loaded once per edition from its sources; a
        // family's editions each once.
        let mut seen: Vec<&str> = Vec::new();
        for e in named {
            if seen.contains(&e.name) {
                continue;
            }
            seen.push(e.name);
            let loaded = rulebook::load_embedded_editions(
                &format!("rules/{}", e.name),
                e.sources,
                &Embedded,
            )?;
            irs.extend(compile::lower_all(&loaded)?);
        }
        return Ok(irs);
    }
    compile::compile_dir_editions(Path::new(spec), &Embedded)
}

/// Why [`clause_text`] has no text to give.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ClauseTextError {
    /// The rulebook is not written in the language asked for (the message says which it is).
    NoLanguage(Message),
    /// The rulebook has no such clause.
    NoClause(Message),
    /// The words the clause is shown with could not be made (a locale's error, said).
    Words(String),
}

/// A clause of a rulebook as `arbiter explain CLAUSE` shows it: its heading, text, standing,
/// rules and notes in `lang`, made from the IR as the readable rulebook makes it
/// (`backend::codegen::clause_markdown`), laid out for a terminal (`render::terminal`). The
/// clause is the first of that id in the rulebook's order of articles, as the readable
/// rulebook lists it.
pub fn clause_text(
    ir: &lang::ir::Rulebook,
    clause: &str,
    lang: &str,
) -> Result<String, ClauseTextError> {
    if !ir.languages.iter().any(|l| l == lang) {
        return Err(ClauseTextError::NoLanguage(
            locale::say::rulebook_lacks_language(&ir.id, lang, ir.languages.join(", ")),
        ));
    }
    let found = (ir.articles.iter())
        .flat_map(|a| a.clauses.iter())
        .filter_map(|&i| ir.clauses.get(i))
        .find(|c| c.id == clause);
    let Some(c) = found else {
        return Err(ClauseTextError::NoClause(locale::say::no_such_clause(
            &ir.id, clause,
        )));
    };
    let md = backend::codegen::clause_markdown(ir, c, lang).map_err(ClauseTextError::Words)?;
    Ok(render::terminal(&md))
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
    law: Law,
    options: runtime::adjudicate::Options,
}

impl Adjudicator {
    /// The rulebook `rulebook`: the name of one compiled into arbiter (`fide`, the FIDE Laws
    /// in force on each game's date; `fide-2023`, `fide-2018`, `club`, ...; see
    /// [`crate::embedded_names`]), run by its generated code, or a rulebook folder (an edited
    /// copy), compiled and run by the interpreter. Its problems are located diagnostics.
    pub fn new(rulebook: &str) -> Result<Adjudicator, Diags> {
        Ok(Adjudicator {
            law: load_law(rulebook, None, None)?,
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
            .map(|g| g.and_then(|game| adjudicate::game(game, &self.law, self.options)))
            .collect()
    }

    /// A game given as data rather than as PGN (a [`record::Record`]: the start, the moves,
    /// the events, the parameters set, the time control, the recorded ending), ruled on under
    /// the edition in force on its date. Its errors have a place only when the record has
    /// [`record::Spans`].
    ///
    /// ```
    /// use arbiter::Adjudicator;
    /// use arbiter::record::Record;
    /// use arbiter::record::events::{ClaimKind, Command, GameEvent};
    ///
    /// // 1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8: the initial position for the third time,
    /// // and White, to move, claims a draw by repetition: the position has just appeared, so
    /// // the claim is correct under 2023's 9.2.2 (9.2.1 is a claim with the move to be made).
    /// let moves = "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8"
    ///     .split(' ')
    ///     .map(|m| m.parse())
    ///     .collect::<Result<Vec<_>, _>>()?;
    /// let mut record = Record::chess(shakmaty::Chess::default(), moves);
    /// record.events.push(GameEvent {
    ///     ply: 8,
    ///     index: Some(0),
    ///     offset: 0,
    ///     command: Command::Claim { kind: ClaimKind::Threefold, intended: None },
    /// });
    /// let verdict = Adjudicator::new("fide-2023")?.adjudicate_record(&record)?;
    /// assert_eq!(verdict.outcome.result().as_str(), "1/2-1/2");
    /// assert_eq!(verdict.outcome.rule(), Some("9.2.2"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn adjudicate_record(
        &self,
        record: &record::Record,
    ) -> Result<runtime::verdict::Verdict, record::InputError> {
        runtime::adjudicate::adjudicate_law(record, &self.law, self.options)
    }

    /// A verdict explained in a language of the rulebook (`en`, `ru`, or one added with
    /// [`crate::locale::add_dir`]): each ruling and the outcome, as `arbiter adjudicate` prints
    /// them.
    pub fn explain(
        &self,
        verdict: &runtime::verdict::Verdict,
        lang: &str,
    ) -> Result<String, String> {
        let books = self.law.books();
        let rules = books.get(verdict.book).unwrap_or_else(|| self.law.newest());
        let renderer = render::Renderer::new(rules.meta(), lang)?;
        Ok(renderer.text(&renderer.explain(verdict)))
    }

    /// The rules of the newest edition, for the lower-level API
    /// ([`crate::runtime::adjudicate::adjudicate_with`], [`crate::adjudicate::game_with`]).
    pub fn rules(&self) -> &Arc<dyn Rules> {
        self.law.newest()
    }

    /// Every rulebook it rules with, oldest edition first, and how it chooses among them.
    pub fn law(&self) -> &Law {
        &self.law
    }
}
