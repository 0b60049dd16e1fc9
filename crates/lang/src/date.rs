//! Calendar dates: the day an edition of a rulebook comes into force (`in_force_from:
//! "2023-01-01"` in its `rulebook.yaml`), and the `Date` tag of a game as PGN writes it
//! (`2019.05.12`, `2022.??.??`, `????.??.??`), which may fix only a year or a month.
//!
//! Proleptic Gregorian dates, years 1 to 9999; nothing here panics on any input.

use std::fmt;

/// A day.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Date {
    pub year: u16,
    pub month: u8,
    pub day: u8,
}

impl Date {
    /// The day, if it exists (`2023-02-29` does not).
    pub fn new(year: u16, month: u8, day: u8) -> Option<Date> {
        ((1..=9999).contains(&year) && (1..=12).contains(&month))
            .then_some(())
            .filter(|()| day >= 1 && day <= days_in_month(year, month))
            .map(|()| Date { year, month, day })
    }

    /// `YYYY-MM-DD`, as a rulebook writes the day an edition comes into force.
    pub fn parse_iso(s: &str) -> Option<Date> {
        let b = s.as_bytes();
        if b.len() != 10 || b[4] != b'-' || b[7] != b'-' {
            return None;
        }
        Date::new(number(&s[0..4])?, number(&s[5..7])?, number(&s[8..10])?)
    }

    /// As ISO 8601 writes it: `2023-01-01`.
    pub fn iso(self) -> String {
        format!("{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

impl fmt::Display for Date {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.iso())
    }
}

fn leap(year: u16) -> bool {
    year.is_multiple_of(4) && (!year.is_multiple_of(100) || year.is_multiple_of(400))
}

fn days_in_month(year: u16, month: u8) -> u8 {
    match month {
        2 if leap(year) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// Digits only (no sign, no space), as a number.
fn number<T: std::str::FromStr>(s: &str) -> Option<T> {
    (!s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()))
        .then(|| s.parse().ok())
        .flatten()
}

/// What a game's `Date` tag fixes: the days it may have been played on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameDate {
    /// No date: no tag, an empty one, or every part unknown (`????.??.??`).
    Unknown,
    /// Every day from the first to the last (a whole date is one day; `2022.??.??` is the
    /// year 2022; `2022.05.??` May 2022).
    Between(Date, Date),
}

/// Why a `Date` tag is not a date: the offset of the part that is wrong, in the value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BadDate {
    pub offset: usize,
}

impl GameDate {
    /// A `Date` tag's value: `YYYY.MM.DD`, each part a number or question marks (`??`, `????`),
    /// a part after an unknown one unknown too. A year alone (`2019`) and a year and month
    /// (`2019.05`) are read as the year or the month, as some archives write them. Anything
    /// else is an error at its offset.
    pub fn parse(s: &str) -> Result<GameDate, BadDate> {
        let s_trim = s.trim();
        let lead = s.len() - s.trim_start().len();
        if s_trim.is_empty() || s_trim.bytes().all(|b| b == b'?' || b == b'.') {
            return Ok(GameDate::Unknown);
        }
        let mut parts = Vec::with_capacity(3);
        let mut at = lead;
        for p in s_trim.split('.') {
            parts.push((p, at));
            at += p.len() + 1;
        }
        if parts.len() > 3 {
            return Err(BadDate {
                offset: parts[3].1.saturating_sub(1),
            });
        }
        // Each part: `Some(n)`, or `None` when unknown (question marks only).
        let mut read = Vec::with_capacity(3);
        for (i, (p, at)) in parts.iter().enumerate() {
            let width = if i == 0 { 4 } else { 2 };
            if !p.is_empty() && p.bytes().all(|b| b == b'?') {
                read.push(None);
                continue;
            }
            match number::<u16>(p) {
                Some(n) if p.len() == width => read.push(Some(n)),
                _ => return Err(BadDate { offset: *at }),
            }
        }
        let year = match read.first().copied().flatten() {
            Some(y) if (1..=9999).contains(&y) => y,
            Some(_) => return Err(BadDate { offset: lead }),
            // The year unknown: the month and day tell nothing without it.
            None => return Ok(GameDate::Unknown),
        };
        let month = match read.get(1).copied().flatten() {
            None => {
                return Ok(between(year, 1, 1, year, 12, 31));
            }
            Some(m) if (1..=12).contains(&m) => m as u8,
            Some(_) => return Err(BadDate { offset: parts[1].1 }),
        };
        let last = days_in_month(year, month);
        match read.get(2).copied().flatten() {
            None => Ok(between(year, month, 1, year, month, last)),
            Some(d) if d >= 1 && d <= u16::from(last) => {
                Ok(between(year, month, d as u8, year, month, d as u8))
            }
            Some(_) => Err(BadDate { offset: parts[2].1 }),
        }
    }

    /// Whether it fixes a single day.
    pub fn is_exact(self) -> bool {
        matches!(self, GameDate::Between(a, b) if a == b)
    }
}

fn between(y0: u16, m0: u8, d0: u8, y1: u16, m1: u8, d1: u8) -> GameDate {
    GameDate::Between(
        Date {
            year: y0,
            month: m0,
            day: d0,
        },
        Date {
            year: y1,
            month: m1,
            day: d1,
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(y: u16, m: u8, day: u8) -> Date {
        Date::new(y, m, day).unwrap()
    }

    #[test]
    fn iso_dates_are_real_days() {
        assert_eq!(Date::parse_iso("2023-01-01"), Some(d(2023, 1, 1)));
        assert_eq!(Date::parse_iso("2024-02-29"), Some(d(2024, 2, 29)));
        for bad in [
            "2023-02-29",
            "1900-02-29",
            "2023-13-01",
            "2023-00-10",
            "2023-1-01",
            "2023/01/01",
            "0000-01-01",
            "+023-01-01",
            "",
        ] {
            assert_eq!(Date::parse_iso(bad), None, "{bad}");
        }
        assert_eq!(d(2000, 2, 29).iso(), "2000-02-29");
    }

    #[test]
    fn a_pgn_date_fixes_what_it_writes() {
        use GameDate::*;
        assert_eq!(
            GameDate::parse("2019.05.12"),
            Ok(Between(d(2019, 5, 12), d(2019, 5, 12)))
        );
        assert_eq!(
            GameDate::parse("2022.??.??"),
            Ok(Between(d(2022, 1, 1), d(2022, 12, 31)))
        );
        assert_eq!(
            GameDate::parse("2024.02.??"),
            Ok(Between(d(2024, 2, 1), d(2024, 2, 29)))
        );
        assert_eq!(
            GameDate::parse("2022.??.15"),
            Ok(Between(d(2022, 1, 1), d(2022, 12, 31)))
        );
        assert_eq!(
            GameDate::parse("2019"),
            Ok(Between(d(2019, 1, 1), d(2019, 12, 31)))
        );
        assert_eq!(
            GameDate::parse("2019.05"),
            Ok(Between(d(2019, 5, 1), d(2019, 5, 31)))
        );
        for unknown in ["????.??.??", "?", "", "  ", "????.05.12"] {
            assert_eq!(GameDate::parse(unknown), Ok(Unknown), "{unknown}");
        }
        assert!(GameDate::parse("2019.05.12").unwrap().is_exact());
        assert!(!GameDate::parse("2019.05.??").unwrap().is_exact());
    }

    #[test]
    fn a_bad_pgn_date_is_an_error_at_its_part() {
        for (bad, at) in [
            ("yesterday", 0),
            ("2019.13.01", 5),
            ("2019.02.30", 8),
            ("2019.5.12", 5),
            ("19.05.12", 0),
            ("2019.05.12.01", 10),
            ("2019-05-12", 0),
            ("0000.01.01", 0),
            ("2019.0?.12", 5),
        ] {
            assert_eq!(GameDate::parse(bad), Err(BadDate { offset: at }), "{bad}");
        }
    }
}
