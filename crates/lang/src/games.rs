//! The games arbiter knows, by name: what a rulebook says it is for (`games:`) and what a record
//! says it is (`GameType`); a move and a kind of piece of any of them (the rule language's `move`
//! values). Their mechanics are in `runtime::mechanics`.

use shakmaty::Role;

/// The games arbiter adjudicates, as a rulebook names them (`games:`) and a record marks them
/// (PDN's `GameType` tag: 25 is Russian draughts; none, or 0, is chess).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum GameKind {
    Chess,
    RussianDraughts,
}

impl GameKind {
    pub const ALL: [GameKind; 2] = [GameKind::Chess, GameKind::RussianDraughts];

    /// The name a rulebook uses (`games: [chess, russian-draughts]`) and the locale's message
    /// for the game's name is keyed on.
    pub fn name(self) -> &'static str {
        match self {
            GameKind::Chess => "chess",
            GameKind::RussianDraughts => "russian-draughts",
        }
    }

    pub fn from_name(name: &str) -> Option<GameKind> {
        GameKind::ALL.into_iter().find(|g| g.name() == name)
    }

    /// The game a record's `GameType` tag value names (PDN 3.0: its first field, the game's
    /// number; 0 is chess, 25 Russian draughts), `None` for a number arbiter does not know or a
    /// value that is not one.
    pub fn from_game_type(value: &str) -> Option<GameKind> {
        let number = value.split(',').next().unwrap_or_default().trim();
        match number {
            "0" => Some(GameKind::Chess),
            "25" => Some(GameKind::RussianDraughts),
            _ => None,
        }
    }
}

/// A set of games: what a rulebook or a clause applies to.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Games(u8);

impl Games {
    pub const CHESS: Games = Games(1);

    pub const fn of(games: &[GameKind]) -> Games {
        let mut bits = 0;
        let mut i = 0;
        while i < games.len() {
            bits |= 1 << games[i] as u8;
            i += 1;
        }
        Games(bits)
    }

    pub fn contains(self, g: GameKind) -> bool {
        self.0 & (1 << g as u8) != 0
    }

    pub fn insert(&mut self, g: GameKind) {
        self.0 |= 1 << g as u8;
    }

    pub fn is_subset(self, of: Games) -> bool {
        self.0 & !of.0 == 0
    }

    pub fn is_disjoint(self, other: Games) -> bool {
        self.0 & other.0 == 0
    }

    pub fn union(self, other: Games) -> Games {
        Games(self.0 | other.0)
    }

    pub fn intersection(self, other: Games) -> Games {
        Games(self.0 & other.0)
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The games, in [`GameKind::ALL`]'s order.
    pub fn iter(self) -> impl Iterator<Item = GameKind> {
        GameKind::ALL.into_iter().filter(move |&g| self.contains(g))
    }
}

/// A move of any game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AnyMove {
    Chess(shakmaty::Move),
    Draughts(crate::draughts::Move),
}

/// A kind of piece of any game, for material counts; a kind of another game counts none.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AnyKind {
    Chess(Role),
    /// Russian draughts: a man.
    Man,
    /// Russian draughts: a king (дамка).
    King,
}

impl std::fmt::Display for AnyMove {
    /// The move in UCI-like coordinates (chess `e2e4`; draughts its squares): for messages that
    /// have no position to write it in the game's notation.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            AnyMove::Chess(m) => write!(f, "{}", m.to_uci(shakmaty::CastlingMode::Standard)),
            AnyMove::Draughts(m) => write!(f, "{m}"),
        }
    }
}
