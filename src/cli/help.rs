//! The command line's help and usage errors in the language of the run: every about and help
//! text, the headings, the defaults and possible values, and the usage errors clap reports are
//! messages of `locales/<lang>/help.ftl`, set on clap's `Command` at run time. A language is
//! data here too: the messages are found by the commands' and arguments' names.
//!
//! Message ids: `help-about-CMD` (CMD `arbiter` for the program itself), `help-arg-CMD-ARG` or,
//! for an argument several commands share, `help-arg-ARG`; `help-value-ARG-VALUE` for a
//! possible value that has words of its own. What clap writes itself and cannot be given
//! (the text of a value parser's own error, errors of kinds not listed here) stays clap's.

use clap::builder::StyledStr;
use clap::error::{ContextKind, ContextValue, ErrorKind};
use clap::{Arg, Command};

use arbiter::locale::Words;

/// The words of `lang`, and the ids of the messages it lacks.
struct Lookup<'a> {
    words: &'a Words,
    missing: Vec<String>,
}

impl Lookup<'_> {
    /// The first of `ids` the language has; a missing one is noted under the first id.
    fn text(&mut self, ids: &[String], args: &[(&str, String)]) -> String {
        let args: Vec<(&str, fluent_bundle::FluentValue)> = args
            .iter()
            .map(|(k, v)| (*k, fluent_bundle::FluentValue::from(v.clone())))
            .collect();
        for id in ids {
            if self.words.has(id)
                && let Ok(t) = self.words.get(id, &args)
            {
                return t;
            }
        }
        self.missing.push(ids[0].clone());
        String::new()
    }

    fn has(&self, id: &str) -> bool {
        self.words.has(id)
    }
}

/// `cmd` (the whole program) with its help and usage in `words`' language, or the ids of the
/// messages the language lacks.
pub fn localize(mut cmd: Command, words: &Words) -> Result<Command, Vec<String>> {
    // Built first, so that the help flags, the `help` command and the global arguments every
    // command inherits are there to be given words.
    cmd.build();
    let mut lookup = Lookup {
        words,
        missing: Vec::new(),
    };
    let cmd = command(cmd, "arbiter", &mut lookup);
    if lookup.missing.is_empty() {
        Ok(cmd)
    } else {
        lookup.missing.sort();
        lookup.missing.dedup();
        Err(lookup.missing)
    }
}

fn command(mut cmd: Command, name: &str, l: &mut Lookup) -> Command {
    let about = l.text(&[format!("help-about-{name}")], &[]);
    cmd = cmd
        .about(about)
        .long_about(clap::builder::Resettable::<StyledStr>::Reset);
    let ids: Vec<String> = cmd
        .get_arguments()
        .map(|a| a.get_id().as_str().to_string())
        .collect();
    for id in ids {
        cmd = cmd.mut_arg(&id, |a| argument(a, name, l));
    }
    let subs: Vec<String> = cmd
        .get_subcommands()
        .map(|s| s.get_name().to_string())
        .collect();
    for sub in subs {
        cmd = cmd.mut_subcommand(&sub, |s| command(s, &sub, l));
    }
    let usage = usage(&mut cmd, l);
    let template = template(&cmd, l);
    cmd.override_usage(usage).help_template(template)
}

fn argument(a: Arg, cmd: &str, l: &mut Lookup) -> Arg {
    let id = a.get_id().as_str().to_string();
    let owner = if a.is_global_set() { "arbiter" } else { cmd };
    let mut help = l.text(
        &[format!("help-arg-{owner}-{id}"), format!("help-arg-{id}")],
        &[],
    );
    let takes_values = a.get_action().takes_values();
    let values: Vec<_> = if takes_values {
        a.get_possible_values()
            .into_iter()
            .filter(|v| !v.is_hide_set())
            .collect()
    } else {
        Vec::new()
    };
    let described: Vec<(String, String)> = values
        .iter()
        .filter_map(|v| {
            let ids = [
                format!("help-value-{cmd}-{id}-{}", v.get_name()),
                format!("help-value-{id}-{}", v.get_name()),
            ];
            ids.iter().find(|i| l.has(i)).map(|i| {
                (
                    v.get_name().to_string(),
                    l.text(std::slice::from_ref(i), &[]),
                )
            })
        })
        .collect();
    if !described.is_empty() {
        help.push_str("\n\n");
        help.push_str(&l.text(&["help-possible-values-heading".into()], &[]));
        for v in &values {
            let name = v.get_name();
            match described.iter().find(|(n, _)| n == name) {
                Some((_, words)) => help.push_str(&format!("\n- {name}: {words}")),
                None => help.push_str(&format!("\n- {name}")),
            }
        }
    }
    let defaults: Vec<String> = a
        .get_default_values()
        .iter()
        .map(|v| v.to_string_lossy().into_owned())
        .collect();
    if takes_values && !defaults.is_empty() && !a.is_hide_default_value_set() {
        help.push_str("\n\n");
        help.push_str(&l.text(&["help-default".into()], &[("value", defaults.join(", "))]));
    }
    if !values.is_empty() && described.is_empty() {
        let names: Vec<&str> = values.iter().map(|v| v.get_name()).collect();
        help.push_str(if defaults.is_empty() { "\n\n" } else { "\n" });
        help.push_str(&l.text(
            &["help-possible-values".into()],
            &[("values", names.join(", "))],
        ));
    }
    a.help(help)
        .long_help(clap::builder::Resettable::<StyledStr>::Reset)
        .hide_default_value(true)
        .hide_possible_values(true)
}

/// The usage line with the words clap puts in it (`[OPTIONS]`, `<COMMAND>`) in the language.
fn usage(cmd: &mut Command, l: &mut Lookup) -> String {
    let plain = cmd.render_usage().to_string();
    let plain = plain.split_once(": ").map_or(plain.as_str(), |(_, u)| u);
    let options = l.text(&["help-usage-options".into()], &[]);
    let command = l.text(&["help-usage-command".into()], &[]);
    plain
        .replace("[OPTIONS]", &format!("[{options}]"))
        .replace("<COMMAND>", &format!("<{command}>"))
        .replace("[COMMAND]", &format!("[{command}]"))
}

/// The help's layout: clap's own, with the headings in the language.
fn template(cmd: &Command, l: &mut Lookup) -> String {
    let styles = cmd.get_styles();
    let header = |t: String| {
        let s = styles.get_header();
        format!("{}{t}:{}", s.render(), s.render_reset())
    };
    let mut t = format!(
        "{{before-help}}{{about-with-newline}}\n{} {{usage}}",
        header(l.text(&["help-usage".into()], &[]))
    );
    if cmd.get_subcommands().any(|s| !s.is_hide_set()) {
        t.push_str(&format!(
            "\n\n{}\n{{subcommands}}",
            header(l.text(&["help-commands".into()], &[]))
        ));
    }
    if cmd.get_positionals().any(|a| !a.is_hide_set()) {
        t.push_str(&format!(
            "\n\n{}\n{{positionals}}",
            header(l.text(&["help-arguments".into()], &[]))
        ));
    }
    if cmd
        .get_arguments()
        .filter(|a| !a.is_positional())
        .any(|a| !a.is_hide_set())
    {
        t.push_str(&format!(
            "\n\n{}\n{{options}}",
            header(l.text(&["help-options".into()], &[]))
        ));
    }
    t.push_str("{after-help}");
    t
}

/// A usage error in the language of the run, when clap says what it is; `None` for what clap
/// alone can say (its error is then printed as it is).
pub fn error(e: &clap::Error, words: &Words) -> Option<String> {
    let kind = match e.kind() {
        ErrorKind::UnknownArgument => "unknown-argument",
        ErrorKind::InvalidSubcommand => "invalid-subcommand",
        ErrorKind::InvalidValue => "invalid-value",
        ErrorKind::ValueValidation => "value-validation",
        ErrorKind::MissingRequiredArgument => "missing-required-argument",
        ErrorKind::MissingSubcommand => "missing-subcommand",
        ErrorKind::NoEquals => "no-equals",
        ErrorKind::TooManyValues => "too-many-values",
        ErrorKind::WrongNumberOfValues => "wrong-number-of-values",
        ErrorKind::ArgumentConflict => "argument-conflict",
        _ => return None,
    };
    let value = |k: ContextKind| -> String {
        match e.get(k) {
            Some(ContextValue::String(s)) => s.clone(),
            Some(ContextValue::Strings(v)) => v.join(", "),
            Some(ContextValue::StyledStr(s)) => s.to_string(),
            Some(ContextValue::StyledStrs(v)) => v
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(", "),
            Some(ContextValue::Number(n)) => n.to_string(),
            _ => String::new(),
        }
    };
    let args = [
        ("arg", value(ContextKind::InvalidArg)),
        ("value", value(ContextKind::InvalidValue)),
        ("valid", value(ContextKind::ValidValue)),
        ("subcommand", value(ContextKind::InvalidSubcommand)),
        ("prior", value(ContextKind::PriorArg)),
        ("expected", value(ContextKind::ExpectedNumValues)),
        ("actual", value(ContextKind::ActualNumValues)),
        // A value parser's own reason: clap's words (or the parser's), not a message.
        (
            "reason",
            std::error::Error::source(e)
                .map(ToString::to_string)
                .unwrap_or_default(),
        ),
    ];
    let fluent: Vec<(&str, fluent_bundle::FluentValue)> = args
        .iter()
        .map(|(k, v)| (*k, fluent_bundle::FluentValue::from(v.clone())))
        .collect();
    let mut out = words.get(&format!("clap-error-{kind}"), &fluent).ok()?;
    let valid = value(ContextKind::ValidValue);
    if !valid.is_empty() {
        out.push_str("\n  ");
        out.push_str(
            &words
                .get(
                    "help-possible-values",
                    &[("values", fluent_bundle::FluentValue::from(valid))],
                )
                .ok()?,
        );
    }
    let suggestion = [
        value(ContextKind::SuggestedArg),
        value(ContextKind::SuggestedSubcommand),
        value(ContextKind::SuggestedValue),
    ]
    .into_iter()
    .find(|s| !s.is_empty());
    if let Some(s) = suggestion {
        out.push_str("\n\n  ");
        out.push_str(
            &words
                .get(
                    "clap-error-similar",
                    &[("suggestion", fluent_bundle::FluentValue::from(s))],
                )
                .ok()?,
        );
    }
    if let Some(ContextValue::StyledStr(u)) = e.get(ContextKind::Usage) {
        let u = u.to_string();
        let u = u.split_once(": ").map_or(u.as_str(), |(_, u)| u);
        out.push_str(&format!("\n\n{}: {u}", words.text("help-usage").ok()?));
    }
    out.push_str("\n\n");
    out.push_str(&words.text("clap-error-more").ok()?);
    Some(format!(
        "{}\n",
        arbiter::locale::say::error(out.trim_start().to_string()).render(words)
    ))
}
