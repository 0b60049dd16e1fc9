"""arbiter: chess laws as data, from Python.

Rule on games under the FIDE Laws (Article 9, 6.9 and 5.1.2 against a side that cannot mate,
the editions in force on each game's date, Guidelines III) or any rulebook, and say why, in
English or Russian; ask the unwinnability engine whether a position is dead or a side can
still checkmate.

    >>> import arbiter
    >>> [v] = arbiter.adjudicate("1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 *")
    >>> v.result, v.rule
    ('*', None)

The work is done by arbiter's Rust library (the extension module ``arbiter._arbiter``), with
the GIL released. A verdict is the object ``arbiter adjudicate --format json`` prints for the
game: ``Verdict.to_dict()`` is that object.
"""

from __future__ import annotations

import io
import json
import os
from typing import Any, Iterable, Iterator, Optional, Union

from . import _arbiter

__version__: str = _arbiter.__version__

__all__ = [
    "ArbiterError",
    "PgnError",
    "RulebookError",
    "Verdict",
    "Ruling",
    "Helpmate",
    "Rulebook",
    "adjudicate",
    "iter_adjudicate",
    "explain",
    "is_dead",
    "can_checkmate",
    "languages",
    "rulebooks",
]


class ArbiterError(Exception):
    """An error arbiter reports: its message in the language asked for, and where it is.

    ``path``, ``line`` and ``column`` (1-based) say where, when the error is in a file or a
    text; they are ``None`` otherwise.
    """

    def __init__(
        self,
        message: str,
        path: Optional[str] = None,
        line: Optional[int] = None,
        column: Optional[int] = None,
        report: Optional[str] = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.path = path
        self.line = line
        self.column = column
        self.report = report

    def __str__(self) -> str:
        if self.path is not None and self.line is not None:
            return f"{self.path}:{self.line}:{self.column}: {self.message}"
        if self.path is not None:
            return f"{self.path}: {self.message}"
        return self.message


class PgnError(ArbiterError):
    """A game that could not be read or ruled on (a syntax error, an illegal move).

    ``game`` is its number in its input (1 for the first), ``line`` and ``column`` the place
    in the input, ``path`` the input's name.
    """

    def __init__(
        self,
        message: str,
        path: Optional[str] = None,
        line: Optional[int] = None,
        column: Optional[int] = None,
        report: Optional[str] = None,
        game: Optional[int] = None,
    ) -> None:
        super().__init__(message, path, line, column, report)
        self.game = game


class RulebookError(ArbiterError):
    """A rulebook that could not be loaded or that does not check.

    ``path``, ``line`` and ``column`` are those of its first problem; ``report`` holds every
    problem found, each with the source line and a caret, as ``arbiter check`` prints them.
    """


class Ruling:
    """One ruling of a game: a clause that fired, at which ply, on which event, deciding what.

    ``decision`` is the ruling's effects in short (``"draw"``, ``"win white"``, ``"uphold"``,
    several joined by ``"; "``); ``effects`` are the effects as the JSON has them; ``text`` is
    the ruling in words.
    """

    __slots__ = ("_d",)

    def __init__(self, d: dict) -> None:
        self._d = d

    @property
    def rule(self) -> str:
        return self._d["rule"]

    @property
    def ply(self) -> int:
        return self._d["ply"]

    @property
    def event(self) -> str:
        return self._d["event"]

    @property
    def effects(self) -> list:
        return self._d.get("effects", [])

    @property
    def decision(self) -> str:
        parts = []
        for e in self.effects:
            words = [str(e.get("type", ""))]
            words += [str(v) for k, v in e.items() if k != "type"]
            parts.append(" ".join(words))
        return "; ".join(parts)

    @property
    def text(self) -> str:
        return self._d["text"]

    def to_dict(self) -> dict:
        return json.loads(json.dumps(self._d))

    def __repr__(self) -> str:
        return f"Ruling(rule={self.rule!r}, ply={self.ply!r}, decision={self.decision!r})"


class Verdict:
    """What the laws made of one game.

    ``result`` is ``"1-0"``, ``"0-1"``, ``"1/2-1/2"`` or ``"*"`` (not ended by the laws);
    ``rule`` the clause that ended it (``None`` if none did); ``ended_at_ply`` the ply after
    which it ended; ``edition`` the edition of the Laws that ruled (``"fide-2023"``);
    ``finding`` how the record compares (``"agrees"``, ``"ended-earlier"``, ``"contradicts"``,
    ``"assumed"``, ...); ``explanation`` the verdict in words, in the language asked for;
    ``rulings`` every ruling in order. ``to_dict()`` is the object ``arbiter adjudicate
    --format json`` prints for the game.
    """

    __slots__ = ("_raw", "_parsed", "_result", "_rule", "_finding", "_edition")

    def __init__(
        self,
        raw: str,
        result: Optional[str] = None,
        rule: Optional[str] = None,
        finding: Optional[str] = None,
        edition: Optional[str] = None,
    ) -> None:
        self._raw = raw
        self._parsed: Optional[dict] = None
        if result is None:
            d = self._d
            result, rule, finding, edition = d["result"], d.get("rule"), d["finding"], d.get("edition")
        self._result, self._rule, self._finding, self._edition = result, rule, finding, edition

    @property
    def _d(self) -> dict:
        # The JSON object, parsed when something beyond the four fields above is read.
        if self._parsed is None:
            self._parsed = json.loads(self._raw)
        return self._parsed

    @property
    def result(self) -> str:
        return self._result

    @property
    def rule(self) -> Optional[str]:
        return self._rule

    @property
    def ended_at_ply(self) -> Optional[int]:
        return self._d.get("ended_at_ply")

    @property
    def edition(self) -> Optional[str]:
        return self._edition

    @property
    def finding(self) -> str:
        return self._finding

    @property
    def explanation(self) -> str:
        return self._d["text"]

    @property
    def rulings(self) -> list[Ruling]:
        return [Ruling(r) for r in self._d.get("rulings", [])]

    @property
    def recorded_result(self) -> Optional[str]:
        return self._d.get("recorded_result")

    @property
    def white(self) -> Optional[str]:
        return self._d.get("white")

    @property
    def black(self) -> Optional[str]:
        return self._d.get("black")

    @property
    def game(self) -> int:
        """The game's number in its input, 1 for the first."""
        return self._d["game"]

    @property
    def path(self) -> str:
        """The input's name: the path as given, ``<string>`` or ``<chess.pgn.Game>``."""
        return self._d["file"]

    @property
    def line(self) -> int:
        return self._d["line"]

    @property
    def plies(self) -> int:
        return self._d["plies"]

    def to_dict(self) -> dict:
        """The game's object in ``arbiter adjudicate --format json``, a fresh copy."""
        return json.loads(self._raw)

    def __repr__(self) -> str:
        return (
            f"Verdict(game={self.game!r}, result={self.result!r}, rule={self.rule!r}, "
            f"ended_at_ply={self.ended_at_ply!r}, finding={self.finding!r})"
        )


class Helpmate:
    """A series of legal moves by which a side checkmates (with the other side's help): the
    proof that it still can. ``uci`` and ``san`` are the moves, the last one mating."""

    __slots__ = ("uci", "san")

    def __init__(self, uci: list[str], san: list[str]) -> None:
        self.uci = uci
        self.san = san

    def __repr__(self) -> str:
        return f"Helpmate(san={self.san!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Helpmate) and (self.uci, self.san) == (other.uci, other.san)

    def __hash__(self) -> int:
        return hash(tuple(self.uci))


def _is_game(source: Any) -> bool:
    """A python-chess game (``chess.pgn.Game``), without importing python-chess."""
    for cls in type(source).__mro__:
        if cls.__module__ == "chess.pgn" and cls.__name__ == "GameNode":
            return hasattr(source, "headers")
    return False


def _looks_like_path(text: str) -> bool:
    if "\n" in text or text.lstrip().startswith("["):
        return False
    return os.path.exists(text) or text.lower().endswith((".pgn", ".pdn"))


def _input(source: Any, text_is_path: bool, lang: str) -> tuple:
    if _is_game(source):
        return ("bytes", "<chess.pgn.Game>", str(source).encode("utf-8"))
    if isinstance(source, os.PathLike):
        source = os.fspath(source)
        if isinstance(source, bytes):
            source = os.fsdecode(source)
    if isinstance(source, str):
        if text_is_path or _looks_like_path(source):
            if not os.path.exists(source):
                raise FileNotFoundError(2, os.strerror(2), source)
            return ("path", source, None)
        return ("bytes", "<string>", source.encode("utf-8"))
    if isinstance(source, (bytes, bytearray, memoryview)):
        return ("bytes", "<bytes>", bytes(source))
    if isinstance(source, io.TextIOBase):
        raise TypeError(_arbiter.message("binary-file", lang=lang))
    if hasattr(source, "read"):
        return ("file", str(getattr(source, "name", "<file>")), source)
    raise TypeError(_arbiter.message("bad-source", type(source).__name__, lang))


def _inputs(source: Any, text_is_path: bool, lang: str) -> list:
    if isinstance(source, (list, tuple)):
        return [_input(s, text_is_path, lang) for s in source]
    return [_input(source, text_is_path, lang)]


def _error(kind: int, raw: str, *_: Any) -> ArbiterError:
    d = json.loads(raw)
    if kind == _arbiter.BAD_GAME:
        return PgnError(d["error"], d.get("file"), d.get("line"), d.get("column"), game=d.get("game"))
    return ArbiterError(d["error"], d.get("file"))


def _run(source: Any, text_is_path: bool, rulebook: str, lang: str, record: bool,
         jobs: Optional[int], edition: Optional[str]) -> Iterator[Union[Verdict, ArbiterError]]:
    run = _arbiter.judge(_inputs(source, text_is_path, lang), rulebook, lang, record, jobs, edition)
    verdict = _arbiter.VERDICT
    for ready in run:
        for item in ready:
            yield Verdict(*item[1:]) if item[0] == verdict else _error(*item)


def adjudicate(
    source: Any,
    *,
    rulebook: str = "fide",
    lang: str = "en",
    record: bool = True,
    jobs: Optional[int] = None,
    edition: Optional[str] = None,
    errors: str = "raise",
) -> list:
    """Rule on every game of ``source`` and return the verdicts, in order.

    ``source`` is PGN (or PDN) text, a path (``str`` or ``os.PathLike``; a ``str`` is a path
    when such a file exists or it ends in ``.pgn``/``.pdn``), a binary file, a python-chess
    ``chess.pgn.Game`` (read as ``str(game)`` exports it), or a list of these.

    ``rulebook`` is an embedded rulebook (``"fide"``: the FIDE Laws in force on each game's
    date; ``"fide-2023"``, ``"fide-2018"``, ``"club"``, ...) or a rulebook folder; ``edition``
    rules every game under one edition of the Laws. ``lang`` is the language of the
    explanations and the messages (``"en"``, ``"ru"``). With ``record=False`` a game the laws
    have not ended stays unended (``"*"``) instead of ending as its record says. ``jobs``:
    games ruled on at once (default: one per core).

    A game that cannot be read or ruled on raises ``PgnError`` (located), unless
    ``errors="keep"``, which puts the ``PgnError`` in the list in the game's place.
    """
    if errors not in ("raise", "keep"):
        raise ValueError(_arbiter.message("bad-errors", repr(errors), lang))
    out = []
    for item in _run(source, False, rulebook, lang, record, jobs, edition):
        if isinstance(item, ArbiterError) and errors == "raise":
            raise item
        out.append(item)
    return out


def iter_adjudicate(
    source: Any,
    *,
    rulebook: str = "fide",
    lang: str = "en",
    record: bool = True,
    jobs: Optional[int] = None,
    edition: Optional[str] = None,
) -> Iterator[Union[Verdict, ArbiterError]]:
    """Rule on every game of a file as it is read: the verdicts in input order, with memory
    bounded by the games in flight, whatever the file's size.

    ``source`` is a path (``str`` or ``os.PathLike``), a binary file (``open(p, "rb")``, a
    ``gzip.open(p)``), or a list of them. A game that cannot be read or ruled on is a
    ``PgnError`` yielded (not raised) in its place, and an input that cannot be read an
    ``ArbiterError``; the other games go on. The keywords are ``adjudicate``'s. Waiting for the
    next verdict releases the GIL; stopping early stops the work.
    """
    return _run(source, True, rulebook, lang, record, jobs, edition)


def explain(clause_id: str, *, rulebook: str = "fide-2023", lang: str = "en") -> str:
    """A clause's text, as ``arbiter explain CLAUSE`` shows it (``"9.6.1"``)."""
    return _arbiter.explain(clause_id, rulebook, lang)


def _fen(position: Any) -> str:
    if isinstance(position, str):
        return position
    fen = getattr(position, "fen", None)
    if callable(fen):
        return fen()
    raise TypeError(_arbiter.message("bad-position", type(position).__name__))


def is_dead(fen: Any, *, nodes: Optional[int] = None) -> Optional[bool]:
    """Is the position dead (FIDE 5.2.2: no series of legal moves checkmates either king)?

    ``fen`` is a FEN or a ``chess.Board``. ``True`` or ``False``; ``None`` when the engine's
    budget (``nodes`` positions per question; arbiter's default otherwise) ran out first.
    """
    return _arbiter.is_dead(_fen(fen), nodes)


def can_checkmate(fen: Any, color: Any, *, nodes: Optional[int] = None) -> Union[Helpmate, bool, None]:
    """Can ``color`` still checkmate, by any series of legal moves (FIDE 6.9, 5.1.2)?

    ``color`` is ``"white"`` or ``"black"``, or python-chess's ``chess.WHITE``/``chess.BLACK``.
    Returns a ``Helpmate`` (yes, and how), ``False`` (proved impossible), or ``None`` (the
    budget of ``nodes`` positions ran out first): test with ``is False`` and ``is None``.
    """
    if isinstance(color, bool):
        white = color
    elif isinstance(color, str) and color.lower() in ("white", "black", "w", "b"):
        white = color.lower() in ("white", "w")
    else:
        raise ValueError(_arbiter.message("bad-color", repr(color)))
    answer, uci, san = _arbiter.can_checkmate(_fen(fen), white, nodes)
    if answer == "can":
        return Helpmate(uci, san)
    if answer == "cannot":
        return False
    return None


class Rulebook:
    """A rulebook: one compiled into arbiter (``"fide-2023"``, ``"fide"``, ``"club"``, ...)
    or a rulebook folder (an edited copy).

    ``id``, ``clauses`` (the ids of the clauses in force), ``languages`` and ``editions``
    compile it on first use and raise ``RulebookError`` if it is broken; ``check()`` compiles
    every edition and raises ``RulebookError`` with every problem, located.
    """

    def __init__(self, name_or_path: Union[str, "os.PathLike[str]"]) -> None:
        self.spec = os.fspath(name_or_path)
        _arbiter.rulebook_find(self.spec)
        self._info: Optional[tuple] = None

    def _load(self) -> tuple:
        if self._info is None:
            self._info = _arbiter.rulebook_info(self.spec)
        return self._info

    @property
    def id(self) -> str:
        return self._load()[0]

    @property
    def clauses(self) -> list[str]:
        return list(self._load()[1])

    @property
    def languages(self) -> list[str]:
        return list(self._load()[2])

    @property
    def editions(self) -> list[str]:
        return list(self._load()[3])

    def check(self) -> None:
        """Compile and check the rulebook (each edition it is compiled on); raise
        ``RulebookError`` on the first problem, with ``report`` holding every one."""
        _arbiter.rulebook_check(self.spec)

    def __repr__(self) -> str:
        return f"Rulebook({self.spec!r})"


def languages() -> list[str]:
    """The languages arbiter speaks (``lang=``)."""
    return list(_arbiter.languages())


def rulebooks() -> list[str]:
    """The names of the rulebooks compiled into arbiter (``rulebook=``)."""
    return list(_arbiter.rulebook_names())
