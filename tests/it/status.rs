//! `pplan status`: golden text and JSON.

use crate::harness::Test;
use crate::set::CANONICAL;

#[test]
fn status_text_of_the_canonical_plan() {
    Test::new()
        .file("task_plan.md", CANONICAL)
        .args(["status"])
        .stdout(
            "plan: Checkout service\n\
             goal: Ship a checkout API and UI that pass the end-to-end suite.\n\
             progress: 0% (0 of 3 tasks done, 2 groups, 0 error rows)\n\
             current: 1\n\
             groups:\n\
             > 1  in_progress  0/2  Backend and frontend\n\
             \x20 2  pending      0/1  Integration\n\
             in progress: -\n\
             next: BE-001 Build the payment endpoints · FE-001 Build the cart page\n",
        )
        .success();
}

#[test]
fn status_json_of_the_canonical_plan() {
    let plan = CANONICAL.replace("- [ ] BE-001", "- [x] BE-001").replace("- [ ] FE-001", "- [~] FE-001");
    Test::new()
        .file("task_plan.md", plan)
        .args(["status", "--json"])
        .stdout(concat!(
            r#"{"schema_version":1,"kind":"plan-status","path":"task_plan.md","title":"Checkout service","#,
            r#""goal":"Ship a checkout API and UI that pass the end-to-end suite.","#,
            r#""current_group":{"stated":"1","stated_text":"Group 1","derived":"1"},"progress_pct":33,"#,
            r#""tasks":{"total":3,"done":1,"in_progress":1,"blocked":0,"skipped":0,"nested":0},"#,
            r#""groups":[{"id":"1","key":"1","title":"Backend and frontend","line":14,"status":"in_progress","#,
            r#""stored_status":"in_progress","derived_status":"in_progress","note":null,"#,
            r#""tasks":{"total":2,"done":1,"in_progress":1,"blocked":0,"skipped":0,"nested":0}},"#,
            r#"{"id":"2","key":"2","title":"Integration","line":19,"status":"pending","stored_status":"pending","#,
            r#""derived_status":"pending","note":null,"#,
            r#""tasks":{"total":1,"done":0,"in_progress":0,"blocked":0,"skipped":0,"nested":0}}],"#,
            r#""in_progress":[{"id":"FE-001","text":"Build the cart page","group":"1","line":17,"claimed_by":null}],"in_progress_total":1,"#,
            r#""next_tasks":[],"next_tasks_total":0,"error_rows":0,"gate":null,"warnings":[]}"#,
            "\n"
        ))
        .success();
}

#[test]
fn status_text_stays_short_for_a_long_plan() {
    let mut plan = String::from("# Big\n\n## Goal\nMany groups.\n\n");
    for g in 1..=40 {
        plan.push_str(&format!("### Phase {g}: Part {g}\n"));
        for t in 1..=30 {
            let mark = if g < 20 { 'x' } else { ' ' };
            plan.push_str(&format!("- [{mark}] T-{g}-{t}: do thing {t}\n"));
        }
    }
    let out = Test::new().file("task_plan.md", plan).args(["status"]).success();
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(text.lines().count() <= 20, "{} lines:\n{text}", text.lines().count());
    assert_eq!(
        text,
        "plan: Big\ngoal: Many groups.\nprogress: 48% (570 of 1200 tasks done, 40 groups, 0 error rows)\ncurrent: 20\n\
         groups:\n  … 17 before\n\
         \x20 18  complete     30/30  Part 18\n\
         \x20 19  complete     30/30  Part 19\n\
         > 20  pending      0/30   Part 20\n\
         \x20 21  pending      0/30   Part 21\n\
         \x20 22  pending      0/30   Part 22\n\
         \x20 23  pending      0/30   Part 23\n\
         \x20 24  pending      0/30   Part 24\n\
         \x20 25  pending      0/30   Part 25\n\
         \x20 … and 15 more\n\
         in progress: -\n\
         next: T-20-1 do thing 1 · T-20-2 do thing 2 · T-20-3 do thing 3 · … and 27 more\n"
    );
}

/// Groups pplan sees but that carry neither a status nor a task: status says it does not see
/// their state instead of answering "pending" as if it knew.
#[test]
fn groups_without_statuses_or_tasks_are_named_as_unseen() {
    Test::new()
        .file("task_plan.md", "# Plan\n\n## Goal\nShip.\n\n### Phase 1: Build\nWork.\n\n### Phase 2: Ship\nMore work.\n")
        .args(["status"])
        .stdout(
            "plan: Plan\ngoal: Ship.\nprogress: 0% (0 of 2 groups done, 0 error rows)\ncurrent: 1\ngroups:\n\
             > 1  pending      0/0  Build\n  2  pending      0/0  Ship\nin progress: -\nnext: -\n\
             warning: line 1: pplan sees 2 groups but no status and no task in any of them, so each reads as pending; a status is a line such as `- **Status:** complete` under the group (docs/FORMAT.md, Statuses)\n",
        )
        .success();
}

const EXPLAINED: &str = "# Plan\n\n## Phase 1: Import ✅\n- [x] Read\n\n## Phase 2: Build\n**Status:** in progress\n- [ ] Write\n\n## Phase 3: Ship\n- [ ] Tag\n- [ ] Announce\n";

/// `status --explain`: for each group, the line it came from and the line and token its status
/// came from, or how many tasks it was derived from.
#[test]
fn explain_names_the_line_and_token_of_every_status() {
    Test::new()
        .file("task_plan.md", EXPLAINED)
        .args(["status", "--explain"])
        .stdout(
            "group 1 (complete), line 3: ## Phase 1: Import ✅\n  status: line 3, heading `✅` (complete): ## Phase 1: Import ✅\ngroup 2 (in_progress), line 6: ## Phase 2: Build\n  status: line 7, label `in progress` (in_progress): **Status:** in progress\ngroup 3 (pending), line 10: ## Phase 3: Ship\n  status: derived from 2 tasks\n",
        )
        .success();
}

#[test]
fn explain_one_group() {
    Test::new()
        .file("task_plan.md", EXPLAINED)
        .args(["status", "--explain", "2"])
        .stdout("group 2 (in_progress), line 6: ## Phase 2: Build\n  status: line 7, label `in progress` (in_progress): **Status:** in progress\n")
        .success();
}

#[test]
fn explain_as_json_quotes_the_token() {
    let t =
        Test::new().file("task_plan.md", EXPLAINED).args(["status", "--explain", "1", "--json"]).success();
    let v: serde_json::Value = serde_json::from_slice(&t.stdout).expect("json");
    assert_eq!(
        v,
        serde_json::json!({
            "schema_version": 1, "kind": "plan-explain",
            "groups": [{
                "key": "1", "line": 3, "text": "## Phase 1: Import ✅", "status": "complete",
                "stated": [{"line": 3, "token": "✅", "place": "heading", "status": "complete", "text": "## Phase 1: Import ✅"}],
                "derived_from_tasks": null
            }]
        })
    );
}
