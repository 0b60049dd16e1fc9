#!/usr/bin/env python3
"""Independent check of the draughts scenarios' mechanics, with pydraughts (MIT), not arbiter.

Replays the main line of every scenario below this folder from its FEN (or the initial position)
in pydraughts' Russian draughts and fails on a move that is not legal there. Prints, after each
move, how many times the position (pieces and side to move, as pydraughts' FEN gives them) has
appeared so far, counting the start, so that the repetition counts derived by hand in the
scenarios can be compared; for a claim with an intended move (`[%claim threefold c3-d4]`) it
says whether that move is legal and how many times the position after it would have appeared.

Run from the repository root, with pydraughts 0.6.7 in a virtual environment outside it:

    python3 -m venv /tmp/pyd && /tmp/pyd/bin/pip install pydraughts==0.6.7
    /tmp/pyd/bin/python conformance/club/draughts/check_moves.py [-q] [FILE.pgn ...]

`-q` prints only failures. Exit status 1 when any move is illegal or ambiguous, except a move
marked `[%illegal]` (a completed illegal move that stands as made: conformance/README.md,
"Illegal moves"): that one must NOT be legal in pydraughts, and it is then made on the board by
hand (the piece goes to each square in turn, the opponent's pieces jumped over on a capture are
taken, a man reaching the last rank is crowned) and play goes on from there.

Squares: pydraughts numbers the dark squares 1..32 from a1 (1 = a1, 2 = c1, 5 = b2, 32 = h8),
index = rank * 4 + file // 2 + 1, as crates/draughts/tests/data/generate.py checks.
"""

import re
import sys
from pathlib import Path

import draughts

assert draughts.__version__ == "0.6.7", draughts.__version__
VARIANT = "russian"
HERE = Path(__file__).resolve().parent


def number(name):
    f, r = "abcdefgh".index(name[0]), int(name[1:]) - 1
    assert (f + r) % 2 == 0, f"{name} is a light square"
    return r * 4 + f // 2 + 1


def square(n):
    i = int(n) - 1
    rank = i // 4
    return "abcdefgh"[2 * (i % 4) + rank % 2] + str(rank + 1)


def key(game):
    """The position: side to move and pieces (pydraughts' FEN, squares sorted)."""
    side, *parts = game.fen.rstrip(".").split(":")
    return ":".join([side] + sorted(p[0] + ",".join(sorted(filter(None, p[1:].split(","))))
                                    for p in parts))


def find(game, text):
    """The legal move `text` names (every landing square, or just from and to); None if none."""
    try:
        path = [number(s) for s in re.split("[-:x]", text)]
    except AssertionError:
        return []
    capture = ":" in text or "x" in text
    hits = []
    for m in game.legal_moves():
        steps = list(m.steps_move)
        is_cap = bool([c for c in m.captures if c is not None])
        if is_cap != capture:
            continue
        if steps == path or (len(path) == 2 and steps[0] == path[0] and steps[-1] == path[-1]):
            hits.append(m)
    return hits


def as_made(game, text):
    """The board after `text` made as written, legal or not: a new pydraughts board."""
    side, *parts = game.fen.rstrip(".").split(":")
    pieces = {}
    for p in parts:
        colour = p[0]
        for sq in filter(None, p[1:].split(",")):
            king = sq.startswith("K")
            pieces[sq.lstrip("K")] = (colour, king)
    path = re.split("[-:x]", text)
    colour, king = pieces.pop(path[0])
    last = "8" if colour == "W" else "1"
    for a, b in zip(path, path[1:]):
        fa, ra = "abcdefgh".index(a[0]), int(a[1:])
        fb, rb = "abcdefgh".index(b[0]), int(b[1:])
        df, dr = (fb > fa) - (fb < fa), (rb > ra) - (rb < ra)
        f, r = fa + df, ra + dr
        while (f, r) != (fb, rb):
            sq = "abcdefgh"[f] + str(r)
            if sq in pieces and pieces[sq][0] != colour and (":" in text or "x" in text):
                del pieces[sq]
            f, r = f + df, r + dr
        if b[1:] == last:
            king = True
    pieces[path[-1]] = (colour, king)
    fen = ("B" if side == "W" else "W") + "".join(
        ":" + c + ",".join(("K" if k else "") + sq for sq, (cc, k) in sorted(pieces.items()) if cc == c)
        for c in "WB")
    return draughts.Board(variant=VARIANT, fen=fen)


def tokens(movetext):
    """Main-line moves and the comments after them, in order: ('move', text) / ('comment', text)."""
    depth = 0
    i = 0
    out = []
    while i < len(movetext):
        ch = movetext[i]
        if ch == "{":
            j = movetext.index("}", i)
            if depth == 0:
                out.append(("comment", movetext[i + 1 : j]))
            i = j + 1
            continue
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
        elif depth == 0 and not ch.isspace():
            m = re.match(r"[^\s{}()]+", movetext[i:])
            tok = m.group(0)
            i += len(tok)
            tok = re.sub(r"^\d+\.(\.\.)?", "", tok)
            if tok and not re.fullmatch(r"\d+\.+|\*|1-0|0-1|1/2-1/2|2-0|0-2|1-1", tok):
                out.append(("move", tok))
            continue
        i += 1
    return out


def check(path, quiet):
    text = path.read_text()
    tags = dict(re.findall(r'^\[(\w+) "(.*)"\]', text, re.M))
    assert tags.get("GameType") == "25", f"{path}: not GameType 25"
    movetext = "\n".join(l for l in text.splitlines() if not re.match(r"\[\w+ \"", l))
    fen = tags.get("FEN")
    game = draughts.Board(variant=VARIANT, fen=fen) if fen else draughts.Board(variant=VARIANT)
    seen = {key(game): 1}
    lines = [f"{path}:  start {game.fen}"]
    ok = True
    ply = 0
    toks = tokens(movetext)
    for i, (kind, t) in enumerate(toks):
        if kind == "comment":
            for mv in re.findall(r"\[%claim threefold ([a-h][1-8](?:[-:x][a-h][1-8])+)\]", t):
                hits = find(game, mv)
                if len(hits) != 1:
                    lines.append(f"    claim's intended move {mv}: not legal ({len(hits)} matches)")
                else:
                    after = game.copy()
                    after.push(hits[0])
                    lines.append(f"    claim's intended move {mv}: legal, position after it "
                                 f"would appear {seen.get(key(after), 0) + 1} times")
            continue
        hits = find(game, t)
        marked = i + 1 < len(toks) and toks[i + 1][0] == "comment" and re.search(
            r"\[%illegal\]", toks[i + 1][1])
        if marked and not hits:
            game = as_made(game, t)
            ply += 1
            k = key(game)
            seen[k] = seen.get(k, 0) + 1
            lines.append(f"    ply {ply} {t}: not legal, made as marked [%illegal]: {game.fen}")
            continue
        if len(hits) != 1:
            ok = False
            legal = ["-".join(square(s) for s in m.steps_move) for m in game.legal_moves()]
            lines.append(f"    ply {ply + 1} {t}: ILLEGAL or ambiguous ({len(hits)} matches); "
                         f"legal: {' '.join(legal)}")
            break
        game.push(hits[0])
        ply += 1
        k = key(game)
        seen[k] = seen.get(k, 0) + 1
        lines.append(f"    ply {ply} {t}: {game.fen}  seen {seen[k]}")
    moves = game.legal_moves()
    lines.append(f"    end: {len(moves)} legal moves for the side to move")
    if not ok or not quiet:
        print("\n".join(lines))
    return ok


def main():
    args = sys.argv[1:]
    quiet = "-q" in args
    files = [Path(a) for a in args if a != "-q"] or sorted(HERE.rglob("*.pgn"))
    bad = [f for f in files if not check(f, quiet)]
    print(f"{len(files)} scenarios, {len(bad)} with an illegal move")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
