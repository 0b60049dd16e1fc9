//! Reading PGN: games, tags, main-line moves and comments, every one with its place in the file.
//!
//! `scan` finds the games and the offsets of their tokens; pgn-reader parses each game (tags,
//! SAN, comments, NAGs, variations skipped, CRLF, BOM). The two agree token for token, which
//! `read_games` checks.

pub mod commands;
pub mod events;
pub mod replay;
pub mod scan;
pub mod time;

use std::ops::ControlFlow;

use crate::locale::say;
use pgn_reader::{RawComment, RawTag, Reader, SanPlus, Skip, Visitor};

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
        .map(|(i, span)| read_game(src, i + 1, span))
        .collect()
}

fn read_game(src: &[u8], index: usize, span: scan::GameSpan) -> Result<Game, PgnError> {
    if let Some((offset, message)) = span.error.clone() {
        return Err(PgnError {
            game: index,
            offset,
            message,
        });
    }
    let mut reader = Reader::new(&src[span.start..span.end]);
    let mut v = Collect;
    let parsed = reader.read_game(&mut v);
    let (tags, moves, comments) = match parsed {
        Ok(Some(g)) => g,
        Ok(None) | Err(_) => {
            return Err(PgnError {
                game: index,
                offset: span.start,
                message: say::pgn_could_not_read(),
            });
        }
    };
    if moves.len() != span.sans.len() {
        // pgn-reader skipped a token it could not read: find it and say where.
        let strict = scan::rescan_strict(src, span.start);
        if let Some((offset, message)) = strict.error {
            return Err(PgnError {
                game: index,
                offset,
                message,
            });
        }
    }
    if moves.len() != span.sans.len() || comments.len() != span.comments.len() {
        return Err(PgnError {
            game: index,
            offset: span.start,
            message: format!(
                "internal: the scanner found {} moves and {} comments, the parser {} and {}",
                span.sans.len(),
                span.comments.len(),
                moves.len(),
                comments.len()
            ),
        });
    }
    Ok(Game {
        index,
        span,
        tags,
        moves,
        comments,
    })
}

struct Collect;

type Tags = Vec<(String, String)>;
type Movetext = (Tags, Vec<SanPlus>, Vec<(usize, String)>);

impl Visitor for Collect {
    type Tags = Tags;
    type Movetext = Movetext;
    type Output = Movetext;

    fn begin_tags(&mut self) -> ControlFlow<Self::Output, Self::Tags> {
        ControlFlow::Continue(Vec::new())
    }

    fn tag(
        &mut self,
        tags: &mut Tags,
        name: &[u8],
        value: RawTag<'_>,
    ) -> ControlFlow<Self::Output> {
        tags.push((
            String::from_utf8_lossy(name).into_owned(),
            value.decode_utf8_lossy().into_owned(),
        ));
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, tags: Tags) -> ControlFlow<Self::Output, Movetext> {
        ControlFlow::Continue((tags, Vec::new(), Vec::new()))
    }

    fn san(&mut self, m: &mut Movetext, san: SanPlus) -> ControlFlow<Self::Output> {
        m.1.push(san);
        ControlFlow::Continue(())
    }

    fn comment(&mut self, m: &mut Movetext, c: RawComment<'_>) -> ControlFlow<Self::Output> {
        let text = String::from_utf8_lossy(c.as_bytes()).into_owned();
        match m.2.last_mut() {
            // The end of a long comment whose first pieces came through `partial_comment`.
            Some((ply, prev)) if *ply == m.1.len() && prev.ends_with('\u{0}') => {
                prev.pop();
                prev.push_str(&text);
            }
            _ => m.2.push((m.1.len(), text)),
        }
        ControlFlow::Continue(())
    }

    fn partial_comment(
        &mut self,
        m: &mut Movetext,
        c: RawComment<'_>,
    ) -> ControlFlow<Self::Output> {
        // A long comment arrives in pieces; join them so it stays one comment.
        let text = String::from_utf8_lossy(c.as_bytes()).into_owned();
        match m.2.last_mut() {
            Some((ply, prev)) if *ply == m.1.len() && prev.ends_with('\u{0}') => {
                prev.pop();
                prev.push_str(&text);
                prev.push('\u{0}');
            }
            _ => m.2.push((m.1.len(), format!("{text}\u{0}"))),
        }
        ControlFlow::Continue(())
    }

    fn begin_variation(&mut self, _m: &mut Movetext) -> ControlFlow<Self::Output, Skip> {
        ControlFlow::Continue(Skip(true))
    }

    fn end_game(&mut self, m: Movetext) -> Self::Output {
        m
    }
}
