//! The Spark recipe (examples/spark/audit.py) in local mode: the real games of the conformance
//! suite, cut into three shards plus a shard with a bad game, give the same verdicts through Spark
//! as `arbiter adjudicate --format json` on the same files, none dropped, and the bad game
//! becomes an error record at the place arbiter reports.
//!
//! Needs Java and PySpark (`.ci/run` installs PySpark into examples/spark/.deps, where the
//! test looks first). Without them the test is ignored with the reason, except when `CI` is
//! set: then it fails.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

use crate::common::{root, scratch};
use crate::{Ran, done, skip};

fn arbiter() -> &'static str {
    env!("CARGO_BIN_EXE_arbiter")
}

/// PYTHONPATH with the recipe's own install first.
fn pythonpath() -> String {
    let deps = root().join("examples/spark/.deps");
    match std::env::var("PYTHONPATH") {
        Ok(p) if !p.is_empty() => format!("{}:{p}", deps.display()),
        _ => deps.display().to_string(),
    }
}

/// Why the recipe cannot run here, if it cannot.
fn missing() -> Option<String> {
    let java = Command::new("java").arg("-version").output();
    if !java.is_ok_and(|o| o.status.success()) {
        return Some("no Java (`java -version` fails)".into());
    }
    let pyspark = Command::new("python3")
        .args(["-c", "import pyspark"])
        .env("PYTHONPATH", pythonpath())
        .output();
    match pyspark {
        Ok(o) if o.status.success() => None,
        Ok(o) => Some(format!(
            "no PySpark for python3 (`.ci/run` installs it into examples/spark/.deps): {}",
            // Python's last line says what failed (`ModuleNotFoundError: ...`); the traceback
            // above it would break the list of skips.
            String::from_utf8_lossy(&o.stderr)
                .lines()
                .rfind(|l| !l.trim().is_empty())
                .unwrap_or_default()
                .trim()
        )),
        Err(e) => Some(format!("no python3: {e}")),
    }
}

/// The real games cut into three shards (games never split), plus a shard whose second game
/// has an illegal move.
fn shards(dir: &Path) -> Vec<PathBuf> {
    let mut games: Vec<PathBuf> =
        std::fs::read_dir(root().join("conformance/fide-2018/real-games"))
            .expect("real games")
            .map(|e| e.expect("entry").path())
            .filter(|p| p.extension().is_some_and(|x| x == "pgn"))
            .collect();
    games.sort();
    assert!(games.len() >= 12, "{} real games", games.len());
    let mut out = Vec::new();
    for (i, chunk) in games.chunks(games.len().div_ceil(3)).enumerate() {
        let text: Vec<String> = chunk
            .iter()
            .map(|p| std::fs::read_to_string(p).expect("pgn"))
            .collect();
        let p = dir.join(format!("shard-{i}.pgn"));
        std::fs::write(&p, text.join("\n")).expect("write shard");
        out.push(p);
    }
    let bad = dir.join("shard-bad.pgn");
    std::fs::write(
        &bad,
        "[Event \"good\"]\n[Result \"*\"]\n\n1. e4 e5 *\n\n\
         [Event \"bad\"]\n[Result \"*\"]\n\n1. e4 e5 2. Ke3 *\n\n\
         [Event \"good again\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n",
    )
    .expect("write bad shard");
    out.push(bad);
    out
}

/// A located error of arbiter's standard error: (line, column, the header's message).
fn located(stderr: &str, file: &str) -> Vec<(u64, u64, String)> {
    let mut out = Vec::new();
    for l in stderr.lines() {
        let Some(at) = l.find(&format!("{file}:")) else {
            continue;
        };
        // The header (`  × FILE:L:C: message`), not the box's `╭─[FILE:L:C]`.
        if l[..at].ends_with('[') {
            continue;
        }
        let rest = &l[at + file.len() + 1..];
        let mut it = rest.splitn(3, ':');
        let (Some(line), Some(col), Some(msg)) = (it.next(), it.next(), it.next()) else {
            continue;
        };
        if let (Ok(line), Ok(col)) = (line.parse(), col.parse()) {
            out.push((line, col, msg.trim().to_string()));
        }
    }
    out
}

type Verdicts = BTreeMap<(String, u64), Value>;
type Errors = Vec<(String, u64, u64, String)>;

/// `arbiter adjudicate --format json` on each shard: the verdicts by (shard, game) and the
/// located errors.
fn direct(shards: &[PathBuf], args: &[&str]) -> (Verdicts, Errors) {
    let mut verdicts = BTreeMap::new();
    let mut errors = Vec::new();
    for s in shards {
        let name = s.file_name().expect("name").to_string_lossy().into_owned();
        let out = Command::new(arbiter())
            .args(["adjudicate", "--format", "json"])
            .args(args)
            .arg(s)
            .output()
            .expect("run arbiter");
        assert!(out.status.code().is_some_and(|c| c <= 1), "{out:?}");
        for line in String::from_utf8_lossy(&out.stdout).lines() {
            let mut v: Value = serde_json::from_str(line).expect("a JSON verdict");
            if let Some(e) = v.get("error") {
                let (l, c) = (v["line"].as_u64(), v["column"].as_u64());
                let e = e.as_str().expect("error text").to_string();
                errors.push((name.clone(), l.expect("line"), c.expect("column"), e));
                continue;
            }
            let game = v["game"].as_u64().expect("game");
            v["file"] = Value::String(name.clone());
            verdicts.insert((name.clone(), game), v);
        }
        let stderr = String::from_utf8_lossy(&out.stderr);
        for (l, c, m) in located(&stderr, &s.display().to_string()) {
            errors.push((name.clone(), l, c, m));
        }
    }
    errors.sort();
    (verdicts, errors)
}

pub fn the_spark_recipe_gives_arbiters_verdicts() -> Ran {
    if let Some(why) = missing() {
        return skip(why);
    }
    let dir = scratch("spark");
    let input = dir.join("in");
    std::fs::create_dir_all(&input).expect("dir");
    let shards = shards(&input);
    let output = dir.join("out");
    let args = ["--rulebook", "fide-2018"];
    let run = Command::new("python3")
        .arg(root().join("examples/spark/audit.py"))
        .args(["--arbiter", arbiter(), "--master", "local[2]", "--output"])
        .arg(&output)
        .arg(input.join("shard-*.pgn"))
        .arg("--")
        .args(args)
        .env("PYTHONPATH", pythonpath())
        .env("PYSPARK_PYTHON", "python3")
        .env("SPARK_LOCAL_IP", "127.0.0.1")
        .output()
        .expect("run the recipe");
    assert!(
        run.status.success(),
        "audit.py failed: {}\n{}",
        run.status,
        String::from_utf8_lossy(&run.stderr)
    );

    // Every line of every part file: a verdict or an error record.
    let mut verdicts = BTreeMap::new();
    let mut errors = Vec::new();
    let mut parts: Vec<PathBuf> = std::fs::read_dir(&output)
        .expect("output")
        .map(|e| e.expect("entry").path())
        .filter(|p| {
            p.file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with("part-"))
        })
        .collect();
    parts.sort();
    assert!(!parts.is_empty(), "no part file in {}", output.display());
    for p in parts {
        for line in std::fs::read_to_string(&p).expect("part").lines() {
            let mut v: Value = serde_json::from_str(line).expect("a JSON line");
            let file = v["file"].as_str().expect("file").to_string();
            let name = file.rsplit('/').next().expect("name").to_string();
            v["file"] = Value::String(name.clone());
            if let Some(e) = v.get("error") {
                let e = e.as_str().expect("error text");
                let (l, c) = (v["line"].as_u64(), v["column"].as_u64());
                let (Some(l), Some(c)) = (l, c) else {
                    panic!("an error arbiter did not locate: {v}");
                };
                errors.push((name, l, c, e.to_string()));
                continue;
            }
            let game = v["game"].as_u64().expect("game");
            assert!(
                verdicts.insert((name.clone(), game), v).is_none(),
                "{name} game {game} twice"
            );
        }
    }
    errors.sort();

    let (want, want_errors) = direct(&shards, &args);
    assert!(want.len() >= 14, "{} verdicts", want.len());
    assert_eq!(
        want_errors.len(),
        1,
        "the bad shard's one bad game: {want_errors:?}"
    );
    assert_eq!(
        verdicts.keys().collect::<Vec<_>>(),
        want.keys().collect::<Vec<_>>(),
        "the same games"
    );
    for (k, v) in &want {
        assert_eq!(&verdicts[k], v, "{k:?}: the same verdict");
    }
    assert_eq!(errors, want_errors, "the same errors, at the same places");
    done()
}
