//! The examples of the README and of docs/ are checked, so that what a reader copies works: every YAML block
//! parses (and every `when:` it shows is one the rulebooks really have), every ruling pattern in
//! it is valid Fluent, the JSON example parses, and every `arbiter` command of its shell blocks
//! is accepted by the command line (no usage error) and, where it names only files that exist,
//! succeeds.

use std::path::Path;

use crate::common::{arbiter_in, root, scratch, text};

/// The fenced blocks of the README and of the reference it points to (`docs/*.md`): (language,
/// text, where the fence is, as `file:line`).
fn blocks() -> Vec<(String, String, String)> {
    let mut docs: Vec<String> = std::fs::read_dir(root().join("docs"))
        .expect("docs/")
        .flatten()
        .filter_map(|e| e.file_name().into_string().ok())
        .filter(|n| n.ends_with(".md"))
        .map(|n| format!("docs/{n}"))
        .collect();
    docs.sort();
    let mut out = Vec::new();
    for file in std::iter::once("README.md".to_string()).chain(docs) {
        let text = std::fs::read_to_string(root().join(&file)).expect("a Markdown file");
        let mut open: Option<(String, String, String)> = None;
        for (i, line) in text.lines().enumerate() {
            match (&mut open, line.strip_prefix("```")) {
                (None, Some(lang)) => {
                    let at = format!("{file}:{}", i + 1);
                    open = Some((lang.trim().to_string(), String::new(), at));
                }
                (Some(_), Some(_)) => out.extend(open.take()),
                (Some((_, body, _)), None) => {
                    body.push_str(line);
                    body.push('\n');
                }
                (None, None) => {}
            }
        }
    }
    out
}

fn all_rules_text() -> String {
    let mut all = String::new();
    let mut stack = vec![root().join("rules")];
    while let Some(dir) = stack.pop() {
        for e in std::fs::read_dir(&dir).expect("rules").flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "yaml") {
                all.push_str(&std::fs::read_to_string(&p).unwrap_or_default());
            }
        }
    }
    all
}

#[test]
fn yaml_json_and_fluent_examples_are_valid() {
    let rules = all_rules_text();
    let blocks = blocks();
    let mut yaml = 0;
    for (lang, body, line) in &blocks {
        match lang.as_str() {
            "yaml" => {
                yaml += 1;
                let value: serde_json::Value = serde_saphyr::from_str(body)
                    .unwrap_or_else(|e| panic!("{line}: YAML does not parse: {e}"));
                // Every condition shown is one a rulebook has, word for word.
                for l in body.lines() {
                    if let Some(when) = l.trim().strip_prefix("when: \"") {
                        let when = when.split('"').next().unwrap_or_default();
                        assert!(rules.contains(when), "{line}: no rulebook has `{when}`");
                    }
                }
                // Every ruling pattern is Fluent.
                let mut patterns = Vec::new();
                collect_rulings(&value, &mut patterns);
                for p in patterns {
                    let ftl = format!("m = {}\n", p.replace('\n', "\n    "));
                    assert!(
                        fluent_bundle::FluentResource::try_new(ftl.clone()).is_ok(),
                        "{line}: not a Fluent pattern: {p}"
                    );
                }
            }
            "json" => {
                serde_json::from_str::<serde_json::Value>(body)
                    .unwrap_or_else(|e| panic!("{line}: JSON does not parse: {e}"));
            }
            "ftl" | "fluent" => {
                assert!(
                    fluent_bundle::FluentResource::try_new(body.clone()).is_ok(),
                    "{line}: not Fluent"
                );
            }
            _ => {}
        }
    }
    assert!(
        yaml >= 5,
        "the YAML examples of the README and docs/ were not found"
    );
}

fn collect_rulings(v: &serde_json::Value, out: &mut Vec<String>) {
    match v {
        serde_json::Value::Object(m) => {
            for (k, x) in m {
                if k == "ruling" {
                    if let serde_json::Value::Object(langs) = x {
                        out.extend(
                            langs
                                .values()
                                .filter_map(|t| t.as_str().map(str::to_string)),
                        );
                    }
                } else {
                    collect_rulings(x, out);
                }
            }
        }
        serde_json::Value::Array(a) => a.iter().for_each(|x| collect_rulings(x, out)),
        _ => {}
    }
}

/// Words split as a shell splits them (single and double quotes; no expansion).
fn words(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut quote: Option<char> = None;
    let mut any = false;
    for c in line.chars() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), c) => cur.push(c),
            (None, '\'' | '"') => {
                quote = Some(c);
                any = true;
            }
            (None, c) if c.is_whitespace() => {
                if any || !cur.is_empty() {
                    out.push(std::mem::take(&mut cur));
                    any = false;
                }
            }
            (None, c) => cur.push(c),
        }
    }
    if any || !cur.is_empty() {
        out.push(cur);
    }
    out
}

#[test]
fn every_arbiter_command_of_the_readme_is_accepted() {
    // A folder like the repository's root, where the README's commands are run, with a game.pgn.
    let dir = scratch("readme-commands");
    for name in [
        "rules",
        "conformance",
        "tests",
        "generated",
        "locales",
        "examples",
    ] {
        #[cfg(unix)]
        std::os::unix::fs::symlink(root().join(name), dir.join(name)).expect("symlink");
    }
    std::fs::copy(
        root().join("conformance/fide-2018/real-games/fivefold-hou-ju-2013.pgn"),
        dir.join("game.pgn"),
    )
    .expect("game.pgn");
    let mut ran = 0;
    for (lang, body, line) in blocks() {
        if lang != "sh" {
            continue;
        }
        for l in body.lines() {
            let l = l.split(" #").next().unwrap_or_default().trim();
            let mut w = words(l);
            let args: Vec<String> = match w.first().map(String::as_str) {
                Some("arbiter") => w.split_off(1),
                Some("cargo") if w.get(1).is_some_and(|x| x == "run") => {
                    match w.iter().position(|x| x == "--") {
                        Some(i) => w.split_off(i + 1),
                        None => continue,
                    }
                }
                _ => continue,
            };
            let mut args = args;
            // What would write: compile only checks; the suite is cut to a few scenarios.
            if args.first().is_some_and(|a| a == "compile") && !args.iter().any(|a| a == "--check")
            {
                args.push("--check".into());
            }
            if args.first().is_some_and(|a| a == "conformance") {
                args.extend(["--filter".into(), "fide-2018/fifty/".into()]);
            }
            let named_missing = args
                .iter()
                .skip(1)
                .filter(|a| {
                    !a.starts_with('-')
                        && (a.contains('/')
                            || [".pgn", ".pdn", ".jsonl", ".py", ".yaml"]
                                .iter()
                                .any(|x| a.ends_with(x)))
                })
                .any(|a| !dir.join(a).exists() && !Path::new(a).exists());
            let refs: Vec<&str> = args.iter().map(String::as_str).collect();
            let out = arbiter_in(&dir, &refs, None);
            let code = out.status.code();
            assert_ne!(
                code,
                Some(2),
                "{line}: `{l}` is a usage error: {}",
                text(&out.stderr)
            );
            if !named_missing && refs.first() != Some(&"check") {
                assert!(
                    code == Some(0)
                        // A conformance run with failures, a diff that finds changes.
                        || (matches!(refs.first(), Some(&"conformance" | &"diff"))
                            && code == Some(1)),
                    "{line}: `{l}` failed: {}",
                    text(&out.stderr)
                );
            }
            ran += 1;
        }
    }
    assert!(ran >= 10, "only {ran} commands found");
}
