//! Errors under the 3-strike rule, decisions, reboot, checkpoints and restart context.

use std::fs;
use std::path::Path;
use std::process::Command;

use crate::corpus::corpus_files;
use crate::harness::{TempDir, Test, pplan};
use crate::set::CANONICAL;

fn plan_dir(plan: &str) -> TempDir {
    let dir = TempDir::new();
    fs::write(dir.path().join("task_plan.md"), plan).expect("plan");
    dir
}

/// The lines only in `after` (a line diff), asserting nothing was removed.
fn added_lines(before: &str, after: &str) -> Vec<String> {
    let diff = similar::TextDiff::from_lines(before, after);
    let mut added = Vec::new();
    for change in diff.iter_all_changes() {
        match change.tag() {
            similar::ChangeTag::Insert => added.push(change.value().to_string()),
            similar::ChangeTag::Delete => panic!("a line was changed or removed: {:?}", change.value()),
            similar::ChangeTag::Equal => {}
        }
    }
    added
}

#[test]
fn three_strikes_then_escalate() {
    let dir = plan_dir(CANONICAL);
    let d = dir.path();
    assert_eq!(
        pplan(d, &["error", "BE-001", "--error", "stripe 401", "--approach", "use the test key"]),
        (Some(0), "BE-001: strike 1 of 3 recorded; next time, a different approach\n".into(), String::new())
    );
    assert_eq!(
        pplan(d, &["error", "BE-001", "--error", "still 401", "--approach", "Use the TEST-key!"]),
        (
            Some(2),
            String::new(),
            "error: `BE-001` already failed with this approach (strike 1)\n\
             hint: never repeat a failed action: mutate the approach (different tool, input or method)\n"
                .into()
        )
    );
    assert_eq!(
        pplan(d, &["error", "BE-001", "--error", "still 401", "--approach", "rotate the key"]).1,
        "BE-001: strike 2 of 3 recorded; next time, a different approach (the last before escalation)\n"
    );
    let (code, stdout, _) =
        pplan(d, &["error", "BE-001", "--error", "timeout | 504", "--approach", "call the API directly"]);
    assert_eq!(code, Some(3));
    assert_eq!(
        stdout,
        "ESCALATE: `BE-001` (Build the payment endpoints) failed 3 times and is now blocked.\n\
         1. approach: use the test key — error: stripe 401\n\
         2. approach: rotate the key — error: still 401\n\
         3. approach: call the API directly — error: timeout | 504\n\
         Ask the user how to proceed: another approach, missing information, or skipping the task.\n"
    );
    let plan = fs::read_to_string(d.join("task_plan.md")).expect("plan");
    assert_eq!(
        plan,
        CANONICAL.replace("- [ ] BE-001", "- [!] BE-001")
            + "| stripe 401 | BE-001 | 1 | use the test key |  |\n\
               | still 401 | BE-001 | 2 | rotate the key |  |\n\
               | timeout \\| 504 | BE-001 | 3 | call the API directly |  |\n"
    );
    assert_eq!(
        pplan(d, &["error", "BE-001", "--resolve", "the key belonged to another account"]).1,
        "BE-001: latest error resolved\n"
    );
    assert!(fs::read_to_string(d.join("task_plan.md")).expect("plan").ends_with(
        "| timeout \\| 504 | BE-001 | 3 | call the API directly | the key belonged to another account |\n"
    ));
}

#[test]
fn the_third_strike_blocks_the_agent_too() {
    let dir = plan_dir(CANONICAL);
    let d = dir.path();
    pplan(d, &["spawn"]);
    for (e, a) in [("a", "one"), ("b", "two"), ("c", "three")] {
        pplan(d, &["error", "FE-001", "--error", e, "--approach", a]);
    }
    let progress = fs::read_to_string(d.join("progress_FE-001.md")).expect("progress");
    assert!(progress.ends_with("---\nORCHESTRATOR STATUS: BLOCKED\nREASON: 3 strikes: c\n"), "{progress}");
}

#[test]
fn error_json_reports_the_attempt() {
    Test::new()
        .file("task_plan.md", CANONICAL)
        .args(["--json", "error", "INT-001", "--error", "e", "--approach", "a"])
        .stdout(
            "{\"schema_version\":1,\"kind\":\"error-recorded\",\"task\":\"INT-001\",\"strike\":1,\"attempt\":1,\"strikes_left\":2,\
             \"blocked\":false,\"escalate\":false,\"report\":null,\"diff\":null}\n",
        )
        .success();
}

/// Rows land in each table shape the corpus uses, and nothing else changes.
#[test]
fn rows_fit_the_tables_people_wrote() {
    let cases = [
        (
            "| Error | Resolution |\n|-------|------------|\n| old | fixed |\n",
            "| T-1: boom \\| bang (strike 1; approach: retry) |  |\n",
        ),
        (
            "| Timestamp | Error | Attempt | Resolution |\n|---|---|---|---|\n",
            "| <stamp> | T-1: boom \\| bang (approach: retry) | 1 |  |\n",
        ),
        (
            "| 错误 | 尝试次数 | 解决方案 |\n|------|---------|---------|\n| - | - | - |\n",
            "| T-1: boom \\| bang (approach: retry) | 1 |  |\n",
        ),
        (
            "| Error | Task | Attempt | Resolution |\n|-------|------|---------|------------|\n",
            "| boom \\| bang (approach: retry) | T-1 | 1 |  |\n",
        ),
    ];
    for (table, want) in cases {
        let plan = format!(
            "# P\n\n### Phase 1: A\n- [ ] T-1: do it\n\n## Errors Encountered\n\n{table}\n## Notes\nkept\n"
        );
        let dir = plan_dir(&plan);
        let (code, _, stderr) =
            pplan(dir.path(), &["error", "T-1", "--error", "boom | bang", "--approach", "retry"]);
        assert_eq!(code, Some(0), "{stderr}");
        let after = fs::read_to_string(dir.path().join("task_plan.md")).expect("plan");
        let added = added_lines(&plan, &after);
        let added = added.join("");
        let added = match after.find("| 20") {
            Some(i) => added.replace(&after[i + 2..i + 22], "<stamp>"),
            None => added,
        };
        assert_eq!(added, want, "table:\n{table}");
        // And it reads back: a second failure is strike 2.
        let (_, out, _) = pplan(dir.path(), &["error", "T-1", "--error", "again", "--approach", "other"]);
        assert!(out.starts_with("T-1: strike 2 of 3"), "{out}");
    }
}

#[test]
fn a_missing_errors_table_is_created_canonical() {
    let plan = "# P\n\n### Phase 1: A\n- [ ] T-1: do it\n\n## Errors Encountered\n- None yet\n";
    let dir = plan_dir(plan);
    pplan(dir.path(), &["error", "T-1", "--error", "boom", "--approach", "retry"]);
    assert_eq!(
        fs::read_to_string(dir.path().join("task_plan.md")).expect("plan"),
        format!(
            "{plan}\n| Error | Task | Strike | Approach | Resolution |\n|-------|------|--------|----------|------------|\n| boom | T-1 | 1 | retry |  |\n"
        )
    );
    let bare = "# P\n\n- [ ] T-1: do it";
    let dir = plan_dir(bare);
    pplan(dir.path(), &["error", "T-1", "--error", "boom", "--approach", "retry"]);
    assert_eq!(
        fs::read_to_string(dir.path().join("task_plan.md")).expect("plan"),
        format!(
            "{bare}\n\n## Errors Encountered\n| Error | Task | Strike | Approach | Resolution |\n|-------|------|--------|----------|------------|\n| boom | T-1 | 1 | retry |  |\n"
        )
    );
}

#[test]
fn decide_appends_a_row_or_a_list_item() {
    Test::new()
        .file("task_plan.md", CANONICAL)
        .args(["decide", "Use Stripe Checkout", "--why", "keeps PCI scope | small"])
        .stdout("decision recorded in task_plan.md\n")
        .file_eq(
            "task_plan.md",
            CANONICAL.replace(
                "|----------|-----------|\n",
                "|----------|-----------|\n| Use Stripe Checkout | keeps PCI scope \\| small |\n",
            ),
        )
        .success();
    let listed = "# P\n\n## Decisions\n- Ollama over llama.cpp — simpler\n\n## Notes\n";
    Test::new()
        .file("task_plan.md", listed)
        .args(["decide", "Qwen2.5 for summaries", "--why", "fits in 8 GB"])
        .file_eq(
            "task_plan.md",
            listed.replace("simpler\n", "simpler\n- Qwen2.5 for summaries — fits in 8 GB\n"),
        )
        .success();
}

#[test]
fn reboot_answers_from_the_files() {
    let dir = plan_dir(CANONICAL);
    let d = dir.path();
    fs::write(d.join("findings.md"), "# Findings\n\n## Stripe needs idempotency keys\n").expect("f");
    fs::write(d.join("progress.md"), "# Progress\n\n## 2026-11-20 Session 1\n- set up\n").expect("p");
    pplan(d, &["set", "BE-001", "complete"]);
    let (code, out, _) = pplan(d, &["reboot"]);
    assert_eq!(code, Some(0));
    assert_eq!(
        out,
        "Where am I? group 1: Backend and frontend (in_progress, 1/2 done)\n\
         Where am I going? group 2: Integration (pending, 0/1 done)\n\
         What's the goal? Ship a checkout API and UI that pass the end-to-end suite.\n\
         What have I learned? Stripe needs idempotency keys\n\
         What have I done?\n  1/3 tasks done, 0/2 groups done\n  latest complete: BE-001\n  log: 2026-11-20 Session 1\n\
         What am I about to do? Spawn BE-001 and FE-001.\n"
    );
    let json: serde_json::Value = serde_json::from_str(&pplan(d, &["--json", "reboot"]).1).expect("json");
    assert_eq!(json["kind"], "reboot");
    assert_eq!(json["unanswered"], serde_json::json!([]));
    assert_eq!(json["answers"][2]["lines"][0], "Ship a checkout API and UI that pass the end-to-end suite.");
}

#[test]
fn reboot_names_every_question_the_files_cannot_answer() {
    let dir = plan_dir("# Untitled\n\n## Current Group\nPhase 9\n\n### Phase 1: A\n- [x] T-1: done\n");
    // A plan that ran agents: merges fill findings.md and progress.md, so empty ones are gaps.
    for (name, text) in [("findings.md", ""), ("progress.md", "# Progress\n"), ("findings_T-1.md", "# F\n")] {
        fs::write(dir.path().join(name), text).expect("file");
    }
    let (code, out, _) = pplan(dir.path(), &["reboot"]);
    assert_eq!(code, Some(1));
    assert_eq!(
        out.lines().last(),
        Some(
            "unanswered: What's the goal? (task_plan.md has no `## Goal`); What have I learned? (findings.md is empty \
             although 1 group is complete); What have I done? (progress.md has no entries although tasks are complete)"
        )
    );
    // Kept by hand (no agents), the same plan without those files lacks only its goal.
    for name in ["findings.md", "progress.md", "findings_T-1.md"] {
        fs::remove_file(dir.path().join(name)).expect("remove");
    }
    let (code, out, _) = pplan(dir.path(), &["reboot"]);
    assert_eq!(code, Some(1));
    assert_eq!(out.lines().last(), Some("unanswered: What's the goal? (task_plan.md has no `## Goal`)"));
    let dir = plan_dir("# P\n\n## Goal\nx\n\n## Current Group\nPhase 9\n\n### Phase 1: A\n- [ ] T-1: todo\n");
    let (code, out, _) = pplan(dir.path(), &["reboot"]);
    assert_eq!(code, Some(1));
    assert_eq!(
        out.lines().last(),
        Some("unanswered: Where am I? (`## Current Group` names `Phase 9`, which is not a group)")
    );
}

#[test]
fn reboot_stays_within_its_budget() {
    let mut plan = String::from("# Big\n\n## Goal\nMany things.\n\n");
    for g in 1..=30 {
        plan.push_str(&format!("### Phase {g}: A fairly long title for phase number {g}\n"));
        for t in 1..=20 {
            plan.push_str(&format!("- [{}] T-{g}-{t}: task\n", if g < 10 { 'x' } else { '~' }));
        }
    }
    let dir = plan_dir(&plan);
    let findings: String = (1..200).map(|i| format!("## Finding number {i} about something\n")).collect();
    fs::write(dir.path().join("findings.md"), findings).expect("f");
    fs::write(dir.path().join("progress.md"), "# P\n## 2026-01-01 one\n## 2026-01-02 two\n").expect("p");
    for budget in [2048, 800] {
        let (_, out, _) = pplan(dir.path(), &["reboot", "--budget", &budget.to_string()]);
        assert!(out.len() <= budget, "{} bytes over a {budget} budget:\n{out}", out.len());
    }
}

/// The reboot test over the corpus: which plans answer every question from their files (the
/// corpus keeps findings.md/progress.md only for some), asserted so a change is noticed.
#[test]
fn reboot_over_the_corpus() {
    let plans = corpus_files("task_plan.md");
    if plans.is_empty() {
        return;
    }
    let mut passing = Vec::new();
    for plan in plans {
        let name = plan.file_name().and_then(|n| n.to_str()).expect("name").to_string();
        let dir = TempDir::new();
        fs::copy(&plan, dir.path().join("task_plan.md")).expect("copy");
        let prefix = name.trim_end_matches("task_plan.md");
        for log in ["findings.md", "progress.md"] {
            let sibling = plan.with_file_name(format!("{prefix}{log}"));
            if sibling.exists() {
                fs::copy(sibling, dir.path().join(log)).expect("copy log");
            }
        }
        let (code, _, _) = pplan(dir.path(), &["reboot"]);
        if code == Some(0) {
            passing.push(name);
        } else {
            assert_eq!(code, Some(1), "{name}");
        }
    }
    assert_eq!(
        passing,
        [
            "00sapo__zotero-skimming__task_plan.md",
            "0717lee__lumina-flow__task_plan.md",
            "0cked__FS-braille__task_plan.md",
            "0kilo__khantraction__task_plan.md",
            "0kilo__mtw__task_plan.md",
            "0kilo__toolsworx-frontend__task_plan.md",
            "0xBreadguy__howmanypolymarkets__task_plan.md",
            "0xsakura666__pmpn__task_plan.md",
            "11carus__word_learning__task_plan.md",
            "123marks__SparkAlliance__task_plan.md",
            "123oqwe__townai-cleanroom__task_plan.md",
            "12434234ad__pabble-ocr-__task_plan.md",
            "1265433359-hash__chaos-atlas__task_plan.md",
            "1414760156-eng__campus-if-story-flow__task_plan.md",
            "1cyberlangke1__garlic-claw__task_plan.md",
            "1tzk__SREAgent__task_plan.md",
            "200297liuyi-arch__TCR-ECHO-archive__.claude__task_plan.md",
            "2892480843__TrustHire-AI__task_plan.md",
            "Alx-707__tianze-website__docs__plans__task_plan.md",
            "ArikRahman__hydenix__docs__task_plan.md",
            "Bensonluo__aiTerm__docs__task_plan.md",
            "BillChen-29__novel-base__plans__task_plan.md",
            "Bruca87__canzoniere__docs__task_plan.md",
            "Chun-Chieh-Chang__Tool-Calling__docs__task_plan.md",
            "DONGYUSEN__D2SAR__docs__task_plan.md",
            "DexterFromLab__agent-orchestrator__docs__provider-adapter__task_plan.md",
            "Edward-Bae-00__compiledhackathon__tasks__task_plan.md",
            "FunRaise-Team__bizpeak-flow__docs__plans__task_plan.md",
            "GarettSchultz-sudo__stealth-security-program__plans__task_plan.md",
            "GooDAnDReaDY__dsh-russian-lang__docs__plans__task_plan.md",
            "Jo5i4swastaken__Lead-Scraper__plan__task_plan.md",
            "Konan69__paperclip__doc__task_plan.md",
            "LinyenC__water_quality_prediction__plan__task_plan.md",
            "MAQSOODAWANhaha__LensDate__docs__task_plan.md",
            "MiShenng__mywebsite__.claude__task_plan.md",
            "NYT87__kakao-list__task_plan.md",
            "Nagato-YUKI__plane-war-game__task_plan.md",
            "Nemi-swami__LIPI-Hindi-Programing-Lang__task_plan.md",
            "NewGraphEnvironment__breaks__planning__task_plan.md",
            "NewGraphEnvironment__diggs__task_plan.md",
            "Olamzkid2005__Argus-__docs__task_plan.md",
            "OrbitalExplorer__SkiNavIndexes__tasks__task_plan.md",
            "SKY-118__ikit__docs__task_plan.md",
            "SPUERSAIYAN__StockAgentWar__plan__task_plan.md",
            "SeRendizc__decoder-inference-lab__.planning__task_plan.md",
            "Solarrixs__morphogen-gpbo__task_plan.md",
            "Tech-Andrew__ClientOS__docs__task_plan.md",
            "Ted-Engineer__ai-berkshire__.planning__task_plan.md",
            "Treytucker05__pt-study-sop__tasks__task_plan.md",
            "Vinchanso__weijie-blog__docs__task_plan.md",
            "YaeZed__visual_dialogue_assistant__docs__task_plan.md",
            "aidenkiefer__caliper__plans__task_plan.md",
            "beats-dh__Beats-Assets-Editor__plan__task_plan.md",
            "betsey77__77HK__.planning__task_plan.md",
            "bilbilmyc__fileupload__docs__task_plan.md",
            "bobcat88__simple-code-gui__docs__task_plan.md",
            "ca-x__rime-wanxiang-updater__task_plan.md",
            "catsonkeyboard__baiji__docs__task_plan.md",
            "chipshoot__hmm_console__docs__task_plan.md",
            "chipshoot__hmm_console__task_plan.md",
            "davidwuchn__minimal-emacs.d__docs__plans__task_plan.md",
            "etendue__multisensor-calibration__doc__task_plan.md",
            "flawsom__test-mandi__planning__task_plan.md",
            "gongshangzheng__lifeOS__plan__task_plan.md",
            "huangmeme__Agent-Bridge__tasks__task_plan.md",
            "ifengz__API-work__doc__task_plan.md",
            "kaniel149__project-dashboard__docs__plans__task_plan.md",
            "moshall__easyclaw__docs__plans__task_plan.md",
            "mt-monster__wqb__docs__plans__task_plan.md",
            "myselios__dg_bybit__docs__plans__task_plan.md",
            "neuralinsights__llmux__.planning__task_plan.md",
            "neusoftbruce-rgb__xuzhenwei-agent__.planning__task_plan.md",
            "north-sea__weekly-admin__docs__plans__task_plan.md",
            "phonowell__fire-keeper__plans__task_plan.md",
            "qcksys__poe-idol-planner__plan__task_plan.md",
            "quinnlivdahl-cmd__Nexus-App__planning__task_plan.md",
            "radioterapia-ai__photoid-rt__.planning__task_plan.md",
            "silent-briefing__the-silent-briefing__docs__plans__task_plan.md",
            "touch869__uni-agent__planning__task_plan.md",
            "uno335aaa__legacy__doc__task_plan.md",
            "veithly__AdvxTurbo__planning__task_plan.md",
            "xuxianbang1993__payroll-system__plans__task_plan.md",
            "zai2442__MCP_Scan__planning__task_plan.md",
            "zitvatorok__adhd-temizlik__plan__task_plan.md",
        ]
    );
}

#[test]
fn checkpoint_appends_to_progress() {
    let dir = plan_dir(CANONICAL);
    fs::write(dir.path().join("progress.md"), "# Progress\n").expect("p");
    assert_eq!(
        pplan(dir.path(), &["checkpoint", "wired the webhook", "--files", "a.rs"]).1,
        "checkpoint in progress.md\n"
    );
    let p = fs::read_to_string(dir.path().join("progress.md")).expect("p");
    assert!(
        p.starts_with("# Progress\n\n### 20") && p.ends_with("Z\nwired the webhook\nFiles: a.rs\n\n"),
        "{p}"
    );
}

fn git(dir: &Path, args: &[&str]) {
    let ok = Command::new("git")
        .args(["-c", "user.email=t@example.com", "-c", "user.name=t"])
        .args(args)
        .current_dir(dir)
        .output()
        .expect("git")
        .status
        .success();
    assert!(ok, "git {args:?}");
}

#[test]
fn restart_context_lists_twenty_changed_files_and_counts_the_rest() {
    let dir = plan_dir(CANONICAL);
    let d = dir.path();
    fs::write(d.join("progress.md"), "# Progress\n").expect("p");
    git(d, &["init", "-q"]);
    for i in 0..12 {
        fs::write(d.join(format!("src_{i:02}.rs")), "fn a() {}\n").expect("src");
    }
    git(d, &["add", "."]);
    git(d, &["commit", "-qm", "base"]);
    for i in 0..12 {
        fs::write(d.join(format!("src_{i:02}.rs")), "fn b() {}\n").expect("modify");
    }
    for i in 0..12 {
        fs::write(d.join(format!("new_{i:02}.rs")), "x\n").expect("untracked");
    }
    pplan(d, &["checkpoint", "built the api"]);
    let (code, out, _) = pplan(d, &["restart-context"]);
    assert_eq!(code, Some(0));
    // 12 modified + 12 new = 24; progress.md (changed by the checkpoints) is pplan's own.
    assert!(out.contains("Files modified (24):\n"), "{out}");
    let listed = out
        .lines()
        .skip_while(|l| !l.starts_with("Files modified"))
        .skip(1)
        .take_while(|l| !l.starts_with("- …"));
    assert_eq!(listed.count(), 20, "{out}");
    assert!(out.contains("\n- … and 4 more\n"), "{out}");
    assert!(out.starts_with("## Restart context: session, restart 1\ngroup 1 · no task in progress\nLogged since the last restart (1):\n- 20"), "{out}");
    // The next restart counts from this one.
    pplan(d, &["checkpoint", "after the restart"]);
    let (_, out, _) = pplan(d, &["restart-context"]);
    assert!(out.starts_with("## Restart context: session, restart 2\n"), "{out}");
    assert!(
        out.contains("Logged since the last restart (1):\n") && out.contains(" after the restart\n"),
        "{out}"
    );
}

#[test]
fn restart_context_works_without_git() {
    let dir = plan_dir(CANONICAL);
    let (code, out, _) = pplan(dir.path(), &["restart-context", "--agent", "BE-001"]);
    assert_eq!(code, Some(0));
    assert_eq!(
        out,
        "## Restart context: agent BE-001, restart 0\nno current group · BE-001 Build the payment endpoints\n\
         Logged since the last restart (0):\nFiles modified (0):\n\
         Continue, do not redo: read findings_BE-001.md and the files above first, pick up where the log ends, and log each step.\n"
    );
}

#[test]
fn strikes_count_the_task_however_its_id_is_typed() {
    let dir = plan_dir(CANONICAL);
    let d = dir.path();
    pplan(d, &["error", "BE-001", "--error", "a", "--approach", "one"]);
    let (_, out, _) = pplan(d, &["error", "be-001", "--error", "b", "--approach", "two"]);
    assert_eq!(
        out,
        "BE-001: strike 2 of 3 recorded; next time, a different approach (the last before escalation)\n"
    );
}

#[test]
fn empty_values_are_refused() {
    let dir = plan_dir(CANONICAL);
    let (code, _, stderr) = pplan(dir.path(), &["error", "BE-001", "--error", " ", "--approach", "x"]);
    assert_eq!(code, Some(2), "{stderr}");
    let (code, _, _) = pplan(dir.path(), &["decide", "x", "--why", ""]);
    assert_eq!(code, Some(2));
    assert_eq!(fs::read_to_string(dir.path().join("task_plan.md")).expect("plan"), CANONICAL);
}

#[test]
fn a_resolution_without_its_column_keeps_the_approach_readable() {
    let plan =
        "# P\n\n### Phase 1: A\n- [ ] T-1: do it\n\n## Errors Encountered\n| Error | Attempt |\n|---|---|\n";
    let dir = plan_dir(plan);
    pplan(dir.path(), &["error", "T-1", "--error", "boom", "--approach", "retry"]);
    pplan(dir.path(), &["error", "T-1", "--resolve", "wrong key"]);
    let after = fs::read_to_string(dir.path().join("task_plan.md")).expect("plan");
    assert!(after.ends_with("| T-1: boom (approach: retry; resolution: wrong key) | 1 |\n"), "{after}");
    let (code, _, _) = pplan(dir.path(), &["error", "T-1", "--error", "again", "--approach", "Retry!"]);
    assert_eq!(code, Some(2), "the failed approach is still refused");
}
