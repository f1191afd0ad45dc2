//! `pplan set`: exact output, dry runs, the lock, and a person's concurrent edit.

use std::fs::{self, OpenOptions};
use std::io::Write;

use crate::harness::Test;

pub const CANONICAL: &str = "# Task Plan: Checkout service

## Goal
Ship a checkout API and UI that pass the end-to-end suite.

## Current Group
Group 1

## Next Step
Spawn BE-001 and FE-001.

## Groups

### Group 1: Backend and frontend
- **Status:** in_progress
- [ ] BE-001: Build the payment endpoints
- [ ] FE-001: Build the cart page

### Group 2: Integration
- **Status:** pending
- [ ] INT-001: Wire the cart to the API (depends: BE-001, FE-001)

## Decisions Made
| Decision | Rationale |
|----------|-----------|

## Errors Encountered
| Error | Task | Attempt | Approach | Resolution |
|-------|------|---------|----------|------------|
";

#[test]
fn set_a_task_changes_one_byte_and_says_so() {
    Test::new()
        .file("task_plan.md", CANONICAL)
        .args(["set", "BE-001", "complete"])
        .stdout("BE-001: pending → complete\n")
        .file_eq("task_plan.md", CANONICAL.replace("- [ ] BE-001", "- [x] BE-001"))
        .success();
}

#[test]
fn set_to_the_current_state_writes_nothing() {
    Test::new()
        .file("task_plan.md", CANONICAL)
        .args(["set", "FE-001", "pending"])
        .stdout("FE-001: pending (unchanged)\n")
        .file_eq("task_plan.md", CANONICAL)
        .success();
}

#[test]
fn set_a_group_rewrites_its_label_value() {
    Test::new()
        .file("task_plan.md", CANONICAL)
        .args(["set", "--group", "2", "in-progress"])
        .stdout("group 2: pending → in_progress\n")
        .file_eq("task_plan.md", CANONICAL.replace("- **Status:** pending", "- **Status:** in_progress"))
        .success();
}

#[test]
fn dry_run_prints_the_diff_and_writes_nothing() {
    Test::new()
        .file("task_plan.md", CANONICAL)
        .args(["set", "--text", "cart page", "blocked", "--dry-run"])
        .stdout(
            "--- a/task_plan.md\n+++ b/task_plan.md\n@@ -15,5 +15,5 @@\n \
             - **Status:** in_progress\n \
             - [ ] BE-001: Build the payment endpoints\n\
             -- [ ] FE-001: Build the cart page\n\
             +- [!] FE-001: Build the cart page\n \n \
             ### Group 2: Integration\n",
        )
        .file_eq("task_plan.md", CANONICAL)
        .success();
}

#[test]
fn set_json_reports_the_change() {
    Test::new()
        .file("task_plan.md", CANONICAL)
        .args(["--json", "set", "INT-001", "skipped"])
        .stdout(
            "{\"schema_version\":1,\"kind\":\"set\",\"path\":\"task_plan.md\",\"target\":\"task\",\"id\":\"INT-001\",\
             \"from\":\"pending\",\"to\":\"skipped\",\"changed\":true,\"dry_run\":false,\"diff\":null,\"warning\":null}\n",
        )
        .file_eq("task_plan.md", CANONICAL.replace("- [ ] INT-001", "- [-] INT-001"))
        .success();
}

#[test]
fn a_held_lock_is_busy_naming_the_holder() {
    let t = Test::new().file("task_plan.md", CANONICAL).file(".pplan/lock", "");
    let lock_path = t.dir.path().join(".pplan/lock");
    let mut held = OpenOptions::new().write(true).open(&lock_path).expect("open lock");
    held.lock().expect("lock");
    held.write_all(b"pid 4242 (pplan merge)\n").expect("write holder");
    t.env("PPLAN_LOCK_TIMEOUT_MS", "200")
        .args(["set", "BE-001", "complete"])
        .stderr(
            "error: busy: `./.pplan/lock` is held by pid 4242 (pplan merge)\n\
             hint: retry when it finishes, or raise `PPLAN_LOCK_TIMEOUT_MS`\n",
        )
        .file_eq("task_plan.md", CANONICAL)
        .status(4);
    drop(held);
}

#[test]
#[cfg_attr(not(debug_assertions), ignore = "needs the fault points of a debug build")]
fn a_concurrent_human_edit_is_never_clobbered() {
    let t = Test::new().file("task_plan.md", CANONICAL);
    let dir = t.dir.path().to_path_buf();
    let edited = CANONICAL.replace("Spawn BE-001 and FE-001.", "Spawn BE-001 first (edited by hand).");
    let signal = dir.join(".pplan/signal");
    let person = {
        let (path, edited, signal) = (dir.join("task_plan.md"), edited.clone(), signal.clone());
        std::thread::spawn(move || {
            crate::harness::wait_for(&signal);
            fs::write(path, edited).expect("person edits");
        })
    };
    t.env("PPLAN_FAULT", "before-replace:pause-1500")
        .env("PPLAN_FAULT_SIGNAL", signal.to_str().expect("path"))
        .args(["set", "BE-001", "complete"])
        .stderr(
            "error: `./task_plan.md` changed while pplan was updating it; nothing written\n\
             hint: someone edited the file meanwhile; rerun the command\n",
        )
        .file_eq("task_plan.md", &edited)
        .status(4);
    person.join().expect("person thread");
}

#[test]
fn an_insert_that_would_change_other_lines_is_refused() {
    // After a heading, the indented line is a code block; a status line inserted above it would
    // turn it into a nested list item (a new task). pplan refuses and writes nothing.
    let plan = "# Phase 0: Title\n    - [~] A-0: code, not a task\n";
    Test::new()
        .file("task_plan.md", plan)
        .args(["set", "--group", "0", "complete"])
        .stderr("error: refusing to write `./task_plan.md`: the edit changed the plan's shape (0 → 1 tasks, 1 → 1 groups)\n")
        .file_eq("task_plan.md", plan)
        .status(1);
}

#[test]
fn a_symlinked_plan_is_edited_through_the_link() {
    let t = Test::new().file("real/plan.md", CANONICAL);
    std::os::unix::fs::symlink("real/plan.md", t.dir.path().join("task_plan.md")).expect("symlink");
    let done = t.args(["set", "BE-001", "complete"]).stdout("BE-001: pending → complete\n").success();
    let link = done.dir.path().join("task_plan.md");
    assert!(fs::symlink_metadata(&link).expect("lstat").file_type().is_symlink(), "the link stays a link");
    let real = fs::read_to_string(done.dir.path().join("real/plan.md")).expect("real");
    assert_eq!(real, CANONICAL.replace("- [ ] BE-001", "- [x] BE-001"));
}

/// `**Status:** 20% - Issue #14 offen` was rewritten to `… Issue #14 In Arbeit`: `offen` there is a
/// word about an issue, not the phase's status. The value states no status, so a set writes its
/// leading words (`20%`) and keeps the rest; it never adds a second status line.
#[test]
fn a_status_word_inside_a_label_sentence_is_not_rewritten() {
    let plan = "# Plan\n\n## Phase 1: Import\n**Status:** 20% - Issue #14 offen\n- [x] Read\n- [ ] Write\n";
    Test::new()
        .file("task_plan.md", plan)
        .args(["set", "--group", "1", "complete"])
        .stdout(
            "group 1: in_progress → complete\n\
             warning: 1 of group 1's 2 tasks are open; `pplan check` reports a group marked complete with open tasks (complete-with-open-tasks)\n",
        )
        .file_eq("task_plan.md", plan.replace("20% - Issue", "complete - Issue"))
        .success();
}

/// A table cell `half done, waiting on Apple cert` was read as complete, and `set --group 8
/// in_progress` wrote `half in_progress, waiting on Apple cert`.
#[test]
fn a_status_word_inside_a_table_cell_phrase_is_not_rewritten() {
    let plan = "# Plan\n\n## Phases\n| Phase | Status |\n|---|---|\n| 7 | done |\n| 8 | two thirds done, waiting on Apple cert |\n";
    // The cell's words are pplan's to replace only as a whole phrase, as on a status line whose
    // words it does not know: the remark after the comma stays.
    Test::new()
        .file("task_plan.md", plan)
        .args(["set", "--group", "8", "in_progress"])
        .stdout("group 8: pending → in_progress\n")
        .file_eq("task_plan.md", plan.replace("two thirds done,", "in_progress,"))
        .success();
    // A blank status cell takes the word, in the other rows' language, a space either side.
    let blank = "# Plano\n\n| # | Fase | Como está |\n|---|---|---|\n| 1 | Código | concluídas, 28/28 |\n| 2 | Exame | ✅ passei |\n| 3 | Aulas práticas |  |\n";
    Test::new()
        .file("task_plan.md", blank)
        .args(["set", "--group", "3", "in_progress"])
        .stdout("group 3: pending → in_progress\n")
        .file_eq("task_plan.md", blank.replace("práticas |  |", "práticas | em andamento |"))
        .success();
}

/// A checklist of phases beside the phases' own headings is one set of groups: `set` edits
/// the checkbox and the status line, and refuses when they disagree. Beside the words a box
/// says only whether the work is done: open for in progress, in a file with no mark for it.
#[test]
fn a_checklist_and_headings_of_the_same_groups_are_set_together() {
    let plan = "# Plan\n\n## Phases\n- [x] Phase 1: Read\n- [ ] Phase 2: Write\n\n## Phase 1: Read\n- **Status:** complete\n- [x] a\n\n## Phase 2: Write\n- **Status:** complete\n- [x] b\n";
    Test::new()
        .file("task_plan.md", plan)
        .args(["set", "--group", "2", "in_progress"])
        .stdout("")
        .stderr(
            "error: cannot write a status for group `2`: line 12 says `complete` and line 5 says `[ ]`; make them agree first\n",
        )
        .file_eq("task_plan.md", plan)
        .status(2);
    let agreed = plan.replace("- [ ] Phase 2", "- [x] Phase 2");
    Test::new()
        .file("task_plan.md", &agreed)
        .args(["set", "--group", "2", "in_progress"])
        .stdout("group 2: complete → in_progress\n")
        .file_eq(
            "task_plan.md",
            agreed
                .replace("- [x] Phase 2", "- [ ] Phase 2")
                .replace("**Status:** complete\n- [x] b", "**Status:** in_progress\n- [x] b"),
        )
        .success();
    // A file that marks work under way in its boxes gets its mark.
    let marked = format!("{agreed}- [~] c\n");
    Test::new()
        .file("task_plan.md", &marked)
        .args(["set", "--group", "2", "in_progress"])
        .file_eq(
            "task_plan.md",
            marked
                .replace("- [x] Phase 2", "- [~] Phase 2")
                .replace("**Status:** complete\n- [x] b", "**Status:** in_progress\n- [x] b"),
        )
        .success();
}

/// A plan that states a group's status in two places that disagree: `set` does not guess.
#[test]
fn set_refuses_when_two_places_disagree_about_a_group() {
    let plan = "# Plan\n\n## Phase 1: Import ✅\n**Status:** in_progress\n- [x] Read\n";
    Test::new()
        .file("task_plan.md", plan)
        .args(["set", "--group", "1", "complete"])
        .stdout("")
        .stderr(
            "error: cannot write a status for group `1`: line 3 says `✅` and line 4 says `in_progress`; make them agree first\n",
        )
        .file_eq("task_plan.md", plan)
        .status(2);
}

/// A group whose tasks are a table right under its heading: the new status line gets a blank
/// line after it, or the table would read as the line's paragraph and lose its tasks (the write
/// was refused, exit 1).
#[test]
fn a_status_line_above_a_task_table_keeps_the_table() {
    let plan = "# Plan\n\n## Phase 1\n| # | Task | Status |\n|---|---|---|\n| 1.1 | Model | Done |\n| 1.2 | Calendar | Pending |\n";
    Test::new()
        .file("task_plan.md", plan)
        .args(["set", "--group", "1", "blocked"])
        .stdout("group 1: in_progress → blocked\n")
        .file_eq("task_plan.md", plan.replace("## Phase 1\n", "## Phase 1\n- **Status:** blocked\n\n"))
        .success();
}

/// `--group 2` names a group whose id is the CJK numeral `二` (and `Step 2` a `### Step 2`).
#[test]
fn digits_name_a_group_numbered_in_cjk() {
    let plan = "# 计划\n\n## 阶段一：设计（已完成）\n- [x] 草图\n\n## 阶段二：实现（进行中）\n- [ ] 接口\n";
    Test::new()
        .file("task_plan.md", plan)
        .args(["set", "--group", "2", "blocked"])
        .stdout("group 二: in_progress → blocked\n")
        .file_eq("task_plan.md", plan.replace("实现（进行中）", "实现（已阻塞）"))
        .success();
}

/// `set --group G away` then `set --group G back` in one plan directory: the plan after each,
/// exactly.
pub(crate) fn away_and_back(plan: &str, group: &str, away: &str, after_away: &str, back: &str) {
    let done = Test::new()
        .file("task_plan.md", plan)
        .args(["set", "--group", group, away])
        .file_eq("task_plan.md", after_away)
        .success();
    let (code, _, stderr) = crate::harness::pplan(done.dir.path(), &["set", "--group", group, back]);
    assert_eq!(code, Some(0), "{stderr}");
    let got = fs::read(done.dir.path().join("task_plan.md")).expect("read plan");
    assert!(got == plan.as_bytes(), "set back gave:\n{}", String::from_utf8_lossy(&got));
}

/// Headings that write their statuses in sentence case (`— Not started`): the way back from
/// blocked is `In progress`, not pplan's own `In Progress`.
#[test]
fn a_sentence_case_status_heading_set_away_and_back_is_unchanged() {
    let plan = "## Plan: retire the cron VM\n\n### 1. Inventory — Done\n- [x] Dump crontab\n\n### 2. Port jobs — In progress\n- [x] backup\n- [ ] digest\n\n### 3. Monitoring — Not started\n- [ ] Alerts\n";
    let blocked = plan.replace("Port jobs — In progress", "Port jobs — Blocked");
    away_and_back(plan, "2", "blocked", &blocked, "in_progress");
}

/// A status word the file has never written takes the case its statuses are written in there:
/// sentence case here, whatever pplan's own spelling would be.
#[test]
fn a_new_status_word_takes_the_case_of_the_file() {
    let plan = "# Plan\n\n### 1. Inventory — Done\n- [x] Dump\n\n### 2. Port — Not started\n- [ ] Port\n\n### 3. Monitor — Not started\n- [ ] Alerts\n";
    Test::new()
        .file("task_plan.md", plan)
        .args(["set", "--group", "2", "in_progress"])
        .file_eq("task_plan.md", plan.replace("Port — Not started", "Port — In progress"))
        .success();
    let upper = "# Plan\n\n## Phase 1: Read — DONE\n- [x] a\n\n## Phase 2: Write — NOT STARTED\n- [ ] b\n";
    Test::new()
        .file("task_plan.md", upper)
        .args(["set", "--group", "2", "in_progress"])
        .file_eq("task_plan.md", upper.replace("NOT STARTED", "IN PROGRESS"))
        .success();
}

const FLAGS: &str = "# Feature flags\n\n## Phases\n\n| # | Phase | Status | Notes |\n|---|-------|--------|-------|\n| 1 | Discovery | ✅ Done | read the field |\n| 2 | Beta | 🚧 In progress | 3 services |\n| 3 | GA | Not started | |\n";

/// The only `🚧 In progress` of a status table, set to blocked and back: the symbol and the
/// words come back as the file wrote them (it came back `🔄 In Progress`). The spelling that left
/// the file is remembered in `.pplan/`.
#[test]
fn the_last_emoji_status_of_a_table_set_away_and_back_is_unchanged() {
    let blocked = FLAGS.replace("🚧 In progress", "🚫 Blocked");
    away_and_back(FLAGS, "2", "blocked", &blocked, "in_progress");
}

/// Without the remembered spelling (a fresh clone), what the file says is all there is: its
/// case, and pplan's symbol for a status the file never gave one.
#[test]
fn without_a_remembered_spelling_the_file_still_gives_the_case() {
    let blocked = FLAGS.replace("🚧 In progress", "🚫 Blocked");
    Test::new()
        .file("task_plan.md", &blocked)
        .args(["set", "--group", "2", "in_progress"])
        .file_eq("task_plan.md", FLAGS.replace("🚧 In progress", "🔄 In progress"))
        .success();
}

/// `.pplan/spellings.json` is untrusted: an entry that is not a plain status spelling of its
/// status is ignored, and so is a link in its place.
#[test]
fn a_remembered_spelling_is_untrusted() {
    let blocked = FLAGS.replace("🚧 In progress", "🚫 Blocked");
    let forged = r#"{"schema_version":1,"spellings":[
        {"place":"cell","status":"in_progress","text":"🚧 In progress | x |\n| 9 | Injected"},
        {"place":"cell","status":"in_progress","text":"🚫 Done"}]}"#;
    Test::new()
        .file("task_plan.md", &blocked)
        .file(".pplan/spellings.json", forged)
        .args(["set", "--group", "2", "in_progress"])
        .file_eq("task_plan.md", FLAGS.replace("🚧 In progress", "🔄 In progress"))
        .success();
    #[cfg(unix)]
    {
        let t = Test::new()
            .file("task_plan.md", &blocked)
            .file("elsewhere.json", forged.replace("🚫 Done", "🚧 In progress"));
        fs::create_dir_all(t.dir.path().join(".pplan")).expect("state dir");
        std::os::unix::fs::symlink(
            t.dir.path().join("elsewhere.json"),
            t.dir.path().join(".pplan/spellings.json"),
        )
        .expect("link");
        t.args(["set", "--group", "2", "in_progress"])
            .file_eq("task_plan.md", FLAGS.replace("🚧 In progress", "🔄 In progress"))
            .success();
    }
}

/// A CRLF plan whose one done day is a `✔` after its heading: it comes back `✔`, not `✅`.
#[test]
fn a_tick_after_a_heading_set_away_and_back_is_unchanged() {
    let plan = "# Hackathon\r\n\r\n### Day 1 — Mon ✔\r\n- [x] Slack app\r\n\r\n### Day 2 — Tue\r\n- [x] Parse\r\n- [ ] Ramp API\r\n";
    let blocked = plan.replace("Mon ✔", "Mon 🚫");
    away_and_back(plan, "1", "blocked", &blocked, "complete");
}

/// An Italian status line whose symbol is the file's only `⏸️` (the word after it is the
/// person's): it comes back `⏸️`, not `⏳`.
#[test]
fn a_pause_symbol_on_a_label_set_away_and_back_is_unchanged() {
    let plan = "# Piano\n\n## Iterazione 1 — Prototipo\n**Stato:** ✅ Completata\n- [x] Wireframe\n\n## Iterazione 2 — Pagamenti\n**Stato:** ⏸️ Sospesa\n- [ ] PagoPA\n\n## Iterazione 3 — Lancio\n**Stato:** ⏳ Da fare\n- [ ] Store\n";
    // `Sospesa` (suspended, on hold) reads blocked, as `on hold` does; the file's pending
    // spelling there is `⏳ Da fare`, and the way back is the one the file wrote.
    let pending = plan.replace("⏸️ Sospesa", "⏳ Da fare");
    away_and_back(plan, "2", "pending", &pending, "blocked");
}

const CHURN: &str = "# Churn model\n\n## Overview\n1. Phase 1 – Data audit ✅\n2. Phase 2 – Training 🔄\n3. Phase 3 – Serving ⏳\n\n---\n\n## Phase 1 – Data audit\n**Status:** complete\n- [x] Leakage\n\n## Phase 2 – Training\n**Status:** in_progress\n- [ ] Calibrate\n\n## Phase 3 – Serving\n**Status:** pending\n- [ ] Batch job\n";

/// An overview that numbers the phases with their status symbols, beside the phases' headings
/// with status lines: the group's status is written in both places (the overview kept `⏳`
/// and the file disagreed with itself).
#[test]
fn an_overview_list_of_phases_is_set_with_their_headings() {
    let blocked = CHURN
        .replace("3. Phase 3 – Serving ⏳", "3. Phase 3 – Serving 🚫")
        .replace("**Status:** pending", "**Status:** blocked");
    away_and_back(CHURN, "3", "blocked", &blocked, "pending");
    let disagree = CHURN.replace("Serving ⏳", "Serving ✅");
    Test::new()
        .file("task_plan.md", &disagree)
        .args(["set", "--group", "3", "in_progress"])
        .stderr(
            "error: cannot write a status for group `3`: line 19 says `pending` and line 6 says `✅`; make them agree first\n",
        )
        .file_eq("task_plan.md", &disagree)
        .status(2);
}

/// One bullet naming a phase with a symbol after it, alone in its section (a log line), is a
/// remark about the phase, not a second place its status is kept.
#[test]
fn a_lone_bullet_naming_a_phase_is_not_a_second_form() {
    let plan = "# Plan\n\n## Phase 1: Read\n**Status:** complete\n- [x] a\n\n## Phase 2: Write\n**Status:** pending\n- [ ] b\n\n## Log\n- Phase 1 🔄\n";
    Test::new()
        .file("task_plan.md", plan)
        .args(["set", "--group", "1", "blocked"])
        .file_eq("task_plan.md", plan.replace("**Status:** complete", "**Status:** blocked"))
        .success();
}

const REINDEX: &str = "# Goal\n\nIncremental reindex from CMS webhooks.\n\nLegend: 🟢 done · 🟡 in progress · 🔴 blocked · ⚪ not started\n\n# Iteration 1: Webhook receiver 🟢\n\n- [x] Verify the signature\n\n# Iteration 2: Indexer 🟡\n\n- [ ] Deletes\n\n# Iteration 3: Backfill\n**Status:** 🔴 waiting on finance\n\n- [ ] Weekly diff\n\n# Iteration 4: Turn off the nightly job ⚪\n\n- [ ] Disable cron\n";

/// A legend line teaches the plan's own symbols: `🔴` after a title or on a status line reads
/// blocked (only `🟡` was read), and a status set away and back is written with them.
#[test]
fn a_legend_teaches_the_symbols_of_its_plan() {
    let done = Test::new().file("task_plan.md", REINDEX).args(["status", "--json"]).success();
    let status: serde_json::Value = serde_json::from_slice(&done.stdout).expect("json");
    let groups: Vec<(&str, &str, &str)> = status["groups"]
        .as_array()
        .expect("groups")
        .iter()
        .map(|g| {
            (
                g["id"].as_str().unwrap_or(""),
                g["stored_status"].as_str().unwrap_or("-"),
                g["title"].as_str().unwrap_or(""),
            )
        })
        .collect();
    assert_eq!(
        groups,
        [
            ("1", "complete", "Webhook receiver"),
            ("2", "in_progress", "Indexer"),
            ("3", "blocked", "Backfill"),
            ("4", "pending", "Turn off the nightly job"),
        ]
    );
    away_and_back(REINDEX, "1", "blocked", &REINDEX.replace("receiver 🟢", "receiver 🔴"), "complete");
    away_and_back(REINDEX, "3", "skipped", &REINDEX.replace("🔴 waiting", "⏭️ waiting"), "blocked");
    away_and_back(REINDEX, "4", "in_progress", &REINDEX.replace("job ⚪", "job 🟡"), "pending");
}

/// An open box on a group whose subtask is done reads in progress: set away and back keeps the
/// box open, and pending, which such a box cannot say, is refused with the file untouched.
#[test]
fn an_open_box_on_a_started_group_reads_in_progress_and_cannot_say_pending() {
    let plan = "# Plan\n\n## Phases\n- [x] **Phase 1: Storage**\n  - [x] Schema\n- [ ] **Phase 2: Sync**\n  - [x] Queue edits\n  - [ ] Replay\n";
    Test::new()
        .file("task_plan.md", plan)
        .args(["set", "--group", "2", "in_progress"])
        .stdout("group 2: in_progress (unchanged)\n")
        .file_eq("task_plan.md", plan)
        .success();
    let blocked = plan.replace("- [ ] **Phase 2", "- [!] **Phase 2");
    away_and_back(plan, "2", "blocked", &blocked, "in_progress");
    Test::new()
        .file("task_plan.md", plan)
        .args(["set", "--group", "2", "pending"])
        .stderr("error: cannot write a status for group `2`: its box reads in progress while its tasks have started; set them back first\n")
        .file_eq("task_plan.md", plan)
        .status(2);
}

/// A plan kept by hand under headings with no ids: `set` writes a status line under the heading
/// and touches nothing else. A board column is never renamed: any status other than its own is
/// refused with the file untouched, and its own is a no-op.
#[test]
fn headings_without_ids_take_a_status_line_and_a_board_column_is_never_renamed() {
    let plan = "# todo\n\n## Backend\n- [x] API\n- [ ] ~~GraphQL~~ not worth it\n- [ ] paging\n\n## Frontend\n- [ ] list page\n";
    Test::new()
        .file("task_plan.md", plan)
        .args(["set", "--group", "2", "in_progress"])
        .stdout("group 2: pending → in_progress\n")
        .file_eq("task_plan.md", plan.replace("## Frontend\n", "## Frontend\n- **Status:** in_progress\n"))
        .success();
    let board = "# Board\n\n## Doing\n- [ ] Password form\n\n## Done\n- [x] Layout\n";
    Test::new()
        .file("task_plan.md", board)
        .args(["set", "--group", "1", "complete"])
        .stderr("error: cannot write a status for group `1`: it is the board column `Doing`, whose status is where its items are; move them under the column you mean\n")
        .file_eq("task_plan.md", board)
        .status(2);
    Test::new()
        .file("task_plan.md", board)
        .args(["set", "--group", "2", "complete"])
        .stdout("group 2: complete (unchanged)\n")
        .file_eq("task_plan.md", board)
        .success();
}

/// A card left open on a board's `## Doing` column is being done: `status` lists it in
/// progress, `next` never offers it (the next card is the top of `## Todo`), `set` ticks it
/// done, and pending is refused (an open box there reads in progress) with the file untouched.
#[test]
fn an_open_card_on_a_doing_column_is_in_progress_and_never_offered() {
    let board = "# Board\n\n## Todo\n- [ ] Docs\n\n## Doing\n- [ ] Password form\n\n## Done\n- [x] Layout\n";
    Test::new().file("task_plan.md", board).args(["next"]).stdout("Docs (group 1)\n").success();
    Test::new()
        .file("task_plan.md", board)
        .args(["set", "--text", "Password", "pending"])
        .stderr("error: cannot write a status for task `Password form`: an open box on the board column `Doing` reads in_progress; move it under the column you mean\n")
        .file_eq("task_plan.md", board)
        .status(2);
    Test::new()
        .file("task_plan.md", board)
        .args(["set", "--text", "Password", "complete"])
        .stdout("\"Password form\": in_progress → complete\n")
        .file_eq("task_plan.md", board.replace("- [ ] Password", "- [x] Password"))
        .success();
    // A ticked card there cannot be set pending either (its box opened would read in
    // progress), and in progress opens its box.
    let ticked = board.replace("- [ ] Password", "- [x] Password");
    Test::new()
        .file("task_plan.md", &ticked)
        .args(["set", "--text", "Password", "pending"])
        .stderr("error: cannot write a status for task `Password form`: an open box on the board column `Doing` reads in_progress; move it under the column you mean\n")
        .file_eq("task_plan.md", &ticked)
        .status(2);
    Test::new()
        .file("task_plan.md", &ticked)
        .args(["set", "--text", "Password", "in_progress"])
        .stdout("\"Password form\": complete → in_progress\n")
        .file_eq("task_plan.md", board)
        .success();
}

/// A task heading with no status line gets one right under it, after a setext underline too
/// (where it goes is kept beside the tasks, per heading).
#[test]
fn a_task_heading_gets_its_status_line_under_it() {
    let plan = "Phase 1: A\n==========\n\n### Task T-1: Write it\nwords\n\nTask T-2: Test it\n-----------------\nmore\n";
    let one = plan.replace("Write it\n", "Write it\n- **Status:** in_progress\n");
    Test::new()
        .file("task_plan.md", plan)
        .args(["set", "T-1", "in_progress"])
        .stdout("T-1: pending → in_progress\n")
        .file_eq("task_plan.md", &one)
        .success();
    Test::new()
        .file("task_plan.md", &one)
        .args(["set", "T-2", "complete"])
        .stdout("T-2: pending → complete\n")
        .file_eq(
            "task_plan.md",
            one.replace("-----------------\n", "-----------------\n- **Status:** complete\n"),
        )
        .success();
}
