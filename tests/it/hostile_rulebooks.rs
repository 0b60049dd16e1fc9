//! Rulebooks written to break arbiter (issue 12, faults (b), (c), (e), (i), (r), and a division
//! by zero located at game start): each is generated here into a scratch folder, then given to
//! `arbiter check` and `arbiter adjudicate --rulebook DIR` as a federation's folder would be.
//! Before the fixes these aborted (stack overflow), hung, took minutes or answered wrongly; now
//! each is a located error that names the limit it passes (docs/rulebooks.md, "Limits of a rulebook"), or
//! the right answer, in seconds.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::common::*;

/// A rulebook folder `name` with one clause file holding `clauses` (YAML list items).
fn book(name: &str, clauses: &str) -> PathBuf {
    books(name, &[clauses.to_string()])
}

/// A rulebook folder `name` with a clause file per entry of `files` (`c.yaml`, then `c1.yaml`,
/// `c2.yaml`, ...: the YAML reader takes at most 250,000 nodes a file).
fn books(name: &str, files: &[String]) -> PathBuf {
    let dir = scratch("hostile").join(name);
    std::fs::create_dir_all(&dir).expect("dir");
    let names: Vec<String> = (0..files.len())
        .map(|i| {
            if i == 0 {
                "c.yaml".into()
            } else {
                format!("c{i}.yaml")
            }
        })
        .collect();
    std::fs::write(
        dir.join("rulebook.yaml"),
        format!(
            "id: hostile\ntitle: {{en: Hostile}}\nsource: {{en: Test}}\nlanguages: [en]\n\
             files: [{}]\n",
            names.join(", ")
        ),
    )
    .expect("write");
    for (f, clauses) in names.iter().zip(files) {
        std::fs::write(
            dir.join(f),
            format!("article: {{en: A}}\nclauses:\n{clauses}"),
        )
        .expect("write");
    }
    dir
}

/// A clause answering `on` when `when` holds, with `effects`.
fn rule(id: &str, on: &str, when: &str, effects: &str) -> String {
    format!(
        "  - id: \"{id}\"\n    text: {{en: \"t\"}}\n    on: {on}\n    when: \"{when}\"\n    \
         effects: {effects}\n    ruling: {{en: \"r\"}}\n"
    )
}

/// A clause defining `name` as `when`.
fn define(id: &str, name: &str, when: &str) -> String {
    format!(
        "  - id: \"{id}\"\n    text: {{en: \"t\"}}\n    defines: {name}\n    when: \"{when}\"\n"
    )
}

/// A game of three moves by each side, no result from the laws.
const GAME: &str = "[Event \"x\"]\n[White \"a\"]\n[Black \"b\"]\n[Result \"*\"]\n\n\
                    1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n";

struct Run {
    code: Option<i32>,
    stdout: String,
    stderr: String,
}

/// Run the binary from `dir`, killed after `limit`: a hang is a failure, as is a crash (no exit
/// code: killed by a signal, an abort on stack overflow).
fn run_in(dir: &Path, args: &[&str], limit: Duration) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn arbiter");
    // Drain both pipes while waiting, so that a long report cannot block the child.
    let mut out = child.stdout.take().expect("stdout");
    let mut err = child.stderr.take().expect("stderr");
    let reader = std::thread::spawn(move || {
        let mut s = Vec::new();
        let _ = out.read_to_end(&mut s);
        s
    });
    let err_reader = std::thread::spawn(move || {
        let mut s = Vec::new();
        let _ = err.read_to_end(&mut s);
        s
    });
    let started = Instant::now();
    let status = loop {
        if let Some(s) = child.try_wait().expect("wait") {
            break s;
        }
        if started.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            panic!("arbiter {args:?} still running after {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    Run {
        code: status.code(),
        stdout: text(&reader.join().expect("stdout")),
        stderr: text(&err_reader.join().expect("stderr")),
    }
}

const LIMIT: Duration = Duration::from_secs(60);

/// `arbiter check DIR` refuses the rulebook (exit 1) with `expected` in its report, and
/// `arbiter adjudicate --rulebook DIR` refuses it too, before any game: neither crashes.
fn refused(dir: &Path, expected: &str) -> String {
    let parent = dir.parent().expect("parent");
    let name = dir.file_name().and_then(|n| n.to_str()).expect("name");
    let check = run_in(parent, &["check", name], LIMIT);
    assert_eq!(check.code, Some(1), "check {name}: {}", check.stderr);
    assert!(
        check.stderr.contains(expected),
        "check {name}: expected {expected:?} in\n{}",
        check.stderr
    );
    std::fs::write(parent.join("game.pgn"), GAME).expect("write");
    let adj = run_in(
        parent,
        &["adjudicate", "--rulebook", name, "game.pgn"],
        LIMIT,
    );
    assert_eq!(adj.code, Some(1), "adjudicate {name}: {}", adj.stderr);
    assert!(adj.stderr.contains(expected), "{}", adj.stderr);
    assert_eq!(adj.stdout, "");
    check.stderr
}

// Fault (b): deep and long expressions.

#[test]
fn ten_thousand_nested_parentheses() {
    let n = 10_000;
    let when = format!("{}true{}", "(".repeat(n), ")".repeat(n));
    let dir = book("parens", &rule("R", "position", &when, "[draw]"));
    // Over the length limit first; under it, over the nesting limit.
    let out = refused(&dir, "the expression is 20004 bytes long");
    assert!(out.contains("parens/c.yaml:6:"), "{out}");
    let when = format!("{}true{}", "(".repeat(65), ")".repeat(65));
    let dir = book("parens-65", &rule("R", "position", &when, "[draw]"));
    let out = refused(&dir, "nests more than 64 levels deep here");
    // The 65th parenthesis: column 12 of `    when: "` plus 64.
    assert!(out.contains("parens-65/c.yaml:6:76:"), "{out}");
}

#[test]
fn long_chains_of_and_and_plus() {
    let chain = vec!["true"; 10_000].join(" and ");
    let dir = book("and-chain", &rule("R", "position", &chain, "[draw]"));
    refused(&dir, "bytes long; an expression is at most 10000 bytes");
    // Short enough to read, too deep to take: refused at the operator that makes it 65 deep.
    let chain = vec!["true"; 100].join(" and ");
    let dir = book("and-100", &rule("R", "position", &chain, "[draw]"));
    let out = refused(&dir, "nests more than 64 levels deep here");
    assert!(out.contains("(a and b) and (c and d)"), "{out}");
    let sum = vec!["1"; 5_000].join(" + ");
    let dir = book(
        "plus-chain",
        &rule("R", "position", &format!("{sum} > 0"), "[draw]"),
    );
    refused(&dir, "the expression is");
    let sum = vec!["ply"; 80].join(" + ");
    let dir = book(
        "plus-80",
        &rule("R", "position", &format!("{sum} > 0"), "[draw]"),
    );
    refused(&dir, "nests more than 64 levels deep here");
    // Balanced, the same hundred terms are well within the limits.
    let quads: Vec<String> = (0..25)
        .map(|_| "(true and true and true and true)".into())
        .collect();
    let dir = book(
        "and-grouped",
        &rule("R", "position", &quads.join(" and "), "[draw]"),
    );
    let check = run_in(
        dir.parent().expect("parent"),
        &["check", "and-grouped"],
        LIMIT,
    );
    assert_eq!(check.code, Some(0), "{}", check.stderr);
}

#[test]
fn twenty_thousand_nots_and_minuses() {
    let dir = book(
        "nots",
        &rule(
            "R",
            "position",
            &format!("{}true", "not ".repeat(20_000)),
            "[draw]",
        ),
    );
    refused(&dir, "the expression is 80004 bytes long");
    let dir = book(
        "nots-70",
        &rule(
            "R",
            "position",
            &format!("{}true", "not ".repeat(70)),
            "[draw]",
        ),
    );
    refused(&dir, "nests more than 64 levels deep here");
    let minus = format!("{}1 > 0", "-".repeat(20_000));
    let dir = book("minus", &rule("R", "position", &minus, "[draw]"));
    refused(&dir, "the expression is");
    let minus = format!("{}1 > 0", "- ".repeat(70));
    let dir = book("minus-70", &rule("R", "position", &minus, "[draw]"));
    refused(&dir, "nests more than 64 levels deep here");
}

#[test]
fn twenty_thousand_nested_calls_and_ifs() {
    let n = 20_000;
    let when = format!("{}white{} == white", "opponent(".repeat(n), ")".repeat(n));
    let dir = book("opponent", &rule("R", "position", &when, "[draw]"));
    refused(&dir, "the expression is");
    let when = format!("{}white{} == white", "opponent(".repeat(70), ")".repeat(70));
    let dir = book("opponent-70", &rule("R", "position", &when, "[draw]"));
    refused(&dir, "nests more than 64 levels deep here");
    // In an effect too.
    let effect = format!(
        "[\"win({}white{})\"]",
        "opponent(".repeat(70),
        ")".repeat(70)
    );
    let dir = book("effect-70", &rule("R", "position", "ply == 1", &effect));
    refused(
        &dir,
        "effect syntax: the expression nests more than 64 levels deep",
    );
    // `else if` nests without a parenthesis.
    let ifs = "if ply == 1 then true else ".repeat(70);
    let dir = book(
        "else-if",
        &rule("R", "position", &format!("{ifs}false"), "[draw]"),
    );
    refused(&dir, "nests more than 64 levels deep here");
}

// Fault (r) and the depth of named values.

/// `n` definitions, each reading the one before twice, and a rule on the last.
fn chained(n: usize) -> String {
    let mut c = define("D.0", "d0", "ply > 1");
    for i in 1..n {
        c.push_str(&define(
            &format!("D.{i}"),
            &format!("d{i}"),
            &format!("d{} and not d{}", i - 1, i - 1),
        ));
    }
    c.push_str(&rule("R", "position", &format!("d{}", n - 1), "[draw]"));
    c
}

#[test]
fn definitions_that_double_at_each_level_are_refused() {
    // Evaluated as written, d39 is 2^40 evaluations of `ply > 1`: arbiter hung on every game.
    let dir = book("doubling", &chained(40));
    let out = refused(&dir, "parts to evaluate; at most 10000 are allowed");
    // Reported once, at the first definition over the limit (d11: 10,238 parts); the others
    // follow from it.
    assert_eq!(out.matches("parts to evaluate").count(), 1, "{out}");
    assert!(out.contains("doubling/c.yaml:50:"), "{out}");
    // Ten levels (2,558 parts) are fine, and rule as written.
    let dir = book("doubling-10", &chained(10));
    let parent = dir.parent().expect("parent");
    std::fs::write(parent.join("game.pgn"), GAME).expect("write");
    let adj = run_in(
        parent,
        &["adjudicate", "--rulebook", "doubling-10", "game.pgn"],
        LIMIT,
    );
    assert_eq!(adj.code, Some(0), "{}", adj.stderr);
    // d9 = d8 and not d8 is false whatever the game.
    assert!(
        adj.stdout.contains("have not ended the game"),
        "{}",
        adj.stdout
    );
}

#[test]
fn a_chain_of_definitions_is_as_deep_as_it_reads() {
    let mut c = define("D.0", "d0", "ply > 1");
    for i in 1..70 {
        c.push_str(&define(
            &format!("D.{i}"),
            &format!("d{i}"),
            &format!("not d{}", i - 1),
        ));
    }
    c.push_str(&rule("R", "position", "d69", "[draw]"));
    let dir = book("def-chain", &c);
    let out = refused(
        &dir,
        "with the named values it reads, this expression is 65 levels deep",
    );
    assert_eq!(out.matches("levels deep").count(), 1, "{out}");
}

// Fault (c): an effect that raises its own event.

#[test]
fn a_draw_on_drawn_is_refused_at_the_effect() {
    let clauses =
        rule("R", "position", "ply == 2", "[draw]") + &rule("S", "drawn", "true", "[draw]");
    let dir = book("drawn-draw", &clauses);
    let out = refused(
        &dir,
        "`draw` raises `drawn`, which leads back to this rule: drawn -> drawn",
    );
    // At the effect: `    effects: [` is 14 columns, on line 13 (the clause S starts on line 9).
    assert!(out.contains("drawn-draw/c.yaml:13:15:"), "{out}");
    assert_eq!(out.matches("leads back").count(), 1, "{out}");
    // A conditional draw on `drawn` is refused as well; a score is not.
    let clauses = rule("R", "position", "ply == 2", "[draw]")
        + &rule("S", "drawn", "true", "[\"draw if ply > 100\"]");
    refused(&book("drawn-draw-if", &clauses), "drawn -> drawn");
    let clauses = rule("R", "position", "ply == 2", "[draw]")
        + &rule("S", "drawn", "true", "[\"score(black)\"]");
    let dir = book("drawn-score", &clauses);
    let parent = dir.parent().expect("parent");
    std::fs::write(parent.join("game.pgn"), GAME).expect("write");
    let adj = run_in(
        parent,
        &["adjudicate", "--rulebook", "drawn-score", "game.pgn"],
        LIMIT,
    );
    assert_eq!(adj.code, Some(0), "{}", adj.stderr);
}

/// The runtime's own bound, for rules that were never checked: a loop that stops at
/// `MAX_CASCADE` with an error, not a recursion that overflows the stack.
#[test]
fn the_runtime_bounds_a_cascade_the_checker_did_not_see() {
    use arbiter::lang::ir::IrEffect;
    use arbiter::lang::schema::EffectId;
    let clauses = rule("R", "position", "ply == 2", "[draw]")
        + &rule("S", "drawn", "true", "[\"score(black)\"]");
    let dir = book("cascade-belt", &clauses);
    let mut ir = arbiter::compile::compile_dir(&dir, &arbiter::Embedded).expect("clean");
    let s = ir.rules.iter_mut().find(|r| r.clause_id == "S").expect("S");
    s.effects.push(IrEffect {
        id: EffectId::Draw,
        args: vec![],
        cond: None,
    });
    let rules = arbiter::backend::interp::Interpreter::new(ir).expect("interpreter");
    let game = arbiter::pgn::read_games(GAME.as_bytes())
        .pop()
        .expect("a game")
        .expect("read");
    let err =
        arbiter::adjudicate::game_with(game, &rules, Default::default()).expect_err("refused");
    assert!(
        err.message
            .to_string()
            .contains("raised events more than 16 times in a row (the last `drawn`)"),
        "{}",
        err.message
    );
}

// Fault (e): the size of a rulebook.

/// Clauses `from..to` on `position`, all drawing on a different ply.
fn many(from: usize, to: usize) -> String {
    let mut c = String::with_capacity((to - from) * 120);
    for i in from..to {
        c.push_str(&rule(
            &format!("R.{i}"),
            "position",
            &format!("ply == {i}"),
            "[draw]",
        ));
    }
    c
}

#[test]
fn more_clauses_than_the_limit_are_refused() {
    // 65,537 clauses in seven files: the rule index wrapped past 65,535 (the wrong clause was
    // cited) and the conflict check took minutes; now the clause past 10,000 is refused where it
    // is written.
    let files: Vec<String> = (0..7)
        .map(|k| many(k * 10_000, ((k + 1) * 10_000).min(65_537)))
        .collect();
    let dir = books("huge", &files);
    let out = refused(
        &dir,
        "the rulebook has 65537 clauses, its bases' included; at most 10000",
    );
    // Clause 10,001 (R.10000) is the first of the second file.
    assert!(out.contains("huge/c1.yaml:3:10:"), "{out}");
}

/// The diagnostics of checking a rulebook whose `rulebook.yaml` ends with `extra`.
fn check_with(name: &str, extra: &str, clauses: &str) -> String {
    let dir = book(name, clauses);
    let path = dir.join("rulebook.yaml");
    let head = std::fs::read_to_string(&path).expect("read");
    std::fs::write(&path, format!("{head}{extra}")).expect("write");
    match arbiter::compile::compile_dir(&dir, &arbiter::Embedded) {
        Ok(_) => panic!("{name} checks clean"),
        Err(d) => d.to_string(),
    }
}

#[test]
fn more_rules_names_or_parameters_than_the_limit_are_refused() {
    let n = 10_001;
    let mut rules = String::from("  - id: \"R\"\n    text: {en: t}\n    rules:\n");
    for i in 0..n {
        rules.push_str(&format!(
            "      - name: r{i}\n        on: position\n        when: \"ply == {i}\"\n        \
             effects: [draw]\n        ruling: {{en: r}}\n"
        ));
    }
    let out = check_with("rules", "", &rules);
    assert!(
        out.contains("the rulebook has 10001 rules; at most 10000"),
        "{out}"
    );
    let mut constants = String::from("constants:\n");
    for i in 0..n {
        constants.push_str(&format!("  c{i}: {{value: \"{i}\", doc: {{en: d}}}}\n"));
    }
    // Constants are read in the order of their names: `c9999` is the one past the limit.
    let use_last = rule("R", "position", "ply == c9999", "[draw]");
    let out = check_with("names", &constants, &use_last);
    assert!(
        out.contains("the rulebook has 10001 constants and defined names; at most 10000"),
        "{out}"
    );
    // The name past the limit is not also an unknown fact where it is used.
    assert_eq!(out.lines().count(), 1, "{out}");
    let mut params = String::from("parameters:\n");
    for i in 0..n {
        params.push_str(&format!(
            "  p{i}: {{type: int, default: \"0\", doc: {{en: d}}}}\n"
        ));
    }
    let out = check_with(
        "params",
        &params,
        &rule("R", "position", "ply == 1", "[draw]"),
    );
    assert!(
        out.contains("the rulebook has 10001 parameters; at most 10000"),
        "{out}"
    );
}

#[test]
fn ten_thousand_clauses_that_agree_check_in_seconds() {
    // All draw on `position`: no two contradict, and the check compares none of them.
    let dir = book("ten-thousand", &many(0, 10_000));
    let check = run_in(
        dir.parent().expect("parent"),
        &["check", "ten-thousand"],
        LIMIT,
    );
    assert_eq!(check.code, Some(0), "{}", check.stderr);
    assert!(
        check.stdout.contains("ok (10000 clauses)"),
        "{}",
        check.stdout
    );
}

#[test]
fn conflicts_are_listed_up_to_a_limit() {
    // 150 drawing and 150 winning clauses on the same ply, without precedence: 22,500
    // conflicts, of which the first 100 are listed.
    let mut c = String::new();
    for i in 0..150 {
        c.push_str(&rule(&format!("D.{i}"), "position", "ply == 3", "[draw]"));
        c.push_str(&rule(
            &format!("W.{i}"),
            "position",
            "ply == 3",
            "[\"win(white)\"]",
        ));
    }
    let dir = book("conflicts", &c);
    let out = refused(
        &dir,
        "more than 100 conflicts between rules: the others are not listed",
    );
    assert_eq!(out.matches("contradictory outcomes").count(), 100, "{out}");
}

// Fault (i): `time_for_moves` of a huge number of moves.

#[test]
fn time_for_four_billion_moves_is_an_error_not_a_draw() {
    // The sum overflowed into a small number (a draw, wrongly) after counting 2^32 moves one by
    // one (34 s); now it is computed at once and its overflow is an error at the position.
    let dir = book(
        "time",
        &rule(
            "R",
            "position",
            "timed and time_for_moves(4294967295) < 1s",
            "[draw]",
        ),
    );
    let parent = dir.parent().expect("parent");
    let game = "[Event \"x\"]\n[Result \"*\"]\n[TimeControl \"1/4294967295\"]\n\n1. e4 e5 *\n";
    std::fs::write(parent.join("game.pgn"), game).expect("write");
    let adj = run_in(
        parent,
        &["adjudicate", "--rulebook", "time", "game.pgn"],
        LIMIT,
    );
    assert_eq!(adj.code, Some(1), "{}{}", adj.stdout, adj.stderr);
    assert!(
        adj.stderr.contains(
            "evaluating the rules on `position` at ply 0: clause R: \
             time_for_moves(4294967295): the time is too large to count"
        ),
        "{}",
        adj.stderr
    );
    // A large count that fits is answered, at once.
    let game = "[Event \"x\"]\n[Result \"*\"]\n[TimeControl \"40/7200\"]\n\n1. e4 e5 *\n";
    std::fs::write(parent.join("game.pgn"), game).expect("write");
    let adj = run_in(
        parent,
        &["adjudicate", "--rulebook", "time", "game.pgn"],
        LIMIT,
    );
    assert_eq!(adj.code, Some(0), "{}", adj.stderr);
    assert!(
        adj.stdout.contains("have not ended the game"),
        "{}",
        adj.stdout
    );
}

// A division by zero, an overflow: where and in which clause.

#[test]
fn a_division_by_zero_is_located_at_its_move_and_clause() {
    let dir = book(
        "div0",
        &rule("R", "position", "10 / (ply - 3) > 100", "[draw]"),
    );
    let parent = dir.parent().expect("parent");
    std::fs::write(parent.join("game.pgn"), GAME).expect("write");
    let adj = run_in(
        parent,
        &["adjudicate", "--rulebook", "div0", "game.pgn"],
        LIMIT,
    );
    assert_eq!(adj.code, Some(1), "{}", adj.stderr);
    // Ply 3 is 2. Nf3, line 6, column 13.
    assert!(
        adj.stderr.contains(
            "game.pgn:6:13: game 1: evaluating the rules on `position` at ply 3: clause R: \
             division by zero in `/`"
        ),
        "{}",
        adj.stderr
    );
    // At the start position, ply 0, in an effect, and an overflow.
    let adjudicate = |name: &str, clauses: &str| {
        let dir = book(name, clauses);
        let parent = dir.parent().expect("parent");
        std::fs::write(parent.join("game.pgn"), GAME).expect("write");
        run_in(
            parent,
            &["adjudicate", "--rulebook", name, "game.pgn"],
            LIMIT,
        )
        .stderr
    };
    let err = adjudicate(
        "div0-start",
        &rule("R", "position", "10 % ply > 1", "[draw]"),
    );
    assert!(
        err.contains("at ply 0: clause R: division by zero in `%`"),
        "{err}"
    );
    let effect = "[\"add_time(white, 10s / (ply - 2))\"]";
    let err = adjudicate("div0-effect", &rule("R", "position", "ply == 2", effect));
    assert!(
        err.contains(
            "game.pgn:6:7: game 1: evaluating effects on `position` at ply 2: clause R: \
             division by zero in `/`"
        ),
        "{err}"
    );
    let when = "9223372036854775807 + ply < 0";
    let err = adjudicate("overflow", &rule("R", "position", when, "[draw]"));
    assert!(
        err.contains("at ply 1: clause R: the result of `+` is too large for a number"),
        "{err}"
    );
}

// Strings that reach generated Rust.

#[test]
fn a_clause_id_or_a_parameter_name_cannot_break_a_line() {
    let clauses = rule("a\\n}\\nfn evil() {}", "position", "ply == 1", "[draw]");
    let dir = book("id-newline", &clauses);
    let out = refused(&dir, "a clause id cannot hold a line break");
    assert!(out.contains("id-newline/c.yaml:3:11:"), "{out}");
    let dir = book("param-name", &rule("R", "position", "ply == 1", "[draw]"));
    std::fs::write(
        dir.join("rulebook.yaml"),
        "id: hostile\ntitle: {en: Hostile}\nsource: {en: Test}\nlanguages: [en]\n\
         files: [c.yaml]\nparameters:\n  \"x\\nfn evil() {}\":\n    type: int\n    \
         default: \"0\"\n    doc: {en: d}\n",
    )
    .expect("write");
    refused(&dir, "a parameter's name is lower-case letters");
}

#[test]
fn generated_rust_keeps_every_text_in_its_comment_or_literal() {
    let dir = book("codegen", &rule("R", "position", "ply == 1", "[draw]"));
    let mut ir = arbiter::compile::compile_dir(&dir, &arbiter::Embedded).expect("clean");
    // Texts the checker would refuse, given to the generator directly.
    let evil = "R\n}\nfn evil() {}\r\u{202e}";
    ir.clauses[0].id = evil.into();
    ir.rules[0].clause_id = evil.into();
    ir.clauses[0]
        .text
        .insert("en".into(), format!("text\n*/ fn evil2() {{}}{evil}"));
    assert!(
        arbiter::backend::codegen::rustfmt_available(),
        "rustfmt is not installed, and generating Rust needs it: `rustup component add rustfmt`"
    );
    let rust = arbiter::backend::codegen::rust(&ir).expect("generated");
    for line in rust.lines() {
        let code = line.trim_start();
        assert!(
            !code.starts_with("fn evil") && !code.starts_with('}') || !line.contains("evil"),
            "{line}"
        );
        assert!(
            !line.contains('\r') && !line.contains('\u{202e}'),
            "{line:?}"
        );
    }
    assert!(
        rust.contains("\"R\\n}\\nfn evil() {}\\r\\u{202e}\""),
        "{rust}"
    );
}
