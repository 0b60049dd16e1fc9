//! The rulebook's JSON Schemas (`schema/`): derived from the loader's own types, committed
//! fresh, named by every shipped YAML file's first line, and every shipped rulebook valid
//! against them; a broken field fails with its path.

use serde_json::Value;

use crate::common::{arbiter, root, text};

fn yaml(s: &str) -> Value {
    serde_saphyr::from_str::<Value>(s).expect("YAML")
}

fn schema(name: &str) -> jsonschema::Validator {
    let s: Value = serde_json::from_str(
        &std::fs::read_to_string(root().join("schema").join(name)).expect("schema"),
    )
    .expect("JSON");
    jsonschema::validator_for(&s).expect("a valid schema")
}

#[test]
fn the_committed_schemas_are_fresh() {
    for (name, text) in arbiter::rulebook::model::schemas() {
        let committed =
            std::fs::read_to_string(root().join("schema").join(name)).unwrap_or_default();
        assert!(
            committed == text,
            "schema/{name} is stale: run `cargo run --release -- schema`"
        );
    }
    let out = arbiter(&["schema", "--check"], None);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
}

#[test]
fn every_shipped_rulebook_names_its_schema_and_is_valid() {
    let (book, clauses) = (
        schema("rulebook.schema.json"),
        schema("clauses.schema.json"),
    );
    let mut n = 0;
    for dir in std::fs::read_dir(root().join("rules")).unwrap() {
        let dir = dir.unwrap().path();
        for f in std::fs::read_dir(&dir).unwrap() {
            let f = f.unwrap().path();
            if f.extension().is_none_or(|x| x != "yaml") {
                continue;
            }
            let src = std::fs::read_to_string(&f).unwrap();
            let is_book = f.file_name().is_some_and(|n| n == "rulebook.yaml");
            let want = match is_book {
                true => "# yaml-language-server: $schema=../../schema/rulebook.schema.json",
                false => "# yaml-language-server: $schema=../../schema/clauses.schema.json",
            };
            assert_eq!(src.lines().next(), Some(want), "{}", f.display());
            let v = yaml(&src);
            let validator = if is_book { &book } else { &clauses };
            let errors: Vec<String> = validator
                .iter_errors(&v)
                .map(|e| format!("{}: {e}", e.instance_path()))
                .collect();
            assert!(errors.is_empty(), "{}: {errors:?}", f.display());
            n += 1;
        }
    }
    assert!(n >= 20, "{n} files");
}

#[test]
fn a_broken_field_fails_with_its_path() {
    let clauses = schema("clauses.schema.json");
    let src = std::fs::read_to_string(root().join("rules/fide-2018/article9.yaml")).unwrap();
    // A typo in a field's name (the loader's deny_unknown_fields), and a field of the wrong type.
    let typo = yaml(&src.replacen("    exception_to:", "    exception_too:", 1));
    let paths: Vec<String> = clauses
        .iter_errors(&typo)
        .map(|e| e.instance_path().to_string())
        .collect();
    assert!(
        paths.iter().any(|p| p.starts_with("/clauses/")),
        "{paths:?}"
    );
    let mut v = yaml(&src);
    v["clauses"][3]["effects"] = Value::from(7);
    let paths: Vec<String> = clauses
        .iter_errors(&v)
        .map(|e| e.instance_path().to_string())
        .collect();
    assert_eq!(paths, ["/clauses/3/effects"]);
    let book = schema("rulebook.schema.json");
    let mut v =
        yaml(&std::fs::read_to_string(root().join("rules/fide-2018/rulebook.yaml")).unwrap());
    v["constants"]["automatic_moves"]["value"] = Value::from(75);
    let paths: Vec<String> = book
        .iter_errors(&v)
        .map(|e| e.instance_path().to_string())
        .collect();
    assert_eq!(paths, ["/constants/automatic_moves/value"]);
}
