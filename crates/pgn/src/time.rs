//! Time in PGN: the `TimeControl` tag (PGN standard, section 9.6) and `[%clk H:MM:SS]` clock
//! readings. Pure reading, no law: which game type a control makes, and what a flag means, are
//! clauses of a rulebook.

use crate::locale::say;
use std::fmt;

pub use arbiter_lang::record::time::{Period, TimeControl};

/// A malformed tag value: the byte offset inside the value and what was expected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TimeError {
    pub offset: usize,
    pub message: say::Message,
}

impl fmt::Display for TimeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.message)
    }
}

fn number(s: &str, at: usize, what: fn() -> say::Message) -> Result<u32, TimeError> {
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
        return Err(TimeError {
            offset: at,
            message: say::pgn_expected_number(what(), s),
        });
    }
    s.parse().map_err(|_| TimeError {
        offset: at,
        message: say::pgn_number_too_large(what(), s),
    })
}

/// Reading a `TimeControl` tag: PGN's syntax for the record's type (`record::time`, which knows
/// no format), so that `TimeControl::parse` reads as before where this is in scope.
pub trait ParseTimeControl: Sized {
    /// Read a `TimeControl` value: `?`, `-`, or periods such as `40/7200`, `5400+30`, `*180`,
    /// joined by `:`. A period may combine a move count and an increment (`40/5400+30`), as
    /// FIDE controls do.
    fn parse(value: &str) -> Result<Self, TimeError>;
}

impl ParseTimeControl for TimeControl {
    /// Read a `TimeControl` value: `?`, `-`, or periods such as `40/7200`, `5400+30`, `*180`,
    /// joined by `:`. A period may combine a move count and an increment (`40/5400+30`), as
    /// FIDE controls do.
    fn parse(value: &str) -> Result<TimeControl, TimeError> {
        match value.trim() {
            "?" => return Ok(TimeControl::Unknown),
            "-" => return Ok(TimeControl::Untimed),
            "" => {
                return Err(TimeError {
                    offset: 0,
                    message: say::pgn_empty_time_control(),
                });
            }
            _ => {}
        }
        let lead = value.len() - value.trim_start().len();
        let mut periods = Vec::new();
        let mut at = lead;
        for field in value.trim().split(':') {
            periods.push(period(field, at)?);
            at += field.len() + 1;
        }
        if let Some(i) = periods[..periods.len() - 1]
            .iter()
            .position(|p| p.moves.is_none())
        {
            return Err(TimeError {
                offset: lead,
                message: say::pgn_period_after_all(i + 1),
            });
        }
        Ok(TimeControl::Periods(periods))
    }
}

fn period(field: &str, at: usize) -> Result<Period, TimeError> {
    if let Some(sand) = field.strip_prefix('*') {
        return Ok(Period {
            moves: None,
            seconds: number(sand, at + 1, say::pgn_what_sand)?,
            increment: 0,
            sandclock: true,
        });
    }
    let (moves, rest, rest_at) = match field.split_once('/') {
        Some((m, r)) => (
            Some(number(m, at, say::pgn_what_moves)?),
            r,
            at + m.len() + 1,
        ),
        None => (None, field, at),
    };
    if moves == Some(0) {
        return Err(TimeError {
            offset: at,
            message: say::pgn_zero_moves(),
        });
    }
    let (seconds, increment) = match rest.split_once('+') {
        Some((s, i)) => (
            number(s, rest_at, say::pgn_what_seconds)?,
            number(i, rest_at + s.len() + 1, say::pgn_what_increment)?,
        ),
        None => (number(rest, rest_at, say::pgn_what_seconds)?, 0),
    };
    Ok(Period {
        moves,
        seconds,
        increment,
        sandclock: false,
    })
}

/// The largest clock reading, in hours (over a century): a larger one is an error, never a
/// reading that wraps around.
pub const MAX_CLOCK_HOURS: u64 = 999_999;

/// A `[%clk H:MM:SS]` reading (fractions of a second allowed: `0:00:07.4`), in milliseconds.
pub fn clock(arg: &str) -> Result<u64, say::Message> {
    let bad = || say::pgn_not_a_clock_reading(arg);
    let mut parts = arg.split(':');
    let (Some(h), Some(m), Some(s), None) =
        (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return Err(bad());
    };
    let (whole, frac) = s.split_once('.').unwrap_or((s, ""));
    let digits = |x: &str| !x.is_empty() && x.bytes().all(|b| b.is_ascii_digit());
    if !digits(h) || !digits(m) || !digits(whole) || !(frac.is_empty() || digits(frac)) {
        return Err(bad());
    }
    let too_large = || say::pgn_clock_too_large(arg, MAX_CLOCK_HOURS);
    let (h, m, whole): (u64, u64, u64) = (
        h.parse().map_err(|_| too_large())?,
        m.parse().map_err(|_| bad())?,
        whole.parse().map_err(|_| bad())?,
    );
    if m >= 60 || whole >= 60 {
        return Err(bad());
    }
    if h > MAX_CLOCK_HOURS {
        return Err(too_large());
    }
    // Milliseconds from up to three fraction digits; further digits are below a millisecond.
    let millis = frac
        .bytes()
        .chain(std::iter::repeat(b'0'))
        .take(3)
        .fold(0u64, |acc, b| acc * 10 + u64::from(b - b'0'));
    // At most 999,999 hours: 3.6e12 milliseconds, far inside u64.
    Ok(((h * 60 + m) * 60 + whole) * 1000 + millis)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(moves: Option<u32>, seconds: u32, increment: u32) -> Period {
        Period {
            moves,
            seconds,
            increment,
            sandclock: false,
        }
    }

    #[test]
    fn the_pgn_standards_forms() {
        assert_eq!(TimeControl::parse("?"), Ok(TimeControl::Unknown));
        assert_eq!(TimeControl::parse("-"), Ok(TimeControl::Untimed));
        assert_eq!(
            TimeControl::parse("40/7200"),
            Ok(TimeControl::Periods(vec![p(Some(40), 7200, 0)]))
        );
        assert_eq!(
            TimeControl::parse("5400+30"),
            Ok(TimeControl::Periods(vec![p(None, 5400, 30)]))
        );
        assert_eq!(
            TimeControl::parse("40/7200:3600"),
            Ok(TimeControl::Periods(vec![
                p(Some(40), 7200, 0),
                p(None, 3600, 0)
            ]))
        );
        assert_eq!(
            TimeControl::parse("40/5400+30:1800+30"),
            Ok(TimeControl::Periods(vec![
                p(Some(40), 5400, 30),
                p(None, 1800, 30)
            ]))
        );
        let TimeControl::Periods(sand) = TimeControl::parse("*180").unwrap() else {
            panic!()
        };
        assert!(sand[0].sandclock && sand[0].seconds == 180);
    }

    #[test]
    fn malformed_values_are_located() {
        let e = TimeControl::parse("40/72x0").unwrap_err();
        assert_eq!(e.offset, 3);
        assert!(e.message.to_string().contains("seconds"), "{}", e.message);
        let e = TimeControl::parse("300:40/100").unwrap_err();
        assert!(
            e.message.to_string().contains("no period can follow"),
            "{}",
            e.message
        );
        let e = TimeControl::parse("600+").unwrap_err();
        assert_eq!(e.offset, 4);
        assert!(TimeControl::parse("").is_err());
        assert!(TimeControl::parse("0/60").is_err());
    }

    #[test]
    fn a_huge_reading_is_an_error_not_a_wrap() {
        // Issue 12 (f): 2^64 / 3.6e6 hours wrapped to a few seconds.
        for arg in [
            "5124095576030431:00:00",
            "99999999999999999999:00:00",
            "1000000:00:00",
        ] {
            let e = clock(arg).unwrap_err();
            assert!(e.to_string().contains("999999"), "{arg}: {e}");
        }
        assert_eq!(clock("999999:59:59.999"), Ok(3_599_999_999_999));
    }

    #[test]
    fn clock_readings() {
        assert_eq!(clock("1:05:30"), Ok(3_930_000));
        assert_eq!(clock("0:00:07.4"), Ok(7_400));
        assert_eq!(clock("0:00:00.0456"), Ok(45));
        assert!(clock("1:60:00").is_err());
        assert!(clock("5:00").is_err());
        assert!(clock("a:00:00").is_err());
    }
}
