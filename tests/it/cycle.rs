//! End to end: `pplan demo`, and a full two-group, four-agent cycle driven only by the commands
//! `commands/planning-parallel.md` names, counting every byte pplan prints (a model reads them).

use std::fs;
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};

use crate::harness::{TempDir, run_in};

fn agent_files(dir: &Path) -> Vec<String> {
    let mut left: Vec<String> = fs::read_dir(dir)
        .expect("dir")
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with("findings_") || n.starts_with("progress_"))
        .collect();
    left.sort();
    left
}

fn status(dir: &Path) -> serde_json::Value {
    let out = run_in(dir, &["status".into(), "--json".into()], &[]);
    serde_json::from_slice(&out.stdout).expect("status json")
}

#[test]
fn the_demo_runs_the_whole_protocol() {
    let root = TempDir::new();
    let dir = root.path().join("demo");
    let out = run_in(root.path(), &["demo".into(), "--dir".into(), dir.display().to_string()], &[]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}\n{}", String::from_utf8_lossy(&out.stderr));
    assert!(stdout.contains("4. wait: exit 5: not complete: FE-001 CONTINUATION_REQUIRED"), "{stdout}");
    assert!(stdout.contains("5. respawn FE-001: restart 1 of 3"), "{stdout}");
    // The red gate, BE-001's proposal folded in, the fix task added to the held group, and a
    // BLOCKED agent's reason in reboot.
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(
        lines[7..13],
        [
            "7. merge: exit 1, the gate failed; status: gate of group 1: failed, strike 1 of 3: test_cart_total ... FAILED: 10.005 != 10.01",
            "   and BE-001's proposal folded into the plan: INT-002 Add the refund endpoints (from: BE-001) → group 2",
            "8. added FE-002 to group 1 (held by a red gate); spawned it",
            "9. merge again: gate passed; group 1 complete; current group → 2",
            "10. spawn group 2: INT-001 is BLOCKED; reboot says: first, BLOCKED INT-001: the staging API URL is not set; \
             settle it, then `pplan respawn INT-001 --force` or `pplan set INT-001 skipped`",
            "11. the user set the URL; respawn --force; wait: exit 0: group 2: 2 agents: 2 COMPLETE",
        ],
        "{stdout}"
    );
    let narration = stdout.split("\n\n").next().expect("the narration");
    assert!(narration.len() < 3 * 1024, "{} bytes of narration", narration.len());
    let s = status(&dir);
    assert_eq!(s["tasks"]["total"], 6, "the four tasks, the proposal and the fix");
    assert_eq!(s["tasks"]["done"], 6);
    assert_eq!(s["error_rows"], 3, "two strikes of DOC-001 and the gate's");
    assert_eq!(agent_files(&dir), Vec::<String>::new(), "every agent file retired");
    let findings = fs::read_to_string(dir.join("findings.md")).expect("findings");
    let progress = fs::read_to_string(dir.join("progress.md")).expect("progress");
    // The fix task FE-002, added after the red gate, merged once like the others.
    for (id, n) in
        [("BE-001", 1), ("FE-001", 1), ("FE-002", 1), ("DOC-001", 1), ("INT-001", 1), ("INT-002", 1)]
    {
        assert_eq!(findings.matches(&format!("agent={id} sha=")).count(), n, "{id} in findings");
        assert_eq!(progress.matches(&format!("agent={id} sha=")).count(), n, "{id} in progress");
    }
    assert_eq!(findings.matches("the cart total must come from the API, not the client").count(), 1);
    assert_eq!(progress.matches("wired the cart total to the API").count(), 1);
}

/// Runs pplan in `dir`, counting what it prints.
struct Orchestrator<'a> {
    dir: &'a Path,
    bytes: AtomicUsize,
}

impl Orchestrator<'_> {
    fn run(&self, args: &[&str]) -> (i32, String) {
        let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
        let out = run_in(self.dir, &args, &[("PPLAN_LOCK_TIMEOUT_MS".into(), "30000".into())]);
        self.bytes.fetch_add(out.stdout.len() + out.stderr.len(), Ordering::Relaxed);
        self.progress_is_current(&args[0]);
        (out.status.code().unwrap_or(-1), String::from_utf8_lossy(&out.stdout).into_owned())
    }

    /// `.pplan/progress.json` after any command: valid, and what `status` and `poll` say now;
    /// after a writing command, written by it.
    fn progress_is_current(&self, command: &str) {
        let Ok(text) = fs::read_to_string(self.dir.join(".pplan/progress.json")) else {
            assert!(matches!(command, "reboot" | "init"), "no progress.json after `{command}`");
            return;
        };
        let p: serde_json::Value = serde_json::from_str(&text).expect("progress.json is JSON");
        assert_eq!((p["schema_version"].as_u64(), p["kind"].as_str()), (Some(1), Some("progress")));
        if !matches!(command, "status" | "wait" | "check" | "reboot" | "poll") {
            assert_eq!(p["command"], command, "progress.json not written by `{command}`");
        }
        let json = |args: &[&str]| -> serde_json::Value {
            let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
            serde_json::from_slice(&run_in(self.dir, &args, &[]).stdout).expect("json")
        };
        let status = json(&["--json", "status"]);
        for key in ["total", "done", "in_progress", "blocked", "skipped"] {
            assert_eq!(p["tasks"][key], status["tasks"][key], "tasks.{key} after `{command}`");
        }
        assert_eq!(p["progress_pct"], status["progress_pct"], "after `{command}`");
        let states: Vec<String> = json(&["--json", "poll"])["agents"]
            .as_array()
            .expect("agents")
            .iter()
            .map(|a| format!("{}:{}", a["id"].as_str().unwrap_or(""), a["state"].as_str().unwrap_or("")))
            .collect();
        let ours: Vec<String> = p["agents"]
            .as_array()
            .expect("agents")
            .iter()
            .map(|a| format!("{}:{}", a["id"].as_str().unwrap_or(""), a["state"].as_str().unwrap_or("")))
            .collect();
        assert_eq!(ours, states, "agents after `{command}`");
        let history = p["history"].as_array().expect("history");
        assert!(!history.is_empty() && history.len() <= 50);
        assert_eq!(history.last().expect("last")["done"], p["tasks"]["done"]);
    }

    fn ok(&self, args: &[&str]) -> String {
        let (code, out) = self.run(args);
        assert_eq!(code, 0, "{args:?}");
        out
    }
}

#[test]
fn a_two_group_four_agent_cycle_prints_under_six_kilobytes() {
    let dir = TempDir::new();
    let o = Orchestrator { dir: dir.path(), bytes: AtomicUsize::new(0) };
    // 1. Reboot first: no plan yet, so start one and write the groups.
    assert_eq!(o.run(&["reboot"]).0, 2);
    o.ok(&["init", "--title", "Checkout", "--goal", "Ship checkout end to end"]);
    let plan = fs::read_to_string(dir.path().join("task_plan.md")).expect("plan");
    let groups = "### Group 1: Parts\n- **Status:** pending\n- [ ] A-1: API\n- [ ] A-2: UI\n- [ ] A-3: Docs\n- [ ] A-4: Tests\n\n\
                  ### Group 2: Together\n- **Status:** pending\n- [ ] B-1: Wire (depends: A-1, A-2)\n- [ ] B-2: E2E (depends: A-4)\n\
                  - [ ] B-3: Deploy (depends: A-1)\n- [ ] B-4: Announce (depends: A-3)\n";
    let plan = plan.replace("<!-- The group being worked on, e.g. Group 1. -->", "Group 1");
    let at = plan.find("## Decisions Made").expect("decisions");
    fs::write(dir.path().join("task_plan.md"), format!("{}{groups}\n{}", &plan[..at], &plan[at..]))
        .expect("write groups");
    o.ok(&["check"]);
    for (group, ids) in [("1", ["A-1", "A-2", "A-3", "A-4"]), ("2", ["B-1", "B-2", "B-3", "B-4"])] {
        // 2. Spawn; the sub-agents work (each through its own commands).
        let briefs = o.ok(&["spawn"]);
        assert_eq!(
            briefs
                .lines()
                .filter(|l| l.starts_with("- ") && l.ends_with(&format!("(group {group})")))
                .count(),
            4,
            "{briefs}"
        );
        for id in ids {
            o.ok(&["note", "--agent", id, &format!("{id} found one thing")]);
            o.ok(&["log", "--agent", id, &format!("{id} did one step"), "--files", "src/x.rs"]);
        }
        // One hands off, one fails once and recovers, the others finish.
        let (handoff, failing) = (ids[1], ids[2]);
        o.ok(&["mark", "--agent", handoff, "CONTINUATION_REQUIRED", "--resume-from", "the second half"]);
        o.ok(&["error", failing, "--error", "flaky fixture", "--approach", "pin the seed"]);
        for id in [ids[0], ids[2], ids[3]] {
            o.ok(&["mark", "--agent", id, "COMPLETE"]);
        }
        // 3. Wait: one stopped without completing.
        assert_eq!(o.run(&["wait", "--timeout", "20"]).0, 5);
        // 4. Continue it.
        o.ok(&["respawn", handoff]);
        o.ok(&["log", "--agent", handoff, "did the second half"]);
        o.ok(&["mark", "--agent", handoff, "COMPLETE"]);
        o.ok(&["wait", "--timeout", "20"]);
        // 5. Merge.
        let merged = o.ok(&["merge"]);
        assert!(merged.starts_with(&format!("merged group {group}:")), "{merged}");
        o.ok(&["decide", &format!("group {group} done"), "--why", "all agents merged"]);
    }
    // 7. Finish.
    let status = o.ok(&["status"]);
    assert!(status.contains("progress: 100% (8 of 8 tasks done, 2 groups, 2 error rows)"), "{status}");
    assert_eq!(agent_files(dir.path()), Vec::<String>::new());
    let total = o.bytes.load(Ordering::Relaxed);
    eprintln!("bytes printed over the whole cycle: {total}");
    assert!(total < 6 * 1024, "pplan printed {total} bytes over the cycle");
}

/// A plan pplan never wrote to gets no progress file from reading it; the history of one that
/// it writes keeps the last 50 changes.
#[test]
fn progress_json_is_written_by_writes_only_and_its_history_is_bounded() {
    let dir = TempDir::new();
    let d = dir.path();
    fs::write(d.join("task_plan.md"), "# Task Plan: x\n\n### Group 1: A\n- [ ] A-1: one\n").expect("plan");
    for args in [&["status"][..], &["poll"], &["reboot"], &["check"]] {
        let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
        run_in(d, &args, &[]);
    }
    assert!(!d.join(".pplan").exists(), "reading created .pplan/");
    for i in 0..60 {
        let to = if i % 2 == 0 { "complete" } else { "pending" };
        let out = run_in(d, &["set".into(), "A-1".into(), to.into()], &[]);
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    }
    let p: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(d.join(".pplan/progress.json")).expect("read"))
            .expect("json");
    let history = p["history"].as_array().expect("history");
    assert_eq!(history.len(), 50);
    assert_eq!((p["tasks"]["done"].as_u64(), p["progress_pct"].as_u64()), (Some(0), Some(0)));
    assert_eq!(history.last().expect("last")["done"], 0);
    assert_eq!(history[history.len() - 2]["done"], 1);
    // A hand edit is caught up by the next reading command.
    fs::write(d.join("task_plan.md"), "# Task Plan: x\n\n### Group 1: A\n- [x] A-1: one\n").expect("edit");
    run_in(d, &["status".into()], &[]);
    let p: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(d.join(".pplan/progress.json")).expect("read"))
            .expect("json");
    assert_eq!((p["progress_pct"].as_u64(), p["command"].as_str()), (Some(100), Some("status")));
}

/// A `set` that changes nothing still refreshes `.pplan/progress.json` from the plan as it reads
/// now (a person's edit since the last write included), without parsing the plan a second time.
#[test]
fn a_set_that_changes_nothing_refreshes_progress_from_the_plan_as_it_is() {
    let dir = TempDir::new();
    let d = dir.path();
    let plan = "# Task Plan: x\n\n### Group 1: A\n- [ ] A-1: one\n- [ ] A-2: two\n";
    fs::write(d.join("task_plan.md"), plan).expect("plan");
    let set = |to: &str| run_in(d, &["set".into(), "A-1".into(), to.into()], &[]);
    assert!(set("complete").status.success());
    let progress = || -> serde_json::Value {
        serde_json::from_str(&fs::read_to_string(d.join(".pplan/progress.json")).expect("read"))
            .expect("json")
    };
    assert_eq!(progress()["tasks"]["done"], 1);
    // A person ticks A-2 by hand; the next set of A-1 changes nothing.
    let edited = "# Task Plan: x\n\n### Group 1: A\n- [x] A-1: one\n- [x] A-2: two\n";
    fs::write(d.join("task_plan.md"), edited).expect("edit");
    let out = set("complete");
    assert_eq!(String::from_utf8_lossy(&out.stdout), "A-1: complete (unchanged)\n");
    assert_eq!(fs::read_to_string(d.join("task_plan.md")).expect("plan"), edited);
    let p = progress();
    assert_eq!((p["tasks"]["done"].as_u64(), p["progress_pct"].as_u64()), (Some(2), Some(100)));
    assert_eq!((p["command"].as_str(), p["status"].as_str()), (Some("set"), Some("complete")));
}
