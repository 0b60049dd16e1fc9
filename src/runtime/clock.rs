//! The clocks of a game: its time control (the `TimeControl` tag) and what is known of each
//! side's remaining time (`[%clk]` and `[%clock]` readings, plus time the rulings add).
//!
//! Mechanics only: periods, the time allotted for a number of moves, readings. Which game type a
//! control makes, and what a flag or a low clock means, are clauses of the rulebook.

use shakmaty::{ByColor, Color};

use crate::pgn::time::{Period, TimeControl};

#[derive(Clone, Debug)]
pub struct Clocks {
    control: TimeControl,
    /// Remaining time per side in milliseconds, when known.
    remaining: ByColor<Option<i64>>,
    /// An increment per move introduced during the game (seconds), e.g. under Guidelines III.4.
    granted_increment: Option<i64>,
}

impl Clocks {
    pub fn new(control: TimeControl) -> Clocks {
        Clocks {
            control,
            remaining: ByColor::default(),
            granted_increment: None,
        }
    }

    fn periods(&self) -> &[Period] {
        match &self.control {
            TimeControl::Periods(p) => p,
            TimeControl::Unknown | TimeControl::Untimed => &[],
        }
    }

    /// Is the game played under a known time control?
    pub fn timed(&self) -> bool {
        !self.periods().is_empty()
    }

    /// The period (0-based) that move number `n` (1-based, counted for one player) falls in.
    /// A final period with a move count repeats. `None` without a known time control.
    fn period_of(&self, n: u32) -> Option<(u32, &Period)> {
        let periods = self.periods();
        let last = periods.last()?;
        // The number of the first move of the period being looked at.
        let mut first = 1u32;
        for (k, p) in (0u32..).zip(periods) {
            match p.moves {
                Some(m) if n >= first.saturating_add(m) => first = first.saturating_add(m),
                _ => return Some((k, p)),
            }
        }
        // Past the written periods: the last one, repeated.
        let repeats = last.moves.map_or(0, |m| (n - first) / m);
        Some((periods.len() as u32 + repeats, last))
    }

    /// The time allotted for the first `moves` moves of a player, plus the increments of those
    /// moves, in seconds (0 without a known time control).
    pub fn time_for_moves(&self, moves: u32) -> i64 {
        let mut total = 0i64;
        let mut current: Option<u32> = None;
        for n in 1..=moves {
            let Some((k, p)) = self.period_of(n) else {
                return 0;
            };
            if current != Some(k) {
                current = Some(k);
                total += i64::from(p.seconds);
            }
            total += i64::from(p.increment);
        }
        total
    }

    pub fn has_increment(&self) -> bool {
        self.granted_increment.is_some() || self.periods().iter().any(|p| p.increment > 0)
    }

    /// 1-based period of move number `n` of one player (1 without a known time control).
    pub fn period(&self, n: u32) -> u32 {
        self.period_of(n).map_or(1, |(k, _)| k + 1)
    }

    /// Whether move number `n` of one player falls in a period for all remaining moves.
    pub fn last_period(&self, n: u32) -> bool {
        self.period_of(n).is_some_and(|(_, p)| p.moves.is_none())
    }

    pub fn read(&mut self, side: Color, millis: i64) {
        *self.remaining.get_mut(side) = Some(millis);
    }

    /// Add time to a side's clock (known or not: an unknown clock stays unknown).
    pub fn add(&mut self, side: Color, seconds: i64) {
        if let Some(r) = self.remaining.get_mut(side) {
            *r = r.saturating_add(seconds.saturating_mul(1000));
        }
    }

    pub fn grant_increment(&mut self, seconds: i64) {
        self.granted_increment = Some(seconds);
    }

    /// Remaining time in whole seconds, rounded down.
    pub fn remaining(&self, side: Color) -> Option<i64> {
        self.remaining.get(side).map(|ms| ms.div_euclid(1000))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clocks(tc: &str) -> Clocks {
        Clocks::new(TimeControl::parse(tc).unwrap())
    }

    #[test]
    fn time_for_type_follows_the_control() {
        assert_eq!(clocks("5400+30").time_for_moves(60), 5400 + 60 * 30);
        assert_eq!(clocks("900+10").time_for_moves(60), 1500);
        assert_eq!(clocks("600").time_for_moves(60), 600);
        assert_eq!(clocks("40/7200:3600").time_for_moves(60), 10800);
        assert_eq!(
            clocks("40/5400+30:1800+30").time_for_moves(60),
            5400 + 1800 + 1800
        );
        assert_eq!(clocks("*180").time_for_moves(60), 180);
        // A repeating period: 40 moves, then 40 more with the same allotment.
        assert_eq!(clocks("40/7200").time_for_moves(60), 14400);
        assert_eq!(clocks("?").time_for_moves(60), 0);
        assert!(!clocks("-").timed());
    }

    #[test]
    fn periods_of_moves() {
        let c = clocks("40/7200:3600");
        assert_eq!((c.period(40), c.last_period(40)), (1, false));
        assert_eq!((c.period(41), c.last_period(41)), (2, true));
        let r = clocks("40/7200");
        assert_eq!((r.period(81), r.last_period(81)), (3, false));
        assert!(clocks("5400").last_period(1));
        assert!(!clocks("?").last_period(1));
    }

    #[test]
    fn readings_round_down_and_add() {
        let mut c = clocks("5400");
        assert_eq!(c.remaining(Color::White), None);
        c.read(Color::White, 119_900);
        assert_eq!(c.remaining(Color::White), Some(119));
        c.add(Color::White, 120);
        assert_eq!(c.remaining(Color::White), Some(239));
        c.add(Color::Black, 120);
        assert_eq!(c.remaining(Color::Black), None);
    }
}
