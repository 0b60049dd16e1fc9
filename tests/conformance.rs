//! The conformance suite: every scenario under `conformance/`, once per backend, plus a check
//! that the two backends give identical verdicts. Each backend sees the scenario as any
//! implementation would (conformance/PROTOCOL.md): its expectations stripped.
//! `cargo test --test conformance -- FILTER`.

// A test crate: it may unwrap (the workspace denies it elsewhere). Without libtest's harness it
// is not compiled with `cfg(test)`, so clippy's `allow-unwrap-in-tests` does not reach it.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::Path;
use std::sync::Arc;

use arbiter::render::Renderer;
use arbiter::runtime::edition::Law;
use arbiter::{Engine, load_irs, load_law, rulebook_names, runtime};
use arbiter_conformance::inherit::{Planned, plan};
use arbiter_conformance::protocol::Verdict;
use arbiter_conformance::{Scenario, discover};
use libtest_mimic::{Arguments, Failed, Trial};

/// The verdict on the scenario as an implementation sees it (expectations stripped), rendered in
/// both languages, as JSON: under the edition the request names, else the one in force on the
/// game's date.
fn verdict_json(s: &Scenario, law: &Law) -> Result<serde_json::Value, Failed> {
    let req = s.request()?;
    let game = arbiter::pgn::read_games(req.pgn.as_bytes())
        .pop()
        .ok_or("no game")?
        .map_err(|e| format!("byte {}: {}", e.offset, e.message))?;
    let options = runtime::adjudicate::Options {
        record: req.record,
        ..runtime::adjudicate::Options::default()
    };
    let one;
    let law = match &req.edition {
        Some(e) => {
            let book = (law.books().iter())
                .find(|b| b.meta().edition.as_ref().is_some_and(|x| &x.id == e))
                .ok_or_else(|| format!("no rulebook on {e}"))?;
            one = Law::single(Arc::clone(book));
            &one
        }
        None => law,
    };
    let v = arbiter::adjudicate::game(game, law, options)
        .map_err(|e| format!("byte {}: {}", e.offset, e.message))?;
    let rules = &law.books()[v.book];
    let mut json = serde_json::Value::Null;
    for lang in ["en", "ru"] {
        let r = Renderer::new(rules.meta(), lang)?;
        let e = r.explain(&v);
        if e.text().contains("[missing message")
            || e.rulings().iter().any(|t| t.contains("[missing message"))
        {
            return Err(format!("a {lang} message is missing: {}", e.text()).into());
        }
        json = serde_json::to_value(&e).map_err(|e| e.to_string())?;
    }
    Ok(json)
}

/// The scenarios arbiter is known to fail, and why (`conformance/arbiter-failures.yaml`): each
/// must still fail, with the engine's answer undetermined, or the list is stale.
fn known_failures(root: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(root.join("arbiter-failures.yaml")).unwrap_or_default();
    text.lines()
        .filter_map(|l| l.trim().strip_prefix("- "))
        .filter(|l| l.ends_with(".pgn"))
        .map(str::to_string)
        .collect()
}

fn main() {
    let args = Arguments::from_args();
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("conformance");
    let known = Arc::new(known_failures(&root));
    let mut trials = Vec::new();
    let mut rules_cache: Vec<(String, Engine, Arc<Law>)> = Vec::new();
    let mut rules_for = |book: &str, engine: Engine| -> Result<Arc<Law>, String> {
        if let Some((_, _, r)) = rules_cache
            .iter()
            .find(|(b, e, _)| b == book && *e == engine)
        {
            return Ok(r.clone());
        }
        let r = Arc::new(
            load_law(book, Some(engine), None)
                .map_err(|d| d.render(&arbiter::locale::default_words()))?,
        );
        rules_cache.push((book.to_string(), engine, r.clone()));
        Ok(r)
    };
    // Every rulebook's suite (and every family's: `fide`): its own scenarios and those it
    // inherits from its bases (`conformance::inherit`); an inherited scenario that does not
    // apply is not a trial.
    let mut planned = Vec::new();
    for book in rulebook_names() {
        let irs = load_irs(book)
            .unwrap_or_else(|d| panic!("{book}: {}", d.render(&arbiter::locale::default_words())));
        let irs: Vec<_> = irs.into_iter().map(Arc::new).collect();
        planned.extend(
            plan(&root, book, &irs, &arbiter::locale::default_words())
                .unwrap_or_else(|e| panic!("{book}: {e}")),
        );
    }
    // Suites of no embedded rulebook (none today) run as written.
    let books = rulebook_names();
    for (id, path) in discover(&root) {
        if !books.iter().any(|b| id.split('/').next() == Some(*b)) {
            planned.push(Planned {
                id,
                path,
                inherited: None,
            });
        }
    }
    for p in planned {
        let Planned {
            id,
            path,
            inherited,
        } = p;
        let source_id = inherited.as_ref().map_or(id.clone(), |i| i.base_id.clone());
        let scenario = Scenario::load(&source_id, &path);
        let scenario = match (&inherited, scenario) {
            (Some(how), Ok(s)) => match how.apply(s, &id) {
                Ok(s) => Ok(s),
                Err(_) => continue,
            },
            (_, s) => s,
        }
        .map(Arc::new);
        let known_id = source_id;
        let compiled = scenario
            .as_ref()
            .ok()
            .map(|s| rules_for(&s.rulebook, Engine::Compiled));
        let interp = scenario
            .as_ref()
            .ok()
            .map(|s| rules_for(&s.rulebook, Engine::Interpreter));
        // An inherited scenario runs on the compiled backend, and both backends are compared.
        let engines: &[(&str, _)] = if inherited.is_some() {
            &[("compiled", compiled.clone())]
        } else {
            &[
                ("compiled", compiled.clone()),
                ("interpreter", interp.clone()),
            ]
        };
        for (engine, rules) in engines.iter().cloned() {
            let scenario = scenario.clone();
            let name = format!("{id} [{engine}]");
            let known = known.contains(&known_id);
            trials.push(Trial::test(name, move || {
                let s = scenario.map_err(|e| format!("bad scenario: {e}"))?;
                let rules = rules.ok_or("no rules")??;
                let json = verdict_json(&s, rules.as_ref())?;
                let v: Verdict = serde_json::from_value(json.clone())
                    .map_err(|e| format!("the verdict does not read back: {e}"))?;
                let checked = s.check(&v).map_err(|errs| {
                    let errs: Vec<String> = errs.iter().map(ToString::to_string).collect();
                    format!("{}:\n  {}", s.path.display(), errs.join("\n  "))
                });
                if !known {
                    return checked.map_err(Into::into);
                }
                let undetermined = json["rulings"]
                    .as_array()
                    .is_some_and(|r| r.iter().any(|r| r["evidence"]["kind"] == "undetermined"));
                match (checked, undetermined, &json["result"]) {
                    (Err(_), true, serde_json::Value::String(r)) if r == "*" => Ok(()),
                    (Ok(()), ..) => Err("listed in conformance/arbiter-failures.yaml, but \
                        passes: take it off the list"
                        .into()),
                    (Err(e), ..) => Err(format!(
                        "a known failure (conformance/arbiter-failures.yaml) that no longer \
                         fails as described (undetermined, awaiting the arbiter): {e}"
                    )
                    .into()),
                }
            }));
        }
        let scenario = scenario.clone();
        trials.push(Trial::test(format!("{id} [backends agree]"), move || {
            let s = scenario.map_err(|e| format!("bad scenario: {e}"))?;
            let a = verdict_json(&s, compiled.ok_or("no rules")??.as_ref())?;
            let b = verdict_json(&s, interp.ok_or("no rules")??.as_ref())?;
            if a != b {
                return Err(format!(
                    "compiled and interpreter differ:\n  compiled:    {a}\n  interpreter: {b}"
                )
                .into());
            }
            Ok(())
        }));
    }
    libtest_mimic::run(&args, trials).exit();
}
