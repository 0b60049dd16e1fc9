//! The published site in a real browser: `arbiter publish` into a scratch folder, then
//! tests/browser/check.mjs loads every page in headless Chromium (Debian's /usr/bin/chromium,
//! driven by playwright-core pinned in tests/browser/package-lock.json): no console or page
//! error, nothing fetched from outside, every internal link and anchor resolves, no page scrolls
//! sideways on a 390px phone, the language switch lands on the same page in the other language.
//! Its screenshots (the clause 9.2 of fide-2023, a scenario, the results matrix, a feature and
//! the changes from 2018 to 2023, rendered with its clauses and scenarios, in each language,
//! desktop and phone) are kept in target/browser-artifacts/.
//!
//! Needs node, Chromium and tests/browser/node_modules (`.ci/run` installs them through
//! tests/browser/install.sh). Without them the test is ignored with the reason, except when `CI`
//! is set: then it fails.

use std::path::PathBuf;
use std::process::Command;

use crate::common::{arbiter, root, scratch, text};
use crate::{Ran, done, skip};

fn chromium() -> PathBuf {
    std::env::var_os("ARBITER_CHROMIUM").map_or_else(|| "/usr/bin/chromium".into(), PathBuf::from)
}

/// Why the browser test cannot run here, if it cannot.
fn missing() -> Option<String> {
    let chromium = chromium();
    if !chromium.is_file() {
        return Some(format!(
            "no Chromium at {} (`apt-get install chromium`, or tests/browser/install.sh)",
            chromium.display()
        ));
    }
    if !Command::new("node")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
    {
        return Some("no node (`apt-get install nodejs npm`)".into());
    }
    if !root()
        .join("tests/browser/node_modules/playwright-core/package.json")
        .is_file()
    {
        return Some(
            "no playwright-core in tests/browser/node_modules (run tests/browser/install.sh)"
                .into(),
        );
    }
    None
}

pub fn the_site_works_in_chromium() -> Ran {
    if let Some(why) = missing() {
        return skip(format!(
            "{why}: the published site is not checked in a browser"
        ));
    }
    let site = scratch("browser-site");
    let out = site.to_string_lossy().into_owned();
    let run = arbiter(&["publish", "--out", out.as_str()], None);
    assert_eq!(run.status.code(), Some(0), "{}", text(&run.stderr));

    let artefacts = root().join("target/browser-artifacts");
    let _ = std::fs::remove_dir_all(&artefacts);
    let check = Command::new("node")
        .arg(root().join("tests/browser/check.mjs"))
        .arg(&site)
        .arg(&artefacts)
        .env("ARBITER_CHROMIUM", chromium())
        .output()
        .expect("run node");
    let said = format!("{}{}", text(&check.stdout), text(&check.stderr));
    assert!(check.status.success(), "tests/browser/check.mjs:\n{said}");
    eprintln!("{said}");

    let mut shots = Vec::new();
    for lang in ["en", "ru"] {
        for page in ["clause", "scenario", "matrix", "feature", "changes"] {
            for device in ["desktop", "phone"] {
                let png = artefacts.join(format!("{page}-{lang}-{device}.png"));
                let bytes = std::fs::read(&png)
                    .unwrap_or_else(|_| panic!("no screenshot {}", png.display()));
                assert!(
                    bytes.starts_with(b"\x89PNG") && bytes.len() > 10_000,
                    "{}: not a screenshot of a page",
                    png.display()
                );
                shots.push(png);
            }
        }
    }
    eprintln!(
        "browser: {} screenshots kept in {}",
        shots.len(),
        artefacts.display()
    );
    done()
}
