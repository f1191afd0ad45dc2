//! The recovery paths /planning-parallel teaches (commands/planning-parallel.md, steps 1-4), run
//! as the orchestrator would run them, against the real binary: a plan with no groups yet, a
//! wait in slices, an agent that ended without marking, a third strike and a skip.

use std::fs;

use crate::harness::{TempDir, pplan};

#[test]
fn a_plan_with_no_groups_yet_makes_reboot_exit_1_naming_what_to_fill_in() {
    let dir = TempDir::new();
    fs::write(dir.path().join("task_plan.md"), "# Task Plan: X\n\n## Goal\nShip X.\n").expect("plan");
    let (code, out, _) = pplan(dir.path(), &["reboot"]);
    assert_eq!(code, Some(1));
    assert_eq!(
        out,
        "Where am I? ? task_plan.md has no groups\n\
         Where am I going? ? task_plan.md has no groups\n\
         What's the goal? Ship X.\n\
         What have I learned? nothing recorded yet\n\
         What have I done? nothing yet\n\
         What am I about to do? ? no `## Next Step` and no groups\n\
         unanswered: Where am I? (task_plan.md has no groups); Where am I going? (task_plan.md has no groups); \
         What am I about to do? (no `## Next Step` and no groups)\n"
    );
}

const PLAN: &str = "# Task Plan: X\n\n## Goal\nShip X.\n\n### Group 1: A\n- **Status:** in_progress\n\
- [ ] A-1: one\n- [ ] A-2: two\n\n## Errors Encountered\n\
| Error | Task | Attempt | Approach | Resolution |\n|-------|------|---------|----------|------------|\n";

#[test]
fn the_slash_commands_recovery_paths_run_as_written() {
    let dir = TempDir::new();
    fs::write(dir.path().join("task_plan.md"), PLAN).expect("plan");
    // Step 2: ready-made briefs, each opening with the line the hooks parse.
    let (code, out, _) = pplan(dir.path(), &["--json", "spawn"]);
    assert_eq!(code, Some(0));
    let spawned: serde_json::Value = serde_json::from_str(&out).expect("json");
    let briefs: Vec<&str> = spawned["agents"]
        .as_array()
        .expect("agents")
        .iter()
        .map(|a| a["brief"].as_str().expect("brief").lines().next().unwrap_or_default())
        .collect();
    assert_eq!(briefs, ["## Agent A-1: one (group 1)", "## Agent A-2: two (group 1)"]);
    // Step 3: a wait in a slice under the shell tool's limit ends with 5 while agents run.
    let (code, out, _) = pplan(dir.path(), &["wait", "--timeout", "1"]);
    assert_eq!(code, Some(5));
    assert_eq!(out.lines().next(), Some("timed out: group 1: 2 agents: 2 IN_PROGRESS"));
    // Step 4: A-1 ended without marking: mark it for it and continue it.
    let (code, out, _) =
        pplan(dir.path(), &["mark", "--agent", "A-1", "CONTINUATION_REQUIRED", "--resume-from", "step 2"]);
    assert_eq!((code, out.as_str()), (Some(0), "A-1: IN_PROGRESS → CONTINUATION_REQUIRED\n"));
    let (code, out, _) = pplan(dir.path(), &["respawn", "A-1"]);
    assert_eq!(code, Some(0));
    assert!(
        out.starts_with(
            "## Agent A-1: one (group 1)\n\
             Restart 1 of 3: read findings_A-1.md and progress_A-1.md first; continue, do not redo.\n\
             Resume from: step 2\n"
        ),
        "{out}"
    );
    // Three strikes on A-2: exit 3 on the third, then the user's "skip".
    for (n, want) in [(1, Some(0)), (2, Some(0)), (3, Some(3))] {
        let (code, _, _) = pplan(
            dir.path(),
            &["error", "A-2", "--error", &format!("boom {n}"), "--approach", &format!("try {n}")],
        );
        assert_eq!(code, want, "strike {n}");
    }
    let (code, out, _) = pplan(dir.path(), &["set", "A-2", "skipped"]);
    assert_eq!((code, out.as_str()), (Some(0), "A-2: blocked → skipped\n"));
    let (code, out, _) = pplan(dir.path(), &["poll"]);
    assert_eq!(code, Some(0));
    assert_eq!(
        out.lines().rev().take(2).collect::<Vec<_>>(),
        [
            "settled, task skipped: A-2 (merge keeps what it wrote)",
            "group 1: 2 agents: 1 IN_PROGRESS, 1 BLOCKED"
        ]
    );
}
