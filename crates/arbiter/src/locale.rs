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
//! per message, said in the language of the run: `--lang`, given to `set_lang` once at start
//! (default `DEFAULT`). `set_lang` refuses a language that lacks one of them.

use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock, RwLock};

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};

mod check;
pub mod say;

mod embedded {
    include!(concat!(env!("OUT_DIR"), "/locales.rs"));
}

/// The language used when none is asked for.
pub const DEFAULT: &str = "en";

/// Folders of extra locales, set once from the command line (`--locales`).
fn extra_dirs() -> &'static RwLock<Vec<PathBuf>> {
    static DIRS: OnceLock<RwLock<Vec<PathBuf>>> = OnceLock::new();
    DIRS.get_or_init(|| RwLock::new(Vec::new()))
}

/// Add a folder of locales (`<dir>/<lang>/*.ftl`) for the rest of the run.
pub fn add_dir(dir: &Path) -> Result<(), String> {
    if !dir.is_dir() {
        return Err(say::not_a_locales_folder(dir.display().to_string()));
    }
    let mut dirs = extra_dirs()
        .write()
        .map_err(|_| "the locale registry is poisoned".to_string())?;
    dirs.push(dir.to_path_buf());
    Ok(())
}

/// Every language the tool speaks: the embedded ones and those of the added folders (each a
/// folder `<lang>/` in one of them; a link in its place is not followed).
pub fn languages() -> Vec<String> {
    let mut out: Vec<String> = embedded::EMBEDDED
        .iter()
        .map(|(l, _)| l.to_string())
        .collect();
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
fn read_sources(lang: &str, dirs: &[PathBuf]) -> Result<Vec<check::Source>, String> {
    let mut out: Vec<check::Source> = embedded::EMBEDDED
        .iter()
        .filter(|(l, _)| *l == lang)
        .flat_map(|(l, files)| {
            files.iter().map(move |(f, t)| check::Source {
                name: format!("locales/{l}/{f}"),
                text: Arc::from(*t),
                added: false,
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
                        return Err(say::unreadable(p.display().to_string(), &e));
                    }
                }
            }
            files.sort();
            if files.len() > MAX_FTL_FILES {
                return Err(say::locale_too_many_files(
                    dir.display().to_string(),
                    MAX_FTL_FILES,
                ));
            }
            for f in files {
                let name = f.display().to_string();
                let bytes = crate::files::read(&f, MAX_FTL_BYTES)
                    .map_err(|e| say::unreadable(name.as_str(), &e))?;
                let text = match String::from_utf8(bytes) {
                    Ok(t) => t,
                    Err(e) => {
                        let at = e.utf8_error().valid_up_to();
                        let bytes = e.into_bytes();
                        let text = String::from_utf8_lossy(&bytes);
                        let at = String::from_utf8_lossy(&bytes[..at]).len();
                        return Err(check::located(&name, &text, at, 1, &say::locale_not_utf8()));
                    }
                };
                out.push(check::Source {
                    name,
                    text: Arc::from(text),
                    added: true,
                });
            }
        }
    }
    if out.is_empty() {
        return Err(say::no_words_in(lang, languages().join(", ")));
    }
    Ok(out)
}

/// The Fluent sources of a language: `(name, text)`, the embedded files first, then the added
/// folders' (whose messages override).
pub fn sources(lang: &str) -> Result<Vec<(String, String)>, String> {
    Ok(read_sources(lang, &added())?
        .into_iter()
        .map(|s| (s.name, s.text.to_string()))
        .collect())
}

/// A bundle of a language's words: its sources parsed (a syntax error is located), their
/// references checked (`check::references`), later files overriding earlier ones.
pub fn bundle(lang: &str) -> Result<FluentBundle<FluentResource>, String> {
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
) -> Result<(FluentBundle<FluentResource>, Vec<String>), String> {
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
    pub fn new(lang: &str) -> Result<Words, String> {
        Words::in_folders(lang, &added())
    }

    /// The embedded words of `lang` alone, whatever `--locales` adds.
    fn embedded(lang: &str) -> Result<Words, String> {
        Words::in_folders(lang, &[])
    }

    /// The words of `lang` from the embedded files and those of `dirs` (as `--locales` adds
    /// them), checked as `new` checks them, without adding the folders to the registry.
    pub fn in_folders(lang: &str, dirs: &[PathBuf]) -> Result<Words, String> {
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
                    check::given(id).map(|v| v.into_iter().collect()),
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

/// The words the tool's own messages (the command line's, the diagnostics') are said in: the
/// language of `--lang`, set once at start (`set_lang`), else `DEFAULT`.
fn tool_words() -> &'static RwLock<Option<Words>> {
    static WORDS: OnceLock<RwLock<Option<Words>>> = OnceLock::new();
    WORDS.get_or_init(|| RwLock::new(None))
}

/// Say the tool's messages in `lang` for the rest of the run. The language must have every one
/// of them (`say::ALL`), with no variable the tool does not give: a missing message is an error
/// here, never a placeholder later.
pub fn set_lang(lang: &str) -> Result<(), String> {
    ask_lang(lang);
    let words = Words::new(lang)?;
    check_messages(&words)?;
    let mut w = tool_words()
        .write()
        .map_err(|_| "the locale registry is poisoned".to_string())?;
    *w = Some(words);
    Ok(())
}

/// Every message of `say::ALL` is in `words` and formats with the variables the tool gives.
pub fn check_messages(words: &Words) -> Result<(), String> {
    let missing: Vec<&str> = say::ALL
        .iter()
        .filter(|(id, _)| !words.has(id))
        .map(|(id, _)| *id)
        .collect();
    if !missing.is_empty() {
        return Err(say::no_messages_in(&words.lang, missing.join(", ")));
    }
    for (id, vars) in say::ALL {
        let args: Vec<(&str, FluentValue)> =
            vars.iter().map(|v| (*v, FluentValue::from("1"))).collect();
        words.get(id, &args)?;
    }
    Ok(())
}

/// The language `set_lang` was asked for, before its words were checked: the language an error
/// about them is said in (its embedded words, when it has some).
fn asked_lang() -> &'static RwLock<Option<String>> {
    static ASKED: OnceLock<RwLock<Option<String>>> = OnceLock::new();
    ASKED.get_or_init(|| RwLock::new(None))
}

/// One of the tool's messages in the language of the run. The embedded languages have every
/// message (a unit test formats each), and `set_lang` refuses a language that lacks one. Before
/// the language is set (or when its words were refused: an added folder with a broken file),
/// the message is said in the embedded words of the language asked for, else of `DEFAULT`:
/// never through the added files that may be what is wrong.
pub(crate) fn say(id: &str, args: &[(&str, FluentValue)]) -> String {
    let said = match tool_words().read() {
        Ok(w) => match w.as_ref() {
            Some(words) => words.get(id, args),
            None => fallback_words().and_then(|words| words.get(id, args)),
        },
        Err(_) => Err(String::new()),
    };
    said.unwrap_or_else(|_| {
        let args: Vec<String> = args.iter().map(|(k, v)| format!("{k}={v:?}")).collect();
        format!("{id}({})", args.join(", "))
    })
}

/// The embedded words of the language asked for, else of `DEFAULT`, each made once.
fn fallback_words() -> Result<Words, String> {
    static ASKED: OnceLock<RwLock<Option<Words>>> = OnceLock::new();
    static WORDS: OnceLock<Result<Words, String>> = OnceLock::new();
    let lang = asked_lang().read().ok().and_then(|l| l.clone());
    if let Some(lang) =
        lang.filter(|l| l != DEFAULT && embedded::EMBEDDED.iter().any(|(e, _)| e == l))
    {
        let cell = ASKED.get_or_init(|| RwLock::new(None));
        if let Ok(w) = cell.read()
            && let Some(w) = w.as_ref().filter(|w| w.lang == lang)
        {
            return Ok(w.clone());
        }
        let words = Words::embedded(&lang)?;
        if let Ok(mut w) = cell.write() {
            *w = Some(words.clone());
        }
        return Ok(words);
    }
    // Making them cannot call `say` (an error of `sources` would): the default is embedded.
    if !embedded::EMBEDDED.iter().any(|(l, _)| *l == DEFAULT) {
        return Err(String::new());
    }
    WORDS.get_or_init(|| Words::embedded(DEFAULT)).clone()
}

/// Say the tool's messages in `lang`'s embedded words until `set_lang` sets it (errors found
/// before that, in `--locales` folders, are said in the language asked for).
pub fn ask_lang(lang: &str) {
    if let Ok(mut asked) = asked_lang().write() {
        *asked = Some(lang.to_string());
    }
}

/// An empty bundle for `lang` (plural rules and number formats of that language).
pub fn new_bundle(lang: &str) -> Result<FluentBundle<FluentResource>, String> {
    let id = lang.parse().map_err(|_| say::not_a_language(lang))?;
    let mut bundle = FluentBundle::new_concurrent(vec![id]);
    bundle.set_use_isolating(false);
    Ok(bundle)
}

/// Add a Fluent source to a bundle; `overriding` lets it replace messages already there. A
/// syntax error is located in `name`.
pub fn add(
    bundle: &mut FluentBundle<FluentResource>,
    name: &str,
    text: String,
    overriding: bool,
) -> Result<(), String> {
    let res = check::parse(name, text)?;
    if overriding {
        bundle.add_resource_overriding(res);
        Ok(())
    } else {
        bundle
            .add_resource(res)
            .map_err(|errs| format!("{name}: {errs:?}"))
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

    #[test]
    fn a_missing_message_is_an_error() {
        let w = Words::new(DEFAULT).unwrap();
        assert!(w.text("no-such-message").is_err());
        assert!(Words::new("xx").is_err());
    }
}
