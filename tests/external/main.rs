//! The tests that need something outside the repository: the pinned third-party libraries of the
//! certifications (`conformance/certify --install`), Chromium and playwright-core
//! (`tests/browser/install.sh`), Java and PySpark (`examples/spark/install.sh`), and the game
//! corpus and law sources of `../shared/`. `.ci/run` installs them all.
//!
//! A test whose tool or data is missing does not pass: libtest-mimic reports it `ignored` with
//! its reason, the summary counts it, and a list of every test skipped and why closes the run.
//! When `CI` is set, a missing tool or data fails the test instead. `cargo test --test external
//! -- --list` lists the tests; `cargo test --test external certify` runs one module.

// A test crate: it may unwrap (the workspace denies it elsewhere). Without libtest's harness it
// is not compiled with `cfg(test)`, so clippy's `allow-unwrap-in-tests` does not reach it.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::sync::Mutex;

use libtest_mimic::{Arguments, Completion, Failed, Trial};

#[path = "../it/common.rs"]
#[allow(dead_code)]
mod common;

mod browser;
mod certify;
mod corpus;
mod sources;
mod spark;

/// What a test of this binary returns: completed, ignored with a reason, or failed.
pub type Ran = Result<Completion, Failed>;

/// The test ran to its end.
pub fn done() -> Ran {
    Ok(Completion::Completed)
}

/// The test cannot run here, for the reason `why` (what is missing and how to get it): ignored,
/// or, in CI, failed.
pub fn skip(why: impl Into<String>) -> Ran {
    let why = why.into();
    if std::env::var_os("CI").is_some() {
        return Err(format!("cannot run in CI: {why}").into());
    }
    Ok(Completion::ignored_with(why))
}

/// Every test ignored in this run, with its reason, for the list that closes it.
static SKIPPED: Mutex<Vec<(&'static str, String)>> = Mutex::new(Vec::new());

fn trial(name: &'static str, test: fn() -> Ran) -> Trial {
    Trial::ignorable_test(name, move || {
        let ran = test();
        if let Ok(Completion::Ignored { reason }) = &ran {
            let why = reason.clone().unwrap_or_default();
            SKIPPED
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .push((name, why));
        }
        ran
    })
}

/// `module::test` as a trial named after it.
macro_rules! trials {
    ($($module:ident :: $test:ident),* $(,)?) => {
        vec![$(trial(concat!(stringify!($module), "::", stringify!($test)), $module::$test)),*]
    };
}

fn main() {
    let args = Arguments::from_args();
    let trials = trials![
        certify::arbiter_report_is_fresh_through_the_certify_script,
        certify::certify_builds_the_rust_adapters_where_the_tests_look,
        certify::python_chess_report_is_fresh_and_explained,
        certify::chess_js_report_is_fresh_and_explained,
        certify::chess_crate_report_is_fresh_and_explained,
        certify::esca_report_is_fresh_and_explained,
        certify::chessops_report_is_fresh_and_explained,
        certify::pydraughts_report_is_fresh_and_explained,
        certify::py_draughts_report_is_fresh_and_explained,
        certify::every_adapter_has_its_report,
        certify::the_readme_table_matches_the_reports,
        browser::the_site_works_in_chromium,
        spark::the_spark_recipe_gives_arbiters_verdicts,
        corpus::pgnmentor_all_games_agree_with_python_chess,
        corpus::lichess_draws_agree,
        corpus::lichess_time_controls_and_clocks_read,
        corpus::lichess_time_forfeits_match_the_platform_with_inferred_flags,
        corpus::the_fivefold_repetition_the_record_played_on_is_a_changed_result,
        corpus::diff_finds_the_resignations_against_a_lone_king,
        sources::english_texts_of_2023_are_the_official_ones_verbatim,
    ];
    let conclusion = libtest_mimic::run(&args, trials);
    let skipped = SKIPPED.lock().unwrap_or_else(|e| e.into_inner());
    if !skipped.is_empty() {
        println!(
            "{} test(s) of tests/external skipped, each for something missing on this machine \
             (`.ci/run` installs all of it; in CI a missing tool fails):",
            skipped.len()
        );
        for (name, why) in skipped.iter() {
            println!("  {name}: {why}");
        }
        println!();
    }
    conclusion.exit();
}
