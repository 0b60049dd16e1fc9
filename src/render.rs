//! Explanations in the reader's language: Fluent bundles of a rulebook's rulings plus the
//! adjudicator's own messages, and the text output of a verdict.

use fluent_bundle::{FluentArgs, FluentBundle, FluentResource, FluentValue};
use serde::{Serialize, Serializer};

use crate::runtime::rules::BookMeta;
use crate::runtime::verdict::{Arg, End, GameResult, Outcome, Ruling, Verdict};

const APP_EN: &str = include_str!("locales/en.ftl");
const APP_RU: &str = include_str!("locales/ru.ftl");

pub struct Renderer {
    bundle: FluentBundle<FluentResource>,
    lang: String,
}

impl Renderer {
    /// A renderer for `lang`; errors name the language or the broken resource.
    pub fn new(meta: &BookMeta, lang: &str) -> Result<Renderer, String> {
        let app = match lang {
            "en" => APP_EN,
            "ru" => APP_RU,
            _ => return Err(format!("no messages for language `{lang}` (have: en, ru)")),
        };
        let rulings = meta
            .ftl
            .get(lang)
            .ok_or_else(|| format!("rulebook `{}` has no `{lang}` rulings", meta.id))?;
        let langid = lang
            .parse()
            .map_err(|_| format!("`{lang}` is not a language identifier"))?;
        let mut bundle = FluentBundle::new(vec![langid]);
        bundle.set_use_isolating(false);
        for (what, src) in [("adjudicator messages", app), ("rulings", rulings.as_str())] {
            let res = FluentResource::try_new(src.to_string())
                .map_err(|(_, e)| format!("{what} ({lang}): invalid Fluent: {e:?}"))?;
            bundle
                .add_resource(res)
                .map_err(|e| format!("{what} ({lang}): {e:?}"))?;
        }
        Ok(Renderer {
            bundle,
            lang: lang.to_string(),
        })
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
                Arg::Duration(secs) => fa.set(
                    k.as_str(),
                    FluentValue::from(crate::compile::words::duration(*secs, &self.lang)),
                ),
            }
        }
        let mut errors = vec![];
        self.bundle
            .format_pattern(pattern, Some(&fa), &mut errors)
            .trim()
            .to_string()
    }

    /// The effects of a ruling, in words: `Effects: the claim is rejected; 2 min added to ...`.
    pub fn effects(&self, effects: &[crate::runtime::rules::Effect]) -> String {
        use crate::runtime::rules::{Effect, side_name};
        if effects.is_empty() {
            return String::new();
        }
        let side = |c: &shakmaty::Color| ("side".to_string(), Arg::Str(side_name(*c).into()));
        let words: Vec<String> = effects
            .iter()
            .map(|e| match e {
                Effect::Draw => self.message("effect-draw", &[]),
                Effect::Win { side: c } => self.message("effect-win", &[side(c)]),
                Effect::Uphold => self.message("effect-uphold", &[]),
                Effect::Reject => self.message("effect-reject", &[]),
                Effect::AddTime { side: c, seconds } => self.message(
                    "effect-add-time",
                    &[side(c), ("time".into(), Arg::Duration(*seconds))],
                ),
                Effect::Offer { side: c } => self.message("effect-offer", &[side(c)]),
                Effect::VoidOffer { side: c } => self.message("effect-void-offer", &[side(c)]),
                Effect::AcceptOffer => self.message("effect-accept-offer", &[]),
                Effect::DeclineOffer => self.message("effect-decline-offer", &[]),
                Effect::RejectOfferByTouch => self.message("effect-reject-offer-by-touch", &[]),
                Effect::RejectOfferByMove => self.message("effect-reject-offer-by-move", &[]),
                Effect::RequireMove { san, .. } => self.message(
                    "effect-require-move",
                    &[("move".into(), Arg::Str(san.clone()))],
                ),
                Effect::Irregularity => self.message("effect-irregularity", &[]),
                Effect::Refer { side: c } => self.message("effect-refer", &[side(c)]),
                Effect::Postpone => self.message("effect-postpone", &[]),
                Effect::CloseClaim => self.message("effect-close-claim", &[]),
                Effect::RequestIncrement { side: c } => {
                    self.message("effect-request-increment", &[side(c)])
                }
                Effect::CloseRequest => self.message("effect-close-request", &[]),
                Effect::SetIncrement { seconds } => self.message(
                    "effect-set-increment",
                    &[("time".into(), Arg::Duration(*seconds))],
                ),
                Effect::AwaitDecision => self.message("effect-await-decision", &[]),
                Effect::Score { side: c } => self.message("effect-score", &[side(c)]),
                Effect::CorrectIrregularity => self.message("effect-correct-irregularity", &[]),
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

    /// The text of one ruling: its clause's message, or that no clause answered.
    pub fn ruling(&self, r: &Ruling) -> String {
        match &r.message {
            Some(m) => self.message(m, &r.args),
            None => self.message("no-clause", &[]),
        }
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
        }
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
                        ("result".into(), Arg::Str(result.into())),
                        ("ply".into(), Arg::Num(i64::from(*ply))),
                        ("rule".into(), Arg::Str(rule.clone())),
                        ("ruling".into(), Arg::Str(ending.unwrap_or_default().into())),
                    ],
                )
            }
            Outcome::Unfinished => self.message(
                "game-not-ended",
                &[
                    ("plies".into(), Arg::Num(i64::from(v.plies))),
                    ("recorded".into(), Arg::Str(recorded.into())),
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
        let ended = matches!(v.outcome, Outcome::Ended { .. });
        if ended && v.recorded_result.as_deref() != Some(result.as_str()) {
            text.push(' ');
            text.push_str(&self.message(
                "recorded-differs",
                &[("recorded".into(), Arg::Str(recorded.into()))],
            ));
        }
        text
    }

    /// The text format: a header line, the scoresheet, the rulings that did not end the game
    /// (each with its effects), then the verdict.
    pub fn text(&self, e: &Explained) -> String {
        let v = e.verdict;
        let mut s = format!(
            "{}:{} game {}: {} – {}: {}\n",
            v.file,
            v.line,
            v.game,
            v.white.as_deref().unwrap_or("?"),
            v.black.as_deref().unwrap_or("?"),
            v.outcome.result().as_str(),
        );
        if !v.offers.is_empty() {
            s.push_str(&format!("  {}\n", self.scoresheet(&v.scoresheet)));
        }
        for (i, (r, text)) in v.rulings.iter().zip(&e.rulings).enumerate() {
            if Some(i) != v.outcome.ruling() {
                let rule = r.rule.as_deref().unwrap_or("-");
                s.push_str(&format!("  [ply {} · {rule}] {text}\n", r.ply));
                if !r.effects.is_empty() {
                    s.push_str(&format!("      {}\n", self.effects(&r.effects)));
                }
            }
        }
        s.push_str(&format!("  {}\n", e.text));
        s
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
}

impl Serialize for Explained<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.verdict
            .json(Some((&self.rulings, &self.text)))
            .serialize(s)
    }
}
