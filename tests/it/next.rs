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
             \"claim\":null,\"claimed_by\":null,\"stolen_from\":null,\"group\":\"1\",\"ready_total\":2,\"in_progress_total\":0,\"all_done\":false}\n",
        )
        .success();
}

fn claims_in(plan: &str) -> Vec<(String, String)> {
    plan.lines()
        .filter_map(|l| {
            let id = l.split(": ").next()?.rsplit(' ').next()?.to_string();
            let by = l.split("(claimed: ").nth(1)?.split(' ').next()?.to_string();
            Some((id, by))
        })
        .collect()
}

#[test]
fn a_claim_marks_the_task_in_progress_and_writes_the_claimant_on_its_line() {
    let done = Test::new()
        .file("task_plan.md", PLAN)
        .args(["next", "--claim", "--as", "alice"])
        .stdout("BE-002: Build refunds (group 1): claimed by alice\n")
        .success();
    let plan = std::fs::read_to_string(done.dir.path().join("task_plan.md")).expect("plan");
    let stamp = &plan[plan.find("(claimed: alice ").expect("claim") + 16..][..17];
    assert!(stamp.ends_with('Z') && stamp.as_bytes()[10] == b'T', "{stamp}");
    assert_eq!(
        plan,
        PLAN.replace(
            "- [ ] BE-002: Build refunds (depends: BE-001)",
            &format!("- [~] BE-002: Build refunds (claimed: alice {stamp}) (depends: BE-001)")
        )
    );
    let d = done.dir.path();
    // Claims show in next, status, poll and show.
    let (code, out, _) = crate::harness::pplan(d, &["next"]);
    assert_eq!((code, out.as_str()), (Some(0), "BE-004: Build the audit log (group 1)\n"));
    let (_, status, _) = crate::harness::pplan(d, &["status"]);
    assert!(status.contains("in progress: BE-002 Build refunds (alice)\n"), "{status}");
    assert_eq!(crate::harness::status_json(d)["in_progress"][0]["claimed_by"], "alice");
    let (_, poll, _) = crate::harness::pplan(d, &["poll"]);
    assert!(poll.starts_with("no agents in group 1\nclaim: BE-002 claimed by alice, "), "{poll}");
    let (_, show, _) = crate::harness::pplan(d, &["show", "BE-002"]);
    assert!(show.contains("\nclaimed by alice, "), "{show}");
    // Again as alice: her claim is renewed, not a second task taken.
    let (code, out, _) = crate::harness::pplan(d, &["next", "--claim", "--as", "alice"]);
    assert_eq!(
        (code, out.as_str()),
        (Some(0), "BE-002: Build refunds (group 1): still claimed by alice (claim renewed)\n")
    );
    let (code, out, _) = crate::harness::pplan(d, &["next", "--claim", "--as", "bob"]);
    assert_eq!((code, out.as_str()), (Some(0), "BE-004: Build the audit log (group 1): claimed by bob\n"));
    let (code, out, _) = crate::harness::pplan(d, &["next", "--claim", "--as", "carol"]);
    assert_eq!(
        (code, out.as_str()),
        (Some(5), "nothing ready in group 1: in progress: BE-002 (alice), BE-004 (bob)\n")
    );
}

#[test]
fn a_stale_claim_is_taken_over_with_steal_and_said_so() {
    let plan = PLAN
        .replace(
            "- [ ] BE-002: Build refunds",
            "- [~] BE-002: Build refunds (claimed: bob 2026-01-02T03:04Z)",
        )
        .replace(
            "- [ ] BE-004: Build the audit log",
            "- [~] BE-004: Build the audit log (claimed: eve 2099-01-01T00:00Z)",
        );
    let t = Test::new().file("task_plan.md", &plan).file("pplan.yaml", "stall_minutes: 30\n");
    let d = t.dir.path().to_path_buf();
    let (code, out, _) = crate::harness::pplan(&d, &["next", "--claim", "--as", "alice"]);
    assert_eq!(
        (code, out.as_str()),
        (Some(5), "nothing ready in group 1: in progress: BE-002 (bob), BE-004 (eve)\n")
    );
    assert_eq!(std::fs::read_to_string(d.join("task_plan.md")).expect("plan"), plan, "nothing written");
    let (code, out, _) = crate::harness::pplan(&d, &["next", "--claim", "--as", "alice", "--steal"]);
    assert_eq!(code, Some(0));
    assert!(out.starts_with("BE-002: Build refunds (group 1): stolen from bob (idle "), "{out}");
    assert!(out.ends_with("), now claimed by alice\n"), "{out}");
    let after = std::fs::read_to_string(d.join("task_plan.md")).expect("plan");
    assert_eq!(
        claims_in(&after),
        [("BE-002".to_string(), "alice".to_string()), ("BE-004".into(), "eve".into())]
    );
    // A claim not yet stale (eve's) is never stolen.
    let (code, _, _) = crate::harness::pplan(&d, &["next", "--claim", "--as", "mallory", "--steal"]);
    assert_eq!(code, Some(5));
}

#[test]
fn claim_refusals() {
    Test::new()
        .file("task_plan.md", PLAN)
        .args(["next", "--claim", "--as", "a b"])
        .stderr("error: `a b` is not a claimant name\nhint: usage: pplan next --claim --as NAME (1-64 of A-Z a-z 0-9 . _ @ -)\n")
        .file_eq("task_plan.md", PLAN)
        .status(2);
    Test::new().file("task_plan.md", PLAN).args(["next", "--claim"]).file_eq("task_plan.md", PLAN).status(2);
    Test::new().file("task_plan.md", PLAN).args(["next", "--steal"]).file_eq("task_plan.md", PLAN).status(2);
}

/// Eight sessions claim at once: every task is claimed exactly once, nobody gets two.
#[test]
fn eight_concurrent_claimers_each_get_a_distinct_task() {
    let tasks: String = (1..=6).map(|n| format!("- [ ] T-{n:03}: Task {n}\n")).collect();
    let plan =
        format!("# Task Plan: Race\n\n## Groups\n\n### Group 1: All\n- **Status:** in_progress\n{tasks}");
    let t = Test::new().file("task_plan.md", &plan);
    let d = t.dir.path().to_path_buf();
    let handles: Vec<_> = (0..8)
        .map(|n| {
            let d = d.clone();
            std::thread::spawn(move || {
                let name = format!("s{n}");
                crate::harness::pplan(&d, &["next", "--claim", "--as", &name])
            })
        })
        .collect();
    let results: Vec<_> = handles.into_iter().map(|h| h.join().expect("thread")).collect();
    let won = results.iter().filter(|(code, _, _)| *code == Some(0)).count();
    let lost = results.iter().filter(|(code, _, _)| *code == Some(5)).count();
    assert_eq!((won, lost), (6, 2), "{results:?}");
    let after = std::fs::read_to_string(d.join("task_plan.md")).expect("plan");
    let claims = claims_in(&after);
    let mut ids: Vec<&str> = claims.iter().map(|(id, _)| id.as_str()).collect();
    let mut names: Vec<&str> = claims.iter().map(|(_, by)| by.as_str()).collect();
    ids.sort();
    names.sort();
    names.dedup();
    assert_eq!(ids, ["T-001", "T-002", "T-003", "T-004", "T-005", "T-006"], "{after}");
    assert_eq!(names.len(), 6, "one task per claimant: {after}");
    assert_eq!(after.matches("- [~] ").count(), 6);
    for (code, out, _) in &results {
        if *code == Some(0) {
            let id = out.split(':').next().expect("id");
            let by = out.trim_end().rsplit(' ').next().expect("name");
            assert!(claims.contains(&(id.to_string(), by.to_string())), "{out} vs {after}");
        }
    }
}

#[test]
fn a_plan_without_groups_and_crlf() {
    let plan = "# Task Plan: Flat\r\n\r\n- [x] T-1: Scaffold\r\n- [ ] T-2: Build (depends: T-1)\r\n";
    let done = Test::new()
        .file("task_plan.md", plan)
        .args(["next", "--claim", "--as", "ana"])
        .stdout("T-2: Build: claimed by ana\n")
        .success();
    let after = std::fs::read_to_string(done.dir.path().join("task_plan.md")).expect("plan");
    let stamp = &after[after.find("(claimed: ana ").expect("claim") + 14..][..17];
    assert_eq!(
        after,
        plan.replace(
            "- [ ] T-2: Build (depends: T-1)",
            &format!("- [~] T-2: Build (claimed: ana {stamp}) (depends: T-1)")
        )
    );
}

#[test]
fn a_claim_in_a_task_table_goes_into_the_task_cell() {
    let plan = "# Task Plan: Table\n\n## Phase 1: Build\n**Status:** in_progress\n\n\
                | # | Task | Status |\n|---|------|--------|\n| 1.1 | Scaffold | complete |\n\
                | 1.2 | Build the API | pending |\n";
    let done = Test::new()
        .file("task_plan.md", plan)
        .args(["next", "--claim", "--as", "ana"])
        .stdout("1.2: Build the API (group 1): claimed by ana\n")
        .success();
    let after = std::fs::read_to_string(done.dir.path().join("task_plan.md")).expect("plan");
    let stamp = &after[after.find("(claimed: ana ").expect("claim") + 14..][..17];
    assert_eq!(
        after,
        plan.replace(
            "| 1.2 | Build the API | pending |",
            &format!("| 1.2 | Build the API (claimed: ana {stamp}) | in_progress |")
        )
    );
}

/// `next --json` gives a table task's text unescaped (`a | b`); `next --claim --json` gave it as
/// the cell writes it (`a \| b`), so one task had two texts in one contract.
#[test]
fn a_claimed_table_task_reads_unescaped_in_json_like_next() {
    let plan =
        "### Phase 1: A\n\n| # | Task | Status |\n|---|------|--------|\n| 1.1 | a \\| b | pending |\n";
    let want = |claim: &str, by: &str, ready: u32| {
        format!(
            "{{\"schema_version\":1,\"kind\":\"next\",\"task\":{{\"id\":\"1.1\",\"text\":\"a | b\",\"line\":5}},\"claim\":{claim},\"claimed_by\":{by},\"stolen_from\":null,\"group\":\"1\",\"ready_total\":{ready},\"in_progress_total\":0,\"all_done\":false}}\n"
        )
    };
    Test::new()
        .file("task_plan.md", plan)
        .args(["next", "--json"])
        .stdout(&want("null", "null", 1))
        .success();
    Test::new()
        .file("task_plan.md", plan)
        .args(["next", "--claim", "--as", "ana", "--json"])
        .stdout(&want("\"claimed\"", "\"ana\"", 0))
        .success();
}

/// A task without an id shows its claim (`show` matched claims by id only).
#[test]
fn show_names_the_claim_of_a_task_without_an_id() {
    let plan = "# Plan\n\n## Phase 1: Build\n- [~] Write the docs (claimed: alice 2099-01-01T00:00Z)\n";
    Test::new()
        .file("task_plan.md", plan)
        .args(["show", "Write the docs"])
        .stdout(
            "Write the docs\nstatus: in_progress (task_plan.md line 4)\nclaimed by alice, 0s ago\n\
             group: 1 Build (in_progress)\ndepends on: -\nneeded by: -\nagent: -\nerrors: -\ndecisions: -\n",
        )
        .success();
}

/// Two tasks without ids and with one text: `next --claim` names the one it claimed (its group
/// and line), not the first with that text.
#[test]
fn a_claim_names_the_task_it_took_among_tasks_with_one_text() {
    let plan = "# Plan\n\n## Phase 1: Build\n- [x] Review\n\n## Phase 2: Ship\n- [ ] Review\n- [ ] Review\n";
    let t = Test::new()
        .file("task_plan.md", plan)
        .args(["next", "--claim", "--as", "alice"])
        .stdout("Review (group 2): claimed by alice\n")
        .success();
    let (code, out, _) = crate::harness::pplan(t.dir.path(), &["--json", "next", "--claim", "--as", "bob"]);
    let json: serde_json::Value = serde_json::from_str(&out).expect("json");
    assert_eq!(
        (code, &json["task"]["line"], &json["group"]),
        (Some(0), &serde_json::json!(8), &serde_json::json!("2"))
    );
}
