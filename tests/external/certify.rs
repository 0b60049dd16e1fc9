//! The committed certification reports (conformance/reports/) are what the adapters produce
//! today: each run is repeated and compared line by line, and every failure of a third-party
//! library must be explained (conformance/adapters/*/failures.yaml). The libraries are the
//! pinned versions that `conformance/certify --install` puts beside their adapters (the Rust
//! adapters built against the version their Cargo.lock pins); without them the third-party
//! runs are ignored with the reason locally and fail in CI. arbiter's own report is made by
//! `conformance/certify` itself, run with `CARGO_TARGET_DIR` pointing elsewhere: the script
//! must run the binary cargo says it built there, and build the Rust adapters where these
//! tests look for them.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::common::{arbiter, root, scratch, text};
use crate::{Ran, done, skip};

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

fn pinned_py_draughts() -> Option<String> {
    let adapter = root().join("conformance/adapters/py-draughts");
    let want = std::fs::read_to_string(adapter.join("requirements.txt")).ok()?;
    let want = want.trim().strip_prefix("py-draughts==")?.to_string();
    let out = Command::new("python3")
        .args([
            "-c",
            "from importlib.metadata import version; print(version('py-draughts'))",
        ])
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
    same_as_committed(name, &dir);
}

/// Both reports of `name` in `dir` are the committed ones, and explain every failure.
fn same_as_committed(name: &str, dir: &Path) {
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

/// Run `engine`'s certification when its pinned library is installed; else skip, saying how to
/// install it.
fn certify_if(lib: &str, found: Option<String>, name: &str, engine: &str, explain: &str) -> Ran {
    if found.is_none() {
        return skip(format!(
            "{lib} (the pinned version) is not installed beside its adapter: run \
             `conformance/certify --install`"
        ));
    }
    certify(name, engine, Some(explain));
    done()
}

/// A stand-in for cargo on the PATH of `conformance/certify`: it records how it was called
/// (arguments and `CARGO_TARGET_DIR`) in `calls`, and for `build --bin arbiter` puts the arbiter
/// under test where a real build would put it, in `$CARGO_TARGET_DIR/release/`, and reports it
/// as cargo does (`--message-format=json`).
fn fake_cargo(dir: &Path) -> (PathBuf, PathBuf) {
    let bin = dir.join("bin");
    std::fs::create_dir_all(&bin).expect("bin");
    let calls = dir.join("calls");
    let script = format!(
        r#"#!/usr/bin/env bash
echo "CARGO_TARGET_DIR=${{CARGO_TARGET_DIR:-}} $*" >> '{calls}'
case " $* " in
  *" --bin arbiter "*)
    mkdir -p "$CARGO_TARGET_DIR/release"
    cp '{arbiter}' "$CARGO_TARGET_DIR/release/arbiter"
    echo '{{"reason":"compiler-artifact","target":{{"name":"build-script-build"}},"executable":null,"fresh":true}}'
    echo "{{\"reason\":\"compiler-artifact\",\"target\":{{\"name\":\"arbiter\"}},\"executable\":\"$CARGO_TARGET_DIR/release/arbiter\",\"fresh\":false}}"
    echo '{{"reason":"build-finished","success":true}}'
    ;;
esac
"#,
        calls = calls.display(),
        arbiter = env!("CARGO_BIN_EXE_arbiter"),
    );
    let cargo = bin.join("cargo");
    std::fs::write(&cargo, script).expect("fake cargo");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&cargo, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    }
    (bin, calls)
}

/// `conformance/certify ARGS` with the fake cargo first on the PATH and `CARGO_TARGET_DIR` set
/// to `target_dir`.
fn run_certify(dir: &Path, target_dir: &Path, args: &[&str]) -> (std::process::Output, String) {
    let (bin, calls) = fake_cargo(dir);
    let path = std::env::var("PATH").unwrap_or_default();
    let out = Command::new(root().join("conformance/certify"))
        .args(args)
        .env("PATH", format!("{}:{path}", bin.display()))
        .env("CARGO_TARGET_DIR", target_dir)
        .current_dir(root())
        .output()
        .expect("run conformance/certify");
    (out, std::fs::read_to_string(calls).unwrap_or_default())
}

/// arbiter's report, made by `conformance/certify arbiter` with `CARGO_TARGET_DIR` set to a
/// folder of its own: the script builds there and runs the binary cargo reports (not
/// `target/debug/arbiter`, which this build may not have), and writes the same reports as the
/// committed ones.
pub fn arbiter_report_is_fresh_through_the_certify_script() -> Ran {
    let dir = scratch("certify-script");
    let target_dir = dir.join("elsewhere");
    let reports = dir.join("reports");
    let report_dir = reports.to_string_lossy().into_owned();
    let (out, calls) = run_certify(&dir, &target_dir, &["--reports", &report_dir, "arbiter"]);
    assert!(
        out.status.success(),
        "conformance/certify: {:?}\n{}",
        out.status,
        text(&out.stderr)
    );
    let build = calls
        .lines()
        .find(|l| l.contains("--bin arbiter"))
        .unwrap_or_else(|| panic!("certify did not build arbiter: {calls:?}"));
    assert!(
        build.starts_with(&format!("CARGO_TARGET_DIR={} build", target_dir.display()))
            && build.contains("--release"),
        "{build}"
    );
    assert!(target_dir.join("release/arbiter").is_file());
    // Only what was asked for: no adapter was built or run.
    assert!(!calls.contains("--manifest-path"), "{calls}");
    same_as_committed("arbiter", &reports);
    assert!(
        !reports.join("python-chess.jsonl").exists(),
        "certify ran more than it was asked"
    );
    done()
}

/// `conformance/certify --install chess-crate esca` builds the Rust adapters into their own
/// folders, where `pinned_rust` looks, whatever `CARGO_TARGET_DIR` says.
pub fn certify_builds_the_rust_adapters_where_the_tests_look() -> Ran {
    let dir = scratch("certify-install");
    let (out, calls) = run_certify(
        &dir,
        &dir.join("elsewhere"),
        &["--install", "chess-crate", "esca"],
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    for adapter in ["chess-crate", "esca"] {
        let want = format!(
            "--manifest-path conformance/adapters/{adapter}/Cargo.toml --target-dir conformance/adapters/{adapter}/target"
        );
        assert!(
            calls.lines().any(|l| l.ends_with(&want)),
            "{adapter}: {calls}"
        );
    }
    assert!(!calls.contains("--bin arbiter"), "--install built arbiter");
    // An unknown name is a usage error, not a silent no-op.
    let (out, _) = run_certify(&dir, &dir.join("elsewhere"), &["stockfish"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("no implementation named stockfish"));
    done()
}

pub fn python_chess_report_is_fresh_and_explained() -> Ran {
    certify_if(
        "python-chess",
        pinned_python_chess(),
        "python-chess",
        "python3 conformance/adapters/python-chess/adapter.py",
        "conformance/adapters/python-chess/failures.yaml",
    )
}

pub fn chess_js_report_is_fresh_and_explained() -> Ran {
    certify_if(
        "chess.js",
        pinned_npm("chess.js", "chess.js"),
        "chess.js",
        "node conformance/adapters/chess.js/adapter.js",
        "conformance/adapters/chess.js/failures.yaml",
    )
}

pub fn chess_crate_report_is_fresh_and_explained() -> Ran {
    certify_if(
        "the chess crate",
        pinned_rust("chess-crate", "chess"),
        "chess-crate",
        "conformance/adapters/chess-crate/target/release/arbiter-adapter-chess-crate",
        "conformance/adapters/chess-crate/failures.yaml",
    )
}

pub fn esca_report_is_fresh_and_explained() -> Ran {
    certify_if(
        "esca",
        pinned_rust("esca", "esca"),
        "esca",
        "conformance/adapters/esca/target/release/arbiter-adapter-esca",
        "conformance/adapters/esca/failures.yaml",
    )
}

pub fn chessops_report_is_fresh_and_explained() -> Ran {
    certify_if(
        "chessops",
        pinned_npm("chessops", "chessops"),
        "chessops",
        "node conformance/adapters/chessops/adapter.js",
        "conformance/adapters/chessops/failures.yaml",
    )
}

pub fn pydraughts_report_is_fresh_and_explained() -> Ran {
    certify_if(
        "pydraughts",
        pinned_pydraughts(),
        "pydraughts",
        "python3 conformance/adapters/pydraughts/adapter.py",
        "conformance/adapters/pydraughts/failures.yaml",
    )
}

pub fn py_draughts_report_is_fresh_and_explained() -> Ran {
    certify_if(
        "py-draughts",
        pinned_py_draughts(),
        "py-draughts",
        "python3 conformance/adapters/py-draughts/adapter.py",
        "conformance/adapters/py-draughts/failures.yaml",
    )
}

pub fn every_adapter_has_its_report() -> Ran {
    for adapter in std::fs::read_dir(root().join("conformance/adapters")).expect("adapters") {
        let name = adapter.expect("entry").file_name();
        let name = name.to_string_lossy();
        for ext in ["jsonl", "md"] {
            let p = format!("conformance/reports/{name}.{ext}");
            assert!(Path::new(&root().join(&p)).is_file(), "missing {p}");
        }
    }
    done()
}

pub fn the_readme_table_matches_the_reports() -> Ran {
    let readme = std::fs::read_to_string(root().join("README.md")).expect("README");
    for (name, row_start) in [
        ("arbiter", "| arbiter (compiled backend) |"),
        ("python-chess", "| python-chess | 1"),
        ("chess.js", "| chess.js | 1"),
        ("chess-crate", "| chess (Rust crate) | 3"),
        ("esca", "| esca | 0"),
        ("chessops", "| chessops | 0"),
        ("pydraughts", "| pydraughts (Russian draughts) | 0"),
        ("py-draughts", "| py-draughts (Russian draughts) | 1"),
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
    done()
}
