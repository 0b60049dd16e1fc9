//! The tool's own messages, one function each: its Fluent id and the variables it is given.
//! A function makes a `Message`, a value; its words are in
//! `locales/<lang>/{cli,diagnostics}.ftl`, and the edge that knows the reader's language renders
//! it (`Message::render`). `ALL` lists every id with its variables: every shipped language has
//! each (a unit test), and a language added at run time is refused when it lacks one.
//!
//! A function's parameters are its message's Fluent variables, by the same names, in the order
//! the declaration below gives: `say::unknown_fact(name)` is `diag-unknown-fact` with `$name`.

use fluent_bundle::FluentValue;

/// One of the tool's messages, not yet in words: its id (`diag-unknown-fact`, stable across
/// languages) and its variables. Every layer returns these; the edge that knows the reader's
/// language renders them (`Message::render` with a `locale::Words`). `Display` renders it in the
/// embedded words of the default language (`locale::DEFAULT`, English), for a library user who
/// never chooses one.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Message {
    id: &'static str,
    args: Vec<(&'static str, Arg)>,
}

/// A message's variable: text, a number (which Fluent's plurals select on), another message
/// (rendered first, in the same words: `error(message)`, `file_error(path, error)`), or several
/// messages rendered each and joined by `sep` (sorted and without repeats first when `sorted`:
/// an order of words is the order of the language they are in).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Arg {
    Text(String),
    /// Every number a message is given is whole (Fluent makes each an `f64` as it formats).
    Number(i128),
    Message(Box<Message>),
    Join {
        items: Vec<Message>,
        sep: &'static str,
        sorted: bool,
    },
}

impl Message {
    /// The message's id: the code tools read (`arbiter check --format json`), whatever the
    /// language; empty for a `verbatim` text.
    pub fn id(&self) -> &'static str {
        self.id
    }

    /// A text that is not one of arbiter's messages, shown as it is in every language: an error
    /// a lower layer still says as text (a Fluent formatting error naming the message it could
    /// not format, an interpreter that could not be made).
    pub fn verbatim(text: impl Into<String>) -> Message {
        Message {
            id: "",
            args: vec![("text", Arg::Text(text.into()))],
        }
    }

    /// Texts and messages said one after another (`Arg::Text` as it is, a message in the words
    /// the whole is rendered in): a lower layer's place or prefix before one of arbiter's
    /// messages (`byte 12: ` and a reader's error).
    pub fn concat(parts: Vec<Arg>) -> Message {
        Message {
            id: "",
            args: parts.into_iter().map(|a| ("part", a)).collect(),
        }
    }

    /// The message with `f` applied to every text among its variables (and those of the messages
    /// it holds): a test that shows a report without the folder it ran in.
    pub fn map_texts(&self, f: &dyn Fn(&str) -> String) -> Message {
        let arg = |a: &Arg| match a {
            Arg::Text(t) => Arg::Text(f(t)),
            Arg::Number(n) => Arg::Number(*n),
            Arg::Message(m) => Arg::Message(Box::new(m.map_texts(f))),
            Arg::Join { items, sep, sorted } => Arg::Join {
                items: items.iter().map(|m| m.map_texts(f)).collect(),
                sep,
                sorted: *sorted,
            },
        };
        Message {
            id: self.id,
            args: self.args.iter().map(|(k, a)| (*k, arg(a))).collect(),
        }
    }

    /// The parts of a `verbatim` or `concat` message, said one after another.
    pub(crate) fn as_parts(&self) -> Option<&[(&'static str, Arg)]> {
        self.id.is_empty().then_some(self.args.as_slice())
    }

    /// The message's variables, by name.
    pub fn args(&self) -> &[(&'static str, Arg)] {
        &self.args
    }

    /// A message of `ALL` given as its id and its variables (for a caller that builds them, such
    /// as `conformance::scenario::Difference`).
    pub fn new(id: &'static str, args: Vec<(&'static str, Arg)>) -> Message {
        Message { id, args }
    }

    /// The variables as Fluent takes them, messages among them rendered by `render`.
    pub(crate) fn fluent_args(
        &self,
        render: &dyn Fn(&Message) -> String,
    ) -> Vec<(&'static str, FluentValue<'static>)> {
        self.args
            .iter()
            .map(|(k, v)| {
                let v = match v {
                    Arg::Text(t) => FluentValue::from(t.clone()),
                    Arg::Number(n) => FluentValue::from(*n),
                    Arg::Message(m) => FluentValue::from(render(m)),
                    Arg::Join { items, sep, sorted } => {
                        let mut said: Vec<String> = items.iter().map(render).collect();
                        if *sorted {
                            said.sort_unstable();
                            said.dedup();
                        }
                        FluentValue::from(said.join(sep))
                    }
                };
                (*k, v)
            })
            .collect()
    }
}

/// A lower layer's text, not one of arbiter's messages, shown as it is (`Message::verbatim`):
/// so that `?` carries a `String` error into a function that returns messages.
impl From<String> for Message {
    fn from(text: String) -> Message {
        Message::verbatim(text)
    }
}

impl From<&str> for Message {
    fn from(text: &str) -> Message {
        Message::verbatim(text)
    }
}

/// What a message's variable can be given: text, a number, a message.
pub trait IntoArg {
    fn into_arg(self) -> Arg;
}

impl IntoArg for &str {
    fn into_arg(self) -> Arg {
        Arg::Text(self.to_string())
    }
}

impl IntoArg for String {
    fn into_arg(self) -> Arg {
        Arg::Text(self)
    }
}

impl IntoArg for &String {
    fn into_arg(self) -> Arg {
        Arg::Text(self.clone())
    }
}

impl IntoArg for Message {
    fn into_arg(self) -> Arg {
        Arg::Message(Box::new(self))
    }
}

impl IntoArg for &Message {
    fn into_arg(self) -> Arg {
        Arg::Message(Box::new(self.clone()))
    }
}

impl IntoArg for Arg {
    fn into_arg(self) -> Arg {
        self
    }
}

macro_rules! numbers {
    ($($t:ty),*) => {$(
        impl IntoArg for $t {
            fn into_arg(self) -> Arg {
                Arg::Number(self as i128)
            }
        }
    )*};
}
numbers!(usize, u64, u32, i64, i32);

macro_rules! messages {
    ($( $(#[$doc:meta])* $name:ident = $id:literal ( $($var:ident),* ); )*) => {
        $(
            $(#[$doc])*
            pub fn $name($($var: impl IntoArg),*) -> Message {
                Message { id: $id, args: vec![$((stringify!($var), $var.into_arg())),*] }
            }
        )*
        /// Every message the tool says: its id and its variables.
        pub const ALL: &[(&str, &[&str])] = &[$(($id, &[$(stringify!($var)),*])),*];
    };
}

messages! {
    // The language registry.
    /// A language arbiter has no words in.
    no_words_in = "locale-no-words" (lang, languages);
    /// A language that lacks some of the tool's messages.
    no_messages_in = "locale-missing-messages" (lang, ids);
    /// `--locales` given something else than a folder.
    not_a_locales_folder = "locale-not-a-folder" (path);
    /// Not a language identifier.
    not_a_language = "locale-not-a-language" (lang);

    // The command line.
    /// `error: ...`
    error = "cli-error" (message);
    /// A file that could not be read or written.
    file_error = "cli-file-error" (path, error);
    /// A file that could not be written.
    writing_error = "cli-writing-error" (path, error);
    no_rulebook_folders = "cli-no-rulebook-folders" ();
    check_ok = "cli-check-ok" (dir, clauses);
    check_errors = "cli-check-errors" (dir, count);
    /// `--rulebook NAME` where NAME is both a built-in rulebook and a folder here.
    builtin_shadows_folder = "cli-builtin-shadows-folder" (name);
    generated_up_to_date = "cli-generated-up-to-date" ();
    stale_file = "cli-stale-file" (path);
    generated_stale = "cli-generated-stale" ();
    wrote = "cli-wrote" (path);
    rulebook_lacks_language = "cli-rulebook-lacks-language" (rulebook, lang, languages);
    no_such_clause = "cli-no-such-clause" (rulebook, clause);
    no_suite = "cli-no-suite" (path);
    no_scenario_matches = "cli-no-scenario-matches" ();
    bad_timeout = "cli-bad-timeout" ();
    suite_filtered = "cli-suite-filtered" (suite, filter);
    conformance_header = "cli-conformance-header" (name, version, suite);
    no_hello = "cli-no-hello" (error);
    unexplained_failure = "cli-unexplained-failure" (id);
    stale_explanation = "cli-stale-explanation" (id);
    wrote_report = "cli-wrote-report" (jsonl, markdown);
    published = "cli-published" (pages, dir);
    not_a_protocol_message = "cli-not-a-protocol-message" (number, error, line);
    line_not_utf8 = "cli-line-not-utf8" (number);
    line_too_long = "cli-line-too-long" (number, limit);
    /// `--edition` names no edition the rulebook is compiled on.
    /// A verdict whose rulebook has no renderer (never, by construction).
    no_renderer = "cli-no-renderer" ();
    no_such_edition = "cli-no-such-edition" (rulebook, edition, editions);
    /// `--rulebook` names neither an embedded rulebook nor a folder.
    no_such_rulebook = "cli-no-such-rulebook" (spec, names);
    folder_not_compiled = "cli-folder-not-compiled" ();
    unknown_encoding = "cli-unknown-encoding" (label);
    summary_games = "cli-summary-games" (games, ruled, bad);
    summary_bad_inputs = "cli-summary-bad-inputs" (count);
    summary_clause = "cli-summary-clause" (clause, games, results);
    summary_unended = "cli-summary-unended" (games);
    progress = "cli-progress" (games, rate, megabytes);
    audit_summary = "cli-audit-summary" (games, bad);
    audit_finding = "cli-audit-finding" (finding);
    audit_unended = "cli-audit-unended" ();
    audit_changed = "cli-audit-changed" (changed);
    audit_by_edition = "cli-audit-by-edition" ();
    audit_no_edition = "cli-audit-no-edition" ();
    // `arbiter diff`.
    /// A family of editions named as a side of a diff.
    diff_family = "cli-diff-family" (spec, editions);
    diff_header = "cli-diff-header" (old, new, clauses);
    diff_added = "cli-diff-added" (id);
    diff_removed = "cli-diff-removed" (id);
    diff_replaced = "cli-diff-replaced" (id, by);
    diff_renumbered = "cli-diff-renumbered" (old, new);
    diff_amended = "cli-diff-amended" (id);
    diff_amended_renumbered = "cli-diff-amended-renumbered" (old, new);
    diff_title = "cli-diff-title" (lang);
    diff_text = "cli-diff-text" (lang);
    diff_rule = "cli-diff-rule" (name, named);
    diff_rule_added = "cli-diff-rule-added" (name, named);
    diff_rule_removed = "cli-diff-rule-removed" (name, named);
    diff_value = "cli-diff-value" (name, old, new);
    diff_none = "cli-diff-none" ();
    diff_precedence = "cli-diff-precedence" (old, new);
    diff_values = "cli-diff-values" (count);
    diff_used_by = "cli-diff-used-by" (clauses);
    diff_games = "cli-diff-games" (games, changed, bad);
    diff_group = "cli-diff-group" (old, new, games);
    diff_unended = "cli-diff-unended" ();
    diff_ending = "cli-diff-ending" (result, rule, ply);
    diff_ending_error = "cli-diff-ending-error" (error);
    diff_game = "cli-diff-game" (place, white, black, old, new);
    diff_more = "cli-diff-more" (count);
    diff_nothing = "cli-diff-nothing" ();
    diff_md_clauses = "cli-diff-md-clauses" ();
    diff_md_games = "cli-diff-md-games" ();
    diff_md_clause = "cli-diff-md-clause" ();
    diff_md_change = "cli-diff-md-change" ();
    diff_md_what = "cli-diff-md-what" ();
    diff_change = "cli-diff-change" (change);

    // Hostile inputs: files, links, output, limits.
    /// Standard output or standard error could not be written (not a closed pipe).
    output_failed = "cli-output-failed" (error);
    /// `--jobs` above four per core.
    too_many_jobs = "cli-too-many-jobs" (jobs, max, cores);
    // The Python package (python/): a call given what it does not take.
    /// A file opened as text where games are read from a binary one.
    py_binary_file = "py-binary-file" ();
    /// `adjudicate` given something that holds no games.
    py_bad_source = "py-bad-source" (kind);
    /// `errors=` other than `raise` or `keep`.
    py_bad_errors = "py-bad-errors" (value);
    /// A position that is neither a FEN nor a board.
    py_bad_position = "py-bad-position" (kind);
    /// A colour other than white or black.
    py_bad_color = "py-bad-color" (value);
    /// A FIFO, a device or a folder where a file is read.
    not_a_regular_file = "cli-not-a-regular-file" ();
    /// A file over a size limit, in megabytes.
    file_too_large = "cli-file-too-large" (megabytes);
    /// A symbolic link in a suite, not followed.
    link_not_followed = "cli-link-not-followed" (path);
    /// A `.pgn` in a suite that is not a regular file.
    special_not_read = "cli-special-not-read" (path);
    /// `publish`: a link below `--out`.
    publish_link = "cli-publish-link" (path);
    /// `publish`: a page path leaving `--out`.
    publish_outside = "cli-publish-outside" (path);
    /// `publish`: a file where a folder must be, or a folder where a page goes.
    publish_not_a_folder = "cli-publish-not-a-folder" (path);
    /// `publish`: two sources named by one page.
    page_collision = "cli-page-collision" (page, first, second);
    /// A Fluent file that does not parse.
    locale_syntax = "locale-syntax" (kind, detail);
    /// A Fluent message or term that refers to a message that is not there.
    locale_no_message = "locale-no-message" (id, reference);
    /// ... to a term that is not there.
    locale_no_term = "locale-no-term" (id, reference);
    /// ... to a function (none is defined).
    locale_no_function = "locale-no-function" (id, reference);
    /// ... to a variable the message is never given.
    locale_no_variable = "locale-no-variable" (id, reference, known);
    /// Messages that refer to each other in a circle.
    locale_cycle = "locale-cycle" (id);
    /// A Fluent file that is not UTF-8.
    locale_not_utf8 = "locale-not-utf8" ();
    /// More Fluent files in one language's folder than read.
    locale_too_many_files = "locale-too-many-files" (dir, limit);

    // Diagnostics (`locales/<lang>/diagnostics.ftl`).
    here = "diag-here" ();
    defined_again_here = "diag-defined-again-here" ();

    // Types, as a diagnostic names them.
    a_bool = "diag-a-bool" ();
    an_int = "diag-an-int" ();
    a_side = "diag-a-side" ();
    a_duration = "diag-a-duration" ();
    a_move = "diag-a-move" ();

    // Fields of a rulebook with a text per language.
    field_title = "diag-field-title" ();
    field_source = "diag-field-source" ();
    field_text = "diag-field-text" ();
    field_note = "diag-field-note" ();
    field_ruling = "diag-field-ruling" ();
    field_article_title = "diag-field-article-title" ();
    field_reason = "diag-field-reason" ();
    field_parameter_doc = "diag-field-parameter-doc" ();
    field_constant_doc = "diag-field-constant-doc" ();

    // Reading a rulebook.
    yaml = "diag-yaml" (message);
    invalid_yaml = "diag-invalid-yaml" ();
    cannot_read_rulebook_file = "diag-cannot-read-rulebook-file" (error);
    clause_file_not_found = "diag-clause-file-not-found" (file);
    empty_rulebook = "diag-empty-rulebook" ();
    extends_too_deep = "diag-extends-too-deep" (max);
    extends_unknown = "diag-extends-unknown" (name);
    extends_empty = "diag-extends-empty" ();
    extends_too_many = "diag-extends-too-many" (count, most);
    extends_twice = "diag-extends-twice" (name);
    extends_two_families = "diag-extends-two-families" (name);
    bases_share_game = "diag-bases-share-game" (name, other, game);
    bases_share_name = "diag-bases-share-name" (name, other, what, id);
    what_clause = "diag-what-clause" ();
    what_constant = "diag-what-constant" ();
    what_parameter = "diag-what-parameter" ();
    what_name = "diag-what-name" ();
    not_plain_name = "diag-not-plain-name" (what, name);
    edition_needs_both = "diag-edition-needs-both" ();
    bad_in_force_from = "diag-bad-in-force-from" (value);
    file_outside_folder = "diag-file-outside-folder" (file);
    clause_file_not_utf8 = "diag-clause-file-not-utf8" (file);
    embedded_rulebooks = "diag-embedded-rulebooks" (names);

    // The rulebook as a whole.
    no_language = "diag-no-language" ();
    language_without_words = "diag-no-words-in" (lang);
    language_without_words_help = "diag-no-words-help" (languages, lang);
    text_missing_language = "diag-text-missing-language" (what, lang);
    text_languages_help = "diag-text-languages-help" (languages);
    text_other_language = "diag-text-other-language" (what, lang);
    official_unknown_language = "diag-official-unknown-language" (lang, languages);
    unknown_parameter_type = "diag-unknown-parameter-type" (name);
    parameter_types_help = "diag-parameter-types-help" ();
    parameter_default = "diag-parameter-default" (name, ty);

    // Clauses and their rules.
    empty_clause_id = "diag-empty-clause-id" ();
    duplicate_clause = "diag-duplicate-clause" (id);
    first_defined_at = "diag-first-defined-at" (file, line);
    duplicate_replaces_help = "diag-duplicate-replaces-help" (id);
    replaces_itself_unknown = "diag-replaces-itself-unknown" (id);
    replaces_unknown = "diag-replaces-unknown" (id);
    disable_unknown = "diag-disable-unknown" (id);
    amends_unknown = "diag-amends-unknown" (id);
    amends_twice = "diag-amends-twice" (id);
    amends_with_rules = "diag-amends-with-rules" (id, field);
    amends_with_rules_help = "diag-amends-with-rules-help" (field);
    value_without_defines = "diag-value-without-defines" (clause);
    value_without_defines_help = "diag-value-without-defines-help" ();
    rules_and_short_form = "diag-rules-and-short-form" (clause);
    rules_and_short_form_help = "diag-rules-and-short-form-help" ();
    no_event = "diag-no-event" (clause);
    rule_name = "diag-rule-name" ();
    rule_name_twice = "diag-rule-name-twice" (clause, name);
    unknown_clause = "diag-unknown-clause" (field, clause);
    unknown_event = "diag-unknown-event" (name);
    known_events = "diag-known-events" (names);
    no_condition = "diag-no-condition" (clause);
    no_condition_help = "diag-no-condition-help" ();
    condition_not_bool = "diag-condition-not-bool" (ty);
    expression_syntax = "diag-expression-syntax" (message);
    effect_syntax = "diag-effect-syntax" (message);
    effects_same_class = "diag-effects-same-class" (clause);
    no_ruling = "diag-no-ruling" (clause);
    ruling_unprovided_variable = "diag-ruling-unprovided-variable" (lang, var);
    ruling_vars_help = "diag-ruling-vars-help" (provided);
    nothing = "diag-nothing" ();
    ruling_not_fluent = "diag-ruling-not-fluent" (lang, error);

    // Precedence.
    exception_cycle = "diag-exception-cycle" (clause);
    exception_cycle_help = "diag-exception-cycle-help" ();
    conflict_within = "diag-conflict-within" (clause, event, why);
    conflict = "diag-conflict" (first, second, event, why);
    conflict_help = "diag-conflict-help" (clause);
    against = "diag-against" (first, second);

    // Named values.
    defined_twice = "diag-defined-twice" (name);
    defined_twice_help = "diag-defined-twice-help" ();
    redefinition_type = "diag-redefinition-type" (name, ty);
    definition_cycle = "diag-definition-cycle" (name, path);
    definition_cycle_help = "diag-definition-cycle-help" ();
    defined_name = "diag-defined-name" ();
    name_of_a_fact = "diag-name-of-a-fact" (name);
    constant_not_literal = "diag-constant-not-literal" (name);
    constant_help = "diag-constant-help" ();
    unknown_unit = "diag-unknown-unit" (unit);
    units_help = "diag-units-help" (units);
    unit_not_number = "diag-unit-not-number" (name, ty);
    defines_and_event = "diag-defines-and-event" (clause, name);
    defines_and_event_help = "diag-defines-and-event-help" ();
    defines_when_and_value = "diag-defines-when-and-value" (clause, name);
    defines_nothing = "diag-defines-nothing" (clause, name);
    defines_nothing_help = "diag-defines-nothing-help" ();
    definition_not_bool = "diag-definition-not-bool" (ty);
    definition_not_bool_help = "diag-definition-not-bool-help" ();

    // Syntax of expressions and effects.
    expected_expression = "diag-expected-expression" ();
    unexpected_input = "diag-unexpected-input" ();
    expected = "diag-expected" (names);
    number_too_large = "diag-number-too-large" ();
    expected_if = "diag-expected-if" ();
    expected_name = "diag-expected-name" ();
    syntax_expression = "diag-syntax-expression" ();
    syntax_and_or = "diag-syntax-and-or" ();
    syntax_comparison = "diag-syntax-comparison" ();
    syntax_arithmetic = "diag-syntax-arithmetic" ();
    syntax_not = "diag-syntax-not" ();
    syntax_duration = "diag-syntax-duration" ();
    syntax_number = "diag-syntax-number" ();
    syntax_boolean = "diag-syntax-boolean" ();
    syntax_name = "diag-syntax-name" ();
    syntax_paren = "diag-syntax-paren" ();
    syntax_if = "diag-syntax-if" ();
    syntax_if_expr = "diag-syntax-if-expr" ();
    syntax_then = "diag-syntax-then" ();
    syntax_else = "diag-syntax-else" ();
    syntax_end = "diag-syntax-end" ();

    // Names and types of expressions.
    unknown_effect = "diag-unknown-effect" (name);
    known_effects = "diag-known-effects" (names);
    effect_only_on = "diag-effect-only-on" (name, event);
    unknown_parameter = "diag-unknown-parameter" (name);
    declared_parameters = "diag-declared-parameters" (names);
    no_parameters = "diag-no-parameters" ();
    broken_definition = "diag-broken-definition" (name);
    takes_arguments = "diag-takes-arguments" (name, count);
    arguments_given = "diag-arguments-given" (name, count, given);
    not_a_function = "diag-not-a-function" (name);
    cannot_negate = "diag-cannot-negate" (ty);
    if_branches = "diag-if-branches" (first, second);
    cannot_compare = "diag-cannot-compare" (first, second);
    orders = "diag-orders" (op, first, second);
    arithmetic = "diag-arithmetic" (op, first, second);
    needs_number = "diag-needs-number" (op, ty);
    expected_type = "diag-expected-type" (expected, found);
    unknown_fact = "diag-unknown-fact" (name);
    did_you_mean = "diag-did-you-mean" (name);
    facts_in_readme = "diag-facts-in-readme" ();
    event_field = "diag-event-field" (name, event, answers);
    answers_event = "diag-answers-event" (event);
    answers_no_event = "diag-answers-no-event" ();
    guard = "diag-guard" (name, guard);
    guard_help = "diag-guard-help" (name, guard);

    // Limits of a rulebook (`lang::limits`).
    too_long = "diag-too-long" (len, max);
    too_long_help = "diag-too-long-help" ();
    too_deep = "diag-too-deep" (max);
    too_deep_help = "diag-too-deep-help" ();
    too_deep_with_names = "diag-too-deep-with-names" (depth, max);
    too_deep_with_names_help = "diag-too-deep-with-names-help" ();
    too_large_expanded = "diag-too-large-expanded" (size, max);
    too_large_expanded_help = "diag-too-large-expanded-help" ();
    too_many_clauses = "diag-too-many-clauses" (count, max);
    too_many_rules = "diag-too-many-rules" (count, max);
    too_many_names = "diag-too-many-names" (count, max);
    too_many_parameters = "diag-too-many-parameters" (count, max);
    too_many_help = "diag-too-many-help" ();
    precedence_too_large = "diag-precedence-too-large" (max);
    precedence_too_large_help = "diag-precedence-too-large-help" ();
    more_conflicts = "diag-more-conflicts" (max);
    /// An effect that raises, directly or through other rules, the event its rule answers.
    cascade = "diag-cascade" (effect, event, cycle);
    cascade_help = "diag-cascade-help" ();
    clause_id_control = "diag-clause-id-control" ();
    parameter_name = "diag-parameter-name" (name);

    // Evaluating a rule (the interpreter and generated code alike).
    eval_overflow = "eval-overflow" (op);
    eval_division_by_zero = "eval-division-by-zero" (op);
    eval_time_too_large = "eval-time-too-large" (moves);
    eval_in_clause = "eval-in-clause" (clause, error);

    // Reading PGN.
    pgn_in_game = "pgn-in-game" (game, message);
    pgn_could_not_read = "pgn-could-not-read" ();
    pgn_comment_not_closed = "pgn-comment-not-closed" ();
    pgn_paren_closes_nothing = "pgn-paren-closes-nothing" ();
    pgn_nag = "pgn-nag" ();
    pgn_unexpected_character = "pgn-unexpected-character" (char);
    unknown_game = "diag-unknown-game" (name, known);
    no_game = "diag-no-game" ();
    clause_game_not_in_rulebook = "diag-clause-game-not-in-rulebook" (clause);
    game_not_for_rulebook = "game-not-for-rulebook" (rulebook, game, games);
    draughts_expected_square = "draughts-expected-square" ();
    draughts_expected_separator = "draughts-expected-separator" ();
    draughts_expected_end = "draughts-expected-end" ();
    draughts_syntax = "draughts-syntax" (expected, column);
    draughts_no_piece = "draughts-no-piece" (square);
    draughts_opponents_piece = "draughts-opponents-piece" (square);
    draughts_capture_required = "draughts-capture-required" ();
    draughts_nothing_to_capture = "draughts-nothing-to-capture" ();
    draughts_man_backward = "draughts-man-backward" ();
    draughts_occupied = "draughts-occupied" (square);
    draughts_unfinished = "draughts-unfinished" ();
    draughts_jumped_twice = "draughts-jumped-twice" (square);
    draughts_no_such_move = "draughts-no-such-move" ();
    draughts_ambiguous = "draughts-ambiguous" (moves);
    draughts_fen_side = "draughts-fen-side" ();
    draughts_fen_square = "draughts-fen-square" ();
    draughts_fen_separator = "draughts-fen-separator" ();
    draughts_fen_twice = "draughts-fen-twice" ();
    draughts_fen_too_many = "draughts-fen-too-many" ();
    draughts_fen_man_on_last_rank = "draughts-fen-man-on-last-rank" ();
    game_chess = "game-chess" ();
    game_russian_draughts = "game-russian-draughts" ();
    pgn_not_san = "pgn-not-san" (san);
    pdn_not_move = "pdn-not-move" (text);
    pdn_unknown_game_type = "pdn-unknown-game-type" (value);
    pgn_variation_not_closed = "pgn-variation-not-closed" ();
    pgn_no_result = "pgn-no-result" ();
    /// The movetext's result is not the `Result` tag's.
    pgn_result_disagrees = "pgn-result-disagrees" (terminator, tag);
    pgn_tags_without_moves = "pgn-tags-without-moves" ();
    pgn_game_too_large = "pgn-game-too-large" (megabytes);
    pgn_no_games = "pgn-no-games" ();
    pgn_tag_syntax = "pgn-tag-syntax" ();
    pgn_tag_quoted_value = "pgn-tag-quoted-value" (name);
    pgn_tag_closing_quote = "pgn-tag-closing-quote" (name);
    pgn_tag_closing_bracket = "pgn-tag-closing-bracket" (name);

    // The TimeControl tag and clock readings.
    pgn_expected_number = "pgn-expected-number" (what, text);
    pgn_number_too_large = "pgn-number-too-large" (what, text);
    pgn_what_sand = "pgn-what-sand" ();
    pgn_what_moves = "pgn-what-moves" ();
    pgn_what_seconds = "pgn-what-seconds" ();
    pgn_what_increment = "pgn-what-increment" ();
    pgn_empty_time_control = "pgn-empty-time-control" ();
    pgn_period_after_all = "pgn-period-after-all" (period);
    pgn_zero_moves = "pgn-zero-moves" ();
    pgn_not_a_clock_reading = "pgn-not-a-clock-reading" (reading);
    pgn_clock_too_large = "pgn-clock-too-large" (reading, hours);

    // Event commands.
    pgn_command_not_closed = "pgn-command-not-closed" ();
    pgn_empty_command = "pgn-empty-command" ();
    pgn_too_many_commands = "pgn-too-many-commands" ();
    pgn_unexpected_argument = "pgn-unexpected-argument" (word, command);
    pgn_offer_side = "pgn-offer-side" (side);
    pgn_correct_side = "pgn-correct-side" (side);
    pgn_resign_side = "pgn-resign-side" (side);
    pgn_unknown_claim = "pgn-unknown-claim" (kind);
    pgn_claim_needs_kind = "pgn-claim-needs-kind" ();
    pgn_not_a_square = "pgn-not-a-square" (square);
    pgn_touch_needs_square = "pgn-touch-needs-square" ();
    pgn_clk_needs_reading = "pgn-clk-needs-reading" ();
    pgn_clock_side = "pgn-clock-side" (side);
    pgn_clock_needs_side = "pgn-clock-needs-side" ();
    pgn_clock_needs_reading = "pgn-clock-needs-reading" ();
    pgn_flag_side = "pgn-flag-side" (side);
    pgn_flag_needs_side = "pgn-flag-needs-side" ();
    pgn_unknown_basis = "pgn-unknown-basis" (word);
    pgn_quickplay_needs_basis = "pgn-quickplay-needs-basis" ();
    pgn_arbiter_needs_act = "pgn-arbiter-needs-act" ();
    pgn_arbiter_unexpected = "pgn-arbiter-unexpected" (word);
    pgn_unknown_act = "pgn-unknown-act" (word);
    pgn_illegal_argument = "pgn-illegal-argument" (word, expected);

    // Errors about a game.
    game_bad_date = "game-bad-date" (value);
    game_offer_before_move = "game-offer-before-move" ();
    game_no_piece = "game-no-piece" (square);
    game_clk_before_move = "game-clk-before-move" ();
    game_illegal_before_move = "game-illegal-before-move" ();
    game_evaluating_rules = "game-evaluating-rules" (event, ply, error);
    game_evaluating_effects = "game-evaluating-effects" (event, ply, error);
    game_evaluating_vars = "game-evaluating-vars" (event, ply, error);
    /// The rules' effects kept raising events (a rulebook that was not checked).
    game_cascade = "game-cascade" (max, event);
    game_illegal_move = "game-illegal-move" (number, san, error);
    game_as_made = "game-as-made" (number, san, why);
    as_made_no_piece = "as-made-no-piece" ();
    as_made_ambiguous = "as-made-ambiguous" ();
    as_made_own_piece = "as-made-own-piece" (square);
    as_made_king = "as-made-king" (square);
    as_made_castle = "as-made-castle" ();
    as_made_not_a_move = "as-made-not-a-move" ();
    as_made_same_square = "as-made-same-square" ();
    as_made_not_diagonal = "as-made-not-diagonal" (square);
    game_king_taken = "game-king-taken" (number, san);
    game_taken_back_legal = "game-taken-back-legal" (san);
    game_bad_fen = "game-bad-fen" (error);
    game_illegal_fen = "game-illegal-fen" (error);
    game_fen_number_too_large = "game-fen-number-too-large" (field, value, max);
    game_tag_value = "game-tag-value" (tag, what, text);
    game_tag_yes_no = "game-tag-yes-no" ();
    game_tag_whole_number = "game-tag-whole-number" ();
    game_tag_seconds = "game-tag-seconds" ();
    game_tag_side = "game-tag-side" ();
    game_tag_a_value = "game-tag-a-value" ();
    game_param_type = "game-param-type" (name, expected, given);
    game_param_kind = "game-param-kind" (kind);
    game_time_control = "game-time-control" (error);
    game_time_control_value = "game-time-control-value" (value, error);

    // What is wrong with a chess FEN or the position it gives, and with a SAN move.
    fen_invalid = "fen-invalid" ();
    fen_board = "fen-board" ();
    fen_pocket = "fen-pocket" ();
    fen_turn = "fen-turn" ();
    fen_castling = "fen-castling" ();
    fen_ep_square = "fen-ep-square" ();
    fen_checks = "fen-checks" ();
    fen_halfmove_clock = "fen-halfmove-clock" ();
    fen_fullmoves = "fen-fullmoves" ();
    position_empty = "position-error-empty" ();
    position_missing_king = "position-error-missing-king" ();
    position_too_many_kings = "position-error-too-many-kings" ();
    position_pawns_on_backrank = "position-error-pawns-on-backrank" ();
    position_castling_rights = "position-error-castling-rights" ();
    position_ep_square = "position-error-ep-square" ();
    position_opposite_check = "position-error-opposite-check" ();
    position_impossible_check = "position-error-impossible-check" ();
    position_too_much_material = "position-error-too-much-material" ();
    position_variant = "position-error-variant" ();
    san_illegal = "san-illegal" ();
    san_ambiguous = "san-ambiguous" ();

    /// The label of a diagnostic's help line.
    help_label = "diag-help" ();

    // A manual page's section headings.
    man_section = "man-section" (heading);

    // What the operating system said, in our words.
    io_not_found = "io-not-found" ();
    io_permission_denied = "io-permission-denied" ();
    io_is_a_directory = "io-is-a-directory" ();
    io_not_a_directory = "io-not-a-directory" ();
    io_already_exists = "io-already-exists" ();
    io_broken_pipe = "io-broken-pipe" ();
    io_no_space = "io-no-space" ();
    io_read_only = "io-read-only" ();
    io_invalid_data = "io-invalid-data" ();
    io_other = "io-other" (code);

    // The tables at the end of a conformance run.
    conformance_counts = "conformance-counts" (passed, failed, skipped, not_applicable, errored);
    table_clause = "conformance-table-clause" ();
    table_feature = "conformance-table-feature" ();
    table_declared = "conformance-table-declared" ();
    table_scenarios = "conformance-table-scenarios" ();
    table_applicable = "conformance-table-applicable" ();
    table_passed = "conformance-table-passed" ();
    table_failed = "conformance-table-failed" ();
    table_errored = "conformance-table-errored" ();
    table_skipped = "conformance-table-skipped" ();
    table_yes = "conformance-table-yes" ();
    table_no = "conformance-table-no" ();

    // Why a scenario was not run, or could not be.
    scenario_malformed = "conformance-scenario-malformed" (error);
    scenario_inherited_not_applicable = "conformance-inherited-not-applicable" (base, why);
    no_answer = "conformance-no-answer" ();
    rulebook_not_supported = "conformance-rulebook-not-supported" (rulebook);
    game_not_supported = "conformance-game-not-supported" (game);
    needs_features = "conformance-needs" (features);
    verdict_late = "conformance-verdict-late" (seconds);
    verdict_malformed = "conformance-verdict-malformed" (error);

    // What a verdict does differently from a scenario's expectations (`conformance`, and the
    // published site's implementation pages).
    conformance_diff_result = "conformance-diff-result" (expected, got);
    conformance_diff_rule = "conformance-diff-rule" (expected, got);
    conformance_diff_ended_at_ply = "conformance-diff-ended-at-ply" (expected, got);
    conformance_diff_unplayed_moves = "conformance-diff-unplayed-moves" (expected, got, reported);
    conformance_diff_offers = "conformance-diff-offers" (expected, got);
    conformance_diff_position_rulings = "conformance-diff-position-rulings" (expected, got);
    conformance_diff_event = "conformance-diff-event" (
        index,
        line,
        column,
        expected_decision,
        expected_rule,
        got_decision,
        got_rule
    );

    // `arbiter explain-position`.
    position_bad_fen = "position-bad-fen" (error);
    position_illegal = "position-illegal" (error);
    position_dead = "position-dead" ();
    position_alive = "position-alive" (side);
    position_undetermined = "position-undetermined" ();
    position_work = "position-work" (nodes, ms);
}

/// An error of the operating system (a file that cannot be read or written, a closed pipe): its
/// kind in our words, and its number when it has one.
pub fn io_error(e: &std::io::Error) -> Message {
    use std::io::ErrorKind as K;
    match e.kind() {
        K::NotFound => io_not_found(),
        K::PermissionDenied => io_permission_denied(),
        K::IsADirectory => io_is_a_directory(),
        K::NotADirectory => io_not_a_directory(),
        K::AlreadyExists => io_already_exists(),
        K::BrokenPipe => io_broken_pipe(),
        K::StorageFull => io_no_space(),
        K::ReadOnlyFilesystem => io_read_only(),
        K::InvalidData => io_invalid_data(),
        _ => io_other(
            e.raw_os_error()
                .map_or_else(|| "-".to_string(), |n| n.to_string()),
        ),
    }
}

/// A manual page's section heading (`NAME`, `SYNOPSIS`, ... as clap_mangen writes them); one
/// the locale does not name stays as it is.
pub fn man_heading(heading: &str) -> Message {
    man_section(heading)
}

/// What is wrong with a chess FEN.
pub fn fen_error(e: &shakmaty::fen::ParseFenError) -> Message {
    use shakmaty::fen::ParseFenError as E;
    match e {
        E::InvalidFen => fen_invalid(),
        E::InvalidBoard => fen_board(),
        E::InvalidPocket => fen_pocket(),
        E::InvalidTurn => fen_turn(),
        E::InvalidCastling => fen_castling(),
        E::InvalidEpSquare => fen_ep_square(),
        E::InvalidRemainingChecks => fen_checks(),
        E::InvalidHalfmoveClock => fen_halfmove_clock(),
        E::InvalidFullmoves => fen_fullmoves(),
    }
}

/// Why a FEN's position is not a legal one: every reason that holds, as one variable of the
/// message that says it (joined by `; `).
pub fn position_error<P>(e: &shakmaty::PositionError<P>) -> Arg {
    use shakmaty::PositionErrorKinds as K;
    let kinds = e.kinds();
    let said: Vec<Message> = [
        (K::EMPTY_BOARD, position_empty as fn() -> Message),
        (K::MISSING_KING, position_missing_king),
        (K::TOO_MANY_KINGS, position_too_many_kings),
        (K::PAWNS_ON_BACKRANK, position_pawns_on_backrank),
        (K::INVALID_CASTLING_RIGHTS, position_castling_rights),
        (K::INVALID_EP_SQUARE, position_ep_square),
        (K::OPPOSITE_CHECK, position_opposite_check),
        (K::IMPOSSIBLE_CHECK, position_impossible_check),
        (K::TOO_MUCH_MATERIAL, position_too_much_material),
        (K::VARIANT, position_variant),
    ]
    .into_iter()
    .filter(|(k, _)| kinds.contains(*k))
    .map(|(_, say)| say())
    .collect();
    Arg::Join {
        items: said,
        sep: "; ",
        sorted: false,
    }
}

/// Why a SAN move is not a move of the position.
pub fn san_error(e: &shakmaty::san::SanError) -> Message {
    match e {
        shakmaty::san::SanError::IllegalSan => san_illegal(),
        shakmaty::san::SanError::AmbiguousSan => san_ambiguous(),
    }
}

/// A game's name.
pub fn game(g: crate::games::GameKind) -> Message {
    match g {
        crate::games::GameKind::Chess => game_chess(),
        crate::games::GameKind::RussianDraughts => game_russian_draughts(),
    }
}

/// A file that `files::read` refused, or could not read: `path: why`.
pub fn unreadable(path: impl IntoArg, e: &crate::files::ReadError) -> Message {
    use crate::files::ReadError;
    let why = match e {
        ReadError::NotRegular => not_a_regular_file(),
        ReadError::TooLarge(limit) => file_too_large(limit >> 20),
        ReadError::Io(e) => io_error(e),
    };
    file_error(path, why)
}
