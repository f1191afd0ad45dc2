//! `pplan show`: one task or one group in one short answer, exact bytes.

use std::fs;
use std::path::Path;
use std::time::{Duration, SystemTime};

use crate::harness::{Test, pplan};

const PLAN: &str = "# Task Plan: Checkout service

## Goal
Ship a checkout API and UI.

## Current Group
Group 1

## Groups

### Group 1: Backend and frontend
- **Status:** in_progress
- [~] BE-001: Build the payment endpoints
- [~] FE-001: Build the cart page
- [ ] DOC-001: Write the API notes (depends: BE-001)

### Group 2: Integration
- **Status:** pending
- [ ] INT-001: Wire the cart to the API (depends: BE-001, FE-001, OLD-9)

## Decisions Made
| Decision | Rationale |
|----------|-----------|
| BE-001 stores cents | no floats |
| BE-0010 is a typo | XBE-001 too |

## Errors Encountered
| Error | Task | Attempt | Approach | Resolution |
|-------|------|---------|----------|------------|
| timeout \\| 504 | BE-001 | 1 | retry | raised the limit |
| card declined | BE-001 | 2 | mock the gateway | |
";

const PROGRESS: &str = "# Progress: BE-001

> Task: Build the payment endpoints · Group 1 · Spawned 2026-11-23T10:00:00Z · Attempt 1
<!-- pplan:agent-header-end -->

### 2026-11-23T10:05:00Z
built the endpoints
Files: api.rs, cart.rs

### 2026-11-23T10:09:00Z
wired the webhook
Files: hook.rs

---
ORCHESTRATOR STATUS: CONTINUATION_REQUIRED
RESUME_FROM: the refund endpoint, after the webhook
";

fn age(dir: &Path, name: &str, minutes: u64) {
    let old = SystemTime::now() - Duration::from_secs(minutes * 60 + 30);
    fs::File::options().write(true).open(dir.join(name)).expect("open").set_modified(old).expect("mtime");
}

fn plan_with_agent() -> Test {
    let t = Test::new().file("task_plan.md", PLAN).file("progress_BE-001.md", PROGRESS);
    age(t.dir.path(), "progress_BE-001.md", 42);
    t
}

#[test]
fn a_task_with_its_agent_errors_decisions_and_neighbours() {
    plan_with_agent()
        .args(["show", "BE-001"])
        .stdout(
            "BE-001: Build the payment endpoints\n\
             status: in_progress (task_plan.md line 13)\n\
             group: 1 Backend and frontend (in_progress)\n\
             depends on: -\n\
             needed by: DOC-001 pending, INT-001 pending\n\
             agent: CONTINUATION_REQUIRED, 42m ago, resume: the refund endpoint, after the webhook\n\
             \x20 files: api.rs, cart.rs, hook.rs\n\
             \x20 | built the endpoints\n\
             \x20 | ### 2026-11-23T10:09:00Z\n\
             \x20 | wired the webhook\n\
             errors: 2\n\
             \x20 1. timeout | 504 · tried: retry · resolved: raised the limit\n\
             \x20 2. card declined · tried: mock the gateway · unresolved\n\
             decisions: 1\n\
             \x20 BE-001 stores cents · why: no floats\n",
        )
        .file_eq("task_plan.md", PLAN)
        .success();
}

#[test]
fn a_task_without_agent_names_missing_dependencies() {
    Test::new()
        .file("task_plan.md", PLAN)
        .args(["show", "int-001"])
        .stdout(
            "INT-001: Wire the cart to the API\n\
             status: pending (task_plan.md line 19)\n\
             group: 2 Integration (pending)\n\
             depends on: BE-001 in_progress, FE-001 in_progress, OLD-9 (no such task)\n\
             needed by: -\n\
             agent: -\n\
             errors: -\n\
             decisions: -\n",
        )
        .success();
}

#[test]
fn a_stalled_agent_says_so() {
    let t = Test::new().file("task_plan.md", PLAN).file(
        "progress_FE-001.md",
        "# Progress: FE-001\n<!-- pplan:agent-header-end -->\n\n---\nORCHESTRATOR STATUS: IN_PROGRESS\n",
    );
    age(t.dir.path(), "progress_FE-001.md", 20);
    let done = t.args(["show", "FE-001"]).success();
    let out = String::from_utf8_lossy(&done.stdout);
    assert_eq!(out.lines().nth(5), Some("agent: IN_PROGRESS, 20m ago, STALLED"), "{out}");
}

#[test]
fn a_group_with_gate_tasks_and_agents() {
    plan_with_agent()
        .file("pplan.yaml", "gate: \"cargo test\"\n")
        .args(["show", "Group 1"])
        .stdout(
            "group 1: Backend and frontend\n\
             status: in_progress (stated; 0 of 3 tasks done; task_plan.md line 11)\n\
             gate: `cargo test`, not failing\n\
             tasks:\n\
             \x20 in_progress  BE-001 Build the payment endpoints\n\
             \x20 in_progress  FE-001 Build the cart page\n\
             \x20 pending      DOC-001 Write the API notes\n\
             agents: 1 agent: 1 CONTINUATION_REQUIRED\n\
             \x20 BE-001  CONTINUATION_REQUIRED     42m  resume: the refund endpoint, after the webhook\n",
        )
        .success();
}

#[test]
fn a_red_gate_holds_the_group() {
    let plan = PLAN.replace(
        "| card declined | BE-001 | 2 | mock the gateway | |\n",
        "| card declined | BE-001 | 2 | mock the gateway | |\n| 3 tests failed | gate-2 | 1 | cargo test | |\n",
    );
    let done = Test::new().file("task_plan.md", plan).args(["show", "2"]).success();
    let out = String::from_utf8_lossy(&done.stdout);
    assert_eq!(out.lines().nth(2), Some("gate of group 2: failed, strike 1 of 3: 3 tests failed"), "{out}");
    assert_eq!(out.lines().last(), Some("agents: -"));
}

#[test]
fn json_for_a_task_and_a_group() {
    let t = plan_with_agent();
    let (code, out, _) = pplan(t.dir.path(), &["--json", "show", "BE-001"]);
    assert_eq!(code, Some(0));
    let v: serde_json::Value = serde_json::from_str(&out).expect("json");
    assert_eq!(v["kind"], "show-task");
    assert_eq!(v["group"]["key"], "1");
    assert_eq!(
        v["dependents"],
        serde_json::json!([{"id": "DOC-001", "status": "pending"}, {"id": "INT-001", "status": "pending"}])
    );
    assert_eq!(v["agent"]["state"], "CONTINUATION_REQUIRED");
    assert_eq!(v["agent"]["files"], serde_json::json!(["api.rs", "cart.rs", "hook.rs"]));
    assert_eq!(v["errors"][0]["error"], "timeout | 504");
    assert_eq!(v["errors"][1]["resolution"], serde_json::Value::Null);
    let (code, out, _) = pplan(t.dir.path(), &["--json", "show", "2"]);
    assert_eq!(code, Some(0));
    let v: serde_json::Value = serde_json::from_str(&out).expect("json");
    assert_eq!((v["kind"].as_str(), v["tasks_total"].as_u64()), (Some("show-group"), Some(1)));
}

#[test]
fn a_long_group_stays_under_25_lines() {
    let tasks: String = (1..=40).map(|n| format!("- [ ] T-{n:03}: Task number {n}\n")).collect();
    let plan = format!("# Task Plan: Big\n\n## Groups\n\n### Group 1: Many\n- **Status:** pending\n{tasks}");
    let done = Test::new().file("task_plan.md", plan).args(["show", "1"]).success();
    let out = String::from_utf8_lossy(&done.stdout);
    assert!(out.lines().count() < 25, "{out}");
    assert!(out.contains("  … and 30 more (pplan show 1 --json)\n"), "{out}");
}

#[test]
fn an_unknown_target_is_refused() {
    Test::new()
        .file("task_plan.md", PLAN)
        .args(["show", "NOPE"])
        .stdout("")
        .stderr(
            "error: no task or group `NOPE`\n\
             hint: usage: pplan show <TASK-ID|GROUP>; `pplan status` lists the groups\n",
        )
        .status(2);
    Test::new()
        .file("task_plan.md", PLAN)
        .args(["show", "BE-01"])
        .stderr("error: no task `BE-01`\nhint: did you mean `BE-001`, `FE-001`?\n")
        .status(2);
}

/// A task without an id is named by its position or a piece of its text in `show`; `edit` and
/// `remove` take those too, and refuse a task without an id with its line.
#[test]
fn tasks_are_named_by_position_or_text_and_id_less_ones_are_refused_by_edit_and_remove() {
    let dir = crate::harness::TempDir::new();
    let plan = "# Plan\n\n### Phase 1: Setup\n- [ ] Verify layout\n- [x] S-2: Install the tools\n";
    fs::write(dir.path().join("task_plan.md"), plan).expect("plan");
    let (code, out, _) = pplan(dir.path(), &["show", "1.1"]);
    assert_eq!((code, out.lines().next()), (Some(0), Some("Verify layout")));
    let (code, out, _) = pplan(dir.path(), &["show", "install"]);
    assert_eq!((code, out.lines().next()), (Some(0), Some("S-2: Install the tools")));
    assert_eq!(
        pplan(dir.path(), &["edit", "install", "--text", "Install the toolchain"]),
        (Some(0), "S-2: text changed\n".to_string(), String::new())
    );
    let refused = "error: the task `Verify layout` (line 4) has no id, which agents, edit and remove name tasks by\n\
                   hint: give it one on line 4, before its text: `- [ ] T-1: …`\n";
    assert_eq!(pplan(dir.path(), &["remove", "verify"]), (Some(2), String::new(), refused.to_string()));
    assert_eq!(
        fs::read_to_string(dir.path().join("task_plan.md")).expect("plan"),
        plan.replace("Install the tools", "Install the toolchain")
    );
}
