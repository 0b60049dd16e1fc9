//! The rulebook compiler front end: YAML model -> checked IR, with every problem located.

mod bases;
mod cascade;
mod clauses;
mod conflicts;
mod definitions;

mod located;
mod lower;
mod merge;
mod params;
mod precedence;
pub mod words;

pub use located::pattern_vars;
pub use lower::lower;

/// A Fluent pattern indented as the body of a message.
pub fn indent_ftl(s: &str) -> String {
    located::indent(s)
}

use std::path::Path;

use crate::diag::Diags;
use crate::rulebook;

/// Load and check a rulebook folder; a base it `extends` is a sibling folder or in `lib`.
pub fn compile_dir(
    dir: &Path,
    lib: &dyn rulebook::Library,
) -> Result<crate::lang::ir::Rulebook, Diags> {
    let loaded = rulebook::load_dir(dir, lib)?;
    lower(&loaded)
}

/// Load and check a rulebook folder once per edition of the family it stands on (`extends:
/// fide`), oldest first; once when it stands on none. Every edition's problems are reported.
pub fn compile_dir_editions(
    dir: &Path,
    lib: &dyn rulebook::Library,
) -> Result<Vec<crate::lang::ir::Rulebook>, Diags> {
    lower_all(&rulebook::load_dir_editions(dir, lib)?)
}

/// Each loading of a rulebook, checked; the problems of all of them together.
pub fn lower_all(loaded: &[rulebook::Loaded]) -> Result<Vec<crate::lang::ir::Rulebook>, Diags> {
    let mut out = Vec::with_capacity(loaded.len());
    let mut diags = Diags::default();
    for l in loaded {
        match lower(l) {
            Ok(ir) => out.push(ir),
            // The same fault of an overlay is found on every edition: reported once.
            Err(d) => {
                // Compared in the default language's words: the same report in any.
                let words = crate::locale::default_words();
                for one in d.0 {
                    let text = one.render_plain(&words);
                    if !diags.0.iter().any(|seen| seen.render_plain(&words) == text) {
                        diags.push(one);
                    }
                }
            }
        }
    }
    diags.into_result(out)
}

#[cfg(test)]
mod tests {
    use crate::lang::ir::IrExpr;

    /// A rulebook of `n` definitions, each using the one before twice, and a rule on the last.
    fn chained(n: usize) -> Vec<(&'static str, String)> {
        let book = "id: chain\ntitle: {en: Chain}\nsource: {en: Test}\nlanguages: [en]\n\
                    files: [chain.yaml]\n"
            .to_string();
        let mut clauses = String::from("article: {en: Chain}\nclauses:\n");
        for i in 0..n {
            let when = if i == 0 {
                "ply > 1".to_string()
            } else {
                format!("d{} and not d{}", i - 1, i - 1)
            };
            clauses.push_str(&format!(
                "  - id: \"D.{i}\"\n    text: {{en: \"d{i}\"}}\n    defines: d{i}\n    when: \"{when}\"\n"
            ));
        }
        clauses.push_str(&format!(
            "  - id: \"R\"\n    text: {{en: \"r\"}}\n    on: position\n    when: \"d{}\"\n    \
             effects: [draw]\n    ruling: {{en: \"drawn\"}}\n",
            n - 1
        ));
        vec![("rulebook.yaml", book), ("chain.yaml", clauses)]
    }

    fn size(e: &IrExpr) -> usize {
        match e {
            IrExpr::Not(x) | IrExpr::Neg(x) => 1 + size(x),
            IrExpr::And(a, b) | IrExpr::Or(a, b) | IrExpr::Cmp(_, _, a, b) => 1 + size(a) + size(b),
            IrExpr::Arith(_, a, b) => 1 + size(a) + size(b),
            IrExpr::Fact(_, args) => 1 + args.iter().map(size).sum::<usize>(),
            _ => 1,
        }
    }

    fn lower_chain(n: usize) -> Result<crate::lang::ir::Rulebook, crate::diag::Diags> {
        let files = chained(n);
        let sources: Vec<(&str, &str)> = files.iter().map(|(p, t)| (*p, t.as_str())).collect();
        let loaded =
            crate::rulebook::load_embedded("rules/chain", &sources, &crate::rulebook::NoLibrary)
                .unwrap();
        super::lower(&loaded)
    }

    #[test]
    fn nested_definitions_stay_linear() {
        let ir = lower_chain(10).unwrap();
        assert_eq!(ir.definitions.len(), 10);
        // Each definition refers to the one before by index: its body does not grow.
        for (i, d) in ir.definitions.iter().enumerate().skip(1) {
            assert_eq!(d.body, {
                let prev = Box::new(IrExpr::Defined(i - 1));
                IrExpr::And(prev.clone(), Box::new(IrExpr::Not(prev)))
            });
        }
        let total: usize = ir.definitions.iter().map(|d| size(&d.body)).sum::<usize>()
            + ir.rules.iter().map(|r| size(&r.when)).sum::<usize>();
        assert!(total < 5 * 11, "IR of {total} nodes for 10 definitions");
    }

    /// Linear to compile, but evaluated as written it doubles at each level: past
    /// `MAX_EXPANDED` nodes it is refused (issue 12, fault r).
    #[test]
    fn nested_definitions_that_double_are_refused() {
        let e = lower_chain(40)
            .unwrap_err()
            .render(&crate::locale::default_words());
        assert!(
            e.contains("has 10238 parts to evaluate; at most 10000 are allowed"),
            "{e}"
        );
        assert_eq!(e.matches("parts to evaluate").count(), 1, "{e}");
    }

    /// The shipped rulebooks are far within the limits of `lang::limits`: the figures its
    /// documentation gives.
    #[test]
    fn the_shipped_rulebooks_are_far_within_the_limits() {
        use crate::lang::limits::{Cost, cost, effect_cost};
        let rules = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../rules");
        let (mut deepest, mut largest, mut longest) = (0, 0, 0);
        for book in ["fide-2018", "club", "historical", "sofia", "armageddon"] {
            let ir = super::compile_dir(&rules.join(book), &crate::rulebook::NoLibrary).unwrap();
            let mut defs = vec![Cost::default(); ir.definitions.len()];
            for _ in 0..ir.definitions.len() {
                for (i, d) in ir.definitions.iter().enumerate() {
                    defs[i] = cost(&d.body, &defs);
                }
            }
            let mut all: Vec<Cost> = defs.clone();
            for r in &ir.rules {
                all.push(cost(&r.when, &defs));
                all.extend(r.effects.iter().map(|e| effect_cost(e, &defs)));
                all.extend(r.vars.iter().map(|(_, e)| cost(e, &defs)));
            }
            deepest = deepest.max(all.iter().map(|c| c.depth).max().unwrap_or(0));
            largest = largest.max(all.iter().map(|c| c.size).max().unwrap_or(0));
            longest = longest.max(ir.rules.iter().map(|r| r.when_src.len()).max().unwrap_or(0));
            longest = longest.max(
                ir.definitions
                    .iter()
                    .map(|d| d.src.len())
                    .max()
                    .unwrap_or(0),
            );
        }
        eprintln!("deepest {deepest}, largest {largest}, longest {longest} bytes");
        // At most half the depth, a tenth of the size, a fifth of the length allowed.
        assert!(deepest <= 32 && largest <= 1_000 && longest <= 2_000);
    }

    /// An overlay of the FIDE rulebook: written to a scratch folder beside a copy of
    /// `rules/fide-2018`, which it extends as a sibling.
    fn overlay(book_extra: &str, clauses: &str) -> Result<crate::lang::ir::Rulebook, String> {
        use std::sync::atomic::{AtomicUsize, Ordering};
        static N: AtomicUsize = AtomicUsize::new(0);
        let root = std::env::temp_dir().join(format!(
            "arbiter-compile-{}-{}",
            std::process::id(),
            N.fetch_add(1, Ordering::Relaxed)
        ));
        let (fide, test) = (root.join("fide-2018"), root.join("test"));
        for d in [&fide, &test] {
            std::fs::create_dir_all(d).map_err(|e| e.to_string())?;
        }
        let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../rules/fide-2018");
        for e in std::fs::read_dir(&src).map_err(|e| e.to_string())? {
            let p = e.map_err(|e| e.to_string())?.path();
            if let Some(name) = p.file_name() {
                std::fs::copy(&p, fide.join(name)).map_err(|e| e.to_string())?;
            }
        }
        let book = format!(
            "id: test\nextends: fide-2018\ntitle: {{en: T, ru: T}}\nsource: {{en: S, ru: S}}\n\
             languages: [en, ru]\nfiles: [x.yaml]\n{book_extra}"
        );
        let clauses = format!("article: {{en: X, ru: X}}\nclauses:\n{clauses}");
        std::fs::write(test.join("rulebook.yaml"), book).map_err(|e| e.to_string())?;
        std::fs::write(test.join("x.yaml"), clauses).map_err(|e| e.to_string())?;
        let ir = super::compile_dir(&test, &crate::rulebook::NoLibrary)
            .map_err(|d| d.render(&crate::locale::default_words()));
        let _ = std::fs::remove_dir_all(&root);
        ir
    }

    fn clause<'a>(
        ir: &'a crate::lang::ir::Rulebook,
        id: &str,
    ) -> (usize, &'a crate::lang::ir::Clause) {
        ir.clauses
            .iter()
            .enumerate()
            .find(|(_, c)| c.id == id)
            .unwrap()
    }

    #[test]
    fn an_overlay_replaces_and_disables() {
        let ir = overlay(
            "disable:\n  - clause: \"9.6.2\"\n    reason: {en: No, ru: Нет}\n",
            "  - id: \"x.1\"\n    replaces: [\"9.3.2\"]\n    text: {en: t, ru: t}\n    \
             on: claim\n    when: \"claim.fifty and moves_since_pawn_or_capture >= 60\"\n    \
             effects: [uphold, draw]\n    ruling: {en: r, ru: r}\n",
        )
        .unwrap();
        let (x, new) = clause(&ir, "x.1");
        let (old_i, old) = clause(&ir, "9.3.2");
        let (_, auto) = clause(&ir, "9.6.2");
        assert_eq!(
            old.disabled,
            Some(crate::lang::ir::Disabled::ReplacedBy("x.1".into()))
        );
        assert!(
            old.rules.is_empty(),
            "a replaced clause has no rules in force"
        );
        assert!(matches!(
            auto.disabled,
            Some(crate::lang::ir::Disabled::Reason(_))
        ));
        // 9.3.2 was an exception to 9.5.3, and 9.4 to 9.3.2: x.1 takes both places.
        let (i953, _) = clause(&ir, "9.5.3");
        let (_, c94) = clause(&ir, "9.4");
        assert!(new.beats.contains(&i953));
        assert!(c94.beats.contains(&x) && c94.beats.contains(&old_i));
    }

    #[test]
    fn an_overlay_redefines_a_constant_everywhere() {
        let ir = overlay(
            "constants:\n  claim_moves: {value: \"60\", unit: moves, doc: {en: d, ru: d}}\n",
            "  - id: \"x.1\"\n    text: {en: t, ru: t}\n",
        )
        .unwrap();
        let d = ir
            .definitions
            .iter()
            .find(|d| d.name == "claim_moves")
            .unwrap();
        assert_eq!(d.body, IrExpr::Int(60));
        let n = ir
            .definitions
            .iter()
            .filter(|d| d.name == "claim_moves")
            .count();
        assert_eq!(n, 1, "the overlay's constant takes the base's place");
    }

    #[test]
    fn a_constant_of_another_type_is_refused() {
        let e = overlay(
            "constants:\n  claim_moves: {value: \"2min\", doc: {en: d, ru: d}}\n",
            "  - id: \"x.1\"\n    text: {en: t, ru: t}\n",
        )
        .unwrap_err();
        assert!(
            e.contains("`claim_moves` is an int in the base rulebook"),
            "{e}"
        );
    }
}
