"""Shared fixtures: the repository's root, the `arbiter` binary the CLI tests compare with, and
the game corpus (in CI each must be there: a missing one fails rather than skips)."""

import os
import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


def _needed(what: str) -> None:
    if os.environ.get("CI"):
        pytest.fail(f"{what} is missing (CI needs it)")
    pytest.skip(f"{what} is missing")


@pytest.fixture(scope="session")
def root() -> pathlib.Path:
    return ROOT


@pytest.fixture(scope="session")
def cli() -> pathlib.Path:
    """The `arbiter` binary (`cargo build --release`), or $ARBITER_BIN."""
    path = pathlib.Path(os.environ.get("ARBITER_BIN", ROOT / "target" / "release" / "arbiter"))
    if not path.is_file():
        _needed(f"the arbiter binary ({path}; `cargo build --release`)")
    return path


@pytest.fixture(scope="session")
def corpus() -> pathlib.Path:
    """$ARBITER_CORPUS, else ../shared/corpus beside the repository."""
    path = pathlib.Path(os.environ.get("ARBITER_CORPUS", ROOT.parent / "shared" / "corpus"))
    if not (path / "pgnmentor-players").is_dir():
        _needed(f"the game corpus ({path})")
    return path
