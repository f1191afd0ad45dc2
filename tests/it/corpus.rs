//! The real plans in `../shared/corpus/`: every file parses, every task plan reads the way a
//! careful person reads it (expectations in `fixtures/corpus/`), and a no-op is byte-identical.

use std::fs;
use std::path::PathBuf;

use crate::harness::check_expectation;

pub fn corpus_dir() -> Option<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus");
    if dir.is_dir() {
        Some(dir)
    } else {
        eprintln!("SKIPPED: corpus tests: `{}` does not exist", dir.display());
        None
    }
}

pub fn corpus_files(suffix: &str) -> Vec<PathBuf> {
    let Some(dir) = corpus_dir() else {
        return Vec::new();
    };
    let mut files: Vec<PathBuf> = fs::read_dir(dir)
        .expect("read corpus")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.to_string_lossy().ends_with(suffix))
        .collect();
    files.sort();
    files
}

/// The plans pplan still reads differently from a careful person: `fixtures/corpus/misread.txt`,
/// one file name a line. The list may only shrink: a plan not on it must read exactly, and a
/// plan on it that now reads exactly must come off it. `PPLAN_CORPUS_DIFF=1` prints how each
/// listed plan misreads.
const MISREAD: &str = include_str!("../../fixtures/corpus/misread.txt");

#[test]
fn every_corpus_task_plan_reads_as_expected() {
    let plans = corpus_files("task_plan.md");
    if plans.is_empty() {
        return;
    }
    let misread: Vec<&str> =
        MISREAD.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')).collect();
    let (mut exact, mut groups, mut groups_right) = (0, 0, 0);
    let mut regressions = Vec::new();
    let mut now_exact = Vec::new();
    for plan in &plans {
        let name = plan.file_name().and_then(|n| n.to_str()).expect("name").to_string();
        let expected = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("fixtures/corpus")
            .join(name.replace(".md", ".json"));
        assert!(expected.exists(), "{name} has no expectation: write `{}` by reading it", expected.display());
        let failures = check_expectation(&name, plan, &expected);
        let (n, right) = group_statuses(plan, &expected);
        (groups, groups_right) = (groups + n, groups_right + right);
        match (failures.is_empty(), misread.contains(&name.as_str())) {
            (true, false) => exact += 1,
            (true, true) => now_exact.push(name),
            (false, false) => regressions.push(failures.join("\n")),
            (false, true) => {
                if std::env::var_os("PPLAN_CORPUS_DIFF").is_some() {
                    eprintln!("{}", failures.join("\n"));
                }
            }
        }
    }
    for listed in &misread {
        assert!(
            plans.iter().any(|p| p.ends_with(listed)),
            "misread.txt names `{listed}`, which is not in the corpus"
        );
    }
    eprintln!(
        "corpus: {exact} of {} task plans read exactly; {groups_right} of {groups} group statuses right; misread.txt lists {}",
        plans.len(),
        misread.len()
    );
    assert!(
        regressions.is_empty(),
        "{} plans read exactly before and no longer do:\n{}",
        regressions.len(),
        regressions.join("\n")
    );
    assert!(
        now_exact.is_empty(),
        "these plans now read exactly: take them off fixtures/corpus/misread.txt:\n{}",
        now_exact.join("\n")
    );
}

/// How many groups the expectation has, and how many of them pplan reports with the expected
/// id and status, in order.
fn group_statuses(plan: &std::path::Path, expected: &std::path::Path) -> (usize, usize) {
    let want: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(expected).expect("read")).expect("json");
    let dir = crate::harness::TempDir::new();
    fs::copy(plan, dir.path().join("task_plan.md")).expect("copy");
    let got = crate::harness::status_json(dir.path());
    let want = want["groups"].as_array().cloned().unwrap_or_default();
    let got = got["groups"].as_array().cloned().unwrap_or_default();
    let right =
        want.iter().zip(&got).filter(|(w, g)| w["id"] == g["id"] && w["status"] == g["status"]).count();
    (want.len(), right)
}
