# Сообщения самого арбитра (не свода правил).
game-ended =
    { $result ->
        [draw] Партия закончилась вничью
        [white] Белые выиграли
       *[black] Чёрные выиграли
    } на { $ply }-м полуходу по статье { $rule }: { $ruling }
game-awaits-decision = Игра остановлена на { $ply }-м полуходу по статье { $rule }, и результат ожидает решения арбитра: { $ruling }
game-not-ended = Правила не завершили партию после { $plies } { $plies ->
        [one] полухода
       *[other] полуходов
    }; в бланке записан результат { $recorded }.
unplayed-moves = { $count ->
        [one] { $count } записанный ход не сыгран
        [few] { $count } записанных хода не сыграны
       *[other] { $count } записанных ходов не сыграны
    }: партия к тому времени уже закончилась.
recorded-differs = В бланке записан результат { $recorded }.
no-clause = Ни одна статья свода правил не отвечает на это событие.
effects = Последствия: { $list }.
effect-draw = партия закончилась вничью
effect-win = { $side ->
        [white] белые выиграли
       *[black] чёрные выиграли
    }
effect-uphold = заявление признано обоснованным
effect-reject = заявление признано необоснованным
effect-add-time = { $side ->
        [white] белым
       *[black] чёрным
    } добавлено { $seconds }
effect-offer = предложение ничьей { $side ->
        [white] белых
       *[black] чёрных
    } остаётся в силе
effect-void-offer = предложение ничьей { $side ->
        [white] белых
       *[black] чёрных
    } недействительно
effect-accept-offer = предложение ничьей принято
effect-decline-offer = предложение ничьей отклонено устно
effect-reject-offer-by-touch = предложение ничьей отклонено касанием фигуры
effect-reject-offer-by-move = предложение ничьей отклонено ходом
effect-require-move = должен быть сделан ход { $move }
effect-irregularity = нерегулярность
effect-refer = заявление { $side ->
        [white] белых
       *[black] чёрных
    } передано на рассмотрение арбитра
effect-postpone = решение арбитра отложено
effect-close-claim = рассмотрение заявления закончено
effect-request-increment = просьба { $side ->
        [white] белых
       *[black] чёрных
    } о добавлении времени передана арбитру
effect-close-request = рассмотрение просьбы о добавлении времени закончено
effect-set-increment = с этого момента { $seconds } на ход для обоих игроков
effect-await-decision = игра остановлена; результат ожидает решения арбитра
effect-score = ничья засчитывается как победа { $side ->
        [white] белых
       *[black] чёрных
    }
effect-correct-irregularity = ошибка исправлена
scoresheet = Бланк: { $moves }
