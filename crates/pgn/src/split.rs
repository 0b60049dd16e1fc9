//! Reading an input as a stream of games: one game's text at a time, whatever the size of the
//! input, with the line where each game starts.
//!
//! The game boundaries are the scanner's own (`scan::next_game`), so a game cut here is the game
//! the scanner and the parser see. A game is taken only when the scanner has ended it before the
//! end of what has been read (or the input has ended): a game still being read is scanned again
//! when more bytes arrive, and the reads grow with the game so that a long game is not scanned
//! over and over. Memory is bounded by the largest game (at most `MAX_GAME_BYTES`) plus one read.
//!
//! On the way in, bytes are decoded to UTF-8 when an encoding is given (encoding_rs, for old
//! archives in Latin-1 and the like), and a carriage return that does not start a CRLF ends a
//! line (old Macintosh files end lines with CR alone); it is replaced by a line feed of the same
//! length, so that offsets and line numbers stay those of the input.

use std::io::Read;

use encoding_rs::{CoderResult, Decoder, Encoding};

use super::scan::{self, GameSpan};

/// The largest game read, in bytes (after decoding). A longer one is reported as an error at its
/// start and skipped, up to the next line that starts with a tag after a blank line.
pub const MAX_GAME_BYTES: usize = 16 << 20;

/// The first read; reads then grow with the game being read, up to `MAX_READ`.
const FIRST_READ: usize = 64 << 10;
const MAX_READ: usize = 4 << 20;

/// One game's text, cut from the input.
#[derive(Debug)]
pub struct RawGame {
    /// 1-based index of the game in its input.
    pub index: usize,
    /// 1-based line of the input where the game starts.
    pub line: usize,
    /// The game's text: from its first tag (or move) to its end.
    pub text: Vec<u8>,
    /// The scanner's view of the game, its offsets relative to `text`.
    pub span: GameSpan,
}

/// What the splitter yields.
#[derive(Debug)]
pub enum Piece {
    Game(RawGame),
    /// A game longer than `MAX_GAME_BYTES`, skipped.
    TooLarge {
        index: usize,
        line: usize,
    },
}

/// The games of one input, in order.
pub struct Splitter<R> {
    input: R,
    decoder: Option<Decoder>,
    /// Decoded, line-normalised bytes; `buf[pos..]` is not yet taken.
    buf: Vec<u8>,
    pos: usize,
    /// `buf[..normalised]` has had its lone carriage returns made line feeds.
    normalised: usize,
    /// Line of `buf[pos]`.
    line: usize,
    /// Games yielded.
    index: usize,
    /// The next read's size.
    read_size: usize,
    eof: bool,
    started: bool,
    /// Skipping a game too large to keep, up to the next game.
    skipping: bool,
    /// Whether the start has been looked at for UTF-16's byte order mark.
    sniffed: bool,
    /// Bytes read from the input (before decoding), for progress.
    pub bytes_read: u64,
}

impl<R: Read> Splitter<R> {
    /// `encoding`: `None` for UTF-8 as it is (invalid bytes are kept and shown as U+FFFD).
    pub fn new(input: R, encoding: Option<&'static Encoding>) -> Self {
        Splitter {
            input,
            decoder: encoding.map(Encoding::new_decoder_without_bom_handling),
            buf: Vec::new(),
            pos: 0,
            normalised: 0,
            line: 1,
            index: 0,
            read_size: FIRST_READ,
            eof: false,
            started: false,
            skipping: false,
            sniffed: encoding.is_some(),
            bytes_read: 0,
        }
    }

    /// Read more of the input into `buf`; false at its end.
    fn fill(&mut self) -> std::io::Result<bool> {
        if self.eof {
            return Ok(false);
        }
        // Drop what has been taken before the buffer grows.
        if self.pos > 0 && self.pos >= self.buf.len() / 2 {
            self.buf.drain(..self.pos);
            self.normalised -= self.pos;
            self.pos = 0;
        }
        let n = match &mut self.decoder {
            // UTF-8 as it is: read straight into the buffer.
            None => {
                let len = self.buf.len();
                self.buf.resize(len + self.read_size, 0);
                let n = read_some(&mut self.input, &mut self.buf[len..]);
                self.buf.truncate(len + *n.as_ref().unwrap_or(&0));
                n?
            }
            Some(d) => {
                let mut chunk = vec![0u8; self.read_size];
                let n = read_some(&mut self.input, &mut chunk)?;
                decode(d, &chunk[..n], &mut self.buf, n == 0);
                n
            }
        };
        // Without an encoding, an input that starts with UTF-16's byte order mark is UTF-16
        // (as Windows tools write "Unicode" text): decoded, the mark dropped. Decided once the
        // first two bytes are in, however the reads split them.
        if !self.sniffed && self.decoder.is_none() && (self.buf.len() >= 2 || n == 0) {
            self.sniffed = true;
            let utf16 = match self.buf.get(..2) {
                Some([0xFF, 0xFE]) => Some(encoding_rs::UTF_16LE),
                Some([0xFE, 0xFF]) => Some(encoding_rs::UTF_16BE),
                _ => None,
            };
            if let Some(e) = utf16 {
                let raw = self.buf.split_off(2);
                self.buf.clear();
                let mut d = e.new_decoder_without_bom_handling();
                decode(&mut d, &raw, &mut self.buf, n == 0);
                self.decoder = Some(d);
            }
        }
        self.bytes_read = self.bytes_read.saturating_add(n as u64);
        self.eof = n == 0;
        self.normalise();
        if !self.started && (self.buf.len() >= scan::BOM.len() || self.eof) {
            if self.buf.starts_with(scan::BOM) {
                self.pos = scan::BOM.len();
                self.normalised = self.normalised.max(self.pos);
            }
            self.started = true;
        }
        Ok(true)
    }

    /// Lone carriage returns become line feeds; the last byte waits for the next read (it may be
    /// the CR of a CRLF) unless the input has ended.
    fn normalise(&mut self) {
        let end = if self.eof {
            self.buf.len()
        } else {
            self.buf.len().saturating_sub(1)
        };
        let mut i = self.normalised.min(end);
        while let Some(n) = memchr::memchr(b'\r', &self.buf[i..end]) {
            let at = i + n;
            if self.buf.get(at + 1) != Some(&b'\n') {
                self.buf[at] = b'\n';
            }
            i = at + 1;
        }
        self.normalised = self.normalised.max(end);
    }

    /// Move `pos` to `to`, counting the lines passed.
    fn advance(&mut self, to: usize) {
        let passed = &self.buf[self.pos..to];
        self.line += memchr::memchr_iter(b'\n', passed).count();
        self.pos = to;
    }

    /// The next piece, or `None` at the end of the input.
    pub fn next_piece(&mut self) -> std::io::Result<Option<Piece>> {
        loop {
            if !self.started {
                // Not enough read to know whether the input begins with a byte order mark.
                self.fill()?;
                continue;
            }
            if self.skipping {
                if let Some(found) = self.next_tag_after_blank_line() {
                    self.advance(found);
                    self.skipping = false;
                } else if self.eof {
                    let end = self.buf.len();
                    self.advance(end);
                    return Ok(None);
                } else {
                    // Keep the last two bytes: they may begin the blank line.
                    let keep = self.buf.len().saturating_sub(2).max(self.pos);
                    self.advance(keep);
                    self.fill()?;
                    continue;
                }
            }
            let avail = self.normalised;
            match scan::next_game(&self.buf[..avail], self.pos) {
                None if self.eof => return Ok(None),
                Some(g) if g.end < avail || self.eof => {
                    if g.end - g.start > MAX_GAME_BYTES {
                        self.advance(g.start);
                        let line = self.line;
                        self.advance(g.end);
                        self.index += 1;
                        return Ok(Some(Piece::TooLarge {
                            index: self.index,
                            line,
                        }));
                    }
                    return Ok(Some(self.take(g)));
                }
                pending => {
                    // The game (or the space before it) may go on past what has been read.
                    let pending = pending.map(|g| g.start);
                    let start = pending.unwrap_or(avail);
                    if avail - start > MAX_GAME_BYTES {
                        self.advance(start);
                        self.index += 1;
                        self.skipping = true;
                        // Past its first byte, so that its own tags do not end the skip.
                        self.advance(start + 1);
                        return Ok(Some(Piece::TooLarge {
                            index: self.index,
                            line: self.line,
                        }));
                    }
                    if pending.is_none() {
                        // Only space between games so far: let it go, up to its last full line
                        // (a `%` line is skipped only whole).
                        let done = self.buf[self.pos..avail].iter().rposition(|b| *b == b'\n');
                        match done {
                            Some(n) => self.advance(self.pos + n + 1),
                            // A line of nothing that never ends is not kept either.
                            None if avail - self.pos > MAX_GAME_BYTES => self.advance(avail),
                            None => {}
                        }
                    }
                    // Reads grow with the game so that it is not scanned over and over.
                    self.read_size = (avail - start).clamp(FIRST_READ, MAX_READ);
                    self.fill()?;
                }
            }
        }
    }

    /// Cut the game `g` (offsets in `buf`) out of the buffer.
    fn take(&mut self, mut g: GameSpan) -> Piece {
        self.advance(g.start);
        let line = self.line;
        let base = g.start;
        let text = self.buf[g.start..g.end].to_vec();
        self.advance(g.end);
        rebase(&mut g, base);
        self.index += 1;
        self.read_size = FIRST_READ;
        Piece::Game(RawGame {
            index: self.index,
            line,
            text,
            span: g,
        })
    }

    /// The offset of the next `[` that starts a line after a blank line, in what has been read.
    fn next_tag_after_blank_line(&self) -> Option<usize> {
        let hay = &self.buf[self.pos..self.normalised];
        memchr::memmem::find(hay, b"\n\n[").map(|i| self.pos + i + 2)
    }
}

/// One read, retried when interrupted.
fn read_some(input: &mut impl Read, into: &mut [u8]) -> std::io::Result<usize> {
    loop {
        match input.read(into) {
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            r => return r,
        }
    }
}

/// Make the span's offsets relative to its own start.
fn rebase(g: &mut GameSpan, base: usize) {
    g.start -= base;
    g.end -= base;
    for r in &mut g.sans {
        *r = r.start - base..r.end - base;
    }
    for o in &mut g.comments {
        *o -= base;
    }
    if let Some(r) = &mut g.terminator {
        *r = r.start - base..r.end - base;
    }
    for t in &mut g.tags {
        t.name = t.name.start - base..t.name.end - base;
        t.value -= base;
    }
    if let Some((o, _)) = &mut g.error {
        *o = o.saturating_sub(base);
    }
}

impl<R: Read> Iterator for Splitter<R> {
    type Item = std::io::Result<Piece>;

    fn next(&mut self) -> Option<Self::Item> {
        self.next_piece().transpose()
    }
}

/// `src` decoded by `d` onto the end of `buf` (`last`: the input has ended).
fn decode(d: &mut Decoder, mut src: &[u8], buf: &mut Vec<u8>, last: bool) {
    loop {
        let room = d
            .max_utf8_buffer_length(src.len())
            .unwrap_or(src.len().saturating_mul(3).saturating_add(16));
        let mut out = String::with_capacity(room);
        let (result, read, _) = d.decode_to_string(src, &mut out, last);
        buf.extend_from_slice(out.as_bytes());
        src = &src[read..];
        if result == CoderResult::InputEmpty {
            break;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A reader that gives at most `n` bytes per read, to cut games at every place.
    struct Trickle<'a>(&'a [u8], usize);

    impl Read for Trickle<'_> {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            let n = self.0.len().min(self.1).min(buf.len());
            buf[..n].copy_from_slice(&self.0[..n]);
            self.0 = &self.0[n..];
            Ok(n)
        }
    }

    fn games(src: &[u8], step: usize) -> Vec<(usize, usize, String)> {
        Splitter::new(Trickle(src, step), None)
            .map(|p| match p {
                Ok(Piece::Game(g)) if g.text.len() > 200 => (g.index, g.line, "long".into()),
                Ok(Piece::Game(g)) => (g.index, g.line, String::from_utf8_lossy(&g.text).into()),
                Ok(Piece::TooLarge { index, line }) => (index, line, "too large".into()),
                Err(e) => (0, 0, e.to_string()),
            })
            .collect()
    }

    const TWO: &[u8] =
        b"\xEF\xBB\xBF[Event \"a\"]\n\n1. e4 {c} e5 1-0\n\n\n[Event \"b\"]\n\n1. d4 *\n";

    #[test]
    fn the_same_games_however_the_input_is_cut() {
        let whole = games(TWO, 1 << 20);
        assert_eq!(
            whole,
            vec![
                (1, 1, "[Event \"a\"]\n\n1. e4 {c} e5 1-0\n".into()),
                (2, 6, "[Event \"b\"]\n\n1. d4 *\n".into()),
            ]
        );
        for step in 1..TWO.len() {
            assert_eq!(games(TWO, step), whole, "reads of {step} bytes");
        }
    }

    #[test]
    fn lone_carriage_returns_end_lines() {
        let src = b"[Event \"a\"]\r\r1. e4 *\r\r[Event \"b\"]\r\n\r\n1. d4 *\r\n";
        for step in [1, 2, 3, 1000] {
            let g = games(src, step);
            assert_eq!(g.len(), 2, "{g:?}");
            assert_eq!((g[1].0, g[1].1), (2, 5));
            assert_eq!(g[0].2, "[Event \"a\"]\n\n1. e4 *\n");
        }
    }

    #[test]
    fn latin1_is_decoded() {
        let src = b"[White \"M\xfcller\"]\n\n1. e4 *\n";
        let latin1 = Encoding::for_label(b"latin1");
        let g: Vec<_> = Splitter::new(&src[..], latin1).flatten().collect();
        let Some(Piece::Game(g)) = g.first() else {
            panic!("no game: {g:?}");
        };
        assert_eq!(g.text, "[White \"Müller\"]\n\n1. e4 *\n".as_bytes());
    }

    #[test]
    fn a_game_with_tags_only_keeps_the_next_games_tags() {
        let src = b"[Event \"a\"]\n[White \"x\"]\n\n[Event \"b\"]\n\n1. d4 *\n";
        let g = games(src, 1000);
        assert_eq!(g.len(), 2, "{g:?}");
        assert_eq!(g[1], (2, 4, "[Event \"b\"]\n\n1. d4 *\n".into()));
    }

    #[test]
    fn a_game_too_large_is_skipped_up_to_the_next() {
        let mut src = b"[Event \"big\"]\n\n1. e4 {".to_vec();
        src.extend(std::iter::repeat_n(b'x', MAX_GAME_BYTES + 10));
        src.extend(b"} *\n\n[Event \"b\"]\n\n1. d4 *\n");
        let g = games(&src, 1 << 20);
        assert_eq!(
            g.len(),
            2,
            "{:?}",
            g.iter().map(|x| (x.0, x.1)).collect::<Vec<_>>()
        );
        assert_eq!(g[0], (1, 1, "too large".into()));
        assert_eq!(g[1], (2, 5, "[Event \"b\"]\n\n1. d4 *\n".into()));
    }

    #[test]
    fn nothing_but_space_is_no_game() {
        assert!(games(b"\n\n  \n% a comment line\n", 3).is_empty());
        assert!(games(b"", 3).is_empty());
    }
}
