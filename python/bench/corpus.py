"""The speed figures of the README's Python section: rule on PGN files through
``arbiter.iter_adjudicate``, or run python-chess's own draw checks on the same games, and print
what was found (time it from outside: ``/usr/bin/time -v python python/bench/corpus.py ...``).

    python corpus.py arbiter FILE...          # every verdict, reading .rule and .result
    python corpus.py python-chess FILE...     # each game replayed, its end checked

``--jobs N`` gives ``iter_adjudicate`` N workers (default 1, as ``arbiter adjudicate --jobs 1``).
"""

import argparse
import collections

parser = argparse.ArgumentParser()
parser.add_argument("mode", choices=["arbiter", "python-chess"])
parser.add_argument("files", nargs="+")
parser.add_argument("--jobs", type=int, default=1)
args = parser.parse_args()

counts: collections.Counter = collections.Counter()
if args.mode == "arbiter":
    import arbiter

    for v in arbiter.iter_adjudicate(args.files, jobs=args.jobs):
        if isinstance(v, arbiter.Verdict):
            counts[(v.rule or "-", v.result)] += 1
        else:
            counts["error"] += 1
else:
    import chess.pgn

    for path in args.files:
        with open(path, encoding="utf-8", errors="replace") as f:
            while (game := chess.pgn.read_game(f)) is not None:
                board = game.end().board()
                if board.is_checkmate():
                    counts["checkmate"] += 1
                elif board.is_stalemate():
                    counts["stalemate"] += 1
                elif board.is_insufficient_material():
                    counts["insufficient material"] += 1
                elif board.is_fivefold_repetition():
                    counts["fivefold"] += 1
                elif board.is_seventyfive_moves():
                    counts["75 moves"] += 1
                elif board.can_claim_draw():
                    counts["claimable draw"] += 1
                else:
                    counts["-"] += 1
for key, n in sorted(counts.items(), key=lambda kv: -kv[1])[:8]:
    print(n, key)
print(sum(counts.values()), "games")
