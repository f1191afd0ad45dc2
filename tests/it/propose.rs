//! Discovered work: `propose` writes only the agent's own findings file; `merge` folds the
//! proposals into the plan exactly once, under its journal, also after a crash at every fault
//! point.

use std::fs;
use std::path::Path;

use crate::harness::{TempDir, file_names, pplan_env as pplan};
use crate::set::CANONICAL;

fn ok(dir: &Path, args: &[&str]) -> String {
    let (code, stdout, stderr) = pplan(dir, args, &[]);
    assert_eq!(code, Some(0), "{args:?}: {stderr}");
    stdout
}

/// Group 1's two agents COMPLETE, each having proposed follow-up work.
fn proposed() -> TempDir {
    let dir = TempDir::new();
    let d = dir.path();
    fs::write(d.join("task_plan.md"), CANONICAL).expect("plan");
    ok(d, &["spawn"]);
    ok(d, &["note", "--agent", "BE-001", "the gateway rate-limits at 100/s"]);
    ok(d, &["propose", "--agent", "BE-001", "Rate-limit the payment API", "--depends", "BE-001"]);
    ok(d, &["propose", "--agent", "FE-001", "Show the card errors inline"]);
    ok(d, &["log", "--agent", "FE-001", "built the cart page"]);
    ok(d, &["mark", "--agent", "BE-001", "COMPLETE"]);
    ok(d, &["mark", "--agent", "FE-001", "COMPLETE"]);
    dir
}

const FOLDED: &str = "- [ ] INT-001: Wire the cart to the API (depends: BE-001, FE-001)\n\
     - [ ] INT-002: Rate-limit the payment API (from: BE-001) (depends: BE-001)\n\
     - [ ] INT-003: Show the card errors inline (from: FE-001)\n";

#[test]
fn propose_writes_only_the_agents_findings_file() {
    let dir = TempDir::new();
    let d = dir.path();
    fs::write(d.join("task_plan.md"), CANONICAL).expect("plan");
    ok(d, &["spawn", "BE-001"]);
    let plan = fs::read(d.join("task_plan.md")).expect("plan");
    let findings = fs::read_to_string(d.join("findings_BE-001.md")).expect("findings");
    assert_eq!(
        ok(d, &["propose", "--agent", "BE-001", "Rate-limit the\n payment API", "--depends", "BE-001"]),
        "proposed in findings_BE-001.md; merge folds it into the plan\n"
    );
    assert_eq!(
        ok(d, &["propose", "--agent", "BE-001", "Rate-limit the payment API", "--depends", "BE-001"]),
        "already proposed in findings_BE-001.md\n"
    );
    ok(d, &["note", "--agent", "BE-001", "a later note"]);
    ok(d, &["propose", "--agent", "BE-001", "Document refunds"]);
    let after = fs::read_to_string(d.join("findings_BE-001.md")).expect("findings");
    let header_end = "<!-- pplan:agent-header-end -->\n";
    assert_eq!(
        after.replace(&after[after.find("### 20").expect("note")..after.find("\na later").expect("n")], "### <stamp>"),
        findings.replace(
            header_end,
            &format!(
                "{header_end}\n## Proposed\n- [ ] Rate-limit the payment API (depends: BE-001)\n- [ ] Document refunds\n"
            )
        ) + "\n### <stamp>\na later note\n\n"
    );
    assert_eq!(fs::read(d.join("task_plan.md")).expect("plan"), plan, "the plan is never touched");
}

#[test]
fn propose_refusals_write_nothing() {
    let dir = TempDir::new();
    let d = dir.path();
    fs::write(d.join("task_plan.md"), CANONICAL).expect("plan");
    ok(d, &["spawn", "BE-001"]);
    let before = file_names(d);
    let findings = fs::read(d.join("findings_BE-001.md")).expect("findings");
    for (args, err) in [
        (vec!["propose", "--agent", "BE-001", "x", "--depends", "NOPE-1"], "error: no task `NOPE-1`\n"),
        (
            vec!["propose", "--agent", "BE-001", "x (depends: BE-001)"],
            "error: the text carries its own `(depends: …)`\nhint: usage: pplan propose --agent <ID> \"<text>\" --depends A,B\n",
        ),
        (
            vec!["propose", "--agent", "FE-001", "x"],
            "error: no agent files for `FE-001`\nhint: spawn it first: `pplan spawn FE-001`\n",
        ),
        (vec!["propose", "--agent", "../x", "x"], ""),
        (vec!["propose", "--agent", "BE-001", "  "], ""),
    ] {
        let (code, out, stderr) = pplan(d, &args, &[]);
        assert_eq!((code, out.as_str()), (Some(2), ""), "{args:?}: {stderr}");
        if !err.is_empty() {
            assert_eq!(stderr, err, "{args:?}");
        }
    }
    assert_eq!(file_names(d), before);
    assert_eq!(fs::read(d.join("findings_BE-001.md")).expect("findings"), findings);
}

#[test]
fn merge_folds_proposals_into_the_next_pending_group_once() {
    let dir = proposed();
    let d = dir.path();
    let spawned = fs::read_to_string(d.join("task_plan.md")).expect("plan");
    let dry = ok(d, &["merge", "--dry-run"]);
    assert!(
        dry.contains("\n+- [ ] INT-002: Rate-limit the payment API (from: BE-001) (depends: BE-001)\n"),
        "{dry}"
    );
    assert_eq!(
        fs::read_to_string(d.join("task_plan.md")).expect("plan"),
        spawned,
        "a dry run writes nothing"
    );
    let out = ok(d, &["merge"]);
    assert_eq!(
        out,
        "merged group 1: BE-001, FE-001 (findings.md, progress.md)\ncomplete: BE-001, FE-001\n\
         group 1 complete; current group → 2\n\
         proposal added: INT-002 Rate-limit the payment API (from: BE-001) → group 2\n\
         proposal added: INT-003 Show the card errors inline (from: FE-001) → group 2\n\
         retired the files of BE-001, FE-001 to .pplan/archive/\n"
    );
    let want = CANONICAL
        .replace("- [ ] BE-001", "- [x] BE-001")
        .replace("- [ ] FE-001", "- [x] FE-001")
        .replacen("- **Status:** in_progress", "- **Status:** complete", 1)
        .replace("## Current Group\nGroup 1", "## Current Group\nGroup 2")
        .replace("Spawn BE-001 and FE-001.", "Spawn group 2: INT-001, INT-002, INT-003.")
        .replace("- [ ] INT-001: Wire the cart to the API (depends: BE-001, FE-001)\n", FOLDED);
    assert_eq!(fs::read_to_string(d.join("task_plan.md")).expect("plan"), want);
    assert_eq!(ok(d, &["merge", "--group", "1"]), "nothing to merge in group 1\n");
    assert_eq!(fs::read_to_string(d.join("task_plan.md")).expect("plan"), want);
    let status = crate::harness::status_json(d);
    assert_eq!(status["next_tasks_total"], 3);
}

#[test]
fn proposals_group_in_pplan_yaml_picks_the_group() {
    let dir = proposed();
    let d = dir.path();
    fs::write(d.join("pplan.yaml"), "proposals_group: 1\n").expect("yaml");
    let out = ok(d, &["merge"]);
    assert!(
        out.contains("proposal added: FE-002 Rate-limit the payment API (from: BE-001) → group 1\n"),
        "{out}"
    );
    // Work added to the merged group keeps it open.
    assert!(!out.contains("group 1 complete"), "{out}");
    fs::write(d.join("pplan.yaml"), "proposals_group: 9\n").expect("yaml");
    let again = proposed();
    fs::write(again.path().join("pplan.yaml"), "proposals_group: 9\n").expect("yaml");
    let (code, _, stderr) = pplan(again.path(), &["merge"], &[]);
    assert_eq!(code, Some(2), "{stderr}");
    assert!(stderr.contains("`proposals_group: 9` names no group of the plan"), "{stderr}");
    assert!(!fs::read_to_string(again.path().join("task_plan.md")).expect("plan").contains("(from:"));
}

#[test]
fn without_a_pending_group_proposals_are_reported_not_lost() {
    let dir = TempDir::new();
    let d = dir.path();
    let plan =
        CANONICAL.replace("- **Status:** pending\n- [ ] INT-001", "- **Status:** complete\n- [x] INT-001");
    fs::write(d.join("task_plan.md"), &plan).expect("plan");
    ok(d, &["spawn"]);
    ok(d, &["propose", "--agent", "BE-001", "Rate-limit the payment API"]);
    ok(d, &["mark", "--agent", "BE-001", "COMPLETE"]);
    ok(d, &["mark", "--agent", "FE-001", "COMPLETE"]);
    let out = ok(d, &["merge"]);
    assert!(
        out.contains(
            "proposal not folded (no pending group; set `proposals_group` in pplan.yaml): Rate-limit the payment API (from: BE-001)\n"
        ),
        "{out}"
    );
    let findings = fs::read_to_string(d.join("findings.md")).expect("findings");
    assert!(findings.contains("- [ ] Rate-limit the payment API\n"), "kept in findings.md: {findings}");
}

/// The merge's fault points (see `merge.rs`): a SIGKILL at each, then any command and a merge
/// rerun; every proposal is in the plan exactly once, the files as after a clean merge.
#[test]
#[cfg_attr(not(debug_assertions), ignore = "needs the fault points of a debug build")]
fn proposals_land_once_after_a_kill_at_every_fault_point() {
    let reference = proposed();
    ok(reference.path(), &["merge"]);
    let want = fs::read_to_string(reference.path().join("task_plan.md")).expect("plan");
    for fault in [
        "after-lock",
        "before-journal",
        "after-journal",
        "after-write-findings.md",
        "after-write-progress.md",
        "after-write-task_plan.md",
        "before-retire",
        "mid-retire",
        "before-journal-delete",
    ] {
        let run = proposed();
        let (code, _, _) = pplan(run.path(), &["merge"], &[("PPLAN_FAULT", &format!("{fault}:abort"))]);
        assert_eq!(code, None, "{fault}: the process must die at the fault point");
        ok(run.path(), &["status"]);
        ok(run.path(), &["merge", "--group", "1"]);
        ok(run.path(), &["merge", "--group", "1"]);
        let plan = fs::read_to_string(run.path().join("task_plan.md")).expect("plan");
        assert_eq!(plan, want, "after a kill at {fault}");
        for line in FOLDED.lines() {
            assert_eq!(plan.matches(line).count(), 1, "{line} after a kill at {fault}");
        }
    }
}

/// A proposal whose dependency left the plan between `propose` and `merge` was folded with a
/// `(depends: …)` naming no task — never ready, and nothing said; here the new task even took the
/// freed id and depended on itself. It is not folded: it stays in findings.md and the merge names
/// the missing dependency (text, and `missing_depends` in `--json`).
#[test]
fn a_proposal_whose_dependency_was_removed_is_not_folded_and_named() {
    let dir = TempDir::new();
    let d = dir.path();
    let plan = CANONICAL.replace(
        "- [ ] INT-001: Wire the cart to the API (depends: BE-001, FE-001)\n",
        "- [ ] INT-001: Wire the cart to the API (depends: BE-001, FE-001)\n- [ ] INT-002: Load test\n",
    );
    fs::write(d.join("task_plan.md"), plan).expect("plan");
    ok(d, &["spawn"]);
    ok(d, &["propose", "--agent", "BE-001", "Tune the pool", "--depends", "INT-002"]);
    ok(d, &["log", "--agent", "FE-001", "built the cart page"]);
    ok(d, &["mark", "--agent", "BE-001", "COMPLETE"]);
    ok(d, &["mark", "--agent", "FE-001", "COMPLETE"]);
    ok(d, &["remove", "INT-002"]);
    let out = ok(d, &["merge"]);
    assert_eq!(
        out,
        "merged group 1: BE-001, FE-001 (findings.md, progress.md)\ncomplete: BE-001, FE-001\n\
         group 1 complete; current group → 2\n\
         proposal not folded (it depends on `INT-002`, which is no task of the plan; add it with `pplan add`): Tune the pool (from: BE-001)\n\
         retired the files of BE-001, FE-001 to .pplan/archive/\n"
    );
    assert!(!fs::read_to_string(d.join("task_plan.md")).expect("plan").contains("Tune the pool"));
    let findings = fs::read_to_string(d.join("findings.md")).expect("findings");
    assert!(findings.contains("- [ ] Tune the pool (depends: INT-002)\n"), "kept in findings.md: {findings}");
}
