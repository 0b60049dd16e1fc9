//! Merging an overlay with its chain of bases into one list of clauses, before anything is
//! checked: the root base's clause files first, each overlay's after; `replaces` takes a base's
//! clause out of force (its text stays, marked) and gives its place in the precedence to the
//! replacement; `disable` takes one out with the reason. Every later stage sees an ordinary
//! rulebook.

use std::collections::HashMap;

use super::located::texts;
use crate::diag::Diags;
use crate::lang::ir::Disabled;
use crate::locale::say;
use crate::rulebook::model::{ClauseDef, ClauseFile, DisableDef};
use crate::rulebook::yaml;
use crate::rulebook::{Loaded, SourceFile};

/// One clause of the merged rulebook (a base's or the overlay's), before lowering.
pub(super) struct Entry<'a> {
    pub(super) sf: &'a SourceFile,
    pub(super) c: &'a ClauseDef,
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
    by_id: HashMap<String, usize>,
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

    /// The clauses of the merged rulebook, in order, with their sources.
    pub(super) fn clauses(&self) -> Vec<(&'a SourceFile, &'a ClauseDef)> {
        self.entries
            .iter()
            .filter(|e| !e.removed)
            .map(|e| (e.sf, e.c))
            .collect()
    }
}

pub(super) fn merge<'a>(chain: &[&'a Loaded], languages: &[String], d: &mut Diags) -> Merged<'a> {
    let mut m = Merged {
        entries: vec![],
        files: vec![],
        redirects: vec![],
        by_id: HashMap::new(),
    };
    for (level, book) in chain.iter().enumerate() {
        for (sf, cf) in &book.files {
            let file = m.files.len();
            m.files.push((sf, cf));
            for c in &cf.clauses {
                m.add(sf, c, file, level, d);
            }
        }
        for dis in &book.book.disable {
            m.disable(&book.book_file, dis, level, languages, d);
        }
    }
    m
}

impl<'a> Merged<'a> {
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
            match self.by_id.get(&r.value) {
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
            file,
            level,
            removed: false,
            disabled: None,
        });
    }

    fn duplicate(&self, sf: &SourceFile, c: &ClauseDef, old: usize, level: usize, d: &mut Diags) {
        let id = c.id.value.as_str();
        let (ff, fc) = (self.entries[old].sf, self.entries[old].c);
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
        match self.by_id.get(&dis.clause.value) {
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
