//! Located diagnostics: every error a user can cause carries its file, line, column and a caret.
//!
//! `Diag` is the one error type of the compiler and of the PGN reader. It renders through
//! miette's graphical handler (without colour, so it reads the same in logs and tests), after a
//! first line in the `file:line:col: message` form that editors and `grep` understand.

use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::locale::Words;
use crate::locale::say::{self, Message};
use miette::{GraphicalReportHandler, GraphicalTheme, LabeledSpan, SourceSpan};

/// Whether reports are drawn in colour (`arbiter --color`); off unless a program turns it on,
/// so a library user and the tests get plain text.
static COLOR: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Draw reports in colour (ANSI escapes) or not, from now on.
pub fn set_color(on: bool) {
    COLOR.store(on, std::sync::atomic::Ordering::Relaxed);
}

fn color() -> bool {
    COLOR.load(std::sync::atomic::Ordering::Relaxed)
}

/// One located error. Its texts are `Message`s, in no language yet: `render`, `json` and
/// `display` are given the words of the reader.
#[derive(Debug, Clone)]
pub struct Diag {
    pub message: Message,
    pub file: PathBuf,
    source: Arc<str>,
    /// Byte offset and length of the offending text in `source`.
    pub offset: usize,
    pub len: usize,
    pub label: Message,
    pub help: Option<Message>,
    /// A consequence of an error already reported (a name whose definition failed to check):
    /// `Diags` drops it rather than repeat the cause at every use.
    pub follow_on: bool,
    /// Lines of the file before `source` (a game read from a stream is its own source).
    line_base: usize,
}

impl Diag {
    pub fn new(
        file: &Path,
        source: &Arc<str>,
        offset: usize,
        len: usize,
        message: Message,
    ) -> Self {
        let offset = floor_char_boundary(source, offset.min(source.len()));
        let len = len.min(source.len() - offset);
        Diag {
            message,
            file: file.to_path_buf(),
            source: Arc::clone(source),
            offset,
            len,
            label: say::here(),
            help: None,
            follow_on: false,
            line_base: 0,
        }
    }

    /// An error in a part of a file (one game of an input), given as the bytes read, which may
    /// not be valid UTF-8: `first_line` is the line of the file where `bytes` begin, `offset` a
    /// byte offset in `bytes`. Lines and columns are those of the file, invalid bytes
    /// counting as one character each (as they are shown, U+FFFD).
    pub fn in_part(
        file: &Path,
        bytes: &[u8],
        first_line: usize,
        offset: usize,
        len: usize,
        message: Message,
    ) -> Self {
        let offset = offset.min(bytes.len());
        let source: Arc<str> = Arc::from(String::from_utf8_lossy(bytes));
        // The same place in the decoded text: what comes before it, decoded.
        let at = String::from_utf8_lossy(&bytes[..offset]).len();
        let mut d = Diag::new(file, &source, at, len, message);
        d.line_base = first_line.saturating_sub(1);
        d
    }

    pub fn label(mut self, label: Message) -> Self {
        self.label = label;
        self
    }

    pub fn help(mut self, help: Message) -> Self {
        self.help = Some(help);
        self
    }

    /// The id of the message (`diag-unknown-fact`): stable across languages, for tools
    /// (`arbiter check --format json`); `None` for a `Message::verbatim` text.
    pub fn code(&self) -> Option<&'static str> {
        Some(self.message.id()).filter(|id| !id.is_empty())
    }

    /// 1-based line and column of the offset. A column counts characters (Unicode scalar
    /// values), whatever their size in bytes: `Гроссмейстер` is twelve columns, as is an input
    /// read as Latin-1 or UTF-16 once decoded, and a byte that is not UTF-8 is one (it is shown
    /// as U+FFFD). The report's header and its snippet say the same.
    pub fn line_col(&self) -> (usize, usize) {
        let (line, col) = line_col(&self.source, self.offset);
        (line.saturating_add(self.line_base), col)
    }

    /// The report as a terminal may show it, in `words`: every text in it (the message, the
    /// file's name, the label, the help and the source) through `escape::terminal`, the offset
    /// moved to the same place in the source shown, the line and column still those of the
    /// source read.
    fn for_terminal(&self, words: &Words) -> Shown {
        let term = |s: &str| crate::escape::terminal(s).into_owned();
        let (source, map) = crate::escape::terminal_mapped(&self.source);
        let offset = map(self.offset);
        let len = map(self.offset.saturating_add(self.len).min(self.source.len())) - offset;
        let source: Arc<str> = match source {
            std::borrow::Cow::Borrowed(_) => Arc::clone(&self.source),
            std::borrow::Cow::Owned(s) => Arc::from(s),
        };
        Shown {
            message: term(&self.message.render(words)),
            file: PathBuf::from(term(&self.file.to_string_lossy())),
            source,
            offset,
            len,
            label: term(&self.label.render(words)),
            help: self.help.as_ref().map(|h| term(&h.render(words))),
            line_base: self.line_base,
            at: self.line_col(),
        }
    }

    /// The error for tools (`arbiter check --format json`): where it starts and ends (1-based
    /// lines, columns in characters), its message, label and help in `words`, and its `code`,
    /// the message's id.
    pub fn json(&self, words: &Words) -> serde_json::Value {
        let (line, column) = self.line_col();
        let end = floor_char_boundary(
            &self.source,
            self.offset.saturating_add(self.len).min(self.source.len()),
        );
        let (end_line, end_column) = line_col(&self.source, end);
        let end_line = end_line.saturating_add(self.line_base);
        serde_json::json!({
            "file": self.file.display().to_string(),
            "line": line,
            "column": column,
            "end_line": end_line,
            "end_column": end_column,
            "severity": "error",
            "code": self.code(),
            "message": self.message.render(words),
            "label": self.label.render(words),
            "help": self.help.as_ref().map(|h| h.render(words)),
        })
    }

    /// `file:line:col`
    pub fn location(&self) -> String {
        let (l, c) = self.line_col();
        format!("{}:{}:{}", self.file.display(), l, c)
    }

    /// `file:line:col: message`, the message in `words`.
    pub fn display(&self, words: &Words) -> String {
        format!("{}: {}", self.location(), self.message.render(words))
    }

    /// The full report in `words`: the message, `file:line:col`, and the source with a caret.
    /// Where the lines around the error are too long to show (miette's renderer cannot draw a
    /// caret past column 65,535, and such a line is unreadable anyway), the report is the
    /// located message and its help, without the source.
    pub fn render(&self, words: &Words) -> String {
        self.for_terminal(words).render(words, color())
    }

    /// The report without colour, whatever `--color` says: for a report that becomes part of
    /// another message (which is shown through `escape::terminal` again, a no-op on it).
    pub fn render_plain(&self, words: &Words) -> String {
        self.for_terminal(words).render(words, false)
    }
}

/// `file:line:col: message`, the message in the default language's words (as `Message`'s
/// `Display`); `display` says it in the words given.
impl fmt::Display for Diag {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.location(), self.message)
    }
}

impl std::error::Error for Diag {}

/// A `Diag` in words, as a terminal shows it (`Diag::for_terminal`): what miette draws.
#[derive(Debug)]
struct Shown {
    message: String,
    file: PathBuf,
    source: Arc<str>,
    offset: usize,
    len: usize,
    label: String,
    help: Option<String>,
    line_base: usize,
    /// The line and column of the error in the source read.
    at: (usize, usize),
}

impl Shown {
    /// Whether the line of the error and its neighbours are short enough to be shown.
    fn snippet_fits(&self) -> bool {
        const MAX_LINE: usize = 1000;
        let src: &str = &self.source;
        let at = floor_char_boundary(src, self.offset.min(src.len()));
        let start = src[..at].rfind('\n').map_or(0, |i| i + 1);
        // From the line before the error's to the line after it.
        let from = src[..start.saturating_sub(1)]
            .rfind('\n')
            .map_or(0, |i| i + 1);
        let mut end = at;
        for _ in 0..2 {
            end = src[end..].find('\n').map_or(src.len(), |i| end + i + 1);
        }
        src[from..end.min(src.len())]
            .lines()
            .all(|l| l.chars().count() <= MAX_LINE)
    }

    fn render(&self, words: &Words, color: bool) -> String {
        let help_label = say::help_label().render(words);
        if !self.snippet_fits() {
            let mut out = format!("  × {self}\n");
            if let Some(h) = &self.help {
                out.push_str(&format!("  {help_label}: {h}\n"));
            }
            return out;
        }
        let mut out = String::new();
        let theme = if color {
            GraphicalTheme::unicode()
        } else {
            GraphicalTheme::unicode_nocolor()
        };
        let handler = GraphicalReportHandler::new_themed(theme).with_context_lines(1);
        let mut body = String::new();
        if handler.render_report(&mut body, self).is_ok() {
            out.push_str(&body);
            // The help in the reader's language, under its own label (miette would label it
            // in English).
            if let Some(h) = &self.help {
                out.push_str(&format!("  {help_label}: {h}\n"));
            }
        } else {
            out = format!("{}\n", say::error(self.to_string()).render(words));
        }
        out
    }
}

impl fmt::Display for Shown {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (l, c) = self.at;
        write!(f, "{}:{}:{}: {}", self.file.display(), l, c, self.message)
    }
}

impl std::error::Error for Shown {}

impl miette::Diagnostic for Shown {
    fn source_code(&self) -> Option<&dyn miette::SourceCode> {
        Some(self as &dyn miette::SourceCode)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        let span = SourceSpan::new(self.offset.into(), self.len);
        Some(Box::new(std::iter::once(LabeledSpan::new_with_span(
            Some(self.label.clone()),
            span,
        ))))
    }

    /// None: `render` writes the help itself, labelled in the reader's language.
    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        None
    }
}

impl miette::SourceCode for Shown {
    fn read_span<'a>(
        &'a self,
        span: &SourceSpan,
        context_lines_before: usize,
        context_lines_after: usize,
    ) -> Result<Box<dyn miette::SpanContents<'a> + 'a>, miette::MietteError> {
        let inner =
            self.source
                .as_ref()
                .read_span(span, context_lines_before, context_lines_after)?;
        // miette reads the line and column of the report's header from the span alone (no lines
        // around it), its column in bytes: the header says this report's own, in characters.
        let (line, column) = if context_lines_before == 0
            && context_lines_after == 0
            && span.offset() == self.offset
        {
            let (l, c) = self.at;
            (l.saturating_sub(1), c.saturating_sub(1))
        } else {
            (inner.line().saturating_add(self.line_base), inner.column())
        };
        let contents = miette::MietteSpanContents::new_named(
            self.file.display().to_string(),
            inner.data(),
            *inner.span(),
            line,
            column,
            inner.line_count(),
        );
        Ok(Box::new(contents))
    }
}

/// A batch of diagnostics (a rulebook check reports all it finds, not only the first).
#[derive(Debug, Clone, Default)]
pub struct Diags(pub Vec<Diag>);

impl Diags {
    /// Add a diagnostic; a follow-on of an error already reported is dropped.
    pub fn push(&mut self, d: Diag) {
        if !d.follow_on {
            self.0.push(d);
        }
    }
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
    /// Every report in `words` (`Diag::render`).
    pub fn render(&self, words: &Words) -> String {
        self.0
            .iter()
            .map(|d| d.render(words))
            .collect::<Vec<_>>()
            .join("\n")
    }
    /// Every report without colour (`Diag::render_plain`).
    pub fn render_plain(&self, words: &Words) -> String {
        self.0
            .iter()
            .map(|d| d.render_plain(words))
            .collect::<Vec<_>>()
            .join("\n")
    }
    pub fn into_result<T>(self, ok: T) -> Result<T, Diags> {
        if self.0.is_empty() { Ok(ok) } else { Err(self) }
    }
}

impl From<Diag> for Diags {
    fn from(d: Diag) -> Self {
        Diags(vec![d])
    }
}

impl Diags {
    /// `file:line:col: message`, a line each, the messages in `words` (`Display` says them in
    /// the default language's).
    pub fn display(&self, words: &Words) -> String {
        self.0.iter().map(|d| d.display(words) + "\n").collect()
    }
}

impl fmt::Display for Diags {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for d in &self.0 {
            writeln!(f, "{d}")?;
        }
        Ok(())
    }
}

impl std::error::Error for Diags {}

/// At most `max` characters of `text`, marked `…` when cut: how an error quotes what it is
/// about, however long that is.
pub fn clip(text: &str, max: usize) -> String {
    match text.char_indices().nth(max) {
        Some((i, _)) => format!("{}…", text.get(..i).unwrap_or_default()),
        None => text.to_string(),
    }
}

pub fn line_col(source: &str, offset: usize) -> (usize, usize) {
    let offset = floor_char_boundary(source, offset.min(source.len()));
    let before = &source[..offset];
    let line = before.bytes().filter(|&b| b == b'\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let col = source[line_start..offset].chars().count() + 1;
    (line, col)
}

/// Byte offset of the start of 1-based `line`, column `col` (in characters).
pub fn offset_of(source: &str, line: usize, col: usize) -> usize {
    let mut start = 0;
    for _ in 1..line.max(1) {
        match source[start..].find('\n') {
            Some(i) => start += i + 1,
            None => return source.len(),
        }
    }
    source[start..]
        .char_indices()
        .nth(col.saturating_sub(1))
        .map_or(source.len(), |(i, _)| start + i)
}

fn floor_char_boundary(s: &str, mut i: usize) -> usize {
    while i > 0 && !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

#[cfg(test)]
mod long_lines {
    use super::*;

    #[test]
    fn an_error_past_column_65535_is_reported_not_a_panic() {
        let text = format!(
            "[Event \"x\"]\n\n1. e4 {{{}}} e5 2. Ke3 *\n",
            "a".repeat(70_000)
        );
        let at = text.find("Ke3").unwrap();
        let source: Arc<str> = Arc::from(text.as_str());
        let words = Words::new(crate::locale::DEFAULT).unwrap();
        let (illegal, hint) = (say::san_illegal(), say::constant_help());
        let d =
            Diag::new(Path::new("game.pgn"), &source, at, 3, illegal.clone()).help(hint.clone());
        let out = d.render(&words);
        assert_eq!(
            out,
            format!(
                "  × game.pgn:3:{}: {}\n  help: {}\n",
                at - 13 + 1,
                illegal.render(&words),
                hint.render(&words)
            )
        );
        // A short line keeps its caret.
        let source: Arc<str> = Arc::from("1. e4 e5 2. Ke3 *\n");
        let d = Diag::new(Path::new("game.pgn"), &source, 12, 3, illegal);
        assert!(d.render(&words).contains('┬'), "{}", d.render(&words));
    }
}
