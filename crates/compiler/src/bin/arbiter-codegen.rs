//! The generator alone: `arbiter compile [--check]` built from the compiler crate, which does not
//! depend on the generated rulebooks, so that it runs whatever state `generated/` is in
//! (`cargo xtask codegen`, `cargo xtask fresh`; ARCHITECTURE.md, "Changing the schema").
//!
//! `arbiter-codegen [--check] [--rules DIR] [--out DIR]`, from the repository's root by default
//! (`rules`, `generated`); it says what `arbiter compile` says, in the language of `--lang`
//! (English without it).

use std::path::PathBuf;
use std::process::ExitCode;

use arbiter_compiler::backend::codegen::{self, Refresh};
use arbiter_lang::escape;
use arbiter_lang::locale::{self, say};

fn main() -> ExitCode {
    let mut check_only = false;
    let mut rules = PathBuf::from("rules");
    let mut out = PathBuf::from("generated");
    // The words it speaks: the default language's until `--lang` names another.
    let mut words = locale::default_words();
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let value = match a.as_str() {
            "--check" => {
                check_only = true;
                continue;
            }
            "--rules" | "--out" | "--lang" => args.next(),
            _ => None,
        };
        match (a.as_str(), value) {
            ("--rules", Some(v)) => rules = PathBuf::from(v),
            ("--out", Some(v)) => out = PathBuf::from(v),
            ("--lang", Some(v)) => match locale::Words::checked(&v) {
                Ok(w) => words = w,
                Err(e) => {
                    // Said in the words of the language asked for that did not fail.
                    let asked = locale::Words::none(&v);
                    let said = say::error(e.render(&asked)).render(&asked);
                    eprintln!("{}", escape::terminal(&said));
                    return ExitCode::from(2);
                }
            },
            _ => {
                eprintln!(
                    "usage: arbiter-codegen [--check] [--rules DIR] [--out DIR] [--lang LANG]"
                );
                return ExitCode::from(2);
            }
        }
    }
    let line = |m: &say::Message| println!("{}", escape::terminal(&m.render(&words)));
    let eline = |m: &say::Message| eprintln!("{}", escape::terminal(&m.render(&words)));
    match codegen::refresh_tree(&rules, &out, check_only, &words) {
        Err(Refresh::Generate(e)) => {
            eprint!("{e}");
            ExitCode::FAILURE
        }
        Err(Refresh::Write(p, e)) => {
            eline(&say::error(say::writing_error(
                p.display().to_string(),
                say::io_error(&e),
            )));
            ExitCode::FAILURE
        }
        Ok(stale) if check_only => {
            if stale.is_empty() {
                line(&say::generated_up_to_date());
                return ExitCode::SUCCESS;
            }
            for p in &stale {
                eline(&say::stale_file(p.display().to_string()));
            }
            eline(&say::generated_stale());
            ExitCode::FAILURE
        }
        Ok(written) => {
            for p in &written {
                line(&say::wrote(p.display().to_string()));
            }
            ExitCode::SUCCESS
        }
    }
}
