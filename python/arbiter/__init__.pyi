# Type stubs of the package `arbiter` (python/arbiter/__init__.py holds the docstrings).
import os
from typing import IO, Any, Iterator, Literal, Optional, Sequence, Union, overload

__version__: str

Source = Union[str, bytes, os.PathLike[str], IO[bytes], Any]
"""PGN/PDN text, a path, a binary file, a chess.pgn.Game, or a list of them."""

class ArbiterError(Exception):
    message: str
    path: Optional[str]
    line: Optional[int]
    column: Optional[int]
    report: Optional[str]
    def __init__(
        self,
        message: str,
        path: Optional[str] = ...,
        line: Optional[int] = ...,
        column: Optional[int] = ...,
        report: Optional[str] = ...,
    ) -> None: ...

class PgnError(ArbiterError):
    game: Optional[int]
    def __init__(
        self,
        message: str,
        path: Optional[str] = ...,
        line: Optional[int] = ...,
        column: Optional[int] = ...,
        report: Optional[str] = ...,
        game: Optional[int] = ...,
    ) -> None: ...

class RulebookError(ArbiterError): ...

class Ruling:
    @property
    def rule(self) -> str: ...
    @property
    def ply(self) -> int: ...
    @property
    def event(self) -> str: ...
    @property
    def decision(self) -> str: ...
    @property
    def effects(self) -> list[dict[str, Any]]: ...
    @property
    def text(self) -> str: ...
    def to_dict(self) -> dict[str, Any]: ...

class Verdict:
    @property
    def result(self) -> Literal["1-0", "0-1", "1/2-1/2", "*"] | str: ...
    @property
    def rule(self) -> Optional[str]: ...
    @property
    def ended_at_ply(self) -> Optional[int]: ...
    @property
    def edition(self) -> Optional[str]: ...
    @property
    def finding(self) -> str: ...
    @property
    def explanation(self) -> str: ...
    @property
    def rulings(self) -> list[Ruling]: ...
    @property
    def recorded_result(self) -> Optional[str]: ...
    @property
    def white(self) -> Optional[str]: ...
    @property
    def black(self) -> Optional[str]: ...
    @property
    def game(self) -> int: ...
    @property
    def path(self) -> str: ...
    @property
    def line(self) -> int: ...
    @property
    def plies(self) -> int: ...
    def to_dict(self) -> dict[str, Any]: ...

class Helpmate:
    uci: list[str]
    san: list[str]
    def __init__(self, uci: list[str], san: list[str]) -> None: ...

class Rulebook:
    spec: str
    def __init__(self, name_or_path: Union[str, os.PathLike[str]]) -> None: ...
    @property
    def id(self) -> str: ...
    @property
    def clauses(self) -> list[str]: ...
    @property
    def languages(self) -> list[str]: ...
    @property
    def editions(self) -> list[str]: ...
    def check(self) -> None: ...

@overload
def adjudicate(
    source: Source,
    *,
    rulebook: str = ...,
    lang: str = ...,
    record: bool = ...,
    jobs: Optional[int] = ...,
    edition: Optional[str] = ...,
    errors: Literal["raise"] = ...,
) -> list[Verdict]: ...
@overload
def adjudicate(
    source: Source,
    *,
    rulebook: str = ...,
    lang: str = ...,
    record: bool = ...,
    jobs: Optional[int] = ...,
    edition: Optional[str] = ...,
    errors: Literal["keep"],
) -> list[Union[Verdict, PgnError]]: ...
def iter_adjudicate(
    source: Union[str, os.PathLike[str], IO[bytes], Sequence[Union[str, os.PathLike[str], IO[bytes]]]],
    *,
    rulebook: str = ...,
    lang: str = ...,
    record: bool = ...,
    jobs: Optional[int] = ...,
    edition: Optional[str] = ...,
) -> Iterator[Union[Verdict, ArbiterError]]: ...
def explain(clause_id: str, *, rulebook: str = ..., lang: str = ...) -> str: ...
def is_dead(fen: Union[str, Any], *, nodes: Optional[int] = ...) -> Optional[bool]: ...
def can_checkmate(
    fen: Union[str, Any],
    color: Union[Literal["white", "black"], bool],
    *,
    nodes: Optional[int] = ...,
) -> Union[Helpmate, Literal[False], None]: ...
def languages() -> list[str]: ...
def rulebooks() -> list[str]: ...
