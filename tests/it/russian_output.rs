//! Russian output is Russian from the first word to the last: `arbiter adjudicate --lang ru` on
//! every scenario of every built-in rulebook (each under the rulebook its folder names), in the
//! text output, its summary and the JSON's texts, prints no Latin word except what is not a word
//! of the language: the names the game's tags give (players, event, site), SAN moves, the
//! rulebook's clause ids and rulebook names, and the file paths it reports. The allow-list is
//! built from the data (the scenarios' tags, the rulebooks' clauses), not written by hand.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::str::FromStr;

use crate::common::*;

/// What a Latin token may be without being a leak, for one rulebook's run.
struct Allowed {
    /// Clause ids of the rulebook (and of its bases, under both their own and renamed ids).
    clauses: BTreeSet<String>,
    /// The built-in rulebooks' names.
    rulebooks: BTreeSet<String>,
    /// Per scenario file (as the output names it): the words of its tags' values.
    tags: BTreeMap<String, BTreeSet<String>>,
}

/// The Latin tokens of `text` that are none of what `allowed` allows. `file` is the scenario
/// whose output this is (its tags' words allowed), if known.
fn leaks(text: &str, allowed: &Allowed, file: Option<&str>) -> Vec<String> {
    let tag_words = file.and_then(|f| allowed.tags.get(f));
    let mut out = Vec::new();
    for raw in text.split_whitespace() {
        // A path the output reports (the scenario's file, `file:line`) is not a word.
        if let Some(f) = file
            && raw.starts_with(f)
        {
            continue;
        }
        let token = raw.trim_matches(|c: char| {
            !(c.is_alphanumeric() || "+#=-".contains(c)) || c == '…' || c == '-'
        });
        let token = token.trim_end_matches([':', ';', ',']);
        if !token.chars().any(|c| c.is_ascii_alphabetic()) {
            continue;
        }
        if allowed.clauses.contains(token) || allowed.rulebooks.contains(token) {
            continue;
        }
        if is_san(token) || is_draughts_move(token) {
            continue;
        }
        // A name from the game's tags: every Latin part of the token is a word of a tag value.
        if let Some(words) = tag_words
            && token
                .split(|c: char| !c.is_alphanumeric())
                .filter(|w| w.chars().any(|c| c.is_ascii_alphabetic()))
                .all(|w| words.contains(w))
        {
            continue;
        }
        out.push(token.to_string());
    }
    out
}

/// A SAN move, with or without its move number (`Nf3`, `5.Nf3`, `60…Rf1`, `e8=Q+`, `O-O`).
fn is_san(token: &str) -> bool {
    let san = token.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.' || c == '…');
    !san.is_empty() && shakmaty::san::SanPlus::from_str(san).is_ok()
}

/// A Russian draughts move, with or without its move number (`c3-d4`, `2…g1-h2`, `c3:e5:c7`,
/// PDN's numbers `22-18`): squares joined by one separator.
fn is_draughts_move(token: &str) -> bool {
    let mv = token.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.' || c == '…');
    // A move number, if any, is followed by its dot: what remains starts with a square.
    let mv = if mv.len() < token.len() && !token[..token.len() - mv.len()].ends_with(['.', '…']) {
        token
    } else {
        mv
    };
    let Some(sep) = mv.chars().find(|c| matches!(c, '-' | ':' | 'x')) else {
        return false;
    };
    let squares: Vec<&str> = mv.split(sep).collect();
    squares.len() >= 2
        && squares.iter().all(|sq| {
            let b = sq.as_bytes();
            (b.len() == 2 && (b'a'..=b'h').contains(&b[0]) && (b'1'..=b'8').contains(&b[1]))
                || sq.parse::<u8>().is_ok_and(|n| (1..=32).contains(&n))
        })
}

/// The words of the tag values of a PGN file.
fn tag_words(pgn: &str) -> BTreeSet<String> {
    pgn.lines()
        .filter_map(|l| l.trim().strip_prefix('['))
        .filter_map(|l| l.split_once(' ').map(|(_, v)| v))
        .flat_map(|v| {
            v.split(|c: char| !c.is_alphanumeric())
                .filter(|w| !w.is_empty())
                .map(str::to_string)
                .collect::<Vec<_>>()
        })
        .collect()
}

fn pgn_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("scenario folder")
        .map(|e| e.expect("entry").path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            pgn_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "pgn") {
            out.push(p);
        }
    }
}

fn allowed(rulebook: &str, files: &[String]) -> Allowed {
    let ir = arbiter::load_ir(rulebook).expect("a built-in rulebook");
    let mut clauses: BTreeSet<String> = ir.clauses.iter().map(|c| c.id.clone()).collect();
    for level in &ir.renames {
        for (old, new) in level {
            clauses.insert(old.clone());
            clauses.insert(new.clone());
        }
    }
    let tags = files
        .iter()
        .map(|f| {
            let pgn = std::fs::read_to_string(root().join(f)).expect("scenario");
            (f.clone(), tag_words(&pgn))
        })
        .collect();
    Allowed {
        clauses,
        rulebooks: arbiter::embedded_names()
            .into_iter()
            .map(str::to_string)
            .collect(),
        tags,
    }
}

/// The text output, split by game: each block starts with the line naming its file.
fn text_leaks(stdout: &str, allowed: &Allowed) -> Vec<String> {
    let mut found = Vec::new();
    let mut file: Option<String> = None;
    for line in stdout.lines() {
        if !line.starts_with(' ') {
            file = line.split_once(".pgn:").map(|(f, _)| format!("{f}.pgn"));
        }
        for leak in leaks(line, allowed, file.as_deref()) {
            found.push(format!("{leak:?} in: {line}"));
        }
    }
    found
}

/// Every string of the JSON whose key is `text` or ends in `_text`: what the JSON gives people
/// to read (the rest are keys and codes for programs).
fn json_texts(v: &serde_json::Value, key: &str, out: &mut Vec<String>) {
    match v {
        serde_json::Value::Object(m) => {
            for (k, x) in m {
                json_texts(x, k, out);
            }
        }
        serde_json::Value::Array(a) => a.iter().for_each(|x| json_texts(x, key, out)),
        serde_json::Value::String(s) if key == "text" || key.ends_with("_text") => {
            out.push(s.clone());
        }
        _ => {}
    }
}

#[test]
fn adjudicate_in_russian_prints_no_latin_word_but_names_moves_and_clauses() {
    let mut found = Vec::new();
    let mut scenarios = 0;
    for rulebook in arbiter::embedded_names() {
        let mut paths = Vec::new();
        pgn_files(&root().join("conformance").join(rulebook), &mut paths);
        let files: Vec<String> = paths
            .iter()
            .map(|p| {
                p.strip_prefix(root())
                    .expect("under the root")
                    .display()
                    .to_string()
            })
            .collect();
        assert!(!files.is_empty(), "no scenarios for {rulebook}");
        scenarios += files.len();
        let allowed = allowed(rulebook, &files);
        let mut args = vec![
            "adjudicate",
            "--rulebook",
            rulebook,
            "--lang",
            "ru",
            "--summary",
            "text",
        ];
        args.extend(files.iter().map(String::as_str));
        let out = arbiter(&args, None);
        let stdout = text(&out.stdout);
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        found.extend(text_leaks(&stdout, &allowed));
        for line in text(&out.stderr).lines() {
            for leak in leaks(line, &allowed, None) {
                found.push(format!("{leak:?} in the summary: {line}"));
            }
        }
        args[6] = "none";
        args.extend(["--format", "json"]);
        let out = arbiter(&args, None);
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        for line in text(&out.stdout).lines() {
            let v: serde_json::Value = serde_json::from_str(line).expect("a JSON line");
            let file = v["file"].as_str().map(str::to_string);
            let mut texts = Vec::new();
            json_texts(&v, "", &mut texts);
            for t in texts {
                for leak in leaks(&t, &allowed, file.as_deref()) {
                    found.push(format!("{leak:?} in the JSON of {file:?}: {t}"));
                }
            }
        }
    }
    assert!(scenarios > 600, "only {scenarios} scenarios");
    assert!(
        found.is_empty(),
        "{} Latin words in Russian output:\n{}",
        found.len(),
        found.join("\n")
    );
}

/// The check can fail: an English word in Russian output is caught, while names from the tags,
/// SAN, clause ids and paths are not.
#[test]
fn an_english_leak_would_be_caught() {
    let file = "conformance/fide-2018/x.pgn".to_string();
    let allowed = Allowed {
        clauses: ["9.6.1", "III.4", "club.D.5"].map(String::from).into(),
        rulebooks: ["fide-2018"].map(String::from).into(),
        tags: [(
            file.clone(),
            tag_words("[White \"Hou Yifan\"]\n[Black \"Ju,W\"]\n"),
        )]
        .into(),
    };
    let clean = "conformance/fide-2018/x.pgn:1 партия 1: Hou Yifan – Ju,W: 1/2-1/2\n  \
                 [3…Nf6 · III.4] Партия закончилась вничью после 60…Rf1 по статье 9.6.1 и \
                 club.D.5 (fide-2018): 1. e4 e5 2. O-O-O e8=Q+ Kxf7#.";
    assert_eq!(text_leaks(clean, &allowed), Vec::<String>::new());
    let leaky = "conformance/fide-2018/x.pgn:1 партия 1: Hou Yifan – Ju,W: 1/2-1/2\n  \
                 Партия drawn после 60…Rf1 (тег Termination).";
    let found = text_leaks(leaky, &allowed);
    assert_eq!(found.len(), 2, "{found:?}");
    assert!(found[0].starts_with("\"drawn\""), "{found:?}");
    assert!(found[1].starts_with("\"Termination\""), "{found:?}");
    // A name is allowed only in its own game's output.
    assert_eq!(leaks("Hou", &allowed, None), vec!["Hou".to_string()]);
}

/// What may be Latin in a help text: the code the English help of the same command shows (its
/// command names, flags, metavariables, possible and default values, what stands in backquotes
/// or quotes), paths and file names, and capitals (metavariables and the acronyms of formats).
fn help_code(english: &str) -> BTreeSet<String> {
    let mut code = BTreeSet::new();
    let mut commands = false;
    for line in english.lines() {
        let t = line.trim();
        if t.ends_with(':') && !t.starts_with('-') {
            commands = t == "Commands:";
            continue;
        }
        if commands && let Some(name) = t.split_whitespace().next() {
            code.insert(name.to_string());
        }
        for (open, close) in [('`', '`'), ('\'', '\''), ('<', '>')] {
            let mut parts = t.split([open, close]);
            parts.next();
            while let Some(inside) = parts.next() {
                code.extend(inside.split_whitespace().map(str::to_string));
                parts.next();
            }
        }
        for prefix in ["[default: ", "[possible values: "] {
            if let Some(v) = t.strip_prefix(prefix) {
                code.extend(v.trim_end_matches(']').split(", ").map(str::to_string));
            }
        }
        if let Some(v) = t.strip_prefix("- ") {
            code.extend(v.split(':').next().map(str::to_string));
        }
        code.extend(
            t.split_whitespace()
                .filter(|w| w.starts_with('-'))
                .map(|w| w.trim_end_matches(',').to_string()),
        );
    }
    // The program's name, and every word of code as the Russian text's tokens are cut.
    code.insert("arbiter".to_string());
    code.extend(arbiter::embedded_names().into_iter().map(str::to_string));
    let trimmed: Vec<String> = code.iter().map(|c| trim(c).to_string()).collect();
    code.extend(trimmed);
    code
}

fn trim(token: &str) -> &str {
    token.trim_matches(|c: char| "()[]«»<>,.;:'\"`…".contains(c))
}

fn help_leaks(russian: &str, code: &BTreeSet<String>) -> Vec<String> {
    let mut out = Vec::new();
    for raw in russian.split_whitespace() {
        let token = trim(raw);
        if !token.chars().any(|c| c.is_ascii_alphabetic())
            || code.contains(token)
            || code.contains(raw.trim_matches(|c: char| ",;:()".contains(c)))
            || token.contains('/')
            || token.contains('.')
            || token.starts_with('-')
            || token.chars().all(|c| {
                !c.is_ascii_lowercase() && !c.is_ascii_alphabetic() || c.is_ascii_uppercase()
            })
        {
            continue;
        }
        // A word joined to Russian by a hyphen (PGN-файлы): its Latin part alone.
        let latin: String = token.chars().take_while(|c| c.is_ascii()).collect();
        let latin = latin.trim_end_matches('-');
        if !latin.is_empty() && latin.chars().all(|c| c.is_ascii_uppercase()) {
            continue;
        }
        if code.contains(latin) {
            continue;
        }
        out.push(token.to_string());
    }
    out
}

/// `--lang ru --help`, for the program and every command: Russian headings and texts, no Latin
/// word but the code the English help shows; the English help keeps its English.
#[test]
fn help_in_russian_is_russian_and_english_stays_english() {
    let english = text(&arbiter(&["--help"], None).stdout);
    let commands: Vec<String> = english
        .lines()
        .skip_while(|l| *l != "Commands:")
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next().map(str::to_string))
        .collect();
    assert!(commands.len() > 10, "{english}");
    let mut found = Vec::new();
    let mut runs: Vec<Vec<&str>> = vec![vec![]];
    // `help` takes commands, not `--help`: `help` of the program is the first run.
    runs.extend(
        commands
            .iter()
            .filter(|c| *c != "help")
            .map(|c| vec![c.as_str()]),
    );
    for cmd in runs {
        let mut en_args = cmd.clone();
        let names = cmd.iter().map(|c| c.to_string());
        en_args.push("--help");
        let en = arbiter(&en_args, None);
        assert_eq!(en.status.code(), Some(0), "{}", text(&en.stderr));
        let en = text(&en.stdout);
        assert!(en.contains("Usage: arbiter"), "{en}");
        assert!(en.contains("Options:") && en.contains("Print help"), "{en}");
        let mut ru_args = vec!["--lang", "ru"];
        ru_args.extend(en_args.iter());
        let ru = arbiter(&ru_args, None);
        assert_eq!(ru.status.code(), Some(0), "{}", text(&ru.stderr));
        let ru = text(&ru.stdout);
        assert!(ru.contains("Использование: arbiter"), "{ru}");
        assert!(ru.contains("Параметры:"), "{ru}");
        let mut code = help_code(&en);
        code.extend(names);
        for leak in help_leaks(&ru, &code) {
            found.push(format!(
                "{leak:?} in `arbiter --lang ru {} --help`",
                cmd.join(" ")
            ));
        }
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
    // The English help in substance: its texts, defaults and possible values.
    let en = text(&arbiter(&["adjudicate", "--help"], None).stdout);
    for s in [
        "Rule on every game of the PGN files (or standard input) and explain each ruling",
        "Usage: arbiter adjudicate [OPTIONS] [FILES]...",
        "Arguments:",
        "[default: fide]",
        "[possible values: text, json]",
        "Possible values:",
        "- compiled: The Rust code generated from the rulebook and compiled into arbiter",
    ] {
        assert!(en.contains(s), "{s:?} not in:\n{en}");
    }
    // The check can fail.
    assert_eq!(
        help_leaks(
            "Печатать help для --format <FILE> `text`",
            &help_code("`text`")
        ),
        vec!["help".to_string()]
    );
}

/// clap's usage errors, by kind, in Russian; English stays clap's.
#[test]
fn usage_errors_in_russian() {
    let out = arbiter(&["--lang", "ru", "adjudicate", "--formt", "json"], None);
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    for s in [
        "ошибка: неожиданный аргумент «--formt»",
        "подсказка: есть похожий: «--format»",
        "Использование: arbiter adjudicate [ПАРАМЕТРЫ] [FILES]...",
        "Подробнее: «--help».",
    ] {
        assert!(err.contains(s), "{s:?} not in:\n{err}");
    }
    let out = arbiter(&["--lang", "ru", "adjudicate", "--format", "xml"], None);
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(
        err.contains("недопустимое значение «xml» для «--format <FORMAT>»")
            && err.contains("[возможные значения: text, json]"),
        "{err}"
    );
    let out = arbiter(&["adjudicate", "--formt", "json"], None);
    let err = text(&out.stderr);
    assert!(
        err.contains("error: unexpected argument '--formt' found")
            && err.contains("Usage: arbiter adjudicate [OPTIONS] [FILES]..."),
        "{err}"
    );
}
