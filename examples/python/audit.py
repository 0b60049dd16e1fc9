# %% [markdown]
# # Auditing an archive with arbiter, from Python
#
# A notebook as a script (`# %%` cells: VS Code, Jupytext and Spyder open it as a notebook;
# `python examples/python/audit.py [ARCHIVE.pgn ...]` runs it whole). It rules on every game of
# an archive under the FIDE Laws in force on each game's date, compares each recorded result
# with the laws', and plots the games by the clause that ended them. Needs the package
# (`pip install ./python`) and matplotlib.
#
# Without arguments it reads the corpus beside the repository (`$ARBITER_CORPUS`, else
# `../shared/corpus`), or the repository's own test games when that is missing.

# %%
import collections
import os
import pathlib
import sys

import matplotlib

matplotlib.use("Agg")  # no display needed: the figure is written to a file
import matplotlib.pyplot as plt

import arbiter

ROOT = pathlib.Path(__file__).resolve().parents[2]
if len(sys.argv) > 1:
    archive = [pathlib.Path(a) for a in sys.argv[1:]]
else:
    corpus = pathlib.Path(os.environ.get("ARBITER_CORPUS", ROOT.parent / "shared" / "corpus"))
    archive = sorted((corpus / "pgnmentor-players").glob("*.pgn"))[:3] or sorted(
        (ROOT / "conformance").rglob("*.pgn")
    )
print(f"{len(archive)} files, {sum(p.stat().st_size for p in archive) / 1e6:.1f} MB")

# %% [markdown]
# ## Rule on every game, as a stream
#
# `iter_adjudicate` reads the files as it goes (memory bounded by the games in flight) and
# yields each game's verdict in order; a game that cannot be read is a `PgnError` in its place.

# %%
by_clause = collections.Counter()  # (clause, result) -> games
findings = collections.Counter()
errors = []
contradicted = []
for v in arbiter.iter_adjudicate(archive):
    if isinstance(v, arbiter.ArbiterError):
        errors.append(v)
        continue
    by_clause[(v.rule or "not ended", v.result)] += 1
    findings[v.finding] += 1
    if v.finding == "contradicts" and len(contradicted) < 5:
        contradicted.append(v)

games = sum(by_clause.values())
print(f"{games} games ruled on, {len(errors)} could not be read")
for finding, n in findings.most_common():
    print(f"  {finding:15} {n:7}")

# %% [markdown]
# ## Where the laws and the record disagree
#
# A few games whose recorded result the laws change, with why (the explanation is in the
# language asked for: `lang="ru"` for Russian).

# %%
for v in contradicted:
    print(f"{v.path}:{v.line}: {v.white} – {v.black}: recorded {v.recorded_result}, laws {v.result}")
    print("   ", v.explanation)
for e in errors[:3]:
    print(f"{e.path}:{e.line}:{e.column}: {e.message}")

# %% [markdown]
# ## Games by the clause that ended them
#
# One bar per clause, split by result (`arbiter.explain(clause)` shows a clause's text).

# %%
clauses = sorted({c for c, _ in by_clause}, key=lambda c: -sum(n for (k, _), n in by_clause.items() if k == c))
results = ["1-0", "1/2-1/2", "0-1", "*"]
fig, ax = plt.subplots(figsize=(9, 4.5))
bottom = [0] * len(clauses)
for result in results:
    heights = [by_clause.get((c, result), 0) for c in clauses]
    ax.bar(clauses, heights, bottom=bottom, label=result)
    bottom = [b + h for b, h in zip(bottom, heights)]
ax.set_ylabel("games")
ax.set_xlabel("clause that ended the game (FIDE Laws in force on the game's date)")
ax.set_title(f"{games} games by clause")
ax.legend(title="result by the laws")
fig.tight_layout()
out = pathlib.Path(os.environ.get("AUDIT_PNG", "audit-by-clause.png"))
fig.savefig(out, dpi=100)
print(f"wrote {out}")
