//! The limits a rulebook must keep. A rulebook is untrusted input (a federation's, a club's,
//! anybody's), and every stage that walks an expression — the parser, the type checker, the
//! compiler's checks, the code generator, the interpreter — is recursive, as is the code it
//! generates. Each limit is checked before anything can go deep or large, and a rulebook that
//! exceeds one gets a located error that names it (docs/rulebooks.md, "Limits of a rulebook"). They are far
//! above what a law needs: in the shipped rulebooks the longest expression is 1,184 bytes, the
//! deepest 16 levels and the largest 249 parts, named values expanded
//! (`compile::tests::the_shipped_rulebooks_are_far_within_the_limits`).

/// The longest expression (a `when:`, a `value:`, an effect, a ruling variable), in bytes.
pub const MAX_EXPR_BYTES: usize = 10_000;

/// How deeply an expression may nest: parentheses and `if`s in its text, and the levels of its
/// tree (an operator's operand, a function's argument, an `if`'s branch is one level below it),
/// a named value counted as deep as its definition. `a and b and c` is three levels: a chain of
/// more than 64 terms is over the limit too.
pub const MAX_DEPTH: usize = 64;

/// The most nodes an expression may have once every named value it reads is replaced by its
/// definition, as it is evaluated (a definition that uses the one before it twice doubles at
/// every level).
pub const MAX_EXPANDED: u64 = 10_000;

/// The most clauses in a rulebook, its bases' included.
pub const MAX_CLAUSES: usize = 10_000;

/// The most rules (ways a clause answers an event), named values (constants and defined names)
/// and parameters in a rulebook, each.
pub const MAX_RULES: usize = 10_000;

/// The most (clause, clause it wins over) pairs of the precedence, `exception_to` taken
/// transitively: the table the runtime keeps.
pub const MAX_PRECEDENCE: usize = 1_000_000;

/// How many events the rules may raise by their own effects in a row (a `draw` raises `drawn`)
/// before the runtime stops with an error. The checker refuses a rulebook whose effects can
/// raise, directly or through others, the event that triggered them, so a checked rulebook stays
/// far below it; the bound keeps the runtime finite whatever it is given.
pub const MAX_CASCADE: usize = 16;

/// How many conflicts between rules the checker lists before it says that there are more.
pub const MAX_CONFLICTS_REPORTED: usize = 100;

use crate::lang::ir::{IrEffect, IrExpr};

/// How deep and how large an expression is with every named value it reads expanded: what its
/// evaluation walks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Cost {
    /// The levels of the tree (a leaf is 1).
    pub depth: usize,
    /// The nodes, saturating.
    pub size: u64,
}

impl Cost {
    const LEAF: Cost = Cost { depth: 1, size: 1 };

    /// Whether it is within `MAX_DEPTH` and `MAX_EXPANDED`.
    pub fn within(self) -> bool {
        self.depth <= MAX_DEPTH && self.size <= MAX_EXPANDED
    }

    /// A node over children of these costs.
    fn over(children: impl IntoIterator<Item = Cost>) -> Cost {
        children.into_iter().fold(Cost::LEAF, |acc, c| Cost {
            depth: acc.depth.max(c.depth.saturating_add(1)),
            size: acc.size.saturating_add(c.size),
        })
    }
}

/// The cost of `e`, a named value `Defined(i)` counted as `defs[i]` (as one node when `defs`
/// has no entry for it). The parser keeps `e` itself within `MAX_DEPTH`, so this recursion is
/// shallow.
pub fn cost(e: &IrExpr, defs: &[Cost]) -> Cost {
    let c = |x: &IrExpr| cost(x, defs);
    match e {
        IrExpr::Bool(_) | IrExpr::Int(_) | IrExpr::Duration(_) | IrExpr::Side(_) => Cost::LEAF,
        IrExpr::Param(_) => Cost::LEAF,
        IrExpr::Defined(i) => defs.get(*i).copied().unwrap_or(Cost::LEAF),
        IrExpr::Fact(_, args) => Cost::over(args.iter().map(c)),
        IrExpr::Not(x) | IrExpr::Neg(x) => Cost::over([c(x)]),
        IrExpr::And(a, b) | IrExpr::Or(a, b) | IrExpr::Cmp(_, _, a, b) | IrExpr::Arith(_, a, b) => {
            Cost::over([c(a), c(b)])
        }
        IrExpr::If(x, a, b) => Cost::over([c(x), c(a), c(b)]),
    }
}

/// The cost of an effect: its arguments one level below it, and its condition.
pub fn effect_cost(e: &IrEffect, defs: &[Cost]) -> Cost {
    let args = Cost::over(e.args.iter().map(|a| cost(a, defs)));
    match &e.cond {
        Some(c) => {
            let c = cost(c, defs);
            Cost {
                depth: args.depth.max(c.depth),
                size: args.size.saturating_add(c.size),
            }
        }
        None => args,
    }
}
