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
club-chess     as no-features, but rules under club too, naming no game (so: chess alone)
bad-shape      answers with a verdict that lacks `rulings` (a schema violation)
blank-forever  says hello, then answers a scenario with blank lines, forever
close-stdout   says hello, then closes its standard output on a scenario and runs on
no-read        says hello, then never reads its input again
many-rulings   answers every scenario with a game that never ends and 200,000 rulings on
               events the scenario does not have (compared: none; read and checked: all)
orphan-hang FILE  starts a grandchild (`sleep`) on each scenario, appends its pid to FILE, hangs
orphan-stop FILE  the same, but answers like no-features and exits on stop, the grandchild running
endless-line   says hello, then answers with 64 MiB and no newline, and hangs
stderr-flood   says hello, then writes 32 MiB on standard error in one line, then `last words`
               on a line of its own, and exits with status 4 without answering
"""

import json
import os
import subprocess
import sys
import time

MODE = sys.argv[1]
FEATURES = [] if MODE in ("no-features", "club-chess", "many-rulings", "orphan-stop") else [
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
            "name": f"misbehave ({MODE})", "version": "0",
            "rulebooks": ["fide-2018", "club"] if MODE == "club-chess" else ["fide-2018"],
            "features": FEATURES}})
        if MODE == "no-read":
            time.sleep(1000)
        continue
    seq, sid = msg["seq"], msg["scenario"]["id"]
    if MODE.startswith("orphan-"):
        grandchild = subprocess.Popen(["sleep", "1000"])
        with open(sys.argv[2], "a") as f:
            f.write(f"{grandchild.pid}\n")
    if MODE == "hang" or MODE == "orphan-hang":
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
    elif MODE == "blank-forever":
        while True:
            sys.stdout.write("\n" * 4096)
            sys.stdout.flush()
    elif MODE == "close-stdout":
        sys.stdout.close()
        os.close(1)
        time.sleep(1000)
    elif MODE == "many-rulings":
        rulings = ",".join(
            f'{{"ply":0,"event":"claim","index":{1000 + i},"rule":null}}' for i in range(200000))
        say(f'{{"type":"verdict","seq":{seq},"id":{json.dumps(sid)},"verdict":{{"result":"*",'
            f'"rule":null,"ended_at_ply":null,"unplayed_moves":0,"rulings":[{rulings}]}}}}')
    elif MODE == "endless-line":
        chunk = "x" * 65536
        for _ in range(1024):
            sys.stdout.write(chunk)
        sys.stdout.flush()
        time.sleep(1000)
    elif MODE == "stderr-flood":
        chunk = "e" * 65536
        for _ in range(512):
            sys.stderr.write(chunk)
        sys.stderr.write("\nlast words\n")
        sys.stderr.flush()
        sys.exit(4)
    elif MODE in ("no-features", "club-chess", "orphan-stop"):
        say({"type": "verdict", "seq": seq, "id": sid, "verdict": {
            "result": "*", "rule": None, "ended_at_ply": None, "rulings": [],
            "unplayed_moves": 0}})
    elif MODE == "bad-shape":
        say({"type": "verdict", "seq": seq, "id": sid, "verdict": {
            "result": "*", "rule": None, "ended_at_ply": None}})
