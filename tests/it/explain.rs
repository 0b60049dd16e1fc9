//! `arbiter explain CLAUSE` from the IR (`arbiter::clause_text`): every clause of every embedded
//! rulebook, in each of its languages, shows its title and text as the rulebook's YAML gives
//! them, read here on their own (serde-saphyr, not arbiter's loader); and an edited rulebook run
//! by the interpreter shows its edited text.

use crate::common::*;

use std::collections::BTreeMap;

use serde_json::Value;

/// One rulebook folder's clauses as its YAML files give them: id -> (title, text), each by
/// language; and the rulebooks it `extends` (as written: a rulebook or a family).
struct Book {
    clauses: BTreeMap<String, (Option<Value>, Value)>,
    extends: Vec<String>,
}

fn yaml(path: &std::path::Path) -> Value {
    let s = std::fs::read_to_string(path).expect("read");
    serde_saphyr::from_str::<Value>(&s).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn book(name: &str) -> Book {
    let dir = root().join("rules").join(name);
    let head = yaml(&dir.join("rulebook.yaml"));
    let extends = match &head["extends"] {
        Value::String(s) => vec![s.clone()],
        Value::Array(a) => a
            .iter()
            .filter_map(|v| v.as_str().map(String::from))
            .collect(),
        _ => vec![],
    };
    let mut clauses = BTreeMap::new();
    let files = head["files"].as_array().cloned().unwrap_or_default();
    assert!(!files.is_empty(), "{name}: no files");
    for f in files {
        let f = f.as_str().expect("a file name");
        for c in yaml(&dir.join(f))["clauses"]
            .as_array()
            .into_iter()
            .flatten()
        {
            let id = c["id"].as_str().expect("an id").to_string();
            let title = c.get("title").cloned();
            clauses.insert(id, (title, c["text"].clone()));
        }
    }
    Book { clauses, extends }
}

/// Whitespace as one space: a folded YAML text and the terminal's lines compare as words.
fn words(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The rulebook folders whose YAML a clause of `name` (on `edition`, for one compiled on each
/// edition of a family) may come from, the most derived first: itself, then its bases (a
/// family is the edition the IR stands on).
fn chain(name: &str, edition: Option<&str>) -> Vec<String> {
    let mut out = vec![name.to_string()];
    let mut i = 0;
    while i < out.len() {
        for base in book(&out[i]).extends {
            let base = if root().join("rules").join(&base).is_dir() {
                base
            } else {
                edition.expect("a family base on an edition").to_string()
            };
            if !out.contains(&base) {
                out.push(base);
            }
        }
        i += 1;
    }
    out
}

#[test]
fn every_clause_of_every_embedded_rulebook_is_explained_with_its_title_and_text() {
    let mut shown = 0;
    for name in arbiter::embedded_names() {
        for ir in arbiter::load_irs(name).expect("an embedded rulebook") {
            let edition = ir.edition.as_ref().map(|e| e.id.clone());
            let books: Vec<Book> = chain(name, edition.as_deref())
                .iter()
                .map(|b| book(b))
                .collect();
            let ids: Vec<&str> = (ir.articles.iter())
                .flat_map(|a| a.clauses.iter())
                .map(|&i| ir.clauses[i].id.as_str())
                .collect();
            assert!(!ids.is_empty(), "{name}");
            for id in ids {
                let (title, text) = books
                    .iter()
                    .find_map(|b| b.clauses.get(id))
                    .unwrap_or_else(|| panic!("{name}: clause {id} in no YAML of its chain"));
                for lang in &ir.languages {
                    let out = arbiter::clause_text(&ir, id, lang)
                        .unwrap_or_else(|e| panic!("{name} {id} {lang}: {e:?}"));
                    let at = format!("{name} ({edition:?}) {id} {lang}");
                    assert!(!out.trim().is_empty(), "{at}: nothing shown");
                    let mut lines = out.lines();
                    let heading = lines.next().unwrap_or_default();
                    assert!(heading.starts_with(id), "{at}: heading {heading:?}");
                    if let Some(t) = title.as_ref().and_then(|t| t[lang.as_str()].as_str()) {
                        assert!(
                            heading.contains(&words(t)),
                            "{at}: title {t:?} in {heading:?}"
                        );
                    }
                    let want = text[lang.as_str()]
                        .as_str()
                        .unwrap_or_else(|| panic!("{at}: no text in the YAML"));
                    assert!(
                        words(&out).contains(&words(want)),
                        "{at}: the text {want:?} not in\n{out}"
                    );
                    for markup in ["<a id", "](#", "**"] {
                        assert!(!out.contains(markup), "{at}: `{markup}` left in\n{out}");
                    }
                    shown += 1;
                }
            }
        }
    }
    // Counted by hand would be brittle; at least every rulebook's clauses in two languages.
    assert!(shown > 900, "{shown}");
}

/// The interpreter on a copied rulebook whose clause text was edited: `explain` shows the edit,
/// in both languages, and not the text it replaced.
#[test]
fn explain_on_an_edited_rulebook_shows_the_edited_text() {
    let dir = copy_rulebook("explain-edited");
    let file = dir.join("article9.yaml");
    edit(
        &file,
        "the same position has appeared, as in 9.2.2 at least five times.",
        "the same position has appeared, as in 9.2.2, at least seven times.",
    );
    edit(
        &file,
        "по крайней мере пять раз;",
        "по крайней мере семь раз;",
    );
    let path = dir.to_string_lossy().into_owned();
    for (lang, new, old) in [
        ("en", "at least seven times.", "at least five times"),
        ("ru", "по крайней мере семь раз;", "пять раз"),
    ] {
        let out = arbiter(
            &["explain", "9.6.1", "--rulebook", &path, "--lang", lang],
            None,
        );
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        let shown = text(&out.stdout);
        assert!(shown.starts_with("9.6.1\n"), "{shown}");
        assert!(shown.contains(new), "{shown}");
        assert!(!shown.contains(old), "{shown}");
    }
    // A clause the edited rulebook does not have is an error naming it.
    let out = arbiter(&["explain", "9.99", "--rulebook", &path], None);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("9.99"), "{}", text(&out.stderr));
}

/// A clause's text is shown whole, whatever lines it holds: `explain` once cut the readable
/// rulebook at the first line beginning `## ` or `### `, a text's own included, and dropped the
/// rest of the clause. And a clause is named by its id: the anchor's spelling (`9-6-1`), which
/// the search through the Markdown once accepted, is no clause.
#[test]
fn a_text_with_a_heading_line_is_shown_whole() {
    let dir = copy_rulebook("explain-heading-line");
    edit(
        &dir.join("article9.yaml"),
        r#"en: "the same position has appeared, as in 9.2.2 at least five times.""#,
        r#"en: "the same position has appeared,\n## as in 9.2.2\nat least five times.""#,
    );
    let path = dir.to_string_lossy().into_owned();
    let out = arbiter(&["explain", "9.6.1", "--rulebook", &path], None);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let shown = text(&out.stdout);
    assert!(shown.contains("at least five times."), "{shown}");
    // The clause's rule, after its text: its event.
    assert!(shown.contains("Event: "), "{shown}");
    let out = arbiter(&["explain", "9-6-1", "--rulebook", &path], None);
    assert_eq!(out.status.code(), Some(1));
}
