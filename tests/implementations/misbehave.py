#!/usr/bin/env python3
"""A deliberately broken implementation of the conformance protocol, for the runner's tests.

    misbehave.py MODE

hang           says hello, then never answers a scenario
crash-third    says hello, skips scenarios, and exits with status 3 on the third one (seq 2)
garbage        says hello, then answers every scenario with a line that is not JSON
garbage-hello  answers the hello itself with garbage
draw           answers every scenario with a draw by 9.2.1.2 before any move
wrong-id       answers every scenario with the previous scenario's seq and id
no-features    declares no feature at all and answers with a game that never ends
bad-shape      answers with a verdict that lacks `rulings` (a schema violation)
"""

import json
import sys

MODE = sys.argv[1]
FEATURES = [] if MODE == "no-features" else [
    "checkmate", "stalemate", "dead-position", "threefold-claim", "fifty-claim",
    "intended-move", "intended-move-obligation", "fivefold", "seventy-five", "draw-offers",
    "event-regulations", "touch-move", "arbiter-consent",
]


def say(obj):
    print(obj if isinstance(obj, str) else json.dumps(obj), flush=True)


previous = (0, "none")
for line in sys.stdin:
    msg = json.loads(line)
    if msg["type"] == "stop":
        break
    if msg["type"] == "hello":
        if MODE == "garbage-hello":
            say("Hello, world!")
            continue
        say({"type": "hello", "protocol": 1, "implementation": {
            "name": f"misbehave ({MODE})", "version": "0", "rulebooks": ["fide-2018"],
            "features": FEATURES}})
        continue
    seq, sid = msg["seq"], msg["scenario"]["id"]
    if MODE == "hang":
        sys.stdin.readline()  # blocks: the runner sends nothing until it has an answer
    elif MODE == "crash-third" and seq == 2:
        sys.exit(3)
    elif MODE == "crash-third":
        say({"type": "skipped", "seq": seq, "id": sid, "reason": "not this one"})
    elif MODE == "garbage":
        say("<html>500 Internal Server Error</html>")
    elif MODE == "draw":
        say({"type": "verdict", "seq": seq, "id": sid, "verdict": {
            "result": "1/2-1/2", "rule": "9.2.1.2", "ended_at_ply": 0, "rulings": []}})
    elif MODE == "wrong-id":
        say({"type": "skipped", "seq": previous[0], "id": previous[1], "reason": "stale"})
        previous = (seq, sid)
    elif MODE == "no-features":
        say({"type": "verdict", "seq": seq, "id": sid, "verdict": {
            "result": "*", "rule": None, "ended_at_ply": None, "rulings": [],
            "unplayed_moves": 0}})
    elif MODE == "bad-shape":
        say({"type": "verdict", "seq": seq, "id": sid, "verdict": {
            "result": "*", "rule": None, "ended_at_ply": None}})
