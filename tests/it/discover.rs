//! Finding the plan the way git finds `.git`: upward to the repository root, never above the
//! home; planning-with-files' named plans (`PLAN_ID`, `.planning/.active_plan`,
//! `PWF_PLAN_ROOT`); modification times decide only reads, and say so; `init --name`.

use std::fs;
use std::path::Path;
use std::time::{Duration, SystemTime};

use crate::harness::{TempDir, pplan_env as run};
use crate::set::CANONICAL;

fn write(path: &Path, text: &str) {
    fs::create_dir_all(path.parent().expect("parent")).expect("mkdir");
    fs::write(path, text).expect("write");
}

fn plan_titled(title: &str) -> String {
    format!(
        "# Task Plan: {title}\n\n## Goal\nShip {title}.\n\n### Phase 1: Build\n- **Status:** pending\n- [ ] Build it\n"
    )
}

fn touch(path: &Path, secs_ago: u64) {
    let file = fs::File::options().write(true).open(path).expect("open");
    file.set_modified(SystemTime::now() - Duration::from_secs(secs_ago)).expect("mtime");
}

/// A project: `.git` at its root, `HOME` set to the temp dir (so the search may climb).
fn project() -> TempDir {
    let dir = TempDir::new();
    fs::create_dir_all(dir.path().join(".git")).expect("git");
    fs::create_dir_all(dir.path().join("src/deep")).expect("src");
    dir
}

fn home(dir: &TempDir) -> String {
    dir.path().display().to_string()
}

#[test]
fn status_in_a_subdirectory_reads_the_plan_at_the_repository_root() {
    let dir = project();
    write(&dir.path().join("task_plan.md"), CANONICAL);
    let home = home(&dir);
    let at_root = run(dir.path(), &["status"], &[("HOME", &home)]);
    let below = run(&dir.path().join("src/deep"), &["status"], &[("HOME", &home)]);
    assert_eq!(at_root.0, Some(0));
    assert_eq!(below, at_root);
}

#[test]
fn the_search_stops_at_the_repository_root() {
    let dir = TempDir::new();
    write(&dir.path().join("task_plan.md"), CANONICAL);
    fs::create_dir_all(dir.path().join("repo/.git")).expect("git");
    fs::create_dir_all(dir.path().join("repo/src")).expect("src");
    let (code, out, err) = run(&dir.path().join("repo/src"), &["status"], &[("HOME", &home(&dir))]);
    assert_eq!((code, out.as_str()), (Some(2), ""));
    assert_eq!(
        err,
        "error: no `task_plan.md` in `.`\nhint: run `pplan init` to start a plan, or pass `-C DIR`\n"
    );
}

#[test]
fn the_search_never_climbs_above_the_home() {
    let dir = TempDir::new();
    write(&dir.path().join("task_plan.md"), CANONICAL);
    fs::create_dir_all(dir.path().join("home/me/project")).expect("dirs");
    let home = dir.path().join("home/me").display().to_string();
    let (code, _, err) = run(&dir.path().join("home/me/project"), &["status"], &[("HOME", &home)]);
    assert_eq!(code, Some(2));
    assert_eq!(
        err,
        "error: no `task_plan.md` in `.`\nhint: run `pplan init` to start a plan, or pass `-C DIR`\n"
    );
}

#[test]
fn outside_a_repository_the_search_climbs_to_the_home() {
    let dir = TempDir::new();
    write(&dir.path().join("task_plan.md"), CANONICAL);
    fs::create_dir_all(dir.path().join("a/b")).expect("dirs");
    let (code, out, _) = run(&dir.path().join("a/b"), &["status"], &[("HOME", &home(&dir))]);
    assert_eq!(code, Some(0));
    assert!(out.starts_with("plan: Checkout service\n"), "{out}");
}

#[test]
fn a_plan_file_is_accepted_for_dash_c() {
    let dir = TempDir::new();
    write(&dir.path().join("docs/task_plan.md"), CANONICAL);
    let (code, out, err) = run(dir.path(), &["-C", "docs/task_plan.md", "status"], &[]);
    assert_eq!((code, err.as_str()), (Some(0), ""));
    assert_eq!(out, run(dir.path(), &["-C", "docs", "status"], &[]).1);
}

/// Two named plans, `beta` modified last.
fn two_named() -> TempDir {
    let dir = project();
    write(&dir.path().join(".planning/alpha/task_plan.md"), &plan_titled("alpha"));
    write(&dir.path().join(".planning/beta/task_plan.md"), &plan_titled("beta"));
    touch(&dir.path().join(".planning/alpha/task_plan.md"), 600);
    dir
}

fn first_line(out: &str) -> &str {
    out.lines().next().unwrap_or_default()
}

#[test]
fn plan_id_selects_the_named_plan() {
    let dir = two_named();
    let home = home(&dir);
    let (code, out, err) =
        run(&dir.path().join("src"), &["status"], &[("HOME", &home), ("PLAN_ID", "alpha")]);
    assert_eq!((code, first_line(&out)), (Some(0), "plan: alpha"));
    assert_eq!(err, "note: plan `../.planning/alpha` (PLAN_ID); 2 plans here, `pplan list` shows them\n");
}

#[test]
fn a_plan_id_that_names_no_plan_is_refused_not_replaced() {
    let dir = two_named();
    let (code, out, err) = run(dir.path(), &["status"], &[("HOME", &home(&dir)), ("PLAN_ID", "gamma")]);
    assert_eq!((code, out.as_str()), (Some(2), ""));
    assert_eq!(
        err,
        "error: PLAN_ID `gamma` names no plan: no `./.planning/gamma/task_plan.md`\n\
         hint: fix the pin, or unset it; `pplan list` shows the plans there are\n"
    );
}

#[test]
fn the_active_plan_pointer_selects_even_with_a_byte_order_mark_and_crlf() {
    let dir = two_named();
    fs::write(dir.path().join(".planning/.active_plan"), "\u{feff}alpha\r\n").expect("pointer");
    let (code, out, err) =
        run(dir.path(), &["set", "--dry-run", "--group", "1", "complete"], &[("HOME", &home(&dir))]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.starts_with("--- a/task_plan.md"), "{out}");
    assert_eq!(
        err,
        "note: plan `./.planning/alpha` (.planning/.active_plan); 2 plans here, `pplan list` shows them\n"
    );
}

#[test]
fn only_modification_times_choose_a_read_takes_the_newest_and_says_so() {
    let dir = two_named();
    let home = home(&dir);
    let (code, out, err) = run(dir.path(), &["status"], &[("HOME", &home)]);
    assert_eq!((code, first_line(&out)), (Some(0), "plan: beta"));
    assert_eq!(
        err,
        "note: plan `./.planning/beta` (the newest of 2 plans by modification time); 2 plans here, `pplan list` shows them\n"
    );
    // Under --json the choice is a field of the result, never a line on stderr.
    let (code, out, err) = run(dir.path(), &["--json", "waves"], &[("HOME", &home)]);
    assert_eq!((code, err.as_str()), (Some(0), ""));
    let json: serde_json::Value = serde_json::from_str(&out).expect("json");
    assert_eq!(json["plan_dir"], "./.planning/beta");
    assert_eq!(json["plan_why"], "the newest of 2 plans by modification time");
}

#[test]
fn only_modification_times_choose_a_write_refuses_with_the_list() {
    let dir = two_named();
    let before = fs::read(dir.path().join(".planning/beta/task_plan.md")).expect("read");
    let (code, out, err) = run(dir.path(), &["set", "--group", "1", "complete"], &[("HOME", &home(&dir))]);
    assert_eq!((code, out.as_str()), (Some(2), ""));
    assert_eq!(
        err,
        "error: 2 plans, and only modification times would choose between them\n\
         hint: choose one with `PLAN_ID=<id>`, `.planning/.active_plan` or `-C DIR`: \
         `./.planning/alpha`, `./.planning/beta`\n"
    );
    assert_eq!(fs::read(dir.path().join(".planning/beta/task_plan.md")).expect("read"), before);
}

#[test]
fn pwf_plan_root_pins_the_project_root() {
    let dir = two_named();
    let other = TempDir::new();
    let root = dir.path().display().to_string();
    let (code, out, _) = run(other.path(), &["status"], &[("PWF_PLAN_ROOT", &root), ("PLAN_ID", "beta")]);
    assert_eq!((code, first_line(&out)), (Some(0), "plan: beta"));
}

#[test]
fn a_root_plan_beside_named_plans_is_used_and_named() {
    let dir = two_named();
    write(&dir.path().join("task_plan.md"), CANONICAL);
    let (code, out, err) = run(dir.path(), &["status"], &[("HOME", &home(&dir))]);
    assert_eq!((code, first_line(&out)), (Some(0), "plan: Checkout service"));
    assert_eq!(err, "note: plan `.` (the current directory); 3 plans here, `pplan list` shows them\n");
}

#[test]
fn init_name_creates_a_named_plan_and_makes_it_active() {
    let dir = project();
    let home = home(&dir);
    let (code, out, err) =
        run(&dir.path().join("src/deep"), &["init", "--name", "api-v2"], &[("HOME", &home)]);
    assert_eq!((code, err.as_str()), (Some(0), ""));
    assert_eq!(
        out,
        "created task_plan.md, findings.md, progress.md and .pplan/ in ../../.planning/api-v2 (the active plan)\n"
    );
    let plan = fs::read_to_string(dir.path().join(".planning/api-v2/task_plan.md")).expect("plan");
    assert!(plan.starts_with("# Task Plan: api-v2\n"), "{plan}");
    assert_eq!(fs::read_to_string(dir.path().join(".planning/.active_plan")).expect("pointer"), "api-v2\n");
    // A second named plan becomes the active one; the first is kept.
    let (code, _, _) = run(dir.path(), &["init", "--name", "docs"], &[("HOME", &home)]);
    assert_eq!(code, Some(0));
    assert_eq!(fs::read_to_string(dir.path().join(".planning/.active_plan")).expect("pointer"), "docs\n");
    let (code, out, _) = run(&dir.path().join("src"), &["status"], &[("HOME", &home)]);
    assert_eq!((code, first_line(&out)), (Some(0), "plan: docs"));
    // Never overwrites.
    let (code, _, err) = run(dir.path(), &["init", "--name", "docs"], &[("HOME", &home)]);
    assert_eq!(code, Some(2));
    assert_eq!(err, "error: `./.planning/docs/task_plan.md` already exists\n");
}

#[test]
fn init_name_refuses_a_name_that_is_a_path() {
    let dir = project();
    let (code, _, err) = run(dir.path(), &["init", "--name", "../x"], &[("HOME", &home(&dir))]);
    assert_eq!(code, Some(2));
    assert_eq!(
        err,
        "error: `../x` is not a plan name\n\
         hint: usage: pplan init --name <NAME> (letters, digits, `-`, `_`, `.`; not starting with a dot)\n"
    );
    assert!(!dir.path().join(".planning").exists());
}

#[test]
fn check_in_a_subdirectory_checks_the_plan_at_the_repository_root() {
    let dir = project();
    write(
        &dir.path().join("task_plan.md"),
        "# Task Plan: x\n\n### Phase 1: Build\n- [ ] A-1: a\n- [ ] A-1: b\n",
    );
    let home = home(&dir);
    let at_root = run(dir.path(), &["check"], &[("HOME", &home)]);
    let below = run(&dir.path().join("src/deep"), &["check"], &[("HOME", &home)]);
    assert_eq!(at_root.0, Some(1), "a duplicate id fails check: {at_root:?}");
    assert!(at_root.1.contains("task_plan.md:5:"), "{at_root:?}");
    // The same diagnostics, the file named by its path from where check ran.
    assert_eq!(below.0, Some(1));
    assert_eq!(below.1, at_root.1.replace("task_plan.md:", "../../task_plan.md:"));
}
