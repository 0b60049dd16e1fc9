//! `arbiter conformance` (run a suite against an implementation, print and write reports) and
//! `arbiter serve` (arbiter as an implementation speaking the protocol).

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::time::Duration;

use arbiter::Engine;
use arbiter::files::Refused;
use arbiter::locale::say;

use arbiter_conformance::implementation::{Implementation, Ours, Process};
use arbiter_conformance::inherit::{self, Planned};
use arbiter_conformance::protocol::{self, MAX_LINE, ReadLine};
use arbiter_conformance::report::{self, Explanations};
use arbiter_conformance::serve::{self, Served};
use arbiter_conformance::{discover, discover_all, runner};

use crate::out::Io;

#[derive(clap::Args)]
pub struct Options {
    /// `builtin` (the compiled rulebooks), `interpreter`, or the command of a program that
    /// speaks the protocol, quoted as one argument: 'python3 adapter.py'.
    #[arg(long, default_value = "builtin")]
    pub engine: String,
    /// Run only this rulebook's scenarios: an embedded name or a rulebook folder (arbiter's
    /// own engines then use that folder). Default: every suite.
    #[arg(long)]
    pub rulebook: Option<String>,
    /// Run only the scenarios whose id contains PATTERN.
    #[arg(long, value_name = "PATTERN")]
    pub filter: Option<String>,
    /// Write the report: JSON lines to FILE, Markdown beside it (FILE with `.md`).
    #[arg(long, value_name = "FILE")]
    pub report: Option<PathBuf>,
    /// Explanations of the implementation's failures (YAML) for the Markdown report.
    #[arg(long, value_name = "FILE")]
    pub explain: Option<PathBuf>,
    /// The folder holding the suites.
    #[arg(long, default_value = "conformance")]
    pub suite: PathBuf,
    /// Seconds to wait for each answer of a program.
    #[arg(long, default_value_t = 10.0)]
    pub timeout: f64,
    /// Check every message the program sends against the protocol's JSON Schemas.
    #[arg(long)]
    pub validate: bool,
}

/// Exit status: 0 when every applicable scenario passed, 1 when any failed or errored, 2 when
/// the run could not start.
pub fn run(o: &Options, io: &Io) -> u8 {
    match run_inner(o, io) {
        Ok(code) => code,
        Err(e) => {
            io.error(e);
            2
        }
    }
}

fn run_inner(o: &Options, io: &Io) -> Result<u8, String> {
    // The rulebook: an embedded name, or a folder whose id names its suite.
    let folder = o
        .rulebook
        .as_deref()
        .filter(|r| !arbiter::rulebook_names().contains(r));
    let folder = match folder {
        Some(dir) => {
            Some(Ours::load_folder(Path::new(dir)).map_err(|d| d.render_plain(io.words()))?)
        }
        None => None,
    };
    let scenarios = scenarios(o, io)?;
    let mut imp = implementation(o, folder, io)?;
    let explanations = match &o.explain {
        Some(p) => Some(Explanations::load(p).map_err(|d| d.render_plain(io.words()))?),
        None => None,
    };

    // The progress bar on a terminal (indicatif, as `adjudicate`'s), cleared at the end.
    let bar = if std::io::stderr().is_terminal() {
        let bar = indicatif::ProgressBar::new(0);
        bar.set_draw_target(indicatif::ProgressDrawTarget::stderr_with_hz(8));
        let style = indicatif::ProgressStyle::with_template("[{bar:30}] {pos}/{len} {wide_msg}")
            .map(|s| s.progress_chars("#."))
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar());
        bar.set_style(style);
        bar
    } else {
        indicatif::ProgressBar::hidden()
    };
    let mut progress = |done: usize, total: usize, id: &str| {
        bar.set_length(u64::try_from(total).unwrap_or(u64::MAX));
        bar.set_position(u64::try_from(done).unwrap_or(u64::MAX));
        // The scenario's id is a file's name: shown, not sent (`escape::terminal`).
        bar.set_message(arbiter::escape::terminal(id).into_owned());
    };
    let result = runner::run(imp.as_mut(), &scenarios, &mut progress);
    bar.finish_and_clear();

    let mut books: Vec<&str> = scenarios
        .iter()
        .filter_map(|p| p.id.split('/').next())
        .collect();
    books.dedup();
    let mut suite = books.join(", ");
    if let Some(f) = &o.filter {
        suite = say::suite_filtered(suite, f).render(io.words());
    }

    // The program's name, version and messages are its own: shown, not sent (`out`).
    if let Some(who) = &result.implementation {
        io.line(&format!(
            "{}\n",
            say::conformance_header(&who.name, &who.version, &suite).render(io.words())
        ));
    }
    if let Some(e) = &result.hello_error {
        io.line(&format!("{}\n", say::no_hello(e).render(io.words())));
    }
    io.text(&report::summary(&result, io.words()));

    if let Some(x) = &explanations {
        let (unexplained, stale) = x.audit(&result);
        for id in unexplained {
            io.eline(&say::unexplained_failure(id).render(io.words()));
        }
        for id in stale {
            io.eline(&say::stale_explanation(id).render(io.words()));
        }
    }
    if let Some(path) = &o.report {
        write_report(path, &result, &suite, explanations.as_ref(), io)?;
    }
    Ok(u8::from(!result.clean()))
}

/// The scenarios to run: every suite's, or the one of `--rulebook`, each rulebook's own and its
/// bases' inherited (`conformance::inherit`), filtered by `--filter`.
fn scenarios(o: &Options, io: &Io) -> Result<Vec<Planned>, String> {
    if !o.suite.is_dir() {
        return Err(say::no_suite(o.suite.display().to_string()).render(io.words()));
    }
    // The suite's one walk (shared with `publish`): a symbolic link inside it is not followed,
    // and said.
    for (id, why) in discover_all(&o.suite).refused {
        let path = o.suite.join(&id).display().to_string();
        io.eline(&match why {
            Refused::Link => say::link_not_followed(path).render(io.words()),
            Refused::NotRegular => say::special_not_read(path).render(io.words()),
        });
    }
    // The rulebooks whose suites run: the one asked for, or every suite's; each runs its own
    // scenarios and inherits its bases' (`conformance::inherit`).
    let books: Vec<String> = match &o.rulebook {
        Some(spec) => {
            crate::warn_if_shadowed(spec, io);
            vec![spec.clone()]
        }
        None => {
            let mut b: Vec<String> = discover(&o.suite)
                .iter()
                .filter_map(|(id, _)| id.split('/').next().map(str::to_string))
                .collect();
            b.dedup();
            b
        }
    };
    let mut scenarios: Vec<Planned> = Vec::new();
    for book in &books {
        let planned = match arbiter::load_irs(book) {
            Ok(irs) => {
                // A folder's suite is the one of its rulebook's id.
                let name = match irs.last() {
                    Some(ir) if !arbiter::rulebook_names().contains(&book.as_str()) => {
                        ir.id.clone()
                    }
                    _ => book.clone(),
                };
                let irs: Vec<_> = irs.into_iter().map(std::sync::Arc::new).collect();
                inherit::plan(&o.suite, &name, &irs, io.words())?
            }
            // A suite folder that names no rulebook arbiter has: its scenarios as written (an
            // implementation under test may have it).
            Err(_) if o.rulebook.is_none() => runner::own(
                discover(&o.suite)
                    .into_iter()
                    .filter(|(id, _)| id.split('/').next() == Some(book.as_str()))
                    .collect(),
            ),
            Err(d) => return Err(d.render_plain(io.words())),
        };
        scenarios.extend(planned);
    }
    scenarios.retain(|p| o.filter.as_ref().is_none_or(|f| p.id.contains(f.as_str())));
    if scenarios.is_empty() {
        return Err(say::no_scenario_matches().render(io.words()));
    }
    Ok(scenarios)
}

/// What answers: arbiter in process (`builtin`, `interpreter`) or a program speaking the
/// protocol.
fn implementation(
    o: &Options,
    folder: Option<arbiter::runtime::edition::Law>,
    io: &Io,
) -> Result<Box<dyn Implementation>, String> {
    Ok(match o.engine.as_str() {
        "builtin" => Box::new(Ours::new(Engine::Compiled, folder, io.words().clone())),
        "interpreter" => Box::new(Ours::new(Engine::Interpreter, folder, io.words().clone())),
        command => {
            // A timeout is a positive number of seconds a `Duration` can hold (not 1e20).
            let timeout = Duration::try_from_secs_f64(o.timeout)
                .ok()
                .filter(|t| !t.is_zero())
                .ok_or_else(|| say::bad_timeout().render(io.words()))?;
            Box::new(Process::new(command, timeout, o.validate)?)
        }
    })
}

/// The report's two files, `.jsonl` and `.md`, beside each other at `path`.
fn write_report(
    path: &Path,
    result: &runner::Run,
    suite: &str,
    explanations: Option<&Explanations>,
    io: &Io,
) -> Result<(), String> {
    let (jsonl, md) = if path.extension().is_some_and(|e| e == "md") {
        (path.with_extension("jsonl"), path.to_path_buf())
    } else {
        (path.to_path_buf(), path.with_extension("md"))
    };
    for (p, text) in [
        (&jsonl, report::json_lines(result, io.words())),
        (
            &md,
            report::markdown(result, suite, explanations, io.words()),
        ),
    ] {
        if let Some(parent) = p.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(parent).map_err(|e| {
                say::writing_error(parent.display().to_string(), say::io_error(&e))
                    .render(io.words())
            })?;
        }
        std::fs::write(p, text).map_err(|e| {
            say::writing_error(p.display().to_string(), say::io_error(&e)).render(io.words())
        })?;
    }
    io.line(
        &say::wrote_report(jsonl.display().to_string(), md.display().to_string())
            .render(io.words()),
    );
    Ok(())
}

/// Answer the protocol on standard input and output until `stop` or the end of input. A line
/// that is not a message (not UTF-8, longer than `MAX_LINE`, not JSON, of the wrong shape) is
/// said on standard error with its number and skipped; when it is still a `run` with a `seq` and a
/// scenario `id`, it is also answered `errored`, so that the runner need not wait for it.
pub fn serve(engine: Engine, folder: Option<&Path>, io: &Io) -> u8 {
    let folder = match folder.map(Ours::load_folder).transpose() {
        Ok(f) => f,
        Err(e) => {
            io.error(e.render_plain(io.words()));
            return 2;
        }
    };
    let mut ours = Ours::new(engine, folder, io.words().clone());
    let mut input = std::io::stdin().lock();
    let mut out = std::io::stdout().lock();
    let mut number: usize = 0;
    loop {
        number = number.saturating_add(1);
        let bytes = match protocol::read_line(&mut input, MAX_LINE) {
            Ok(ReadLine::Line(bytes)) => bytes,
            Ok(ReadLine::End) => return 0,
            Ok(ReadLine::TooLong) => {
                io.error(say::line_too_long(number, MAX_LINE).render(io.words()));
                if let Err(e) = protocol::skip_line(&mut input) {
                    io.error(say::io_error(&e).render(io.words()));
                    return 1;
                }
                continue;
            }
            Err(e) => {
                io.error(say::io_error(&e).render(io.words()));
                return 1;
            }
        };
        let reply = match serve::line(&mut ours, number, &bytes) {
            Served::Reply(reply) => reply,
            Served::Blank => continue,
            Served::Stop => return 0,
            Served::NotAMessage(said, reply) => {
                io.eline(&said.render(io.words()));
                match reply {
                    Some(r) => r,
                    None => continue,
                }
            }
        };
        // A reader gone ends `serve` quietly (status 141), another failed write with an error:
        // `out::failed`.
        let written = serde_json::to_string(&reply)
            .map_err(std::io::Error::other)
            .and_then(|s| writeln!(out, "{s}"))
            .and_then(|_| out.flush());
        if let Err(e) = written {
            io.failed(&e);
        }
    }
}
