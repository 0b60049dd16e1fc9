//! Runtime values of the rule language.

use shakmaty::Color;

use crate::games::AnyMove;
use crate::locale::say::Message;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    Bool(bool),
    Int(i64),
    Side(Color),
    /// Seconds.
    Duration(i64),
    Move(AnyMove),
}

/// A side by its name in the rule language and the outputs: `white` or `black`.
pub fn side_name(c: Color) -> &'static str {
    match c {
        Color::White => "white",
        Color::Black => "black",
    }
}

/// A side in the JSON output: `white` or `black` (effects, rulings, offers).
pub fn ser_side<S: serde::Serializer>(c: &Color, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(side_name(*c))
}

/// An error while evaluating a rule: never a panic, always explained. Boxed, so that a
/// `Result<Value, EvalError>` is two words and evaluation returns it in registers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EvalError(Box<Message>);

/// The message in the default language's words (`Message`'s `Display`).
impl std::fmt::Display for EvalError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl std::error::Error for EvalError {}

impl EvalError {
    /// An error that is not one of the tool's messages (a fact asked for where it has no value,
    /// which the type checker rules out): its text, shown as it is (`Message::verbatim`).
    pub fn new(text: impl Into<String>) -> EvalError {
        EvalError(Box::new(Message::verbatim(text)))
    }

    /// One of the tool's messages.
    pub fn say(message: Message) -> EvalError {
        EvalError(Box::new(message))
    }

    /// The message.
    pub fn message(&self) -> &Message {
        &self.0
    }

    /// The error as it happened in a rule of `clause` (the interpreter and generated code say
    /// which clause was being evaluated).
    pub fn in_clause(self, clause: &str) -> EvalError {
        EvalError::say(crate::locale::say::eval_in_clause(clause, *self.0))
    }
}

/// Integer arithmetic shared by both backends, so that they fail identically: an overflow or a
/// division by zero is an error, never a wrapped or a made-up value.
pub mod ops {
    use super::EvalError;
    use crate::locale::say;

    fn overflow(op: &str) -> EvalError {
        EvalError::say(say::eval_overflow(op))
    }

    pub fn add(a: i64, b: i64) -> Result<i64, EvalError> {
        a.checked_add(b).ok_or_else(|| overflow("+"))
    }
    pub fn sub(a: i64, b: i64) -> Result<i64, EvalError> {
        a.checked_sub(b).ok_or_else(|| overflow("-"))
    }
    pub fn mul(a: i64, b: i64) -> Result<i64, EvalError> {
        a.checked_mul(b).ok_or_else(|| overflow("*"))
    }
    /// `a / b`: division by zero, and the one overflow (`i64::MIN / -1`), are errors.
    pub fn div(a: i64, b: i64) -> Result<i64, EvalError> {
        if b == 0 {
            return Err(EvalError::say(say::eval_division_by_zero("/")));
        }
        a.checked_div(b).ok_or_else(|| overflow("/"))
    }
    pub fn rem(a: i64, b: i64) -> Result<i64, EvalError> {
        if b == 0 {
            return Err(EvalError::say(say::eval_division_by_zero("%")));
        }
        a.checked_rem(b).ok_or_else(|| overflow("%"))
    }
    pub fn neg(a: i64) -> Result<i64, EvalError> {
        a.checked_neg().ok_or_else(|| overflow("-"))
    }

    #[cfg(test)]
    mod tests {
        use super::*;

        #[test]
        fn overflow_and_division_by_zero_are_errors() {
            assert_eq!(add(i64::MAX, 1).ok(), None);
            assert_eq!(sub(i64::MIN, 1).ok(), None);
            assert_eq!(mul(i64::MAX, 2).ok(), None);
            assert_eq!(neg(i64::MIN).ok(), None);
            assert!(
                div(1, 0)
                    .unwrap_err()
                    .message()
                    .to_string()
                    .contains("division by zero")
            );
            assert!(
                rem(1, 0)
                    .unwrap_err()
                    .message()
                    .to_string()
                    .contains("division by zero")
            );
            assert_eq!(div(i64::MIN, -1).ok(), None);
            assert_eq!(rem(i64::MIN, -1).ok(), None);
            assert_eq!(div(-7, 2), Ok(-3));
        }
    }
}
