//! The law in force for a game: of a rulebook compiled on each edition of a family (the FIDE
//! Laws, and the overlays that stand on them), the edition in force on the game's `Date`.
//!
//! The days are data (each edition's `in_force_from`, read into its `BookMeta`); what is here
//! is the choice: an edition is in force from its day until the next edition's. A date that
//! fixes a day picks the edition in force that day; one that fixes only a year or a month
//! picks the edition in force throughout, or, when an edition came into force within it, the
//! latest edition it allows (as a game without a date gets the newest); a date before the
//! oldest edition gets the oldest, said to be so (older editions are not encoded).

use std::sync::Arc;

use crate::date::{Date, GameDate};
use crate::locale::say;
use crate::record::{InputError, Record};

use super::rules::Rules;

/// How the edition that ruled on a game was chosen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Basis {
    /// One rulebook was named (`--rulebook fide-2023`, or one that stands on one edition).
    Named,
    /// The game's date (a day), within the edition's period of force.
    Date(String),
    /// The game's date fixes a year or a month, all within the edition's period.
    PartialDate(String),
    /// The game's date fixes a year or a month in which a later edition came into force: the
    /// latest edition it allows.
    Undecided(String),
    /// No date: the newest edition.
    NoDate,
    /// The game's date is before the oldest edition, which is applied (older ones are not
    /// encoded).
    BeforeOldest(String),
}

impl Basis {
    /// Its name in the JSON output and the locale files (`edition-NAME`).
    pub fn name(&self) -> &'static str {
        match self {
            Basis::Named => "named",
            Basis::Date(_) => "date",
            Basis::PartialDate(_) => "partial-date",
            Basis::Undecided(_) => "date-undecided",
            Basis::NoDate => "no-date",
            Basis::BeforeOldest(_) => "before-oldest",
        }
    }

    /// The game's date as recorded, where the choice read it.
    pub fn date(&self) -> Option<&str> {
        match self {
            Basis::Date(d)
            | Basis::PartialDate(d)
            | Basis::Undecided(d)
            | Basis::BeforeOldest(d) => Some(d),
            Basis::Named | Basis::NoDate => None,
        }
    }
}

/// The edition that ruled on a game, and why it was that one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EditionRuled {
    /// The rulebook that ruled (`club`, `fide-2023`).
    pub rulebook: String,
    /// The edition of its family it is or stands on (`fide-2023`); `None` for a rulebook of no
    /// family.
    pub edition: Option<String>,
    pub basis: Basis,
}

/// The rules a game is ruled under: one rulebook, or one per edition of a family, chosen by
/// the game's date.
#[derive(Clone)]
pub struct Law {
    /// Oldest edition first.
    books: Vec<Arc<dyn Rules>>,
    by_date: bool,
}

impl Law {
    /// One rulebook, whatever the game's date.
    pub fn single(rules: Arc<dyn Rules>) -> Law {
        Law {
            books: vec![rules],
            by_date: false,
        }
    }

    /// One rulebook per edition, chosen by date: ordered here by the day each came into force
    /// (a rulebook without an edition sorts first).
    pub fn by_date(mut books: Vec<Arc<dyn Rules>>) -> Law {
        books.sort_by_key(|b| b.meta().edition.as_ref().map(|e| e.in_force_from));
        let by_date = books.len() > 1;
        Law { books, by_date }
    }

    /// The rulebooks, oldest edition first.
    pub fn books(&self) -> &[Arc<dyn Rules>] {
        &self.books
    }

    /// The newest (for what does not depend on a game: a clause's text, the readable rulebook).
    pub fn newest(&self) -> &Arc<dyn Rules> {
        // `by_date` and `single` never build an empty list.
        &self.books[self.books.len() - 1]
    }

    /// The rulebook for `record` (its index in [`books`](Law::books)), and what to say of
    /// it. A date that is no date is an error at its place when the date decides.
    pub fn choose(&self, record: &Record) -> Result<(usize, EditionRuled), InputError> {
        let at = record.spans.as_ref().and_then(|s| s.date);
        self.choose_on(record.date.as_deref(), at)
            .map_err(|(offset, message)| InputError {
                game: record.index,
                offset: offset.or_else(|| record.at()),
                message,
            })
    }

    /// The rulebook for a game played on `date` (as PGN writes it; `None`: not known), and
    /// what to say of it. `at`: where the date's first character stands in its source. A date
    /// that is no date is an error, at its place, when the date decides.
    pub fn choose_on(
        &self,
        date: Option<&str>,
        at: Option<usize>,
    ) -> Result<(usize, EditionRuled), (Option<usize>, crate::locale::say::Message)> {
        let ruled = |i: usize, basis: Basis| {
            let meta = self.books[i].meta();
            EditionRuled {
                rulebook: meta.id.clone(),
                edition: meta.edition.as_ref().map(|e| e.id.clone()),
                basis,
            }
        };
        if !self.by_date {
            return Ok((
                self.books.len() - 1,
                ruled(self.books.len() - 1, Basis::Named),
            ));
        }
        let text = date.unwrap_or_default();
        let days: Vec<Option<Date>> = (self.books.iter())
            .map(|b| b.meta().edition.as_ref().map(|e| e.in_force_from))
            .collect();
        let (i, basis) = choose(&days, text).map_err(|e| {
            (
                at.map(|at| at + e.offset),
                say::game_bad_date(crate::diag::clip(text, 24)),
            )
        })?;
        Ok((i, ruled(i, basis)))
    }
}

/// Of editions in force from `days` (oldest first; `None` for a rulebook of no edition, in
/// force always), the one a game dated `date` (a `Date` tag's value; empty for none) is ruled
/// with, and why; an error when `date` is no date. `days` is not empty.
pub fn choose(days: &[Option<Date>], date: &str) -> Result<(usize, Basis), crate::date::BadDate> {
    let newest = days.len().saturating_sub(1);
    let GameDate::Between(first, last) = GameDate::parse(date)? else {
        return Ok((newest, Basis::NoDate));
    };
    let in_force = |day: Date| days.iter().rposition(|d| d.is_none_or(|d| d <= day));
    let exact = first == last;
    let text = date.trim().to_string();
    Ok(match (in_force(first), in_force(last)) {
        (None, None) => (0, Basis::BeforeOldest(text)),
        (Some(a), Some(b)) if a == b && exact => (a, Basis::Date(text)),
        (Some(a), Some(b)) if a == b => (a, Basis::PartialDate(text)),
        (_, Some(b)) => (b, Basis::Undecided(text)),
        // The last day cannot be out of force when the first is in force.
        (Some(a), None) => (a, Basis::Undecided(text)),
    })
}
