#!/usr/bin/env bash
# Issue 25's ratios counted in instructions, which do not move with the machine: the floor
# (`examples/replay`: pgn-reader + shakmaty replay) and `arbiter adjudicate --jobs 1` under the
# default rulebook, `fide-2023`, `fide-2018` and `--material-only`, each a whole process under
# valgrind's callgrind on the same files, with each mode's count as a multiple of the floor's.
#
#   benches/instructions.sh [PGN-FOLDER]   (default: ../shared/corpus/pgnmentor-players)
#   MODES="material fide-2018" benches/instructions.sh   only those modes (and the floor)
#
# A wall-clock benchmark (`cargo bench --bench corpus`) on a shared virtual machine moves by a
# quarter from one run to the next; an instruction count repeats to the last digit, and a change
# shows to 0.1 %. It is not time: a cache miss counts as one instruction, so the floor (short,
# bound by memory) is flattered. About 15 minutes for every mode on the 31,990 games.
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${1:-../shared/corpus/pgnmentor-players}
modes=${MODES:-default fide-2023 fide-2018 material}
if ! command -v valgrind > /dev/null; then
    echo "!!! valgrind is not installed (apt-get install valgrind): nothing counted !!!" >&2
    exit 1
fi
shopt -s nullglob
files=("$dir"/*.pgn)
if [ ${#files[@]} -eq 0 ]; then
    echo "!!! no .pgn file under $dir: nothing counted !!!" >&2
    exit 1
fi
cargo build --quiet --release --locked --bin arbiter --example replay
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
count() {
    valgrind --tool=callgrind --callgrind-out-file="$out/cg" "$@" "${files[@]}" \
        2>&1 > /dev/null | sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}
floor=$(count target/release/examples/replay)
awk -v f="$floor" 'BEGIN { printf "%-40s %8.3f G instructions\n", "floor: pgn-reader + shakmaty replay", f / 1e9 }'
for mode in $modes; do
    case $mode in
        default) args=() ;;
        material) args=(--material-only) ;;
        *) args=(--rulebook "$mode") ;;
    esac
    n=$(count target/release/arbiter adjudicate --jobs 1 "${args[@]}")
    awk -v m="adjudicate $mode" -v n="$n" -v f="$floor" \
        'BEGIN { printf "%-40s %8.3f G  %5.3fx the floor\n", m, n / 1e9, n / f }'
done
