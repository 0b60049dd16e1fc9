#!/usr/bin/env python3
"""arbiter conformance adapter for py-draughts (https://pypi.org/project/py-draughts/), Russian
draughts under the russian-draughts rulebook: the game's end and the draws the library knows.

Speaks the protocol of conformance/PROTOCOL.md on stdin/stdout. The library (its Russian board,
`draughts.boards.russian.Board`) replays the moves from the FEN and answers after each move
whether the side to move has a legal move (none: it loses, R.1) and whether the position is a
draw (`Board.is_draw`), which this file cites by the FMJD-64 number each of the library's three
draw tests implements: threefold repetition (`is_threefold_repetition`, 7.2.3), three kings or
more against one with 30 plies since the last capture or man move (`is_3_kings_vs_1_rule`,
7.2.4), 30 plies of kings only (`is_15_moves_rule`, 7.2.5). The library has no other endings
(7.2.6–7.2.8), no resignation and no clocks: the failures are explained in failures.yaml.
"""

import json
import os
import sys
import traceback

# The pinned copy that `conformance/certify --install` puts beside this file, when there is one.
_DEPS = os.path.join(os.path.dirname(os.path.abspath(__file__)), ".deps")
if os.path.isdir(_DEPS):
    sys.path.insert(0, _DEPS)

from importlib.metadata import version  # noqa: E402

from draughts.boards.russian import Board  # noqa: E402

PROTOCOL = 1
FEATURES = ["draughts-repetition", "draughts-kings-only", "draughts-endings"]


class Unsupported(Exception):
    """A scenario element this adapter cannot map onto the library."""


def text(board, move):
    """A library move in arbiter's PDN notation: `c3-d4`, `c3:e5:c7`."""
    names = board.SQUARE_NAMES
    return (":" if move.captured_list else "-").join(names[i] for i in move.square_list)


def find(board, written):
    """The legal move written (its full path; or its first and last squares when that names one
    move, the one landing exactly where written first), or None."""
    moves = board.legal_moves
    exact = [m for m in moves if text(board, m) == written]
    if exact:
        return exact[0]
    sep = ":" if ":" in written else "-"
    ends = written.split(sep)
    short = [
        m
        for m in moves
        if bool(m.captured_list) == (sep == ":")
        and board.SQUARE_NAMES[m.square_list[0]] == ends[0]
        and board.SQUARE_NAMES[m.square_list[-1]] == ends[-1]
    ]
    return short[0] if len(short) == 1 else None


def draw_rule(board):
    if board.is_threefold_repetition:
        return "7.2.3"
    if board.is_3_kings_vs_1_rule:
        return "7.2.4"
    if board.is_15_moves_rule:
        return "7.2.5"
    return None


def adjudicate(game, rulebook):
    if game.get("game", "chess") != "russian-draughts":
        raise Unsupported(f"game {game.get('game')!r}")
    if rulebook != "russian-draughts":
        raise Unsupported(f"rulebook {rulebook!r}")
    board = Board.from_fen(game["fen"]) if game["fen"] else Board()
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
        verdict["rulings"].append({"ply": ply, "event": "position", "rule": rule})
        verdict.update(result=result, rule=rule, ended_at_ply=ply)

    def at(ply):
        if verdict["ended_at_ply"] is None and not board.legal_moves:
            end(ply, "0-1" if board.turn.name == "WHITE" else "1-0", "R.1")
        if verdict["ended_at_ply"] is None:
            rule = draw_rule(board)
            if rule is not None:
                end(ply, "1/2-1/2", rule)
        for e in events.get(ply, []):
            if verdict["ended_at_ply"] is not None:
                verdict["ignored_events"].append(
                    {"ply": verdict["ended_at_ply"], "event": e["command"], "index": e["index"]}
                )
                continue
            raise Unsupported(f"event {e['command']!r}")

    at(0)
    for ply, written in enumerate(game["moves"], start=1):
        if verdict["ended_at_ply"] is not None:
            verdict["unplayed_moves"] += 1
        else:
            move = find(board, written)
            if move is None:
                raise ValueError(f"move {ply} ({written}) is not legal here: {board.fen}")
            board.push(move)
        at(ply)
    return verdict


def answer(msg):
    kind = msg.get("type")
    if kind == "hello":
        return {
            "type": "hello",
            "protocol": PROTOCOL,
            "implementation": {
                "name": "py-draughts",
                "version": version("py-draughts"),
                "language": "python",
                "homepage": "https://github.com/miskibin/py-draughts",
                # The game's own rules only: the club's claims and offers are not modelled.
                "rulebooks": ["russian-draughts"],
                "features": FEATURES,
                "games": ["russian-draughts"],
            },
        }
    seq, scenario = msg["seq"], msg["scenario"]
    head = {"seq": seq, "id": scenario["id"]}
    try:
        return {"type": "verdict", **head, "verdict": adjudicate(scenario["game"], scenario.get("rulebook"))}
    except Unsupported as e:
        return {"type": "skipped", **head, "reason": f"not expressible with py-draughts: {e}"}
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
