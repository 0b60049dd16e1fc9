//! The rulebook as written in YAML: plain serde structs, spans kept for diagnostics.
//!
//! Nothing here is checked beyond its shape; `compile::check` does the rest.

use std::collections::BTreeMap;

use serde::Deserialize;

use super::yaml::Spanned;

/// A text in every language of the rulebook: `{en: ..., ru: ...}`.
pub type Localized = Spanned<BTreeMap<String, Spanned<String>>>;

/// `rulebook.yaml`: what the rulebook is and which clause files it has, in order.
#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RulebookFile {
    #[schemars(with = "String")]
    pub id: Spanned<String>,
    /// The rulebook this one extends (`extends: fide`), or the rulebooks, one per game
    /// (`extends: [fide, russian-draughts]`): each a sibling folder of that name, or else the
    /// embedded rulebook of that name. Their clauses, parameters and precedence come first, in
    /// the order named; this file's clause files add to them, `replaces` and `disable` take
    /// clauses out of force. Two bases are for different games and name nothing alike
    /// (`compile`, "bases").
    #[schemars(with = "Option<ExtendsForm>")]
    pub extends: Option<Spanned<Extends>>,
    /// The family of editions this rulebook is one of (`fide`: the FIDE Laws, one edition per
    /// period of force): `--rulebook fide` rules on each game with the edition in force on its
    /// date, and an overlay that `extends: fide` is compiled once on each edition. Given with
    /// `in_force_from`.
    #[schemars(with = "Option<String>")]
    pub family: Option<Spanned<String>>,
    /// The day this edition of its family came into force (`YYYY-MM-DD`); it is in force until
    /// the next edition's day.
    #[schemars(with = "Option<String>")]
    pub in_force_from: Option<Spanned<String>>,
    /// Clauses of the base rulebook that are not in force here, each with the reason.
    #[serde(default)]
    pub disable: Vec<DisableDef>,
    #[schemars(with = "BTreeMap<String, String>")]
    pub title: Localized,
    /// Where the official texts come from.
    #[schemars(with = "BTreeMap<String, String>")]
    pub source: Localized,
    /// The languages every text and ruling must be given in, e.g. `[en, ru]`.
    #[schemars(with = "Vec<String>")]
    pub languages: Spanned<Vec<Spanned<String>>>,
    /// The games the rulebook is for (`[chess]`, `[chess, russian-draughts]`); absent: its
    /// base's, and chess for a rulebook without a base. A game of another kind is refused.
    #[schemars(with = "Option<Vec<String>>")]
    pub games: Option<Spanned<Vec<Spanned<String>>>>,
    /// Clause files, in rulebook order (the order that decides which agreeing clause is cited).
    #[schemars(with = "Vec<String>")]
    pub files: Vec<Spanned<String>>,
    /// Parameters an event's regulations may set (9.1.1), read by rules as `param.NAME`.
    #[serde(default)]
    pub parameters: BTreeMap<String, ParamDef>,
    /// The rulebook's named numbers (`fifty_moves: {value: "50", unit: moves}`), used by name in
    /// conditions and effects. An overlay changes one by declaring it again, or by a clause that
    /// `defines:` the name anew.
    #[serde(default)]
    pub constants: BTreeMap<String, ConstDef>,
}

/// The form of `extends` as the JSON Schema states it (the loader reads [`Extends`] by hand).
#[derive(schemars::JsonSchema)]
#[serde(untagged)]
#[allow(dead_code)]
enum ExtendsForm {
    One(String),
    Many(Vec<String>),
}

/// What `extends` names: one base, or a list of them. Read by hand rather than as an untagged
/// enum, which would buffer the value and lose the location of each name in a list.
#[derive(Debug)]
pub enum Extends {
    One(String),
    Many(Vec<Spanned<String>>),
}

impl RulebookFile {
    /// The bases named by `extends`, in order, each located (a single name where the value is).
    pub fn bases(&self) -> Vec<Spanned<String>> {
        match &self.extends {
            None => vec![],
            Some(s) => match &s.value {
                Extends::One(name) => vec![Spanned {
                    value: name.clone(),
                    referenced: s.referenced,
                    defined: s.defined,
                }],
                Extends::Many(list) => list.clone(),
            },
        }
    }
}

impl<'de> Deserialize<'de> for Extends {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> serde::de::Visitor<'de> for V {
            type Value = Extends;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a rulebook's name, or a list of names")
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Extends, E> {
                Ok(Extends::One(v.to_string()))
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(
                self,
                mut a: A,
            ) -> Result<Extends, A::Error> {
                let mut out = Vec::new();
                while let Some(name) = a.next_element::<Spanned<String>>()? {
                    out.push(name);
                }
                Ok(Extends::Many(out))
            }
        }
        d.deserialize_any(V)
    }
}

/// A named constant of the rulebook.
#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ConstDef {
    /// A literal of the rule language: `50`, `2min`, `true`, `white`.
    #[schemars(with = "String")]
    pub value: Spanned<String>,
    /// What a number counts: `moves` (by each player), `plies` or `times`; a duration's unit is
    /// in its literal.
    #[schemars(with = "Option<String>")]
    pub unit: Option<Spanned<String>>,
    #[schemars(with = "BTreeMap<String, String>")]
    pub doc: Localized,
}

/// A base clause taken out of force by an overlay.
#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DisableDef {
    #[schemars(with = "String")]
    pub clause: Spanned<String>,
    #[schemars(with = "BTreeMap<String, String>")]
    pub reason: Localized,
}

/// A rulebook parameter: its type, its default, and the PGN tag that sets it for one game.
#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ParamDef {
    #[serde(rename = "type")]
    #[schemars(with = "String")]
    pub ty: Spanned<String>,
    /// The default, as an expression of the rule language (`true`, `0`, `white`, `2min`).
    #[schemars(with = "String")]
    pub default: Spanned<String>,
    /// The PGN tag whose value overrides the default in a game.
    pub tag: Option<String>,
    #[schemars(with = "BTreeMap<String, String>")]
    pub doc: Localized,
}

/// One clause file (an article, or a part of one).
#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ClauseFile {
    #[schemars(with = "BTreeMap<String, String>")]
    pub article: Localized,
    /// Which languages' texts are official, for every clause of the file that does not say
    /// (default: all of them).
    pub official: Option<Official>,
    pub clauses: Vec<ClauseDef>,
}

/// Which languages a clause's text is official in: `true` (every language of the rulebook),
/// `false` (none: the rulebook's authors wrote it), or the list, e.g. `[ru]` (official in
/// Russian; the other languages are the authors' translation).
#[derive(Debug)]
pub enum Official {
    All(bool),
    In(Vec<Spanned<String>>),
}

// Its schema as its reader takes it: a boolean, or a list of languages.
impl schemars::JsonSchema for Official {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Official".into()
    }
    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "description": "Which languages' texts are official: true (every language of the rulebook), false (none), or the list, e.g. [ru].",
            "anyOf": [
                { "type": "boolean" },
                { "type": "array", "items": { "type": "string" } }
            ]
        })
    }
}

// By hand rather than `#[serde(untagged)]`: an untagged enum buffers its input, which loses the
// spans of the languages named (a diagnostic must point at the one that is wrong).
impl<'de> Deserialize<'de> for Official {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Official, D::Error> {
        struct V;
        impl<'de> serde::de::Visitor<'de> for V {
            type Value = Official;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("true, false, or a list of languages such as [ru]")
            }
            fn visit_bool<E: serde::de::Error>(self, v: bool) -> Result<Official, E> {
                Ok(Official::All(v))
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(
                self,
                mut a: A,
            ) -> Result<Official, A::Error> {
                let mut out = Vec::new();
                while let Some(l) = a.next_element::<Spanned<String>>()? {
                    out.push(l);
                }
                Ok(Official::In(out))
            }
        }
        d.deserialize_any(V)
    }
}

#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ClauseDef {
    #[schemars(with = "String")]
    pub id: Spanned<String>,
    /// Which languages' texts are official ([`Official`]); absent: the file's `official`, or
    /// else every language.
    pub official: Option<Official>,
    #[schemars(with = "Option<BTreeMap<String, String>>")]
    pub title: Option<Localized>,
    #[schemars(with = "BTreeMap<String, String>")]
    pub text: Localized,
    /// Clauses of the base rulebook this one takes the place of (its own id included when it
    /// keeps the id): they are no longer in force, and this clause inherits their place in the
    /// precedence (what they were exceptions to, and what was an exception to them).
    #[serde(default)]
    #[schemars(with = "Vec<String>")]
    pub replaces: Vec<Spanned<String>>,
    /// A clause of a base rulebook this one is a new text of, with the same meaning: its rules,
    /// definition and place in the precedence stay the base clause's, its text, title, note,
    /// officialness and references are this one's, and it takes this clause's `id` (a new
    /// edition may renumber) and place in the rulebook. The base's references to the old id
    /// follow it; scenarios written for the base still apply, under the new id.
    #[schemars(with = "Option<String>")]
    pub amends: Option<Spanned<String>>,
    /// A name this clause defines: `rapid`, true when its `when` holds, or a name of any type
    /// whose `value` is an expression. Rules and later definitions use the name. In an overlay,
    /// defining a name of the base (a constant or a definition) redefines it everywhere.
    #[schemars(with = "Option<String>")]
    pub defines: Option<Spanned<String>>,
    /// The value of a defined name that is not a condition (`if long_ending then 100 else 50`).
    #[schemars(with = "Option<String>")]
    pub value: Option<Spanned<String>>,
    /// The event the clause answers; absent for a clause that only defines or explains.
    #[schemars(with = "Option<String>")]
    pub on: Option<Spanned<String>>,
    /// The condition, in the rule language (`grammar/rules.pest`).
    #[schemars(with = "Option<String>")]
    pub when: Option<Spanned<String>>,
    #[serde(default)]
    #[schemars(with = "Vec<String>")]
    pub effects: Vec<Spanned<String>>,
    /// Clauses this one is an exception to: when both fire, this one wins.
    #[serde(default)]
    #[schemars(with = "Vec<String>")]
    pub exception_to: Vec<Spanned<String>>,
    /// Clauses the text refers to (cross-references for the readable rulebook).
    #[serde(default)]
    #[schemars(with = "Vec<String>")]
    pub refs: Vec<Spanned<String>>,
    /// Variables the ruling message may use: name -> expression.
    #[serde(default)]
    #[schemars(with = "BTreeMap<String, String>")]
    pub vars: BTreeMap<String, Spanned<String>>,
    /// The ruling message, a Fluent pattern per language.
    #[schemars(with = "Option<BTreeMap<String, String>>")]
    pub ruling: Option<Localized>,
    /// A clause that answers several events (or one event in several ways) lists its rules here
    /// instead of `on`/`when`/`effects`/`vars`/`ruling`.
    #[serde(default)]
    pub rules: Vec<RuleDef>,
    /// Editorial note (how the clause is implemented, what it leaves to other clauses).
    #[schemars(with = "Option<BTreeMap<String, String>>")]
    pub note: Option<Localized>,
    /// The games the clause applies to, when not all of its rulebook's: absent, the games of
    /// the rulebook it was written in (a chess base's clauses stay chess's in an overlay for
    /// chess and draughts, unless an amendment says otherwise).
    #[schemars(with = "Option<Vec<String>>")]
    pub games: Option<Spanned<Vec<Spanned<String>>>>,
}

/// One way a clause answers an event.
#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RuleDef {
    /// Distinguishes the rule's ruling message: `ruling-<clause>-<name>`.
    #[schemars(with = "String")]
    pub name: Spanned<String>,
    #[schemars(with = "String")]
    pub on: Spanned<String>,
    #[schemars(with = "String")]
    pub when: Spanned<String>,
    #[serde(default)]
    #[schemars(with = "Vec<String>")]
    pub effects: Vec<Spanned<String>>,
    #[serde(default)]
    #[schemars(with = "BTreeMap<String, String>")]
    pub vars: BTreeMap<String, Spanned<String>>,
    #[schemars(with = "BTreeMap<String, String>")]
    pub ruling: Localized,
}

/// The JSON Schemas of a rulebook's files, derived from the types above (the loader's own, so
/// the two cannot differ): `rulebook.yaml`'s and a clause file's, as committed in `schema/`
/// (`arbiter schema` writes them; `tests/it/schema.rs` checks that they are fresh).
pub fn schemas() -> Vec<(&'static str, String)> {
    let one = |name: &'static str, s: schemars::Schema| {
        let text = serde_json::to_string_pretty(&s).unwrap_or_default() + "\n";
        (name, text)
    };
    vec![
        one("rulebook.schema.json", schemars::schema_for!(RulebookFile)),
        one("clauses.schema.json", schemars::schema_for!(ClauseFile)),
    ]
}
