#!/usr/bin/env node
// arbiter conformance adapter for chessops (https://www.npmjs.com/package/chessops).
//
// Speaks the protocol of conformance/PROTOCOL.md on stdin/stdout. Every ruling comes from the
// library's own API (Chess.fromSetup, parseSan, Position.play, outcome(), isCheckmate(),
// isInsufficientMaterial(), hasInsufficientMaterial(color)); this file only maps the library's
// answers onto clause ids and does the bookkeeping of the protocol. It adds no chess law of its
// own: chessops is a library of positions, not of games, so it keeps no history of them
// (no repetition), and the halfmove clock it carries is a FEN field with no rule attached (no
// fifty or 75-move rule); those features, and offers, touched pieces, resignation, ..., are
// not declared and those scenarios are not run.

import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { Chess } from 'chessops/chess';
import { parseFen } from 'chessops/fen';
import { parseSan } from 'chessops/san';

const PROTOCOL = 1;
// chessops's exports map does not export its package.json: read the installed copy's.
const VERSION = JSON.parse(
  readFileSync(new URL('./node_modules/chessops/package.json', import.meta.url), 'utf8'),
).version;

// What chessops models: the end of the game in a position (checkmate, stalemate, insufficient
// material) and, for a flag, hasInsufficientMaterial(color), its per-side test of whether a side
// could ever checkmate. Not declared: threefold-claim, fifty-claim, intended-move, fivefold,
// seventy-five (no game history, no draw rules on the halfmove clock), intended-move-obligation,
// draw-offers, event-regulations, touch-move, arbiter-consent, resignation.
const FEATURES = ['checkmate', 'stalemate', 'dead-position', 'flag-fall'];

// The rulebooks whose scenarios this adapter answers. The 2023 edition changed the meaning of
// the resignation (5.1.2) and of the penalties in rapid and blitz (A.3), which chessops does not
// model (no resignation, no clock), and renumbered 9.2, whose claims chessops has none of: on
// everything it does model the two editions agree, so it implements both.
const RULEBOOKS = ['fide-2018', 'fide-2023'];

class Unsupported extends Error {}

// The library's verdict on the current position, in the order outcome() tests it: [result,
// clause] or null while the game goes on.
function gameOver(pos) {
  const outcome = pos.outcome();
  if (outcome === undefined) return null;
  if (pos.isCheckmate()) return [outcome.winner === 'white' ? '1-0' : '0-1', '5.1.1'];
  if (pos.isInsufficientMaterial()) return ['1/2-1/2', '5.2.2'];
  if (pos.isStalemate()) return ['1/2-1/2', '5.2.1'];
  throw new Unsupported('outcome() for a reason not mapped');
}

function play(pos, san) {
  const move = parseSan(pos, san);
  if (move === undefined) throw new Error(`parseSan rejects the move ${JSON.stringify(san)}`);
  pos.play(move);
}

function adjudicate(game) {
  const pos = game.fen ? Chess.fromSetup(parseFen(game.fen).unwrap()).unwrap() : Chess.default();
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
      const over = gameOver(pos);
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
      const [side] = e.args;
      if (e.command !== 'flag' || (side !== 'white' && side !== 'black')) {
        throw new Unsupported(`event ${e.command} ${e.args.join(' ')}`);
      }
      // 6.9: the flagged side loses, unless its opponent could never checkmate (the library's
      // per-side test).
      const opponent = side === 'white' ? 'black' : 'white';
      verdict.rulings.push({ ply, event: 'flag', index: e.index, rule: '6.9' });
      if (pos.hasInsufficientMaterial(opponent)) end(ply, '1/2-1/2', '6.9');
      else end(ply, side === 'white' ? '0-1' : '1-0', '6.9');
    }
  };

  at(0);
  game.moves.forEach((san, i) => {
    if (ended()) verdict.unplayed_moves += 1;
    else play(pos, san);
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
        name: 'chessops',
        version: VERSION,
        language: 'javascript',
        homepage: 'https://github.com/niklasf/chessops',
        rulebooks: RULEBOOKS,
        features: FEATURES,
      },
    };
  }
  const head = { seq: msg.seq, id: msg.scenario.id };
  try {
    return { type: 'verdict', ...head, verdict: adjudicate(msg.scenario.game) };
  } catch (e) {
    if (e instanceof Unsupported) {
      return { type: 'skipped', ...head, reason: `not expressible with chessops: ${e.message}` };
    }
    return { type: 'errored', ...head, message: String(e), context: { stack: e.stack } };
  }
}

const lines = createInterface({ input: process.stdin });
lines.on('line', (line) => {
  if (!line.trim()) return;
  let msg;
  try {
    msg = JSON.parse(line);
  } catch (e) {
    process.stderr.write(`not JSON: ${e.message}\n`);
    return;
  }
  if (msg.type === 'stop') process.exit(0);
  if (msg.type !== 'hello' && (msg.type !== 'run' || !msg.scenario)) {
    process.stderr.write(`not a message this adapter can answer: ${line.slice(0, 200)}\n`);
    return;
  }
  process.stdout.write(JSON.stringify(answer(msg)) + '\n');
});
