//! The committed certification reports (conformance/reports/) are what the adapters produce
//! today: each run is repeated and compared line by line, and every failure of a third-party
//! library must be explained (conformance/adapters/*/failures.yaml). The libraries are the
//! pinned versions that `conformance/certify --install` puts beside their adapters (the Rust
//! adapters built against the version their Cargo.lock pins); without them the third-party
//! runs are skipped locally and fail in CI.

use std::path::Path;
use std::process::Command;

use crate::common::{arbiter, root, scratch, text};

fn pinned_python_chess() -> Option<String> {
    let adapter = root().join("conformance/adapters/python-chess");
    let want = std::fs::read_to_string(adapter.join("requirements.txt")).ok()?;
    let want = want.trim().strip_prefix("chess==")?.to_string();
    let out = Command::new("python3")
        .args(["-c", "import chess; print(chess.__version__)"])
        .env("PYTHONPATH", adapter.join(".deps"))
        .output()
        .ok()?;
    (text(&out.stdout).trim() == want).then_some(want)
}

fn pinned_pydraughts() -> Option<String> {
    let adapter = root().join("conformance/adapters/pydraughts");
    let want = std::fs::read_to_string(adapter.join("requirements.txt")).ok()?;
    let want = want.trim().strip_prefix("pydraughts==")?.to_string();
    let out = Command::new("python3")
        .args(["-c", "import draughts; print(draughts.__version__)"])
        .env("PYTHONPATH", adapter.join(".deps"))
        .output()
        .ok()?;
    (text(&out.stdout).trim() == want).then_some(want)
}

fn pinned_npm(adapter: &str, package: &str) -> Option<String> {
    let dir = root().join("conformance/adapters").join(adapter);
    let manifest: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(dir.join("node_modules").join(package).join("package.json"))
            .ok()?,
    )
    .ok()?;
    let want: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("package.json")).ok()?).ok()?;
    let have = manifest["version"].as_str()?;
    (Some(have) == want["dependencies"][package].as_str()).then(|| have.to_string())
}

/// The built adapter of a Rust library, when the version it says hello with is the one its
/// Cargo.lock pins.
fn pinned_rust(adapter: &str, krate: &str) -> Option<String> {
    let dir = root().join("conformance/adapters").join(adapter);
    let lock = std::fs::read_to_string(dir.join("Cargo.lock")).ok()?;
    let want = lock
        .split("[[package]]")
        .find(|p| p.contains(&format!("\nname = \"{krate}\"\n")))?
        .lines()
        .find_map(|l| l.strip_prefix("version = \""))?
        .trim_end_matches('"')
        .to_string();
    let bin = dir.join(format!("target/release/arbiter-adapter-{adapter}"));
    let mut child = Command::new(bin)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .ok()?;
    {
        use std::io::Write;
        let mut stdin = child.stdin.take()?;
        stdin
            .write_all(b"{\"type\":\"hello\",\"protocol\":1}\n{\"type\":\"stop\"}\n")
            .ok()?;
    }
    let out = child.wait_with_output().ok()?;
    let hello: serde_json::Value = serde_json::from_str(text(&out.stdout).lines().next()?).ok()?;
    (hello["implementation"]["version"].as_str() == Some(want.as_str())).then_some(want)
}

/// Run one certification and compare both reports with the committed ones.
fn certify(name: &str, engine: &str, explain: Option<&str>) {
    let dir = scratch(&format!("certify-{name}"));
    let report = dir.join(format!("{name}.jsonl"));
    let report_arg = report.to_string_lossy().into_owned();
    let mut args = vec![
        "conformance",
        "--engine",
        engine,
        "--validate",
        "--report",
        &report_arg,
    ];
    if let Some(x) = explain {
        args.extend(["--explain", x]);
    }
    let out = arbiter(&args, None);
    assert!(
        matches!(out.status.code(), Some(0 | 1)),
        "{name}: {}",
        text(&out.stderr)
    );
    let stderr = text(&out.stderr);
    assert!(
        !stderr.contains("unexplained failure") && !stderr.contains("stale explanation"),
        "{name}: the explanations in {} no longer match the results:\n{stderr}",
        explain.unwrap_or("-")
    );
    let committed = root().join("conformance/reports");
    for file in [format!("{name}.jsonl"), format!("{name}.md")] {
        let fresh = std::fs::read_to_string(dir.join(&file)).unwrap_or_default();
        let old = std::fs::read_to_string(committed.join(&file)).unwrap_or_default();
        if fresh != old {
            let first = fresh
                .lines()
                .zip(old.lines())
                .position(|(a, b)| a != b)
                .map_or("a different number of lines".into(), |i| {
                    format!("line {}", i + 1)
                });
            panic!(
                "conformance/reports/{file} is stale ({first} differs): run `conformance/certify` and commit the reports"
            );
        }
    }
    let md = std::fs::read_to_string(committed.join(format!("{name}.md"))).unwrap_or_default();
    assert!(
        !md.contains("### Unexplained"),
        "{name}: unexplained failures"
    );
}

fn require(lib: &str, found: Option<String>) -> bool {
    if found.is_some() {
        return true;
    }
    let msg = format!(
        "{lib} (the pinned version) is not installed beside its adapter: run `conformance/certify --install`"
    );
    assert!(std::env::var_os("CI").is_none(), "{msg}");
    eprintln!("skipped: {msg}");
    false
}

#[test]
fn arbiter_report_is_fresh() {
    certify(
        "arbiter",
        "builtin",
        Some("conformance/arbiter-failures.yaml"),
    );
}

#[test]
fn python_chess_report_is_fresh_and_explained() {
    if require("python-chess", pinned_python_chess()) {
        certify(
            "python-chess",
            "python3 conformance/adapters/python-chess/adapter.py",
            Some("conformance/adapters/python-chess/failures.yaml"),
        );
    }
}

#[test]
fn chess_js_report_is_fresh_and_explained() {
    if require("chess.js", pinned_npm("chess.js", "chess.js")) {
        certify(
            "chess.js",
            "node conformance/adapters/chess.js/adapter.js",
            Some("conformance/adapters/chess.js/failures.yaml"),
        );
    }
}

#[test]
fn chess_crate_report_is_fresh_and_explained() {
    if require("the chess crate", pinned_rust("chess-crate", "chess")) {
        certify(
            "chess-crate",
            "conformance/adapters/chess-crate/target/release/arbiter-adapter-chess-crate",
            Some("conformance/adapters/chess-crate/failures.yaml"),
        );
    }
}

#[test]
fn esca_report_is_fresh_and_explained() {
    if require("esca", pinned_rust("esca", "esca")) {
        certify(
            "esca",
            "conformance/adapters/esca/target/release/arbiter-adapter-esca",
            Some("conformance/adapters/esca/failures.yaml"),
        );
    }
}

#[test]
fn chessops_report_is_fresh_and_explained() {
    if require("chessops", pinned_npm("chessops", "chessops")) {
        certify(
            "chessops",
            "node conformance/adapters/chessops/adapter.js",
            Some("conformance/adapters/chessops/failures.yaml"),
        );
    }
}

#[test]
fn pydraughts_report_is_fresh_and_explained() {
    if require("pydraughts", pinned_pydraughts()) {
        certify(
            "pydraughts",
            "python3 conformance/adapters/pydraughts/adapter.py",
            Some("conformance/adapters/pydraughts/failures.yaml"),
        );
    }
}

#[test]
fn every_adapter_has_its_report() {
    for adapter in std::fs::read_dir(root().join("conformance/adapters")).expect("adapters") {
        let name = adapter.expect("entry").file_name();
        let name = name.to_string_lossy();
        for ext in ["jsonl", "md"] {
            let p = format!("conformance/reports/{name}.{ext}");
            assert!(Path::new(&root().join(&p)).is_file(), "missing {p}");
        }
    }
}

#[test]
fn the_readme_table_matches_the_reports() {
    let readme = std::fs::read_to_string(root().join("README.md")).expect("README");
    for (name, row_start) in [
        ("arbiter", "| arbiter (compiled backend) |"),
        ("python-chess", "| python-chess | 1"),
        ("chess.js", "| chess.js | 1"),
        ("chess-crate", "| chess (Rust crate) | 3"),
        ("esca", "| esca | 0"),
        ("chessops", "| chessops | 0"),
        ("pydraughts", "| pydraughts (Russian draughts) | 0"),
    ] {
        let report =
            std::fs::read_to_string(root().join(format!("conformance/reports/{name}.jsonl")))
                .expect("report");
        let kinds: Vec<String> = report
            .lines()
            .map(|l| {
                let v: serde_json::Value = serde_json::from_str(l).expect("JSON line");
                v["outcome"].as_str().unwrap_or("?").to_string()
            })
            .collect();
        let count = |k: &str| kinds.iter().filter(|x| *x == k).count();
        let total = kinds.len();
        let applicable = total - count("not-applicable");
        let want = format!(
            "| {applicable} of {total} | {} | {} |",
            count("passed"),
            count("failed")
        );
        let row = readme
            .lines()
            .find(|l| l.starts_with(row_start))
            .unwrap_or_else(|| panic!("README has no row for {name}"));
        assert!(
            row.ends_with(&want),
            "README row for {name}: {row}, the report says {want}"
        );
    }
}
