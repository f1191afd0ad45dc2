//! `pplan next`: the next ready task, one line; claims.

use crate::harness::Test;

const PLAN: &str = "# Task Plan: Checkout

## Groups

### Group 1: Backend
- **Status:** in_progress
- [x] BE-001: Build the payment endpoints
- [ ] BE-002: Build refunds (depends: BE-001)
- [ ] BE-003: Build receipts (depends: BE-002)
- [ ] BE-004: Build the audit log

### Group 2: Frontend
- **Status:** pending
- [ ] FE-001: Build the cart page
";

#[test]
fn the_first_ready_task_of_the_working_group() {
    Test::new()
        .file("task_plan.md", PLAN)
        .args(["next"])
        .stdout("BE-002: Build refunds (group 1; 1 more ready)\n")
        .file_eq("task_plan.md", PLAN)
        .success();
}

#[test]
fn nothing_ready_names_what_is_in_progress_and_exits_5() {
    let plan = PLAN.replace("- [ ] BE-002", "- [~] BE-002").replace("- [ ] BE-004", "- [~] BE-004");
    Test::new()
        .file("task_plan.md", plan)
        .args(["next"])
        .stdout("nothing ready in group 1: in progress: BE-002, BE-004\n")
        .status(5);
}

#[test]
fn a_group_whose_tasks_are_done_is_settled_without_an_orchestrator() {
    let plan = PLAN.replace("- [ ]", "- [x]").replace("- [x] FE-001", "- [ ] FE-001");
    Test::new()
        .file("task_plan.md", plan)
        .args(["next"])
        .stdout("FE-001: Build the cart page (group 2)\n")
        .success();
}

#[test]
fn a_red_gate_holds_its_group() {
    let plan = PLAN.replace("- [ ]", "- [x]").replace("- [x] FE-001", "- [ ] FE-001")
        + "\n## Errors Encountered\n| Error | Task | Attempt | Approach | Resolution |\n|---|---|---|---|---|\n| 2 tests failed | gate-1 | 1 | cargo test | |\n";
    Test::new()
        .file("task_plan.md", plan)
        .args(["next"])
        .stdout("nothing ready in group 1: its gate failed (strike 1 of 3: 2 tests failed); it needs a fix task\n")
        .status(5);
}

#[test]
fn all_done() {
    Test::new()
        .file("task_plan.md", PLAN.replace("- [ ]", "- [x]"))
        .args(["next"])
        .stdout("nothing left: every task is done\n")
        .success();
}

#[test]
fn json() {
    Test::new()
        .file("task_plan.md", PLAN)
        .args(["--json", "next"])
        .stdout(
            "{\"schema_version\":1,\"kind\":\"next\",\"task\":{\"id\":\"BE-002\",\"text\":\"Build refunds\",\"line\":8},\
             \"group\":\"1\",\"ready_total\":2,\"in_progress_total\":0,\"all_done\":false}\n",
        )
        .success();
}
