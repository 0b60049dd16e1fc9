#!/usr/bin/env bash
# The Python package in CI (.ci/run): the wheel built by maturin, installed into a fresh virtual
# environment with python-chess, pytest and matplotlib (PyPI, pinned in requirements-test.txt),
# then python/tests run with pytest. Uses the `arbiter` binary of `cargo build --release` (the
# tests compare Verdict.to_dict() with its JSON) and the corpus beside the repository.
set -euo pipefail
cd "$(dirname "$0")/.."

VENV="$PWD/target/python-ci/venv"
rm -rf target/python-ci
if ! python3 -m venv "$VENV" 2>/dev/null; then
    SUDO=$(command -v sudo || true)
    $SUDO apt-get update -qq && $SUDO apt-get install -y -qq python3-venv >/dev/null
    rm -rf "$VENV"
    python3 -m venv "$VENV"
fi
"$VENV/bin/pip" install --quiet --upgrade pip
"$VENV/bin/pip" install --quiet -r python/requirements-test.txt
"$VENV/bin/maturin" build --release --locked -m python/Cargo.toml --out target/python-ci/wheels
"$VENV/bin/pip" install --quiet target/python-ci/wheels/arbiter-*.whl
# From outside the source tree, so that the installed package is the one imported.
cd target/python-ci
"$VENV/bin/python" -m pytest -p no:cacheprovider -q "$OLDPWD/python/tests"
