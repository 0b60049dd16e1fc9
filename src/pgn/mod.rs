//! Reading PGN: games, tags, main-line moves and comments, every one with its place in the file.
//!
//! `scan` finds the games, checks their syntax (tags, SAN tokens, comments, NAGs, variations,
//! CRLF, BOM) and records where each tag, main-line move and comment is; `parse_game` takes
//! them from there. `split` cuts a stream into games for `scan`. (pgn-reader, which arbiter
//! used to parse with, remains the speed floor in `replay`.)

pub mod commands;
pub mod events;
pub mod replay;
pub mod scan;
pub mod split;
pub mod time;

use crate::locale::say;
use shakmaty::san::SanPlus;

/// One game as recorded.
#[derive(Debug, Clone)]
pub struct Game {
    /// 1-based index of the game in its file.
    pub index: usize,
    pub span: scan::GameSpan,
    pub tags: Vec<(String, String)>,
    pub moves: Vec<SanPlus>,
    /// (number of main-line moves before the comment, comment text).
    pub comments: Vec<(usize, String)>,
}

impl Game {
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

/// An error at a byte offset of the input.
#[derive(Debug, Clone, PartialEq)]
pub struct PgnError {
    pub game: usize,
    pub offset: usize,
    pub message: String,
}

/// Every game of the input, or its error; one bad game does not stop the others.
pub fn read_games(src: &[u8]) -> Vec<Result<Game, PgnError>> {
    scan::scan(src)
        .into_iter()
        .enumerate()
        .map(|(i, span)| parse_game(src, i + 1, span))
        .collect()
}

/// Read the game the scanner found at `span` of `src` (`index`: its place in its input): the
/// scanner has found every tag, move and comment and checked the movetext; here each is taken
/// from its place, with no second pass over the text.
pub fn parse_game(src: &[u8], index: usize, span: scan::GameSpan) -> Result<Game, PgnError> {
    let err = |offset: usize, message: String| PgnError {
        game: index,
        offset,
        message,
    };
    if let Some((offset, message)) = span.error.clone() {
        return Err(err(offset, message));
    }
    let tags = span
        .tags
        .iter()
        .map(|(name, at)| (name.clone(), tag_value(src, *at)))
        .collect();
    let mut moves = Vec::with_capacity(span.sans.len());
    for &at in &span.sans {
        let tok = scan::token_at(src, at);
        let san = read_san(tok).map_err(|_| {
            err(
                at,
                say::pgn_not_san(String::from_utf8_lossy(tok).into_owned()),
            )
        })?;
        moves.push(san);
    }
    // Each comment with the number of main-line moves before it (both lists are in order).
    let mut comments = Vec::with_capacity(span.comments.len());
    let mut before = 0;
    for &at in &span.comments {
        while span.sans.get(before).is_some_and(|&m| m < at) {
            before += 1;
        }
        comments.push((before, comment_text(src, at)));
    }
    Ok(Game {
        index,
        span,
        tags,
        moves,
        comments,
    })
}

/// A move token as SAN; castling is also written with zeros (`0-0`, `0-0-0`), as PGN readers
/// accept.
fn read_san(tok: &[u8]) -> Result<SanPlus, shakmaty::san::ParseSanError> {
    if tok.starts_with(b"0-0") {
        let letters: Vec<u8> = tok
            .iter()
            .map(|&b| if b == b'0' { b'O' } else { b })
            .collect();
        return SanPlus::from_ascii(&letters);
    }
    SanPlus::from_ascii(tok)
}

/// A tag's value: `at` is its opening quote; `\"` and `\\` stand for `"` and `\`.
fn tag_value(src: &[u8], at: usize) -> String {
    let mut out = Vec::new();
    let mut i = at + 1;
    while let Some(&b) = src.get(i) {
        match b {
            b'"' => break,
            b'\\' if matches!(src.get(i + 1), Some(b'"' | b'\\')) => {
                out.push(src[i + 1]);
                i += 2;
            }
            _ => {
                out.push(b);
                i += 1;
            }
        }
    }
    match String::from_utf8(out) {
        Ok(s) => s,
        Err(e) => String::from_utf8_lossy(e.as_bytes()).into_owned(),
    }
}

/// A comment's text: `at` is its `{`; the scanner has found its `}`.
fn comment_text(src: &[u8], at: usize) -> String {
    let body = src.get(at + 1..).unwrap_or_default();
    let end = body.iter().position(|&b| b == b'}').unwrap_or(body.len());
    String::from_utf8_lossy(&body[..end]).into_owned()
}
