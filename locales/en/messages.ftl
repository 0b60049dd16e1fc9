# Messages of the adjudicator itself (not of a rulebook).
game-ended =
    { $result ->
        [draw] The game is drawn
        [white] White wins
       *[black] Black wins
    } { $when } under { $rule }: { $ruling }
game-awaits-decision = Play stopped { $when } under { $rule }, and the result awaits the arbiter's decision: { $ruling }
game-not-ended = The laws have not ended the game { $when }; the scoresheet records { $recorded }.
unplayed-moves = { $count ->
        [one] One recorded move was
       *[other] { $count } recorded moves were
    } not played: the game had already ended.
recorded-differs = The scoresheet records { $recorded }.
no-clause = No clause of the rulebook answers this event.
from-record = (Read from the record: its result and its Termination tag.)
assumed-from-record = (Assumed from the recorded result alone: the record does not say how the game ended.)
audit-line = { $file }:{ $line } (game { $game }) { $white } – { $black }: recorded { $recorded }, the laws give { $result }. { $finding }
finding-agrees = The recorded result { $recorded } is the one the laws give.
finding-ended-earlier = The laws ended the game before its last recorded move; the record goes on to { $recorded }.
finding-contradicts = { $earlier ->
        [yes] The laws ended the game before its last recorded move, with { $result }; the record goes on to { $recorded }, which the laws contradict.
       *[no] The record says { $recorded }, which the laws contradict: they give { $result }.
    }
finding-assumed = The record says { $recorded }, and nothing else in it says how the game ended: the result is assumed, not derived.
finding-unrecorded = The record states no result.
finding-not-derivable = The laws cannot derive a result from this record ({ $recorded }).
evidence-can-checkmate = { $side ->
        [white] White
       *[black] Black
    } could still checkmate: { $line }.
evidence-can-checkmate-unshown = { $side ->
        [white] White
       *[black] Black
    } could still checkmate (a helpmate was found; `--evidence found` shows it).
evidence-cannot-checkmate = { $side ->
        [white] White
       *[black] Black
    } cannot checkmate by any series of legal moves: { $proof }.
evidence-dead-position = Neither side can checkmate. White: { $white }; Black: { $black }.
edition-named = Ruled under { $own ->
        [yes] { $edition }
        [no] { $rulebook } on { $edition }
       *[none] { $rulebook }
    }, as named.
edition-date = Ruled under { $own ->
        [yes] { $edition }
        [no] { $rulebook } on { $edition }
       *[none] { $rulebook }
    }, the edition of the Laws in force on the game's date, { $date }.
edition-partial-date = Ruled under { $own ->
        [yes] { $edition }
        [no] { $rulebook } on { $edition }
       *[none] { $rulebook }
    }, the edition of the Laws in force throughout the period the game's date { $date } gives.
edition-date-undecided = Ruled under { $own ->
        [yes] { $edition }
        [no] { $rulebook } on { $edition }
       *[none] { $rulebook }
    }: the game's date { $date } does not tell which edition of the Laws was in force (one came into force within it), so the latest it allows applies.
edition-no-date = Ruled under { $own ->
        [yes] { $edition }
        [no] { $rulebook } on { $edition }
       *[none] { $rulebook }
    }: the game has no date, so the newest edition of the Laws applies.
edition-before-oldest = Ruled under { $own ->
        [yes] { $edition }
        [no] { $rulebook } on { $edition }
       *[none] { $rulebook }
    }: the game's date { $date } is before that edition came into force, and older editions of the Laws are not encoded, so the oldest one encoded applies.
evidence-after-forced = { $count ->
        [1] Only one move is legal here, { $line }; after it:
       *[other] Only forced moves follow, { $line }; after them:
    } { $reason }
evidence-undetermined = The analysis could not decide { $side ->
        [white] whether White can checkmate
        [black] whether Black can checkmate
       *[none] whether the position is dead
    } within its budget ({ $nodes } { $nodes ->
        [one] position
       *[other] positions
    } examined).
tier-material = the material left cannot mate
tier-terminal = the game cannot go on to that mate (no legal move is left)
tier-forced-cycle = only forced moves are left, and they repeat
tier-semi-static = locked pawns, and pieces that can never move, wall the board: the pieces that can still move can never mate on the squares where the king can go
tier-quick-search = every series of moves in a short search ends without that mate
tier-search = a complete search of every series of moves, to depth { $depth }, finds no mate
tier-closure = every position that can still arise ({ $positions }) was examined, and none is that mate
tier-check-chain = every move, and every series of checks after it, ends without that mate or reaches a position where locked pawns and pieces that can never move wall the board, or where the material left cannot mate
effects = Effects: { $list }.
effect-draw = the game is drawn
effect-win = { $side ->
        [white] White wins
       *[black] Black wins
    }
effect-uphold = the claim is upheld
effect-reject = the claim is rejected
effect-add-time = { $seconds } added to { $side ->
        [white] White's
       *[black] Black's
    } clock
effect-offer = a draw offer by { $side ->
        [white] White
       *[black] Black
    } is pending
effect-void-offer = the draw offer by { $side ->
        [white] White
       *[black] Black
    } is not valid
effect-accept-offer = the draw offer is accepted
effect-decline-offer = the draw offer is rejected orally
effect-reject-offer-by-touch = the draw offer is rejected by touching a piece
effect-reject-offer-by-move = the draw offer is rejected by a move
effect-require-move = the move { $move } must be made
effect-irregularity = an irregularity
effect-refer = the claim by { $side ->
        [white] White
       *[black] Black
    } goes before the arbiter
effect-postpone = the arbiter's decision is postponed
effect-close-claim = the claim before the arbiter is settled
effect-request-increment = the request of { $side ->
        [white] White
       *[black] Black
    } for an increment is before the arbiter
effect-close-request = the request for an increment is settled
effect-set-increment = from now on { $seconds } per move for both players
effect-await-decision = play stops; the result awaits the arbiter's decision
effect-score = the draw scores as a win for { $side ->
        [white] White
       *[black] Black
    }
effect-correct-irregularity = the error is corrected
effect-reinstate = the position before the illegal move is reinstated
effect-penalise-illegal = an illegal move of { $side ->
        [white] White's
       *[black] Black's
    } is counted
effect-irregular-move = an irregular move by { $side ->
        [white] White
       *[black] Black
    } is on record
scoresheet = Scoresheet: { $moves }
game-header = { $place } game { $game }: { $white } – { $black }: { $result }
after-move = after { $move }
in-start-position = in the start position
start-position-short = start
