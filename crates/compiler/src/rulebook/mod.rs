//! Loading a rulebook folder: `rulebook.yaml` plus its clause files, kept with their sources so
//! that every later diagnostic can point into them.

pub mod model;
pub mod yaml;

use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::diag::{Diag, Diags};
use crate::locale::say;
use model::{ClauseFile, RulebookFile};
use yaml::Spanned;

/// One YAML file: its path (as shown in diagnostics) and its text.
#[derive(Debug, Clone)]
pub struct SourceFile {
    pub path: PathBuf,
    pub text: Arc<str>,
}

impl SourceFile {
    pub fn diag(&self, offset: usize, len: usize, message: crate::locale::say::Message) -> Diag {
        Diag::new(&self.path, &self.text, offset, len, message)
    }
}

/// A parsed, not yet checked, rulebook.
#[derive(Debug)]
pub struct Loaded {
    pub dir: PathBuf,
    pub book_file: SourceFile,
    pub book: RulebookFile,
    pub files: Vec<(SourceFile, ClauseFile)>,
    /// The rulebooks this one `extends`, loaded, in the order named (one per game when more
    /// than one).
    pub bases: Vec<Loaded>,
    /// When the chain stands on a family of editions (`extends: fide`, here or in a base): the
    /// family's editions, oldest first, and the one this chain was loaded on. Such a rulebook is
    /// compiled once per edition ([`load_dir_editions`]).
    pub family: Option<FamilyBase>,
}

/// The family a rulebook stands on, and the edition of it one loading took.
#[derive(Debug, Clone)]
pub struct FamilyBase {
    /// The family's name (`fide`).
    pub name: String,
    /// Its editions' rulebook ids, oldest first.
    pub editions: Vec<String>,
    /// The edition this chain stands on.
    pub edition: String,
}

impl Loaded {
    /// The chain of rulebooks, the root base first and this one last: each base's own chain in
    /// the order `extends` names them, then this one. With two bases (one per game) the chain
    /// is a line all the same: they name nothing alike and rule different games (`compile`
    /// checks both), so where one stands in it changes nothing.
    pub fn chain(&self) -> Vec<&Loaded> {
        let mut out = Vec::new();
        self.walk(&mut out);
        out
    }

    fn walk<'a>(&'a self, out: &mut Vec<&'a Loaded>) {
        for b in &self.bases {
            b.walk(out);
        }
        out.push(self);
    }

    /// The rulebooks of the edition of a family this one stands on (`extends: fide`, here or
    /// in a base), root first: the part of the chain that each edition changes. Empty when it
    /// stands on no family.
    pub fn edition_chain(&self) -> Vec<&Loaded> {
        if self.family.is_none() {
            return vec![];
        }
        // The base that is the edition, or the one standing on it.
        match self.bases.iter().find(|b| b.family.is_some()) {
            Some(b) => b.edition_chain(),
            None => self.chain(),
        }
    }
}

/// Where a base named by `extends` is found when no sibling folder has it: the rulebooks
/// compiled into the binary, which this layer does not know (the top of the crate supplies them,
/// so that loading and checking a rulebook never needs the generated code).
pub trait Library {
    /// The sources of the rulebook of that name, `rulebook.yaml` first.
    fn sources(&self, name: &str) -> Option<&'static [(&'static str, &'static str)]>;
    /// The names it has, for the help of an error.
    fn names(&self) -> Vec<&'static str>;
}

/// What `rulebook.yaml` says of a rulebook's place in a family, read without checking the rest
/// (to find a family's editions among rulebooks that may not all be valid).
#[derive(serde::Deserialize)]
struct Peek {
    id: String,
    family: Option<String>,
    in_force_from: Option<String>,
}

/// The editions of the family `name`, oldest first: the rulebooks whose `rulebook.yaml` says
/// `family: NAME` with a valid `in_force_from`; beside `dir` on disk when any there does, else
/// in `lib`. Empty when `name` is no family.
pub fn family_editions(dir: Option<&Path>, name: &str, lib: &dyn Library) -> Vec<String> {
    let peek = |text: &str| -> Option<(String, crate::date::Date)> {
        let p: Peek = yaml::parse(Path::new("rulebook.yaml"), &Arc::from(text)).ok()?;
        let date = crate::date::Date::parse_iso(p.in_force_from.as_deref()?)?;
        (p.family.as_deref() == Some(name) && plain_name(&p.id)).then_some((p.id, date))
    };
    let mut found: Vec<(String, crate::date::Date)> = Vec::new();
    if let Some(parent) = dir.and_then(Path::parent)
        && let Ok(entries) = std::fs::read_dir(parent)
    {
        for e in entries.flatten() {
            let Ok(text) = std::fs::read_to_string(e.path().join("rulebook.yaml")) else {
                continue;
            };
            found.extend(peek(&text));
        }
    }
    if found.is_empty() {
        for n in lib.names() {
            if let Some((_, text)) = lib.sources(n).and_then(|s| s.first()) {
                found.extend(peek(text));
            }
        }
    }
    found.sort_by(|a, b| (a.1, &a.0).cmp(&(b.1, &b.0)));
    found.dedup_by(|a, b| a.0 == b.0);
    found.into_iter().map(|(id, _)| id).collect()
}

/// No rulebook besides the folders on disk (the generator's view).
pub struct NoLibrary;

impl Library for NoLibrary {
    fn sources(&self, _: &str) -> Option<&'static [(&'static str, &'static str)]> {
        None
    }
    fn names(&self) -> Vec<&'static str> {
        vec![]
    }
}

/// How deep `extends` may nest (a guard against a cycle of rulebooks extending each other).
const MAX_EXTENDS: usize = 8;

/// Load the bases a rulebook `extends`, in order.
fn load_bases(
    dir: &Path,
    book_file: &SourceFile,
    book: &RulebookFile,
    depth: usize,
    disk: bool,
    lib: &dyn Library,
    pick: Option<&str>,
) -> Result<Vec<Loaded>, Diags> {
    let names = book.bases();
    if let Some(list) = &book.extends {
        let at = yaml::start(&book_file.text, list);
        // One base per game at most (compile::bases): a longer list is refused before any is read.
        let most = crate::games::GameKind::ALL.len();
        if names.is_empty() {
            return Err(book_file.diag(at, 1, say::extends_empty()).into());
        }
        if names.len() > most {
            return Err(book_file
                .diag(at, 1, say::extends_too_many(names.len(), most))
                .into());
        }
    }
    let mut out: Vec<Loaded> = Vec::with_capacity(names.len());
    for name in &names {
        let base = load_base(dir, book_file, name, depth, disk, lib, pick)?;
        let at = yaml::start(&book_file.text, name);
        let located =
            |m: crate::locale::say::Message| book_file.diag(at, name.value.len().max(1), m);
        if out.iter().any(|b| b.book.id.value == base.book.id.value) {
            return Err(located(say::extends_twice(&name.value)).into());
        }
        // One family of editions at most: a rulebook is compiled once per edition of it.
        if base.family.is_some() && out.iter().any(|b| b.family.is_some()) {
            return Err(located(say::extends_two_families(&name.value)).into());
        }
        out.push(base);
    }
    Ok(out)
}

/// Load the base `name` a rulebook `extends`: the sibling folder of that name if there is one
/// (so that a federation's folder of rulebooks works as a unit), else the embedded rulebook of
/// that name.
fn load_base(
    dir: &Path,
    book_file: &SourceFile,
    name: &Spanned<String>,
    depth: usize,
    disk: bool,
    lib: &dyn Library,
    pick: Option<&str>,
) -> Result<Loaded, Diags> {
    let at = yaml::start(&book_file.text, name);
    // A base is named, never a path: `extends: ../../etc` reads nothing outside.
    if !plain_name(&name.value) {
        return Err(book_file
            .diag(
                at,
                name.value.len().max(1),
                say::not_plain_name("extends", &name.value),
            )
            .into());
    }
    if depth >= MAX_EXTENDS {
        return Err(book_file
            .diag(
                at,
                name.value.len().max(1),
                say::extends_too_deep(MAX_EXTENDS),
            )
            .into());
    }
    // An embedded rulebook's base is embedded too; only a folder on disk looks beside itself.
    let sibling = dir.parent().filter(|_| disk).map(|p| p.join(&name.value));
    if let Some(s) = sibling
        .clone()
        .filter(|s| s.join("rulebook.yaml").is_file() && s != dir)
    {
        return load_dir_at(&s, depth + 1, lib, pick);
    }
    if let Some(sources) = lib.sources(&name.value) {
        return load_embedded_at(
            &format!("rules/{}", name.value),
            sources,
            depth + 1,
            lib,
            pick,
        );
    }
    // A family: the edition picked, else the newest; the others are loaded by
    // `load_*_editions`.
    let editions = family_editions(Some(dir).filter(|_| disk), &name.value, lib);
    if let Some(newest) = editions.last() {
        let edition = match pick {
            Some(p) if editions.iter().any(|e| e == p) => p.to_string(),
            _ => newest.clone(),
        };
        let mut base = match sibling.map(|p| p.with_file_name(&edition)) {
            Some(s) if s.join("rulebook.yaml").is_file() => load_dir_at(&s, depth + 1, lib, None)?,
            _ => match lib.sources(&edition) {
                Some(sources) => {
                    load_embedded_at(&format!("rules/{edition}"), sources, depth + 1, lib, None)?
                }
                None => {
                    return Err(book_file
                        .diag(at, name.value.len().max(1), say::extends_unknown(&edition))
                        .into());
                }
            },
        };
        base.family = Some(FamilyBase {
            name: name.value.clone(),
            editions,
            edition,
        });
        return Ok(base);
    }
    Err(book_file
        .diag(
            at,
            name.value.len().max(1),
            say::extends_unknown(&name.value),
        )
        .help(say::embedded_rulebooks(lib.names().join(", ")))
        .into())
}

/// A name a rulebook gives itself or its base (`id`, `extends`): lower-case ASCII letters,
/// digits, `-` and `_`, starting with a letter or a digit, at most 64 characters. It becomes a
/// folder and a Rust module name, so it is never a path.
pub fn plain_name(s: &str) -> bool {
    s.len() <= 64
        && s.chars()
            .next()
            .is_some_and(|c| c.is_ascii_lowercase() || c.is_ascii_digit())
        && s.chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-' || c == '_')
}

/// The path of a clause file named in `rulebook.yaml`, when it stays inside the rulebook's
/// folder: a relative path without `..`, not leading out through a link.
fn inside(dir: &Path, name: &str) -> Option<std::path::PathBuf> {
    use std::path::Component;
    let rel = Path::new(name);
    if name.is_empty()
        || !rel
            .components()
            .all(|c| matches!(c, Component::Normal(_) | Component::CurDir))
    {
        return None;
    }
    let p = dir.join(rel);
    // A file that exists must resolve inside the folder (a symbolic link must not lead out).
    if let (Ok(real), Ok(root)) = (p.canonicalize(), dir.canonicalize())
        && !real.starts_with(&root)
    {
        return None;
    }
    Some(p)
}

/// Read a rulebook from disk; a base it `extends` is a sibling folder or else in `lib`.
/// One standing on a family of editions is loaded on its newest edition.
pub fn load_dir(dir: &Path, lib: &dyn Library) -> Result<Loaded, Diags> {
    load_dir_at(dir, 0, lib, None)
}

/// Read a rulebook from disk once per edition of the family it stands on (`extends: fide`,
/// here or in a base), oldest first; once when it stands on none.
pub fn load_dir_editions(dir: &Path, lib: &dyn Library) -> Result<Vec<Loaded>, Diags> {
    editions(load_dir(dir, lib)?, |e| load_dir_at(dir, 0, lib, Some(e)))
}

/// `first`, loaded on the newest edition of the family it stands on, and the same rulebook
/// loaded on each other edition (`load`), oldest first.
fn editions(
    first: Loaded,
    load: impl Fn(&str) -> Result<Loaded, Diags>,
) -> Result<Vec<Loaded>, Diags> {
    let Some(family) = first.family.clone() else {
        return Ok(vec![first]);
    };
    let mut out = Vec::with_capacity(family.editions.len());
    for e in &family.editions {
        if *e == family.edition {
            continue;
        }
        out.push(load(e)?);
    }
    out.push(first);
    Ok(out)
}

fn load_dir_at(
    dir: &Path,
    depth: usize,
    lib: &dyn Library,
    pick: Option<&str>,
) -> Result<Loaded, Diags> {
    let read = |p: &Path| -> Result<SourceFile, Diag> {
        let text = std::fs::read_to_string(p).map_err(|e| {
            let empty: Arc<str> = Arc::from("");
            Diag::new(
                p,
                &empty,
                0,
                0,
                say::cannot_read_rulebook_file(say::io_error(&e)),
            )
        })?;
        Ok(SourceFile {
            path: p.to_path_buf(),
            text: Arc::from(text),
        })
    };
    let book_path = dir.join("rulebook.yaml");
    let book_file = read(&book_path)?;
    let mut sources = Vec::new();
    let book: RulebookFile = yaml::parse(&book_file.path, &book_file.text)?;
    for f in &book.files {
        let at = yaml::start(&book_file.text, f);
        let located = |message: crate::locale::say::Message| {
            book_file.diag(at, f.value.len().max(1), message)
        };
        let p = inside(dir, &f.value).ok_or_else(|| located(say::file_outside_folder(&f.value)))?;
        match std::fs::read(&p) {
            Ok(bytes) => match String::from_utf8(bytes) {
                Ok(text) => sources.push(SourceFile {
                    path: p,
                    text: Arc::from(text),
                }),
                Err(_) => return Err(located(say::clause_file_not_utf8(&f.value)).into()),
            },
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                return Err(located(say::clause_file_not_found(&f.value)).into());
            }
            Err(e) => {
                return Err(located(say::cannot_read_rulebook_file(say::io_error(&e))).into());
            }
        }
    }
    let bases = load_bases(dir, &book_file, &book, depth, true, lib, pick)?;
    load_sources(dir, book_file, book, sources, bases)
}

/// Build a rulebook from in-memory sources (the embedded rulebooks); its base is in `lib`.
pub fn load_embedded(
    dir: &str,
    files: &[(&str, &str)],
    lib: &dyn Library,
) -> Result<Loaded, Diags> {
    load_embedded_at(dir, files, 0, lib, None)
}

/// [`load_embedded`] once per edition of the family the rulebook stands on, oldest first.
pub fn load_embedded_editions(
    dir: &str,
    files: &[(&str, &str)],
    lib: &dyn Library,
) -> Result<Vec<Loaded>, Diags> {
    editions(load_embedded(dir, files, lib)?, |e| {
        load_embedded_at(dir, files, 0, lib, Some(e))
    })
}

fn load_embedded_at(
    dir: &str,
    files: &[(&str, &str)],
    depth: usize,
    lib: &dyn Library,
    pick: Option<&str>,
) -> Result<Loaded, Diags> {
    let mut it = files.iter();
    let Some((bp, bt)) = it.next() else {
        let empty: Arc<str> = Arc::from("");
        return Err(Diag::new(Path::new(dir), &empty, 0, 0, say::empty_rulebook()).into());
    };
    let book_file = SourceFile {
        path: Path::new(dir).join(bp),
        text: Arc::from(*bt),
    };
    let book: RulebookFile = yaml::parse(&book_file.path, &book_file.text)?;
    let sources = it
        .map(|(p, t)| SourceFile {
            path: Path::new(dir).join(p),
            text: Arc::from(*t),
        })
        .collect();
    let bases = load_bases(Path::new(dir), &book_file, &book, depth, false, lib, pick)?;
    load_sources(Path::new(dir), book_file, book, sources, bases)
}

fn load_sources(
    dir: &Path,
    book_file: SourceFile,
    book: RulebookFile,
    sources: Vec<SourceFile>,
    bases: Vec<Loaded>,
) -> Result<Loaded, Diags> {
    let mut diags = Diags::default();
    let mut files = Vec::new();
    for s in sources {
        match yaml::parse::<ClauseFile>(&s.path, &s.text) {
            Ok(cf) => files.push((s, cf)),
            Err(d) => diags.push(d),
        }
    }
    let family = bases.iter().find_map(|b| b.family.clone());
    diags.into_result(Loaded {
        dir: dir.to_path_buf(),
        book_file,
        book,
        files,
        bases,
        family,
    })
}
