//! `generated/` is compiler output: this test fails when it is stale, and (outside CI) rewrites
//! it so that the next run passes, in the manner of rust-analyzer's generated-code tests.

mod common;
use common::*;

use arbiter::backend::codegen;
use arbiter::compile;

#[test]
fn generated_is_fresh() {
    let root = root();
    let mut ids = Vec::new();
    let mut stale = Vec::new();
    let mut dirs: Vec<_> = std::fs::read_dir(root.join("rules"))
        .expect("rules/")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.join("rulebook.yaml").is_file())
        .collect();
    dirs.sort();
    let mut files = Vec::new();
    for dir in dirs {
        let ir = compile::compile_dir(&dir).unwrap_or_else(|d| panic!("{}", d.render()));
        for (p, t) in codegen::generate(&ir).expect("codegen") {
            files.push((root.join("generated").join(&ir.id).join(p), t));
        }
        ids.push(ir.id);
    }
    files.push((root.join("generated/mod.rs"), codegen::registry(&ids)));
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
