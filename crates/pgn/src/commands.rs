//! Event commands inside PGN comments: `[%claim threefold Nf3]`, `[%expect upheld 9.2.1.2]`.
//! Other tools' commands (`%clk`, `%eval`, ...) and plain text are ignored.
//!
//! This module only tokenises; what an event command means is `pgn::events`.

use crate::locale::say;
/// The commands that are events of the game: each is ruled on, and each has an index (its
/// position among them, in the order written). Clock readings (`clk`, `clock`) and expectations
/// (`expect`) are not events.
pub const EVENT_COMMANDS: &[&str] = &[
    "claim",
    "offer",
    "accept",
    "decline",
    "touch",
    "consent",
    "flag",
    "resign",
    "increment",
    "quickplay",
    "arbiter",
    "illegal",
    "correct",
];

/// One `[%name args]` found in a comment, with its byte offset inside the comment text.
#[derive(Debug, Clone, PartialEq)]
pub struct RawCommand<'a> {
    pub name: &'a str,
    pub args: Vec<(&'a str, usize)>,
    pub offset: usize,
}

/// The commands of a comment, in order; an unterminated `[%` is an error at its offset.
pub fn commands(text: &str) -> Result<Vec<RawCommand<'_>>, (usize, say::Message)> {
    scan(text)
        .map(|c| {
            c.map(|c| RawCommand {
                name: c.name,
                args: c.args().collect(),
                offset: c.offset,
            })
        })
        .collect()
}

/// One `[%name args]` of a comment, its words read on demand (nothing allocated).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Token<'a> {
    pub name: &'a str,
    /// Byte offset of the `[%` inside the comment text.
    pub offset: usize,
    /// The words after the `[%` (the name first), and the offset where they start.
    inner: &'a str,
    inner_start: usize,
}

impl<'a> Token<'a> {
    /// The words after the name, each with its byte offset inside the comment text.
    pub fn args(&self) -> Words<'a> {
        let mut words = Words {
            text: self.inner,
            pos: 0,
            base: self.inner_start,
        };
        words.next();
        words
    }
}

/// The commands of a comment, in order, without allocating; the first error ends them.
pub fn scan(text: &str) -> Tokens<'_> {
    Tokens {
        text,
        from: Some(0),
    }
}

/// See [`scan`].
#[derive(Debug, Clone)]
pub struct Tokens<'a> {
    text: &'a str,
    /// Where to look for the next `[%`; `None` after an error.
    from: Option<usize>,
}

impl<'a> Iterator for Tokens<'a> {
    type Item = Result<Token<'a>, (usize, say::Message)>;

    fn next(&mut self) -> Option<Self::Item> {
        let from = self.from?;
        let start = from + self.text.get(from..)?.find("[%")?;
        let inner_start = start + 2;
        let Some(len) = self.text.get(start..).and_then(|t| t.find(']')) else {
            self.from = None;
            return Some(Err((start, say::pgn_command_not_closed())));
        };
        let inner = self.text.get(inner_start..start + len).unwrap_or("");
        let mut words = Words {
            text: inner,
            pos: 0,
            base: inner_start,
        };
        let Some((name, _)) = words.next() else {
            self.from = None;
            return Some(Err((start, say::pgn_empty_command())));
        };
        self.from = Some(start + len + 1);
        Some(Ok(Token {
            name,
            offset: start,
            inner,
            inner_start,
        }))
    }
}

/// The words of a command (split at ASCII whitespace), each with its offset in the comment.
#[derive(Debug, Clone)]
pub struct Words<'a> {
    text: &'a str,
    pos: usize,
    base: usize,
}

impl<'a> Iterator for Words<'a> {
    type Item = (&'a str, usize);

    fn next(&mut self) -> Option<Self::Item> {
        let rest = self.text.get(self.pos..)?;
        let skip = rest.find(|c: char| !c.is_ascii_whitespace())?;
        let word = rest.get(skip..)?;
        let len = word
            .find(|c: char| c.is_ascii_whitespace())
            .unwrap_or(word.len());
        let start = self.pos + skip;
        self.pos = start + len;
        Some((word.get(..len)?, self.base + start))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_commands() {
        let c = commands("hello [%clk 0:01:00] [%claim threefold  Nf3] x").unwrap();
        assert_eq!(c.len(), 2);
        assert_eq!(c[0].name, "clk");
        assert_eq!(c[0].offset, 6);
        assert_eq!(c[0].args, vec![("0:01:00", 12)]);
        assert_eq!(c[1].name, "claim");
        assert_eq!(c[1].offset, 21);
        assert_eq!(c[1].args, vec![("threefold", 29), ("Nf3", 40)]);
        assert!(commands("[%claim threefold").is_err());
    }

    #[test]
    fn words_split_at_any_ascii_whitespace() {
        let c = commands("[%\tarbiter\n postpone\r\nextra-time ]").unwrap();
        assert_eq!(c[0].name, "arbiter");
        assert_eq!(c[0].args, vec![("postpone", 12), ("extra-time", 22)]);
        // Not split inside a word, and non-ASCII text is kept whole.
        let c = commands("é [%touch é5]").unwrap();
        assert_eq!(c[0].offset, 3);
        assert_eq!(c[0].args, vec![("é5", 11)]);
    }

    #[test]
    fn errors_are_located() {
        assert_eq!(
            commands("ok [%clk 0:01:00] [%claim").map_err(|(k, m)| (k, m.to_string())),
            Err((18, "a `[%` command is never closed with `]`".to_string()))
        );
        assert_eq!(
            commands("x [%  ] [%accept]").map_err(|(k, m)| (k, m.to_string())),
            Err((2, "an empty `[%]` command".to_string()))
        );
        // The first error ends the scan.
        let mut s = scan("[%] [%accept]");
        assert!(matches!(s.next(), Some(Err((0, _)))));
        assert_eq!(s.next(), None);
    }

    #[test]
    fn nothing_without_a_command() {
        assert_eq!(scan("a plain comment [ % not one ]").count(), 0);
        assert_eq!(commands(""), Ok(vec![]));
    }
}
