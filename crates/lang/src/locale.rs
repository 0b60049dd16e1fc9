//! The language registry: the only place that knows which languages the tool speaks.
//!
//! The tool's own words (its messages, the vocabulary of the rule language, the words of the
//! readable rulebook) are Fluent files, `locales/<lang>/*.ftl`, embedded at build time
//! (`build.rs`): the list of languages is the list of folders. A folder given at run time
//! (`--locales DIR`, holding `<lang>/*.ftl`) adds languages or overrides messages, so a
//! federation can publish in its own language without a Rust toolchain. A rulebook's texts and
//! rulings stay in the rulebook. A message that is missing is an error, never a placeholder.
//!
//! The tool's own messages (the command line's, every located error) are `say::*`, one function
//! per message: values, rendered (`say::Message::render`) in the `Words` the edge that knows the
//! reader's language holds — the command line's, made once from `--lang` (`Words::checked`,
//! which refuses a language that lacks one of them), the Python call's, a test's. No language is
//! process-wide: the registry keeps no words of a run.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock, RwLock};

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use say::Arg;

pub mod check;
pub mod say;

mod embedded {
    include!(concat!(env!("OUT_DIR"), "/locales.rs"));
}

/// `(language, [(file, Fluent source)])`: the shape of the embedded words.
type Table = &'static [(&'static str, &'static [(&'static str, &'static str)])];

/// The embedded words, `locales/` as `build.rs` found it. They are data a translator edits, so
/// they are read as hostile as an added folder is. (A unit test puts a broken copy in their
/// place, in a process of its own: `tests::in_child`.)
fn shipped() -> Table {
    #[cfg(test)]
    if let Some(table) = tests::REPLACED.get() {
        return table;
    }
    embedded::EMBEDDED
}

/// The language used when none is asked for.
pub const DEFAULT: &str = "en";

/// An error of the language registry, not yet in words: the edge that knows the reader's
/// language renders it (`render`); `Display` says it in the default language's words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LocaleError {
    /// One of the tool's messages.
    Said(say::Message),
    /// Errors located in Fluent files, one report after another.
    Located(Vec<check::Located>),
}

impl LocaleError {
    /// The error in `words`.
    pub fn render(&self, words: &Words) -> String {
        match self {
            LocaleError::Said(m) => m.render(words),
            LocaleError::Located(all) => all
                .iter()
                .map(|l| l.render(words))
                .collect::<Vec<_>>()
                .join("\n"),
        }
    }
}

impl From<say::Message> for LocaleError {
    fn from(m: say::Message) -> LocaleError {
        LocaleError::Said(m)
    }
}

impl std::fmt::Display for LocaleError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.render(&default_words()))
    }
}

impl std::error::Error for LocaleError {}

/// Folders of extra locales, set once from the command line (`--locales`).
fn extra_dirs() -> &'static RwLock<Vec<PathBuf>> {
    static DIRS: OnceLock<RwLock<Vec<PathBuf>>> = OnceLock::new();
    DIRS.get_or_init(|| RwLock::new(Vec::new()))
}

/// Add a folder of locales (`<dir>/<lang>/*.ftl`) for the rest of the run.
pub fn add_dir(dir: &Path) -> Result<(), LocaleError> {
    if !dir.is_dir() {
        return Err(say::not_a_locales_folder(dir.display().to_string()).into());
    }
    let mut dirs = extra_dirs()
        .write()
        .map_err(|_| say::Message::verbatim("the locale registry is poisoned"))?;
    dirs.push(dir.to_path_buf());
    Ok(())
}

/// Every language the tool speaks: the embedded ones and those of the added folders (each a
/// folder `<lang>/` in one of them; a link in its place is not followed).
pub fn languages() -> Vec<String> {
    let mut out: Vec<String> = shipped().iter().map(|(l, _)| l.to_string()).collect();
    if let Ok(dirs) = extra_dirs().read() {
        for d in dirs.iter() {
            for e in std::fs::read_dir(d).into_iter().flatten().flatten() {
                if let Some(l) = e.file_name().to_str()
                    && e.file_type().is_ok_and(|t| t.is_dir())
                    && !out.iter().any(|o| o == l)
                {
                    out.push(l.to_string());
                }
            }
        }
    }
    out.sort();
    out
}

/// The largest Fluent file read from an added folder (the shipped ones are under 30 KB).
pub const MAX_FTL_BYTES: u64 = 1 << 20;
/// The most Fluent files read from one language's folder of an added folder.
pub const MAX_FTL_FILES: usize = 256;

/// The Fluent sources of a language: the embedded files first, then those of `dirs` (each
/// holding `<lang>/*.ftl`; their messages override). An added file is read as hostile input: a
/// regular file (a FIFO or a device is refused, never waited on; a link to a regular file is
/// read), at most `MAX_FTL_BYTES`, UTF-8, at most `MAX_FTL_FILES` of them per folder.
fn read_sources(lang: &str, dirs: &[PathBuf]) -> Result<Vec<check::Source>, LocaleError> {
    let mut out: Vec<check::Source> = shipped()
        .iter()
        .filter(|(l, _)| *l == lang)
        .flat_map(|(l, files)| {
            files.iter().map(move |(f, t)| check::Source {
                name: format!("locales/{l}/{f}"),
                text: Arc::from(*t),
            })
        })
        .collect();
    {
        for d in dirs {
            let dir = d.join(lang);
            let ftl = |p: &Path, _: usize| p.extension().is_some_and(|x| x == "ftl");
            let walk = crate::files::walk(&dir, |_, _| false, ftl);
            let mut files = walk.files;
            for (p, why) in walk.refused {
                match why {
                    // A link to a file: read as the file is, if it is a regular one.
                    crate::files::Refused::Link => files.push(p),
                    crate::files::Refused::NotRegular => {
                        let e = crate::files::ReadError::NotRegular;
                        return Err(say::unreadable(p.display().to_string(), &e).into());
                    }
                }
            }
            files.sort();
            if files.len() > MAX_FTL_FILES {
                return Err(
                    say::locale_too_many_files(dir.display().to_string(), MAX_FTL_FILES).into(),
                );
            }
            for f in files {
                let name = f.display().to_string();
                let bytes = crate::files::read(&f, MAX_FTL_BYTES)
                    .map_err(|e| LocaleError::from(say::unreadable(name.as_str(), &e)))?;
                let text = match String::from_utf8(bytes) {
                    Ok(t) => t,
                    Err(e) => {
                        let at = e.utf8_error().valid_up_to();
                        let bytes = e.into_bytes();
                        let text = String::from_utf8_lossy(&bytes);
                        let at = String::from_utf8_lossy(&bytes[..at]).len();
                        return Err(LocaleError::Located(vec![check::located(
                            &name,
                            &text,
                            at,
                            1,
                            say::locale_not_utf8(),
                        )]));
                    }
                };
                out.push(check::Source {
                    name,
                    text: Arc::from(text),
                });
            }
        }
    }
    if out.is_empty() {
        return Err(say::no_words_in(lang, languages().join(", ")).into());
    }
    Ok(out)
}

/// The Fluent sources of a language: `(name, text)`, the embedded files first, then the added
/// folders' (whose messages override).
pub fn sources(lang: &str) -> Result<Vec<(String, String)>, LocaleError> {
    Ok(read_sources(lang, &added())?
        .into_iter()
        .map(|s| (s.name, s.text.to_string()))
        .collect())
}

/// A bundle of a language's words: its sources parsed (a syntax error is located), their
/// references checked (`check::references`), later files overriding earlier ones.
pub fn bundle(lang: &str) -> Result<FluentBundle<FluentResource>, LocaleError> {
    bundle_of(lang, &added()).map(|(b, _)| b)
}

/// The folders added with `--locales`, in order.
fn added() -> Vec<PathBuf> {
    extra_dirs().read().map(|d| d.clone()).unwrap_or_default()
}

/// The bundle and its message ids (`bundle`).
fn bundle_of(
    lang: &str,
    dirs: &[PathBuf],
) -> Result<(FluentBundle<FluentResource>, Vec<String>), LocaleError> {
    let mut parsed = Vec::new();
    for s in read_sources(lang, dirs)? {
        let res = check::parse(&s.name, s.text.to_string())?;
        parsed.push((s, res));
    }
    check::references(&parsed)?;
    let mut ids: Vec<String> = parsed
        .iter()
        .flat_map(|(_, res)| res.entries())
        .filter_map(|e| match e {
            fluent_syntax::ast::Entry::Message(m) => Some(m.id.name.to_string()),
            _ => None,
        })
        .collect();
    ids.sort();
    ids.dedup();
    let mut bundle = new_bundle(lang)?;
    for (_, res) in parsed {
        bundle.add_resource_overriding(res);
    }
    Ok((bundle, ids))
}

/// The tool's words in one language.
#[derive(Clone)]
pub struct Words {
    pub lang: String,
    bundle: Arc<FluentBundle<FluentResource>>,
    /// The ids of its messages, sorted.
    ids: Arc<Vec<String>>,
}

impl Words {
    /// The words of `lang`; every Fluent error (a syntax error, a reference to nothing) is an
    /// error located in its file.
    pub fn new(lang: &str) -> Result<Words, LocaleError> {
        Words::in_folders(lang, &added())
    }

    /// The words of `lang` as the tool's own messages are said in them (`--lang`): made as `new`
    /// makes them, and refused when they lack one of the tool's messages (`check_messages`): a
    /// missing message is an error here, never a placeholder later. An error about them is said
    /// in `Words::none(lang)`.
    pub fn checked(lang: &str) -> Result<Words, LocaleError> {
        let words = Words::new(lang)?;
        check_messages(&words)?;
        Ok(words)
    }

    /// The embedded words of `lang`, made without saying anything, for `say` to fall back on
    /// while the words asked for are being made or after they were refused: they must not be
    /// made through `say`, which would recurse. Each file is parsed; the messages of a
    /// file with a syntax error that did parse are kept (Fluent's parser resumes at the next
    /// entry), and `whole` says whether every file parsed. `None` when `lang` has no embedded
    /// words or is not a language identifier.
    fn quiet(lang: &str) -> Option<(Words, bool)> {
        let (_, files) = shipped().iter().find(|(l, _)| *l == lang)?;
        let mut bundle = bundle_for(lang)?;
        let mut whole = true;
        let mut ids = Vec::new();
        for (_, text) in *files {
            let res = FluentResource::try_new(text.to_string()).unwrap_or_else(|(res, _)| {
                whole = false;
                res
            });
            ids.extend(res.entries().filter_map(|e| match e {
                fluent_syntax::ast::Entry::Message(m) => Some(m.id.name.to_string()),
                _ => None,
            }));
            bundle.add_resource_overriding(res);
        }
        ids.sort();
        ids.dedup();
        let words = Words {
            lang: lang.to_string(),
            bundle: Arc::new(bundle),
            ids: Arc::new(ids),
        };
        Some((words, whole))
    }

    /// Words that say nothing themselves: every message rendered in them is said by the fallbacks
    /// of `lang` (`say::Message::render`): its embedded words when they are whole, else the default
    /// language's. For errors said before the words of the language asked for are made, or after
    /// they were refused.
    pub fn none(lang: &str) -> Words {
        let bundle = bundle_for(lang)
            .or_else(|| bundle_for(DEFAULT))
            .unwrap_or_else(|| FluentBundle::new_concurrent(Vec::new()));
        Words {
            lang: lang.to_string(),
            bundle: Arc::new(bundle),
            ids: Arc::new(Vec::new()),
        }
    }

    /// The words of `lang` from the embedded files and those of `dirs` (as `--locales` adds
    /// them), checked as `new` checks them, without adding the folders to the registry.
    pub fn in_folders(lang: &str, dirs: &[PathBuf]) -> Result<Words, LocaleError> {
        let (bundle, ids) = bundle_of(lang, dirs)?;
        Ok(Words {
            lang: lang.to_string(),
            bundle: Arc::new(bundle),
            ids: Arc::new(ids),
        })
    }

    /// Every message id the words hold, with the variables arbiter gives it when they are known
    /// (the tool's own messages: `say::ALL`; the others: those the shipped languages use).
    pub fn messages(&self) -> Vec<(String, Option<Vec<String>>)> {
        self.ids
            .iter()
            .map(|id| {
                (
                    id.clone(),
                    check::given(id).map(|v| v.iter().cloned().collect()),
                )
            })
            .collect()
    }

    /// Whether the language has this message.
    pub fn has(&self, id: &str) -> bool {
        self.bundle.has_message(id)
    }

    /// The message `id` with its arguments; a missing message or a formatting error is an error.
    pub fn get(&self, id: &str, args: &[(&str, FluentValue)]) -> Result<String, String> {
        format(&self.bundle, &self.lang, id, args)
    }

    /// A message without arguments.
    pub fn text(&self, id: &str) -> Result<String, String> {
        self.get(id, &[])
    }

    /// The attribute `attr` of message `id` (`id.attr` in Fluent) with its arguments; `None`
    /// when the message has no such attribute (a formatting error is an error).
    pub fn attribute(
        &self,
        id: &str,
        attr: &str,
        args: &[(&str, FluentValue)],
    ) -> Option<Result<String, String>> {
        let pattern = self.bundle.get_message(id)?.get_attribute(attr)?.value();
        let mut fa = FluentArgs::new();
        for (k, v) in args {
            fa.set(*k, v.clone());
        }
        let mut errors = vec![];
        let said = self.bundle.format_pattern(pattern, Some(&fa), &mut errors);
        Some(match errors.first() {
            Some(e) => Err(format!("message `{id}.{attr}` in `{}`: {e:?}", self.lang)),
            None => Ok(said.into_owned()),
        })
    }
}

/// Every message of `say::ALL` is in `words` and formats with the variables the tool gives.
pub fn check_messages(words: &Words) -> Result<(), LocaleError> {
    let missing: Vec<&str> = say::ALL
        .iter()
        .filter(|(id, _)| !words.has(id))
        .map(|(id, _)| *id)
        .collect();
    if !missing.is_empty() {
        return Err(say::no_messages_in(&words.lang, missing.join(", ")).into());
    }
    for (id, vars) in say::ALL {
        let args: Vec<(&str, FluentValue)> =
            vars.iter().map(|v| (*v, FluentValue::from("1"))).collect();
        words.get(id, &args).map_err(say::Message::verbatim)?;
    }
    Ok(())
}

/// The embedded words of the default language (`DEFAULT`), as `say::Message`'s `Display` says
/// a message: for a library user who never chooses a language.
pub fn default_words() -> Words {
    Words::none(DEFAULT)
}

/// A message in the embedded words of the default language (`DEFAULT`, English), for a library
/// user who never chooses one; the edge that knows the reader's language uses `render`.
impl std::fmt::Display for say::Message {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.render(&default_words()))
    }
}

impl say::Message {
    /// The message in `words`: its variables first (a message among them in the same words),
    /// then its own pattern. When `words` cannot say it (a language whose words were refused,
    /// `Words::none`), the message is said by the first of `fallback_words` that has it: never
    /// through added files that may be what is wrong, and never through words whose making would
    /// say something (an error in the words of the language asked for is said with them). Should
    /// none have it, the message is shown as its id and its values, untranslated.
    pub fn render(&self, words: &Words) -> String {
        let args = self.fluent_args(&|m| m.render(words));
        if let Some(parts) = self.as_parts() {
            return (parts.iter().zip(&args))
                .map(|((_, part), (_, value))| match (part, value) {
                    (Arg::Text(t), _) => t.clone(),
                    (_, FluentValue::String(s)) => s.to_string(),
                    (_, FluentValue::Number(n)) => n.as_string().into_owned(),
                    _ => String::new(),
                })
                .collect();
        }
        words
            .get(self.id(), &args)
            .ok()
            .or_else(|| {
                fallback_words(&words.lang)
                    .iter()
                    .find_map(|w| w.get(self.id(), &args).ok())
            })
            .unwrap_or_else(|| untranslated(self.id(), &args))
    }
}

/// A message no words could say: its id, then its values as they are (a report stays legible:
/// its lines are not quoted into one).
fn untranslated(id: &str, args: &[(&str, FluentValue)]) -> String {
    let values: Vec<String> = args
        .iter()
        .map(|(k, v)| match v {
            FluentValue::String(s) => format!("{k}: {s}"),
            FluentValue::Number(n) => format!("{k}: {}", n.as_string()),
            _ => k.to_string(),
        })
        .collect();
    if values.is_empty() {
        id.to_string()
    } else {
        format!("{id}: {}", values.join("; "))
    }
}

/// The words a message is said in when the words it is rendered in cannot say it (`Words::none`,
/// or words that lack it), in the order they are tried: the embedded words of the language asked for when every file of them parses, then the
/// default language's (with the messages that parsed, should a file of them not), then the
/// messages of the language asked for that parsed. Each language's are made once (`quiet`).
fn fallback_words(asked: &str) -> Vec<Words> {
    let mut out = Vec::new();
    let mine = quiet_once(asked);
    if let Some((words, true)) = &mine {
        out.push(words.clone());
    }
    if asked != DEFAULT
        && let Some((words, _)) = quiet_once(DEFAULT)
    {
        out.push(words);
    }
    if let Some((words, false)) = mine {
        out.push(words);
    }
    out
}

/// `Words::quiet`, made once per language (the lock is not held while they are made).
fn quiet_once(lang: &str) -> Option<(Words, bool)> {
    type Made = HashMap<String, Option<(Words, bool)>>;
    static MADE: OnceLock<Mutex<Made>> = OnceLock::new();
    let made = MADE.get_or_init(|| Mutex::new(HashMap::new()));
    if let Some(words) = made.lock().ok().and_then(|m| m.get(lang).cloned()) {
        return words;
    }
    let words = Words::quiet(lang);
    if let Ok(mut m) = made.lock() {
        m.insert(lang.to_string(), words.clone());
    }
    words
}

/// An empty bundle for `lang` (plural rules and number formats of that language).
pub fn new_bundle(lang: &str) -> Result<FluentBundle<FluentResource>, LocaleError> {
    bundle_for(lang).ok_or_else(|| say::not_a_language(lang).into())
}

/// `new_bundle`, saying nothing: `None` when `lang` is not a language identifier.
fn bundle_for(lang: &str) -> Option<FluentBundle<FluentResource>> {
    let id = lang.parse().ok()?;
    let mut bundle = FluentBundle::new_concurrent(vec![id]);
    bundle.set_use_isolating(false);
    Some(bundle)
}

/// Add a Fluent source to a bundle; `overriding` lets it replace messages already there. A
/// syntax error is located in `name`.
pub fn add(
    bundle: &mut FluentBundle<FluentResource>,
    name: &str,
    text: String,
    overriding: bool,
) -> Result<(), LocaleError> {
    let res = check::parse(name, text)?;
    if overriding {
        bundle.add_resource_overriding(res);
        Ok(())
    } else {
        bundle
            .add_resource(res)
            .map_err(|errs| say::Message::verbatim(format!("{name}: {errs:?}")).into())
    }
}

/// Format message `id` of a bundle.
pub fn format(
    bundle: &FluentBundle<FluentResource>,
    lang: &str,
    id: &str,
    args: &[(&str, FluentValue)],
) -> Result<String, String> {
    let msg = bundle
        .get_message(id)
        .ok_or_else(|| format!("no message `{id}` in `{lang}`"))?;
    let pattern = msg
        .value()
        .ok_or_else(|| format!("message `{id}` in `{lang}` has no value"))?;
    let mut fa = FluentArgs::new();
    for (k, v) in args {
        fa.set(*k, v.clone());
    }
    let mut errors = vec![];
    let s = bundle.format_pattern(pattern, Some(&fa), &mut errors);
    if let Some(e) = errors.first() {
        return Err(format!("message `{id}` in `{lang}`: {e:?}"));
    }
    Ok(s.trim().to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// In a child process of a test (`in_child`), the embedded words in place of the shipped
    /// ones.
    pub(super) static REPLACED: OnceLock<Table> = OnceLock::new();

    /// Set in the child process `in_child` starts.
    const CHILD: &str = "ARBITER_LOCALE_TEST_CHILD";

    /// The shipped words with the file `file` of `lang` edited, to live as long as the process.
    fn edited(lang: &str, file: &str, edit: impl Fn(&str) -> String) -> Table {
        let table: Vec<(&'static str, &'static [(&'static str, &'static str)])> =
            embedded::EMBEDDED
                .iter()
                .map(|(l, files)| {
                    let files: Vec<(&'static str, &'static str)> = files
                        .iter()
                        .map(|(f, t)| {
                            let t: &'static str = if *l == lang && *f == file {
                                Box::leak(edit(t).into_boxed_str())
                            } else {
                                t
                            };
                            (*f, t)
                        })
                        .collect();
                    let files: &'static [(&'static str, &'static str)] = files.leak();
                    (*l, files)
                })
                .collect();
        table.leak()
    }

    /// The line `line` of `text` replaced by `by`.
    fn with_line(text: &str, line: &str, by: &str) -> String {
        assert!(text.lines().any(|l| l == line), "no line `{line}`");
        text.lines()
            .map(|l| if l == line { by } else { l })
            .collect::<Vec<_>>()
            .join("\n")
            + "\n"
    }

    /// The number (from 1) of the line of the shipped file `locales/lang/file` that begins with
    /// `start`.
    fn line_of(lang: &str, file: &str, start: &str) -> usize {
        let (_, files) = embedded::EMBEDDED.iter().find(|(l, _)| *l == lang).unwrap();
        let (_, text) = files.iter().find(|(f, _)| *f == file).unwrap();
        text.lines().position(|l| l.starts_with(start)).unwrap() + 1
    }

    /// The line of the shipped file that begins with `start`.
    fn shipped_line(lang: &str, file: &str, start: &str) -> String {
        let (_, files) = embedded::EMBEDDED.iter().find(|(l, _)| *l == lang).unwrap();
        let (_, text) = files.iter().find(|(f, _)| *f == file).unwrap();
        text.lines()
            .find(|l| l.starts_with(start))
            .unwrap()
            .to_string()
    }

    /// Runs the test `name` of this binary again in a child process, where it finds `CHILD` set
    /// to `case`; its standard output, or a failure when it does not end within a minute (a
    /// hang fails the test rather than blocking the suite) or ends otherwise than in success.
    fn in_child(name: &str, case: &str) -> String {
        let exe = std::env::current_exe().unwrap();
        let mut child = std::process::Command::new(exe)
            .args([name, "--exact", "--nocapture", "--test-threads=1"])
            .env(CHILD, case)
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
        let status = loop {
            if let Some(status) = child.try_wait().unwrap() {
                break status;
            }
            if std::time::Instant::now() > deadline {
                child.kill().unwrap();
                child.wait().unwrap();
                panic!("case `{case}`: still running after a minute (a hang)");
            }
            std::thread::sleep(std::time::Duration::from_millis(50));
        };
        let out = child.wait_with_output().unwrap();
        let (stdout, stderr) = (
            String::from_utf8_lossy(&out.stdout).into_owned(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        );
        assert!(
            status.success(),
            "case `{case}`: {status}\n{stdout}\n{stderr}"
        );
        stdout
    }

    /// What a run whose shipped words are broken says, as the command line's start does
    /// (`Words::checked`, then the error said as `error: ...` in `Words::none`), between
    /// markers.
    fn start(lang: &str) {
        let words = Words::none(lang);
        let said = match Words::checked(lang) {
            Ok(_) => "started".to_string(),
            Err(e) => say::error(e.render(&words)).render(&words),
        };
        println!("<<<{said}>>>");
    }

    /// What the child said between the markers.
    fn marked(stdout: &str) -> &str {
        let start = stdout.find("<<<").map_or(0, |i| i + 3);
        let end = stdout.rfind(">>>").unwrap_or(stdout.len());
        &stdout[start..end.max(start)]
    }

    const THIS: &str = "locale::tests::a_broken_shipped_file_is_an_error_said_at_once";

    /// A shipped Fluent file with an error (a syntax error, a missing message the tool says, a
    /// placeable naming nothing) is an error located in it and said at start, never a hang (the
    /// words an error is said in were once made by saying the error: a `OnceLock` waiting on
    /// itself, or a recursion without end). The places and texts below are derived from the
    /// edits by hand.
    #[test]
    fn a_broken_shipped_file_is_an_error_said_at_once() {
        if let Ok(case) = std::env::var(CHILD) {
            let table = match case.as_str() {
                // An unbalanced `}` at the end of the message the error is wrapped in.
                "en-syntax" => edited("en", "cli.ftl", |t| {
                    let line = shipped_line("en", "cli.ftl", "cli-error = ");
                    with_line(t, &line, &format!("{line}}}"))
                }),
                // In the message that says a syntax error itself: said in English.
                "ru-syntax" => edited("ru", "cli.ftl", |t| {
                    let line = shipped_line("ru", "cli.ftl", "locale-syntax = ");
                    let by = line.replace("Fluent: {", "Fluent: } {");
                    with_line(t, &line, &by)
                }),
                // A message the tool says, gone.
                "en-missing" => edited("en", "cli.ftl", |t| {
                    let line = shipped_line("en", "cli.ftl", "cli-generated-up-to-date = ");
                    with_line(t, &line, "")
                }),
                // A variable the message is never given.
                "en-variable" => edited("en", "cli.ftl", |t| {
                    let line = shipped_line("en", "cli.ftl", "cli-wrote = ");
                    with_line(t, &line, &line.replace("$path", "$pth"))
                }),
                // A term no file defines, in a message the renderer says.
                "ru-term" => edited("ru", "messages.ftl", |t| {
                    let line = shipped_line("ru", "messages.ftl", "no-clause = ");
                    with_line(t, &line, &format!("{line} {{ -no-such-term }}"))
                }),
                _ => panic!("no case `{case}`"),
            };
            REPLACED.set(table).unwrap();
            start(if case.starts_with("ru") { "ru" } else { "en" });
            return;
        }
        // The unbalanced brace: after the line's characters.
        let line = line_of("en", "cli.ftl", "cli-error = ");
        let col = shipped_line("en", "cli.ftl", "cli-error = ")
            .chars()
            .count()
            + 1;
        let out = in_child(THIS, "en-syntax");
        let got = marked(&out);
        // The message that wraps an error is the broken one: the report is shown untranslated.
        assert!(got.starts_with("cli-error: message: "), "{out}");
        assert!(
            got.contains(&format!(
                "locales/en/cli.ftl:{line}:{col}: not valid Fluent: this `}}` closes nothing"
            )),
            "{out}"
        );

        // `locale-syntax = это не Fluent: } { $kind ->`: the brace after 32 characters; said in
        // English, the Russian words being what is broken.
        let line = line_of("ru", "cli.ftl", "locale-syntax = ");
        let col = "locale-syntax = это не Fluent: ".chars().count() + 1;
        assert_eq!(col, 32);
        let out = in_child(THIS, "ru-syntax");
        let got = marked(&out);
        assert!(got.starts_with("error: "), "{out}");
        assert!(
            got.contains(&format!(
                "locales/ru/cli.ftl:{line}:{col}: not valid Fluent: this `}}` closes nothing"
            )),
            "{out}"
        );

        let out = in_child(THIS, "en-missing");
        assert_eq!(
            marked(&out),
            "error: the words of `en` lack messages arbiter says: cli-generated-up-to-date",
            "{out}"
        );

        let line = line_of("en", "cli.ftl", "cli-wrote = ");
        let col = shipped_line("en", "cli.ftl", "cli-wrote = ")
            .find("$path")
            .unwrap()
            + 1;
        let out = in_child(THIS, "en-variable");
        assert!(
            marked(&out).contains(&format!(
                "locales/en/cli.ftl:{line}:{col}: the message `cli-wrote` uses `$pth`, which arbiter never gives it (it gives: $path)"
            )),
            "{out}"
        );

        let line = line_of("ru", "messages.ftl", "no-clause = ");
        let col = shipped_line("ru", "messages.ftl", "no-clause = ")
            .chars()
            .count()
            + 4;
        let out = in_child(THIS, "ru-term");
        assert!(
            marked(&out).contains(&format!(
                "locales/ru/messages.ftl:{line}:{col}: сообщение `no-clause` ссылается на термин `-no-such-term`"
            )),
            "{out}"
        );
    }

    #[test]
    fn every_embedded_language_has_the_same_messages() {
        let langs = languages();
        assert!(langs.len() >= 2, "{langs:?}");
        let ids = |lang: &str| -> Vec<String> {
            let mut ids: Vec<String> = sources(lang)
                .unwrap()
                .iter()
                .flat_map(|(_, t)| {
                    t.lines()
                        .filter_map(|l| l.split_once(" =").map(|(id, _)| id.to_string()))
                        .filter(|id| !id.starts_with([' ', '#']) && !id.is_empty())
                        .collect::<Vec<_>>()
                })
                .collect();
            ids.sort();
            ids
        };
        let first = ids(DEFAULT);
        for l in &langs {
            assert_eq!(
                ids(l),
                first,
                "the messages of `{l}` differ from `{DEFAULT}`'s"
            );
        }
    }

    #[test]
    fn every_language_has_every_message_the_tool_says() {
        for l in languages() {
            check_messages(&Words::new(&l).unwrap()).unwrap();
        }
    }

    /// A message is a value: rendered in the words given, the messages it holds first, in the
    /// same words; `Display` in the default language's; a sorted list sorted as the words of
    /// the language it is said in; `Words::none` says it as the language's embedded words do.
    #[test]
    fn a_message_is_rendered_in_the_words_given() {
        let (en, ru) = (Words::new("en").unwrap(), Words::new("ru").unwrap());
        let m = say::error(say::file_error("x.pgn", say::io_not_found()));
        assert_eq!(m.id(), "cli-error");
        let (in_en, in_ru) = (m.render(&en), m.render(&ru));
        assert_ne!(in_en, in_ru);
        assert!(in_en.contains(&say::io_not_found().render(&en)), "{in_en}");
        assert!(in_ru.contains(&say::io_not_found().render(&ru)), "{in_ru}");
        assert!(in_ru.contains("x.pgn"), "{in_ru}");
        assert_eq!(m.to_string(), in_en);
        assert_eq!(m.render(&Words::none("ru")), in_ru);
        assert_eq!(m.render(&Words::none("xx-not-a-language")), in_en);

        let list = say::expected(say::Arg::Join {
            items: vec![say::syntax_then(), say::syntax_else(), say::syntax_then()],
            sep: ", ",
            sorted: true,
        });
        for w in [&en, &ru] {
            let mut names = [say::syntax_then().render(w), say::syntax_else().render(w)];
            names.sort();
            assert_eq!(list.render(w), say::expected(names.join(", ")).render(w));
        }
        assert_eq!(say::Message::verbatim("as it is").render(&ru), "as it is");
    }

    #[test]
    fn a_missing_message_is_an_error() {
        let w = Words::new(DEFAULT).unwrap();
        assert!(w.text("no-such-message").is_err());
        assert!(Words::new("xx").is_err());
    }
}
