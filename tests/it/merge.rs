//! The locked merge: exactly once, crash-safe, verified, over real processes and files.

use std::fs;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Duration;

use crate::harness::{BIN, TempDir, pplan_env as pplan};
use crate::set::CANONICAL;

fn ok(dir: &Path, args: &[&str]) -> String {
    let (code, stdout, stderr) = pplan(dir, args, &[]);
    assert_eq!(code, Some(0), "{args:?}: {stderr}");
    stdout
}

fn copy_dir(from: &Path, to: &Path) {
    fs::create_dir_all(to).expect("mkdir");
    for e in fs::read_dir(from).expect("read dir").flatten() {
        let dest = to.join(e.file_name());
        if e.file_type().expect("type").is_dir() {
            copy_dir(&e.path(), &dest);
        } else {
            fs::copy(e.path(), dest).expect("copy");
        }
    }
}

/// A plan whose group 1 has two COMPLETE agents with findings and progress.
fn ready_to_merge() -> TempDir {
    let dir = TempDir::new();
    let d = dir.path();
    fs::write(d.join("task_plan.md"), CANONICAL).expect("plan");
    fs::write(d.join("findings.md"), "# Findings\n\nEarlier notes.\n").expect("findings");
    fs::write(d.join("progress.md"), "# Progress\n").expect("progress");
    ok(d, &["spawn"]);
    ok(d, &["note", "--agent", "BE-001", "## Stripe\nneeds idempotency keys"]);
    ok(d, &["log", "--agent", "BE-001", "built charge", "--files", "src/pay.rs"]);
    ok(d, &["note", "--agent", "FE-001", "the cart total is computed client-side"]);
    ok(d, &["log", "--agent", "FE-001", "built the cart page"]);
    ok(d, &["mark", "--agent", "BE-001", "COMPLETE"]);
    ok(d, &["mark", "--agent", "FE-001", "COMPLETE"]);
    dir
}

/// What must be identical after any merge of the same inputs: the three files, the archive's
/// files and manifest entries (without their times), and nothing else left in the directory.
fn final_state(d: &Path) -> Vec<(String, String)> {
    let mut state = Vec::new();
    for f in ["findings.md", "progress.md", "task_plan.md"] {
        state.push((f.to_string(), fs::read_to_string(d.join(f)).expect("target")));
    }
    let mut top: Vec<String> = fs::read_dir(d)
        .expect("dir")
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    top.sort();
    state.push(("dir".into(), top.join(",")));
    let mut pplan: Vec<String> = fs::read_dir(d.join(".pplan"))
        .expect(".pplan")
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    pplan.sort();
    pplan.retain(|n| !n.ends_with(".lock") && n != "lock");
    state.push((".pplan".into(), pplan.join(",")));
    let archive = d.join(".pplan/archive/group-1");
    let mut archived: Vec<String> = fs::read_dir(&archive)
        .map(|r| r.flatten().map(|e| e.file_name().to_string_lossy().into_owned()).collect())
        .unwrap_or_default();
    archived.sort();
    for name in &archived {
        let text = fs::read_to_string(archive.join(name)).expect("archived");
        let text = if name == "manifest.json" {
            text.lines().filter(|l| !l.contains("\"merged_at\"")).collect::<Vec<_>>().join("\n")
        } else {
            text
        };
        state.push((format!("archive/{name}"), text));
    }
    state
}

#[test]
fn merge_folds_agents_in_once_and_advances_the_plan() {
    let dir = ready_to_merge();
    let d = dir.path();
    let out = ok(d, &["merge"]);
    assert_eq!(
        out,
        "merged group 1: BE-001, FE-001 (findings.md, progress.md)\ncomplete: BE-001, FE-001\n\
         group 1 complete; current group → 2\nretired the files of BE-001, FE-001 to .pplan/archive/\n"
    );
    let findings = fs::read_to_string(d.join("findings.md")).expect("findings");
    let date = &findings[findings.find("— merged ").expect("section") + "— merged ".len()..][..10];
    let stamp_re = |s: &str| {
        s.lines()
            .map(|l| {
                if l.starts_with("##### 20") || l.starts_with("#### 20") {
                    l.split(' ').next().unwrap_or("").to_string() + " <stamp>"
                } else {
                    l.to_string()
                }
            })
            .collect::<Vec<_>>()
            .join("\n")
    };
    let sha_re = |s: &str| {
        s.split("sha=")
            .enumerate()
            .map(|(i, part)| if i == 0 { part.to_string() } else { format!("sha=<sha>{}", &part[16..]) })
            .collect::<String>()
    };
    assert_eq!(
        sha_re(&stamp_re(&findings)),
        format!(
            "# Findings\n\nEarlier notes.\n\n## Group 1: Backend and frontend — merged {date}\n\n\
             <!-- pplan:merge group=1 agent=BE-001 sha=<sha> -->\n### BE-001: Build the payment endpoints\n\n\
             ##### <stamp>\n#### Stripe\nneeds idempotency keys\n\n<!-- /pplan:merge sha=<sha> -->\n\n\
             <!-- pplan:merge group=1 agent=FE-001 sha=<sha> -->\n### FE-001: Build the cart page\n\n\
             #### <stamp>\nthe cart total is computed client-side\n\n<!-- /pplan:merge sha=<sha> -->"
        )
    );
    let plan = fs::read_to_string(d.join("task_plan.md")).expect("plan");
    assert_eq!(
        plan,
        CANONICAL
            .replace("- [ ] BE-001", "- [x] BE-001")
            .replace("- [ ] FE-001", "- [x] FE-001")
            .replace("- **Status:** in_progress", "- **Status:** complete")
            .replace("## Current Group\nGroup 1", "## Current Group\nGroup 2")
            .replace("Spawn BE-001 and FE-001.", "Spawn group 2: INT-001.")
    );
    for id in ["BE-001", "FE-001"] {
        assert!(
            !d.join(format!("findings_{id}.md")).exists() && !d.join(format!("progress_{id}.md")).exists()
        );
        assert!(d.join(format!(".pplan/archive/group-1/progress_{id}.md")).exists());
    }
    assert!(!d.join(".pplan/journal.json").exists());
}

#[test]
fn merge_twice_equals_merge_once() {
    let dir = ready_to_merge();
    ok(dir.path(), &["merge"]);
    let once = final_state(dir.path());
    assert_eq!(ok(dir.path(), &["merge", "--group", "1"]), "nothing to merge in group 1\n");
    assert_eq!(final_state(dir.path()), once);
}

#[test]
fn agents_not_complete_block_the_merge_and_nothing_is_written() {
    let dir = ready_to_merge();
    ok(dir.path(), &["mark", "--agent", "FE-001", "BLOCKED", "--reason", "no design"]);
    let before = final_state(dir.path());
    let (code, stdout, stderr) = pplan(dir.path(), &["merge"], &[]);
    assert_eq!((code, stdout.as_str()), (Some(5), ""));
    assert_eq!(
        stderr,
        "error: group 1 is not ready: FE-001 BLOCKED\nhint: wait for them (`pplan wait`), or merge the COMPLETE ones with --partial\n"
    );
    assert_eq!(final_state(dir.path()), before);
    assert!(dir.path().join("progress_FE-001.md").exists() && dir.path().join("progress_BE-001.md").exists());
}

#[test]
fn partial_merges_the_complete_and_leaves_the_blocked_running() {
    let dir = ready_to_merge();
    let d = dir.path();
    ok(d, &["mark", "--agent", "FE-001", "BLOCKED", "--reason", "no design"]);
    let blocked = (
        fs::read(d.join("findings_FE-001.md")).expect("f"),
        fs::read(d.join("progress_FE-001.md")).expect("p"),
    );
    let out = ok(d, &["merge", "--partial"]);
    assert_eq!(
        out,
        "merged group 1: BE-001 (findings.md, progress.md)\ncomplete: BE-001\n\
         retired the files of BE-001 to .pplan/archive/\nnot merged yet: FE-001 BLOCKED\n"
    );
    assert_eq!(
        (
            fs::read(d.join("findings_FE-001.md")).expect("f"),
            fs::read(d.join("progress_FE-001.md")).expect("p")
        ),
        blocked
    );
    let plan = fs::read_to_string(d.join("task_plan.md")).expect("plan");
    assert!(
        plan.contains("## Current Group\nGroup 1\n")
            && plan.contains("- **Status:** in_progress\n- [x] BE-001"),
        "{plan}"
    );
    assert!(!fs::read_to_string(d.join("findings.md")).expect("f").contains("agent=FE-001"));
}

#[test]
fn strict_refuses_a_complete_agent_with_nothing_written() {
    let dir = TempDir::new();
    let d = dir.path();
    fs::write(d.join("task_plan.md"), CANONICAL).expect("plan");
    fs::write(d.join("findings.md"), "# Findings\n").expect("findings");
    fs::write(d.join("progress.md"), "# Progress\n").expect("progress");
    ok(d, &["spawn"]);
    ok(d, &["mark", "--agent", "BE-001", "COMPLETE"]);
    ok(d, &["mark", "--agent", "FE-001", "COMPLETE"]);
    let before = final_state(d);
    let (code, _, stderr) = pplan(d, &["merge", "--strict"], &[]);
    assert_eq!(code, Some(1));
    assert_eq!(
        stderr,
        "error: `BE-001` is COMPLETE but wrote no findings and no progress\nhint: nothing was merged (--strict); check the agent's work\n"
    );
    assert_eq!(final_state(d), before);
    let out = ok(d, &["merge"]);
    assert!(
        out.ends_with(
            "warning: `BE-001` is COMPLETE but wrote no findings and no progress\n\
         warning: `FE-001` is COMPLETE but wrote no findings and no progress\n"
        ),
        "{out}"
    );
}

#[test]
fn dry_run_shows_every_diff_and_writes_nothing() {
    let dir = ready_to_merge();
    let before = final_state(dir.path());
    let out = ok(dir.path(), &["merge", "--dry-run"]);
    for part in [
        "--- a/findings.md\n",
        "--- a/progress.md\n",
        "--- a/task_plan.md\n",
        "-Group 1\n+Group 2\n",
        "+<!-- pplan:merge group=1 agent=FE-001 sha=",
    ] {
        assert!(out.contains(part), "{part} missing in\n{out}");
    }
    assert_eq!(final_state(dir.path()), before);
}

const FAULTS: [&str; 8] = [
    "after-lock",
    "after-journal",
    "after-write-findings.md",
    "after-write-progress.md",
    "after-write-task_plan.md",
    "before-retire",
    "mid-retire",
    "before-journal-delete",
];

#[test]
#[cfg_attr(not(debug_assertions), ignore = "needs the fault points of a debug build")]
fn a_crash_at_every_step_resumes_to_the_same_final_state() {
    let base = ready_to_merge();
    let reference = TempDir::new();
    copy_dir(base.path(), reference.path());
    ok(reference.path(), &["merge"]);
    let want = final_state(reference.path());
    for fault in FAULTS {
        let run = TempDir::new();
        copy_dir(base.path(), run.path());
        let (code, _, _) = pplan(run.path(), &["merge"], &[("PPLAN_FAULT", &format!("{fault}:abort"))]);
        assert_eq!(code, None, "{fault}: the process must die at the fault point");
        // Any command finishes an interrupted merge; then a merge rerun has nothing left to do.
        ok(run.path(), &["status"]);
        ok(run.path(), &["merge", "--group", "1"]);
        assert_eq!(final_state(run.path()), want, "after a crash at {fault}");
    }
}

/// A small deterministic generator for kill delays.
fn lcg(seed: &mut u64) -> u64 {
    *seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
    *seed >> 33
}

#[test]
fn two_hundred_random_kills_each_followed_by_a_rerun_lose_and_duplicate_nothing() {
    let base = ready_to_merge();
    let reference = TempDir::new();
    copy_dir(base.path(), reference.path());
    ok(reference.path(), &["merge"]);
    let want = final_state(reference.path());
    let mut seed = 0x5eed_u64;
    let mut killed = 0;
    for round in 0..200 {
        let run = TempDir::new();
        copy_dir(base.path(), run.path());
        let mut child = Command::new(BIN)
            .arg("merge")
            .current_dir(run.path())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("merge");
        std::thread::sleep(Duration::from_micros(lcg(&mut seed) % 12_000));
        if child.try_wait().expect("try_wait").is_none() {
            let _ = child.kill(); // SIGKILL
            killed += 1;
        }
        let _ = child.wait();
        ok(run.path(), &["merge", "--group", "1"]);
        assert_eq!(final_state(run.path()), want, "round {round}");
    }
    assert!(killed > 50, "only {killed} of 200 runs were killed mid-way: the delays are too long");
}

#[test]
#[cfg_attr(not(debug_assertions), ignore = "needs the fault points of a debug build")]
fn a_person_editing_a_target_meanwhile_keeps_the_edit_and_nothing_is_lost() {
    let dir = ready_to_merge();
    let d = dir.path().to_path_buf();
    let signal = d.join(".pplan/signal");
    let person = {
        let (path, signal) = (d.join("findings.md"), signal.clone());
        std::thread::spawn(move || {
            crate::harness::wait_for(&signal);
            let text = fs::read_to_string(&path).expect("f");
            fs::write(&path, text.replace("Earlier notes.", "Earlier notes, edited by hand.")).expect("edit");
        })
    };
    let env =
        [("PPLAN_FAULT", "after-journal:pause-1500"), ("PPLAN_FAULT_SIGNAL", signal.to_str().expect("path"))];
    let (code, _, stderr) = pplan(&d, &["merge"], &env);
    person.join().expect("person");
    assert_eq!(code, Some(4), "{stderr}");
    assert!(stderr.starts_with("error: `"), "{stderr}");
    assert!(d.join("findings_BE-001.md").exists(), "no agent file retired");
    ok(&d, &["merge", "--group", "1"]);
    let findings = fs::read_to_string(d.join("findings.md")).expect("f");
    assert!(findings.contains("Earlier notes, edited by hand."));
    for id in ["BE-001", "FE-001"] {
        assert_eq!(findings.matches(&format!("agent={id} sha=")).count(), 1, "{id} once");
    }
    let progress = fs::read_to_string(d.join("progress.md")).expect("p");
    assert_eq!(progress.matches("agent=BE-001 sha=").count(), 1);
}

#[test]
fn two_merges_and_four_writers_at_once_lose_no_update() {
    let dir = ready_to_merge();
    let d = dir.path().to_path_buf();
    // Agents of group 2 to write notes while group 1 merges.
    let plan = fs::read_to_string(d.join("task_plan.md")).expect("plan");
    let plan = plan.replace(
        "- [ ] INT-001: Wire the cart to the API (depends: BE-001, FE-001)",
        "- [ ] INT-001: Wire the cart to the API (depends: BE-001, FE-001)\n- [ ] DOC-001: Write the docs\n- [ ] QA-001: Test plan\n- [ ] OPS-001: Deploy script\n- [ ] SEC-001: Threat model",
    );
    fs::write(d.join("task_plan.md"), plan).expect("plan");
    ok(&d, &["spawn", "DOC-001", "QA-001"]);
    let env = [("PPLAN_LOCK_TIMEOUT_MS", "30000")];
    let jobs: Vec<(Vec<&str>, bool)> = vec![
        (vec!["merge", "--group", "1"], true),
        (vec!["merge", "--group", "1"], true),
        (vec!["set", "OPS-001", "in_progress"], false),
        (vec!["set", "SEC-001", "blocked"], false),
        (vec!["note", "--agent", "DOC-001", "docs live in docs/"], false),
        (vec!["note", "--agent", "QA-001", "use the staging db"], false),
    ];
    let handles: Vec<_> = jobs
        .into_iter()
        .map(|(args, is_merge)| {
            let d = d.clone();
            std::thread::spawn(move || {
                let (code, stdout, stderr) = pplan(&d, &args, &env);
                (is_merge, code, stdout, stderr)
            })
        })
        .collect();
    let mut merge_outputs = Vec::new();
    for h in handles {
        let (is_merge, code, stdout, stderr) = h.join().expect("job");
        if is_merge {
            assert!(code == Some(0) || code == Some(4), "merge: {code:?} {stderr}");
            merge_outputs.push(stdout);
        } else {
            assert_eq!(code, Some(0), "{stderr}");
        }
    }
    assert_eq!(
        merge_outputs.iter().filter(|o| o.starts_with("merged group 1:")).count(),
        1,
        "{merge_outputs:?}"
    );
    let plan = fs::read_to_string(d.join("task_plan.md")).expect("plan");
    for line in
        ["- [~] OPS-001", "- [!] SEC-001", "- [x] BE-001", "- [x] FE-001", "- [~] DOC-001", "- [~] QA-001"]
    {
        assert!(plan.contains(line), "{line} in\n{plan}");
    }
    let findings = fs::read_to_string(d.join("findings.md")).expect("f");
    assert_eq!(findings.matches("agent=BE-001 sha=").count(), 1);
    assert!(fs::read_to_string(d.join("findings_DOC-001.md")).expect("f").contains("docs live in docs/"));
    assert!(fs::read_to_string(d.join("findings_QA-001.md")).expect("f").contains("use the staging db"));
}

#[test]
fn merging_the_last_group_says_all_groups_complete() {
    let dir = ready_to_merge();
    let d = dir.path();
    ok(d, &["merge"]);
    ok(d, &["spawn"]);
    ok(d, &["log", "--agent", "INT-001", "wired"]);
    ok(d, &["mark", "--agent", "INT-001", "COMPLETE"]);
    let out = ok(d, &["merge"]);
    assert!(out.contains("group 2 complete\n"), "{out}");
    let plan = fs::read_to_string(d.join("task_plan.md")).expect("plan");
    assert!(
        plan.contains("## Current Group\nAll groups complete\n\n## Next Step\nAll groups complete.\n"),
        "{plan}"
    );
    let status = ok(d, &["status"]);
    assert!(!status.contains("warning"), "{status}");
}

#[test]
fn a_missing_agent_file_holds_the_merge_back() {
    let dir = ready_to_merge();
    fs::remove_file(dir.path().join("progress_FE-001.md")).expect("rm");
    let (code, _, stderr) = pplan(dir.path(), &["merge"], &[]);
    assert_eq!(code, Some(5));
    assert!(stderr.starts_with("error: group 1 is not ready: FE-001 MISSING\n"), "{stderr}");
}

#[test]
#[cfg_attr(not(debug_assertions), ignore = "needs the fault points of a debug build")]
fn an_agent_writing_after_the_merge_read_it_keeps_its_files() {
    let dir = ready_to_merge();
    let d = dir.path().to_path_buf();
    let signal = d.join(".pplan/signal");
    let late = {
        let (d, signal) = (d.clone(), signal.clone());
        std::thread::spawn(move || {
            crate::harness::wait_for(&signal);
            // A late note, under the agent's own lock, after the merge read the agent's files and
            // before it wrote its journal (once a journal exists, pplan commands wait for it).
            ok(&d, &["note", "--agent", "BE-001", "one more thing"]);
        })
    };
    let env = [
        ("PPLAN_FAULT", "before-journal:pause-1500"),
        ("PPLAN_FAULT_SIGNAL", signal.to_str().expect("path")),
    ];
    let (code, stdout, stderr) = pplan(&d, &["merge"], &env);
    late.join().expect("late note");
    assert_eq!(code, Some(0), "{stderr}");
    assert!(stdout.contains("retired the files of FE-001 to .pplan/archive/\n"), "{stdout}");
    assert!(
        stdout.contains(
            "kept (written to after the merge read them): BE-001; run `pplan merge --group 1` again\n"
        ),
        "{stdout}"
    );
    assert!(d.join("findings_BE-001.md").exists(), "BE-001 changed after the merge read it: kept");
    // The next merge takes the late note in.
    let out = ok(&d, &["merge", "--group", "1"]);
    assert!(out.starts_with("merged group 1: BE-001"), "{out}");
    assert!(fs::read_to_string(d.join("findings.md")).expect("f").contains("one more thing"));
    assert!(!d.join("findings_BE-001.md").exists());
}
