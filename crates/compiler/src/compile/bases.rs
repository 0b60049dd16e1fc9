//! A rulebook standing on more than one base, one per game (`extends: [fide,
//! russian-draughts]`: a club's regulation over the Laws of Chess and over the rules of Russian
//! draughts). The chain is a line all the same (`Loaded::chain`: each base's own chain in turn),
//! which is sound only because the bases are kept apart: each is for games the others are not,
//! and none names a clause, constant, parameter or defined name that another names, so that
//! neither changes the other and each of their clauses keeps the meaning it has on its own.

use std::collections::{BTreeMap, HashMap};

use crate::diag::Diags;
use crate::games::{GameKind, Games};
use crate::locale::say;
use crate::rulebook::Loaded;
use crate::rulebook::yaml;

/// The games each rulebook of `chain` (root first, as `Loaded::chain` lists it) is for: its
/// `games:`, else those of its bases together, chess for a rulebook without a base. Each
/// `games:` list is read (and its errors reported) once.
pub(super) fn games(chain: &[&Loaded], d: &mut Diags) -> Vec<Games> {
    let mut of: HashMap<*const Loaded, Games> = HashMap::new();
    let mut out = Vec::with_capacity(chain.len());
    for l in chain {
        let games = match &l.book.games {
            Some(list) => read_games(&l.book_file, list, d),
            None if l.bases.is_empty() => Games::CHESS,
            None => l.bases.iter().fold(Games::default(), |acc, b| {
                acc.union(of.get(&(b as *const Loaded)).copied().unwrap_or_default())
            }),
        };
        of.insert(*l as *const Loaded, games);
        out.push(games);
    }
    out
}

/// Every rulebook of `chain` with more than one base: its bases are for different games and
/// name nothing alike. `games` is [`games`]' answer for `chain`. Reported at the later name in
/// `extends`, each base named as written there; `false` when any is reported (the merged
/// rulebook would then only repeat the clash as conflicts between the bases' clauses).
pub(super) fn check(chain: &[&Loaded], games: &[Games], d: &mut Diags) -> bool {
    let mut ok = true;
    let of: HashMap<*const Loaded, Games> = chain
        .iter()
        .zip(games)
        .map(|(l, g)| (*l as *const Loaded, *g))
        .collect();
    for l in chain.iter().filter(|l| l.bases.len() > 1) {
        let names = l.book.bases();
        let mut seen: Vec<(&str, Games, Named)> = Vec::new();
        for (b, name) in l.bases.iter().zip(&names) {
            let bf = &l.book_file;
            let at = yaml::start(&bf.text, name);
            let here = |m: crate::locale::say::Message| bf.diag(at, name.value.len().max(1), m);
            let g = of.get(&(b as *const Loaded)).copied().unwrap_or_default();
            let own = named(b);
            for (other, og, theirs) in &seen {
                if let Some(shared) = g.intersection(*og).iter().next() {
                    ok = false;
                    d.push(here(say::bases_share_game(
                        &name.value,
                        *other,
                        say::game(shared),
                    )));
                }
                if let Some(((_, id), kind)) = own.iter().find(|(k, _)| theirs.contains_key(*k)) {
                    ok = false;
                    d.push(here(say::bases_share_name(
                        &name.value,
                        *other,
                        what(*kind),
                        id,
                    )));
                }
            }
            seen.push((&name.value, g, own));
        }
    }
    ok
}

/// What a base's chain names: (namespace, name) -> what it is.
type Named = BTreeMap<(u8, String), u8>;

/// What a base's chain names, by namespace (0 clause ids, an amended clause's old id and new
/// one; 1 constants and defined names, which share one; 2 parameters), each with what it is
/// (0 a clause, 1 a constant, 2 a parameter, 3 a defined name).
fn named(base: &Loaded) -> Named {
    let mut out = BTreeMap::new();
    for l in base.chain() {
        for (_, cf) in &l.files {
            for c in &cf.clauses {
                out.insert((0, c.id.value.clone()), 0);
                if let Some(a) = &c.amends {
                    out.insert((0, a.value.clone()), 0);
                }
                if let Some(n) = &c.defines {
                    out.insert((1, n.value.clone()), 3);
                }
            }
        }
        for n in l.book.constants.keys() {
            out.insert((1, n.clone()), 1);
        }
        for n in l.book.parameters.keys() {
            out.insert((2, n.clone()), 2);
        }
    }
    out
}

fn what(kind: u8) -> crate::locale::say::Message {
    match kind {
        0 => say::what_clause(),
        1 => say::what_constant(),
        2 => say::what_parameter(),
        _ => say::what_name(),
    }
}

/// A `games:` list: every name a game arbiter knows, at least one.
pub(super) fn read_games(
    sf: &crate::rulebook::SourceFile,
    list: &yaml::Spanned<Vec<yaml::Spanned<String>>>,
    d: &mut Diags,
) -> Games {
    let mut games = Games::default();
    for name in &list.value {
        match GameKind::from_name(&name.value) {
            Some(g) => games.insert(g),
            None => {
                let known: Vec<&str> = GameKind::ALL.iter().map(|g| g.name()).collect();
                d.push(sf.diag(
                    yaml::start(&sf.text, name),
                    name.value.len().max(1),
                    say::unknown_game(&name.value, known.join(", ")),
                ));
            }
        }
    }
    if list.value.is_empty() {
        d.push(sf.diag(yaml::start(&sf.text, list), 1, say::no_game()));
    }
    games
}
