//! The one module that touches the YAML library.
//!
//! `serde_yaml` is archived by its author; `serde-saphyr` is maintained, does not panic on hostile
//! input and reports locations, which every rulebook diagnostic needs. Everything else in the
//! crate sees only `parse`, `Spanned` and the offset helpers below.

use std::path::Path;
use std::sync::Arc;

use serde::de::DeserializeOwned;

use crate::diag::{Diag, offset_of};

pub use serde_saphyr::Spanned;

/// Parse a YAML document into `T`, turning any syntax or shape error into a located `Diag`.
pub fn parse<T: DeserializeOwned>(file: &Path, source: &Arc<str>) -> Result<T, Diag> {
    serde_saphyr::from_str::<T>(source).map_err(|e| {
        let offset = e
            .location()
            .map(|l| location_offset(source, &l))
            .unwrap_or(0);
        let message = e.without_snippet().to_string();
        let message = message.lines().next().unwrap_or("invalid YAML").to_string();
        Diag::new(file, source, offset, 1, format!("YAML: {message}"))
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
/// scalar's text starts in the file (`start`). Handles plain, quoted and block (`|`, `>`)
/// scalars, whose value is a slice of the file line by line; escapes and folded line joins are
/// approximated by column.
pub fn value_offset(source: &str, scalar_start: usize, value: &str, k: usize) -> usize {
    let rest = source.get(scalar_start.min(source.len())..).unwrap_or("");
    match rest.as_bytes().first() {
        Some(b'|') | Some(b'>') => {
            // Value line i is file line (line of indicator) + 1 + i, indented by the block's indent.
            let (line_no, col_in_line) = {
                let before = &value[..k.min(value.len())];
                let line_no = before.matches('\n').count();
                let col = before
                    .rfind('\n')
                    .map_or(before.len(), |i| before.len() - i - 1);
                (line_no, col)
            };
            let mut pos = scalar_start;
            // skip to the start of the first content line
            match source[pos..].find('\n') {
                Some(i) => pos += i + 1,
                None => return source.len(),
            }
            // skip blank lines before content? block scalars keep them as '\n' in value; follow
            for _ in 0..line_no {
                match source[pos..].find('\n') {
                    Some(i) => pos += i + 1,
                    None => return source.len(),
                }
            }
            let indent = source[pos..].bytes().take_while(|b| *b == b' ').count();
            (pos + indent + col_in_line).min(source.len())
        }
        _ => (scalar_start + k).min(source.len()),
    }
}
