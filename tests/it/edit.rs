//! `pplan edit` and `pplan remove`: each small change gives exact bytes, and each refusal exits 2
//! with the file untouched.

use std::fs;

use crate::harness::{Test, pplan};

const PLAN: &str = "\
# Task Plan: Checkout

## Groups

### Group 1: Backend
- **Status:** in_progress
- [~] BE-001: Build the endpoints
- [ ] BE-002: Add retries
  - [ ] note the limits
- [ ] BE-003: Log requests

### Group 2: Integration
- **Status:** complete
- [x] INT-001: Wire the cart (depends on: BE-001)

### Group 3: Launch
- **Status:** pending
- [ ] L-001: Announce

## Errors Encountered
| Error | Task | Attempt | Approach | Resolution |
|-------|------|---------|----------|------------|
| timeout | BE-003 | 1 | retry | |
";

fn edited(args: &[&str], stdout: &str, from: &str, to: &str) {
    assert!(PLAN.contains(from), "{from}");
    Test::new()
        .file("task_plan.md", PLAN)
        .args(args)
        .stdout(stdout)
        .file_eq("task_plan.md", PLAN.replacen(from, to, 1))
        .success();
}

#[test]
fn reword_keeps_the_id_and_annotations() {
    edited(
        &["edit", "INT-001", "--text", "Wire  the cart\nand the API"],
        "INT-001: text changed\n",
        "INT-001: Wire the cart (depends on: BE-001)",
        "INT-001: Wire the cart and the API (depends on: BE-001)",
    );
}

#[test]
fn dependencies_set_keep_the_spelling_and_clear() {
    edited(
        &["edit", "INT-001", "--depends", "BE-001,BE-002"],
        "INT-001: depends changed\n",
        "(depends on: BE-001)",
        "(depends on: BE-001, BE-002)",
    );
    edited(&["edit", "INT-001", "--no-depends"], "INT-001: depends changed\n", " (depends on: BE-001)", "");
    edited(
        &["edit", "L-001", "--depends", "INT-001"],
        "L-001: depends changed\n",
        "- [ ] L-001: Announce",
        "- [ ] L-001: Announce (depends on: INT-001)",
    );
}

#[test]
fn move_takes_the_item_with_its_nested_lines_and_reopens_a_done_group() {
    edited(
        &["edit", "BE-002", "--group", "2"],
        "BE-002: group changed\n",
        "- [ ] BE-002: Add retries\n  - [ ] note the limits\n- [ ] BE-003: Log requests\n\n### Group 2: Integration\n- **Status:** complete\n- [x] INT-001: Wire the cart (depends on: BE-001)\n",
        "- [ ] BE-003: Log requests\n\n### Group 2: Integration\n- **Status:** in_progress\n- [x] INT-001: Wire the cart (depends on: BE-001)\n- [ ] BE-002: Add retries\n  - [ ] note the limits\n",
    );
}

#[test]
fn remove_a_task_never_started() {
    edited(&["remove", "L-001"], "removed L-001\n", "- [ ] L-001: Announce\n", "");
}

#[test]
fn remove_refuses_started_logged_or_needed_tasks_unless_forced() {
    let t = Test::new().file("task_plan.md", PLAN).file("progress_BE-002.md", "x\n");
    let dir = t.dir.path().to_path_buf();
    let refused: &[(&[&str], &str)] = &[
        (
            &["remove", "BE-001"],
            "error: `BE-001` is in_progress, is a dependency of INT-001; nothing removed\n",
        ),
        (&["remove", "BE-002"], "error: `BE-002` has agent files; nothing removed\n"),
        (&["remove", "BE-003"], "error: `BE-003` has 1 error row; nothing removed\n"),
        (&["remove", "NOPE-1"], "error: no task `NOPE-1`\n"),
    ];
    for (args, want) in refused {
        let (code, out, err) = pplan(&dir, args);
        let err = err.lines().next().map(|l| format!("{l}\n")).unwrap_or_default();
        assert_eq!((code, out.as_str(), err.as_str()), (Some(2), "", *want), "{args:?}");
        assert_eq!(fs::read_to_string(dir.join("task_plan.md")).expect("read"), PLAN);
    }
    fs::remove_file(dir.join("progress_BE-002.md")).expect("rm");
    let (code, _, err) = pplan(&dir, &["remove", "BE-002", "--force"]);
    assert_eq!(
        (code, err.lines().next()),
        (Some(2), Some("error: `BE-002` holds 1 nested tasks; nothing removed"))
    );
    let (code, out, _) = pplan(&dir, &["remove", "BE-003", "--force"]);
    assert_eq!((code, out.as_str()), (Some(0), "removed BE-003\n"));
    assert_eq!(
        fs::read_to_string(dir.join("task_plan.md")).expect("read"),
        PLAN.replacen("- [ ] BE-003: Log requests\n", "", 1)
    );
}

#[test]
fn edit_refusals_write_nothing() {
    let t = Test::new().file("task_plan.md", PLAN);
    let dir = t.dir.path().to_path_buf();
    let refused: &[(&[&str], &str)] = &[
        (&["edit", "BE-001"], "error: `edit` needs something to change\n"),
        (
            &["edit", "BE-001", "--depends", "NOPE-1"],
            "error: `BE-001` names `NOPE-1` as a dependency, which is no task\n",
        ),
        (
            &["edit", "BE-001", "--depends", "BE-001"],
            "error: `BE-001` names `BE-001` as a dependency, which is no task\n",
        ),
        (
            &["edit", "BE-001", "--depends", "INT-001"],
            "error: the change would close a dependency cycle: BE-001 → INT-001 → BE-001; nothing written\n",
        ),
        (&["edit", "BE-001", "--group", "9"], "error: no group `9`\n"),
        (
            &["edit", "BE-001", "--text", "x (files: a.rs)"],
            "error: `x (files: a.rs)` cannot be a task's text (empty, or ending with an annotation)\n",
        ),
    ];
    for (args, want) in refused {
        let (code, out, err) = pplan(&dir, args);
        let err = err.lines().next().map(|l| format!("{l}\n")).unwrap_or_default();
        assert_eq!((code, out.as_str(), err.as_str()), (Some(2), "", *want), "{args:?}");
        assert_eq!(fs::read_to_string(dir.join("task_plan.md")).expect("read"), PLAN);
    }
}

#[test]
fn a_task_row_is_reworded_escaped_but_not_moved() {
    let plan = "### Phase 1: A\n\n| # | Task | Status |\n|---|------|--------|\n| 1.1 | Define | done |\n\n### Phase 2: B\n- [ ] 2.1: x\n";
    Test::new()
        .file("task_plan.md", plan)
        .args(["edit", "1.1", "--text", "Define a | b"])
        .stdout("1.1: text changed\n")
        .file_eq("task_plan.md", plan.replace("| Define |", "| Define a \\| b |"))
        .success();
    let t = Test::new().file("task_plan.md", plan);
    let (code, _, err) = pplan(t.dir.path(), &["edit", "1.1", "--group", "2"]);
    assert_eq!(
        (code, err.lines().next()),
        (Some(2), Some("error: `1.1` is a table row or a heading; only checkbox tasks move"))
    );
}

/// `edit --group` moved a checkbox item into a group whose tasks are table rows (glued under the
/// table) or task headings (inside the last task's section, under its status line). The move is
/// refused with what the group holds, exit 2, the file untouched.
#[test]
fn a_checkbox_task_does_not_move_into_a_group_of_rows_or_headings() {
    let rows = "## Phase 1: A\n\n- [ ] T-1: one\n- [ ] T-2: two\n\n## Phase 2: B\n\n| # | Task | Status |\n|---|------|--------|\n| T-3 | three | pending |\n\n## Notes\n";
    let headings = "## Phase 1: A\n\n- [ ] T-1: one\n- [ ] T-2: two\n\n## Phase 2: B\n\n### Task 3 — three\n- **Status:** pending\n\n## Notes\n";
    for (plan, form) in [(rows, "table rows"), (headings, "task headings")] {
        Test::new()
            .file("task_plan.md", plan)
            .args(["edit", "T-2", "--group", "2"])
            .stdout("")
            .stderr(&format!(
                "error: group `2` keeps its tasks as {form}; the checkbox task `T-2` has no place among them\n\
                 hint: usage: write it there by hand, or remove it and `pplan add` it to the group\n"
            ))
            .file_eq("task_plan.md", plan)
            .status(2);
    }
}

/// Text, dependencies and group in one edit: each change is computed on the text the one
/// before it left, and the write is one.
#[test]
fn three_changes_compose_in_one_write() {
    let moved = PLAN
        .replacen("- [ ] BE-002: Add retries\n  - [ ] note the limits\n", "", 1)
        .replacen(
            "- [ ] L-001: Announce\n",
            "- [ ] L-001: Announce\n- [ ] BE-002: Add retries with backoff (depends on: BE-001)\n  - [ ] note the limits\n",
            1,
        );
    Test::new()
        .file("task_plan.md", PLAN)
        .args(["edit", "BE-002", "--text", "Add retries with backoff", "--depends", "BE-001", "--group", "3"])
        .stdout("BE-002: text, depends, group changed\n")
        .file_eq("task_plan.md", moved)
        .success();
}

/// Task headings that end with an ATX closing sequence (` #`, or `#` after a tab): the sequence
/// is no part of the title, so edits keep it after the title and its annotations; a text that
/// would end a heading in `#` is written escaped (`\#`) so that it reads back whole.
#[test]
fn task_headings_with_a_closing_sequence_are_edited_around_it() {
    let plan = "# Plan\n\n## Phase 2: Build\n\n### Task 2.1: Build #\n\n### Task 2.2: Test\t#\n\n### Task 2.3: Ship\n";
    let cases: &[(&[&str], &str, &str, &str)] = &[
        (&["edit", "2.1", "--text", "Make"], "2.1: text changed\n", "Build #", "Make #"),
        (&["edit", "2.1", "--depends", "2.3"], "2.1: depends changed\n", "Build #", "Build (depends: 2.3) #"),
        (&["edit", "2.2", "--text", "Check"], "2.2: text changed\n", "Test\t#", "Check\t#"),
        (&["edit", "2.2", "--depends", "2.3"], "2.2: depends changed\n", "Test\t#", "Test (depends: 2.3)\t#"),
        (&["edit", "2.3", "--text", "Port to C #"], "2.3: text changed\n", "Ship\n", "Port to C \\#\n"),
        (&["edit", "2.1", "--text", "Fix #"], "2.1: text changed\n", "Build #", "Fix \\# #"),
        (
            &["add", "Tag #", "--group", "2"],
            "added 2.4 to group 2 (named)\n",
            "Ship\n",
            "Ship\n\n### Task 2.4: Tag \\#\n",
        ),
    ];
    for (args, stdout, from, to) in cases {
        Test::new()
            .file("task_plan.md", plan)
            .args(*args)
            .stdout(stdout)
            .file_eq("task_plan.md", plan.replacen(from, to, 1))
            .success();
    }
    let t =
        Test::new().file("task_plan.md", plan.replacen("Ship\n", "Port to C \\#\n", 1)).args(["show", "2.3"]);
    let out = String::from_utf8_lossy(&t.success().stdout).into_owned();
    assert_eq!(out.lines().next(), Some("2.3: Port to C #"));
}
