//! A PGN or PDN game ruled on: the edition of the laws in force on its `Date` chosen, the
//! rulebook checked to be for its game, its [`Record`](crate::record::Record) read
//! (`pgn::record::read`, with that rulebook's parameters) and ruled on by the runtime. Every
//! error is a [`PgnError`] at its place in the file, in the order the checks are made: the date,
//! the game, the start position, the events, the parameters, the time control, the moves.

use crate::pgn::{self, Game, PgnError};
use crate::runtime::adjudicate::{Options, adjudicate_with, check_game};
use crate::runtime::edition::Law;
use crate::runtime::rules::Rules;
use crate::runtime::verdict::Verdict;

/// Rule on `game` under the edition of `law` in force on its date; the verdict says which, and
/// why.
pub fn game(game: Game, law: &Law, options: Options) -> Result<Verdict, PgnError> {
    let (index, start) = (game.index, game.span.start);
    // The tag's offset is its value's opening quote.
    let date_at = game.tag_offset("Date").map(|at| at + 1);
    let (book, ruled) = law
        .choose_on(game.tag("Date"), date_at)
        .map_err(|(offset, message)| PgnError {
            game: index,
            offset: offset.unwrap_or(start),
            message,
        })?;
    let mut verdict = game_with(game, law.books()[book].as_ref(), options)?;
    verdict.edition = Some(ruled);
    verdict.book = book;
    Ok(verdict)
}

/// Rule on `game` with `rules`.
pub fn game_with(game: Game, rules: &dyn Rules, options: Options) -> Result<Verdict, PgnError> {
    let (index, start) = (game.index, game.span.start);
    let meta = rules.meta();
    check_game(meta, game.kind).map_err(|message| PgnError {
        game: index,
        offset: game.tag_offset("GameType").unwrap_or(start),
        message,
    })?;
    let record = pgn::record::read(game, &meta.params)?;
    adjudicate_with(&record, rules, options).map_err(|e| PgnError {
        game: e.game,
        offset: e.offset.unwrap_or(start),
        message: e.message,
    })
}
