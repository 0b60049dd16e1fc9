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

/// Every language the tool speaks: the embedded ones and those of the added folders.
pub fn languages() -> Vec<String> {
    let mut out: Vec<String> = embedded::EMBEDDED
        .iter()
        .map(|(l, _)| l.to_string())
        .collect();
    if let Ok(dirs) = extra_dirs().read() {
        for d in dirs.iter() {
            for e in std::fs::read_dir(d).into_iter().flatten().flatten() {
                let p = e.path();
                if let Some(l) = p.file_name().and_then(|n| n.to_str())
                    && p.is_dir()
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

/// The Fluent sources of a language: `(name, text)`, the embedded files first, then the added
/// folders' (whose messages override).
pub fn sources(lang: &str) -> Result<Vec<(String, String)>, String> {
    let mut out: Vec<(String, String)> = embedded::EMBEDDED
        .iter()
        .filter(|(l, _)| *l == lang)
        .flat_map(|(l, files)| {
            files
                .iter()
                .map(move |(f, t)| (format!("locales/{l}/{f}"), t.to_string()))
        })
        .collect();
    if let Ok(dirs) = extra_dirs().read() {
        for d in dirs.iter() {
            let dir = d.join(lang);
            let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
                .into_iter()
                .flatten()
                .flatten()
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|x| x == "ftl"))
                .collect();
            files.sort();
            for f in files {
                let text =
                    std::fs::read_to_string(&f).map_err(|e| format!("{}: {e}", f.display()))?;
                out.push((f.display().to_string(), text));
            }
        }
    }
    if out.is_empty() {
        return Err(say::no_words_in(lang, languages().join(", ")));
    }
    Ok(out)
}

/// The tool's words in one language.
#[derive(Clone)]
pub struct Words {
    pub lang: String,
    bundle: Arc<FluentBundle<FluentResource>>,
}

impl Words {
    /// The words of `lang`; every Fluent error (a syntax error, a message defined twice within
    /// one file set) is an error naming the file.
    pub fn new(lang: &str) -> Result<Words, String> {
        let mut bundle = new_bundle(lang)?;
        for (name, text) in sources(lang)? {
            add(&mut bundle, &name, text, true)?;
        }
        Ok(Words {
            lang: lang.to_string(),
            bundle: Arc::new(bundle),
        })
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

/// One of the tool's messages in the language of the run. The embedded languages have every
/// message (a unit test formats each), and `set_lang` refuses a language that lacks one, so the
/// fallback here (the message id and its arguments) is not reached.
pub(crate) fn say(id: &str, args: &[(&str, FluentValue)]) -> String {
    let said = match tool_words().read() {
        Ok(w) => match w.as_ref() {
            Some(words) => words.get(id, args),
            None => default_words().and_then(|words| words.get(id, args)),
        },
        Err(_) => Err(String::new()),
    };
    said.unwrap_or_else(|_| {
        let args: Vec<String> = args.iter().map(|(k, v)| format!("{k}={v:?}")).collect();
        format!("{id}({})", args.join(", "))
    })
}

/// The embedded words of `DEFAULT`, made once.
fn default_words() -> Result<&'static Words, String> {
    static WORDS: OnceLock<Result<Words, String>> = OnceLock::new();
    // Making them cannot call `say` (an error of `sources` would): the default is embedded.
    if !embedded::EMBEDDED.iter().any(|(l, _)| *l == DEFAULT) {
        return Err(String::new());
    }
    WORDS
        .get_or_init(|| Words::new(DEFAULT))
        .as_ref()
        .map_err(Clone::clone)
}

/// An empty bundle for `lang` (plural rules and number formats of that language).
pub fn new_bundle(lang: &str) -> Result<FluentBundle<FluentResource>, String> {
    let id = lang.parse().map_err(|_| say::not_a_language(lang))?;
    let mut bundle = FluentBundle::new_concurrent(vec![id]);
    bundle.set_use_isolating(false);
    Ok(bundle)
}

/// Add a Fluent source to a bundle; `overriding` lets it replace messages already there.
pub fn add(
    bundle: &mut FluentBundle<FluentResource>,
    name: &str,
    text: String,
    overriding: bool,
) -> Result<(), String> {
    let res = FluentResource::try_new(text).map_err(|(_, errs)| {
        let first = errs.first().map(|e| format!("{e:?}")).unwrap_or_default();
        format!("{name}: not valid Fluent: {first}")
    })?;
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
