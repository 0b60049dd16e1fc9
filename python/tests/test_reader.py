"""A script written from the README's Python section and the stubs alone (`__init__.pyi`),
as a user would: nothing in it knows the package's insides."""

import io
import pathlib

import chess
import chess.pgn
import pytest

import arbiter

GAME = """[Event "Club"]
[White "Ann"]
[Black "Bob"]
[Result "1-0"]

1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0
"""


def test_a_user_script(tmp_path: pathlib.Path) -> None:
    # A PGN string: Scholar's mate, 4.Qxf7 mates (ply 7).
    verdicts = arbiter.adjudicate(GAME)
    assert len(verdicts) == 1
    v = verdicts[0]
    assert v.result == "1-0" and v.rule == "5.1.1" and v.ended_at_ply == 7
    assert v.finding == "agrees" and v.edition
    for r in v.rulings:
        assert isinstance(r.rule, str) and isinstance(r.ply, int) and r.text
    assert v.to_dict()["result"] == "1-0"
    assert isinstance(v.explanation, str) and v.explanation

    # A path.
    path = tmp_path / "club.pgn"
    path.write_text(GAME + "\n" + GAME.replace("4. Qxf7# 1-0", "4. Qxf7# 1-0").replace("Ann", "Cid"))
    from_path = arbiter.adjudicate(path)
    assert [x.white for x in from_path] == ["Ann", "Cid"]
    assert [x.rule for x in arbiter.iter_adjudicate(str(path))] == ["5.1.1", "5.1.1"]

    # A python-chess game.
    game = chess.pgn.read_game(io.StringIO(GAME))
    assert arbiter.adjudicate(game)[0].rule == "5.1.1"

    # Rulings in Russian.
    ru = arbiter.adjudicate(GAME, lang="ru")[0]
    assert ru.explanation != v.explanation

    # Dead positions and who can still mate, both colour forms.
    assert arbiter.is_dead("8/8/8/4k3/8/8/8/4K2B w - - 0 1") is True
    assert arbiter.is_dead(chess.Board()) is False
    kr = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1"
    mate = arbiter.can_checkmate(kr, "white")
    assert isinstance(mate, arbiter.Helpmate) and mate.san[-1].endswith("#")
    assert arbiter.can_checkmate(kr, chess.WHITE) is not None
    assert arbiter.can_checkmate(kr, "black") is False
    assert arbiter.can_checkmate(kr, chess.BLACK) is False

    # A located PgnError.
    bad = tmp_path / "bad.pgn"
    bad.write_text('[Result "*"]\n\n1. e4 e5 2. Ke5 *\n')
    with pytest.raises(arbiter.PgnError) as caught:
        arbiter.adjudicate(bad)
    assert caught.value.path == str(bad)
    assert caught.value.line == 3 and caught.value.column == 13

    # A broken rulebook.
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / "rulebook.yaml").write_text("id: mine\ntitle: {en: Mine}\nclauses: [\n")
    with pytest.raises(arbiter.RulebookError) as broken:
        arbiter.Rulebook(folder).check()
    # rulebook.yaml has no `clauses` key: the error is at its line, column 1.
    assert (broken.value.line, broken.value.column) == (3, 1)
    assert arbiter.Rulebook("fide-2023").check() is None
    assert "9.6.1" in arbiter.Rulebook("fide-2023").clauses
