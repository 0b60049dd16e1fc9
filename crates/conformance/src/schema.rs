//! The protocol's JSON Schemas (`conformance/protocol/*.schema.json`), compiled once, and the
//! `--validate` check of every message an implementation sends.

use jsonschema::Validator;
use serde_json::Value;

/// Every published schema: (message name, source). The name is the file's stem.
pub const SCHEMAS: &[(&str, &str)] = &[
    (
        "hello",
        include_str!("../../../conformance/protocol/hello.schema.json"),
    ),
    (
        "run",
        include_str!("../../../conformance/protocol/run.schema.json"),
    ),
    (
        "stop",
        include_str!("../../../conformance/protocol/stop.schema.json"),
    ),
    (
        "hello-reply",
        include_str!("../../../conformance/protocol/hello-reply.schema.json"),
    ),
    (
        "verdict",
        include_str!("../../../conformance/protocol/verdict.schema.json"),
    ),
    (
        "skipped",
        include_str!("../../../conformance/protocol/skipped.schema.json"),
    ),
    (
        "errored",
        include_str!("../../../conformance/protocol/errored.schema.json"),
    ),
];

pub struct Schemas {
    compiled: Vec<(&'static str, Validator)>,
}

impl Schemas {
    pub fn new() -> Result<Schemas, String> {
        let mut compiled = Vec::new();
        for (name, src) in SCHEMAS {
            let v: Value =
                serde_json::from_str(src).map_err(|e| format!("schema {name}: not JSON: {e}"))?;
            let validator = jsonschema::validator_for(&v)
                .map_err(|e| format!("schema {name}: invalid: {e}"))?;
            compiled.push((*name, validator));
        }
        Ok(Schemas { compiled })
    }

    /// Check `msg` against the schema called `name`; every error, located by JSON pointer.
    pub fn check(&self, name: &str, msg: &Value) -> Result<(), Vec<String>> {
        let Some((_, v)) = self.compiled.iter().find(|(n, _)| *n == name) else {
            return Err(vec![format!("no schema `{name}`")]);
        };
        let errors: Vec<String> = v
            .iter_errors(msg)
            .map(|e| {
                let at = e.instance_path().to_string();
                if at.is_empty() {
                    e.to_string()
                } else {
                    format!("{at}: {e}")
                }
            })
            .collect();
        if errors.is_empty() {
            Ok(())
        } else {
            Err(errors)
        }
    }

    /// Check a message from an implementation against the schema its `type` names.
    pub fn check_reply(&self, msg: &Value) -> Result<(), Vec<String>> {
        let name = match msg.get("type").and_then(Value::as_str) {
            Some("hello") => "hello-reply",
            Some(t @ ("verdict" | "skipped" | "errored")) => t,
            Some(other) => return Err(vec![format!("unknown message type `{other}`")]),
            None => return Err(vec!["the message has no `type`".into()]),
        };
        self.check(name, msg)
    }

    /// Check a message from the runner (used by the tests and by `arbiter serve --validate`).
    pub fn check_command(&self, msg: &Value) -> Result<(), Vec<String>> {
        match msg.get("type").and_then(Value::as_str) {
            Some(t @ ("hello" | "run" | "stop")) => self.check(t, msg),
            Some(other) => Err(vec![format!("unknown message type `{other}`")]),
            None => Err(vec!["the message has no `type`".into()]),
        }
    }
}
