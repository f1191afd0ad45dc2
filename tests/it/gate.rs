//! Quality gates: retries with backoff, strikes, the circuit breaker, timeouts that leave no
//! orphan, gated merges; and the files/passes batches.

use std::fs;
use std::path::Path;

use crate::harness::{TempDir, pplan};
use crate::set::CANONICAL;

fn plan_dir() -> TempDir {
    let dir = TempDir::new();
    fs::write(dir.path().join("task_plan.md"), CANONICAL).expect("plan");
    fs::write(
        dir.path().join("pplan.yaml"),
        "gate_retry:\n  base_secs: 0.1\n  factor: 2\n  jitter_secs: 0\n",
    )
    .expect("yaml");
    dir
}

/// A script that fails with `429` the first `n` times it runs, then passes.
fn flaky(dir: &Path, n: u32) {
    fs::write(
        dir.join("flaky.sh"),
        format!("n=$(cat count 2>/dev/null || echo 0); n=$((n+1)); echo $n > count\nif [ $n -le {n} ]; then echo 'HTTP 429 Too Many Requests'; exit 1; fi\necho ok\n"),
    )
    .expect("script");
}

#[test]
fn a_flaky_command_is_retried_with_backoff_and_passes() {
    let dir = plan_dir();
    flaky(dir.path(), 2);
    let (code, out, _) = pplan(dir.path(), &["gate", "--", "sh", "flaky.sh"]);
    assert_eq!(code, Some(0), "{out}");
    assert_eq!(
        out.lines().take(2).collect::<Vec<_>>(),
        [
            "gate: run 1 of 3 failed transiently (`429`); retrying in 0.1 s",
            "gate: run 2 of 3 failed transiently (`429`); retrying in 0.2 s"
        ]
    );
    assert!(
        out.lines().nth(2).is_some_and(|l| l.starts_with("gate passed: `sh flaky.sh` (3 runs, ")),
        "{out}"
    );
    let progress = fs::read_to_string(dir.path().join("progress.md")).expect("progress");
    assert!(progress.contains("| `sh flaky.sh` | 3 | pass | "), "{progress}");
}

#[test]
fn a_real_failure_is_not_retried_and_is_a_strike() {
    let dir = plan_dir();
    let (code, out, _) =
        pplan(dir.path(), &["gate", "--", "sh", "-c", "echo 'test checkout ... FAILED'; exit 101"]);
    assert_eq!(code, Some(1));
    assert!(out.starts_with("gate failed: `echo 'test checkout ... FAILED'; exit 101` ("), "{out}");
    assert!(
        out.contains("; strike 1 of 3 for gate-1\n--- last lines ---\ntest checkout ... FAILED\n"),
        "{out}"
    );
    let plan = fs::read_to_string(dir.path().join("task_plan.md")).expect("plan");
    assert!(
        plan.ends_with(
            "| test checkout ... FAILED | gate-1 | 1 | echo 'test checkout ... FAILED'; exit 101 |  |\n"
        ),
        "{plan}"
    );
    pplan(dir.path(), &["gate", "--", "sh", "-c", "echo boom; exit 1"]);
    let (code, out, _) = pplan(dir.path(), &["gate", "--", "sh", "-c", "echo boom again; exit 1"]);
    assert_eq!(code, Some(3), "{out}");
    assert!(
        out.ends_with("ESCALATE: the gate for gate-1 has failed 3 times; ask the user how to proceed.\n"),
        "{out}"
    );
}

#[test]
fn three_transient_exhaustions_open_the_breaker() {
    let dir = plan_dir();
    for _ in 0..3 {
        let (code, _, _) = pplan(dir.path(), &["gate", "--", "sh", "-c", "echo 'ECONNRESET'; exit 1"]);
        assert_eq!(code, Some(1));
    }
    let (code, out, stderr) = pplan(dir.path(), &["gate", "--", "true"]);
    assert_eq!((code, out.as_str()), (Some(4), ""));
    assert!(stderr.starts_with("error: the gate's circuit breaker is open: 3 gate runs in a row failed transiently (last: `ECONNRESET`)"), "{stderr}");
    assert_eq!(pplan(dir.path(), &["gate", "--reset"]).1, "gate: circuit breaker reset\n");
    assert_eq!(pplan(dir.path(), &["gate", "--", "true"]).0, Some(0));
}

#[test]
fn a_timeout_kills_the_command_and_its_children() {
    let dir = plan_dir();
    let script = "sleep 60 & echo $! > child.pid; sleep 60";
    let (code, out, _) = pplan(dir.path(), &["gate", "--timeout", "0.5", "--", "sh", "-c", script]);
    assert_eq!(code, Some(1), "{out}");
    assert!(out.contains("gate failed transiently: "), "{out}");
    let pid = fs::read_to_string(dir.path().join("child.pid")).expect("pid").trim().to_string();
    // Dead means gone, or a zombie waiting for a reaper (PID 1 may not reap in a container).
    let state = fs::read_to_string(format!("/proc/{pid}/stat"))
        .ok()
        .and_then(|s| s.rsplit(") ").next().map(|r| r.chars().next()));
    assert!(matches!(state, None | Some(Some('Z'))), "the child {pid} outlived the gate: state {state:?}");
}

#[test]
fn a_gated_merge_advances_only_when_the_gate_passes() {
    for (gate, advanced) in [("exit 1", false), ("exit 0", true)] {
        let dir = plan_dir();
        let d = dir.path();
        fs::write(d.join("pplan.yaml"), format!("gate: \"{gate}\"\n")).expect("yaml");
        pplan(d, &["spawn"]);
        for id in ["BE-001", "FE-001"] {
            pplan(d, &["log", "--agent", id, "done"]);
            pplan(d, &["mark", "--agent", id, "COMPLETE"]);
        }
        let (code, out, _) = pplan(d, &["merge"]);
        assert_eq!(code, Some(if advanced { 0 } else { 1 }), "{out}");
        let plan = fs::read_to_string(d.join("task_plan.md")).expect("plan");
        if advanced {
            assert_eq!(
                out,
                "merged group 1: BE-001, FE-001 (findings.md, progress.md)\ncomplete: BE-001, FE-001\n\
                 gate `exit 0` passed\ngroup 1 complete; current group → 2\n\
                 retired the files of BE-001, FE-001 to .pplan/archive/\n"
            );
            assert!(
                plan.contains("## Current Group\nGroup 2\n") && plan.contains("- **Status:** complete"),
                "{plan}"
            );
        } else {
            assert_eq!(
                out,
                "merged group 1: BE-001, FE-001 (findings.md, progress.md)\ncomplete: BE-001, FE-001\n\
                 gate `exit 1`: fail, strike 1 of 3; group 1 stays current\n\
                 retired the files of BE-001, FE-001 to .pplan/archive/\n"
            );
            assert!(
                plan.contains("## Current Group\nGroup 1\n")
                    && plan.contains("- [x] BE-001")
                    && !plan.contains("- **Status:** complete"),
                "{plan}"
            );
            // Fixed: the next merge has nothing to merge, runs the gate again, and advances.
            fs::write(d.join("pplan.yaml"), "gate: \"exit 0\"\n").expect("yaml");
            let (code, out, _) = pplan(d, &["merge"]);
            assert_eq!(code, Some(0), "{out}");
            assert_eq!(
                out,
                "nothing to merge in group 1\ngroup 1: every task is done; its gate ran again\n\
                 gate `exit 0` passed\ngroup 1 complete; current group → 2\n"
            );
        }
    }
}

#[test]
fn a_gated_merge_with_the_breaker_open_is_written_and_says_the_gate_did_not_run() {
    let dir = plan_dir();
    let d = dir.path();
    fs::write(d.join("pplan.yaml"), "gate: \"exit 0\"\n").expect("yaml");
    pplan(d, &["spawn"]);
    fs::write(d.join(".pplan/gate.json"), r#"{"consecutive_transient":3,"open":true,"reason":"3 in a row"}"#)
        .expect("breaker");
    for id in ["BE-001", "FE-001"] {
        pplan(d, &["log", "--agent", id, "done"]);
        pplan(d, &["mark", "--agent", id, "COMPLETE"]);
    }
    let (code, out, _) = pplan(d, &["merge"]);
    assert_eq!(code, Some(4), "{out}");
    assert_eq!(
        out,
        "merged group 1: BE-001, FE-001 (findings.md, progress.md)\ncomplete: BE-001, FE-001\n\
         gate `exit 0` not run: the circuit breaker is open; group 1 stays current\n  3 in a row\n\
         retired the files of BE-001, FE-001 to .pplan/archive/\n"
    );
    let plan = fs::read_to_string(d.join("task_plan.md")).expect("plan");
    assert!(plan.contains("## Current Group\nGroup 1\n") && plan.contains("- [x] FE-001"), "{plan}");
}

#[test]
fn files_are_deduplicated_dropped_when_gone_and_batched_within_twenty_percent() {
    let dir = plan_dir();
    let d = dir.path();
    let mut log = String::from("# Progress\n");
    let mut seed = 7u64;
    for i in 0..60 {
        seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
        let lines = 20 + (seed >> 33) as usize % 200;
        let path = format!("src/m{}/f{i}.rs", i % 9);
        fs::create_dir_all(d.join(format!("src/m{}", i % 9))).expect("dir");
        fs::write(d.join(&path), "x\n".repeat(lines)).expect("file");
        log.push_str(&format!("### e{i}\nwork\nFiles: {path}, src/m0/f0.rs\n\n"));
    }
    log.push_str("- Files created/modified:\n  - `src/gone.rs`\n  - src/m1/f1.rs\n  - /etc/hostname\n  - ../outside.rs\n");
    fs::write(d.join("../outside.rs"), "x\n").expect("outside");
    fs::write(d.join("progress.md"), log).expect("log");
    let (_, out, _) = pplan(d, &["--json", "files", "--batches", "4"]);
    let json: serde_json::Value = serde_json::from_str(&out).expect("json");
    assert_eq!(json["files"], 60, "duplicates counted once");
    assert_eq!(json["dropped"], serde_json::json!(["src/gone.rs", "/etc/hostname", "../outside.rs"]));
    let _ = fs::remove_file(d.join("../outside.rs"));
    let loads: Vec<u64> = json["batches"]
        .as_array()
        .expect("batches")
        .iter()
        .map(|b| b["lines"].as_u64().expect("lines"))
        .collect();
    let (lo, hi) = (*loads.iter().min().expect("min"), *loads.iter().max().expect("max"));
    assert_eq!(loads.len(), 4);
    assert!(hi as f64 <= lo as f64 * 1.2, "batches {loads:?} differ by more than 20%");
}

#[test]
fn passes_print_a_simplify_and_a_review_brief_per_batch() {
    let dir = plan_dir();
    let d = dir.path();
    fs::create_dir_all(d.join("src")).expect("src");
    fs::write(d.join("src/a.rs"), "a\nb\n").expect("a");
    fs::write(d.join("src/b.rs"), "c\n").expect("b");
    fs::write(d.join("progress.md"), "# P\n### t\nx\nFiles: src/a.rs, src/b.rs\n").expect("p");
    let (_, out, _) = pplan(d, &["passes", "--batches", "1"]);
    assert_eq!(
        out,
        "## Simplify pass 1 of 1 (2 files, 3 lines)\nFiles: src/a.rs, src/b.rs\n\
         Make these files simpler without changing behaviour: reuse what the project already has instead of new copies, \
         remove dead code and needless state, flatten deep nesting. Run the tests after each change.\n\
         Report as SIMPLIFY-1 in your final reply, one line per item (`file:line: what`); write no plan files.\n\n\
         ## Review pass 1 of 1 (2 files, 3 lines)\nFiles: src/a.rs, src/b.rs\n\
         Review these files; do not edit them. Look for bugs, unhandled errors, unsafe writes, missing tests and unclear \
         names. Report each finding as `file:line: problem`.\n\
         Report as REVIEW-1 in your final reply, one line per item (`file:line: what`); write no plan files.\n\n"
    );
}
