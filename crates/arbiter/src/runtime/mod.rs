//! The adjudicator runtime: a game's mechanics (chess, behind `mechanics::Mechanics`), the game
//! state, facts, the `Rules` interface, the driver.

pub mod adjudicate;
pub mod analysis;
pub mod clock;
pub mod edition;
pub mod facts;
pub mod mechanics;
pub mod position;
pub mod proceedings;
pub mod rules;
pub mod verdict;

pub use adjudicate::adjudicate;
