# Ошибки с местом: что арбитр говорит о своде правил, выражении или партии, которые не может прочесть.

diag-here = здесь
diag-defined-again-here = повторное определение здесь

## Типы, как их называет сообщение об ошибке
diag-a-bool = логическое значение
diag-an-int = целое число
diag-a-side = сторона
diag-a-duration = длительность
diag-a-move = ход

## Поля свода правил с текстом на каждом языке
diag-field-title = заголовок
diag-field-source = источник
diag-field-text = текст
diag-field-note = примечание
diag-field-ruling = решение
diag-field-article-title = заголовок статьи
diag-field-reason = причина
diag-field-parameter-doc = описание параметра
diag-field-constant-doc = описание константы

## Чтение свода правил
diag-yaml = YAML: { $message }
diag-invalid-yaml = некорректный YAML
diag-cannot-read-rulebook-file = не удаётся прочитать файл свода правил: { $error }
diag-clause-file-not-found = файл статей `{ $file }` не найден
diag-empty-rulebook = пустой свод правил
diag-extends-too-deep = `extends` вкладывает своды правил глубже { $max } { $max ->
        [one] уровня
       *[other] уровней
    }; не расширяют ли два свода друг друга?
diag-extends-unknown = `extends` называет `{ $name }`, но это не соседняя папка свода правил, не встроенный свод и не семейство изданий (свод, называющий его в `family`)
diag-extends-empty = `extends` не называет ни одного свода: назовите основу или список основ, по одной на игру
diag-extends-too-many = `extends` называет сводов: { $count }; не больше одного на игру, всего { $most }
diag-extends-twice = `extends` дважды называет `{ $name }`
diag-extends-two-families = `extends` называет `{ $name }`, вторую основу, стоящую на семействе изданий: свод компилируется по разу на каждое издание одного семейства
diag-bases-share-game = основы `{ $name }` и `{ $other }` обе для игры { $game }: две основы одного свода — для разных игр, по одной на игру
diag-bases-share-name = основы `{ $name }` и `{ $other }` обе называют { $what } `{ $id }`: две основы одного свода не называют ничего одинаково, чтобы ни одна не меняла другую
diag-what-clause = пункт
diag-what-constant = константу
diag-what-parameter = параметр
diag-what-name = имя
diag-not-plain-name = `{ $what }` должно быть простым именем (строчные латинские буквы, цифры, `-` и `_`, не длиннее 64), а не `{ $name }`
diag-edition-needs-both = издание семейства указывает и `family`, и `in_force_from` (день вступления в силу)
diag-bad-in-force-from = `in_force_from` — существующий день в записи `YYYY-MM-DD`, а не `{ $value }`
diag-file-outside-folder = файл пунктов `{ $file }` лежит вне папки свода правил: укажите его относительным путём без `..`
diag-clause-file-not-utf8 = файл пунктов `{ $file }` — не текст в UTF-8
diag-embedded-rulebooks = встроенные своды правил: { $names }

## Свод правил в целом
diag-no-language = у свода правил должен быть хотя бы один язык
diag-no-words-in = у арбитра нет слов на языке `{ $lang }`
diag-no-words-help = он говорит на: { $languages }; добавьте `locales/{ $lang }/*.ftl` или укажите папку с ними через `--locales`
diag-text-missing-language = { $what }: нет версии на языке `{ $lang }`
diag-text-languages-help = каждый текст даётся на всех языках свода правил: { $languages }
diag-text-other-language = { $what }: дан на языке `{ $lang }`, которого нет среди языков этого свода правил
diag-official-unknown-language = `official` называет язык `{ $lang }`, которого нет среди языков этого свода правил ({ $languages })
diag-unknown-parameter-type = неизвестный тип параметра `{ $name }`
diag-parameter-types-help = параметр — это логическое значение, целое число, сторона или длительность
diag-parameter-default = значение по умолчанию для `{ $name }` должно быть константой типа { $ty }

## Статьи и их правила
diag-empty-clause-id = пустой идентификатор статьи
diag-duplicate-clause = повторный идентификатор статьи `{ $id }`
diag-first-defined-at = впервые определена в { $file }:{ $line }
diag-duplicate-replaces-help = чтобы занять место статьи `{ $id }` базового свода, напишите `replaces: ["{ $id }"]`
diag-replaces-itself-unknown = статья `{ $id }` заменяет `{ $id }`, но ни в одном базовом своде нет статьи `{ $id }`
diag-replaces-unknown = `replaces` называет `{ $id }`, но это не статья базового свода правил
diag-disable-unknown = `disable` называет `{ $id }`, но это не статья базового свода правил
diag-amends-unknown = `amends` называет `{ $id }`, но это не статья базового свода правил
diag-amends-twice = статья `{ $id }` изменяется этим сводом дважды
diag-amends-with-rules = статья `{ $id }` изменяет статью базового свода и задаёт `{ $field }`: изменение меняет текст, а не правила
diag-amends-with-rules-help = чтобы сохранить правила базовой статьи, уберите `{ $field }`; чтобы дать статье новые правила, напишите `replaces` вместо `amends`
diag-value-without-defines = у статьи `{ $clause }` есть `value`, но она не определяет имени
diag-value-without-defines-help = напишите `defines: ИМЯ` рядом с `value:`
diag-rules-and-short-form = у статьи `{ $clause }` есть и `rules:`, и правило в краткой форме (`on`, `when`, ...)
diag-rules-and-short-form-help = перенесите краткую форму в `rules:` как ещё одно правило
diag-no-event = у статьи `{ $clause }` есть условие, последствия или решение, но нет события (`on`)
diag-rule-name = имя правила состоит из строчных латинских букв, цифр и `-`
diag-rule-name-twice = у статьи `{ $clause }` два правила с именем `{ $name }`
diag-unknown-clause = { $field } называет неизвестную статью `{ $clause }`
diag-unknown-event = неизвестное событие `{ $name }`
diag-known-events = известные события: { $names }
diag-no-condition = статья `{ $clause }` отвечает на событие, но у неё нет условия (`when`)
diag-no-condition-help = напишите `when: "true"` для статьи, которая применяется всегда
diag-condition-not-bool = условие должно быть логическим значением, а это { $ty }
diag-expression-syntax = синтаксис выражения: { $message }
diag-effect-syntax = синтаксис последствия: { $message }
diag-effects-same-class = у правила статьи `{ $clause }` больше одного последствия, решающего одно и то же
diag-no-ruling = статья `{ $clause }` отвечает на событие, но у неё нет текста решения
diag-ruling-unprovided-variable = решение на языке { $lang } использует `${ $var }`, которую статья не предоставляет
diag-ruling-vars-help = объявите её в `vars:`; эта статья предоставляет: { $provided }
diag-nothing = ничего
diag-ruling-not-fluent = решение на языке { $lang } — некорректный шаблон Fluent: { $error }

## Старшинство
diag-exception-cycle = статья `{ $clause }` через `exception_to` оказывается исключением из самой себя
diag-exception-cycle-help = исключения должны образовывать иерархию без циклов
diag-conflict-within = два правила статьи `{ $clause }` могут сработать на `{ $event }` с противоречащими исходами ({ $why })
diag-conflict = статьи `{ $first }` и `{ $second }` могут сработать на `{ $event }` с противоречащими исходами ({ $why }), и ни одна не является исключением из другой
diag-conflict-help = добавьте `exception_to: ["{ $clause }"]` к статье, которая должна взять верх, или согласуйте исходы
diag-against = `{ $first }` против `{ $second }`

## Именованные значения
diag-defined-twice = `{ $name }` уже определено в этом своде правил
diag-defined-twice-help = имя определяется один раз; дополнение может переопределить имя своего базового свода
diag-redefinition-type = `{ $name }` в базовом своде правил — { $ty }; переопределение тоже должно быть таким: { $ty }
diag-definition-cycle = `{ $name }` определено через само себя: { $path }
diag-definition-cycle-help = определение может использовать другие имена, но не само себя через них
diag-defined-name = определяемое имя состоит из строчных латинских букв, цифр и `_` и начинается с буквы
diag-name-of-a-fact = `{ $name }` уже является именем факта
diag-constant-not-literal = значение константы `{ $name }` должно быть литералом
diag-constant-help = константа — это число (`50`), длительность (`2min`), `true`/`false` или сторона; имя, вычисляемое по партии, статья может задать через `defines:`
diag-unknown-unit = неизвестная единица `{ $unit }`
diag-units-help = число считает одно из: { $units }
diag-unit-not-number = единица есть только у числа; `{ $name }` — { $ty }
diag-defines-and-event = статья `{ $clause }` определяет `{ $name }` и к тому же отвечает на событие
diag-defines-and-event-help = определение — это отдельная статья: `defines` и `when` (или `value`), ничего больше
diag-defines-when-and-value = статья `{ $clause }` определяет `{ $name }` одновременно через `when` и `value`
diag-defines-nothing = статья `{ $clause }` определяет `{ $name }`, но у неё нет ни `when`, ни `value`
diag-defines-nothing-help = `when:` для условия, `value:` для числа, длительности или стороны
diag-definition-not-bool = `when` определения должно быть логическим значением, а это { $ty }
diag-definition-not-bool-help = напишите `value:` для имени, которое не является условием

## Синтаксис выражений и последствий
diag-expected-expression = ожидалось выражение
diag-unexpected-input = неожиданный ввод
diag-expected = ожидалось: { $names }
diag-number-too-large = слишком большое число
diag-expected-if = ожидалось `if УСЛОВИЕ then A else B`
diag-expected-name = ожидалось имя
diag-syntax-expression = выражение
diag-syntax-and-or = `and` или `or`
diag-syntax-comparison = сравнение
diag-syntax-arithmetic = арифметический оператор
diag-syntax-not = `not` или `-`
diag-syntax-duration = длительность, например `2min`
diag-syntax-number = число
diag-syntax-boolean = `true` или `false`
diag-syntax-name = имя
diag-syntax-paren = `(`
diag-syntax-if = `if`
diag-syntax-if-expr = `if ... then ... else ...`
diag-syntax-then = `then`
diag-syntax-else = `else`
diag-syntax-end = конец ввода

## Имена и типы выражений
diag-unknown-effect = неизвестное последствие `{ $name }`
diag-known-effects = известные последствия: { $names }
diag-effect-only-on = последствие `{ $name }` применимо только в статьях на `{ $event }`
diag-unknown-parameter = неизвестный параметр `{ $name }`
diag-declared-parameters = свод правил объявляет: { $names }
diag-no-parameters = никаких параметров
diag-broken-definition = в определении `{ $name }` есть ошибка
diag-takes-arguments = `{ $name }` принимает { $count } { $count ->
        [one] аргумент
        [few] аргумента
       *[other] аргументов
    }
diag-arguments-given = `{ $name }` принимает { $count } { $count ->
        [one] аргумент
        [few] аргумента
       *[other] аргументов
    }, а дано { $given }
diag-not-a-function = `{ $name }` — не функция
diag-cannot-negate = нельзя взять с минусом: { $ty }
diag-if-branches = ветви `if` должны быть одного типа, а не { $first } и { $second }
diag-cannot-compare = нельзя сравнить { $first } с { $second }
diag-orders = `{ $op }` упорядочивает два числа или две длительности, а не { $first } и { $second }
diag-arithmetic = `{ $op }` требует двух чисел или двух длительностей, а не { $first } и { $second }
diag-needs-number = `{ $op }` требует числа, а не { $ty }
diag-expected-type = ожидалось { $expected }, найдено { $found }
diag-unknown-fact = неизвестный факт `{ $name }`
diag-did-you-mean = может быть, имелось в виду `{ $name }`?
diag-facts-in-readme = факты перечислены в docs/rule-language.md
diag-event-field = `{ $name }` — поле события `{ $event }`; эта статья отвечает на { $answers }
diag-answers-event = `{ $event }`
diag-answers-no-event = никакое событие
diag-guard = `{ $name }` существует, только когда выполнено `{ $guard }`
diag-guard-help = напишите `{ $guard } and ...` до того, как использовать `{ $name }`

## Пределы свода правил (docs/rulebooks.md, «Limits of a rulebook»)
diag-too-long = длина выражения — { $len } байт; допускается не более { $max }
diag-too-long-help = свод правил — непроверенный ввод, и арбитр держит его в постоянных пределах (docs/rulebooks.md, «Limits of a rulebook»): дайте частям выражения собственные имена (`defines:`)
diag-too-deep = выражение вложено здесь глубже { $max } уровней (каждая скобка, `if`, операция и аргумент — уровень; `a and b and c` — три)
diag-too-deep-help = свод правил — непроверенный ввод, и арбитр держит его в постоянных пределах (docs/rulebooks.md, «Limits of a rulebook»): сгруппируйте длинную цепочку скобками, `(a and b) and (c and d)`
diag-too-deep-with-names = вместе с именованными значениями, которые оно читает, уровней в выражении: { $depth }; допускается не более { $max }
diag-too-deep-with-names-help = именованное значение считается таким же глубоким, как его определение (docs/rulebooks.md, «Limits of a rulebook»)
diag-too-large-expanded = вместе с именованными значениями, которые оно читает, в выражении частей для вычисления: { $size }; допускается не более { $max }
diag-too-large-expanded-help = именованное значение вычисляется везде, где его читают: определение, дважды читающее другое, удваивается на каждом уровне (docs/rulebooks.md, «Limits of a rulebook»)
diag-too-many-clauses = статей в своде правил вместе с базовыми: { $count }; допускается не более { $max }
diag-too-many-rules = правил в своде: { $count }; допускается не более { $max }
diag-too-many-names = констант и определённых имён в своде: { $count }; допускается не более { $max }
diag-too-many-parameters = параметров в своде: { $count }; допускается не более { $max }
diag-too-many-help = свод правил — непроверенный ввод, и арбитр держит его в постоянных пределах (docs/rulebooks.md, «Limits of a rulebook»); предел превышен здесь
diag-precedence-too-large = старшинство (`exception_to` с учётом транзитивности) упорядочивает больше { $max } пар статей
diag-precedence-too-large-help = свод правил — непроверенный ввод, и арбитр держит его в постоянных пределах (docs/rulebooks.md, «Limits of a rulebook»): сделайте статью исключением из меньшего числа статей
diag-more-conflicts = противоречий между правилами больше { $max }: остальные не перечислены
diag-cascade = `{ $effect }` порождает `{ $event }`, что ведёт обратно к этому правилу: { $cycle }
diag-cascade-help = последствия правила не могут порождать, прямо или через другие правила, событие, на которое правило отвечает: его спрашивали бы снова без конца
diag-clause-id-control = идентификатор статьи не может содержать перевод строки, табуляцию или другой управляющий символ
diag-parameter-name = имя параметра состоит из строчных латинских букв, цифр и `_` и начинается с буквы, а не `{ $name }`

## Вычисление правила
eval-overflow = результат `{ $op }` слишком велик для числа
eval-division-by-zero = деление на ноль в `{ $op }`
eval-time-too-large = time_for_moves({ $moves }): время слишком велико, чтобы его сосчитать
eval-in-clause = статья { $clause }: { $error }

## Чтение PGN
pgn-in-game = партия { $game }: { $message }
pgn-could-not-read = не удалось прочитать эту партию
pgn-comment-not-closed = комментарий `{"{"}` не закрыт: файл обрезан?
pgn-paren-closes-nothing = `)` не закрывает никакого варианта
pgn-nag = за `$` должно следовать число (NAG)
pgn-unexpected-character = неожиданный символ `{ $char }`
diag-unknown-game = `{ $name }` — неизвестная игра ({ $known })
diag-no-game = в `games` не названо ни одной игры
diag-clause-game-not-in-rulebook = пункт { $clause } относится к игре, для которой его свод правил не предназначен (`games` свода)
game-not-for-rulebook = свод правил `{ $rulebook }` предназначен для игр: { $games }; эта партия — { $game } (тег `GameType`)
game-chess = шахматы
game-russian-draughts = русские шашки
draughts-expected-square = тёмное поле (от a1 до h8 или от 1 до 32)
draughts-expected-separator = `-`, `:` или `x`, везде один и тот же
draughts-expected-end = конец хода
draughts-syntax = ожидалось { $expected } в позиции { $column }
draughts-no-piece = на { $square } нет шашки
draughts-opponents-piece = шашка на { $square } — соперника
draughts-capture-required = бить обязательно
draughts-nothing-to-capture = бить нечего
draughts-man-backward = простая шашка ходит назад только при взятии
draughts-occupied = поле { $square } занято
draughts-unfinished = взятие не окончено: можно бить дальше
draughts-jumped-twice = шашку на { $square } пришлось бы бить дважды (турецкий удар)
draughts-no-such-move = такого хода нет
draughts-ambiguous = так записано больше одного взятия: { $moves }
draughts-fen-side = ожидалось `W` или `B`
draughts-fen-square = ожидалось тёмное поле (от a1 до h8 или от 1 до 32)
draughts-fen-separator = ожидалось `:`, `,` или конец
draughts-fen-twice = на поле уже стоит шашка
draughts-fen-too-many = у стороны больше 12 шашек
draughts-fen-man-on-last-rank = простая шашка стоит на поле превращения
pgn-not-san = `{ $san }` — не ход в стандартной алгебраической нотации
pdn-not-move = `{ $text }` — не ход в шашках (`c3-d4` или взятие `c3:e5:c7`)
pdn-unknown-game-type = `GameType "{ $value }"` — неизвестная игра (0 — шахматы, 25 — русские шашки)
pgn-variation-not-closed = вариант `(` не закрыт
pgn-no-result = у партии нет результата (`1-0`, `0-1`, `1/2-1/2` или `*`): файл обрезан?
pgn-result-disagrees = ходы кончаются на `{ $terminator }`, а тег `Result` говорит `{ $tag }`: запись противоречит сама себе, и арбитр не станет выбирать
pgn-tags-without-moves = у этой партии есть теги, но нет ходов и результата: за пустой строкой идут теги следующей партии
pgn-game-too-large = { $megabytes ->
    [one] партия длиннее { $megabytes } мегабайта, наибольшего читаемого размера: она пропущена
   *[other] партия длиннее { $megabytes } мегабайт, наибольшего читаемого размера: она пропущена
}
pgn-no-games = во входных данных нет ни одной партии
pgn-tag-syntax = тег записывается как `[Name "value"]`
pgn-tag-quoted-value = тег `{ $name }`: ожидалось значение в кавычках
pgn-tag-closing-quote = тег `{ $name }`: у значения нет закрывающей `"`
pgn-tag-closing-bracket = тег `{ $name }`: ожидалась `]`

## Тег TimeControl и показания часов
pgn-expected-number = ожидалось { $what } (целое число), найдено `{ $text }`
pgn-number-too-large = { $what }: `{ $text }` — слишком большое число
pgn-what-sand = число секунд песочных часов
pgn-what-moves = число ходов
pgn-what-seconds = число секунд
pgn-what-increment = число секунд добавления
pgn-empty-time-control = пустой контроль времени: ожидалось `?`, `-` или периоды вроде `40/7200:3600`
pgn-period-after-all = период { $period } охватывает все оставшиеся ходы, поэтому за ним не может следовать другой период
pgn-zero-moves = период из 0 ходов
pgn-not-a-clock-reading = `{ $reading }` — не показание часов: ожидалось Ч:ММ:СС, например 1:05:30
pgn-clock-too-large = `{ $reading }` — слишком большое показание часов: не больше { $hours } часов

## Команды событий
pgn-command-not-closed = команда `[%` не закрыта скобкой `]`
pgn-empty-command = пустая команда `[%]`
pgn-too-many-commands = слишком много команд событий в одной партии
pgn-unexpected-argument = неожиданное `{ $word }` в `[%{ $command } ...]`
pgn-offer-side = `[%offer { $side }]`: сторона — это `white` или `black`
pgn-correct-side = `[%correct { $side }]`: сторона — это `white` или `black`
pgn-resign-side = `[%resign { $side }]`: сторона — это `white` или `black`
pgn-unknown-claim = неизвестное требование `{ $kind }`: ожидалось `threefold` или `fifty`
pgn-claim-needs-kind = `[%claim]` требует вида: `threefold` или `fifty`
pgn-not-a-square = `{ $square }` — не поле
pgn-touch-needs-square = `[%touch]` требует поля: `[%touch e2]`
pgn-clk-needs-reading = `[%clk]` требует показания: `[%clk 0:01:30]`
pgn-clock-side = `[%clock { $side } ...]`: сторона — это `white` или `black`
pgn-clock-needs-side = `[%clock]` требует стороны и показания: `[%clock black 0:01:30]`
pgn-clock-needs-reading = `[%clock]` требует показания после стороны: `[%clock black 0:01:30]`
pgn-flag-side = `[%flag { $side }]`: ожидалось `white`, `black` или `both`
pgn-flag-needs-side = `[%flag]` требует стороны: `[%flag white]`, `[%flag black]` или `[%flag both]`
pgn-unknown-basis = неизвестное основание `{ $word }`: ожидалось `no-win` (соперник не может выиграть обычными средствами) или `no-effort` (он не прилагает к этому усилий)
pgn-quickplay-needs-basis = `[%quickplay]` требует основания: `no-win`, `no-effort` или оба
pgn-arbiter-needs-act = `[%arbiter]` требует действия: agree, postpone, reject, grant, declare или intervene
pgn-arbiter-unexpected = неожиданное `{ $word }` в `[%arbiter ...]`: действия — `agree`, `postpone [extra-time]`, `reject`, `grant`, `declare draw`, `declare no-draw` и `intervene`
pgn-unknown-act = неизвестное действие арбитра `{ $word }`: ожидалось agree, postpone, reject, grant, declare или intervene
pgn-illegal-argument = `[%illegal { $word }]`: ожидалось `[%illegal]`, `[%illegal { $expected }]`, `[%illegal clock]`, `[%illegal two-hands]` или взятый обратно невозможный ход

## Ошибки о партии
game-bad-date = тег `Date` `{ $value }` — не дата: пишите ГГГГ.ММ.ДД, с `??` вместо неизвестной части (`2022.??.??`); по дате выбирается действующее издание Правил
game-offer-before-move = `[%offer]` до первого хода: ни один игрок ещё не сделал ход; напишите `[%offer white]` или `[%offer black]`
game-no-piece = `[%touch { $square }]`: на поле { $square } нет фигуры
game-clk-before-move = `[%clk]` до первого хода: ни один игрок ещё не сделал ход; напишите `[%clock white H:MM:SS]` или `[%clock black H:MM:SS]`
game-illegal-before-move = `[%illegal]` до первого хода: ни один игрок ещё не сделал ход
game-evaluating-rules = при вычислении правил на `{ $event }` на полуходе { $ply }: { $error }
game-evaluating-effects = при вычислении последствий на `{ $event }` на полуходе { $ply }: { $error }
game-evaluating-vars = при вычислении переменных решения на `{ $event }` на полуходе { $ply }: { $error }
game-cascade = последствия правил порождали события больше { $max } раз подряд (последнее — `{ $event }`): свод правил порождает событие, которое его же и вызывает
game-illegal-move = { $number } { $san } — невозможный ход в этой позиции ({ $error })
game-as-made = { $number } { $san }, отмеченный `[%illegal]`, нельзя сыграть так, как он был сделан: { $why }
as-made-no-piece = у игрока, чья очередь хода, нет такой фигуры
as-made-ambiguous = такой ход могла сделать не одна фигура: укажите поле, с которого она ушла (`Ng1f3`, `e2e5`)
as-made-own-piece = на { $square } стоит собственная фигура игрока
as-made-king = он взял бы короля на { $square }, а короля никогда не берут
as-made-castle = король и эта ладья стоят не на своих полях
as-made-not-a-move = это не ход фигуры на доске
as-made-same-square = фигура осталась бы на месте
as-made-not-diagonal = путь на { $square } идёт не по диагонали
game-king-taken = { $number } { $san } берёт короля, которого никогда не берут: продолжить запись отсюда нельзя
game-taken-back-legal = `{ $san }` — возможный ход в этой позиции: `[%illegal ХОД]` называет невозможный ход, взятый обратно (возможный ход, сделанный двумя руками, — это `[%illegal two-hands]` после него)
game-bad-fen = тег FEN содержит некорректный FEN: { $error }
game-illegal-fen = тег FEN задаёт невозможную позицию: { $error }
game-fen-number-too-large = в теге FEN { $field ->
    [halfmove] счётчик полуходов
   *[fullmove] номер хода
} { $value } слишком велик: не больше { $max }
game-tag-value = тег `{ $tag }` должен быть { $what }, а не `{ $text }`
game-tag-yes-no = `yes` или `no`
game-tag-whole-number = целым числом
game-tag-seconds = числом секунд
game-tag-side = `white` или `black`
game-tag-a-value = значением
game-param-type = параметр `{ $name }` принимает { $expected }, а не { $given }
game-param-kind = { $kind ->
    [bool] значение «да» или «нет»
    [int] целое число
    [duration] число секунд
    [side] сторону
   *[move] ход
}
game-time-control = тег TimeControl: { $error }
game-time-control-value = тег TimeControl `{ $value }`: { $error }
diag-help = подсказка
