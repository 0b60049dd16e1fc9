#!/usr/bin/env python3
"""arbiter conformance adapter for pydraughts (https://pypi.org/project/pydraughts/), Russian
draughts under the club rulebook: mechanics and repetition only.

Speaks the protocol of conformance/PROTOCOL.md on stdin/stdout. The library replays the moves
(from the FEN) and says which moves are legal and which positions arose; this file maps its
answers onto the club's clause ids: a side with no legal move loses (club.R.1), a repetition
claim is correct when the position has appeared three times (club.D.2.1) or would after the
written move (club.D.2.2), and is otherwise rejected with play going on (club.D.2). Everything
else (offers, flags, resignations, irregularities, the arbiter's decisions) is not declared, so
those scenarios are not run; chess is not played (`games`), so the club's chess scenarios are
not applicable either.
"""

import json
import os
import sys
import traceback

# The pinned copy that `conformance/certify --install` puts beside this file, when there is one.
_DEPS = os.path.join(os.path.dirname(os.path.abspath(__file__)), ".deps")
if os.path.isdir(_DEPS):
    sys.path.insert(0, _DEPS)

import draughts  # noqa: E402

PROTOCOL = 1
VARIANT = "russian"

# Repetition claims, with or without a written move; nothing else.
FEATURES = ["threefold-claim", "intended-move"]

NO_LEGAL_MOVE = "club.R.1"
CLAIM_NOW = "club.D.2.1"
CLAIM_AFTER_MOVE = "club.D.2.2"
INCORRECT_CLAIM = "club.D.2"


class Unsupported(Exception):
    """A scenario element this adapter cannot map onto the library."""


class IllegalMove(Exception):
    """A recorded move that is none of the library's legal moves."""


def square(n):
    """pydraughts' square number (1 = a1 .. 32 = h8) as an algebraic name."""
    i = int(n) - 1
    rank = i // 4
    return "abcdefgh"[2 * (i % 4) + rank % 2] + str(rank + 1)


def text(move):
    """A library move in arbiter's PDN notation: `c3-d4`, `c3:e5:c7`."""
    return (":" if move.captures else "-").join(square(s) for s in move.steps_move)


def find(board, written):
    """The legal move written (the full path, or its first and last squares when that is one
    move), or None."""
    moves = board.legal_moves()
    exact = [m for m in moves if text(m) == written]
    if exact:
        return exact[0]
    sep = ":" if ":" in written else "-"
    ends = written.split(sep)
    short = [
        m
        for m in moves
        if bool(m.captures) == (sep == ":")
        and square(m.steps_move[0]) == ends[0]
        and square(m.steps_move[-1]) == ends[-1]
    ]
    return short[0] if len(short) == 1 else None


def key(fen):
    """The position for repetition: pieces and side to move, as the library writes them."""
    return fen


def adjudicate(game):
    if game.get("game", "chess") != "russian-draughts":
        raise Unsupported(f"game {game.get('game')!r}")
    board = draughts.Board(variant=VARIANT, fen=game["fen"]) if game["fen"] else draughts.Board(variant=VARIANT)
    seen = {key(board.fen): 1}
    events = {}
    for e in game["events"]:
        events.setdefault(e["ply"], []).append(e)
    verdict = {
        "result": "*",
        "rule": None,
        "ended_at_ply": None,
        "unplayed_moves": 0,
        "rulings": [],
        "ignored_events": [],
    }

    def end(ply, result, rule):
        verdict.update(result=result, rule=rule, ended_at_ply=ply)

    def claim(args):
        if args[0] != "threefold":
            raise Unsupported(f"claim kind {args[0]!r}")
        if len(args) > 1:
            move = find(board, args[1])
            if move is not None:
                board.push(move)
                try:
                    after = seen.get(key(board.fen), 0) + 1
                finally:
                    board.pop()
                if after >= 3:
                    return True, CLAIM_AFTER_MOVE
        if seen[key(board.fen)] >= 3:
            return True, CLAIM_NOW
        return False, INCORRECT_CLAIM

    def at(ply):
        if verdict["ended_at_ply"] is None and not board.legal_moves():
            verdict["rulings"].append({"ply": ply, "event": "position", "rule": NO_LEGAL_MOVE})
            end(ply, "0-1" if board.turn == draughts.WHITE else "1-0", NO_LEGAL_MOVE)
        for e in events.get(ply, []):
            if verdict["ended_at_ply"] is not None:
                verdict["ignored_events"].append(
                    {"ply": verdict["ended_at_ply"], "event": e["command"], "index": e["index"]}
                )
                continue
            if e["command"] != "claim":
                raise Unsupported(f"event {e['command']!r}")
            upheld, rule = claim(e["args"])
            verdict["rulings"].append(
                {
                    "ply": ply,
                    "event": "claim",
                    "index": e["index"],
                    "rule": rule,
                    "decision": "upheld" if upheld else "rejected",
                }
            )
            if upheld:
                end(ply, "1/2-1/2", rule)

    at(0)
    for ply, written in enumerate(game["moves"], start=1):
        if verdict["ended_at_ply"] is not None:
            verdict["unplayed_moves"] += 1
        else:
            move = find(board, written)
            if move is None:
                raise IllegalMove(f"move {ply} ({written}) is not legal here: {board.fen}")
            board.push(move)
            seen[key(board.fen)] = seen.get(key(board.fen), 0) + 1
        at(ply)
    return verdict


def answer(msg):
    kind = msg.get("type")
    if kind == "hello":
        return {
            "type": "hello",
            "protocol": PROTOCOL,
            "implementation": {
                "name": "pydraughts",
                "version": draughts.__version__,
                "language": "python",
                "homepage": "https://github.com/AttackingOrDefending/pydraughts",
                # The club's regulation is the one rulebook with Russian draughts.
                "rulebooks": ["club"],
                "features": FEATURES,
                "games": ["russian-draughts"],
            },
        }
    seq, scenario = msg["seq"], msg["scenario"]
    head = {"seq": seq, "id": scenario["id"]}
    try:
        return {"type": "verdict", **head, "verdict": adjudicate(scenario["game"])}
    except Unsupported as e:
        return {"type": "skipped", **head, "reason": f"not expressible with pydraughts: {e}"}
    except Exception as e:  # an illegal move, or the library failed: report, do not die
        return {
            "type": "errored",
            **head,
            "message": f"{type(e).__name__}: {e}",
            "context": {"traceback": traceback.format_exc()},
        }


def main():
    for line in sys.stdin:
        if not line.strip():
            continue
        msg = json.loads(line)
        if msg.get("type") == "stop":
            return
        print(json.dumps(answer(msg)), flush=True)


if __name__ == "__main__":
    main()
