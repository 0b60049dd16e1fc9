//! Issue 27's reproducers, one test each (faults 7 and 10, the engine's budget per game, are
//! covered with the engine's rewrite): the new surfaces attacked as an attacker and a careless
//! user would. Each test failed before its fix. What each expects is what the issue and the
//! README say a user gets: no panic, hang or unbounded memory, nothing written outside `--out`,
//! every untrusted text escaped for its medium, each bad input a located error or a correct
//! result.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::common::{arbiter, arbiter_in, root, scratch};

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// Run the binary with a deadline: a hang fails the test instead of blocking it.
fn arbiter_within(dir: &Path, args: &[&str], limit: Duration) -> std::process::Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn");
    let mut out = child.stdout.take().expect("stdout");
    let mut err = child.stderr.take().expect("stderr");
    let reader = std::thread::spawn(move || {
        let mut o = Vec::new();
        let _ = out.read_to_end(&mut o);
        o
    });
    let ereader = std::thread::spawn(move || {
        let mut e = Vec::new();
        let _ = err.read_to_end(&mut e);
        e
    });
    let start = Instant::now();
    let status = loop {
        if let Some(s) = child.try_wait().expect("wait") {
            break s;
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            panic!("arbiter {args:?} did not end within {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    std::process::Output {
        status,
        stdout: reader.join().expect("stdout"),
        stderr: ereader.join().expect("stderr"),
    }
}

/// A scenario of fide-2018 from the suite, as text.
fn a_scenario() -> String {
    std::fs::read_to_string(root().join("conformance/fide-2018/fifty/black-claim-upheld.pgn"))
        .expect("scenario")
}

/// A scenario of `tags` (extra tag lines) and `moves`, expecting nothing to end the game.
fn scenario_of(tags: &str, moves: &str) -> String {
    format!(
        "[Event \"x\"]\n[Site \"-\"]\n[Date \"????.??.??\"]\n[Round \"-\"]\n[White \"-\"]\n[Black \"-\"]\n[Result \"*\"]\n{tags}[Clauses \"9.3.2\"]\n[Features \"-\"]\n[Description \"x\"]\n[Derivation \"x\"]\n[ExpectResult \"*\"]\n[ExpectRule \"-\"]\n[ExpectEndedAtPly \"-\"]\n\n{moves} *\n"
    )
}

/// A suite folder holding `files` (path under the suite, text).
fn suite(name: &str, files: &[(&str, String)]) -> PathBuf {
    let d = scratch(name).join("suite");
    for (p, t) in files {
        let p = d.join(p);
        std::fs::create_dir_all(p.parent().expect("parent")).expect("dir");
        std::fs::write(p, t).expect("write");
    }
    d
}

fn publish(suite: &Path, out: &Path) -> std::process::Output {
    arbiter_within(
        &root(),
        &[
            "publish",
            "--conformance",
            &suite.to_string_lossy(),
            "--out",
            &out.to_string_lossy(),
        ],
        Duration::from_secs(300),
    )
}

/// Every file under `dir`, relative.
fn files_under(dir: &Path) -> Vec<String> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).expect("dir").flatten() {
            let p = e.path();
            if e.file_type().expect("type").is_dir() {
                stack.push(p);
            } else {
                out.push(p.strip_prefix(dir).expect("under").display().to_string());
            }
        }
    }
    out.sort();
    out
}

// 1. Scenario discovery follows symbolic links.

#[cfg(unix)]
#[test]
fn fault_01_suite_links_are_not_followed() {
    use std::os::unix::fs::symlink;
    let s = suite("links", &[("fide-2018/x/one.pgn", a_scenario())]);
    symlink(".", s.join("fide-2018/x/loop")).expect("link");
    symlink("..", s.join("fide-2018/x/up")).expect("link");
    symlink("/", s.join("fide-2018/root")).expect("link");
    symlink("one.pgn", s.join("fide-2018/x/two.pgn")).expect("link");
    let out = arbiter_within(
        &root(),
        &[
            "conformance",
            "--suite",
            &s.to_string_lossy(),
            "--rulebook",
            "fide-2018",
        ],
        Duration::from_secs(120),
    );
    let stdout = text(&out.stdout);
    let stderr = text(&out.stderr);
    assert!(stdout.contains("1 passed, 0 failed"), "{stdout}\n{stderr}");
    for link in ["loop", "up", "two.pgn"] {
        assert!(
            stderr.contains(&format!(
                "fide-2018/x/{link}: a symbolic link, not followed"
            )),
            "{stderr}"
        );
    }
    assert!(
        stderr.contains("fide-2018/root: a symbolic link"),
        "{stderr}"
    );
    let site = s.parent().expect("parent").join("site");
    let out = publish(&s, &site);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let pages: Vec<String> = files_under(&site.join("en/scenario"));
    assert_eq!(pages, vec!["fide-2018--x--one.html"], "{pages:?}");
}

#[cfg(unix)]
#[test]
fn fault_01_a_fifo_in_a_suite_is_not_read() {
    let s = suite("fifo", &[("fide-2018/x/one.pgn", a_scenario())]);
    let fifo = s.join("fide-2018/x/fifo.pgn");
    assert!(
        Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .expect("mkfifo")
            .success()
    );
    let out = arbiter_within(
        &root(),
        &[
            "conformance",
            "--suite",
            &s.to_string_lossy(),
            "--rulebook",
            "fide-2018",
        ],
        Duration::from_secs(120),
    );
    let stderr = text(&out.stderr);
    assert!(stderr.contains("fifo.pgn: not a regular file"), "{stderr}");
    assert!(
        text(&out.stdout).contains("1 passed"),
        "{}",
        text(&out.stdout)
    );
}

// 2. `publish` kept a copy of a scenario for every clause it cites.

#[test]
fn fault_02_a_scenario_citing_thousands_of_clauses_costs_a_line_each() {
    let clauses: Vec<String> = (0..6000).map(|i| format!("9.{i}")).collect();
    let scenario = a_scenario().replace(
        "[Clauses \"9.3.2\"]",
        &format!("[Clauses \"9.3.2 {}\"]", clauses.join(" ")),
    );
    assert!(scenario.len() > 30_000);
    // A megabyte of movetext comments beside the clauses.
    let scenario = scenario.replacen("\n\n", &format!("\n\n{{ {} }} ", "x".repeat(1 << 20)), 1);
    let s = suite("clauses", &[("fide-2018/x/many.pgn", scenario)]);
    let site = s.parent().expect("parent").join("site");
    let out = publish(&s, &site);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    // The rulebook's page lists the scenario under 9.3.2 by its id and page only.
    let book = std::fs::read_to_string(site.join("en/rulebook/fide-2018.html")).expect("page");
    assert!(book.len() < 8 << 20, "{} bytes", book.len());
}

// 3. Page names collided.

#[test]
fn fault_03_page_names_are_distinct() {
    let s = suite(
        "names",
        &[
            ("fide-2018/x/мат.pgn", a_scenario()),
            ("fide-2018/x/пат.pgn", a_scenario()),
            ("fide-2018/a--b/c.pgn", a_scenario()),
            ("fide-2018/a/b--c.pgn", a_scenario()),
            ("reports/lib one.jsonl", String::new()),
            ("reports/lib_one.jsonl", String::new()),
        ],
    );
    let site = s.parent().expect("parent").join("site");
    let out = publish(&s, &site);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let scenarios = files_under(&site.join("en/scenario"));
    assert_eq!(scenarios.len(), 4, "{scenarios:?}");
    let imps = files_under(&site.join("en/implementation"));
    assert_eq!(imps.len(), 2, "{imps:?}");
    // A plain name stands for itself.
    assert!(imps.contains(&"lib_one.html".to_string()), "{imps:?}");
}

// 4. `publish` rendered movetext in plies × comments time.

#[test]
fn fault_04_movetext_is_rendered_in_linear_time() {
    // 40,000 plies of knight moves, a comment after each.
    let mut moves = String::new();
    for i in 0..10_000 {
        moves.push_str(&format!(
            "{}. Nf3 {{ c }} Nf6 {{ c }} {}. Ng1 {{ c }} Ng8 {{ c }} ",
            2 * i + 1,
            2 * i + 2
        ));
    }
    let scenario = scenario_of("", moves.trim_end());
    let s = suite("movetext", &[("fide-2018/x/long.pgn", scenario)]);
    let site = s.parent().expect("parent").join("site");
    let start = Instant::now();
    let out = publish(&s, &site);
    assert!(out.status.code().is_some(), "{}", text(&out.stderr));
    assert!(
        start.elapsed() < Duration::from_secs(120),
        "{:?}",
        start.elapsed()
    );
    let page = std::fs::read_to_string(site.join("en/scenario/fide-2018--x--long.html"))
        .expect("the page");
    assert!(page.contains("20000. Ng1"), "numbered to the end");
}

// 5. The Markdown report pasted the program's words raw.

#[test]
fn fault_05_the_markdown_report_escapes_the_programs_words() {
    let dir = scratch("report");
    let program = dir.join("liar.sh");
    std::fs::write(
        &program,
        "#!/bin/sh\nread line\necho '{\"type\":\"hello\",\"protocol\":1,\"implementation\":{\"name\":\"<script>alert(1)</script>\",\"version\":\"# fake\",\"homepage\":\"javascript:alert(1)\",\"rulebooks\":[\"fide-2018\"],\"features\":[\"fifty-claim\"]}}'\nwhile read line; do echo 'not json \u{1b}[2J <b>x</b>'; done\n",
    )
    .expect("write");
    let report = dir.join("r.jsonl");
    let out = arbiter_within(
        &root(),
        &[
            "conformance",
            "--engine",
            &format!("sh {}", program.display()),
            "--rulebook",
            "fide-2018",
            "--filter",
            "fifty/black-claim-upheld",
            "--validate",
            "--timeout",
            "5",
            "--report",
            &report.to_string_lossy(),
        ],
        Duration::from_secs(120),
    );
    let md = std::fs::read_to_string(dir.join("r.md")).expect("markdown report");
    assert!(!md.contains("<script>"), "{md}");
    assert!(md.contains("\\<script\\>alert(1)\\</script\\>"), "{md}");
    assert!(!md.contains("\n# fake"), "{md}");
    assert!(!md.contains("](javascript"), "{md}");
    assert!(!md.contains('\u{1b}'), "{md}");
    // And the terminal shows the name, not its markup's effect on it.
    assert!(
        !text(&out.stdout).contains('\u{1b}'),
        "{}",
        text(&out.stdout)
    );
}

// 6. Terminal escapes in tags, moves and commands reached the terminal raw.

#[test]
fn fault_06_control_characters_are_shown_not_sent() {
    let game = "[Event \"x\"]\n[White \"a\u{1b}]0;owned\u{7}\u{9b}2J\u{202e}\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 *\n\n[Event \"y\"]\n[Result \"*\"]\n\n1. e4 \u{1b}[31me5 *\n";
    for args in [vec!["adjudicate", "-"], vec!["audit", "--all", "-"]] {
        let cmd = args[0];
        let out = arbiter(&args, Some(game.as_bytes()));
        let all = format!("{}{}", text(&out.stdout), text(&out.stderr));
        for c in all.chars() {
            assert!(
                !c.is_control() || c == '\n' || c == '\t',
                "{cmd}: a control character {c:?} reaches the terminal:\n{all}"
            );
        }
        assert!(!all.contains('\u{202e}'), "{cmd}: {all}");
        assert!(all.contains("a\u{241b}]0;owned\u{2407}"), "{cmd}: {all}");
        // The error's snippet too, the caret under the character named.
        assert!(all.contains("1. e4 \u{241b}[31me5"), "{cmd}: {all}");
    }
    // serve: a line that is not a message is said on stderr, shown.
    let out = arbiter(&["serve"], Some(b"\x1b]0;owned\x07\n"));
    let stderr = text(&out.stderr);
    assert!(!stderr.contains('\u{1b}'), "{stderr}");
}

// 8. `--jobs` accepted up to 65,535.

#[test]
fn fault_08_jobs_are_bounded() {
    let out = arbiter(&["adjudicate", "--jobs", "60000", "-"], Some(b"1. e4 *\n"));
    assert_eq!(out.status.code(), Some(2));
    let stderr = text(&out.stderr);
    assert!(stderr.contains("--jobs 60000: at most"), "{stderr}");
    let out = arbiter(
        &["--lang", "ru", "audit", "--jobs", "60000", "-"],
        Some(b"1. e4 *\n"),
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("не больше"),
        "{}",
        text(&out.stderr)
    );
    let out = arbiter(&["adjudicate", "--jobs", "2", "-"], Some(b"1. e4 *\n"));
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
}

// 9. Writing to a closed or full standard output panicked, or was lost silently.

/// Run arbiter with its standard output a pipe whose reading end is already closed.
#[cfg(unix)]
fn with_closed_stdout(args: &[&str]) -> std::process::Output {
    use std::os::unix::io::FromRawFd;
    let mut fds = [0; 2];
    // SAFETY: `fds` has room for the two descriptors pipe(2) writes.
    assert_eq!(unsafe { libc::pipe(fds.as_mut_ptr()) }, 0);
    // SAFETY: the reading end is ours and closed once.
    unsafe { libc::close(fds[0]) };
    // SAFETY: the writing end is ours; the child gets it as its standard output.
    let write_end = unsafe { std::fs::File::from_raw_fd(fds[1]) };
    Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(args)
        .current_dir(root())
        .stdin(Stdio::null())
        .stdout(Stdio::from(write_end))
        .stderr(Stdio::piped())
        .output()
        .expect("run")
}

#[cfg(unix)]
#[test]
fn fault_09_a_closed_pipe_ends_every_command_quietly_with_141() {
    let game = root().join("tests/fixtures/hou-yifan-ju-wenjun-2013.pgn");
    let game = if game.exists() {
        game.to_string_lossy().into_owned()
    } else {
        "conformance/fide-2018/fifty/black-claim-upheld.pgn".to_string()
    };
    let site = scratch("pipe-site");
    let site = site.to_string_lossy().into_owned();
    let commands: Vec<Vec<&str>> = vec![
        vec!["adjudicate", &game],
        vec!["audit", "--all", &game],
        vec!["check", "rules/fide-2018"],
        vec!["explain"],
        vec!["explain", "9.6.1"],
        vec!["explain-position", "8/8/8/8/8/8/8/K1k5 w - - 0 1"],
        vec!["publish", "--out", &site],
        vec![
            "conformance",
            "--filter",
            "fifty/black-claim-upheld",
            "--rulebook",
            "fide-2018",
        ],
        vec!["compile", "--check"],
        vec!["man"],
        vec!["completions", "bash"],
    ];
    for args in commands {
        let out = with_closed_stdout(&args);
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(141), "{args:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
        assert!(stderr.is_empty(), "{args:?}: not quiet: {stderr}");
    }
    // serve: its replies go nowhere.
    let mut child = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .arg("serve")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("serve");
    drop(child.stdout.take());
    {
        use std::io::Write;
        let mut stdin = child.stdin.take().expect("stdin");
        let _ = stdin.write_all(b"{\"type\":\"hello\",\"protocol\":1}\n");
    }
    let out = child.wait_with_output().expect("wait");
    assert_eq!(out.status.code(), Some(141), "{}", text(&out.stderr));
}

#[cfg(target_os = "linux")]
#[test]
fn fault_09_a_full_disk_is_an_error() {
    for args in [
        vec!["explain"],
        vec!["check", "rules/fide-2018"],
        vec!["explain-position", "8/8/8/8/8/8/8/K1k5 w - - 0 1"],
        vec!["man"],
    ] {
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .expect("/dev/full");
        let out = Command::new(env!("CARGO_BIN_EXE_arbiter"))
            .args(&args)
            .current_dir(root())
            .stdin(Stdio::null())
            .stdout(Stdio::from(full))
            .stderr(Stdio::piped())
            .output()
            .expect("run");
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {stderr}");
        assert!(
            stderr.contains("error: writing the output"),
            "{args:?}: {stderr}"
        );
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    }
}

// 11. `publish` wrote through links already inside `--out`.

#[cfg(unix)]
#[test]
fn fault_11_publish_never_writes_through_a_link() {
    use std::os::unix::fs::symlink;
    let s = suite("out-links", &[("fide-2018/x/one.pgn", a_scenario())]);
    let dir = s.parent().expect("parent").to_path_buf();
    let outside = dir.join("outside");
    std::fs::create_dir_all(&outside).expect("dir");
    std::fs::write(outside.join("victim"), "keep").expect("write");
    for (link, target) in [
        ("index.html", outside.join("victim")),
        ("en", outside.clone()),
    ] {
        let site = dir.join(format!("site-{}", link.replace('.', "-")));
        std::fs::create_dir_all(&site).expect("dir");
        symlink(&target, site.join(link)).expect("link");
        let out = publish(&s, &site);
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{stderr}");
        assert!(
            stderr.contains("a symbolic link; arbiter writes only under --out"),
            "{stderr}"
        );
        assert_eq!(
            std::fs::read_to_string(outside.join("victim")).expect("victim"),
            "keep"
        );
        assert_eq!(files_under(&outside), vec!["victim"]);
    }
}

// 12. The `Result` tag and the movetext's terminator disagreed; the ruling followed the tag.

#[test]
fn fault_12_a_record_that_contradicts_itself_is_a_located_error() {
    let pgn = "[Event \"x\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 0-1\n";
    let out = arbiter(&["adjudicate", "-"], Some(pgn.as_bytes()));
    assert_eq!(out.status.code(), Some(1));
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains(
            "<stdin>:4:17: game 1: the moves end with `0-1`, but the `Result` tag says `1-0`"
        ),
        "{stderr}"
    );
    let pdn = "[GameType \"25\"]\n[Result \"2-0\"]\n\n1. c3-d4 f6-e5 0-2\n";
    let out = arbiter(
        &["--lang", "ru", "adjudicate", "--rulebook", "club", "-"],
        Some(pdn.as_bytes()),
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("ходы кончаются на `0-2`, а тег `Result` говорит `2-0`"));
    // The same result in PDN's points and PGN's is no contradiction.
    let pdn = "[GameType \"25\"]\n[Result \"1-0\"]\n\n1. c3-d4 f6-e5 2-0\n";
    let out = arbiter(
        &["adjudicate", "--rulebook", "club", "-"],
        Some(pdn.as_bytes()),
    );
    assert!(
        !text(&out.stderr).contains("contradicts"),
        "{}",
        text(&out.stderr)
    );
}

// 13. After multi-byte text, an error's header column and snippet column disagreed.

fn columns(stderr: &str) -> (String, String) {
    let first = stderr.lines().next().unwrap_or_default();
    let head = first
        .split(": game")
        .next()
        .and_then(|s| s.rsplit_once(' ').map(|(_, loc)| loc.to_string()))
        .unwrap_or_default();
    let snippet = stderr
        .lines()
        .find_map(|l| {
            l.split_once("─[")
                .map(|(_, r)| r.trim_end_matches(']').to_string())
        })
        .unwrap_or_default();
    (head, snippet)
}

#[test]
fn fault_13_columns_agree_after_multi_byte_text() {
    let dir = scratch("columns");
    let cyrillic = "[Event \"Гроссмейстерский\"] 1. e4 e5 2. Ke3 *\n";
    let latin1: Vec<u8> = b"[Event \"Caf\xe9 na\xefve\"] 1. e4 e5 2. Ke3 *\n".to_vec();
    let mut utf16 = vec![0xFF, 0xFE];
    for u in cyrillic.encode_utf16() {
        utf16.extend(u.to_le_bytes());
    }
    let cases: Vec<(&str, Vec<u8>, Vec<&str>, &str)> = vec![
        ("cyrillic.pgn", cyrillic.as_bytes().to_vec(), vec![], "1:40"),
        (
            "latin1.pgn",
            latin1.clone(),
            vec!["--encoding", "latin1"],
            "1:34",
        ),
        ("latin1-as-utf8.pgn", latin1, vec![], "1:34"),
        ("utf16.pgn", utf16, vec![], "1:40"),
    ];
    for (name, bytes, extra, want) in cases {
        std::fs::write(dir.join(name), bytes).expect("write");
        let mut args = vec!["adjudicate"];
        args.extend(extra);
        args.push(name);
        let out = arbiter_in(&dir, &args, None);
        let stderr = text(&out.stderr);
        let (head, snippet) = columns(&stderr);
        assert_eq!(head, format!("{name}:{want}"), "{stderr}");
        assert_eq!(snippet, head, "{stderr}");
    }
}

// 14. `--locales`.

fn locales_with(name: &str, lang: &str, files: &[(&str, &str)]) -> PathBuf {
    let d = scratch(name).join("locales");
    std::fs::create_dir_all(d.join(lang)).expect("dir");
    for (f, t) in files {
        std::fs::write(d.join(lang).join(f), t).expect("write");
    }
    d
}

#[test]
fn fault_14_a_broken_fluent_file_is_a_located_error_in_our_words() {
    let d = locales_with(
        "ftl-syntax",
        "en",
        &[("x.ftl", "cli-error = oops { $message\n")],
    );
    let out = arbiter(
        &[
            "--locales",
            &d.to_string_lossy(),
            "check",
            "rules/fide-2018",
        ],
        None,
    );
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(!stderr.contains("cli-error("), "{stderr}");
    assert!(
        stderr.contains("x.ftl:2:1: not valid Fluent: expected `}`"),
        "{stderr}"
    );
    // Said in the language asked for, from its own embedded words.
    let d = locales_with(
        "ftl-syntax-ru",
        "ru",
        &[("x.ftl", "cli-error = ой { $message\n")],
    );
    let out = arbiter(
        &[
            "--lang",
            "ru",
            "--locales",
            &d.to_string_lossy(),
            "check",
            "rules/fide-2018",
        ],
        None,
    );
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("x.ftl:2:1: это не Fluent: ожидалось `}`"),
        "{stderr}"
    );
}

#[test]
fn fault_14_a_bad_reference_is_an_error_never_a_placeholder() {
    let d = locales_with(
        "ftl-refs",
        "en",
        &[(
            "x.ftl",
            "game-not-ended = { $nosuch } and { no-such-message }\n",
        )],
    );
    let out = arbiter(
        &["--locales", &d.to_string_lossy(), "adjudicate", "-"],
        Some(b"1. e4 *\n"),
    );
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(!text(&out.stdout).contains('{'), "{}", text(&out.stdout));
    assert!(
        stderr.contains("x.ftl:1:20: the message `game-not-ended` uses `$nosuch`"),
        "{stderr}"
    );
    assert!(
        stderr.contains("refers to `no-such-message`, which is no message"),
        "{stderr}"
    );
    // A term used without the argument it reads: Fluent would print `{$case}` without an error.
    let d = locales_with(
        "ftl-term",
        "en",
        &[("x.ftl", "-t = T { $case }\ngame-not-ended = { -t }\n")],
    );
    let out = arbiter(
        &["--locales", &d.to_string_lossy(), "adjudicate", "-"],
        Some(b"1. e4 *\n"),
    );
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    assert!(
        text(&out.stderr).contains("`$case`"),
        "{}",
        text(&out.stderr)
    );
}

#[cfg(unix)]
#[test]
fn fault_14_a_fifo_or_a_huge_file_is_refused_at_once() {
    let d = locales_with("ftl-fifo", "en", &[]);
    assert!(
        Command::new("mkfifo")
            .arg(d.join("en/f.ftl"))
            .status()
            .expect("mkfifo")
            .success()
    );
    let out = arbiter_within(
        &root(),
        &[
            "--locales",
            &d.to_string_lossy(),
            "check",
            "rules/fide-2018",
        ],
        Duration::from_secs(60),
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("f.ftl: not a regular file"),
        "{}",
        text(&out.stderr)
    );
    let d = locales_with("ftl-huge", "en", &[]);
    let f = std::fs::File::create(d.join("en/big.ftl")).expect("create");
    f.set_len(130 << 20).expect("a sparse 130 MB file");
    let out = arbiter_within(
        &root(),
        &[
            "--locales",
            &d.to_string_lossy(),
            "check",
            "rules/fide-2018",
        ],
        Duration::from_secs(60),
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("big.ftl: larger than 1 MB"),
        "{}",
        text(&out.stderr)
    );
}

// 15. `publish` numbering.

#[test]
fn fault_15_move_numbers_never_wrap_and_follow_the_side_to_move() {
    let fen = scenario_of(
        "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 18446744073709551615\"]\n",
        "1. Kd2 Kd7 2. Ke1",
    );
    let draughts = "[Event \"x\"]\n[GameType \"25\"]\n[Result \"*\"]\n[SetUp \"1\"]\n[FEN \"b:W21,22:B9,10\"]\n[Clauses \"club.D.1\"]\n[Features \"-\"]\n[Description \"x\"]\n[Derivation \"x\"]\n[ExpectResult \"*\"]\n[ExpectRule \"-\"]\n[ExpectEndedAtPly \"-\"]\n\n1... b6-a5 2. c3-d4 *\n";
    let s = suite(
        "numbers",
        &[
            ("fide-2018/x/huge.pgn", fen),
            ("club/x/lower.pgn", draughts.to_string()),
        ],
    );
    let site = s.parent().expect("parent").join("site");
    let out = publish(&s, &site);
    let stderr = text(&out.stderr);
    // The move number past the adjudicator's limit is its error, not a page numbered `0.`.
    assert!(stderr.contains("fide-2018/x/huge.pgn"), "{stderr}");
    assert!(stderr.contains("18446744073709551615"), "{stderr}");
    assert!(!site.join("en/scenario/fide-2018--x--huge.html").exists());
    let page = std::fs::read_to_string(site.join("en/scenario/club--x--lower.html")).expect("page");
    assert!(page.contains("1... b6-a5 2. c3-d4"), "{page}");
}
