//! `arbiter audit`: for every game of the inputs, the recorded result against the one the laws
//! give, and a summary by finding and by clause.

use std::fmt::Write as _;

use arbiter::audit::{NO_EDITION, Report, Summary, UNENDED};
use arbiter::locale::say;

use crate::out::Io;
use arbiter::runtime::verdict::Finding;

use super::adjudicate::{self, FormatArg};

#[derive(clap::Args)]
pub struct AuditArgs {
    #[command(flatten)]
    pub common: adjudicate::Args,
    /// In the text format, a line for every game, not only for those whose recorded result the
    /// laws contradict, end earlier or cannot derive.
    #[arg(long)]
    pub all: bool,
}

/// Exit status: 0 when every game was read and its recorded result is the laws'; 1 otherwise
/// (a result the laws contradict, end earlier, cannot derive or only assume, a bad game or
/// input); 2 on a usage error.
pub fn run(a: &AuditArgs, lang: &str, io: &Io) -> u8 {
    let report = Report::Findings { all: a.all };
    let Ok(summary) = adjudicate::judge_all(&a.common, lang, report, io) else {
        return 2;
    };
    match a.common.format {
        // After the games, on standard output: the summary is what an audit is for.
        FormatArg::Text => io.text(&summary_text(&summary, io)),
        // One object per game on standard output; the summary, one object, on standard error.
        FormatArg::Json => match serde_json::to_string(&summary) {
            Ok(s) => io.eraw(&format!("{s}\n")),
            Err(e) => io.error(e.to_string()),
        },
    }
    u8::from(!summary.all_agree())
}

/// The summary table: the games of each finding, and within it the clauses that ended them.
pub fn summary_text(s: &Summary, io: &Io) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "\n{}",
        say::audit_summary(s.games, s.bad_games).render(io.words())
    );
    if s.bad_inputs > 0 {
        let _ = writeln!(
            out,
            "{}",
            say::summary_bad_inputs(s.bad_inputs).render(io.words())
        );
    }
    let _ = writeln!(out, "{}", say::audit_changed(s.changed).render(io.words()));
    for f in Finding::ALL {
        let Some(found) = s.findings.get(f.name()) else {
            continue;
        };
        let mut clauses: Vec<(&String, &u64)> = found.by_clause.iter().collect();
        clauses.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
        let clauses: Vec<String> = clauses
            .into_iter()
            .map(|(c, n)| {
                let c = if c == UNENDED {
                    say::audit_unended().render(io.words())
                } else {
                    c.clone()
                };
                format!("{c}: {n}")
            })
            .collect();
        let _ = writeln!(
            out,
            "  {:<14} {:>8}  {}",
            say::audit_finding(f.name()).render(io.words()),
            found.games,
            clauses.join(", ")
        );
    }
    // Which edition of the Laws ruled, when any did: the findings within each.
    if s.by_edition.keys().any(|e| e != NO_EDITION) {
        let _ = writeln!(out, "{}", say::audit_by_edition().render(io.words()));
        for (edition, findings) in &s.by_edition {
            let games: u64 = findings.values().fold(0, |a, n| a.saturating_add(*n));
            let within: Vec<String> = Finding::ALL
                .iter()
                .filter_map(|f| {
                    let n = findings.get(f.name())?;
                    Some(format!(
                        "{}: {n}",
                        say::audit_finding(f.name()).render(io.words())
                    ))
                })
                .collect();
            let edition = if edition == NO_EDITION {
                say::audit_no_edition().render(io.words())
            } else {
                edition.clone()
            };
            let _ = writeln!(out, "  {edition:<14} {games:>8}  {}", within.join(", "));
        }
    }
    out
}
