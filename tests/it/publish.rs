//! `arbiter publish`: the static site of the rulebooks, scenarios and certification reports.
//! Every page is in both languages, every internal link resolves (file and anchor), nothing is
//! fetched from outside, and untrusted text is escaped.

use crate::common::*;

use std::collections::HashMap;
use std::path::{Path, PathBuf};

fn publish(out: &Path, conformance: Option<&Path>) -> String {
    let out_s = out.to_string_lossy().into_owned();
    let mut args = vec!["publish", "--out", out_s.as_str()];
    let conf;
    if let Some(c) = conformance {
        conf = c.to_string_lossy().into_owned();
        args.extend(["--conformance", conf.as_str()]);
    }
    let run = arbiter(&args, None);
    assert_eq!(run.status.code(), Some(0), "{}", text(&run.stderr));
    text(&run.stdout)
}

fn html_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).expect("folder").flatten() {
        let p = e.path();
        if p.is_dir() {
            html_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "html") {
            out.push(p);
        }
    }
}

/// The values of `attr="..."` in a page, entities decoded (minijinja escapes `/` as `&#x2f;`).
fn attrs(html: &str, attr: &str) -> Vec<String> {
    let needle = format!("{attr}=\"");
    let mut out = Vec::new();
    let mut rest = html;
    while let Some(i) = rest.find(&needle) {
        rest = &rest[i + needle.len()..];
        let end = rest.find('"').expect("closing quote");
        out.push(
            rest[..end]
                .replace("&#x2f;", "/")
                .replace("&#x27;", "'")
                .replace("&quot;", "\"")
                .replace("&lt;", "<")
                .replace("&gt;", ">")
                .replace("&amp;", "&"),
        );
        rest = &rest[end..];
    }
    out
}

fn read(p: &Path, cache: &mut HashMap<PathBuf, String>) -> Option<String> {
    if let Some(t) = cache.get(p) {
        return Some(t.clone());
    }
    let t = std::fs::read_to_string(p).ok()?;
    cache.insert(p.to_path_buf(), t.clone());
    Some(t)
}

/// Every `href` of every page resolves to a file of the site (and its anchor to an `id` in
/// it); no `href` or `src` leaves the site.
fn check_links(site: &Path) -> usize {
    let mut files = Vec::new();
    html_files(site, &mut files);
    let mut cache = HashMap::new();
    let mut links = 0;
    for f in &files {
        let html = read(f, &mut cache).expect("page");
        for a in ["src", "href"] {
            for v in attrs(&html, a) {
                assert!(
                    !v.contains("://") && !v.starts_with("//"),
                    "{}: {a}={v} leaves the site",
                    f.display()
                );
            }
        }
        for href in attrs(&html, "href") {
            links += 1;
            let (file, anchor) = match href.split_once('#') {
                Some((file, anchor)) => (file, Some(anchor)),
                None => (href.as_str(), None),
            };
            let target = if file.is_empty() {
                f.clone()
            } else {
                f.parent().expect("parent").join(file)
            };
            let Some(page) = read(&target, &mut cache) else {
                panic!("{}: href={href}: no such file", f.display());
            };
            if let Some(anchor) = anchor {
                assert!(
                    page.contains(&format!("id=\"{anchor}\"")),
                    "{}: href={href}: no id `{anchor}` there",
                    f.display()
                );
            }
        }
    }
    links
}

#[test]
fn publish_writes_every_page_in_both_languages_and_every_link_resolves() {
    let site = scratch("publish-site");
    let said = publish(&site, None);
    assert!(said.contains("pages"), "{said}");
    assert!(site.join("index.html").is_file());
    for lang in ["en", "ru"] {
        for page in [
            "index.html".to_string(),
            "matrix.html".to_string(),
            "rulebook/fide-2023.html".to_string(),
            "scenario/fide-2023--fifty--black-intended-move-9-3-1-after-white-premature.html"
                .to_string(),
            "implementation/chess.js.html".to_string(),
            "feature/fifty-claim.html".to_string(),
            "changes/fide-2018--fide-2023.html".to_string(),
        ] {
            let p = site.join(lang).join(&page);
            let html = std::fs::read_to_string(&p).unwrap_or_else(|_| panic!("{}", p.display()));
            assert!(html.contains(&format!("<html lang=\"{lang}\">")), "{page}");
            assert!(html.contains("<meta name=\"viewport\""), "{page}");
            let other = if lang == "en" { "ru" } else { "en" };
            assert!(
                attrs(&html, "href")
                    .iter()
                    .any(|h| h.ends_with(&format!("{other}/{page}"))),
                "{lang}/{page}: no link to its {other} version"
            );
        }
    }
    // Every embedded rulebook, in the index and with its page; one compiled on each edition
    // of the FIDE Laws, a page per edition.
    let index = std::fs::read_to_string(site.join("en/index.html")).expect("index");
    for name in arbiter::embedded_names() {
        let editions = arbiter::load_irs(name).expect("rulebook");
        for ir in editions {
            let (page, label) = match (&ir.edition, ir.per_edition) {
                (Some(e), true) => (format!("{name}--{}", e.id), format!("{name} ({})", e.id)),
                _ => (name.to_string(), name.to_string()),
            };
            assert!(
                site.join(format!("ru/rulebook/{page}.html")).is_file(),
                "{page}"
            );
            assert!(index.contains(&format!(">{label}</a>")), "{label}");
        }
    }
    // The club's regulation over each edition names the edition and links to the other one.
    let club =
        std::fs::read_to_string(site.join("en/rulebook/club--fide-2018.html")).expect("club");
    assert!(
        club.contains("fide-2018</a>, in force from 2018-01-01"),
        "club on 2018"
    );
    assert!(
        club.contains("club--fide-2023.html\">club (fide-2023)</a>"),
        "club on 2018"
    );
    // A clause: its texts side by side with their standing, its rule in words, its scenarios.
    let ru = std::fs::read_to_string(site.join("ru/rulebook/fide-2023.html")).expect("page");
    let at = ru.find("id=\"c-5-1-1\"").expect("5.1.1");
    let clause = &ru[at..at + ru[at..].find("</section>").expect("end")];
    assert!(clause.contains("English: Официальный текст."), "{clause}");
    assert!(clause.contains("поставлен мат"), "{clause}");
    assert!(clause.contains("scenario&#x2f;fide-2023--"), "{clause}");
    // A page per feature: its words, each implementation's counts, its scenarios; linked from
    // the index and from the scenarios that need it.
    for f in arbiter_conformance::features::FEATURES {
        assert!(site.join(format!("ru/feature/{f}.html")).is_file(), "{f}");
        assert!(
            index.contains(&format!("href=\"feature&#x2f;{f}.html\"")),
            "{f}"
        );
    }
    let feature = std::fs::read_to_string(site.join("ru/feature/fifty-claim.html")).expect("page");
    assert!(feature.contains("правилу 50 ходов"), "{feature}");
    assert!(feature.contains(">chess.js</a>"), "{feature}");
    assert!(
        feature.contains("scenario&#x2f;fide-2023--fifty--black-intended-move"),
        "{feature}"
    );
    let scenario = std::fs::read_to_string(site.join(
        "en/scenario/fide-2023--fifty--black-intended-move-9-3-1-after-white-premature.html",
    ))
    .expect("page");
    assert!(
        scenario.contains("feature&#x2f;fifty-claim.html"),
        "{scenario}"
    );
    // An overlay's clause lists the base's scenarios it inherits, linking to the base's pages.
    let at = ru.find("id=\"c-9-6-1\"").expect("9.6.1");
    let clause = &ru[at..at + ru[at..].find("</section>").expect("end")];
    assert!(clause.contains("Унаследованные сценарии"), "{clause}");
    assert!(
        clause.contains("href=\"../scenario&#x2f;fide-2018--")
            && clause.contains(">fide-2023&#x2f;fide-2018&#x2f;"),
        "{clause}"
    );
    // The changes from 2018 to 2023, linked from the index: 5.1.2's rules, A.3 added, 9.2's
    // renumbering, the suite's resignations against a bare king, each linked to its scenario.
    assert!(index.contains("href=\"changes&#x2f;fide-2018--fide-2023.html\""));
    for (lang, added, renumbered, ended) in [
        ("en", "added", "renumbered", "1&#x2f;2-1&#x2f;2 under 5.1.2"),
        (
            "ru",
            "добавлена",
            "перенумерована",
            "1&#x2f;2-1&#x2f;2 по статье 5.1.2",
        ),
    ] {
        let page =
            std::fs::read_to_string(site.join(lang).join("changes/fide-2018--fide-2023.html"))
                .expect("the change page");
        let row = |id: &str| {
            let at = page
                .find(&format!("id=\"{id}\""))
                .unwrap_or_else(|| panic!("{id}"));
            page[at..at + page[at..].find("</tr>").expect("end")].to_string()
        };
        assert!(row("c-A-3").contains(added), "{}", row("c-A-3"));
        assert!(
            row("c-9-2").contains(renumbered) && row("c-9-2").contains(">9.2.1</a>"),
            "{}",
            row("c-9-2")
        );
        assert!(
            row("c-5-1-2").contains("can_checkmate"),
            "{}",
            row("c-5-1-2")
        );
        assert!(page.contains(ended), "{page}");
        assert!(
            page.contains("scenario&#x2f;fide--editions--resigns-against-bare-king"),
            "{page}"
        );
    }
    assert!(check_links(&site) > 1000);
}

#[test]
fn publish_escapes_untrusted_text() {
    // A suite of one scenario whose description and report hold markup.
    let dir = scratch("publish-escape");
    let conf = dir.join("conformance");
    let src = root().join("conformance/fide-2023/fifty");
    let first = std::fs::read_dir(&src)
        .expect("folder")
        .flatten()
        .map(|e| e.path())
        .find(|p| p.extension().is_some_and(|x| x == "pgn"))
        .expect("a scenario");
    let pgn = std::fs::read_to_string(&first).expect("scenario");
    let at = pgn.find("[Description \"").expect("Description") + "[Description \"".len();
    let evil = format!("{}<script>alert(1)</script> & {}", &pgn[..at], &pgn[at..]);
    std::fs::create_dir_all(conf.join("fide-2023/x")).expect("dir");
    std::fs::write(conf.join("fide-2023/x/evil.pgn"), evil).expect("write");
    std::fs::create_dir_all(conf.join("reports")).expect("dir");
    std::fs::write(
        conf.join("reports/bad.jsonl"),
        "{\"id\":\"fide-2023/x/evil.pgn\",\"clauses\":[\"9.3.1\"],\"outcome\":\"failed\",\"details\":[\"<img src=x>\"]}\n",
    )
    .expect("write");
    let site = dir.join("site");
    publish(&site, Some(&conf));
    let page = std::fs::read_to_string(site.join("en/scenario/fide-2023--x--evil.html"))
        .expect("scenario page");
    assert!(!page.contains("<script>"), "{page}");
    assert!(
        page.contains("&lt;script&gt;alert(1)&lt;&#x2f;script&gt; &amp; "),
        "{page}"
    );
    let report = std::fs::read_to_string(site.join("ru/implementation/bad.html")).expect("report");
    assert!(
        !report.contains("<img") && report.contains("&lt;img src=x&gt;"),
        "{report}"
    );
    check_links(&site);
}

#[test]
fn publish_shows_russian_texts_on_russian_pages_and_implementations_never_see_them() {
    // Two scenarios: one with `DescriptionRu` and `DerivationRu`, one without.
    let dir = scratch("publish-ru-texts");
    let conf = dir.join("conformance");
    let src = root().join("conformance/fide-2023/fifty");
    let first = std::fs::read_dir(&src)
        .expect("folder")
        .flatten()
        .map(|e| e.path())
        .find(|p| p.extension().is_some_and(|x| x == "pgn"))
        .expect("a scenario");
    // Without the suite's own Russian texts: the scenarios here give them or not.
    let pgn: String = std::fs::read_to_string(&first)
        .expect("scenario")
        .lines()
        .filter(|l| !l.starts_with("[DescriptionRu ") && !l.starts_with("[DerivationRu "))
        .map(|l| format!("{l}\n"))
        .collect();
    let at = pgn.find("[Description \"").expect("Description");
    let translated = format!(
        "{}[DescriptionRu \"Описание по-русски\"]\n[DerivationRu \"Вывод по-русски\"]\n{}",
        &pgn[..at],
        &pgn[at..]
    );
    std::fs::create_dir_all(conf.join("fide-2023/x")).expect("dir");
    std::fs::write(conf.join("fide-2023/x/ru.pgn"), &translated).expect("write");
    std::fs::write(conf.join("fide-2023/x/en.pgn"), &pgn).expect("write");

    // The request an implementation gets holds neither translation.
    let s =
        arbiter_conformance::Scenario::load("fide-2023/x/ru.pgn", &conf.join("fide-2023/x/ru.pgn"))
            .expect("the scenario loads");
    assert_eq!(s.text("Description", "ru"), Some("Описание по-русски"));
    let request = s.request().expect("request");
    for t in [
        "DescriptionRu",
        "DerivationRu",
        "Description",
        "Derivation",
        "по-русски",
    ] {
        assert!(!request.pgn.contains(t), "{t} in {}", request.pgn);
    }

    let site = dir.join("site");
    publish(&site, Some(&conf));
    let english = pgn[at + "[Description \"".len()..]
        .split('"')
        .next()
        .expect("description")
        .replace('\'', "&#x27;");
    let ru = std::fs::read_to_string(site.join("ru/scenario/fide-2023--x--ru.html")).expect("page");
    assert!(
        ru.contains("<p lang=\"ru\">Описание по-русски</p>")
            && ru.contains("<p lang=\"ru\">Вывод по-русски</p>")
            && !ru.contains("ещё не переведён"),
        "{ru}"
    );
    let en = std::fs::read_to_string(site.join("en/scenario/fide-2023--x--ru.html")).expect("page");
    assert!(
        !en.contains("по-русски") && en.contains(&format!("<p lang=\"en\">{english}</p>")),
        "{en}"
    );
    // Without a translation the Russian page gives the English text and says so, in Russian.
    let ru = std::fs::read_to_string(site.join("ru/scenario/fide-2023--x--en.html")).expect("page");
    assert!(
        ru.contains(&format!("<p lang=\"en\">{english}</p>"))
            && ru
                .matches("Этот текст ещё не переведён и приводится на английском.")
                .count()
                == 2,
        "{ru}"
    );
    let en = std::fs::read_to_string(site.join("en/scenario/fide-2023--x--en.html")).expect("page");
    assert!(!en.contains("translated"), "{en}");
    check_links(&site);
}
