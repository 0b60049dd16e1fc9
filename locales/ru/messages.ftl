# Сообщения самого арбитра (не свода правил).
game-ended =
    { $result ->
        [draw] Партия закончилась вничью
        [white] Белые выиграли
       *[black] Чёрные выиграли
    } { $when } по статье { $rule }: { $ruling }
game-awaits-decision = Игра остановлена { $when } по статье { $rule }, и результат ожидает решения арбитра: { $ruling }
game-not-ended = Правила не завершили партию { $when }; в бланке записан результат { $recorded }.
unplayed-moves = { $count ->
        [one] { $count } записанный ход не сыгран
        [few] { $count } записанных хода не сыграны
       *[other] { $count } записанных ходов не сыграны
    }: партия к тому времени уже закончилась.
recorded-differs = В бланке записан результат { $recorded }.
no-clause = Ни одна статья свода правил не отвечает на это событие.
from-record = (Прочитано из записи партии: её результат и записанная в ней причина окончания партии.)
assumed-from-record = (Предполагается только по записанному результату: запись не говорит, как закончилась партия.)
audit-line = { $file }:{ $line } (партия { $game }) { $white } – { $black }: записано { $recorded }, по Правилам { $result }. { $finding }
finding-agrees = Записанный результат { $recorded } совпадает с результатом по Правилам.
finding-ended-earlier = Правила закончили партию раньше её последнего записанного хода; запись продолжается до результата { $recorded }.
finding-contradicts = { $earlier ->
        [yes] Правила закончили партию раньше её последнего записанного хода, с результатом { $result }; запись продолжается до результата { $recorded }, что противоречит Правилам.
       *[no] В записи результат { $recorded }, что противоречит Правилам: по ним результат { $result }.
    }
finding-assumed = В записи результат { $recorded }, и больше ничто в ней не говорит, как закончилась партия: результат предполагается, а не выводится.
finding-unrecorded = В записи нет результата.
finding-not-derivable = Правила не могут вывести результат из этой записи ({ $recorded }).
evidence-can-checkmate = { $side ->
        [white] Белые
       *[black] Чёрные
    } ещё могли поставить мат: { $line }.
evidence-can-checkmate-unshown = { $side ->
        [white] Белые
       *[black] Чёрные
    } ещё могли поставить мат (кооперативный мат найден; его показывает `--evidence found`).
evidence-cannot-checkmate = { $side ->
        [white] Белые
       *[black] Чёрные
    } не могут поставить мат никакой серией возможных ходов: { $proof }.
evidence-dead-position = Ни одна сторона не может поставить мат. Белые: { $white }; чёрные: { $black }.
edition-named = Решено по { $own ->
        [yes] { $edition }
        [no] { $rulebook } на издании { $edition }
       *[none] { $rulebook }
    }, как указано.
edition-date = Решено по { $own ->
        [yes] { $edition }
        [no] { $rulebook } на издании { $edition }
       *[none] { $rulebook }
    } — изданию Правил, действовавшему в день партии, { $date }.
edition-partial-date = Решено по { $own ->
        [yes] { $edition }
        [no] { $rulebook } на издании { $edition }
       *[none] { $rulebook }
    } — изданию Правил, действовавшему весь период, который даёт дата партии { $date }.
edition-date-undecided = Решено по { $own ->
        [yes] { $edition }
        [no] { $rulebook } на издании { $edition }
       *[none] { $rulebook }
    }: по дате партии { $date } нельзя сказать, какое издание Правил действовало (в этот период вступило в силу новое), поэтому применяется самое позднее из возможных.
edition-no-date = Решено по { $own ->
        [yes] { $edition }
        [no] { $rulebook } на издании { $edition }
       *[none] { $rulebook }
    }: у партии нет даты, поэтому применяется новейшее издание Правил.
edition-before-oldest = Решено по { $own ->
        [yes] { $edition }
        [no] { $rulebook } на издании { $edition }
       *[none] { $rulebook }
    }: дата партии { $date } раньше вступления этого издания в силу, а более старые издания Правил не закодированы, поэтому применяется старейшее из закодированных.
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
tier-semi-static = запертые пешки и фигуры, которые никогда не сдвинутся, делят доску стенами: подвижные фигуры никогда не смогут поставить мат на полях, куда может пойти король
tier-quick-search = каждая серия ходов короткого перебора заканчивается без такого мата
tier-search = полный перебор всех серий ходов до глубины { $depth } не находит мата
tier-closure = рассмотрены все позиции, которые ещё могут возникнуть ({ $positions }), и ни одна из них не такой мат
tier-check-chain = каждый ход и каждая следующая за ним серия шахов заканчиваются без такого мата или ведут к позиции, где запертые пешки и фигуры, которые никогда не сдвинутся, делят доску стенами, или где оставшегося материала недостаточно для мата
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
effect-reinstate = восстановлена позиция до невозможного хода
effect-penalise-illegal = невозможный ход { $side ->
        [white] белых
       *[black] чёрных
    } учтён
effect-irregular-move = за { $side ->
        [white] белыми
       *[black] чёрными
    } записан неправильный ход
scoresheet = Бланк: { $moves }
game-header = { $place } партия { $game }: { $white } – { $black }: { $result }
after-move = после { $move }
in-start-position = в начальной позиции
start-position-short = начало
