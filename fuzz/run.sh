#!/usr/bin/env bash
# Fuzz one target with the settings fuzz/README.md describes: its dictionary, its -max_len, a
# time budget, and the limits of a shared machine (nice, 2 GB, 10 s an input). libFuzzer runs
# in fork mode and keeps going past a crash, a timeout or an out-of-memory; each is saved under
# fuzz/artifacts/<target>/ (see the README for what to do with it).
#
#   fuzz/run.sh TARGET [SECONDS]     TARGET: expr | rulebook | pgn | protocol | draughts | site |
#                                    locales | report; default 300 s
#   EXTRA='-jobs=2' fuzz/run.sh pgn  more libFuzzer flags
set -euo pipefail
cd "$(dirname "$0")"
target=${1:?usage: fuzz/run.sh expr|rulebook|pgn|protocol|draughts|site|locales|report [SECONDS]}
seconds=${2:-300}
case $target in
    expr) max_len=4096 ;;
    rulebook) max_len=32768 ;;
    pgn) max_len=8192 ;;
    protocol) max_len=16384 ;;
    draughts) max_len=2048 ;;
    site) max_len=16384 ;;
    locales) max_len=32768 ;;
    report) max_len=8192 ;;
    *) echo "run.sh: no target $target" >&2; exit 2 ;;
esac
[ -d "corpus/$target" ] || ./seed.sh
mkdir -p "artifacts/$target"
# shellcheck disable=SC2086
exec nice -n "${NICE:-10}" cargo +nightly fuzz run "$target" "corpus/$target" -- \
    -dict="dict/$target.dict" -max_len="$max_len" -max_total_time="$seconds" \
    -rss_limit_mb=2048 -timeout=10 -fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1 \
    -print_final_stats=1 ${EXTRA:-}
