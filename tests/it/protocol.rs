//! The protocol's published schemas (conformance/protocol/) and its documentation
//! (conformance/PROTOCOL.md) agree with the messages arbiter sends and accepts.

use crate::common::root;
use arbiter::Engine;
use arbiter_conformance::features::FEATURES;
use arbiter_conformance::implementation::Ours;
use arbiter_conformance::protocol::{Command, PROTOCOL_VERSION, Reply};
use arbiter_conformance::schema::{SCHEMAS, Schemas};
use arbiter_conformance::{Scenario, discover};
use serde_json::Value;

fn json<T: serde::Serialize>(t: &T) -> Value {
    serde_json::to_value(t).expect("serializable")
}

#[test]
fn every_schema_file_is_published_and_compiles() {
    let schemas = Schemas::new().expect("the schemas compile");
    let dir = root().join("conformance/protocol");
    let mut files: Vec<String> = std::fs::read_dir(&dir)
        .expect("conformance/protocol")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    files.sort();
    let mut names: Vec<String> = SCHEMAS
        .iter()
        .map(|(n, _)| format!("{n}.schema.json"))
        .collect();
    names.sort();
    assert_eq!(
        files, names,
        "every schema file is embedded, and only those"
    );
    let protocol = std::fs::read_to_string(root().join("conformance/PROTOCOL.md")).expect("doc");
    for n in names {
        assert!(
            protocol.contains(&format!("(protocol/{n})")),
            "PROTOCOL.md links {n}"
        );
    }
    drop(schemas);
}

#[test]
fn the_runners_messages_match_their_schemas() {
    let schemas = Schemas::new().expect("schemas");
    let hello = json(&Command::Hello {
        protocol: PROTOCOL_VERSION,
    });
    schemas.check_command(&hello).expect("hello");
    schemas.check_command(&json(&Command::Stop)).expect("stop");
    let mut n = 0;
    for (seq, (id, path)) in discover(&root().join("conformance"))
        .into_iter()
        .enumerate()
    {
        let s = Scenario::load(&id, &path).expect("scenario");
        let run = json(&Command::Run {
            seq: seq as u64,
            scenario: Box::new(s.request().expect("request")),
        });
        if let Err(e) = schemas.check_command(&run) {
            panic!("{id}: {e:?}");
        }
        n += 1;
    }
    assert!(n >= 239);
    // And a message that breaks the schema is caught, with where.
    let bad = serde_json::json!({"type": "run", "seq": -1});
    let errors = schemas.check_command(&bad).expect_err("invalid");
    assert!(errors.iter().any(|e| e.contains("scenario")), "{errors:?}");
}

#[test]
fn arbiters_answers_match_their_schemas() {
    let schemas = Schemas::new().expect("schemas");
    for engine in [Engine::Compiled, Engine::Interpreter] {
        let mut ours = Ours::new(engine, None, arbiter::locale::default_words());
        let hello = json(&Reply::Hello {
            protocol: PROTOCOL_VERSION,
            implementation: ours.info(),
        });
        schemas.check_reply(&hello).expect("hello reply");
        for (seq, (id, path)) in discover(&root().join("conformance"))
            .into_iter()
            .enumerate()
        {
            let s = Scenario::load(&id, &path).expect("scenario");
            let reply = json(&ours.reply(seq as u64, &s.request().expect("request")));
            assert_eq!(reply["type"], "verdict", "{id}: {reply}");
            if let Err(e) = schemas.check_reply(&reply) {
                panic!("{id}: {e:?}");
            }
        }
    }
}

#[test]
fn protocol_md_lists_exactly_the_features() {
    let doc = std::fs::read_to_string(root().join("conformance/PROTOCOL.md")).expect("doc");
    let section = doc
        .split("### Features")
        .nth(1)
        .and_then(|s| s.split("\n### ").next())
        .expect("a Features section");
    let documented: Vec<&str> = section
        .lines()
        .filter_map(|l| l.strip_prefix("| `"))
        .filter_map(|l| l.split('`').next())
        .collect();
    assert_eq!(documented, FEATURES);
}

#[test]
fn the_examples_in_protocol_md_are_valid_messages() {
    let schemas = Schemas::new().expect("schemas");
    let doc = std::fs::read_to_string(root().join("conformance/PROTOCOL.md")).expect("doc");
    let mut checked = 0;
    // Every ```json block holds one message, possibly wrapped over lines for reading.
    for block in doc.split("```json").skip(1) {
        let body = block.split("```").next().unwrap_or("");
        let msg: Value = serde_json::from_str(body).expect("an example is JSON");
        let r = match msg["type"].as_str() {
            Some("hello") if msg.get("implementation").is_some() => schemas.check_reply(&msg),
            Some("hello" | "run" | "stop") => schemas.check_command(&msg),
            _ => schemas.check_reply(&msg),
        };
        assert!(r.is_ok(), "{body}: {r:?}");
        checked += 1;
    }
    assert!(checked >= 3);
}

/// The published schemas name the vocabulary's events and the PGN event commands exactly: a
/// word declared once (`lang::vocabulary`, `pgn::commands::EVENT_COMMANDS`) and published the
/// same, or this fails.
#[test]
fn the_schemas_enumerate_the_vocabulary() {
    use arbiter::lang::schema::EventKind;
    use arbiter::pgn::commands::EVENT_COMMANDS;
    fn enum_at(schema: &serde_json::Value, path: &[&str]) -> Vec<String> {
        let mut v = schema;
        for p in path {
            v = &v[*p];
        }
        let mut out: Vec<String> = v["enum"]
            .as_array()
            .unwrap_or_else(|| panic!("no enum at {path:?}"))
            .iter()
            .map(|s| s.as_str().expect("string").to_string())
            .collect();
        out.sort();
        out
    }
    let read = |f: &str| -> serde_json::Value {
        let p = root().join("conformance/protocol").join(f);
        serde_json::from_str(&std::fs::read_to_string(&p).expect("schema")).expect("json")
    };
    let verdict = read("verdict.schema.json");
    let run = read("run.schema.json");
    let mut events: Vec<String> = EventKind::ALL
        .iter()
        .map(|e| e.name().to_string())
        .collect();
    events.sort();
    let mut commands: Vec<String> = EVENT_COMMANDS.iter().map(|c| c.to_string()).collect();
    commands.sort();
    let rulings = [
        "properties",
        "verdict",
        "properties",
        "rulings",
        "items",
        "properties",
        "event",
    ];
    assert_eq!(enum_at(&verdict, &rulings), events);
    let ignored = [
        "properties",
        "verdict",
        "properties",
        "ignored_events",
        "items",
        "properties",
        "event",
    ];
    assert_eq!(enum_at(&verdict, &ignored), commands);
    let cmd = find_enum_with(&run, "claim").expect("the request's command enum");
    let mut cmd = cmd;
    cmd.sort();
    assert_eq!(cmd, commands);
}

/// The first `enum` in a schema that holds `word`.
fn find_enum_with(v: &serde_json::Value, word: &str) -> Option<Vec<String>> {
    match v {
        serde_json::Value::Object(m) => {
            if let Some(serde_json::Value::Array(a)) = m.get("enum")
                && a.iter().any(|x| x == word)
            {
                return Some(
                    a.iter()
                        .filter_map(|x| x.as_str().map(String::from))
                        .collect(),
                );
            }
            m.values().find_map(|x| find_enum_with(x, word))
        }
        serde_json::Value::Array(a) => a.iter().find_map(|x| find_enum_with(x, word)),
        _ => None,
    }
}

#[test]
fn the_limits_are_documented_as_they_are() {
    use arbiter_conformance::implementation::{
        MAX_FAILED_STARTS, STDERR_BYTES, STDERR_LINE_CHARS, STDERR_LINES, STOP_GRACE,
    };
    use arbiter_conformance::protocol::MAX_LINE;
    fn thousands(n: usize) -> String {
        let digits = n.to_string();
        let mut out = String::new();
        for (i, c) in digits.chars().enumerate() {
            if i > 0 && (digits.len() - i).is_multiple_of(3) {
                out.push(',');
            }
            out.push(c);
        }
        out
    }
    let doc = std::fs::read_to_string(root().join("conformance/PROTOCOL.md")).expect("doc");
    let limits = doc
        .split("\n## Limits\n")
        .nth(1)
        .and_then(|s| s.split("\n## ").next())
        .expect("PROTOCOL.md has a section Limits");
    let mib = format!("{} MiB", MAX_LINE >> 20);
    let kib = format!("{} KiB", STDERR_BYTES >> 10);
    for want in [
        format!("{mib} ({} bytes)", thousands(MAX_LINE)),
        format!("the last {kib} are kept"),
        format!("the last {STDERR_LINES} lines"),
        format!("cut to {} characters", thousands(STDERR_LINE_CHARS)),
        format!("| {MAX_FAILED_STARTS} |"),
        format!("| {} s |", STOP_GRACE.as_secs()),
    ] {
        assert!(limits.contains(&want), "PROTOCOL.md, Limits: {want:?}");
    }
    assert!(MAX_LINE.is_multiple_of(1 << 20));
    let readme = std::fs::read_to_string(root().join("README.md")).expect("README");
    let readme = readme.split_whitespace().collect::<Vec<_>>().join(" ");
    for want in [&mib, &kib] {
        assert!(readme.contains(want.as_str()), "README: {want}");
    }
}
