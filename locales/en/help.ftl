# The command line's help and usage errors (src/cli/help.rs): the about text of each command
# (help-about-COMMAND), the help of each argument (help-arg-COMMAND-ARG, or help-arg-ARG for an
# argument several commands share), the words of a possible value (help-value-ARG-VALUE), the
# headings, and the usage errors clap reports.

## Headings and the words around the texts
help-usage = Usage
help-commands = Commands
help-arguments = Arguments
help-options = Options
help-usage-options = OPTIONS
help-usage-command = COMMAND
help-default = [default: { $value }]
help-possible-values = [possible values: { $values }]
help-possible-values-heading = Possible values:

## Commands
help-about-adjudicate = Rule on every game of the PGN files (or standard input) and explain each ruling
help-about-arbiter = Chess laws as data: rule on games and explain why, in the reader's language
help-about-audit = For every game, the recorded result against the laws': agrees, the laws ended the game earlier, the laws contradict it, or the result is only assumed from the record; a summary by finding and clause. Exit status 0 only when every result agrees
help-about-check = Check rulebook folders (default: every folder under ./rules) and report every problem
help-about-compile = Regenerate generated/ from rules/ (with --check: only say whether it is stale)
help-about-schema = Write the JSON Schemas of `rulebook.yaml` and of a clause file into schema/ (with --check: only say whether they are stale), derived from the types the loader reads
help-about-diff = What a rule change changes: the clauses of OLD and NEW compared (added, removed, renumbered, amended, with their texts word by word, rules, named values and precedence), and every game of FILES (default: the conformance suite) ruled on under both, those ruled differently grouped by clause. Exit status 0: nothing changed; 1: something did; 2: an error
help-about-completions = Print a shell completion script: `arbiter completions bash > ~/.local/share/bash-completion/completions/arbiter`
help-about-conformance = Run the conformance suite against arbiter or any program that speaks the protocol (conformance/PROTOCOL.md); print tables per clause and per feature
help-about-explain = Show a clause: its text, its condition in words, its effects and cross-references (without a clause: the rulebook's clauses, one per line)
help-about-explain-position = Can each side still checkmate from a position (FEN), and is it dead (Articles 6.9, 5.2.2)? The analysis with its evidence: a helpmate line, or the proof that none exists
help-about-help = Print this message or the help of the given subcommand(s)
help-about-man = Print the manual page (roff) to standard output, or with --out write one page per command into a folder (`arbiter.1`, `arbiter-adjudicate.1`, ...)
help-about-publish = Write a static, self-contained site (English and Russian) of the rulebooks, their scenarios and the certification reports: open DIR/index.html from disk, no server
help-about-serve = Speak the conformance protocol on standard input and output: arbiter as an implementation under test, the reference for adapter writers

## Arguments
help-arg-analysis_nodes = Positions the engine may examine for one question before it answers "undetermined" (the ruling then awaits the arbiter)
help-arg-analysis_time = A deadline for one question, in milliseconds, on top of the node budget. Without it (the default) a verdict is the same on every machine; with it, an answer that needs more time than the machine gives becomes "undetermined"
help-arg-edition = For a rulebook over the FIDE Laws (`fide`, `club`, ...): rule on every game with this edition (`fide-2018`), whatever its date
help-arg-evidence = Which helpmate lines rulings cite (results are the same in every mode, only the lines differ)
help-arg-encoding = The inputs' character encoding: `utf-8` (default), `latin1`, `windows-1251`, or any label of the WHATWG Encoding Standard
help-arg-engine = The backend; default: compiled for an embedded rulebook, interpreter for a folder
help-arg-files = PGN files; `-` or nothing reads standard input
help-arg-format = `text` for people, `json` for one JSON object per game per line (a bad game is an object with `"error"`, in its place)
help-arg-infer_flags = Accepted for older scripts: reading the record (a time forfeit as a flag among it) is now the default
help-arg-jobs = Games ruled on at once (default: one per core; at most four per core). Output stays in input order
help-arg-material_only = Decide "can a side checkmate" and dead positions by material alone, as before the engine: faster, and exact only where material decides
help-arg-no_record = Rule only on what the moves and the event commands say: without it, a game the laws have not ended by its last move ends as its record says (`[Termination "Time forfeit"]` is the loser's flag, a decisive `Result` the loser's resignation, `1/2-1/2` a draw agreed), each such ruling marked as inferred from the record
help-arg-rulebook = An embedded rulebook name (`fide`: the FIDE Laws in force on each game's date; `fide-2018`, `club`, ...) or a rulebook folder
help-arg-summary = The end-of-run summary on standard error: games, results by clause, errors
help-arg-help = Print help
help-arg-arbiter-color = Colour in reports and help: `auto` (when writing to a terminal and `NO_COLOR` is not set), `always` or `never`
help-arg-arbiter-lang = The language arbiter speaks: its explanations, the readable rulebook, its messages and the errors it reports
help-arg-arbiter-locales = A folder of extra languages (`DIR/<lang>/*.ftl`, like `locales/`): the tool's own words in a language it does not ship, or messages that override its own
help-arg-arbiter-version = Print version
help-arg-audit-all = In the text format, a line for every game, not only for those whose recorded result the laws contradict, end earlier or cannot derive
help-arg-check-dirs = Rulebook folders (default: every folder under ./rules)
help-arg-schema-check = Only say whether the schemas are stale; write nothing
help-arg-schema-out = The folder the schemas are written into
help-arg-diff-old = The rulebook before: an embedded name (`fide-2018`) or a rulebook folder
help-arg-diff-new = The rulebook after: an embedded name (`fide-2023`) or a rulebook folder (a draft)
help-arg-diff-files = PGN files whose games are ruled on under both; without them, the conformance suite
help-arg-diff-suite = Rule on the conformance scenarios of both rulebooks' suites too (the default when no FILES are given)
help-arg-diff-conformance = The folder holding the conformance suites
help-arg-diff-format = `text` for people, `json` for one record per changed clause, value and game per line, `markdown` for a report
help-arg-diff-edition = For a rulebook compiled on each edition of the FIDE Laws (`club`, ...): compare its compilations on this edition (default: the newest)
help-arg-diff-no_record = Rule only on what the moves and the event commands say (as `adjudicate --no-record`)
help-arg-diff-encoding = The inputs' character encoding (as `adjudicate --encoding`)
help-arg-check-format = `text` for people, `json` for tools: one object per problem per line, located
help-arg-compile-check = Only say whether generated/ is stale; write nothing
help-arg-compile-out = The folder the generated code is written into
help-arg-compile-rules = The folder of the rulebooks
help-arg-completions-shell = The shell to complete in
help-arg-conformance-engine = `builtin` (the compiled rulebooks), `interpreter`, or the command of a program that speaks the protocol, quoted as one argument: 'python3 adapter.py'
help-arg-conformance-explain = Explanations of the implementation's failures (YAML) for the Markdown report
help-arg-conformance-filter = Run only the scenarios whose id contains PATTERN
help-arg-conformance-report = Write the report: JSON lines to FILE, Markdown beside it (FILE with `.md`)
help-arg-conformance-rulebook = Run only this rulebook's scenarios: an embedded name or a rulebook folder (arbiter's own engines then use that folder). Default: every suite
help-arg-conformance-suite = The folder holding the suites
help-arg-conformance-timeout = Seconds to wait for each answer of a program
help-arg-conformance-validate = Check every message the program sends against the protocol's JSON Schemas
help-arg-explain-clause = The clause (its id, as 9.6.1); without it, every clause
help-arg-explain-position-fen = The position, in FEN (quote it: it holds spaces)
help-arg-explain-position-format = `text` for people, `json` for programs
help-arg-man-out = Write one page per command into this folder
help-arg-publish-conformance = The conformance suite: its scenarios and `reports/*.jsonl`
help-arg-publish-out = The folder the site is written into
help-arg-serve-rulebook = A rulebook folder to rule under (interpreted) instead of the embedded one of its id

## Possible values
help-value-evidence-none = No line: only that a mate was found
help-value-evidence-found = The line as the engine found it
help-value-evidence-short = Every line shortened for the reader
help-value-evidence-auto = Shortened where the mate needs the loser's own pieces (a loss decided beyond material), as found elsewhere
help-value-engine-compiled = The Rust code generated from the rulebook and compiled into arbiter
help-value-engine-interpreter = The interpreter over the rulebook's IR (no Rust toolchain needed)
help-value-summary-auto = As text when standard error is a terminal, otherwise none

## Usage errors (clap's, by kind; $reason is a value parser's own words)
clap-error-unknown-argument = unexpected argument '{ $arg }' found
clap-error-invalid-subcommand = unrecognized subcommand '{ $subcommand }'
clap-error-invalid-value = invalid value '{ $value }' for '{ $arg }'
clap-error-value-validation = invalid value '{ $value }' for '{ $arg }': { $reason }
clap-error-missing-required-argument = the following required arguments were not provided: { $arg }
clap-error-missing-subcommand = '{ $subcommand }' requires a subcommand
clap-error-no-equals = equal sign is needed when assigning values to '{ $arg }'
clap-error-too-many-values = unexpected value '{ $value }' for '{ $arg }' found; no more were expected
clap-error-wrong-number-of-values = '{ $arg }' requires { $expected } values, but { $actual } were provided
clap-error-argument-conflict = the argument '{ $arg }' cannot be used with '{ $prior }'
clap-error-similar = tip: a similar one exists: '{ $suggestion }'
clap-error-more = For more information, try '--help'.
