"""The Python API against results derived by hand from the FIDE Laws, and against python-chess
(an independent implementation of the moves, repetitions and mates)."""

import io
import json
import os
import pathlib
import shutil
import subprocess
import sys

import chess
import chess.pgn
import pytest

import arbiter

# The start position for the fifth time after 8...Ng8 (plies 0, 4, 8, 12 and 16): 9.6.1 draws
# the game at ply 16; 9.e4 is played after the end.
FIVEFOLD = (
    "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 "
    "7. Nf3 Nf6 8. Ng1 Ng8 9. e4 *"
)
# Fool's mate: 2...Qh4 mates at ply 4 (5.1.1).
FOOLS_MATE = '[White "A"]\n[Black "B"]\n[Result "0-1"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n'
# Sam Loyd's stalemate: after 10.Qe6 Black, not in check, has no legal move (5.2.1), ply 19.
LOYD = (
    "1. e3 a5 2. Qh5 Ra6 3. Qxa5 h5 4. h4 Rah6 5. Qxc7 f6 6. Qxd7+ Kf7 7. Qxb7 Qd3 "
    "8. Qxb8 Qh7 9. Qxc8 Kg6 10. Qe6 1/2-1/2"
)
# Black's flag falls (the record's Termination), but White has a bare king: no series of legal
# moves lets White checkmate, so the game is drawn (6.9), not won.
FLAG_BARE_KING = (
    '[Result "1-0"]\n[Termination "time forfeit"]\n[SetUp "1"]\n'
    '[FEN "k7/8/8/8/8/8/7q/K7 w - - 0 1"]\n\n1. Kb1 1-0\n'
)
# 2.Ke3 is illegal (the king on e1 cannot reach e3): column 13 of its line.
ILLEGAL = "1. e4 e5 2. Ke3 *\n"


def test_pgn_text():
    [v] = arbiter.adjudicate(FIVEFOLD)
    assert (v.result, v.rule, v.ended_at_ply) == ("1/2-1/2", "9.6.1", 16)
    assert v.edition == "fide-2023"  # no date: the newest edition
    [r] = v.rulings
    assert (r.rule, r.ply, r.event, r.decision) == ("9.6.1", 16, "position", "draw")
    assert "9.6.1" in v.explanation
    assert v.path == "<string>" and v.game == 1


def test_fivefold_agrees_with_python_chess():
    """python-chess sees the fifth occurrence at the same ply, and not before."""
    [v] = arbiter.adjudicate(FIVEFOLD)
    game = chess.pgn.read_game(io.StringIO(FIVEFOLD))
    board = game.board()
    for ply, move in enumerate(game.mainline_moves(), start=1):
        board.push(move)
        assert board.is_fivefold_repetition() == (ply >= v.ended_at_ply)
        if ply == v.ended_at_ply:
            break


def test_mate_stalemate_and_flag():
    [mate] = arbiter.adjudicate(FOOLS_MATE)
    assert (mate.result, mate.rule, mate.ended_at_ply, mate.finding) == ("0-1", "5.1.1", 4, "agrees")
    assert (mate.white, mate.black, mate.recorded_result) == ("A", "B", "0-1")
    [stale] = arbiter.adjudicate(LOYD)
    assert (stale.result, stale.rule, stale.ended_at_ply) == ("1/2-1/2", "5.2.1", 19)
    [flag] = arbiter.adjudicate(FLAG_BARE_KING, rulebook="fide-2023")
    assert (flag.result, flag.rule, flag.finding) == ("1/2-1/2", "6.9", "contradicts")
    # Without the record, nothing ended the game.
    [unended] = arbiter.adjudicate(FLAG_BARE_KING, record=False)
    assert (unended.result, unended.rule) == ("*", None)


def test_python_chess_game_and_path(tmp_path):
    game = chess.pgn.read_game(io.StringIO(FOOLS_MATE))
    [v] = arbiter.adjudicate(game)
    assert (v.result, v.rule, v.path) == ("0-1", "5.1.1", "<chess.pgn.Game>")
    # The same game from a file: its path as given, str or PathLike.
    path = tmp_path / "g.pgn"
    path.write_text(FOOLS_MATE + "\n" + FIVEFOLD + "\n")
    for source in (path, str(path)):
        vs = arbiter.adjudicate(source)
        assert [(x.rule, x.game) for x in vs] == [("5.1.1", 1), ("9.6.1", 2)]
        assert vs[0].path == str(path)
    # Several sources at once, in order.
    assert [x.rule for x in arbiter.adjudicate([game, FIVEFOLD])] == ["5.1.1", "9.6.1"]
    with pytest.raises(FileNotFoundError):
        arbiter.adjudicate(tmp_path / "missing.pgn")


def test_located_pgn_error(tmp_path):
    path = tmp_path / "bad.pgn"
    path.write_text(FIVEFOLD + "\n\n" + ILLEGAL)
    with pytest.raises(arbiter.PgnError) as e:
        arbiter.adjudicate(path)
    err = e.value
    assert isinstance(err, arbiter.ArbiterError)
    assert (err.path, err.line, err.column, err.game) == (str(path), 3, 13, 2)
    assert "Ke3" in err.message and str(err).startswith(f"{path}:3:13: ")
    # In Russian.
    with pytest.raises(arbiter.PgnError) as e:
        arbiter.adjudicate(path, lang="ru")
    assert "невозможный ход" in e.value.message
    # Kept in place: the other games are ruled on.
    out = arbiter.adjudicate(path, errors="keep")
    assert isinstance(out[0], arbiter.Verdict) and isinstance(out[1], arbiter.PgnError)


def test_iter_adjudicate_yields_errors_in_place(tmp_path):
    path = tmp_path / "mixed.pgn"
    path.write_text("\n\n".join([FOOLS_MATE, ILLEGAL, LOYD]) + "\n")
    items = list(arbiter.iter_adjudicate(path, jobs=2))
    assert [type(i).__name__ for i in items] == ["Verdict", "PgnError", "Verdict"]
    assert [items[0].rule, items[2].rule] == ["5.1.1", "5.2.1"]
    with open(path, "rb") as f:
        assert [type(i).__name__ for i in arbiter.iter_adjudicate(f)] == ["Verdict", "PgnError", "Verdict"]
    with pytest.raises(TypeError):
        list(arbiter.iter_adjudicate(open(path, encoding="utf-8")))


class Games(io.RawIOBase):
    """A binary stream of `n` games made on demand, counting the bytes read."""

    def __init__(self, n):
        self.data = ((FIVEFOLD + "\n\n") * n).encode()
        self.at = 0

    def readable(self):
        return True

    def read(self, size=-1):
        size = len(self.data) - self.at if size is None or size < 0 else size
        chunk = self.data[self.at:self.at + size]
        self.at += len(chunk)
        return chunk


def test_iter_adjudicate_streams():
    """The first verdicts come before the input is read through, and stopping early stops
    reading: memory is bounded by the games in flight, not by the input."""
    games = Games(40_000)
    it = arbiter.iter_adjudicate(games, jobs=1)
    first = next(it)
    assert first.rule == "9.6.1"
    assert games.at < len(games.data) // 4
    seen = 1 + sum(1 for _ in zip(range(99), it))
    assert seen == 100
    assert games.at < len(games.data) // 4
    # All of them, in order.
    assert sum(1 for v in arbiter.iter_adjudicate(Games(500), jobs=2) if v.rule == "9.6.1") == 500


def test_to_dict_is_the_cli_json(tmp_path, cli):
    path = tmp_path / "g.pgn"
    path.write_text("\n\n".join([FOOLS_MATE, FIVEFOLD, ILLEGAL, LOYD, FLAG_BARE_KING]) + "\n")
    for lang in ("en", "ru"):
        out = subprocess.run(
            [str(cli), "--lang", lang, "adjudicate", "--format", "json", str(path)],
            capture_output=True, text=True,
        ).stdout
        lines = [json.loads(line) for line in out.splitlines()]
        got = arbiter.adjudicate(path, lang=lang, errors="keep")
        assert len(got) == len(lines) == 5
        for v, want in zip(got, lines):
            if isinstance(v, arbiter.Verdict):
                assert v.to_dict() == want
                assert v.explanation == want["text"]
            else:
                assert (v.path, v.game, v.line, v.column, v.message) == (
                    want["file"], want["game"], want["line"], want["column"], want["error"])


def test_corpus_file_equals_the_cli(corpus, cli):
    path = corpus / "pgnmentor-players" / "Capablanca.pgn"
    out = subprocess.run([str(cli), "adjudicate", "--format", "json", str(path)],
                         capture_output=True, text=True).stdout.splitlines()
    got = list(arbiter.iter_adjudicate(path))
    assert len(got) == len(out) > 500
    for v, line in zip(got, out):
        want = json.loads(line)
        if isinstance(v, arbiter.Verdict):
            # The fields read without parsing are the JSON's.
            assert (v.result, v.rule, v.finding, v.edition, v.ended_at_ply) == (
                want["result"], want["rule"], want["finding"], want["edition"], want["ended_at_ply"])
        assert (v.to_dict() if isinstance(v, arbiter.Verdict) else {"error": v.message}) == (
            want if "error" not in want else {"error": want["error"]})


def test_python_m_arbiter(tmp_path, root):
    path = tmp_path / "g.pgn"
    path.write_text(FOOLS_MATE)
    run = subprocess.run([sys.executable, "-m", "arbiter", "adjudicate", "--format", "json", str(path)],
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout)["rule"] == "5.1.1"
    usage = subprocess.run([sys.executable, "-m", "arbiter", "--no-such-option"],
                           capture_output=True, text=True)
    assert usage.returncode == 2 and "--no-such-option" in usage.stderr


DEAD = [
    "8/8/4k3/8/8/4K3/8/8 w - - 0 1",  # bare kings
    "8/8/4k3/8/8/3NK3/8/8 b - - 0 1",  # a knight cannot mate a bare king
    "8/8/4k3/8/8/3BK3/8/8 w - - 0 1",  # nor can a bishop
    # Blocked pawns, kings unable to cross: dead though python-chess sees material.
    "8/8/8/1k6/p1p1p1p1/P1P1P1P1/8/5K2 w - - 0 1",
]
ALIVE = [chess.STARTING_FEN, "8/8/4k3/8/8/3QK3/8/8 w - - 0 1", "8/8/8/8/8/2k5/1p6/1K6 w - - 0 1"]


def test_is_dead():
    for fen in DEAD:
        assert arbiter.is_dead(fen) is True, fen
    for fen in ALIVE:
        assert arbiter.is_dead(fen) is False, fen
    # A chess.Board is taken as its FEN; python-chess's insufficient material is dead here too.
    for fen in DEAD + ALIVE:
        board = chess.Board(fen)
        if board.is_insufficient_material():
            assert arbiter.is_dead(board) is True
    with pytest.raises(arbiter.ArbiterError):
        arbiter.is_dead("not a fen")


def _mates(fen, helpmate, white):
    """The helpmate is legal move after move in python-chess and ends in `white`'s mate."""
    board = chess.Board(fen)
    for uci, san in zip(helpmate.uci, helpmate.san):
        move = chess.Move.from_uci(uci)
        assert move in board.legal_moves
        assert board.san(move) == san
        board.push(move)
    return board.is_checkmate() and board.turn != white


def test_can_checkmate_both_colour_forms():
    kq = "8/8/4k3/8/8/3QK3/8/8 w - - 0 1"
    for white in ("white", chess.WHITE):
        h = arbiter.can_checkmate(kq, white)
        assert isinstance(h, arbiter.Helpmate) and _mates(kq, h, chess.WHITE)
    for black in ("black", chess.BLACK):
        assert arbiter.can_checkmate(kq, black) is False
    # King and knight against king and pawn: the knight mates only with the pawn's help.
    kn_kp = "7k/7p/8/8/8/8/8/K5N1 w - - 0 1"
    h = arbiter.can_checkmate(kn_kp, chess.WHITE)
    assert isinstance(h, arbiter.Helpmate) and _mates(kn_kp, h, chess.WHITE)
    # The start position with a budget of one position: no proof either way.
    assert arbiter.can_checkmate(chess.STARTING_FEN, "white", nodes=1) is None
    with pytest.raises(ValueError):
        arbiter.can_checkmate(kq, 1)


def test_explain():
    text = arbiter.explain("9.6.1")
    assert text.startswith("9.6.1") and "five times" in text
    assert "пять раз" in arbiter.explain("9.6.1", lang="ru")
    with pytest.raises(arbiter.ArbiterError):
        arbiter.explain("99.99")


def test_rulebook(root, tmp_path):
    rb = arbiter.Rulebook("fide-2023")
    assert rb.id == "fide-2023" and {"en", "ru"} <= set(rb.languages)
    assert {"5.1.1", "5.2.1", "6.9", "9.6.1"} <= set(rb.clauses)
    rb.check()
    assert "fide" in arbiter.rulebooks() and "ru" in arbiter.languages()
    with pytest.raises(arbiter.RulebookError):
        arbiter.Rulebook("no-such-rulebook")
    # A copy of a real rulebook with one condition broken: located at the broken line.
    broken = tmp_path / "club"
    shutil.copytree(root / "rules" / "club", broken)
    lines = (broken / "draws.yaml").read_text().split("\n")
    at = next(i for i, l in enumerate(lines) if l.strip().startswith("when:"))
    lines[at] = lines[at].replace("when:", "when: (", 1)
    (broken / "draws.yaml").write_text("\n".join(lines))
    rb = arbiter.Rulebook(broken)
    with pytest.raises(arbiter.RulebookError) as e:
        rb.check()
    assert e.value.path == str(broken / "draws.yaml")
    assert e.value.line == at + 1 and e.value.column >= 1
    assert "draws.yaml" in e.value.report
    with pytest.raises(arbiter.RulebookError):
        arbiter.adjudicate(FIVEFOLD, rulebook=str(broken))


def test_each_call_speaks_its_own_language(tmp_path):
    """No language is held by the process: a call says its errors in the language it names,
    and a call that names none (is_dead) in English, whatever was asked before, also from two
    threads asking in two languages at once."""
    path = tmp_path / "bad.pgn"
    path.write_text(ILLEGAL)
    with pytest.raises(arbiter.PgnError) as e:
        arbiter.adjudicate(path, lang="ru")
    ru = e.value.message
    assert "невозможный ход" in ru
    with pytest.raises(arbiter.ArbiterError) as e:
        arbiter.is_dead("not a fen")
    assert not any("а" <= c <= "я" for c in e.value.message.lower()), e.value.message
    with pytest.raises(arbiter.PgnError) as e:
        arbiter.adjudicate(path, lang="en")
    en = e.value.message
    assert en != ru and "Ke3" in en

    def said(lang):
        try:
            arbiter.adjudicate(path, lang=lang)
        except arbiter.PgnError as err:
            return err.message
        return None

    from concurrent.futures import ThreadPoolExecutor
    with ThreadPoolExecutor(max_workers=2) as pool:
        got = list(pool.map(said, ["ru", "en"] * 50))
    assert got == [ru, en] * 50


def test_unknown_language():
    with pytest.raises(arbiter.ArbiterError):
        arbiter.adjudicate(FIVEFOLD, lang="xx")
    # And the next call in a known language is fine.
    assert arbiter.adjudicate(FIVEFOLD, lang="en")[0].rule == "9.6.1"


def test_draughts_verdicts_equal_the_cli(root, cli):
    """A rulebook of no family (Russian draughts): no edition, as the JSON says."""
    pdn = root / "examples" / "draughts" / "club.pdn"
    for rulebook in ("club", "russian-draughts"):
        out = subprocess.run([str(cli), "adjudicate", "--rulebook", rulebook, "--format", "json", str(pdn)],
                             capture_output=True, text=True).stdout.splitlines()
        got = arbiter.adjudicate(pdn, rulebook=rulebook)
        assert len(got) == len(out) > 0
        for v, line in zip(got, out):
            want = json.loads(line)
            assert v.to_dict() == want
            assert (v.result, v.rule, v.finding, v.edition) == (
                want["result"], want["rule"], want["finding"], want["edition"])


def test_waiting_releases_the_gil():
    """The input is a file whose read() waits for another Python thread: if waiting for a
    verdict held the GIL, neither that thread nor the read could run."""
    import threading

    ready = threading.Event()

    class Late(io.RawIOBase):
        def __init__(self):
            self.data = (FOOLS_MATE + "\n").encode()

        def readable(self):
            return True

        def read(self, size=-1):
            ready.wait(30)
            chunk, self.data = self.data, b""
            return chunk

    got = []
    worker = threading.Thread(target=lambda: got.extend(arbiter.iter_adjudicate(Late(), jobs=1)))
    worker.start()
    threading.Timer(0.2, ready.set).start()
    worker.join(30)
    assert not worker.is_alive()
    assert [v.rule for v in got] == ["5.1.1"]
