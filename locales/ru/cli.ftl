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
