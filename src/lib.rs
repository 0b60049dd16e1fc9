//! The `arbiter` command line, as a library: [`run`] is the whole program, given its arguments.
//! The `arbiter` binary (src/main.rs) calls it with its own, and so does the Python package
//! (`python -m arbiter`, python/), whose process's arguments are Python's.
//!
//! Exit status: 0 when everything was read and ruled on (or checked, or fresh); 1 when some input
//! was bad (a game, a rulebook) or generated code is stale — the batch still went on and every
//! problem was reported; 2 on a usage error.

// `Diag` carries its source for the caret; boxing it would buy nothing on an error path.
#![allow(clippy::result_large_err)]

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use clap::{ColorChoice, CommandFactory, FromArgMatches, Parser, Subcommand};

// The `adjudicate` command: its options, progress display and summary.
#[path = "cli/adjudicate.rs"]
mod adjudicate;
// The `audit` command: recorded results against the laws'.
#[path = "cli/audit.rs"]
mod audit;
// The `diff` command: what a rulebook change changes.
#[path = "cli/diff.rs"]
mod diff;
// The `explain-position` command.
#[path = "cli/position.rs"]
mod position;
// The `conformance` and `serve` commands (kept apart from the library's `conformance` module).
#[path = "cli/conformance.rs"]
mod conformance;
// The help and usage errors in the language of the run.
#[path = "cli/help.rs"]
mod help;
// Standard output and standard error: a closed pipe, a failed write, control characters.
#[path = "cli/out.rs"]
mod out;

use arbiter::locale::say;
use arbiter::runtime::rules::Rules;
use arbiter::{DEFAULT_RULEBOOK, backend, compile, load_rules};
use out::Io;

/// How `check` reports problems.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum CheckFormat {
    Text,
    Json,
}

/// Which backend runs the rules: the library's [`arbiter::Engine`] as a command-line value (the
/// library knows no clap).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum Engine {
    /// The Rust code generated from the rulebook and compiled into arbiter.
    Compiled,
    /// The interpreter over the rulebook's IR (no Rust toolchain needed).
    Interpreter,
}

impl From<Engine> for arbiter::Engine {
    fn from(e: Engine) -> arbiter::Engine {
        match e {
            Engine::Compiled => arbiter::Engine::Compiled,
            Engine::Interpreter => arbiter::Engine::Interpreter,
        }
    }
}

#[derive(Parser)]
#[command(
    name = "arbiter",
    version,
    about = "Chess laws as data: rule on games and explain why, in the reader's language"
)]
struct Cli {
    /// A folder of extra languages (`DIR/<lang>/*.ftl`, like `locales/`): the tool's own words
    /// in a language it does not ship, or messages that override its own.
    #[arg(long, global = true, value_name = "DIR")]
    locales: Vec<PathBuf>,
    /// The language arbiter speaks: its explanations, the readable rulebook, its messages and
    /// the errors it reports.
    #[arg(long, global = true, default_value = arbiter::locale::DEFAULT)]
    lang: String,
    /// Colour in reports and help: `auto` (when writing to a terminal and `NO_COLOR` is not
    /// set), `always` or `never`.
    #[arg(long, global = true, value_enum, default_value_t = ColorChoice::Auto)]
    color: ColorChoice,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Rule on every game of the PGN files (or standard input) and explain each ruling.
    Adjudicate(adjudicate::Args),
    /// For every game, the recorded result against the laws': agrees, the laws ended the game
    /// earlier, the laws contradict it, or the result is only assumed from the record; a
    /// summary by finding and clause. Exit status 0 only when every result agrees.
    Audit(audit::AuditArgs),
    /// Check rulebook folders (default: every folder under ./rules) and report every problem.
    Check {
        dirs: Vec<PathBuf>,
        /// `text` for people, `json` for tools: one object per problem per line, located.
        #[arg(long, value_enum, default_value = "text")]
        format: CheckFormat,
    },
    /// What a rule change changes: the clauses of OLD and NEW compared (added, removed,
    /// renumbered, amended, with their texts word by word, rules, named values and precedence),
    /// and every game of FILES (default: the conformance suite) ruled on under both, those
    /// ruled differently grouped by clause. Exit status 0: nothing changed; 1: something did;
    /// 2: an error.
    Diff(diff::Args),
    /// Regenerate generated/ from rules/ (with --check: only say whether it is stale).
    Compile {
        #[arg(long)]
        check: bool,
        #[arg(long, default_value = "rules")]
        rules: PathBuf,
        #[arg(long, default_value = "generated")]
        out: PathBuf,
    },
    /// Write the JSON Schemas of `rulebook.yaml` and of a clause file into schema/ (with
    /// --check: only say whether they are stale), derived from the types the loader reads.
    Schema {
        #[arg(long)]
        check: bool,
        #[arg(long, default_value = "schema")]
        out: PathBuf,
    },
    /// Run the conformance suite against arbiter or any program that speaks the protocol
    /// (conformance/PROTOCOL.md); print tables per clause and per feature.
    Conformance(conformance::Options),
    /// Speak the conformance protocol on standard input and output: arbiter as an
    /// implementation under test, the reference for adapter writers.
    Serve {
        #[arg(long, value_enum, default_value = "compiled")]
        engine: Engine,
        /// A rulebook folder to rule under (interpreted) instead of the embedded one of its id.
        #[arg(long)]
        rulebook: Option<PathBuf>,
    },
    /// Can each side still checkmate from a position (FEN), and is it dead (Articles 6.9,
    /// 5.2.2)? The analysis with its evidence: a helpmate line, or the proof that none exists.
    ExplainPosition(position::Args),
    /// Show a clause: its text, its condition in words, its effects and cross-references
    /// (without a clause: the rulebook's clauses, one per line).
    Explain {
        clause: Option<String>,
        #[arg(long, default_value = DEFAULT_RULEBOOK)]
        rulebook: String,
    },
    /// Write a static, self-contained site (English and Russian) of the rulebooks, their
    /// scenarios and the certification reports: open DIR/index.html from disk, no server.
    Publish {
        #[arg(long, value_name = "DIR")]
        out: PathBuf,
        /// The conformance suite: its scenarios and `reports/*.jsonl`.
        #[arg(long, value_name = "DIR", default_value = "conformance")]
        conformance: PathBuf,
    },
    /// Print a shell completion script: `arbiter completions bash > ~/.local/share/bash-completion/completions/arbiter`.
    Completions {
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Print the manual page (roff) to standard output, or with --out write one page per
    /// command into a folder (`arbiter.1`, `arbiter-adjudicate.1`, ...).
    Man {
        #[arg(long, value_name = "DIR")]
        out: Option<PathBuf>,
    },
}

/// The values an option is given on the command line (`--name VALUE` or `--name=VALUE`), read
/// before parsing so that clap's own help and errors follow `--color`, `--lang` and `--locales`.
fn given(args: &[OsString], name: &str) -> Vec<String> {
    let mut args = args.iter().skip(1);
    let mut out = Vec::new();
    let prefix = format!("{name}=");
    while let Some(a) = args.next() {
        let a = a.to_string_lossy().into_owned();
        if a == "--" {
            break;
        }
        let value = if a == name {
            args.next().map(|v| v.to_string_lossy().into_owned())
        } else {
            a.strip_prefix(&prefix).map(str::to_string)
        };
        out.extend(value);
    }
    out
}

/// `--color` as the command line gives it.
fn color_choice(args: &[OsString]) -> ColorChoice {
    let mut choice = ColorChoice::Auto;
    for value in given(args, "--color") {
        match value.as_str() {
            "always" => choice = ColorChoice::Always,
            "never" => choice = ColorChoice::Never,
            "auto" => choice = ColorChoice::Auto,
            _ => {}
        }
    }
    choice
}

/// The program's command in the language of the run (help, usage, errors): the language's
/// words, else the default language's after saying which messages are missing.
fn localized(args: &[OsString], io: &Io) -> clap::Command {
    let cmd = Cli::command().color(color_choice(args));
    let words = arbiter::locale::Words::new(&run_lang(args));
    let fallback = || {
        arbiter::locale::Words::new(arbiter::locale::DEFAULT)
            .ok()
            .and_then(|w| help::localize(cmd.clone(), &w).ok())
            .unwrap_or_else(|| cmd.clone())
    };
    match words.map(|w| help::localize(cmd.clone(), &w)) {
        Ok(Ok(c)) => c,
        Ok(Err(missing)) => {
            io.eline(&say::no_messages_in(run_lang(args), missing.join(", ")).render(io.words()));
            fallback()
        }
        Err(e) => {
            io.error(e.render(io.words()));
            fallback()
        }
    }
}

/// The language `--lang` asks for (the last one given), else the default.
fn run_lang(args: &[OsString]) -> String {
    given(args, "--lang")
        .pop()
        .unwrap_or_else(|| arbiter::locale::DEFAULT.to_string())
}

fn color_on(choice: ColorChoice) -> bool {
    use std::io::IsTerminal;
    match choice {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => {
            std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
                && std::io::stderr().is_terminal()
        }
    }
}

/// Help asked for, or a usage error: the command line parsed again by the command in the
/// language of the run, which prints its help or its error and exits.
fn usage_error(args: &[OsString], io: &Io) -> ! {
    let e = match localized(args, io).try_get_matches_from(args) {
        Ok(_) => std::process::exit(2),
        Err(e) => e,
    };
    let words = arbiter::locale::Words::new(&run_lang(args));
    match words.ok().and_then(|w| help::error(&e, &w)) {
        Some(text) => {
            io.eraw(&arbiter::escape::terminal(&text));
            std::process::exit(e.exit_code());
        }
        None => e.exit(),
    }
}

/// The command line: `args` as a process receives them, the program's name first. Some errors
/// end the process (`out::failed` on a closed pipe, clap's help and usage errors).
pub fn run(args: Vec<OsString>) -> u8 {
    // The languages of `--locales` and `--lang`, before clap: its help and errors are said in
    // them too. Parsing then checks both as it checks every option. What is wrong with them is
    // said in the words of the language asked for that did not fail (`Words::none`).
    let lang = run_lang(&args);
    let asked = Io::new(arbiter::locale::Words::none(&lang));
    for dir in given(&args, "--locales") {
        if let Err(e) = arbiter::locale::add_dir(Path::new(&dir)) {
            asked.error(e.render(asked.words()));
            return 2;
        }
    }
    let io = match arbiter::locale::Words::checked(&lang) {
        Ok(words) => Io::new(words),
        Err(e) => {
            asked.error(e.render(asked.words()));
            return 2;
        }
    };
    let io = &io;
    // Parsed as written; only help and usage errors need the command's words, and only then
    // are they made (and a language added at run time need not have them to rule on games).
    let matches = match Cli::command()
        .color(color_choice(&args))
        .try_get_matches_from(&args)
    {
        Ok(m) => m,
        Err(_) => usage_error(&args, io),
    };
    let cli = match Cli::from_arg_matches(&matches) {
        Ok(cli) => cli,
        Err(e) => e.exit(),
    };
    arbiter::diag::set_color(color_on(cli.color));
    let lang = cli.lang;
    match cli.command {
        Command::Adjudicate(a) => adjudicate::run(&a, &lang, io),
        Command::Audit(a) => audit::run(&a, &lang, io),
        Command::Check { dirs, format } => check(&dirs, format, io),
        Command::Diff(a) => diff::run(&a, io),
        Command::Conformance(options) => conformance::run(&options, io),
        Command::Serve { engine, rulebook } => {
            conformance::serve(engine.into(), rulebook.as_deref(), io)
        }
        Command::Compile { check, rules, out } => compile_cmd(check, &rules, &out, io),
        Command::Schema { check, out } => schema_cmd(check, &out, io),
        Command::Explain { clause, rulebook } => match clause {
            Some(clause) => explain(&clause, &rulebook, &lang, io),
            None => list_clauses(&rulebook, &lang, io),
        },
        Command::ExplainPosition(a) => position::run(&a, &lang, io),
        Command::Completions { shell } => {
            let mut script = Vec::new();
            clap_complete::generate(shell, &mut localized(&args, io), "arbiter", &mut script);
            io.raw(&String::from_utf8_lossy(&script));
            0
        }
        Command::Man { out } => man(&args, out.as_deref(), io),
        Command::Publish { out, conformance } => publish(&out, conformance, io),
    }
}

/// `arbiter publish`: the site, and what could not be in it.
fn publish(out: &Path, conformance: PathBuf, io: &Io) -> u8 {
    let sources = arbiter_publish::Sources {
        conformance,
        rulebooks: arbiter::rulebook_names()
            .into_iter()
            .map(str::to_string)
            .collect(),
    };
    let words = io.words();
    match arbiter_publish::publish(out, &sources, words) {
        Ok(p) => {
            for warning in &p.not_read {
                io.eline(&warning.render(words));
            }
            for (id, why) in &p.skipped {
                io.error(format!("{id}: {}", why.render(words)));
            }
            io.line(&say::published(p.pages, out.display().to_string()).render(io.words()));
            u8::from(!p.skipped.is_empty())
        }
        Err(e) => {
            io.error(e);
            1
        }
    }
}

/// A manual page with its section headings (clap_mangen writes them in English) in the language
/// of the run.
fn man_headings(roff: &[u8], io: &Io) -> String {
    String::from_utf8_lossy(roff)
        .lines()
        .map(|l| match l.strip_prefix(".SH ") {
            Some(heading) => format!(".SH {}", say::man_heading(heading).render(io.words())),
            None => l.to_string(),
        })
        .collect::<Vec<_>>()
        .join("\n")
        + "\n"
}

/// The manual: one page to standard output, or a page per command into `out`.
fn man(args: &[OsString], out: Option<&Path>, io: &Io) -> u8 {
    let cmd = localized(args, io);
    let Some(dir) = out else {
        let mut page = Vec::new();
        if let Err(e) = clap_mangen::Man::new(cmd).render(&mut page) {
            io.error(say::io_error(&e).render(io.words()));
            return 1;
        }
        io.raw(&man_headings(&page, io));
        return 0;
    };
    let write = |name: String, c: clap::Command| -> Result<(), String> {
        let mut page = Vec::new();
        clap_mangen::Man::new(c)
            .render(&mut page)
            .map_err(|e| say::io_error(&e).render(io.words()))?;
        // Written as the site is: never through a link inside `--out`.
        let file = format!("{name}.1");
        let page = man_headings(&page, io);
        arbiter::files::write_under(dir, Path::new(&file), page.as_bytes()).map_err(|e| {
            let path = dir.join(&file).display().to_string();
            match e {
                arbiter::files::WriteError::Link(p) => {
                    say::publish_link(p.display().to_string()).render(io.words())
                }
                arbiter::files::WriteError::Io(_, e) => {
                    say::writing_error(path, say::io_error(&e)).render(io.words())
                }
                _ => say::writing_error(path, String::new()).render(io.words()),
            }
        })
    };
    let mut pages = vec![("arbiter".to_string(), cmd.clone())];
    for sub in cmd.get_subcommands() {
        let name = format!("arbiter-{}", sub.get_name());
        pages.push((
            name.clone(),
            sub.clone()
                .display_name(name.clone())
                .bin_name(name)
                .version(env!("CARGO_PKG_VERSION")),
        ));
    }
    if let Err(e) = std::fs::create_dir_all(dir) {
        io.error(
            say::writing_error(dir.display().to_string(), say::io_error(&e)).render(io.words()),
        );
        return 1;
    }
    for (name, c) in pages {
        if let Err(e) = write(name, c) {
            io.error(e);
            return 1;
        }
    }
    0
}

/// `--rulebook NAME` names a built-in rulebook first; a folder of the same name here is not
/// read, which would be a surprise to whoever edits it: say so.
pub(crate) fn warn_if_shadowed(spec: &str, io: &Io) {
    if arbiter::rulebook_names().contains(&spec) && Path::new(spec).join("rulebook.yaml").is_file()
    {
        io.eline(&say::builtin_shadows_folder(spec).render(io.words()));
    }
}

/// The law of `--rulebook` (and `--edition`), or its problems reported.
pub(crate) fn law_or_report(
    spec: &str,
    engine: Option<Engine>,
    edition: Option<&str>,
    io: &Io,
) -> Option<arbiter::runtime::edition::Law> {
    warn_if_shadowed(spec, io);
    match arbiter::load_law(spec, engine.map(Into::into), edition) {
        Ok(l) => Some(l),
        Err(d) => {
            eprint!("{}", d.render(io.words()));
            None
        }
    }
}

pub(crate) fn rules_or_report(
    spec: &str,
    engine: Option<Engine>,
    io: &Io,
) -> Option<Arc<dyn Rules>> {
    warn_if_shadowed(spec, io);
    match load_rules(spec, engine.map(Into::into)) {
        Ok(r) => Some(r),
        Err(d) => {
            io.eraw(&d.render(io.words()));
            None
        }
    }
}

fn rulebook_dirs(dirs: &[PathBuf]) -> Vec<PathBuf> {
    if !dirs.is_empty() {
        return dirs.to_vec();
    }
    let mut found: Vec<PathBuf> = std::fs::read_dir("rules")
        .map(|rd| {
            rd.filter_map(|e| e.ok())
                .map(|e| e.path())
                .filter(|p| p.join("rulebook.yaml").is_file())
                .collect()
        })
        .unwrap_or_default();
    found.sort();
    found
}

/// `arbiter check`: every rulebook folder compiled (on each edition of a family it stands on),
/// every problem reported. With `--format json`, one object per line: per problem its place
/// (`file`, `line`, `column`, `end_line`, `end_column`), `code` (the message's id), `message`,
/// `label`, `help`; per folder checked without a problem `{"dir", "ok": true, "clauses"}`.
fn check(dirs: &[PathBuf], format: CheckFormat, io: &Io) -> u8 {
    let dirs = rulebook_dirs(dirs);
    if dirs.is_empty() {
        io.error(say::no_rulebook_folders().render(io.words()));
        return 1;
    }
    let mut failed = false;
    for d in dirs {
        match compile::compile_dir_editions(&d, &arbiter::Embedded) {
            Ok(irs) => {
                for ir in irs {
                    // A rulebook over a family is checked on each edition.
                    let name = match (&ir.edition, ir.per_edition) {
                        (Some(e), true) => format!("{} ({})", d.display(), e.id),
                        _ => d.display().to_string(),
                    };
                    match format {
                        CheckFormat::Text => {
                            io.line(&say::check_ok(name, ir.clauses.len()).render(io.words()))
                        }
                        CheckFormat::Json => {
                            let ok = serde_json::json!({
                                "dir": d.display().to_string(),
                                "edition": ir.edition.as_ref().filter(|_| ir.per_edition).map(|e| e.id.clone()),
                                "ok": true,
                                "clauses": ir.clauses.len(),
                            });
                            io.raw(&format!("{ok}\n"));
                        }
                    }
                }
            }
            Err(diags) => {
                match format {
                    CheckFormat::Text => {
                        io.eraw(&diags.render(io.words()));
                        io.eline(
                            &say::check_errors(d.display().to_string(), diags.0.len())
                                .render(io.words()),
                        );
                    }
                    CheckFormat::Json => {
                        let mut lines = String::new();
                        for diag in &diags.0 {
                            lines.push_str(&format!("{}\n", diag.json(io.words())));
                        }
                        io.raw(&lines);
                    }
                }
                failed = true;
            }
        }
    }
    u8::from(failed)
}

/// `arbiter schema`: the rulebook's JSON Schemas written into `out`, or with `check` compared.
fn schema_cmd(check_only: bool, out: &Path, io: &Io) -> u8 {
    let mut stale = Vec::new();
    for (name, text) in arbiter::rulebook::model::schemas() {
        let p = out.join(name);
        if std::fs::read_to_string(&p).ok().as_deref() == Some(text.as_str()) {
            continue;
        }
        stale.push(p.clone());
        if !check_only {
            let written = std::fs::create_dir_all(out).and_then(|()| std::fs::write(&p, &text));
            if let Err(e) = written {
                io.error(
                    say::writing_error(p.display().to_string(), say::io_error(&e))
                        .render(io.words()),
                );
                return 1;
            }
            io.line(&say::wrote(p.display().to_string()).render(io.words()));
        }
    }
    if check_only {
        for p in &stale {
            io.eline(&say::stale_file(p.display().to_string()).render(io.words()));
        }
        return u8::from(!stale.is_empty());
    }
    0
}

fn compile_cmd(check_only: bool, rules: &Path, out: &Path, io: &Io) -> u8 {
    let stale = match backend::codegen::refresh_tree(rules, out, check_only, io.words()) {
        Ok(stale) => stale,
        Err(backend::codegen::Refresh::Generate(e)) => {
            io.eraw(&e);
            return 1;
        }
        Err(backend::codegen::Refresh::Write(p, e)) => {
            io.error(
                say::writing_error(p.display().to_string(), say::io_error(&e)).render(io.words()),
            );
            return 1;
        }
    };
    if check_only {
        if stale.is_empty() {
            io.line(&say::generated_up_to_date().render(io.words()));
            0
        } else {
            for p in &stale {
                io.eline(&say::stale_file(p.display().to_string()).render(io.words()));
            }
            io.eline(&say::generated_stale().render(io.words()));
            1
        }
    } else {
        for p in &stale {
            io.line(&say::wrote(p.display().to_string()).render(io.words()));
        }
        0
    }
}

/// `explain` without a clause: every clause in force, its id and the start of its text.
fn list_clauses(spec: &str, lang: &str, io: &Io) -> u8 {
    warn_if_shadowed(spec, io);
    let ir = match arbiter::load_ir(spec) {
        Ok(ir) => ir,
        Err(d) => {
            io.eraw(&d.render(io.words()));
            return 1;
        }
    };
    let width = ir
        .clauses
        .iter()
        .filter(|c| c.disabled.is_none())
        .map(|c| c.id.chars().count())
        .max()
        .unwrap_or(0);
    for c in ir.clauses.iter().filter(|c| c.disabled.is_none()) {
        let text = c
            .title
            .as_ref()
            .and_then(|t| t.get(lang))
            .or_else(|| c.text.get(lang))
            .or_else(|| c.text.values().next())
            .map(|t| t.split_whitespace().collect::<Vec<_>>().join(" "))
            .unwrap_or_default();
        let short: String = if text.chars().count() > 72 {
            text.chars().take(71).chain(['…']).collect()
        } else {
            text
        };
        // Padding counted in characters, not bytes, so Cyrillic lines up too.
        let pad = width.saturating_sub(c.id.chars().count());
        // A reader that stops reading (`| head`) ends the listing (`out`), not a panic.
        io.line(&format!("{}{}  {short}", c.id, " ".repeat(pad)));
    }
    0
}

fn explain(clause: &str, spec: &str, lang: &str, io: &Io) -> u8 {
    warn_if_shadowed(spec, io);
    let ir = match arbiter::load_ir(spec) {
        Ok(ir) => ir,
        Err(d) => {
            io.eraw(&d.render(io.words()));
            return 1;
        }
    };
    match arbiter::clause_text(&ir, clause, lang) {
        Ok(text) => {
            io.line(&text);
            0
        }
        Err(arbiter::ClauseTextError::NoLanguage(e)) => {
            io.error(e.render(io.words()));
            2
        }
        Err(arbiter::ClauseTextError::Words(e)) => {
            io.error(e);
            2
        }
        Err(arbiter::ClauseTextError::NoClause(e)) => {
            io.error(e.render(io.words()));
            1
        }
    }
}
