//! Code generation through minijinja templates: the Rust adjudicator, the Fluent rulings and the
//! readable rulebook, per language. Pure functions of the IR: the same IR, the same bytes.

mod markdown;
mod names;
mod rust;
mod rustfmt;

pub use markdown::{clause_markdown, markdown};

use minijinja::{Environment, context};
use serde::Serialize;

use crate::lang::ir::Rulebook;

pub use rust::rust;
pub use rustfmt::available as rustfmt_available;

const ADJUDICATOR: &str = include_str!("templates/adjudicator.rs.j2");
const RULINGS: &str = include_str!("templates/rulings.ftl.j2");
const RULEBOOK: &str = include_str!("templates/rulebook.md.j2");
const CLAUSE: &str = include_str!("templates/clause.md.j2");

fn env() -> Result<Environment<'static>, String> {
    let mut env = Environment::new();
    let syntax = minijinja::syntax::SyntaxConfig::builder()
        .keep_trailing_newline(true)
        .build()
        .map_err(|e| format!("template syntax: {e}"))?;
    env.set_syntax(syntax);
    // A variable the template names but the context lacks is an error, not an empty string.
    env.set_undefined_behavior(minijinja::UndefinedBehavior::Strict);
    for (name, src) in [
        ("adjudicator.rs", ADJUDICATOR),
        ("rulings.ftl", RULINGS),
        ("rulebook.md", RULEBOOK),
        ("clause.md", CLAUSE),
    ] {
        env.add_template(name, src)
            .map_err(|e| format!("template {name}: {e}"))?;
    }
    Ok(env)
}

fn render(name: &str, ctx: minijinja::Value) -> Result<String, String> {
    let env = env()?;
    let t = env
        .get_template(name)
        .map_err(|e| format!("template {name}: {e}"))?;
    t.render(ctx).map_err(|e| format!("template {name}: {e:#}"))
}

/// Every generated file of a rulebook: (path relative to `generated/<id>/`, contents).
pub fn generate(ir: &Rulebook) -> Result<Vec<(String, String)>, String> {
    let mut out = vec![("adjudicator.rs".to_string(), rust(ir)?)];
    for l in &ir.languages {
        out.push((format!("locales/{l}/rulings.ftl"), ftl(ir, l)?));
        out.push((format!("rulebook.{l}.md"), markdown(ir, l)?));
    }
    Ok(out)
}

/// Every file `generated/` should hold for the rulebook folders under `rules`: each rulebook's
/// files under `out/<id>/` (`out/<id>/<edition>/` for one compiled on each edition of the family
/// it stands on), and the registry `out/mod.rs`. Errors are diagnostics rendered in `words`.
pub fn generate_tree(
    rules: &std::path::Path,
    out: &std::path::Path,
    words: &crate::locale::Words,
) -> Result<Vec<(std::path::PathBuf, String)>, String> {
    let mut dirs: Vec<std::path::PathBuf> = std::fs::read_dir(rules)
        .map_err(|e| format!("{}: {e}", rules.display()))?
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.join("rulebook.yaml").is_file())
        .collect();
    dirs.sort();
    let mut files = Vec::new();
    let mut entries = Vec::new();
    for dir in dirs {
        // The generator sees the folders under `rules` only, never the compiled-in rulebooks.
        let irs = crate::compile::compile_dir_editions(&dir, &crate::rulebook::NoLibrary)
            .map_err(|d| d.render(words))?;
        for ir in irs {
            let place = rust::generated_place(&ir);
            for (p, t) in generate(&ir).map_err(|e| format!("generating {place}: {e}"))? {
                files.push((out.join(&place).join(p), t));
            }
            entries.push((ir.id, place));
        }
    }
    files.push((out.join("mod.rs"), registry(&entries)?));
    Ok(files)
}

/// Why [`refresh_tree`] stopped.
#[derive(Debug)]
pub enum Refresh {
    /// The rulebooks did not compile: their diagnostics, rendered.
    Generate(String),
    /// A file could not be written.
    Write(std::path::PathBuf, std::io::Error),
}

/// `arbiter compile`: the files of `out` that differ from what `rules` compiles to
/// ([`generate_tree`]), each written unless `check_only` (the first failed write stops it); the
/// rulebooks' problems rendered in `words`.
pub fn refresh_tree(
    rules: &std::path::Path,
    out: &std::path::Path,
    check_only: bool,
    words: &crate::locale::Words,
) -> Result<Vec<std::path::PathBuf>, Refresh> {
    let files = generate_tree(rules, out, words).map_err(Refresh::Generate)?;
    let mut stale = Vec::new();
    for (p, t) in files {
        if std::fs::read_to_string(&p).ok().as_deref() != Some(t.as_str()) {
            if !check_only {
                if let Some(parent) = p.parent() {
                    let _ = std::fs::create_dir_all(parent);
                }
                std::fs::write(&p, &t).map_err(|e| Refresh::Write(p.clone(), e))?;
            }
            stale.push(p);
        }
    }
    Ok(stale)
}

/// `generated/mod.rs`: the registry of embedded rulebooks, each `(id, place under generated/)`
/// (a rulebook compiled on several editions has an entry for each, under the same name).
pub fn registry(entries: &[(String, String)]) -> Result<String, String> {
    let mut s = String::from(
        "// @generated by `arbiter compile`. Do not edit by hand.\n//\n// The rulebooks compiled into the binary.\n\n",
    );
    let mut ns = names::Namespace::default();
    let modules: Vec<String> = entries
        .iter()
        .map(|(_, place)| ns.fresh("", &module_name(place)))
        .collect();
    for ((_, place), m) in entries.iter().zip(&modules) {
        s.push_str(&format!(
            "#[path = {:?}]\npub mod {m};\n",
            format!("{place}/adjudicator.rs")
        ));
    }
    s.push_str(
        "\nuse arbiter_runtime::rules::Embedded;\n\npub static EMBEDDED: &[Embedded] = &[\n",
    );
    for ((id, _), m) in entries.iter().zip(&modules) {
        s.push_str(&format!(
            "    Embedded {{ name: {id:?}, rules: &{m}::Compiled, sources: {m}::SOURCES }},\n"
        ));
    }
    s.push_str("];\n");
    rustfmt::format(&s)
}

pub fn module_name(id: &str) -> String {
    names::word(id)
}

pub fn ftl(ir: &Rulebook, lang: &str) -> Result<String, String> {
    #[derive(Serialize)]
    struct M {
        id: String,
        message_id: String,
        vars: String,
        ruling: String,
    }
    let messages: Vec<M> = ir
        .rules
        .iter()
        .filter_map(|r| {
            let text = r.ruling.get(lang)?;
            let mut vars: Vec<String> = r.vars.iter().map(|(n, _)| format!("${n}")).collect();
            for e in &r.effects {
                vars.extend(e.id.spec().vars().map(|v| format!("${v}")));
            }
            Some(M {
                id: match &r.name {
                    Some(n) => format!("{} ({n})", r.clause_id),
                    None => r.clause_id.clone(),
                },
                message_id: r.message_id(),
                vars: vars.join(", "),
                ruling: crate::compile::indent_ftl(text),
            })
        })
        .collect();
    render(
        "rulings.ftl",
        context! { id => ir.id.clone(), title => ir.title.get(lang).cloned(), clauses => minijinja::Value::from(minijinja::value::Serde(&messages)) },
    )
}
