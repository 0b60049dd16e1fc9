# Messages of the adjudicator itself (not of a rulebook).
game-ended =
    { $result ->
        [draw] The game is drawn
        [white] White wins
       *[black] Black wins
    } at ply { $ply } under { $rule }: { $ruling }
game-awaits-decision = Play stopped at ply { $ply } under { $rule }, and the result awaits the arbiter's decision: { $ruling }
game-not-ended = The laws have not ended the game after { $plies } { $plies ->
        [one] ply
       *[other] plies
    }; the scoresheet records { $recorded }.
unplayed-moves = { $count ->
        [one] One recorded move was
       *[other] { $count } recorded moves were
    } not played: the game had already ended.
recorded-differs = The scoresheet records { $recorded }.
no-clause = No clause of the rulebook answers this event.
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
scoresheet = Scoresheet: { $moves }
