//! Plans kept by hand: no task ids, no agents, the person's own words (issue S). Fixtures are
//! written here in the three shapes people use: a canonical plan without ids, a Chinese plan with
//! `**状态：**` lines, and a table of phases.

use crate::harness::{Test, plan_status_json, pplan};

pub const CANONICAL: &str = "# Task Plan: Photo gallery

## Goal
A static photo gallery that loads fast on phones.

## Current Phase
Phase 2

## Phases

### Phase 1: Setup
- **Status:** complete
- [x] Create the repository
- [x] Pick a static site generator

### Phase 2: Layout
- **Status:** started, waiting on Jacob
- [x] Sketch the grid
- [ ] Verify layout on mobile
- [ ] Verify layout on desktop
- [ ] Write the **caption** styles

### Phase 3: Publish
- **Status:** pending
- [ ] Set up hosting
- [ ] Point the domain

## Decisions Made
| Decision | Rationale |
|----------|-----------|
|  |  |

## Errors Encountered
| Error | Attempt | Resolution |
|-------|---------|------------|
";

pub const CHINESE: &str = "# 任务计划：博客迁移

## 目标
把旧博客迁移到新平台。

## 当前阶段
阶段 2

### 阶段 1：准备
**状态：** 已完成
- [x] 导出旧文章
- [x] 选择新平台

### 阶段 2：迁移
**状态：** 开发中
- [x] 转换文章格式
- [ ] 迁移图片
- [?] 检查链接

### 阶段 3：上线
**状态：** 待开始
- [ ] 切换域名
";

pub const TABLE: &str = "# Plan: Home server

## Goal
Move the home services onto one small server.

## Phases

| Phase | Description | Status |
|-------|-------------|--------|
| 1 | Buy hardware | ✅ Complete |
| 2 | Install the OS | ✅ Complete |
| 3 | Move the NAS | 🔄 In Progress |
| 4 | Move the media server | ⏳ Pending |
| 5 | Backups | ⏳ Pending |
";

// 1. Tasks without ids: by text, by position, refusals that say what to do.

#[test]
fn set_names_a_task_by_a_piece_of_its_text_in_any_case() {
    Test::new()
        .file("task_plan.md", CANONICAL)
        .args(["set", "layout on MOBILE", "complete"])
        .stdout("\"Verify layout on mobile\": pending → complete\n")
        .file_eq(
            "task_plan.md",
            CANONICAL.replace("- [ ] Verify layout on mobile", "- [x] Verify layout on mobile"),
        )
        .success();
}

#[test]
fn set_names_a_task_by_its_position() {
    Test::new()
        .file("task_plan.md", CANONICAL)
        .args(["set", "2.3", "in_progress"])
        .stdout("\"Verify layout on desktop\": pending → in_progress\n")
        .file_eq(
            "task_plan.md",
            CANONICAL.replace("- [ ] Verify layout on desktop", "- [~] Verify layout on desktop"),
        )
        .success();
}

#[test]
fn an_ambiguous_piece_of_text_is_refused_with_each_match_and_its_line() {
    Test::new()
        .file("task_plan.md", CANONICAL)
        .args(["set", "Verify layout", "complete"])
        .stderr(
            "error: `Verify layout` matches 2 tasks (lines 19, 20)\n\
             hint: use more of the text, the task id, or its position (`2.3`: group 2, third task):\n  \
             line 19: Verify layout on mobile\n  \
             line 20: Verify layout on desktop\n",
        )
        .file_eq("task_plan.md", CANONICAL)
        .status(2);
}

#[test]
fn a_task_argument_that_is_a_group_says_so() {
    for arg in ["3", "Phase 3"] {
        Test::new()
            .file("task_plan.md", CANONICAL)
            .args(["set", arg, "complete"])
            .stderr(&format!(
                "error: no task `{arg}`\n\
                 hint: `3` is a group: name it with `--group 3`; a task is named by its id, its position (`3.1`) or a piece of its text\n"
            ))
            .file_eq("task_plan.md", CANONICAL)
            .status(2);
    }
    Test::new()
        .file("task_plan.md", CANONICAL)
        .args(["set", "9.9", "complete"])
        .stderr(
            "error: no task `9.9`\n\
             hint: name a task by its id, its position (`2.3`: group 2, third task) or a piece of its text\n",
        )
        .status(2);
}

#[test]
fn error_records_and_resolves_a_task_without_an_id_by_its_text() {
    let done = Test::new()
        .file("task_plan.md", CANONICAL)
        .args(["error", "on mobile", "--error", "grid overflows", "--approach", "css grid"])
        .stdout("Verify layout on mobile: strike 1 of 3 recorded; next time, a different approach\n")
        .file_eq(
            "task_plan.md",
            format!("{CANONICAL}| Verify layout on mobile: grid overflows (approach: css grid) | 1 |  |\n"),
        )
        .success();
    let dir = done.dir.path();
    let (code, out, err) =
        crate::harness::pplan(dir, &["error", "2.2", "--approach", "css grid", "--error", "again"]);
    assert_eq!((code, out.as_str()), (Some(2), ""), "{err}");
    assert_eq!(
        err,
        "error: `Verify layout on mobile` already failed with this approach (strike 1)\nhint: never repeat a failed action: mutate the approach (different tool, input or method)\n"
    );
    let (code, out, _) =
        crate::harness::pplan(dir, &["error", "layout on mobile", "--resolve", "used minmax()"]);
    assert_eq!((code, out.as_str()), (Some(0), "Verify layout on mobile: latest error resolved\n"));
    assert_eq!(
        std::fs::read_to_string(dir.join("task_plan.md")).expect("plan"),
        format!(
            "{CANONICAL}| Verify layout on mobile: grid overflows (approach: css grid) | 1 | used minmax() |\n"
        )
    );
}

// 2. An unknown checkbox mark is a task with an unknown status: counted, shown, named.

#[test]
fn an_unknown_checkbox_mark_is_counted_named_and_can_be_set() {
    Test::new()
        .file("task_plan.md", CHINESE)
        .args(["status"])
        .stdout(
            "plan: 博客迁移\n\
             goal: 把旧博客迁移到新平台。\n\
             progress: 50% (3 of 6 tasks done, 3 groups, 0 error rows)\n\
             current: 2\n\
             groups:\n  \
             1  complete     2/2  准备\n\
             > 2  in_progress  1/3  迁移\n  \
             3  pending      0/1  上线\n\
             in progress: -\n\
             next: 迁移图片\n\
             warning: line 18: task `检查链接` has a checkbox mark pplan does not know, `[?]`: its status is unknown (counted as not done)\n",
        )
        .success();
    Test::new()
        .file("task_plan.md", CHINESE)
        .args(["check"])
        .stdout(
            "task_plan.md:18:1: warning[unknown-mark]: `[?]` is no checkbox mark pplan knows; the task's status is unknown (counted as not done); marks: [ ] [~] [x] [!] [-]\n\
             checked 1 file: 0 errors, 1 warning\n\
             a rule's severity is set in pplan.yaml beside the plan: `checks: {unknown-mark: off|warning|error}`\n",
        )
        .success();
    Test::new()
        .file("task_plan.md", CHINESE)
        .args(["set", "2.3", "complete"])
        .stdout("\"检查链接\": [?] → complete\n")
        .file_eq("task_plan.md", CHINESE.replace("- [?] 检查链接", "- [x] 检查链接"))
        .success();
}

// 5. A hand-kept plan is not judged by agent rules; every rule names its setting.

#[test]
fn a_same_group_dependency_in_a_plan_without_agents_is_a_warning() {
    let plan =
        "# Plan\n\n## Goal\nShip.\n\n### Phase 1: Build\n- [ ] T-1: Schema\n- [ ] T-2: API (depends: T-1)\n";
    Test::new()
        .file("task_plan.md", plan)
        .args(["check"])
        .stdout(
            "task_plan.md:8:1: warning[same-group-dependency]: `T-2` depends on `T-1` in the same group 1; agents would run them in parallel\n\
             checked 1 file: 0 errors, 1 warning\n\
             a rule's severity is set in pplan.yaml beside the plan: `checks: {same-group-dependency: off|warning|error}`\n",
        )
        .success();
}

// 6. An empty plan fails the check.

#[test]
fn an_empty_plan_fails_the_check() {
    Test::new()
        .file("task_plan.md", "")
        .args(["check"])
        .stdout(
            "task_plan.md:1:1: error[empty-plan]: task_plan.md is empty\n\
             checked 1 file: 1 error, 0 warnings\n\
             a rule's severity is set in pplan.yaml beside the plan: `checks: {empty-plan: off|warning|error}`\n",
        )
        .status(1);
}

// 3. A group's status line in the person's words is edited, never doubled.

#[test]
fn set_group_edits_the_persons_status_words_and_keeps_the_rest() {
    Test::new()
        .file("task_plan.md", CANONICAL)
        .args(["set", "--group", "2", "blocked"])
        .stdout("group 2: in_progress → blocked\n")
        .file_eq(
            "task_plan.md",
            CANONICAL.replace(
                "- **Status:** started, waiting on Jacob",
                "- **Status:** blocked, waiting on Jacob",
            ),
        )
        .success();
    let code_span = CANONICAL.replace("started, waiting on Jacob", "`unblocked`");
    Test::new()
        .file("task_plan.md", &code_span)
        .args(["set", "--group", "Phase 2", "in_progress"])
        .file_eq("task_plan.md", code_span.replace("`unblocked`", "`in_progress`"))
        .success();
}

#[test]
fn a_chinese_status_line_is_edited_in_chinese_and_a_new_one_copies_its_label() {
    Test::new()
        .file("task_plan.md", CHINESE)
        .args(["set", "--group", "2", "complete"])
        .stdout(
            "group 2: in_progress → complete\n\
             warning: 2 of group 2's 3 tasks are open; `pplan check` reports a group marked complete with open tasks (complete-with-open-tasks)\n",
        )
        .file_eq("task_plan.md", CHINESE.replace("**状态：** 开发中", "**状态：** 已完成"))
        .success();
    // Words pplan does not know, and no spelling of the state yet: the label's language.
    let unknown = CHINESE.replace("**状态：** 已完成", "**状态：** 搞定").replace("**状态：** 待开始\n", "");
    Test::new()
        .file("task_plan.md", &unknown)
        .args(["set", "--group", "2", "complete"])
        .file_eq("task_plan.md", unknown.replace("**状态：** 开发中", "**状态：** 已完成"))
        .success();
    // A group without a status line gets one with the file's label, and the file's own
    // spelling of the state (`开发中`, group 2's).
    Test::new()
        .file("task_plan.md", &unknown)
        .args(["set", "--group", "3", "in_progress"])
        .stdout("group 3: pending → in_progress\n")
        .file_eq(
            "task_plan.md",
            unknown.replace("### 阶段 3：上线\n", "### 阶段 3：上线\n**状态：** 开发中\n"),
        )
        .success();
    // With no spelling of the state in the file: the label's language.
    let unspelled = unknown.replace("**状态：** 开发中", "**状态：** 搞定");
    Test::new()
        .file("task_plan.md", &unspelled)
        .args(["set", "--group", "3", "in_progress"])
        .file_eq(
            "task_plan.md",
            unspelled.replace("### 阶段 3：上线\n", "### 阶段 3：上线\n**状态：** 进行中\n"),
        )
        .success();
}

// 4. A group set complete with open tasks: said at `set`.

#[test]
fn set_group_complete_with_open_tasks_warns_and_the_json_says_it() {
    let done = Test::new()
        .file("task_plan.md", CANONICAL)
        .args(["--json", "set", "--group", "3", "complete"])
        .file_eq("task_plan.md", CANONICAL.replace("- **Status:** pending", "- **Status:** complete"))
        .success();
    let json: serde_json::Value = serde_json::from_slice(&done.stdout).expect("json");
    assert_eq!(
        json["warning"],
        "2 of group 3's 2 tasks are open; `pplan check` reports a group marked complete with open tasks (complete-with-open-tasks)"
    );
}

// 7. Appends go where a person would put them.

#[test]
fn decide_fills_an_empty_placeholder_row() {
    Test::new()
        .file("task_plan.md", CANONICAL)
        .args(["decide", "Use a CSS grid", "--why", "Fewer media queries"])
        .stdout("decision recorded in task_plan.md\n")
        .file_eq("task_plan.md", CANONICAL.replace("|  |  |\n", "| Use a CSS grid | Fewer media queries |\n"))
        .success();
}

const PROGRESS: &str = "# Progress Log

## Session: 2026-05-18

### Phase 1: Setup
- **Status:** complete
- Actions taken:
  - Created the repository

## Test Results
| Test | Expected | Actual | Status |
|------|----------|--------|--------|

## 5-Question Reboot Check
| Question | Answer |
|----------|--------|
| Where am I? | Phase 2 |
";

/// The entry's `### <stamp>` line, whatever the clock said.
fn unstamped(text: &str) -> String {
    text.lines()
        .map(|l| if l.starts_with("### 20") && l.ends_with('Z') { "### STAMP" } else { l })
        .map(|l| format!("{l}\n"))
        .collect()
}

#[test]
fn checkpoint_goes_to_the_session_log_not_under_the_reboot_check() {
    let done = Test::new()
        .file("task_plan.md", CANONICAL)
        .file("progress.md", PROGRESS)
        .args(["checkpoint", "Sketched the grid"])
        .stdout("checkpoint in progress.md\n")
        .success();
    let got = std::fs::read_to_string(done.dir.path().join("progress.md")).expect("progress");
    assert_eq!(
        unstamped(&got),
        PROGRESS.replace(
            "  - Created the repository\n\n",
            "  - Created the repository\n\n### STAMP\nSketched the grid\n\n"
        )
    );
    // No session section: before the reference sections the template ends with.
    let bare = PROGRESS.replace("## Session: 2026-05-18\n\n", "");
    let done = Test::new()
        .file("task_plan.md", CANONICAL)
        .file("progress.md", &bare)
        .args(["checkpoint", "Sketched the grid"])
        .success();
    let got = std::fs::read_to_string(done.dir.path().join("progress.md")).expect("progress");
    assert_eq!(
        unstamped(&got),
        bare.replace("## Test Results\n", "### STAMP\nSketched the grid\n\n## Test Results\n")
    );
}

// 8. `reboot` answers from what a hand-kept plan holds.

#[test]
fn reboot_of_a_plan_without_agents_names_the_next_task_and_the_groups_done() {
    Test::new()
        .file("task_plan.md", CANONICAL)
        .file(
            "findings.md",
            "# Findings & Decisions\n<!-- Update after every 2 view/browser actions. -->\n\n## Requirements\n- Loads under 1 s on 3G\n\n## Research Findings\n- Hugo builds 10x faster than Jekyll here\n- CSS grid needs a fallback for Safari 10\n\n## Resources\n- -\n",
        )
        .args(["reboot"])
        .stdout(
            "Where am I? group 2: Layout (in_progress, 1/4 done)\n\
             Where am I going? group 3: Publish (pending, 0/2 done)\n\
             What's the goal? A static photo gallery that loads fast on phones.\n\
             What have I learned?\n  \
             CSS grid needs a fallback for Safari 10\n  \
             Hugo builds 10x faster than Jekyll here\n  \
             Loads under 1 s on 3G\n\
             What have I done?\n  \
             3/8 tasks done, 1/3 groups done\n  \
             groups done: 1 Setup\n  \
             latest complete: Sketch the grid, Pick a static site generator, Create the repository\n\
             What am I about to do? next: Verify layout on mobile, Verify layout on desktop, Write the **caption** styles (group 2)\n",
        )
        .success();
    // A table of phases: groups without tasks; no findings.md at all is no gap.
    Test::new()
        .file("task_plan.md", TABLE)
        .args(["reboot"])
        .stdout(
            "Where am I? group 3: Move the NAS (in_progress, 0/0 done)\n\
             Where am I going?\n  \
             group 4: Move the media server (pending, 0/0 done)\n  \
             group 5: Backups (pending, 0/0 done)\n\
             What's the goal? Move the home services onto one small server.\n\
             What have I learned? nothing recorded yet\n\
             What have I done?\n  \
             2/5 groups done\n  \
             groups done: 1 Buy hardware, 2 Install the OS\n\
             What am I about to do? finish group 3: Move the NAS\n",
        )
        .success();
    // Later groups already done or skipped: this is the last open one, not the last.
    let deferred = TABLE
        .replace("| 4 | Move the media server | ⏳ Pending |", "| 4 | Move the media server | ✅ Complete |")
        .replace("| 5 | Backups | ⏳ Pending |", "| 5 | Backups | Skipped |");
    let done = Test::new().file("task_plan.md", &deferred).args(["reboot"]).success();
    assert_eq!(
        String::from_utf8_lossy(&done.stdout).lines().nth(1),
        Some("Where am I going? this is the last open group (2 groups after it done or skipped)")
    );
}

// 9. The current group finished: next is the first open task from there, and check warns.

#[test]
fn next_comes_from_the_plan_when_the_stated_current_group_is_finished() {
    let plan = CANONICAL
        .replace("- **Status:** started, waiting on Jacob", "- **Status:** complete")
        .replace("- **Status:** pending", "- **Status:** complete");
    let done = Test::new().file("task_plan.md", &plan).args(["status"]).success();
    let out = String::from_utf8_lossy(&done.stdout).into_owned();
    assert_eq!(
        out.lines().find(|l| l.starts_with("next: ")),
        Some("next: Verify layout on mobile · Verify layout on desktop · Write the **caption** styles")
    );
    let done = Test::new().file("task_plan.md", &plan).args(["check"]).status(1);
    assert_eq!(
        String::from_utf8_lossy(&done.stdout),
        "task_plan.md:7:1: warning[current-group]: current group 2 is already complete\n\
         task_plan.md:16:1: error[complete-with-open-tasks]: group 2 is marked complete but 3 of 4 tasks are open\n\
         task_plan.md:23:1: error[complete-with-open-tasks]: group 3 is marked complete but 2 of 2 tasks are open\n\
         checked 1 file: 2 errors, 1 warning\n\
         a rule's severity is set in pplan.yaml beside the plan: `checks: {complete-with-open-tasks: off|warning|error, current-group: off|warning|error}`\n"
    );
}

// 10. `watch` without agent talk; resolved errors out; `Next:` from the plan.

#[test]
fn the_watch_frame_of_a_plan_without_agents() {
    use pplan::views::watch::{Style, View, frame};
    let dir = crate::harness::TempDir::new();
    let plan = format!(
        "{CANONICAL}| Verify layout on mobile: grid overflows (approach: css grid) | 1 | used minmax() |\n\
         | Verify layout on mobile: fonts blur | 2 |  |\n"
    );
    std::fs::write(dir.path().join("task_plan.md"), plan).expect("plan");
    let store = pplan::store::Store::new(dir.path().to_path_buf(), pplan::store::Limits::from_env());
    let view = View::load(&store).expect("view");
    let mut lines = frame(&view, 90, Style { color: false });
    lines.pop(); // `updated <now> · q or Ctrl-C quits`
    assert_eq!(
        lines.join("\n"),
        "pplan watch: Photo gallery\n\
         Goal: A static photo gallery that loads fast on phones.\n\
         3 of 8 tasks done · 0 in progress · 0 blocked · 5 pending\n\
         \n  \
         1 Setup                      ████████████████████████████████████       2/2  complete\n\
         ▶ 2 Layout                     █████████░░░░░░░░░░░░░░░░░░░░░░░░░░░       1/4  in_progress\n  \
         3 Publish                    ░░░░░░░░░░░░░░░░░░░░░░░░░░░░░░░░░░░░       0/2  pending\n\
         \n\
         Errors (1 open, 1 resolved, latest last):\n  \
         Verify layout on mobile: fonts blur (strike 2)\n\
         \n\
         Next: Verify layout on mobile (and 2 more ready)\n"
    );
}

// 11. The report renders a person's inline markdown, drops comments, says when there are no
// dependencies, and names the plan's language.

#[test]
fn the_report_of_hand_kept_plans() {
    let plan = CANONICAL.replace(
        "- [x] Create the repository",
        "- [x] **Done 2026-05-18** Create the `gallery` repo ([notes](docs/notes.md)) ~~on GitLab~~ <b>x</b>",
    );
    let done = Test::new()
        .file("task_plan.md", &plan)
        .file("findings.md", "# Findings\n<!-- Update after every 2 view actions -->\n\n## Research Findings\n- Hugo is fast <!-- checked twice -->\n")
        .args(["report", "--html"])
        .success();
    let html = String::from_utf8_lossy(&done.stdout).into_owned();
    let line = |prefix: &str| html.lines().find(|l| l.starts_with(prefix)).unwrap_or("").to_string();
    assert_eq!(line("<html"), "<html lang=\"en\">");
    assert_eq!(
        line("<tr><td class=\"id\"></td><td><strong>"),
        "<tr><td class=\"id\"></td><td><strong>Done 2026-05-18</strong> Create the <code>gallery</code> repo (<a href=\"docs/notes.md\">notes</a>) <del>on GitLab</del> &lt;b&gt;x&lt;/b&gt;</td><td>1</td><td><span class=\"pill complete\">complete</span></td><td></td></tr>"
    );
    assert_eq!(
        line("<p class=\"none\">No task"),
        "<p class=\"none\">No task depends on another: 8 tasks can run in any order.</p>"
    );
    assert!(!html.contains("<svg"), "no waves drawn without dependencies");
    assert!(!html.contains("Update after") && !html.contains("checked twice"), "comments are dropped");
    assert_eq!(line("<li>"), "<li>Hugo is fast</li>");
    let done = Test::new().file("task_plan.md", CHINESE).args(["report", "--html"]).success();
    let html = String::from_utf8_lossy(&done.stdout).into_owned();
    assert!(html.starts_with("<!DOCTYPE html>\n<html lang=\"zh\">\n"));
    assert!(html.contains("'PingFang SC', 'Hiragino Sans', 'Microsoft YaHei', 'Noto Sans CJK SC'"));
    let done = Test::new().file("task_plan.md", TABLE).args(["report", "--html"]).success();
    let html = String::from_utf8_lossy(&done.stdout).into_owned();
    assert_eq!(
        html.lines().find(|l| l.starts_with("<p class=\"summary\">")),
        Some(
            "<p class=\"summary\"><span class=\"pill in_progress\">in progress</span> <span class=\"figures\">2 of 5 groups done (40%) · current group 3: Move the NAS</span></p>"
        )
    );
}

// 13. `-C` takes a plan file; `status DIR` works as `check DIR` does; no empty candidate list.

#[test]
fn a_plan_is_named_by_its_file_or_its_directory() {
    let t = Test::new().file("docs/task_plan.md", TABLE).file("docs/notes.md", "# Notes\n");
    let dir = t.dir.path().to_path_buf();
    let head = |args: &[&str]| {
        let (code, out, err) = crate::harness::pplan(&dir, args);
        (code, out.lines().next().unwrap_or("").to_string(), err)
    };
    let plan_line = (Some(0), "plan: Plan: Home server".to_string(), String::new());
    assert_eq!(head(&["status", "docs"]), plan_line);
    assert_eq!(head(&["status", "docs/task_plan.md"]), plan_line);
    assert_eq!(head(&["-C", "docs/task_plan.md", "status"]), plan_line);
    assert_eq!(
        head(&["-C", "docs/notes.md", "status"]),
        (
            Some(2),
            String::new(),
            "error: no `task_plan.md` in `docs/notes.md`\nhint: run `pplan init` to start a plan, or pass `-C DIR`\n".into()
        )
    );
    assert_eq!(
        head(&["status"]),
        (
            Some(2),
            String::new(),
            "error: no `task_plan.md` in `.`\nhint: plans found below: `docs/task_plan.md`; pass one with `-C DIR`\n".into()
        )
    );
    assert_eq!(
        head(&["-C", "docs", "status", "elsewhere"]),
        (
            Some(2),
            String::new(),
            "error: `-C docs` and `status elsewhere` name two plans\nhint: usage: pplan status [PLAN] (a directory or its task_plan.md), or -C PLAN\n".into()
        )
    );
}

// The person at the keyboard: hand edits between commands; every pplan write changes one
// status token of one line, and every line the person wrote stays as they wrote it.

/// The one line that differs between two texts of the same number of lines.
fn one_line_changed(before: &str, after: &str) -> (String, String) {
    let (b, a): (Vec<&str>, Vec<&str>) = (before.split('\n').collect(), after.split('\n').collect());
    assert_eq!(b.len(), a.len(), "a pplan write added or removed lines:\n{after}");
    let changed: Vec<(&str, &str)> =
        b.iter().zip(&a).filter(|(x, y)| x != y).map(|(x, y)| (*x, *y)).collect();
    assert_eq!(changed.len(), 1, "a pplan write changed {changed:?}");
    (changed[0].0.to_string(), changed[0].1.to_string())
}

#[test]
fn a_person_edits_by_hand_between_commands_and_keeps_every_word() {
    let dir = crate::harness::TempDir::new();
    let d = dir.path();
    let path = d.join("task_plan.md");
    let read = || std::fs::read_to_string(&path).expect("plan");
    let edit = |from: &str, to: &str| {
        let text = read();
        assert!(text.contains(from), "{from}");
        std::fs::write(&path, text.replacen(from, to, 1)).expect("edit");
    };
    let run = |args: &[&str]| crate::harness::pplan(d, args);
    let write = |args: &[&str], old: &str, new: &str| {
        let before = read();
        let (code, _, err) = run(args);
        assert_eq!(code, Some(0), "{args:?}: {err}");
        assert_eq!(one_line_changed(&before, &read()), (old.to_string(), new.to_string()), "{args:?}");
    };
    std::fs::write(&path, CANONICAL).expect("plan");

    // Tick a task in the editor; status follows.
    edit("- [ ] Verify layout on mobile", "- [x] Verify layout on mobile");
    let (_, out, _) = run(&["status"]);
    assert!(out.contains("\nnext: Verify layout on desktop · Write the **caption** styles\n"), "{out}");
    write(
        &["set", "desktop", "in_progress"],
        "- [ ] Verify layout on desktop",
        "- [~] Verify layout on desktop",
    );

    // Rename a phase, add a task in the file's style, and name it by its new position.
    edit("### Phase 2: Layout", "### Phase 2: Layout and type");
    edit(
        "- [ ] Write the **caption** styles\n",
        "- [ ] Write the **caption** styles\n- [ ] Check contrast\n",
    );
    write(&["set", "2.5", "complete"], "- [ ] Check contrast", "- [x] Check contrast");

    // Reorder Phase 3 and write its status in free words; `set --group` edits those words.
    edit("- [ ] Set up hosting\n- [ ] Point the domain\n", "- [ ] Point the domain\n- [ ] Set up hosting\n");
    edit("- **Status:** pending", "- **Status:** waiting on the registrar (ticket 4411)");
    let (code, out, _) = run(&["check"]);
    assert_eq!((code, out.as_str()), (Some(0), "checked 1 file: 0 errors, 0 warnings\n"));
    // The file spells in progress its own way (Phase 2's `started, waiting on Jacob`).
    write(
        &["set", "--group", "3", "in_progress"],
        "- **Status:** waiting on the registrar (ticket 4411)",
        "- **Status:** started (ticket 4411)",
    );
    write(&["set", "3.1", "complete"], "- [ ] Point the domain", "- [x] Point the domain");

    // Reboot answers from what the person wrote.
    let (code, out, _) = run(&["reboot"]);
    assert_eq!(code, Some(0), "{out}");
    assert_eq!(
        out,
        "Where am I?\n  \
         group 2: Layout and type (in_progress, 3/5 done)\n  \
         in progress: Verify layout on desktop\n\
         Where am I going? group 3: Publish (in_progress, 1/2 done)\n\
         What's the goal? A static photo gallery that loads fast on phones.\n\
         What have I learned? nothing recorded yet\n\
         What have I done?\n  \
         6/9 tasks done, 1/3 groups done\n  \
         groups done: 1 Setup\n  \
         latest complete: Point the domain, Check contrast, Verify layout on mobile, Sketch the grid, Pick a static site generator\n\
         What am I about to do? next: Write the **caption** styles (group 2)\n"
    );

    // Every line the person wrote is there, as they wrote it, but the four status tokens.
    let mine = CANONICAL
        .replace("- [ ] Verify layout on mobile", "- [x] Verify layout on mobile")
        .replace("- [ ] Verify layout on desktop", "- [~] Verify layout on desktop")
        .replace("### Phase 2: Layout", "### Phase 2: Layout and type")
        .replace(
            "- [ ] Write the **caption** styles\n",
            "- [ ] Write the **caption** styles\n- [x] Check contrast\n",
        )
        .replace(
            "- [ ] Set up hosting\n- [ ] Point the domain\n",
            "- [x] Point the domain\n- [ ] Set up hosting\n",
        )
        .replace("- **Status:** pending", "- **Status:** started (ticket 4411)");
    assert_eq!(read(), mine);
}

#[test]
fn spawn_takes_a_position_or_text_and_refuses_a_task_without_an_id() {
    let done =
        Test::new().file("task_plan.md", crate::set::CANONICAL).args(["spawn", "1.2", "--dry-run"]).success();
    let out = String::from_utf8_lossy(&done.stdout).into_owned();
    assert!(out.contains("+- [~] FE-001: Build the cart page\n"), "{out}");
    Test::new()
        .file("task_plan.md", CANONICAL)
        .args(["spawn", "on mobile"])
        .stderr(
            "error: the task `Verify layout on mobile` (line 19) has no id, which agents, edit and remove name tasks by\n\
             hint: give it one on line 19, before its text: `- [ ] T-1: …`\n",
        )
        .file_eq("task_plan.md", CANONICAL)
        .status(2);
}

/// Headings without ids over checklists are a hand-kept plan's groups, and what is not a group
/// stays out: a runbook's `Step 1:` lines beside the checklists are prose, a board's `## Now`
/// is a column like the others, a count after a label names nothing (`Active contributors: 3`)
/// while a title does (`Current: Frontend`), and struck words followed by new ones are a task
/// reworded, not dropped.
#[test]
fn headings_without_ids_are_groups_and_prose_boards_and_counts_read_as_a_person_reads_them() {
    let runbook = "# Plan: move the blog\n## Content\n- [x] Export posts\n- [ ] Fix image links\n## Theme\n- [ ] Port the header\n## How to deploy\nStep 1: run `hugo --minify`.\nStep 2: rsync `public/` to the server.\nStep 3: purge the CDN cache.\n";
    Test::new().file("task_plan.md", runbook).args(["next"]).stdout("Fix image links (group 1)\n").success();
    let board = "# Roadmap\n## Now\n- [x] Offline notes\n- [ ] Sync conflicts UI\n## Next\n- [ ] Sharing links\n## Later\n- [ ] Plugins\n";
    Test::new().file("task_plan.md", board).args(["next"]).stdout("Sync conflicts UI (group 1)\n").success();
    let counts = "# Garden app\nMaintainers: 2 · Active contributors: 3\n## Backend\n- [x] Plots API\n- [ ] Waiting list\n## Frontend\n- [ ] Plot map\n\nCurrent: Frontend\n";
    let reworded = "# x\n## Backend\n- [x] Event table\n- [ ] ~~Use Redis~~ Use Postgres instead\n- [ ] ~~GraphQL~~ not worth it\n## Frontend\n- [ ] List page\n";
    let json = plan_status_json;
    assert_eq!(json(counts)["current_group"]["stated"], "2");
    let backend = &json(reworded)["groups"][0]["tasks"];
    assert_eq!(
        (backend["total"].as_u64(), backend["done"].as_u64(), backend["skipped"].as_u64()),
        (Some(3), Some(1), Some(1))
    );
}

/// Forms two blind probes of plans nobody tuned for found (probes 9 and 10): a bin after the
/// groups, a pointer in words the reader did not know, an issues table with its fixes, a row
/// that says the table is empty, a metric table, and status words of more languages.
#[test]
fn bins_pointers_and_issue_tables_read_as_their_authors_read_them() {
    let json = plan_status_json;
    // A bin after id'd groups is one more group, numbered by its place; a checklist of notes is
    // not.
    let roadmap = "# Roadmap\n\nQuarter goal: ship offline mode.\n\n## Q3 — 100%\n- [x] Cache\n\n## Q4\n- [x] Onboarding\n- [ ] Write queue\n\n## Later\n- [ ] Tablet layouts\n\n## Known defect\n- [ ] Font garbage on X220\n";
    let v = json(roadmap);
    assert_eq!(group_statuses(&v), pairs(&[("Q3", "complete"), ("Q4", "in_progress"), ("3", "pending")]));
    assert_eq!(v["goal"], "ship offline mode.");
    // Pointers: a bold line's `(current)`, an item's `(bieżący)`, a title with a remark after
    // it, an id written `3)`, a whole bold `Resume at:` line, `← ahora`.
    for (plan, stated) in [
        ("# Recipes\n\n**Phase 1 – Model**\n- [x] Tables\n\n**Phase 2 – API**  (current)\n- [ ] CRUD\n", "2"),
        (
            "# Plan\n\n## Etapy\n1. **Etap 1 – Wybór** ✅\n   - [x] a\n2. **Etap 2 – Eksport** (bieżący)\n   - [ ] b\n",
            "2",
        ),
        (
            "# Plan\n\nFocus deze week: **Frontend** (backend is bijna klaar)\n\n## Backend\n- [ ] Mollie\n\n## Frontend\n- [ ] Kalender\n",
            "2",
        ),
        (
            "> **Now:** 3) Data pipeline — by Fri\n\n# Kaggle\n\n## 1) Setup\n- [x] uv\n\n## 2) EDA\n- [x] plots\n\n## 3) Data pipeline\n- [ ] joins\n",
            "3",
        ),
        (
            "# Bot\n\n## Phase 1: Skeleton\n- [x] a\n\n## Phase 2: Data\n- [ ] b\n\n**Resume at: Phase 2 — task 2.1**\n",
            "2",
        ),
        ("# Hackatón\n\n## Día 1 — viernes\n- [x] Idea\n\n## Día 2 — sábado  ← ahora\n- [ ] Demo\n", "2"),
    ] {
        assert_eq!(json(plan)["current_group"]["stated"], stated, "{plan}");
    }
    // Tables: an issue beside its fix is an error met; a remark alone says the table is empty;
    // rows of numbers are a measurement.
    let tables = "# Plan\n\n## Phase 1: Port\n- [x] a\n\n## Problems hit\n| # | Problem | Fix |\n|---|---|---|\n| 1 | govips needs cgo | pure-Go imaging |\n| 2 | Only 1000 keys listed | paginator |\n\n## mypy error count\n| Date | Errors |\n|---|---|\n| 2024-02-01 | 1143 |\n";
    assert_eq!(json(tables)["error_rows"], 2);
    let empty = "# 계획\n\n## 1단계: 분석\n- [x] a\n\n## 오류 기록\n| 오류 | 시도 | 해결 |\n|---|---|---|\n| (아직 없음) | | |\n";
    assert_eq!(json(empty)["error_rows"], 0);
    // Words: Italian `fatto`, Jira's `In Review`, `descoped`, and a legend with an entry the
    // reader does not know still teaching its others.
    let words = "# Piano\n\n## Fase 1 — Prep\n| # | Attività | Stato |\n|---|---|---|\n| 1 | Warning | fatto |\n| 2 | Review | In Review |\n\n## Fase 2 — Later\n**Stato:** descoped\n- [ ] x\n";
    assert_eq!(group_statuses(&json(words)), pairs(&[("1", "in_progress"), ("2", "skipped")]));
    let legend = "# Remont\n\nLegenda: 🟢 zrobione · 🔴 zablokowane · ⚪ jakoś tam\n\n## Etap 1: Demontaż 🟢\n- [x] a\n\n## Etap 2: Hydraulika 🔴\n- [x] b\n- [ ] c\n";
    assert_eq!(group_statuses(&json(legend)), pairs(&[("1", "complete"), ("2", "blocked")]));
    // Milestones over their disciplines, then an appendix of prose: the milestones are the
    // groups, not the `### Code` / `### Art` under them.
    let game = "# Lantern\n\n## Slice ✅\n### Code\n- [x] a\n### Art\n- [x] b\n\n## Alpha 🚧\n### Code\n- [ ] c\n\n## Devlog\nday 1\n\n## Controls\nWASD\n\n## Budget\n$0\n";
    assert_eq!(group_statuses(&json(game)), pairs(&[("1", "complete"), ("2", "in_progress")]));
}

#[test]
fn legends_bold_categories_struck_headings_and_orchestrator_groups_read_as_written() {
    let json = plan_status_json;
    // A legend's symbols mean what the legend says, over what pplan's tables say (⏸ is blocked
    // here, ❌ dropped), and a set writes them back that way.
    let legend = "# PhD year 2\n\n✅ done · 🚧 in progress · ⏳ not started · ⏸ blocked · ❌ dropped\n\n## WP1 Field 🚧\n- [x] a\n- [ ] b\n\n## WP2 Lab ⏸\n- [ ] c\n\n## WP3 Paper ⏳\n- [ ] d\n\n## WP4 Summer school ❌\n- [ ] e\n";
    assert_eq!(
        group_statuses(&json(legend)),
        pairs(&[("WP1", "in_progress"), ("WP2", "blocked"), ("WP3", "pending"), ("WP4", "skipped")])
    );
    let blocked = legend.replace("## WP3 Paper ⏳", "## WP3 Paper ⏸");
    Test::new()
        .file("task_plan.md", legend)
        .args(["set", "--group", "WP3", "blocked"])
        .stdout("group WP3: pending → blocked\n")
        .file_eq("task_plan.md", &blocked)
        .success();
    Test::new()
        .file("task_plan.md", &blocked)
        .args(["set", "--group", "WP3", "pending"])
        .file_eq("task_plan.md", legend)
        .success();
    // Bold categories over nested checklists under one heading are the groups, numbered by place,
    // titled by their bold words; spread over sections they are the sections' details.
    let paper = "# NeurIPS plan\n\nGoal: submit.\n\n- **Experiments** (@wei, @carla)\n  - [x] 125M\n  - [ ] 1.3B\n- **Analysis** (@carla)\n  - [ ] Entropy\n- **Submission**\n  - [ ] Abstract\n";
    let v = json(paper);
    assert_eq!(group_statuses(&v), pairs(&[("1", "in_progress"), ("2", "pending"), ("3", "pending")]));
    assert_eq!(v["groups"][0]["title"], "Experiments");
    let spread =
        "# Plan\n\n## Backend\n- **Auth**\n  - [x] login\n\n## Frontend\n- **Pages**\n  - [ ] home\n";
    assert_eq!(group_statuses(&json(spread)), pairs(&[("1", "complete"), ("2", "pending")]));
    // A heading struck through with its work not done was dropped; one struck with a status
    // keeps it.
    let struck = "# API v2\n\n## Phase 1: Routing — done\n- [x] a\n\n## ~~Phase 2: GraphQL layer~~\nDropped after talking with Sam.\n\n## ~~Phase 3: Webhooks~~ ✅\n\n## Phase 4: Pagination\n- [ ] b\n";
    let v = json(struck);
    assert_eq!(
        group_statuses(&v),
        pairs(&[("1", "complete"), ("2", "skipped"), ("3", "complete"), ("4", "pending")])
    );
    assert_eq!(v["current_group"]["derived"], "4");
    // An orchestrator's groups: `[failed]` waits on someone; waves inside one group are its parts
    // when the other groups hold their tasks themselves; `任务组 G1` names G1; a template's
    // `<slot>` row is no error met.
    let crashed = "# Orchestrator\n\n## Current Group\nGroup B (retrying after agent crash)\n\n## Group A — Inventory [complete]\n- [x] A1 list\n\n## Group B — Upgrade [failed]\n#### Wave B-1\n- [x] B1 auth\n- [ ] B2 media\n#### Wave B-2\n- [ ] B3 gateway\n\n## Group C — CI [pending]\n- [ ] C1 matrix\n\n## Errors Encountered\n| Error | Attempt | Resolution |\n|---|---|---|\n| sharp rebuild failed | 1 | pin libvips |\n| <error> | <n> | <resolution> |\n";
    let v = json(crashed);
    assert_eq!(group_statuses(&v), pairs(&[("A", "complete"), ("B", "blocked"), ("C", "pending")]));
    assert_eq!(v["current_group"]["stated"], "B");
    assert_eq!(v["error_rows"], 1);
    let zh = "# 并行执行计划\n\n## 当前任务组\nG2\n\n## 任务组 G1：接口定义（已完成）\n- [x] T1.1 proto\n\n## 任务组 G2：服务实现（进行中）\n- [ ] T2.1 实现\n\n## 错误记录\n| 错误 | 任务 | 尝试 | 解决 |\n|---|---|---|---|\n| 示例：<错误信息> | <任务> | <次数> | <解决方案> |\n";
    let v = json(zh);
    assert_eq!(group_statuses(&v), pairs(&[("G1", "complete"), ("G2", "in_progress")]));
    assert_eq!(v["current_group"]["stated"], "G2");
    assert_eq!(v["error_rows"], 0);
    // A table of milestones with a status column, and no checklist: the milestones are the groups.
    let milestones = "# Garden app\n\n**Goal:** book tools.\n\n| Milestone | Description | Due | Status |\n|---|---|---|---|\n| 1 | Accounts | Mar 15 | Done |\n| 2 | Rota | Apr 20 | In progress |\n| 3 | Offline | — | Dropped |\n";
    assert_eq!(
        group_statuses(&json(milestones)),
        pairs(&[("1", "complete"), ("2", "in_progress"), ("3", "skipped")])
    );
    // Errors tables and statuses in Hebrew and Thai.
    let he = "# תוכנית\n\n### שלב 1: תשתית\n- [ ] א\n- **סטטוס:** ממתין\n\n## שגיאות שנתקלנו בהן\n| שגיאה | ניסיון | פתרון |\n|---|---|---|\n| טבלאות לא מתהפכות | 1 | stylis-plugin-rtl |\n";
    assert_eq!(json(he)["error_rows"], 1);
    let th = "# แผนงาน\n\n## ขั้นตอนที่ 1: ตั้งค่า\n- [x] ก\n\n**สถานะ:** เสร็จแล้ว\n\n## ขั้นตอนที่ 2: ส่งข้อความ\n- [ ] ข\n\n**สถานะ:** กำลังทำ\n";
    assert_eq!(group_statuses(&json(th)), pairs(&[("1", "complete"), ("2", "in_progress")]));
}

#[test]
fn spec_lists_callouts_collapsed_phases_and_started_marks_read_and_write_as_written() {
    let json = plan_status_json;
    // A spec's task list: the numbered top-level items are the groups, only the nested items are
    // tasks (optional ones `[ ]*` too), and `[-]` is work under way.
    let spec = "# Implementation Plan\n\n- [x] 1. Set up the module\n  - _Requirements: 1.1_\n\n- [x] 2. Implement the model\n  - [x] 2.1 Create the model\n  - [x]* 2.2 Write property tests\n\n- [-] 3. Build the API\n  - [x] 3.1 GET/PUT\n  - [-] 3.2 Validate\n  - [ ]* 3.3 Contract tests\n\n- [ ] 4. Integrate\n  - [ ] 4.1 Check preferences\n";
    let v = json(spec);
    assert_eq!(
        group_statuses(&v),
        pairs(&[("1", "complete"), ("2", "complete"), ("3", "in_progress"), ("4", "pending")])
    );
    assert_eq!(v["tasks"]["total"], 6);
    assert_eq!(v["tasks"]["in_progress"], 1);
    assert_eq!(v["current_group"]["derived"], "3");
    // Set away and back, the spec's marks come back; skipped has no mark there and is refused
    // with the file untouched.
    let done = spec.replace("- [-] 3. Build the API", "- [x] 3. Build the API");
    Test::new()
        .file("task_plan.md", spec)
        .args(["set", "--group", "3", "complete"])
        .file_eq("task_plan.md", &done)
        .success();
    Test::new()
        .file("task_plan.md", &done)
        .args(["set", "--group", "3", "in_progress"])
        .file_eq("task_plan.md", spec)
        .success();
    Test::new()
        .file("task_plan.md", spec)
        .args(["set", "--group", "4", "skipped"])
        .stderr("error: cannot write a status for group 4 as skipped: this plan's checkboxes write `[-]` for work under way, and have no mark for work dropped\n")
        .file_eq("task_plan.md", spec)
        .status(2);
    // Outside the spec's list a started task is `[~]`: `[-]` there is dropped.
    let beside = format!("{spec}\n## Backlog\n- [ ] Windows support\n");
    Test::new()
        .file("task_plan.md", &beside)
        .args(["set", "Windows support", "in_progress"])
        .file_eq("task_plan.md", beside.replace("- [ ] Windows", "- [~] Windows"))
        .success();
    // A `[/]` task is started; set done and back it is `[/]` again, though none is left between.
    let slash = "# Plan\n\n## Phase 1: Frame\n- [x] Timber\n- [/] Floor joists\n- [ ] Walls\n";
    assert_eq!(json(slash)["tasks"]["in_progress"], 1);
    let done = Test::new().file("task_plan.md", slash).args(["set", "Floor joists", "complete"]).success();
    let (code, _, err) = pplan(done.dir.path(), &["set", "Floor joists", "in_progress"]);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(std::fs::read_to_string(done.dir.path().join("task_plan.md")).expect("plan"), slash);
    // Callouts holding their checklists are groups; a status line goes inside the callout.
    let shed = "# Shed\n\n> [!todo] Phase 1 — Base\n> - [x] Level the ground\n\n> [!todo] Phase 2 — Frame\n> - [ ] Wall frames\n";
    assert_eq!(group_statuses(&json(shed)), pairs(&[("1", "complete"), ("2", "pending")]));
    Test::new()
        .file("task_plan.md", shed)
        .args(["set", "--group", "2", "blocked"])
        .file_eq("task_plan.md", shed.replace("Frame\n", "Frame\n> - **Status:** blocked\n"))
        .success();
    // Finished phases collapsed to a line each above the detailed ones come first; a row's
    // `← current` cell points at its group.
    let collapsed = "# Plan\n\n**Now:** Phase 3\n\n- ✅ **Phase 1: Tenant model** — done\n- ✅ **Phase 2: Querysets** — done\n\n### Phase 3: Caching 🔄\n- [x] prefix keys\n- [ ] invalidation\n\n### Phase 4: Billing ⏳\n- [ ] metering\n";
    let v = json(collapsed);
    assert_eq!(
        group_statuses(&v),
        pairs(&[("1", "complete"), ("2", "complete"), ("3", "in_progress"), ("4", "pending")])
    );
    assert_eq!(v["current_group"]["stated"], "3");
    let pointed = "# Bridge\n\n| # | Phase | Status | |\n|---|---|---|---|\n| 1 | Inventory | ✅ complete | |\n| 2 | Translation | 🔄 in progress | ← current |\n\n## Phase 1 — Inventory\n- [x] list\n\n## Phase 2 — Translation\n- [ ] cards\n";
    assert_eq!(json(pointed)["current_group"]["stated"], "2");
    // A legend below the groups teaches its symbols above it too, and a set writes a status
    // that reads back the same.
    let below = "# P\n\n## Phase 2: API\n**Status:** ⏸\n- [ ] endpoints\n\nLegend: ✅ done · 🔄 in progress · ⏸ blocked\n\n## Phase 3: UI\n**Status:** 🔄\n- [ ] pages\n";
    assert_eq!(group_statuses(&json(below)), pairs(&[("2", "blocked"), ("3", "in_progress")]));
    Test::new()
        .file("task_plan.md", below)
        .args(["set", "--group", "3", "pending"])
        .file_eq("task_plan.md", below.replace("**Status:** 🔄", "**Status:** ⏳"))
        .success();
    // A spec's `[-]` is under way only on its own items and their tasks, and not on words that
    // say dropped; a `[-]` elsewhere in the plan is skipped.
    let dropped = "# P\n\n## Steps\n- [x] 1. Parser\n  - [x] quotes\n- [ ] 2. CLI\n  - [ ] flags\n  - [-] ~~interactive mode~~ (dropped)\n- [-] 3. Redis cache (dropped, not needed)\n  - [ ] x\n\n## Backlog\n- [-] Windows support (won't do)\n";
    let v = json(dropped);
    assert_eq!(group_statuses(&v), pairs(&[("1", "complete"), ("2", "pending"), ("3", "skipped")]));
    assert_eq!((v["tasks"]["in_progress"].clone(), v["tasks"]["skipped"].clone()), (0.into(), 2.into()));
    // A struck heading is skipped only when its work has not started; one renamed is not struck.
    let struck = "# P\n\n## ~~Phase 1: GraphQL~~ rest layer instead\n- [x] schema\n- [~] resolvers\n\n## ~~Phase 2: Setup~~\n- [x] a\n- [ ] b\n\n## ~~Phase 3: Old~~\n\n## Phase 4: B\n- [ ] c\n";
    assert_eq!(
        group_statuses(&json(struck)),
        pairs(&[("1", "in_progress"), ("2", "in_progress"), ("3", "skipped"), ("4", "pending")])
    );
    // A type in an error message is no template slot; a template's `[Error message]` row is.
    let generics = "# P\n\n## Phase 1: A\n- [ ] a\n\n## Errors Encountered\n| Error | Resolution |\n|---|---|\n| expected `Option<String>`, found `String` | wrapped in `Some(<value>)` |\n| `Box<dyn Error>` is not `Send` | - |\n| [Error message] | [How it was resolved] |\n";
    assert_eq!(json(generics)["error_rows"], 2);
    // Bold categories under another section are notes beside list groups, not groups.
    let follow = "# P\n\n## Phases\n- [x] Phase 1: Parse\n- [ ] Phase 2: Emit\n\n## Follow-ups\n- **Ops**\n  - [ ] alerts\n- **Docs**\n  - [ ] guide\n";
    assert_eq!(group_statuses(&json(follow)), pairs(&[("1", "complete"), ("2", "pending")]));
    // A collapsed earlier phase may be the current one.
    let marked = "# P\n\n- ✅ **Phase 1: Model** — done\n- ⏸️ **Phase 2: Querysets** — blocked ← current\n\n### Phase 3: Caching\n- [ ] keys\n";
    assert_eq!(json(marked)["current_group"]["stated"], "2");
    // Sub-phases that state their own status are groups after their phase, which stays one;
    // `Phase 3.2` names one, and a set edits its own line.
    let subs = "# P\n\n## Current Phase\nPhase 3.2\n\n## Phase 3: Policies\n**Status:** in_progress\n\n### 3.1 Read policies\n**Status:** complete\n- [x] select\n\n### 3.2 Write policies\n**Status:** in_progress\n- [ ] insert\n\n## Phase 4: Verify\n**Status:** pending\n- [ ] suite\n";
    let v = json(subs);
    assert_eq!(
        group_statuses(&v),
        pairs(&[("3", "in_progress"), ("3.1", "complete"), ("3.2", "in_progress"), ("4", "pending")])
    );
    assert_eq!(v["current_group"]["stated"], "3.2");
    Test::new()
        .file("task_plan.md", subs)
        .args(["set", "--group", "3.2", "blocked"])
        .file_eq(
            "task_plan.md",
            subs.replace("Write policies\n**Status:** in_progress", "Write policies\n**Status:** blocked"),
        )
        .success();
    // An open box beside words says only "not done": the words say which (and no warning).
    let worded = "# Plan\n\n## Aşamalar\n- [x] Aşama 1: Kurulum\n- [ ] Aşama 2: Veritabanı (devam ediyor)\n- [ ] Aşama 3: Test\n";
    let v = json(worded);
    assert_eq!(group_statuses(&v), pairs(&[("1", "complete"), ("2", "in_progress"), ("3", "pending")]));
    assert_eq!(v["warnings"], serde_json::json!([]));
    let failed =
        "# Plán\n\n### Fáze 1: Analýza\n- **Stav:** hotovo\n\n### Fáze 2: Spojení\n- **Stav:** selhalo\n";
    assert_eq!(group_statuses(&json(failed)), pairs(&[("1", "complete"), ("2", "blocked")]));
    // A table of measurements named like errors takes no error: a strike gets its own table.
    let metric = "# Plan\n\n## Phase 1: Port\n- [ ] T-1: port\n\n## mypy error count\n| Date | Errors |\n|---|---|\n| 2024-02-01 | 1143 |\n";
    Test::new()
        .file("task_plan.md", metric)
        .args(["error", "T-1", "--error", "ImportError: foo", "--approach", "pip install"])
        .file_eq(
            "task_plan.md",
            format!("{metric}\n## Errors Encountered\n| Error | Task | Strike | Approach | Resolution |\n|-------|------|--------|----------|------------|\n| ImportError: foo | T-1 | 1 | pip install |  |\n"),
        )
        .success();
}

/// The (id, status) of every group in a `status --json` answer.
#[test]
fn statuses_in_prose_bilingual_labels_and_prose_pointers_read_as_written() {
    let json = plan_status_json;
    // A phase's first line may state its status in prose; a sentence that only starts with a
    // status word does not.
    let prose = "# Removing moment.js\n\n## Phase 1 — Audit\nDone (Feb 12). 64 imports across 41 files.\n\n## Phase 2 — Codemod\nIn progress. Wrote a transform.\n\n- [x] format calls\n- [ ] timezones\n\n## Phase 3 — Remove\nВідкладено до наступного року.\n\n## Phase 4 — Rewrite\nComplete rewrite of the date helpers.\n\n- [ ] helpers\n";
    let v = json(prose);
    assert_eq!(
        group_statuses(&v),
        pairs(&[("1", "complete"), ("2", "in_progress"), ("3", "skipped"), ("4", "pending")])
    );
    // Its word is the status's place: set edits that token alone, and back is byte-identical.
    // Prose teaches no spelling: the word is written in the case of the one it replaces.
    let started = prose.replace("Done (Feb 12).", "In Progress (Feb 12).");
    Test::new()
        .file("task_plan.md", prose)
        .args(["set", "--group", "1", "in_progress"])
        .file_eq("task_plan.md", &started)
        .success();
    Test::new()
        .file("task_plan.md", &started)
        .args(["set", "--group", "1", "complete"])
        .file_eq("task_plan.md", prose.replace("Done (Feb 12).", "Complete (Feb 12)."))
        .success();
    // A first line that only starts with a status word is prose: a deadline, a scope, a state
    // of something else, a status taken back in part.
    for prose in [
        "Complete by March 3; the client demo depends on it.",
        "Active since 2019, the v1 API serves 40% of traffic.",
        "Shipped by default in v2, behind a flag in v1.",
        "Running on the staging cluster with 10k virtual users.",
        "Done for iOS; Android has not started.",
        "Done (mostly). Two API pages left.",
    ] {
        let plan = format!("# Plan\n\n## Phase 1: Build\n{prose}\n\n- [ ] a\n");
        assert_eq!(group_statuses(&json(&plan)), pairs(&[("1", "pending")]), "{prose}");
    }
    // A bilingual label and value: both halves are the status's places, and set edits both.
    let both = "# Plan / 计划\n\n## Current Phase / 当前阶段\nPhase 2 / 阶段 2\n\n### Phase 1: Setup / 准备\n- [x] deps\n- **Status / 状态:** complete / 已完成\n\n### Phase 2: Strings / 文案\n- [ ] pages\n- **Status / 状态:** in_progress / 进行中\n";
    let v = json(both);
    assert_eq!(group_statuses(&v), pairs(&[("1", "complete"), ("2", "in_progress")]));
    assert_eq!(v["current_group"]["stated"], "2");
    Test::new()
        .file("task_plan.md", both)
        .args(["set", "--group", "2", "blocked"])
        .file_eq("task_plan.md", both.replace("in_progress / 进行中", "blocked / 已阻塞"))
        .success();
    // A task's bilingual value too, with its markup; and halves around a slash with no spaces.
    let task = "# Plan\n\n## Phase 1: Setup\n\n### Task 1.1: Install deps\n**Status / 状态:** **complete** / **已完成** ✅\n\n### Task 1.2: Strings\n**Status / 状态:** in progress/进行中\n";
    Test::new()
        .file("task_plan.md", task)
        .args(["set", "1.1", "pending"])
        .file_eq("task_plan.md", task.replace("**complete** / **已完成**", "**pending** / **未开始**"))
        .success();
    Test::new()
        .file("task_plan.md", task)
        .args(["set", "1.2", "complete"])
        .file_eq("task_plan.md", task.replace("in progress/进行中", "complete/已完成"))
        .success();
    // With CRLF line endings the second half is found the same, and the endings are kept.
    let crlf = task.replace('\n', "\r\n");
    Test::new()
        .file("task_plan.md", &crlf)
        .args(["set", "1.2", "complete"])
        .file_eq("task_plan.md", crlf.replace("in progress/进行中", "complete/已完成"))
        .success();
    // `Goals / Non-goals` is one heading, read as the goal section it always was.
    assert_eq!(
        json("# Plan\n\n## Goals / Non-goals\nShip offline mode.\n\n## Phase 1: A\n- [ ] a\n")["goal"],
        "Ship offline mode."
    );
    // Where the work is, said in prose or in a status section's first clause; a group said to
    // be finished there is not.
    let plan = |tail: &str| {
        format!(
            "# Plan\n\n### Fase 1 — Auditoría ✅\n- [x] a\n\n### Fase 2 — Módulos\n- [ ] b\n\n### Fase 3 — Datos\n- [ ] c\n\n{tail}\n"
        )
    };
    let stated = |tail: &str| json(&plan(tail))["current_group"]["stated"].clone();
    assert_eq!(stated("---\nÚltima actualización: 14/11 — estamos en la fase 2."), "2");
    assert_eq!(stated("## Current Status\nStarting Fase 3."), "3");
    assert_eq!(stated("## Status\n**Completed Fase 1** - Fase 2 is next"), serde_json::Value::Null);
    assert_eq!(stated("## Notes\nWe are in no hurry; Fase 3 can wait."), serde_json::Value::Null);
    // A pointer names the group right after its phrase, or nothing: not another project's
    // phase, not a group named later in the sentence.
    for notes in [
        "The vendor is currently in Fase 3 of their own migration.",
        "We are in touch with the vendor about Fase 3 pricing.",
        "We're in a hurry: Fase 3 must land before the audit.",
        "We are on call during the Fase 3 launch window.",
    ] {
        assert_eq!(stated(&format!("## Notes\n{notes}")), serde_json::Value::Null, "{notes}");
    }
    // A status section summing up several groups names the one in progress; a group said to
    // be finished, or named as a time, is not where the work is.
    assert_eq!(stated("## Status\nFase 1 — complete. Fase 2 — in progress."), "2");
    assert_eq!(stated("## Status\n- Fase 1 - done\n- Fase 2 - in progress"), serde_json::Value::Null);
    assert_eq!(stated("## Status\nFase 1 is complete."), serde_json::Value::Null);
    assert_eq!(stated("## Status\nLast updated Tuesday, after Fase 1 landed."), serde_json::Value::Null);
    // Letters whose lowercase is longer or shorter (`İ`, `ẞ`) on one line: read, no panic.
    assert_eq!(stated("## Notlar\nİzmir ekibi şu anda Ölçüm aşamasında; ẞ"), serde_json::Value::Null);
    assert_eq!(stated("## Notlar\nİzmir: şu anda Fase 2."), "2");
    // Thai says "now" before the noun: `ตอนนี้อยู่ที่:` ("now at:") is a label for the current one.
    assert_eq!(stated("ตอนนี้อยู่ที่: Fase 2"), "2");
}

#[test]
fn overview_checklists_and_demoted_headings_read_as_their_groups() {
    let json = plan_status_json;
    // An overview naming each group by id and title is a second form of the groups, not tasks;
    // its open box agrees with a group in progress, and set edits both places.
    let plan = "# Plan\n\n## Overview\n- [x] G1 Discovery\n- [ ] G2 Rollout\n\n## Group G1: Discovery — complete\n- [x] T1.1 Profile\n\n## Group G2: Rollout — in progress\n- [x] T2.1 Canary\n- [ ] T2.2 Everyone\n";
    let v = json(plan);
    assert_eq!(group_statuses(&v), pairs(&[("G1", "complete"), ("G2", "in_progress")]));
    assert_eq!(v["tasks"]["total"], 3);
    let done = plan.replace("- [ ] G2", "- [x] G2").replace("Rollout — in progress", "Rollout — complete");
    let first = Test::new()
        .file("task_plan.md", plan)
        .args(["set", "--group", "G2", "complete"])
        .file_eq("task_plan.md", &done)
        .success();
    // Set back in the same place, the file's own spelling comes back.
    let (code, _, err) = pplan(first.dir.path(), &["set", "--group", "G2", "in_progress"]);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(std::fs::read_to_string(first.dir.path().join("task_plan.md")).expect("plan"), plan);
    // An open box beside words that say done disagrees: nothing is written.
    let torn = plan.replace("- [x] G1", "- [ ] G1");
    Test::new()
        .file("task_plan.md", &torn)
        .args(["set", "--group", "G1", "in_progress"])
        .stderr("error: cannot write a status for group `G1`: line 7 says `complete` and line 4 says `[ ]`; make them agree first\n")
        .file_eq("task_plan.md", &torn)
        .status(2);
    // Not when a heading of the run has that number already (`#### Sprint 3 prep`).
    let prep = "# Roadmap\n\n### Sprint 1\n- [x] login\n\n### Sprint 2\n- [ ] invoices\n\n#### Sprint 3 prep\n- [ ] groom\n\n### Sprint 3\n- [ ] reports\n";
    let v = json(prep);
    assert_eq!(group_statuses(&v), pairs(&[("1", "complete"), ("2", "pending"), ("3", "pending")]));
    assert_eq!(v["groups"][2]["title"], "");
    // A heading one level too deep that continues its run's count is the run's next member.
    let thesis = "# Thesis\n\n## Chapter 1 – Introduction — done\n- [x] draft\n\n## Chapter 2 – Review — done\n- [x] papers\n\n### Chapter 3 – Methods\n- [ ] corpus\n\n#### Chapter 4 – Discussion\n- [ ] outline\n";
    assert_eq!(
        group_statuses(&json(thesis)),
        pairs(&[("1", "complete"), ("2", "complete"), ("3", "pending"), ("4", "pending")])
    );
    // Rows of a task table whose status says "not yet started" in Dutch are tasks.
    let nl = "# Roadmap\n\n## Epic A – Huisstijl\n\n| Taak | Status |\n|---|---|\n| Kleuren | klaar |\n\n## Epic B – Toegankelijkheid\n\n| Taak | Status |\n|---|---|\n| Audit | nog niet gestart |\n| Fixes | nog niet gestart |\n";
    let v = json(nl);
    assert_eq!(v["tasks"]["total"], 3);
    assert_eq!(group_statuses(&v), pairs(&[("A", "complete"), ("B", "pending")]));
}

fn group_statuses(v: &serde_json::Value) -> Vec<(String, String)> {
    v["groups"]
        .as_array()
        .expect("groups")
        .iter()
        .map(|g| (g["id"].as_str().unwrap_or("").to_string(), g["status"].as_str().unwrap_or("").to_string()))
        .collect()
}

fn pairs(v: &[(&str, &str)]) -> Vec<(String, String)> {
    v.iter().map(|(a, b)| (a.to_string(), b.to_string())).collect()
}

/// The key of the group a plan states as current (`null` when it states none).
fn current(plan: &str) -> serde_json::Value {
    plan_status_json(plan)["current_group"]["stated"].clone()
}

#[test]
fn probe_19_and_20_forms_read_as_a_person_reads_them() {
    let json = plan_status_json;
    let read = |plan: &str| {
        let v = json(plan);
        (group_statuses(&v), v["current_group"]["stated"].clone(), v["tasks"]["total"].clone())
    };
    // Headings numbered in CJK numerals (`一、调研`) under a phases section are the groups, not
    // the checkboxes under them; `阶段三` names `三`.
    let zh = "# 任务计划\n\n## 当前阶段\n阶段三\n\n## 阶段\n\n### 一、调研\n- [x] 梳理\n状态：已完成\n\n### 二、转换\n- [x] DDL\n状态：已完成\n\n### 三、同步\n- [x] Debezium\n- [ ] 校验\n状态：进行中\n";
    assert_eq!(
        read(zh),
        (pairs(&[("一", "complete"), ("二", "complete"), ("三", "in_progress")]), "三".into(), 4.into())
    );
    // A current label in a heading whose words would name a section of groups (`현재 단계`).
    let ko = "# 계획\n\n## 현재 단계: 2단계\n\n## 1단계: 분석 — 완료\n- [x] a\n\n## 2단계: 전환 — 진행 중\n- [ ] b\n";
    assert_eq!(read(ko), (pairs(&[("1", "complete"), ("2", "in_progress")]), "2".into(), 2.into()));
    // Under acceptance criteria, `### Phase 1 checks` is the bar Phase 1 is measured by: its
    // boxes are tasks, it is no second Phase 1.
    let criteria = "# Plan\n\n## Phase 1: Upload\n**Status:** complete\n- [x] a\n\n## Phase 2: Map\n**Status:** in_progress\n- [ ] b\n\n## Acceptance criteria\n\n### Phase 1 checks\n- [x] fast\n\n### Phase 2 checks\n- [ ] survives reload\n";
    assert_eq!(
        read(criteria),
        (pairs(&[("1", "complete"), ("2", "in_progress")]), serde_json::Value::Null, 4.into())
    );
    // Task headings in Turkish (`### Görev 1.1`) are tasks of their stage (`## Aşama 1`).
    let tr = "# Plan\n\nŞu anki aşama: Aşama 2\n\n## Aşama 1: Altyapı\nDurum: Tamamlandı\n\n### Görev 1.1: kurulum\nDurum: Tamamlandı\n\n## Aşama 2: Çeviri\nDurum: Devam ediyor\n\n### Görev 2.1: İngilizce\nDurum: Tamamlandı\n\n### Görev 2.2: Almanca\nDurum: Devam ediyor\n";
    assert_eq!(read(tr), (pairs(&[("1", "complete"), ("2", "in_progress")]), "2".into(), 3.into()));
    // A plan of one stage in Polish (`Etap`), or in Russian written with a capital (`Этап`).
    let pl =
        "# Plan zadania\n\n## Etap 1: Walidacja NIP\nStatus: w trakcie\n\n- [x] funkcja\n- [ ] komunikat\n";
    assert_eq!(read(pl), (pairs(&[("1", "in_progress")]), serde_json::Value::Null, 2.into()));
    let ru = "# План\n\n## Этап 1. Инвентаризация\nСтатус: выполнено\n- [x] a\n\n## Этап 2. Отчёты\nСтатус: пропущен — уже есть в SonarQube\n";
    assert_eq!(read(ru).0, pairs(&[("1", "complete"), ("2", "skipped")]));
    // Lettered headings (`## A. Preparação`) and number words (`Phase Two`) count as ids.
    let pt =
        "# Runbook\n\n## A. Preparação\n- [x] a\n\n## B. Ensaio\n- [x] b\n- [ ] c\n\n## C. Janela\n- [ ] d\n";
    assert_eq!(read(pt).0, pairs(&[("A", "complete"), ("B", "in_progress"), ("C", "pending")]));
    let words = "# Learning Rust\n\n## Phase One: The Book\n- [x] a\n\n## Phase Two: Small tools\n- [ ] b\n";
    assert_eq!(read(words).0, pairs(&[("One", "complete"), ("Two", "pending")]));
    Test::new()
        .file("task_plan.md", words)
        .args(["set", "--group", "2", "in_progress"])
        .stdout("group Two: pending → in_progress\n")
        .file_eq("task_plan.md", words.replace("Small tools\n", "Small tools\n- **Status:** in_progress\n"))
        .success();
    // Statuses in more words.
    let th = "# แผน\n\n## ขั้นตอนที่ 1: ออกแบบ\nสถานะ: เสร็จแล้ว\n- [x] a\n\n## ขั้นตอนที่ 2: เชื่อมต่อ LINE\nสถานะ: ติดปัญหา\n- [ ] b\n";
    assert_eq!(read(th).0, pairs(&[("1", "complete"), ("2", "blocked")]));
    // A person says where they are in the first person (`ik zit nu in fase 3`).
    let nl = "# Webshop\n\nStand van zaken: ik zit nu in fase 2, de bestelmodule is lastig.\n\n### Fase 1 – Ontwerp — klaar\n- [x] a\n\n### Fase 2 – Bouwen — bezig\n- [ ] b\n\n### Fase 3 – Live — nog niet\n- [ ] c\n";
    let v = json(nl);
    assert_eq!(group_statuses(&v), pairs(&[("1", "complete"), ("2", "in_progress"), ("3", "pending")]));
    assert_eq!(
        (v["current_group"]["stated"].clone(), v["groups"][2]["title"].clone()),
        ("2".into(), "Live".into())
    );
    // A runbook kept in plain lines (`STEP 1 — Mirror  [IN PROGRESS]`) over indented checklists;
    // set writes the word as the file spells it.
    let steps = "# Runbook\n\nSTEP 0 — Pre-flight  [DONE]\n  - [x] a\n\nSTEP 1 — Mirror  [IN PROGRESS]\n  - [x] b\n  - [ ] c\n\nSTEP 2 — LFS  [TODO]\n  - [ ] d\n";
    assert_eq!(read(steps).0, pairs(&[("0", "complete"), ("1", "in_progress"), ("2", "pending")]));
    Test::new()
        .file("task_plan.md", steps)
        .args(["set", "--group", "2", "in_progress"])
        .file_eq("task_plan.md", steps.replace("LFS  [TODO]", "LFS  [IN PROGRESS]"))
        .success();
    // An error log in German; an example row written wholly in italics is no entry.
    let de = "# Plan\n\n## Phase 1: SSO\n- [x] a\n\n## Fehlerprotokoll\n| Datum | Fehler | Lösung |\n|---|---|---|\n| 12.02. | `Invalid redirect_uri` | Wildcard ergänzt |\n| _(Beispiel)_ | _Fehler_ | _Lösung_ |\n";
    assert_eq!(json(de)["error_rows"], 1);
    // Numbered steps in a checklist under one of the headings a plan is kept under by hand are
    // that heading's tasks; the headings are the groups.
    let hand = "# Onboarding\n\n## Onderzoek\n- [x] Funnel\n- [x] Interviews\n\n## Ontwerp\n- [x] Wireframes\n- [ ] Review\n\n## Bouwen\n- [ ] Stap 1: e-mail\n- [ ] Stap 2: adres\n- [ ] Stap 3: voorkeuren\n";
    assert_eq!(
        read(hand),
        (
            pairs(&[("1", "complete"), ("2", "in_progress"), ("3", "pending")]),
            serde_json::Value::Null,
            7.into()
        )
    );
}

/// Forms a person writes that blind probes 21 and 22 (and probe 19's leftovers) showed.
#[test]
fn probe_21_and_22_forms_read_as_a_person_reads_them() {
    let json = plan_status_json;
    // A table of phases, then one task table whose `Phase` column names each row's phase: the
    // rows are the phases' tasks, not more phases.
    let phases = "# Plan\n\n## Phases\n\n| ID | Phase | Status |\n|---|---|---|\n| P1 | Inventory | Done |\n| P2 | Export | In progress |\n| P3 | Delivery | Not started |\n\n## Tasks\n\n| Task | Phase | Status |\n|---|---|---|\n| Map tables | P1 | Done |\n| Background job | P2 | Done |\n| Zip it | P2 | Todo |\n| Signed URL | P3 | Todo |\n";
    let v = json(phases);
    assert_eq!(group_statuses(&v), pairs(&[("P1", "complete"), ("P2", "in_progress"), ("P3", "pending")]));
    let done: Vec<_> = (0..3)
        .map(|g| (v["groups"][g]["tasks"]["done"].clone(), v["groups"][g]["tasks"]["total"].clone()))
        .collect();
    assert_eq!(done, [(1.into(), 1.into()), (1.into(), 2.into()), (0.into(), 1.into())]);
    Test::new()
        .file("task_plan.md", phases)
        .args(["set", "Zip it", "done"])
        .file_eq("task_plan.md", phases.replace("| Zip it | P2 | Todo |", "| Zip it | P2 | Done |"))
        .success();
    // A phase whose rows are not one run (P2, P3, then P2 again) gets no tasks from the table:
    // its rows stay tasks, in no phase, and every phase keeps its own status.
    let unordered = phases
        .replace("| Zip it | P2 | Todo |\n", "")
        .replace("| Signed URL | P3 | Todo |\n", "| Signed URL | P3 | Todo |\n| Zip it | P2 | Todo |\n");
    let v = json(&unordered);
    assert_eq!(group_statuses(&v), pairs(&[("P1", "complete"), ("P2", "in_progress"), ("P3", "pending")]));
    let totals: Vec<_> = (0..3).map(|g| v["groups"][g]["tasks"]["total"].clone()).collect();
    assert_eq!((v["tasks"]["total"].clone(), totals), (4.into(), vec![1.into(), 1.into(), 1.into()]));
    let read = |plan: &str| {
        let v = json(plan);
        (group_statuses(&v), v["current_group"]["stated"].clone())
    };
    let none = serde_json::Value::Null;
    // Overview table rows beside headings with letter ids (`M1` beside a `里程碑` column).
    let zh = "# 计划\n\n## 里程碑总览\n\n| 里程碑 | 内容 | 状态 |\n|---|---|---|\n| M1 | 设计 | ✅ 已完成 |\n| M2 | 报表 | ❌ 已取消 |\n\n## 任务\n\n### M1 设计\n- [x] a\n\n### M2 报表\n（已取消）\n";
    assert_eq!(read(zh), (pairs(&[("M1", "complete"), ("M2", "skipped")]), none.clone()));
    // A legend's symbol before a heading's words; set writes the legend's symbol back.
    let legend = "# Docs\n\nLegend: 🟢 done · 🟡 in progress · 🔴 blocked · ⚫ dropped\n\n## 🟡 M1 Scaffold\n- [x] a\n- [ ] b\n\n## 🔴 M2 API reference\n- [ ] c\n\n## ⚫ M3 Search\n";
    assert_eq!(read(legend).0, pairs(&[("M1", "in_progress"), ("M2", "blocked"), ("M3", "skipped")]));
    Test::new()
        .file("task_plan.md", legend)
        .args(["set", "--group", "M2", "in_progress"])
        .file_eq("task_plan.md", legend.replace("## 🔴 M2", "## 🟡 M2"))
        .success();
    // Turkish capitals (`TAMAMLANDI`, `ENGELLENDİ`) in brackets; a bracket between the id and
    // the title (`### Step 7 [SKIP] Port box blur`).
    let tr = "# Plan\n\n## Aşama 1: Tema [TAMAMLANDI]\n- [x] a\n\n## Aşama 2: Golden testler [ENGELLENDİ]\n- [ ] b\n";
    assert_eq!(read(tr).0, pairs(&[("1", "complete"), ("2", "blocked")]));
    let steps = "# Port\n\n## Steps\n\n### Step 1 [DONE] Scaffold\n### Step 2 [SKIP] Port box blur\n### Step 3 [WIP] Release the GIL\n- [x] a\n- [ ] b\n### Step 4 [TODO] Stubs\n";
    let v = json(steps);
    assert_eq!(
        group_statuses(&v),
        pairs(&[("1", "complete"), ("2", "skipped"), ("3", "in_progress"), ("4", "pending")])
    );
    assert_eq!(v["groups"][1]["title"], "Port box blur");
    // Headings a runbook is kept under, with no ids: one that states its status is a group with
    // no checklist (`## Rollback — SKIPPED (not needed)`); a dash status then a date.
    let runbook = "# Runbook\n\n## Pre-checks — DONE (Oct 5)\n- [x] a\n\n## Cutover — DONE 10/12\n- [x] b\n\n## Post-upgrade — IN PROGRESS\n- [x] c\n- [ ] d\n\n## Rollback — SKIPPED (not needed)\n1. Stop pg16\n2. Restore\n";
    assert_eq!(
        read(runbook).0,
        pairs(&[("1", "complete"), ("2", "complete"), ("3", "in_progress"), ("4", "skipped")])
    );
    // Dash statuses followed by a remark: after a comma, or saying until when; `CUT` alone.
    let novel = "# Revision plan\n\n## Part I: Harbour — revised ✓\n- [x] Ch 1\n\n## Part II: The Crossing — IN REVISION ← I'm here\n- [ ] Ch 7\n\n## Part III: Inland — not yet\n- [ ] Ch 13\n\n## Part IV: Flooring — on hold until we decide LVP vs carpet\n- [ ] Ch 18\n\n## ~~Part V: Epilogue~~ — CUT, folded into Part IV\n";
    assert_eq!(
        read(novel),
        (
            pairs(&[
                ("I", "complete"),
                ("II", "in_progress"),
                ("III", "pending"),
                ("IV", "blocked"),
                ("V", "skipped")
            ]),
            "II".into()
        )
    );
    // `cut` is a status standing alone; at the head of prose it is a verb, and stays prose.
    let prose = "# Plan\n\n## Phase 1: Export\n**Status:** cut from the MVP — revisit in Q3\n- [ ] a\n";
    assert_eq!(read(prose).0, pairs(&[("1", "pending")]));
    // The current group said in prose: a clause naming it (`fase atual é a **Fase 2**`), or
    // where we are, in bold (`Estamos na **Fase 3**.`); a hand before a heading's words.
    let pt = "# Plano\n\n> Retomado após queda: fase atual é a **Fase 2**.\n\n## Fase 1: Descoberta [concluída]\n- [x] a\n\n## Fase 2: Ingestão [em andamento]\n- [ ] b\n";
    assert_eq!(read(pt).1, "2");
    let br = "# Plano\n\n## Status atual\nEstamos na **Fase 2**. A Fase 1 terminou em 14/05.\n\n## Fase 1: A\n- [x] a\n\n## Fase 2: B\n- [ ] b\n";
    assert_eq!(read(br).1, "2");
    // Pointed at, it is where work is: in progress, though no task of it is ticked yet.
    let hand = "# Plan\n\n## Phase 1: Products\n- [x] a\n\n## 👉 Phase 2: Checkout\n- [ ] b\n";
    assert_eq!(read(hand), (pairs(&[("1", "complete"), ("2", "in_progress")]), "2".into()));
    // A short word cut with a full stop (`Ch. 3`) names a run of chapters; a label naming it.
    let thesis = "# Thesis\n\n**Now:** Ch. 2 (methods)\n\n## Ch. 1 — Introduction  (DONE)\n- [x] a\n\n## Ch. 2 — Methods\n- [x] b\n- [ ] c\n\n## Ch. 3 — Discussion  (not started)\n";
    assert_eq!(
        read(thesis),
        (pairs(&[("1", "complete"), ("2", "in_progress"), ("3", "pending")]), "2".into())
    );
    // Chapters counted in Japanese (`第一章`) with statuses in lenticular brackets (`【済】`);
    // a dated log's `第三卷第二十二章` is no chapter of the plan.
    let ja = "# 執筆計画\n\n## 第一章　環境構築【済】\n- [x] a\n\n## 第二章　GPIO【作業中】\n- [ ] b\n\n## 2026-05-15 第三卷第二十二章 記録\n- [x] c\n";
    let v = json(ja);
    assert_eq!(group_statuses(&v), pairs(&[("一", "complete"), ("二", "in_progress")]));
    assert_eq!(
        (v["groups"][0]["title"].clone(), v["groups"][1]["title"].clone()),
        ("環境構築".into(), "GPIO".into())
    );
    // Stories named from their epic's id (`Story E1-S2` in `Epic E1`) are the epic's tasks, and
    // `**Epic status:**` is the epic's status.
    let epics = "# Plan\n\n## Epic E1 — Model\n**Epic status:** Done\n\n### Story E1-S1: table\nStatus: Done\n\n## Epic E2 — Delivery\n**Epic status:** In progress\n\n### Story E2-S1: worker\nStatus: Done\n\n### Story E2-S2: email\nStatus: Blocked — no key\n\n## Epic E3 — Security\n**Epic status:** Cancelled — moved to the Identity team\n";
    let v = json(epics);
    assert_eq!(group_statuses(&v), pairs(&[("E1", "complete"), ("E2", "in_progress"), ("E3", "skipped")]));
    assert_eq!((v["tasks"]["total"].clone(), v["tasks"]["blocked"].clone()), (3.into(), 1.into()));
    // Stages named by a word before the keyword (`## 基础阶段`), then one more heading over a
    // checklist (`## 复试准备`): groups numbered by their place, not a section of stages.
    let zh = "# 复习计划\n\n## 基础阶段 ✅ 已完成\n* [x] a\n\n## 强化阶段 ⏳ 进行中\n* [x] b\n* [ ] c\n\n## 冲刺阶段\n* [ ] 408 真题\n* [ ] 模拟卷 8 套\n\n## 复试准备\n* [ ] 机试\n";
    let v = json(zh);
    assert_eq!(
        group_statuses(&v),
        pairs(&[("1", "complete"), ("2", "in_progress"), ("3", "pending"), ("4", "pending")])
    );
    assert_eq!(v["groups"][3]["title"], "复试准备");
    // A Codex ExecPlan: milestones in prose, their work in a `Progress` checklist naming each
    // item's milestone after its timestamp. Items of a milestone split by another's are not one
    // run: then no milestone takes any.
    let exec = "# Migrate CI\n\n## Progress\n\n- [x] (2025-02-03 09:12Z) Milestone 1: lint job.\n- [x] (2025-02-03 10:40Z) Milestone 1: test matrix.\n- [ ] Milestone 2: coverage upload.\n- [ ] Milestone 3: delete .travis.yml.\n\n## Plan of Work\n\n### Milestone 1: Lint and test\n\nCreate ci.yml.\n\n### Milestone 2: Coverage\n\nSend coverage.\n\n### Milestone 3: Remove Travis\n\nDelete it.\n";
    let v = json(exec);
    assert_eq!(group_statuses(&v), pairs(&[("1", "complete"), ("2", "pending"), ("3", "pending")]));
    let totals: Vec<_> = (0..3).map(|g| v["groups"][g]["tasks"]["total"].clone()).collect();
    assert_eq!(totals, [2, 1, 1]);
    // A status written to a milestone keeps its tasks.
    let dir = crate::harness::TempDir::new();
    std::fs::write(dir.path().join("task_plan.md"), exec).expect("write");
    let (code, _, err) = pplan(dir.path(), &["set", "--group", "2", "in_progress"]);
    assert_eq!(code, Some(0), "{err}");
    let after: serde_json::Value =
        serde_json::from_str(&pplan(dir.path(), &["status", "--json"]).1).expect("json");
    assert_eq!(group_statuses(&after), pairs(&[("1", "complete"), ("2", "in_progress"), ("3", "pending")]));
    let totals: Vec<_> = (0..3).map(|g| after["groups"][g]["tasks"]["total"].clone()).collect();
    assert_eq!(totals, [2, 1, 1]);
    let split = exec.replace(
        "- [ ] Milestone 3: delete .travis.yml.\n",
        "- [ ] Milestone 3: delete .travis.yml.\n- [ ] Milestone 1: badge.\n",
    );
    let v = json(&split);
    assert_eq!(group_statuses(&v), pairs(&[("1", "pending"), ("2", "pending"), ("3", "pending")]));
    assert_eq!((v["tasks"]["total"].clone(), v["groups"][0]["tasks"]["total"].clone()), (5.into(), 0.into()));
    // Where we are, in a table of fields, a person's `currently on`, a Czech `Teď jsme u:`.
    let fields = "# Upgrade\n\n| Field | Value |\n|---|---|\n| Owner | ops |\n| Current phase | B |\n\n## Phase A: Preflight\n- [x] a\n\n## Phase B: 1.28\n- [ ] b\n";
    assert_eq!(read(fields).1, "B");
    let person =
        "# Roadmap\n\nWe're currently on **M2**.\n\n## M1 Cleanup\n- [x] a\n\n## M2 Async fetcher\n- [ ] b\n";
    assert_eq!(read(person).1, "M2");
    let cs = "# Kroužek\n\n👉 Teď jsme u: Modul 2\n\n## Modul 1 – Úvod\n- [x] a\n\n## Modul 2 – Senzory\n- [ ] b\n";
    assert_eq!(read(cs).1, "2");
    // One count of steps split over the sections of a runbook (`### Step 7` alone under `##
    // Post-window`) is one run; after a run of chapters, a sibling stating its status over a
    // checklist is one more group; a report's section over none, or one named only by a status,
    // is not.
    let runbook = "# Runbook\n\n## Pre-window\n\n### Step 1 — Provision [DONE]\n- [x] a\n\n### Step 2 — Replicate [DONE]\n- [x] b\n\n## Window\n\n### Step 3 — Freeze [IN PROGRESS]\n- [ ] c\n\n## Post-window\n\n### Step 4 — Decommission [TODO]\n- [ ] d\n";
    assert_eq!(
        read(runbook).0,
        pairs(&[("1", "complete"), ("2", "complete"), ("3", "in_progress"), ("4", "pending")])
    );
    let thesis = "# Thesis\n\n### Chapter One: Introduction — DONE\n- [x] a\n\n### Chapter Two: Methods — WRITING\n- [ ] b\n\n### Back matter — NOT STARTED\n- [ ] c\n\n### Fixes done ✅\nAll three verified.\n\n### Out of scope\n- [ ] e\n";
    let v = json(thesis);
    assert_eq!(group_statuses(&v), pairs(&[("One", "complete"), ("Two", "pending"), ("3", "pending")]));
    assert_eq!(v["groups"][2]["title"], "Back matter");
    // Bold lines naming sprints, with a remark after a dash; a legend entry with a few words
    // after its status (`❌ not doing this year`); Swedish stages listed as a checklist.
    let sprints = "# Website\n\n**Sprint 1 · Design** — signed off 8 Mar ✔\n- [x] a\n\n**Sprint 2 · Build** — in progress\n- [x] b\n- [ ] c\n\n**Sprint 3 · Members** — waiting on the client\n- [ ] d\n";
    assert_eq!(read(sprints).0, pairs(&[("1", "complete"), ("2", "in_progress"), ("3", "blocked")]));
    let garden = "# Allotment\n\nKey: 🟢 done · 🟡 on the go · ⚪ not yet · ❌ not doing this year\n\n## 🟢 Winter jobs\n- [x] a\n\n## ⚪ Summer\n- [ ] b\n\n## ❌ Greenhouse\n- [ ] c\n";
    assert_eq!(read(garden).0, pairs(&[("1", "complete"), ("2", "pending"), ("3", "skipped")]));
    let sv = "# Stugan\n\n## Etapper\n\n- [x] Etapp 1: Dränering\n- [x] Etapp 2: Tak\n- [ ] Etapp 3: Fönster (pågår)\n\n## Anteckningar\n\n**Etapp 3**\n- Snickaren kommer v. 34.\n";
    let v = json(sv);
    assert_eq!(group_statuses(&v), pairs(&[("1", "complete"), ("2", "complete"), ("3", "in_progress")]));
    assert_eq!(v["groups"][2]["title"], "Fönster");
    // A key written as one word (`current_stage: C`); Korean "the wave in progress".
    let key = "# plan\n\ncurrent_stage: B\n\n## Stage A: Spec\nstatus: `done`\n\n## Stage B: Config\nstatus: `in_progress`\n";
    assert_eq!(read(key).1, "B");
    let ko = "# 계획\n\n진행 중인 웨이브: 웨이브 2\n\n## 웨이브 1: 기반 (완료)\n- [x] a\n\n## 웨이브 2: 화면 (진행 중)\n- [ ] b\n";
    assert_eq!(read(ko).1, "2");
}

#[test]
fn waiting_on_someone_is_blocked_and_a_bare_wait_is_pending() {
    let plan = "# Kitchen\n\n## Phase 1: Demo — done\n\n## Phase 2: Worktop ⏸ waiting on worktop delivery\n- [ ] fit\n\n## Phase 3: Paint — waiting on client (since 3 May)\n\n## Phase 4: Tiles (väntar på kommunens tillstånd)\n\n## Phase 5: Floor\n**Status:** waiting\n\n## Phase 6: Lights\n**Status:** Awaiting sign-off from legal, then go\n\n## Phase 7: Doors — queued\n\n## Phase 8: Skirting\n**Status:** half done, waiting on Apple cert\n- [x] a\n- [ ] b\n";
    let v = plan_status_json(plan);
    let want = [
        ("1", "complete"),
        ("2", "blocked"),
        ("3", "blocked"),
        ("4", "blocked"),
        ("5", "pending"),
        ("6", "blocked"),
        ("7", "pending"),
        ("8", "in_progress"),
    ];
    assert_eq!(group_statuses(&v), pairs(&want));
    // What it waits for goes with the token, as `blocked by X` does; the remark after it stays.
    Test::new()
        .file("task_plan.md", plan)
        .args(["set", "--group", "3", "done"])
        .file_eq("task_plan.md", plan.replace("— waiting on client (since 3 May)", "— done (since 3 May)"))
        .success();
    Test::new()
        .file("task_plan.md", plan)
        .args(["set", "--group", "6", "in_progress"])
        .file_eq("task_plan.md", plan.replace("Awaiting sign-off from legal, then", "in progress, then"))
        .success();
    // A status later in a line is prose: `half done` is the words replaced, and no spelling is
    // taken from a waiting token (`Awaiting sign-off from legal` does not spell blocked).
    Test::new()
        .file("task_plan.md", plan)
        .args(["set", "--group", "8", "blocked"])
        .file_eq("task_plan.md", plan.replace("half done, waiting", "blocked, waiting"))
        .success();
    // Nor from what a group is blocked by.
    let by = "# P\n\n## Phase 1: A\n**Status:** blocked by 2\n\n## Phase 2: B\n**Status:** pending\n\n## Phase 3: C\n**Status:** pending\n";
    Test::new()
        .file("task_plan.md", by)
        .args(["set", "--group", "3", "blocked"])
        .file_eq(
            "task_plan.md",
            by.replace("## Phase 3: C\n**Status:** pending", "## Phase 3: C\n**Status:** blocked"),
        )
        .success();
    // But its spelling is remembered when it leaves the file (`⛔ blocked by 2` set pending,
    // then another group set blocked, where the table's symbol is 🚫).
    let marked = by.replace("blocked by 2", "⛔ blocked by 2").replace("pending", "⏳ pending");
    let dir = crate::harness::TempDir::new();
    std::fs::write(dir.path().join("task_plan.md"), &marked).expect("write");
    assert_eq!(pplan(dir.path(), &["set", "--group", "1", "pending"]).0, Some(0));
    assert_eq!(pplan(dir.path(), &["set", "--group", "2", "blocked"]).0, Some(0));
    let after = std::fs::read_to_string(dir.path().join("task_plan.md")).expect("read");
    let want = marked
        .replace("⛔ blocked by 2", "⏳ pending")
        .replace("B\n**Status:** ⏳ pending", "B\n**Status:** ⛔ blocked");
    assert_eq!(after, want);
}

#[test]
fn probe_25_to_27_forms_read_as_a_person_reads_them() {
    let json = plan_status_json;
    let read = |plan: &str| {
        let v = json(plan);
        (group_statuses(&v), v["current_group"]["stated"].clone())
    };
    // Milestones as bold items with a status after them, one holding a checklist: the items are
    // the groups and the checklist is the third one's (a log of `[done]` items beside tasks of
    // their own stays a log).
    let ms = "# P\n\n## Meilensteine\n\n- **MS1 Analyse** ✅\n  Notizen.\n- **MS2 Umstieg** ✅\n- **MS3 Struktur** 🔄\n  - [x] a\n  - [ ] b\n- **MS4 Validierung** ⏳\n";
    let v = json(ms);
    assert_eq!(
        group_statuses(&v),
        pairs(&[("1", "complete"), ("2", "complete"), ("3", "in_progress"), ("4", "pending")])
    );
    assert_eq!(v["groups"][2]["tasks"]["total"], 2);
    // A table with only a status column, in a plan with no other groups: its rows are the
    // groups (a bare id takes the next column's words as its title); a table where every row
    // says the same is a report, not the plan's groups.
    let table = "# Badkamer\n\n| Onderdeel | Wie | Status |\n|---|---|---|\n| Slopen | wij | Klaar |\n| Leidingwerk | Hans | Wacht op Hans (knie) |\n| Elektra | Joost | Bezig |\n| Tegelen | Mehmet | Nog niet |\n\n## Bestellingen\n- [x] tegels\n- [ ] spiegel\n";
    let v = json(table);
    assert_eq!(
        group_statuses(&v),
        pairs(&[("1", "complete"), ("2", "blocked"), ("3", "in_progress"), ("4", "pending")])
    );
    assert_eq!(v["groups"][0]["title"], "Slopen");
    let weeks = "# Y10\n\n| Wk | Topic | Status |\n|---|---|---|\n| 1 | Alliances | done |\n| 2 | Verdun | in progress |\n";
    assert_eq!(json(weeks)["groups"][1]["title"], "Verdun");
    let report = "# Interviews\n\n| Stakeholder | Status |\n|---|---|\n| SRE | ✅ Complete |\n| PM | ✅ Complete |\n\n## Deliverables\n- [x] register\n";
    assert_eq!(read(report).0, pairs(&[]));
    // `— current (ends …)` after a heading's id is its current mark and not its title.
    let sprints = "# Club\n\n### Sprint 4 — done\n- [x] a\n\n### Sprint 5 — current (ends 2024-06-07)\n- [x] b\n- [ ] c\n\n### Sprint 6\n- [ ] d\n";
    let v = json(sprints);
    assert_eq!(v["current_group"]["stated"], "5");
    assert_eq!(v["groups"][1]["title"], "");
    // Pointers in Arabic, Persian and Hindi prose; `👉 сейчас` and `← đang ở đây` after a title.
    for (plan, id) in [
        (
            "# دوري\n\nنحن الآن في المرحلة 3\n\n## المرحلة 1: أ — تم ✅\n\n## المرحلة 2: ب\n\n## المرحلة 3: ج\n",
            "3",
        ),
        ("# शादी\n\nअभी हम चरण 2 पर हैं।\n\n## चरण 1 — क ✅ पूरा\n\n## चरण 2 — ख\n", "2"),
        ("# План\n\n## Этап 1. Демонтаж — готово\n\n## Этап 2. Стяжка — в процессе 👉 сейчас\n", "2"),
        ("# Kế hoạch\n\n## Giai đoạn 1 – Kana\n\n## Giai đoạn 2 – Minna ← đang ở đây\n", "2"),
    ] {
        assert_eq!(read(plan).1, id, "{plan}");
    }
    // Statuses: stuck, a block with its reason after a dash, postponed (Hungarian, Indonesian,
    // Ukrainian), cancelled (Korean), Finnish and Hebrew waits.
    let words = "# P\n\n## Part 1 — stuck\n\n## Part 2\nBLOCKED — calf strain 12 Feb.\n\n## Part 3 – elhalasztva\n\n## Part 4 — ditunda\n\n## Part 5 — ❌ 취소\n\n## Part 6 — valmis\n\n## Part 7 (odottaa isännöitsijää)\n\n## Part 8 — מחכים לבעל הבית\n\n## Part 9 — перенесено\n";
    assert_eq!(
        read(words).0,
        pairs(&[
            ("1", "blocked"),
            ("2", "blocked"),
            ("3", "skipped"),
            ("4", "skipped"),
            ("5", "skipped"),
            ("6", "complete"),
            ("7", "blocked"),
            ("8", "blocked"),
            ("9", "skipped"),
        ])
    );
}

#[test]
fn a_status_after_dotted_leaders_is_the_groups() {
    let plan = "# GraphQL to REST\n\nPhase 1: endpoint inventory ........ done\nPhase 2: OpenAPI spec draft ........ done — reviewed by Ana\nPhase 3: handlers ...... in progress (60%)\nPhase 4: ETag …… not started\n\n## Errors\n";
    let v = plan_status_json(plan);
    let want = [("1", "complete"), ("2", "complete"), ("3", "in_progress"), ("4", "pending")];
    assert_eq!(group_statuses(&v), pairs(&want));
    assert_eq!(v["groups"][1]["title"], "OpenAPI spec draft");
    // The token alone changes; the leaders and the remark after it stay.
    Test::new()
        .file("task_plan.md", plan)
        .args(["set", "--group", "4", "in_progress"])
        .file_eq("task_plan.md", plan.replace("…… not started", "…… in progress"))
        .success();
    Test::new()
        .file("task_plan.md", plan)
        .args(["set", "--group", "2", "blocked"])
        .file_eq("task_plan.md", plan.replace("........ done — reviewed", "........ blocked — reviewed"))
        .success();
}

#[test]
fn a_list_of_steps_each_with_its_status_is_the_groups() {
    // A person's own list: a title, then its status after a colon, in brackets or after a dash;
    // an item of the same list over its notes is a step not yet stated.
    let plan = "# homelab rebuild\n\n- hardware: done\n  - bought used optiplex\n- proxmox install: done\n- networking: in progress\n  - vlans on the switch (done)\n- storage / zfs: not started\n- services\n  - jellyfin\n- backups: not started (need a disk)\n\nnotes\n- the switch is weird\n";
    let v = plan_status_json(plan);
    let want = [
        ("1", "complete"),
        ("2", "complete"),
        ("3", "in_progress"),
        ("4", "pending"),
        ("5", "pending"),
        ("6", "pending"),
    ];
    assert_eq!(group_statuses(&v), pairs(&want));
    assert_eq!(v["groups"][3]["title"], "storage / zfs");
    Test::new()
        .file("task_plan.md", plan)
        .args(["set", "--group", "4", "in_progress"])
        .file_eq("task_plan.md", plan.replace("zfs: not started", "zfs: in progress"))
        .success();
    let numbered = "# Mudanza\n\n1. Buscar piso (hecho)\n   - visitas en Ruzafa\n2. Dar de baja el piso actual (hecho)\n3. Mudanza física (en curso)\n4. Suministros (pendiente)\n5. Electrics — skipping, extension cable is fine\n6. Paint — not yet\n\n## Notas\n- fianza: 2 meses\n";
    let v = plan_status_json(numbered);
    let want = [
        ("1", "complete"),
        ("2", "complete"),
        ("3", "in_progress"),
        ("4", "pending"),
        ("5", "skipped"),
        ("6", "pending"),
    ];
    assert_eq!(group_statuses(&v), pairs(&want));
    Test::new()
        .file("task_plan.md", numbered)
        .args(["set", "--group", "3", "done"])
        .file_eq("task_plan.md", numbered.replace("(en curso)", "(hecho)"))
        .success();
    // A step stating no status gets one after its title the way its list writes them, not a box
    // that would make it a task; a struck step is dropped, and set back it says so in words.
    Test::new()
        .file("task_plan.md", plan)
        .args(["set", "--group", "5", "in_progress"])
        .file_eq("task_plan.md", plan.replace("- services\n", "- services: in progress\n"))
        .success();
    let struck = "1. Buscar piso (hecho)\n2. Mudanza (en curso)\n3. ~~Vender el sofá~~ → me lo llevo\n";
    assert_eq!(group_statuses(&plan_status_json(struck))[2].1, "skipped");
    Test::new()
        .file("task_plan.md", struck)
        .args(["set", "--group", "3", "pending"])
        .file_eq("task_plan.md", struck.replace("me lo llevo\n", "me lo llevo (pendiente)\n"))
        .success();
    // In a file of CRLF lines the status goes before the line's ending.
    let crlf = struck.replace('\n', "\r\n");
    Test::new()
        .file("task_plan.md", &crlf)
        .args(["set", "--group", "3", "pending"])
        .file_eq("task_plan.md", crlf.replace("me lo llevo\r\n", "me lo llevo (pendiente)\r\n"))
        .success();
    // Markup around a step's title is no separator, and the form is the step's own list's.
    let bold = "# Move\n\n## Part A\n- hardware — done\n- cables — done\n\n## Part B\n- **movers**: in progress\n- **boxes**: done\n- services\n";
    Test::new()
        .file("task_plan.md", bold)
        .args(["set", "--group", "5", "done"])
        .file_eq("task_plan.md", bold.replace("- services\n", "- services: done\n"))
        .success();
    // Notes that only mention a status now and then are no list of steps.
    let notes = "# Trip\n\n- flights: done\n- hotel near the station\n- bring adapters\n- ask Anna about the car\n- visa: pending\n";
    assert_eq!(plan_status_json(notes)["groups"], serde_json::json!([]));
}

#[test]
fn headings_without_ids_that_state_their_status_are_the_groups() {
    // No checkbox anywhere: the headings say their status in their titles.
    let plan = "# podcast launch\n\n## ✅ Concept\n- name, format\n## ✅ Gear\n- Shure MV7\n## 🔄 Record first 3 episodes\n- ep1 recorded\n## ⛔ Artwork\nwaiting on cover art from Lu\n## Hosting + RSS\n- leaning Transistor\n\nedit notes: cut my ums\n";
    let v = plan_status_json(plan);
    let want = [("1", "complete"), ("2", "complete"), ("3", "in_progress"), ("4", "blocked")];
    assert_eq!(group_statuses(&v), pairs(&want));
    assert_eq!(v["groups"][2]["title"], "Record first 3 episodes");
    Test::new()
        .file("task_plan.md", plan)
        .args(["set", "--group", "4", "in_progress"])
        .file_eq("task_plan.md", plan.replace("## ⛔ Artwork", "## 🔄 Artwork"))
        .success();
    // Or in a status line of their own, beside a checklist.
    let lines = "# Export to Notion\n\n## Backend\nstatus: done\n- OAuth\n\n## Frontend\nstatus: in progress\n- [x] button\n- [ ] toast\n\n## Images\nstatus: blocked — Notion takes no uploads\n\n## Docs\nstatus: todo\n- article\n";
    let v = plan_status_json(lines);
    let want = [("1", "complete"), ("2", "in_progress"), ("3", "blocked"), ("4", "pending")];
    assert_eq!(group_statuses(&v), pairs(&want));
    // A log whose headings all report work done is no plan kept in them.
    let report = "# Fixes\n\n## Default model fix ✅ done\n- config\n\n## Error text fix ✅ done\n- message\n\n## Root cause ✅ done\nthe migration\n";
    assert_eq!(plan_status_json(report)["groups"], serde_json::json!([]));
}

#[test]
fn a_status_struck_through_and_rewritten_is_the_new_one() {
    let plan = "# Checkout a11y\n\n### Phase 1 — Audit\nStatus: complete\n\n### Phase 2 — Payment form\nStatus: ~~complete~~ in_progress (re-verifying)\n- [ ] iframe title\n\n### Phase 3 — WhatsApp\n~~in progress~~ dropped: the API costs too much.\n";
    let v = plan_status_json(plan);
    let want = [("1", "complete"), ("2", "in_progress"), ("3", "skipped")];
    assert_eq!(group_statuses(&v), pairs(&want));
    // The struck word is history: set edits the status after it.
    Test::new()
        .file("task_plan.md", plan)
        .args(["set", "--group", "2", "complete"])
        .file_eq("task_plan.md", plan.replace("~~complete~~ in_progress", "~~complete~~ complete"))
        .success();
    // A numbered heading whose title is struck through is dropped.
    let numbered = "# Blog in Rust\n\n## 1. Markdown ✔\n\n## 2. Templates\n- [x] base\n- [ ] feeds\n\n## 3. ~~Live reload~~\n";
    let want = [("1", "complete"), ("2", "in_progress"), ("3", "skipped")];
    assert_eq!(group_statuses(&plan_status_json(numbered)), pairs(&want));
}

#[test]
fn plain_lines_that_open_with_a_status_or_a_bold_label_are_the_groups() {
    let tagged = "# GraphQL gateway\n\n[DONE] Part 1 — Inventory subgraphs\n  - users, catalog\n[WIP] Part 2 — Extract catalog\n  - [x] keys\n  - [ ] CI check\n[TODO] Part 3 — Extract orders\n[BLOCKED] Part 4 — Full traffic\n\nNotes\n-----\n* keys by sku\n";
    let v = plan_status_json(tagged);
    let want = [("1", "complete"), ("2", "in_progress"), ("3", "pending"), ("4", "blocked")];
    assert_eq!(group_statuses(&v), pairs(&want));
    assert_eq!(v["groups"][2]["title"], "Extract orders");
    Test::new()
        .file("task_plan.md", tagged)
        .args(["set", "--group", "3", "in_progress"])
        .file_eq("task_plan.md", tagged.replace("[TODO] Part 3", "[WIP] Part 3"))
        .success();
    let bold = "# Search\n\n**Phase 0 – decide engine:** done. Pagefind, no server.\n\n**Phase 1 – index build:** done\n- runs after build\n\n**Phase 2 – UI:** in progress (current)\n- [x] modal\n- [ ] mobile\n\n**Phase 3 – ranking:** todo\n";
    let v = plan_status_json(bold);
    let want = [("0", "complete"), ("1", "complete"), ("2", "in_progress"), ("3", "pending")];
    assert_eq!(group_statuses(&v), pairs(&want));
    assert_eq!(v["groups"][0]["title"], "decide engine");
    assert_eq!(v["current_group"]["stated"], "2");
    Test::new()
        .file("task_plan.md", bold)
        .args(["set", "--group", "0", "blocked"])
        .file_eq("task_plan.md", bold.replace(":** done. Pagefind", ":** blocked. Pagefind"))
        .success();
}

#[test]
fn the_current_group_pointed_at_in_more_ways() {
    let arrow = "# Regole\n\n## Fase 1 [completata]\n## Fase 2 [completata]\n## Fase 3 [in corso] ◀ siamo qui\n## Fase 4 [da fare]\n";
    assert_eq!(plan_status_json(arrow)["current_group"]["stated"], "3");
    let here = "# パーサ\n\n### ステップ 1\n- [x] 字句解析\n### ステップ 2 ← いまここ\n- [ ] 構文解析\n### ステップ 3\n- [ ] 出力\n";
    assert_eq!(plan_status_json(here)["current_group"]["stated"], "2");
    let dashed = "# План\n\nТекущий этап — **Этап 3**.\n\n## Этап 1\n- [x] a\n## Этап 2\n- [x] b\n## Этап 3\n- [ ] c\n";
    assert_eq!(plan_status_json(dashed)["current_group"]["stated"], "3");
    let resume = "# Port\n\n> **Resume point:** Phase 2, task 2.3 — re-run the gate.\n\n## Phase 1\n- [x] a\n## Phase 2\n- [ ] b\n";
    assert_eq!(plan_status_json(resume)["current_group"]["stated"], "2");
    // An arrow at someone is no mark (`← ask her`).
    let her = "# Move\n\n## Phase 1\n- [x] a\n## Phase 2 ← ask her\n- [ ] b\n";
    assert_eq!(plan_status_json(her)["current_group"]["stated"], serde_json::Value::Null);
}

#[test]
fn forms_that_look_like_the_new_ones_and_are_not() {
    let null = serde_json::Value::Null;
    // A table of steps beside tasks that no step holds is a procedure: the tasks stay the plan's.
    let steps = "# Site\n\n## Étapes\n\n| Étape | Description | Statut |\n|---|---|---|\n| 1 | Inventaire | Terminé |\n| 2 | Migration | En cours |\n\n## Détails\n- [x] script\n- [ ] liens\n";
    assert_eq!(plan_status_json(steps)["groups"], serde_json::json!([]));
    // Under a heading naming a step (`## Détails étape 2`) they are that step's, and ready.
    let named = steps.replace("## Détails", "## Détails étape 2");
    let v = plan_status_json(&named);
    assert_eq!(group_statuses(&v), pairs(&[("1", "complete"), ("2", "in_progress")]));
    assert_eq!(v["next_tasks"][0]["text"], "liens");
    // A note after a dash is no current label (`Today – 3 PRs merged`); a label of two words
    // naming a group is.
    let phases = "# P\n\n## Phase 1\n- [x] a\n## Phase 2\n- [ ] b\n## Phase 3\n- [ ] c\n\n## Progress log\n";
    for note in [
        "Today – 3 PRs merged, CI green.",
        "Now — Phase 3 can only start after the audit.",
        "Active users — 3 per org.",
    ] {
        let plan = format!("{phases}{note}\n");
        assert_eq!(plan_status_json(&plan)["current_group"]["stated"], null, "{note}");
    }
    // A status struck and rewritten, or a block struck off, is no group dropped.
    let struck = "# P\n\n## Phase 1 — ~~done~~ in progress\n- [ ] x\n\n## Phase 2 — ~~blocked~~\n- [ ] y\n";
    let want = [("1", "in_progress"), ("2", "pending")];
    assert_eq!(group_statuses(&plan_status_json(struck)), pairs(&want));
    // A CJK id is cut only at a possessive: `阶段 1–2` keeps its range.
    let range = "# 计划\n\n## 阶段 1 调研\n- [x] a\n## 阶段 1–2 过渡\n- [ ] b\n";
    let ids: Vec<String> = plan_status_json(range)["groups"]
        .as_array()
        .expect("groups")
        .iter()
        .map(|g| g["id"].as_str().unwrap_or_default().to_string())
        .collect();
    assert_eq!(ids, ["1", "1–2"]);
    // Prose that opens with a word and a number is no plan of parts.
    let prose = "# Refactor\n\nPart 1. We begin with the parser, then move on.\nPart 2. The lexer follows once the parser is done.\n\n- [ ] parser\n- [ ] lexer\n";
    assert_eq!(plan_status_json(prose)["groups"], serde_json::json!([]));
    // An epic column beside a task column is each task's field.
    let tasks = "# Backlog\n\n| ID | Task | Epic | Status |\n|---|---|---|---|\n| 1 | Fix login | Auth | done |\n| 2 | Add SSO | Auth | in progress |\n";
    assert_eq!(plan_status_json(tasks)["groups"], serde_json::json!([]));
    // `hier` after an arrow is "yesterday" in French, unless a "we are" says it is "here".
    let done = "# P\n\n## Phase 1 — Export ✅ ← fini hier\n## Phase 2 — Import\n- [ ] a\n";
    assert_eq!(plan_status_json(done)["current_group"]["stated"], null);
    let german = "# P\n\n## Phase 1 — Export ✅\n## Phase 2 — Import ← wir sind hier\n- [ ] a\n";
    assert_eq!(plan_status_json(german)["current_group"]["stated"], "2");
    // A coloured circle after a dash may be a priority: a remark after it is no status.
    let risks = "# P\n\n- **Translation delays** — 🟡 medium, vendor is slow\n  - [ ] ask\n- **Budget** — 🟢 low\n  - [ ] check\n";
    let want = [("1", "pending"), ("2", "pending")];
    assert_eq!(group_statuses(&plan_status_json(risks)), pairs(&want));
}

#[test]
fn a_list_of_epics_with_the_plans_own_symbols_is_the_groups() {
    let plan = "# Data export\n\nLegend: ✅ done, 🟡 in progress, ⚪ not started, 🔴 blocked\n\n### Epics\n- **E1 Export jobs** — ✅\n  - worker, S3 upload\n- **E2 Parquet writer** — 🟡 started, nested metadata is the open question\n- **E3 UI** — 🟡\n  - [x] request form\n  - [ ] job list\n- **E4 Quotas** — ⚪\n- **E5 GDPR variant** — 🔴 blocked on legal review\n- **E6 Docs** — 🔴\n- **E7 Billing** — ⚪\n\n## Log\n- 2024-08-12 E1 merged\n";
    let v = plan_status_json(plan);
    let want = [
        ("1", "complete"),
        ("2", "in_progress"),
        ("3", "in_progress"),
        ("4", "pending"),
        ("5", "blocked"),
        ("6", "blocked"),
        ("7", "pending"),
    ];
    assert_eq!(group_statuses(&v), pairs(&want));
    // The symbol is the status; the remark after it stays.
    Test::new()
        .file("task_plan.md", plan)
        .args(["set", "--group", "2", "complete"])
        .file_eq("task_plan.md", plan.replace("— 🟡 started", "— ✅ complete"))
        .success();
}

#[test]
fn more_forms_of_a_groups_line() {
    // Plain lines `Part I. Title — DONE` over indented notes.
    let parts = "# Search relevance\n\nPart I. Evaluation harness — DONE\n  * judged set\n\nPart II. Quick wins — DONE\n\nPart III. Learning to rank — IN PROGRESS\n  * TODO: deploy\n\nPart IV. Semantic retrieval — PARKED\n\nPart V. Query understanding — NOT STARTED\n";
    let want =
        [("I", "complete"), ("II", "complete"), ("III", "in_progress"), ("IV", "skipped"), ("V", "pending")];
    assert_eq!(group_statuses(&plan_status_json(parts)), pairs(&want));
    // Ranges as ids, the status closing the line with no separator after the id.
    let weeks = "# Marathon\n\nWeek 1–4 (base) — done\n  longest run 22k\nWeek 5–8 (threshold) — in progress\n  - wk 5 ✓\nWeek 9–12 (taper) — not started\n\ngear\n- new shoes\n";
    let want = [("1–4", "complete"), ("5–8", "in_progress"), ("9–12", "pending")];
    assert_eq!(group_statuses(&plan_status_json(weeks)), pairs(&want));
    // Numbered headings opening with their status, sub-steps lettered (`3b.`), named as current.
    let mail = "# Mail migration\n\nNOW: step 3b\n\n## Steps\n\n### [DONE] 1. Build mx2\n\n### [DONE] 3a. Initial sync\n\n### [WIP] 3b. Delta sync\n- [x] a\n- [ ] b\n\n### [ ] 4. DKIM\n";
    let v = plan_status_json(mail);
    let want = [("1", "complete"), ("3a", "complete"), ("3b", "in_progress"), ("4", "pending")];
    assert_eq!(group_statuses(&v), pairs(&want));
    assert_eq!(v["current_group"]["stated"], "3b");
    Test::new()
        .file("task_plan.md", mail)
        .args(["set", "--group", "3b", "complete"])
        .file_eq("task_plan.md", mail.replace("[WIP] 3b.", "[DONE] 3b."))
        .success();
    // A symbol between the id and the title.
    let steps = "# Tenants\n\n## Steps\n\n### Step 1 ✅ Add tenant_id\n\n### Step 2 🔄 Row-level security\n- [x] enable\n- [ ] tests\n\n### Step 3 ⬜ Per-tenant config\n";
    let want = [("1", "complete"), ("2", "in_progress"), ("3", "pending")];
    let v = plan_status_json(steps);
    assert_eq!(group_statuses(&v), pairs(&want));
    assert_eq!(v["groups"][2]["title"], "Per-tenant config");
    Test::new()
        .file("task_plan.md", steps)
        .args(["set", "--group", "3", "in_progress"])
        .file_eq("task_plan.md", steps.replace("Step 3 ⬜", "Step 3 🔄"))
        .success();
    // A table of epics.
    let epics = "# Onboarding\n\n| Epic | Name | Status |\n|---|---|---|\n| E1 | KYC | ✅ Done |\n| E2 | Storefront | 🟡 In progress |\n| E3 | Payouts | 🔴 Blocked |\n";
    let want = [("E1", "complete"), ("E2", "in_progress"), ("E3", "blocked")];
    assert_eq!(group_statuses(&plan_status_json(epics)), pairs(&want));
    // A CJK id runs on into the words after it (`阶段三的…`, stage three's …).
    let current = "# 预约\n\n## 阶段一：表单 ✅\n## 阶段二：日历 ✅\n## 阶段三：通知 🔄\n- [x] 邮件\n- [ ] 提醒\n## 阶段四：统计 ⏳\n\n## 当前在做\n阶段三的企业微信通知。\n";
    assert_eq!(plan_status_json(current)["current_group"]["stated"], "三");
}

#[test]
fn steps_whose_status_opens_them_or_whose_details_sit_apart() {
    // Numbered steps under `## Steps` that open with their status symbol.
    let steps = "# Blog move\n\n## Steps\n1. ✅ Astro project\n2. 🚧 OG images\n   - fonts are heavy\n3. ⬜ RSS\n\n## Notes\n- keep Shiki\n";
    let want = [("1", "complete"), ("2", "in_progress"), ("3", "pending")];
    assert_eq!(group_statuses(&plan_status_json(steps)), pairs(&want));
    Test::new()
        .file("task_plan.md", steps)
        .args(["set", "--group", "3", "in_progress"])
        .file_eq("task_plan.md", steps.replace("3. ⬜ RSS", "3. 🚧 RSS"))
        .success();
    // Lettered plain lines whose status closes them, over indented notes.
    let lettered = "# Photos\n\nA. Inventory — done\n   ~148k files\nB. Takeout export — done\nC. Fix metadata — in progress\n   - [x] sidecars\n   - [ ] scans\nD. Dedupe — todo\n\nDecision (Mar 9): keep RAWs only for 2019+.\n";
    let want = [("A", "complete"), ("B", "complete"), ("C", "in_progress"), ("D", "pending")];
    assert_eq!(group_statuses(&plan_status_json(lettered)), pairs(&want));
    // A table of steps, and one step's checklist under a heading naming it.
    let table = "# Site\n\n## Étapes\n\n| # | Étape | Statut |\n|---|---|---|\n| 1 | Audit | terminé |\n| 2 | Maquettes | terminé |\n| 3 | Hébergeur | abandonné |\n| 4 | Thème | en cours |\n| 5 | Adhésions | à faire |\n\n## Détails de l'étape 4\n- [x] Thème enfant\n- [ ] Agenda\n- [ ] Contact\n\n## Remarques\n- garder une redirection\n";
    let v = plan_status_json(table);
    let want =
        [("1", "complete"), ("2", "complete"), ("3", "skipped"), ("4", "in_progress"), ("5", "pending")];
    assert_eq!(group_statuses(&v), pairs(&want));
    assert_eq!(v["groups"][3]["tasks"]["total"], 3);
    Test::new()
        .file("task_plan.md", table)
        .args(["add", "--group", "4", "Pages"])
        .file_eq("task_plan.md", table.replace("- [ ] Contact\n", "- [ ] Contact\n- [ ] Pages\n"))
        .success();
    // A task under no heading naming a step: the table is no longer the groups, the headings
    // holding the checklists are (as without the table).
    let loose = table.replace("## Remarques\n", "## Divers\n- [ ] Relire\n\n## Remarques\n");
    let v = plan_status_json(&loose);
    assert_eq!(v["groups"].as_array().map(Vec::len), Some(2));
    assert_eq!(v["groups"][1]["title"], "Divers");
    // A heading naming a step the table does not have (`étape 9`), or naming none: no step's.
    let other = table.replace("l'étape 4", "l'étape 9");
    assert_eq!(plan_status_json(&other)["groups"].as_array().map(Vec::len), Some(0));
}

#[test]
fn the_current_group_named_after_a_sentence_by_an_in_progress_label_or_now() {
    let base = "## Fase 1 — Preparación ✅\n- [x] a\n\n## Fase 2 — Build 🔄\n- [x] b\n- [ ] c\n\n## Fase 3 — Tests ⏸️ Aplazada\n";
    // After a sentence on the same line.
    let plan = format!("# Vite\n\nEstado general: en curso. Fase actual → **Fase 2**.\n\n{base}");
    let v = plan_status_json(&plan);
    assert_eq!(v["current_group"]["stated"], "2");
    assert_eq!(group_statuses(&v), pairs(&[("1", "complete"), ("2", "in_progress"), ("3", "skipped")]));
    // A label naming the group in progress.
    let plan = format!("# Vite\n\n> Etapa em andamento: **Fase 2 — Build**\n\n{base}");
    assert_eq!(plan_status_json(&plan)["current_group"]["stated"], "2");
    // An arrow to NOW closing a heading.
    let plan = base.replace("## Fase 2 — Build 🔄", "## Fase 2 — 2025-04-04 → NOW");
    assert_eq!(plan_status_json(&plan)["current_group"]["stated"], "2");
    // Not a current label: one word after a sentence, an arrow inside a title, `in progress` alone.
    for line in ["Done. Now → Fase 2 maybe.", "In progress: Fase 2", "Tests (Jest → Vitest) first"] {
        let plan = format!("# Vite\n\n{line}\n\n{base}");
        assert!(plan_status_json(&plan)["current_group"]["stated"].is_null(), "{line}");
    }
}

#[test]
fn a_status_list_with_remarks_notes_on_a_group_and_a_phase_split_in_two() {
    // A status list: statuses after the title's colon with a remark set apart; the list is no
    // pointer to a current group; `## Phase 5 notes` is notes on group 5, not a group.
    let list = "# Django upgrade\n\n## Status\n- Phase 1 (audit): done\n- Phase 2 (3.2 → 4.0): done, deployed 10/03\n- Phase 3 (4.0 → 4.1): blocked — needs beat 2.5\n- Phase 4: blocked — waiting for the release\n- Phase 5 (warnings): not started\n\n## Phase 5 notes\n- `USE_L10N` removed\n";
    let v = plan_status_json(list);
    let want = [("1", "complete"), ("2", "complete"), ("3", "blocked"), ("4", "blocked"), ("5", "pending")];
    assert_eq!(group_statuses(&v), pairs(&want));
    assert!(v["current_group"]["stated"].is_null());
    Test::new()
        .file("task_plan.md", list)
        .args(["set", "--group", "3", "in_progress"])
        .file_eq("task_plan.md", list.replace("): blocked — needs", "): in_progress — needs"))
        .success();
    // A phase struck through and split into 4a and 4b is replaced by them; one struck and not
    // split is dropped, and still a group.
    let split = "# PWA\n\n### Phase 3: Cache\n- [x] a\n\n### ~~Phase 4: Sync~~\nSplit into 4a and 4b.\n\n### Phase 4a: Outbox\n- [x] b\n\n### Phase 4b: Conflicts\n- [ ] c\n\n### ~~Phase 5: Widgets~~\n";
    let want = [("3", "complete"), ("4a", "complete"), ("4b", "pending"), ("5", "skipped")];
    assert_eq!(group_statuses(&plan_status_json(split)), pairs(&want));
}

#[test]
fn a_symbol_with_a_remark_a_note_on_a_stage_and_an_overview_pointing_at_its_wave() {
    // A status symbol, then a remark closing the title; not a priority circle.
    let parts = "# Lisp tutorial\n\n## Part I — Tokens and lists ✅ published\n\n## Part II — Eval loop ✅ published\n\n## Part III — Kargo entegrasyonu ⛔ bekleniyor\n\n## Part IV — Macros 🟡 medium\n- [ ] quasiquote\n";
    let want = [("I", "complete"), ("II", "complete"), ("III", "blocked"), ("IV", "pending")];
    let v = plan_status_json(parts);
    assert_eq!(group_statuses(&v), pairs(&want));
    assert_eq!(v["groups"][2]["title"], "Kargo entegrasyonu");
    Test::new()
        .file("task_plan.md", parts)
        .args(["set", "--group", "III", "complete"])
        .file_eq("task_plan.md", parts.replace("⛔ bekleniyor", "✅ bekleniyor"))
        .success();
    // A note on a stage already read is a remark, not a second stage 5.
    let stages = "# Home server\n\n- Stage 0 — back up ✅\n- Stage 1 — Proxmox 🔄\n- Stage 5 — decommission ⏳\n\nNotes\n- stage 5: not doing it after all\n- remember the DHCP reservation\n";
    let want = [("0", "complete"), ("1", "in_progress"), ("5", "pending")];
    assert_eq!(group_statuses(&plan_status_json(stages)), pairs(&want));
    // An overview item pointing at itself names its heading group as the current one.
    let waves = "# Strict TS\n\n## Progress\n- Wave 1 — core ✅\n- Wave 2 — web  ← we are here\n- Wave 3 — admin\n\n## Wave 1: core\n- [x] a\n\n## Wave 2: web\n- [x] b\n- [ ] c\n\n## Wave 3: admin\n- [ ] d\n";
    assert_eq!(plan_status_json(waves)["current_group"]["stated"], "2");
    // A French status label (`État :`), waiting on people outside: blocked.
    let etapes = "# Traduction\n\n### Étape 1 — Extraction\nÉtat : terminé\n- [x] a\n\n### Étape 2 — Relecture\nÉtat : en attente des relecteurs (agence Lingua)\n- [ ] b\n";
    assert_eq!(group_statuses(&plan_status_json(etapes)), pairs(&[("1", "complete"), ("2", "blocked")]));
    // 搁置 (shelved) is dropped work.
    let table =
        "# 积分\n\n| 里程碑 | 内容 | 状态 |\n|---|---|---|\n| M1 | 规则 | 已完成 |\n| M2 | 商城 | 搁置 |\n";
    assert_eq!(group_statuses(&plan_status_json(table)), pairs(&[("M1", "complete"), ("M2", "skipped")]));
}

#[test]
fn titles_and_lines_that_look_like_the_newest_forms_and_are_not() {
    let null = serde_json::Value::Null;
    let group2 = |h2: &str| {
        let plan =
            format!("# Plan\n\n## Phase 1: Setup\n- [x] a\n## {h2}\n- [ ] b\n## Phase 3: Ship\n- [ ] c\n");
        let v = plan_status_json(&plan);
        (v["groups"][1]["status"].as_str().unwrap_or_default().to_string(), v["groups"][1]["title"].clone())
    };
    // A symbol inside a title, a status word opening one: the title, whole, and no status.
    for (h2, title) in [
        ("Phase 2: Migrate ✓ entries to new schema", "Migrate ✓ entries to new schema"),
        ("Phase 2: Build 🚧 scaffolding", "Build 🚧 scaffolding"),
        ("Phase 2: Cancelled (orders) flow", "Cancelled (orders) flow"),
        ("Phase 2: Done — definition and checklist", "Done — definition and checklist"),
        ("Phase 2: Todo - list component", "Todo - list component"),
        ("Phase 2: Notes", "Notes"),
    ] {
        assert_eq!(group2(h2), ("pending".to_string(), serde_json::json!(title)), "{h2}");
    }
    // A struck phase holding its own work stays a group beside a part of it.
    let struck = "# Plan\n\n## Phase 1: Setup\n- [x] a\n## ~~Phase 2: Sync~~\n- [x] schema\n## Phase 2a: Conflict UI\n- [ ] c1\n";
    let v = plan_status_json(struck);
    assert_eq!(group_statuses(&v), pairs(&[("1", "complete"), ("2", "complete"), ("2a", "pending")]));
    // A list group written again over its own checklist keeps its tasks.
    let again = "# Plan\n\n- Stage 1: Setup — done\n- Stage 2: Build — in progress\n\nDetails\n- Stage 2: Build\n  - [x] api\n  - [ ] ui\n";
    let v = plan_status_json(again);
    let held: u64 =
        v["groups"].as_array().into_iter().flatten().map(|g| g["tasks"]["total"].as_u64().unwrap_or(0)).sum();
    assert_eq!(held, 2);
    // Not current labels: other words before "in progress", a dated log, a rightward arrow
    // meaning "into".
    let base =
        "# Plan\n\n## Phase 1: Setup\n- [x] a\n## Phase 2: Build\n- [ ] b\n## Phase 3: Ship\n- [ ] c\n";
    for line in [
        "**Tasks in progress:** Phase 3 prep only",
        "Nothing in progress: Phase 3 later.",
        "- 2024-05-01: Kickoff. Current phase → Phase 1.",
        "- Phase 3: move the CLI from the old repo → here",
    ] {
        let plan = format!("{base}\n## Log\n{line}\n");
        assert_eq!(plan_status_json(&plan)["current_group"]["stated"], null, "{line}");
    }
    let arrow = base.replace("Phase 2: Build", "Phase 2: Migrate docs from Confluence → here");
    let v = plan_status_json(&arrow);
    assert_eq!(v["current_group"]["stated"], null);
    assert_eq!(v["groups"][1]["title"], "Migrate docs from Confluence → here");
    // A file with no final newline whose last character is multibyte takes a task.
    Test::new()
        .file("task_plan.md", "# Plan\n## Phase 1: Setup\nnote é")
        .args(["add", "--group", "1", "x"])
        .file_eq("task_plan.md", "# Plan\n## Phase 1: Setup\nnote é\n\n- [ ] 1.1: x")
        .success();
}

#[test]
fn a_table_or_a_list_of_the_groups_beside_headings_that_detail_some_of_them() {
    // A Notion table whose cells open with the milestone's code, over headings detailing two.
    let notion = "# Clinic pilot\n\nStatus: In progress\n\n## Milestones\n\n| Milestone | Status | Owner |\n| --- | --- | --- |\n| M1 Discovery interviews | Done | Priya |\n| M2 Clickable prototype | Done | Leo |\n| M3 Build MVP | In progress | Leo |\n| M4 Pilot with 3 clinics | Not started | Priya |\n| M5 Data agreement | Blocked | Legal |\n\n## M3 Build MVP\n\nStatus: In progress\n\n- [x] SSO\n- [ ] Calendar sync\n\n## M4 Pilot with 3 clinics\n\nStatus: Not started\n\n- [ ] Pick clinics\n";
    let v = plan_status_json(notion);
    let want =
        [("M1", "complete"), ("M2", "complete"), ("M3", "in_progress"), ("M4", "pending"), ("M5", "blocked")];
    assert_eq!(group_statuses(&v), pairs(&want));
    assert_eq!(v["groups"][2]["tasks"]["total"], 2);
    assert_eq!(v["groups"][0]["title"], "Discovery interviews");
    // A table read by its status column, each row a quarter, over a heading holding one
    // quarter's checklist and another's notes: the headings take the table's titles.
    let roadmap = "# Yol haritası\n\n| Çeyrek | Hedef | Durum |\n|---|---|---|\n| Q1 | QR ile puan | Tamamlandı |\n| Q2 | Kampanya paneli | Devam ediyor |\n| Q3 | Çoklu şube | Başlanmadı |\n| Q4 | Android widget | İptal |\n\n## Q2 detay\n- [x] ekran\n- [ ] raporlar\n\n## Q3 notları\nŞube sayısı 3'ü geçerse.\n";
    let v = plan_status_json(roadmap);
    let want = [("Q1", "complete"), ("Q2", "in_progress"), ("Q3", "pending"), ("Q4", "skipped")];
    assert_eq!(group_statuses(&v), pairs(&want));
    assert_eq!(v["groups"][1]["title"], "Kampanya paneli");
    assert_eq!(v["groups"][1]["tasks"]["total"], 2);
    Test::new()
        .file("task_plan.md", roadmap)
        .args(["set", "--group", "Q3", "in_progress"])
        .file_eq(
            "task_plan.md",
            roadmap.replace("| Çoklu şube | Başlanmadı |", "| Çoklu şube | Devam ediyor |"),
        )
        .success();
    Test::new()
        .file("task_plan.md", roadmap)
        .args(["add", "--group", "Q2", "özet"])
        .file_eq("task_plan.md", roadmap.replace("- [ ] raporlar\n", "- [ ] raporlar\n- [ ] özet\n"))
        .success();
    // An overview whose items open with their status symbol, over notes and a checklist for
    // two of its parts.
    let parts = "# Accessibility pass\n\n- ✅ **Part A — Automated scan**: baseline of 47 issues\n- ✅ **Part B — Color contrast**: 19 closed\n- 🔄 **Part C — Keyboard navigation**: iframe traps focus\n- ⏳ **Part D — Screen reader labels**\n- ⛔ **Part E — Payment widget**: waiting for the vendor\n\n## Part C notes\nFocus trap in the drop-in.\n\n## Part D checklist\n- [ ] Error messages\n- [ ] Live region\n";
    let v = plan_status_json(parts);
    let want =
        [("A", "complete"), ("B", "complete"), ("C", "in_progress"), ("D", "pending"), ("E", "blocked")];
    assert_eq!(group_statuses(&v), pairs(&want));
    assert_eq!(v["groups"][3]["title"], "Screen reader labels");
    assert_eq!(v["groups"][3]["tasks"]["total"], 2);
    Test::new()
        .file("task_plan.md", parts)
        .args(["set", "--group", "D", "in_progress"])
        .file_eq("task_plan.md", parts.replace("- ⏳ **Part D", "- 🔄 **Part D"))
        .success();
}

#[test]
fn tables_and_symbols_beside_group_headings_that_name_other_things() {
    // A status table of components, and one bullet that opens with a symbol and names a phase:
    // neither is a second form of the phases.
    let plan = "# P\n\n## Phase 1: Setup\n- [x] a\n\n## Phase 2: Build\n- [ ] b\n\n## Notes\n- ✅ Phase 2 merged into main\n\n| Component | Status |\n|---|---|\n| API | done |\n| DB | in progress |\n";
    let v = plan_status_json(plan);
    assert_eq!(group_statuses(&v), pairs(&[("1", "complete"), ("2", "pending")]));
    // A status table whose rows write ids the headings do not all have: the headings stand.
    let table = "# P\n\n| Step | Owner | Status |\n|---|---|---|\n| A1 | me | done |\n| A2 | me | todo |\n\n## B1 notes\n- [ ] x\n\n## B2 notes\n- [x] y\n";
    let v = plan_status_json(table);
    assert_eq!(group_statuses(&v), pairs(&[("B1", "pending"), ("B2", "complete")]));
}

#[test]
fn plans_an_agent_wrote_in_the_users_language() {
    let read = |plan: &str| {
        let v = plan_status_json(plan);
        (group_statuses(&v), v["current_group"]["stated"].clone())
    };
    // Greek numerals with their keraia; the mark is not part of the id.
    let greek = "# Πλάνο\n\n## Φάση Α΄ — Σχεδιασμός βάσης ✔\nΠίνακες.\n\n## Φάση Β΄ — Ημερολόγιο (σε εξέλιξη)\n- [x] a\n- [ ] b\n\n## Φάση Γ΄ — Έκδοση για κινητό\n- [ ] c\n";
    let v = plan_status_json(greek);
    assert_eq!(group_statuses(&v), pairs(&[("Α", "complete"), ("Β", "in_progress"), ("Γ", "pending")]));
    // Bold lines for stages (段階), each status alone after a full-width space, one marked as
    // where the work is; `set` rewrites only the status.
    let ja = "# 作業計画\n\n**第1段階：記事の移行**　済\n　記事214本。\n\n**第2段階：giscus 導入**　作業中 ← 今ここ\n\n**第3段階：OGP画像**　これから\n\n**第4段階：本番切替**\n";
    assert_eq!(
        read(ja),
        (pairs(&[("1", "complete"), ("2", "in_progress"), ("3", "pending"), ("4", "pending")]), "2".into())
    );
    Test::new()
        .file("task_plan.md", ja)
        .args(["set", "--group", "2", "complete"])
        .file_eq("task_plan.md", ja.replace("　作業中 ←", "　済 ←"))
        .success();
    // `済` set away and back is `済` again (a word that is a status only alone is remembered).
    crate::set::away_and_back(ja, "1", "pending", &ja.replace("移行**　済", "移行**　これから"), "complete");
    // A table of sprints by a `Situação` column, a bare id's title in the next column, and a
    // heading naming one sprint by its code over its checklist.
    let pt = "# Plano\n\n| Sprint | Entrega | Situação |\n|---|---|---|\n| S1 | Login | Concluído |\n| S2 | Agenda | Em andamento |\n| S3 | Push | Travado – falta a conta Apple |\n\n## Detalhes da S2\n- [x] Modelo\n- [ ] Reserva dupla\n\n## Decisões\n- Firestore.\n";
    let v = plan_status_json(pt);
    assert_eq!(group_statuses(&v), pairs(&[("S1", "complete"), ("S2", "in_progress"), ("S3", "blocked")]));
    assert_eq!(v["groups"][1]["title"], "Agenda");
    assert_eq!(v["groups"][1]["tasks"]["total"], 2);
    // Where the work is, in prose: a table's groups named by any word (`فاز`), German and
    // Vietnamese phrases.
    let fa = "# برنامه\n\n| فاز | عنوان | وضعیت |\n|---|---|---|\n| ۱ | اسناد | ✅ انجام شد |\n| ۲ | بازیابی | 🔄 در حال انجام |\n| ۳ | رابط | ⬜ شروع نشده |\n\n**الان روی فاز ۲ کار می‌کنیم.**\n";
    assert_eq!(read(fa).1, "۲");
    let de = "# Plan\n\n## Aktueller Stand\nArbeite gerade an Schritt 2.\n\n## Schritt 1: Inventur ✅\n\n## Schritt 2: Skeleton\n- [ ] a\n\n## Schritt 3: Login\n";
    assert_eq!(read(de).1, "2");
    let vi = "# Kế hoạch\n\nĐang ở: **Giai đoạn 2**\n\n## Giai đoạn 1 – Khảo sát (Xong)\n\n## Giai đoạn 2 – Viết crawler (Đang làm)\n- [ ] a\n";
    assert_eq!(read(vi).1, "2");
}

#[test]
fn a_version_heading_whose_status_follows_a_dash_is_read_without_a_panic() {
    // `## v1.2 – klaar ✔` panicked: the version's title was taken from past its end.
    let roadmap = "# Roadmap\n\n## v1.2 – klaar ✔\n- [x] a\n\n## v1.3 – bezig\n- [x] b\n- [ ] c\n\n## v1.4\n- [ ] d\n\n## v2.0 – misschien ooit\n- [ ] e\n";
    let v = plan_status_json(roadmap);
    let want = [("v1.2", "complete"), ("v1.3", "in_progress"), ("v1.4", "pending"), ("v2.0", "pending")];
    assert_eq!(group_statuses(&v), pairs(&want));
    assert_eq!(v["groups"][0]["title"], "v1.2");
    assert_eq!(v["groups"][3]["title"], "misschien ooit");
    Test::new()
        .file("task_plan.md", roadmap)
        .args(["set", "--group", "v1.3", "complete"])
        .file_eq("task_plan.md", roadmap.replace("v1.3 – bezig", "v1.3 – klaar"))
        .success();
}

#[test]
fn tables_pointers_and_current_marks_that_only_look_like_the_new_forms() {
    let read = |plan: &str| {
        let v = plan_status_json(plan);
        (group_statuses(&v), v["current_group"]["stated"].clone())
    };
    let none = serde_json::Value::Null;
    // A numbered table of dependencies beside the phases: not the phases, and `add` leaves it.
    let deps = "# P\n\n| # | Dependency | Status |\n|---|---|---|\n| 1 | Stripe account | done |\n| 2 | Apple account | blocked |\n\n## Phase 1: Setup\n- [ ] a\n\n## Phase 2: Build\n- [ ] b\n";
    assert_eq!(read(deps).0, pairs(&[("1", "pending"), ("2", "pending")]));
    Test::new()
        .file("task_plan.md", deps)
        .args(["add", "--group", "1", "x"])
        .file_eq("task_plan.md", deps.replace("- [ ] a\n", "- [ ] a\n- [ ] x\n"))
        .success();
    // A `#` column keeps its ids though a cell opens with something like a code.
    let ids = "# P\n\n| # | Phase | Status |\n|---|---|---|\n| 1 | Audit | Done |\n| 2 | K8s migration | In progress |\n| 3 | Cutover | Todo |\n";
    assert_eq!(read(ids).0, pairs(&[("1", "complete"), ("2", "in_progress"), ("3", "pending")]));
    // Groups with no word are not named by any word after a phrase (`week 3`, `call 2`).
    let weeks = "# P\n\nWe are in week 3 of the project. I'm on call 2 nights.\n\n## 1. Setup\n- [x] a\n\n## 2. Build\n- [ ] b\n\n## 3. Ship\n- [ ] c\n";
    assert_eq!(read(weeks), (pairs(&[("1", "complete"), ("2", "pending"), ("3", "pending")]), none.clone()));
    // A current line that says how the group stands is read as it says.
    let said = "# P\n\n## Current Phase\nPhase 2 (not started yet)\n\n## Phase 1: A\n- [x] a\n\n## Phase 2: B\n- [ ] b\n";
    assert_eq!(read(said), (pairs(&[("1", "complete"), ("2", "pending")]), "2".into()));
    // A heading that mentions a table's code in a sentence holds none of its tasks.
    let s3 = "# P\n\n| Sprint | Entrega | Situação |\n|---|---|---|\n| S1 | Login | Concluído |\n| S2 | Agenda | A fazer |\n| S3 | Upload | A fazer |\n\n## S3 bucket setup (AWS)\n- [x] a\n- [x] b\n";
    let v = plan_status_json(s3);
    assert_eq!(group_statuses(&v), pairs(&[("S1", "complete"), ("S2", "pending"), ("S3", "pending")]));
    assert_eq!(v["groups"][2]["tasks"]["total"], 0);
    // Bold steps followed by words that are not all statuses: all headings or none. A run of
    // them, one word with ids counting up, is all headings.
    let bold = "# P\n\n**Step 1: Migrate DB** cut from scope\n\n**Step 2: Add cache** done\n\n**Step 3: Deploy** see notes\n";
    assert_eq!(read(bold).0, pairs(&[("1", "pending"), ("2", "complete"), ("3", "pending")]));
    let stray = "# P\n\n**Step 1: Migrate DB** cut from scope\n\n**Step 2: Add cache** done\n\n**Note 3: Deploy** see notes\n";
    assert_eq!(read(stray).0, pairs(&[]));
    // A revision prime stays in its id; a title is not replaced by a status.
    let prime = "# P\n\n## Phase 2: A\n- [x] a\n\n## Phase 2ʹ: A again\n- [ ] b\n";
    let v = plan_status_json(prime);
    assert_eq!(v["groups"][1]["id"], "2ʹ");
    // The current open box, set done and back, is the open box again.
    let boxed = "# P\n\n## Phases\n- [x] Phase 1: a\n- [ ] Phase 2: b ← we are here\n- [ ] Phase 3: c\n";
    assert_eq!(
        read(boxed),
        (pairs(&[("1", "complete"), ("2", "in_progress"), ("3", "pending")]), "2".into())
    );
    let dir = crate::harness::TempDir::new();
    std::fs::write(dir.path().join("task_plan.md"), boxed).expect("plan");
    for to in ["complete", "in_progress"] {
        assert_eq!(crate::harness::pplan(dir.path(), &["set", "--group", "2", to]).0, Some(0));
    }
    assert_eq!(std::fs::read_to_string(dir.path().join("task_plan.md")).expect("plan"), boxed);
}

#[test]
fn org_mode_keywords_opening_group_headings() {
    let org = "# Thesis\n\n## DONE Phase 1: Dataset [#A]\n- [x] a\n\n## STARTED Phase 2: Model\n- [ ] b\n\n## TODO Phase 3: Writing\n- [ ] c\n\n## CANCELLED Phase 4: Transfer\n";
    let v = plan_status_json(org);
    let want = [("1", "complete"), ("2", "in_progress"), ("3", "pending"), ("4", "skipped")];
    assert_eq!(group_statuses(&v), pairs(&want));
    Test::new()
        .file("task_plan.md", org)
        .args(["set", "--group", "3", "in_progress"])
        .file_eq("task_plan.md", org.replace("## TODO Phase 3", "## STARTED Phase 3"))
        .success();
    // A heading that is a to-do list, not a group.
    let list = "# P\n\n## TODO\n- [ ] a\n\n## Phase 1: Build\n- [x] b\n";
    assert_eq!(group_statuses(&plan_status_json(list)), pairs(&[("1", "complete")]));
}

#[test]
fn epics_and_milestones_that_say_how_they_stand_over_their_coded_issues() {
    // Each heading states its status; the coded items under it are its issues, not groups.
    let linear = "# Billing v2\n\n### Milestone: Data model\nStatus: Completed\n\n- ENG-812 Tables — Done\n- ENG-813 Backfill — Done\n\n### Milestone: Stripe\nStatus: In Progress\n\n- ENG-831 Sync — Done\n- ENG-833 Proration — In Progress\n\n### Milestone: Portal\nStatus: Backlog\n\n- ENG-850 Invoices page — Backlog\n";
    let want = [("1", "complete"), ("2", "in_progress"), ("3", "pending")];
    assert_eq!(group_statuses(&plan_status_json(linear)), pairs(&want));
    let jira = "# PAY\n\n## PAY-100 Epic: Tokens — DONE\n- PAY-101 Store a token — Done\n- PAY-102 Rotation — Done\n\n## PAY-110 Epic: 3DS2 — IN PROGRESS\n- PAY-111 Frictionless — Done\n- PAY-112 Challenge — In Review\n\n## PAY-120 Epic: Refunds — TO DO\n- PAY-121 Partial refunds\n";
    let want = [("1", "complete"), ("2", "in_progress"), ("3", "pending")];
    assert_eq!(group_statuses(&plan_status_json(jira)), pairs(&want));
    Test::new()
        .file("task_plan.md", jira)
        .args(["set", "--group", "3", "in_progress"])
        .file_eq("task_plan.md", jira.replace("Refunds — TO DO", "Refunds — IN PROGRESS"))
        .success();
    // Headings that say nothing of themselves leave their stated items the groups.
    let steps = "# P\n\n## Backend\n- Step 1: API — done\n- Step 2: DB — in progress\n\n## Frontend\n- Step 3: UI — todo\n- Step 4: CSS — todo\n";
    let v = plan_status_json(steps);
    let want = [("1", "complete"), ("2", "in_progress"), ("3", "pending"), ("4", "pending")];
    assert_eq!(group_statuses(&v), pairs(&want));
}

#[test]
fn a_bracketed_status_then_what_it_waits_on() {
    let plan = "# P\n\n### Phase 1: Baseline [DONE]\n- [x] a\n\n### Phase 2: Production [BLOCKED - waiting on the platform team]\n- [ ] b\n\n### Phase 3: Rest [TODO]\n";
    let want = [("1", "complete"), ("2", "blocked"), ("3", "pending")];
    assert_eq!(group_statuses(&plan_status_json(plan)), pairs(&want));
    Test::new()
        .file("task_plan.md", plan)
        .args(["set", "--group", "2", "in_progress"])
        .file_eq("task_plan.md", plan.replace("[BLOCKED - waiting", "[IN PROGRESS - waiting"))
        .success();
    // A word that only opens the bracket's words is the title's: `[Done criteria]`, `[todo list]`.
    let titles = "# P\n\n### Phase 1: Checks [done criteria]\n- [ ] a\n\n### Phase 2: Lists [todo list for later]\n- [ ] b\n";
    assert_eq!(group_statuses(&plan_status_json(titles)), pairs(&[("1", "pending"), ("2", "pending")]));
}

#[test]
fn long_lived_plans_archives_notes_and_italic_status_lines() {
    // A status line in italics, under headings with no id.
    let italic = "# Volunteer app\n\n## Sign-up\n*Status: Done (AB)*\n\n## Shift swaps\n*Status: In progress (CK)*\n- [x] a\n- [ ] b\n\n## Hours report\n_Status: Blocked (AB) — waiting on the council_\n\n## Offline mode\n*Status: Not started*\n";
    let want = [("1", "complete"), ("2", "in_progress"), ("3", "blocked"), ("4", "pending")];
    assert_eq!(group_statuses(&plan_status_json(italic)), pairs(&want));
    Test::new()
        .file("task_plan.md", italic)
        .args(["set", "--group", "1", "in_progress"])
        .file_eq("task_plan.md", italic.replace("*Status: Done (AB)*", "*Status: In progress (AB)*"))
        .success();
    // A lone note naming a row of the table of groups is no group of its own.
    let table = "# Wiki\n\n| Phase | Scope | Status |\n|---|---|---|\n| 1 | Decide | done |\n| 2 | Export | in progress |\n| 3 | Import | ⏸ |\n\nNotes:\n- Phase 3 on hold: same two people as Phase 2.\n";
    let want = [("1", "complete"), ("2", "in_progress"), ("3", "pending")];
    assert_eq!(group_statuses(&plan_status_json(table)), pairs(&want));
    // Finished sprints collapsed into an archive after the live ones follow them, in file order;
    // a symbol and its word may take a remark saying when or why.
    let sprints = "# App\n\n## Now\n\n### Sprint 19 — offline ← current\n- [x] a\n- [ ] b\n\n### Sprint 20 — polish\n- [ ] c\n\n## Done\n\n<details>\n<summary>Sprints 16–18</summary>\n\n- Sprint 16 — referrals ❌ dropped after the pricing change, sprint cancelled\n- Sprint 17 — perf ✅\n- Sprint 18 — bugfix sprint ✅\n\n</details>\n";
    let v = plan_status_json(sprints);
    let want =
        [("19", "in_progress"), ("20", "pending"), ("16", "skipped"), ("17", "complete"), ("18", "complete")];
    assert_eq!(group_statuses(&v), pairs(&want));
    assert_eq!(v["groups"][2]["title"], "referrals");
    Test::new()
        .file("task_plan.md", sprints)
        .args(["set", "--group", "17", "in_progress"])
        .file_eq("task_plan.md", sprints.replace("perf ✅", "perf 🔄"))
        .success();
    // Bullets of the sprints' word in the notes, stating nothing, are remarks.
    let notes = "# App\n\n### Sprint 1 — a\n- [x] a\n\n### Sprint 2 — b\n- [ ] b\n\n## Notes\n- Sprint 0 — the spike we never wrote down\n";
    assert_eq!(group_statuses(&plan_status_json(notes)), pairs(&[("1", "complete"), ("2", "pending")]));
}

#[test]
fn a_table_that_takes_over_from_the_headings() {
    let plan = "# Docs\n\n## Phase 1: Audit ✅\n- [x] a\n\n## Phase 2: Scaffold ✅\n- [x] b\n\n## Phase 3: Migration — ~80%\n- [x] c\n- [ ] d\n\n## Phase table\n\n| Phase | What | Status |\n|---|---|---|\n| 3 | Migration | done |\n| 4 | Search | in progress |\n| 5 | Launch | not started |\n";
    let want =
        [("1", "complete"), ("2", "complete"), ("3", "complete"), ("4", "in_progress"), ("5", "pending")];
    assert_eq!(group_statuses(&plan_status_json(plan)), pairs(&want));
    Test::new()
        .file("task_plan.md", plan)
        .args(["set", "--group", "4", "complete"])
        .file_eq("task_plan.md", plan.replace("| Search | in progress |", "| Search | done |"))
        .success();
    // Rows that skip ahead, or name headings out of order, are not the same groups going on.
    let gap = plan.replace("| 4 | Search", "| 7 | Search");
    let v = plan_status_json(&gap);
    assert_eq!(v["groups"].as_array().map(Vec::len), Some(3));
    // Items after the groups, counting on from the last, follow them too.
    let items = "# P\n\n### Sprint 1 — a\n- [x] a\n\n### Sprint 2 — b\n- [ ] b\n\n## Later\n- Sprint 3 — c ⏳\n- Sprint 4 — d ⏳\n";
    let want = [("1", "complete"), ("2", "pending"), ("3", "pending"), ("4", "pending")];
    assert_eq!(group_statuses(&plan_status_json(items)), pairs(&want));
}

#[test]
fn roman_parts_past_seven_and_a_status_after_a_comma() {
    let parts = "# Course\n\n## Part VI — Messy data\n- [x] a\n\n## Part VII — Capstone\n- [ ] b\n\n## Part VIII — ~~dbt intro~~\nDropped.\n\n## Part IX — Wrap-up\n";
    let want = [("VI", "complete"), ("VII", "pending"), ("VIII", "skipped"), ("IX", "pending")];
    assert_eq!(group_statuses(&plan_status_json(parts)), pairs(&want));
    let weeks = "# Rust\n\n## Week 7 — lifetimes [x]\n\n## Week 8 — vacation, skipped\n\n## Week 9 — tests, closures, iterators\n- [ ] ch 13\n";
    let want = [("7", "complete"), ("8", "skipped"), ("9", "pending")];
    assert_eq!(group_statuses(&plan_status_json(weeks)), pairs(&want));
    Test::new()
        .file("task_plan.md", weeks)
        .args(["set", "--group", "8", "complete"])
        .file_eq("task_plan.md", weeks.replace("vacation, skipped", "vacation, complete"))
        .success();
}

#[test]
fn a_table_of_pull_requests_merged_and_what_each_is() {
    let plan = "# Vitest\n\n| Step | Area | What | Status |\n|---:|---|---|---|\n| 1 | prep | workspace | merged |\n| 2 | prep | codemod | merged (had 3 tests, trivial) |\n| 3 | packages | `@acme/ui` | in progress |\n| 4 | packages | `@acme/forms` | todo |\n";
    let v = plan_status_json(plan);
    let want = [("1", "complete"), ("2", "complete"), ("3", "in_progress"), ("4", "pending")];
    assert_eq!(group_statuses(&v), pairs(&want));
    assert_eq!(v["groups"][0]["title"], "workspace");
    // Set away and back: the file's own word comes back.
    let away = plan.replace("| workspace | merged |", "| workspace | in progress |");
    crate::set::away_and_back(plan, "1", "in_progress", &away, "complete");
    // Merged into another group is no status of its own.
    let folded = "# P\n\n| Phase | What | Status |\n|---|---|---|\n| 1 | A | done |\n| 2 | B | merged into Phase 3 |\n| 3 | C | in progress |\n";
    let want = [("1", "complete"), ("2", "pending"), ("3", "in_progress")];
    assert_eq!(group_statuses(&plan_status_json(folded)), pairs(&want));
}

#[test]
fn an_overview_table_of_steps_and_steps_struck_through_when_done() {
    let plan = "# i18n\n\n## Overview\n\n| # | Step | Status |\n|---|---|---|\n| 1 | Choose library | done |\n| 2 | Extract strings | in-progress |\n| 3 | Translate | todo |\n\n## Details\n\n### 1. Choose library\nWent with next-intl.\n\n### 2. Extract strings\n- [x] a\n- [ ] b\n\n### 3. Translate\n- [ ] c\n";
    let want = [("1", "complete"), ("2", "in_progress"), ("3", "pending")];
    assert_eq!(group_statuses(&plan_status_json(plan)), pairs(&want));
    Test::new()
        .file("task_plan.md", plan)
        .args(["set", "--group", "3", "in_progress"])
        .file_eq("task_plan.md", plan.replace("| Translate | todo |", "| Translate | in-progress |"))
        .success();
    // A table of steps whose titles are not the headings' stays out of them.
    let other = plan.replace("| Choose library |", "| Pick a vendor |");
    let want = [("1", "pending"), ("2", "in_progress"), ("3", "pending")];
    assert_eq!(group_statuses(&plan_status_json(&other)), pairs(&want));
    let struck = "# Refactor\n\nSteps:\n\n1. ~~Add characterization tests~~ done\n2. ~~Extract `load_sources()`~~ done\n3. Extract aggregation — in progress, `pivot` still in the old file\n4. Extract rendering\n";
    let want = [("1", "complete"), ("2", "complete"), ("3", "in_progress"), ("4", "pending")];
    assert_eq!(group_statuses(&plan_status_json(struck)), pairs(&want));
}

#[test]
fn what_only_looks_like_the_new_forms_of_this_round() {
    // A table of steps inside a group is its tasks.
    let inside = "# P\n\n## Phase 1: Build\n- [x] a\n\n## Phase 2: Release\n| Step | Description | Status |\n|---|---|---|\n| 1 | Tag | done |\n| 2 | Push | in progress |\n\n## Phase 3: Monitor\n- [ ] b\n";
    let v = plan_status_json(inside);
    assert_eq!(group_statuses(&v), pairs(&[("1", "complete"), ("2", "in_progress"), ("3", "pending")]));
    assert_eq!(v["groups"][1]["tasks"]["total"], 2);
    // Headings that are a board's columns do not take the groups listed under them.
    let board = "# P\n\n## In progress\n- Phase 3: API — in progress\n- Phase 4: UI — pending\n\n## Done\n- Phase 1: Setup — done\n- Phase 2: Schema — done\n";
    let want = [("3", "in_progress"), ("4", "pending"), ("1", "complete"), ("2", "complete")];
    assert_eq!(group_statuses(&plan_status_json(board)), pairs(&want));
    // Titles with a comma, and brackets listing states.
    let titles = "# P\n\n## Phase 1: Walking, running — done\n- [x] a\n\n## Phase 2: Passive, active\n- [x] b\n\n## Phase 3: Footer buttons [Done, Cancel]\n- [ ] c\n\n## Phase 4: Machine [pending, active, done]\n- [ ] d\n";
    let v = plan_status_json(titles);
    let want = [("1", "complete"), ("2", "complete"), ("3", "pending"), ("4", "pending")];
    assert_eq!(group_statuses(&v), pairs(&want));
    assert_eq!(v["groups"][1]["title"], "Passive, active");
    // Another team's table of phases after ours is not ours going on.
    let other = "# P\n\n## Phase 1: Auth\n- [x] a\n\n## Phase 2: Billing\n- [ ] b\n\n## Related work in other teams\n\n| Phase | Team | Status |\n|---|---|---|\n| 2 | Platform | in progress |\n| 3 | Data | todo |\n";
    let want = [("1", "complete"), ("2", "pending")];
    assert_eq!(group_statuses(&plan_status_json(other)), pairs(&want));
    // `merged` with a remark that says how things stand is no status of its own.
    let merged = "# P\n\n| Phase | What | Status |\n|---|---|---|\n| 1 | A | done |\n| 2 | B | merged, pending deploy |\n| 3 | C | merged; deploy blocked by ops |\n";
    let want = [("1", "complete"), ("2", "pending"), ("3", "pending")];
    assert_eq!(group_statuses(&plan_status_json(merged)), pairs(&want));
}

#[test]
fn italics_nested_without_end_are_no_status_line_and_no_crash() {
    // `_*_*…Status: done…*_*_`, a hundred thousand marks deep, overflowed the stack: one level
    // of italics is read, no more.
    let deep = format!("{}Status: done{}", "_*".repeat(50_000), "*_".repeat(50_000));
    let plan = format!("# P\n\n## Phase 1: A\n{deep}\n");
    assert_eq!(group_statuses(&plan_status_json(&plan)), pairs(&[("1", "pending")]));
    Test::new()
        .file("task_plan.md", &plan)
        .args(["set", "--group", "1", "complete"])
        .file_eq("task_plan.md", format!("# P\n\n## Phase 1: A\n- **Status:** complete\n{deep}\n"))
        .success();
}

#[test]
fn a_phase_that_only_holds_its_sub_phases_gives_way_to_them() {
    // `### Phase 2` over a line of prose and `#### Phase 2.1` … `2.3`, each stating its status:
    // the sub-phases are the groups, and `set` edits a sub-phase's own line.
    let plan = "# P\n\n### Phase 1: Baseline\n- [x] a\n**Status:** complete\n\n### Phase 2: Indexing\nSplit in three.\n\n#### Phase 2.1: Schema\n- [x] b\n**Status:** complete\n\n#### Phase 2.2: Updates\n- [ ] c\n**Status:** in_progress\n\n### Phase 3: Rollout\n- [ ] d\n**Status:** pending\n";
    let v = plan_status_json(plan);
    let want = [("1", "complete"), ("2.1", "complete"), ("2.2", "in_progress"), ("3", "pending")];
    assert_eq!(group_statuses(&v), pairs(&want));
    let blocked = plan.replace("- [ ] c\n**Status:** in_progress", "- [ ] c\n**Status:** blocked");
    crate::set::away_and_back(plan, "2.2", "blocked", &blocked, "in_progress");
    // `## M3` over `### Step 3a: … — done`: a step stating nothing is read from its checklist.
    let steps = "# Homelab\n\n## M1 — hardware ✅\n\n## M2 — base OS ✅\n\n## M3 — k3s\n\n### Step 3a: control plane — done\n### Step 3b: agents — blocked\n\n### Step 3c: MetalLB\n- [x] pool\n- [ ] bgp\n\n## M4 - monitoring\n- [ ] prometheus\n";
    let want = [
        ("M1", "complete"),
        ("M2", "complete"),
        ("3a", "complete"),
        ("3b", "blocked"),
        ("3c", "in_progress"),
        ("M4", "pending"),
    ];
    assert_eq!(group_statuses(&plan_status_json(steps)), pairs(&want));
    // A phase that states its own status keeps sub-phases stating theirs only in their titles as
    // its tasks; and one holding work of its own is no container.
    let stated = "# P\n\n## Phase 1 — Cart (complete)\n- [x] a\n\n## Phase 2 — Shipping (in progress)\n### 2.1 Options ✅\n### 2.2 Address 🔄\n\n## Phase 3 — Rollout\n- [ ] b\n";
    let want = [("1", "complete"), ("2", "in_progress"), ("3", "pending")];
    assert_eq!(group_statuses(&plan_status_json(stated)), pairs(&want));
    let working = "# P\n\n## Phase 1 — Cart\n- [x] a\n\n## Phase 2 — Shipping\n- [ ] carriers\n\n### 2.1 Options ✅\n### 2.2 Address 🔄\n\n## Phase 3 — Rollout\n- [ ] b\n";
    let want = [("1", "complete"), ("2", "pending"), ("3", "pending")];
    assert_eq!(group_statuses(&plan_status_json(working)), pairs(&want));
}

#[test]
fn first_lines_days_legends_and_long_keys_say_how_groups_stand() {
    // A heading's first line: a status and the day it came, or a remark after a dash or a
    // comma; a run of coded headings (`EPIC-1`) made groups by them.
    let epics = "# Epics\n\n## EPIC-1 Apple Pay\n> shipped 2026-01-28 🎉\n\n## EPIC-2 3DS2\n> in progress – Adyen config done\n\n## EPIC-3 Pay by bank\n> waiting on legal sign-off\n\n## EPIC-4 Refunds\n> not started, after EPIC-2\n\n## EPIC-5 Crypto\n> won't do (leadership decision)\n";
    let want = [
        ("EPIC-1", "complete"),
        ("EPIC-2", "in_progress"),
        ("EPIC-3", "blocked"),
        ("EPIC-4", "pending"),
        ("EPIC-5", "skipped"),
    ];
    assert_eq!(group_statuses(&plan_status_json(epics)), pairs(&want));
    // The day stays where it is when the status changes; back is byte-identical.
    let away = epics.replace("> shipped 2026-01-28", "> in_progress 2026-01-28");
    crate::set::away_and_back(epics, "EPIC-1", "in_progress", &away, "complete");
    // A remark that takes the status back is no status; beside phases, a long key is a backlog's.
    let partly = "# P\n\n## 1) Domain\ndone — mostly\n\n## 2) Landing\ndone\n\n## 3) Store\nblocked\n";
    assert_eq!(
        group_statuses(&plan_status_json(partly)),
        pairs(&[("1", "pending"), ("2", "complete"), ("3", "blocked")])
    );
    let backlog = "# P\n\n## Phase 1: Core\n- [x] a\n\n## Phase 2: Async\n- [ ] b\n\n## Backlog\n### FEAT-401 Containers\n- [ ] c\n### FEAT-402 IO\n- [ ] d\n";
    assert_eq!(group_statuses(&plan_status_json(backlog)), pairs(&[("1", "complete"), ("2", "pending")]));
    // A status and its day after a title; a chapter joined to its number, in a heading only.
    let thesis = "# Thesis\n\n## Ch.1 Introduction ✅ 2026-02-06\n## Ch.2 Related work ✅ 2026-03-01\n## Ch.3 Method\n- [x] a\n- [ ] b\n";
    let want = [("1", "complete"), ("2", "complete"), ("3", "in_progress")];
    assert_eq!(group_statuses(&plan_status_json(thesis)), pairs(&want));
    let listed = "# Novel\n\n## Chapters\n- [x] Ch.1: Wind\n- [ ] Ch.2: Rain\n";
    let v = plan_status_json(listed);
    assert_eq!((v["groups"].as_array().map(Vec::len), v["tasks"]["total"].clone()), (Some(0), 2.into()));
}

#[test]
fn a_legend_is_read_in_table_cells_and_before_bold_group_lines() {
    // Set apart by spaces alone; its symbols read in a status column, and opening a bold line,
    // where they beat a wait written after the title, which `set` leaves as it is.
    let board = "# Q2\n\nLegend: 🟢 done 🟡 doing ⚪ todo 🔴 blocked\n\n🟢 **Wave 1 — Research**: 8 interviews\n🟡 **Wave 2 — Build** — web done\n🔴 **Wave 3 — Email** — waiting on Marketing to pick an ESP\n⚪ **Wave 4 — Rollout**\n";
    let want = [("1", "complete"), ("2", "in_progress"), ("3", "blocked"), ("4", "pending")];
    assert_eq!(group_statuses(&plan_status_json(board)), pairs(&want));
    let away = board.replace("🔴 **Wave 3", "🟢 **Wave 3");
    crate::set::away_and_back(board, "3", "complete", &away, "blocked");
    let table = "# kv\n\nLegend: 🟢 done · 🟡 in progress · 🔴 blocked · ⚪ not started\n\n| ID | Milestone | Status |\n|---|---|---|\n| M1 | WAL | 🟢 |\n| M2 | Raft | 🔴 |\n| M3 | Docs | ⚪ |\n";
    let want = [("M1", "complete"), ("M2", "blocked"), ("M3", "pending")];
    assert_eq!(group_statuses(&plan_status_json(table)), pairs(&want));
    let away = table.replace("| M2 | Raft | 🔴 |", "| M2 | Raft | 🟡 |");
    crate::set::away_and_back(table, "M2", "in_progress", &away, "blocked");
    // Words going on after a comma belong to the entry before; one entry the reader knows among
    // three symbols teaches it. A line in a language with no spaces is no legend, and no crash.
    let book = "# Book\n\nLegend: ✅ final · 🖊 revising · 📝 drafted, not revised · ⬜ not written\n\n| Ch | Title | State |\n|---|---|---|\n| 1 | Well | ✅ |\n| 2 | Ledger | 🖊 |\n| 3 | Salt | ⬜ |\n";
    let want = [("1", "complete"), ("2", "in_progress"), ("3", "pending")];
    assert_eq!(group_statuses(&plan_status_json(book)), pairs(&want));
    let prose =
        "# 计划\n\n状态：第七幕 11 条路线正式 JSON 已收口；第六幕 11 条路线\n\n## 阶段 1：整理\n- [x] a\n";
    assert_eq!(group_statuses(&plan_status_json(prose)), pairs(&[("1", "complete")]));
}

#[test]
fn what_only_looks_like_this_rounds_forms() {
    // A phase stating its status in prose is no container; its sub-phases come after it.
    let prose = "# Plan\n\n### Phase 1: Setup\n**Status:** complete\n\n### Phase 2: Indexing\nIn progress.\n\n#### Phase 2.1: Tokenizer\n**Status:** complete\n\n#### Phase 2.2: Index\n**Status:** pending\n";
    let want = [("1", "complete"), ("2", "in_progress"), ("2.1", "complete"), ("2.2", "pending")];
    assert_eq!(group_statuses(&plan_status_json(prose)), pairs(&want));
    // A label's colon, a count, a question, an exception: no status in a first line.
    for line in ["Done:", "Done 3/5", "Done?", "Done, except the Android build which has not started."] {
        let plan = format!("# P\n\n## Phase 1: A\n- [x] a\n\n## Phase 2: Build\n{line}\n- [x] p\n- [ ] q\n");
        assert_eq!(
            group_statuses(&plan_status_json(&plan)),
            pairs(&[("1", "complete"), ("2", "in_progress")]),
            "{line}"
        );
    }
    // How far a thing is done, or when it is due, is no deferral.
    for title in ["terminé à 80 %", "terminado para el lunes", "done to 80%"] {
        let plan = format!("# P\n\n## Phase 1: A\n- [x] a\n\n## Phase 2: Backend — {title}\n");
        assert_eq!(
            group_statuses(&plan_status_json(&plan)),
            pairs(&[("1", "complete"), ("2", "pending")]),
            "{title}"
        );
    }
    // A legend's symbol opening a line, set to one the tables know, still beats the wait after
    // it: the group can be set again, and back.
    let board = "Legend: 🟢 done · 🟡 doing · 🔴 blocked · ⚪ todo\n\n🟢 **Wave 1 — A** — x\n🔴 **Wave 3 — Email drip** — waiting on Marketing\n";
    let away = board.replace("🔴 **Wave 3", "⚪ **Wave 3");
    crate::set::away_and_back(board, "3", "pending", &away, "blocked");
    // With no legend, a symbol the tables know opening a numbered bold line is its status.
    let onboarding = "# Onboarding\n\n✅ **1. Laptop** — arrived\n⬜ **2. Training** — next week\n";
    assert_eq!(group_statuses(&plan_status_json(onboarding)), pairs(&[("1", "complete"), ("2", "pending")]));
}

#[test]
fn an_agents_numbered_steps_opened_by_their_symbols_are_its_groups() {
    // Codex's plan of steps: a numbered list, each step opened by its symbol.
    let steps = "# Task plan\n\n## Plan\n\n1. ✅ Reproduce locally\n   - `pytest -x --count 200` fails ~1/40\n2. ✅ Add logging\n3. 🔄 Fix: take `_lock` in `flush()`\n4. ⬜ Re-run 1000x\n\n## Notes\n- CI runs on 2 cores.\n";
    let want = [("1", "complete"), ("2", "complete"), ("3", "in_progress"), ("4", "pending")];
    assert_eq!(group_statuses(&plan_status_json(steps)), pairs(&want));
    let away = steps.replace("3. 🔄 Fix", "3. ✅ Fix");
    crate::set::away_and_back(steps, "3", "complete", &away, "in_progress");
    // Bullets so opened are a checklist: tasks, and no groups.
    let bullets = "# Task plan\n\n## Plan\n\n- ✅ Reproduce locally\n- ✅ Add logging\n- ⬜ Re-run 1000x\n";
    let v = plan_status_json(bullets);
    assert_eq!(group_statuses(&v), pairs(&[]));
    assert_eq!(v["tasks"]["done"], 2, "{v}");
}

#[test]
fn a_current_section_names_a_coded_group_with_a_word_of_its_own() {
    let plan = "# Task Plan\n\n## Summary\n\n| Batch | Scope | Status |\n|---|---|---|\n| B0 | config | done |\n| B3 | `api/` | running |\n| B3r | retries | queued |\n\n## Current\nBatch B3 (`api/`)\n\n## B0 — Config\nStatus: done\n- [x] a\n\n## B3 — `api/`\nStatus: running\n- [x] b\n- [ ] c\n";
    let v = plan_status_json(plan);
    assert_eq!(v["current_group"]["stated"], "B3", "{v}");
    // A number after a word is no code: `Batch 3` names nothing among groups 1 and 2 read by place.
    let numbered =
        "# P\n\n## Current\nBatch 3 of the import\n\n## Backend\n- [x] a\n\n## Frontend\n- [ ] b\n";
    assert_eq!(plan_status_json(numbered)["current_group"]["stated"], serde_json::Value::Null);
}

#[test]
fn a_numbered_list_of_steps_may_say_stalled_and_why() {
    let reunion = "Family reunion — July 19–21\n\n1. Pick dates + place — DONE (vote: 31 yes, Lake lodge)\n2. Book lodge — DONE, deposit $1,500 paid\n3. T-shirts\n   - [x] design from Mia\n   - [ ] order by June 20\n4. Activities — STALLED. need someone to own this\n5. Money — ongoing\n";
    let want =
        [("1", "complete"), ("2", "complete"), ("3", "in_progress"), ("4", "blocked"), ("5", "in_progress")];
    assert_eq!(group_statuses(&plan_status_json(reunion)), pairs(&want));
    Test::new()
        .file("task_plan.md", reunion)
        .args(["set", "--group", "4", "pending"])
        .file_eq("task_plan.md", reunion.replace("STALLED. need", "PENDING. need"))
        .success();
}

#[test]
fn a_milestone_table_numbered_in_its_own_language_holds_the_details_under_it() {
    // `Nr.` is the id column: the table is the groups, the headings detail two of them.
    let plan = "# Aufgabenplan\n\n## Meilensteine\n\n| Nr. | Meilenstein | Status |\n|-----|-------------|--------|\n| M1 | Images bauen | erledigt |\n| M2 | Helm-Chart | erledigt |\n| M3 | Datenbank-Migration | in Arbeit |\n| M4 | Ingress + TLS | blockiert – wartet auf die IT-Sicherheit |\n| M5 | Abschaltung alte VM | offen |\n\n## Details\n\n### M3 – Datenbank-Migration\n- [x] a\n- [ ] b\n\n### M4 – Ingress\n- [ ] c\n";
    let want =
        [("M1", "complete"), ("M2", "complete"), ("M3", "in_progress"), ("M4", "blocked"), ("M5", "pending")];
    let v = plan_status_json(plan);
    assert_eq!(group_statuses(&v), pairs(&want));
    assert_eq!(v["tasks"]["total"], 3, "{v}");
    Test::new()
        .file("task_plan.md", plan)
        .args(["set", "--group", "M5", "in_progress"])
        .file_eq("task_plan.md", plan.replace("| offen |", "| in Arbeit |"))
        .success();
}

#[test]
fn bold_labels_over_checklists_are_a_hand_kept_plans_areas() {
    let plan = "# Rewrite of the app\n\nWhy: upgrade hell.\n\n**Backend** (mostly unchanged)\n- [x] version the API\n- [x] sync endpoint\n\n**iOS** — Karol\n- [x] skeleton\n- [ ] TestFlight\n\n**Release**\n- [ ] staged rollout\n\nNot doing: tablets.\n";
    let v = plan_status_json(plan);
    let want = [("1", "complete"), ("2", "in_progress"), ("3", "pending")];
    assert_eq!(group_statuses(&v), pairs(&want));
    assert_eq!(v["groups"][1]["title"], "iOS");
    // `set` writes a status line under the label, and the label stays a group.
    let away = plan.replace("**Release**\n", "**Release**\n- **Status:** blocked\n");
    Test::new()
        .file("task_plan.md", plan)
        .args(["set", "--group", "3", "blocked"])
        .file_eq("task_plan.md", &away)
        .success();
    let want = [("1", "complete"), ("2", "in_progress"), ("3", "blocked")];
    assert_eq!(group_statuses(&plan_status_json(&away)), pairs(&want));
    // A label that closes with a colon is a lead-in, and a task outside any label keeps the
    // plan a checklist.
    for other in [
        plan.replace("**Backend** (mostly unchanged)", "**Backend:**").replace("**iOS** — Karol", "**iOS:**"),
        plan.replace("Why: upgrade hell.\n", "- [ ] ask Karol\n\nWhy: upgrade hell.\n"),
    ] {
        assert_eq!(group_statuses(&plan_status_json(&other)), pairs(&[]), "{other}");
    }
}

#[test]
fn skip_for_now_under_a_heading_is_skipped_and_comes_back_as_written() {
    let plan = "# Home lab\n\n## Part A — network\n- [x] flash OpenWrt\n\n## Part D — monitoring\nskip for now, maybe uptime kuma later\n";
    assert_eq!(group_statuses(&plan_status_json(plan)), pairs(&[("A", "complete"), ("D", "skipped")]));
    let away = plan.replace("skip for now,", "in progress,");
    crate::set::away_and_back(plan, "D", "in_progress", &away, "skipped");
    // `skip` in a sentence is no status (`skip the cache when testing`).
    let verb = plan.replace("skip for now, maybe uptime kuma later", "skip the cache when testing");
    assert_eq!(group_statuses(&plan_status_json(&verb)), pairs(&[("A", "complete"), ("D", "pending")]));
}

#[test]
fn numbered_steps_with_statuses_take_in_the_ones_holding_checklists() {
    // Two steps hold checklists, four say how they stand: all seven are the plan's steps.
    let grant = "# Grant application\n\nDeadline: Jan 14.\n\n1. Eligibility — DONE\n   SAM.gov renewed.\n\n2. Program officer call — DONE\n\n3. Narrative — IN PROGRESS\n   - [x] significance\n   - [ ] work plan\n\n4. Budget\n   Carol builds it.\n\n5. Letters\n   - [x] Howard\n   - [ ] Amistad\n\n6. Data management plan — not started\n\n7. Submit\n";
    let want = [
        ("1", "complete"),
        ("2", "complete"),
        ("3", "in_progress"),
        ("4", "pending"),
        ("5", "in_progress"),
        ("6", "pending"),
        ("7", "pending"),
    ];
    assert_eq!(group_statuses(&plan_status_json(grant)), pairs(&want));
    Test::new()
        .file("task_plan.md", grant)
        .args(["set", "--group", "3", "blocked"])
        .file_eq("task_plan.md", grant.replace("Narrative — IN PROGRESS", "Narrative — BLOCKED"))
        .success();
    // Numbered items holding checklists among items that state nothing stay the only groups.
    let lists = "# Trip\n\n1. Flights\n   - [x] book\n2. Hotel\n   - [ ] book\n3. Bring adapters\n4. Ask Anna about the car\n";
    assert_eq!(group_statuses(&plan_status_json(lists)), pairs(&[("1", "complete"), ("2", "pending")]));
}

#[test]
fn what_only_looks_like_steps_labels_and_coded_names() {
    // Numbered items opened by symbols outside a plan's heading: a checklist, dos and don'ts,
    // release notes. And under one, a step without its symbol keeps the list a checklist.
    for (plan, tasks) in [
        ("# Groceries\n\n1. ✅ Milk\n2. ✅ Eggs\n3. ⬜ Bread\n4. ⬜ Butter\n", 4),
        (
            "# Contributing\n\n## Do and do not\n\n1. ✅ Use feature flags\n2. ❌ Push to main\n3. ✅ Write tests\n",
            0,
        ),
        (
            "# Release 2.3\n\n## Changes\n\n1. ✅ Fixed crash on start\n2. ✅ Added dark mode\n3. ⚠️ Deprecated --foo\n",
            0,
        ),
        ("# Task plan\n\n## Plan\n\n1. ✅ Reproduce\n2. 🔄 Fix\n3. Re-run\n4. ⏳ Ship\n", 0),
    ] {
        let v = plan_status_json(plan);
        assert_eq!(group_statuses(&v), pairs(&[]), "{plan}");
        assert_eq!(v["tasks"]["total"], tasks, "{plan}");
    }
    // Bold words opening a heading's title are part of it.
    let bold = "# Plan\n\n## **Backend** services\n- [x] a\n\n## **Must** have for launch\n- [ ] b\n";
    let v = plan_status_json(bold);
    assert_eq!(v["groups"][0]["title"], "**Backend** services");
    assert_eq!(v["groups"][1]["title"], "**Must** have for launch");
    // A line that goes on after a code, or opens with a status, names no coded group.
    for current in ["After B3 comes the ui", "Waiting B3", "Not B3 anymore"] {
        let plan = format!(
            "# Task Plan\n\n## Current\n{current}\n\n## B2 — Config\nStatus: done\n- [x] a\n\n## B3 — api\nStatus: done\n- [x] b\n\n## B4 — ui\nStatus: pending\n- [ ] c\n"
        );
        assert_eq!(plan_status_json(&plan)["current_group"]["stated"], serde_json::Value::Null, "{current}");
    }
    // But one that moves on from a finished one names where it goes.
    let moving = "# Task Plan\n\n## Current\nFinished B3, starting B4\n\n## B2 — Config\nStatus: done\n- [x] a\n\n## B3 — api\nStatus: done\n- [x] b\n\n## B4 — ui\nStatus: pending\n- [ ] c\n";
    assert_eq!(plan_status_json(moving)["current_group"]["stated"], "B4");
    // A count column is no id column: `set --group 3` is the third row.
    let counts = "# P\n\n| Component | Num | Status |\n|---|---|---|\n| web | 3 | done |\n| worker | 3 | in progress |\n| db | 1 | pending |\n";
    Test::new()
        .file("task_plan.md", counts)
        .args(["set", "--group", "3", "blocked"])
        .file_eq("task_plan.md", counts.replace("| 1 | pending |", "| 1 | blocked |"))
        .success();
}

#[test]
fn checkbox_lines_without_markers_and_statuses_set_apart() {
    // Checkbox lines written without a list marker, under a milestones heading: its groups, and
    // the file's own marks (`[/]`, `[!]`) come back as they were.
    let boxes = "# Mod\n\nlegend: [x] done, [/] started, [ ] not yet, [!] stuck\n\n## Milestones\n[x] M0 – modding env\n[/] M1 – soil moisture\n[!] M2 – crop growth\n[ ] M3 – new crops\n\n### M1 notes\n- [x] ZDO field\n- [ ] visual\n\n### M2 notes\nstuck on the grow timer\n";
    let v = plan_status_json(boxes);
    let want = [("M0", "complete"), ("M1", "in_progress"), ("M2", "blocked"), ("M3", "pending")];
    assert_eq!(group_statuses(&v), pairs(&want));
    assert_eq!(v["groups"][1]["title"], "soil moisture");
    Test::new()
        .file("task_plan.md", boxes)
        .args(["set", "--group", "M3", "in_progress"])
        .file_eq("task_plan.md", boxes.replace("[ ] M3", "[/] M3"))
        .success();
    // One such line is a line of prose.
    assert_eq!(group_statuses(&plan_status_json("# P\n\n[x] I read the notes\n")), pairs(&[]));
    // ⏳ beside words saying in progress is in progress, and comes back after a round trip.
    let hourglass = "# Plan\n\n### Phase 1 : Cadrage ✅\n- **Statut :** terminé\n\n### Phase 2 : Pennylane ⏳\n- [x] app OAuth\n- [ ] factures\n- **Statut :** en cours — bloqué partiellement\n\n### Phase 3 : Recette\n- **Statut :** à faire\n";
    let v = plan_status_json(hourglass);
    assert_eq!(group_statuses(&v), pairs(&[("1", "complete"), ("2", "in_progress"), ("3", "pending")]));
    let done =
        Test::new().file("task_plan.md", hourglass).args(["set", "--group", "2", "complete"]).success();
    let d = done.dir.path();
    let away =
        hourglass.replace("Pennylane ⏳", "Pennylane ✅").replace("en cours — bloqué", "terminé — bloqué");
    assert_eq!(std::fs::read_to_string(d.join("task_plan.md")).expect("plan"), away);
    assert_eq!(pplan(d, &["set", "--group", "2", "in_progress"]).0, Some(0));
    assert_eq!(std::fs::read_to_string(d.join("task_plan.md")).expect("plan"), hourglass);
    // A status in capitals before the title, bare or in bold; in bold closing a struck title.
    let caps = "# Split\n\n**Step 1 — DONE** — map resources\nnotes\n\n**Step 2 — DOING** — root modules\n\n**Step 3 — TODO** — move state\n";
    let v = plan_status_json(caps);
    assert_eq!(group_statuses(&v), pairs(&[("1", "complete"), ("2", "in_progress"), ("3", "pending")]));
    assert_eq!(v["groups"][0]["title"], "map resources");
    Test::new()
        .file("task_plan.md", caps)
        .args(["set", "--group", "3", "complete"])
        .file_eq("task_plan.md", caps.replace("3 — TODO", "3 — DONE"))
        .success();
    let heads = "# Split\n\n## Step 1 — DONE — map resources\n\n## Step 2 — TODO — move state\n";
    let v = plan_status_json(heads);
    assert_eq!(group_statuses(&v), pairs(&[("1", "complete"), ("2", "pending")]));
    assert_eq!(v["groups"][1]["title"], "move state");
    // (A capitalised word before a dash stays a title: `Done — definition and checklist`.)
    let title = "# P\n\n## Phase 1 — Done — definition and checklist\n- [ ] a\n";
    assert_eq!(plan_status_json(title)["groups"][0]["status"], "pending");
    let struck = "# Plan: remove the app\n\n1. ~~Find references~~ **DONE**\n   notes\n2. ~~Drop tables~~ **DONE**\n3. Update docs\n";
    let v = plan_status_json(struck);
    assert_eq!(group_statuses(&v), pairs(&[("1", "complete"), ("2", "complete"), ("3", "pending")]));
    let bracketed = "# Task Plan\n\n## Plan\n\n1. **[DONE]** Enable i18n\n2. **[IN PROGRESS]** Crowdin\n3. **[TODO]** Translate pages\n";
    let v = plan_status_json(bracketed);
    assert_eq!(group_statuses(&v), pairs(&[("1", "complete"), ("2", "in_progress"), ("3", "pending")]));
    Test::new()
        .file("task_plan.md", bracketed)
        .args(["set", "--group", "3", "in_progress"])
        .file_eq("task_plan.md", bracketed.replace("**[TODO]**", "**[IN PROGRESS]**"))
        .success();
}

#[test]
fn a_struck_item_of_the_headings_word_is_a_group_dropped() {
    let plan = "# Tidy\n\n## Now\n\n### Phase 2: Undo log\n- [x] a\n- [ ] b\n\n## Later / maybe\n- ~~Phase 3: GUI with egui~~ — not doing this\n- watch mode?\n\n## Archive\n\n### Phase 1: Rule format ✅\n- [x] c\n";
    let v = plan_status_json(plan);
    assert_eq!(group_statuses(&v), pairs(&[("2", "in_progress"), ("3", "skipped"), ("1", "complete")]));
    assert_eq!(v["groups"][1]["title"], "GUI with egui");
    // Its strike is its status: set refuses to turn it into a task, and writes nothing.
    Test::new()
        .file("task_plan.md", plan)
        .args(["set", "--group", "3", "pending"])
        .file_eq("task_plan.md", plan)
        .status(2);
    // One naming a heading's group is a remark on it.
    let remark = "# P\n\n### Phase 1: A\n- [x] a\n\n### Phase 2: B\n- [ ] b\n\n## Notes\n- ~~Phase 2 waits on legal~~ sorted\n";
    assert_eq!(group_statuses(&plan_status_json(remark)), pairs(&[("1", "complete"), ("2", "pending")]));
}

#[test]
fn a_row_of_groups_marked_here_and_a_line_opening_currently_on_name_the_current_group() {
    let row = "# Plan\n\n## Status summary\nPhase 1 ✓ · **Phase 2 ← we are here** · Phase 3\n\n### Phase 1: Eval\n- [x] a\n\n### Phase 2: Serve\n- [ ] b\n\n### Phase 3: Ramp\n- [ ] c\n";
    assert_eq!(plan_status_json(row)["current_group"]["stated"], "2");
    let prose = "# Plan\n\n## Phase 1: Data\n- [x] a\n\n## Phase 2: Slack\n- [x] b\n- [ ] c\n\n## Progress\nCurrently on **Phase 2** — modal editing.\n";
    assert_eq!(plan_status_json(prose)["current_group"]["stated"], "2");
    // Someone else's phase is no pointer, nor a row with no mark.
    let vendor =
        prose.replace("Currently on **Phase 2** — modal editing.", "The vendor is currently on Phase 2 too.");
    assert_eq!(plan_status_json(&vendor)["current_group"]["stated"], serde_json::Value::Null);
    let unmarked = row.replace(" ← we are here", "");
    assert_eq!(plan_status_json(&unmarked)["current_group"]["stated"], serde_json::Value::Null);
}

#[test]
fn what_only_looks_like_bold_statuses_pairs_notes_and_marks() {
    // A bold word closing a title not struck through is the title's own.
    let bold = "# Plan\n\n## Phase 1: Setup\n- [x] a\n\n## Phase 2: Delete rows flagged **DONE**\n- [ ] b\n";
    let v = plan_status_json(bold);
    assert_eq!(group_statuses(&v), pairs(&[("1", "complete"), ("2", "pending")]));
    assert_eq!(v["groups"][1]["title"], "Delete rows flagged **DONE**");
    // A paired ⏳ set to its other meaning takes the file's spelling of it, and comes back.
    for (plan, group, away, back) in [
        (
            "# Plan\n\n### Phase 1 ⏳\n- **Statut :** en cours\n\n### Phase 2 ⬜\n- **Statut :** à faire\n",
            "1",
            "### Phase 1 ⬜",
            "in_progress",
        ),
        (
            "# Plan\n\n### Phase 1 ⏸\n- **Statut :** bloqué\n\n### Phase 2 ⏳\n- **Statut :** à faire\n",
            "1",
            "### Phase 1 ⏳",
            "blocked",
        ),
    ] {
        // Phase 1's symbol and words become the file's pending ones; nothing else moves.
        let lines: Vec<&str> = plan.lines().collect();
        let want = plan.replacen(lines[2], away, 1).replacen(lines[3], "- **Statut :** à faire", 1);
        crate::set::away_and_back(plan, group, "pending", &want, back);
    }
    // A struck note about a phase is a note.
    let note = "# P\n\n### Phase 1: A\n- [x] a\n\n### Phase 2: B\n- [ ] b\n\n## Notes\n- ~~Phase 3 was going to be docs~~ merged into Phase 2\n";
    assert_eq!(group_statuses(&plan_status_json(note)), pairs(&[("1", "complete"), ("2", "pending")]));
    // Two parts of a row marked here name none.
    let two = "# Plan\n\nPhase 1 ✓ · Phase 2 ← we are here · Phase 3 ← here\n\n### Phase 1: A\n- [x] a\n\n### Phase 2: B\n- [ ] b\n\n### Phase 3: C\n- [ ] c\n";
    assert_eq!(plan_status_json(two)["current_group"]["stated"], serde_json::Value::Null);
}

#[test]
fn sub_phases_an_overview_leaves_out_are_parts_of_their_phase() {
    let plan = "# Plan\n\n| Fase | Nombre | Estado |\n|---|---|---|\n| 1 | Inventario | terminada |\n| 2 | Cargas | en curso |\n| ~~3~~ | ~~API GraphQL~~ | descartada |\n\n## Fase 1 — Inventario\n**Estado:** terminada\n- [x] a\n\n## Fase 2 — Cargas\n**Estado:** en curso\n\n### 2.1 Conectores\n**Estado:** terminada\n- [x] b\n\n### 2.2 Orquestación\n**Estado:** en curso\n- [x] c\n- [ ] d\n\n## ~~Fase 3 — API GraphQL~~\n";
    let v = plan_status_json(plan);
    assert_eq!(group_statuses(&v), pairs(&[("1", "complete"), ("2", "in_progress"), ("3", "skipped")]));
    assert_eq!(v["groups"][1]["tasks"]["total"], 3);
    Test::new()
        .file("task_plan.md", plan)
        .args(["set", "--group", "2", "complete"])
        .file_eq(
            "task_plan.md",
            plan.replace("| 2 | Cargas | en curso |", "| 2 | Cargas | terminada |").replace(
                "## Fase 2 — Cargas\n**Estado:** en curso",
                "## Fase 2 — Cargas\n**Estado:** terminada",
            ),
        )
        .success();
    // Without the overview, sub-phases stating their status are groups after their phase.
    let bare = plan
        .split_once("\n\n## Fase 1")
        .map(|(_, rest)| format!("# Plan\n\n## Fase 1{rest}"))
        .expect("split");
    assert_eq!(plan_status_json(&bare)["groups"].as_array().map(Vec::len), Some(5));
}

#[test]
fn beklemede_is_on_hold_and_we_are_here_is_a_current_label() {
    let plan = "# Plan\n\n📍 **We are here:** Aşama 2\n\n### Aşama 1: Hazırlık — tamamlandı\n\n### Aşama 2: Ödeme — devam ediyor\n\n### Aşama 3: Canlıya geçiş — beklemede\n";
    let v = plan_status_json(plan);
    assert_eq!(group_statuses(&v), pairs(&[("1", "complete"), ("2", "in_progress"), ("3", "blocked")]));
    assert_eq!(v["current_group"]["stated"], "2");
}

#[test]
fn a_sentence_status_set_where_it_would_not_read_back_is_refused_and_a_block_reads_in_spanish() {
    let plan = "# Plan\n\n## Fase 1: Base\nDescartada: no hace falta.\n- [x] a\n\n## Fase 2: API\n- [ ] b\n";
    // `En progreso: no hace falta.` would read as nothing, and the box would say complete: the
    // set is refused and the plan left as it was (it used to be written and reported done).
    for to in ["in_progress", "pending", "complete"] {
        Test::new()
            .file("task_plan.md", plan)
            .args(["set", "--group", "1", to])
            .file_eq("task_plan.md", plan)
            .status(1);
    }
    // A block says what it waits for after a colon in Spanish too, and comes back.
    let blocked = plan.replace("Descartada:", "Bloqueada:");
    assert_eq!(group_statuses(&plan_status_json(&blocked)), pairs(&[("1", "blocked"), ("2", "pending")]));
    crate::set::away_and_back(plan, "1", "blocked", &plan.replace("Descartada:", "Bloqueado:"), "skipped");
    // English keeps its narrower rule: `Stuck in traffic` is no status.
    let stuck = plan.replace("Descartada: no hace falta.", "Stuck: in traffic.");
    assert_eq!(group_statuses(&plan_status_json(&stuck)), pairs(&[("1", "complete"), ("2", "pending")]));
}

#[test]
fn week_counters_and_paired_symbols_read_as_they_were() {
    // `1주차` and `2週目`: a number, then a counter, in a run of headings.
    let weeks = "# P\n\n## 1주차 – 기획 (완료)\n- 유저 플로우\n\n## 2주차 – DB (진행중)\n- [x] a\n- [ ] b\n\n## 3주차 – 배포\n- [ ] c\n";
    assert_eq!(
        group_statuses(&plan_status_json(weeks)),
        pairs(&[("1", "complete"), ("2", "in_progress"), ("3", "pending")])
    );
    let months = "# P\n\n## 3월 5일\n- 회의\n\n## 3월 6일\n- 정리\n";
    assert_eq!(group_statuses(&plan_status_json(months)), pairs(&[]));
    // ⏳ beside ⬜ keeps its first meaning (read by contrast, it changed when the last ⬜ was
    // set, and a set of that group was refused), and the last ⬜ can be finished.
    let under = "# P\n\n### ✅ Phase 1: A\n\n### ⏳ Phase 2: B\n\n### ⬜ Phase 3: C\n";
    assert_eq!(
        group_statuses(&plan_status_json(under)),
        pairs(&[("1", "complete"), ("2", "pending"), ("3", "pending")])
    );
    Test::new()
        .file("task_plan.md", under)
        .args(["set", "--group", "3", "complete"])
        .file_eq("task_plan.md", under.replace("⬜ Phase 3", "✅ Phase 3"))
        .success();
    // A sentence under ❌ is the person's: a set changes the symbol alone.
    let dropped = "# P\n\n### ✅ Phase 1: A\n\n### ❌ Phase 2: B\nBlocked on the vendor's key.\n";
    Test::new()
        .file("task_plan.md", dropped)
        .args(["set", "--group", "2", "complete"])
        .file_eq("task_plan.md", dropped.replace("❌ Phase 2", "✅ Phase 2"))
        .success();
}

#[test]
fn current_steps_rows_batches_and_marks_after_a_symbol() {
    // Steps numbered without a word are named by one in a clause that ends at the number.
    let steps = "# P\n\n1. Bump deps — done\n2. Fix types — in progress\n3. Re-run CI — todo\n\nCurrently on step 2.\n";
    assert_eq!(plan_status_json(steps)["current_group"]["stated"], "2");
    let prose = steps.replace("Currently on step 2.", "Currently on step 2 of the upgrade guide.");
    assert_eq!(plan_status_json(&prose)["current_group"]["stated"], serde_json::Value::Null);
    // A status cell closing on a mark; two marked rows name none.
    let table = "# P\n\n| Phase | Description | Status |\n|---|---|---|\n| P1 | A | Complete |\n| P2 | B | In Progress ◀ current |\n| P3 | C | Pending |\n";
    assert_eq!(plan_status_json(table)["current_group"]["stated"], "P2");
    let two = table.replace("| Pending |", "| Pending ← here |");
    assert_eq!(plan_status_json(&two)["current_group"]["stated"], serde_json::Value::Null);
    // `（当前批次）`: the current batch.
    let batch = "# P\n\n- 批次 1：✅ 已完成\n- 批次 2：🔄 进行中（当前批次）\n- 批次 3：⏳ 未开始\n\n## 批次 1：架构\n- [x] a\n\n## 批次 2：指南\n- [ ] b\n\n## 批次 3：收尾\n- [ ] c\n";
    assert_eq!(plan_status_json(batch)["current_group"]["stated"], "2");
    // `— 🔄 current`: the symbol is the status, the word the mark; set keeps the word.
    let sprint = "# P\n\n## Sprint 1: A — ✅ shipped in 2.0.0-alpha.1\n## Sprint 2: B — 🔄 current\n## Sprint 3: C — ⏳\n";
    let v = plan_status_json(sprint);
    assert_eq!(group_statuses(&v), pairs(&[("1", "complete"), ("2", "in_progress"), ("3", "pending")]));
    assert_eq!(
        (v["current_group"]["stated"].clone(), v["groups"][0]["title"].clone()),
        ("2".into(), "A".into())
    );
    Test::new()
        .file("task_plan.md", sprint)
        .args(["set", "--group", "2", "complete"])
        .file_eq("task_plan.md", sprint.replace("🔄 current", "✅ current"))
        .success();
    // A status and its day keep the title before them.
    let dated = "# P\n\n## Ch.1 Introduction ✅ 2026-02-06\n## Ch.2 Body ✅ 2026-02-07\n";
    assert_eq!(plan_status_json(dated)["groups"][0]["title"], "Introduction");
    // `← acá estoy`: here I am.
    let here = "# P\n\n## Pasos\n\n**Paso 1 - certificado** (hecho)\n\n**Paso 2 - CAE** (en curso) ← acá estoy\n\n**Paso 3 - PDF** (pendiente)\n";
    assert_eq!(plan_status_json(here)["current_group"]["stated"], "2");
}

#[test]
fn rolled_back_work_waits_and_a_status_field_after_another() {
    let plan = "# P\n\n## Phase 1: A\n- **Status:** done\n\n## Phase 2: B\n- **Status:** rolled back — OOM at 500k rows\n\n## Phase 3: C\n- **Статус:** ждём тексты от маркетинга\n\n## Phase 4: D\nOwner: @lina · Status: in progress\n\n## Sprint 5 — closed\n- [x] e\n- [ ] f moved to sprint 6\n";
    assert_eq!(
        group_statuses(&plan_status_json(plan)),
        pairs(&[
            ("1", "complete"),
            ("2", "pending"),
            ("3", "blocked"),
            ("4", "in_progress"),
            ("5", "complete")
        ])
    );
    Test::new()
        .file("task_plan.md", plan)
        .args(["set", "--group", "4", "complete"])
        .file_eq("task_plan.md", plan.replace("· Status: in progress", "· Status: done"))
        .success();
}

#[test]
fn a_share_done_closing_a_title_is_its_status_and_set_writes_the_whole_or_nothing() {
    let plan = "# tidyup\n\noverall: ~55%\n\n## 0.1 core (100%)\nrules parsing.\n\n## 0.2 watch mode (80%)\n- notify ✓\n- debounce ✓\n\n## 0.3 windows (10%)\npaths are broken.\n\n## 1.0 (0%)\n- publish\n";
    let v = plan_status_json(plan);
    assert_eq!(
        group_statuses(&v),
        pairs(&[("0.1", "complete"), ("0.2", "in_progress"), ("0.3", "in_progress"), ("1.0", "pending")])
    );
    assert_eq!(v["groups"][1]["title"], "watch mode");
    let done = Test::new()
        .file("task_plan.md", plan)
        .args(["set", "--group", "0.2", "complete"])
        .file_eq("task_plan.md", plan.replace("(80%)", "(100%)"))
        .success();
    assert_eq!(pplan(done.dir.path(), &["set", "--group", "1.0", "complete"]).0, Some(0));
    assert_eq!(
        std::fs::read_to_string(done.dir.path().join("task_plan.md")).expect("plan"),
        plan.replace("(80%)", "(100%)").replace("## 1.0 (0%)", "## 1.0 (100%)")
    );
    // How far work under way is, or that it waits, only the person can say: nothing is written.
    for to in ["in_progress", "blocked"] {
        Test::new()
            .file("task_plan.md", plan)
            .args(["set", "--group", "1.0", to])
            .file_eq("task_plan.md", plan)
            .status(2);
    }
    // Beside a status in words, a share is a remark.
    let worded = "# P\n\n## Phase 1: A — ~80%\n**Status:** done\n\n## Phase 2: B\n**Status:** todo\n";
    assert_eq!(group_statuses(&plan_status_json(worded)), pairs(&[("1", "complete"), ("2", "pending")]));
}

#[test]
fn the_one_task_marked_as_being_worked_on_names_its_group() {
    let plan = "# P\n\n## Fase 1: MVP\n- [x] a\n\n## Fase 2: ruilen\n- [x] b\n- [ ] pushmeldingen (FCM) ← hier ben ik nu mee bezig\n\n## Fase 3: testen\n- [ ] c\n";
    assert_eq!(plan_status_json(plan)["current_group"]["stated"], "2");
    let now = plan.replace("← hier ben ik nu mee bezig", "<-- doing this now");
    assert_eq!(plan_status_json(&now)["current_group"]["stated"], "2");
    // Not one saying it is not now, nor two marked tasks.
    let not_now = plan.replace("← hier ben ik nu mee bezig", "← not now");
    assert_eq!(plan_status_json(&not_now)["current_group"]["stated"], serde_json::Value::Null);
    let two = plan.replace("- [ ] c\n", "- [ ] c ← doing this now\n");
    assert_eq!(plan_status_json(&two)["current_group"]["stated"], serde_json::Value::Null);
    // A group heading's own mark says more.
    let heading = plan.replace("## Fase 3: testen", "## Fase 3: testen ← current");
    assert_eq!(plan_status_json(&heading)["current_group"]["stated"], "3");
}

#[test]
fn bracketed_words_opening_lines_stopped_work_and_a_struck_current_phase() {
    // `[done] 1. sensor wiring` paragraphs, two or more: the plan's steps.
    let plan = "weather station\n---------------\n\n[done] 1. sensor wiring\n    bme280 on i2c\n\n[doing] 2. enclosure\n    stevenson screen\n\n[todo] 3. grafana dashboard\n    temp, wind rose\n";
    assert_eq!(
        group_statuses(&plan_status_json(plan)),
        pairs(&[("1", "complete"), ("2", "in_progress"), ("3", "pending")])
    );
    crate::set::away_and_back(plan, "2", "complete", &plan.replace("[doing] 2.", "[done] 2."), "in_progress");
    // One such line is prose.
    let one = "# P\n\n[done] the parser, see below\n\n## Phase 1: A\n- [ ] a\n";
    assert_eq!(group_statuses(&plan_status_json(one)), pairs(&[("1", "pending")]));
    // `parado` is stopped, `revertido` undone.
    let stopped = "# P\n\n## etapas\n- [x] 1. reproduzir ✔\n- [ ] 2. reprocessar pedidos — **parado**, precisa aprovação\n- [ ] 3. deploy do fix — ~~feito~~ revertido, quebrou o frete\n";
    let v = plan_status_json(stopped);
    let statuses: Vec<&str> =
        v["groups"].as_array().expect("groups").iter().filter_map(|g| g["status"].as_str()).collect();
    assert_eq!(statuses, ["complete", "blocked", "pending"]);
    // A current phase struck out and moved back names the one after the arrow.
    let moved = "# P\n\n## Current Phase\n~~Phase 3~~ → Phase 2 (moved back, see log)\n\n### Phase 1: A\n- [x] a\n\n### Phase 2: B\n- [ ] b\n\n### Phase 3: C\n- [ ] c\n";
    assert_eq!(plan_status_json(moved)["current_group"]["stated"], "2");
}

#[test]
fn ballot_boxes_opening_lines_are_a_checklist_when_both_are_written() {
    let plan = "# split keyboard\n\n☑ order PCBs\n☑ order parts\n☐ power switch\n☐ keymap: colemak-dh\n\nproblems\n- one diode backwards\n";
    let v = plan_status_json(plan);
    assert_eq!((v["tasks"]["total"].clone(), v["tasks"]["done"].clone()), (4.into(), 2.into()));
    let done = Test::new()
        .file("task_plan.md", plan)
        .args(["set", "--text", "keymap", "complete"])
        .file_eq("task_plan.md", plan.replace("☐ keymap", "☑ keymap"))
        .success();
    assert_eq!(pplan(done.dir.path(), &["set", "--text", "keymap", "pending"]).0, Some(0));
    assert_eq!(std::fs::read_to_string(done.dir.path().join("task_plan.md")).expect("plan"), plan);
    // Only ticks, or only open boxes, are remarks.
    let ticks = "# P\n\n☑ order PCBs\n☑ order parts\n";
    assert_eq!(plan_status_json(ticks)["tasks"]["total"], 0);
}

#[test]
fn what_only_looks_like_a_share_a_release_or_a_task_worked_on_now() {
    // A box beside a share is the status place: set writes it.
    let boxed = "# P\n\n- [x] Phase 1: A (100%)\n- [ ] Phase 2: B (40%)\n- [ ] Phase 3: C (0%)\n";
    Test::new()
        .file("task_plan.md", boxed)
        .args(["set", "--group", "2", "blocked"])
        .file_eq("task_plan.md", boxed.replace("- [ ] Phase 2", "- [!] Phase 2"))
        .success();
    // Words under a heading with a share say more.
    let worded =
        "# P\n\n## Phase 1: A (100%)\nDone.\n\n## Phase 2: B (40%)\nBlocked: vendor.\n\n## Phase 3: C (0%)\n";
    assert_eq!(
        group_statuses(&plan_status_json(worded)),
        pairs(&[("1", "complete"), ("2", "blocked"), ("3", "pending")])
    );
    // A target its tasks belie, and a report's shares, are no statuses.
    let targets =
        "# P\n\n## Phase 1: Reduce bundle size - 30%\n- [ ] a\n\n## Phase 2: Rollout — 100%\n- [ ] b\n";
    assert_eq!(group_statuses(&plan_status_json(targets)), pairs(&[("1", "pending"), ("2", "pending")]));
    let report = "# Benchmark report\n\n## Results (95%)\nAccuracy was high.\n\n## Q3 (0%)\nNo revenue.\n";
    assert_eq!(group_statuses(&plan_status_json(report)), pairs(&[]));
    // A release that also looks like a day.
    let release = "# P\n\n## Sprint 1: A — ✅ shipped in 2.0.0\n## Sprint 2: B — ⏳\n";
    let v = plan_status_json(release);
    assert_eq!(group_statuses(&v), pairs(&[("1", "complete"), ("2", "pending")]));
    assert_eq!(v["groups"][0]["title"], "A");
    // A remark on a task that ends in "now" is no mark.
    for remark in ["<- fails right now", "← works now", "← must fix now"] {
        let plan = format!(
            "# P\n\n## Phase 1: A\n- [x] a\n\n## Phase 2: B\n- [ ] b\n\n## Phase 3: C\n- [ ] c {remark}\n"
        );
        assert_eq!(plan_status_json(&plan)["current_group"]["stated"], serde_json::Value::Null, "{remark}");
    }
}

#[test]
fn a_hand_kept_list_of_steps_checked_off_in_words_brackets_or_boxes() {
    // Numbered steps in brackets take in the ones written with a box: its box is the status.
    let brackets = "Client: B&B booking plugin\n===\n\n1. [done] staging copy\n2. [done] update plugins\n3. [wip] deposit payments\n     - works in test mode\n4. [blocked] iCal sync — Sue needs to give access\n5. [ ] email templates\n6. [ ] invoice\n\ntimelog\n- 05/03 2h\n";
    let v = plan_status_json(brackets);
    let want = [
        ("1", "complete"),
        ("2", "complete"),
        ("3", "in_progress"),
        ("4", "blocked"),
        ("5", "pending"),
        ("6", "pending"),
    ];
    assert_eq!(group_statuses(&v), pairs(&want));
    Test::new()
        .file("task_plan.md", brackets)
        .args(["set", "--group", "5", "done"])
        .file_eq("task_plan.md", brackets.replace("5. [ ] email", "5. [x] email"))
        .success();
    // A step checked off with `ok`, under a title whose words name no log (`blog`).
    let ok = "# blog migration\n\n1. export posts — ok\n2. convert posts — ok, ~20 need fixing\n3. fix images — in progress, 12/20\n4. deploy\n\nmisc:\n- keep old permalinks\n";
    let want = [("1", "complete"), ("2", "complete"), ("3", "in_progress"), ("4", "pending")];
    assert_eq!(group_statuses(&plan_status_json(ok)), pairs(&want));
    crate::set::away_and_back(
        ok,
        "1",
        "pending",
        &ok.replace("posts — ok\n", "posts — pending\n"),
        "complete",
    );
    // Under a heading naming a log, the same list is the log's.
    let log = "# P\n\n## Log\n1. export posts — ok\n2. convert posts — ok\n";
    assert_eq!(group_statuses(&plan_status_json(log)), pairs(&[]));
    // `ok` in a sentence is no status; boxes under a step are its tasks, and bulleted boxes
    // after numbered steps a checklist of their own.
    let prose = "# P\n\n1. ask if the layout is ok with Sue\n2. build it — done\n";
    assert_eq!(group_statuses(&plan_status_json(prose)), pairs(&[]));
    let boxes =
        "# P\n\n1. sand — done\n2. paint — in progress\n   - [x] primer\n   - [ ] coat\n3. [ ] varnish\n";
    let v = plan_status_json(boxes);
    assert_eq!(group_statuses(&v), pairs(&[("1", "complete"), ("2", "in_progress"), ("3", "pending")]));
    assert_eq!(v["groups"][1]["tasks"]["total"], 2);
    let bullets = "# P\n\n1. sand — done\n2. paint — in progress\n- [ ] buy brushes\n";
    assert_eq!(group_statuses(&plan_status_json(bullets)), pairs(&[]));
    // Postponed, in the writers' languages.
    for word in ["skjuts upp", "odloženo", "verschoben", "uitgesteld", "odłożone"] {
        let plan = format!("# P\n\n## Fase 1: A — klar\n- [x] a\n\n## Fase 2: B – {word}\n- [ ] b\n");
        assert_eq!(group_statuses(&plan_status_json(&plan))[1].1, "skipped", "{word}");
    }
    // Under way in a person's words; a heading of ideas keeps its boxes (writers read `maybe
    // later` and `maybe never` as dropped and as not yet: no status).
    let worded = "# rss\n\n1. Parse feeds — done\n2. Web UI — working on it\n3. Search — not started\n";
    let v = plan_status_json(worded);
    assert_eq!(group_statuses(&v), pairs(&[("1", "complete"), ("2", "in_progress"), ("3", "pending")]));
    let ideas = "# P\n\n## hardware\n- [x] a\n\n## maybe later\n- [ ] b\n";
    assert_eq!(group_statuses(&plan_status_json(ideas)), pairs(&[("1", "complete"), ("2", "pending")]));
    // Polish in the gender of its noun (`Faza` is feminine, `Etap` masculine).
    for (word, status) in [("wstrzymana", "blocked"), ("odłożona", "skipped"), ("wstrzymany", "blocked")] {
        let plan = format!(
            "# P

## Faza 1: A — zrobiona
- [x] a

## Faza 2: B — {word}
- [ ] b
"
        );
        assert_eq!(
            group_statuses(&plan_status_json(&plan)),
            pairs(&[("1", "complete"), ("2", status)]),
            "{word}"
        );
    }
}

#[test]
fn where_a_person_says_they_are_and_days_written_with_their_month() {
    let read = |plan: &str| plan_status_json(plan)["current_group"]["stated"].clone();
    let weeks = "# Bakery site\n\nwhere I am: week 3, still waiting on Anna\n\n## Week 1 – discovery\n- [x] a\n\n## Week 2 – design\n- [x] b\n\n## Week 3 – build\n- [x] c\n- [ ] d\n\n## Week 4 – launch\n- [ ] e\n";
    assert_eq!(read(weeks), "3");
    let pl = "# Praca\n\nGdzie jestem: rozdział 3, eksperymenty\n\n## Rozdział 1 — Wstęp ✓\n## Rozdział 2 — Przegląd ✓\n## Rozdział 3 — Eksperymenty (w trakcie)\n- [ ] a\n## Rozdział 4 — Wnioski\n- [ ] b\n";
    assert_eq!(read(pl), "3");
    let fr = "# Serveur\n\n> où j'en suis : étape 2, les photos\n\n## Étape 1 : matériel — fait\n## Étape 2 : photos — en cours\n## Étape 3 : sauvegardes — à faire\n";
    assert_eq!(read(fr), "2");
    // Where the person is in a sentence about something else names nothing.
    let other = weeks.replace("where I am: week 3, still waiting on Anna", "I know where I am going.");
    assert_eq!(read(&other), serde_json::Value::Null);
    // A status and the day it came, its month named; `half` done is under way.
    let days = "# Cookbook\n\n## Part 1: Basics — done 14 Nov\n## Part 2: Spring — done Dec 2\n## Part 3: Summer — done 2 December\n## Part 4: Autumn — half\n## Part 5: May 12\n";
    let v = plan_status_json(days);
    let want =
        [("1", "complete"), ("2", "complete"), ("3", "complete"), ("4", "in_progress"), ("5", "pending")];
    assert_eq!(group_statuses(&v), pairs(&want));
    assert_eq!(v["groups"][0]["title"], "Basics");
    assert_eq!(v["groups"][4]["title"], "May 12");
    Test::new()
        .file("task_plan.md", days)
        .args(["set", "--group", "1", "in_progress"])
        .file_eq("task_plan.md", days.replace("Basics — done 14 Nov", "Basics — in_progress 14 Nov"))
        .success();
}

#[test]
fn a_line_after_an_arrow_sums_up_a_group_and_a_struck_step_done_on_a_day() {
    let plan = "# Sito\n\n## 1. Analisi\n~~riunione~~\n~~lista delle pagine~~\n→ fatto\n\n## 2. Sviluppo\n~~WordPress~~\nprenotazioni: Octorate? → chiedere a Giulia\n→ in corso\n\n## 3. Testi\nMarco scrive IT.\n";
    let v = plan_status_json(plan);
    assert_eq!(group_statuses(&v), pairs(&[("1", "complete"), ("2", "in_progress"), ("3", "pending")]));
    // Written back in the file's own word for it.
    Test::new()
        .file("task_plan.md", plan)
        .args(["set", "--group", "2", "done"])
        .file_eq("task_plan.md", plan.replace("→ in corso", "→ fatto"))
        .success();
    // An arrow inside a line is no summing up; nor is an arrow to a next step.
    let inside = "# P\n\n## 1. A\nask Giulia → done\n\n## 2. B\n-> next: the API\n";
    assert_eq!(group_statuses(&plan_status_json(inside)), pairs(&[]));
    // A step struck through and done on a day: done, not dropped.
    let struck = "# Serveur\n\n1. ~~Acheter le matériel~~ — NUC i5 — fait le 3/02\n2. ~~Installer Debian~~ — fait le 4/02\n3. Migration des photos — en cours\n4. Vaultwarden — à faire\n";
    let want = [("1", "complete"), ("2", "complete"), ("3", "in_progress"), ("4", "pending")];
    assert_eq!(group_statuses(&plan_status_json(struck)), pairs(&want));
}

#[test]
fn a_status_in_words_says_what_a_symbol_alone_means() {
    // The symbol opening a heading, a word on the group's status line.
    let zh = "# 記帳\n\n### ✅ 第一階段：重構\n狀態：完成\n\n### ⬜ 第二階段：報表\n狀態：未開始\n\n### ❌ 第三階段：語音記帳\n狀態：取消\n- 準確率太差，不做了\n";
    let v = plan_status_json(zh);
    assert_eq!(group_statuses(&v), pairs(&[("一", "complete"), ("二", "pending"), ("三", "skipped")]));
    // A pause closing a heading, a word in the overview's cell; they still disagree, and set
    // says so rather than choose.
    let table = "# 拆分\n\n| # | 阶段 | 状态 |\n|---|---|---|\n| 1 | 梳理 | ✅ 已完成 |\n| 2 | 搜索 | ⏸ 暂停 |\n\n## 阶段 1：梳理 ✅\n- [x] a\n\n## 阶段 2：搜索 ⏸\n- [ ] b\n";
    let v = plan_status_json(table);
    assert_eq!(group_statuses(&v), pairs(&[("1", "complete"), ("2", "blocked")]));
    Test::new()
        .file("task_plan.md", table)
        .args(["set", "--group", "2", "in_progress"])
        .stderr("error: cannot write a status for group `2`: line 6 says `⏸ 暂停` and line 11 says `⏸`; make them agree first\n")
        .file_eq("task_plan.md", table)
        .status(2);
    // Words on the symbol's own line qualify it: the symbol, said first, stands.
    let same = "# P\n\n### ✅ Phase 1: A（部分完了）\n- [x] a\n- [ ] b\n\n### Phase 2: B\n- [ ] c\n";
    assert_eq!(group_statuses(&plan_status_json(same))[0].1, "complete");
}

#[test]
fn working_on_a_group_said_in_more_languages() {
    let read = |plan: &str| plan_status_json(plan)["current_group"]["stated"].clone();
    let it = "# P\n\n## Sprint 1: A\n- [x] a\n\n## Sprint 2: B\n- [ ] b\n\n## Note\nStiamo lavorando sullo Sprint 2, consegna venerdì.\n";
    assert_eq!(read(it), "2");
    let th =
        "# P\n\n## ขั้นที่ 1: A\n- [x] a\n\n## ขั้นที่ 2: B\n- [ ] b\n\n## ขั้นที่ 3: C\n- [ ] c\n\nตอนนี้กำลังทำขั้นที่ 2 อยู่\n";
    assert_eq!(read(th), "2");
    let id = "# P\n\n## Langkah 1: A ✅\n## Langkah 2: B  ← lagi dikerjain\n- [ ] b\n## Langkah 3: C\n";
    assert_eq!(read(id), "2");
    let vi = "# P\n\n> **Đang làm:** Phase 2\n\n## Phase 1: A\n- [x] a\n\n## Phase 2: B\n- [ ] b\n";
    assert_eq!(read(vi), "2");
    let steps = "# P\n\nSekarang: langkah 3.\n\n1. A — selesai\n2. B — selesai\n3. C — sedang dikerjakan\n4. D — belum\n";
    assert_eq!(read(steps), "3");
    // Working on something that is no group names none.
    let other = it.replace("sullo Sprint 2", "sulla documentazione");
    assert_eq!(read(&other), serde_json::Value::Null);
}

#[test]
fn releases_in_a_row_are_groups_the_unstarted_ones_too() {
    let plan = "# release plan\n\none minor every 6-8 weeks.\n\n## 0.8.0 ✔ (released 2024-01-12)\n- ~~windows paths~~\n\n## 0.9.0 (in progress)\n- ~~plugin API v2~~\n- vitest\n\n## 0.10.0\n- incremental cache\n\n## 1.0.0\n- LTS policy\n\n## someday / maybe\n- LSP server\n";
    let v = plan_status_json(plan);
    let want = [("0.8.0", "complete"), ("0.9.0", "in_progress"), ("0.10.0", "pending"), ("1.0.0", "pending")];
    assert_eq!(group_statuses(&v), pairs(&want));
    crate::set::away_and_back(
        plan,
        "0.9.0",
        "blocked",
        &plan.replace("## 0.9.0 (in progress)", "## 0.9.0 (blocked)"),
        "in_progress",
    );
    // A section named in brackets after a name stays a section; one release is no row of them.
    let one = "# P\n\n## 2.0 (in progress)\n- a\n\n## Out of Scope (Future)\n- b\n";
    assert_eq!(group_statuses(&plan_status_json(one)), pairs(&[]));
}

#[test]
fn a_plan_kept_in_its_titles_may_be_finished() {
    // Setting the last group done leaves a finished plan, still read as its groups.
    let plan = "# Shop\n\n## Backend ✅\n- api\n\n## Frontend 🔄\n- cart page\n";
    let done = plan.replace("## Frontend 🔄", "## Frontend ✅");
    Test::new()
        .file("task_plan.md", plan)
        .args(["set", "--group", "2", "done"])
        .file_eq("task_plan.md", &done)
        .success();
    assert_eq!(group_statuses(&plan_status_json(&done)), pairs(&[("1", "complete"), ("2", "complete")]));
    // A report of work done, its titles over sections of their own, is no plan of groups.
    let report = "# Bug fixes\n\n## Fixes in March ✅ 已完成\n\n### Fixed\nThe default model.\n\n## Fixes in February ✅ 已完成\n\n### Fixed\nThe error message.\n";
    assert_eq!(group_statuses(&plan_status_json(report)), pairs(&[]));
}

#[test]
fn a_step_marked_current_takes_its_status_before_the_mark() {
    let plan = "# Web\n\n1. Inventario — hecho\n2. Hosting — hecho (Raiola)\n3. Catálogo  ← ahora\n   - importar CSV\n4. Pasarela (parado, esperando al banco)\n5. Lanzamiento\n";
    let v = plan_status_json(plan);
    assert_eq!(v["current_group"]["stated"], "3");
    // Set away from where the mark leaves it: written before the mark, which stays.
    Test::new()
        .file("task_plan.md", plan)
        .args(["set", "--group", "3", "pending"])
        .file_eq("task_plan.md", plan.replace("3. Catálogo  ← ahora", "3. Catálogo — pendiente  ← ahora"))
        .success();
    Test::new()
        .file("task_plan.md", plan)
        .args(["set", "--group", "3", "done"])
        .file_eq("task_plan.md", plan.replace("3. Catálogo  ← ahora", "3. Catálogo — hecho  ← ahora"))
        .success();
}

#[test]
fn later_is_not_yet() {
    let plan = "# blog rewrite\n\n**part 1: content** - done\n- [x] export posts\n\n**part 2: layout** - doing\n- [x] base layout\n- [ ] rss\n\n**part 3: hosting** - later\n- [ ] cloudflare pages\n";
    let want = [("1", "complete"), ("2", "in_progress"), ("3", "pending")];
    assert_eq!(group_statuses(&plan_status_json(plan)), pairs(&want));
    // Later in a sentence is no status.
    let prose = "# P\n\n## Phase 1: A\nWe will see later.\n- [x] a\n";
    assert_eq!(group_statuses(&plan_status_json(prose)), pairs(&[("1", "complete")]));
}

#[test]
fn what_only_looks_like_this_rounds_hand_kept_forms() {
    let statuses = |plan: &str| group_statuses(&plan_status_json(plan));
    // A button among buttons, an amount, a note on a task, a note after an arrow.
    let buttons = "# P\n\n## Phase 1: A\n- [x] a\n\n## Phase 2: Buttons — OK, Cancel, Help\n- [ ] b\n";
    assert_eq!(statuses(buttons), pairs(&[("1", "complete"), ("2", "pending")]));
    let amounts = "# P\n\n## Phase 1: A\n- [x] a\n\n## Phase 2: Load — half, then full\n- [ ] b\n";
    assert_eq!(statuses(amounts), pairs(&[("1", "complete"), ("2", "pending")]));
    let task_note = "# P\n\n## Phase 1: A\n- [x] a\n\n## Phase 2: B\n- [ ] c\n  → done\n";
    assert_eq!(statuses(task_note), pairs(&[("1", "complete"), ("2", "pending")]));
    let reason = "# P\n\n## Phase 1: A\n- [x] a\n\n## Phase 2: B\nx\n⇒ blocked: vendor\n";
    assert_eq!(statuses(reason), pairs(&[("1", "complete"), ("2", "pending")]));
    // An arrow line reads the same first under its heading or later.
    assert_eq!(statuses("# P\n\n## Phase 1: A\n-> done\n"), pairs(&[("1", "complete")]));
    // A checklist numbered from 1 again is no step; nor are steps under a log's hyphenated name.
    let again = "# P\n\n1. sand — done\n2. paint — in progress\n\n1. [ ] brushes\n2. [ ] tape\n";
    assert_eq!(statuses(again), pairs(&[]));
    let todos = "# P\n\n## To-dos\n1. call Sue — done\n2. renew domain — done\n3. buy coffee\n";
    assert_eq!(statuses(todos), pairs(&[]));
    // A ticked box is no word saying what a symbol means.
    let boxed = "# P\n\n## Overview\n- [x] Phase 1: A\n- [ ] Phase 2: B\n\n## Phase 1: A 🚧\n- [ ] a\n\n## Phase 2: B\n- [ ] b\n";
    assert_eq!(statuses(boxed)[0].1, "in_progress");
}

#[test]
fn a_symbol_that_means_two_things_means_what_the_first_line_under_it_says() {
    let plan = "# Bot\n\n### ✅ Phase 1: Setup\n- [x] a\n\n### ⏸️ Phase 2: Music\nOn hold — deciding between wavelink and removing it.\n\n### ❌ Phase 3: Theme override\nDropped — nobody asked for it.\n\n### ⏳ Phase 4: Deploy\n- [ ] b\n";
    let want = [("1", "complete"), ("2", "blocked"), ("3", "skipped"), ("4", "pending")];
    assert_eq!(group_statuses(&plan_status_json(plan)), pairs(&want));
    // One status stated twice: set writes both places, in the file's own marks.
    let done = plan.replace("### ⏸️ Phase 2", "### ✅ Phase 2");
    Test::new()
        .file("task_plan.md", plan)
        .args(["set", "--group", "2", "done"])
        .file_eq("task_plan.md", &done)
        .success();
    // Words that say neither of its meanings leave the symbol as it reads alone.
    let other = "# Bot\n\n### ⏸️ Phase 2: Music\nDone — shipped it.\n";
    assert_eq!(group_statuses(&plan_status_json(other)), pairs(&[("2", "pending")]));
}

#[test]
fn a_cross_and_words_that_drop_the_work_are_skipped() {
    let plan = "# P\n\n## Step 1. A ✔ 完了\n\n## Step 2. B ✖ やらない\n\n## Step 3. C ✗ not doing this\n\n## Step 4. D — won't do it\n";
    let want = [("1", "complete"), ("2", "skipped"), ("3", "skipped"), ("4", "skipped")];
    assert_eq!(group_statuses(&plan_status_json(plan)), pairs(&want));
    // The cross goes with its words: a new status replaces both, in the file's own spelling.
    Test::new()
        .file("task_plan.md", plan)
        .args(["set", "--group", "2", "done"])
        .file_eq("task_plan.md", plan.replace("B ✖ やらない", "B ✔ 完了"))
        .success();
    Test::new()
        .file("task_plan.md", plan)
        .args(["set", "--group", "3", "blocked"])
        .file_eq("task_plan.md", plan.replace("C ✗ not doing this", "C 🚫 blocked"))
        .success();
    Test::new()
        .file("task_plan.md", plan)
        .args(["set", "--group", "4", "pending"])
        .file_eq("task_plan.md", plan.replace("— won't do it", "— pending"))
        .success();
    // Not a word about something else (`— not doing this twice`).
    let other = "# P\n\n## Step 1. A ✔ 完了\n\n## Step 2. B — not doing this twice\n";
    assert_eq!(group_statuses(&plan_status_json(other))[1].1, "pending");
}

#[test]
fn the_current_group_by_its_initial_a_note_in_a_list_or_a_counter() {
    // `W3` for `## Wave 3`, when every group is a wave.
    let waves = "# P\n\n**Current wave:** W3\n\n## Wave 1 — infra (COMPLETE)\n- [x] a\n\n## Wave 2 — leaf (COMPLETE)\n- [x] b\n\n## Wave 3 — mid (IN PROGRESS)\n- [ ] c\n\n## Wave 4 — apps (PENDING)\n- [ ] d\n";
    assert_eq!(current(waves), "3");
    assert_eq!(current(&waves.replace("W3", "X3")), serde_json::Value::Null);
    // A note in a list that says where the work is.
    let noted = "# P\n\n## Context\n- Currently working on phase 2 (config plugins).\n\n## Phase 1: A\n- [x] a\n\n## Phase 2: B\n- [ ] b\n";
    assert_eq!(current(noted), "2");
    let japanese = "# P\n\n## フェーズ1：調査【完了】\n\n## フェーズ2：実装【進行中】\n\n## メモ\n- 現在はフェーズ2。相談中\n";
    assert_eq!(current(japanese), "2");
    // The number, then the word as a counter.
    let korean = "# P\n\n### 1단계: 파악 — 완료\n\n### 2단계: 설계 — 진행 중\n\n### 3단계: 평가 — 대기\n\n## 메모\n\n현재 2단계 작업 중. 목록은 받기로 함.\n";
    assert_eq!(current(korean), "2");
    assert_eq!(current(&korean.replace("현재 2단계 작업 중", "현재 인덱스 확인")), serde_json::Value::Null);
}

#[test]
fn a_wait_with_its_reason_set_apart_is_blocked_in_a_status_line_or_sentence_never_a_title() {
    let statuses = |plan: &str| group_statuses(&plan_status_json(plan));
    let sentence = "# Thesis\n\n### Step 1: Data\ndone\n\n### Step 2: Lab runs\nwaiting — Prof. Keller still has to approve publishing results\n";
    assert_eq!(statuses(sentence), pairs(&[("1", "complete"), ("2", "blocked")]));
    let label = "# P\n\n## Phase 1 : A\n- **Statut :** terminée\n\n## Phase 2 : B\n- **Statut :** en attente — le patron doit valider\n";
    assert_eq!(statuses(label), pairs(&[("1", "complete"), ("2", "blocked")]));
    // The word alone is set: the reason stays the person's.
    Test::new()
        .file("task_plan.md", label)
        .args(["set", "--group", "2", "in_progress"])
        .file_eq("task_plan.md", label.replace("en attente — le patron", "en cours — le patron"))
        .success();
    // A bare wait, or one whose reason is a status, is not yet started.
    assert_eq!(
        statuses(&label.replace("en attente — le patron doit valider", "en attente")),
        pairs(&[("1", "complete"), ("2", "pending")])
    );
    assert_eq!(
        statuses(&sentence.replace("— Prof. Keller still has to approve publishing results", "— done")),
        pairs(&[("1", "complete"), ("2", "pending")])
    );
    // In a title the words after the dash are its name.
    let title = "# P\n\n## Phase 1: A\n- [x] a\n\n## Phase 2: Waiting — room booking\n- [ ] b\n";
    let v = plan_status_json(title);
    assert_eq!(group_statuses(&v), pairs(&[("1", "complete"), ("2", "pending")]));
    assert_eq!(v["groups"][1]["title"], "Waiting — room booking");
}

#[test]
fn review_mends_for_symbols_read_by_their_sentence_waits_and_initials() {
    let statuses = |plan: &str| group_statuses(&plan_status_json(plan));
    // A symbol read by the sentence under it is set to one of one meaning, never "unchanged".
    let paused = "# P\n\n### ⏸️ Phase 1: Music\nOn hold — deciding the vendor.\n- [ ] a\n\n### ⏸️ Phase 2: Video\n- [ ] b\n";
    Test::new()
        .file("task_plan.md", paused)
        .args(["set", "--group", "1", "pending"])
        .file_eq("task_plan.md", paused.replace("### ⏸️ Phase 1", "### ⬜ Phase 1"))
        .success();
    let crossed = "# P\n\n### ❌ Phase 1: A\nBlocked — vendor.\n\n### ⏸ Phase 2: B\nNot started — later.\n";
    Test::new()
        .file("task_plan.md", crossed)
        .args(["set", "--group", "1", "pending"])
        .file_eq("task_plan.md", crossed.replace("### ❌ Phase 1", "### ⬜ Phase 1"))
        .success();
    // A wait read blocked for its reason is no spelling of blocked to copy.
    let waits =
        "# P\n\n## Phase 1: A\n**Status:** waiting — vendor key\n\n## Phase 2: B\n**Status:** pending\n";
    assert_eq!(statuses(waits), pairs(&[("1", "blocked"), ("2", "pending")]));
    Test::new()
        .file("task_plan.md", waits)
        .args(["set", "--group", "2", "blocked"])
        .file_eq("task_plan.md", waits.replace("**Status:** pending", "**Status:** blocked"))
        .success();
    assert_eq!(
        statuses(&waits.replace("vendor key", "see below")),
        pairs(&[("1", "pending"), ("2", "pending")])
    );
    // An initial names a group only after a label naming its word: not a priority.
    let phases = "# P\n\nCurrent priority: P3\n\n## Phase 1: A\n- [x] a\n\n## Phase 2: B\n- [ ] b\n\n## Phase 3: C\n- [ ] c\n";
    assert_eq!(current(phases), serde_json::Value::Null);
    // A count of stages is no pointer to the last (`3단계 중 2단계`: stage 2 of 3).
    let of = "# P\n\n## 1단계: A\n- [x] a\n\n## 2단계: B\n- [ ] b\n\n## 3단계: C\n- [ ] c\n\n현재 3단계 중 2단계 진행 중\n";
    assert_eq!(current(of), serde_json::Value::Null);
    // A bullet under a group speaks of its own work.
    let under = "# P\n\n## Phase 1: A\n- [x] a\n- Currently working on phase 2 of the vendor's rollout\n\n## Phase 2: B\n- [ ] b\n";
    assert_eq!(current(under), serde_json::Value::Null);
    // Lone words after a symbol no table knows only when a cross drops the work.
    let lone = "# P\n\n### Phase 1: Sign-off ✗ ok\n- [ ] a\n\n### Phase 2: Release 📦 later\n- [ ] b\n";
    let v = plan_status_json(lone);
    assert_eq!(v["groups"][0]["title"], "Sign-off ✗ ok");
    assert_eq!(v["groups"][1]["title"], "Release 📦 later");
}

#[test]
fn hand_kept_lines_keyboard_dashes_bold_part_numbers_leader_shares_and_dated_remarks() {
    let statuses = |plan: &str| group_statuses(&plan_status_json(plan));
    // A dash typed as two hyphens, a status in brackets.
    let nas = "# NAS\n\n1. hardware  -- done\n   - memtest ok\n\n2. base OS -- done\n   - ssh ok\n\n3. docker stack  (doing)\n   - compose\n\n4. backups\n   - restic\n";
    assert_eq!(
        statuses(nas),
        pairs(&[("1", "complete"), ("2", "complete"), ("3", "in_progress"), ("4", "pending")])
    );
    // A chapter's parts in bold lines, each with a share done: the part's number is its id,
    // and `set` writes a share.
    let thesis = "# Ch. 4\n\n**4.1 Data & sample** — 100%\ncleaned panel.\n\n**4.2 Baseline** — 80%\n- main spec done\n\n**4.3 IV approach** — 0%\n";
    assert_eq!(statuses(thesis), pairs(&[("4.1", "complete"), ("4.2", "in_progress"), ("4.3", "pending")]));
    Test::new()
        .file("task_plan.md", thesis)
        .args(["set", "--group", "4.2", "done"])
        .file_eq("task_plan.md", thesis.replace("— 80%", "— 100%"))
        .success();
    // A share after dotted leaders, a remark after it.
    let brand = "Brand identity\n\n1. Moodboard ........ 100%\n2. Logo ............. 90%   — one more round on the kerning\n3. Guidelines PDF ... 0%\n";
    assert_eq!(statuses(brand), pairs(&[("1", "complete"), ("2", "in_progress"), ("3", "pending")]));
    Test::new()
        .file("task_plan.md", brand)
        .args(["set", "--group", "2", "done"])
        .file_eq("task_plan.md", brand.replace("90%   —", "100%   —"))
        .success();
    // The day a status came, then a remark after a comma; an arrow saying "now" with a remark.
    let steps = "# Ch. 3\n\n1. Archive trip — done 14/10\n2. Outline — done 12/11, sent to Sarah\n3. Draft 3.1 — in progress\n4. Revise\n";
    assert_eq!(
        statuses(steps),
        pairs(&[("1", "complete"), ("2", "complete"), ("3", "in_progress"), ("4", "pending")])
    );
    let now = "# M\n\n## M1 — loader ✔\n- [x] a\n\n## M2 — tomllib  <- NOW (ch 15)\n- [ ] b\n\n## M3 — release\n- [ ] c\n";
    assert_eq!(plan_status_json(now)["current_group"]["stated"], "M2");
    // Paused in Russian, under way in European Portuguese.
    let words = "# P\n\n## Этап 1. ТЗ — готово\n\n## Этап 2. Интеграция — на паузе\n- [x] a\n- [ ] b\n\n## Этап 3. Каталог — a decorrer\n- [ ] c\n";
    assert_eq!(statuses(words), pairs(&[("1", "complete"), ("2", "blocked"), ("3", "in_progress")]));
}

#[test]
fn a_status_label_set_whole_in_bold_is_read_and_set_inside_the_bold() {
    let plan = "# P\n\n## Milestones\n\n### M1 – Backend\n**Status: Done**\n- Postgres\n\n### M2 – Catalog\n**Status: Blocked**\n- [x] import\n\n### M3 – Launch\n**Status: Not started**\n";
    assert_eq!(
        group_statuses(&plan_status_json(plan)),
        pairs(&[("M1", "complete"), ("M2", "blocked"), ("M3", "pending")])
    );
    // The file's own word for done, the bold kept closed after it.
    Test::new()
        .file("task_plan.md", plan)
        .args(["set", "--group", "M3", "done"])
        .file_eq("task_plan.md", plan.replace("**Status: Not started**", "**Status: Done**"))
        .success();
    // A bold that closes on the label alone, or holds nothing after the colon, is no such field.
    let empty = "# P\n\n### M1 – Backend\n**Status:** \n- [x] a\n\n### M2 – Catalog\n**Status: **\n- [ ] b\n";
    assert_eq!(group_statuses(&plan_status_json(empty)), pairs(&[("M1", "complete"), ("M2", "pending")]));
}

#[test]
fn where_a_person_says_they_are_in_their_own_language_and_case() {
    // A bold label with the French space before its colon.
    let weeks = "# Site\n\n**Où j'en suis** : semaine 3, intégration.\n\n### Semaine 1 — audit — fait\n\n### Semaine 2 — maquettes — fait\n\n### Semaine 3 — intégration (en cours)\n- [ ] fiches\n\n### Semaine 4 — boutique\n";
    assert_eq!(current(weeks), "3");
    // The group's word in lowercase where the headings write it capitalised, in Cyrillic.
    let steps = "# VPS\n\nСейчас: шаг 3, почта.\n\n## Шаг 1. База — готово\n\n## Шаг 2. Веб — готово\n\n## Шаг 3. Почта — в процессе\n- [ ] dkim\n\n## Шаг 4. Бэкапы\n";
    assert_eq!(current(steps), "3");
    // `← je suis là`, and a legend whose label is long.
    let parts = "# Thèse\n\nStatus legend I actually use: ✔ done · ◐ doing · ✖ dropped\n\n## Partie 1 — contexte ✔\n\n## Partie 2 — stratégies ◐  ← je suis là\n- [ ] b\n\n## Partie 3 — WASM ✖\n";
    let v = plan_status_json(parts);
    assert_eq!(v["current_group"]["stated"], "2");
    assert_eq!(group_statuses(&v), pairs(&[("1", "complete"), ("2", "in_progress"), ("3", "skipped")]));
    // Turkish "tamam" says done.
    let tr = "# Site\n\n### Aşama 1 – Toplantı — tamam\n\n### Aşama 2 – Tasarım — devam ediyor\n- [ ] a\n";
    assert_eq!(group_statuses(&plan_status_json(tr)), pairs(&[("1", "complete"), ("2", "in_progress")]));
}

#[test]
fn a_heading_struck_from_its_keyword_and_a_symbol_after_a_colon_state_their_status() {
    let statuses = |plan: &str| group_statuses(&plan_status_json(plan));
    let nas = "# NAS\n\n## ~~Phase 1: parts~~ done 2024-01-06\n- 4x 8TB\n\n## Phase 2: copy data  — ongoing\n- rsync\n\n## Phase 3: apps\n- jellyfin\n";
    let v = plan_status_json(nas);
    assert_eq!(group_statuses(&v), pairs(&[("1", "complete"), ("2", "in_progress"), ("3", "pending")]));
    assert_eq!(v["groups"][0]["title"], "parts");
    // `set` replaces the status word, the strike and the day stay the person's.
    Test::new()
        .file("task_plan.md", nas)
        .args(["set", "--group", "1", "in_progress"])
        .file_eq("task_plan.md", nas.replace("~~ done 2024", "~~ ongoing 2024"))
        .success();
    // A symbol after a label's colon sets itself apart from the remark after it.
    let podcast = "# podcast\n\n- gear: ✔ new mic (SM7B, finally)\n- format: ✔ 30 min, 2 guests max\n- guests: 4/8 booked (in progress)\n- recording: not yet\n";
    let v = plan_status_json(podcast);
    assert_eq!(
        group_statuses(&v),
        pairs(&[("1", "complete"), ("2", "complete"), ("3", "in_progress"), ("4", "pending")])
    );
    assert_eq!(v["groups"][1]["title"], "format");
    // Not a coloured circle, as often a priority.
    let circles = podcast.replace("gear: ✔", "gear: 🟡");
    assert_eq!(statuses(&circles)[0], ("1".to_string(), "pending".to_string()));
}

#[test]
fn a_current_line_that_moves_on_names_where_it_goes_and_an_arrow_says_what_is_done_there() {
    let stages = |line: &str| {
        format!(
            "# R\n\n## Mevcut Aşama\n{line}\n\n## Aşamalar\n\n### Aşama 1: A - TAMAMLANDI\n\n### Aşama 2: B - DEVAM EDİYOR\n- [ ] b\n\n### Aşama 3: C - YAPILACAK\n"
        )
    };
    // Stage 1 finished, moving to stage 2 (a Turkish case ending after the number).
    assert_eq!(current(&stages("Aşama 1 bitti, Aşama 2'ye geçiyorum")), "2");
    assert_eq!(current(&stages("Aşama 1 tamamlandı, Aşama 2 devam ediyor")), "2");
    assert_eq!(current(&stages("Aşama 1")), "1");
    let phases = "# P\n\n## Current phase\nPhase 1 complete, Phase 2 in progress.\n\n## Phase 1: A\n- [x] a\n\n## Phase 2: B\n- [ ] b\n";
    assert_eq!(current(phases), "2");
    // An arrow then what the person is doing there, on a bold line.
    let site = "# Sito\n\n**1. Contenuti** ✔️ fatto\n- [x] testi\n\n**2. Multilingua** ← sto lavorando qui\n- [ ] DE\n\n**3. Prenotazioni**\n- [ ] form\n";
    let v = plan_status_json(site);
    assert_eq!(v["current_group"]["stated"], "2");
    assert_eq!(v["groups"][1]["title"], "Multilingua");
    // Not an arrow saying it is not there.
    assert_eq!(current(&site.replace("sto lavorando qui", "not working here")), serde_json::Value::Null);
}

#[test]
fn a_status_set_apart_by_a_wide_gap_and_now_in_square_brackets() {
    let statuses = |plan: &str| group_statuses(&plan_status_json(plan));
    let reno = "# Kitchen reno\n\nPart 1 — Demo  ✔ 9 Mar\nPart 2 — Electrics (Dave)  ✔ 16 Mar, passed inspection 18 Mar\nPart 3 — Units + worktop   IN PROGRESS\n  - fitting: Mon-Wed\nPart 4 — Appliances + sink  waiting on worktop\nPart 5 — Floor\n";
    let v = plan_status_json(reno);
    assert_eq!(
        group_statuses(&v),
        pairs(&[
            ("1", "complete"),
            ("2", "complete"),
            ("3", "in_progress"),
            ("4", "blocked"),
            ("5", "pending")
        ])
    );
    assert_eq!(v["groups"][1]["title"], "Electrics (Dave)");
    // `set` replaces the status token; the day and the remark after it stay.
    Test::new()
        .file("task_plan.md", reno)
        .args(["set", "--group", "2", "in_progress"])
        .file_eq("task_plan.md", reno.replace("(Dave)  ✔ 16 Mar", "(Dave)  🔄 16 Mar"))
        .success();
    let lab = "# homelab\n\n### week 1 — hardware + base OS   ok\nproxmox installed.\n\n### week 2 — core services   ok\n- adguard\n\n### week 3 — migrate data\n- nextcloud\n";
    assert_eq!(statuses(lab), pairs(&[("1", "complete"), ("2", "complete"), ("3", "pending")]));
    // A gap before words that are no status is the title's own.
    let words = "# P\n\n## Phase 1: Fix  login page\n- [x] a\n\n## Phase 2: Ship  it\n- [ ] b\n";
    let v = plan_status_json(words);
    assert_eq!(group_statuses(&v), pairs(&[("1", "complete"), ("2", "pending")]));
    assert_eq!(v["groups"][0]["title"], "Fix  login page");
    // `[NOW]` after a title points at it.
    let parts = "# rebuild\n\nPART 1 - base  [done]\n  nixos\n\nPART 2 - services  [NOW]\n  jellyfin done\n\nPART 3 - backups  [todo]\n  restic\n";
    assert_eq!(plan_status_json(parts)["current_group"]["stated"], "2");
}

#[test]
fn review_mends_for_moving_on_working_here_days_and_possessives() {
    let four = |line: &str| {
        format!(
            "# P\n\n## Current\n{line}\n\n## Phase 1: A\n- [x] a\n\n## Phase 2: B\n- [x] b\n\n## Phase 3: C\n- [ ] c\n\n## Phase 4: D\n- [ ] d\n"
        )
    };
    // A line moves on only forward, in one sentence, to a group not said to stand still.
    assert_eq!(current(&four("Phase 2 done, Phase 3 in progress")), "3");
    assert_eq!(current(&four("Phase 2 done. Heads-up: Phase 4 blocked on the vendor contract.")), "2");
    assert_eq!(current(&four("Phase 3 done, reusing the Phase 1 scripts.")), "3");
    // An arrow then words and "here": only a person saying they work there.
    let arrow = |mark: &str| {
        format!(
            "# P\n\n## Phase 1 — setup\n- [x] a\n\n## Phase 2 — api ← {mark}\n- [x] b\n\n## Phase 3 — ui\n- [ ] c\n"
        )
    };
    for pointer in ["voir ici", "siehe hier", "vedi qui", "ver aquí", "notes ici", "relue hier"] {
        assert_eq!(current(&arrow(pointer)), serde_json::Value::Null, "{pointer}");
    }
    for working in ["sto lavorando qui", "je travaille ici", "gerade hier", "ich arbeite hier"] {
        assert_eq!(current(&arrow(working)), "2", "{working}");
    }
    // A count after a status is no day it came (`done 3, two to go`).
    let counts = "# Thesis\n\n1. Archive trip — done\n2. Interviews — done 12/11, sent to Sarah\n3. Chapters — done 3, two to go\n4. Revise\n";
    let v = plan_status_json(counts);
    assert_eq!(v["groups"][1]["status"], "complete");
    assert_eq!(v["groups"][2]["status"], "pending");
    // An English possessive is no case ending.
    let weeks = "# P\n\n## Week 1's goals — done\n- [x] a\n\n## Week 2's goals\n- [ ] b\n";
    assert_eq!(plan_status_json(weeks)["groups"][0]["title"], "goals");
    // A word in capitals names its group either way round the dotless i.
    let tr = "# Kurulum\n\nŞu an: ADIM 3, e-posta.\n\n## Adım 1. Temel — bitti\n\n## Adım 2. Web — devam ediyor\n- [ ] a\n\n## Adım 3. Posta\n- [ ] b\n";
    assert_eq!(current(tr), "3");
}

#[test]
fn a_counter_after_a_spaced_number_a_bracket_with_its_day_and_a_lone_word_after_a_colon() {
    // `第 3 批`: the counter after a number written with spaces, not part of the title.
    let batches = "# 性能\n\n## 第 1 批：测量 — 已完成\n- [x] a\n\n## 第 2 批：渲染 — 进行中\n- [ ] b\n\n## 第 3 批：服务端 — 未开始\n- [ ] c\n";
    let v = plan_status_json(batches);
    assert_eq!(group_statuses(&v), pairs(&[("1", "complete"), ("2", "in_progress"), ("3", "pending")]));
    assert_eq!(v["groups"][2]["title"], "服务端");
    // A bracketed status with the day it was done, or a remark after a comma.
    let dated = "# Warehouse\n\n## Phase 1 — audit  [done 2024-04-10]\n- [x] a\n\n## Phase 2 — storage  [done, with caveats]\n- [x] b\n\n## Phase 3 — ingest  [in progress]\n- [ ] c\n\n## Phase 4 — docs  [Done, Cancel]\n- [ ] d\n";
    let v = plan_status_json(dated);
    assert_eq!(
        group_statuses(&v),
        pairs(&[("1", "complete"), ("2", "complete"), ("3", "in_progress"), ("4", "pending")])
    );
    assert_eq!(v["groups"][0]["title"], "audit");
    // `OK` alone after a title's colon, French spacing and a remark in brackets; `set` writes
    // only the word.
    let lots = "# Site\n\n## Lot 1 — Cadrage : OK\n- [x] a\n\n## Lot 2 — Maquettes : OK (validé 04/10)\n- [x] b\n\n## Lot 3 — Intégration : en cours\n- [ ] c\n";
    let v = plan_status_json(lots);
    assert_eq!(group_statuses(&v), pairs(&[("1", "complete"), ("2", "complete"), ("3", "in_progress")]));
    assert_eq!(v["groups"][1]["title"], "Maquettes");
    Test::new()
        .file("task_plan.md", lots)
        .args(["set", "--group", "2", "in_progress"])
        .file_eq("task_plan.md", lots.replace("Maquettes : OK (", "Maquettes : en cours ("))
        .success();
    // `WONT DO` without its apostrophe.
    let wont =
        "# API\n\n## Phase 1 - Design - done\n\n## Phase 2 - Per-endpoint limits - WONT DO (for now)\n";
    assert_eq!(plan_status_json(wont)["groups"][1]["status"], "skipped");
}

#[test]
fn where_a_person_says_they_have_got_to_names_the_current_group() {
    let hitos = |line: &str| {
        format!(
            "# Reservas\n\n{line}\n\n## Hito 1 — análisis\n- [x] a\n\n## Hito 2 — panel\n- [x] b\n- [ ] c\n\n## Hito 3 — entrega\n- [ ] d\n"
        )
    };
    for line in ["> Estoy en: Hito 2", "I'm at: Hito 2", "**Je suis à :** Hito 2", "ahora mismo: → panel"]
    {
        assert_eq!(current(&hitos(line)), "2", "{line}");
    }
    // Not a label that only starts like one.
    assert_eq!(current(&hitos("We are at risk: Hito 2 may slip")), serde_json::Value::Null);
    let fases = "# アプリ\n\n今：フェーズ2の途中\n\n## フェーズ1：入力 ✅\n- [x] a\n\n## フェーズ2：集計 🚧\n- [ ] b\n\n## フェーズ3：リリース\n- [ ] c\n";
    assert_eq!(current(fases), "2");
}

#[test]
fn where_things_stand_now_a_share_set_apart_and_a_lone_word_in_brackets() {
    let steps = |line: &str| {
        format!(
            "# P\n\n{line}\n\n## Stap 1 — a\n- [x] a\n\n## Stap 2 — b\n- [x] b\n\n## Stap 3 — c\n- [ ] c\n"
        )
    };
    // A status label for the whole plan now, before or after its word for "now".
    for line in [
        "Huidige stand: stap 3, wachten op bestuur",
        "Current status: Stap 3, waiting",
        "**Estado general:** Stap 3 en curso",
    ] {
        assert_eq!(current(&steps(line)), "3", "{line}");
    }
    // Not a label whose second word says nothing of the plan.
    assert_eq!(current(&steps("Estado civil: Stap 3")), serde_json::Value::Null);
    // `100 %`, the sign set apart as in French.
    let parts = "# Roman\n\n## Partie I — Lyon, 1998 (100 %)\n\n## Partie II — Marseille (60 %)\n\n## Partie III — Retour (0 %)\n";
    let v = plan_status_json(parts);
    assert_eq!(group_statuses(&v), pairs(&[("I", "complete"), ("II", "in_progress"), ("III", "pending")]));
    assert_eq!(v["groups"][0]["title"], "Lyon, 1998");
    // A word that is a status only alone, alone in brackets.
    let later = "# Degoogle\n\n## Part A — Photos (done)\n- [x] a\n\n## Part B — Calendar & contacts (later)\n- [ ] b\n";
    let v = plan_status_json(later);
    assert_eq!(v["groups"][1]["title"], "Calendar & contacts");
    assert_eq!(v["groups"][1]["status"], "pending");
    // `いまここ → 3.`: "now, here", then the group.
    let jp = "# 家計簿\n\nいまここ → 2. 集計\n\n## 1. 入力 ✅\n- [x] a\n\n## 2. 集計\n- [ ] b\n\n## 3. リリース\n- [ ] c\n";
    assert_eq!(current(jp), "2");
}

#[test]
fn the_first_item_under_a_heading_may_say_where_its_group_stands() {
    let hitos = "# Reservas\n\n## Hito 1 — análisis\n- [x] a\n\n## Hito 2 — WhatsApp\n- ⏸ parado: Meta tiene que verificar el negocio\n- [ ] b\n\n## Hito 3 — Oplata\n- отложено. Артём говорит, что не нужна.\n- [ ] c\n\n## Hito 4 — Entrega\n- Done: the DNS, the mail\n- [ ] d\n\n## Hito 5 — Docs\n- [ ] e\n- done. ok\n";
    let v = plan_status_json(hitos);
    assert_eq!(
        group_statuses(&v),
        pairs(&[("1", "complete"), ("2", "blocked"), ("3", "skipped"), ("4", "pending"), ("5", "pending")])
    );
    // `set` writes the word where it stands.
    Test::new()
        .file("task_plan.md", hitos)
        .args(["set", "--group", "3", "in_progress"])
        .file_eq("task_plan.md", hitos.replace("- отложено.", "- в работе."))
        .success();
}

#[test]
fn a_numbered_list_of_steps_with_a_status_or_a_pointer_after_a_full_stop_or_a_dash() {
    let road = "# road to 1.0\n\n1) Config file support. done\n   ~/.config/gitsweep\n2) `--dry-run` everywhere. done\n   prune\n3) Windows. NOW\n   CI matrix\n4) stable JSON output\n   - document the schema\n5) man page\n6) 1.0.0\n   - announce\n";
    let v = plan_status_json(road);
    assert_eq!(
        group_statuses(&v),
        pairs(&[
            ("1", "complete"),
            ("2", "complete"),
            ("3", "in_progress"),
            ("4", "pending"),
            ("5", "pending"),
            ("6", "pending")
        ])
    );
    assert_eq!(v["current_group"]["stated"], "3");
    assert_eq!(v["groups"][1]["title"], "`--dry-run` everywhere");
    // The step pointed at as the one under way counts among the stated ones: three of seven.
    let lab = "# homelab\n\n1. base os  -- done\n   - debian\n2. storage -- done\n   - raid\n3. proxy -- ok\n   - caddy\n4. services  <- doing this now\n   - jellyfin ok\n5. backups\n   - restic\n6. monitoring\n   - uptime kuma\n7. write the restore doc\n";
    let v = plan_status_json(lab);
    assert_eq!(v["groups"].as_array().map(Vec::len), Some(7));
    assert_eq!(v["current_group"]["stated"], "4");
    // `set` writes the status after the full stop (in pplan's word: the file has none for it).
    Test::new()
        .file("task_plan.md", road)
        .args(["set", "--group", "2", "in_progress"])
        .file_eq("task_plan.md", road.replace("everywhere. done", "everywhere. in_progress"))
        .success();
}

#[test]
fn months_in_a_row_are_groups_and_a_month_names_its_own() {
    let year = "# Korean — year plan\n\nCurrent month: April\n\n### January — Hangul ✔\n- alphabet\n\n### February — TTMIK level 1 ✔\n- vocab\n\n### March — TTMIK level 2 ✔\n- grammar\n\n### April — TTMIK level 3\n- first tutor sessions\n\n### May — level 4 + listening\n- podcasts\n\n### Sept–Oct — TOPIK prep\n- mock tests\n";
    let v = plan_status_json(year);
    assert_eq!(v["groups"].as_array().map(Vec::len), Some(6));
    assert_eq!(v["groups"][4]["status"], "pending");
    assert_eq!(v["current_group"]["stated"], "4");
    let fr = "# Japonais\n\n## Juin – Juillet : finir Genki I ✔ terminé\n- [x] a\n\n## Août : vacances\n\n## Septembre : Genki II ← en cours\n- [ ] b\n\n## Octobre : grammaire\n";
    let v = plan_status_json(fr);
    assert_eq!(v["groups"].as_array().map(Vec::len), Some(4));
    assert_eq!(v["current_group"]["stated"], "3");
    // Headings that are no months beside them stay what they are.
    let notes = "# P\n\n## January ✔\n- a\n\n## February ✔\n- b\n\n## Notes\n- c\n\n## Budget\n- d\n";
    assert_eq!(plan_status_json(notes)["groups"].as_array().map(Vec::len), Some(2));
}

#[test]
fn review_mends_for_full_stops_first_items_titles_months_and_brackets() {
    // A full stop sets apart only `NOW` in capitals: `vs. actual` is the title's.
    let close = "# Month-end close\n\n## Steps\n1. Pull the ledger - done\n2. Reconcile the bank account - done\n3. Compare budget vs. actual\n4. Send the report to Ana\n";
    let v = plan_status_json(close);
    assert_eq!(v["groups"][2]["title"], "Compare budget vs. actual");
    assert_eq!(v["groups"][2]["status"], "pending");
    assert_eq!(v["current_group"]["stated"], serde_json::Value::Null);
    Test::new()
        .file("task_plan.md", close)
        .args(["set", "--group", "3", "complete"])
        .file_eq("task_plan.md", close.replace("vs. actual\n", "vs. actual - done\n"))
        .success();
    // A first item that is a label over a list says nothing of its group.
    let tests = "# Test hardening\n\n## Phase 1: Unit tests\n- Skipped: 2 flaky tests (see #88)\n- [x] fix fixtures\n- [ ] raise coverage\n\n## Phase 2: E2E\n- Blocked: none\n- [ ] login flow\n\n## Phase 3: Scope\n- Deferred: payments and social login (v2)\n- [ ] docs\n\n## Phase 4: Refunds\n- Cancelled — refund the payment, then mail\n- [ ] states\n";
    let v = plan_status_json(tests);
    assert_eq!(
        group_statuses(&v),
        pairs(&[("1", "in_progress"), ("2", "pending"), ("3", "pending"), ("4", "pending")])
    );
    // What a wait waits on, with a comma after it, still says it waits.
    let wait = "# P\n\n## Phase 1 – Export\n- wartet auf Rückmeldung von Frau Hollmann, Testdatei am 12.2. geschickt\n\n## Phase 2 – Import\n- [ ] a\n";
    assert_eq!(plan_status_json(wait)["groups"][0]["status"], "blocked");
    // A title named in full wins over a title that only opens the same way.
    let rollout = "# Rollout\n\n**Current phase:** Deploy - production\n\n## Phase 1: Deploy - staging\n- [x] push image\n- [ ] smoke test\n\n## Phase 2: Deploy - production\n- [ ] push image\n";
    assert_eq!(plan_status_json(rollout)["current_group"]["stated"], "2");
    // Months in notes, none said done or current, are no groups.
    let notes = "# Website relaunch\n\n- [x] pick a theme\n- [ ] write copy\n\n## Notes\n\n### Risks\nHosting.\n\n### Budget\n2k.\n\n### Contacts\nAna.\n\n### Links\nWiki.\n\n### May\n- [x] called the agency\n\n### June\n- [ ] ask about hosting\n\n### July\nHolidays.\n\n### August\nNothing.\n";
    assert_eq!(plan_status_json(notes)["groups"].as_array().map(Vec::len), Some(0));
    // A word in brackets about what the title names is no status of the group.
    let pr = "# P\n\n## Step 1: Port the fix from PR #123 (merged)\n- [ ] cherry-pick\n\n## Step 2: Release\n- [ ] tag\n";
    assert_eq!(plan_status_json(pr)["groups"][0]["status"], "pending");
}

#[test]
fn a_step_being_done_now_and_unstated_steps_among_plain_lines() {
    // `— doing now` after a step says it is the current one and under way.
    let shoot = "task plan — photography site\n\n1) portfolio cleanup — done\n   picked 60 images\n2) new site — done\n3) pricing page — ok\n4) booking flow — doing now\n   - honeybook\n5) SEO basics\n6) ads — no. not this year.\n7) archive old site\n";
    let v = plan_status_json(shoot);
    assert_eq!(
        group_statuses(&v),
        pairs(&[
            ("1", "complete"),
            ("2", "complete"),
            ("3", "complete"),
            ("4", "in_progress"),
            ("5", "pending"),
            ("6", "pending"),
            ("7", "pending")
        ])
    );
    assert_eq!(v["current_group"]["stated"], "4");
    assert_eq!(v["groups"][3]["title"], "booking flow");
    // Not a remark that mentions now.
    assert_eq!(current("# P\n\n1) build — done\n2) deploy — fails now\n3) docs\n"), serde_json::Value::Null);
    // Once two plain lines of a word state where they stand, its other lines are steps too.
    let blog = "План: переезд блога\n\nЭтап 1. Подготовка — готово\n- выгрузка\n\nЭтап 2. Перенос — в процессе\n- [x] посты 2015\n- [ ] посты 2023\n\nЭтап 3. Комментарии\n- giscus?\n\nЭтап 4. Домен\n- [ ] DNS\n\nЭтап в жизни — это мысль.\n";
    let v = plan_status_json(blog);
    assert_eq!(
        group_statuses(&v),
        pairs(&[("1", "complete"), ("2", "in_progress"), ("3", "pending"), ("4", "pending")])
    );
    assert_eq!(v["groups"][2]["title"], "Комментарии");
    // One stated line alone makes no run.
    let one = "Plan\n\nStep 1. Setup — done\n- ok\n\nStep 2. Build\n- [ ] x\n";
    assert_eq!(plan_status_json(one)["groups"].as_array().map(Vec::len), Some(0)); // Nor a sentence that opens on a group's name.
    let plumber = "Reno\n\nPhase 1: Demolition — done\nPhase 2: Electrics — in progress\nPhase 3. Plumbing\n\nPhase 4 needs the plumber, call him Monday.\n";
    assert_eq!(plan_status_json(plumber)["groups"].as_array().map(Vec::len), Some(3));
}

#[test]
fn a_current_sprint_and_words_for_held_back_and_abandoned() {
    // `— current sprint` after a title says it is the current one, and is no part of its title.
    let sprints = "# App\n\n## Sprint 1 (Jan 6 – Jan 17) — closed\n- [x] a\n\n## Sprint 2 (Jan 20 – Jan 31) — current sprint\n- [x] b\n- [ ] c\n\n## Sprint 3 (Feb 3 – Feb 14)\n- [ ] d\n";
    let v = plan_status_json(sprints);
    assert_eq!(v["current_group"]["stated"], "2");
    assert_eq!(v["groups"][1]["title"], "(Jan 20 – Jan 31)");
    // Held back in Indonesian, abandoned in Polish.
    let held = "# P\n\n### Fase 1: Riset\n- **Status:** selesai\n\n### Fase 2: Settlement\n- **Status:** tertunda — menunggu persetujuan komite\n\n### Etap 3: SMS\n- **Status:** porzucone — brak budżetu\n";
    let v = plan_status_json(held);
    assert_eq!(v["groups"][1]["status"], "blocked");
    assert_eq!(v["groups"][2]["status"], "skipped");
}

#[test]
fn a_label_saying_what_is_being_worked_on_names_the_current_group() {
    // `Sedang dikerjakan:` (being worked on) names the current group.
    let wa = "# Rencana\n\n**Sedang dikerjakan:** Tahap 2 (template)\n\n### Tahap 1 - Daftar ✅\n- [x] a\n\n### Tahap 2 - Template\n- [x] b\n- [ ] c\n\n### Tahap 3 - Webhook ⬜\n- [ ] d\n";
    assert_eq!(current(wa), "2");
}

#[test]
fn a_run_of_headings_counts_its_word_in_the_singular_or_the_plural() {
    let weeks = "# MSc dissertation\n\n## Week-by-week\n\n### Weeks 1–2 (3–16 June): protocol  ✔\n- [x] a\n\n### Weeks 3–4 (17–30 June): searching  ← this week\n- [ ] b\n\n### Week 5 (1–7 July): analysis\n- [ ] c\n\n### Weeks 6–7: writing\n- [ ] d\n";
    let v = plan_status_json(weeks);
    assert_eq!(v["groups"].as_array().map(Vec::len), Some(4));
    assert_eq!(v["groups"][2]["title"], "(1–7 July): analysis");
    assert_eq!(v["current_group"]["stated"], "3–4");
}

#[test]
fn a_log_naming_the_rows_of_a_table_of_phases_is_no_group() {
    // A log's items that only name phases (`- 2024-05-09 phase 2`) are notes on the table's rows.
    let table = "# Plan\n\n| # | Phase | Status |\n|---|---|---|\n| 1 | Config | done |\n| 2 | Engine | in progress |\n| 3 | Docs | not started |\n\n## Done log\n- 2024-05-02 phase 1\n- 2024-05-09 phase 2\n- 2024-05-11 started on the engine\n";
    let v = plan_status_json(table);
    assert_eq!(group_statuses(&v), pairs(&[("1", "complete"), ("2", "in_progress"), ("3", "pending")]));
    assert_eq!(v["groups"][1]["title"], "Engine");
    // Items that state their status are groups of their own, as before.
    let stated = "# Plan\n\n## Now\n- Phase 1: Config. Status: complete.\n- Phase 2: Engine. Status: pending.\n\n## Overview\n| # | Phase | Status |\n|---|---|---|\n| 1 | Config | done |\n| 2 | Engine | in progress |\n";
    let v = plan_status_json(stated);
    assert_eq!(group_statuses(&v)[1], ("2".to_string(), "pending".to_string()));
}

#[test]
fn bold_lines_saying_how_they_stand_are_the_groups_of_a_plan_kept_by_hand() {
    let thesis = "# Thesis Ch.3\n\nI keep getting lost in this chapter.\n\n**Corpus construction**  ✔ done\nScraped the debates. Wrote the section.\n\n**Annotation scheme** — done (Ana read it)\n- codebook v3 final\n\n**Classifier**  (working on this now)\n- fine-tuned deberta\n\n**Validation**\n- face validity\n\n**storage — 60%**\n- longhorn\n\n**writing results** todo\n\n**Notes**\n- ask Ana\n\n**Important** read the style guide first.\n";
    let v = plan_status_json(thesis);
    assert_eq!(
        group_statuses(&v),
        pairs(&[
            ("1", "complete"),
            ("2", "complete"),
            ("3", "in_progress"),
            ("4", "pending"),
            ("5", "in_progress"),
            ("6", "pending")
        ])
    );
    let titles: Vec<&str> =
        v["groups"].as_array().unwrap().iter().map(|g| g["title"].as_str().unwrap()).collect();
    assert_eq!(
        titles,
        [
            "Corpus construction",
            "Annotation scheme",
            "Classifier",
            "Validation",
            "storage",
            "writing results"
        ]
    );
    assert_eq!(v["current_group"]["stated"], "3");
    // `set` writes the status where the line states it, and nothing else, in the plan's own
    // words for it.
    Test::new()
        .file("task_plan.md", thesis)
        .args(["set", "--group", "6", "in_progress"])
        .file_eq(
            "task_plan.md",
            thesis.replace("**writing results** todo", "**writing results** working on this"),
        )
        .success();
    Test::new()
        .file("task_plan.md", thesis)
        .args(["set", "--group", "5", "complete"])
        .file_eq("task_plan.md", thesis.replace("**storage — 60%**", "**storage — 100%**"))
        .success();
    // Lines in a row, a status opening a remark, a question mark, an arrow saying now.
    let keyboard = "TODO / plan — keyboard\n\n**1 design pcb**  ok\n**2 solder**  ok, left half had 2 cold joints, fixed\n**3 firmware**  -> now\n   - fork zmk-config\n**4 case**  ?\n**5 keycaps**  later\n\ntotal so far ~ 165€\n";
    let v = plan_status_json(keyboard);
    assert_eq!(
        group_statuses(&v),
        pairs(&[
            ("1", "complete"),
            ("2", "complete"),
            ("3", "in_progress"),
            ("4", "pending"),
            ("5", "pending")
        ])
    );
    assert_eq!(v["current_group"]["stated"], "3");
    Test::new()
        .file("task_plan.md", keyboard)
        .args(["set", "--group", "2", "blocked"])
        .file_eq("task_plan.md", keyboard.replace("**2 solder**  ok,", "**2 solder**  blocked,"))
        .success();
    // A question mark alone gives way to the status; a line stating none takes it on its line as
    // its siblings write it (a line under it would join its paragraph); a bracket saying it is
    // worked on now says done whole.
    Test::new()
        .file("task_plan.md", keyboard)
        .args(["set", "--group", "4", "complete"])
        .file_eq("task_plan.md", keyboard.replace("**4 case**  ?", "**4 case**  ok"))
        .success();
    let rows = "# Kitchen\n\n**demo**  done\n**cabinets**  in progress\n**counters**\n**paint**\n";
    Test::new()
        .file("task_plan.md", rows)
        .args(["set", "--group", "3", "blocked"])
        .file_eq("task_plan.md", rows.replace("**counters**\n", "**counters**  blocked\n"))
        .success();
    // In CRLF lines, a question mark given way to before the line's ending.
    let crlf = keyboard.replace('\n', "\r\n");
    Test::new()
        .file("task_plan.md", &crlf)
        .args(["set", "--group", "4", "complete"])
        .file_eq("task_plan.md", crlf.replace("**4 case**  ?\r\n", "**4 case**  ok\r\n"))
        .success();
    let listed = "# Kitchen\n\n- **demo**: done\n- **cabinets**: in progress\n- **counters**\n- **paint**\n";
    Test::new()
        .file("task_plan.md", listed)
        .args(["set", "--group", "3", "blocked"])
        .file_eq("task_plan.md", listed.replace("**counters**\n", "**counters**: blocked\n"))
        .success();
    Test::new()
        .file("task_plan.md", thesis)
        .args(["set", "--group", "3", "complete"])
        .file_eq("task_plan.md", thesis.replace("(working on this now)", "(done)"))
        .success();
    // A wrapped line of prose that opens in bold is none.
    let prose =
        "# P\n\n**Gear** — done\n\n**Format** — done\n\nWe talked it over.\n**Later** we may add video.\n";
    assert_eq!(plan_status_json(prose)["groups"].as_array().map(Vec::len), Some(2));
    // One bold line stating a status makes no plan of bold lines.
    let one = "# Notes\n\n**Backend** — done\n- api\n\n**Frontend**\n- pages\n";
    assert_eq!(plan_status_json(one)["groups"].as_array().map(Vec::len), Some(0));
}

#[test]
fn a_group_named_in_brackets_after_where_a_person_is_or_said_worked_on_is_current() {
    // `Onde estou:` names what is being done, the group in brackets after it.
    let etapas = "# Dissertação\n\nOnde estou: transcrevendo as entrevistas (etapa 2)\n\n## Etapa 1 — Projeto\n- [x] a\n\n## Etapa 2 — Transcrição\n- [x] b\n- [ ] c\n\n## Etapa 3 — Escrita\n- [ ] d\n";
    assert_eq!(current(etapas), "2");
    // Not a bracket that names no group.
    assert_eq!(current(&etapas.replace("(etapa 2)", "(quase lá)")), serde_json::Value::Null);
    // A bracket saying it is being worked on, and a long arrow saying current.
    for mark in ["(working on it)", "(läuft gerade)", "(working on this now)", "⟵ current"] {
        let plan = format!(
            "# P\n\n## Phase 1 — a ✔\n- [x] a\n\n## Phase 2 — b {mark}\n- [x] b\n- [ ] c\n\n## Phase 3 — d\n- [ ] e\n"
        );
        assert_eq!(current(&plan), "2", "{mark}");
        assert_eq!(plan_status_json(&plan)["groups"][1]["title"], "b", "{mark}");
    }
    // Not a remark that goes on.
    let slowly = "# P\n\n## Phase 1 — a ✔\n- [x] a\n\n## Phase 2 — b (working on it, slowly)\n- [ ] c\n";
    assert_eq!(current(slowly), serde_json::Value::Null);
    // Postponed, in Russian.
    let ru = "# План\n\n### Этап 1: Каталог\n**Статус:** готово\n\n### Этап 2: Оплата\n**Статус:** отложен (не в этом релизе)\n";
    assert_eq!(plan_status_json(ru)["groups"][1]["status"], "skipped");
}

#[test]
fn once_two_lettered_lines_say_how_they_stand_the_others_are_steps_too() {
    let lit = "# Lit review\n\nA. Defining learning — DONE\n\nB. Theories — DONE\n\nC. Affordances — in progress\n\nD. Digital work\n";
    let v = plan_status_json(lit);
    assert_eq!(
        group_statuses(&v),
        pairs(&[("A", "complete"), ("B", "complete"), ("C", "in_progress"), ("D", "pending")])
    );
    assert_eq!(v["groups"][3]["title"], "Digital work");
    // One stated line alone makes none.
    let one = "# Lit\n\nA. Defining learning — DONE\n\nB. Theories\n";
    assert_eq!(plan_status_json(one)["groups"].as_array().map(Vec::len), Some(0));
}

#[test]
fn plain_lines_saying_how_they_stand_are_the_groups_of_a_plan_kept_by_hand() {
    let site = "portfolio site v3\n-----------------\n\nsquarespace renewal is in 6 weeks.\n\nDESIGN - done\n  dark bg, full bleed images\n\nIMAGE PIPELINE - done\n  lightroom export, then a script\n\nSITE - mostly done\n  home ✔\n\nCLIENT GALLERIES - ???\n  pixieset or cloudflare access\n\nMIGRATION - TODO\n  export blog posts\n\nNotes\n  call the printer\n\nOverall: ~60%\n";
    let v = plan_status_json(site);
    assert_eq!(
        group_statuses(&v),
        pairs(&[
            ("1", "complete"),
            ("2", "complete"),
            ("3", "in_progress"),
            ("4", "pending"),
            ("5", "pending")
        ])
    );
    assert_eq!(v["groups"][0]["title"], "DESIGN");
    // `set` writes where the line states it, in the letter case the word it replaces has.
    Test::new()
        .file("task_plan.md", site)
        .args(["set", "--group", "5", "in_progress"])
        .file_eq("task_plan.md", site.replace("MIGRATION - TODO", "MIGRATION - IN PROGRESS"))
        .success();
    // Weeks written alike, a share after a gap, a status after a bracket.
    let rust = "# learning rust\n\nweek 1 (ch 1-4) ok\nweek 2 (ch 5-8) ok — structs, enums\n  - rustlings up to hashmaps\nweek 3 (ch 9-10)   40%\nweek 4 (ch 11-13)\n\nrustlings progress: 68/94\n";
    let v = plan_status_json(rust);
    assert_eq!(
        group_statuses(&v),
        pairs(&[("1", "complete"), ("2", "complete"), ("3", "in_progress"), ("4", "pending")])
    );
    assert_eq!(v["groups"][2]["title"], "week 3 (ch 9-10)");
    // A line stating nothing takes its status on its line, as the nearest stated one writes it.
    Test::new()
        .file("task_plan.md", rust)
        .args(["set", "--group", "4", "complete"])
        .file_eq("task_plan.md", rust.replace("week 4 (ch 11-13)\n", "week 4 (ch 11-13) ok\n"))
        .success();
    // One stated line, or sentences that end on a status, make none.
    let prose = "# Notes\n\nThe migration - done\n\nWe think the parser is done.\nThe docs are done.\n";
    assert_eq!(plan_status_json(prose)["groups"].as_array().map(Vec::len), Some(0));
}

#[test]
fn notes_glossaries_labels_and_brackets_that_only_look_like_steps() {
    let none = |plan: &str| plan_status_json(plan)["groups"].as_array().map(Vec::len);
    // Bold lines under a heading naming notes are not steps.
    let notes = "# Website relaunch\n\n## Plan\n**design**  done\n**build**  in progress\n**launch**\n\n## Notes\n**Budget** — ok\n**Hosting** — done, Netlify\n";
    assert_eq!(none(notes), Some(3));
    // A plan writing its bold lines as labels with a colon keeps no steps in them.
    let trip = "# Trip planning\n\n**Flights**: done\n**Hotel**: done\n**Car**: pending\n\n**Visa** — done: got it on Monday.\n**Insurance** — done. We chose the cheap one.\n";
    assert_eq!(none(trip), Some(0));
    // A glossary of statuses.
    let glossary = "# Glossary\n\n**Done** — a task whose checks all pass.\n\n**Blocked** — waiting on something outside the team.\n\n**WIP** — work in progress; limit 3 per person.\n";
    assert_eq!(none(glossary), Some(0));
    // A status opening a remark after a full-width comma or bracket.
    let move_ =
        "# 引っ越し\n\n**物件探し**（完了）\n**契約** — 完了\n**荷造り**  進行中（半分くらい）\n**手続き**\n";
    assert_eq!(
        group_statuses(&plan_status_json(move_)),
        pairs(&[("1", "complete"), ("2", "complete"), ("3", "in_progress"), ("4", "pending")])
    );
    // A sentence is no lettered step.
    let house = "# House\n\nA. Inventory — done\n\nB. Repairs — in progress\n\nC. Painting\n\nE. coli samples went to the lab.\n";
    assert_eq!(none(house), Some(3));
    // A bracket that says more than a group's word and id names no current group.
    let etapas = "# Dissertação\n\nOnde estou: esperando o comitê de ética (etapa 3 depende disso)\n\n## Etapa 1 — Projeto\n- [x] a\n\n## Etapa 2 — Transcrição\n- [ ] c\n\n## Etapa 3 — Escrita\n- [ ] d\n";
    assert_eq!(current(etapas), serde_json::Value::Null);
}

#[test]
fn a_heading_detailing_a_row_of_a_phases_table_holds_its_tasks() {
    // `## Fasi` › a table of phases › `### Dettaglio fase 3` over a checklist: the table's
    // phases, the checklist their tasks (not each item a group).
    let fasi = "# B&B\n\n## Fasi\n\n| Fase | Descrizione | Stato |\n|---|---|---|\n| 1 | Struttura | ✅ fatto |\n| 2 | Calendario | 🔨 in corso |\n| 3 | Caparra | ❌ scartato |\n\n### Dettaglio fase 2\n- [x] a\n- [ ] b\n\n## Decisioni\n- Astro\n";
    let v = plan_status_json(fasi);
    assert_eq!(group_statuses(&v), pairs(&[("1", "complete"), ("2", "in_progress"), ("3", "skipped")]));
}

#[test]
fn legend_symbols_opening_items_shares_in_a_progress_column_and_strikes_saying_done() {
    // A symbol only the legend knows opens a milestone item: every item is read, none dropped,
    // and `set` writes the legend's symbol.
    let legend = "# PoC\n\n凡例: 🟢 完了 / 🟡 作業中 / 🔴 ブロック / ⚪ 未着手 / ⚫ 見送り\n\n## マイルストーン\n- 🟢 MS1 データ取得\n- 🟡 MS2 検索\n- 🔴 MS3 Slack 取り込み\n- ⚫ MS4 Teams 連携\n- ⚪ MS5 試用\n";
    let v = plan_status_json(legend);
    assert_eq!(
        group_statuses(&v),
        pairs(&[
            ("1", "complete"),
            ("2", "in_progress"),
            ("3", "blocked"),
            ("4", "skipped"),
            ("5", "pending")
        ])
    );
    Test::new()
        .file("task_plan.md", legend)
        .args(["set", "--group", "5", "complete"])
        .file_eq("task_plan.md", legend.replace("- ⚪ MS5", "- 🟢 MS5"))
        .success();
    // Without a legend such a symbol says nothing, and its items are not taken for groups.
    let bare = "# P\n\n## Milestones\n- 🟢 MS1 data\n- 🟢 MS2 chunks\n";
    assert_eq!(plan_status_json(bare)["groups"].as_array().map(Vec::len), Some(0));
    // A legend saying what no symbol means is still a legend.
    let lots = "# P\n\nLégende : ✔ terminé · ▶ en cours · ✖ abandonné · (rien) = pas commencé\n\n## Lot 1 — A ✔\n\n## Lot 2 — B ▶\n\n## Lot 3 — C ✖\n\n## Lot 4 — D\n";
    assert_eq!(
        group_statuses(&plan_status_json(lots)),
        pairs(&[("1", "complete"), ("2", "in_progress"), ("3", "skipped"), ("4", "pending")])
    );
    // A progress column of shares done gives a table of stages their statuses; `set` writes
    // 100% or 0%, and refuses what a share cannot say.
    let table = "# 迁移\n\n| 阶段 | 内容 | 进度 | 负责人 |\n|---|---|---|---|\n| 一 | 需求确认 | 100% | 我 |\n| 二 | 数据清洗 | 45% | 我 |\n| 三 | 历史附件 | 取消 | |\n| 四 | 正式切换 | 0% | |\n";
    let v = plan_status_json(table);
    assert_eq!(
        group_statuses(&v),
        pairs(&[("一", "complete"), ("二", "in_progress"), ("三", "skipped"), ("四", "pending")])
    );
    Test::new()
        .file("task_plan.md", table)
        .args(["set", "--group", "四", "complete"])
        .file_eq("task_plan.md", table.replace("| 0% |", "| 100% |"))
        .success();
    Test::new()
        .file("task_plan.md", table)
        .args(["set", "--group", "四", "blocked"])
        .stderr("error: cannot write a status for group `四`: its status is a share done, `0%`, which says only complete (100%) or pending (0%); write blocked in its place yourself\n")
        .file_eq("task_plan.md", table)
        .status(2);
    // A column saying how much is done, a remark after a share.
    let sprints = "# Invoicing\n\n| Sprint | Goal | Done |\n|---|---|---|\n| S1 | data model | 100% |\n| S2 | email | 85% (bounces carried over) |\n| S3 | portal | 0% |\n";
    assert_eq!(
        group_statuses(&plan_status_json(sprints)),
        pairs(&[("S1", "complete"), ("S2", "in_progress"), ("S3", "pending")])
    );
    // Not a progress column of counts or bars.
    let counts =
        "# P\n\n| Phase | What | Progress |\n|---|---|---|\n| 1 | a | 3/5 tasks |\n| 2 | b | 0/4 tasks |\n";
    assert_eq!(plan_status_json(counts)["groups"].as_array().map(Vec::len), Some(0));
    // Struck off, then saying how it stands: done, not dropped; a symbol alone before a remark
    // after a dash is the status.
    let fasi = "# Sito\n\n### Fasi\n- ~~Fase 1 – Raccolta materiali~~ fatto il 12/2\n- Fase 2 – Sviluppo — **in corso**\n- Fase 3 – SEO\n";
    assert_eq!(
        group_statuses(&plan_status_json(fasi)),
        pairs(&[("1", "complete"), ("2", "in_progress"), ("3", "pending")])
    );
    let perf = "# perf\n\n## plan\n1. ~~reproduce with k6~~ ✓ (matches prod)\n2. ~~py-spy profile~~ ✓ — 38% of time in `serialize`\n3. fix\n";
    assert_eq!(
        group_statuses(&plan_status_json(perf)),
        pairs(&[("1", "complete"), ("2", "complete"), ("3", "pending")])
    );
    // Half done is under way.
    let shed = "# Shed\n\nWeekend 1: base\n  finished. 12 slabs.\n\nWeekend 2: walls\n  half done — back wall framed.\n\nWeekend 3: roof\n";
    assert_eq!(
        group_statuses(&plan_status_json(shed)),
        pairs(&[("1", "complete"), ("2", "in_progress"), ("3", "pending")])
    );
}

#[test]
fn bold_paragraph_runs_lists_stated_so_far_and_arrow_sentences() {
    // A step a paragraph, opened by its word and id in bold and going on in prose: a run of one
    // word with distinct ids is the plan's groups.
    let parts = "# Bakery\n\n**Part 1: legal stuff** — done. Permit came through.\n\n**Part 2: recipes.** Country loaf is dialed in.\n\n**Part 3: equipment.** Nothing bought yet.\n";
    assert_eq!(
        group_statuses(&plan_status_json(parts)),
        pairs(&[("1", "complete"), ("2", "pending"), ("3", "pending")])
    );
    // The label's colon after the bold, then the status as a sentence; a dash alone says
    // nothing yet, and `set` writes in its place, in the file's words.
    let fasi = "# Bagno\n\n**Fase 1 — Demolizione**: fatto ✅ (detriti via il 12)\n**Fase 2 — Doccia**: in corso, seconda mano domani\n**Fase 3 — Sanitari**: da fare\n**Fase 4 — Soffitto**: —\n\nContatti:\n- Franco\n";
    assert_eq!(
        group_statuses(&plan_status_json(fasi)),
        pairs(&[("1", "complete"), ("2", "in_progress"), ("3", "pending"), ("4", "pending")])
    );
    Test::new()
        .file("task_plan.md", fasi)
        .args(["set", "--group", "4", "blocked"])
        .file_eq("task_plan.md", fasi.replace("Soffitto**: —", "Soffitto**: bloccata"))
        .success();
    Test::new()
        .file("task_plan.md", fasi)
        .args(["set", "--group", "2", "complete"])
        .file_eq("task_plan.md", fasi.replace("**: in corso,", "**: completata,"))
        .success();
    // A numbered list whose first steps say how they stand, the rest not begun: all its steps.
    let küche = "Küche — Plan\n\n1. Ausräumen — erledigt\n2. Elektrik neu — erledigt, Abnahme ok\n3. Wasserleitungen — wartet auf Installateur\n4. Wände verputzen\n5. Boden (Vinyl)\n6. Küche montieren\n7. Silikon, Leisten\n\nOffene Fragen:\n- Dunstabzug?\n";
    assert_eq!(
        group_statuses(&plan_status_json(küche)),
        pairs(&[
            ("1", "complete"),
            ("2", "complete"),
            ("3", "blocked"),
            ("4", "pending"),
            ("5", "pending"),
            ("6", "pending"),
            ("7", "pending")
        ])
    );
    Test::new()
        .file("task_plan.md", küche)
        .args(["set", "--group", "4", "in_progress"])
        .file_eq("task_plan.md", küche.replace("4. Wände verputzen\n", "4. Wände verputzen — in Arbeit\n"))
        .success();
    // Not when they are a few of many in prose lists, nor when a second list numbered from 1
    // again follows (two lists, not one).
    let few = "# Notes\n\n1. Ask Ana — done\n2. Book room\n3. Print slides\n4. Buy cake\n5. Send invites\n";
    assert_eq!(plan_status_json(few)["groups"].as_array().map(Vec::len), Some(0));
    // Lines after an arrow under steps kept in plain lines: alone or opening a sentence, and a
    // status in capitals is given back as the file spells the others.
    let course = "Course plan\n\nModule 1 – Basics\n  script ✓  recorded ✓\n  => DONE\n\nModule 2 – VAT\n  => ON HOLD. Helen has to check the examples first.\n\nModule 3 – Charts\n  => not started\n\nModule 4 – Backups\n  => not started\n";
    let v = plan_status_json(course);
    assert_eq!(
        group_statuses(&v),
        pairs(&[("1", "complete"), ("2", "blocked"), ("3", "pending"), ("4", "pending")])
    );
    let done = course.replacen("  => not started", "  => DONE", 1);
    Test::new()
        .file("task_plan.md", course)
        .args(["set", "--group", "3", "complete"])
        .file_eq("task_plan.md", &done)
        .success();
    Test::new()
        .file("task_plan.md", &done)
        .args(["set", "--group", "3", "pending"])
        .file_eq("task_plan.md", course)
        .success();
}

#[test]
fn legends_without_a_colon_columns_saying_how_rows_stand_and_pins() {
    // `凡例` and full-width spaces, each symbol glued to its word; a mark with a remark in
    // full-width brackets in the memo column names the current row.
    let manga = "# 新刊\n\n凡例　◎済　○作業中　△未着手　×やめた\n\n| 工程 | 状態 | メモ |\n|---|---|---|\n| プロット | ◎ | 24P |\n| 下書き | ○ | 18/24P |\n| ペン入れ | ○ | 6/24P　←いまここ（下書きと並行） |\n| ノベルティ | × | 見送り |\n| 入稿 | △ | |\n";
    let v = plan_status_json(manga);
    assert_eq!(
        group_statuses(&v),
        pairs(&[
            ("1", "complete"),
            ("2", "in_progress"),
            ("3", "in_progress"),
            ("4", "skipped"),
            ("5", "pending")
        ])
    );
    assert_eq!(v["current_group"]["stated"], "3");
    Test::new()
        .file("task_plan.md", manga)
        .args(["set", "--group", "5", "complete"])
        .file_eq("task_plan.md", manga.replace("| 入稿 | △ |", "| 入稿 | ◎ |"))
        .success();
    // A column named by no status word whose cells say how rows stand; a pin marks the row.
    let carta = "# Carta\n\n| # | Fase | Como está |\n|---|---|---|\n| 1 | Código | concluídas, 28/28 |\n| 2 | Exame | ✅ passei à 1ª! |\n| 3 | Aulas práticas | 19 feitas — 📍 estou aqui |\n| 4 | Exame final | |\n\nCustos: 650 €\n";
    let v = plan_status_json(carta);
    assert_eq!(
        group_statuses(&v),
        pairs(&[("1", "complete"), ("2", "complete"), ("3", "in_progress"), ("4", "pending")])
    );
    assert_eq!(v["current_group"]["stated"], "3");
    // Not a column of notes, nor one cell in three, nor a table's symbols inside a group
    // (options weighed, `❌` / `✅`).
    let notes = "# P\n\n| Fase | Owner | Remarks |\n|---|---|---|\n| A | Ana | done by hand, see log |\n| B | Bo | the new API |\n| C | Cy | a parser |\n";
    assert_eq!(plan_status_json(notes)["groups"].as_array().map(Vec::len), Some(0));
    let options = "# P\n\n## Phase 1: Storage\n- [ ] pick one\n\n| Option | Pros | Pick |\n|---|---|---|\n| Blob URL | fast | ❌ |\n| base64 | durable | ✅ |\n";
    let v = plan_status_json(options);
    assert_eq!(group_statuses(&v), pairs(&[("1", "pending")]));
    assert_eq!(v["groups"][0]["tasks"]["total"], 1);
}

#[test]
fn leaders_to_a_share_or_a_word_and_steps_opened_by_a_symbol_or_a_code() {
    // An ellipsis is a leader; a share with a remark in brackets after it; lines opened by the
    // same symbol are written alike (`・` notes below are not), and the symbol is no part of
    // the title.
    let novel = "長編メモ\n\n■ 第一部「島」… 100%（88枚）\n■ 第二部「嵐」… 100%（96枚）\n■ 第三部「手紙」… 60%\n■ 第四部「帰港」… 0%\n■ 全体推敲 …\n\n今日のメモ\n・登場人物表を作り直す\n・一日5枚ペース\n";
    let v = plan_status_json(novel);
    assert_eq!(
        group_statuses(&v),
        pairs(&[
            ("1", "complete"),
            ("2", "complete"),
            ("3", "in_progress"),
            ("4", "pending"),
            ("5", "pending")
        ])
    );
    assert_eq!(v["groups"][0]["title"], "第一部「島」");
    assert_eq!(v["groups"][4]["title"], "全体推敲");
    // Among steps that state shares, `set` writes on the step's own line after the leader:
    // a share for done or not begun, a word in the line's script for the rest.
    Test::new()
        .file("task_plan.md", novel)
        .args(["set", "--group", "5", "complete"])
        .file_eq("task_plan.md", novel.replace("■ 全体推敲 …\n", "■ 全体推敲… 100%\n"))
        .success();
    Test::new()
        .file("task_plan.md", novel)
        .args(["set", "--group", "5", "blocked"])
        .file_eq("task_plan.md", novel.replace("■ 全体推敲 …\n", "■ 全体推敲… 已阻塞\n"))
        .success();
    // Symbols alone after a status after leaders; a word that says an episode is out.
    let pod = "Season 2\n\nep 1 – Marfa .......... published 🎉\nep 2 – Bisbee ......... done ✅\nep 3 – Astoria ........ dropped — guest cancelled\nep 4 – Galena\n";
    assert_eq!(
        group_statuses(&plan_status_json(pod)),
        pairs(&[("1", "complete"), ("2", "complete"), ("3", "skipped"), ("4", "pending")])
    );
    // Codes of one prefix open lines written alike: an unstated one is a step too.
    let codes = "Study\n\nM1  prereg ........ done\nM2  build ........ done\nM3  ethics\n\nnotes\n";
    assert_eq!(
        group_statuses(&plan_status_json(codes)),
        pairs(&[("1", "complete"), ("2", "complete"), ("3", "pending")])
    );
}

#[test]
fn numbered_lines_in_chinese_numerals_and_words_saying_almost_done() {
    // Lines numbered `一、` … `六、`: the unstated ones are steps like the stated, and take their
    // status as their siblings write it.
    let move_plan = "# 搬家计划\n\n一、找房子 ✅\n  - 合同 5/10 签\n\n二、退租 ✅\n\n三、打包 🔄 进行中\n  - 书 ✅\n\n四、搬运 ⏳\n\n五、杭州那边安顿\n  - 燃气开户\n\n六、上海这边收尾\n";
    assert_eq!(
        group_statuses(&plan_status_json(move_plan)),
        pairs(&[
            ("1", "complete"),
            ("2", "complete"),
            ("3", "in_progress"),
            ("4", "pending"),
            ("5", "pending"),
            ("6", "pending")
        ])
    );
    Test::new()
        .file("task_plan.md", move_plan)
        .args(["set", "--group", "6", "complete"])
        .file_eq("task_plan.md", move_plan.replace("六、上海这边收尾\n", "六、上海这边收尾 ✅\n"))
        .success();
    // Almost done is under way, in any language, and never the spelling `set` copies.
    let nozze = "# Matrimonio\n\n## Fase 1: Location\nFatto.\n\n## Fase 2: Fornitori\nQuasi fatto.\n\n## Fase 3: Abiti\n";
    assert_eq!(
        group_statuses(&plan_status_json(nozze)),
        pairs(&[("1", "complete"), ("2", "in_progress"), ("3", "pending")])
    );
    let set = "# P\n\n## Phase 1: A\n- **Status:** almost done\n\n## Phase 2: B\n- **Status:** not started\n";
    Test::new()
        .file("task_plan.md", set)
        .args(["set", "--group", "2", "in_progress"])
        .file_eq("task_plan.md", set.replace("not started", "in progress"))
        .success();
}

#[test]
fn plain_lines_opened_by_a_status_symbol_and_a_mark_for_today() {
    // Lines each opened by a status symbol, no list marker: the steps of a plan kept by hand.
    let pod = "PODCAST (\"Second Shift\")\n\n✅ name, art, intro music\n✅ record 3 pilot eps\n🚧 edit pilot eps — ep1 done, ep2 half\n⬜ host setup + submit to Apple\n⬜ launch w/ 3 eps at once\n\nguests lined up: Maureen, Tomasz\n";
    let v = plan_status_json(pod);
    assert_eq!(
        group_statuses(&v),
        pairs(&[
            ("1", "complete"),
            ("2", "complete"),
            ("3", "in_progress"),
            ("4", "pending"),
            ("5", "pending")
        ])
    );
    assert_eq!(v["groups"][1]["title"], "record 3 pilot eps");
    // `set` writes the file's symbol in the symbol's place.
    Test::new()
        .file("task_plan.md", pod)
        .args(["set", "--group", "4", "in_progress"])
        .file_eq("task_plan.md", pod.replace("⬜ host setup", "🚧 host setup"))
        .success();
    // One such line makes none.
    let one = "Notes\n\n✅ booked the van\n\nthe rest later\n";
    assert_eq!(plan_status_json(one)["groups"].as_array().map(Vec::len), Some(0));
    // An arrow to `today` marks the current step.
    let days = "# Jam\n\n## Day 1 — concept\n- [x] a\n\n## Day 2 — storms  ⬅ today\n- [x] b\n- [ ] c\n\n## Day 3 — art\n- [ ] d\n";
    let v = plan_status_json(days);
    assert_eq!(v["current_group"]["stated"], "2");
    assert_eq!(v["groups"][1]["title"], "storms");
}

#[test]
fn a_status_opening_a_sentence_after_a_dash_or_a_strike() {
    // Notes follow the status: after the title's dash, or after a title struck through.
    let flaky = "## steps\n- ~~step 1: collect failures~~ DONE. script in scripts/ci.py\n- ~~step 2: reproduce locally~~ DONE, checkout 3/50\n- step 3: fix checkout.spec — WIP. it's the stripe iframe\n- step 4: turn retries down\n";
    let v = plan_status_json(flaky);
    assert_eq!(
        group_statuses(&v),
        pairs(&[("1", "complete"), ("2", "complete"), ("3", "in_progress"), ("4", "pending")])
    );
    // `set` writes the file's words there, and back.
    let wip = flaky.replace("~~ DONE. script", "~~ WIP. script");
    Test::new()
        .file("task_plan.md", flaky)
        .args(["set", "--group", "1", "in_progress"])
        .file_eq("task_plan.md", &wip)
        .success();
    Test::new()
        .file("task_plan.md", &wip)
        .args(["set", "--group", "1", "complete"])
        .file_eq("task_plan.md", flaky)
        .success();
    // Lines of one word with a day in brackets after the id: the unstated ones are steps too.
    let garden = "Garden\n\nWeek 1 (Mar 4): clear beds — DONE. my back hurts\nWeek 2 (Mar 11): compost in — done\nWeek 3 (Mar 18): build bed #3\nWeek 4 (Mar 25): sow tomatoes\n\n--\nseed order arrived.\n";
    assert_eq!(
        group_statuses(&plan_status_json(garden)),
        pairs(&[("1", "complete"), ("2", "complete"), ("3", "pending"), ("4", "pending")])
    );
    Test::new()
        .file("task_plan.md", garden)
        .args(["set", "--group", "4", "complete"])
        .file_eq("task_plan.md", garden.replace("sow tomatoes\n", "sow tomatoes — DONE\n"))
        .success();
    // Not a word opening words that go on (`— Done criteria. …`), nor a sentence with no title.
    let criteria = "# P\n\n## Phase 1: A — Done criteria. Listed below.\n- [ ] a\n\n## Phase 2: B\n- [ ] b\n";
    assert_eq!(group_statuses(&plan_status_json(criteria)), pairs(&[("1", "pending"), ("2", "pending")]));
}

#[test]
fn what_only_looks_like_the_new_hand_kept_forms() {
    let groups = |plan: &str| group_statuses(&plan_status_json(plan));
    // A table weighing options is no table of stages, beside a status list or alone.
    let options = "# Cache\n\n1. [completed] Research storage\n2. [in_progress] Build the cache\n3. [pending] Ship\n\nFindings:\n\n| Option | Cost | Works offline |\n|---|---|---|\n| Redis | $$ | ❌ |\n| SQLite | free | ✅ |\n| Postgres | $ | ❌ |\n";
    assert_eq!(groups(options), pairs(&[("1", "complete"), ("2", "in_progress"), ("3", "pending")]));
    let browsers = "# QA\n\n| Browser | Version | Tested |\n|---|---|---|\n| Firefox | 120 | ✅ |\n| Safari | 17 | ❌ |\n";
    assert_eq!(groups(browsers), pairs(&[]));
    // An arrow under a bullet is a note on it; a sentence after an arrow going on after a comma
    // is no status.
    let bullet = "# P\n\n## Phase 1: Research\n- Tried Redis for caching\n  → done\n- Try Postgres next\n\n## Phase 2: Build\n";
    assert_eq!(groups(bullet), pairs(&[("1", "pending"), ("2", "pending")]));
    let comma = "# P\n\n## Phase 1: Setup\n- [ ] install\n- [ ] configure\n→ Done, once both boxes are ticked we move on.\n";
    assert_eq!(groups(comma), pairs(&[("1", "pending")]));
    // A bulleted list of a few stated items among errands is no plan of steps; lines opening
    // on digits are not written alike (`3 people`, a date).
    let errands = "# Week\n\n- hardware: done\n- software: done\n- ask Bob about the budget\n- lunch on Friday with the team\n- remember the keys\n";
    assert_eq!(groups(errands), pairs(&[]));
    let digits = "Move\n\n1 Pack the kitchen - done\n2 Book the van - in progress\n3 people are needed on the day\n2024-06-01 call the movers again\n";
    assert_eq!(groups(digits), pairs(&[("1", "complete"), ("2", "in_progress")]));
    // `Legenda` leads its legend as `Legend` does.
    let legenda = "# X\n\nLegenda ◎ fatto ○ in corso △ da fare\n\n## Fase 1: a ◎\n\n## Fase 2: b ○\n";
    assert_eq!(groups(legenda), pairs(&[("1", "complete"), ("2", "in_progress")]));
}

#[test]
fn a_status_opening_a_remark_after_a_bold_title_or_an_ids_colon() {
    let groups = |plan: &str| group_statuses(&plan_status_json(plan));
    // After a bold title: a symbol and a word, a word, then the person's notes.
    let kitchen = "# Paso a paso\n\n**Paso 1 — Leer** ✔️\n\n**Paso 2 — Extraer** ✅ done, moved on\n\n**Paso 3 — Exportación SII** ❌ descartado, lo hace otro equipo\n\n**Paso 4 — Revisión**\n";
    assert_eq!(
        groups(kitchen),
        pairs(&[("1", "complete"), ("2", "complete"), ("3", "skipped"), ("4", "pending")])
    );
    // (❌ means dropped here, and stuck elsewhere: a block gets a symbol of one meaning; the
    // file's own comes back with the status it spelled.)
    let dir = crate::harness::TempDir::new();
    let path = dir.path().join("task_plan.md");
    std::fs::write(&path, kitchen).expect("write");
    let (code, _, err) = pplan(dir.path(), &["set", "--group", "3", "blocked"]);
    assert_eq!(code, Some(0), "{err}");
    let read = || std::fs::read_to_string(&path).expect("plan");
    assert_eq!(read(), kitchen.replace("❌ descartado, lo", "🚫 bloqueado, lo"));
    let (code, _, err) = pplan(dir.path(), &["set", "--group", "3", "skipped"]);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(read(), kitchen);
    // After the id's colon, a remark in brackets closing the line; not a log's `Phase 1
    // complete (2024-08-02)`, with no separator after the id.
    let remark = "# P\n\n## Phase 1: done (token is read-only)\n\n## Phase 2: Blocked (by the API)\n\n## Phase 3: Cancelled (orders) flow\n";
    assert_eq!(groups(remark), pairs(&[("1", "complete"), ("2", "blocked"), ("3", "pending")]));
    // Numbered steps with bold titles, a status opening each one's notes.
    let cafe = "# 開店\n\n1. **商業計畫** ✔ 完成（貸款核准）\n2. **找店面** ✔ 完成 — 簽約 3/1\n3. **裝潢** 施工中，約 60%\n4. **設備採購** 卡住了：咖啡機要等船期\n5. **菜單 & 試做**\n6. **試營運**（親友場）\n";
    let v = plan_status_json(cafe);
    assert_eq!(
        group_statuses(&v),
        pairs(&[
            ("1", "complete"),
            ("2", "complete"),
            ("3", "in_progress"),
            ("4", "blocked"),
            ("5", "pending"),
            ("6", "pending")
        ])
    );
    assert_eq!(v["groups"][5]["title"], "試營運");
    Test::new()
        .file("task_plan.md", cafe)
        .args(["set", "--group", "3", "complete"])
        .file_eq("task_plan.md", cafe.replace("施工中，約", "已完成，約"))
        .success();
}

#[test]
fn a_status_list_by_bare_ids_shares_with_notes_and_work_under_way() {
    let groups = |plan: &str| group_statuses(&plan_status_json(plan));
    // A progress list naming the headings' groups by their bare ids.
    let bot = "# Bot\n\n## Roadmap\n\n### Phase A — PagerDuty read\nFetch it.\n\n### Phase B — Slash command\nModal.\n\n### Phase C — Weekly post\n\n## Progress\n- A: done (token in SSM)\n- B: in progress\n- C: not started\n";
    assert_eq!(groups(bot), pairs(&[("A", "complete"), ("B", "in_progress"), ("C", "pending")]));
    Test::new()
        .file("task_plan.md", bot)
        .args(["set", "--group", "C", "complete"])
        .file_eq("task_plan.md", bot.replace("- C: not started", "- C: done"))
        .success();
    // A share done alone after a dash, the sign set apart as French sets it: a new share keeps
    // it so. With a remark after it, a share may be an amount (`— 5% (eu-west only)`).
    let korean = "## Coréen\n\n- Semaine 1 · Hangeul — 100 %\n- Semaine 2 · Chiffres — 70 %\n- Semaine 3 · Restaurant — 10 %\n- Semaine 4 · Verbes\n";
    assert_eq!(
        groups(korean),
        pairs(&[("1", "complete"), ("2", "in_progress"), ("3", "in_progress"), ("4", "pending")])
    );
    Test::new()
        .file("task_plan.md", korean)
        .args(["set", "--group", "2", "complete"])
        .file_eq("task_plan.md", korean.replace("— 70 %", "— 100 %"))
        .success();
    let rollout = "# Rollout\n\n## Stages\n\n1. Canary — 5% (eu-west only)\n2. Half — 50% (two regions)\n3. Full — 100% (global)\n";
    assert_eq!(groups(rollout), pairs(&[("1", "pending"), ("2", "pending"), ("3", "pending")]));
    // A hammer or tools opening a heading are its icon, not its status.
    let icons = "# P\n\n## 🛠️ Phase 1: Tooling\n- [ ] a\n\n## 🔨 Phase 2: Build\n- [ ] b\n";
    assert_eq!(groups(icons), pairs(&[("1", "pending"), ("2", "pending")]));
    // Nor does a bare number under another heading state a group's status.
    let issues = "# P\n\n## Phase 1: A\nx\n\n## Phase 2: B\ny\n\n## Known issues\n- 1: done (null deref in parser)\n- 2: blocked (upstream bug)\n";
    assert_eq!(groups(issues), pairs(&[("1", "pending"), ("2", "pending")]));
    // A step's colon before `working on it now` says it is under way, and so does a word
    // saying half of it is done; not a rule about who works on it now.
    let rule = "# P\n\n### Step 1 — Setup: done\n\n### Step 2 — Rule: nobody is working on prod now\n";
    assert_eq!(groups(rule), pairs(&[("1", "complete"), ("2", "pending")]));
    let flaky = "Flaky e2e\n\nStep 1 — reproduce: done.\nStep 2 — root cause: done.\nStep 3 — fix the test (wait for idle): working on it now\nStep 4 — audit other specs\n";
    let v = plan_status_json(flaky);
    assert_eq!(
        group_statuses(&v),
        pairs(&[("1", "complete"), ("2", "complete"), ("3", "in_progress"), ("4", "pending")])
    );
    assert_eq!(v["groups"][2]["title"], "fix the test (wait for idle)");
    let recetas =
        "# Libro\n\n**Fase 1: Recetas** — lista ✔️\n\n**Fase 2: Fotos** — a medias\n\n**Fase 3: Maquetar**\n";
    assert_eq!(groups(recetas), pairs(&[("1", "complete"), ("2", "in_progress"), ("3", "pending")]));
    // A current label's value in bold, a remark after it.
    let sprints = "# Invoicing\n\nCurrent sprint: **S4** (Jun 17 – Jun 28)\n\n| Sprint | Goal | Done |\n|---|---|---|\n| S3 | mail | 85% |\n| S4 | portal | 40% |\n";
    assert_eq!(plan_status_json(sprints)["current_group"]["stated"], "S4");
}

#[test]
fn runs_of_plain_lines_arrows_and_symbols_after_a_word() {
    let groups = |plan: &str| group_statuses(&plan_status_json(plan));
    // Once two lines of a word are set apart, its lines numbered next in the run are steps too,
    // their title right after the id.
    let garten = "Garten 2025\n\nSchritt 1 Beete umgraben - erledigt (Ende März)\nSchritt 2 Hochbeet bauen - erledigt, Lärchenholz\nSchritt 3 Kompost ausbringen\nSchritt 4 Vorziehen (Tomaten, Paprika) - läuft seit 1.4.\nSchritt 5 Auspflanzen nach den Eisheiligen\n\nSchnecken!!! Bierfallen?\n";
    let v = plan_status_json(garten);
    assert_eq!(
        group_statuses(&v),
        pairs(&[
            ("1", "complete"),
            ("2", "complete"),
            ("3", "pending"),
            ("4", "in_progress"),
            ("5", "pending")
        ])
    );
    assert_eq!(v["groups"][4]["title"], "Auspflanzen nach den Eisheiligen");
    // A closed sentence opening after an arrow says how the step stands; an arrow alone before
    // a word is a change of state named in a title (`drafts → published`).
    let climb = "Escalada\n\nBloque A: resistencia (mayo) → hecho\nBloque B: vías largas (julio) → en ello. Nos falta la Sur directa.\nBloque C: Alpes (agosto)\n";
    assert_eq!(groups(climb), pairs(&[("A", "complete"), ("B", "in_progress"), ("C", "pending")]));
    let migrate = "# Migration\n\n1. Rename the tables\n2. Copy the rows\n3. Migrate statuses: open → closed\n4. Convert drafts → published\n";
    assert_eq!(groups(migrate), pairs(&[]));
    // A line going on the run is right under a step and takes no number a stated line has.
    let parallel = "Setup\n\nStep 1 install - done\nStep 2 configure - done\nStep 3 and Step 4 can run in parallel\nStep 3 build - in progress\nStep 4 test\n";
    assert_eq!(
        groups(parallel),
        pairs(&[("1", "complete"), ("2", "complete"), ("3", "in_progress"), ("4", "pending")])
    );
    let later = "Reno\n\nPhase 1 demolition - done\nPhase 2 electrics - done\n\nPhase 3 starts once the plumber is gone\n";
    assert_eq!(groups(later), pairs(&[("1", "complete"), ("2", "complete")]));
    // A word and a symbol saying the same open a group's notes; set away and back, both come
    // back.
    let prava = "# Права\n\n### Этап 1. Медкомиссия\nГотово ✔ справка получена 15.01, действует год.\n\n### Этап 2. Вождение\nВ процессе. Откатала 38 из 56.\n\n### Этап 3. Экзамен\n";
    assert_eq!(groups(prava), pairs(&[("1", "complete"), ("2", "in_progress"), ("3", "pending")]));
    let dir = crate::harness::TempDir::new();
    let path = dir.path().join("task_plan.md");
    std::fs::write(&path, prava).expect("write");
    let read = || std::fs::read_to_string(&path).expect("plan");
    let (code, _, err) = pplan(dir.path(), &["set", "--group", "1", "in_progress"]);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(read(), prava.replace("Готово ✔ справка", "В работе 🔄 справка"));
    let (code, _, err) = pplan(dir.path(), &["set", "--group", "1", "complete"]);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(read(), prava);
    // A status after a strike with a day or a remark after it.
    let distill = "# distill\n\n## steps\n\n1. ~~Build eval harness~~ done 3/11\n2. ~~Generate labels~~ done, 41h on 8×A100\n3. Train the student — **running**, ep 2/3\n4. Write up\n";
    assert_eq!(
        groups(distill),
        pairs(&[("1", "complete"), ("2", "complete"), ("3", "in_progress"), ("4", "pending")])
    );
    // A legend set apart by full-width slashes, a word for out of scope.
    let keihi = "# 経費精算\n\n凡例：◯ 完了／△ 作業中／× 未着手／― 対象外\n\n| No | フェーズ | 状況 |\n|----|---------|------|\n| 1 | 洗い出し | ◯ |\n| 2 | 初期設定 | △ |\n| 3 | 連携 | × |\n| 4 | 外貨精算 | ― |\n";
    assert_eq!(
        groups(keihi),
        pairs(&[("1", "complete"), ("2", "in_progress"), ("3", "pending"), ("4", "skipped")])
    );
    // Called off, in German.
    let verein = "# Website\n\n## Meilenstein A – Bestand\nerledigt.\n\n## Meilenstein B – Login\nabgesagt – Vorstandssitzung 3.6.: zu viel Aufwand\n";
    assert_eq!(groups(verein), pairs(&[("A", "complete"), ("B", "skipped")]));
}

#[test]
fn a_word_after_dotted_leaders_with_notes_and_a_new_status_led_there_too() {
    let appart = "Achat appart\n\nÉtape 1 : simulation prêt .......... OK (Cafpi)\nÉtape 2 : visites ................. OK — 14 visites\nÉtape 3 : offre ................... OK acceptée à 289k !!!\nÉtape 4 : compromis ............... OK signé le 18/04, délai terminé\nÉtape 5 : obtention du prêt ....... en cours  ← on en est là\nÉtape 6 : offre de prêt\n";
    let v = plan_status_json(appart);
    assert_eq!(
        group_statuses(&v),
        pairs(&[
            ("1", "complete"),
            ("2", "complete"),
            ("3", "complete"),
            ("4", "complete"),
            ("5", "in_progress"),
            ("6", "pending")
        ])
    );
    // A new status goes after leaders to the siblings' column, without their notes.
    Test::new()
        .file("task_plan.md", appart)
        .args(["set", "--group", "6", "complete"])
        .file_eq(
            "task_plan.md",
            appart.replace("Étape 6 : offre de prêt\n", "Étape 6 : offre de prêt ........... OK\n"),
        )
        .success();
    // Not a word that another status after it takes back.
    let back = "Plan\n\nStep 1: parts ........ OK but blocked by customs\nStep 2: build ........ done\n";
    assert_eq!(group_statuses(&plan_status_json(back)), pairs(&[("1", "pending"), ("2", "complete")]));
}

#[test]
fn past_a_blocked_group_the_work_went_on_in_the_one_in_progress() {
    let payments = "# Payments v2\n\n## Sprints\n\n### Sprint 14 — ✅ Done\n- ledger\n\n### Sprint 15 — ⛔ Blocked\n- Adyen adapter\n\n### Sprint 16 — 🚧 In progress (pulled forward while 15 is stuck)\n- [x] refunds\n- [ ] disputes\n\n### Sprint 17\n- cleanup\n";
    let v = plan_status_json(payments);
    assert_eq!(v["current_group"]["derived"], "16");
    // `next` offers the work that went on.
    Test::new().file("task_plan.md", payments).args(["next"]).stdout("disputes (group 16)\n").success();
    // A pending group after the blocked one is no work going on: the blocked one stays current.
    let waiting = payments
        .replace("🚧 In progress (pulled forward while 15 is stuck)", "Next")
        .replace("- [x] refunds", "- [ ] refunds");
    assert_eq!(plan_status_json(&waiting)["current_group"]["derived"], "15");
}

#[test]
fn plain_lines_numbered_in_order_are_steps_whatever_they_say() {
    let shed = "Rebuild the shed\n\nStage 1 – clear the site. Done in April, skip hired for the rubble.\nStage 2 – base and slab. Finished! Poured on the 3rd.\nStage 3 – frame. Waiting on the timber merchant, he says next week.\nStage 4 – roof and felt.\nStage 5 – paint\n\nnotes: ask Tom about the gutter\n";
    let v = plan_status_json(shed);
    assert_eq!(
        group_statuses(&v),
        pairs(&[("1", "complete"), ("2", "complete"), ("3", "blocked"), ("4", "pending"), ("5", "pending")])
    );
    assert_eq!(v["groups"][0]["title"], "clear the site");
    // Codes of one letter numbered in order, their statuses on the lines indented under them.
    let repro = "Repro\n\nM1. Environment\n    status: done (Jan 8)\n    - pinned torch\n\nM2. Router layer\n    status: in progress\n\nM3. Ablations\n    status: not started\n";
    assert_eq!(
        group_statuses(&plan_status_json(repro)),
        pairs(&[("M1", "complete"), ("M2", "in_progress"), ("M3", "pending")])
    );
    // Two lines make no run, nor lines that do not start at one; a sentence naming a step
    // ends the run.
    let count = |plan: &str| plan_status_json(plan)["groups"].as_array().map(Vec::len);
    assert_eq!(count("Notes\n\nStage 1 – a\nStage 2 – b\n"), Some(0));
    assert_eq!(count("Notes\n\nStage 3 – a\nStage 4 – b\nStage 5 – c\n"), Some(0));
    assert_eq!(
        count("Notes\n\nStage 1 – a\nStage 2 – b\nStage 3 needs the timber, call him Monday.\n"),
        Some(0)
    );
    // A share after leaders with its sign set apart, as French writes it.
    let roman = "Roman\n\nPartie I — L'arrivée ........ 100 %\nPartie II — L'hiver ..... 70 %  (chap. 14 à réécrire)\nPartie III — Le procès ......... 0 %\n";
    assert_eq!(
        group_statuses(&plan_status_json(roman)),
        pairs(&[("I", "complete"), ("II", "in_progress"), ("III", "pending")])
    );
}

/// Run each `set --group G STATUS` in turn on `plan` in one directory (so `.pplan/` remembers
/// between them), each succeeding; the directory and the plan as the last one left it.
fn set_in_turn(plan: &str, sets: &[(&str, &str)]) -> (crate::harness::TempDir, String) {
    let dir = crate::harness::TempDir::new();
    std::fs::write(dir.path().join("task_plan.md"), plan).unwrap_or_else(|e| panic!("write the plan: {e}"));
    let text = set_again(&dir, sets);
    (dir, text)
}

/// [`set_in_turn`] in a directory already holding a plan.
fn set_again(dir: &crate::harness::TempDir, sets: &[(&str, &str)]) -> String {
    for (group, to) in sets {
        let (code, _, stderr) = pplan(dir.path(), &["set", "--group", group, to]);
        assert_eq!(code, Some(0), "set {group} {to}: {stderr}");
    }
    std::fs::read_to_string(dir.path().join("task_plan.md")).unwrap_or_else(|e| panic!("read the plan: {e}"))
}

#[test]
fn a_group_set_away_and_back_gets_its_own_words_back() {
    let shed = "Rebuild the shed\n\nStage 1 – clear the site. Done in April, skip hired.\nStage 2 – base and slab. Finished! Poured on the 3rd.\nStage 3 – frame. Waiting on the timber merchant, he says next week.\nStage 4 – roof\n";
    // The file spells done two ways: group 1 gets its `Done` back, not group 2's `Finished`.
    let (dir, away) = set_in_turn(shed, &[("1", "in_progress")]);
    assert_eq!(away, shed.replace("Done in April", "In progress in April"));
    assert_eq!(set_again(&dir, &[("1", "complete")]), shed);
    // What a block waits on goes with the status, and comes back with it.
    let away = set_again(&dir, &[("3", "pending")]);
    assert_eq!(away, shed.replace("Waiting on the timber merchant,", "Pending,"));
    assert_eq!(set_again(&dir, &[("3", "blocked")]), shed);
}

#[test]
fn a_list_under_a_plain_line_naming_the_steps_and_sentences_saying_where_the_work_is() {
    // A plain line naming the stages over a numbered list: its items are the steps, each
    // numbered by its item (not `Fix N+1`'s words).
    let search = "# Faster search\n\nSteps\n1. ✅ Profile in staging\n2. ✅ Fix N+1: prefetch tags\n3. ❌ Redis cache — abandoned, hit rate 4%\n4. 🔄 Move scoring into Postgres\n5. Benchmark again\n\nnotes\n- drop the cache table\n";
    let v = assert_groups(
        search,
        &[("1", "complete"), ("2", "complete"), ("3", "skipped"), ("4", "in_progress"), ("5", "pending")],
    );
    assert_eq!(v["groups"][1]["title"], "Fix N+1: prefetch tags");
    // Not a line that names no stages.
    let notes = search.replace("Steps\n", "Ideas\n");
    assert_eq!(plan_status_json(&notes)["groups"].as_array().map(Vec::len), Some(0));
    // A sentence opening a step's notes saying it is being done now: the current step, in
    // progress though it states nothing else.
    let thesis = "# Thesis\n\n## Part I — Review\nFinished in March. 62 refs.\n\n## Part II — Sampling\nFinished. 4 sites.\n\n## Part III — Lab\nCurrently doing this.\n- digestion: done\n\n## Part IV — Statistics\nNot started.\n";
    let v = assert_groups(
        thesis,
        &[("I", "complete"), ("II", "complete"), ("III", "in_progress"), ("IV", "pending")],
    );
    assert_eq!(v["current_group"]["stated"], "III");
    // Not one further down the notes.
    let later = thesis.replace(
        "Currently doing this.\n- digestion: done\n",
        "- digestion: done\n\nCurrently doing this.\n",
    );
    assert_eq!(plan_status_json(&later)["current_group"]["stated"], serde_json::Value::Null);
    // An arrow and words saying the person is at it.
    let exam = "# Concorso\n\n## 1. Costituzionale — fatto\n## 2. Amministrativo  <-- sto facendo questo\n## 3. Contabilità\n";
    assert_eq!(plan_status_json(exam)["current_group"]["stated"], "2");
}

#[test]
fn a_symbol_and_a_word_opening_a_steps_notes_come_back_as_they_were() {
    let book = "# Livro de receitas\n\n### Parte 1 — Digitalizar\n✅ feito em agosto. 218 fotos no Drive.\n\n### Parte 2 — Transcrever\n✅ feito. Tia Rosa ajudou.\n\n### Parte 3 — Diagramação\n✅ feito. 140 páginas.\n\n### Parte 4 — Impressão\nna gráfica\n";
    assert_groups(book, &[("1", "complete"), ("2", "complete"), ("3", "complete"), ("4", "pending")]);
    // A symbol alone before words is a note's (`✅ Literature review` over the status line), and
    // `set` leaves it.
    let chapter = "# Thesis\n\n## Chapter 1: Introduction\n✅ Literature review\n- **Status:** in_progress\n\n## Chapter 2: Methods\n";
    assert_eq!(group_statuses(&plan_status_json(chapter))[0], ("1".to_string(), "in_progress".to_string()));
    Test::new()
        .file("task_plan.md", chapter)
        .args(["set", "--group", "1", "complete"])
        .file_eq("task_plan.md", chapter.replace("in_progress", "complete"))
        .success();
    // Set away and back, each step gets its own words back, though the file says `feito` often.
    let sets = [("1", "in_progress"), ("1", "complete"), ("3", "blocked"), ("3", "complete")];
    let (dir, back) = set_in_turn(book, &sets);
    assert_eq!(back, book);
    // Not into a step a person retitled since under the same number: it gets the table's word.
    let away = set_again(&dir, &[("3", "pending")]);
    let retitled = away.replace("### Parte 3 — Diagramação\n", "### Parte 3 — Capa\n");
    assert_ne!(retitled, away);
    std::fs::write(dir.path().join("task_plan.md"), &retitled).unwrap();
    let other = book.replace("### Parte 3 — Diagramação\n", "### Parte 3 — Capa\n");
    assert_eq!(set_again(&dir, &[("3", "complete")]), other.replace("✅ feito. 140", "✅ concluído. 140"));
}

#[test]
fn steps_counted_with_an_enumeration_comma_and_a_chinese_dash() {
    let flat = "装修记录\n\n进度：\n1、拆改 —— ✅ 9/5 完工\n2、水电 —— ✅ 验收通过\n3、木工 —— 🔨 进行中，衣柜还没做\n4、油漆\n";
    let v =
        assert_groups(flat, &[("1", "complete"), ("2", "complete"), ("3", "in_progress"), ("4", "pending")]);
    assert_eq!(v["groups"][1]["title"], "水电");
    // `[未]` beside `[済]`: not yet.
    let doujin = "# 進行表\n\n## ネーム [済]\n\n## ペン入れ [作業中]\n\n## トーン [未]\n";
    assert_groups(doujin, &[("1", "complete"), ("2", "in_progress"), ("3", "pending")]);
    // Set away and back, byte for byte.
    let sets = [("2", "blocked"), ("2", "complete"), ("3", "complete"), ("3", "in_progress")];
    assert_eq!(set_in_turn(flat, &sets).1, flat);
}

#[test]
fn the_new_readings_leave_ids_lists_and_remarks_that_are_not_steps() {
    let count = |plan: &str| plan_status_json(plan)["groups"].as_array().map(Vec::len);
    // A numbered item keeps the id it writes.
    let roadmap = "# R\n\n## Roadmap\n1. Sprint 3 — onboarding ✅\n2. Sprint 4 — payments 🚧\n3. Sprint 5 — offline mode\n";
    assert_groups(roadmap, &[("3", "complete"), ("4", "in_progress"), ("5", "pending")]);
    // Instructions under `Steps:` or numbered in plain lines are no steps of a plan kept under
    // bold labels.
    let bold = "**Network** — me\n- [x] Buy new router\n- [ ] Configure Wi-Fi\n\n**Devices** — kids\n- [ ] Reconnect the TV\n";
    for how in [
        "Steps:\n1. Unplug the old router\n2. Plug in the new one\n3. Scan the QR code\n\n",
        "Router\n\nStep 1 open the admin page\nStep 2 log in with the sticker password\nStep 3 press Reset\n\n",
    ] {
        let v = plan_status_json(&format!("{how}{bold}"));
        assert_eq!(group_statuses(&v), pairs(&[("1", "in_progress"), ("2", "pending")]), "{how}");
        assert_eq!(v["tasks"]["total"], 3);
    }
    // A stages line over a checklist: its boxes are tasks.
    assert_eq!(count("Steps\n- [x] Buy flour\n- [ ] Bake\n- [ ] Eat\n"), Some(0));
    // A run of numbered lines where none says how it stands.
    assert_eq!(count("Notes\n\nOption 1 – rent a van\nOption 2 – movers\nOption 3 – ask Sam\n"), Some(0));
    // A month with a condition or an exception after it, or a deadline.
    let months = "# P\n\n## Phase 1: Plan\nDone in March, except the old boiler.\n\n## Phase 2: Build\nComplete in June, if the budget holds.\n\n## Phase 3: Ship\nFertig im Mai, hoffentlich.\n";
    assert_groups(months, &[("1", "pending"), ("2", "pending"), ("3", "pending")]);
    // A label after a title's full stop.
    let label = "# P\n\n## Stage 1: Setup\n- [x] a\n\n## Stage 2: Network. Blocked: none, cables ordered.\n- [x] b\n- [ ] c\n";
    assert_groups(label, &[("1", "complete"), ("2", "in_progress")]);
    // A German status opening a sentence keeps its noun's capital.
    let garden = "Garten\n\nSchritt 1 Boden. Erledigt! Kompost drin.\nSchritt 2 Aussaat. Erledigt! Tomaten sind drin.\nSchritt 3 Ernte\n";
    Test::new()
        .file("task_plan.md", garden)
        .args(["set", "--group", "2", "in_progress"])
        .file_eq("task_plan.md", garden.replace("Aussaat. Erledigt!", "Aussaat. In Arbeit!"))
        .success();
}

#[test]
fn a_status_word_closing_a_steps_first_line_as_a_sentence_of_its_own() {
    let thesis = "# Thesis\n\n### Ch. 1 Introduction\nDraft done, Marta read it, comments addressed. DONE.\n\n### Ch. 2 Methods\nProtocol written. Blocked!\n\n### Ch. 3 Results\nThe analysis was done.\n";
    assert_groups(thesis, &[("1", "complete"), ("2", "blocked"), ("3", "pending")]);
    // `set` writes in that word's place and case, and the word comes back.
    let (dir, away) = set_in_turn(thesis, &[("1", "in_progress")]);
    assert_eq!(away, thesis.replace("addressed. DONE.", "addressed. IN PROGRESS."));
    assert_eq!(set_again(&dir, &[("1", "complete")]), thesis);
}

#[test]
fn leader_lines_with_a_status_in_brackets_and_a_bugs_checklist_after_them() {
    let roadmap = "# Kiln controller\n\n### stages\n\n01  thermocouple + amp board ........... [shipped]\n02  PID loop on the bench ................. [wip]  ramp ✓ hold ✗\n03  enclosure ............................. [blocked]  waiting on the sheet-metal shop, they are closed until the 12th\n04  web UI ................................ [cut]\n05  first firing .......................... [todo]\n\n### bugs\n- [ ] relay chatters near setpoint\n- [x] wrong sign on the cold junction\n";
    let v = assert_groups(
        roadmap,
        &[("1", "complete"), ("2", "in_progress"), ("3", "blocked"), ("4", "skipped"), ("5", "pending")],
    );
    // The bugs' boxes are no stage's.
    assert_eq!(v["tasks"]["total"], 2);
    // `set` writes inside the brackets, in the file's own words, and the words come back.
    let (dir, away) = set_in_turn(roadmap, &[("5", "in_progress")]);
    assert_eq!(away, roadmap.replace("[todo]", "[wip]"));
    assert_eq!(set_again(&dir, &[("5", "pending")]), roadmap);
    // Beside a checklist under a heading naming no bugs, they are no stages: the work is there.
    let prose = roadmap.replace("### bugs", "### more work");
    assert_eq!(plan_status_json(&prose)["groups"].as_array().map(Vec::len), Some(0));
}

#[test]
fn steps_lettered_in_roman_numerals_or_after_a_closing_bracket() {
    // Letters counted from A, the status opening the step's notes.
    let analysis = "## pricing study\n\nPart A. pull the invoices\n    done. two years, both regions\n\nPart B. elasticity by tier\n    done, see the notebook\n\nPart C. survey design  ← here\n    draft questions with Ana\n\nPart D. write-up\n";
    let v = assert_groups(
        analysis,
        &[("A", "complete"), ("B", "complete"), ("C", "in_progress"), ("D", "pending")],
    );
    assert_eq!(v["current_group"]["stated"], "C");
    // Roman numerals alone: the lines saying nothing are steps too.
    let grant = "Grant proposal, due in May\n\nI.   Call the program officer — done, she liked aim 2\nII.  Aims page — started\nIII. Narrative (15 pp)\nIV.  Budget\n\nthoughts: aim 3 may go.\n";
    assert_groups(grant, &[("I", "complete"), ("II", "in_progress"), ("III", "pending"), ("IV", "pending")]);
    // A closing bracket sets the title apart (`Fase 1)`), not into it.
    let shop = "Plano da loja\n\nFase 1) Alvará — ok\nFase 2) Ponto comercial — concluído\nFase 3) Reforma — em andamento\nFase 4) Inauguração\n";
    let v =
        assert_groups(shop, &[("1", "complete"), ("2", "complete"), ("3", "in_progress"), ("4", "pending")]);
    assert_eq!(v["groups"][0]["title"], "Alvará");
}

#[test]
fn a_share_under_way_set_away_comes_back_and_other_statuses_are_refused_plainly() {
    // After an ideographic space, as after two spaces, a share closes a plain step.
    let move_plan = "移行メモ\n\n■ STEP1 現状調査　100%\n■ STEP2 ルール決め　100%\n■ STEP3 試験移行　80%\n■ STEP4 本番移行　0%\n";
    assert_groups(move_plan, &[("1", "complete"), ("2", "complete"), ("3", "in_progress"), ("4", "pending")]);
    let (dir, away) = set_in_turn(move_plan, &[("3", "pending")]);
    assert_eq!(away, move_plan.replace("試験移行　80%", "試験移行　0%"));
    // The share it had comes back, from `.pplan/`: pplan could not make it up.
    assert_eq!(set_again(&dir, &[("3", "complete"), ("3", "in_progress")]), move_plan);
    // A share never written under way says only done or not begun; the file stays.
    let (code, _, stderr) = pplan(dir.path(), &["set", "--group", "4", "in_progress"]);
    assert_eq!(code, Some(2));
    assert_eq!(
        stderr,
        "error: cannot write a status for group `4`: its status is a share done, `0%`, which says only complete (100%) or pending (0%); write in_progress in its place yourself\n"
    );
    let (code, _, _) = pplan(dir.path(), &["set", "--group", "3", "blocked"]);
    assert_eq!(code, Some(2));
    assert_eq!(std::fs::read_to_string(dir.path().join("task_plan.md")).ok().as_deref(), Some(move_plan));
}

#[test]
fn a_status_word_only_alone_titling_a_sprint_and_a_share_after_a_bold_title() {
    // Closed, going, planned, in lowercase after a dash and nothing more.
    let sprints = "# Запись к мастеру\n\n## Спринт 1 — закрыт\n✓ авторизация\n\n## Спринт 2 — закрыт\n✓ календарь\n\n## Спринт 3 — идёт\n· отзывы\n\n## Спринт 4 — план\n· оплата\n";
    assert_groups(sprints, &[("1", "complete"), ("2", "complete"), ("3", "in_progress"), ("4", "pending")]);
    // Set away to a status the file has no word for, it gets a Russian one, and back its own.
    let (dir, away) = set_in_turn(sprints, &[("1", "blocked")]);
    assert_eq!(away, sprints.replace("Спринт 1 — закрыт", "Спринт 1 — заблокировано"));
    assert_eq!(set_again(&dir, &[("1", "complete")]), sprints);
    let (dir, _) = set_in_turn(sprints, &[("3", "skipped")]);
    assert_eq!(set_again(&dir, &[("3", "in_progress")]), sprints);
    // So does a Japanese word no table holds (`【済】`, `【カット】`).
    let book = "# 本\n\n## 第1章 はじめに 【済】\n\n## 第2章 環境 【済】\n\n## 第3章 GPIO 【カット】\n";
    assert_groups(book, &[("1", "complete"), ("2", "complete"), ("3", "skipped")]);
    let (dir, away) = set_in_turn(book, &[("1", "in_progress")]);
    assert_eq!(away, book.replace("はじめに 【済】", "はじめに 【進行中】"));
    assert_eq!(set_again(&dir, &[("1", "complete")]), book);
    // A step named by such a word, with a remark or after a colon, is named so; so is a title.
    let shelf = "# Bookshelf\n\n## Step 1: measure (15 min)\n- [x] mark\n\n## Step 2: cut (30 min)\n- [ ] sides\n\n## Step 3 — cut\n- [ ] shelves\n";
    let v = assert_groups(shelf, &[("1", "complete"), ("2", "pending"), ("3", "skipped")]);
    assert_eq!(v["groups"][1]["title"], "cut (30 min)");
    let stages = "# План\n\n## Этап 1 — план (2 недели)\n- [x] a\n- [x] b\n\n## Fase 2 — Later\n- [ ] c\n";
    assert_groups(stages, &[("1", "complete"), ("2", "pending")]);
    // A share after a title in bold and a dash may carry a remark; without the bold it may be
    // an amount (`Canary — 5% (eu-west only)`).
    let launch = "# Launch\n\n- **M1 Pricing** — 100%\n- **M2 Invoice editor** — 70% (PDF export left)\n- **M3 Onboarding** — 40%, mocks sent\n- **M4 Launch day** — 0%\n";
    assert_groups(launch, &[("1", "complete"), ("2", "in_progress"), ("3", "in_progress"), ("4", "pending")]);
    // So does a plan kept in bold lines, the share set back as written.
    let lines = "Launch\n\n**M1 Pricing** — 100%\n**M2 Invoice editor** — 70% (PDF export left)\n**M3 Onboarding** — 0%\n";
    assert_groups(lines, &[("M1", "complete"), ("M2", "in_progress"), ("M3", "pending")]);
    let (dir, away) = set_in_turn(lines, &[("M2", "complete")]);
    assert_eq!(away, lines.replace("— 70% (PDF", "— 100% (PDF"));
    assert_eq!(set_again(&dir, &[("M2", "in_progress")]), lines);
}

#[test]
fn steps_opened_by_a_status_in_round_brackets_and_a_numbered_checklist_left_alone() {
    // A numbered checklist and nothing else is a checklist: its open boxes are the work left,
    // and pplan says it sees no groups.
    let release = "# Release checklist\n\n1. [x] Bump version\n2. [ ] Update changelog\n3. [ ] Tag release\n";
    let v = plan_status_json(release);
    assert_eq!(v["groups"].as_array().map(Vec::len), Some(0));
    assert_eq!(v["tasks"]["total"], 3);
    // A status word in round brackets opening each step (`(done)`, `(in progress)`); a title's
    // own word in brackets is no status (`(optional)`).
    let export = "Goal: parquet export\n\nPlan\n- (done)        Add pyarrow as an extra\n- (done)        Writer abstraction\n- (in progress) Parquet exporter\n- (pending)     CLI flag\n- (optional)    Docs page\n";
    let v = assert_groups(
        export,
        &[("1", "complete"), ("2", "complete"), ("3", "in_progress"), ("4", "pending"), ("5", "pending")],
    );
    assert_eq!(v["groups"][4]["title"], "(optional)    Docs page");
    let (dir, away) = set_in_turn(export, &[("4", "in_progress")]);
    assert_eq!(away, export.replace("(pending)     CLI", "(in progress)     CLI"));
    assert_eq!(set_again(&dir, &[("4", "pending")]), export);
}

#[test]
fn a_groups_only_spelling_comes_back_whatever_the_files_letter_case_or_punctuation() {
    // `OK` among lowercase words, `WON'T DO` with its apostrophe, a symbol no table knows
    // before its word, the words a bracket loses whole, what a cell waits on with its date.
    let cases = [
        (
            "J-45 : administratif — OK\nJ-30 : cartons — en cours\nJ-15 : résiliations — à faire\n",
            "1",
            "pending",
            "complete",
        ),
        (
            "# P\n\n## P1 Parser — done\n\n## P2 Switch to tree-sitter — WON'T DO\n",
            "P2",
            "pending",
            "skipped",
        ),
        (
            "Sprint 1 — API ........ ✔ livré\nSprint 2 — SDK ........ ✘ abandonné\nSprint 3 — docs ........ à faire\n",
            "2",
            "pending",
            "skipped",
        ),
        (
            "# Thesis\n\n## Chapter 1 — Review (done)\n\n## Chapter 2 — Flume experiments (working on this now)\n",
            "2",
            "pending",
            "in_progress",
        ),
        (
            "# Fête\n\n| # | Étape | Qui | État |\n|---|---|---|---|\n| 1 | Salle | Léa | réservée |\n| 2 | Subvention | Nadia | en attente de la commission du 28/03 |\n",
            "2",
            "pending",
            "blocked",
        ),
        (
            "Part A  Aims ........ done\nPart B  Budget ........ waiting on Sponsored Programs to send fringe/indirect rates for FY25, nothing I can do till then\nPart C  Letters ........ not started\n",
            "2",
            "pending",
            "blocked",
        ),
    ];
    for (plan, group, away, back) in cases {
        let (dir, moved) = set_in_turn(plan, &[(group, away)]);
        assert_ne!(moved, plan);
        assert_eq!(set_again(&dir, &[(group, back)]), plan, "{plan}");
    }
}

#[test]
fn what_the_new_readings_leave_alone_and_what_pplan_never_writes_back() {
    // A long remark after a short word is prose, not one more step.
    let steps = "DESIGN - done\nBUILD - in progress\nLAUNCH - not started\n\nNote - blocked on the vendor for most of March, which pushed everything back by about three weeks, so LAUNCH starts late.\n";
    assert_groups(steps, &[("1", "complete"), ("2", "in_progress"), ("3", "pending")]);
    // Nor is a memo's share after its label.
    let memo = "移行\n\n現状調査 - 完了\n設計 - 進行中\n実装 - 未着手\n\nメモ：予算消化率　80%\n";
    assert_eq!(plan_status_json(memo)["groups"].as_array().map(Vec::len), Some(3));
    // Roman-numbered sections are named by their numbers in digits too.
    let paper =
        "# Paper\n\n## I. Introduction\n- [x] a\n\n## II. Methods\n- [ ] b\n\n## III. Results\n- [ ] c\n";
    let (_, text) = set_in_turn(paper, &[("2", "in_progress")]);
    assert_eq!(text, paper.replace("## II. Methods\n", "## II. Methods\n- **Status:** in_progress\n"));
    // A spelling in .pplan/ that could make a link is never written into the plan.
    let plan = "# P\n\n## Phase 1: Setup\n**Status:** pending\n\n## Phase 2: Build\n**Status:** pending\n";
    let dir = crate::harness::TempDir::new();
    std::fs::write(dir.path().join("task_plan.md"), plan).unwrap_or_else(|e| panic!("write: {e}"));
    std::fs::create_dir_all(dir.path().join(".pplan")).unwrap_or_else(|e| panic!("mkdir: {e}"));
    let spellings = r#"{"schema_version":1,"spellings":[{"place":"label","status":"complete","text":"done: https://evil.example/pay","group":"1: Setup"},{"place":"label","status":"complete","text":"done. www.evil.example","group":"2: Build"}]}"#;
    std::fs::write(dir.path().join(".pplan/spellings.json"), spellings)
        .unwrap_or_else(|e| panic!("write: {e}"));
    let text = set_again(&dir, &[("1", "complete"), ("2", "complete")]);
    assert_eq!(text, plan.replace("pending", "complete"));
}

/// The groups and statuses `status --json` reads in `plan`, asserted; the whole reading.
#[track_caller]
fn assert_groups(plan: &str, want: &[(&str, &str)]) -> serde_json::Value {
    let v = plan_status_json(plan);
    assert_eq!(group_statuses(&v), pairs(want), "{plan}");
    v
}

#[test]
fn now_closing_a_status_stands_with_it() {
    // `now` after a status, then a sentence or a remark; `later` is no status, nor `this week`
    // one more word of it.
    let parts = "# Docs\n\nPart A: tokens — finished. Moved the hex codes.\nPart B: theme — working on it now. Two themes.\nPart C: beds — doing this now, tomatoes out\nPart D: diagrams — doing it later\n";
    assert_groups(parts, &[("A", "complete"), ("B", "in_progress"), ("C", "in_progress"), ("D", "pending")]);
    let (_, text) = set_in_turn(parts, &[("B", "complete")]);
    assert_eq!(text, parts.replace("working on it now", "finished now"));
    let week = "# P\n\n## Phase 1: Auth\n**Status:** doing this week\n\n## Phase 2: Docs\n**Status:** done\n";
    let (_, text) = set_in_turn(week, &[("1", "complete")]);
    assert_eq!(text, week.replace("doing this week", "done this week"));
}

#[test]
fn a_log_of_amounts_after_plain_steps_is_no_more_steps() {
    // Lines of a word, a number and an amount (`KW 11: 5h15`) log figures, under the steps.
    let piano = "Klavier\n\nTeil A – Technik\n  => abgeschlossen\n\nTeil B – Stücke\n  Bach ✓\n\nTeil C – Vom Blatt\n  noch nicht\n\nÜben pro Woche (Ziel 5h):\nKW 10: 4h30\nKW 11: 5h15\nKW 12: 2h (krank)\n";
    let v = assert_groups(piano, &[("A", "complete"), ("B", "pending"), ("C", "pending")]);
    assert_eq!(v["groups"][1]["title"], "Stücke");
    // A step titled by what it is about stays one (`Day 2: 3 museums and the river walk`).
    let trip = "Trip\n\nDay 1: arrive — done\nDay 2: 3 museums and the river walk — done\nDay 3: fly home\n";
    assert_groups(trip, &[("1", "complete"), ("2", "complete"), ("3", "pending")]);
}

#[test]
fn waits_changes_of_mind_and_runs_in_more_languages() {
    let homelab = "# Домашний сервер\n\n## Этап 1. Proxmox\n**Статус:** готово\n\n## Этап 2. Home Assistant\n**Статус:** ждёт Zigbee-стик, заказал на Али\n\n## Этап 3. Nextcloud\n**Статус:** передумал, хватит Syncthing\n\n## Этап 4. Мониторинг\n**Статус:** не нужно\n";
    assert_groups(homelab, &[("1", "complete"), ("2", "blocked"), ("3", "skipped"), ("4", "skipped")]);
    let piano = "# Klavier\n\n## Teil 1: Technik — geschafft\n\n## Teil 2: Stücke — noch nicht angefangen\n";
    assert_groups(piano, &[("1", "complete"), ("2", "pending")]);
    let email = "# Migração\n\n## Etapa 1 — Contas: feito\n\n## Etapa 2 — Migrar e-mails: rodando\n";
    assert_groups(email, &[("1", "complete"), ("2", "in_progress")]);
    let course = "# 勉強会\n\n| 回 | テーマ | 状態 |\n|---|---|---|\n| 第1回 | 所有権 | 完了 |\n| 第2回 | 非同期 | 中止 |\n";
    assert_groups(course, &[("第1回", "complete"), ("第2回", "skipped")]);
}

#[test]
fn a_hammer_closing_a_title_is_work_under_way_and_comes_back_as_written() {
    let kitchen = "Cocina\n\n1. Demolición ✅\n2. Fontanería ✅\n3. Alicatado 🔨 (empezó el lunes)\n4. Muebles ⏸️ esperando a IKEA\n5. Pintura\n";
    assert_groups(
        kitchen,
        &[("1", "complete"), ("2", "complete"), ("3", "in_progress"), ("4", "blocked"), ("5", "pending")],
    );
    let (dir, text) = set_in_turn(kitchen, &[("3", "complete")]);
    assert_eq!(text, kitchen.replace("Alicatado 🔨", "Alicatado ✅"));
    assert_eq!(set_again(&dir, &[("3", "in_progress")]), kitchen);
    let node = "# Node 20\n\n- phase 1: bump the image — done\n- phase 2: fix the build — done\n- phase 3: run the suite — 🔨 (12 failing)\n- phase 4: deploy\n";
    assert_groups(node, &[("1", "complete"), ("2", "complete"), ("3", "in_progress"), ("4", "pending")]);
    // It is no spelling pplan writes for another group: a hammer there would be that title's
    // icon.
    let jam = "# Jam\n\n## Week 1 ✅\n- controller ✅\n\n## Week 2 (first half) 🔨\n- levels 🔨 (3/6 done)\n";
    assert_groups(jam, &[("1", "complete"), ("2", "in_progress")]);
    let (dir, text) = set_in_turn(jam, &[("1", "in_progress")]);
    assert_eq!(text, jam.replace("## Week 1 ✅", "## Week 1 🔄"));
    assert_eq!(set_again(&dir, &[("2", "complete"), ("2", "in_progress"), ("1", "complete")]), jam);
    // Opening a title, after a group's id, it is the title's icon.
    let icons =
        "# P\n\n## Phase 1: 🛠️ Tooling\n- [x] install\n\n## Phase 2: 🔨 Implementation\n- [ ] compile\n";
    let v = assert_groups(icons, &[("1", "complete"), ("2", "pending")]);
    assert_eq!(v["groups"][1]["title"], "🔨 Implementation");
}

#[test]
fn an_overview_list_saying_how_each_heading_group_stands() {
    // Items naming the headings' groups by code and title, a status after each: the groups'
    // statuses, set where they are written.
    let qls = "# Reparsing\n\n## Phase overview\n\n- P1 Baseline ............ done\n- P2 Lossless CST ....... done\n- P3 Reparse ............ in progress\n- P4 Fuzz ............... not started\n\n## P1 Baseline\nbenches\n\n## P2 Lossless CST\ntree\n\n## P3 Reparse\nstmt\n\n## P4 Fuzz\ncargo fuzz\n";
    assert_groups(qls, &[("P1", "complete"), ("P2", "complete"), ("P3", "in_progress"), ("P4", "pending")]);
    let (dir, text) = set_in_turn(qls, &[("P3", "complete"), ("P4", "in_progress")]);
    assert_eq!(
        text,
        qls.replace("Reparse ............ in progress", "Reparse ............ done")
            .replace("Fuzz ............... not started", "Fuzz ............... in progress")
    );
    assert_eq!(set_again(&dir, &[("P3", "in_progress"), ("P4", "pending")]), qls);
    // A heading that says how it stands is read from itself; its line is left as it is.
    let own = "# R\n\n- P1 Base — done\n- P2 Tree — done\n- P3 Swap — won't do\n\n## P1 Base\nx\n\n## P2 Tree\ny\n\n## P3 Swap — WON'T DO\nz\n";
    assert_groups(own, &[("P1", "complete"), ("P2", "complete"), ("P3", "skipped")]);
    let (dir, _) = set_in_turn(own, &[("P3", "pending")]);
    assert_eq!(set_again(&dir, &[("P3", "skipped")]), own);
    // Items that only share a group's code are notes, not an overview.
    let notes = "# Reparsing\n\n## Notes\n\n- P1 needs the bench box — done\n- P2 review with Ana — done\n\n## P1 Baseline\nbenches\n\n## P2 Lossless CST\ntree\n\n## P3 Reparse\nstmt\n";
    assert_groups(notes, &[("P1", "pending"), ("P2", "pending"), ("P3", "pending")]);
}

#[test]
fn a_word_that_is_a_status_alone_before_a_day_in_brackets() {
    let sprints =
        "# MVP\n\n## Спринт 1 — закрыт\nx\n\n## Спринт 2 — идёт (до 27.10)\ny\n\n## Спринт 3 — план\n";
    assert_groups(sprints, &[("1", "complete"), ("2", "in_progress"), ("3", "pending")]);
    let (dir, text) = set_in_turn(sprints, &[("2", "complete")]);
    assert_eq!(text, sprints.replace("идёт (до 27.10)", "закрыт (до 27.10)"));
    assert_eq!(set_again(&dir, &[("2", "in_progress")]), sprints);
    // A span in brackets goes on the title.
    let span = "# P\n\n## Этап 1 — закрыт\nx\n\n## Этап 2 — план (2 недели)\ny\n";
    let v = assert_groups(span, &[("1", "complete"), ("2", "pending")]);
    assert_eq!(v["groups"][1]["title"], "план (2 недели)");
}

#[test]
fn what_a_second_look_at_this_stops_readings_left_alone() {
    // A hammer closing a title yields to a status beside it, and is an icon among icons.
    let icons = "# P\n\n## Phase 1: Build 🔨\n- [x] compile\n\n## Phase 2: Test 🧪\n- [ ] unit\n\n## Phase 3: Ship 🚀\n- [ ] release\n";
    assert_groups(icons, &[("1", "complete"), ("2", "pending"), ("3", "pending")]);
    let beside = "# P\n\n## Phase 1: Build 🔨\n**Status:** done\n\n## Phase 2: Test\n**Status:** pending\n";
    assert_groups(beside, &[("1", "complete"), ("2", "pending")]);
    let (_, text) = set_in_turn(beside, &[("1", "in_progress")]);
    assert_eq!(text, beside.replace("**Status:** done", "**Status:** in_progress"));
    // An overview line leaves a heading holding its own checklist alone.
    let checked = "# P\n\n## Phase overview\n- P1 Baseline — in progress\n- P2 Lossless CST — not started\n\n## P1 Baseline\n- [x] benches\n- [x] profile\n\n## P2 Lossless CST\n- [x] tree\n- [ ] trivia\n";
    assert_groups(checked, &[("P1", "complete"), ("P2", "in_progress")]);
    // A heading may add a remark in brackets to the overview's title.
    let longer = "# R\n\n- P1 Base — done\n- P2 Tree — done\n- P3 Reparse — in progress\n\n## P1 Base\nx\n\n## P2 Tree\ny\n\n## P3 Reparse (incremental)\nz\n";
    assert_groups(longer, &[("P1", "complete"), ("P2", "complete"), ("P3", "in_progress")]);
    let (dir, text) = set_in_turn(longer, &[("P3", "complete")]);
    assert_eq!(text, longer.replace("Reparse — in progress", "Reparse — done"));
    assert_eq!(set_again(&dir, &[("P3", "in_progress")]), longer);
    // A note naming a group again is no second overview.
    let noted = "# R\n\n- P1 Baseline — done\n- P2 Lossless CST — done\n- P3 Reparse — in progress\n\n## P1 Baseline\nx\n\n## P2 Lossless CST\ny\n\n## P3 Reparse\nNeeds:\n- P2 Lossless CST — done\n";
    assert_groups(noted, &[("P1", "complete"), ("P2", "complete"), ("P3", "in_progress")]);
    // A title opening with digits is a name, not an amount.
    let auth = "Plan\n\nStep 1: 2FA — done\nStep 2: OAuth login — in progress\nStep 3: SSO\n";
    assert_groups(auth, &[("1", "complete"), ("2", "in_progress"), ("3", "pending")]);
    // `today` closing a status's clause stands with it, as `now` does.
    let today =
        "# P\n\n- Phase 1: parser — done today\n- Phase 2: themes — in progress today\n- Phase 3: docs\n";
    assert_groups(today, &[("1", "complete"), ("2", "in_progress"), ("3", "pending")]);
    // A wait with what it waits on, then a remark after a dash, opening a group's section.
    let wait = "# P\n\n### ✅ Stage 1 — Base\n- done\n\n### ⏸ Stage 2 — Quant\n- waiting on the mobile team's runtime — they said Q3\n\n### Stage 3 — Bench\n";
    assert_groups(wait, &[("1", "complete"), ("2", "blocked"), ("3", "pending")]);
    let cancelled =
        "# P\n\n### Stage 1 — Base\n- Cancelled — refund the payment\n- Blocked — waiting for legal\n";
    assert_groups(cancelled, &[("1", "pending")]);
}
