//! What pplan says about a plan after real failures: a red gate, a BLOCKED agent, an escalated
//! task, a skipped task. Each test drives the real binary through the failure and reads back
//! every view, byte for byte.

use std::fs;
use std::path::Path;

use crate::harness::{TempDir, pplan};

const PLAN: &str = "# Task Plan: Shop

## Goal
Ship it.

## Current Group
Group 1

## Next Step
Spawn group 1.

## Groups

### Group 1: Backend
- **Status:** pending
- [ ] BE-001: Build the payment endpoints
- [ ] FE-001: Build the cart page

### Group 2: Integration
- **Status:** pending
- [ ] INT-001: Wire the cart to the API

## Decisions Made
| Decision | Rationale |
|----------|-----------|

## Errors Encountered
| Error | Task | Attempt | Approach | Resolution |
|-------|------|---------|----------|------------|
";

/// A temp dir holding `plan` as task_plan.md.
fn planned(plan: &str) -> TempDir {
    let dir = TempDir::new();
    fs::write(dir.path().join("task_plan.md"), plan).expect("plan");
    dir
}

/// Today's date as the files write it, replaced so expectations hold on any day.
fn dated(s: &str) -> String {
    let out = std::process::Command::new("date").args(["-u", "+%Y-%m-%d"]).output().expect("date");
    let today = String::from_utf8_lossy(&out.stdout).trim().to_string();
    s.replace(&today, "DATE")
}

/// Run pplan and check its exit code; returns stdout.
/// Spawn group 1, let BE-001 finish and merge it: the group completes and the current group
/// moves to 2.
fn finish_group_one(d: &Path) {
    ok(d, &["spawn"], 0);
    ok(d, &["log", "--agent", "BE-001", "built the endpoints"], 0);
    ok(d, &["mark", "--agent", "BE-001", "COMPLETE"], 0);
    assert_eq!(
        ok(d, &["merge"], 0),
        "merged group 1: BE-001 (findings.md, progress.md)\ncomplete: BE-001\ngroup 1 complete; current group → 2\n\
         retired the files of BE-001 to .pplan/archive/\n"
    );
}

fn ok(dir: &Path, args: &[&str], code: i32) -> String {
    let (got, out, err) = pplan(dir, args);
    assert_eq!(got, Some(code), "{args:?}\nstdout:\n{out}\nstderr:\n{err}");
    out
}

/// The first line `pplan watch` prints when its output is not a terminal.
fn watch_line(dir: &Path) -> String {
    use std::io::BufRead;
    let mut child = std::process::Command::new(crate::harness::BIN)
        .arg("watch")
        .current_dir(dir)
        .env_remove("PPLAN_DIR")
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("watch");
    let mut line = String::new();
    let stdout = child.stdout.take().expect("stdout");
    std::io::BufReader::new(stdout).read_line(&mut line).expect("a line");
    let _ = child.kill();
    let _ = child.wait();
    // Without the time it was printed at.
    line.split_once(' ').map_or(line.clone(), |(_, rest)| rest.to_string())
}

/// A hook's answer to `event`, the payload naming the plan directory.
fn hook(dir: &Path, event: &str) -> String {
    use std::io::Write;
    let mut child = std::process::Command::new(crate::harness::BIN)
        .args(["hook", event])
        .current_dir(dir)
        .env_remove("PPLAN_DIR")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("hook");
    let payload = format!("{{\"cwd\": {:?}}}", dir.display().to_string());
    child.stdin.take().expect("stdin").write_all(payload.as_bytes()).expect("payload");
    String::from_utf8_lossy(&child.wait_with_output().expect("hook").stdout).into_owned()
}

/// A plan with pplan.yaml's gate, group 1 spawned, and both agents COMPLETE.
fn group_one_complete(gate: &str) -> TempDir {
    let dir = planned(PLAN);
    let d = dir.path();
    fs::write(d.join("pplan.yaml"), format!("gate: \"{gate}\"\n")).expect("yaml");
    ok(d, &["spawn"], 0);
    for id in ["BE-001", "FE-001"] {
        ok(d, &["log", "--agent", id, &format!("{id} built"), "--files", &format!("{id}.rs")], 0);
        ok(d, &["mark", "--agent", id, "COMPLETE"], 0);
    }
    dir
}

#[test]
fn a_red_gate_holds_its_group_in_every_view_until_a_reopened_task_passes_it() {
    let dir = group_one_complete("echo test_checkout ... FAILED; exit 1");
    let d = dir.path();
    assert_eq!(
        ok(d, &["merge"], 1),
        "merged group 1: BE-001, FE-001 (findings.md, progress.md)\n\
         complete: BE-001, FE-001\n\
         gate `echo test_checkout ... FAILED; exit 1`: fail, strike 1 of 3; group 1 stays current\n  \
         test_checkout ... FAILED\n\
         retired the files of BE-001, FE-001 to .pplan/archive/\n"
    );
    // Held: the status says so, progress counts the group as not done.
    assert_eq!(
        ok(d, &["status"], 0),
        "plan: Shop\ngoal: Ship it.\nprogress: 0% (2 of 3 tasks done, 2 groups, 1 error row)\n\
         gate of group 1: failed, strike 1 of 3: test_checkout ... FAILED\n\
         current: 1\ngroups:\n> 1  in_progress  2/2  Backend\n  2  pending      0/1  Integration\n\
         in progress: -\nnext: -\n"
    );
    let json: serde_json::Value = serde_json::from_str(&ok(d, &["status", "--json"], 0)).expect("json");
    assert_eq!(
        json["gate"],
        serde_json::json!({"group": "1", "key": "gate-1", "strike": 1, "strikes": 3, "last": "test_checkout ... FAILED"})
    );
    assert_eq!(json["progress_pct"], 0);
    let reboot = ok(d, &["reboot"], 0);
    let about = reboot.split("What am I about to do?").nth(1).expect("the last question");
    assert_eq!(
        about,
        "\n  first, the failing gate: gate of group 1: failed, strike 1 of 3: test_checkout ... FAILED; \
         reopen a task (`pplan respawn ID --reopen`) or add a fix task, then `pplan merge`\n  \
         Wait for group 1 (BE-001, FE-001), then merge it.\n"
    );
    let progress: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(d.join(".pplan/progress.json")).expect("progress.json"))
            .expect("json");
    assert_eq!((progress["progress_pct"].clone(), progress["gate"]["strike"].clone()), (0.into(), 1.into()));
    assert_eq!(
        watch_line(d),
        "in_progress done 2/3, group 1 2/2; gate of group 1: failed, strike 1 of 3: test_checkout ... FAILED; 1 open error\n"
    );
    let report = ok(d, &["report", "--html"], 0);
    assert!(
        report.contains(
            "<p class=\"gate\"><strong>gate of group 1: failed, strike 1 of 3: test_checkout ... FAILED</strong></p>"
        ),
        "report shows the red gate"
    );
    assert_eq!(
        hook(d, "user-prompt-submit"),
        "{\"hookSpecificOutput\":{\"additionalContext\":\"pplan: gate of group 1: failed, strike 1 of 3: test_checkout ... FAILED. \
         Reopen a task or add a fix task, then merge again.\",\"hookEventName\":\"UserPromptSubmit\"}}\n"
    );

    // The way forward: reopen a merged task with the failure in its brief, fix, merge again.
    let brief = ok(d, &["respawn", "BE-001", "--reopen"], 0);
    assert_eq!(
        brief.lines().take(2).collect::<Vec<_>>(),
        [
            "## Agent BE-001: Build the payment endpoints (group 1)",
            "Reopened after its merge: gate of group 1: failed, strike 1 of 3: test_checkout ... FAILED. \
             Its earlier work is in findings.md and progress.md: fix this, do not redo the rest."
        ]
    );
    fs::write(d.join("pplan.yaml"), "gate: \"echo 12 passed\"\n").expect("yaml");
    ok(d, &["log", "--agent", "BE-001", "fixed the checkout test"], 0);
    ok(d, &["mark", "--agent", "BE-001", "COMPLETE"], 0);
    assert_eq!(
        ok(d, &["merge"], 0),
        "merged group 1: BE-001 (findings.md, progress.md)\ncomplete: BE-001\ngate `echo 12 passed` passed\n\
         group 1 complete; current group → 2\nretired the files of BE-001 to .pplan/archive/\n"
    );
    let plan = fs::read_to_string(d.join("task_plan.md")).expect("plan");
    assert_eq!(
        dated(plan.lines().last().expect("a row")),
        "| test_checkout ... FAILED | gate-1 | 1 | echo test_checkout ... FAILED; exit 1 | passed DATE |"
    );
    assert_eq!(
        ok(d, &["status"], 0).lines().nth(2),
        Some("progress: 67% (2 of 3 tasks done, 2 groups, 1 error row)")
    );
}

#[test]
fn reboot_names_a_blocked_agent_and_an_escalated_task_with_their_reasons_before_the_next_step() {
    let dir = planned(PLAN);
    let d = dir.path();
    ok(d, &["spawn"], 0);
    ok(d, &["decide", "Use Stripe test mode", "--why", "no live keys in CI"], 0);
    ok(
        d,
        &[
            "mark",
            "--agent",
            "BE-001",
            "BLOCKED",
            "--reason",
            "the sandbox API key is missing; ask the user for one",
        ],
        0,
    );
    for (error, approach) in [
        ("cart total is NaN", "parse floats"),
        ("rounding off", "use cents"),
        ("totals drift", "use decimal"),
    ] {
        let code = if approach == "use decimal" { 3 } else { 0 };
        ok(d, &["error", "FE-001", "--error", error, "--approach", approach], code);
    }
    let reboot = ok(d, &["reboot"], 0);
    let from = reboot.find("What have I learned?").expect("learned");
    let to = reboot.find("What have I done?").expect("done");
    assert_eq!(
        &reboot[from..to],
        "What have I learned?\n  open error: FE-001: totals drift\n  open error: FE-001: rounding off\n  \
         decision: Use Stripe test mode\n"
    );
    let about = reboot.split("What am I about to do?").nth(1).expect("the last question");
    assert_eq!(
        about,
        "\n  first, escalated: FE-001 failed 3 times (last: totals drift); ask the user, record the decision with \
         `pplan error FE-001 --resolve \"<decision>\"`\n  \
         first, BLOCKED BE-001: the sandbox API key is missing; ask the user for one; settle it, then \
         `pplan respawn BE-001 --force` or `pplan set BE-001 skipped`\n  \
         Wait for group 1 (BE-001, FE-001), then merge it.\n"
    );
}

/// Every `2026-11-23T19:33:39Z` stamp replaced by `STAMP`.
fn stamps(s: &str) -> String {
    let b = s.as_bytes();
    let mut out = String::new();
    let mut i = 0;
    while i < s.len() {
        let is_stamp = b.len() >= i + 20
            && b[i + 4] == b'-'
            && b[i + 10] == b'T'
            && b[i + 19] == b'Z'
            && b[i..i + 4].iter().all(u8::is_ascii_digit);
        if is_stamp {
            out.push_str("STAMP");
            i += 20;
        } else {
            let c = s[i..].chars().next().expect("a char");
            out.push(c);
            i += c.len_utf8();
        }
    }
    out
}

#[test]
fn restart_context_lists_log_entries_blocked_agents_and_strikes_not_merge_headings() {
    let dir = planned(PLAN);
    let d = dir.path();
    let git = |args: &[&str]| {
        let out = std::process::Command::new("git")
            .args(["-c", "user.email=t@t", "-c", "user.name=t"])
            .args(args)
            .current_dir(d)
            .output()
            .expect("git");
        assert!(out.status.success(), "git {args:?}");
    };
    git(&["init", "-q"]);
    git(&["add", "-A"]);
    git(&["commit", "-qm", "plan"]);
    ok(d, &["restart-context"], 0);
    ok(d, &["spawn"], 0);
    fs::create_dir(d.join("src")).expect("src");
    fs::write(d.join("src/api.rs"), "fn pay() {}\n").expect("api");
    ok(d, &["log", "--agent", "BE-001", "built the endpoints", "--files", "src/api.rs"], 0);
    ok(d, &["mark", "--agent", "BE-001", "COMPLETE"], 0);
    ok(d, &["log", "--agent", "FE-001", "sketched the cart", "--files", "web/cart.tsx"], 0);
    ok(
        d,
        &["mark", "--agent", "FE-001", "BLOCKED", "--reason", "the cart design is missing; ask the user"],
        0,
    );
    ok(d, &["merge", "--partial"], 0);
    ok(d, &["error", "FE-001", "--error", "no design", "--approach", "guess the layout"], 0);
    assert_eq!(
        stamps(&ok(d, &["restart-context"], 0)),
        "## Restart context: session, restart 2\ngroup 1 · FE-001 Build the cart page\n\
         Logged since the last restart (1):\n- STAMP BE-001: built the endpoints\n\
         BLOCKED FE-001: the cart design is missing; ask the user\nOpen strike: FE-001 strike 1 of 3: no design\n\
         Files modified (1):\n- src/api.rs\n\
         Continue, do not redo: read findings.md and the files above first, pick up where the log ends, and log each step.\n"
    );
    assert_eq!(
        stamps(&ok(d, &["restart-context", "--agent", "FE-001"], 0)),
        "## Restart context: agent FE-001, restart 0\ngroup 1 · FE-001 Build the cart page\n\
         Logged since the last restart (1):\n- STAMP sketched the cart\n\
         BLOCKED FE-001: the cart design is missing; ask the user\nOpen strike: FE-001 strike 1 of 3: no design\n\
         Files modified (1):\n- web/cart.tsx\n\
         Continue, do not redo: read findings_FE-001.md and the files above first, pick up where the log ends, and log each step.\n"
    );
}

/// The ages poll and wait print (`0s`, `12s`) replaced by `AGE`.
fn ages(s: &str) -> String {
    s.split_inclusive('\n').map(ages_in_line).collect()
}

fn ages_in_line(line: &str) -> String {
    let (line, eol) = line.strip_suffix('\n').map_or((line, ""), |l| (l, "\n"));
    let out = line
        .split(' ')
        .map(|w| {
            let digits = w.trim_end_matches('s');
            if w.ends_with('s') && !digits.is_empty() && digits.chars().all(|c| c.is_ascii_digit()) {
                "AGE"
            } else {
                w
            }
        })
        .collect::<Vec<_>>()
        .join(" ");
    out + eol
}

#[test]
fn reasons_and_resume_points_are_never_cut_and_titles_are_cut_at_a_word() {
    let dir = TempDir::new();
    let d = dir.path();
    let reason =
        "the sandbox API key for the payment provider is missing from the vault; ask the user for a test key";
    let resume = "wire the cart total to the API response and remove the client-side total computation";
    fs::write(
        d.join("task_plan.md"),
        "# Task Plan: Shop\n\n## Current Group\nGroup 1\n\n## Groups\n\n### Group 1: Backend\n- **Status:** in_progress\n\
         - [ ] BE-001: Build the payment endpoints that call `stripe_payment_intents_create` with keys\n\
         - [ ] FE-001: Build the cart page\n- [ ] DOC-001: Write down how the checkout flow retries a declined card payment\n",
    )
    .expect("plan");
    ok(d, &["spawn", "BE-001", "FE-001"], 0);
    ok(d, &["mark", "--agent", "BE-001", "BLOCKED", "--reason", reason], 0);
    ok(d, &["mark", "--agent", "FE-001", "CONTINUATION_REQUIRED", "--resume-from", resume], 0);
    assert_eq!(
        ages(&ok(d, &["poll"], 0)),
        format!(
            "BE-001  BLOCKED                    AGE  reason: {reason}\n\
             FE-001  CONTINUATION_REQUIRED      AGE  resume: {resume}\n\
             group 1: 2 agents: 1 CONTINUATION_REQUIRED, 1 BLOCKED\n"
        )
    );
    assert_eq!(
        ages(&ok(d, &["wait", "--timeout", "1"], 5)).lines().last(),
        Some(format!("not complete: BE-001 BLOCKED AGE reason: {reason}; FE-001 CONTINUATION_REQUIRED AGE resume: {resume}").as_str())
    );
    ok(d, &["set", "BE-001", "pending"], 0);
    let status = ok(d, &["status"], 0);
    assert_eq!(
        status.lines().rev().take(2).collect::<Vec<_>>(),
        [
            "next: BE-001 Build the payment endpoints that call… · DOC-001 Write down how the checkout flow retries a declined card…",
            "in progress: FE-001 Build the cart page",
        ]
    );
}

#[test]
fn a_skipped_task_after_three_strikes_lets_the_merge_proceed_and_keeps_what_its_agent_wrote() {
    let dir = planned(PLAN);
    let d = dir.path();
    ok(d, &["spawn"], 0);
    ok(d, &["log", "--agent", "BE-001", "built the endpoints"], 0);
    ok(d, &["mark", "--agent", "BE-001", "COMPLETE"], 0);
    ok(d, &["note", "--agent", "FE-001", "the cart design has no mobile layout"], 0);
    for (error, approach) in
        [("no design", "guess it"), ("rejected", "copy the old page"), ("rejected again", "ask design")]
    {
        let code = if approach == "ask design" { 3 } else { 0 };
        ok(d, &["error", "FE-001", "--error", error, "--approach", approach], code);
    }
    ok(d, &["set", "FE-001", "skipped"], 0);
    assert_eq!(
        ok(d, &["merge"], 0),
        "merged group 1: BE-001, FE-001 (findings.md, progress.md)\ncomplete: BE-001\n\
         group 1 complete; current group → 2\n\
         retired the files of BE-001, FE-001 to .pplan/archive/\n\
         skipped: FE-001 (task left skipped; what it wrote is kept)\n"
    );
    let findings = fs::read_to_string(d.join("findings.md")).expect("findings");
    assert_eq!(findings.matches("the cart design has no mobile layout").count(), 1, "{findings}");
    let plan = fs::read_to_string(d.join("task_plan.md")).expect("plan");
    assert!(plan.contains("- [-] FE-001: Build the cart page\n"), "{plan}");
}

#[test]
fn a_person_resolves_a_gate_strike_and_the_group_is_no_longer_held() {
    let dir = group_one_complete("echo flaky_test ... FAILED; exit 1");
    let d = dir.path();
    ok(d, &["merge"], 1);
    assert_eq!(
        ok(d, &["error", "gate-1", "--resolve", "the user quarantined flaky_test"], 0),
        "gate-1: latest error resolved\n"
    );
    assert_eq!(ok(d, &["status"], 0).lines().nth(3), Some("current: 1"));
    let plan = fs::read_to_string(d.join("task_plan.md")).expect("plan");
    assert_eq!(
        plan.lines().last(),
        Some(
            "| flaky_test ... FAILED | gate-1 | 1 | echo flaky_test ... FAILED; exit 1 | the user quarantined flaky_test |"
        )
    );
}

#[test]
fn respawn_and_spawn_force_refuse_an_escalated_task_until_the_users_decision_is_recorded() {
    let dir = planned(PLAN);
    let d = dir.path();
    ok(d, &["spawn"], 0);
    for (error, approach) in
        [("no design", "guess it"), ("rejected", "copy the old page"), ("rejected again", "ask design")]
    {
        let code = if approach == "ask design" { 3 } else { 0 };
        ok(d, &["error", "FE-001", "--error", error, "--approach", approach], code);
    }
    let refused = "error: `FE-001` is escalated: it failed 3 times (last: rejected again); a person decides before it runs again\n\
                   hint: record the user's decision first: `pplan error FE-001 --resolve \"<what the user decided>\"`\n";
    for args in [&["respawn", "FE-001", "--force"][..], &["spawn", "FE-001", "--force"][..]] {
        assert_eq!(pplan(d, args), (Some(3), String::new(), refused.to_string()), "{args:?}");
    }
    ok(d, &["error", "FE-001", "--resolve", "the user said: reuse the old cart layout"], 0);
    let brief = ok(d, &["respawn", "FE-001", "--force"], 0);
    assert_eq!(
        brief.lines().nth(2),
        Some("Restart 1 of 3: read findings_FE-001.md and progress_FE-001.md first; continue, do not redo.")
    );
}

#[test]
fn spawn_sets_a_pending_group_in_progress_and_status_warns_when_a_stated_status_lags() {
    let dir = planned(&PLAN.replace("- **Status:** pending\n- [ ] INT", "- **Status:** Pending\n- [ ] INT"));
    let d = dir.path();
    ok(d, &["spawn"], 0);
    let plan = fs::read_to_string(d.join("task_plan.md")).expect("plan");
    assert_eq!(
        plan.lines().skip(13).take(8).collect::<Vec<_>>(),
        [
            "### Group 1: Backend",
            "- **Status:** in_progress",
            "- [~] BE-001: Build the payment endpoints",
            "- [~] FE-001: Build the cart page",
            "",
            "### Group 2: Integration",
            "- **Status:** Pending",
            "- [ ] INT-001: Wire the cart to the API",
        ]
    );
    // A person sets it back by hand: status says the stated status contradicts the tasks.
    fs::write(d.join("task_plan.md"), plan.replacen("- **Status:** in_progress", "- **Status:** pending", 1))
        .expect("plan");
    assert_eq!(
        ok(d, &["status"], 0).lines().last(),
        Some("warning: line 14: group `1` is marked pending but 2 of its tasks are in progress")
    );
}

/// `cmd "a b" c` as a shell splits it (double quotes only: all the docs use).
fn words(line: &str) -> Vec<String> {
    let (mut out, mut cur, mut quoted, mut any) = (Vec::new(), String::new(), false, false);
    for c in line.chars() {
        match c {
            '"' => {
                quoted = !quoted;
                any = true;
            }
            ' ' if !quoted => {
                if any {
                    out.push(std::mem::take(&mut cur));
                }
                any = false;
            }
            _ => {
                cur.push(c);
                any = true;
            }
        }
    }
    if any {
        out.push(cur);
    }
    out
}

/// The `$ pplan …` commands of the block after `<!-- checked: NAME -->` in `doc`, each with the
/// output the doc shows.
fn doc_example(doc: &str, name: &str) -> Vec<(String, String)> {
    let start = doc.find(&format!("<!-- checked: {name} -->\n```\n")).expect("the example is in the doc");
    let body = &doc[start..].split_once("```\n").expect("fence").1;
    let body = &body[..body.find("```\n").expect("closing fence")];
    let mut steps: Vec<(String, String)> = Vec::new();
    for line in body.lines() {
        match line.strip_prefix("$ ") {
            Some(cmd) => steps.push((cmd.to_string(), String::new())),
            None => {
                let step = steps.last_mut().expect("output after a command");
                step.1.push_str(line);
                step.1.push('\n');
            }
        }
    }
    steps
}

/// Run one documented command line (`pplan …`, optionally `| head -n N` or `| tail -n N`):
/// stdout then stderr, as a terminal shows them.
fn run_documented(dir: &Path, line: &str) -> String {
    let (cmd, filter) = match line.split_once(" | ") {
        Some((cmd, filter)) => (cmd, Some(filter)),
        None => (line, None),
    };
    let args = words(cmd);
    assert_eq!(args[0], "pplan", "{line}");
    let args: Vec<&str> = args[1..].iter().map(String::as_str).collect();
    let (_, out, err) = pplan(dir, &args);
    let text = out + &err;
    let lines: Vec<&str> = text.lines().collect();
    let kept: Vec<&str> = match filter.map(words).as_deref() {
        None => lines,
        Some([head, n, count]) if head == "head" && n == "-n" => {
            lines.iter().take(count.parse().expect("a count")).copied().collect()
        }
        Some([tail, n, count]) if tail == "tail" && n == "-n" => {
            let count: usize = count.parse().expect("a count");
            lines[lines.len().saturating_sub(count)..].to_vec()
        }
        other => panic!("unknown filter {other:?}"),
    };
    kept.iter().map(|l| format!("{l}\n")).collect()
}

#[test]
fn the_recovery_examples_in_protocol_md_are_real_output() {
    let doc = fs::read_to_string("docs/PROTOCOL.md").expect("PROTOCOL.md");
    // The red gate: both agents COMPLETE, the gate fails until the reopened task is fixed.
    let dir = group_one_complete("sh gate.sh");
    let d = dir.path();
    fs::write(d.join("gate.sh"), "echo \"test_checkout ... FAILED\"; exit 1\n").expect("gate");
    for (cmd, shown) in doc_example(&doc, "red-gate") {
        assert_eq!(run_documented(d, &cmd), shown, "`{cmd}` in docs/PROTOCOL.md");
        if cmd.contains("--reopen") {
            fs::write(d.join("gate.sh"), "echo \"12 passed\"\n").expect("gate");
        }
    }
    // The escalation: FE-001 failed three times.
    let dir = planned(PLAN);
    let d = dir.path();
    ok(d, &["spawn"], 0);
    ok(d, &["log", "--agent", "BE-001", "built the endpoints"], 0);
    ok(d, &["mark", "--agent", "BE-001", "COMPLETE"], 0);
    ok(d, &["error", "FE-001", "--error", "cart total is NaN", "--approach", "parse floats"], 0);
    ok(d, &["error", "FE-001", "--error", "rounding off by a cent", "--approach", "round in the client"], 0);
    ok(d, &["error", "FE-001", "--error", "totals drift", "--approach", "use decimal.js"], 3);
    for (cmd, shown) in doc_example(&doc, "escalation") {
        assert_eq!(run_documented(d, &cmd), shown, "`{cmd}` in docs/PROTOCOL.md");
    }
    // COMPLETE that does not hold: the agent gate refuses it, an agent logs a failed approach,
    // wait records the strike, and the orchestrator reopens the COMPLETE agent.
    let dir = planned(PLAN);
    let d = dir.path();
    fs::write(d.join("pplan.yaml"), "agent_gate: \"sh check.sh {agent}\"\n").expect("yaml");
    fs::write(d.join("check.sh"), "echo \"test_total ... FAILED\"; exit 1\n").expect("check");
    ok(d, &["spawn"], 0);
    ok(d, &["log", "--agent", "BE-001", "built the endpoints"], 0);
    ok(d, &["log", "--agent", "FE-001", "built the cart"], 0);
    for (cmd, shown) in doc_example(&doc, "agent-gate") {
        assert_eq!(run_documented(d, &cmd), shown, "`{cmd}` in docs/PROTOCOL.md");
        if cmd.contains("mark --agent BE-001") {
            fs::write(d.join("check.sh"), "echo \"12 passed\"\n").expect("check");
        }
    }
}

/// Every `pplan <command> … --flag` the slash command tells a model to run exists.
#[test]
fn the_slash_commands_pplan_calls_are_real_commands_and_flags() {
    let doc = fs::read_to_string("commands/planning-parallel.md").expect("slash command");
    let mut checked = 0;
    for span in doc.split('`').skip(1).step_by(2).filter(|s| s.starts_with("pplan ")) {
        let args = words(span);
        let sub = &args[1];
        let (code, help, _) = pplan(Path::new("."), &[sub, "--help"]);
        assert_eq!(code, Some(0), "`{span}`: no command `{sub}`");
        for flag in args.iter().filter(|a| a.starts_with("--")) {
            assert!(
                help.contains(&format!("{flag} ")) || help.contains(&format!("{flag}\n")),
                "`{span}`: `{flag}`"
            );
        }
        checked += 1;
    }
    assert!(checked >= 15, "{checked} commands checked");
}

#[test]
fn spawn_and_respawn_briefs_carry_the_tasks_failed_approaches() {
    let dir = planned(PLAN);
    let d = dir.path();
    ok(d, &["spawn", "FE-001"], 0);
    ok(d, &["error", "FE-001", "--error", "cart total is NaN", "--approach", "parse floats"], 0);
    ok(d, &["error", "FE-001", "--error", "rounding off by a cent", "--approach", "round in the client"], 0);
    ok(d, &["mark", "--agent", "FE-001", "BLOCKED", "--reason", "needs the API's total"], 0);
    let failed = "Failed before (never repeat these): 1. parse floats — cart total is NaN; \
                  2. round in the client — rounding off by a cent";
    let brief = ok(d, &["respawn", "FE-001", "--force"], 0);
    assert_eq!(
        brief.lines().take(2).collect::<Vec<_>>(),
        ["## Agent FE-001: Build the cart page (group 1)", failed]
    );
    let spawned = ok(d, &["spawn", "FE-001", "--force"], 0);
    let at = spawned.find("Agents:\n").expect("agents");
    assert_eq!(
        &spawned[at..],
        format!("Agents:\n- FE-001: Build the cart page (group 1)\n  {failed}\nspawned FE-001 in group 1\n")
    );
}

#[test]
fn waves_warn_only_when_a_group_depends_on_itself_and_a_later_merge_continues_its_section() {
    let dir = TempDir::new();
    let d = dir.path();
    let plan = PLAN.replace(
        "- [ ] INT-001: Wire the cart to the API\n",
        "- [ ] INT-001: Wire the cart to the API (depends: BE-001)\n- [ ] INT-002: Write the release notes\n",
    );
    fs::write(d.join("task_plan.md"), &plan).expect("plan");
    assert_eq!(
        ok(d, &["waves"], 0),
        "wave 1 (3): BE-001, FE-001, INT-002\nwave 2 (1): INT-001\nparallelism: 75% of 4 tasks in waves wider than one\n"
    );
    // After a partial merge, the second merge of the group continues the same section.
    ok(d, &["spawn"], 0);
    ok(d, &["log", "--agent", "BE-001", "built the endpoints"], 0);
    ok(d, &["mark", "--agent", "BE-001", "COMPLETE"], 0);
    ok(d, &["merge", "--partial"], 0);
    ok(d, &["log", "--agent", "FE-001", "built the cart"], 0);
    ok(d, &["mark", "--agent", "FE-001", "COMPLETE"], 0);
    ok(d, &["merge"], 0);
    let progress = fs::read_to_string(d.join("progress.md")).expect("progress");
    assert_eq!(dated(&progress).matches("## Group 1: Backend — merged DATE\n").count(), 1, "{progress}");
}

#[test]
fn check_is_quiet_about_a_complete_agent_while_its_group_still_works() {
    let dir = planned(PLAN);
    let d = dir.path();
    ok(d, &["spawn"], 0);
    ok(d, &["log", "--agent", "BE-001", "built the endpoints"], 0);
    ok(d, &["mark", "--agent", "BE-001", "COMPLETE"], 0);
    assert_eq!(
        pplan(d, &["check"]),
        (Some(0), "checked 5 files: 0 errors, 0 warnings\n".into(), String::new())
    );
    ok(d, &["mark", "--agent", "FE-001", "BLOCKED", "--reason", "no design"], 0);
    let (code, out, _) = pplan(d, &["check"]);
    assert_eq!(
        (code, out.lines().next()),
        (
            Some(0),
            Some(
                "progress_BE-001.md:9:1: warning[unmerged-agent]: `BE-001` is COMPLETE but not merged yet (`pplan merge`)"
            )
        )
    );
}

#[test]
fn a_plan_made_by_init_advances_its_current_group_and_next_step_on_merge() {
    let dir = TempDir::new();
    let d = dir.path();
    ok(d, &["init", "--title", "Shop", "--goal", "Ship it."], 0);
    let made = fs::read_to_string(d.join("task_plan.md")).expect("plan");
    let (head, rest) = made.split_once("## Groups\n").expect("groups");
    let tail = &rest[rest.find("## Decisions Made").expect("decisions")..];
    let groups = "## Groups\n\n### Group 1: Backend\n- **Status:** pending\n- [ ] BE-001: Build the payment endpoints\n\n\
                  ### Group 2: Integration\n- **Status:** pending\n- [ ] INT-001: Wire the cart to the API\n\n";
    fs::write(d.join("task_plan.md"), format!("{head}{groups}{tail}")).expect("plan");
    finish_group_one(d);
    let plan = fs::read_to_string(d.join("task_plan.md")).expect("plan");
    let top: Vec<&str> = plan.lines().skip(5).take(5).collect();
    assert_eq!(top, ["## Current Group", "Group 2", "", "## Next Step", "Spawn group 2: INT-001."]);
}

#[test]
fn merge_names_a_file_two_agents_of_the_group_both_wrote() {
    let dir = planned(PLAN);
    let d = dir.path();
    ok(d, &["spawn"], 0);
    ok(d, &["log", "--agent", "BE-001", "documented the endpoints", "--files", "README.md,src/pay.rs"], 0);
    ok(d, &["mark", "--agent", "BE-001", "COMPLETE"], 0);
    ok(d, &["log", "--agent", "FE-001", "documented the cart", "--files", "README.md"], 0);
    ok(d, &["mark", "--agent", "FE-001", "COMPLETE"], 0);
    assert_eq!(
        ok(d, &["merge"], 0),
        "merged group 1: BE-001, FE-001 (findings.md, progress.md)\ncomplete: BE-001, FE-001\n\
         group 1 complete; current group → 2\nretired the files of BE-001, FE-001 to .pplan/archive/\n\
         warning: `README.md` was written by BE-001 and FE-001: check that one did not overwrite the other\n"
    );
}

#[test]
fn the_agent_gate_refuses_complete_and_wait_and_merge_make_each_logged_failure_a_strike_once() {
    let dir = planned(PLAN);
    let d = dir.path();
    fs::write(d.join("pplan.yaml"), "agent_gate: \"sh check.sh {agent}\"\n").expect("yaml");
    fs::write(d.join("check.sh"), "echo \"checking $1\"\necho \"test_total ... FAILED\"\nexit 1\n")
        .expect("check");
    ok(d, &["spawn"], 0);
    ok(d, &["log", "--agent", "BE-001", "built the endpoints"], 0);
    assert_eq!(
        ok(d, &["mark", "--agent", "BE-001", "COMPLETE"], 1),
        "BE-001: COMPLETE refused: agent gate `sh check.sh BE-001` failed: test_total ... FAILED\n  \
         checking BE-001\n  test_total ... FAILED\n\
         logged in progress_BE-001.md; fix it and mark COMPLETE again, or mark BLOCKED --reason \"<why>\"\n"
    );
    let progress = fs::read_to_string(d.join("progress_BE-001.md")).expect("progress");
    assert_eq!(
        stamps(&progress[progress.find("### ").expect("entries")..]),
        "### STAMP\nbuilt the endpoints\n\n### STAMP\nAgent gate failed: `sh check.sh BE-001`\n\
         Error: test_total ... FAILED\n\n---\nORCHESTRATOR STATUS: IN_PROGRESS\n"
    );
    // The agent fixes it; the gate passes and COMPLETE holds.
    fs::write(d.join("check.sh"), "echo \"12 passed\"\n").expect("check");
    assert_eq!(
        ok(d, &["mark", "--agent", "BE-001", "COMPLETE"], 0),
        "BE-001: IN_PROGRESS → COMPLETE (agent gate `sh check.sh BE-001` passed)\n"
    );
    // FE-001 records a failed approach in its own file, then finishes.
    assert_eq!(
        ok(d, &["log", "--agent", "FE-001", "--failed", "parse floats: cart total is NaN"], 0),
        "logged in progress_FE-001.md (a strike of the task at the next wait or merge)\n"
    );
    assert_eq!(
        pplan(d, &["log", "--agent", "FE-001", "--failed", "parse floats"]),
        (
            Some(2),
            String::new(),
            "error: `--failed` needs the approach and the error, separated by `: `\n\
             hint: usage: pplan log --agent <ID> --failed \"<approach>: <error>\"\n"
                .into()
        )
    );
    ok(d, &["log", "--agent", "FE-001", "built the cart with integer cents"], 0);
    ok(d, &["mark", "--agent", "FE-001", "COMPLETE"], 0);
    let plan_before = fs::read_to_string(d.join("task_plan.md")).expect("plan");
    let wait = stamps(&ok(d, &["wait", "--timeout", "5"], 0));
    assert_eq!(
        wait,
        "BE-001: COMPLETE\nFE-001: COMPLETE\ngroup 1: 2 agents: 2 COMPLETE\n\
         strike 1 of 3 for BE-001: agent_gate `sh check.sh BE-001` (STAMP) — test_total ... FAILED\n\
         strike 1 of 3 for FE-001: parse floats — cart total is NaN\n"
    );
    let plan = fs::read_to_string(d.join("task_plan.md")).expect("plan");
    assert_eq!(
        stamps(&plan[plan_before.len()..]),
        "| test_total ... FAILED | BE-001 | 1 | agent_gate `sh check.sh BE-001` (STAMP) |  |\n\
         | cart total is NaN | FE-001 | 1 | parse floats |  |\n"
    );
    // Exactly once: a second wait and the merge add no row.
    assert_eq!(
        ok(d, &["wait", "--timeout", "5"], 0),
        "BE-001: COMPLETE\nFE-001: COMPLETE\ngroup 1: 2 agents: 2 COMPLETE\n"
    );
    assert_eq!(
        ok(d, &["merge"], 0),
        "merged group 1: BE-001, FE-001 (findings.md, progress.md)\ncomplete: BE-001, FE-001\n\
         group 1 complete; current group → 2\nretired the files of BE-001, FE-001 to .pplan/archive/\n"
    );
    assert_eq!(fs::read_to_string(d.join("task_plan.md")).expect("plan").matches("| 1 |").count(), 2);
}

#[test]
fn merge_alone_records_a_logged_failure_and_the_third_strike_of_a_working_agent_escalates() {
    let dir = planned(PLAN);
    let d = dir.path();
    ok(d, &["spawn"], 0);
    ok(d, &["error", "FE-001", "--error", "rounding off", "--approach", "round in the client"], 0);
    ok(d, &["error", "FE-001", "--error", "totals drift", "--approach", "use floats"], 0);
    ok(d, &["log", "--agent", "FE-001", "--failed", "use decimal.js: bundle too large"], 0);
    ok(d, &["log", "--agent", "BE-001", "--failed", "sync webhook: times out"], 0);
    ok(d, &["log", "--agent", "BE-001", "built the endpoints with an async webhook"], 0);
    ok(d, &["mark", "--agent", "BE-001", "COMPLETE"], 0);
    assert_eq!(
        pplan(d, &["merge"]),
        (
            Some(5),
            String::new(),
            "error: group 1 is not ready: FE-001 BLOCKED\n\
             hint: wait for them (`pplan wait`), or merge the COMPLETE ones with --partial\n"
                .into()
        )
    );
    let plan = fs::read_to_string(d.join("task_plan.md")).expect("plan");
    assert_eq!(
        plan.lines().rev().take(2).collect::<Vec<_>>(),
        [
            "| bundle too large | FE-001 | 3 | use decimal.js |  |",
            "| times out | BE-001 | 1 | sync webhook |  |"
        ]
    );
    assert!(plan.contains("- [!] FE-001: Build the cart page\n"), "{plan}");
    assert_eq!(
        ages(&ok(d, &["poll"], 0)),
        "BE-001  COMPLETE                   AGE\nFE-001  BLOCKED                    AGE  reason: 3 strikes: bundle too large\n\
         group 1: 2 agents: 1 COMPLETE, 1 BLOCKED\n"
    );
}

#[test]
fn respawn_reopen_takes_back_an_unmerged_complete_agent_with_the_reason_in_its_brief() {
    let dir = planned(PLAN);
    let d = dir.path();
    ok(d, &["spawn"], 0);
    ok(d, &["log", "--agent", "BE-001", "--failed", "float totals: off by a cent"], 0);
    ok(d, &["log", "--agent", "BE-001", "built the endpoints"], 0);
    ok(d, &["mark", "--agent", "BE-001", "COMPLETE"], 0);
    let brief = ok(
        d,
        &["respawn", "BE-001", "--reopen", "--reason", "test_refund fails: the refund path is missing"],
        0,
    );
    assert_eq!(
        brief.lines().take(5).collect::<Vec<_>>(),
        [
            "## Agent BE-001: Build the payment endpoints (group 1)",
            "Reopened after it marked COMPLETE: test_refund fails: the refund path is missing. Fix that, do not redo the rest; then mark COMPLETE again.",
            "Failed before (never repeat these): 1. float totals — off by a cent",
            "Restart 1 of 3: read findings_BE-001.md and progress_BE-001.md first; continue, do not redo.",
            "Done so far: built the endpoints",
        ]
    );
    assert_eq!(ages(&ok(d, &["poll"], 0)).lines().next(), Some("BE-001  IN_PROGRESS                AGE"));
    let plan = fs::read_to_string(d.join("task_plan.md")).expect("plan");
    assert_eq!(plan.lines().last(), Some("| off by a cent | BE-001 | 1 | float totals |  |"));
    // Not a COMPLETE agent: refused, with what --reopen takes.
    assert_eq!(
        pplan(d, &["respawn", "FE-001", "--reopen"]),
        (
            Some(2),
            String::new(),
            "error: `FE-001` is in_progress: --reopen takes a COMPLETE agent, merged (its task complete) or not yet merged\n".into()
        )
    );
}

#[test]
fn poll_wait_files_and_check_name_a_file_two_agents_of_the_group_logged() {
    let dir = planned(PLAN);
    let d = dir.path();
    fs::write(d.join("README.md"), "# Shop\n").expect("readme");
    ok(d, &["spawn"], 0);
    ok(d, &["log", "--agent", "BE-001", "documented the endpoints", "--files", "README.md"], 0);
    ok(d, &["mark", "--agent", "BE-001", "COMPLETE"], 0);
    ok(d, &["log", "--agent", "FE-001", "documented the cart", "--files", "README.md"], 0);
    let warning =
        "warning: `README.md` was written by BE-001 and FE-001: check that one did not overwrite the other\n";
    assert_eq!(
        ages(&ok(d, &["poll"], 0)),
        format!(
            "BE-001  COMPLETE                   AGE\nFE-001  IN_PROGRESS                AGE\n\
             group 1: 2 agents: 1 COMPLETE, 1 IN_PROGRESS\n{warning}"
        )
    );
    // BE-001 is merged first; wait, files and check still count its merged block.
    ok(d, &["merge", "--partial"], 0);
    ok(d, &["mark", "--agent", "FE-001", "COMPLETE"], 0);
    assert_eq!(
        ok(d, &["wait", "--timeout", "5"], 0),
        format!("FE-001: COMPLETE\ngroup 1: 1 agent: 1 COMPLETE\n{warning}")
    );
    assert_eq!(
        ok(d, &["files"], 0),
        "1 file, 1 line, in 1 batch\nbatch 1 (1 line): README.md\n\
         warning: `README.md` was written by BE-001 and FE-001: check that one did not overwrite the other (group 1)\n"
    );
    assert_eq!(
        pplan(d, &["check"]),
        (
            Some(0),
            "progress_FE-001.md:8:1: warning[shared-file]: `README.md` is also logged by BE-001 of group 1: \
             check that one did not overwrite the other\n\
             progress_FE-001.md:10:1: warning[unmerged-agent]: `FE-001` is COMPLETE but not merged yet (`pplan merge`)\n\
             checked 5 files: 0 errors, 2 warnings\n\
             a rule's severity is set in pplan.yaml beside the plan: \
             `checks: {shared-file: off|warning|error, unmerged-agent: off|warning|error}`\n"
                .into(),
            String::new()
        )
    );
    // Once merged, the merge has said it: check is quiet.
    ok(d, &["merge"], 0);
    assert_eq!(
        pplan(d, &["check"]),
        (Some(0), "checked 3 files: 0 errors, 0 warnings\n".into(), String::new())
    );
}

#[test]
fn wait_counts_a_skipped_tasks_agent_as_settled_and_merge_partial_names_what_waits() {
    let dir = planned(PLAN);
    let d = dir.path();
    ok(d, &["spawn"], 0);
    ok(d, &["log", "--agent", "BE-001", "built the endpoints"], 0);
    ok(d, &["mark", "--agent", "BE-001", "COMPLETE"], 0);
    ok(d, &["mark", "--agent", "FE-001", "BLOCKED", "--reason", "no design"], 0);
    assert_eq!(
        ages(&ok(d, &["wait", "--timeout", "5"], 5)).lines().last(),
        Some("not complete: FE-001 BLOCKED AGE reason: no design")
    );
    ok(d, &["set", "FE-001", "skipped"], 0);
    assert_eq!(
        ok(d, &["wait", "--timeout", "5"], 0),
        "BE-001: COMPLETE\nFE-001: BLOCKED\ngroup 1: 2 agents: 1 COMPLETE, 1 BLOCKED\n\
         settled, task skipped: FE-001 (merge keeps what it wrote)\n"
    );
    // An agent still at work whose task a person skipped is settled too.
    let dir = planned(PLAN);
    let d = dir.path();
    ok(d, &["spawn"], 0);
    ok(d, &["log", "--agent", "BE-001", "built the endpoints"], 0);
    ok(d, &["mark", "--agent", "BE-001", "COMPLETE"], 0);
    assert_eq!(
        ok(d, &["merge", "--partial"], 0),
        "merged group 1: BE-001 (findings.md, progress.md)\ncomplete: BE-001\n\
         retired the files of BE-001 to .pplan/archive/\nnot merged yet: FE-001 IN_PROGRESS\n"
    );
    ok(d, &["set", "FE-001", "skipped"], 0);
    assert_eq!(
        ages(&ok(d, &["wait", "--timeout", "5"], 0)),
        "group 1: 1 agent: 1 IN_PROGRESS\nsettled, task skipped: FE-001 (merge keeps what it wrote)\n"
    );
}

#[test]
fn a_passing_gate_ends_the_strike_count_and_a_later_failure_is_strike_one_again() {
    let dir = group_one_complete("sh gate.sh");
    let d = dir.path();
    fs::write(d.join("gate.sh"), "echo \"test_a ... FAILED\"; exit 1\n").expect("gate");
    ok(d, &["merge"], 1);
    ok(d, &["merge"], 1);
    assert_eq!(
        ok(d, &["status"], 0).lines().nth(3),
        Some("gate of group 1: failed, strike 2 of 3: test_a ... FAILED")
    );
    fs::write(d.join("gate.sh"), "echo \"3 passed\"\n").expect("gate");
    ok(d, &["merge"], 0);
    // Group 2: the gate fails once; its count starts at 1, group 1's rows are all resolved.
    ok(d, &["spawn"], 0);
    ok(d, &["log", "--agent", "INT-001", "wired the cart"], 0);
    ok(d, &["mark", "--agent", "INT-001", "COMPLETE"], 0);
    fs::write(d.join("gate.sh"), "echo \"test_b ... FAILED\"; exit 1\n").expect("gate");
    assert_eq!(
        ok(d, &["merge"], 1),
        "merged group 2: INT-001 (findings.md, progress.md)\ncomplete: INT-001\n\
         gate `sh gate.sh`: fail, strike 1 of 3; group 2 stays current\n  test_b ... FAILED\n\
         retired the files of INT-001 to .pplan/archive/\n"
    );
    let plan = fs::read_to_string(d.join("task_plan.md")).expect("plan");
    let rows: Vec<String> = plan.lines().filter(|l| l.contains("| gate-")).map(dated).collect();
    assert_eq!(
        rows,
        [
            "| test_a ... FAILED | gate-1 | 1 | sh gate.sh | passed DATE |",
            "| test_a ... FAILED | gate-1 | 2 | sh gate.sh | passed DATE |",
            "| test_b ... FAILED | gate-2 | 1 | sh gate.sh |  |",
        ]
    );
}

#[test]
fn spawn_points_next_step_at_waiting_for_the_group_and_a_red_gate_needs_no_status_warning() {
    let dir = group_one_complete("echo test_checkout ... FAILED; exit 1");
    let d = dir.path();
    let plan = fs::read_to_string(d.join("task_plan.md")).expect("plan");
    assert_eq!(
        plan.lines().skip(8).take(2).collect::<Vec<_>>(),
        ["## Next Step", "Wait for group 1 (BE-001, FE-001), then merge it."]
    );
    ok(d, &["merge"], 1);
    let status = ok(d, &["status"], 0);
    assert!(!status.contains("warning"), "{status}");
    // A person's own Next Step is theirs: spawn leaves it.
    let dir = planned(&PLAN.replace("Spawn group 1.", "Ask Dana about the cart design first."));
    let d = dir.path();
    ok(d, &["spawn"], 0);
    let plan = fs::read_to_string(d.join("task_plan.md")).expect("plan");
    assert_eq!(plan.lines().nth(9), Some("Ask Dana about the cart design first."));
}

#[test]
fn respawn_records_the_agents_logged_failure_before_its_brief_and_wait_does_not_repeat_it() {
    let dir = planned(PLAN);
    let d = dir.path();
    ok(d, &["spawn", "FE-001"], 0);
    ok(d, &["log", "--agent", "FE-001", "--failed", "parse floats: cart total is NaN"], 0);
    ok(d, &["mark", "--agent", "FE-001", "CONTINUATION_REQUIRED", "--resume-from", "the totals"], 0);
    let brief = ok(d, &["respawn", "FE-001"], 0);
    assert_eq!(
        brief.lines().take(3).collect::<Vec<_>>(),
        [
            "## Agent FE-001: Build the cart page (group 1)",
            "Failed before (never repeat these): 1. parse floats — cart total is NaN",
            "Restart 1 of 3: read findings_FE-001.md and progress_FE-001.md first; continue, do not redo.",
        ]
    );
    ok(d, &["mark", "--agent", "FE-001", "COMPLETE"], 0);
    assert_eq!(ok(d, &["wait", "--timeout", "5"], 0), "FE-001: COMPLETE\ngroup 1: 1 agent: 1 COMPLETE\n");
    let plan = fs::read_to_string(d.join("task_plan.md")).expect("plan");
    assert_eq!(plan.matches("| cart total is NaN | FE-001 | 1 | parse floats |  |").count(), 1);
}

/// Point 10: tasks that declare the same file with `(files: …)` are named when they are spawned
/// together, before either writes it; the spawn goes ahead (a person may mean it).
#[test]
fn spawn_warns_in_advance_when_tasks_declare_the_same_file() {
    let dir = planned(
        "# Plan\n\n### Group 1: A\n- [ ] BE-001: API (files: README.md, src/api.rs)\n\
         - [ ] FE-001: UI (files: README.md)\n- [ ] DOC-001: Docs (files: docs/api.md)\n",
    );
    let d = dir.path();
    let out = ok(d, &["spawn"], 0);
    assert!(
        out.ends_with(
            "spawned BE-001, FE-001, DOC-001 in group 1\n\
             warning: `README.md` is declared by BE-001 and FE-001 (`(files: …)`): they may overwrite each other; \
             run them in different groups\n"
        ),
        "{out}"
    );
    let plan = fs::read_to_string(d.join("task_plan.md")).expect("plan");
    assert_eq!(plan.matches("- [~]").count(), 3);
    // One task alone declares nothing twice.
    let dir = planned("# Plan\n\n### Group 1: A\n- [ ] BE-001: API (files: README.md)\n");
    let (code, json, _) = crate::harness::pplan(dir.path(), &["--json", "spawn"]);
    assert_eq!(code, Some(0));
    assert!(json.contains("\"shared_files\":[]"), "{json}");
}

/// A plan that marks its current group in the heading (no current-group section), after its
/// title (`(current)`) or before its words (`👉`): the merge that finishes the group moves the
/// mark to the next group's heading, to the same place.
#[test]
fn a_current_mark_in_a_heading_moves_on_merge() {
    let plan = "# Plan\n\n## Phase 1: Backend\n- [ ] BE-001: Build the endpoints\n\n## Phase 2: Frontend\n- [ ] FE-001: Build the cart\n";
    let marked = [
        ("## Phase 1: Backend (current)", "## Phase 2: Frontend (current)"),
        ("## 👉 Phase 1: Backend", "## 👉 Phase 2: Frontend"),
    ];
    for (first, second) in marked {
        let dir = planned(&plan.replace("## Phase 1: Backend", first));
        let d = dir.path();
        let (_, status, _) = crate::harness::pplan(d, &["status", "--json"]);
        let current: serde_json::Value =
            serde_json::from_str::<serde_json::Value>(&status).expect("json")["current_group"].clone();
        assert_eq!(current, serde_json::json!({"stated": "1", "stated_text": null, "derived": "1"}));
        finish_group_one(d);
        let after = plan.replace("- [ ] BE-001", "- [x] BE-001").replace("## Phase 2: Frontend", second);
        assert_eq!(fs::read_to_string(d.join("task_plan.md")).expect("plan"), after);
    }
}

/// A failure an agent logged is kept when its task left the plan (a person removed it): `wait`
/// and `merge` still write its strike row, once, say that the task is gone, block nothing, and
/// `check` names the rows of a task the plan no longer has.
#[test]
fn a_logged_failure_of_a_task_that_left_the_plan_is_kept_and_named() {
    let dir = planned(PLAN);
    let d = dir.path();
    ok(d, &["spawn"], 0);
    ok(d, &["log", "--agent", "FE-001", "--failed", "use floats: totals drift"], 0);
    ok(d, &["mark", "--agent", "FE-001", "BLOCKED", "--reason", "no decimal type"], 0);
    ok(d, &["mark", "--agent", "BE-001", "COMPLETE"], 0);
    ok(d, &["remove", "FE-001", "--force"], 0);
    let plan = fs::read_to_string(d.join("task_plan.md")).expect("plan");
    assert_eq!(
        ok(d, &["wait"], 0),
        "BE-001: COMPLETE\ngroup 1: 1 agent: 1 COMPLETE\n\
         strike 1 of 3 for FE-001: use floats — totals drift (FE-001 is no task of the plan any more: the row is kept, nothing is blocked)\n"
    );
    let row = "| totals drift | FE-001 | 1 | use floats |  |\n";
    assert_eq!(fs::read_to_string(d.join("task_plan.md")).expect("plan"), format!("{plan}{row}"));
    ok(d, &["merge"], 0);
    let merged = fs::read_to_string(d.join("task_plan.md")).expect("plan");
    assert_eq!(merged.matches(row).count(), 1, "{merged}");
    let line = merged.lines().position(|l| format!("{l}\n") == row).expect("row") + 1;
    let (_, out, _) = pplan(d, &["check", "task_plan.md"]);
    assert_eq!(
        out.lines().next(),
        Some(format!("task_plan.md:{line}:1: warning[strike-without-task]: error rows name `FE-001`, which is no task of the plan").as_str())
    );
}
