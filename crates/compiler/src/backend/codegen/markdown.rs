//! IR -> the readable rulebook in one language (`generated/<id>/rulebook.<lang>.md`): the
//! clauses' texts with, for each rule, its event, condition and effects in words. Every word
//! the tool adds is the language's (`crate::locale`); the texts are the rulebook's.

use minijinja::context;

use super::render;
use crate::compile::words;
use crate::lang::ir::{Clause, Disabled, Rulebook, Texts};
use crate::locale::Words;

type Made = Result<minijinja::Value, String>;

pub fn markdown(ir: &Rulebook, lang: &str) -> Result<String, String> {
    let w = Words::new(lang).map_err(|e| e.to_string())?;
    let mut articles = Vec::new();
    for a in &ir.articles {
        let mut clauses = Vec::new();
        for &i in &a.clauses {
            if let Some(c) = ir.clauses.get(i) {
                clauses.push(clause(ir, c, &w, true)?);
            }
        }
        articles.push(context! { title => a.title.get(lang), clauses => clauses });
    }
    let labels = labels(&w)?;
    let mut params = Vec::new();
    for p in &ir.params {
        params.push(context! {
            name => p.name.clone(), tag => p.tag.clone(), doc => p.doc.get(lang).cloned(),
            title => words::param_title(&p.name, &w)?,
            default => words::expr(&p.default, &w, ir)?,
        });
    }
    render(
        "rulebook.md",
        context! {
            id => ir.id.clone(), title => ir.title.get(lang).cloned(),
            source => ir.source.get(lang).cloned(), articles => articles, labels => labels,
            params => params, constants => constants(ir, &w)?, games => games(ir.games, &w)?,
        },
    )
}

/// One clause as the readable rulebook shows it, without its anchor: what `arbiter explain`
/// prints (through `render::terminal`). Made from the IR, as `markdown` makes the whole.
pub fn clause_markdown(ir: &Rulebook, c: &Clause, lang: &str) -> Result<String, String> {
    let w = Words::new(lang).map_err(|e| e.to_string())?;
    render(
        "clause.md",
        context! { c => clause(ir, c, &w, false)?, labels => labels(&w)? },
    )
}

/// The labels of a clause's lines and of the rulebook's lists (`label-*`), by name (`-` as `_`).
fn labels(w: &Words) -> Result<std::collections::BTreeMap<String, String>, String> {
    let mut labels = std::collections::BTreeMap::new();
    for l in [
        "on",
        "when",
        "effects",
        "effects-none",
        "exception-to",
        "refs",
        "rule",
        "params",
        "tag",
        "default",
        "unofficial",
        "official",
        "defines",
        "constants",
        "unit",
        "games",
    ] {
        labels.insert(l.replace('-', "_"), w.text(&format!("label-{l}"))?);
    }
    Ok(labels)
}

/// A clause for the templates; `anchored`: with the anchor the rulebook's links point at.
fn clause(ir: &Rulebook, c: &Clause, w: &Words, anchored: bool) -> Made {
    let lang = w.lang.as_str();
    let t = |m: &Option<Texts>| m.as_ref().and_then(|x| x.get(lang).cloned());
    let rules = (c.rules.iter())
        .filter_map(|&r| ir.rules.get(r))
        .map(|r| words::rule(r, w, ir))
        .collect::<Result<Vec<_>, _>>()?;
    let disabled = match &c.disabled {
        None => None,
        Some(Disabled::Reason(why)) => why.get(lang).cloned(),
        Some(Disabled::ReplacedBy(id)) => Some(words::replaced_by(id, w)?),
    };
    let defines = c.defines.as_ref().map(|(n, src)| {
        format!(
            "`{n}` := `{}`",
            src.split_whitespace().collect::<Vec<_>>().join(" ")
        )
    });
    Ok(context! {
        id => c.id.clone(), anchor => anchored.then(|| c.id.replace('.', "-")), title => t(&c.title),
        text => c.text.get(lang), standing => words::standing(c, &w.lang, w)?,
        disabled => disabled,
        defines => defines,
        rules => minijinja::Value::from(minijinja::value::Serde(&rules)),
        exception_to => c.exception_to.iter().filter_map(|j| ir.clauses.get(*j)).map(|x| link(&x.id)).collect::<Vec<_>>().join(", "),
        refs => c.refs.iter().map(|r| link(r)).collect::<Vec<_>>().join(", "),
        note => t(&c.note).map(|n| n.replace('\n', "\n> ")),
        // Said only where the clause is not for every game of its rulebook.
        games => if c.games == ir.games { None } else { Some(games(c.games, w)?) },
    })
}

/// The games of a set, by their names in the language of `w`.
fn games(games: crate::games::Games, w: &Words) -> Result<String, String> {
    let names: Result<Vec<String>, String> = games
        .iter()
        .map(|g| w.text(&format!("game-{}", g.name())))
        .collect();
    Ok(names?.join(", "))
}

fn constants(ir: &Rulebook, w: &Words) -> Result<Vec<minijinja::Value>, String> {
    let mut out = Vec::new();
    for d in &ir.definitions {
        if d.clause_id.is_some() && d.doc.is_none() {
            continue;
        }
        let value = match &d.clause_id {
            None => words::expr(&d.body, w, ir)?,
            Some(c) => format!("{} ({})", words::expr(&d.body, w, ir)?, link(c)),
        };
        let unit = match d.unit {
            Some(u) => Some(words::unit(u, w)?),
            None => None,
        };
        out.push(context! {
            name => d.name.clone(), value => value, unit => unit,
            title => words::name_title(&d.name, w)?,
            doc => d.doc.as_ref().and_then(|t| t.get(&w.lang).cloned()),
        });
    }
    Ok(out)
}

fn link(id: &str) -> String {
    format!("[{id}](#{})", id.replace('.', "-"))
}
