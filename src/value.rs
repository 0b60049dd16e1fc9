//! Runtime values of the rule language.

use shakmaty::{Color, Move};

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    Bool(bool),
    Int(i64),
    Side(Color),
    /// Seconds.
    Duration(i64),
    Move(Move),
}

/// An error while evaluating a rule: never a panic, always explained.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EvalError(pub String);

impl std::fmt::Display for EvalError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for EvalError {}

/// Integer arithmetic shared by both backends, so that they fail identically.
pub mod ops {
    use super::EvalError;

    pub fn add(a: i64, b: i64) -> Result<i64, EvalError> {
        a.checked_add(b)
            .ok_or_else(|| EvalError("integer overflow in `+`".into()))
    }
    pub fn sub(a: i64, b: i64) -> Result<i64, EvalError> {
        a.checked_sub(b)
            .ok_or_else(|| EvalError("integer overflow in `-`".into()))
    }
    pub fn mul(a: i64, b: i64) -> Result<i64, EvalError> {
        a.checked_mul(b)
            .ok_or_else(|| EvalError("integer overflow in `*`".into()))
    }
    pub fn div(a: i64, b: i64) -> Result<i64, EvalError> {
        a.checked_div(b)
            .ok_or_else(|| EvalError("division by zero".into()))
    }
    pub fn rem(a: i64, b: i64) -> Result<i64, EvalError> {
        a.checked_rem(b)
            .ok_or_else(|| EvalError("division by zero in `%`".into()))
    }
    pub fn neg(a: i64) -> Result<i64, EvalError> {
        a.checked_neg()
            .ok_or_else(|| EvalError("integer overflow in `-`".into()))
    }
}
