//! Generated Rust goes through rustfmt before it is written, as rust-analyzer's generated code
//! does: the files in `generated/` are what `cargo fmt` would make of them, so they read like
//! hand-written code and `cargo fmt --check` covers them.
//!
//! rustfmt is the toolchain's own (`rustup component add rustfmt`), or the program named by
//! the `RUSTFMT` environment variable. Its edition is the crate's.

use std::io::Write;
use std::process::{Command, Stdio};

/// Whether rustfmt can be run (generating Rust needs it).
pub fn available() -> bool {
    let program = std::env::var_os("RUSTFMT").unwrap_or_else(|| "rustfmt".into());
    Command::new(program)
        .arg("--version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// `source` as rustfmt formats it.
pub fn format(source: &str) -> Result<String, String> {
    let program = std::env::var_os("RUSTFMT").unwrap_or_else(|| "rustfmt".into());
    let mut child = Command::new(&program)
        .args(["--edition", "2024", "--emit", "stdout", "--quiet"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| {
            format!(
                "generating Rust needs rustfmt (`rustup component add rustfmt`, or set RUSTFMT): \
                 could not run `{}`: {e}",
                program.to_string_lossy()
            )
        })?;
    // Write on another thread: rustfmt may fill its output pipe before it has read all input.
    let mut stdin = child.stdin.take().ok_or("rustfmt: no standard input")?;
    let input = source.to_string();
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let out = child
        .wait_with_output()
        .map_err(|e| format!("rustfmt: {e}"))?;
    match writer.join() {
        Ok(Ok(())) => {}
        Ok(Err(e)) => return Err(format!("rustfmt: writing its input: {e}")),
        Err(_) => return Err("rustfmt: the thread writing its input failed".into()),
    }
    if !out.status.success() {
        return Err(format!(
            "rustfmt rejected the generated code ({}): {}",
            out.status,
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    String::from_utf8(out.stdout).map_err(|e| format!("rustfmt: output is not UTF-8: {e}"))
}
