//! Lowering one clause: its texts, its rules (the short form or `rules:`), each rule's event,
//! condition, effects, variables and ruling, and its references to other clauses.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use super::located::{at_value, check_ruling, expr_result, texts, type_diag, within_limits};
use crate::diag::Diags;
use crate::lang::ir::{Clause, IrEffect, IrExpr, Rule, Texts};
use crate::lang::limits::effect_cost;
use crate::lang::parse::parse_effect;
use crate::lang::schema::{EventKind, OutcomeClass, Ty};
use crate::lang::typeck::{Params, check_effect};
use crate::locale::say;
use crate::rulebook::SourceFile;
use crate::rulebook::model::{ClauseDef, Localized, Official};
use crate::rulebook::yaml::{self, Spanned};

/// What lowering one clause needs to know.
pub(super) struct ClauseCx<'a> {
    pub(super) sf: &'a SourceFile,
    pub(super) c: &'a ClauseDef,
    /// Where the clause's id, texts and references are written: `(sf, c)`, or an overlay's
    /// amendment of it.
    pub(super) text: (&'a SourceFile, &'a ClauseDef),
    /// The levels whose ids `c`'s and `text`'s references are written in.
    pub(super) levels: (usize, usize),
    /// The level `c` was written at.
    pub(super) level: usize,
    /// Each level's renames (`merge::Merged::renames`).
    pub(super) renames: &'a [Vec<(String, String)>],
    /// The clause file's `official`, for a clause that does not say.
    pub(super) file_official: Option<&'a Official>,
    pub(super) index: usize,
    pub(super) languages: &'a [String],
    pub(super) params: Params<'a>,
    /// False for a clause an overlay disabled or replaced: its texts are kept, its rules are not.
    pub(super) in_force: bool,
}

/// One rule as written: either a clause's short form or an entry of its `rules:`.
struct RuleSrc<'a> {
    name: Option<&'a Spanned<String>>,
    on: &'a Spanned<String>,
    when: Option<&'a Spanned<String>>,
    effects: &'a [Spanned<String>],
    vars: &'a BTreeMap<String, Spanned<String>>,
    ruling: Option<&'a Localized>,
}

impl ClauseCx<'_> {
    /// The clause's diagnostics point at its id.
    fn at_id(&self, message: crate::locale::say::Message) -> crate::diag::Diag {
        let c = self.c;
        self.sf
            .diag(yaml::start(&self.sf.text, &c.id), c.id.value.len(), message)
    }

    pub(super) fn lower(
        &self,
        index: &HashMap<&str, usize>,
        first_rule: usize,
        d: &mut Diags,
    ) -> (Clause, Vec<Rule>) {
        let c = self.c;
        let (tsf, tc) = self.text;
        let text = texts(tsf, &tc.text, self.languages, say::field_text, d);
        // An amendment without a title or a note keeps the base clause's (a note says how
        // the clause's rules are carried out, and the rules are the base's).
        let title = match (&tc.title, &c.title) {
            (Some(t), _) => Some(texts(tsf, t, self.languages, say::field_title, d)),
            (None, Some(t)) => Some(texts(self.sf, t, self.languages, say::field_title, d)),
            (None, None) => None,
        };
        let note = match (&tc.note, &c.note) {
            (Some(t), _) => Some(texts(tsf, t, self.languages, say::field_note, d)),
            (None, Some(t)) => Some(texts(self.sf, t, self.languages, say::field_note, d)),
            (None, None) => None,
        };
        let mut srcs = self.rule_sources(d);
        if !self.in_force {
            srcs.clear();
        }
        let mut names = BTreeSet::new();
        let mut rules = Vec::new();
        for r in srcs {
            if let Some(n) = r.name {
                self.check_rule_name(n, &mut names, d);
            }
            if let Some(rule) = self.lower_rule(&r, d) {
                rules.push(rule);
            }
        }
        let exception_to = self
            .resolve(
                index,
                (self.sf, self.levels.0),
                &c.exception_to,
                "`exception_to`",
                d,
            )
            .into_iter()
            .map(|(i, _)| i)
            .collect();
        // An amendment's own references, or else the base clause's.
        let (rsf, rlevel, refs) = if tc.refs.is_empty() {
            (self.sf, self.levels.0, &c.refs)
        } else {
            (tsf, self.levels.1, &tc.refs)
        };
        let refs = self
            .resolve(index, (rsf, rlevel), refs, "`refs`", d)
            .into_iter()
            .map(|(_, id)| id)
            .collect();
        let clause = Clause {
            id: tc.id.value.clone(),
            disabled: None,
            defines: c.defines.as_ref().map(|n| {
                let src = c.when.as_ref().or(c.value.as_ref());
                (
                    n.value.clone(),
                    src.map(|w| w.value.clone()).unwrap_or_default(),
                )
            }),
            official: self.official(d),
            title,
            text,
            note,
            rules: (first_rule..first_rule + rules.len()).collect(),
            exception_to,
            beats: vec![],
            refs,
            level: self.level,
            // Set by the driver, which knows each level's games.
            games: crate::games::Games::default(),
        };
        (clause, rules)
    }

    /// The languages whose text is official: the clause's `official`, else its file's, else
    /// every language. A language the rulebook does not have is an error where it is named
    /// (the file's, once, by [`official_languages`] for its first clause).
    fn official(&self, d: &mut Diags) -> Vec<String> {
        match &self.text.1.official {
            Some(o) => official_languages(self.text.0, o, self.languages, d),
            None => match self.file_official {
                Some(o) => official_languages(self.sf, o, self.languages, &mut Diags::default()),
                None => self.languages.to_vec(),
            },
        }
    }

    /// The clause's rules as written: its short form (`on`, `when`, ...) or its `rules:`.
    fn rule_sources(&self, d: &mut Diags) -> Vec<RuleSrc<'_>> {
        let (sf, c) = (self.sf, self.c);
        // A definition's `when` is its definition, not a rule.
        let short = c.defines.is_none()
            && (c.on.is_some()
                || c.when.is_some()
                || !c.effects.is_empty()
                || !c.vars.is_empty()
                || c.ruling.is_some());
        if let (None, Some(v)) = (&c.defines, &c.value) {
            d.push(
                sf.diag(
                    yaml::start(&sf.text, v),
                    v.value.len().max(1),
                    say::value_without_defines(&c.id.value),
                )
                .help(say::value_without_defines_help()),
            );
        }
        if short && !c.rules.is_empty() {
            d.push(
                self.at_id(say::rules_and_short_form(&c.id.value))
                    .help(say::rules_and_short_form_help()),
            );
        }
        let mut srcs = Vec::new();
        if short {
            match &c.on {
                Some(on) => srcs.push(RuleSrc {
                    name: None,
                    on,
                    when: c.when.as_ref(),
                    effects: &c.effects,
                    vars: &c.vars,
                    ruling: c.ruling.as_ref(),
                }),
                None => d.push(self.at_id(say::no_event(&c.id.value))),
            }
        }
        for r in &c.rules {
            srcs.push(RuleSrc {
                name: Some(&r.name),
                on: &r.on,
                when: Some(&r.when),
                effects: &r.effects,
                vars: &r.vars,
                ruling: Some(&r.ruling),
            });
        }
        srcs
    }

    fn check_rule_name(&self, n: &Spanned<String>, names: &mut BTreeSet<String>, d: &mut Diags) {
        let sf = self.sf;
        let ok = !n.value.is_empty()
            && n.value
                .chars()
                .all(|ch| ch.is_ascii_lowercase() || ch.is_ascii_digit() || ch == '-');
        if !ok {
            d.push(sf.diag(
                yaml::start(&sf.text, n),
                n.value.len().max(1),
                say::rule_name(),
            ));
        }
        if !names.insert(n.value.clone()) {
            d.push(sf.diag(
                yaml::start(&sf.text, n),
                n.value.len().max(1),
                say::rule_name_twice(&self.c.id.value, &n.value),
            ));
        }
    }

    /// Clause ids to indices; an unknown one is reported.
    /// The ids `list` names, written at `level` in `sf` (read through the renames of the
    /// levels above), as the merged rulebook's clause indices; an unknown one is an error where
    /// it is written.
    fn resolve(
        &self,
        index: &HashMap<&str, usize>,
        (sf, level): (&SourceFile, usize),
        list: &[Spanned<String>],
        what: &str,
        d: &mut Diags,
    ) -> Vec<(usize, String)> {
        let mut out = Vec::new();
        for r in list {
            let name = super::merge::rename(self.renames, level, &r.value);
            match index.get(name.as_str()) {
                Some(&i) => out.push((i, name)),
                None => d.push(sf.diag(
                    yaml::start(&sf.text, r),
                    r.value.len().max(1),
                    say::unknown_clause(what, &r.value),
                )),
            }
        }
        out
    }

    fn lower_rule(&self, r: &RuleSrc, d: &mut Diags) -> Option<Rule> {
        let on = self.event(r.on, d);
        let when = self.condition(r.when, on, d);
        // When the condition failed to check (reported), the guards it would establish are
        // assumed, so that its effects and variables are still checked without false alarms.
        let params = Params {
            lenient_guards: when.is_none(),
            ..self.params
        };
        let effects = self.effects(r.effects, on, params, when.as_ref(), d);
        let mut vars = Vec::new();
        for (name, v) in r.vars {
            match expr_result(self.sf, v, on, params, when.as_ref()) {
                Ok((e, _)) => vars.push((name.clone(), e)),
                Err(e) => d.push(e),
            }
        }
        let ruling = self.ruling(r, &effects, d);
        Some(Rule {
            clause: self.index,
            clause_id: self.c.id.value.clone(),
            name: r.name.map(|n| n.value.clone()),
            on: on?,
            when: when?,
            when_src: r.when.map(|w| w.value.clone()).unwrap_or_default(),
            effects,
            vars,
            ruling: ruling?,
        })
    }

    fn event(&self, on: &Spanned<String>, d: &mut Diags) -> Option<EventKind> {
        let sf = self.sf;
        let ev = EventKind::from_name(&on.value);
        if ev.is_none() {
            let names: Vec<&str> = EventKind::ALL.iter().map(|e| e.name()).collect();
            d.push(
                sf.diag(
                    yaml::start(&sf.text, on),
                    on.value.len().max(1),
                    say::unknown_event(&on.value),
                )
                .help(say::known_events(names.join(", "))),
            );
        }
        ev
    }

    fn condition(
        &self,
        when: Option<&Spanned<String>>,
        on: Option<EventKind>,
        d: &mut Diags,
    ) -> Option<IrExpr> {
        let sf = self.sf;
        let Some(w) = when else {
            d.push(
                self.at_id(say::no_condition(&self.c.id.value))
                    .help(say::no_condition_help()),
            );
            return None;
        };
        match expr_result(sf, w, on, self.params, None) {
            Ok((e, Ty::Bool)) => Some(e),
            Ok((_, t)) => {
                d.push(sf.diag(
                    yaml::start(&sf.text, w),
                    w.value.len(),
                    say::condition_not_bool(t.a()),
                ));
                None
            }
            Err(e) => {
                d.push(e);
                None
            }
        }
    }

    fn effects(
        &self,
        written: &[Spanned<String>],
        on: Option<EventKind>,
        params: Params,
        when: Option<&IrExpr>,
        d: &mut Diags,
    ) -> Vec<IrEffect> {
        let sf = self.sf;
        let mut effects = Vec::new();
        for e in written {
            match parse_effect(&e.value) {
                Ok(ast) => match check_effect(&ast, on, params, when) {
                    Ok(ir) => match within_limits(sf, e, effect_cost(&ir, params.costs)) {
                        Ok(()) => effects.push(ir),
                        Err(diag) => d.push(diag),
                    },
                    Err(te) => d.push(type_diag(sf, e, &te)),
                },
                Err(se) => {
                    let diag = at_value(sf, e, se.offset, se.len, say::effect_syntax(&se.message));
                    d.push(match se.help {
                        Some(h) => diag.help(h),
                        None => diag,
                    });
                }
            }
        }
        for class in [
            OutcomeClass::Result,
            OutcomeClass::Decision,
            OutcomeClass::Offer,
        ] {
            let n = effects
                .iter()
                .filter(|e| e.id.spec().class == class)
                .count();
            if n > 1 {
                d.push(self.at_id(say::effects_same_class(&self.c.id.value)));
            }
        }
        effects
    }

    /// The ruling's texts, checked as Fluent patterns using only the variables the rule provides.
    fn ruling(&self, r: &RuleSrc, effects: &[IrEffect], d: &mut Diags) -> Option<Texts> {
        let Some(rl) = r.ruling else {
            d.push(self.at_id(say::no_ruling(&self.c.id.value)));
            return None;
        };
        let t = texts(self.sf, rl, self.languages, say::field_ruling, d);
        let mut provided: Vec<String> = r.vars.keys().cloned().collect();
        for e in effects {
            provided.extend(e.id.spec().vars().map(|v| v.to_string()));
        }
        // An effect that failed to check (reported) would have provided variables of its own:
        // the ruling's are then not checked, or each would be a follow-on error.
        if effects.len() == r.effects.len() {
            check_ruling(self.sf, rl, &provided, d);
        }
        Some(t)
    }
}

/// The languages an `official:` names (all, none, or a list), each checked to be one of the
/// rulebook's.
pub(super) fn official_languages(
    sf: &SourceFile,
    o: &Official,
    languages: &[String],
    d: &mut Diags,
) -> Vec<String> {
    match o {
        Official::All(true) => languages.to_vec(),
        Official::All(false) => vec![],
        Official::In(list) => {
            let mut out = Vec::new();
            for l in list {
                if !languages.contains(&l.value) {
                    d.push(sf.diag(
                        yaml::start(&sf.text, l),
                        l.value.len().max(1),
                        say::official_unknown_language(&l.value, languages.join(", ")),
                    ));
                } else if !out.contains(&l.value) {
                    out.push(l.value.clone());
                }
            }
            out
        }
    }
}
