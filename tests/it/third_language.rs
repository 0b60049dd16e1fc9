//! A third language is data: `tests/fixtures/de/` holds a small German locale and a rulebook
//! written only in German, and arbiter rules and explains in German with no Rust that knows the
//! language (`--locales` adds it at run time, as `locales/de/` would at build time).

use crate::common::*;

const LOCALES: &str = "tests/fixtures/de/locales";
const RULEBOOK: &str = "tests/fixtures/de/rules/wiederholung";

/// The start position appears at plies 0, 4, 8, 12, 16: the fifth time at ply 16.
fn five_shuffles() -> String {
    let mut moves = String::new();
    for i in 0..5 {
        moves.push_str(&format!("{}. Nf3 Nf6 {}. Ng1 Ng8 ", 2 * i + 1, 2 * i + 2));
    }
    format!("[Event \"x\"]\n[Result \"*\"]\n\n{moves}*\n")
}

#[test]
fn adjudicate_speaks_german() {
    let pgn = five_shuffles();
    let out = arbiter(
        &[
            "--locales",
            LOCALES,
            "adjudicate",
            "--rulebook",
            RULEBOOK,
            "--lang",
            "de",
            "-",
        ],
        Some(pgn.as_bytes()),
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    // 9.6.1 of the German rulebook: the fifth appearance (ply 16, after 8…Ng8) draws; the ruling is the
    // rulebook's German pattern, the rest the German locale's messages.
    assert!(
        stdout.contains(
            "Die Partie endet remis nach 8…Ng8 gemäß 9.6.1: Dieselbe Stellung ist 5 Mal \
             aufgetreten: die Partie endet ohne Antrag remis."
        ),
        "{stdout}"
    );
    assert!(
        stdout.contains("4 notierte Züge wurden nicht gespielt"),
        "{stdout}"
    );
}

#[test]
fn the_readable_rulebook_speaks_german() {
    let out = arbiter(
        &[
            "--locales",
            LOCALES,
            "explain",
            "9.6.1",
            "--rulebook",
            RULEBOOK,
            "--lang",
            "de",
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let md = text(&out.stdout);
    for line in [
        "    Ereignis: eine Stellung entsteht (die Ausgangsstellung oder nach einem Zug)",
        "    Bedingung: die Anzahl der Auftritte der gegenwärtigen Stellung ist mindestens \
         die Auftritte einer Stellung, die ohne Antrag remis machen (5) \
         (`repetitions >= automatische_wiederholungen`)",
        "    Folgen: die Partie endet remis",
        "Von den Verfassern des Regelwerks geschrieben; kein amtlicher Text.",
    ] {
        assert!(md.lines().any(|l| l == line), "missing {line:?} in:\n{md}");
    }
}

#[test]
fn a_language_without_words_is_an_error_that_says_so() {
    let out = arbiter(
        &["adjudicate", "--rulebook", RULEBOOK, "--lang", "de", "-"],
        Some(five_shuffles().as_bytes()),
    );
    assert_ne!(out.status.code(), Some(0));
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("arbiter has no words in `de`") && stderr.contains("--locales"),
        "{stderr}"
    );
}
