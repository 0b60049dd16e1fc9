//! `arbiter diff OLD NEW [FILES…]`: what a rulebook change changes, clause by clause and in
//! play. The library computes (`arbiter_diff`); this file reads the arguments and says the
//! results as text, JSON lines or Markdown.
//!
//! Exit status: 0 when nothing changed, 1 when something did (a clause, a named value, a game's
//! verdict), 2 when a rulebook could not be loaded, a game or input could not be read or ruled
//! on, or on a usage error — as `diff(1)`.

use std::fmt::Write as _;
use std::io::{IsTerminal as _, Write as _};
use std::path::PathBuf;

use arbiter::audit::Input;
use arbiter::escape;
use arbiter::locale::{Words, say};
use arbiter_diff::{self as diff, ClauseChange, Clauses, Diffed, Ending, GameChange, Groups, Op};

use crate::adjudicate::Bar;
use crate::out::Io;

#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum DiffFormat {
    Text,
    Json,
    Markdown,
}

#[derive(clap::Args)]
pub struct Args {
    /// The rulebook before: an embedded name (`fide-2018`) or a rulebook folder.
    pub old: String,
    /// The rulebook after: an embedded name (`fide-2023`) or a rulebook folder (a draft).
    pub new: String,
    /// PGN files whose games are ruled on under both; without them, the conformance suite.
    pub files: Vec<PathBuf>,
    /// Rule on the conformance scenarios of both rulebooks' suites too (the default when no
    /// FILES are given).
    #[arg(long)]
    pub suite: bool,
    /// The folder holding the conformance suites.
    #[arg(long, value_name = "DIR", default_value = "conformance")]
    pub conformance: PathBuf,
    /// `text` for people, `json` for one record per changed clause, value and game per line,
    /// `markdown` for a report.
    #[arg(long, value_enum, default_value = "text")]
    pub format: DiffFormat,
    /// For a rulebook compiled on each edition of the FIDE Laws (`club`, ...): compare its
    /// compilations on this edition (default: the newest).
    #[arg(long, value_name = "EDITION")]
    pub edition: Option<String>,
    /// Rule only on what the moves and the event commands say (as `adjudicate --no-record`).
    #[arg(long)]
    pub no_record: bool,
    /// Games ruled on at once (default: one per core; at most four per core). Output stays in
    /// input order.
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..))]
    pub jobs: Option<u16>,
    /// The inputs' character encoding (as `adjudicate --encoding`).
    #[arg(long, value_name = "LABEL")]
    pub encoding: Option<String>,
}

pub fn run(a: &Args, io: &Io) -> u8 {
    let w = io.words();
    let (Ok(encoding), Ok(jobs)) = (
        crate::adjudicate::encoding(a.encoding.as_deref(), io),
        crate::adjudicate::jobs(a.jobs.map(usize::from), io),
    ) else {
        return 2;
    };
    let mut books = Vec::new();
    for spec in [&a.old, &a.new] {
        crate::warn_if_shadowed(spec, io);
        match diff::load(spec, a.edition.as_deref()) {
            Ok(b) => books.push(b),
            Err(d) => {
                io.eraw(&d.render(io.words()));
                return 2;
            }
        }
    }
    let (Some(old), Some(new)) = (books.first(), books.get(1)) else {
        return 2;
    };
    let ids = diff::IdMap::between(&old.ir, &new.ir);
    let clauses = diff::clauses(&old.ir, &new.ir, &ids);
    let games = diff::Games {
        old,
        new,
        ids: &ids,
        words: w,
        options: arbiter::runtime::adjudicate::Options {
            record: !a.no_record,
            ..arbiter::runtime::adjudicate::Options::default()
        },
    };
    let mut groups = Groups::default();
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    match a.format {
        DiffFormat::Json => {
            for c in &clauses.clauses {
                put(&record("clause", serde_json::to_value(c)), &mut out, io);
            }
            for v in &clauses.values {
                put(&record("value", serde_json::to_value(v)), &mut out, io);
            }
        }
        DiffFormat::Text => put(&escape_terminal(&clauses_text(&clauses, w)), &mut out, io),
        DiffFormat::Markdown => put(&clauses_markdown(&clauses, w), &mut out, io),
    }
    each_game(a, &games, (encoding, jobs), &mut groups, &mut out, io);
    match a.format {
        DiffFormat::Json => {
            let summary = serde_json::json!({
                "record": "summary",
                "old": clauses.old,
                "new": clauses.new,
                "clauses": clauses.clauses.len(),
                "values": clauses.values.len(),
                "games": groups.games,
                "changed": groups.changed,
                "bad": groups.bad,
                "groups": groups.by_count().iter().map(|((o, n), g)| serde_json::json!({
                    "old": o, "new": n, "games": g.count,
                })).collect::<Vec<_>>(),
            });
            put(&format!("{summary}\n"), &mut out, io);
        }
        DiffFormat::Text => put(&escape_terminal(&games_text(&groups, w)), &mut out, io),
        DiffFormat::Markdown => put(&games_markdown(&groups, w), &mut out, io),
    }
    if let Err(e) = out.flush() {
        io.failed(&e);
    }
    if groups.bad > 0 {
        2
    } else {
        u8::from(!clauses.is_empty() || groups.changed > 0)
    }
}

type Out<'a> = std::io::BufWriter<std::io::StdoutLock<'a>>;

fn put(text: &str, out: &mut Out, io: &Io) {
    if let Err(e) = out.write_all(text.as_bytes()) {
        io.failed(&e);
    }
}

/// The games ruled under both rulebooks (the suites', then the files'), each counted in
/// `groups`, a changed one written at once as JSON, a bad one said on standard error in its
/// place; the files' progress shown on a terminal as `adjudicate` shows it.
fn each_game(
    a: &Args,
    games: &diff::Games,
    (encoding, jobs): (Option<&'static encoding_rs::Encoding>, usize),
    groups: &mut Groups,
    out: &mut Out,
    io: &Io,
) {
    let mut each = |d: Diffed, bar: Option<&Bar>, out: &mut Out| {
        groups.add(&d);
        match (&d, a.format) {
            (Diffed::Changed(c), DiffFormat::Json) => {
                put(&record("game", serde_json::to_value(c)), out, io)
            }
            (Diffed::Bad { json, .. }, DiffFormat::Json) => put(json, out, io),
            (Diffed::Bad { text, .. }, _) => {
                if let Err(e) = out.flush() {
                    io.failed(&e);
                }
                Bar::eraw(bar, text, io);
            }
            _ => {}
        }
    };
    if a.suite || a.files.is_empty() {
        for d in games.suite(&a.conformance, jobs) {
            each(d, None, out);
        }
    }
    if a.files.is_empty() {
        return;
    }
    let inputs: Vec<Input> = a.files.iter().map(|f| Input::from_arg(f)).collect();
    let mut bar = std::io::stderr().is_terminal().then(|| Bar::new(io));
    games.run(&inputs, encoding, jobs, &mut |d, progress| {
        each(d, bar.as_ref(), out);
        if let Some(b) = &mut bar {
            b.tick(progress);
        }
        true
    });
    if let Some(b) = bar {
        b.bar.finish_and_clear();
    }
}

fn escape_terminal(s: &str) -> String {
    escape::terminal(s).into_owned()
}

/// One JSON line: `{"record": KIND, ...}`.
fn record(kind: &str, value: Result<serde_json::Value, serde_json::Error>) -> String {
    let mut v = value.unwrap_or_else(|e| serde_json::json!({ "error": e.to_string() }));
    if let serde_json::Value::Object(m) = &mut v {
        let mut with = serde_json::Map::new();
        with.insert("record".into(), kind.into());
        with.extend(std::mem::take(m));
        *m = with;
    }
    format!("{v}\n")
}

fn or_none(v: Option<&String>, w: &Words) -> String {
    v.cloned().unwrap_or_else(|| say::diff_none().render(w))
}

fn ending(e: &Ending, w: &Words) -> String {
    if let Some(err) = &e.error {
        return say::diff_ending_error(err).render(w);
    }
    let result = e.result.clone().unwrap_or_default();
    match &e.rule {
        None => format!("{result} ({})", say::diff_unended().render(w)),
        Some(rule) => say::diff_ending(
            result,
            rule,
            e.ply.map_or_else(|| "none".to_string(), |p| p.to_string()),
        )
        .render(w),
    }
}

fn clause_heading(c: &ClauseChange, w: &Words) -> String {
    let (o, n) = (
        c.old_id.clone().unwrap_or_default(),
        c.new_id.clone().unwrap_or_default(),
    );
    match c.change {
        diff::Change::Added => say::diff_added(n).render(w),
        diff::Change::Removed => match &c.replaced_by {
            Some(by) => say::diff_replaced(o, by).render(w),
            None => say::diff_removed(o).render(w),
        },
        diff::Change::Renumbered => say::diff_renumbered(o, n).render(w),
        diff::Change::Amended if c.renumbered => say::diff_amended_renumbered(o, n).render(w),
        diff::Change::Amended => say::diff_amended(n).render(w),
    }
}

/// A word diff as `git diff --word-diff` writes it: `[-gone-]{+new+}`.
fn words_text(segments: &[diff::Segment]) -> String {
    let mut s = String::new();
    for seg in segments {
        match seg.op {
            Op::Equal => s.push_str(&seg.text),
            Op::Delete => {
                let _ = write!(s, "[-{}-]", seg.text);
            }
            Op::Insert => {
                let _ = write!(s, "{{+{}+}}", seg.text);
            }
        }
    }
    s
}

fn rule_text(f: &diff::RuleForm) -> String {
    let mut s = format!("on: {}; when: {}", f.on, f.when);
    if !f.effects.is_empty() {
        let _ = write!(s, "; effects: {}", f.effects.join(", "));
    }
    s
}

/// The lines under a changed clause: what changed, one per line, indented by `indent`.
fn clause_details(c: &ClauseChange, w: &Words) -> Vec<String> {
    let mut lines = Vec::new();
    for t in &c.title {
        lines.push(format!(
            "{}: {}",
            say::diff_title(&t.lang).render(w),
            words_text(&t.segments)
        ));
    }
    if c.change != diff::Change::Added {
        for t in &c.text {
            lines.push(format!(
                "{}: {}",
                say::diff_text(&t.lang).render(w),
                words_text(&t.segments)
            ));
        }
    }
    for r in &c.rules {
        let (name, named) = match &r.name {
            Some(n) => (n.clone(), "yes"),
            None => (String::new(), "no"),
        };
        match (&r.old, &r.new) {
            (Some(o), Some(n)) => {
                lines.push(say::diff_rule(&name, named).render(w));
                lines.push(format!("  - {}", rule_text(o)));
                lines.push(format!("  + {}", rule_text(n)));
            }
            (None, Some(n)) => {
                lines.push(say::diff_rule_added(&name, named).render(w));
                lines.push(format!("  + {}", rule_text(n)));
            }
            (Some(o), None) => {
                lines.push(say::diff_rule_removed(&name, named).render(w));
                lines.push(format!("  - {}", rule_text(o)));
            }
            (None, None) => {}
        }
    }
    for v in &c.values {
        lines.push(
            say::diff_value(
                &v.name,
                or_none(v.old.as_ref(), w),
                or_none(v.new.as_ref(), w),
            )
            .render(w),
        );
    }
    if let Some(p) = &c.precedence {
        let list = |v: &[String]| match v.is_empty() {
            true => say::diff_none().render(w),
            false => v.join(", "),
        };
        lines.push(say::diff_precedence(list(&p.old), list(&p.new)).render(w));
    }
    lines
}

fn clauses_text(c: &Clauses, w: &Words) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "{}",
        say::diff_header(&c.old, &c.new, c.clauses.len()).render(w)
    );
    for ch in &c.clauses {
        let _ = writeln!(s, "  {}", clause_heading(ch, w));
        for line in clause_details(ch, w) {
            let _ = writeln!(s, "    {line}");
        }
    }
    if !c.values.is_empty() {
        let _ = writeln!(s, "{}", say::diff_values(c.values.len()).render(w));
        for v in &c.values {
            let _ = writeln!(
                s,
                "  {} ({})",
                say::diff_value(
                    &v.name,
                    or_none(v.old.as_ref(), w),
                    or_none(v.new.as_ref(), w)
                )
                .render(w),
                say::diff_used_by(v.used_by.join(", ")).render(w)
            );
        }
    }
    s
}

fn game_line(g: &GameChange, w: &Words) -> String {
    let place = format!("{}:{} #{}", g.file, g.line, g.game);
    say::diff_game(
        place,
        g.white.as_deref().unwrap_or("?"),
        g.black.as_deref().unwrap_or("?"),
        ending(&g.old, w),
        ending(&g.new, w),
    )
    .render(w)
}

fn clause_or_unended(c: &str, w: &Words) -> String {
    if c == arbiter::audit::UNENDED {
        say::diff_unended().render(w)
    } else {
        c.to_string()
    }
}

fn games_text(g: &Groups, w: &Words) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "{}",
        say::diff_games(g.games, g.changed, g.bad).render(w)
    );
    for ((o, n), group) in g.by_count() {
        let _ = writeln!(
            s,
            "  {}",
            say::diff_group(
                clause_or_unended(o, w),
                clause_or_unended(n, w),
                group.count
            )
            .render(w)
        );
        for e in &group.examples {
            let _ = writeln!(s, "    {}", game_line(e, w));
        }
        let more = group.count.saturating_sub(group.examples.len() as u64);
        if more > 0 {
            let _ = writeln!(s, "    {}", say::diff_more(more).render(w));
        }
    }
    s
}

/// A word diff in Markdown: deletions struck through, insertions in bold, every text escaped.
fn words_markdown(segments: &[diff::Segment]) -> String {
    let mut s = String::new();
    for seg in segments {
        let t = seg.text.trim();
        let (lead, trail) = (
            if seg.text.starts_with(' ') { " " } else { "" },
            if seg.text.ends_with(' ') && !t.is_empty() {
                " "
            } else {
                ""
            },
        );
        match seg.op {
            Op::Equal => s.push_str(&escape::markdown(&seg.text)),
            _ if t.is_empty() => s.push_str(&seg.text),
            Op::Delete => {
                let _ = write!(s, "{lead}~~{}~~{trail}", escape::markdown(t));
            }
            Op::Insert => {
                let _ = write!(s, "{lead}**{}**{trail}", escape::markdown(t));
            }
        }
    }
    s
}

fn clauses_markdown(c: &Clauses, w: &Words) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "# {}\n\n## {}\n",
        escape::markdown(&say::diff_header(&c.old, &c.new, c.clauses.len()).render(w)),
        escape::markdown(&say::diff_md_clauses().render(w))
    );
    if !c.clauses.is_empty() {
        let _ = writeln!(
            s,
            "| {} | {} | {} |\n|---|---|---|",
            escape::markdown(&say::diff_md_clause().render(w)),
            escape::markdown(&say::diff_md_change().render(w)),
            escape::markdown(&say::diff_md_what().render(w))
        );
    }
    for ch in &c.clauses {
        let id = match (&ch.old_id, &ch.new_id) {
            (Some(o), Some(n)) if o != n => format!("{o} → {n}"),
            _ => ch.id().to_string(),
        };
        let mut what: Vec<String> = Vec::new();
        for t in &ch.title {
            what.push(format!(
                "{}: {}",
                escape::markdown(&say::diff_title(&t.lang).render(w)),
                words_markdown(&t.segments)
            ));
        }
        if ch.change != diff::Change::Added {
            for t in &ch.text {
                what.push(format!(
                    "{}: {}",
                    escape::markdown(&say::diff_text(&t.lang).render(w)),
                    words_markdown(&t.segments)
                ));
            }
        }
        for r in &ch.rules {
            let (name, named) = match &r.name {
                Some(n) => (n.clone(), "yes"),
                None => (String::new(), "no"),
            };
            let said = match (&r.old, &r.new) {
                (Some(_), Some(_)) => say::diff_rule(&name, named).render(w),
                (None, _) => say::diff_rule_added(&name, named).render(w),
                (_, None) => say::diff_rule_removed(&name, named).render(w),
            };
            let mut cell = escape::markdown(&said);
            if let Some(o) = &r.old {
                let _ = write!(cell, " ~~{}~~", escape::markdown_code(&rule_text(o)));
            }
            if let Some(n) = &r.new {
                let _ = write!(cell, " {}", escape::markdown_code(&rule_text(n)));
            }
            what.push(cell);
        }
        for v in &ch.values {
            what.push(escape::markdown(
                &say::diff_value(
                    &v.name,
                    or_none(v.old.as_ref(), w),
                    or_none(v.new.as_ref(), w),
                )
                .render(w),
            ));
        }
        if let Some(p) = &ch.precedence {
            what.push(escape::markdown(
                &say::diff_precedence(p.old.join(", "), p.new.join(", ")).render(w),
            ));
        }
        let _ = writeln!(
            s,
            "| {} | {} | {} |",
            escape::markdown(&id),
            escape::markdown(&say::diff_change(ch.change.name()).render(w)),
            what.join("<br>")
        );
    }
    if !c.values.is_empty() {
        let _ = writeln!(
            s,
            "\n{}\n",
            escape::markdown(&say::diff_values(c.values.len()).render(w))
        );
        for v in &c.values {
            let _ = writeln!(
                s,
                "- {} ({})",
                escape::markdown(
                    &say::diff_value(
                        &v.name,
                        or_none(v.old.as_ref(), w),
                        or_none(v.new.as_ref(), w)
                    )
                    .render(w)
                ),
                escape::markdown(&say::diff_used_by(v.used_by.join(", ")).render(w))
            );
        }
    }
    s
}

fn games_markdown(g: &Groups, w: &Words) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "\n## {}\n\n{}\n",
        escape::markdown(&say::diff_md_games().render(w)),
        escape::markdown(&say::diff_games(g.games, g.changed, g.bad).render(w))
    );
    for ((o, n), group) in g.by_count() {
        let _ = writeln!(
            s,
            "### {}\n",
            escape::markdown(
                &say::diff_group(
                    clause_or_unended(o, w),
                    clause_or_unended(n, w),
                    group.count
                )
                .render(w)
            )
        );
        for e in &group.examples {
            let _ = writeln!(s, "- {}", escape::markdown(&game_line(e, w)));
        }
        let more = group.count.saturating_sub(group.examples.len() as u64);
        if more > 0 {
            let _ = writeln!(s, "- {}", escape::markdown(&say::diff_more(more).render(w)));
        }
        s.push('\n');
    }
    s
}
