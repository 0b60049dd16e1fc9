//! A game's time control, as the clocks need it (`pgn::time` reads it from the `TimeControl`
//! tag).

/// One period of a time control.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Period {
    /// Moves to make in the period; `None` for all remaining moves (sudden death).
    pub moves: Option<u32>,
    /// Seconds for the period (for a sandclock, the sand).
    pub seconds: u32,
    /// Seconds added after each move.
    pub increment: u32,
    /// `*180`: a sandclock, the time one player uses is added to the other's.
    pub sandclock: bool,
}

/// The `TimeControl` tag.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TimeControl {
    /// `?`: not known.
    Unknown,
    /// `-`: no time control.
    Untimed,
    /// Periods in order, joined by `:` in the tag (`40/7200:3600`).
    Periods(Vec<Period>),
}
