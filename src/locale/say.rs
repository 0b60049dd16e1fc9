//! The tool's own messages, one function each: its Fluent id and the variables it is given.
//! The words are in `locales/<lang>/{cli,diagnostics}.ftl`, said in the language of the run
//! (`locale::set_lang`). `ALL` lists every id with its variables: every shipped language has
//! each (a unit test), and a language added at run time is refused when it lacks one.

use fluent_bundle::FluentValue;

/// What a message's variable can be given: text or a number (which Fluent's plurals select on).
pub trait Arg {
    fn value(self) -> FluentValue<'static>;
}

impl Arg for &str {
    fn value(self) -> FluentValue<'static> {
        FluentValue::from(self.to_string())
    }
}

impl Arg for String {
    fn value(self) -> FluentValue<'static> {
        FluentValue::from(self)
    }
}

impl Arg for &String {
    fn value(self) -> FluentValue<'static> {
        FluentValue::from(self.clone())
    }
}

macro_rules! numbers {
    ($($t:ty),*) => {$(
        impl Arg for $t {
            fn value(self) -> FluentValue<'static> {
                FluentValue::from(self)
            }
        }
    )*};
}
numbers!(usize, u64, u32, i64, i32);

macro_rules! messages {
    ($( $(#[$doc:meta])* $name:ident = $id:literal ( $($var:ident),* ); )*) => {
        $(
            $(#[$doc])*
            pub fn $name($($var: impl Arg),*) -> String {
                super::say($id, &[$((stringify!($var), $var.value())),*])
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
    not_a_protocol_message = "cli-not-a-protocol-message" (error, line);
    /// `--rulebook` names neither an embedded rulebook nor a folder.
    no_such_rulebook = "cli-no-such-rulebook" (spec, names);
    folder_not_compiled = "cli-folder-not-compiled" ();
}
