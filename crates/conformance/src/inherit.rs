//! A rulebook's suite: its own scenarios (`conformance/<id>/`) and those of the rulebooks it
//! extends, which it inherits.
//!
//! An overlay changes some clauses of its base and keeps the rest, so a scenario written for the
//! base still says what the overlay's laws make of its game, unless it cites a clause the
//! overlay took out of force (replaced or disabled), or one over which a clause of the overlay
//! takes precedence (`exception_to`), or it expects a draw that the overlay scores otherwise
//! (a rule on `drawn`): that scenario is *not applicable*, with the reason. A clause the overlay
//! only renumbered (`amends` with a new id) is cited under its new id. An overlay that changes
//! a scenario's outcome some other way (a redefined number, a clause answering the same event)
//! says so in `conformance/<id>/inherit.yaml` (an edition's, such as `fide-2023`'s, holds under an
//! overlay compiled on that edition too):
//!
//! ```yaml
//! not_applicable:
//!   - scenario: fide-2018/offers/reoffer-after-decline.pgn
//!     reason: club.D.4 forbids the second offer
//! ```
//!
//! An inherited scenario's id is the overlay's id, then the base scenario's: `club/fide-2018/
//! offers/...`, so that reports list it in the overlay's suite.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde::Deserialize;

use super::scenario::{Scenario, discover};
use crate::lang::ir::{Disabled, Rulebook};
use crate::locale::Words;

/// One scenario to run: its id and file, and how it is inherited (none for the rulebook's own).
#[derive(Clone, Debug)]
pub struct Planned {
    pub id: String,
    pub path: PathBuf,
    pub inherited: Option<Inherited>,
}

/// How a base's scenario runs under an overlay.
#[derive(Clone, Debug)]
pub struct Inherited {
    /// The base scenario's own id (`fide-2018/...`).
    pub base_id: String,
    /// The rulebook the scenario was written for.
    pub base: String,
    overlay: Arc<Rulebook>,
    /// Declared in the overlay's `inherit.yaml`: why the scenario does not apply.
    declared: Option<String>,
    /// For an overlay compiled on each edition of a family: the edition whose suite the
    /// scenario comes from, which it runs on.
    edition: Option<String>,
}

impl Inherited {
    /// The overlay the scenario runs under.
    pub fn rulebook(&self) -> &str {
        &self.overlay.id
    }

    /// A clause id as the scenario cites it, as the overlay names it; `Err` with the reason
    /// when the overlay does not have that clause in force.
    pub fn cite(&self, id: &str) -> Result<String, String> {
        let ir = &self.overlay;
        let new = ir.rename(&self.base, id).unwrap_or_else(|| id.to_string());
        let clause = ir.clauses.iter().find(|c| c.id == new);
        match clause.map(|c| (&c.disabled, c.level)) {
            None => Err(format!("cites {id}, which {} does not have", ir.id)),
            // The clause's rules were written above the base: the overlay replaced the base's
            // clause under the same id.
            Some((None, level)) if level > self.level() => Err(format!(
                "cites {id}, which {} replaces with rules of its own",
                ir.id
            )),
            Some((None, _)) => Ok(new),
            Some((Some(Disabled::ReplacedBy(by)), _)) => {
                Err(format!("cites {id}, which {} replaces by {by}", ir.id))
            }
            Some((Some(Disabled::Reason(why)), _)) => Err(format!(
                "cites {id}, which {} takes out of force: {}",
                ir.id,
                // Reports are written in the tool's default language.
                why.get(crate::locale::DEFAULT)
                    .or_else(|| why.values().next())
                    .map_or("", |s| s)
            )),
        }
    }

    /// Whether an overlay's clause (one whose rules were written above the base) takes
    /// precedence over the clause `id` (in the overlay's ids): `Err` with the reason.
    pub fn overruled(&self, id: &str) -> Result<(), String> {
        let ir = &self.overlay;
        let level = self.level();
        let Some(target) = ir.clauses.iter().position(|c| c.id == id) else {
            return Ok(());
        };
        match ir
            .clauses
            .iter()
            .find(|c| c.level > level && c.disabled.is_none() && c.beats.contains(&target))
        {
            Some(c) => Err(format!(
                "cites {id}, over which {}'s {} takes precedence",
                ir.id, c.id
            )),
            None => Ok(()),
        }
    }

    /// `Err` with the reason when the overlay scores a drawn game otherwise (a clause above the
    /// base answers `drawn`): a scenario expecting a draw then does not apply.
    pub fn scores_draws(&self) -> Result<(), String> {
        let ir = &self.overlay;
        let level = self.level();
        let scoring = ir.rules.iter().find(|r| {
            r.on == crate::lang::schema::EventKind::Drawn
                && ir
                    .clauses
                    .get(r.clause)
                    .is_some_and(|c| c.level > level && c.disabled.is_none())
        });
        match scoring {
            Some(r) => Err(format!(
                "expects a draw, which {}'s {} scores otherwise",
                ir.id, r.clause_id
            )),
            None => Ok(()),
        }
    }

    /// The base's level in the overlay's chain.
    fn level(&self) -> usize {
        let chain = &self.overlay.chain;
        chain
            .iter()
            .position(|b| *b == self.base)
            .unwrap_or(chain.len())
    }

    /// The scenario `s` of the base as the overlay runs it, under the id `id`: its rulebook the
    /// overlay's, every clause it cites under the overlay's id. `Err` with the reason when it
    /// does not apply: it cites a clause the overlay does not have in force or overrules, it
    /// expects a draw the overlay scores otherwise, or the overlay says so.
    pub fn apply(&self, mut s: Scenario, id: &str) -> Result<Scenario, String> {
        if let Some(why) = self.declared() {
            return Err(why.to_string());
        }
        let cite = |c: &str| {
            let id = self.cite(c)?;
            self.overruled(&id)?;
            Ok::<String, String>(id)
        };
        if s.expected.result == "1/2-1/2" {
            self.scores_draws()?;
        }
        let mut clauses = Vec::with_capacity(s.clauses.len());
        for c in &s.clauses {
            clauses.push(cite(c)?);
        }
        let x = &mut s.expected;
        if let Some(r) = &x.rule {
            x.rule = Some(cite(r)?);
        }
        for e in &mut x.events {
            if e.rule != "-" {
                e.rule = cite(&e.rule)?;
            }
        }
        if let Some(list) = &mut x.position_rulings {
            for p in list.iter_mut() {
                if let Some((ply, clause)) = p.split_once(':') {
                    *p = format!("{ply}:{}", cite(clause)?);
                }
            }
        }
        s.clauses = clauses;
        s.id = id.to_string();
        s.rulebook = self.rulebook().to_string();
        s.edition = self.edition.clone();
        Ok(s)
    }

    /// Why the overlay's `inherit.yaml` says the scenario does not apply, if it does.
    pub fn declared(&self) -> Option<&str> {
        self.declared.as_deref()
    }
}

/// `conformance/<id>/inherit.yaml`.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct Declared {
    #[serde(default)]
    not_applicable: Vec<NotApplicable>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct NotApplicable {
    scenario: String,
    reason: String,
}

/// The suite of the rulebook `name` under `root`, compiled as `irs` (once, or once per edition
/// of the family it stands on, oldest first): its own scenarios, then each base's (the root
/// base first), inherited. A rulebook compiled on each edition inherits, on each, that
/// edition's suite, run on that edition: `club/fide-2018/...` (fide-2018's scenarios),
/// `club/fide-2023/...` and `club/fide-2023/fide-2018/...` (fide-2023's, its own and those it
/// inherits). A family (`fide`) inherits nothing: its editions run their own suites. An
/// unreadable `inherit.yaml` is an error.
///
/// `words`: the words its errors are said in.
pub fn plan(
    root: &Path,
    name: &str,
    irs: &[Arc<Rulebook>],
    words: &Words,
) -> Result<Vec<Planned>, String> {
    let all = discover(root);
    let suite = |book: &str| -> Vec<(String, PathBuf)> {
        all.iter()
            .filter(|(id, _)| id.split('/').next() == Some(book))
            .cloned()
            .collect()
    };
    let mut out: Vec<Planned> = suite(name)
        .into_iter()
        .map(|(id, path)| Planned {
            id,
            path,
            inherited: None,
        })
        .collect();
    let declared = declared_by(root, name, words)?;
    let compiled: Vec<&Arc<Rulebook>> = irs.iter().filter(|ir| ir.id == name).collect();
    for (k, ir) in compiled.iter().enumerate() {
        let newest = k + 1 == compiled.len();
        let edition = ir
            .edition
            .as_ref()
            .filter(|_| ir.per_edition)
            .map(|e| e.id.clone());
        // What the edition's own `inherit.yaml` declares of its bases' scenarios holds under
        // an overlay compiled on that edition too.
        let by_edition = match &edition {
            Some(e) => declared_by(root, e, words)?,
            None => BTreeMap::new(),
        };
        // A base that is not part of the edition (the rules of another game beside the FIDE
        // Laws) is the same on every edition: its suite is inherited once, on the newest.
        let bases = ir
            .chain
            .iter()
            .filter(|b| **b != ir.id)
            .filter(|b| edition.is_none() || ir.edition_chain.contains(b) || newest);
        for base in bases {
            let of_edition = ir.edition_chain.contains(base);
            let edition = edition.clone().filter(|_| of_edition);
            for (id, path) in suite(base) {
                // Under the overlay, the scenario's id as the edition's suite has it.
                let rel = match &edition {
                    Some(e) if e != base => format!("{e}/{id}"),
                    _ => id.clone(),
                };
                out.push(Planned {
                    id: format!("{name}/{rel}"),
                    path,
                    inherited: Some(Inherited {
                        declared: declared
                            .get(&rel)
                            .or_else(|| declared.get(&id))
                            .or_else(|| {
                                edition
                                    .as_ref()
                                    .filter(|e| *e != base)
                                    .and_then(|_| by_edition.get(&id))
                            })
                            .cloned(),
                        base_id: id,
                        base: base.clone(),
                        overlay: Arc::clone(ir),
                        edition: edition.clone(),
                    }),
                });
            }
        }
    }
    Ok(out)
}

/// The overlay's declared exceptions: base scenario id -> reason.
fn declared_by(root: &Path, book: &str, words: &Words) -> Result<BTreeMap<String, String>, String> {
    let path = root.join(book).join("inherit.yaml");
    // Read as the suite's scenarios are (`files::read`): a FIFO or a device is refused, not
    // waited on; a missing file declares nothing.
    let bytes = match crate::files::read(&path, super::scenario::MAX_SCENARIO_BYTES as u64) {
        Ok(b) => b,
        Err(crate::files::ReadError::Io(e)) if e.kind() == std::io::ErrorKind::NotFound => {
            return Ok(BTreeMap::new());
        }
        Err(e) => {
            return Err(
                crate::locale::say::unreadable(path.display().to_string(), &e).render(words),
            );
        }
    };
    let source: Arc<str> = Arc::from(String::from_utf8_lossy(&bytes).as_ref());
    let d: Declared =
        crate::rulebook::yaml::parse(&path, &source).map_err(|d| d.render_plain(words))?;
    Ok(d.not_applicable
        .into_iter()
        .map(|n| (n.scenario, n.reason))
        .collect())
}
