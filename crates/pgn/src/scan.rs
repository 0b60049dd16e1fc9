//! A light pass over the raw PGN bytes that finds where each game is, where each main-line move
//! and comment stands, and rejects what the parser would otherwise skip silently.
//!
//! pgn-reader parses; it does not say where a token was, and it steps over tokens it cannot read.
//! This scanner follows the same game boundaries (a movetext ends at a blank line or at a line
//! starting with `[`, outside comments) so that its offsets line up with pgn-reader's callbacks,
//! and it turns every unreadable token, unterminated comment and missing result into a located
//! error. Nothing is silently dropped.

use std::ops::Range;

use crate::locale::say;

/// Where one game stands in the input.
#[derive(Debug, Clone, Default)]
pub struct GameSpan {
    pub start: usize,
    pub end: usize,
    /// Where each main-line move token stands (its bytes), in order.
    pub sans: Vec<Range<usize>>,
    /// Byte offsets of main-line comments (`{`), in order.
    pub comments: Vec<usize>,
    /// Where the last result outside variations stands (`1-0`, `*`, ...): the movetext's
    /// terminator, which must say what the `Result` tag says.
    pub terminator: Option<Range<usize>>,
    /// Each tag, in order.
    pub tags: Vec<TagAt>,
    /// The first problem found, if any.
    pub error: Option<(usize, say::Message)>,
}

/// Where one tag stands: its name (ASCII letters, digits and `_`) and its value's opening quote.
#[derive(Debug, Clone)]
pub struct TagAt {
    pub name: Range<usize>,
    pub value: usize,
}

pub fn scan(src: &[u8]) -> Vec<GameSpan> {
    let mut at = if src.starts_with(BOM) { BOM.len() } else { 0 };
    let mut games = Vec::new();
    while let Some(g) = next_game(src, at) {
        at = g.end;
        games.push(g);
    }
    games
}

/// The UTF-8 byte order mark, skipped at the start of an input.
pub const BOM: &[u8] = b"\xEF\xBB\xBF";

/// The next game at or after `from` (after the whitespace and `%` lines between games), or
/// `None` when only those remain. A game whose `end` is `src.len()` may go on in bytes not yet
/// read: a reader that streams must not take it as complete until the input has ended.
pub fn next_game(src: &[u8], from: usize) -> Option<GameSpan> {
    let mut s = Scanner { src, i: from };
    s.skip_between_games();
    if s.i >= src.len() {
        return None;
    }
    let g = s.game();
    (g.end > g.start).then_some(g)
}

struct Scanner<'a> {
    src: &'a [u8],
    i: usize,
}

fn is_ws(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\r' | b'\n')
}

/// The bytes that end a token, as a table: tokens are most of a movetext's bytes.
static TOKEN_END: [bool; 256] = {
    let mut t = [false; 256];
    let ends = b" \t\r\n{}();[]$!?.";
    let mut i = 0;
    while i < ends.len() {
        t[ends[i] as usize] = true;
        i += 1;
    }
    t
};

fn is_token_end(b: u8) -> bool {
    TOKEN_END[usize::from(b)]
}

impl Scanner<'_> {
    fn peek(&self) -> Option<u8> {
        self.src.get(self.i).copied()
    }

    fn at_line_start(&self) -> bool {
        self.i == 0 || self.src[self.i - 1] == b'\n'
    }

    fn skip_line(&mut self) {
        while let Some(b) = self.peek() {
            self.i += 1;
            if b == b'\n' {
                break;
            }
        }
    }

    /// Whether the whitespace ahead holds a blank line and is followed by a tag.
    fn blank_line_then_tag(&self) -> bool {
        let rest = &self.src[self.i.min(self.src.len())..];
        let ws = rest.iter().take_while(|b| is_ws(**b)).count();
        rest.get(ws) == Some(&b'[') && rest[..ws].iter().filter(|b| **b == b'\n').count() >= 2
    }

    fn skip_between_games(&mut self) {
        while let Some(b) = self.peek() {
            if is_ws(b) {
                self.i += 1;
            } else if b == b'%' && self.at_line_start() {
                self.skip_line();
            } else {
                break;
            }
        }
    }

    fn game(&mut self) -> GameSpan {
        let mut g = GameSpan {
            start: self.i,
            // Room for a game of ordinary length without growing.
            sans: Vec::with_capacity(128),
            ..GameSpan::default()
        };
        // Movetext (none when the tags are followed by the next game's).
        if !self.tags(&mut g) {
            self.movetext(&mut g);
        }
        g.end = self.i;
        // Kept as long as the game is: no room to spare in a batch of thousands.
        g.sans.shrink_to_fit();
        g
    }

    /// The tag section of the game `g` is scanning: whether it ends with the next game's tags
    /// (a game without moves).
    #[inline]
    fn tags(&mut self, g: &mut GameSpan) -> bool {
        loop {
            if !g.tags.is_empty() && self.blank_line_then_tag() {
                // Tags, a blank line, and more tags: a game without moves, followed by the next
                // game, which keeps its own tags.
                g.error
                    .get_or_insert((g.start, say::pgn_tags_without_moves()));
                return true;
            }
            self.skip_between_games();
            if self.peek() != Some(b'[') {
                return false;
            }
            if let Err(e) = self.tag(g) {
                g.error.get_or_insert(e);
                self.skip_line();
            }
        }
    }

    /// The movetext of the game `g` is scanning: its moves, comments and result, with the
    /// first syntax error.
    #[inline]
    fn movetext(&mut self, g: &mut GameSpan) {
        let mut depth = 0usize;
        let mut has_result = false;
        let mut has_any = false;
        while let Some(b) = self.peek() {
            match b {
                b'\n' => {
                    self.i += 1;
                    match self.peek() {
                        Some(b'[') | Some(b'\n') => break,
                        Some(b'\r') if self.src.get(self.i + 1) == Some(&b'\n') => break,
                        Some(b'%') => self.skip_line(),
                        _ => {}
                    }
                }
                b' ' | b'\t' | b'\r' | b'.' => self.i += 1,
                b'{' => {
                    let at = self.i;
                    match memchr::memchr(b'}', &self.src[self.i..]) {
                        Some(n) => self.i += n + 1,
                        None => {
                            g.error.get_or_insert((at, say::pgn_comment_not_closed()));
                            self.i = self.src.len();
                        }
                    }
                    if depth == 0 {
                        g.comments.push(at);
                    }
                }
                b';' => self.skip_line(),
                b'(' => {
                    depth += 1;
                    self.i += 1;
                }
                b')' => {
                    if depth == 0 {
                        g.error
                            .get_or_insert((self.i, say::pgn_paren_closes_nothing()));
                    }
                    depth = depth.saturating_sub(1);
                    self.i += 1;
                }
                b'$' => {
                    let at = self.i;
                    self.i += 1;
                    let n = self.take_token();
                    if n.is_empty() || !n.iter().all(u8::is_ascii_digit) {
                        g.error.get_or_insert((at, say::pgn_nag()));
                    }
                }
                b'!' | b'?' => self.i += 1,
                b'*' => {
                    self.i += 1;
                    if depth == 0 {
                        has_result = true;
                        g.terminator = Some(self.i - 1..self.i);
                    }
                }
                _ => {
                    let at = self.i;
                    let tok = self.take_token();
                    if tok.is_empty() {
                        g.error.get_or_insert((
                            at,
                            say::pgn_unexpected_character(
                                char::from(b).escape_default().to_string(),
                            ),
                        ));
                        self.i += 1;
                        continue;
                    }
                    match classify(tok) {
                        Token::Number => {}
                        Token::Result => {
                            if depth == 0 {
                                has_result = true;
                                g.terminator = Some(at..self.i);
                            }
                        }
                        Token::Move => {
                            has_any = true;
                            if depth == 0 {
                                g.sans.push(at..self.i);
                            }
                        }
                    }
                }
            }
        }
        if depth > 0 {
            g.error
                .get_or_insert((self.i.min(self.src.len()), say::pgn_variation_not_closed()));
        }
        if !has_result && (has_any || !g.tags.is_empty()) {
            g.error.get_or_insert((
                self.i.min(self.src.len()).saturating_sub(1).max(g.start),
                say::pgn_no_result(),
            ));
        }
    }

    fn take_token(&mut self) -> &[u8] {
        let start = self.i;
        let rest = self.src.get(start..).unwrap_or_default();
        self.i += rest
            .iter()
            .position(|&b| is_token_end(b))
            .unwrap_or(rest.len());
        &self.src[start..self.i]
    }

    fn tag(&mut self, g: &mut GameSpan) -> Result<(), (usize, say::Message)> {
        let at = self.i;
        self.i += 1; // [
        while self.peek().is_some_and(|b| b == b' ' || b == b'\t') {
            self.i += 1;
        }
        let name_start = self.i;
        while self
            .peek()
            .is_some_and(|b| b.is_ascii_alphanumeric() || b == b'_')
        {
            self.i += 1;
        }
        let name_range = name_start..self.i;
        if name_range.is_empty() {
            return Err((at, say::pgn_tag_syntax()));
        }
        // Only letters, digits and `_`: ASCII. Made only to be said in an error.
        let src = self.src;
        let name = || String::from_utf8_lossy(src.get(name_range.clone()).unwrap_or_default());
        while self.peek().is_some_and(|b| b == b' ' || b == b'\t') {
            self.i += 1;
        }
        if self.peek() != Some(b'"') {
            return Err((self.i, say::pgn_tag_quoted_value(&*name())));
        }
        let value_at = self.i;
        self.i += 1;
        loop {
            // Straight to the next byte that matters (values are most of a tag's bytes).
            let rest = src.get(self.i..).unwrap_or_default();
            self.i += memchr::memchr3(b'\\', b'"', b'\n', rest).unwrap_or(rest.len());
            match self.peek() {
                Some(b'\\') => self.i += 2,
                Some(b'"') => {
                    self.i += 1;
                    break;
                }
                _ => return Err((value_at, say::pgn_tag_closing_quote(&*name()))),
            }
        }
        while self.peek().is_some_and(|b| b == b' ' || b == b'\t') {
            self.i += 1;
        }
        if self.peek() != Some(b']') {
            return Err((self.i, say::pgn_tag_closing_bracket(&*name())));
        }
        self.i += 1;
        g.tags.push(TagAt {
            name: name_range,
            value: value_at,
        });
        Ok(())
    }
}

enum Token {
    Number,
    Result,
    Move,
}

/// What a token is; a move token's SAN is read (and checked) by `parse_game`.
fn classify(tok: &[u8]) -> Token {
    // Most tokens are moves, and a move begins with a letter, as no number or result does.
    if tok.first().is_some_and(u8::is_ascii_alphabetic) {
        return Token::Move;
    }
    if tok.iter().all(u8::is_ascii_digit) {
        return Token::Number;
    }
    // PDN's draughts results count two points a game (`2-0`, `1-1`, `0-2`); they mean the same.
    if matches!(tok, b"1-0" | b"0-1" | b"1/2-1/2" | b"2-0" | b"1-1" | b"0-2")
        || tok == "½-½".as_bytes()
    {
        return Token::Result;
    }
    Token::Move
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_games_with_comments() {
        let src =
            b"[Event \"a\"]\n\n1. e4 {c} e5 (1... c5 {x}) 2. Nf3 1-0\n\n[Event \"b\"]\n\n1. d4 *\n";
        let g = scan(src);
        assert_eq!(g.len(), 2);
        assert_eq!(g[0].sans.len(), 3);
        assert_eq!(g[0].comments.len(), 1);
        assert!(g[0].error.is_none());
        assert_eq!(&src[g[0].sans[2].clone()], b"Nf3");
        assert_eq!(g[1].sans.len(), 1);
    }

    #[test]
    fn garbage_is_located() {
        let src = b"[Event \"a\"]\n\n1. e4 Zz9 1-0\n";
        let g = scan(src).remove(0);
        let e = crate::parse_game(src, 1, g).unwrap_err();
        assert_eq!(&src[e.offset..e.offset + 3], b"Zz9");
        assert!(e.message.to_string().contains("Zz9"));
    }

    #[test]
    fn castling_with_zeros_tags_with_escapes_long_tags_and_comments() {
        let long = "x".repeat(40_000);
        let src = format!(
            "[White \"a \\\"b\\\" \\\\ c\"]\n[Black \"{long}\"]\n\n1. e4 {{one}} e5 2. Nf3 Nc6 3. Bc4 Bc5 4. 0-0 {{two}} {{three}} *\n"
        );
        let g = scan(src.as_bytes()).remove(0);
        let g = crate::parse_game(src.as_bytes(), 1, g).unwrap();
        assert_eq!(g.tag("White"), Some("a \"b\" \\ c"));
        assert_eq!(g.tag("Black"), Some(long.as_str()));
        assert_eq!(g.moves.len(), 7);
        assert_eq!(g.moves.text(6).as_deref(), Some("O-O"));
        let comments: Vec<(usize, &str)> =
            g.comments.iter().map(|(n, c)| (*n, c.as_str())).collect();
        assert_eq!(comments, vec![(1, "one"), (7, "two"), (7, "three")]);
    }

    #[test]
    fn tags_are_found_by_their_whole_name_and_invalid_bytes_are_replaced() {
        // Names of more than seven bytes that share their length and first seven bytes; a
        // repeated tag (the first counts); invalid UTF-8 in a value and in a comment.
        let src = b"[AnnotatorA \"one\"]\n[AnnotatorB \"two\"]\n[Round \"1\"]\n[Round \"2\"]\n\
            [Site \"M\xFCnchen\"]\n\n1. e4 {caf\xE9} *\n";
        let g = scan(src).remove(0);
        let g = crate::parse_game(src, 1, g).unwrap();
        assert_eq!(g.tag("AnnotatorA"), Some("one"));
        assert_eq!(g.tag("AnnotatorB"), Some("two"));
        assert_eq!(g.tag("AnnotatorC"), None);
        assert_eq!(g.tag("Annotator"), None);
        assert_eq!(g.tag("Round"), Some("1"));
        assert_eq!(g.tag("Site"), Some("M\u{FFFD}nchen"));
        assert_eq!(g.comments[0].1, "caf\u{FFFD}");
    }

    #[test]
    fn truncated() {
        let g = scan(b"[Event \"a\"]\n\n1. e4 { unfinished");
        assert!(
            g[0].error
                .as_ref()
                .unwrap()
                .1
                .to_string()
                .contains("never closed")
        );
        let g = scan(b"[Event \"a\"]\n\n1. e4 e5");
        assert!(
            g[0].error
                .as_ref()
                .unwrap()
                .1
                .to_string()
                .contains("no result")
        );
    }
}
