//! `generated/` is compiler output: this test fails when it is stale, and (outside CI) rewrites
//! it so that the next run passes, in the manner of rust-analyzer's generated-code tests.

use crate::common::*;

use arbiter::backend::codegen;

#[test]
fn generated_is_fresh() {
    let root = root();
    // Generating Rust needs rustfmt (part of the toolchain the README asks for): without it the
    // test fails, it does not pass unchecked.
    assert!(
        codegen::rustfmt_available(),
        "rustfmt is not installed, and generating Rust needs it: `rustup component add rustfmt`"
    );
    let words = arbiter::locale::default_words();
    let files = codegen::generate_tree(&root.join("rules"), &root.join("generated"), &words)
        .unwrap_or_else(|e| panic!("{e}"));
    let mut stale = Vec::new();
    for (path, want) in files {
        if std::fs::read_to_string(&path).ok().as_deref() != Some(want.as_str()) {
            if std::env::var_os("CI").is_none() {
                if let Some(p) = path.parent() {
                    std::fs::create_dir_all(p).expect("mkdir");
                }
                std::fs::write(&path, &want).expect("write");
            }
            stale.push(path.display().to_string());
        }
    }
    assert!(
        stale.is_empty(),
        "generated/ was stale (refresh it with `cargo run -- compile` and commit):\n  {}",
        stale.join("\n  ")
    );
}

#[test]
fn generated_files_say_do_not_edit() {
    for f in [
        "generated/mod.rs",
        "generated/fide-2018/adjudicator.rs",
        "generated/fide-2018/locales/en/rulings.ftl",
        "generated/fide-2018/locales/ru/rulings.ftl",
        "generated/fide-2018/rulebook.en.md",
        "generated/fide-2018/rulebook.ru.md",
    ] {
        let s = std::fs::read_to_string(root().join(f)).expect(f);
        let head: String = s.lines().take(2).collect();
        assert!(
            head.contains("@generated") && head.contains("Do not edit"),
            "{f}"
        );
    }
}

/// Generated Rust reads like hand-written code: rustfmt's layout (checked by `cargo fmt --check`,
/// which covers `generated/`), no line over 100 characters, no `rustfmt::skip`.
#[test]
fn generated_rust_is_formatted_and_narrow() {
    let mut checked = 0;
    for dir in std::fs::read_dir(root().join("generated")).expect("generated") {
        let dir = dir.expect("entry").path();
        // A rulebook compiled on each edition of a family has a folder per edition.
        let files = if dir.join("adjudicator.rs").is_file() {
            vec![dir.join("adjudicator.rs")]
        } else if dir.is_dir() {
            std::fs::read_dir(&dir)
                .expect("generated/<id>")
                .map(|e| e.expect("entry").path().join("adjudicator.rs"))
                .filter(|f| f.is_file())
                .collect()
        } else {
            vec![dir]
        };
        for f in files
            .into_iter()
            .filter(|f| f.extension().is_some_and(|x| x == "rs"))
        {
            let s = std::fs::read_to_string(&f).expect("read");
            assert!(!s.contains("rustfmt::skip"), "{}", f.display());
            for (i, line) in s.lines().enumerate() {
                let n = line.chars().count();
                assert!(n <= 100, "{}:{}: {n} characters", f.display(), i + 1);
            }
            checked += 1;
        }
    }
    assert!(checked >= 9, "{checked} files");
}
