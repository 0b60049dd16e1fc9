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

/// Proper names and identifiers that may stand in Russian text as they are: the built-in
/// rulebooks, their clause ids (under every name an overlay gives them), the conformance
/// features, the certified implementations and the libraries they wrap, the words of the
/// scenarios' tags (players, events, sites), and the program's own name. All made from the data,
/// none written for a particular text.
fn names() -> BTreeSet<String> {
    let mut names: BTreeSet<String> = ["arbiter", "lichess", "PySpark", "shakmaty"]
        .map(String::from)
        .into();
    // The commands (a manual page names the others: `arbiter-audit(1)`).
    let help = text(&arbiter(&["--help"], None).stdout);
    for l in help.lines().skip_while(|l| *l != "Commands:").skip(1) {
        if let Some(c) = l.split_whitespace().next() {
            names.insert(c.to_string());
            names.insert(format!("arbiter-{c}"));
        }
    }
    // The languages' names for themselves (the site's language switch, the standing of a
    // clause's text in each language).
    for lang in arbiter::locale::languages() {
        if let Ok(w) = arbiter::locale::Words::new(&lang) {
            names.extend(w.text("language-autonym"));
        }
    }
    for book in arbiter::embedded_names() {
        names.insert(book.to_string());
        let ir = arbiter::load_ir(book).expect("a built-in rulebook");
        names.extend(ir.clauses.iter().map(|c| c.id.clone()));
        for level in &ir.renames {
            for (old, new) in level {
                names.insert(old.clone());
                names.insert(new.clone());
            }
        }
    }
    names.extend(
        arbiter_conformance::features::FEATURES
            .iter()
            .map(|f| f.to_string()),
    );
    for e in std::fs::read_dir(root().join("conformance/adapters")).expect("adapters") {
        names.insert(e.expect("entry").file_name().to_string_lossy().into_owned());
    }
    names.extend(["python-chess", "chess.js", "chessops", "esca", "pydraughts"].map(String::from));
    let mut paths = Vec::new();
    pgn_files(&root().join("conformance"), &mut paths);
    for p in paths {
        let pgn = std::fs::read_to_string(&p).expect("scenario");
        names.extend(tag_words(&pgn));
    }
    names
}

/// The text with its code spans (`...`) taken out: an identifier in a code span is not a word.
fn without_code(text: &str) -> String {
    text.split('`').step_by(2).collect::<Vec<_>>().join(" ")
}

/// Notation rather than words: moves (SAN, draughts), squares and files, move ranges
/// (`c4-b3/d4-c4`, `Nc3/Nb1`), material (`K+B`), a CHA class (`W-`, `WB`), a time (`1:50`).
fn is_notation(token: &str) -> bool {
    // Russian piece letters (Кр, Ф, Л, С, К) in a move as a Russian reader writes it.
    let latin = token
        .replace("Кр", "K")
        .replace('Ф', "Q")
        .replace('Л', "R")
        .replace('С', "B")
        .replace('К', "N");
    if is_san(token) || is_draughts_move(token) || (latin != token && is_san(&latin)) {
        return true;
    }
    let piece_or_square = |p: &str| {
        let b = p.as_bytes();
        is_san(p)
            || (b.len() == 1 && (b'a'..=b'h').contains(&b[0]))
            || (b.len() == 2 && (b'a'..=b'h').contains(&b[0]) && (b'1'..=b'8').contains(&b[1]))
            || p.chars().all(|c| "KQRBNP+".contains(c))
    };
    token
        .split(['/', '-', '+'])
        .filter(|p| !p.is_empty())
        .all(piece_or_square)
}

/// The Latin words of Russian `text` that are none of notation, code, a path or address, an
/// acronym (capitals: `FEN`, `PGN`, `CHA`) or a name of `names`.
fn latin_leaks(text: &str, names: &BTreeSet<String>) -> Vec<String> {
    let mut out = Vec::new();
    for raw in without_code(text).split_whitespace() {
        let token = raw.trim_matches(|c: char| !(c.is_alphanumeric() || "+#=-/.:_".contains(c)));
        let token = token.trim_end_matches(['.', ':', ',', ';']);
        if !token.chars().any(|c| c.is_ascii_alphabetic()) {
            continue;
        }
        if token.contains('/')
            && token.chars().any(|c| c.is_ascii_lowercase())
            && !is_notation(token)
        {
            // A path or an address (`conformance/fide-2018/x.pgn`, `github.com/...`).
            if token.contains('.') || token.matches('/').count() >= 1 && token.len() > 8 {
                continue;
            }
        }
        if token
            .chars()
            .all(|c| !c.is_ascii_lowercase() && (c.is_ascii_uppercase() || !c.is_alphabetic()))
        {
            continue;
        }
        if is_notation(token) || names.contains(token) || is_file_name(token) {
            continue;
        }
        // An option (`--lang`), a version (`v0.1.0`), a manual page (`arbiter-audit(1`), a
        // capitalised acronym joined to a Russian word (`PGN-файлов`).
        let version = token
            .strip_prefix('v')
            .is_some_and(|v| v.chars().all(|c| c.is_ascii_digit() || c == '.'));
        let page = token.strip_suffix("(1").is_some_and(|p| names.contains(p));
        let acronym: String = token.chars().take_while(|c| c.is_ascii()).collect();
        let acronym = acronym.trim_end_matches('-');
        if token.starts_with('-')
            || version
            || page
            || (!acronym.is_empty()
                && acronym.len() < token.len()
                && acronym.chars().all(|c| c.is_ascii_uppercase()))
        {
            continue;
        }
        // A name joined to Russian words by a hyphen (`python-chess`-адаптер) or written with
        // its clause (`arm.1`): every Latin part a name.
        let parts: Vec<&str> = token
            .split(|c: char| !c.is_alphanumeric() && c != '.' && c != '-')
            .filter(|p| p.chars().any(|c| c.is_ascii_alphabetic()))
            .collect();
        if !parts.is_empty() && parts.iter().all(|p| names.contains(*p) || is_notation(p)) {
            continue;
        }
        // A name of the tags whose words are joined (`activedental-su`).
        if token
            .split(|c: char| !c.is_alphanumeric())
            .filter(|p| p.chars().any(|c| c.is_ascii_alphabetic()))
            .all(|p| names.contains(p))
        {
            continue;
        }
        out.push(token.to_string());
    }
    out
}

/// A file's name (`game.pgn`), or standard input as the output names it (`<stdin>:3:13`).
fn is_file_name(token: &str) -> bool {
    token.starts_with("stdin>")
        || token.starts_with("<stdin>")
        || [
            ".pgn", ".pdn", ".yaml", ".ftl", ".md", ".jsonl", ".json", ".html", ".txt",
        ]
        .iter()
        .any(|x| token.contains(x))
}

/// What a command prints that is not its own words: the source lines a located error quotes
/// (`  3 │ 1. e4 e5 2. Ke3 *`), taken out.
fn without_quoted_source(output: &str) -> String {
    output
        .lines()
        .filter(|l| {
            let t = l.trim_start();
            let numbered = t
                .split_once(" │")
                .is_some_and(|(n, _)| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()));
            !(numbered || t.starts_with('│') || t.starts_with('·') || t.starts_with("╭─["))
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// A manual page as a reader of `man` sees its words: roff's requests and font escapes taken
/// out, the possible and default values (code) too.
fn man_text(roff: &str) -> String {
    roff.lines()
        .filter_map(|l| match l.strip_prefix(".SH ") {
            Some(h) => Some(h.to_string()),
            None if l.starts_with('.') => None,
            None => Some(
                l.replace("\\fB", "")
                    .replace("\\fI", "")
                    .replace("\\fR", "")
                    .replace("\\fP", "")
                    .replace("\\-", "-")
                    .replace("\\*(Aq", "'"),
            ),
        })
        .filter(|l| !(l.starts_with('[') && l.ends_with(']')))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The check finds English words and passes names, code, notation and paths.
#[test]
fn the_latin_word_check_can_fail() {
    let names: BTreeSet<String> = ["python-chess", "9.6.1", "fide-2018"]
        .map(String::from)
        .into();
    let clean = "Партия — ничья по 9.6.1 (fide-2018): `claim_moves` у python-chess, 60…Rf1, \
                 K+B против K, c4-b3/d4-c4, путь conformance/fide-2018/x.pgn, CHA и FEN, 1:50.";
    assert_eq!(latin_leaks(clean, &names), Vec::<String>::new());
    assert_eq!(
        latin_leaks("Партия drawn, claim_moves и rejected-by-move.", &names),
        vec!["drawn", "claim_moves", "rejected-by-move"]
    );
}

/// A command's output in Russian, standard output and error together.
fn russian(args: &[&str], stdin: Option<&[u8]>) -> (Option<i32>, String) {
    let mut all = vec!["--lang", "ru"];
    all.extend(args);
    let out = arbiter(&all, stdin);
    (
        out.status.code(),
        format!("{}{}", text(&out.stdout), text(&out.stderr)),
    )
}

/// Every command with `--lang ru`, over the suite's texts: `explain` of every clause of every
/// built-in rulebook (and its list of clauses), `audit` of every scenario, `explain-position`,
/// `check` and `compile --check` on the rulebooks, `conformance` on a rulebook's suite, `man`,
/// and the errors a user meets first (a file that does not exist, an illegal move, a bad FEN, a
/// broken rulebook): no Latin word but notation, code, paths and names. (`adjudicate` and the
/// help: the tests above.)
#[test]
fn every_command_in_russian_speaks_russian() {
    let names = names();
    let mut found = Vec::new();
    let mut check = |what: String, output: &str| {
        for leak in latin_leaks(&without_quoted_source(output), &names) {
            found.push(format!("{leak:?} in `{what}`"));
        }
    };
    for book in arbiter::embedded_names() {
        let (code, out) = russian(&["explain", "--rulebook", book], None);
        assert_eq!(code, Some(0), "{out}");
        check(format!("explain --rulebook {book}"), &out);
        let ir = arbiter::load_ir(book).expect("a built-in rulebook");
        for c in ir.clauses.iter().filter(|c| c.disabled.is_none()) {
            let (code, out) = russian(&["explain", &c.id, "--rulebook", book], None);
            assert_eq!(code, Some(0), "{}: {out}", c.id);
            check(format!("explain {} --rulebook {book}", c.id), &out);
        }
        let mut paths = Vec::new();
        pgn_files(&root().join("conformance").join(book), &mut paths);
        let files: Vec<String> = paths.iter().map(|p| p.display().to_string()).collect();
        let mut args = vec!["audit", "--rulebook", book, "--all"];
        args.extend(files.iter().map(String::as_str));
        let (_, out) = russian(&args, None);
        check(format!("audit --rulebook {book} --all"), &out);
        let (code, out) = russian(&["check", &format!("rules/{book}")], None);
        assert_eq!(code, Some(0), "{out}");
        check(format!("check rules/{book}"), &out);
    }
    for fen in [
        "8/8/8/4k3/8/8/8/4K3 w - - 0 1",
        "8/8/8/4k3/8/8/8/3QK3 w - - 0 1",
        "8/1pB5/pPp1b1k1/P1Pp3p/3Pp1pP/4P1P1/3K4/8 b - - 0 40",
    ] {
        let (_, out) = russian(&["explain-position", fen], None);
        check(format!("explain-position {fen}"), &out);
    }
    let (_, out) = russian(&["compile", "--check"], None);
    check("compile --check".into(), &out);
    let (_, out) = russian(&["conformance", "--rulebook", "sofia"], None);
    check("conformance --rulebook sofia".into(), &out);
    let (code, out) = russian(&["man"], None);
    assert_eq!(code, Some(0), "{out}");
    assert!(out.contains(".SH ОПИСАНИЕ"), "{out}");
    check("man".into(), &man_text(&out));
    // The errors met first.
    let (code, out) = russian(&["adjudicate", "no-such-file.pgn"], None);
    assert_eq!(code, Some(1), "{out}");
    check("adjudicate no-such-file.pgn".into(), &out);
    for pgn in [
        "[Result \"*\"]\n\n1. e4 e5 2. Ke3 *\n",
        "[Result \"*\"]\n\n1. e4 e5 2. N3 *\n",
        "[SetUp \"1\"]\n[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n[Result \"*\"]\n\n1. e4 *\n",
        "[SetUp \"1\"]\n[FEN \"not a fen\"]\n[Result \"*\"]\n\n1. e4 *\n",
    ] {
        let (_, out) = russian(&["adjudicate", "-"], Some(pgn.as_bytes()));
        check(format!("adjudicate {pgn:?}"), &out);
    }
    let broken = copy_rulebook("russian-broken");
    edit(
        &broken.join("article9.yaml"),
        "repetitions >= automatic_repetitions",
        "repetitions >= automatic_repetition",
    );
    let path = broken.display().to_string();
    let (code, out) = russian(&["check", &path], None);
    assert_eq!(code, Some(1), "{out}");
    check("check (a broken rulebook)".into(), &out);
    assert!(
        found.is_empty(),
        "{} Latin words in Russian output:\n{}",
        found.len(),
        found.join("\n")
    );
}

/// The text of an HTML page as a reader sees it, without what is code (`<code>`, `<pre>`), not
/// shown (`<style>`), or marked as another language (an element with `lang="en"`: the official
/// English text beside the Russian): tags dropped, entities read.
fn page_text(html: &str) -> String {
    let mut s = html.to_string();
    for tag in ["style", "code", "pre"] {
        while let Some(i) = s.find(&format!("<{tag}")) {
            let close = format!("</{tag}>");
            let j = s[i..].find(&close).map_or(s.len(), |j| i + j + close.len());
            s.replace_range(i..j, " ");
        }
    }
    // Elements in English: from the opening tag to its own closing tag (same-name tags nested
    // inside counted).
    while let Some(at) = s.find(" lang=\"en\"") {
        let open = s[..at].rfind('<').unwrap_or(0);
        let name: String = s[open + 1..]
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric())
            .collect();
        if name == "html" {
            break;
        }
        let (opening, closing) = (format!("<{name}"), format!("</{name}>"));
        let mut depth = 0usize;
        let mut i = open;
        let end = loop {
            let next_open = s[i + 1..].find(&opening).map(|k| i + 1 + k);
            let next_close = s[i + 1..].find(&closing).map(|k| i + 1 + k);
            match (next_open, next_close) {
                (Some(o), Some(c)) if o < c => {
                    depth += 1;
                    i = o;
                }
                (_, Some(c)) if depth == 0 => break c + closing.len(),
                (_, Some(c)) => {
                    depth -= 1;
                    i = c;
                }
                _ => break s.len(),
            }
        };
        s.replace_range(open..end, " ");
    }
    let mut out = String::with_capacity(s.len());
    let mut in_tag = false;
    for c in s.chars() {
        match c {
            '<' => in_tag = true,
            '>' if in_tag => {
                in_tag = false;
                out.push(' ');
            }
            c if !in_tag => out.push(c),
            _ => {}
        }
    }
    out.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#x27;", "'")
        .replace("&#x2f;", "/")
        .replace("&amp;", "&")
}

/// Every Russian page of the published site: no Latin word but notation, code, paths and
/// names; and no Markdown shown raw (a backquote left in the text).
#[test]
fn the_russian_pages_of_the_site_are_russian() {
    let names = names();
    let site = scratch("russian-site");
    let out = site.display().to_string();
    let run = arbiter(&["publish", "--out", &out], None);
    assert_eq!(run.status.code(), Some(0), "{}", text(&run.stderr));
    let mut pages = Vec::new();
    fn html_files(dir: &Path, out: &mut Vec<PathBuf>) {
        for e in std::fs::read_dir(dir).expect("folder") {
            let p = e.expect("entry").path();
            if p.is_dir() {
                html_files(&p, out);
            } else if p.extension().is_some_and(|x| x == "html") {
                out.push(p);
            }
        }
    }
    html_files(&site.join("ru"), &mut pages);
    pages.sort();
    assert!(pages.len() > 700, "only {} Russian pages", pages.len());
    let mut found = Vec::new();
    for p in &pages {
        let html = std::fs::read_to_string(p).expect("page");
        let seen = page_text(&html);
        let name = p
            .strip_prefix(&site)
            .expect("in the site")
            .display()
            .to_string();
        if seen.contains('`') {
            found.push(format!("raw Markdown (a backquote) on {name}"));
        }
        for leak in latin_leaks(&seen, &names) {
            found.push(format!("{leak:?} on {name}"));
        }
    }
    assert!(
        found.is_empty(),
        "{} problems on {} Russian pages:\n{}",
        found.len(),
        pages.len(),
        found.join("\n")
    );
}

/// Every scenario of the suite has its description and derivation in Russian
/// (`DescriptionRu`, `DerivationRu`): a new scenario without them fails here.
#[test]
fn every_scenario_is_described_in_russian() {
    let mut missing = Vec::new();
    let mut n = 0;
    for (id, path) in arbiter_conformance::discover(&root().join("conformance")) {
        n += 1;
        let s = arbiter_conformance::Scenario::load(&id, &path).expect("a scenario");
        for tag in arbiter_conformance::scenario::TEXT_TAGS {
            if s.text(tag, "ru").is_none_or(|t| t.trim().is_empty()) {
                missing.push(format!("{id}: no {tag} in Russian"));
            }
        }
    }
    assert!(n > 700, "only {n} scenarios");
    assert!(missing.is_empty(), "{}", missing.join("\n"));
}
