# Located errors: what arbiter says about a rulebook, an expression or a game it cannot read.

diag-here = here
diag-defined-again-here = defined again here

## Types, as a diagnostic names them
diag-a-bool = a bool
diag-an-int = an int
diag-a-side = a side
diag-a-duration = a duration
diag-a-move = a move

## Fields of a rulebook with a text per language
diag-field-title = title
diag-field-source = source
diag-field-text = text
diag-field-note = note
diag-field-ruling = ruling
diag-field-article-title = article title
diag-field-reason = reason
diag-field-parameter-doc = parameter doc
diag-field-constant-doc = constant doc

## Reading a rulebook
diag-yaml = YAML: { $message }
diag-invalid-yaml = invalid YAML
diag-cannot-read-rulebook-file = cannot read rulebook file: { $error }
diag-clause-file-not-found = clause file `{ $file }` not found
diag-empty-rulebook = empty rulebook
diag-extends-too-deep = `extends` nests more than { $max } rulebooks deep; do two rulebooks extend each other?
diag-extends-unknown = `extends` names `{ $name }`, which is neither a sibling rulebook folder, an embedded rulebook nor a family of editions (a rulebook naming it in `family`)
diag-extends-empty = `extends` names no rulebook: name the base, or a list of bases, one per game
diag-extends-too-many = `extends` names { $count } rulebooks: at most one per game, { $most } in all
diag-extends-twice = `extends` names `{ $name }` twice
diag-extends-two-families = `extends` names `{ $name }`, a second base standing on a family of editions: a rulebook is compiled once per edition of one family
diag-bases-share-game = the bases `{ $name }` and `{ $other }` are both for { $game }: two bases of one rulebook are for different games, one each
diag-bases-share-name = the bases `{ $name }` and `{ $other }` both name { $what } `{ $id }`: two bases of one rulebook name nothing alike, so that neither changes the other
diag-what-clause = the clause
diag-what-constant = the constant
diag-what-parameter = the parameter
diag-what-name = the name
diag-not-plain-name = `{ $what }` must be a plain name (lower-case letters, digits, `-` and `_`, at most 64), not `{ $name }`
diag-edition-needs-both = an edition of a family gives both `family` and `in_force_from` (the day it came into force)
diag-bad-in-force-from = `in_force_from` is a day written `YYYY-MM-DD` that exists, not `{ $value }`
diag-file-outside-folder = clause file `{ $file }` is not inside the rulebook's folder: name it by a relative path without `..`
diag-clause-file-not-utf8 = clause file `{ $file }` is not UTF-8 text
diag-embedded-rulebooks = embedded rulebooks: { $names }

## The rulebook as a whole
diag-no-language = a rulebook needs at least one language
diag-no-words-in = arbiter has no words in `{ $lang }`
diag-no-words-help = it speaks { $languages }; add `locales/{ $lang }/*.ftl`, or give a folder of them with `--locales`
diag-text-missing-language = { $what } has no `{ $lang }` version
diag-text-languages-help = every text is given in all the rulebook's languages: { $languages }
diag-text-other-language = { $what } is given in `{ $lang }`, which is not a language of this rulebook
diag-official-unknown-language = `official` names `{ $lang }`, which is not a language of this rulebook ({ $languages })
diag-unknown-parameter-type = unknown parameter type `{ $name }`
diag-parameter-types-help = a parameter is a bool, an int, a side or a duration
diag-parameter-default = the default of `{ $name }` must be a constant { $ty }

## Clauses and their rules
diag-empty-clause-id = empty clause id
diag-duplicate-clause = duplicate clause id `{ $id }`
diag-first-defined-at = first defined at { $file }:{ $line }
diag-duplicate-replaces-help = to take the place of the base rulebook's `{ $id }`, write `replaces: ["{ $id }"]`
diag-replaces-itself-unknown = clause `{ $id }` replaces `{ $id }`, but no base rulebook has a clause `{ $id }`
diag-replaces-unknown = `replaces` names `{ $id }`, which is not a clause of a base rulebook
diag-disable-unknown = `disable` names `{ $id }`, which is not a clause of a base rulebook
diag-amends-unknown = `amends` names `{ $id }`, which is not a clause of a base rulebook
diag-amends-twice = `{ $id }` is amended twice by this rulebook
diag-amends-with-rules = clause `{ $id }` amends a base clause and also gives `{ $field }`: an amendment changes the text, not the rules
diag-amends-with-rules-help = keep the base clause's rules by leaving `{ $field }` out, or write `replaces` instead of `amends` to give the clause new rules
diag-value-without-defines = clause `{ $clause }` has a `value` but defines no name
diag-value-without-defines-help = write `defines: NAME` beside `value:`
diag-rules-and-short-form = clause `{ $clause }` has both `rules:` and a short-form rule (`on`, `when`, ...)
diag-rules-and-short-form-help = move the short form into `rules:` as one more rule
diag-no-event = clause `{ $clause }` has a condition, effects or a ruling but no event (`on`)
diag-rule-name = a rule name is lower-case letters, digits and `-`
diag-rule-name-twice = clause `{ $clause }` has two rules named `{ $name }`
diag-unknown-clause = { $field } names unknown clause `{ $clause }`
diag-unknown-event = unknown event `{ $name }`
diag-known-events = known events: { $names }
diag-no-condition = clause `{ $clause }` answers an event but has no condition (`when`)
diag-no-condition-help = write `when: "true"` for a clause that always applies
diag-condition-not-bool = a condition must be a bool, this is { $ty }
diag-expression-syntax = expression syntax: { $message }
diag-effect-syntax = effect syntax: { $message }
diag-effects-same-class = a rule of clause `{ $clause }` has more than one effect deciding the same thing
diag-no-ruling = clause `{ $clause }` answers an event but has no ruling message
diag-ruling-unprovided-variable = the { $lang } ruling uses `${ $var }`, which the clause does not provide
diag-ruling-vars-help = declare it under `vars:`; this clause provides: { $provided }
diag-nothing = nothing
diag-ruling-not-fluent = the { $lang } ruling is not a valid Fluent pattern: { $error }

## Precedence
diag-exception-cycle = clause `{ $clause }` is, through `exception_to`, an exception to itself
diag-exception-cycle-help = exceptions must form a hierarchy without cycles
diag-conflict-within = two rules of clause `{ $clause }` can both fire on `{ $event }` with contradictory outcomes ({ $why })
diag-conflict = clauses `{ $first }` and `{ $second }` can both fire on `{ $event }` with contradictory outcomes ({ $why }), and neither is an exception to the other
diag-conflict-help = add `exception_to: ["{ $clause }"]` to the clause that should win, or make the outcomes agree
diag-against = `{ $first }` against `{ $second }`

## Named values
diag-defined-twice = `{ $name }` is already defined in this rulebook
diag-defined-twice-help = a name is defined once; an overlay may redefine a name of its base
diag-redefinition-type = `{ $name }` is { $ty } in the base rulebook; a redefinition must be { $ty } too
diag-definition-cycle = `{ $name }` is defined through itself: { $path }
diag-definition-cycle-help = a definition may use other names, but not, through them, itself
diag-defined-name = a defined name is lower-case letters, digits and `_`, starting with a letter
diag-name-of-a-fact = `{ $name }` is already the name of a fact
diag-constant-not-literal = the value of constant `{ $name }` must be a literal
diag-constant-help = a constant is a number (`50`), a duration (`2min`), `true`/`false` or a side; a clause can `defines:` a name computed from the game
diag-unknown-unit = unknown unit `{ $unit }`
diag-units-help = a number counts one of: { $units }
diag-unit-not-number = only a number has a unit; `{ $name }` is { $ty }
diag-defines-and-event = clause `{ $clause }` defines `{ $name }` and also answers an event
diag-defines-and-event-help = a definition is a clause of its own: `defines` and `when` (or `value`), nothing else
diag-defines-when-and-value = clause `{ $clause }` defines `{ $name }` with both `when` and `value`
diag-defines-nothing = clause `{ $clause }` defines `{ $name }` but has no `when` or `value`
diag-defines-nothing-help = `when:` for a condition, `value:` for a number, a duration or a side
diag-definition-not-bool = a definition's `when` must be a bool, this is { $ty }
diag-definition-not-bool-help = write `value:` for a name that is not a condition

## Syntax of expressions and effects
diag-expected-expression = expected an expression
diag-unexpected-input = unexpected input
diag-expected = expected { $names }
diag-number-too-large = number too large
diag-expected-if = expected `if CONDITION then A else B`
diag-expected-name = expected a name
diag-syntax-expression = an expression
diag-syntax-and-or = `and` or `or`
diag-syntax-comparison = a comparison
diag-syntax-arithmetic = an arithmetic operator
diag-syntax-not = `not` or `-`
diag-syntax-duration = a duration such as `2min`
diag-syntax-number = a number
diag-syntax-boolean = `true` or `false`
diag-syntax-name = a name
diag-syntax-paren = `(`
diag-syntax-if = `if`
diag-syntax-if-expr = `if ... then ... else ...`
diag-syntax-then = `then`
diag-syntax-else = `else`
diag-syntax-end = end of input

## Names and types of expressions
diag-unknown-effect = unknown effect `{ $name }`
diag-known-effects = known effects: { $names }
diag-effect-only-on = effect `{ $name }` only applies to clauses on `{ $event }`
diag-unknown-parameter = unknown parameter `{ $name }`
diag-declared-parameters = the rulebook declares: { $names }
diag-no-parameters = no parameters
diag-broken-definition = `{ $name }` has an error in its definition
diag-takes-arguments = `{ $name }` takes { $count } { $count ->
    [one] argument
   *[other] arguments
}
diag-arguments-given = `{ $name }` takes { $count } { $count ->
    [one] argument
   *[other] arguments
}, { $given } given
diag-not-a-function = `{ $name }` is not a function
diag-cannot-negate = cannot negate { $ty }
diag-if-branches = the branches of `if` must have one type, not { $first } and { $second }
diag-cannot-compare = cannot compare { $first } with { $second }
diag-orders = `{ $op }` orders two numbers or two durations, not { $first } and { $second }
diag-arithmetic = `{ $op }` needs two numbers or two durations, not { $first } and { $second }
diag-needs-number = `{ $op }` needs a number, not { $ty }
diag-expected-type = expected { $expected }, found { $found }
diag-unknown-fact = unknown fact `{ $name }`
diag-did-you-mean = did you mean `{ $name }`?
diag-facts-in-readme = facts are listed in docs/rule-language.md
diag-event-field = `{ $name }` is a field of the `{ $event }` event; this clause answers { $answers }
diag-answers-event = `{ $event }`
diag-answers-no-event = no event
diag-guard = `{ $name }` exists only when `{ $guard }` holds
diag-guard-help = write `{ $guard } and ...` before using `{ $name }`

## Limits of a rulebook (docs/rulebooks.md, “Limits of a rulebook”)
diag-too-long = the expression is { $len } bytes long; an expression is at most { $max } bytes
diag-too-long-help = a rulebook is untrusted input, so arbiter keeps it within fixed limits (docs/rulebooks.md, “Limits of a rulebook”): give parts of the expression names of their own (`defines:`)
diag-too-deep = the expression nests more than { $max } levels deep here (each parenthesis, `if`, operator and argument is a level; `a and b and c` is three)
diag-too-deep-help = a rulebook is untrusted input, so arbiter keeps it within fixed limits (docs/rulebooks.md, “Limits of a rulebook”): group a long chain with parentheses, `(a and b) and (c and d)`
diag-too-deep-with-names = with the named values it reads, this expression is { $depth } levels deep; at most { $max } are allowed
diag-too-deep-with-names-help = a named value counts as deep as its definition (docs/rulebooks.md, “Limits of a rulebook”)
diag-too-large-expanded = with the named values it reads, this expression has { $size } parts to evaluate; at most { $max } are allowed
diag-too-large-expanded-help = a named value is evaluated wherever it is read: a definition that reads another twice doubles at each level (docs/rulebooks.md, “Limits of a rulebook”)
diag-too-many-clauses = the rulebook has { $count } clauses, its bases' included; at most { $max } are allowed
diag-too-many-rules = the rulebook has { $count } rules; at most { $max } are allowed
diag-too-many-names = the rulebook has { $count } constants and defined names; at most { $max } are allowed
diag-too-many-parameters = the rulebook has { $count } parameters; at most { $max } are allowed
diag-too-many-help = a rulebook is untrusted input, so arbiter keeps it within fixed limits (docs/rulebooks.md, “Limits of a rulebook”); this is where the limit is passed
diag-precedence-too-large = the precedence, `exception_to` taken transitively, orders more than { $max } pairs of clauses
diag-precedence-too-large-help = a rulebook is untrusted input, so arbiter keeps it within fixed limits (docs/rulebooks.md, “Limits of a rulebook”): make a clause an exception to fewer clauses
diag-more-conflicts = more than { $max } conflicts between rules: the others are not listed
diag-cascade = `{ $effect }` raises `{ $event }`, which leads back to this rule: { $cycle }
diag-cascade-help = a rule's effects cannot raise, directly or through other rules, the event the rule answers: it would be asked again without end
diag-clause-id-control = a clause id cannot hold a line break, a tab or another control character
diag-parameter-name = a parameter's name is lower-case letters, digits and `_`, starting with a letter, not `{ $name }`

## Evaluating a rule
eval-overflow = the result of `{ $op }` is too large for a number
eval-division-by-zero = division by zero in `{ $op }`
eval-time-too-large = time_for_moves({ $moves }): the time is too large to count
eval-in-clause = clause { $clause }: { $error }

## Reading PGN
pgn-in-game = game { $game }: { $message }
pgn-could-not-read = could not read this game
pgn-comment-not-closed = comment `{"{"}` is never closed: truncated file?
pgn-paren-closes-nothing = `)` closes no variation
pgn-nag = `$` must be followed by a number (a NAG)
pgn-unexpected-character = unexpected character `{ $char }`
diag-unknown-game = `{ $name }` is not a game arbiter knows ({ $known })
diag-no-game = `games` names no game
diag-clause-game-not-in-rulebook = clause { $clause } applies to a game its rulebook is not for (the rulebook's `games`)
game-not-for-rulebook = the rulebook `{ $rulebook }` is for { $games }; this game is { $game } (its `GameType` tag)
game-chess = chess
game-russian-draughts = Russian draughts
draughts-expected-square = a dark square (a1 to h8, or 1 to 32)
draughts-expected-separator = `-`, `:` or `x`, the same throughout
draughts-expected-end = the end of the move
draughts-syntax = expected { $expected } at character { $column }
draughts-no-piece = there is no piece on { $square }
draughts-opponents-piece = the piece on { $square } is the opponent's
draughts-capture-required = a capture is compulsory
draughts-nothing-to-capture = there is nothing to capture
draughts-man-backward = a man moves backward only to capture
draughts-occupied = { $square } is occupied
draughts-unfinished = the capture must go on: another piece can be taken
draughts-jumped-twice = the piece on { $square } would be jumped twice (the Turkish strike)
draughts-no-such-move = no legal move goes so
draughts-ambiguous = it names more than one capture: { $moves }
draughts-fen-side = expected `W` or `B`
draughts-fen-square = expected a dark square (a1 to h8, or 1 to 32)
draughts-fen-separator = expected `:`, `,` or the end
draughts-fen-twice = the square has a piece already
draughts-fen-too-many = a side has more than 12 pieces
draughts-fen-man-on-last-rank = a man stands on the rank where it would have been crowned
pgn-not-san = `{ $san }` is not a move in standard algebraic notation
pdn-not-move = `{ $text }` is not a draughts move (`c3-d4`, or a capture `c3:e5:c7`)
pdn-unknown-game-type = `GameType "{ $value }"` names a game arbiter does not know (0 is chess, 25 Russian draughts)
pgn-variation-not-closed = a variation `(` is never closed
pgn-no-result = the game has no result (`1-0`, `0-1`, `1/2-1/2` or `*`): truncated file?
pgn-result-disagrees = the moves end with `{ $terminator }`, but the `Result` tag says `{ $tag }`: the record contradicts itself, and arbiter will not choose
pgn-tags-without-moves = this game has tags but no moves and no result: a blank line and the next game's tags follow
pgn-game-too-large = { $megabytes ->
    [one] the game is longer than { $megabytes } megabyte, the largest game read: it is skipped
   *[other] the game is longer than { $megabytes } megabytes, the largest game read: it is skipped
}
pgn-no-games = no game in this input
pgn-tag-syntax = a tag must be `[Name "value"]`
pgn-tag-quoted-value = tag `{ $name }`: expected a quoted value
pgn-tag-closing-quote = tag `{ $name }`: the value's closing `"` is missing
pgn-tag-closing-bracket = tag `{ $name }`: expected `]`

## The TimeControl tag and clock readings
pgn-expected-number = expected { $what } (a whole number), found `{ $text }`
pgn-number-too-large = { $what } `{ $text }` is too large
pgn-what-sand = seconds of sand
pgn-what-moves = a number of moves
pgn-what-seconds = seconds
pgn-what-increment = seconds of increment
pgn-empty-time-control = an empty time control: expected `?`, `-` or periods like `40/7200:3600`
pgn-period-after-all = period { $period } covers all remaining moves, so no period can follow it
pgn-zero-moves = a period of 0 moves
pgn-not-a-clock-reading = `{ $reading }` is not a clock reading: expected H:MM:SS, e.g. 1:05:30
pgn-clock-too-large = `{ $reading }` is too large a clock reading: at most { $hours } hours

## Event commands
pgn-command-not-closed = a `[%` command is never closed with `]`
pgn-empty-command = an empty `[%]` command
pgn-too-many-commands = too many event commands in one game
pgn-unexpected-argument = unexpected `{ $word }` in `[%{ $command } ...]`
pgn-offer-side = `[%offer { $side }]`: the side is `white` or `black`
pgn-correct-side = `[%correct { $side }]`: the side is `white` or `black`
pgn-resign-side = `[%resign { $side }]`: the side is `white` or `black`
pgn-unknown-claim = unknown claim `{ $kind }`: expected `threefold` or `fifty`
pgn-claim-needs-kind = `[%claim]` needs a kind: `threefold` or `fifty`
pgn-not-a-square = `{ $square }` is not a square
pgn-touch-needs-square = `[%touch]` needs a square: `[%touch e2]`
pgn-clk-needs-reading = `[%clk]` needs a reading: `[%clk 0:01:30]`
pgn-clock-side = `[%clock { $side } ...]`: the side is `white` or `black`
pgn-clock-needs-side = `[%clock]` needs a side and a reading: `[%clock black 0:01:30]`
pgn-clock-needs-reading = `[%clock]` needs a reading after the side: `[%clock black 0:01:30]`
pgn-flag-side = `[%flag { $side }]`: expected `white`, `black` or `both`
pgn-flag-needs-side = `[%flag]` needs a side: `[%flag white]`, `[%flag black]` or `[%flag both]`
pgn-unknown-basis = unknown basis `{ $word }`: expected `no-win` (the opponent cannot win by normal means) or `no-effort` (he is making no effort to)
pgn-quickplay-needs-basis = `[%quickplay]` needs its basis: `no-win`, `no-effort`, or both
pgn-arbiter-needs-act = `[%arbiter]` needs an act: agree, postpone, reject, grant, declare or intervene
pgn-arbiter-unexpected = unexpected `{ $word }` in `[%arbiter ...]`: the acts are `agree`, `postpone [extra-time]`, `reject`, `grant`, `declare draw`, `declare no-draw` and `intervene`
pgn-unknown-act = unknown arbiter's act `{ $word }`: expected agree, postpone, reject, grant, declare or intervene
pgn-illegal-argument = `[%illegal { $word }]`: expected `[%illegal]`, `[%illegal { $expected }]`, `[%illegal clock]`, `[%illegal two-hands]` or the illegal move that was taken back

## Errors about a game
game-bad-date = the `Date` tag `{ $value }` is no date: write YYYY.MM.DD, with `??` for a part not known (`2022.??.??`); the date decides the edition of the Laws in force
game-offer-before-move = `[%offer]` before any move: no player has just moved; write `[%offer white]` or `[%offer black]`
game-no-piece = `[%touch { $square }]`: there is no piece on { $square }
game-clk-before-move = `[%clk]` before any move: no player has just moved; write `[%clock white H:MM:SS]` or `[%clock black H:MM:SS]`
game-illegal-before-move = `[%illegal]` before any move: no player has just moved
game-evaluating-rules = evaluating the rules on `{ $event }` at ply { $ply }: { $error }
game-evaluating-effects = evaluating effects on `{ $event }` at ply { $ply }: { $error }
game-evaluating-vars = evaluating ruling variables on `{ $event }` at ply { $ply }: { $error }
game-cascade = the rules' effects raised events more than { $max } times in a row (the last `{ $event }`): the rulebook raises the event that triggers it
game-illegal-move = { $number } { $san } is not a legal move in the position ({ $error })
game-as-made = { $number } { $san }, marked `[%illegal]`, cannot be played as it was made: { $why }
as-made-no-piece = the player to move has no such piece
as-made-ambiguous = more than one such piece could have made it: write the square it left (`Ng1f3`, `e2e5`)
as-made-own-piece = { $square } holds the player's own piece
as-made-king = it would take the king on { $square }, and a king is never taken
as-made-castle = the king and that rook are not on their squares
as-made-not-a-move = it is not a move of a piece on the board
as-made-same-square = the piece would not move
as-made-not-diagonal = the way to { $square } is not along a diagonal
game-king-taken = { $number } { $san } takes the king, which is never taken: the record cannot go on from here
game-taken-back-legal = `{ $san }` is a legal move here: `[%illegal MOVE]` names an illegal move that was taken back (a legal move made with two hands is `[%illegal two-hands]` after it)
game-bad-fen = the FEN tag is not a valid FEN: { $error }
game-illegal-fen = the FEN tag is not a legal position: { $error }
game-fen-number-too-large = the FEN tag's { $field ->
    [halfmove] halfmove clock
   *[fullmove] move number
} { $value } is too large: at most { $max }
game-tag-value = tag `{ $tag }` must be { $what }, not `{ $text }`
game-tag-yes-no = `yes` or `no`
game-tag-whole-number = a whole number
game-tag-seconds = a number of seconds
game-tag-side = `white` or `black`
game-tag-a-value = a value
game-param-type = the parameter `{ $name }` takes { $expected }, not { $given }
game-param-kind = { $kind ->
    [bool] a yes-or-no value
    [int] a whole number
    [duration] a number of seconds
    [side] a side
   *[move] a move
}
game-time-control = the TimeControl tag: { $error }
game-time-control-value = the TimeControl tag `{ $value }`: { $error }
diag-help = help
