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
evidence-can-checkmate = { $side ->
        [white] Белые
       *[black] Чёрные
    } ещё могли поставить мат: { $line }.
evidence-cannot-checkmate = { $side ->
        [white] Белые
       *[black] Чёрные
    } не могут поставить мат никакой серией возможных ходов: { $proof }.
evidence-dead-position = Ни одна сторона не может поставить мат. Белые: { $white }; чёрные: { $black }.
evidence-after-forced = { $count ->
        [1] Здесь возможен только один ход, { $line }; после него:
       *[other] Дальше возможны только вынужденные ходы, { $line }; после них:
    } { $reason }
evidence-undetermined = Анализ не смог решить, { $side ->
        [white] могут ли белые поставить мат,
        [black] могут ли чёрные поставить мат,
       *[none] мёртвая ли позиция,
    } в пределах своего бюджета (рассмотрено позиций: { $nodes }).
tier-material = оставшегося материала недостаточно для мата
tier-terminal = партия не может дойти до такого мата (возможных ходов не осталось)
tier-forced-cycle = остались только вынужденные ходы, и они повторяются
tier-semi-static = запертые пешки замыкают фигуры: ни одна из них никогда не сможет попасть на поле, с которого можно объявить шах королю там, куда он может пойти
tier-quick-search = каждая серия ходов короткого перебора заканчивается без такого мата
tier-search = полный перебор всех серий ходов до глубины { $depth } не находит мата
tier-closure = рассмотрены все позиции, которые ещё могут возникнуть ({ $positions }), и ни одна из них не такой мат
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
