#!/usr/bin/env python3
"""pydraughts' side of benches/draughts_games.sh: replay every game of a PDN file written by
that script (Russian draughts, moves `c3-d4`, `c3:e5:c7`) with pydraughts, checking that each
move is legal and counting each position's repetitions, as `arbiter adjudicate` does."""

import sys

import draughts


def square(n):
    i = int(n) - 1
    rank = i // 4
    return "abcdefgh"[2 * (i % 4) + rank % 2] + str(rank + 1)


def text(move):
    return (":" if move.captures else "-").join(square(s) for s in move.steps_move)


def games(path):
    moves = []
    with open(path) as f:
        lines = f.read().splitlines()
    for line in lines:
        line = line.strip()
        if line.startswith("[Event"):
            if moves:
                yield moves
            moves = []
        elif line and not line.startswith("["):
            moves += [w for w in line.split() if "-" in w[1:] or ":" in w]
    if moves:
        yield moves


def main():
    plies = most = 0
    for moves in games(sys.argv[1]):
        board = draughts.Board(variant="russian")
        seen = {board.fen: 1}
        for written in moves:
            move = next((m for m in board.legal_moves() if text(m) == written), None)
            if move is None:
                sys.exit(f"illegal move {written} in {board.fen}")
            board.push(move)
            seen[board.fen] = seen.get(board.fen, 0) + 1
            most = max(most, seen[board.fen])
            plies += 1
        board.legal_moves()  # is the game over after the last move?
    print(f"{plies} plies replayed, a position at most {most} times")


if __name__ == "__main__":
    main()
