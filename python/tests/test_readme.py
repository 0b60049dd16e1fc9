"""What a reader copies works: the README's Python example runs as written and prints what its
comments say, and the notebook-style example audits an archive and writes its plot."""

import contextlib
import io
import os
import subprocess
import sys


def _python_block(readme: str) -> str:
    start = readme.index("## Python\n")
    begin = readme.index("```python\n", start) + len("```python\n")
    return readme[begin:readme.index("```", begin)]


def test_readme_example_runs_as_written(root):
    code = _python_block((root / "README.md").read_text(encoding="utf-8"))
    assert len(code.strip().splitlines()) <= 10
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, "README.md", "exec"), {})
    lines = out.getvalue().splitlines()
    # The comments' values: 9.6.1 at ply 16 (the fifth start position), mate at ply 4, a
    # knight alone cannot mate, a bare king cannot, a queen can (a helpmate ending in mate).
    assert lines[0] == "1/2-1/2 9.6.1 16 fide-2023"
    assert "5 times" in lines[1]
    assert lines[2:5] == ["5.1.1", "True", "False"]
    assert lines[5].startswith("[") and lines[5].endswith("#']")


def test_readme_install_commands_name_what_exists(root):
    readme = (root / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("## Python\n"):]
    assert "pip install maturin && maturin build --release -m python/Cargo.toml" in section
    assert "pip install ./python" in section
    assert (root / "python" / "pyproject.toml").is_file() and (root / "python" / "Cargo.toml").is_file()


def test_audit_example(root, tmp_path):
    games = tmp_path / "archive.pgn"
    games.write_text(
        '[Result "0-1"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n\n'
        '[Result "1-0"]\n\n1. e4 e5 2. Ke3 1-0\n\n'
        '[Result "1-0"]\n\n1. e4 e5 1-0\n'
    )
    png = tmp_path / "by-clause.png"
    run = subprocess.run(
        [sys.executable, str(root / "examples" / "python" / "audit.py"), str(games)],
        capture_output=True, text=True, env={**os.environ, "AUDIT_PNG": str(png)},
    )
    assert run.returncode == 0, run.stderr
    assert "2 games ruled on, 1 could not be read" in run.stdout
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
