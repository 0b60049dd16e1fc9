//! Reports of a run: JSON lines (one per scenario), Markdown for publication, and the summary
//! tables printed at the end of a run.
//!
//! An implementation's failures can be explained in a YAML file (`--explain`): classes of
//! failures, each with the clause, a one-line title, the reason and the scenarios it covers, and
//! the reasons for the features it does not declare. The Markdown report groups failures by
//! class; a failure no class covers is listed as unexplained, and a class naming a scenario that
//! did not fail is flagged as stale, so the explanations cannot drift from the results.

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::Arc;

use serde::Deserialize;

use super::features::FEATURES;
use super::runner::{Kind, Outcome, Run};
use crate::diag::Diag;
use crate::locale::Words;

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Explanations {
    #[serde(default)]
    pub classes: Vec<FailureClass>,
    /// Why a feature is not declared.
    #[serde(default)]
    pub unsupported: Vec<Unsupported>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FailureClass {
    pub clause: String,
    pub title: Said,
    pub reason: Said,
    pub scenarios: Vec<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Unsupported {
    pub feature: String,
    pub reason: Said,
}

/// A text of an explanation: English alone (a plain string), or one per language (`en:`,
/// `ru:`, ...). The Markdown report says the English; the published site, its page's language
/// when there is one.
#[derive(Debug, Deserialize)]
#[serde(untagged)]
pub enum Said {
    English(String),
    ByLanguage(BTreeMap<String, String>),
}

impl Said {
    /// The text in `lang`, if written in it.
    pub fn get(&self, lang: &str) -> Option<&str> {
        match self {
            Said::English(s) => (lang == "en").then_some(s.as_str()),
            Said::ByLanguage(m) => m.get(lang).map(String::as_str),
        }
    }

    /// The English text (the report's language), else the first written.
    pub fn english(&self) -> &str {
        match self {
            Said::English(s) => s,
            Said::ByLanguage(m) => m
                .get("en")
                .or_else(|| m.values().next())
                .map_or("", String::as_str),
        }
    }
}

impl FailureClass {
    /// Whether the class lists scenario `id`: under its id, or (an inherited scenario,
    /// `OVERLAY/BASE-ID`) under the base scenario's id.
    pub fn explains(&self, id: &str) -> bool {
        self.scenarios.iter().any(|s| {
            s == id
                || id
                    .strip_suffix(s.as_str())
                    .is_some_and(|p| p.ends_with('/'))
        })
    }
}

impl Explanations {
    pub fn load(path: &Path) -> Result<Explanations, Diag> {
        let text = std::fs::read_to_string(path).map_err(|e| {
            let empty: Arc<str> = Arc::from("");
            Diag::new(path, &empty, 0, 0, crate::locale::say::io_error(&e))
        })?;
        let source: Arc<str> = Arc::from(text.as_str());
        crate::rulebook::yaml::parse(path, &source)
    }

    /// The class explaining scenario `id`.
    fn class_of(&self, id: &str) -> Option<usize> {
        self.classes.iter().position(|c| c.explains(id))
    }

    /// Failures no class explains, and explained scenarios that did not fail.
    pub fn audit(&self, run: &Run) -> (Vec<String>, Vec<String>) {
        let failed = |o: &&Outcome| o.outcome == Kind::Failed;
        let unexplained = run
            .outcomes
            .iter()
            .filter(failed)
            .filter(|o| self.class_of(&o.id).is_none())
            .map(|o| o.id.clone())
            .collect();
        let stale = self
            .classes
            .iter()
            .flat_map(|c| &c.scenarios)
            .filter(|id| {
                !run.outcomes.iter().filter(failed).any(|o| {
                    o.id == **id
                        || o.id
                            .strip_suffix(id.as_str())
                            .is_some_and(|p| p.ends_with('/'))
                })
            })
            .cloned()
            .collect();
        (unexplained, stale)
    }
}

/// One JSON object per scenario, in run order, its details said in `words`.
pub fn json_lines(run: &Run, words: &Words) -> String {
    let mut s = String::new();
    for o in &run.outcomes {
        match serde_json::to_string(&o.line(words)) {
            Ok(line) => s.push_str(&line),
            Err(e) => s.push_str(
                &serde_json::json!({ "id": o.id, "report_error": e.to_string() }).to_string(),
            ),
        }
        s.push('\n');
    }
    s
}

/// Outcomes counted by kind: a row of the report's tables, and of the published site's (one type
/// for both, `publish` counting the committed reports' lines).
#[derive(Default, Clone, Copy, serde::Serialize)]
pub struct Tally {
    pub scenarios: usize,
    pub passed: usize,
    pub failed: usize,
    pub errored: usize,
    pub skipped: usize,
    pub not_applicable: usize,
}

impl Tally {
    pub fn add(&mut self, k: Kind) {
        self.scenarios += 1;
        match k {
            Kind::Passed => self.passed += 1,
            Kind::Failed => self.failed += 1,
            Kind::Errored => self.errored += 1,
            Kind::Skipped => self.skipped += 1,
            Kind::NotApplicable => self.not_applicable += 1,
        }
    }
    fn applicable(&self) -> usize {
        self.scenarios - self.not_applicable
    }
    fn cells(&self) -> [String; 6] {
        [
            self.scenarios,
            self.applicable(),
            self.passed,
            self.failed,
            self.errored,
            self.skipped,
        ]
        .map(|n| n.to_string())
    }
}

const TALLY_HEADER: [&str; 6] = [
    "scenarios",
    "applicable",
    "passed",
    "failed",
    "errored",
    "skipped",
];

/// Tallies per clause, clauses in numeric order (`9.2.1.2` before `9.10`). A part that is not a
/// number sorts after the numbers, by its text, so that `club.D.1` and `club.I.1` stay apart.
fn by_clause(run: &Run) -> Vec<(String, Tally)> {
    let mut m: BTreeMap<Vec<(u32, &str)>, (String, Tally)> = BTreeMap::new();
    for o in &run.outcomes {
        for c in &o.clauses {
            let key = c
                .split('.')
                .map(|p| match p.parse::<u32>() {
                    Ok(n) => (n, ""),
                    Err(_) => (u32::MAX, p),
                })
                .collect();
            m.entry(key)
                .or_insert_with(|| (c.clone(), Tally::default()))
                .1
                .add(o.outcome);
        }
    }
    m.into_values().collect()
}

/// Tallies per feature that some scenario needs, in the protocol's order.
fn by_feature(run: &Run) -> Vec<(&'static str, Tally)> {
    FEATURES
        .iter()
        .map(|&f| {
            let mut t = Tally::default();
            for o in run
                .outcomes
                .iter()
                .filter(|o| o.features.iter().any(|x| x == f))
            {
                t.add(o.outcome);
            }
            (f, t)
        })
        .filter(|(_, t)| t.scenarios > 0)
        .collect()
}

/// A Markdown table; counts (every column but the first) right-aligned when `numeric`.
fn md_table_aligned(header: &[&str], rows: &[Vec<String>], numeric: bool) -> String {
    let mut s = format!("| {} |\n", header.join(" | "));
    s.push_str(&format!(
        "|{}\n",
        header
            .iter()
            .enumerate()
            .map(|(i, _)| if i == 0 || !numeric { "---|" } else { "--:|" })
            .collect::<String>()
    ));
    for r in rows {
        s.push_str(&format!("| {} |\n", r.join(" | ")));
    }
    s
}

fn md_table(header: &[&str], rows: &[Vec<String>]) -> String {
    md_table_aligned(header, rows, true)
}

fn text_table(header: &[&str], rows: &[Vec<String>]) -> String {
    let mut width: Vec<usize> = header.iter().map(|h| h.chars().count()).collect();
    for r in rows {
        for (i, c) in r.iter().enumerate() {
            width[i] = width[i].max(c.chars().count());
        }
    }
    let line = |cells: Vec<&str>| {
        cells
            .iter()
            .enumerate()
            .map(|(i, c)| {
                let pad = width[i] - c.chars().count();
                if i == 0 {
                    format!("{c}{}", " ".repeat(pad))
                } else {
                    format!("{}{c}", " ".repeat(pad))
                }
            })
            .collect::<Vec<_>>()
            .join("  ")
            .trim_end()
            .to_string()
    };
    let mut s = line(header.to_vec());
    s.push('\n');
    for r in rows {
        s.push_str(&line(r.iter().map(String::as_str).collect()));
        s.push('\n');
    }
    s
}

fn clause_rows(run: &Run, markdown: bool) -> Vec<Vec<String>> {
    by_clause(run)
        .into_iter()
        .map(|(c, t)| {
            let c = if markdown { cell(&c) } else { c };
            std::iter::once(c).chain(t.cells()).collect()
        })
        .collect()
}

/// The certifier's own Markdown (an explanation's reason) in a table cell: kept as written, on
/// one line, its `|` not ending the cell.
fn explained(s: &str) -> String {
    s.replace('|', "\\|").replace(['\n', '\r'], " ")
}

/// A program's homepage in the report: a link when it is an `http(s)` address that Markdown
/// reads as one (no space, quote or angle bracket), escaped text otherwise (`javascript:...`
/// is never a link).
fn homepage(h: &str) -> String {
    let text = cell(h);
    let web = (h.starts_with("https://") || h.starts_with("http://"))
        && text == h
        && !h.chars().any(|c| c.is_whitespace() || "\"'()".contains(c));
    if web { h.to_string() } else { text }
}

fn feature_rows(run: &Run, declared: bool) -> Vec<Vec<String>> {
    let info = run.implementation.as_ref();
    by_feature(run)
        .into_iter()
        .map(|(f, t)| {
            let mut r = vec![f.to_string()];
            if declared {
                let yes = info.is_some_and(|i| i.features.iter().any(|x| x == f));
                r.push(if yes { "yes" } else { "no" }.into());
            }
            r.extend(t.cells());
            r
        })
        .collect()
}

/// The tables and closing line printed at the end of a run, in `words`.
pub fn summary(run: &Run, words: &Words) -> String {
    use crate::locale::say;
    let tally = [
        say::table_scenarios().render(words),
        say::table_applicable().render(words),
        say::table_passed().render(words),
        say::table_failed().render(words),
        say::table_errored().render(words),
        say::table_skipped().render(words),
    ];
    let mut s = String::new();
    let clause = say::table_clause().render(words);
    let mut h = vec![clause.as_str()];
    h.extend(tally.iter().map(String::as_str));
    s.push_str(&text_table(&h, &clause_rows(run, false)));
    s.push('\n');
    let (feature, declared) = (
        say::table_feature().render(words),
        say::table_declared().render(words),
    );
    let mut h = vec![feature.as_str(), declared.as_str()];
    h.extend(tally.iter().map(String::as_str));
    let (yes, no) = (
        say::table_yes().render(words),
        say::table_no().render(words),
    );
    let rows: Vec<Vec<String>> = feature_rows(run, true)
        .into_iter()
        .map(|mut r| {
            if let Some(d) = r.get_mut(1) {
                *d = if d == "yes" { yes.clone() } else { no.clone() };
            }
            r
        })
        .collect();
    s.push_str(&text_table(&h, &rows));
    s.push('\n');
    s.push_str(&run.closing_line(words));
    s.push('\n');
    s
}

/// Text from the run (a program's name, version, homepage and messages, scenario ids and
/// clauses from the suite) in a Markdown line or table cell: never markup (`escape::markdown`).
fn cell(s: &str) -> String {
    crate::escape::markdown(s)
}

/// The report a federation or a library can publish (its tables in English; the closing line
/// and the scenarios' details in `words`).
pub fn markdown(
    run: &Run,
    suite: &str,
    explanations: Option<&Explanations>,
    words: &Words,
) -> String {
    let mut s = header(run, suite);
    let na = run.count(Kind::NotApplicable);
    s.push_str(&format!(
        "\n**{}** — {} scenarios, {} applicable.\n\n",
        run.closing_line(words),
        run.outcomes.len(),
        run.outcomes.len() - na
    ));

    s.push_str("## By clause\n\n");
    let mut h = vec!["clause"];
    h.extend(TALLY_HEADER);
    s.push_str(&md_table(&h, &clause_rows(run, true)));
    s.push_str("\n## By feature\n\n");
    let mut h = vec!["feature", "declared"];
    h.extend(TALLY_HEADER);
    s.push_str(&md_table(&h, &feature_rows(run, true)));

    s.push_str(&failures(run, explanations, words));
    s.push_str(&others(run, words));
    if na > 0 {
        s.push_str(&not_applicable(run, explanations, na));
    }
    s
}

/// The report's title and the table of what ran against what.
fn header(run: &Run, suite: &str) -> String {
    let mut s = String::new();
    let who = run
        .implementation
        .as_ref()
        .map_or("(no hello)".to_string(), |i| {
            cell(&format!("{} {}", i.name, i.version))
        });
    s.push_str(&format!("# Conformance report: {who}\n\n"));
    s.push_str(
        "Generated by `arbiter conformance`; do not edit. What the outcomes mean: \
         conformance/PROTOCOL.md.\n\n",
    );
    let mut facts = vec![
        ("suite".to_string(), cell(suite)),
        (
            "protocol".to_string(),
            super::protocol::PROTOCOL_VERSION.to_string(),
        ),
        (
            "runner".to_string(),
            format!("arbiter {}", env!("CARGO_PKG_VERSION")),
        ),
    ];
    if let Some(i) = &run.implementation {
        let mut name = cell(&format!("{} {}", i.name, i.version));
        if let Some(l) = &i.language {
            name.push_str(&format!(" ({})", cell(l)));
        }
        if let Some(h) = &i.homepage {
            name.push_str(&format!(", {}", homepage(h)));
        }
        facts.insert(0, ("implementation".into(), name));
        facts.push((
            "features declared".into(),
            if i.features.is_empty() {
                "none".into()
            } else {
                cell(&i.features.join(", "))
            },
        ));
    }
    if let Some(e) = &run.hello_error {
        facts.push(("hello".into(), cell(e)));
    }
    s.push_str(&md_table_aligned(
        &["", ""],
        &facts
            .into_iter()
            .map(|(k, v)| vec![k, v])
            .collect::<Vec<_>>(),
        false,
    ));
    s
}

/// A scenario's row: its id and the differences (or the reason, or the error).
fn outcome_row(o: &Outcome, words: &Words) -> Vec<String> {
    let details: Vec<String> = o.details.iter().map(|d| d.render(words)).collect();
    vec![
        crate::escape::markdown_code(&o.id),
        cell(&details.join("; ")),
    ]
}

/// The failures, grouped by the explanations that cover them, then the unexplained; the
/// explanations that explain nothing that failed.
fn failures(run: &Run, explanations: Option<&Explanations>, words: &Words) -> String {
    let mut s = String::new();
    let failed: Vec<&Outcome> = run
        .outcomes
        .iter()
        .filter(|o| o.outcome == Kind::Failed)
        .collect();
    if !failed.is_empty() {
        s.push_str(&format!("\n## Failures ({})\n", failed.len()));
        let mut rest: Vec<&Outcome> = failed.clone();
        if let Some(x) = explanations {
            for c in &x.classes {
                let members: Vec<&Outcome> = failed
                    .iter()
                    .copied()
                    .filter(|o| c.explains(&o.id))
                    .collect();
                if members.is_empty() {
                    continue;
                }
                rest.retain(|o| !c.explains(&o.id));
                // The explanations are the certifier's own Markdown (`reason` may use it); the
                // heading's parts stay on its line.
                s.push_str(&format!(
                    "\n### {} — {} ({})\n\n{}\n\n",
                    cell(&c.clause),
                    c.title.english().replace(['\n', '\r'], " "),
                    members.len(),
                    c.reason.english().trim()
                ));
                s.push_str(&md_table_aligned(
                    &["scenario", "difference"],
                    &members
                        .iter()
                        .map(|o| outcome_row(o, words))
                        .collect::<Vec<_>>(),
                    false,
                ));
            }
        }
        if !rest.is_empty() {
            s.push_str(&format!("\n### Unexplained ({})\n\n", rest.len()));
            s.push_str(&md_table_aligned(
                &["scenario", "difference"],
                &rest
                    .iter()
                    .map(|o| outcome_row(o, words))
                    .collect::<Vec<_>>(),
                false,
            ));
        }
    }
    if let Some(x) = explanations {
        let (_, stale) = x.audit(run);
        if !stale.is_empty() {
            s.push_str(&format!(
                "\n**Stale explanations**: these scenarios are explained as failures but did not fail: {}\n",
                cell(&stale.join(", "))
            ));
        }
    }
    s
}

/// The scenarios that errored, and those the implementation skipped.
fn others(run: &Run, words: &Words) -> String {
    let mut s = String::new();
    for (kind, title) in [
        (Kind::Errored, "Errors"),
        (Kind::Skipped, "Skipped by the implementation"),
    ] {
        let list: Vec<Vec<String>> = run
            .outcomes
            .iter()
            .filter(|o| o.outcome == kind)
            .map(|o| outcome_row(o, words))
            .collect();
        if !list.is_empty() {
            s.push_str(&format!("\n## {title} ({})\n\n", list.len()));
            s.push_str(&md_table_aligned(&["scenario", "reason"], &list, false));
        }
    }
    s
}

/// The `na` scenarios not applicable, by the feature not declared, with the certifier's reason.
fn not_applicable(run: &Run, explanations: Option<&Explanations>, na: usize) -> String {
    let mut s = String::new();
    s.push_str(&format!("\n## Not applicable ({na})\n\n"));
    let info = run.implementation.as_ref();
    let rows: Vec<Vec<String>> = by_feature(run)
        .into_iter()
        .filter(|(f, _)| !info.is_some_and(|i| i.features.iter().any(|x| x == f)))
        .map(|(f, t)| {
            let reason = explanations
                .and_then(|x| x.unsupported.iter().find(|u| u.feature == f))
                .map_or(String::new(), |u| explained(u.reason.english().trim()));
            vec![f.to_string(), t.scenarios.to_string(), reason]
        })
        .collect();
    s.push_str("Scenarios needing a feature the implementation does not declare are not run.\n\n");
    s.push_str(&md_table_aligned(
        &["feature not declared", "scenarios", "why"],
        &rows,
        false,
    ));
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every failure row of the committed certification reports is its scenario's details as
    /// `markdown` escapes them (the certification test, which needs the libraries installed,
    /// compares whole reports; this one runs everywhere).
    #[test]
    fn the_committed_reports_rows_are_escaped() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../conformance/reports");
        let mut rows = 0;
        for e in std::fs::read_dir(&dir).expect("reports") {
            let p = e.expect("entry").path();
            if p.extension().is_none_or(|x| x != "jsonl") {
                continue;
            }
            let md = std::fs::read_to_string(p.with_extension("md")).expect("markdown");
            for line in std::fs::read_to_string(&p).expect("jsonl").lines() {
                let v: serde_json::Value = serde_json::from_str(line).expect("json");
                if !matches!(
                    v["outcome"].as_str(),
                    Some("failed" | "errored" | "skipped")
                ) {
                    continue;
                }
                let details: Vec<&str> = (v["details"].as_array().expect("details").iter())
                    .filter_map(|d| d.as_str())
                    .collect();
                let id = v["id"].as_str().expect("id");
                let row = format!(
                    "| {} | {} |",
                    crate::escape::markdown_code(id),
                    cell(&details.join("; "))
                );
                assert!(md.contains(&row), "{}: {row}", p.display());
                rows += 1;
            }
        }
        assert!(rows > 100, "{rows}");
    }

    #[test]
    fn a_programs_words_are_text() {
        assert_eq!(
            homepage("https://github.com/x/y_z"),
            "https://github.com/x/y_z"
        );
        assert_eq!(homepage("javascript:alert(1)"), "javascript:alert(1)");
        assert_eq!(
            homepage("https://x.org/<script>"),
            "https://x.org/\\<script\\>"
        );
        assert_eq!(
            cell("[x](javascript:alert(1))"),
            "\\[x\\](javascript:alert(1))"
        );
    }
}
