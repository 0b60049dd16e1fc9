//! What `arbiter serve` does with one line of its input, as a library function: the binary's
//! loop and the `protocol` fuzz target (fuzz/) call the same code.

use super::implementation::Ours;
use super::protocol::{Command, PROTOCOL_VERSION, Reply};
use crate::locale::say;

/// The outcome of one input line.
#[derive(Debug)]
pub enum Served {
    /// A blank line: nothing to answer.
    Blank,
    /// `stop`: serving ends.
    Stop,
    /// Not a protocol message: this error is said on standard error, and serving goes on.
    NotAMessage(String),
    /// The reply, to be written as one line of JSON.
    Reply(Reply),
}

/// Handle one line of `arbiter serve`'s input.
pub fn line(ours: &mut Ours, line: &str) -> Served {
    if line.trim().is_empty() {
        return Served::Blank;
    }
    match serde_json::from_str::<Command>(line) {
        Ok(Command::Hello { .. }) => Served::Reply(Reply::Hello {
            protocol: PROTOCOL_VERSION,
            implementation: ours.info(),
        }),
        Ok(Command::Run { seq, scenario }) => Served::Reply(ours.reply(seq, &scenario)),
        Ok(Command::Stop) => Served::Stop,
        Err(e) => Served::NotAMessage(say::error(say::not_a_protocol_message(e.to_string(), line))),
    }
}
