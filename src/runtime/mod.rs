//! The adjudicator runtime: chess mechanics, facts, the `Rules` interface, the driver.

pub mod adjudicate;
pub mod clock;
pub mod facts;
pub mod position;
pub mod proceedings;
pub mod rules;
pub mod verdict;

pub use adjudicate::adjudicate;
