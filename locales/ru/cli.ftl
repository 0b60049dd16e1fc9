# Сообщения самой командной строки (не свода правил).

## Реестр языков
locale-no-words = у арбитра нет слов на языке `{ $lang }` (он говорит на: { $languages }); добавьте `locales/{ $lang }/*.ftl` или укажите папку с ними через `--locales`
locale-missing-messages = в словах языка `{ $lang }` нет сообщений, которые произносит арбитр: { $ids }
locale-not-a-folder = { $path }: это не папка с языками
locale-not-a-language = `{ $lang }` — не идентификатор языка

## Команды
cli-error = ошибка: { $message }
cli-file-error = { $path }: { $error }
cli-writing-error = запись { $path }: { $error }
cli-no-rulebook-folders = папки сводов правил не указаны, и в ./rules их нет
cli-check-ok = { $dir }: в порядке ({ $clauses } { $clauses ->
        [one] статья
        [few] статьи
       *[other] статей
    })
cli-check-errors = { $dir }: { $count } { $count ->
        [one] ошибка
        [few] ошибки
       *[other] ошибок
    }
cli-generated-up-to-date = generated/ не устарел
cli-stale-file = устарел: { $path }
cli-generated-stale = generated/ устарел: выполните `cargo run -- compile` и закоммитьте результат
cli-wrote = записан { $path }
cli-rulebook-lacks-language = в своде правил `{ $rulebook }` нет текста на языке `{ $lang }` (есть: { $languages })
cli-no-such-clause = в своде правил `{ $rulebook }` нет статьи `{ $clause }`

## Проверка соответствия
cli-no-suite = нет набора сценариев в { $path } (укажите --suite DIR)
cli-no-scenario-matches = ни один сценарий не подходит
cli-bad-timeout = --timeout должен быть положительным числом секунд
cli-suite-filtered = { $suite } (сценарии, содержащие `{ $filter }`)
cli-conformance-header = { $name } { $version } на наборе { $suite }
cli-no-hello = реализация не поздоровалась: { $error }
cli-unexplained-failure = необъяснённый провал: { $id }
cli-stale-explanation = устаревшее объяснение (сценарий не провалился): { $id }
cli-wrote-report = записаны { $jsonl } и { $markdown }
cli-published = записано страниц: { $pages }, в { $dir }
cli-not-a-protocol-message = строка { $number }: это не сообщение протокола ({ $error }): { $line }
cli-line-not-utf8 = строка { $number }: не в кодировке UTF-8
cli-line-too-long = строка { $number }: длиннее { $limit } байт, пропущена

## Чем решение отличается от ожиданий сценария
conformance-diff-result = результат: ожидался { $expected }, получен { $got }
conformance-diff-rule = статья: ожидалась { $expected }, получена { $got }
conformance-diff-ended-at-ply = окончание на полуходе: ожидалось { $expected }, получено { $got }
conformance-diff-unplayed-moves = несыгранные ходы: ожидалось { $expected }, получено { $reported ->
        [yes] { $got }
       *[no] ничего (число не сообщено)
    }
conformance-diff-offers = предложения ничьей: ожидалось `{ $expected }`, получено `{ $got }`
conformance-diff-position-rulings = решения по позициям: ожидалось `{ $expected }`, получено `{ $got }`
conformance-diff-time-added = добавленное время: ожидалось `{ $expected }`, получено `{ $got }`
conformance-diff-edition = издание Правил: ожидалось { $expected }, получено { $got }
conformance-diff-event = событие { $index } ({ $line }:{ $column }): ожидалось { $expected_decision ->
        [upheld] «обосновано»
        [rejected] «необоснованно»
        [ignored] «не учитывается»
       *[other] { $expected_decision }
    } { $expected_rule }, получено { $got_decision ->
        [upheld] «обосновано»
        [rejected] «необоснованно»
        [ignored] «не учитывается»
        [not-ruled-on] «решения нет»
       *[other] `{ $got_decision }`
    } { $got_rule }

## Выбор свода правил
cli-no-renderer = нет средства вывода для свода правил, по которому вынесено решение
cli-no-such-edition = у `{ $rulebook }` нет свода на издании `{ $edition }` (есть: { $editions })
cli-no-such-rulebook = `{ $spec }` — не встроенный свод правил ({ $names }) и не папка свода правил
cli-folder-not-compiled = свод правил из папки работает на интерпретаторе; `--engine compiled` требует встроенного свода (вкомпилируйте его командой `arbiter compile`)
cli-builtin-shadows-folder = предупреждение: `{ $name }` — встроенный свод правил, используется он; папка `{ $name }` здесь не используется (чтобы взять папку, напишите `./{ $name }`)
cli-unknown-encoding = неизвестная кодировка `{ $label }` (например utf-8, latin1, windows-1251: любое имя из стандарта WHATWG Encoding)
cli-summary-games = { $games ->
    [one] { $games } партия: вынесено решений { $ruled }, не удалось прочесть или рассудить { $bad }
    [few] { $games } партии: вынесено решений { $ruled }, не удалось прочесть или рассудить { $bad }
   *[other] { $games } партий: вынесено решений { $ruled }, не удалось прочесть или рассудить { $bad }
}
cli-summary-bad-inputs = { $count ->
    [one] { $count } входной файл не удалось прочесть, или в нём нет партий
    [few] { $count } входных файла не удалось прочесть, или в них нет партий
   *[other] { $count } входных файлов не удалось прочесть, или в них нет партий
}
cli-summary-clause = { $clause }: { $games } ({ $results })
cli-summary-unended = не окончены по правилам: { $games }
cli-progress = партий: { $games }, { $rate } в секунду, прочитано { $megabytes } МБ
cli-audit-summary = Проверено { $games ->
        [one] { $games } партия
        [few] { $games } партии
       *[many] { $games } партий
    }{ $bad ->
        [0] {""}
       *[other] {""} ({ $bad } не удалось прочитать или рассудить)
    }. По выводам, со статьями, которые закончили партии:
cli-audit-finding = { $finding ->
        [agrees] совпадает
        [ended-earlier] раньше
        [contradicts] противоречит
        [assumed] предполагается
        [unrecorded] не записан
       *[not-derivable] не выводится
    }
cli-audit-unended = не закончена
cli-audit-changed = { $changed ->
        [0] Правила не меняют ни одного записанного результата.
        [one] Правила меняют { $changed } записанный результат (другой результат, заканчивают ли они при этом партию раньше или нет): см. «противоречит».
        [few] Правила меняют { $changed } записанных результата (другой результат, заканчивают ли они при этом партию раньше или нет): см. «противоречит».
       *[many] Правила меняют { $changed } записанных результатов (другой результат, заканчивают ли они при этом партию раньше или нет): см. «противоречит».
    }
cli-audit-by-edition = По изданию Правил, по которому вынесено решение (действовавшему в день партии, если издание не задано):
cli-audit-no-edition = без издания

## Враждебный ввод: файлы, ссылки, вывод, пределы
cli-output-failed = не удалось записать вывод: { $error }
cli-too-many-jobs = --jobs { $jobs }: не больше { $max } (по четыре на ядро; { $cores ->
        [one] на этой машине { $cores } ядро
        [few] на этой машине { $cores } ядра
       *[other] на этой машине { $cores } ядер
    })
cli-not-a-regular-file = не обычный файл (канал FIFO, устройство или папка), не прочитан
cli-file-too-large = больше { $megabytes } МБ, не прочитан
cli-link-not-followed = предупреждение: { $path }: символическая ссылка, по ней не переходим (набор сценариев читается без перехода по ссылкам)
cli-special-not-read = предупреждение: { $path }: не обычный файл (канал FIFO или устройство), не прочитан
cli-publish-link = { $path }: символическая ссылка; арбитр пишет только внутрь --out и никогда через ссылку (удалите её)
cli-publish-outside = { $path }: вне папки сайта
cli-publish-not-a-folder = { $path }: мешает сайту (файл там, где нужна папка, или папка там, где должна быть страница)
cli-page-collision = из двух источников получилась бы одна страница { $page }: `{ $first }` и `{ $second }`
locale-syntax = это не Fluent: { $kind ->
        [token] ожидалось `{ $detail }`
        [range] ожидался один из знаков `{ $detail }`
        [field] у сообщения `{ $detail }` нет значения
        [value] не хватает значения
        [default] в выборе нужен ровно один вариант по умолчанию (`*[...]`)
        [defaults] в выборе больше одного варианта по умолчанию
        [string] строка не закрыта
        [brace] эта `{"}"}` ничего не закрывает
        [escape] неизвестная escape-последовательность `{ $detail }`
        [selector] по этому нельзя выбирать вариант
        [argument] аргументы функции не по порядку или названы дважды
       *[expression] ожидалось выражение
    }
locale-no-message = сообщение `{ $id }` ссылается на `{ $reference }`, а такого сообщения в этом языке нет
locale-no-term = сообщение `{ $id }` ссылается на термин `{ $reference }`, которого в этом языке нет
locale-no-function = сообщение `{ $id }` вызывает `{ $reference }`: арбитр не даёт Fluent никаких функций
locale-no-variable = сообщение `{ $id }` использует `{ $reference }`, а арбитр никогда его не передаёт (передаёт: { $known })
locale-cycle = сообщение `{ $id }` ссылается само на себя
locale-not-utf8 = это не текст UTF-8 (файл Fluent пишется в UTF-8)
locale-too-many-files = { $dir }: больше { $limit } файлов Fluent

# arbiter explain-position
position-bad-fen = это не FEN: { $error }
position-illegal = это не допустимая позиция: { $error }
position-dead = Позиция мёртвая: ни одна сторона не может поставить мат никакой серией возможных ходов.
position-alive = Позиция не мёртвая: { $side ->
        [white] белые
       *[black] чёрные
    } ещё могут поставить мат.
position-undetermined = Мёртвая ли позиция, не удалось решить в пределах бюджета: решает арбитр.
position-work = Рассмотрено позиций: { $nodes }, за { $ms } мс.

## Conformance: why a scenario was not run
conformance-verdict-late = решение не проверено за { $seconds } с
conformance-verdict-malformed = решение составлено неверно: { $error }
conformance-scenario-malformed = сценарий составлен неверно: { $error }
conformance-inherited-not-applicable = унаследован от { $base }: { $why }
conformance-no-answer = ответа нет
conformance-rulebook-not-supported = свод правил `{ $rulebook }` не поддерживается
conformance-game-not-supported = игра `{ $game }` не поддерживается
conformance-needs = нужны возможности: { $features }

## Operating system errors
io-not-found = нет такого файла или папки
io-permission-denied = нет прав доступа
io-is-a-directory = это папка, а не файл
io-not-a-directory = часть пути — не папка
io-already-exists = уже существует
io-broken-pipe = читатель ушёл (канал закрыт)
io-no-space = на устройстве не осталось места
io-read-only = файловая система доступна только для чтения
io-invalid-data = данные не читаются (это не текст)
io-other = операционная система сообщила об ошибке (код { $code })

## Conformance tables
conformance-counts = пройдено: { $passed }, не пройдено: { $failed }, пропущено: { $skipped } (неприменимо: { $not_applicable }), с ошибкой: { $errored }
conformance-table-clause = статья
conformance-table-feature = возможность
conformance-table-declared = заявлена
conformance-table-scenarios = сценарии
conformance-table-applicable = применимы
conformance-table-passed = пройдены
conformance-table-failed = не пройдены
conformance-table-errored = с ошибкой
conformance-table-skipped = пропущены
conformance-table-yes = да
conformance-table-no = нет

## FEN and SAN
fen-invalid = это не FEN
fen-board = расстановка (первое поле) записана неверно
fen-pocket = запас фигур записан неверно
fen-turn = очередь хода (второе поле) — не `w` и не `b`
fen-castling = права на рокировку (третье поле) записаны неверно
fen-ep-square = поле взятия на проходе (четвёртое поле) записано неверно
fen-checks = число оставшихся шахов записано неверно
fen-halfmove-clock = счётчик полуходов (пятое поле) — не число полуходов
fen-fullmoves = номер хода (шестое поле) — не число
position-error-empty = доска пуста
position-error-missing-king = нет короля
position-error-too-many-kings = у стороны больше одного короля
position-error-pawns-on-backrank = пешка стоит на первой или последней горизонтали
position-error-castling-rights = для права на рокировку король и ладья не на исходных полях
position-error-ep-square = поле взятия на проходе — не то, через которое только что прошла пешка
position-error-opposite-check = под шахом сторона, которая не ходит
position-error-impossible-check = такой шах не мог быть дан последним ходом
position-error-too-much-material = материала больше, чем может быть в партии
position-error-variant = это позиция не классических шахмат
san-illegal = ни один возможный ход ему не соответствует
san-ambiguous = ему соответствует больше одного возможного хода

## Manual pages
man-section = { $heading ->
        [NAME] ИМЯ
        [SYNOPSIS] ОБЗОР
        [DESCRIPTION] ОПИСАНИЕ
        [OPTIONS] ПАРАМЕТРЫ
        [SUBCOMMANDS] КОМАНДЫ
        [EXTRA] ДОПОЛНИТЕЛЬНО
        [VERSION] ВЕРСИЯ
        [AUTHORS] АВТОРЫ
       *[other] { $heading }
    }

## Пакет для Python (python/)
py-binary-file = arbiter читает партии из двоичного файла: откройте его с "rb"
py-bad-source = ожидались текст PGN, путь, двоичный файл или chess.pgn.Game, а не { $kind }
py-bad-errors = errors= принимает "raise" или "keep", а не { $value }
py-bad-position = ожидались FEN или chess.Board, а не { $kind }
py-bad-color = color принимает "white", "black", chess.WHITE или chess.BLACK, а не { $value }
## `arbiter diff`
cli-diff-family = `{ $spec }` — семейство изданий, каждое из которых решает партии своего времени: diff сравнивает два свода, поэтому назовите издания ({ $editions })
cli-diff-header = { $old } → { $new }: { $clauses ->
    [0] ни одна статья не изменилась
    [one] изменилась { $clauses } статья
    [few] изменились { $clauses } статьи
   *[other] изменилось { $clauses } статей
}
cli-diff-added = добавлена: { $id }
cli-diff-removed = исключена: { $id }
cli-diff-replaced = исключена: { $id } (её место заняла { $by })
cli-diff-renumbered = перенумерована: { $old } → { $new }
cli-diff-amended = изменена: { $id }
cli-diff-amended-renumbered = изменена и перенумерована: { $old } → { $new }
cli-diff-title = заголовок ({ $lang })
cli-diff-text = текст ({ $lang })
cli-diff-rule = { $named ->
    [no] правило изменилось
   *[other] правило `{ $name }` изменилось
}
cli-diff-rule-added = { $named ->
    [no] добавлено правило
   *[other] добавлено правило `{ $name }`
}
cli-diff-rule-removed = { $named ->
    [no] исключено правило
   *[other] исключено правило `{ $name }`
}
cli-diff-value = { $name }: { $old } → { $new }
cli-diff-none = (нет)
cli-diff-precedence = исключение из: { $old } → { $new }
cli-diff-values = { $count ->
    [one] Изменилось { $count } именованное значение или параметр:
    [few] Изменились { $count } именованных значения и параметра:
   *[other] Изменилось { $count } именованных значений и параметров:
}
cli-diff-used-by = читают { $clauses }
cli-diff-games = Партии: сравнено { $games }, решено иначе { $changed }{ $bad ->
    [0] {""}
   *[other] , не удалось прочитать или решить { $bad }
}
cli-diff-group = { $old } → { $new }: { $games ->
    [one] { $games } партия
    [few] { $games } партии
   *[other] { $games } партий
}
cli-diff-unended = не окончена по правилам
cli-diff-ending = { $result } по статье { $rule }{ $ply ->
    [none] {""}
   *[other] {" "}на полуходе { $ply }
}
cli-diff-ending-error = не решена: { $error }
cli-diff-game = { $place }: { $white } – { $black }: { $old } → { $new }
cli-diff-more = … и ещё { $count }
cli-diff-nothing = Ничего не изменилось.
cli-diff-md-clauses = Статьи
cli-diff-md-games = Партии, решённые иначе
cli-diff-md-clause = Статья
cli-diff-md-change = Изменение
cli-diff-md-what = Что изменилось
cli-diff-change = { $change ->
    [added] добавлена
    [removed] исключена
    [renumbered] перенумерована
   *[amended] изменена
}
