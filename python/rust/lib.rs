//! `arbiter._arbiter`: the Python package's extension module. The library does the work; this
//! module only carries values across: games in (a path, bytes, a binary file), each verdict out
//! as the JSON object `arbiter adjudicate --format json` prints for it (the same `audit::Judge`
//! makes both), the unwinnability engine's answers, a rulebook's clauses and its located
//! problems. The Python classes around them are in `arbiter/__init__.py`.
//!
//! Every error is an exception of the package (`ArbiterError`, `PgnError`, `RulebookError`,
//! made by `arbiter/__init__.py` with its path, line and column), its message in the language
//! the call asked for (`lang`; English for a call that names none): each call makes its own
//! words, no language is the process's. The work runs with the GIL released.

// `Diag` carries its source for the caret; boxing it would buy nothing on an error path.
#![allow(clippy::result_large_err)]

use std::ffi::OsString;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::mpsc::{Receiver, RecvTimeoutError, sync_channel};
use std::sync::{Arc, Mutex};

use arbiter::locale::Words;
use std::time::Duration;

use arbiter::audit::{Format, Input, Judge, NO_EDITION, Options, Report, Stream, Tally};
use arbiter::diag::Diags;
use arbiter::locale::say;
use arbiter::render::Renderer;
use arbiter::runtime::adjudicate::{ANALYSIS_BUDGET, Options as Adjudicate};
use arbiter::runtime::analysis::{DeadStatus, Shown, Winnability, deadness, winnability};
use pyo3::prelude::*;
use pyo3::types::PyBytes;
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Color};

/// An exception of the package (`arbiter.<class>`), with its place; if the package cannot make
/// it, the error that stopped it.
fn error(
    py: Python<'_>,
    class: &str,
    message: String,
    at: Option<(String, usize, usize)>,
    report: Option<String>,
) -> PyErr {
    let (path, line, column) = match at {
        Some((p, l, c)) => (Some(p), Some(l), Some(c)),
        None => (None, None, None),
    };
    let made = py
        .import("arbiter")
        .and_then(|m| m.getattr(class))
        .and_then(|c| c.call1((message, path, line, column, report)));
    match made {
        Ok(e) => PyErr::from_value(e),
        Err(e) => e,
    }
}

/// `ArbiterError(message)`, placed nowhere.
fn arbiter_error(py: Python<'_>, message: String) -> PyErr {
    error(py, "ArbiterError", message, None, None)
}

/// A rulebook's problems as one `RulebookError`: the first one's message and place, every one
/// in the report (as `arbiter check` prints them, without colour).
fn rulebook_error(py: Python<'_>, diags: &Diags, words: &Words) -> PyErr {
    let report = diags.render_plain(words);
    match diags.0.first() {
        Some(d) => {
            let (line, column) = d.line_col();
            let at = (d.file.display().to_string(), line, column);
            error(
                py,
                "RulebookError",
                d.message.render(words),
                Some(at),
                Some(report),
            )
        }
        None => error(py, "RulebookError", report, None, None),
    }
}

/// The words of `lang`, in which a call that names it says everything (its explanations and its
/// errors): checked as `--lang` is (`Words::checked`), each call its own, so that two threads
/// asking for different languages each get theirs. What is wrong with them is said in the words
/// of `lang` that did not fail (`Words::none`).
fn words_of(py: Python<'_>, lang: &str) -> PyResult<Words> {
    let asked = Words::none(lang);
    if !arbiter::locale::languages().iter().any(|l| l == lang) {
        let known = arbiter::locale::languages().join(", ");
        return Err(arbiter_error(
            py,
            say::no_words_in(lang, known).render(&asked),
        ));
    }
    Words::checked(lang).map_err(|e| arbiter_error(py, e.render(&asked)))
}

/// The words of a call that names no language: the default language's.
fn default_words() -> Words {
    arbiter::locale::default_words()
}

/// A Python binary file as a reader: `read(n)` under the GIL, each call's bytes handed out as
/// the reader asks for them.
struct PyReader {
    file: Py<PyAny>,
    pending: Vec<u8>,
    at: usize,
}

impl Read for PyReader {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.at >= self.pending.len() {
            let chunk = Python::attach(|py| -> Result<Vec<u8>, String> {
                let got = (self.file.bind(py))
                    .call_method1("read", (buf.len().max(1 << 16),))
                    .map_err(|e| e.to_string())?;
                let bytes = got.cast::<PyBytes>().map_err(|e| e.to_string())?;
                Ok(bytes.as_bytes().to_vec())
            })
            .map_err(std::io::Error::other)?;
            self.pending = chunk;
            self.at = 0;
        }
        let rest = self.pending.get(self.at..).unwrap_or_default();
        let n = rest.len().min(buf.len());
        buf[..n].copy_from_slice(&rest[..n]);
        self.at += n;
        Ok(n)
    }
}

/// What one game or input came to: `VERDICT` (the JSON verdict), `BAD_GAME` or `BAD_INPUT`
/// (the JSON error record).
const VERDICT: u8 = 0;
const BAD_GAME: u8 = 1;
const BAD_INPUT: u8 = 2;

/// One game or input of a run: its kind (`VERDICT`, `BAD_GAME`, `BAD_INPUT`), its JSON object,
/// and for a verdict the fields most read, so that reading them needs no JSON parsing: the
/// result, the clause that ended the game, the finding and the edition.
type Item = (
    u8,
    String,
    Option<&'static str>,
    Option<String>,
    Option<&'static str>,
    Option<String>,
);

/// The verdicts of a run, in input order, as they come: each step the items ready (at least
/// one, at most `WAITING`). Waiting releases the GIL; dropping it stops the run.
#[pyclass(module = "arbiter._arbiter")]
struct Verdicts {
    rx: Mutex<Receiver<Item>>,
}

#[pymethods]
impl Verdicts {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&self, py: Python<'_>) -> PyResult<Option<Vec<Item>>> {
        loop {
            let got = py.detach(|| {
                let rx = match self.rx.lock() {
                    Ok(rx) => rx,
                    Err(poisoned) => poisoned.into_inner(),
                };
                rx.recv_timeout(Duration::from_millis(100)).map(|first| {
                    let mut ready = vec![first];
                    ready.extend(rx.try_iter().take(WAITING));
                    ready
                })
            });
            match got {
                Ok(items) => return Ok(Some(items)),
                // Ctrl-C is seen while a slow game is ruled on.
                Err(RecvTimeoutError::Timeout) => py.check_signals()?,
                Err(RecvTimeoutError::Disconnected) => return Ok(None),
            }
        }
    }
}

/// Outputs waiting to be taken from a run: with the games in flight, what bounds its memory.
const WAITING: usize = 256;

/// Rule on `inputs` (each `(kind, name, payload)`: `("path", path, None)`, `("bytes", name,
/// bytes)` or `("file", name, binary file)`) as `arbiter adjudicate --format json` does.
#[pyfunction]
#[pyo3(signature = (inputs, rulebook, lang, record, jobs, edition=None))]
fn judge(
    py: Python<'_>,
    inputs: Vec<(String, String, Py<PyAny>)>,
    rulebook: &str,
    lang: &str,
    record: bool,
    jobs: Option<usize>,
    edition: Option<&str>,
) -> PyResult<Verdicts> {
    let words = words_of(py, lang)?;
    let law = py
        .detach(|| arbiter::load_law(rulebook, None, edition))
        .map_err(|d| rulebook_error(py, &d, &words))?;
    let mut renderers = Vec::with_capacity(law.books().len());
    for rules in law.books() {
        renderers.push(Renderer::new(rules.meta(), lang).map_err(|e| arbiter_error(py, e))?);
    }
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    let max_jobs = cores.saturating_mul(4);
    let jobs = jobs.unwrap_or(cores);
    if jobs == 0 || jobs > max_jobs {
        return Err(arbiter_error(
            py,
            say::too_many_jobs(jobs, max_jobs, cores).render(&words),
        ));
    }
    let mut read = Vec::with_capacity(inputs.len());
    for (kind, name, payload) in inputs {
        read.push(match kind.as_str() {
            "bytes" => {
                let bytes = payload.bind(py).cast::<PyBytes>()?.as_bytes();
                Input::Memory(name, Arc::from(bytes))
            }
            "file" => Input::Stream(
                name,
                Stream::new(Box::new(PyReader {
                    file: payload,
                    pending: Vec::new(),
                    at: 0,
                })),
            ),
            _ => Input::File(PathBuf::from(name)),
        });
    }
    let options = Options {
        format: Format::Json,
        report: Report::Verdicts,
        adjudicate: Adjudicate {
            record,
            ..Adjudicate::default()
        },
        jobs,
        encoding: None,
    };
    let (tx, rx) = sync_channel(WAITING);
    std::thread::spawn(move || {
        let judge = Judge {
            law: &law,
            renderers: &renderers,
            options,
            words: &words,
        };
        judge.run(&read, &mut |o, _| {
            // The JSON format writes everything to standard output; nothing there (a game the
            // report leaves out) is nothing to hand over.
            if o.stdout.is_empty() {
                return true;
            }
            let item = match o.tally {
                Tally::Ruled {
                    result,
                    rule,
                    finding,
                    edition,
                    ..
                } => (
                    VERDICT,
                    o.stdout,
                    Some(result.as_str()),
                    rule,
                    Some(finding.name()),
                    (edition != NO_EDITION).then_some(edition),
                ),
                Tally::BadGame => (BAD_GAME, o.stdout, None, None, None, None),
                Tally::BadInput => (BAD_INPUT, o.stdout, None, None, None, None),
            };
            // Gone: the iterator was dropped; the run stops.
            tx.send(item).is_ok()
        });
    });
    Ok(Verdicts { rx: Mutex::new(rx) })
}

/// A position from FEN, or the error said as `arbiter explain-position` says it.
fn position(py: Python<'_>, fen: &str) -> PyResult<Chess> {
    let words = default_words();
    let fen: Fen = fen
        .trim()
        .parse()
        .map_err(|e| arbiter_error(py, say::position_bad_fen(say::fen_error(&e)).render(&words)))?;
    fen.into_position(CastlingMode::Standard).map_err(|e| {
        arbiter_error(
            py,
            say::position_illegal(say::position_error(&e)).render(&words),
        )
    })
}

/// The engine's budget for one question: `nodes` positions, else arbiter's default.
fn budget(nodes: Option<u64>) -> arbiter::unwinnable::Budget {
    arbiter::unwinnable::Budget {
        nodes: nodes.unwrap_or(ANALYSIS_BUDGET.nodes),
        ..ANALYSIS_BUDGET
    }
}

/// Is the position dead (5.2.2)? `True`, `False`, or `None` when the budget ran out.
#[pyfunction]
#[pyo3(signature = (fen, nodes=None))]
fn is_dead(py: Python<'_>, fen: &str, nodes: Option<u64>) -> PyResult<Option<bool>> {
    let pos = position(py, fen)?;
    let budget = budget(nodes);
    Ok(match py.detach(|| deadness(&pos, &budget)) {
        DeadStatus::Alive => Some(false),
        DeadStatus::Dead { .. } => Some(true),
        DeadStatus::Undetermined { .. } => None,
    })
}

/// Can `white` (or Black) checkmate by some series of legal moves (6.9, 5.1.2)? `("can", uci,
/// san)` with a helpmate (shortened for a reader, as `explain-position` shows it), `("cannot",
/// [], [])`, or `("undetermined", [], [])` when the budget ran out.
#[pyfunction]
#[pyo3(signature = (fen, white, nodes=None))]
fn can_checkmate(
    py: Python<'_>,
    fen: &str,
    white: bool,
    nodes: Option<u64>,
) -> PyResult<(&'static str, Vec<String>, Vec<String>)> {
    let pos = position(py, fen)?;
    let side = if white { Color::White } else { Color::Black };
    let budget = budget(nodes);
    Ok(py.detach(|| match winnability(&pos, side, &budget).0 {
        Winnability::Can(h) => match Shown::SHORT.line(&pos, side, &h.moves) {
            Some(line) => ("can", line.uci, line.san),
            None => ("can", Vec::new(), Vec::new()),
        },
        Winnability::Cannot { .. } => ("cannot", Vec::new(), Vec::new()),
        Winnability::Undetermined { .. } => ("undetermined", Vec::new(), Vec::new()),
    }))
}

/// `rulebook` names a rulebook (embedded, or a folder); else the `RulebookError` that says so.
#[pyfunction]
fn rulebook_find(py: Python<'_>, rulebook: &str) -> PyResult<()> {
    if arbiter::rulebook_names().contains(&rulebook) || Path::new(rulebook).is_dir() {
        return Ok(());
    }
    match arbiter::load_law(rulebook, None, None) {
        Ok(_) => Ok(()),
        Err(d) => Err(rulebook_error(py, &d, &default_words())),
    }
}

/// A rulebook's id, the ids of its clauses in force and its languages (for a family, or a
/// rulebook compiled on each edition, the newest edition's), and the editions it is compiled on.
type Info = (String, Vec<String>, Vec<String>, Vec<String>);

/// [`Info`] of a rulebook.
#[pyfunction]
fn rulebook_info(py: Python<'_>, rulebook: &str) -> PyResult<Info> {
    let ir = py
        .detach(|| arbiter::load_ir(rulebook))
        .map_err(|d| rulebook_error(py, &d, &default_words()))?;
    let clauses = (ir.clauses.iter())
        .filter(|c| c.disabled.is_none())
        .map(|c| c.id.clone())
        .collect();
    let editions = py
        .detach(|| arbiter::load_irs(rulebook))
        .map_err(|d| rulebook_error(py, &d, &default_words()))?
        .into_iter()
        .filter_map(|ir| ir.edition.map(|e| e.id))
        .collect();
    Ok((ir.id, clauses, ir.languages, editions))
}

/// Check a rulebook (every edition it is compiled on), as `arbiter check` does: the number of
/// clauses of each, or a `RulebookError` with every problem.
#[pyfunction]
fn rulebook_check(py: Python<'_>, rulebook: &str) -> PyResult<Vec<usize>> {
    let irs = py
        .detach(|| arbiter::load_irs(rulebook))
        .map_err(|d| rulebook_error(py, &d, &default_words()))?;
    Ok(irs.iter().map(|ir| ir.clauses.len()).collect())
}

/// A clause as `arbiter explain CLAUSE` shows it.
#[pyfunction]
fn explain(py: Python<'_>, clause: &str, rulebook: &str, lang: &str) -> PyResult<String> {
    let words = words_of(py, lang)?;
    let ir = py
        .detach(|| arbiter::load_ir(rulebook))
        .map_err(|d| rulebook_error(py, &d, &words))?;
    arbiter::clause_text(&ir, clause, lang).map_err(|e| match e {
        arbiter::ClauseTextError::NoLanguage(m) | arbiter::ClauseTextError::NoClause(m) => {
            arbiter_error(py, m.render(&words))
        }
        arbiter::ClauseTextError::Words(m) => arbiter_error(py, m),
    })
}

/// A message of the Python package's own (`py-*` in `locales/*/cli.ftl`), given its one
/// variable, in `lang` (the language of the call it is about; the default language's when that
/// call names none, or names one arbiter cannot speak).
#[pyfunction]
#[pyo3(signature = (name, value=String::new(), lang=None))]
fn message(name: &str, value: String, lang: Option<&str>) -> String {
    let words = lang
        .and_then(|l| Words::checked(l).ok())
        .unwrap_or_else(default_words);
    match name {
        "binary-file" => say::py_binary_file(),
        "bad-source" => say::py_bad_source(value),
        "bad-errors" => say::py_bad_errors(value),
        "bad-position" => say::py_bad_position(value),
        _ => say::py_bad_color(value),
    }
    .render(&words)
}

/// The languages arbiter speaks.
#[pyfunction]
fn languages() -> Vec<String> {
    arbiter::locale::languages()
}

/// The names of the rulebooks compiled into arbiter (families first).
#[pyfunction]
fn rulebook_names() -> Vec<&'static str> {
    arbiter::rulebook_names()
}

/// The command line (`python -m arbiter`): `argv` as `sys.argv` holds it; its exit status.
#[pyfunction]
fn main(py: Python<'_>, argv: Vec<String>) -> u8 {
    let args: Vec<OsString> = argv.into_iter().map(OsString::from).collect();
    py.detach(|| arbiter_cli::run(args))
}

#[pymodule]
fn _arbiter(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add("VERDICT", VERDICT)?;
    m.add("BAD_GAME", BAD_GAME)?;
    m.add("BAD_INPUT", BAD_INPUT)?;
    m.add_class::<Verdicts>()?;
    m.add_function(wrap_pyfunction!(judge, m)?)?;
    m.add_function(wrap_pyfunction!(is_dead, m)?)?;
    m.add_function(wrap_pyfunction!(can_checkmate, m)?)?;
    m.add_function(wrap_pyfunction!(rulebook_find, m)?)?;
    m.add_function(wrap_pyfunction!(rulebook_info, m)?)?;
    m.add_function(wrap_pyfunction!(rulebook_check, m)?)?;
    m.add_function(wrap_pyfunction!(explain, m)?)?;
    m.add_function(wrap_pyfunction!(message, m)?)?;
    m.add_function(wrap_pyfunction!(languages, m)?)?;
    m.add_function(wrap_pyfunction!(rulebook_names, m)?)?;
    m.add_function(wrap_pyfunction!(main, m)?)?;
    Ok(())
}
