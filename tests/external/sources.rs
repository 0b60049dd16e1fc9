//! The rulebooks against the law sources outside the repository (`../shared/sources/`,
//! `ARBITER_SOURCES` for a copy elsewhere).

use std::path::PathBuf;

use crate::common::root;
use crate::{Ran, done, skip};

fn sources() -> PathBuf {
    std::env::var_os("ARBITER_SOURCES")
        .map(PathBuf::from)
        .unwrap_or_else(|| root().join("../shared/sources"))
}

/// Every clause of fide-2023 whose English text is official is, word for word, the paragraph of
/// the 2023 Laws that carries its number (sources/fide-laws-2023/laws-2023.en.md, one paragraph
/// per clause), the line breaks of the YAML aside.
pub fn english_texts_of_2023_are_the_official_ones_verbatim() -> Ran {
    let source = sources().join("fide-laws-2023/laws-2023.en.md");
    let Ok(md) = std::fs::read_to_string(&source) else {
        return skip(format!(
            "no 2023 Laws at {} (set ARBITER_SOURCES to a copy of shared/sources)",
            source.display()
        ));
    };
    let ir = arbiter::load_ir("fide-2023").expect("fide-2023");
    let mut checked = 0;
    for c in ir
        .clauses
        .iter()
        .filter(|c| c.official.iter().any(|l| l == "en"))
    {
        let text = c.text.get("en").expect("an English text");
        let paragraph = md
            .split("\n\n")
            .find_map(|p| p.trim().strip_prefix(&format!("{} ", c.id)))
            .unwrap_or_else(|| panic!("{}: no paragraph in the 2023 text", c.id));
        let words = |s: &str| s.split_whitespace().collect::<Vec<_>>().join(" ");
        assert_eq!(words(text), words(paragraph), "{}", c.id);
        checked += 1;
    }
    assert!(checked >= 45, "only {checked} official clauses");
    done()
}
