//! Real processes at once: 8 × 50 `set` calls on distinct tasks of one plan lose nothing.

use std::fs;
use std::process::Command;

use crate::harness::{BIN, Test};

#[test]
fn eight_processes_times_fifty_sets_lose_no_update() {
    const WORKERS: usize = 8;
    const EACH: usize = 50;
    let mut plan = String::from("# Task Plan: Contention\n\n## Goal\nNo lost update.\n\n");
    for w in 0..WORKERS {
        plan.push_str(&format!("### Group {}: worker {w}\n- **Status:** in_progress\n", w + 1));
        for i in 0..EACH {
            plan.push_str(&format!("- [ ] W{w}-{i:03}: task {i} of worker {w}\n"));
        }
        plan.push('\n');
    }
    let done = Test::new().file("task_plan.md", &plan).args(["status"]).success();
    let dir = done.dir.path().to_path_buf();
    let workers: Vec<_> = (0..WORKERS)
        .map(|w| {
            let dir = dir.clone();
            std::thread::spawn(move || {
                for i in 0..EACH {
                    let out = Command::new(BIN)
                        .args(["set", &format!("W{w}-{i:03}"), "complete"])
                        .current_dir(&dir)
                        .env("PPLAN_LOCK_TIMEOUT_MS", "60000")
                        .output()
                        .expect("run pplan");
                    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
                }
            })
        })
        .collect();
    for w in workers {
        w.join().expect("worker");
    }
    let text = fs::read_to_string(dir.join("task_plan.md")).expect("read");
    assert_eq!(text.matches("- [x] W").count(), WORKERS * EACH, "every update is present");
    assert_eq!(text, plan.replace("- [ ] W", "- [x] W"), "and nothing else changed");
    let mut left: Vec<String> = fs::read_dir(&dir)
        .expect("dir")
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    left.sort();
    assert_eq!(left, vec![".pplan", "task_plan.md"], "no temp files left behind");
}
