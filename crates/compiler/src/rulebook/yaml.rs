//! The one module that touches the YAML library.
//!
//! `serde_yaml` is archived by its author; `serde-saphyr` is maintained, does not panic on hostile
//! input and reports locations, which every rulebook diagnostic needs. Everything else in the
//! crate sees only `parse`, `Spanned` and the offset helpers below.

use std::path::Path;
use std::sync::Arc;

use serde::de::DeserializeOwned;

use crate::diag::{Diag, offset_of};
use crate::locale::say::{self, IntoArg};

pub use serde_saphyr::Spanned;

/// Parse a YAML document into `T`, turning any syntax or shape error into a located `Diag`.
pub fn parse<T: DeserializeOwned>(file: &Path, source: &Arc<str>) -> Result<T, Diag> {
    serde_saphyr::from_str::<T>(source).map_err(|e| {
        let offset = e
            .location()
            .map(|l| location_offset(source, &l))
            .unwrap_or(0);
        let message = e.without_snippet().to_string();
        let message = match message.lines().next() {
            Some(m) => m.to_string().into_arg(),
            None => say::invalid_yaml().into_arg(),
        };
        Diag::new(file, source, offset, 1, say::yaml(message))
    })
}

/// Byte offset in `source` where a spanned value's text starts: after the opening quote of a
/// quoted scalar (so that an underline of the value's length covers the value), at the
/// indicator of a block scalar (`|`, `>`).
pub fn start<T>(source: &str, s: &Spanned<T>) -> usize {
    let at = location_offset(source, &s.referenced);
    match source.as_bytes().get(at) {
        Some(b'"' | b'\'') => at + 1,
        _ => at,
    }
}

fn location_offset(source: &str, l: &serde_saphyr::Location) -> usize {
    match l.span().byte_offset() {
        Some(b) if (b as usize) <= source.len() => b as usize,
        _ => offset_of(source, l.line() as usize, l.column() as usize),
    }
}

/// Map an offset `k` inside a scalar's *value* to a byte offset in the file, given where the
/// scalar's text starts in the file (`start`). The value is the scalar's lines joined (a block
/// scalar's, `|` or `>`, from the line after its indicator; a plain or quoted scalar's from its
/// first character), each continuation line without its indentation: offset `k` is found by
/// walking those lines. Escapes in double quotes are not undone (the offset is then
/// approximate, never outside the file).
pub fn value_offset(source: &str, scalar_start: usize, k: usize) -> usize {
    let start = scalar_start.min(source.len());
    let (pos, block_indent) = match block_scalar(source, start) {
        Some((content, indent)) => (content, Some(indent)),
        None => (start, None),
    };
    let mut first = true;
    let mut remaining = k;
    let mut pos = pos;
    loop {
        let Some(rest) = source.get(pos..) else {
            return source.len();
        };
        let end = rest.find('\n').map_or(source.len(), |i| pos + i);
        let line = &rest[..end - pos];
        let leading = line.len() - line.trim_start_matches(' ').len();
        // A block scalar loses its own indentation and keeps any more; a plain or quoted
        // scalar's continuation lines lose all of theirs. The first line starts at `pos`.
        let skip = match (first, block_indent) {
            (true, _) => 0,
            (false, Some(indent)) => leading.min(indent),
            (false, None) => leading,
        };
        let content = line.len() - skip;
        if remaining <= content {
            return pos + skip + remaining;
        }
        remaining -= content + 1;
        if end >= source.len() {
            return source.len();
        }
        pos = end + 1;
        first = false;
    }
}

/// Where a block scalar's content starts and its indentation, when the scalar at `start` is
/// one: `start` is either its indicator (`|`, `>`) or its first content line (as the YAML
/// library reports it), the line after one ending in an indicator.
fn block_scalar(source: &str, start: usize) -> Option<(usize, usize)> {
    let is_indicator = |l: &str| {
        let l = l
            .trim_end()
            .trim_end_matches(|c: char| c.is_ascii_digit() || c == '-' || c == '+');
        l.ends_with('|') || l.ends_with('>')
    };
    let line_start = source.get(..start)?.rfind('\n').map_or(0, |i| i + 1);
    let before = source.get(line_start..start)?;
    if matches!(source.as_bytes().get(start), Some(b'|' | b'>')) {
        let content = start + source.get(start..)?.find('\n')? + 1;
        let line = source.get(content..)?;
        let first = content + (line.len() - line.trim_start_matches(' ').len());
        return Some((first, first - content));
    }
    if !before.trim().is_empty() || line_start == 0 {
        return None;
    }
    let prev_start = source
        .get(..line_start - 1)?
        .rfind('\n')
        .map_or(0, |i| i + 1);
    let prev = source.get(prev_start..line_start - 1)?;
    is_indicator(prev).then_some((start, before.len()))
}

#[cfg(test)]
mod tests {
    use super::value_offset;

    #[test]
    fn offsets_inside_values() {
        // A quoted value on one line: `start` is after the quote.
        let src = "when: \"repetitons >= 5\"\n";
        assert_eq!(value_offset(src, 7, 0), 7);
        assert_eq!(&src[value_offset(src, 7, 14)..][..1], "5");
        // A folded block: its indentation (2) goes, a deeper line keeps the rest (2 spaces),
        // whether the scalar is located at its indicator or at its first content line.
        let src = "when: >-\n  claim.fifty\n    and long_ending\nnext: 1\n";
        for start in [6, 11] {
            let at = value_offset(src, start, "claim.fifty\n  and ".len());
            assert!(src[at..].starts_with("long_ending"), "{}", &src[at..]);
        }
        // A double-quoted value folded over two lines.
        let src = "when: \"timed and x\n      and y\"\n";
        let at = value_offset(src, 7, "timed and x and ".len());
        assert!(src[at..].starts_with('y'), "{}", &src[at..]);
    }
}
