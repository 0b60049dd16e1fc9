# The command line's own messages (not a rulebook's).

## The language registry
locale-no-words = arbiter has no words in `{ $lang }` (it speaks: { $languages }); add `locales/{ $lang }/*.ftl`, or give a folder of them with `--locales`
locale-missing-messages = the words of `{ $lang }` lack messages arbiter says: { $ids }
locale-not-a-folder = { $path }: not a folder of locales
locale-not-a-language = `{ $lang }` is not a language identifier

## Commands
cli-error = error: { $message }
cli-file-error = { $path }: { $error }
cli-writing-error = writing { $path }: { $error }
cli-no-rulebook-folders = no rulebook folders given and none under ./rules
cli-check-ok = { $dir }: ok ({ $clauses } { $clauses ->
    [one] clause
   *[other] clauses
})
cli-check-errors = { $dir }: { $count } { $count ->
    [one] error
   *[other] errors
}
cli-generated-up-to-date = generated/ is up to date
cli-stale-file = stale: { $path }
cli-generated-stale = generated/ is stale: run `cargo run -- compile` and commit the result
cli-wrote = wrote { $path }
cli-rulebook-lacks-language = rulebook `{ $rulebook }` has no `{ $lang }` text (have: { $languages })
cli-no-such-clause = rulebook `{ $rulebook }` has no clause `{ $clause }`

## Conformance
cli-no-suite = no conformance suite at { $path } (pass --suite DIR)
cli-no-scenario-matches = no scenario matches
cli-bad-timeout = --timeout must be a positive number of seconds
cli-suite-filtered = { $suite } (scenarios matching `{ $filter }`)
cli-conformance-header = { $name } { $version } on { $suite }
cli-no-hello = the implementation did not say hello: { $error }
cli-unexplained-failure = unexplained failure: { $id }
cli-stale-explanation = stale explanation (did not fail): { $id }
cli-wrote-report = wrote { $jsonl } and { $markdown }
cli-published = wrote { $pages } pages into { $dir }
cli-not-a-protocol-message = line { $number }: not a protocol message ({ $error }): { $line }
cli-line-not-utf8 = line { $number }: not UTF-8
cli-line-too-long = line { $number }: longer than { $limit } bytes, skipped

## What a verdict does differently from a scenario's expectations
conformance-diff-result = result: expected { $expected }, got { $got }
conformance-diff-rule = rule: expected { $expected }, got { $got }
conformance-diff-ended-at-ply = ended at ply: expected { $expected }, got { $got }
conformance-diff-unplayed-moves = unplayed moves: expected { $expected }, got { $reported ->
        [yes] { $got }
       *[no] none reported
    }
conformance-diff-offers = offers: expected { $expected }, got { $got }
conformance-diff-position-rulings = position rulings: expected { $expected }, got { $got }
conformance-diff-time-added = time added: expected { $expected }, got { $got }
conformance-diff-edition = edition: expected { $expected }, got { $got }
conformance-diff-event = event { $index } at { $line }:{ $column }: expected { $expected_decision } { $expected_rule }, got { $got_decision ->
        [not-ruled-on] not ruled on
       *[other] { $got_decision }
    } { $got_rule }

## Choosing a rulebook
cli-no-renderer = no renderer for the rulebook that ruled
cli-no-such-edition = `{ $rulebook }` has no rulebook on the edition `{ $edition }` (it has: { $editions })
cli-no-such-rulebook = `{ $spec }` is neither an embedded rulebook ({ $names }) nor a rulebook folder
cli-folder-not-compiled = a rulebook folder runs on the interpreter; `--engine compiled` needs an embedded rulebook (compile it in with `arbiter compile`)
cli-builtin-shadows-folder = warning: `{ $name }` is a built-in rulebook, which is used; the folder `{ $name }` here is not (write `./{ $name }` to use the folder)
cli-unknown-encoding = unknown encoding `{ $label }` (for example utf-8, latin1, windows-1251: any label of the WHATWG Encoding Standard)
cli-summary-games = { $games ->
    [one] { $games } game: { $ruled } ruled on, { $bad } could not be read or ruled on
   *[other] { $games } games: { $ruled } ruled on, { $bad } could not be read or ruled on
}
cli-summary-bad-inputs = { $count ->
    [one] { $count } input could not be read or held no game
   *[other] { $count } inputs could not be read or held no game
}
cli-summary-clause = { $clause }: { $games } ({ $results })
cli-summary-unended = not ended by the laws: { $games }
cli-progress = { $games } games, { $rate } games/s, { $megabytes } MB read
cli-audit-summary = Audited { $games ->
        [one] one game
       *[other] { $games } games
    }{ $bad ->
        [0] {""}
       *[other] {""} ({ $bad } could not be read or ruled on)
    }. By finding, with the clauses that ended the games:
cli-audit-finding = { $finding ->
        [agrees] agrees
        [ended-earlier] ended earlier
        [contradicts] contradicted
        [assumed] assumed
        [unrecorded] unrecorded
       *[not-derivable] not derivable
    }
cli-audit-unended = not ended
cli-audit-changed = { $changed ->
        [0] The laws change no recorded result.
        [one] The laws change one recorded result (another result, whether or not they also end the game earlier): see "contradicted".
       *[other] The laws change { $changed } recorded results (another result, whether or not they also end the game earlier): see "contradicted".
    }
cli-audit-by-edition = By the edition of the Laws that ruled (the one in force on the game's date, unless forced):
cli-audit-no-edition = no edition

## Hostile inputs: files, links, output, limits
cli-output-failed = writing the output: { $error }
cli-too-many-jobs = --jobs { $jobs }: at most { $max } (four per core; this machine has { $cores ->
        [one] one core
       *[other] { $cores } cores
    })
cli-not-a-regular-file = not a regular file (a FIFO, a device or a folder), not read
cli-file-too-large = larger than { $megabytes } MB, not read
cli-link-not-followed = warning: { $path }: a symbolic link, not followed (a suite is read without following links)
cli-special-not-read = warning: { $path }: not a regular file (a FIFO or a device), not read
cli-publish-link = { $path }: a symbolic link; arbiter writes only under --out, never through a link (remove it)
cli-publish-outside = { $path }: outside the site's folder
cli-publish-not-a-folder = { $path }: in the way of the site (a file where a folder goes, or a folder where a page goes)
cli-page-collision = two sources would make one page { $page }: `{ $first }` and `{ $second }`
locale-syntax = not valid Fluent: { $kind ->
        [token] expected `{ $detail }`
        [range] expected one of `{ $detail }`
        [field] the message `{ $detail }` has no value
        [value] a value is missing
        [default] a select expression needs one default variant (`*[...]`)
        [defaults] a select expression has more than one default variant
        [string] the string is not closed
        [brace] this `{"}"}` closes nothing
        [escape] unknown escape sequence `{ $detail }`
        [selector] this cannot select a variant
        [argument] the function's arguments are out of order or named twice
       *[expression] an expression was expected
    }
locale-no-message = the message `{ $id }` refers to `{ $reference }`, which is no message of this language
locale-no-term = the message `{ $id }` refers to the term `{ $reference }`, which this language does not define
locale-no-function = the message `{ $id }` calls `{ $reference }`: arbiter gives Fluent no functions
locale-no-variable = the message `{ $id }` uses `{ $reference }`, which arbiter never gives it (it gives: { $known })
locale-cycle = the message `{ $id }` refers back to itself
locale-not-utf8 = not UTF-8 text (a Fluent file is UTF-8)
locale-too-many-files = { $dir }: more than { $limit } Fluent files

# arbiter explain-position
position-bad-fen = not a valid FEN: { $error }
position-illegal = not a legal position: { $error }
position-dead = The position is dead: neither side can checkmate by any series of legal moves.
position-alive = The position is not dead: { $side ->
        [white] White
       *[black] Black
    } can still checkmate.
position-undetermined = Whether the position is dead could not be decided within the budget: an arbiter decides.
position-work = { $nodes } { $nodes ->
        [one] position
       *[other] positions
    } examined in { $ms } ms.

## Conformance: why a scenario was not run
conformance-verdict-late = the verdict was not checked within { $seconds } s
conformance-verdict-malformed = the verdict is malformed: { $error }
conformance-scenario-malformed = the scenario is malformed: { $error }
conformance-inherited-not-applicable = inherited from { $base }: { $why }
conformance-no-answer = no answer
conformance-rulebook-not-supported = rulebook `{ $rulebook }` is not supported
conformance-game-not-supported = game `{ $game }` is not supported
conformance-needs = needs { $features }

## Operating system errors
io-not-found = no such file or folder
io-permission-denied = permission denied
io-is-a-directory = it is a folder, not a file
io-not-a-directory = a part of the path is not a folder
io-already-exists = it already exists
io-broken-pipe = the reader has gone away (closed pipe)
io-no-space = no space left on the device
io-read-only = the file system is read-only
io-invalid-data = the data cannot be read (not valid text)
io-other = the operating system reported an error (code { $code })

## Conformance tables
conformance-counts = { $passed } passed, { $failed } failed, { $skipped } skipped ({ $not_applicable } not applicable), { $errored } errored
conformance-table-clause = clause
conformance-table-feature = feature
conformance-table-declared = declared
conformance-table-scenarios = scenarios
conformance-table-applicable = applicable
conformance-table-passed = passed
conformance-table-failed = failed
conformance-table-errored = errored
conformance-table-skipped = skipped
conformance-table-yes = yes
conformance-table-no = no

## FEN and SAN
fen-invalid = it is not a FEN
fen-board = its board (the first field) is not valid
fen-pocket = its pocket is not valid
fen-turn = its side to move (the second field) is not `w` or `b`
fen-castling = its castling rights (the third field) are not valid
fen-ep-square = its en passant square (the fourth field) is not valid
fen-checks = its remaining checks are not valid
fen-halfmove-clock = its halfmove clock (the fifth field) is not a number of plies
fen-fullmoves = its move number (the sixth field) is not a number
position-error-empty = the board is empty
position-error-missing-king = a king is missing
position-error-too-many-kings = a side has more than one king
position-error-pawns-on-backrank = a pawn stands on the first or last rank
position-error-castling-rights = a castling right has no king and rook at home
position-error-ep-square = the en passant square is not one a pawn has just crossed
position-error-opposite-check = the side not to move is in check
position-error-impossible-check = the check could not have been given by the last move
position-error-too-much-material = there is more material than a game can have
position-error-variant = the position is not one of standard chess
san-illegal = no legal move matches it
san-ambiguous = it matches more than one legal move

## Manual pages
man-section = { $heading }

## The Python package (python/)
py-binary-file = arbiter reads games from a binary file: open it with "rb"
py-bad-source = expected PGN text, a path, a binary file or a chess.pgn.Game, not { $kind }
py-bad-errors = errors= takes "raise" or "keep", not { $value }
py-bad-position = expected a FEN or a chess.Board, not { $kind }
py-bad-color = color takes "white", "black", chess.WHITE or chess.BLACK, not { $value }
## `arbiter diff`
cli-diff-family = `{ $spec }` is a family of editions, each ruling on the games of its time: a diff compares two rulebooks, so name the editions ({ $editions })
cli-diff-header = { $old } → { $new }: { $clauses ->
    [0] no clause changed
    [one] one clause changed
   *[other] { $clauses } clauses changed
}
cli-diff-added = added: { $id }
cli-diff-removed = removed: { $id }
cli-diff-replaced = removed: { $id } (replaced by { $by })
cli-diff-renumbered = renumbered: { $old } → { $new }
cli-diff-amended = amended: { $id }
cli-diff-amended-renumbered = amended and renumbered: { $old } → { $new }
cli-diff-title = title ({ $lang })
cli-diff-text = text ({ $lang })
cli-diff-rule = { $named ->
    [no] the rule changed
   *[other] rule `{ $name }` changed
}
cli-diff-rule-added = { $named ->
    [no] a rule added
   *[other] rule `{ $name }` added
}
cli-diff-rule-removed = { $named ->
    [no] a rule removed
   *[other] rule `{ $name }` removed
}
cli-diff-value = { $name }: { $old } → { $new }
cli-diff-none = (none)
cli-diff-precedence = an exception to: { $old } → { $new }
cli-diff-values = { $count ->
    [one] One named value or parameter changed:
   *[other] { $count } named values and parameters changed:
}
cli-diff-used-by = read by { $clauses }
cli-diff-games = Games: { $games } compared, { $changed } ruled differently{ $bad ->
    [0] {""}
   *[other] , { $bad } could not be read or ruled on
}
cli-diff-group = { $old } → { $new }: { $games ->
    [one] one game
   *[other] { $games } games
}
cli-diff-unended = not ended by the laws
cli-diff-ending = { $result } by { $rule }{ $ply ->
    [none] {""}
   *[other] {" "}at ply { $ply }
}
cli-diff-ending-error = not ruled on: { $error }
cli-diff-game = { $place }: { $white } – { $black }: { $old } → { $new }
cli-diff-more = … and { $count } more
cli-diff-nothing = Nothing changed.
cli-diff-md-clauses = Clauses
cli-diff-md-games = Games ruled differently
cli-diff-md-clause = Clause
cli-diff-md-change = Change
cli-diff-md-what = What changed
cli-diff-change = { $change ->
    [added] added
    [removed] removed
    [renumbered] renumbered
   *[amended] amended
}
