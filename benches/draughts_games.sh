#!/usr/bin/env bash
# Adjudicating random legal Russian draughts games: arbiter against pydraughts replaying the
# same games (legality of every move and each position's repetitions), side by side.
#
#   benches/draughts_games.sh [PYTHON]   PYTHON: one with pydraughts 0.6.7 (default: python3
#                                        with conformance/adapters/pydraughts/.deps)
#
# The games are crates/draughts/tests/data/games.txt (200 random games by pydraughts, seeded), written
# out as one PDN file; arbiter is the release build. Each side runs RUNS times (default 3); the
# medians and their ratio are printed.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${1:-python3}
RUNS=${RUNS:-3}
export PYTHONPATH=conformance/adapters/pydraughts/.deps${PYTHONPATH:+:$PYTHONPATH}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
pdn=$out/games.pdn
awk -F'\t' '
    /^#/ { next }
    /^game / { if (n) print moves " *\n"; n++; moves = ""; ply = 0
               printf "[Event \"random %d\"]\n[Site \"-\"]\n[Date \"????.??.??\"]\n[Round \"-\"]\n[White \"-\"]\n[Black \"-\"]\n[Result \"*\"]\n[GameType \"25\"]\n\n", n; next }
    { if (ply % 2 == 0) moves = moves (ply / 2 + 1) ". "; moves = moves $1 " "; ply++ }
    END { print moves " *" }
' crates/draughts/tests/data/games.txt > "$pdn"
cargo build --quiet --release --locked
arbiter=target/release/arbiter

median() { sort -g | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
time_it() {
    local i
    for ((i = 0; i < RUNS; i++)); do
        local t0 t1
        t0=$(date +%s.%N)
        "$@" > /dev/null
        t1=$(date +%s.%N)
        echo "$t1 - $t0" | bc -l
    done | median
}
"$arbiter" adjudicate --rulebook club "$pdn" > /dev/null || true   # warm-up
$PY benches/draughts_replay.py "$pdn"
a=$(time_it sh -c "\"$arbiter\" adjudicate --rulebook club \"$pdn\" || true")
p=$(time_it "$PY" benches/draughts_replay.py "$pdn")
printf 'arbiter adjudicate --rulebook club: %.3f s\npydraughts replay:                  %.3f s\nratio: %.0f×\n' \
    "$a" "$p" "$(echo "$p / $a" | bc -l)"
