//! Hand-written fixtures (`fixtures/plans/<case>/`): the parse matches `status.json`, and
//! `pplan set <set.args>` turns `input.md` into exactly `expected.md`.

use std::fs;
use std::path::PathBuf;

use crate::harness::{Test, check_expectation};

pub fn cases() -> Vec<PathBuf> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("fixtures/plans");
    let mut cases: Vec<PathBuf> = fs::read_dir(root)
        .expect("fixtures/plans")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.is_dir())
        .collect();
    cases.sort();
    cases
}

/// Split `set.args` like a shell would for these simple cases: spaces, and double quotes.
pub fn split_args(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut quoted = false;
    for c in line.trim().chars() {
        match c {
            '"' => quoted = !quoted,
            ' ' if !quoted => {
                if !cur.is_empty() {
                    out.push(std::mem::take(&mut cur));
                }
            }
            _ => cur.push(c),
        }
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    out
}

#[test]
fn at_least_twenty_fixtures_cover_the_format() {
    assert!(cases().len() >= 20, "only {} fixtures", cases().len());
}

#[test]
fn every_fixture_reads_as_expected() {
    let mut failures = Vec::new();
    for case in cases() {
        let name = case.file_name().and_then(|n| n.to_str()).expect("name").to_string();
        failures.extend(check_expectation(&name, &case.join("input.md"), &case.join("status.json")));
    }
    assert!(failures.is_empty(), "{} differences:\n{}", failures.len(), failures.join("\n"));
}

#[test]
fn every_fixture_set_gives_the_expected_bytes() {
    let mut ran = 0;
    for case in cases() {
        let Ok(args) = fs::read_to_string(case.join("set.args")) else {
            continue;
        };
        let input = fs::read(case.join("input.md")).expect("input");
        let expected = fs::read(case.join("expected.md")).expect("expected.md");
        Test::new()
            .file("task_plan.md", &input)
            .args(["set"])
            .args(split_args(&args))
            .file_eq("task_plan.md", &expected)
            .success();
        ran += 1;
    }
    assert!(ran >= 12, "only {ran} set cases");
}
