//! Merging an overlay with its chain of bases into one list of clauses, before anything is
//! checked: the root base's clause files first, each overlay's after; `replaces` takes a base's
//! clause out of force (its text stays, marked) and gives its place in the precedence to the
//! replacement; `amends` gives a base's clause a new text (and maybe a new id) at the overlay's
//! place, its rules unchanged; `disable` takes one out with the reason. Every later stage sees
//! an ordinary rulebook.
//!
//! Renumbering: an amendment may give the clause a new id, and a new clause may then take an
//! old id (FIDE's 2023 Laws turned 9.2.1.1 into 9.2.1, and 9.2.1 into 9.2). The clauses of each
//! level are written with that level's ids in mind, so a reference is read through the renames
//! of the levels above the one it was written at ([`Merged::name`]).

use std::collections::HashMap;

use super::located::texts;
use crate::diag::Diags;
use crate::lang::ir::Disabled;
use crate::locale::say;
use crate::rulebook::model::{ClauseDef, ClauseFile, DisableDef};
use crate::rulebook::yaml::{self, Spanned};
use crate::rulebook::{Loaded, SourceFile};

/// One clause of the merged rulebook (a base's or the overlay's), before lowering.
pub(super) struct Entry<'a> {
    /// Where the clause's rules, definition and precedence are written.
    pub(super) sf: &'a SourceFile,
    pub(super) c: &'a ClauseDef,
    /// Where its id, texts, officialness and references are written: `(sf, c)`, or the
    /// amending clause.
    pub(super) text: (&'a SourceFile, &'a ClauseDef),
    /// The level `c` was written at.
    pub(super) logic_level: usize,
    /// The levels whose ids `c`'s references and `text`'s are written in (their own levels,
    /// except in a rulebook over a family of editions, which names a base's clauses as the
    /// family's first edition does: level 0).
    pub(super) ref_levels: (usize, usize),
    /// Index of its clause file in the merged order (one article per file).
    pub(super) file: usize,
    /// Depth in the `extends` chain: 0 for the root base.
    pub(super) level: usize,
    /// Taken out by an overlay clause of the same id.
    pub(super) removed: bool,
    /// Not in force: why.
    pub(super) disabled: Option<Disabled>,
}

/// The merged rulebook: its clause files and clauses in order.
pub(super) struct Merged<'a> {
    pub(super) entries: Vec<Entry<'a>>,
    pub(super) files: Vec<(&'a SourceFile, &'a ClauseFile)>,
    /// (replaced entry, replacing entry): the replacement inherits the replaced clause's place.
    pub(super) redirects: Vec<(usize, usize)>,
    /// Per level, the ids its amendments changed: `(old, new)`.
    pub(super) renames: Vec<Vec<(String, String)>>,
    by_id: HashMap<String, usize>,
    /// The ids as the current level's base sees them (what `amends` names).
    base_view: HashMap<String, usize>,
    /// Amendments whose new id is still a base clause's: an error unless that clause is
    /// amended too before the level ends (`(amendment, base entry)`).
    collisions: Vec<(usize, usize)>,
    /// The level whose ids the level being merged names its base's clauses by.
    ref_level: usize,
}

impl<'a> Merged<'a> {
    /// The clause index of each entry (`None` for one an overlay took out under the same id).
    pub(super) fn clause_of(&self) -> Vec<Option<usize>> {
        let mut n = 0;
        self.entries
            .iter()
            .map(|e| {
                (!e.removed).then(|| {
                    n += 1;
                    n - 1
                })
            })
            .collect()
    }

    /// The clauses of the merged rulebook, in order, with where their rules are written.
    pub(super) fn clauses(&self) -> Vec<(&'a SourceFile, &'a ClauseDef)> {
        self.entries
            .iter()
            .filter(|e| !e.removed)
            .map(|e| (e.sf, e.c))
            .collect()
    }
}

/// A clause id written at `level`, through the renames of every level above it (as
/// `ir::Rulebook::rename`).
pub(super) fn rename(renames: &[Vec<(String, String)>], level: usize, id: &str) -> String {
    let mut id = id.to_string();
    for renames in renames.iter().skip(level + 1) {
        if let Some((_, new)) = renames.iter().find(|(old, _)| *old == id) {
            id = new.clone();
        }
    }
    id
}

pub(super) fn merge<'a>(chain: &[&'a Loaded], languages: &[String], d: &mut Diags) -> Merged<'a> {
    let mut m = Merged {
        entries: vec![],
        files: vec![],
        redirects: vec![],
        renames: vec![],
        by_id: HashMap::new(),
        base_view: HashMap::new(),
        collisions: vec![],
        ref_level: 0,
    };
    // The edition of a family the chain stands on (`extends: fide`): the rulebooks above it name
    // base clauses as the family's first edition, the root of the chain, does (an overlay is
    // written once for every edition; each edition's renumbering carries its references).
    let edition_level = chain.iter().position(|b| b.family.is_some());
    for (level, book) in chain.iter().enumerate() {
        m.ref_level = match edition_level {
            Some(e) if level > e => 0,
            _ => level,
        };
        m.renames.push(vec![]);
        m.base_view = m.by_id.clone();
        for (sf, cf) in &book.files {
            let file = m.files.len();
            m.files.push((sf, cf));
            for c in &cf.clauses {
                match &c.amends {
                    Some(base) => m.amend(sf, c, base, file, level, d),
                    None => m.add(sf, c, file, level, d),
                }
            }
        }
        m.check_collisions(d);
        for dis in &book.book.disable {
            m.disable(&book.book_file, dis, level, languages, d);
        }
    }
    m
}

impl<'a> Merged<'a> {
    /// A base clause's id as the level being merged writes it, as the merged rulebook names it.
    fn base_id(&self, id: &str) -> String {
        rename(&self.renames, self.ref_level, id)
    }

    fn add(
        &mut self,
        sf: &'a SourceFile,
        c: &'a ClauseDef,
        file: usize,
        level: usize,
        d: &mut Diags,
    ) {
        let id = c.id.value.as_str();
        let id_at = yaml::start(&sf.text, &c.id);
        if id.trim().is_empty() {
            d.push(sf.diag(id_at, 1, say::empty_clause_id()));
        }
        // An id is printed on a line of its own (a diagnostic, generated code's comments).
        if let Some(k) = id.find(char::is_control) {
            let at = yaml::value_offset(&sf.text, id_at, k);
            d.push(sf.diag(at, 1, say::clause_id_control()));
        }
        let keeps_id = c.replaces.iter().any(|r| r.value == id);
        if let Some(&old) = self.by_id.get(id) {
            if keeps_id && self.entries[old].level < level {
                self.entries[old].removed = true;
            } else {
                self.duplicate(sf, c, old, level, d);
                return;
            }
        } else if keeps_id {
            d.push(sf.diag(id_at, id.len().max(1), say::replaces_itself_unknown(id)));
        }
        let new = self.entries.len();
        for r in c.replaces.iter().filter(|r| r.value != id) {
            match self.by_id.get(&self.base_id(&r.value)) {
                Some(&old) if self.entries[old].level < level => {
                    self.entries[old].disabled = Some(Disabled::ReplacedBy(id.to_string()));
                    self.redirects.push((old, new));
                }
                _ => d.push(sf.diag(
                    yaml::start(&sf.text, r),
                    r.value.len().max(1),
                    say::replaces_unknown(&r.value),
                )),
            }
        }
        self.by_id.insert(id.to_string(), new);
        self.entries.push(Entry {
            sf,
            c,
            text: (sf, c),
            logic_level: level,
            ref_levels: (self.ref_level, self.ref_level),
            file,
            level,
            removed: false,
            disabled: None,
        });
    }

    /// An overlay's clause that amends a base clause (see `ClauseDef::amends`).
    fn amend(
        &mut self,
        sf: &'a SourceFile,
        c: &'a ClauseDef,
        base: &Spanned<String>,
        file: usize,
        level: usize,
        d: &mut Diags,
    ) {
        let id = c.id.value.as_str();
        let id_at = yaml::start(&sf.text, &c.id);
        // The rules stay the base clause's: a field that would change them is refused.
        let logic: [(&str, bool); 10] = [
            ("on", c.on.is_some()),
            ("when", c.when.is_some()),
            ("effects", !c.effects.is_empty()),
            ("vars", !c.vars.is_empty()),
            ("ruling", c.ruling.is_some()),
            ("rules", !c.rules.is_empty()),
            ("defines", c.defines.is_some()),
            ("value", c.value.is_some()),
            ("exception_to", !c.exception_to.is_empty()),
            ("replaces", !c.replaces.is_empty()),
        ];
        for (field, _) in logic.iter().filter(|(_, present)| *present) {
            d.push(
                sf.diag(id_at, id.len().max(1), say::amends_with_rules(id, *field))
                    .help(say::amends_with_rules_help(*field)),
            );
        }
        let at = yaml::start(&sf.text, base);
        let target = match self.base_view.get(&self.base_id(&base.value)) {
            Some(&t) if self.entries[t].level < level && !self.entries[t].removed => t,
            Some(_) => {
                d.push(sf.diag(at, base.value.len().max(1), say::amends_twice(&base.value)));
                return;
            }
            None => {
                d.push(sf.diag(
                    at,
                    base.value.len().max(1),
                    say::amends_unknown(&base.value),
                ));
                return;
            }
        };
        // A clause of this level that already has the id: a duplicate (checked before the base
        // clause is taken out, which would leave its references dangling).
        if let Some(&other) = self.by_id.get(id)
            && self.entries[other].level == level
        {
            self.duplicate(sf, c, other, level, d);
            return;
        }
        let new = self.entries.len();
        let old = &self.entries[target];
        let entry = Entry {
            sf: old.sf,
            c: old.c,
            text: (sf, c),
            logic_level: old.logic_level,
            ref_levels: (old.ref_levels.0, self.ref_level),
            file,
            level,
            removed: false,
            disabled: old.disabled.clone(),
        };
        self.entries[target].removed = true;
        for r in &mut self.redirects {
            if r.1 == target {
                r.1 = new;
            }
        }
        self.by_id.retain(|_, e| *e != target);
        if let Some(&other) = self.by_id.get(id) {
            self.collisions.push((new, other));
        }
        let old_id = self.base_id(&base.value);
        if old_id != id
            && let Some(renames) = self.renames.get_mut(level)
        {
            renames.push((old_id, id.to_string()));
        }
        self.by_id.insert(id.to_string(), new);
        self.entries.push(entry);
    }

    /// An amendment's new id that is still a base clause's at the end of its level is a
    /// duplicate.
    fn check_collisions(&mut self, d: &mut Diags) {
        for (new, other) in std::mem::take(&mut self.collisions) {
            if !self.entries[other].removed {
                let (sf, c) = self.entries[new].text;
                let level = self.entries[new].level;
                self.duplicate(sf, c, other, level, d);
            }
        }
    }

    fn duplicate(&self, sf: &SourceFile, c: &ClauseDef, old: usize, level: usize, d: &mut Diags) {
        let id = c.id.value.as_str();
        let (ff, fc) = self.entries[old].text;
        let (fl, _) = crate::diag::line_col(&ff.text, yaml::start(&ff.text, &fc.id));
        let mut diag = sf
            .diag(
                yaml::start(&sf.text, &c.id),
                id.len().max(1),
                say::duplicate_clause(id),
            )
            .label(say::defined_again_here())
            .help(say::first_defined_at(
                ff.path.display().to_string(),
                fl.to_string(),
            ));
        if self.entries[old].level < level {
            diag = diag.help(say::duplicate_replaces_help(id));
        }
        d.push(diag);
    }

    fn disable(
        &mut self,
        bsf: &SourceFile,
        dis: &DisableDef,
        level: usize,
        languages: &[String],
        d: &mut Diags,
    ) {
        match self.by_id.get(&self.base_id(&dis.clause.value)) {
            Some(&i) if self.entries[i].level < level => {
                let why = texts(bsf, &dis.reason, languages, say::field_reason, d);
                self.entries[i].disabled = Some(Disabled::Reason(why));
            }
            _ => d.push(bsf.diag(
                yaml::start(&bsf.text, &dis.clause),
                dis.clause.value.len().max(1),
                say::disable_unknown(&dis.clause.value),
            )),
        }
    }
}
