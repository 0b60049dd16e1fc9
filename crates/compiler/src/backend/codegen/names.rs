//! Rust identifiers for the names of a rulebook (clause ids, rule names, definitions,
//! parameters). A rulebook's names are any text; an identifier made from one is always valid Rust,
//! never a keyword, and unique within its namespace (a collision gets a numeric suffix).

use std::collections::HashSet;

/// Words Rust reserves (strict and reserved keywords, all editions).
const KEYWORDS: &[&str] = &[
    "abstract", "as", "async", "await", "become", "box", "break", "const", "continue", "crate",
    "do", "dyn", "else", "enum", "extern", "false", "final", "fn", "for", "gen", "if", "impl",
    "in", "let", "loop", "macro", "match", "mod", "move", "mut", "override", "priv", "pub", "ref",
    "return", "self", "static", "struct", "super", "trait", "true", "try", "type", "typeof",
    "union", "unsafe", "unsized", "use", "virtual", "where", "while", "yield",
];

/// The characters of `name` that may stand in an identifier; every other character becomes `_`,
/// a non-ASCII one its code point (`u410`), so that different names rarely meet.
pub fn word(name: &str) -> String {
    let mut s = String::new();
    for c in name.chars() {
        if c.is_ascii_alphanumeric() {
            s.push(c);
        } else if c.is_ascii() {
            s.push('_');
        } else {
            s.push_str(&format!("u{:x}", u32::from(c)));
        }
    }
    s
}

/// `draw_offer_min_moves` -> `DrawOfferMinMoves`.
pub fn camel(name: &str) -> String {
    let mut s = String::new();
    for part in word(name).split('_').filter(|p| !p.is_empty()) {
        let mut cs = part.chars();
        if let Some(first) = cs.next() {
            s.push(first.to_ascii_uppercase());
            s.extend(cs);
        }
    }
    s
}

/// One namespace of identifiers.
#[derive(Default)]
pub struct Namespace {
    taken: HashSet<String>,
}

impl Namespace {
    /// A fresh identifier made of `prefix` and `name` (`prefix` must make it start with a
    /// letter or `_`, or `name` must): never a keyword, never one given before.
    pub fn fresh(&mut self, prefix: &str, name: &str) -> String {
        let mut base = format!("{prefix}{name}");
        if base.is_empty() || base.starts_with(|c: char| c.is_ascii_digit()) {
            base.insert(0, '_');
        }
        if KEYWORDS.contains(&base.as_str()) || base == "_" {
            base.push('_');
        }
        let mut id = base.clone();
        let mut n = 2;
        while !self.taken.insert(id.clone()) {
            id = format!("{base}_{n}");
            n += 1;
        }
        id
    }
}

/// Whether a character changes the direction of the text around it (rustc refuses these in
/// comments: they can make code read otherwise than it compiles).
fn bidi(c: char) -> bool {
    matches!(c, '\u{061c}' | '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

/// A text as one line of a comment: a line break or another control character becomes a space,
/// a character that changes the direction of the text its escape (`\u{202e}`), so that no text
/// of a rulebook can end a comment, start code, or hide it.
pub fn one_line(text: &str) -> String {
    let mut s = String::with_capacity(text.len());
    for c in text.chars() {
        if c.is_control() {
            s.push(' ');
        } else if bidi(c) {
            s.push_str(&c.escape_unicode().to_string());
        } else {
            s.push(c);
        }
    }
    s
}

/// `text` as `///` doc comment lines under `indent`, wrapped so that no line exceeds `width`
/// characters (a word longer than a line is cut into pieces that fit); each line as `one_line`
/// makes it.
pub fn doc(text: &str, indent: &str, width: usize) -> String {
    let prefix = format!("{indent}///");
    let mut out = String::new();
    for para in text.lines() {
        let para = one_line(para);
        let mut line = prefix.clone();
        let room = width.saturating_sub(prefix.chars().count() + 1).max(1);
        let pieces = para.split_whitespace().flat_map(|w| {
            let cs: Vec<char> = w.chars().collect();
            cs.chunks(room)
                .map(|c| c.iter().collect::<String>())
                .collect::<Vec<_>>()
        });
        for w in pieces {
            let w = w.as_str();
            let full = line.chars().count() + 1 + w.chars().count() > width;
            if full && line != prefix {
                out.push_str(&line);
                out.push('\n');
                line = prefix.clone();
            }
            line.push(' ');
            line.push_str(w);
        }
        out.push_str(&line);
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn identifiers_are_valid_and_unique() {
        let mut ns = Namespace::default();
        assert_eq!(ns.fresh("clause_", &word("9.6.1")), "clause_9_6_1");
        assert_eq!(ns.fresh("clause_", &word("9-6-1")), "clause_9_6_1_2");
        assert_eq!(ns.fresh("", &word("9.6")), "_9_6");
        assert_eq!(ns.fresh("", "type"), "type_");
        assert_eq!(ns.fresh("", &word("Ж")), "u416");
        assert_eq!(camel("draw_offer_min_moves"), "DrawOfferMinMoves");
    }

    #[test]
    fn doc_lines_fit() {
        let text = "word ".repeat(60);
        let d = doc(&text, "    ", 40);
        assert!(
            d.lines()
                .all(|l| l.chars().count() <= 40 && l.starts_with("    /// "))
        );
        assert_eq!(d.split_whitespace().filter(|w| *w == "word").count(), 60);
        assert_eq!(doc("a\n\nb", "", 100), "/// a\n///\n/// b\n");
        // A word longer than a line (a URL, hostile text) is cut, not left overlong.
        let long = doc(&"x".repeat(250), "    ", 100);
        assert!(long.lines().all(|l| l.chars().count() <= 100), "{long}");
        assert_eq!(long.matches('x').count(), 250);
    }

    #[test]
    fn no_text_leaves_its_comment() {
        let d = doc("a\r\nb\rfn evil() {}\u{202e}x\u{0}", "", 100);
        assert_eq!(d, "/// a\n/// b fn evil() {}\\u{202e}x\n");
        assert_eq!(one_line("9.1\n}\nfn x() {}"), "9.1 } fn x() {}");
    }
}
