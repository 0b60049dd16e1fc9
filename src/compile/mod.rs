//! The rulebook compiler front end: YAML model -> checked IR, with every problem located.

mod clauses;
mod conflicts;
mod definitions;
pub mod ir;
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

/// Load and check a rulebook folder.
pub fn compile_dir(dir: &Path) -> Result<ir::Rulebook, Diags> {
    let loaded = rulebook::load_dir(dir)?;
    lower(&loaded)
}

#[cfg(test)]
mod tests {
    use super::ir::IrExpr;

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

    #[test]
    fn nested_definitions_stay_linear() {
        let files = chained(40);
        let sources: Vec<(&str, &str)> = files.iter().map(|(p, t)| (*p, t.as_str())).collect();
        let loaded = crate::rulebook::load_embedded("rules/chain", &sources).unwrap();
        let ir = super::lower(&loaded).unwrap();
        assert_eq!(ir.definitions.len(), 40);
        // Each definition refers to the one before by index: its body does not grow.
        for (i, d) in ir.definitions.iter().enumerate().skip(1) {
            assert_eq!(d.body, {
                let prev = Box::new(IrExpr::Defined(i - 1));
                IrExpr::And(prev.clone(), Box::new(IrExpr::Not(prev)))
            });
        }
        let total: usize = ir.definitions.iter().map(|d| size(&d.body)).sum::<usize>()
            + ir.rules.iter().map(|r| size(&r.when)).sum::<usize>();
        assert!(total < 5 * 41, "IR of {total} nodes for 40 definitions");
    }
}
