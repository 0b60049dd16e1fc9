//! Every byte the commands write to standard output and standard error goes through here, and
//! every message they say is said in the words of the run that `Io` holds (made once, from
//! `--lang` and `--locales`, by `run`).
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

use arbiter::locale::Words;
use arbiter::locale::say::{self, IntoArg};

/// The status of a command whose reader went away.
pub const CLOSED: i32 = 141;

/// Standard output and standard error, and the words of the run: what every command is given.
pub struct Io {
    words: Words,
}

impl Io {
    /// The commands' output, their messages said in `words`.
    pub fn new(words: Words) -> Io {
        Io { words }
    }

    /// The words of the run.
    pub fn words(&self) -> &Words {
        &self.words
    }

    /// End the command after a failed write to standard output or standard error.
    pub fn failed(&self, e: &io::Error) -> ! {
        if e.kind() == io::ErrorKind::BrokenPipe {
            std::process::exit(CLOSED);
        }
        let message = say::error(say::output_failed(say::io_error(e))).render(&self.words);
        // Standard error may be what failed: then nothing more can be said.
        let _ = writeln!(io::stderr().lock(), "{message}");
        std::process::exit(1);
    }

    /// Write `text` to `to`, flushed; a failure ends the command (`failed`).
    fn write_to(&self, mut to: impl Write, text: &str) {
        if let Err(e) = to.write_all(text.as_bytes()).and_then(|()| to.flush()) {
            self.failed(&e);
        }
    }

    /// Write to standard output, flushed; a failure ends the command (`failed`).
    pub fn raw(&self, text: &str) {
        self.write_to(io::stdout().lock(), text);
    }

    /// A line of text for people on standard output.
    pub fn line(&self, text: &str) {
        self.raw(&format!("{}\n", arbiter::escape::terminal(text)));
    }

    /// Text for people on standard output, as it is (with its own line breaks).
    pub fn text(&self, text: &str) {
        self.raw(&arbiter::escape::terminal(text));
    }

    /// Write to standard error; a failure ends the command (`failed`).
    pub fn eraw(&self, text: &str) {
        self.write_to(io::stderr().lock(), text);
    }

    /// A line of text for people on standard error.
    pub fn eline(&self, text: &str) {
        self.eraw(&format!("{}\n", arbiter::escape::terminal(text)));
    }

    /// `error: ...` on standard error: a message (said in the words of the run) or a text.
    pub fn error(&self, message: impl IntoArg) {
        self.eline(&say::error(message).render(&self.words));
    }
}
