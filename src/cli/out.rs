//! Every byte the commands write to standard output and standard error goes through here.
//!
//! A reader that stops reading (`arbiter audit archive.pgn | head -1`) ends the command at once,
//! quietly, with status 141: the status a shell gives a command that SIGPIPE ended (128 + 13),
//! without the signal (arbiter ignores SIGPIPE, as Rust programs do, so that a certified
//! program's closed input is an error of that program, not the end of arbiter). Any other
//! failed write (a full disk, `> /dev/full`) is an error said on standard error, status 1. No
//! write panics, and none fails silently.
//!
//! Text for people is shown through `escape::terminal` (control characters shown, not sent);
//! `raw` is for what is already safe: JSON, the manual page, a completion script, a report
//! `Diag::render` has escaped.

use std::io::{self, Write};

use arbiter::locale::say;

/// The status of a command whose reader went away.
pub const CLOSED: i32 = 141;

/// End the command after a failed write to standard output or standard error.
pub fn failed(e: &io::Error) -> ! {
    if e.kind() == io::ErrorKind::BrokenPipe {
        std::process::exit(CLOSED);
    }
    let message = say::error(say::output_failed(say::io_error(e))).said();
    // Standard error may be what failed: then nothing more can be said.
    let _ = writeln!(io::stderr().lock(), "{message}");
    std::process::exit(1);
}

/// Write to standard output, flushed; a failure ends the command (`failed`).
pub fn raw(text: &str) {
    let mut out = io::stdout().lock();
    if let Err(e) = out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        failed(&e);
    }
}

/// A line of text for people on standard output.
pub fn line(text: &str) {
    raw(&format!("{}\n", arbiter::escape::terminal(text)));
}

/// Text for people on standard output, as it is (with its own line breaks).
pub fn text(text: &str) {
    raw(&arbiter::escape::terminal(text));
}

/// Write to standard error; a failure ends the command (`failed`).
pub fn eraw(text: &str) {
    let mut err = io::stderr().lock();
    if let Err(e) = err.write_all(text.as_bytes()).and_then(|()| err.flush()) {
        failed(&e);
    }
}

/// A line of text for people on standard error.
pub fn eline(text: &str) {
    eraw(&format!("{}\n", arbiter::escape::terminal(text)));
}

/// `error: ...` on standard error.
pub fn error(message: impl AsRef<str>) {
    eline(&say::error(message.as_ref()).said());
}
