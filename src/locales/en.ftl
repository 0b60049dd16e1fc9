# Messages of the adjudicator itself (not of a rulebook).
game-ended =
    { $result ->
        [draw] The game is drawn
        [white] White wins
       *[black] Black wins
    } at ply { $ply } under { $rule }: { $ruling }
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
