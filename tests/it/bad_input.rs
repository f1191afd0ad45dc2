//! Bad input: a clear message, the documented exit code, and every file untouched.

use std::fs;

use crate::harness::Test;

const PLAN: &str = "# Task Plan: X\n\n## Groups\n\n### Group 1: A\n- [ ] BE-001: Build\n- [ ] BE-002: Test\n- [ ] FE-001: Page\n";

#[test]
fn invalid_utf8_is_refused_with_its_line() {
    let bytes = b"# T\n\n- [ ] A-1: ok\n\xff\xfe bad\n";
    Test::new()
        .file("task_plan.md", bytes)
        .args(["set", "A-1", "complete"])
        .stderr("error: `./task_plan.md` is not valid UTF-8 (line 4)\n")
        .file_eq("task_plan.md", bytes)
        .status(2);
}

#[test]
fn an_empty_file_is_refused() {
    Test::new()
        .file("task_plan.md", "")
        .args(["status"])
        .stderr("error: `./task_plan.md` is empty\n")
        .file_eq("task_plan.md", "")
        .status(2);
}

#[test]
fn a_binary_file_is_refused() {
    let bytes = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR";
    Test::new()
        .file("task_plan.md", bytes)
        .args(["set", "X-1", "complete"])
        .stderr("error: `./task_plan.md` is binary (NUL byte at offset 8)\n")
        .file_eq("task_plan.md", bytes)
        .status(2);
}

#[test]
fn a_directory_named_task_plan_is_refused() {
    let t = Test::new();
    fs::create_dir(t.dir.path().join("task_plan.md")).expect("mkdir");
    t.args(["status"]).stderr("error: `./task_plan.md` is not a regular file\n").status(2);
}

#[test]
fn a_file_over_the_default_limit_is_refused_without_reading_it() {
    let t = Test::new();
    // Sparse: 65 MiB on paper, nothing on disk; the size check comes before any read.
    let f = fs::File::create(t.dir.path().join("task_plan.md")).expect("create");
    f.set_len(65 * 1024 * 1024).expect("set_len");
    t.args(["status"])
        .stderr(
            "error: `./task_plan.md` is 68157440 bytes, over the limit of 67108864\n\
             hint: raise `PPLAN_MAX_FILE_BYTES` if this file is really a plan\n",
        )
        .status(2);
}

#[test]
fn the_size_limit_is_configurable() {
    Test::new()
        .file("task_plan.md", PLAN)
        .env("PPLAN_MAX_FILE_BYTES", "64")
        .args(["set", "BE-001", "complete"])
        .stderr(
            "error: `./task_plan.md` is 100 bytes, over the limit of 64\n\
             hint: raise `PPLAN_MAX_FILE_BYTES` if this file is really a plan\n",
        )
        .file_eq("task_plan.md", PLAN)
        .status(2);
}

#[test]
fn an_unknown_task_id_hints_the_nearest() {
    Test::new()
        .file("task_plan.md", PLAN)
        .args(["set", "BE-01", "complete"])
        .stderr("error: no task `BE-01`\nhint: did you mean `BE-001`, `BE-002`, `FE-001`?\n")
        .file_eq("task_plan.md", PLAN)
        .status(2);
}

#[test]
fn an_ambiguous_text_is_refused() {
    Test::new()
        .file("task_plan.md", PLAN)
        .args(["set", "--text", "e", "complete"])
        .stderr("error: `e` matches 2 tasks (lines 7, 8)\nhint: use more of the text, the task id, or its position (`2.3`: group 2, third task):\n  line 7: Test\n  line 8: Page\n")
        .file_eq("task_plan.md", PLAN)
        .status(2);
}

#[test]
fn a_duplicated_id_is_a_warning_in_status_and_refused_by_set() {
    let plan = "# T\n\n### Group 1: A\n- [ ] A-1: one\n- [x] A-1: two\n";
    let out = Test::new().file("task_plan.md", plan).args(["status"]).success();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(stdout.lines().last(), Some("warning: line 5: duplicate task id `A-1` (first at line 4)"));
    Test::new()
        .file("task_plan.md", plan)
        .args(["set", "A-1", "blocked"])
        .stderr("error: task id `A-1` is used by 2 tasks (lines 4, 5)\nhint: give the tasks distinct ids, or name the task by its position (`2.3`: group 2, third task)\n")
        .file_eq("task_plan.md", plan)
        .status(2);
}

#[test]
fn an_unknown_state_is_a_usage_error() {
    Test::new()
        .file("task_plan.md", PLAN)
        .args(["set", "BE-001", "kinda-done"])
        .stderr(
            "error: unknown state `kinda-done`\nhint: states: pending, in_progress, complete, blocked, skipped\n",
        )
        .file_eq("task_plan.md", PLAN)
        .status(2);
}

#[test]
fn no_plan_lists_the_candidates_below() {
    Test::new()
        .file("a/task_plan.md", PLAN)
        .file("b/c/task_plan.md", PLAN)
        .args(["status"])
        .stderr(
            "error: no `task_plan.md` in `.`\n\
             hint: plans found below: `a/task_plan.md`, `b/c/task_plan.md`; pass one with `-C DIR`\n",
        )
        .status(2);
}

#[test]
fn errors_are_json_on_stderr_under_json() {
    Test::new()
        .file("task_plan.md", PLAN)
        .args(["--json", "set", "NOPE-9", "complete"])
        .stdout("")
        .stderr("{\"schema_version\":1,\"kind\":\"error\",\"code\":\"unknown_task\",\"message\":\"no task `NOPE-9`\",\"hint\":\"name a task by its id, its position (`2.3`: group 2, third task) or a piece of its text\",\"exit_code\":2}\n")
        .status(2);
}

#[test]
fn argument_errors_are_json_under_json() {
    Test::new()
        .args(["--json", "set", "--group", "1", "--text", "x", "complete"])
        .stdout("")
        .stderr(
            "{\"schema_version\":1,\"kind\":\"error\",\"code\":\"usage\",\"message\":\"an argument cannot be used with one or more of the other specified arguments\",\"hint\":\"see `pplan --help`\",\"exit_code\":2}\n",
        )
        .status(2);
}

#[test]
fn a_set_without_a_state_says_what_it_needs() {
    Test::new()
        .file("task_plan.md", PLAN)
        .args(["set", "BE-001"])
        .stderr(
            "error: `set BE-001` needs a task and a state\n\
             hint: usage: pplan set <TASK> <STATE> | --group <GROUP> <STATE> | --text <SUBSTRING> <STATE>\n",
        )
        .status(2);
}

#[test]
fn usage_errors_exit_2() {
    Test::new().args(["set"]).status(2);
    Test::new().args(["frobnicate"]).status(2);
}

const GBK_PLAN: &[u8] = include_bytes!("../../fixtures/encoding/gbk_task_plan.md");

/// A plan saved in GBK (a legacy Chinese encoding) is read as the person wrote it.
#[test]
fn a_gbk_plan_is_read() {
    Test::new()
        .file("task_plan.md", GBK_PLAN)
        .args(["status"])
        .stdout(
            "plan: 旧编码的计划\ngoal: 用 GBK 编码保存的计划也要能读。\nprogress: 60% (3 of 5 tasks done, 3 groups, 0 error rows)\ncurrent: 2\ngroups:\n  1  complete     2/2  准备\n> 2  in_progress  1/2  实现\n  3  pending      0/1  发布\nin progress: -\nnext: 编写测试\n",
        )
        .file_eq("task_plan.md", GBK_PLAN)
        .success();
}

/// Writing it back would turn it into UTF-8 (or a mix of both): `set` refuses and says how to
/// convert it.
#[test]
fn a_gbk_plan_is_never_written() {
    Test::new()
        .file("task_plan.md", GBK_PLAN)
        .args(["set", "--group", "2", "complete"])
        .stdout("")
        .stderr(
            "error: `./task_plan.md` is GBK, not UTF-8: pplan reads it but writes only UTF-8 files\nhint: convert it once, then pplan can edit it: `iconv -f GBK -t UTF-8 ./task_plan.md > plan.utf8 && mv plan.utf8 ./task_plan.md`\n",
        )
        .file_eq("task_plan.md", GBK_PLAN)
        .status(2);
}
