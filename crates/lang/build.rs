//! Embeds the tool's own words: every `locales/<lang>/*.ftl` becomes an entry of the language
//! registry (`src/locale.rs`). The list of languages is the list of folders: a new language is a
//! folder of Fluent files, with no Rust to edit.

use std::fmt::Write as _;
use std::path::Path;

fn main() {
    // Read at run time, not `env!` at the build script's compile time: a build script compiled
    // for one checkout and reused in another (a copied target/) would embed the first's words.
    let manifest = std::env::var("CARGO_MANIFEST_DIR").unwrap_or_else(|_| ".".to_string());
    // This crate sits in crates/lang; the locales are the repository's.
    let root = Path::new(&manifest).join("../../locales");
    println!("cargo:rerun-if-changed={}", root.display());
    let mut langs: Vec<_> = std::fs::read_dir(&root)
        .map(|d| {
            d.flatten()
                .map(|e| e.path())
                .filter(|p| p.is_dir())
                .collect()
        })
        .unwrap_or_default();
    langs.sort();
    let mut out = String::from("/// `(language, [(file, Fluent source)])`, from `locales/`.\n");
    out.push_str("pub static EMBEDDED: &[(&str, &[(&str, &str)])] = &[\n");
    for dir in &langs {
        println!("cargo:rerun-if-changed={}", dir.display());
        let Some(lang) = dir.file_name().and_then(|n| n.to_str()) else {
            continue;
        };
        let mut files: Vec<_> = std::fs::read_dir(dir)
            .map(|d| {
                d.flatten()
                    .map(|e| e.path())
                    .filter(|p| p.extension().is_some_and(|x| x == "ftl"))
                    .collect()
            })
            .unwrap_or_default();
        files.sort();
        let _ = writeln!(out, "    ({lang:?}, &[");
        for f in &files {
            println!("cargo:rerun-if-changed={}", f.display());
            let name = f.file_name().and_then(|n| n.to_str()).unwrap_or_default();
            let _ = writeln!(
                out,
                "        ({name:?}, include_str!({:?})),",
                f.display().to_string()
            );
        }
        out.push_str("    ]),\n");
    }
    out.push_str("];\n");
    let dest = Path::new(&std::env::var("OUT_DIR").unwrap_or_default()).join("locales.rs");
    if let Err(e) = std::fs::write(&dest, out) {
        panic!("writing {}: {e}", dest.display());
    }
}
