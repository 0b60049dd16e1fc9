//! Reading PGN: games, tags, main-line moves and comments, every one with its place in the file.
//!
//! `scan` finds the games, checks their syntax (tags, SAN tokens, comments, NAGs, variations,
//! CRLF, BOM) and records where each tag, main-line move and comment is; `parse_game` takes
//! them from there. `split` cuts a stream into games for `scan`; `record` turns a game into the
//! runtime's typed input, [`arbiter_lang::record::Record`]. (pgn-reader, which arbiter used to parse
//! with, remains the speed floor in `replay`.)

pub mod commands;
pub mod events;
pub mod record;
pub mod replay;
pub mod scan;
pub mod split;
pub mod time;

// A crate of its own (ARCHITECTURE.md, "Crates"), on the language layer alone: the lower crates'
// modules under the names the modules use (`crate::diag`, ...), as when they were one crate.
// (`crate::record` is this crate's reading of a record; the type is `arbiter_lang::record`.)
use arbiter_draughts as draughts;
use arbiter_lang::{diag, games, lang, locale, value};

use std::ops::Range;

use crate::games::GameKind;
use crate::locale::say;
use shakmaty::san::SanPlus;

pub use arbiter_lang::record::Movetext;

/// One game as recorded.
#[derive(Debug, Clone)]
pub struct Game {
    /// 1-based index of the game in its file.
    pub index: usize,
    pub span: scan::GameSpan,
    tags: Tags,
    /// The game, as its `GameType` tag says (chess without one).
    pub kind: GameKind,
    pub moves: Movetext,
    /// (number of main-line moves before the comment, comment text).
    pub comments: Vec<(usize, String)>,
}

/// A game's tags, their names and values (unescaped) in one string: a game has a dozen tags or
/// so, and one allocation for all of them keeps reading an archive cheap.
#[derive(Debug, Clone, Default)]
struct Tags {
    text: String,
    /// Each tag's name and value in `text`, and its value's offset in the game.
    list: Vec<(Range<usize>, Range<usize>, usize)>,
    /// Each tag's name as a [`tag_key`], in the order of `list`: a game's tags are looked up a
    /// dozen times, and most names are five letters long (`White`, `Black`, `Event`, `Round`),
    /// so comparing the text of each was 2 % of a `--material-only` run.
    keys: Vec<u64>,
    /// Bit [`tag_bit`] of each of `keys`: most names asked for (a rulebook's parameters) are
    /// absent, and are known absent at once.
    present: u64,
}

/// A tag name's length and first seven bytes in one number: equal for equal names, and for
/// names of up to seven bytes only for equal names.
fn tag_key(name: &[u8]) -> u64 {
    let head = (name.iter().take(7)).fold(0u64, |k, b| (k << 8) | u64::from(*b));
    (u64::try_from(name.len()).unwrap_or(u64::MAX).min(255) << 56) | head
}

impl Tags {
    /// The first tag named `name`: its name and value in `text`, and its value's offset.
    fn find(&self, name: &str) -> Option<&(Range<usize>, Range<usize>, usize)> {
        let key = tag_key(name.as_bytes());
        if self.present & tag_bit(key) == 0 {
            return None;
        }
        let short = name.len() <= 7;
        for (k, tag) in self.keys.iter().zip(&self.list) {
            if *k == key && (short || self.text.get(tag.0.clone()) == Some(name)) {
                return Some(tag);
            }
        }
        None
    }
}

/// One bit of 64 for a tag key, from all of its bytes.
fn tag_bit(key: u64) -> u64 {
    1 << (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 58)
}

impl Game {
    /// The value of the tag `name` (the first, if the record repeats it).
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.find_tag(name)
            .map(|(_, v, _)| &self.tags.text[v.clone()])
    }

    /// Where the value of the tag `name` stands in the game (its opening quote).
    pub fn tag_offset(&self, name: &str) -> Option<usize> {
        self.find_tag(name).map(|(_, _, at)| *at)
    }

    /// Every tag's name and value, in the order of the record.
    pub fn tags(&self) -> impl Iterator<Item = (&str, &str)> {
        let text = &self.tags.text;
        (self.tags.list.iter()).map(|(n, v, _)| (&text[n.clone()], &text[v.clone()]))
    }

    fn find_tag(&self, name: &str) -> Option<&(Range<usize>, Range<usize>, usize)> {
        self.tags.find(name)
    }
}

/// An error at a byte offset of the input.
#[derive(Debug, Clone, PartialEq)]
pub struct PgnError {
    pub game: usize,
    pub offset: usize,
    pub message: say::Message,
}

/// The message alone, in the default language's words (its place is `offset`:
/// [`crate::diag::Diag`] turns it into a line and column with the source).
impl std::fmt::Display for PgnError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.message)
    }
}

impl std::error::Error for PgnError {}

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
    let err = |offset: usize, message: say::Message| PgnError {
        game: index,
        offset,
        message,
    };
    if let Some((offset, message)) = span.error.clone() {
        return Err(err(offset, message));
    }
    let mut tags = Tags {
        text: String::with_capacity(span.tags.iter().map(|t| t.name.len() + 16).sum()),
        list: Vec::with_capacity(span.tags.len()),
        keys: Vec::with_capacity(span.tags.len()),
        present: 0,
    };
    for t in &span.tags {
        let n = tags.text.len();
        // A name is ASCII letters, digits and `_` (the scanner's test).
        push_lossy(&mut tags.text, src.get(t.name.clone()).unwrap_or_default());
        let v = tags.text.len();
        push_tag_value(&mut tags.text, src, t.value);
        (tags.list).push((n..v, v..tags.text.len(), t.value));
        let key = tag_key(&tags.text.as_bytes()[n..v]);
        tags.present |= tag_bit(key);
        tags.keys.push(key);
    }
    let kind = game_kind(&tags).map_err(|(at, m)| err(at, m))?;
    result_agrees(src, &span, &tags, kind).map_err(|(at, m)| err(at, m))?;
    let moves = match kind {
        GameKind::Chess => {
            let mut moves = Vec::with_capacity(span.sans.len());
            for at in &span.sans {
                let tok = src.get(at.clone()).unwrap_or_default();
                let san = read_san(tok).map_err(|_| {
                    err(
                        at.start,
                        say::pgn_not_san(String::from_utf8_lossy(tok).into_owned()),
                    )
                })?;
                moves.push(san);
            }
            Movetext::Chess(moves)
        }
        GameKind::RussianDraughts => {
            let mut moves = Vec::with_capacity(span.sans.len());
            for at in &span.sans {
                let tok = src.get(at.clone()).unwrap_or_default();
                // Squares (`c3`, or PDN's numbers) and the separators `-`, `:` and `x`; what
                // they name is read against the position.
                if !tok
                    .iter()
                    .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b':'))
                {
                    let tok = String::from_utf8_lossy(tok).into_owned();
                    return Err(err(at.start, say::pdn_not_move(tok)));
                }
                moves.push(String::from_utf8_lossy(tok).into());
            }
            Movetext::Draughts(moves)
        }
    };
    // Each comment with the number of main-line moves before it (both lists are in order).
    let mut comments = Vec::with_capacity(span.comments.len());
    let mut before = 0;
    for &at in &span.comments {
        while span.sans.get(before).is_some_and(|m| m.start < at) {
            before += 1;
        }
        comments.push((before, comment_text(src, at)));
    }
    Ok(Game {
        index,
        span,
        tags,
        kind,
        moves,
        comments,
    })
}

/// The game a record is of: its `GameType` tag's, chess without one.
fn game_kind(tags: &Tags) -> Result<GameKind, (usize, say::Message)> {
    let Some((_, v, at)) = tags.find("GameType") else {
        return Ok(GameKind::Chess);
    };
    let value = &tags.text[v.clone()];
    GameKind::from_game_type(value).ok_or_else(|| {
        (
            *at,
            say::pdn_unknown_game_type(crate::diag::clip(value, 24)),
        )
    })
}

/// Who a result says won (`None`: a draw), the same in PGN's and PDN's points (`1-0` is
/// `2-0`); `None` outside for what is not a result of `kind` (`*` included).
fn result_of(text: &str, kind: GameKind) -> Option<Option<shakmaty::Color>> {
    let draughts = kind == GameKind::RussianDraughts;
    match text.trim() {
        "1-0" => Some(Some(shakmaty::Color::White)),
        "0-1" => Some(Some(shakmaty::Color::Black)),
        "1/2-1/2" | "½-½" => Some(None),
        "2-0" if draughts => Some(Some(shakmaty::Color::White)),
        "0-2" if draughts => Some(Some(shakmaty::Color::Black)),
        "1-1" if draughts => Some(None),
        _ => None,
    }
}

/// The movetext's terminator and the `Result` tag say the same (the PGN standard, 8.2.6): a
/// record that says `1-0` in its tag and `0-1` after its moves contradicts itself, and a ruling
/// may follow neither silently. A located error at the terminator; a tag that holds no result
/// (`?`, none) is not compared.
fn result_agrees(
    src: &[u8],
    span: &scan::GameSpan,
    tags: &Tags,
    kind: GameKind,
) -> Result<(), (usize, say::Message)> {
    let Some(at) = span.terminator.clone() else {
        return Ok(());
    };
    let Some((_, v, _)) = tags.find("Result") else {
        return Ok(());
    };
    let tag = &tags.text[v.clone()];
    let terminator = String::from_utf8_lossy(src.get(at.clone()).unwrap_or_default());
    let said = |t: &str| -> Option<Option<Option<shakmaty::Color>>> {
        if t.trim() == "*" {
            Some(None)
        } else {
            result_of(t, kind).map(Some)
        }
    };
    match (said(tag), said(&terminator)) {
        (Some(a), Some(b)) if a != b => Err((
            at.start,
            say::pgn_result_disagrees(terminator.as_ref(), crate::diag::clip(tag, 24)),
        )),
        _ => Ok(()),
    }
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

/// Append a tag's value to `out`: `at` is its opening quote; `\"` and `\\` stand for `"` and
/// `\`; bytes that are not UTF-8 are shown as U+FFFD.
fn push_tag_value(out: &mut String, src: &[u8], at: usize) {
    let body = src.get(at + 1..).unwrap_or_default();
    let end = memchr::memchr(b'"', body).unwrap_or(body.len());
    if !body[..end].contains(&b'\\') {
        push_lossy(out, &body[..end]);
        return;
    }
    let mut value = Vec::new();
    let mut i = 0;
    while let Some(&b) = body.get(i) {
        match b {
            b'"' => break,
            b'\\' if matches!(body.get(i + 1), Some(b'"' | b'\\')) => {
                value.push(body[i + 1]);
                i += 2;
            }
            _ => {
                value.push(b);
                i += 1;
            }
        }
    }
    push_lossy(out, &value);
}

/// `bytes` as text, an invalid sequence as U+FFFD (`String::from_utf8_lossy`), checked first
/// the fast way: nearly every tag and comment is valid UTF-8, most of it ASCII.
fn push_lossy(out: &mut String, bytes: &[u8]) {
    match std::str::from_utf8(bytes) {
        Ok(text) => out.push_str(text),
        Err(_) => out.push_str(&String::from_utf8_lossy(bytes)),
    }
}

/// A comment's text: `at` is its `{`; the scanner has found its `}`.
fn comment_text(src: &[u8], at: usize) -> String {
    let body = src.get(at + 1..).unwrap_or_default();
    let end = memchr::memchr(b'}', body).unwrap_or(body.len());
    let mut text = String::with_capacity(end);
    push_lossy(&mut text, &body[..end]);
    text
}
