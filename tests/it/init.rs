//! `pplan init`: the three files and `.pplan/`, never overwriting.

use std::fs;

use crate::harness::Test;

#[test]
fn init_writes_the_templates_and_state_dir() {
    let done = Test::new()
        .args(["init", "--title", "Checkout  service", "--goal", "Ship a checkout\nAPI"])
        .stdout("created task_plan.md, findings.md, progress.md and .pplan/\n")
        .success();
    let dir = done.dir.path();
    let plan = fs::read_to_string(dir.join("task_plan.md")).expect("plan");
    let template = include_str!("../../templates/task_plan.md")
        .replace("{{title}}", "Checkout service")
        .replace("{{goal}}", "Ship a checkout API");
    assert_eq!(plan, template);
    assert_eq!(
        fs::read_to_string(dir.join("findings.md")).expect("f"),
        include_str!("../../templates/findings.md")
    );
    assert_eq!(
        fs::read_to_string(dir.join("progress.md")).expect("p"),
        include_str!("../../templates/progress.md")
    );
    assert_eq!(fs::read_to_string(dir.join(".pplan/.gitignore")).expect("ignore"), "*\n");
}

#[test]
fn init_then_status_reads_the_fresh_plan() {
    let done = Test::new().args(["init", "--title", "Checkout", "--goal", "Ship it"]).success();
    let out = crate::harness::run_in(done.dir.path(), &["status".into()], &[]);
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "plan: Checkout\ngoal: Ship it\nprogress: no tasks and no groups, 0 error rows\n\
         current: (no groups)\nin progress: -\nnext: -\n\
         warning: line 1: pplan sees no groups and no tasks in this plan; groups are headings, list items or table rows such as `### Phase 1: …`, tasks are checkboxes (docs/FORMAT.md)\n"
    );
}

#[test]
fn init_never_overwrites() {
    Test::new()
        .file("progress.md", "mine\n")
        .args(["init"])
        .stderr("error: `./progress.md` already exists\n")
        .file_eq("progress.md", "mine\n")
        .status(2);
}

#[test]
fn init_refuses_before_writing_anything() {
    let done = Test::new().file("findings.md", "mine\n").args(["init"]).status(2);
    let dir = done.dir.path();
    assert!(!dir.join("task_plan.md").exists());
    assert!(!dir.join("progress.md").exists());
}

#[test]
fn init_dry_run_writes_nothing() {
    let done = Test::new()
        .args(["init", "--dry-run"])
        .stdout("would create task_plan.md, findings.md, progress.md and .pplan/\n")
        .success();
    assert_eq!(fs::read_dir(done.dir.path()).expect("dir").count(), 0);
}
