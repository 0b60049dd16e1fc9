//! Event commands inside PGN comments: `[%claim threefold Nf3]`, `[%expect upheld 9.2.1.2]`.
//! Other tools' commands (`%clk`, `%eval`, ...) and plain text are ignored.

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
pub fn commands(text: &str) -> Result<Vec<RawCommand<'_>>, (usize, String)> {
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(k) = text[from..].find("[%") {
        let start = from + k;
        let Some(len) = text[start..].find(']') else {
            return Err((start, "a `[%` command is never closed with `]`".into()));
        };
        let inner_start = start + 2;
        let inner = &text[inner_start..start + len];
        let mut words = Vec::new();
        let mut pos = 0;
        for w in inner.split_ascii_whitespace() {
            let rel = inner[pos..].find(w).map_or(pos, |i| pos + i);
            words.push((w, inner_start + rel));
            pos = rel + w.len();
        }
        if let Some(((name, _), args)) = words.split_first() {
            out.push(RawCommand {
                name,
                args: args.to_vec(),
                offset: start,
            });
        } else {
            return Err((start, "an empty `[%]` command".into()));
        }
        from = start + len + 1;
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_commands() {
        let c = commands("hello [%clk 0:01:00] [%claim threefold  Nf3] x").unwrap();
        assert_eq!(c.len(), 2);
        assert_eq!(c[1].name, "claim");
        assert_eq!(c[1].args, vec![("threefold", 29), ("Nf3", 40)]);
        assert!(commands("[%claim threefold").is_err());
    }
}
