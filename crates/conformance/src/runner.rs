//! The run: hello, then every scenario in turn, each ending in exactly one outcome.

use std::path::PathBuf;
use std::time::Instant;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::implementation::{Answer, Implementation};
use super::inherit::Planned;
use super::protocol;
use super::scenario::{Expected, Scenario, Summary};
use crate::locale::Words;
use crate::locale::say::{self, IntoArg};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Kind {
    Passed,
    Failed,
    /// The implementation, the program or the scenario went wrong: no verdict to compare.
    Errored,
    /// The implementation said it cannot rule on the scenario.
    Skipped,
    /// The scenario needs a feature or rulebook the implementation does not declare.
    NotApplicable,
}

impl Kind {
    /// The kind a report line names (`"passed"`, `"not-applicable"`, ...: its JSON form); a name
    /// that is none of them counts as skipped.
    pub fn from_wire(name: &str) -> Kind {
        match name {
            "passed" => Kind::Passed,
            "failed" => Kind::Failed,
            "errored" => Kind::Errored,
            "not-applicable" => Kind::NotApplicable,
            _ => Kind::Skipped,
        }
    }
}

/// One scenario's line in the machine-readable report.
#[derive(Clone, Debug)]
pub struct Outcome {
    pub id: String,
    pub clauses: Vec<String>,
    pub features: Vec<String>,
    pub outcome: Kind,
    pub expected: Option<Expected>,
    pub got: Option<Summary>,
    /// The differences (failed), the reason (skipped, not applicable) or the error (errored):
    /// messages, said in the words the report is written in (`Outcome::line`).
    pub details: Vec<say::Message>,
    pub context: Value,
}

/// An outcome as the machine-readable report writes it: its details in words.
#[derive(Serialize)]
pub struct Line<'a> {
    pub id: &'a str,
    pub clauses: &'a [String],
    pub features: &'a [String],
    pub outcome: Kind,
    pub expected: &'a Option<Expected>,
    pub got: &'a Option<Summary>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub details: Vec<String>,
    #[serde(skip_serializing_if = "Value::is_null")]
    pub context: &'a Value,
}

impl Outcome {
    /// The report's line, its details said in `words`.
    pub fn line(&self, words: &Words) -> Line<'_> {
        Line {
            id: &self.id,
            clauses: &self.clauses,
            features: &self.features,
            outcome: self.outcome,
            expected: &self.expected,
            got: &self.got,
            details: self.details.iter().map(|d| d.render(words)).collect(),
            context: &self.context,
        }
    }
}

pub struct Run {
    /// Who answered (none when the implementation never said hello).
    pub implementation: Option<protocol::Implementation>,
    pub hello_error: Option<String>,
    pub outcomes: Vec<Outcome>,
}

impl Run {
    pub fn count(&self, k: Kind) -> usize {
        self.outcomes.iter().filter(|o| o.outcome == k).count()
    }

    /// Nothing failed or errored.
    pub fn clean(&self) -> bool {
        self.count(Kind::Failed) == 0 && self.count(Kind::Errored) == 0
    }

    /// `N passed, N failed, N skipped (N not applicable), N errored`, in `words`.
    pub fn closing_line(&self, words: &Words) -> String {
        let na = self.count(Kind::NotApplicable);
        say::conformance_counts(
            self.count(Kind::Passed),
            self.count(Kind::Failed),
            self.count(Kind::Skipped) + na,
            na,
            self.count(Kind::Errored),
        )
        .render(words)
    }
}

/// Run the scenarios (`inherit::plan`, or the plain `(id, path)` of `discover` made
/// [`Planned`] by [`own`]) against `imp`; `progress(done, total, id)` after each.
pub fn run(
    imp: &mut dyn Implementation,
    scenarios: &[Planned],
    progress: &mut dyn FnMut(usize, usize, &str),
) -> Run {
    let (implementation, hello_error) = match imp.hello() {
        Ok(i) => (Some(i), None),
        Err(e) => (None, Some(e)),
    };
    let mut outcomes = Vec::with_capacity(scenarios.len());
    for (seq, p) in scenarios.iter().enumerate() {
        let source_id = p.inherited.as_ref().map_or(&p.id, |i| &i.base_id);
        let loaded = Scenario::load(source_id, &p.path);
        let o = match (loaded, &p.inherited) {
            (Err(e), _) => Outcome {
                id: p.id.clone(),
                clauses: vec![],
                features: vec![],
                outcome: Kind::Errored,
                expected: None,
                got: None,
                details: vec![say::scenario_malformed(e)],
                context: Value::Null,
            },
            (Ok(s), None) => one(imp, implementation.as_ref(), &hello_error, seq as u64, &s),
            (Ok(s), Some(how)) => {
                let (clauses, features) = (s.clauses.clone(), s.features.clone());
                match how.apply(s, &p.id) {
                    Ok(s) => one(imp, implementation.as_ref(), &hello_error, seq as u64, &s),
                    Err(why) => Outcome {
                        id: p.id.clone(),
                        clauses,
                        features,
                        outcome: Kind::NotApplicable,
                        expected: None,
                        got: None,
                        details: vec![say::scenario_inherited_not_applicable(
                            &how.base,
                            why.to_string(),
                        )],
                        context: Value::Null,
                    },
                }
            }
        };
        outcomes.push(o);
        progress(seq + 1, scenarios.len(), &p.id);
    }
    imp.stop();
    Run {
        implementation,
        hello_error,
        outcomes,
    }
}

/// Scenarios run as written (no inheritance).
pub fn own(scenarios: Vec<(String, PathBuf)>) -> Vec<Planned> {
    scenarios
        .into_iter()
        .map(|(id, path)| Planned {
            id,
            path,
            inherited: None,
        })
        .collect()
}

fn one(
    imp: &mut dyn Implementation,
    info: Option<&protocol::Implementation>,
    hello_error: &Option<String>,
    seq: u64,
    s: &Scenario,
) -> Outcome {
    let mut o = Outcome {
        id: s.id.clone(),
        clauses: s.clauses.clone(),
        features: s.features.clone(),
        outcome: Kind::Errored,
        expected: Some(s.expected.clone()),
        got: None,
        details: vec![],
        context: Value::Null,
    };
    let Some(info) = info else {
        o.details = vec![say::no_hello(match hello_error {
            Some(e) => say::Arg::Text(e.clone()),
            None => say::no_answer().into_arg(),
        })];
        return o;
    };
    if !info.rulebooks.contains(&s.rulebook) {
        o.outcome = Kind::NotApplicable;
        o.details = vec![say::rulebook_not_supported(&s.rulebook)];
        return o;
    }
    let game = s.game.kind.name();
    if !info.games.iter().any(|g| g == game) {
        o.outcome = Kind::NotApplicable;
        o.details = vec![say::game_not_supported(game)];
        return o;
    }
    let missing: Vec<&str> = s
        .features
        .iter()
        .filter(|f| !info.features.contains(f))
        .map(String::as_str)
        .collect();
    if !missing.is_empty() {
        o.outcome = Kind::NotApplicable;
        o.details = vec![say::needs_features(missing.join(", "))];
        return o;
    }
    let req = match s.request() {
        Ok(r) => r,
        Err(e) => {
            o.details = vec![say::scenario_malformed(e)];
            return o;
        }
    };
    if let Err(e) = imp.ready() {
        o.details = vec![e.into()];
        return o;
    }
    // One deadline for the scenario: sending it, the answer, and checking the verdict.
    let deadline = imp.timeout().and_then(|t| Instant::now().checked_add(t));
    match imp.run(seq, &req, deadline) {
        Answer::Verdict(v) => match protocol::Verdict::deserialize(&v) {
            Ok(verdict) => {
                o.got = Some(Summary::of(&verdict));
                match s.check(&verdict) {
                    Ok(()) => o.outcome = Kind::Passed,
                    Err(diffs) => {
                        o.outcome = Kind::Failed;
                        o.details = diffs;
                    }
                }
                if let (Some(d), Some(t)) = (deadline, imp.timeout())
                    && Instant::now() > d
                {
                    o.outcome = Kind::Errored;
                    o.details = vec![say::verdict_late(t.as_secs_f64().to_string())];
                }
            }
            Err(e) => {
                o.details = vec![say::verdict_malformed(e.to_string())];
                o.context = serde_json::json!({ "verdict": v });
            }
        },
        Answer::Skipped(reason) => {
            o.outcome = Kind::Skipped;
            o.details = vec![reason.into()];
        }
        Answer::Errored { message, context } => {
            o.details = vec![message.into()];
            o.context = context;
        }
    }
    o
}
