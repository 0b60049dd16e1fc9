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
diag-extends-unknown = `extends` называет `{ $name }`, но это не соседняя папка свода правил и не встроенный свод
diag-embedded-rulebooks = встроенные своды правил: { $names }

## Свод правил в целом
diag-no-language = у свода правил должен быть хотя бы один язык
diag-no-words-in = у арбитра нет слов на языке `{ $lang }`
diag-no-words-help = он говорит на: { $languages }; добавьте `locales/{ $lang }/*.ftl` или укажите папку с ними через `--locales`
diag-text-missing-language = { $what }: нет версии на языке `{ $lang }`
diag-text-languages-help = каждый текст даётся на всех языках свода правил: { $languages }
diag-text-other-language = { $what }: дан на языке `{ $lang }`, которого нет среди языков этого свода правил
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
diag-facts-in-readme = факты перечислены в README, в разделе "The rule language"
diag-event-field = `{ $name }` — поле события `{ $event }`; эта статья отвечает на { $answers }
diag-answers-event = `{ $event }`
diag-answers-no-event = никакое событие
diag-guard = `{ $name }` существует, только когда выполнено `{ $guard }`
diag-guard-help = напишите `{ $guard } and ...` до того, как использовать `{ $name }`
