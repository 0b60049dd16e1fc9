//! Every clause's rules in words, in English and Russian, as the readable rulebooks and the site
//! say them (`compile::words`): one snapshot per shipped rulebook and language
//! (`snapshots/it__rules_in_words__BOOK-LANG.snap`). A change to the wording shows as a snapshot
//! change to read before accepting it (`INSTA_UPDATE=always cargo test --test it
//! rules_in_words` rewrites them).
//!
//! Besides the snapshots, what the wording must never do again is checked outright: say a
//! negation as "it is not the case that" (negation is pushed in), put "whether … could not be
//! decided" inside another sentence, or name a rule or constant by its bare identifier where the
//! locale has words for it.

use arbiter::compile::words;
use arbiter::locale::Words;

/// The rules of every clause of `book`, in `lang`: the clause, each rule's name in words, event,
/// condition and effects.
fn rules_in_words(book: &str, lang: &str) -> String {
    let ir = arbiter::load_ir(book).unwrap_or_else(|e| panic!("{book}: {e:?}"));
    let w = Words::new(lang).unwrap_or_else(|e| panic!("{lang}: {e}"));
    let mut out = String::new();
    for c in &ir.clauses {
        let rules: Vec<_> = (c.rules.iter())
            .filter_map(|&r| ir.rules.get(r))
            .map(|r| words::rule(r, &w, &ir).unwrap_or_else(|e| panic!("{book} {}: {e}", c.id)))
            .collect();
        if rules.is_empty() {
            continue;
        }
        out.push_str(&format!("{}\n", c.id));
        for r in rules {
            let name = match (&r.title, &r.name) {
                (Some(t), _) => t.clone(),
                (None, Some(n)) => format!("`{n}`"),
                (None, None) => "-".into(),
            };
            out.push_str(&format!("  [{name}] {}\n", r.on));
            out.push_str(&format!("    {}\n", r.when));
            for e in &r.effects {
                out.push_str(&format!("    => {e}\n"));
            }
        }
    }
    out
}

#[test]
fn every_clause_in_both_languages() {
    let books = arbiter::embedded_names();
    assert!(books.len() >= 6, "{books:?}");
    for book in books {
        for lang in ["en", "ru"] {
            let said = rules_in_words(book, lang);
            assert!(!said.is_empty(), "{book} {lang}: no rules");
            for (bad, why) in [
                ("it is not the case", "a negation not pushed in"),
                ("не так, что", "a negation not pushed in"),
                (
                    "that whether",
                    "a \"whether\" clause inside another sentence",
                ),
                ("не верно", "a negation not pushed in"),
            ] {
                assert!(
                    !said.contains(bad),
                    "{book} {lang}: {why}: {:?}",
                    said.lines().find(|l| l.contains(bad))
                );
            }
            insta::with_settings!({ omit_expression => true }, {
                insta::assert_snapshot!(format!("{book}-{lang}"), said);
            });
        }
    }
}

/// A rule whose locale has words for its name is said by them, never by the identifier: in
/// Russian, no rule is named in Latin letters.
#[test]
fn rule_names_have_russian_words() {
    for book in arbiter::embedded_names() {
        let ir = arbiter::load_ir(book).unwrap_or_else(|e| panic!("{book}: {e:?}"));
        let w = Words::new("ru").expect("ru");
        for r in &ir.rules {
            let Some(name) = &r.name else { continue };
            let title = words::rule_title(name, &w).expect("a title");
            let title =
                title.unwrap_or_else(|| panic!("{book}: rule `{name}` has no Russian words"));
            assert!(
                !title.chars().any(|c| c.is_ascii_alphabetic()),
                "{book}: rule `{name}` is said {title:?}"
            );
        }
    }
}
