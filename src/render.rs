//! Explanations in the reader's language: Fluent bundles of a rulebook's rulings plus the
//! adjudicator's own messages, and the text output of a verdict.

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};

use crate::runtime::rules::BookMeta;
use crate::runtime::verdict::{Arg, Verdict};

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
        let mut bundle = crate::locale::new_bundle(lang)?;
        // The tool's own words (the language registry), then the rulebook's rulings.
        for (name, text) in crate::locale::sources(lang)? {
            crate::locale::add(&mut bundle, &name, text, true)?;
        }
        crate::locale::add(
            &mut bundle,
            &format!("the rulings of {} ({lang})", meta.id),
            rulings.clone(),
            false,
        )?;
        Ok(Renderer { bundle })
    }

    pub fn message(&self, id: &str, args: &[(String, Arg)]) -> String {
        let Some(msg) = self.bundle.get_message(id) else {
            return format!("[missing message {id}]");
        };
        let Some(pattern) = msg.value() else {
            return String::new();
        };
        let mut fa = FluentArgs::new();
        for (k, v) in args {
            match v {
                Arg::Num(n) => fa.set(k.as_str(), FluentValue::from(*n)),
                Arg::Str(s) => fa.set(k.as_str(), FluentValue::from(s.as_str())),
                Arg::Duration(secs) => fa.set(k.as_str(), FluentValue::from(self.duration(*secs))),
            }
        }
        let mut errors = vec![];
        self.bundle
            .format_pattern(pattern, Some(&fa), &mut errors)
            .trim()
            .to_string()
    }

    /// A duration in words: `2 min`, `30 s`, `1 min 30 s`.
    fn duration(&self, secs: i64) -> String {
        let (m, s) = (secs / 60, secs % 60);
        let (min, sec) = (
            ("min".to_string(), Arg::Str(m.to_string())),
            ("s".to_string(), Arg::Str(s.to_string())),
        );
        match (m, s) {
            (0, _) => self.message("duration-s", &[sec]),
            (_, 0) => self.message("duration-min", &[min]),
            _ => self.message("duration-min-s", &[min, sec]),
        }
    }

    /// The effects of a ruling, in words: `Effects: the claim is rejected; 2 min added to ...`.
    /// Each effect's message is `effect-NAME` (`_` as `-`), its fields the arguments.
    pub fn effects(&self, effects: &[crate::runtime::rules::Effect]) -> String {
        use crate::runtime::rules::{FieldValue, side_name};
        if effects.is_empty() {
            return String::new();
        }
        let words: Vec<String> = effects
            .iter()
            .map(|e| {
                let args: Vec<(String, Arg)> = e
                    .fields()
                    .into_iter()
                    .map(|(k, v)| {
                        let a = match v {
                            FieldValue::Side(c) => Arg::Str(side_name(c).into()),
                            FieldValue::Duration(s) => Arg::Duration(s),
                            FieldValue::Move(san) => Arg::Str(san.to_string()),
                        };
                        (k.to_string(), a)
                    })
                    .collect();
                let id = format!("effect-{}", e.id().spec().name.replace('_', "-"));
                self.message(&id, &args)
            })
            .collect();
        self.message("effects", &[("list".into(), Arg::Str(words.join("; ")))])
    }

    /// The scoresheet line: the moves played, with (=) where a draw was offered (9.1.2.2).
    pub fn scoresheet(&self, moves: &str) -> String {
        self.message(
            "scoresheet",
            &[("moves".into(), Arg::Str(moves.to_string()))],
        )
    }

    /// Fill in the text of every ruling and of the verdict.
    pub fn explain(&self, v: &mut Verdict) {
        for r in &mut v.rulings {
            r.text = match &r.message {
                Some(m) => self.message(m, &r.args),
                None => self.message("no-clause", &[]),
            };
        }
        let recorded = v.recorded_result.clone().unwrap_or_else(|| "?".into());
        let mut text = match (v.ending, &v.rule, v.ended_at_ply) {
            (Some(i), Some(rule), Some(ply)) => {
                let result = match v.result {
                    "1-0" => "white",
                    "0-1" => "black",
                    _ => "draw",
                };
                let ruling = v.rulings.get(i).map(|r| r.text.clone()).unwrap_or_default();
                self.message(
                    "game-ended",
                    &[
                        ("result".into(), Arg::Str(result.into())),
                        ("ply".into(), Arg::Num(i64::from(ply))),
                        ("rule".into(), Arg::Str(rule.clone())),
                        ("ruling".into(), Arg::Str(ruling)),
                    ],
                )
            }
            _ => self.message(
                "game-not-ended",
                &[
                    ("plies".into(), Arg::Num(i64::from(v.plies))),
                    ("recorded".into(), Arg::Str(recorded.clone())),
                ],
            ),
        };
        if v.unplayed_moves > 0 {
            text.push(' ');
            text.push_str(&self.message(
                "unplayed-moves",
                &[("count".into(), Arg::Num(i64::from(v.unplayed_moves)))],
            ));
        }
        if v.ended_at_ply.is_some() && v.recorded_result.as_deref() != Some(v.result) {
            text.push(' ');
            text.push_str(&self.message(
                "recorded-differs",
                &[("recorded".into(), Arg::Str(recorded))],
            ));
        }
        v.text = text;
    }
}
