//! Loading a rulebook folder: `rulebook.yaml` plus its clause files, kept with their sources so
//! that every later diagnostic can point into them.

pub mod model;
pub mod yaml;

use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::diag::{Diag, Diags};
use model::{ClauseFile, RulebookFile};

/// One YAML file: its path (as shown in diagnostics) and its text.
#[derive(Debug, Clone)]
pub struct SourceFile {
    pub path: PathBuf,
    pub text: Arc<str>,
}

impl SourceFile {
    pub fn diag(&self, offset: usize, len: usize, message: impl Into<String>) -> Diag {
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
}

/// Read a rulebook from disk.
pub fn load_dir(dir: &Path) -> Result<Loaded, Diags> {
    let read = |p: &Path| -> Result<SourceFile, Diag> {
        let text = std::fs::read_to_string(p).map_err(|e| {
            let empty: Arc<str> = Arc::from("");
            Diag::new(p, &empty, 0, 0, format!("cannot read rulebook file: {e}"))
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
        let p = dir.join(&f.value);
        match read(&p) {
            Ok(s) => sources.push(s),
            Err(_) => {
                let at = yaml::start(&book_file.text, f);
                return Err(book_file
                    .diag(
                        at,
                        f.value.len(),
                        format!("clause file `{}` not found", f.value),
                    )
                    .into());
            }
        }
    }
    load_sources(dir, book_file, book, sources)
}

/// Build a rulebook from in-memory sources (the embedded rulebooks).
pub fn load_embedded(dir: &str, files: &[(&str, &str)]) -> Result<Loaded, Diags> {
    let mut it = files.iter();
    let Some((bp, bt)) = it.next() else {
        let empty: Arc<str> = Arc::from("");
        return Err(Diag::new(Path::new(dir), &empty, 0, 0, "empty rulebook").into());
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
    load_sources(Path::new(dir), book_file, book, sources)
}

fn load_sources(
    dir: &Path,
    book_file: SourceFile,
    book: RulebookFile,
    sources: Vec<SourceFile>,
) -> Result<Loaded, Diags> {
    let mut diags = Diags::default();
    let mut files = Vec::new();
    for s in sources {
        match yaml::parse::<ClauseFile>(&s.path, &s.text) {
            Ok(cf) => files.push((s, cf)),
            Err(d) => diags.push(d),
        }
    }
    diags.into_result(Loaded {
        dir: dir.to_path_buf(),
        book_file,
        book,
        files,
    })
}
