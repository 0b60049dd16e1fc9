//! What `arbiter serve` does with one line of its input, as a library function: the binary's
//! loop and the `protocol` fuzz target (fuzz/) call the same code.

use serde_json::Value;

use super::implementation::Ours;
use super::protocol::{Command, PROTOCOL_VERSION, Reply};
use crate::diag::clip;
use crate::locale::say;

/// Characters of an offending line quoted on standard error.
const QUOTED: usize = 300;

/// The outcome of one input line.
#[derive(Debug)]
pub enum Served {
    /// A blank line: nothing to answer.
    Blank,
    /// `stop`: serving ends.
    Stop,
    /// Not a protocol message (or not UTF-8): this error is said on standard error, and serving
    /// goes on; when the line was a `run` as far as its `seq` and scenario `id` go, it is also
    /// answered `errored`, so that the runner need not wait out its timeout.
    NotAMessage(say::Message, Option<Reply>),
    /// The reply, to be written as one line of JSON.
    Reply(Reply),
}

/// Handle line `number` (1-based) of `arbiter serve`'s input, given as read.
pub fn line(ours: &mut Ours, number: usize, bytes: &[u8]) -> Served {
    let (line, utf8) = match std::str::from_utf8(bytes) {
        Ok(s) => (std::borrow::Cow::Borrowed(s), true),
        Err(_) => (String::from_utf8_lossy(bytes), false),
    };
    if line.trim().is_empty() {
        return Served::Blank;
    }
    let command = if utf8 {
        serde_json::from_str::<Command>(&line).map_err(|e| {
            (
                say::error(say::not_a_protocol_message(
                    number,
                    e.to_string(),
                    clip(&line, QUOTED),
                )),
                format!("line {number} is not a protocol message: {e}"),
            )
        })
    } else {
        Err((
            say::error(say::line_not_utf8(number)),
            format!("line {number} is not UTF-8"),
        ))
    };
    match command {
        Ok(Command::Hello { .. }) => Served::Reply(Reply::Hello {
            protocol: PROTOCOL_VERSION,
            implementation: ours.info(),
        }),
        Ok(Command::Run { seq, scenario }) => Served::Reply(ours.reply(seq, &scenario)),
        Ok(Command::Stop) => Served::Stop,
        Err((said, message)) => {
            let reply = seq_and_id(&line).map(|(seq, id)| Reply::Errored {
                seq,
                id,
                message,
                context: Value::Null,
            });
            Served::NotAMessage(said, reply)
        }
    }
}

/// The `seq` and scenario `id` of a line that is a `run` as far as those go.
fn seq_and_id(line: &str) -> Option<(u64, String)> {
    let v: Value = serde_json::from_str(line).ok()?;
    if v.get("type")?.as_str()? != "run" {
        return None;
    }
    let seq = v.get("seq")?.as_u64()?;
    let id = v.get("scenario")?.get("id")?.as_str()?;
    Some((seq, id.to_string()))
}
