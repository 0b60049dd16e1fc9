//! The compiler's driver: a loaded rulebook (and its chain of bases) to the checked IR. Each
//! stage is a module of its own and reports located diagnostics without stopping, so one run
//! lists every problem of a rulebook:
//!
//! 1. `merge`: an overlay and its bases become one list of clauses;
//! 2. `params`, `definitions`: the event parameters, constants and defined names;
//! 3. `clauses`: each clause and its rules, typed against the schema;
//! 4. `precedence`: `exception_to`, replacements' inherited places, the closure, no cycles;
//! 5. `conflicts`: contradictory rules without an order between them;
//! 6. `cascade`: effects raising, directly or through other rules, their own rule's event.
//!
//! A rulebook over the size limits of `lang::limits` (clauses, rules) stops at the first stage
//! that finds it so: nothing after walks it.

use std::collections::HashMap;

use super::clauses::ClauseCx;
use super::located::texts;
use super::merge::{Entry, Merged};
use super::params::lower_params;
use super::{bases, cascade, conflicts, definitions, merge, precedence};
use crate::diag::Diags;
use crate::games::Games;
use crate::lang::ir::{Article, Edition, Param, Rulebook};
use crate::lang::limits::{MAX_CLAUSES, MAX_RULES};
use crate::lang::typeck::{Params, Scope};
use crate::locale::say;
use crate::rulebook::Loaded;
use crate::rulebook::yaml;

pub fn lower(l: &Loaded) -> Result<Rulebook, Diags> {
    let mut d = Diags::default();
    let bf = &l.book_file;
    let chain = l.chain();
    let languages = header(l, &mut d);
    let edition = edition(&chain, &mut d);
    let title = texts(bf, &l.book.title, &languages, say::field_title, &mut d);
    let source = texts(bf, &l.book.source, &languages, say::field_source, &mut d);
    let params = params(&chain, &languages, &mut d);
    let param_types: Scope = params.iter().map(|p| (p.name.as_str(), p.ty)).collect();

    let book_games = bases::games(&chain, &mut d);
    if !bases::check(&chain, &book_games, &mut d) {
        return Err(d);
    }
    let games = book_games.last().copied().unwrap_or(Games::CHESS);

    let merged = merge::merge(&chain, &languages, &mut d);
    // A rulebook over the size limits is refused before anything walks its clauses in pairs.
    if let Some(diag) = too_many_clauses(&merged) {
        d.push(diag);
        return Err(d);
    }
    let named = definitions::lower(&chain, &merged.entries, &param_types, &languages, &mut d);
    let scope = Params {
        params: &param_types,
        defs: &named.scope,
        costs: &named.costs,
        lenient_guards: false,
    };
    let (articles, mut clauses, rules) = lower_clauses(&merged, scope, &languages, &mut d);
    clause_games(&merged, &book_games, games, &mut clauses, &mut d);
    if rules.len() > MAX_RULES {
        let over = rules.get(MAX_RULES).map(|r| r.clause);
        if let Some((sf, c)) = over.and_then(|i| merged.clauses().get(i).copied()) {
            d.push(
                sf.diag(
                    yaml::start(&sf.text, &c.id),
                    c.id.value.len().max(1),
                    say::too_many_rules(rules.len(), MAX_RULES),
                )
                .help(say::too_many_help()),
            );
        }
        return Err(d);
    }

    let sources = merged.clauses();
    let clause_of = merged.clause_of();
    let redirects: Vec<(usize, usize)> = merged
        .redirects
        .iter()
        .filter_map(|&(old, new)| {
            Some((clause_of.get(old).copied()??, clause_of.get(new).copied()??))
        })
        .collect();
    precedence::inherit(&redirects, &mut clauses);
    precedence::close(&mut clauses, &sources, &mut d);
    conflicts::check(&rules, &clauses, &sources, &mut d);
    cascade::check(&rules, &sources, &mut d);

    d.into_result(Rulebook {
        id: l.book.id.value.clone(),
        extends: l.bases.iter().map(|b| b.book.id.value.clone()).collect(),
        chain: chain.iter().map(|b| b.book.id.value.clone()).collect(),
        edition_chain: l
            .edition_chain()
            .iter()
            .map(|b| b.book.id.value.clone())
            .collect(),
        renames: merged.renames.clone(),
        definitions: named.defs,
        title,
        source,
        languages,
        games,
        params,
        articles,
        clauses,
        rules,
        files: own_files(l),
        edition,
        per_edition: l.family.is_some(),
    })
}

/// The rulebook's languages, each one the tool has words in, and its id a plain name.
fn header(l: &Loaded, d: &mut Diags) -> Vec<String> {
    let bf = &l.book_file;
    let languages: Vec<String> = l
        .book
        .languages
        .value
        .iter()
        .map(|s| s.value.clone())
        .collect();
    if languages.is_empty() {
        let at = yaml::start(&bf.text, &l.book.languages);
        d.push(bf.diag(at, 1, say::no_language()));
    }
    // The readable rulebook and the rulings' surroundings are said in the tool's words.
    let known = crate::locale::languages();
    for lang in &l.book.languages.value {
        if !known.contains(&lang.value) {
            d.push(
                bf.diag(
                    yaml::start(&bf.text, lang),
                    lang.value.len().max(1),
                    say::language_without_words(&lang.value),
                )
                .help(say::language_without_words_help(
                    known.join(", "),
                    &lang.value,
                )),
            );
        }
    }
    // The id names a folder under `generated/` and a Rust module: a plain name, never a path.
    if !crate::rulebook::plain_name(&l.book.id.value) {
        let id = &l.book.id;
        d.push(bf.diag(
            yaml::start(&bf.text, id),
            id.value.len().max(1),
            say::not_plain_name("id", &id.value),
        ));
    }
    languages
}

/// The edition of a family the chain is or stands on: the last rulebook of the chain that says
/// `family` (with `in_force_from`, which a rulebook gives together with it).
fn edition(chain: &[&Loaded], d: &mut Diags) -> Option<Edition> {
    let mut found = None;
    for l in chain {
        let bf = &l.book_file;
        match (&l.book.family, &l.book.in_force_from) {
            (None, None) => {}
            (Some(family), Some(from)) => {
                if !crate::rulebook::plain_name(&family.value) {
                    d.push(bf.diag(
                        yaml::start(&bf.text, family),
                        family.value.len().max(1),
                        say::not_plain_name("family", &family.value),
                    ));
                }
                match crate::date::Date::parse_iso(&from.value) {
                    Some(date) => {
                        found = Some(Edition {
                            id: l.book.id.value.clone(),
                            family: family.value.clone(),
                            in_force_from: date,
                        })
                    }
                    None => d.push(bf.diag(
                        yaml::start(&bf.text, from),
                        from.value.len().max(1),
                        say::bad_in_force_from(&from.value),
                    )),
                }
            }
            (Some(one), None) | (None, Some(one)) => d.push(bf.diag(
                yaml::start(&bf.text, one),
                one.value.len().max(1),
                say::edition_needs_both(),
            )),
        }
    }
    found
}

/// The parameters: the base's first; an overlay's parameter of the same name replaces it. The
/// one past `MAX_RULES` is refused where it is declared, before it is checked.
fn params(chain: &[&Loaded], languages: &[String], d: &mut Diags) -> Vec<Param> {
    let mut params: Vec<Param> = Vec::new();
    let mut index: HashMap<String, usize> = HashMap::new();
    for level in chain {
        let bf = &level.book_file;
        let declared = &level.book.parameters;
        let new: Vec<&String> = declared
            .keys()
            .filter(|n| !index.contains_key(*n))
            .collect();
        let over = new.get(MAX_RULES.saturating_sub(params.len()));
        if let Some(p) = over.and_then(|n| declared.get(*n)) {
            let count = params.len() + new.len();
            d.push(
                bf.diag(
                    yaml::start(&bf.text, &p.ty),
                    p.ty.value.len().max(1),
                    say::too_many_parameters(count, MAX_RULES),
                )
                .help(say::too_many_help()),
            );
        }
        // Past the limit, only redefinitions of the base's parameters are read.
        let read = declared
            .iter()
            .filter(|(n, _)| over.is_none() || index.contains_key(*n));
        for p in lower_params(bf, read, languages, d) {
            match index.get(&p.name).and_then(|&i| params.get_mut(i)) {
                Some(q) => *q = p,
                None => {
                    index.insert(p.name.clone(), params.len());
                    params.push(p);
                }
            }
        }
    }
    params
}

/// The clause past `MAX_CLAUSES`, if the merged rulebook has one: the error, at its id.
fn too_many_clauses(m: &Merged) -> Option<crate::diag::Diag> {
    let all = m.clauses();
    let (sf, c) = all.get(MAX_CLAUSES)?;
    Some(
        sf.diag(
            yaml::start(&sf.text, &c.id),
            c.id.value.len().max(1),
            say::too_many_clauses(all.len(), MAX_CLAUSES),
        )
        .help(say::too_many_help()),
    )
}

/// The `official` default of clause file `file`.
fn cf_of<'a>(m: &Merged<'a>, file: usize) -> Option<&'a crate::rulebook::model::Official> {
    m.files.get(file).and_then(|(_, cf)| cf.official.as_ref())
}

/// Each clause's games: its own `games:` (an amendment's, else its own), else those of the
/// rulebook its rules were written in. A clause for a game its rulebook is not for is an error.
fn clause_games(
    m: &Merged,
    book_games: &[Games],
    games: Games,
    clauses: &mut [crate::lang::ir::Clause],
    d: &mut Diags,
) {
    let entries = m.entries.iter().filter(|e| !e.removed);
    for (clause, e) in clauses.iter_mut().zip(entries) {
        let own = [e.text, (e.sf, e.c)]
            .into_iter()
            .find_map(|(sf, c)| c.games.as_ref().map(|g| (sf, g)));
        clause.games = match own {
            Some((sf, list)) => {
                let g = bases::read_games(sf, list, d);
                if !g.is_subset(games) {
                    d.push(sf.diag(
                        yaml::start(&sf.text, list),
                        1,
                        say::clause_game_not_in_rulebook(&clause.id),
                    ));
                }
                g
            }
            None => book_games.get(e.logic_level).copied().unwrap_or(games),
        };
    }
}

type Lowered = (
    Vec<Article>,
    Vec<crate::lang::ir::Clause>,
    Vec<crate::lang::ir::Rule>,
);

/// Each clause and its rules, one article per clause file.
fn lower_clauses(m: &Merged, scope: Params, languages: &[String], d: &mut Diags) -> Lowered {
    let all = m.clauses();
    debug_assert_eq!(all.len(), m.entries.iter().filter(|e| !e.removed).count());
    let index: HashMap<&str, usize> = m
        .entries
        .iter()
        .filter(|e| !e.removed)
        .enumerate()
        .map(|(i, e)| (e.text.1.id.value.as_str(), i))
        .collect();
    let (mut clauses, mut rules, mut articles) = (Vec::new(), Vec::new(), Vec::new());
    for (file, (sf, cf)) in m.files.iter().enumerate() {
        let mut art = Article {
            title: texts(sf, &cf.article, languages, say::field_article_title, d),
            clauses: vec![],
        };
        if let Some(o) = &cf.official {
            super::clauses::official_languages(sf, o, languages, d);
        }
        let in_file = |e: &&Entry| e.file == file && !e.removed;
        for e in m.entries.iter().filter(in_file) {
            art.clauses.push(clauses.len());
            let cx = ClauseCx {
                sf: e.sf,
                c: e.c,
                text: e.text,
                levels: e.ref_levels,
                level: e.logic_level,
                renames: &m.renames,
                file_official: cf_of(m, e.file),
                index: clauses.len(),
                languages,
                params: scope,
                in_force: e.disabled.is_none(),
            };
            let (mut clause, mut rs) = cx.lower(&index, rules.len(), d);
            clause.disabled = e.disabled.clone();
            clauses.push(clause);
            rules.append(&mut rs);
        }
        if !art.clauses.is_empty() {
            articles.push(art);
        }
    }
    (articles, clauses, rules)
}

/// The rulebook's own sources, `rulebook.yaml` first; a base is found again by name (`extends`).
fn own_files(l: &Loaded) -> Vec<(String, String)> {
    let mut files = vec![("rulebook.yaml".to_string(), l.book_file.text.to_string())];
    for (sf, _) in &l.files {
        let rel = sf
            .path
            .strip_prefix(&l.dir)
            .unwrap_or(&sf.path)
            .to_string_lossy()
            .replace('\\', "/");
        files.push((rel, sf.text.to_string()));
    }
    files
}
