//! The command line a person uses: shell completions, the manual page, `--color`.

use crate::common::{arbiter, arbiter_in, root, scratch, text};

const COMMANDS: &[&str] = &[
    "adjudicate",
    "audit",
    "check",
    "compile",
    "conformance",
    "serve",
    "explain-position",
    "explain",
    "completions",
    "man",
];

#[test]
fn completions_name_every_command_in_each_shell() {
    for (shell, marker) in [
        ("bash", "complete -F _arbiter"),
        ("zsh", "#compdef arbiter"),
        ("fish", "complete -c arbiter"),
    ] {
        let out = arbiter(&["completions", shell], None);
        assert_eq!(out.status.code(), Some(0), "{shell}: {}", text(&out.stderr));
        let script = text(&out.stdout);
        assert!(script.contains(marker), "{shell}: {script}");
        for c in COMMANDS {
            assert!(script.contains(c), "{shell} completion misses `{c}`");
        }
    }
    // A shell clap does not know is a usage error, not a panic.
    let out = arbiter(&["completions", "cmd.exe"], None);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn man_prints_a_page_and_writes_one_per_command() {
    let out = arbiter(&["man"], None);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    // roff escapes hyphens.
    let page = text(&out.stdout).replace("\\-", "-");
    assert!(page.contains(".TH arbiter 1"), "{page}");
    assert!(page.contains(".SH SUBCOMMANDS"), "{page}");
    for c in COMMANDS {
        assert!(page.contains(c), "the page misses `{c}`");
    }
    let dir = scratch("man-pages");
    let dir_arg = dir.to_string_lossy().into_owned();
    let out = arbiter(&["man", "--out", &dir_arg], None);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    for c in COMMANDS {
        let p = dir.join(format!("arbiter-{c}.1"));
        let page = std::fs::read_to_string(&p)
            .unwrap_or_default()
            .replace("\\-", "-");
        assert!(
            page.contains(&format!(".TH arbiter-{c} 1")),
            "{}",
            p.display()
        );
    }
    assert!(dir.join("arbiter.1").is_file());
}

#[test]
fn color_is_asked_for_or_not_and_never_sent_down_a_pipe_by_default() {
    let report = |extra: &[&str]| {
        let mut args = extra.to_vec();
        args.extend(["check", "no-such-rulebook-folder"]);
        let out = arbiter(&args, None);
        assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
        text(&out.stderr)
    };
    let escape = '\u{1b}';
    assert!(report(&["--color", "always"]).contains(escape));
    assert!(report(&["--color=always"]).contains(escape));
    assert!(!report(&["--color", "never"]).contains(escape));
    // Standard error is a pipe here: `auto` (the default) means no colour.
    assert!(!report(&[]).contains(escape));
    assert!(!report(&["--color", "auto"]).contains(escape));
    let out = arbiter(&["--color", "sometimes", "check"], None);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn a_folder_named_like_a_built_in_rulebook_is_warned_about() {
    let dir = scratch("shadowed-rulebook");
    let folder = dir.join("fide-2023");
    std::fs::create_dir_all(&folder).expect("folder");
    std::fs::write(folder.join("rulebook.yaml"), "id: not-what-runs\n").expect("rulebook.yaml");
    let game = root().join("conformance/fide-2023/resignation/black-resigns-named.pgn");
    let game = game.to_string_lossy().into_owned();
    for lang in ["en", "ru"] {
        let out = arbiter_in(
            &dir,
            &[
                "--lang",
                lang,
                "adjudicate",
                "--rulebook",
                "fide-2023",
                &game,
            ],
            None,
        );
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        let err = text(&out.stderr);
        let word = if lang == "en" {
            "warning"
        } else {
            "предупреждение"
        };
        assert!(err.contains(word) && err.contains("./fide-2023"), "{err}");
    }
    // The folder, asked for as a path, is read (and here fails to load: it is no rulebook).
    let out = arbiter_in(
        &dir,
        &["adjudicate", "--rulebook", "./fide-2023", &game],
        None,
    );
    assert_ne!(out.status.code(), Some(0));
    assert!(!text(&out.stderr).contains("warning"));
    // No folder, no warning.
    let out = arbiter(&["adjudicate", "--rulebook", "fide-2023", &game], None);
    assert!(
        !text(&out.stderr).contains("warning"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn explain_without_a_clause_lists_them_in_columns() {
    for (lang, first) in [("en", "Checkmate"), ("ru", "Мат")] {
        let out = arbiter(&["--lang", lang, "explain"], None);
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        let list = text(&out.stdout);
        let lines: Vec<&str> = list.lines().collect();
        assert!(lines.len() > 40, "{list}");
        // In the Laws' order: Article 4.3 first, then 5.1.1 under its title.
        assert!(lines[0].starts_with("4.3 "), "{list}");
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with("5.1.1 ") && l.ends_with(first)),
            "{list}"
        );
        // The texts start in one column, counted in characters (Cyrillic included).
        let column = |l: &str| {
            let id = l.split(' ').next().unwrap_or_default().chars().count();
            id + l.chars().skip(id).take_while(|c| *c == ' ').count()
        };
        let c0 = column(lines[0]);
        assert!(lines.iter().all(|l| column(l) == c0), "{list}");
        // The 2023 edition's renumbered 9.2, and no clause its amendments replaced.
        assert!(lines.iter().any(|l| l.starts_with("9.2.3.2 ")), "{list}");
        assert!(!lines.iter().any(|l| l.starts_with("9.2.1.1 ")), "{list}");
    }
}

#[test]
fn explain_ends_with_its_clause() {
    // 5.2.3 is the last clause of Article 5: Article 6 does not follow it.
    let out = arbiter(&["explain", "5.2.3"], None);
    let shown = text(&out.stdout);
    assert!(shown.starts_with("5.2.3"), "{shown}");
    assert!(
        !shown.contains("Article 6") && !shown.contains("6.9"),
        "{shown}"
    );
}
