//! Precedence as exceptions (as in Catala): `exception_to` between clauses, a replacement's
//! inherited place, the transitive closure each clause wins over (`beats`), and no cycles.

use std::collections::{BTreeSet, HashMap};

use crate::diag::Diags;
use crate::lang::ir::Clause;
use crate::lang::limits::MAX_PRECEDENCE;
use crate::locale::say;
use crate::rulebook::SourceFile;
use crate::rulebook::model::ClauseDef;
use crate::rulebook::yaml;

/// A replacement takes the replaced clause's place: it is an exception to what the replaced
/// clause was an exception to, and what was an exception to the replaced clause is one to it.
/// `redirects` are (replaced, replacing) clause indices.
pub(super) fn inherit(redirects: &[(usize, usize)], clauses: &mut [Clause]) {
    // The clauses that are exceptions to each clause, kept as places are inherited.
    let mut exceptions: HashMap<usize, Vec<usize>> = HashMap::new();
    for (i, c) in clauses.iter().enumerate() {
        for &x in &c.exception_to {
            exceptions.entry(x).or_default().push(i);
        }
    }
    for &(old, new) in redirects {
        let (Some(o), Some(_)) = (clauses.get(old), clauses.get(new)) else {
            continue;
        };
        let inherited = o.exception_to.clone();
        for x in inherited {
            if !clauses[new].exception_to.contains(&x) {
                clauses[new].exception_to.push(x);
                exceptions.entry(x).or_default().push(new);
            }
        }
        for c in exceptions.get(&old).cloned().unwrap_or_default() {
            if let Some(cl) = clauses.get_mut(c)
                && !cl.exception_to.contains(&new)
            {
                cl.exception_to.push(new);
                exceptions.entry(new).or_default().push(c);
            }
        }
    }
}

/// Fill in each clause's `beats` (every clause it wins over, through `exception_to`) and report
/// a clause that is, through others, an exception to itself. `sources[i]` is clause `i`'s. The
/// table is refused when it passes `MAX_PRECEDENCE` pairs (a chain of 10,000 exceptions would
/// make 50 million).
pub(super) fn close(clauses: &mut [Clause], sources: &[(&SourceFile, &ClauseDef)], d: &mut Diags) {
    let mut pairs = 0usize;
    for i in 0..clauses.len() {
        let mut seen = BTreeSet::new();
        let mut stack = clauses[i].exception_to.clone();
        while let Some(j) = stack.pop() {
            if seen.insert(j)
                && let Some(c) = clauses.get(j)
            {
                stack.extend(c.exception_to.iter().copied());
            }
        }
        if seen.remove(&i)
            && let Some((sf, c)) = sources.get(i)
        {
            d.push(
                sf.diag(
                    yaml::start(&sf.text, &c.id),
                    c.id.value.len(),
                    say::exception_cycle(&c.id.value),
                )
                .help(say::exception_cycle_help()),
            );
        }
        pairs = pairs.saturating_add(seen.len());
        if pairs > MAX_PRECEDENCE {
            if let Some((sf, c)) = sources.get(i) {
                d.push(
                    sf.diag(
                        yaml::start(&sf.text, &c.id),
                        c.id.value.len().max(1),
                        say::precedence_too_large(MAX_PRECEDENCE),
                    )
                    .help(say::precedence_too_large_help()),
                );
            }
            return;
        }
        clauses[i].beats = seen.into_iter().collect();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::ir::Texts;

    fn clause(id: &str, exception_to: Vec<usize>) -> Clause {
        Clause {
            id: id.into(),
            disabled: None,
            defines: None,
            official: vec![],
            title: None,
            text: Texts::new(),
            note: None,
            rules: vec![],
            exception_to,
            beats: vec![],
            refs: vec![],
            level: 0,
            games: crate::games::Games::CHESS,
        }
    }

    #[test]
    fn closure_is_transitive() {
        // 0 is an exception to 1, 1 to 2: 0 beats both.
        let mut cs = vec![
            clause("a", vec![1]),
            clause("b", vec![2]),
            clause("c", vec![]),
        ];
        let mut d = Diags::default();
        close(&mut cs, &[], &mut d);
        assert_eq!(cs[0].beats, vec![1, 2]);
        assert_eq!(cs[1].beats, vec![2]);
        assert!(cs[2].beats.is_empty());
        assert!(d.is_empty());
    }

    #[test]
    fn a_replacement_takes_the_place() {
        // 0 is an exception to 1; 2 replaces 1 and 1 was an exception to 3.
        let mut cs = vec![
            clause("9.4", vec![1]),
            clause("9.3.2", vec![3]),
            clause("hist", vec![]),
            clause("9.5.3", vec![]),
        ];
        inherit(&[(1, 2)], &mut cs);
        assert_eq!(cs[0].exception_to, vec![1, 2]);
        assert_eq!(cs[2].exception_to, vec![3]);
    }
}
