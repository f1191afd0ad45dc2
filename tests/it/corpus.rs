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

#[test]
fn every_corpus_task_plan_reads_as_expected() {
    let plans = corpus_files("task_plan.md");
    if plans.is_empty() {
        return;
    }
    assert_eq!(plans.len(), 26, "the corpus holds 26 task plans");
    let mut failures = Vec::new();
    for plan in &plans {
        let name = plan.file_name().and_then(|n| n.to_str()).expect("name").to_string();
        let expected = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("fixtures/corpus")
            .join(name.replace(".md", ".json"));
        failures.extend(check_expectation(&name, plan, &expected));
    }
    assert!(failures.is_empty(), "{} differences:\n{}", failures.len(), failures.join("\n"));
}
