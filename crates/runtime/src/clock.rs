//! The clocks of a game: its time control (the `TimeControl` tag) and what is known of each
//! side's remaining time (`[%clk]` and `[%clock]` readings, plus time the rulings add).
//!
//! Mechanics only: periods, the time allotted for a number of moves, readings. Which game type a
//! control makes, and what a flag or a low clock means, are clauses of the rulebook.

use shakmaty::{ByColor, Color};

use crate::record::time::{Period, TimeControl};

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
        // Past the written periods: the last one, repeated (its move count is never 0: the
        // `TimeControl` reader refuses it; were it 0, the last period would simply go on).
        let repeats = match last.moves {
            Some(m) => n.saturating_sub(first).checked_div(m).unwrap_or(0),
            None => 0,
        };
        let written = u32::try_from(periods.len()).unwrap_or(u32::MAX);
        Some((written.saturating_add(repeats), last))
    }

    /// The time allotted for the first `moves` moves of a player, plus the increments of those
    /// moves, in seconds (0 without a known time control): in closed form, each period's time
    /// once and its increment per move, the last period repeated as often as the moves reach
    /// into it. `None` when the sum does not fit in an `i64` (no wrapped, no clamped answer).
    pub fn time_for_moves(&self, moves: u32) -> Option<i64> {
        let periods = self.periods();
        let mut total = 0i64;
        // Moves not yet counted.
        let mut left = i64::from(moves);
        let add = |total: i64, periods: i64, moves: i64, p: &Period| -> Option<i64> {
            let time = periods.checked_mul(i64::from(p.seconds))?;
            let increments = moves.checked_mul(i64::from(p.increment))?;
            total.checked_add(time)?.checked_add(increments)
        };
        for p in periods {
            if left == 0 {
                return Some(total);
            }
            let here = p.moves.map_or(left, |m| left.min(i64::from(m)));
            total = add(total, 1, here, p)?;
            left -= here;
        }
        // Past the written periods: the last one again, for each of its move counts the moves
        // reach into (a period for all remaining moves took them all above).
        match periods.last() {
            Some(last) if left > 0 => {
                let m = last.moves.map_or(left, i64::from).max(1);
                let repeats = left / m + i64::from(left % m != 0);
                add(total, repeats, left, last)
            }
            _ => Some(total),
        }
    }

    pub fn has_increment(&self) -> bool {
        self.granted_increment.is_some() || self.periods().iter().any(|p| p.increment > 0)
    }

    /// 1-based period of move number `n` of one player (1 without a known time control).
    pub fn period(&self, n: u32) -> u32 {
        self.period_of(n).map_or(1, |(k, _)| k.saturating_add(1))
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
    use arbiter_pgn::time::ParseTimeControl;

    fn clocks(tc: &str) -> Clocks {
        Clocks::new(TimeControl::parse(tc).unwrap())
    }

    #[test]
    fn time_for_type_follows_the_control() {
        let t = |tc: &str, n: u32| clocks(tc).time_for_moves(n);
        assert_eq!(t("5400+30", 60), Some(5400 + 60 * 30));
        assert_eq!(t("900+10", 60), Some(1500));
        assert_eq!(t("600", 60), Some(600));
        assert_eq!(t("40/7200:3600", 60), Some(10800));
        assert_eq!(t("40/5400+30:1800+30", 60), Some(5400 + 1800 + 1800));
        assert_eq!(t("*180", 60), Some(180));
        // A repeating period: 40 moves, then 40 more with the same allotment.
        assert_eq!(t("40/7200", 60), Some(14400));
        assert_eq!(t("40/7200", 80), Some(14400));
        assert_eq!(t("40/7200", 81), Some(21600));
        assert_eq!(t("40/7200", 0), Some(0));
        assert_eq!(t("?", 60), Some(0));
        assert!(!clocks("-").timed());
    }

    /// The closed form agrees with counting move by move, period by period.
    #[test]
    fn time_for_moves_is_the_sum_over_moves() {
        for tc in [
            "40/7200:3600",
            "40/5400+30:1800+30",
            "2/60+1:3/30+2",
            "40/7200",
            "5+3",
        ] {
            let c = clocks(tc);
            let mut total = 0i64;
            let mut current = None;
            for n in 1..=200u32 {
                let (k, p) = c.period_of(n).unwrap();
                if current != Some(k) {
                    current = Some(k);
                    total += i64::from(p.seconds);
                }
                total += i64::from(p.increment);
                assert_eq!(c.time_for_moves(n), Some(total), "{tc}, {n} moves");
            }
        }
    }

    /// Issue 12, fault (i): `time_for_moves(4294967295)` counted move by move (34 s) and its sum
    /// wrapped into a wrong answer; now it is immediate, and too large a sum is `None`.
    #[test]
    fn time_for_moves_is_closed_form_and_checked() {
        let started = std::time::Instant::now();
        assert_eq!(
            clocks("40/7200").time_for_moves(u32::MAX),
            Some(i64::from(u32::MAX / 40 + 1) * 7200)
        );
        assert_eq!(clocks("1/4294967295").time_for_moves(u32::MAX), None);
        assert_eq!(clocks("60+4294967295").time_for_moves(u32::MAX), None);
        assert_eq!(
            clocks("60+4294967295").time_for_moves(2),
            Some(60 + 2 * 4_294_967_295)
        );
        assert!(started.elapsed() < std::time::Duration::from_secs(1));
        assert_eq!(clocks("1/60").period(u32::MAX), u32::MAX);
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
