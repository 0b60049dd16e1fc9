//! `arbiter adjudicate`: rule on every game of the inputs, as a stream, printing each verdict in
//! input order as soon as it is ready; a progress display and an end-of-run summary on stderr.

use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::time::{Duration, Instant};

use arbiter::audit::{Format, Input, Judge, Options, Progress, Report, Summary, UNENDED};
use arbiter::locale::{Words, say};
use arbiter::render::Renderer;
use arbiter::runtime;

use crate::Engine;
use crate::out::Io;
use clap::ValueEnum;

#[derive(Clone, Copy, ValueEnum)]
pub enum FormatArg {
    Text,
    Json,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum SummaryArg {
    /// As text when standard error is a terminal, otherwise none.
    Auto,
    Text,
    Json,
    None,
}

#[derive(clap::Args)]
pub struct Args {
    /// PGN files; `-` or nothing reads standard input.
    pub files: Vec<PathBuf>,
    /// An embedded rulebook name (`fide`: the FIDE Laws in force on each game's date;
    /// `fide-2018`, `club`, ...) or a rulebook folder.
    #[arg(long, default_value = arbiter::DEFAULT_RULEBOOK)]
    pub rulebook: String,
    /// For a rulebook over the FIDE Laws (`fide`, `club`, ...): rule on every game with this
    /// edition (`fide-2018`), whatever its date.
    #[arg(long, value_name = "EDITION")]
    pub edition: Option<String>,
    /// The backend; default: compiled for an embedded rulebook, interpreter for a folder.
    #[arg(long, value_enum)]
    pub engine: Option<Engine>,
    /// `text` for people, `json` for one JSON object per game per line (a bad game is an
    /// object with `"error"`, in its place).
    #[arg(long, value_enum, default_value = "text")]
    pub format: FormatArg,
    /// Rule only on what the moves and the event commands say: without it, a game the laws
    /// have not ended by its last move ends as its record says (`[Termination "Time forfeit"]`
    /// is the loser's flag, a decisive `Result` the loser's resignation, `1/2-1/2` a draw
    /// agreed), each such ruling marked as inferred from the record.
    #[arg(long)]
    pub no_record: bool,
    /// Accepted for older scripts: reading the record (a time forfeit as a flag among it) is
    /// now the default.
    #[arg(long, hide = true)]
    pub infer_flags: bool,
    /// Games ruled on at once (default: one per core; at most four per core). Output stays in
    /// input order.
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..))]
    pub jobs: Option<u16>,
    /// The inputs' character encoding: `utf-8` (default), `latin1`, `windows-1251`, or any
    /// label of the WHATWG Encoding Standard.
    #[arg(long, value_name = "LABEL")]
    pub encoding: Option<String>,
    /// The end-of-run summary on standard error: games, results by clause, errors.
    #[arg(long, value_enum, default_value = "auto")]
    pub summary: SummaryArg,
    #[command(flatten)]
    pub analysis: AnalysisArgs,
}

/// The unwinnability engine's budget (Articles 5.2.2 and 6.9: can a side still checkmate?).
#[derive(clap::Args, Clone, Copy)]
pub struct AnalysisArgs {
    /// Positions the engine may examine for one question before it answers "undetermined"
    /// (the ruling then awaits the arbiter).
    #[arg(long, value_name = "N", default_value_t = arbiter::runtime::adjudicate::ANALYSIS_BUDGET.nodes)]
    pub analysis_nodes: u64,
    /// A deadline for one question, in milliseconds, on top of the node budget. Without it (the
    /// default) a verdict is the same on every machine; with it, an answer that needs more time
    /// than the machine gives becomes "undetermined".
    #[arg(long, value_name = "MS")]
    pub analysis_time: Option<u64>,
    /// Decide "can a side checkmate" and dead positions by material alone, as before the
    /// engine: faster, and exact only where material decides.
    #[arg(long)]
    pub material_only: bool,
    /// Which helpmate lines rulings cite: none, as found, always shortened, or shortened where
    /// a reader may dispute the ruling (auto)
    #[arg(long, value_enum, default_value = "auto")]
    pub evidence: EvidenceArg,
}

/// `--evidence`: how the helpmate lines rulings cite are written out. Results are the same in
/// every mode; only the lines differ.
#[derive(clap::ValueEnum, Clone, Copy, Debug)]
pub enum EvidenceArg {
    /// No line: only that a mate was found.
    None,
    /// The line as the engine found it.
    Found,
    /// Every line shortened for the reader.
    Short,
    /// Shortened where the mate needs the loser's own pieces (a loss decided beyond material),
    /// as found elsewhere.
    Auto,
}

impl AnalysisArgs {
    /// How the helpmate lines rulings cite are written out.
    pub fn shown(self) -> arbiter::runtime::analysis::Shown {
        use arbiter::runtime::analysis::EvidenceMode;
        arbiter::runtime::analysis::Shown {
            mode: match self.evidence {
                EvidenceArg::None => EvidenceMode::None,
                EvidenceArg::Found => EvidenceMode::Found,
                EvidenceArg::Short => EvidenceMode::Short,
                EvidenceArg::Auto => EvidenceMode::Auto,
            },
            ..arbiter::runtime::analysis::Shown::default()
        }
    }

    pub fn budget(self) -> Option<arbiter::unwinnable::Budget> {
        (!self.material_only).then(|| arbiter::unwinnable::Budget {
            nodes: self.analysis_nodes,
            time: self.analysis_time.map(Duration::from_millis),
            ..arbiter::runtime::adjudicate::ANALYSIS_BUDGET
        })
    }
}

/// The most `--jobs` a machine is given, per core.
pub const JOBS_PER_CORE: usize = 4;

pub fn run(a: &Args, lang: &str, io: &Io) -> u8 {
    let terminal = std::io::stderr().is_terminal();
    let Ok(summary) = judge_all(a, lang, Report::Verdicts, io) else {
        return 2;
    };
    let summary_format = match a.summary {
        SummaryArg::Auto if terminal => SummaryArg::Text,
        SummaryArg::Auto => SummaryArg::None,
        s => s,
    };
    match summary_format {
        SummaryArg::Text => io.eraw(&arbiter::escape::terminal(&summary_text(&summary, io))),
        SummaryArg::Json => match serde_json::to_string(&summary) {
            Ok(s) => io.eraw(&format!("{s}\n")),
            Err(e) => io.error(e.to_string()),
        },
        SummaryArg::Auto | SummaryArg::None => {}
    }
    u8::from(!summary.clean())
}

/// The `--encoding` label as a decoder (`None`: read as UTF-8, invalid bytes shown, not
/// replaced while reading); `Err` after reporting a label that names no encoding.
pub fn encoding(
    label: Option<&str>,
    io: &Io,
) -> Result<Option<&'static encoding_rs::Encoding>, ()> {
    let Some(label) = label else {
        return Ok(None);
    };
    match encoding_rs::Encoding::for_label(label.trim().as_bytes()) {
        Some(e) if e == encoding_rs::UTF_8 => Ok(None),
        Some(e) => Ok(Some(e)),
        None => {
            io.error(say::unknown_encoding(label).render(io.words()));
            Err(())
        }
    }
}

/// The workers for `--jobs` (default: one per core); `Err` after reporting more than four per
/// core, which only add threads, each with its own engine tables, that wait for a core (10,000
/// took 100 s for two games).
pub fn jobs(asked: Option<usize>, io: &Io) -> Result<usize, ()> {
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    let max_jobs = cores.saturating_mul(JOBS_PER_CORE);
    let jobs = asked.unwrap_or(cores);
    if jobs > max_jobs {
        io.error(say::too_many_jobs(jobs, max_jobs, cores).render(io.words()));
        return Err(());
    }
    Ok(jobs)
}

/// Rule on every game of the inputs and print what `report` asks for each, with a progress
/// display on a terminal: the summary. `Err` after a usage error (reported; exit status 2), and
/// with `Ok` a summary whose rulebook could not be loaded counts as a bad input. Standard output
/// closed or failing ends the command (`out::failed`).
pub fn judge_all(a: &Args, lang: &str, report: Report, io: &Io) -> Result<Summary, ()> {
    let encoding = encoding(a.encoding.as_deref(), io)?;
    let Some(law) = crate::law_or_report(&a.rulebook, a.engine, a.edition.as_deref(), io) else {
        let summary = Summary {
            bad_inputs: 1,
            ..Summary::default()
        };
        return Ok(summary);
    };
    let mut renderers = Vec::with_capacity(law.books().len());
    for rules in law.books() {
        match Renderer::new(rules.meta(), lang) {
            Ok(r) => renderers.push(r),
            Err(e) => {
                io.error(e);
                return Err(());
            }
        }
    }
    let jobs = jobs(a.jobs.map(usize::from), io)?;
    let words = io.words();
    let judge = Judge {
        law: &law,
        renderers: &renderers,
        words,
        options: Options {
            format: match a.format {
                FormatArg::Text => Format::Text,
                FormatArg::Json => Format::Json,
            },
            report,
            adjudicate: runtime::adjudicate::Options {
                record: !a.no_record,
                evidence: a.analysis.shown(),
                analysis: a.analysis.budget(),
            },
            jobs,
            encoding,
        },
    };
    let inputs: Vec<Input> = if a.files.is_empty() {
        vec![Input::Stdin]
    } else {
        a.files.iter().map(|f| Input::from_arg(f)).collect()
    };
    let mut bar = std::io::stderr().is_terminal().then(|| Bar::new(io));
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let summary = judge.run(&inputs, &mut |o, progress| {
        if !o.stderr.is_empty() {
            // Errors and verdicts in the order of the input, on a terminal too.
            if let Err(e) = out.flush() {
                io.failed(&e);
            }
            Bar::eraw(bar.as_ref(), &o.stderr, io);
        }
        // A reader gone (`| head`) ends the command quietly (status 141), another failed write
        // with an error: `out::failed`.
        if !o.stdout.is_empty()
            && let Err(e) = out.write_all(o.stdout.as_bytes())
        {
            io.failed(&e);
        }
        if let Some(b) = &mut bar {
            b.tick(progress);
        }
        true
    });
    if let Err(e) = out.flush() {
        io.failed(&e);
    }
    if let Some(b) = bar {
        b.bar.finish_and_clear();
    }
    Ok(summary)
}

/// The summary for people.
fn summary_text(s: &Summary, io: &Io) -> String {
    let mut out = format!(
        "{}\n",
        say::summary_games(s.games, s.ruled, s.bad_games).render(io.words())
    );
    if s.bad_inputs > 0 {
        out.push_str(&format!(
            "{}\n",
            say::summary_bad_inputs(s.bad_inputs).render(io.words())
        ));
    }
    for (clause, results) in &s.by_clause {
        let games: u64 = results.values().sum();
        let results = results
            .iter()
            .map(|(r, n)| format!("{r}: {n}"))
            .collect::<Vec<_>>()
            .join(", ");
        let line = if clause == UNENDED {
            say::summary_unended(games).render(io.words())
        } else {
            say::summary_clause(clause, games, results).render(io.words())
        };
        out.push_str(&format!("  {line}\n"));
    }
    out
}

/// The progress display: games, games per second and bytes read, redrawn a few times a second
/// (`adjudicate`, `audit` and `diff` on a terminal).
pub(crate) struct Bar {
    pub(crate) bar: indicatif::ProgressBar,
    start: Instant,
    last: Instant,
    /// The words its message is said in.
    words: Words,
}

impl Bar {
    pub(crate) fn new(io: &Io) -> Bar {
        let bar = indicatif::ProgressBar::new_spinner();
        bar.set_draw_target(indicatif::ProgressDrawTarget::stderr_with_hz(4));
        let style = indicatif::ProgressStyle::with_template("{spinner} {msg} [{elapsed}]")
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_spinner());
        bar.set_style(style);
        let now = Instant::now();
        Bar {
            bar,
            start: now,
            last: now,
            words: io.words().clone(),
        }
    }

    /// Writes `text` to standard error, the display (if any) cleared while it is written.
    pub(crate) fn eraw(bar: Option<&Bar>, text: &str, io: &Io) {
        match bar {
            Some(b) => b.bar.suspend(|| io.eraw(text)),
            None => io.eraw(text),
        }
    }

    pub(crate) fn tick(&mut self, p: Progress) {
        let now = Instant::now();
        if now.duration_since(self.last) < Duration::from_millis(200) {
            return;
        }
        self.last = now;
        let secs = now.duration_since(self.start).as_secs_f64().max(1e-3);
        let rate = (p.done as f64 / secs).round() as u64;
        self.bar.set_message(
            say::progress(p.done, rate, format!("{:.1}", p.bytes as f64 / 1e6)).render(&self.words),
        );
        self.bar.tick();
    }
}
