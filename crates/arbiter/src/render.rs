//! Explanations in the reader's language: Fluent bundles of a rulebook's rulings plus the
//! adjudicator's own messages, and the text output of a verdict.

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use serde::{Serialize, Serializer};

use crate::runtime::analysis::{Evidence, TIER_MESSAGES, tier_message};
use crate::runtime::rules::BookMeta;
use crate::runtime::verdict::{Arg, End, Finding, GameResult, Outcome, Ruling, Verdict};
use crate::unwinnable::Proof;

pub struct Renderer {
    bundle: FluentBundle<FluentResource>,
}

impl Renderer {
    /// A renderer for `lang`; errors name the language or the broken resource.
    pub fn new(meta: &BookMeta, lang: &str) -> Result<Renderer, String> {
        let rulings = meta.ftl.get(lang).ok_or_else(|| {
            let have: Vec<&str> = meta.ftl.keys().map(String::as_str).collect();
            format!(
                "rulebook `{}` has no rulings in `{lang}` (it has: {})",
                meta.id,
                have.join(", ")
            )
        })?;
        // The tool's own words (the language registry, its added files checked), then the
        // rulebook's rulings.
        // An error about them is said in the words of `lang` that did not fail (`Words::none`).
        let said = |e: crate::locale::LocaleError| e.render(&crate::locale::Words::none(lang));
        let mut bundle = crate::locale::bundle(lang).map_err(said)?;
        crate::locale::add(
            &mut bundle,
            &format!("the rulings of {} ({lang})", meta.id),
            rulings.clone(),
            false,
        )
        .map_err(said)?;
        // Every message a verdict can need is there, or the renderer is not made: nothing is
        // ever rendered as a placeholder.
        let tool = [
            "game-ended",
            "game-awaits-decision",
            "game-not-ended",
            "unplayed-moves",
            "recorded-differs",
            "no-clause",
            "from-record",
            "assumed-from-record",
            "audit-line",
            "effects",
            "scoresheet",
            "duration-s",
            "duration-min",
            "duration-clock",
            "game-header",
            "after-move",
            "in-start-position",
            "start-position-short",
            "evidence-can-checkmate",
            "evidence-can-checkmate-unshown",
            "evidence-cannot-checkmate",
            "evidence-dead-position",
            "evidence-undetermined",
            "evidence-after-forced",
            "edition-named",
            "edition-date",
            "edition-partial-date",
            "edition-date-undecided",
            "edition-no-date",
            "edition-before-oldest",
        ];
        let effects = crate::lang::schema::EffectId::ALL
            .iter()
            .map(|e| effect_message(*e));
        let rulings = meta.rules.iter().map(|r| r.message.clone());
        for id in tool
            .iter()
            .chain(TIER_MESSAGES.iter())
            .map(|t| t.to_string())
            .chain(Finding::ALL.iter().map(|f| format!("finding-{}", f.name())))
            .chain(effects)
            .chain(rulings)
        {
            if !bundle.has_message(&id) {
                return Err(format!(
                    "no message `{id}` in `{lang}` (the rulebook {}'s rulings or locales/{lang}/)",
                    meta.id
                ));
            }
        }
        Ok(Renderer { bundle })
    }

    /// A message with its arguments. Every id the renderer is asked for was checked to exist
    /// when it was made; the id itself stands in only should that invariant ever break.
    pub fn message<K: AsRef<str>>(&self, id: &str, args: &[(K, Arg)]) -> String {
        let Some(msg) = self.bundle.get_message(id) else {
            return id.to_string();
        };
        let Some(pattern) = msg.value() else {
            return String::new();
        };
        let mut fa = FluentArgs::with_capacity(args.len());
        for (k, v) in args {
            match v {
                Arg::Num(n) => fa.set(k.as_ref(), FluentValue::from(*n)),
                Arg::Str(s) => fa.set(k.as_ref(), FluentValue::from(s.as_str())),
                Arg::Duration(secs) => fa.set(k.as_ref(), FluentValue::from(self.duration(*secs))),
            }
        }
        // Written into room made once (Fluent's own `format_pattern` grows its text from
        // nothing, a reallocation every few pieces), trimmed in place.
        let mut errors = vec![];
        let mut said = String::with_capacity(160);
        if self
            .bundle
            .write_pattern(&mut said, pattern, Some(&fa), &mut errors)
            .is_err()
        {
            return id.to_string();
        }
        said.truncate(said.trim_end().len());
        let lead = said.len() - said.trim_start().len();
        said.drain(..lead);
        said
    }

    /// A message without variables.
    fn plain(&self, id: &str) -> String {
        self.message::<&str>(id, &[])
    }

    /// A duration in words: `2 min`, `30 s`, `1 min 30 s`.
    fn duration(&self, secs: i64) -> String {
        let (id, parts) = crate::compile::words::duration_parts(secs);
        let args: Vec<(String, Arg)> = parts
            .into_iter()
            .map(|(k, v)| (k.to_string(), Arg::Str(v)))
            .collect();
        self.message(id, &args)
    }

    /// The effects of a ruling, in words: `Effects: the claim is rejected; 2 min added to ...`.
    /// Each effect's message is `effect-NAME` (`_` as `-`), its fields the arguments.
    pub fn effects(&self, effects: &[crate::runtime::rules::Effect]) -> String {
        if effects.is_empty() {
            return String::new();
        }
        let words: Vec<String> = effects
            .iter()
            .map(|e| {
                let args: Vec<(String, Arg)> = e
                    .fields()
                    .into_iter()
                    .map(|(k, v)| (k.to_string(), Arg::from(v)))
                    .collect();
                self.message(&effect_message(e.id()), &args)
            })
            .collect();
        self.message("effects", &[("list", Arg::Str(words.join("; ")))])
    }

    /// The scoresheet line: the moves played, with (=) where a draw was offered (9.1.2.2).
    pub fn scoresheet(&self, moves: &str) -> String {
        self.message("scoresheet", &[("moves", Arg::Str(moves.to_string()))])
    }

    /// The text of one ruling: its clause's message, or that no clause answered; then the
    /// evidence behind it, when the unwinnability engine was asked.
    pub fn ruling(&self, r: &Ruling) -> String {
        let mut text = match &r.message {
            Some(m) => self.message(m, &r.args),
            None => self.plain("no-clause"),
        };
        if let Some(e) = &r.evidence {
            text.push(' ');
            text.push_str(&self.evidence(e));
        }
        if r.inferred {
            text.push(' ');
            let id = if r.assumed {
                "assumed-from-record"
            } else {
                "from-record"
            };
            text.push_str(&self.plain(id));
        }
        text
    }

    /// One game of `arbiter audit`'s text output: where it is, the recorded result and the
    /// laws', the finding, then how the laws' result came about.
    pub fn finding_line(&self, e: &Explained) -> String {
        let v = e.verdict;
        let line = self.message(
            "audit-line",
            &[
                ("file", Arg::Str(v.file.clone())),
                ("line", Arg::Num(i64::try_from(v.line).unwrap_or(i64::MAX))),
                ("game", Arg::Num(i64::try_from(v.game).unwrap_or(i64::MAX))),
                (
                    "white",
                    Arg::Str(v.white.clone().unwrap_or_else(|| "?".into())),
                ),
                (
                    "black",
                    Arg::Str(v.black.clone().unwrap_or_else(|| "?".into())),
                ),
                (
                    "recorded",
                    Arg::Str(v.recorded_result.clone().unwrap_or_else(|| "?".into())),
                ),
                ("result", Arg::Str(v.outcome.result().text(v.kind).into())),
                ("finding", Arg::Str(self.finding(v))),
            ],
        );
        format!("{line}\n    {}\n", e.text)
    }

    /// How the recorded result compares with the laws', in words.
    pub fn finding(&self, v: &Verdict) -> String {
        let recorded = v.recorded_result.as_deref().unwrap_or("?");
        let earlier = if v.unplayed_moves > 0 { "yes" } else { "no" };
        self.message(
            &format!("finding-{}", v.finding.name()),
            &[
                ("recorded", Arg::Str(recorded.into())),
                ("result", Arg::Str(v.outcome.result().text(v.kind).into())),
                ("earlier", Arg::Str(earlier.into())),
            ],
        )
    }

    /// What the unwinnability engine found, in words: a helpmate line, the tier that proved a
    /// side cannot checkmate, or the budget spent.
    pub fn evidence(&self, e: &Evidence) -> String {
        let side = |c: shakmaty::Color| Arg::Str(crate::runtime::rules::side_name(c).into());
        match e {
            Evidence::CanCheckmate {
                side: s,
                line: Some(line),
            } => self.message(
                "evidence-can-checkmate",
                &[("side", side(*s)), ("line", Arg::Str(line.text.clone()))],
            ),
            Evidence::CanCheckmate {
                side: s,
                line: None,
            } => self.message("evidence-can-checkmate-unshown", &[("side", side(*s))]),
            Evidence::CannotCheckmate {
                side: s,
                proof,
                forced,
            } => self.after_forced(
                forced.as_ref(),
                self.message(
                    "evidence-cannot-checkmate",
                    &[("side", side(*s)), ("proof", Arg::Str(self.tier(*proof)))],
                ),
            ),
            Evidence::DeadPosition {
                white,
                black,
                forced,
            } => self.after_forced(
                forced.as_ref(),
                self.message(
                    "evidence-dead-position",
                    &[
                        ("white", Arg::Str(self.tier(*white))),
                        ("black", Arg::Str(self.tier(*black))),
                    ],
                ),
            ),
            Evidence::Undetermined { side: s, nodes } => self.message(
                "evidence-undetermined",
                &[
                    ("side", s.map_or(Arg::Str("none".into()), side)),
                    ("nodes", Arg::Num(i64::try_from(*nodes).unwrap_or(i64::MAX))),
                ],
            ),
        }
    }

    /// `reason`, said of the position after the forced moves `forced` when there are any.
    fn after_forced(
        &self,
        forced: Option<&crate::runtime::analysis::Line>,
        reason: String,
    ) -> String {
        match forced {
            Some(line) => self.message(
                "evidence-after-forced",
                &[
                    (
                        "count",
                        Arg::Num(i64::try_from(line.san.len()).unwrap_or(i64::MAX)),
                    ),
                    ("line", Arg::Str(line.text.clone())),
                    ("reason", Arg::Str(reason)),
                ],
            ),
            None => reason,
        }
    }

    /// The tier of a proof, in words.
    pub fn tier(&self, t: Proof) -> String {
        let (id, args) = tier_message(t);
        let args: Vec<(String, Arg)> = args
            .into_iter()
            .map(|(k, v)| (k.to_string(), Arg::Num(v)))
            .collect();
        self.message(id, &args)
    }

    /// A verdict explained in this renderer's language: the text of every ruling and of the
    /// verdict. Serialised, it is the JSON output.
    pub fn explain<'v>(&self, v: &'v Verdict) -> Explained<'v> {
        let rulings: Vec<String> = v.rulings.iter().map(|r| self.ruling(r)).collect();
        let ending = v.outcome.ruling().and_then(|i| rulings.get(i));
        let text = self.verdict_text(v, ending.map(String::as_str));
        Explained {
            verdict: v,
            rulings,
            text,
            edition: v.edition.as_ref().map(|e| self.edition(e)),
        }
    }

    /// Which rulebook and edition ruled, and why that edition.
    pub fn edition(&self, e: &crate::runtime::edition::EditionRuled) -> String {
        let edition = e.edition.clone().unwrap_or_else(|| "-".into());
        self.message(
            &format!("edition-{}", e.basis.name()),
            &[
                ("rulebook", Arg::Str(e.rulebook.clone())),
                ("edition", Arg::Str(edition)),
                (
                    "date",
                    Arg::Str(e.basis.date().unwrap_or_default().to_string()),
                ),
                (
                    "own",
                    Arg::Str(
                        if e.edition.as_deref() == Some(e.rulebook.as_str()) {
                            "yes"
                        } else if e.edition.is_none() {
                            "none"
                        } else {
                            "no"
                        }
                        .into(),
                    ),
                ),
            ],
        )
    }

    /// The verdict's text: how the game ended (with `ending`, the text of the ruling that ended
    /// it), or that play stopped awaiting the arbiter, or that it did not end; the moves not
    /// played; a recorded result that differs.
    fn verdict_text(&self, v: &Verdict, ending: Option<&str>) -> String {
        let recorded = v.recorded_result.as_deref().unwrap_or("?");
        let result = v.outcome.result();
        let mut text = match &v.outcome {
            Outcome::Ended { end, rule, ply, .. } => {
                let (id, result) = match (end, result) {
                    (End::AwaitingDecision, _) => ("game-awaits-decision", "none"),
                    (_, GameResult::WhiteWins) => ("game-ended", "white"),
                    (_, GameResult::BlackWins) => ("game-ended", "black"),
                    (_, GameResult::Draw | GameResult::Unfinished) => ("game-ended", "draw"),
                };
                self.message(
                    id,
                    &[
                        ("result", Arg::Str(result.into())),
                        ("ply", Arg::Num(i64::from(*ply))),
                        ("when", Arg::Str(self.when(v, *ply))),
                        ("rule", Arg::Str(rule.clone())),
                        ("ruling", Arg::Str(ending.unwrap_or_default().into())),
                    ],
                )
            }
            Outcome::Unfinished => self.message(
                "game-not-ended",
                &[
                    ("plies", Arg::Num(i64::from(v.plies))),
                    ("when", Arg::Str(self.when(v, v.plies))),
                    ("recorded", Arg::Str(recorded.into())),
                ],
            ),
        };
        if v.unplayed_moves > 0 {
            text.push(' ');
            text.push_str(&self.message(
                "unplayed-moves",
                &[("count", Arg::Num(i64::from(v.unplayed_moves)))],
            ));
        }
        let ended = matches!(v.outcome, Outcome::Ended { .. });
        if ended && v.recorded != Some(result) {
            text.push(' ');
            text.push_str(&self.message(
                "recorded-differs",
                &[("recorded", Arg::Str(recorded.into()))],
            ));
        }
        text
    }

    /// The text format: a header line, the scoresheet, the rulings that did not end the game
    /// (each with its effects), then the verdict.
    pub fn text(&self, e: &Explained) -> String {
        let v = e.verdict;
        // A game read from a file is placed `file:line`; one given as text (the library's
        // `Adjudicator::adjudicate`) has no place to say.
        let place = match v.file.as_str() {
            "" => String::new(),
            file => format!("{file}:{}", v.line),
        };
        let mut s = self.message(
            "game-header",
            &[
                ("place", Arg::Str(place)),
                ("game", Arg::Num(i64::try_from(v.game).unwrap_or(i64::MAX))),
                ("white", Arg::Str(v.white.as_deref().unwrap_or("?").into())),
                ("black", Arg::Str(v.black.as_deref().unwrap_or("?").into())),
                ("result", Arg::Str(v.outcome.result().text(v.kind).into())),
            ],
        );
        if v.file.is_empty() {
            s = s.trim_start().to_string();
        }
        s.push('\n');
        if let Some(edition) = &e.edition {
            s.push_str(&format!("  {edition}\n"));
        }
        if !v.offers.is_empty() {
            s.push_str(&format!(
                "  {}\n",
                self.scoresheet(&v.scoresheet.text(&v.offers))
            ));
        }
        for (i, (r, text)) in v.rulings.iter().zip(&e.rulings).enumerate() {
            if Some(i) != v.outcome.ruling() {
                let rule = r.rule.as_deref().unwrap_or("-");
                let at = match v.scoresheet.move_at(r.ply) {
                    Some(m) => m,
                    None => self.plain("start-position-short"),
                };
                s.push_str(&format!("  [{at} · {rule}] {text}\n"));
                if !r.effects.is_empty() {
                    s.push_str(&format!("      {}\n", self.effects(&r.effects)));
                }
            }
        }
        s.push_str(&format!("  {}\n", e.text));
        s
    }

    /// When something happened, as a player says it: after a numbered move (`after 60…Rd5`), or
    /// in the start position.
    fn when(&self, v: &Verdict, ply: u32) -> String {
        match v.scoresheet.move_at(ply) {
            Some(m) => self.message("after-move", &[("move", Arg::Str(m))]),
            None => self.plain("in-start-position"),
        }
    }
}

/// A verdict with its texts in one language. Serialised, it is the JSON output: the verdict's
/// fields with each ruling's `text` and the verdict's `text`.
/// Made only by `Renderer::explain`, so there is one text per ruling.
pub struct Explained<'v> {
    verdict: &'v Verdict,
    /// The text of each ruling, in the order of `verdict.rulings`.
    rulings: Vec<String>,
    /// The verdict's text.
    text: String,
    /// Which edition ruled, and why, when the verdict says.
    edition: Option<String>,
}

impl<'v> Explained<'v> {
    pub fn verdict(&self) -> &'v Verdict {
        self.verdict
    }

    /// The text of each ruling, in the order of the verdict's rulings.
    pub fn rulings(&self) -> &[String] {
        &self.rulings
    }

    /// The verdict's text.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// Which edition ruled, and why, when the verdict says.
    pub fn edition(&self) -> Option<&str> {
        self.edition.as_deref()
    }
}

impl Serialize for Explained<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.verdict
            .json(Some(crate::runtime::verdict::Texts {
                rulings: &self.rulings,
                verdict: &self.text,
                edition: self.edition.as_deref(),
            }))
            .serialize(s)
    }
}

/// The message saying an effect in a verdict: `effect-NAME`, `_` as `-`.
fn effect_message(e: crate::lang::schema::EffectId) -> String {
    format!("effect-{}", e.spec().name.replace('_', "-"))
}

/// A piece of the readable rulebook (the Markdown that `backend::codegen::markdown` writes) as
/// plain text for a terminal: headings underlined, a rule's lines indented under it, quotes
/// marked with a bar, and no Markdown markup (`**`, backticks, link targets, anchors) left.
pub fn terminal(md: &str) -> String {
    let mut out = Vec::new();
    for line in md.trim().lines() {
        let line = line.trim_end();
        if let Some(h) = line.strip_prefix("### ") {
            let h = inline(h);
            out.push(h.clone());
            out.push("─".repeat(h.chars().count()));
        } else if let Some(h) = line.strip_prefix("## ") {
            let h = inline(h);
            out.push(h.clone());
            out.push("═".repeat(h.chars().count()));
        } else if let Some(q) = line.strip_prefix("> ") {
            out.push(format!("  │ {}", inline(q)));
        } else if let Some(item) = line.strip_prefix("- ") {
            // `- **Rule `name`**` heads a rule; `- **Label:** value` is one of its lines.
            let bold_whole = item.starts_with("**") && item.ends_with("**") && item.len() > 4;
            if bold_whole {
                out.push(format!("▸ {}", inline(item)));
            } else {
                out.push(format!("    {}", inline(item)));
            }
        } else if line.len() > 2 && line.starts_with('*') && line.ends_with('*') {
            out.push(inline(&line[1..line.len() - 1]));
        } else {
            out.push(inline(line));
        }
    }
    out.join("\n")
}

/// Inline Markdown as plain text: `[text](#anchor)` is `text`, `**` goes; code keeps its
/// backquotes, which mark it in a terminal as in the Markdown (an identifier is code, not a
/// word of the reader's language). Linear in the text (each `](` is looked at once; a text with
/// no `)` left ends the search), whatever a rulebook's text holds.
fn inline(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(mid) = rest.find("](") {
        let (head, tail) = rest.split_at(mid);
        let target = &tail[2..];
        let Some(end) = target.find(')') else {
            break;
        };
        // The link's text: from the last `[` before `](`, holding no `]`.
        match head
            .rfind('[')
            .filter(|&open| !head[open + 1..].contains(']'))
        {
            Some(open) => {
                out.push_str(&head[..open]);
                out.push_str(&head[open + 1..]);
                rest = &target[end + 1..];
            }
            None => {
                out.push_str(head);
                out.push_str("](");
                rest = target;
            }
        }
    }
    out.push_str(rest);
    out.replace("**", "")
}

#[cfg(test)]
mod terminal_tests {
    use super::{inline, terminal};

    #[test]
    fn markup_goes_and_links_keep_their_text() {
        assert_eq!(
            inline("see [9.2.2](#9-2-2) and **this** `x`"),
            "see 9.2.2 and this `x`"
        );
        assert_eq!(inline("a [b] c ](d) e"), "a [b] c ](d) e");
        assert_eq!(inline("x](y) [z](#w)"), "x](y) z");
        assert_eq!(
            terminal("### 9.6.1\n\n*Official text.*\n\n- **Rule `r`**\n- **Event:** e\n\n> n"),
            "9.6.1\n─────\n\nOfficial text.\n\n▸ Rule `r`\n    Event: e\n\n  │ n"
        );
    }

    #[test]
    fn a_hostile_text_costs_linear_time() {
        // A million brackets and link marks without a closing parenthesis, and with one.
        let open = "[".repeat(1_000_000) + &"](".repeat(1_000_000);
        assert_eq!(inline(&open).len(), open.len());
        let many = "[a](b)".repeat(200_000);
        assert_eq!(inline(&many), "a".repeat(200_000));
    }
}

#[cfg(test)]
mod missing_messages {
    use super::*;
    use crate::lang::schema::EventKind;
    use crate::runtime::rules::{ClauseMeta, RuleMeta};

    fn meta(ftl: &str) -> BookMeta {
        BookMeta {
            id: "t".into(),
            edition: None,
            per_edition: false,
            games: crate::games::Games::CHESS,
            languages: vec![crate::locale::DEFAULT.into()],
            clauses: vec![ClauseMeta {
                id: "1".into(),
                games: crate::games::Games::CHESS,
                beats: vec![],
            }],
            rules: vec![RuleMeta {
                clause: 0,
                on: EventKind::Position,
                message: "ruling-1".into(),
                decisive: true,
            }],
            params: vec![],
            ftl: [(crate::locale::DEFAULT.to_string(), ftl.to_string())].into(),
        }
    }

    #[test]
    fn a_missing_ruling_is_an_error_before_anything_is_rendered() {
        let e = Renderer::new(&meta("other = x\n"), crate::locale::DEFAULT)
            .err()
            .unwrap_or_default();
        assert!(e.contains("no message `ruling-1`"), "{e}");
        assert!(Renderer::new(&meta("ruling-1 = Drawn.\n"), crate::locale::DEFAULT).is_ok());
    }
}
