//! Events raised by effects: a `draw` raises `drawn`, and the rules answer it at once. A rule
//! whose effects raise, directly or through other rules' effects, the event it answers would be
//! asked again without end (`on: drawn` with `effects: [draw]`); it is refused here, at the
//! effect, with the cycle of events named. The runtime bounds the cascade as well
//! (`lang::limits::MAX_CASCADE`).

use std::collections::btree_map::Entry;
use std::collections::{BTreeMap, BTreeSet, VecDeque};

use crate::diag::Diags;
use crate::lang::ir::Rule;
use crate::lang::parse::parse_effect;
use crate::lang::schema::{self, EventKind};
use crate::locale::say;
use crate::rulebook::SourceFile;
use crate::rulebook::model::ClauseDef;
use crate::rulebook::yaml::{self, Spanned};

/// Report every effect that raises an event leading back to its rule's event. `sources[i]` is
/// clause `i`'s.
pub(super) fn check(rules: &[Rule], sources: &[(&SourceFile, &ClauseDef)], d: &mut Diags) {
    // Which events each event's rules raise.
    let mut raises: BTreeMap<EventKind, BTreeSet<EventKind>> = BTreeMap::new();
    for r in rules {
        for e in &r.effects {
            if let Some(ev) = e.id.spec().raises {
                raises.entry(r.on).or_default().insert(ev);
            }
        }
    }
    if raises.is_empty() {
        return;
    }
    for r in rules {
        for e in &r.effects {
            let spec = e.id.spec();
            let Some(raised) = spec.raises else {
                continue;
            };
            let Some(path) = path(&raises, raised, r.on) else {
                continue;
            };
            let mut cycle = vec![r.on.name()];
            cycle.extend(path.iter().map(|e| e.name()));
            let message = say::cascade(spec.name, raised.name(), cycle.join(" -> "));
            let Some((sf, c)) = sources.get(r.clause) else {
                continue;
            };
            let at = written(r, c, spec.name).unwrap_or(&c.id);
            d.push(
                sf.diag(yaml::start(&sf.text, at), at.value.len().max(1), message)
                    .help(say::cascade_help()),
            );
        }
    }
}

/// The events from `from` to `to` through the raising of events (both included), shortest
/// first; `None` when `to` cannot be reached.
fn path(
    raises: &BTreeMap<EventKind, BTreeSet<EventKind>>,
    from: EventKind,
    to: EventKind,
) -> Option<Vec<EventKind>> {
    let mut came_from: BTreeMap<EventKind, Option<EventKind>> = BTreeMap::new();
    came_from.insert(from, None);
    let mut queue = VecDeque::from([from]);
    while let Some(ev) = queue.pop_front() {
        if ev == to {
            let mut path = vec![ev];
            let mut at = ev;
            while let Some(Some(prev)) = came_from.get(&at) {
                path.push(*prev);
                at = *prev;
            }
            path.reverse();
            return Some(path);
        }
        for &next in raises.get(&ev).into_iter().flatten() {
            if let Entry::Vacant(v) = came_from.entry(next) {
                v.insert(Some(ev));
                queue.push_back(next);
            }
        }
    }
    None
}

/// The effect named `name` as written in rule `r` of clause `c`.
fn written<'c>(r: &Rule, c: &'c ClauseDef, name: &str) -> Option<&'c Spanned<String>> {
    let effects = match &r.name {
        None => &c.effects,
        Some(n) => &c.rules.iter().find(|x| x.name.value == *n)?.effects,
    };
    effects.iter().find(|e| {
        parse_effect(&e.value)
            .ok()
            .and_then(|ast| schema::effect(&ast.name))
            .is_some_and(|s| s.name == name)
    })
}
