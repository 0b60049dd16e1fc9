//! Untrusted text made safe for the medium it is written to: one function per medium, used by
//! every writer to that medium.
//!
//! - [`terminal`]: text on a terminal (the text outputs, the error reports and their source
//!   snippets, progress lines). Control characters are shown, never sent: a C0 control is its
//!   Unicode control picture (`ESC` is `␛`, one character, so columns still count as written),
//!   DEL is `␡`, a C1 control and the characters that turn the direction of text (U+202E, ...)
//!   are `\u{202e}`. Line feeds and tabs stay; a carriage return stays only before a line feed.
//! - [`markdown`] and [`markdown_code`]: text and code spans in the conformance report.
//! - [`html`]: text and attribute values in the published site (the templates' autoescape calls
//!   it too, `publish::env`).
//!
//! JSON needs none of these: serde escapes every control character, and a JSON reader is a
//! program.

use std::borrow::Cow;

/// What one character becomes on a terminal: `None` when it is shown as it is.
fn control(c: char, next: Option<char>) -> Option<Cow<'static, str>> {
    match c {
        '\n' | '\t' => None,
        '\r' if next == Some('\n') => None,
        '\u{0}'..='\u{1f}' => {
            let picture = char::from_u32(0x2400 + u32::from(c)).unwrap_or('\u{fffd}');
            Some(Cow::Owned(picture.to_string()))
        }
        '\u{7f}' => Some(Cow::Borrowed("\u{2421}")),
        '\u{80}'..='\u{9f}'
        | '\u{61c}'
        | '\u{200e}'
        | '\u{200f}'
        | '\u{202a}'..='\u{202e}'
        | '\u{2066}'..='\u{2069}' => Some(Cow::Owned(format!("\\u{{{:x}}}", u32::from(c)))),
        _ => None,
    }
}

/// Whether `s` needs [`terminal`] to change anything (most text does not). Read by blocks:
/// every character [`control`] changes is a byte below 0x20 or 0x7f, or starts with one of
/// three lead bytes (C1 controls `C2 80..9F`, U+061C `D8 9C`, the direction marks `E2 80 8E..8F`,
/// `E2 80 AA..AE` and `E2 81 A6..A9`); a test holds the two to agree on every character.
fn clean(s: &str) -> bool {
    let b = s.as_bytes();
    let at = |i: usize| b.get(i).copied();
    // A byte that may begin a change. Blocks without one (most of any text) are passed over
    // without a branch per byte; a block with one is read byte by byte.
    let suspect = |x: u8| {
        (x < 0x20 && x != b'\n' && x != b'\t')
            | (x == 0x7f)
            | (x == 0xc2)
            | (x == 0xd8)
            | (x == 0xe2)
    };
    for (n, block) in b.chunks(32).enumerate() {
        if !block.iter().fold(false, |any, &x| any | suspect(x)) {
            continue;
        }
        for (k, &byte) in block.iter().enumerate() {
            let i = n * 32 + k;
            let changed = match byte {
                b'\n' | b'\t' => false,
                b'\r' => at(i + 1) != Some(b'\n'),
                0..=0x1f | 0x7f => true,
                0xc2 => matches!(at(i + 1), Some(0x80..=0x9f)),
                0xd8 => at(i + 1) == Some(0x9c),
                0xe2 => matches!(
                    (at(i + 1), at(i + 2)),
                    (Some(0x80), Some(0x8e | 0x8f | 0xaa..=0xae)) | (Some(0x81), Some(0xa6..=0xa9))
                ),
                _ => false,
            };
            if changed {
                return false;
            }
        }
    }
    true
}

/// Text for a terminal: control characters shown, not sent (see the module's text).
pub fn terminal(s: &str) -> Cow<'_, str> {
    if clean(s) {
        return Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len() + 8);
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        match control(c, chars.peek().copied()) {
            Some(shown) => out.push_str(&shown),
            None => out.push(c),
        }
    }
    Cow::Owned(out)
}

/// [`terminal`] for a source that a report points into: the text shown, and a function from a
/// byte offset in `s` to the same place in it.
pub fn terminal_mapped(s: &str) -> (Cow<'_, str>, impl Fn(usize) -> usize + '_) {
    // (offset in `s`, bytes added before it) for every character that grows.
    let mut grown: Vec<(usize, usize)> = Vec::new();
    let shown = if clean(s) {
        Cow::Borrowed(s)
    } else {
        let mut out = String::with_capacity(s.len() + 8);
        let mut added = 0usize;
        let mut chars = s.char_indices().peekable();
        while let Some((i, c)) = chars.next() {
            match control(c, chars.peek().map(|(_, n)| *n)) {
                Some(text) => {
                    out.push_str(&text);
                    added += text.len() - c.len_utf8();
                    grown.push((i + c.len_utf8(), added));
                }
                None => out.push(c),
            }
        }
        Cow::Owned(out)
    };
    let map = move |offset: usize| {
        // Bytes added by the characters that end at or before `offset`.
        let n = grown.partition_point(|(end, _)| *end <= offset);
        offset + n.checked_sub(1).map_or(0, |i| grown[i].1)
    };
    (shown, map)
}

/// Whether the `*` or `_` at `i` of `chars` can never take part in emphasis, wherever the text
/// stands (the test looks at its two neighbours only, so it holds when texts are put side by
/// side): a `*` with white space (or the text's end) on both sides is neither left- nor
/// right-flanking; a `_` between two letters or digits can neither open nor close (CommonMark's
/// intraword rule). Every other one is escaped.
fn inert(chars: &[char], i: usize) -> bool {
    let before = i.checked_sub(1).and_then(|j| chars.get(j));
    let after = chars.get(i + 1);
    match chars.get(i) {
        Some('*') => {
            let space = |c: Option<&char>| c.is_none_or(|c| c.is_whitespace());
            space(before) && space(after)
        }
        Some('_') => {
            let word = |c: Option<&char>| c.is_some_and(|c| c.is_alphanumeric());
            word(before) && word(after)
        }
        _ => true,
    }
}

/// Text inside a line of Markdown (a table cell, a heading, a paragraph's line): nothing in it
/// is markup, alone or beside other such texts. Line breaks become spaces; the characters that
/// could start a link, an image, HTML, an entity, code, strike-through, maths or a table cell
/// are escaped with a backslash, and so is every `*` and `_` that could take part in emphasis
/// (`got *` and `from_san` read as written). Control characters are shown as on a terminal.
pub fn markdown(s: &str) -> String {
    let chars: Vec<char> = s.chars().collect();
    let mut out = String::with_capacity(s.len() + 8);
    for (i, &c) in chars.iter().enumerate() {
        match c {
            '\n' | '\r' | '\t' => out.push(' '),
            '\\' | '`' | '[' | ']' | '<' | '>' | '&' | '|' | '~' | '!' | '#' | '$' => {
                out.push('\\');
                out.push(c);
            }
            '*' | '_' if !inert(&chars, i) => {
                out.push('\\');
                out.push(c);
            }
            c => match control(c, chars.get(i + 1).copied()) {
                Some(shown) => out.push_str(&shown),
                None => out.push(c),
            },
        }
    }
    out
}

/// A Markdown code span showing `s` as written, safe in a table cell: fenced with one backtick
/// more than the longest run inside, line breaks made spaces, `|` escaped (a GitHub table splits
/// cells before it reads code spans), control characters shown as on a terminal.
pub fn markdown_code(s: &str) -> String {
    let mut longest = 0;
    let mut run = 0;
    let mut body = String::with_capacity(s.len() + 2);
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        run = if c == '`' { run + 1 } else { 0 };
        longest = longest.max(run);
        match c {
            '\n' | '\r' | '\t' => body.push(' '),
            '|' => body.push_str("\\|"),
            c => match control(c, chars.peek().copied()) {
                Some(shown) => body.push_str(&shown),
                None => body.push(c),
            },
        }
    }
    let fence = "`".repeat(longest + 1);
    // A span starting or ending with a backtick is padded (CommonMark strips one space).
    let pad = if body.starts_with('`') || body.ends_with('`') {
        " "
    } else {
        ""
    };
    format!("{fence}{pad}{body}{pad}{fence}")
}

/// Text or an attribute value in HTML: `&`, `<`, `>`, `"` and `'` as entities.
pub fn html(s: &str) -> Cow<'_, str> {
    if !s.contains(['&', '<', '>', '"', '\'']) {
        return Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len() + 16);
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn terminal_shows_controls() {
        assert_eq!(terminal("plain, ру́сский\ttab\n"), "plain, ру́сский\ttab\n");
        assert_eq!(terminal("a\u{1b}[31mred"), "a\u{241b}[31mred");
        assert_eq!(terminal("\u{1b}]0;title\u{7}"), "\u{241b}]0;title\u{2407}");
        assert_eq!(terminal("over\rwrite\r\n"), "over\u{240d}write\r\n");
        assert_eq!(terminal("\u{9b}2J\u{7f}"), "\\u{9b}2J\u{2421}");
        assert_eq!(terminal("abc\u{202e}fed"), "abc\\u{202e}fed");
        assert_eq!(terminal("\0"), "\u{2400}");
    }

    #[test]
    fn clean_agrees_with_control_on_every_character() {
        for c in (0..=0x10ffff).filter_map(char::from_u32) {
            for next in [None, Some('\n'), Some('a')] {
                let mut s = c.to_string();
                s.extend(next);
                let by_char =
                    control(c, next).is_none() && next.is_none_or(|n| control(n, None).is_none());
                assert_eq!(clean(&s), by_char, "{s:?}");
                // Inside a text longer than the blocks the fast path reads, at each place
                // in a block and across two.
                for pad in [0, 31, 47] {
                    let long = format!("{}{s}{}", "a".repeat(pad), "b".repeat(40));
                    assert_eq!(clean(&long), by_char, "{long:?}");
                }
            }
        }
    }

    #[test]
    fn mapped_offsets_follow_the_growth() {
        let s = "a\u{1b}b\u{9b}c";
        let (shown, map) = terminal_mapped(s);
        assert_eq!(shown, "a\u{241b}b\\u{9b}c");
        for (i, _) in s.char_indices() {
            let c = s[i..].chars().next().unwrap();
            let at = map(i);
            let expected = match c {
                '\u{1b}' => '\u{241b}',
                '\u{9b}' => '\\',
                c => c,
            };
            assert_eq!(shown[at..].chars().next(), Some(expected), "{i}");
        }
        assert_eq!(map(s.len()), shown.len());
        let (shown, map) = terminal_mapped("plain");
        assert_eq!((shown.as_ref(), map(3)), ("plain", 3));
    }

    #[test]
    fn markdown_is_text() {
        assert_eq!(
            markdown("<script>alert(1)</script>"),
            "\\<script\\>alert(1)\\</script\\>"
        );
        assert_eq!(
            markdown("[x](javascript:alert(1))"),
            "\\[x\\](javascript:alert(1))"
        );
        assert_eq!(markdown("a\n# fake heading"), "a \\# fake heading");
        assert_eq!(markdown("| cell |"), "\\| cell \\|");
        assert_eq!(markdown("**bold**"), "\\*\\*bold\\*\\*");
        assert_eq!(markdown("_em_ and `code`"), "\\_em\\_ and \\`code\\`");
        assert_eq!(markdown("\u{1b}[2J"), "\u{241b}\\[2J");
        // What cannot be emphasis, wherever it stands, stays as written.
        assert_eq!(
            markdown("result: expected 1-0, got *; rule: expected *, got *"),
            "result: expected 1-0, got \\*; rule: expected \\*, got *"
        );
        assert_eq!(markdown("from_san a * b"), "from_san a * b");
        assert_eq!(markdown("a *b* c"), "a \\*b\\* c");
        // Two texts side by side: each `*` that could pair with the other's is escaped.
        assert_eq!(
            format!("{} {}", markdown("x:*y"), markdown("z*")),
            "x:\\*y z\\*"
        );
    }

    #[test]
    fn code_spans_hold_anything() {
        assert_eq!(markdown_code("fide-2018/x.pgn"), "`fide-2018/x.pgn`");
        assert_eq!(markdown_code("a`b"), "``a`b``");
        assert_eq!(markdown_code("`x"), "`` `x ``");
        assert_eq!(markdown_code("a|b\nc"), "`a\\|b c`");
    }

    #[test]
    fn html_entities() {
        assert_eq!(html("plain"), "plain");
        assert_eq!(
            html("<a href=\"x\">'&'</a>"),
            "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;"
        );
    }
}
