//! `cargo xtask TASK`: the project's tasks, each spelled once (ARCHITECTURE.md, "Changing the
//! schema"; README, "Certifying other implementations").
//!
//! - `codegen`: regenerate `generated/` from `rules/` with the generator alone
//!   (`arbiter-codegen`, of the compiler crate, which does not depend on the generated
//!   rulebooks), so that it runs whatever state `generated/` is in; then build the CLI with the
//!   new code.
//! - `fresh`: check that `generated/` is what `rules/` compiles to, with the same generator.
//! - `certify [NAME...]`: re-run the certifications and rewrite `conformance/reports/`
//!   (`conformance/certify`, which also installs the pinned third-party libraries).
//! - `ci`: what CI runs on a fresh clone (`.ci/run`).

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

const USAGE: &str = "usage: cargo xtask codegen | fresh | certify [NAME...] | ci";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some((task, rest)) = args.split_first() else {
        eprintln!("{USAGE}");
        return ExitCode::from(2);
    };
    let root = root();
    let generator = |extra: &[&str]| {
        let mut c = Command::new(cargo());
        c.args([
            "run",
            "--release",
            "--quiet",
            "--package",
            "arbiter-compiler",
            "--bin",
            "arbiter-codegen",
            "--",
        ]);
        c.args(extra);
        c
    };
    let steps: Vec<Command> = match task.as_str() {
        "codegen" => {
            let mut build = Command::new(cargo());
            build.args(["build", "--release"]);
            vec![generator(&[]), build]
        }
        "fresh" => vec![generator(&["--check"])],
        "certify" => {
            let mut c = Command::new(root.join("conformance/certify"));
            c.args(rest);
            vec![c]
        }
        "ci" => vec![Command::new(root.join(".ci/run"))],
        "-h" | "--help" | "help" => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        other => {
            eprintln!("xtask: unknown task `{other}`\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    for mut step in steps {
        step.current_dir(&root);
        match step.status() {
            Ok(s) if s.success() => {}
            Ok(s) => {
                eprintln!("xtask {task}: {step:?} failed ({s})");
                return ExitCode::FAILURE;
            }
            Err(e) => {
                eprintln!("xtask {task}: cannot run {step:?}: {e}");
                return ExitCode::FAILURE;
            }
        }
    }
    ExitCode::SUCCESS
}

/// The repository: the workspace root, this crate's parent.
fn root() -> PathBuf {
    let here = Path::new(env!("CARGO_MANIFEST_DIR"));
    here.parent().unwrap_or(here).to_path_buf()
}

/// The cargo that runs this task (as cargo sets it), else `cargo`.
fn cargo() -> String {
    std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_string())
}
