#!/usr/bin/env python3
"""arbiter conformance adapter for python-chess (https://pypi.org/project/chess/).

Speaks the protocol of conformance/PROTOCOL.md on stdin/stdout. Every ruling comes from the
library's own API; this file only maps the library's answers onto FIDE 2018 clause ids and does
the bookkeeping of the protocol (which ply, which event, what was ignored after the end). It adds
no chess law of its own: where the library has no notion (draw offers, touched pieces, the
obligation to play an intended move), the feature is not declared and those scenarios are not run.
"""

import json
import os
import sys
import traceback

# The pinned copy that `conformance/certify --install` puts beside this file, when there is one.
_DEPS = os.path.join(os.path.dirname(os.path.abspath(__file__)), ".deps")
if os.path.isdir(_DEPS):
    sys.path.insert(0, _DEPS)

import chess  # noqa: E402

PROTOCOL = 1

# What python-chess models (flag-fall through `has_insufficient_material(color)`, the library's
# per-side test of whether a side could ever checkmate, which is what 6.9 asks). Not declared: intended-move-obligation (no notion of a claim that
# leaves an obligation behind), draw-offers, event-regulations, touch-move, arbiter-consent
# (the library has no draw offers, touched pieces, regulations or arbiter).
FEATURES = [
    "checkmate",
    "stalemate",
    "dead-position",
    "threefold-claim",
    "fifty-claim",
    "intended-move",
    "fivefold",
    "seventy-five",
    "flag-fall",
]

# Board.outcome() without claim_draw: the endings the library applies automatically.
TERMINATION = {
    chess.Termination.CHECKMATE: "5.1.1",
    chess.Termination.STALEMATE: "5.2.1",
    chess.Termination.INSUFFICIENT_MATERIAL: "5.2.2",
    chess.Termination.FIVEFOLD_REPETITION: "9.6.1",
    chess.Termination.SEVENTYFIVE_MOVES: "9.6.2",
}

INCORRECT_CLAIM = "9.5.3"


class Unsupported(Exception):
    """A scenario element this adapter cannot map onto the library."""


def claim(board, args):
    """(upheld, clause) for a claim by the player to move."""
    kind = args[0]
    intended = None
    if len(args) > 1:
        try:
            intended = board.parse_san(args[1])
        except (chess.IllegalMoveError, chess.AmbiguousMoveError):
            # A written move that is not one legal move here cannot be made (9.5.3): only the
            # claim on the current position is left to examine.
            if kind not in ("threefold", "fifty"):
                raise Unsupported(f"claim kind {kind!r}")
            current = board.is_repetition(3) if kind == "threefold" else board.is_fifty_moves()
            if current:
                return True, "9.2.1.2" if kind == "threefold" else "9.3.2"
            return False, INCORRECT_CLAIM
    if kind == "threefold":
        if intended is None:
            # The library's claim API: the position has occurred three times, or some legal
            # move would make it so.
            if not board.can_claim_threefold_repetition():
                return False, INCORRECT_CLAIM
            return True, "9.2.1.2" if board.is_repetition(3) else "9.2.1.1"
        # A written intended move: the library has no claim API taking the move, so ask its
        # repetition test about the position after the move (9.2.1.1, cited first when both
        # hold, as the rulebook orders them), then about the current position (9.2.1.2).
        board.push(intended)
        try:
            after = board.is_repetition(3)
        finally:
            board.pop()
        if after:
            return True, "9.2.1.1"
        return (True, "9.2.1.2") if board.is_repetition(3) else (False, INCORRECT_CLAIM)
    if kind == "fifty":
        if intended is None:
            if not board.can_claim_fifty_moves():
                return False, INCORRECT_CLAIM
            return True, "9.3.2" if board.is_fifty_moves() else "9.3.1"
        board.push(intended)
        try:
            after = board.is_fifty_moves()
        finally:
            board.pop()
        if after:
            return True, "9.3.1"
        return (True, "9.3.2") if board.is_fifty_moves() else (False, INCORRECT_CLAIM)
    raise Unsupported(f"claim kind {kind!r}")


def adjudicate(game):
    board = chess.Board(game["fen"]) if game["fen"] else chess.Board()
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

    def at(ply):
        """The position after `ply` moves arose (or, after the end, was recorded): automatic
        endings, then the events written there."""
        if verdict["ended_at_ply"] is None:
            outcome = board.outcome()
            if outcome is not None:
                rule = TERMINATION.get(outcome.termination)
                if rule is None:
                    raise Unsupported(f"termination {outcome.termination}")
                verdict["rulings"].append({"ply": ply, "event": "position", "rule": rule})
                end(ply, outcome.result(), rule)
        for e in events.get(ply, []):
            if verdict["ended_at_ply"] is not None:
                verdict["ignored_events"].append(
                    {"ply": verdict["ended_at_ply"], "event": e["command"], "index": e["index"]}
                )
                continue
            if e["command"] == "flag" and e["args"] in (["white"], ["black"]):
                # 6.9: the flagged side loses, unless its opponent cannot checkmate.
                flagged = chess.WHITE if e["args"] == ["white"] else chess.BLACK
                verdict["rulings"].append(
                    {"ply": ply, "event": "flag", "index": e["index"], "rule": "6.9"}
                )
                if board.has_insufficient_material(not flagged):
                    end(ply, "1/2-1/2", "6.9")
                else:
                    end(ply, "0-1" if flagged == chess.WHITE else "1-0", "6.9")
                continue
            if e["command"] != "claim":
                raise Unsupported(f"event {e['command']!r}")
            upheld, rule = claim(board, e["args"])
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
    for ply, san in enumerate(game["moves"], start=1):
        if verdict["ended_at_ply"] is not None:
            verdict["unplayed_moves"] += 1
        else:
            board.push_san(san)
        at(ply)
    return verdict


def answer(msg):
    kind = msg.get("type")
    if kind == "hello":
        return {
            "type": "hello",
            "protocol": PROTOCOL,
            "implementation": {
                "name": "python-chess",
                "version": chess.__version__,
                "language": "python",
                "homepage": "https://github.com/niklasf/python-chess",
                "rulebooks": ["fide-2018"],
                "features": FEATURES,
            },
        }
    seq, scenario = msg["seq"], msg["scenario"]
    head = {"seq": seq, "id": scenario["id"]}
    try:
        return {"type": "verdict", **head, "verdict": adjudicate(scenario["game"])}
    except Unsupported as e:
        return {"type": "skipped", **head, "reason": f"not expressible with python-chess: {e}"}
    except Exception as e:  # the library (or this adapter) failed: report, do not die
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
