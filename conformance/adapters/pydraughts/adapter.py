#!/usr/bin/env python3
"""arbiter conformance adapter for pydraughts (https://pypi.org/project/pydraughts/), Russian
draughts under the russian-draughts rulebook (the game's end and its automatic draws, FMJD-64
7.2.3–7.2.8) and under the club rulebook, which stands on it (with repetition claims in place of
7.2.3).

Speaks the protocol of conformance/PROTOCOL.md on stdin/stdout. The library replays the moves
(from the FEN) and says which moves are legal and which positions arose; this file maps its
answers onto the rulebooks' clause ids: a side with no legal move loses (R.1), a repetition
claim under the club is correct when the position has appeared three times (club.D.2.1) or would after the
written move (club.D.2.2), and is otherwise rejected with play going on (club.D.2). Everything
else (offers, flags, resignations, irregularities, the arbiter's decisions) is not declared, so
those scenarios are not run; chess is not played (`games`), so the club's chess scenarios are
not applicable either.

Under both rulebooks the library's own draw test
(`Game.is_draw`, with its counters of plies since the last capture and of consecutive king moves
without a capture) is asked after every move, and the first of its conditions that holds, in the
library's order, is cited by the FMJD-64 number it implements: 3 kings or more against one
(7.2.4), 15 moves of kings only (7.2.5), the balance unchanged with 4–5 or 6–7 pieces per side
(7.2.6), three pieces against a king on the long diagonal (7.2.7), two pieces against one king
(7.2.8), threefold repetition (7.2.3, under `russian-draughts` only: the request's
`scenario.rulebook`; under the club a repetition draws on a claim). The library's readings differ from the rulebook's in places: the failures are explained in failures.yaml.
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

# Repetition claims, with or without a written move (club); the automatic draws of Russian
# draughts (russian-draughts).
FEATURES = [
    "threefold-claim",
    "intended-move",
    "draughts-repetition",
    "draughts-kings-only",
    "draughts-endings",
]

NO_LEGAL_MOVE = "R.1"
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


def draw_rule(board):
    """The FMJD-64 clause of the library's draw test that holds now, in the library's order, or
    None (pydraughts 0.6.7, core/game.py, `Game.is_draw`, variant "russian")."""
    g = board._game
    if not g.is_draw():
        return None
    white, black = [0, 0], [0, 0]  # pieces, kings
    road = {"w": False, "b": False}
    for piece in g.board.searcher.uncaptured_pieces:
        side = white if piece.player == draughts.WHITE else black
        side[0] += 1
        side[1] += 1 if piece.king else 0
        if piece.position in (4, 8, 11, 15, 18, 22, 25, 29):
            road["w" if side is white else "b"] = True
    kings_only, since_capture = g.consecutive_noncapture_king_moves, g.moves_since_last_capture
    lone = lambda s: s[0] == s[1] == 1  # noqa: E731
    if ((lone(black) and white[0] == white[1] >= 3) or (lone(white) and black[0] == black[1] >= 3)) and kings_only >= 30:
        return "7.2.4"
    if kings_only >= 30:
        return "7.2.5"
    if white[1] == black[1] >= 1 and white[0] == black[0]:
        if (white[0] in (4, 5) and since_capture >= 60) or (white[0] in (6, 7) and since_capture >= 120):
            return "7.2.6"
    if since_capture >= 10:
        if (white[0] == 3 and white[1] >= 1 and lone(black) and not road["w"] and road["b"]) or (
            lone(white) and black[0] == 3 and black[1] >= 1 and road["w"] and not road["b"]
        ):
            return "7.2.7"
        if (white[0] == 2 and white[1] >= 1 and lone(black)) or (lone(white) and black[0] == 2 and black[1] >= 1):
            return "7.2.8"
    return "7.2.3"


def key(fen):
    """The position for repetition: pieces and side to move, as the library writes them."""
    return fen


def adjudicate(game, rulebook):
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

    own = rulebook == "russian-draughts"
    no_legal_move = NO_LEGAL_MOVE

    def at(ply):
        if verdict["ended_at_ply"] is None and not board.legal_moves():
            verdict["rulings"].append({"ply": ply, "event": "position", "rule": no_legal_move})
            end(ply, "0-1" if board.turn == draughts.WHITE else "1-0", no_legal_move)
        if verdict["ended_at_ply"] is None:
            rule = draw_rule(board)
            # The club's repetition is claimed (club.D.2.1 in 7.2.3's place), never automatic.
            if rule is not None and (own or rule != "7.2.3"):
                verdict["rulings"].append({"ply": ply, "event": "position", "rule": rule})
                end(ply, "1/2-1/2", rule)
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
                # The club's regulation (repetition claims) and the game's own rules (its draw
                # test); chess is not played.
                "rulebooks": ["club", "russian-draughts"],
                "features": FEATURES,
                "games": ["russian-draughts"],
            },
        }
    seq, scenario = msg["seq"], msg["scenario"]
    head = {"seq": seq, "id": scenario["id"]}
    try:
        return {"type": "verdict", **head, "verdict": adjudicate(scenario["game"], scenario.get("rulebook"))}
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
