//! The moves of a game as written.

use shakmaty::san::SanPlus;

/// A game's main-line moves as written, read as far as the game's notation allows without the
/// position: chess SAN, parsed (checked against the position at replay); a draughts move
/// (`c3-d4`, `c3:e5:c7`) is kept as its text, its squares read against the position.
#[derive(Debug, Clone)]
pub enum Movetext {
    Chess(Vec<SanPlus>),
    Draughts(Vec<Box<str>>),
}

impl Default for Movetext {
    fn default() -> Movetext {
        Movetext::Chess(Vec::new())
    }
}

impl Movetext {
    pub fn len(&self) -> usize {
        match self {
            Movetext::Chess(m) => m.len(),
            Movetext::Draughts(m) => m.len(),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Move `i` as written (castling with letters).
    pub fn text(&self, i: usize) -> Option<String> {
        match self {
            Movetext::Chess(m) => m.get(i).map(ToString::to_string),
            Movetext::Draughts(m) => m.get(i).map(ToString::to_string),
        }
    }

    /// The first `n` moves.
    pub fn prefix(&self, n: usize) -> Movetext {
        match self {
            Movetext::Chess(m) => Movetext::Chess(m[..n.min(m.len())].to_vec()),
            Movetext::Draughts(m) => Movetext::Draughts(m[..n.min(m.len())].to_vec()),
        }
    }

    /// Every move as written.
    pub fn texts(&self) -> Vec<String> {
        (0..self.len()).filter_map(|i| self.text(i)).collect()
    }
}
