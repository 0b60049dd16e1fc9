//! The `arbiter` command line.
//!
//! Exit status: 0 when everything was read and ruled on (or checked, or fresh); 1 when some input
//! was bad (a game, a rulebook) or generated code is stale — the batch still went on and every
//! problem was reported; 2 on a usage error.

// `Diag` carries its source for the caret; boxing it would buy nothing on an error path.
#![allow(clippy::result_large_err)]

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

use clap::{Parser, Subcommand, ValueEnum};

// The `conformance` and `serve` commands (kept apart from the library's `conformance` module).
#[path = "cli/conformance.rs"]
mod conformance;

use arbiter::diag::Diag;
use arbiter::locale::say;
use arbiter::render::Renderer;
use arbiter::runtime::rules::Rules;
use arbiter::runtime::verdict::Verdict;
use arbiter::{DEFAULT_RULEBOOK, Engine, backend, compile, load_rules, pgn, runtime};

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
    #[command(subcommand)]
    command: Command,
}

#[derive(Clone, Copy, ValueEnum)]
enum Format {
    Text,
    Json,
}

#[derive(Subcommand)]
enum Command {
    /// Rule on every game of the PGN files (or standard input) and explain each ruling.
    Adjudicate {
        /// PGN files; `-` or nothing reads standard input.
        files: Vec<PathBuf>,
        /// An embedded rulebook name (fide-2018) or a rulebook folder.
        #[arg(long, default_value = DEFAULT_RULEBOOK)]
        rulebook: String,
        /// The backend; default: compiled for an embedded rulebook, interpreter for a folder.
        #[arg(long, value_enum)]
        engine: Option<Engine>,
        /// `text` for people, `json` for one JSON object per game per line.
        #[arg(long, value_enum, default_value = "text")]
        format: Format,
        /// Infer a flag fall from a platform export's `[Termination "Time forfeit"]`: the side
        /// to move at the end of the record flagged (unless the record has a `[%flag]`).
        #[arg(long)]
        infer_flags: bool,
    },
    /// Check rulebook folders (default: every folder under ./rules) and report every problem.
    Check { dirs: Vec<PathBuf> },
    /// Regenerate generated/ from rules/ (with --check: only say whether it is stale).
    Compile {
        #[arg(long)]
        check: bool,
        #[arg(long, default_value = "rules")]
        rules: PathBuf,
        #[arg(long, default_value = "generated")]
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
    /// Show a clause: its text, its condition in words, its effects and cross-references.
    Explain {
        clause: String,
        #[arg(long, default_value = DEFAULT_RULEBOOK)]
        rulebook: String,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    for dir in &cli.locales {
        if let Err(e) = arbiter::locale::add_dir(dir) {
            eprintln!("{}", say::error(e));
            return ExitCode::from(2);
        }
    }
    if let Err(e) = arbiter::locale::set_lang(&cli.lang) {
        eprintln!("{}", say::error(e));
        return ExitCode::from(2);
    }
    let lang = cli.lang;
    let code = match cli.command {
        Command::Adjudicate {
            files,
            rulebook,
            engine,
            format,
            infer_flags,
        } => adjudicate(
            &files,
            &rulebook,
            engine,
            &lang,
            format,
            runtime::adjudicate::Options { infer_flags },
        ),
        Command::Check { dirs } => check(&dirs),
        Command::Conformance(options) => conformance::run(&options),
        Command::Serve { engine, rulebook } => conformance::serve(engine, rulebook.as_deref()),
        Command::Compile { check, rules, out } => compile_cmd(check, &rules, &out),
        Command::Explain { clause, rulebook } => explain(&clause, &rulebook, &lang),
    };
    ExitCode::from(code)
}

fn rules_or_report(spec: &str, engine: Option<Engine>) -> Option<Arc<dyn Rules>> {
    match load_rules(spec, engine) {
        Ok(r) => Some(r),
        Err(d) => {
            eprint!("{}", d.render());
            None
        }
    }
}

fn adjudicate(
    files: &[PathBuf],
    spec: &str,
    engine: Option<Engine>,
    lang: &str,
    format: Format,
    options: runtime::adjudicate::Options,
) -> u8 {
    let Some(rules) = rules_or_report(spec, engine) else {
        return 1;
    };
    let renderer = match Renderer::new(rules.meta(), lang) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("{}", say::error(e));
            return 2;
        }
    };
    let stdin = [PathBuf::from("-")];
    let files = if files.is_empty() { &stdin[..] } else { files };
    let mut failed = false;
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    for f in files {
        let (name, bytes) = match read_input(f) {
            Ok(x) => x,
            Err(e) => {
                eprintln!(
                    "{}",
                    say::error(say::file_error(f.display().to_string(), e.to_string()))
                );
                failed = true;
                continue;
            }
        };
        for result in adjudicate_bytes(&name, &bytes, rules.as_ref(), options) {
            match result {
                Ok(v) => {
                    let e = renderer.explain(&v);
                    let written = match format {
                        Format::Json => serde_json::to_string(&e)
                            .map_err(std::io::Error::other)
                            .and_then(|s| writeln!(out, "{s}")),
                        Format::Text => write!(out, "{}", renderer.text(&e)),
                    };
                    if written.is_err() {
                        return 1; // stdout closed
                    }
                }
                Err(d) => {
                    let _ = out.flush();
                    eprint!("{}", d.render());
                    failed = true;
                }
            }
        }
    }
    let _ = out.flush();
    u8::from(failed)
}

fn read_input(f: &Path) -> std::io::Result<(String, Vec<u8>)> {
    if f.as_os_str() == "-" {
        let mut b = Vec::new();
        std::io::stdin().read_to_end(&mut b)?;
        Ok(("<stdin>".into(), b))
    } else {
        Ok((f.display().to_string(), std::fs::read(f)?))
    }
}

/// Every game of one input, ruled on, or its located error.
fn adjudicate_bytes(
    name: &str,
    bytes: &[u8],
    rules: &dyn Rules,
    options: runtime::adjudicate::Options,
) -> Vec<Result<Verdict, Diag>> {
    let mut source: Option<Arc<str>> = None;
    let mut src = || -> Arc<str> {
        source
            .get_or_insert_with(|| Arc::from(String::from_utf8_lossy(bytes).as_ref()))
            .clone()
    };
    // Line numbers are counted incrementally: games come in file order.
    let (mut seen, mut line) = (0usize, 1usize);
    pgn::read_games(bytes)
        .into_iter()
        .map(|g| {
            let g = g.and_then(|g| {
                runtime::adjudicate::adjudicate_with(&g, rules, options).map(|v| (g.span.start, v))
            });
            match g {
                Ok((start, mut v)) => {
                    v.file = name.to_string();
                    let start = start.max(seen);
                    line += bytes[seen..start].iter().filter(|b| **b == b'\n').count();
                    seen = start;
                    v.line = line;
                    Ok(v)
                }
                Err(e) => Err(Diag::new(
                    Path::new(name),
                    &src(),
                    e.offset,
                    1,
                    say::pgn_in_game(e.game, e.message),
                )),
            }
        })
        .collect()
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

fn check(dirs: &[PathBuf]) -> u8 {
    let dirs = rulebook_dirs(dirs);
    if dirs.is_empty() {
        eprintln!("{}", say::error(say::no_rulebook_folders()));
        return 1;
    }
    let mut failed = false;
    for d in dirs {
        match compile::compile_dir(&d, &arbiter::Embedded) {
            Ok(ir) => println!(
                "{}",
                say::check_ok(d.display().to_string(), ir.clauses.len())
            ),
            Err(diags) => {
                eprint!("{}", diags.render());
                eprintln!(
                    "{}",
                    say::check_errors(d.display().to_string(), diags.0.len())
                );
                failed = true;
            }
        }
    }
    u8::from(failed)
}

fn compile_cmd(check_only: bool, rules: &Path, out: &Path) -> u8 {
    let files = match backend::codegen::generate_tree(rules, out) {
        Ok(f) => f,
        Err(e) => {
            eprint!("{e}");
            return 1;
        }
    };
    let mut stale = Vec::new();
    for (p, t) in &files {
        if std::fs::read_to_string(p).ok().as_deref() != Some(t.as_str()) {
            stale.push(p.clone());
            if !check_only {
                if let Some(parent) = p.parent() {
                    let _ = std::fs::create_dir_all(parent);
                }
                if let Err(e) = std::fs::write(p, t) {
                    eprintln!(
                        "{}",
                        say::error(say::writing_error(p.display().to_string(), e.to_string()))
                    );
                    return 1;
                }
            }
        }
    }
    if check_only {
        if stale.is_empty() {
            println!("{}", say::generated_up_to_date());
            0
        } else {
            for p in &stale {
                eprintln!("{}", say::stale_file(p.display().to_string()));
            }
            eprintln!("{}", say::generated_stale());
            1
        }
    } else {
        for p in &stale {
            println!("{}", say::wrote(p.display().to_string()));
        }
        0
    }
}

fn explain(clause: &str, spec: &str, lang: &str) -> u8 {
    let Some(rules) = rules_or_report(spec, None) else {
        return 1;
    };
    let meta = rules.meta();
    let Some(md) = meta.markdown.get(lang) else {
        eprintln!(
            "{}",
            say::error(say::rulebook_lacks_language(
                &meta.id,
                lang,
                meta.languages.join(", ")
            ))
        );
        return 2;
    };
    let anchor = format!("<a id=\"{}\"></a>", clause.replace('.', "-"));
    let Some(start) = md.find(&anchor) else {
        eprintln!("{}", say::error(say::no_such_clause(&meta.id, clause)));
        return 1;
    };
    let head = md[..start].rfind("### ").unwrap_or(start);
    let rest = &md[start..];
    let end = rest[1..]
        .find("\n### ")
        .or_else(|| rest[1..].find("\n## "))
        .map_or(md.len(), |i| start + 1 + i);
    println!("{}", md[head..end].replace(&anchor, "").trim_end());
    0
}
