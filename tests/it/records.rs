//! The runtime's typed input built as data, without any PGN (issue 29): a program that has the
//! game as values (a tournament server) rules on it through `Adjudicator::adjudicate_record`.
//! Expected results are the Laws' (FIDE 2023), derived by hand.

use arbiter::Adjudicator;
use arbiter::record::events::{Command, Flagged, GameEvent};
use arbiter::record::{Record, Setting};
use arbiter::value::Value;
use shakmaty::Color;

fn chess(moves: &str) -> Record {
    let moves = moves
        .split_whitespace()
        .map(|m| m.parse().expect("SAN"))
        .collect();
    Record::chess(shakmaty::Chess::default(), moves)
}

fn fide() -> Adjudicator {
    Adjudicator::new("fide-2023").expect("the embedded FIDE 2023 Laws")
}

/// After 1. e4 e5 White's flag falls: Black has all its pieces and can checkmate, so White
/// loses (6.9).
#[test]
fn a_flag_in_a_record_built_as_data_loses() {
    let mut record = chess("e4 e5");
    record.events.push(GameEvent {
        ply: 2,
        index: Some(0),
        offset: 0,
        command: Command::Flag(Flagged::Side(Color::White)),
    });
    let v = fide().adjudicate_record(&record).expect("a verdict");
    assert_eq!(v.outcome.result().as_str(), "0-1");
    assert_eq!(v.outcome.rule(), Some("6.9"));
    assert_eq!(v.plies, 2);
}

/// Fool's mate: the same verdict from the record as data as from its PGN.
#[test]
fn the_same_game_as_data_and_as_pgn() {
    let from_pgn = fide().adjudicate("1. f3 e5 2. g4 Qh4# 0-1\n");
    let from_pgn = from_pgn[0].as_ref().expect("a verdict");
    let as_data = fide()
        .adjudicate_record(&chess("f3 e5 g4 Qh4#"))
        .expect("a verdict");
    assert_eq!(as_data.outcome.result().as_str(), "0-1");
    assert_eq!(as_data.outcome.rule(), Some("5.1.1"));
    assert_eq!(as_data.outcome, from_pgn.outcome);
}

/// After 1. e4 e5, 2. Ke3 is no legal move: an error of the record, with no place in a source
/// (it has none).
#[test]
fn an_illegal_move_is_an_error_without_a_place() {
    let e = fide()
        .adjudicate_record(&chess("e4 e5 Ke3"))
        .expect_err("2. Ke3 is illegal");
    assert_eq!(e.offset, None);
    assert!(e.message.to_string().contains("Ke3"), "{}", e.message);
}

/// A parameter set to a value of another type than its rulebook's (`draw_offers_allowed` is
/// yes or no) is refused, where the setting stands.
#[test]
fn a_parameter_of_another_type_is_refused() {
    let mut record = chess("e4");
    record.params.push(Setting {
        name: "draw_offers_allowed".into(),
        value: Value::Int(3),
        at: Some(7),
    });
    let e = fide().adjudicate_record(&record).expect_err("refused");
    assert_eq!(e.offset, Some(7));
    assert_eq!(
        e.message.to_string(),
        "the parameter `draw_offers_allowed` takes a yes-or-no value, not a whole number"
    );
    // Of its type, it is read; a name the rulebook has no parameter for is not.
    record.params[0].value = Value::Bool(false);
    record.params.push(Setting {
        name: "no_such_parameter".into(),
        value: Value::Int(3),
        at: None,
    });
    fide().adjudicate_record(&record).expect("a verdict");
}
