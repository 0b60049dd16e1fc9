#!/usr/bin/env node
// arbiter conformance adapter for chess.js (https://www.npmjs.com/package/chess.js).
//
// Speaks the protocol of conformance/PROTOCOL.md on stdin/stdout. Every ruling comes from the
// library's own API; this file only maps the library's answers onto FIDE 2018 clause ids and
// does the bookkeeping of the protocol. It adds no chess law of its own: where the library has
// no notion (fivefold, 75 moves, draw offers, touched pieces, ...), the feature is not declared
// and those scenarios are not run.

import { createRequire } from 'node:module';
import { createInterface } from 'node:readline';
import { Chess } from 'chess.js';

const PROTOCOL = 1;
const VERSION = createRequire(import.meta.url)('chess.js/package.json').version;

// What chess.js models. Not declared: fivefold and seventy-five (no such rules in the library),
// intended-move-obligation, draw-offers, event-regulations, touch-move, arbiter-consent.
const FEATURES = [
  'checkmate',
  'stalemate',
  'dead-position',
  'threefold-claim',
  'fifty-claim',
  'intended-move',
];

const INCORRECT_CLAIM = '9.5.3';

class Unsupported extends Error {}

// The library's verdict on the current position, in the order isGameOver() and isDraw() test
// them: [result, clause] or null while the game goes on.
function gameOver(chess) {
  if (chess.isCheckmate()) return [chess.turn() === 'w' ? '0-1' : '1-0', '5.1.1'];
  if (chess.isDrawByFiftyMoves()) return ['1/2-1/2', '9.3.2'];
  if (chess.isStalemate()) return ['1/2-1/2', '5.2.1'];
  if (chess.isInsufficientMaterial()) return ['1/2-1/2', '5.2.2'];
  if (chess.isThreefoldRepetition()) return ['1/2-1/2', '9.2.1.2'];
  if (chess.isGameOver()) throw new Unsupported('isGameOver() for a reason not mapped');
  return null;
}

// [upheld, clause] for a claim by the player to move.
function claim(chess, args) {
  const [kind, intended] = args;
  const test = {
    threefold: () => chess.isThreefoldRepetition(),
    fifty: () => chess.isDrawByFiftyMoves(),
  }[kind];
  if (!test) throw new Unsupported(`claim kind ${kind}`);
  const [withMove, now] = kind === 'threefold' ? ['9.2.1.1', '9.2.1.2'] : ['9.3.1', '9.3.2'];
  if (intended !== undefined) {
    // No claim API takes the written move: ask the same test about the position after it.
    chess.move(intended);
    const after = test();
    chess.undo();
    if (after) return [true, withMove];
  }
  return test() ? [true, now] : [false, INCORRECT_CLAIM];
}

function adjudicate(game) {
  const chess = game.fen ? new Chess(game.fen) : new Chess();
  const events = new Map();
  for (const e of game.events) {
    if (!events.has(e.ply)) events.set(e.ply, []);
    events.get(e.ply).push(e);
  }
  const verdict = {
    result: '*',
    rule: null,
    ended_at_ply: null,
    unplayed_moves: 0,
    rulings: [],
    ignored_events: [],
  };
  const ended = () => verdict.ended_at_ply !== null;
  const end = (ply, result, rule) => Object.assign(verdict, { result, rule, ended_at_ply: ply });

  // The position after `ply` moves arose (or, after the end, was recorded).
  const at = (ply) => {
    if (!ended()) {
      const over = gameOver(chess);
      if (over) {
        verdict.rulings.push({ ply, event: 'position', rule: over[1] });
        end(ply, ...over);
      }
    }
    for (const e of events.get(ply) ?? []) {
      if (ended()) {
        verdict.ignored_events.push({ ply: verdict.ended_at_ply, event: e.command, index: e.index });
        continue;
      }
      if (e.command !== 'claim') throw new Unsupported(`event ${e.command}`);
      const [upheld, rule] = claim(chess, e.args);
      verdict.rulings.push({
        ply,
        event: 'claim',
        index: e.index,
        rule,
        decision: upheld ? 'upheld' : 'rejected',
      });
      if (upheld) end(ply, '1/2-1/2', rule);
    }
  };

  at(0);
  game.moves.forEach((san, i) => {
    if (ended()) verdict.unplayed_moves += 1;
    else chess.move(san);
    at(i + 1);
  });
  return verdict;
}

function answer(msg) {
  if (msg.type === 'hello') {
    return {
      type: 'hello',
      protocol: PROTOCOL,
      implementation: {
        name: 'chess.js',
        version: VERSION,
        language: 'javascript',
        homepage: 'https://github.com/jhlywa/chess.js',
        rulebooks: ['fide-2018'],
        features: FEATURES,
      },
    };
  }
  const head = { seq: msg.seq, id: msg.scenario.id };
  try {
    return { type: 'verdict', ...head, verdict: adjudicate(msg.scenario.game) };
  } catch (e) {
    if (e instanceof Unsupported) {
      return { type: 'skipped', ...head, reason: `not expressible with chess.js: ${e.message}` };
    }
    return { type: 'errored', ...head, message: String(e), context: { stack: e.stack } };
  }
}

const lines = createInterface({ input: process.stdin });
lines.on('line', (line) => {
  if (!line.trim()) return;
  const msg = JSON.parse(line);
  if (msg.type === 'stop') process.exit(0);
  process.stdout.write(JSON.stringify(answer(msg)) + '\n');
});
