//! Sub-agents: spawn, note/log/mark, poll, wait, respawn, over real processes and files.

use std::fs;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, SystemTime};

use crate::harness::{BIN, TempDir, Test, pplan_env, run_in};
use crate::set::CANONICAL;

fn pplan(dir: &Path, args: &[&str]) -> (i32, String, String) {
    let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
    let out = run_in(dir, &args, &[]);
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn ok(dir: &Path, args: &[&str]) -> String {
    let (code, stdout, stderr) = pplan(dir, args);
    assert_eq!(code, 0, "{args:?}: {stderr}");
    stdout
}

/// A plan directory with the canonical plan, spawned.
fn spawned() -> TempDir {
    let dir = TempDir::new();
    fs::write(dir.path().join("task_plan.md"), CANONICAL).expect("plan");
    ok(dir.path(), &["spawn"]);
    dir
}

/// Replace `### <timestamp>` and `Spawned <timestamp>` with fixed text.
fn unstamp(s: &str) -> String {
    let mut out = String::new();
    for line in s.split_inclusive('\n') {
        if let Some(rest) = line.strip_prefix("### 20") {
            out.push_str(&format!("### <stamp>{}", &rest[18..]));
        } else if let Some(at) = line.find("Spawned 20") {
            out.push_str(&line[..at + 8]);
            out.push_str("<stamp>");
            out.push_str(&line[at + 8 + 20..]);
        } else {
            out.push_str(line);
        }
    }
    out
}

#[test]
fn spawn_creates_files_marks_tasks_and_prints_briefs() {
    let t = Test::new().file("task_plan.md", CANONICAL).args(["spawn"]).success();
    let dir = t.dir.path();
    let real = fs::canonicalize(dir).expect("dir").display().to_string();
    let stdout = String::from_utf8_lossy(&t.stdout).replace(&real, "DIR");
    let want = "Brief for each sub-agent: its line below, then these rules with <ID> as its id.\n\
        Plan dir: DIR (run pplan there). Read task_plan.md, findings.md, progress.md; never edit them. \
        Write only through pplan (text `-` = stdin):\n\
        - every 2 reads/searches: pplan note --agent <ID> \"<finding>\"\n\
        - each step: pplan log --agent <ID> \"<what you did>\" --files <a,b>\n\
        - an approach that failed: pplan log --agent <ID> --failed \"<approach>: <error>\" (never repeat one)\n\
        - finish: pplan mark --agent <ID> COMPLETE | CONTINUATION_REQUIRED --resume-from \"<next step>\" | \
        BLOCKED --reason \"<why>\"\n\
        Agents:\n\
        - BE-001: Build the payment endpoints (group 1)\n\
        - FE-001: Build the cart page (group 1)\n\
        spawned BE-001, FE-001 in group 1\n";
    assert_eq!(stdout, want);
    assert!(stdout.len() < 800, "{} bytes for two agents", stdout.len());
    let plan = fs::read_to_string(dir.join("task_plan.md")).expect("plan");
    assert_eq!(
        plan,
        CANONICAL.replace("- [ ] BE-001", "- [~] BE-001").replace("- [ ] FE-001", "- [~] FE-001")
    );
    assert_eq!(
        unstamp(&fs::read_to_string(dir.join("progress_BE-001.md")).expect("progress")),
        "# Progress: BE-001\n\n> Task: Build the payment endpoints · Group 1 · Spawned <stamp>\n\
         <!-- pplan:agent-header-end -->\n\n---\nORCHESTRATOR STATUS: IN_PROGRESS\n"
    );
    assert_eq!(
        unstamp(&fs::read_to_string(dir.join("findings_FE-001.md")).expect("findings")),
        "# Findings: FE-001\n\n> Task: Build the cart page · Group 1 · Spawned <stamp>\n\
         <!-- pplan:agent-header-end -->\n"
    );
}

#[test]
fn spawn_refuses_live_agents_and_never_clobbers() {
    let dir = spawned();
    ok(dir.path(), &["note", "--agent", "BE-001", "keep me"]);
    let before = fs::read_to_string(dir.path().join("findings_BE-001.md")).expect("findings");
    let (code, _, stderr) = pplan(dir.path(), &["spawn", "BE-001"]);
    assert_eq!(code, 2);
    assert_eq!(
        stderr,
        "error: agent files for `BE-001` exist already\nhint: its files are kept; pass --force to spawn it again over them\n"
    );
    let out = ok(dir.path(), &["spawn", "BE-001", "--force"]);
    assert!(out.contains("- BE-001: Build the payment endpoints (group 1)\n"), "{out}");
    assert_eq!(fs::read_to_string(dir.path().join("findings_BE-001.md")).expect("findings"), before);
}

#[test]
fn spawn_with_nothing_ready_says_so() {
    let dir = spawned();
    assert_eq!(ok(dir.path(), &["spawn"]), "nothing to spawn in group 1: no pending task is ready\n");
}

#[test]
fn spawn_dry_run_writes_nothing() {
    let t = Test::new()
        .file("task_plan.md", CANONICAL)
        .args(["spawn", "--dry-run"])
        .file_eq("task_plan.md", CANONICAL)
        .success();
    let out = String::from_utf8_lossy(&t.stdout);
    assert!(out.ends_with("would create findings_BE-001.md and progress_BE-001.md\nwould create findings_FE-001.md and progress_FE-001.md\n"), "{out}");
    assert!(out.contains(
        "-- [ ] BE-001: Build the payment endpoints\n-- [ ] FE-001: Build the cart page\n\
         +- [~] BE-001: Build the payment endpoints\n+- [~] FE-001: Build the cart page\n"
    ));
    assert!(!t.dir.path().join("progress_BE-001.md").exists());
}

#[test]
fn note_log_and_mark_write_only_their_agent_files() {
    let dir = spawned();
    let plan = fs::read_to_string(dir.path().join("task_plan.md")).expect("plan");
    assert_eq!(
        ok(dir.path(), &["note", "--agent", "BE-001", "Stripe needs idempotency keys"]),
        "noted in findings_BE-001.md\n"
    );
    let mut child = Command::new(BIN)
        .args(["log", "--agent", "BE-001", "-", "--files", "src/pay.rs,src/api.rs"])
        .current_dir(dir.path())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("log");
    std::io::Write::write_all(
        &mut child.stdin.take().expect("stdin"),
        b"built `charge`\nwith 'quotes' and \"more\"\n",
    )
    .expect("write");
    assert!(child.wait().expect("wait").success());
    // A person's text below the marker is kept below it.
    let p = dir.path().join("progress_BE-001.md");
    fs::write(&p, fs::read_to_string(&p).expect("p") + "(human note)\n").expect("append");
    ok(dir.path(), &["log", "--agent", "BE-001", "second"]);
    assert_eq!(
        ok(dir.path(), &["mark", "--agent", "BE-001", "complete"]),
        "BE-001: IN_PROGRESS → COMPLETE\n"
    );
    assert_eq!(
        unstamp(&fs::read_to_string(&p).expect("progress")),
        "# Progress: BE-001\n\n> Task: Build the payment endpoints · Group 1 · Spawned <stamp>\n\
         <!-- pplan:agent-header-end -->\n\n\
         ### <stamp>\nbuilt `charge`\nwith 'quotes' and \"more\"\nFiles: src/pay.rs, src/api.rs\n\n\
         ### <stamp>\nsecond\n\n\
         ---\nORCHESTRATOR STATUS: COMPLETE\n(human note)\n"
    );
    assert_eq!(
        unstamp(&fs::read_to_string(dir.path().join("findings_BE-001.md")).expect("findings")),
        "# Findings: BE-001\n\n> Task: Build the payment endpoints · Group 1 · Spawned <stamp>\n\
         <!-- pplan:agent-header-end -->\n\n### <stamp>\nStripe needs idempotency keys\n\n"
    );
    assert_eq!(
        fs::read_to_string(dir.path().join("task_plan.md")).expect("plan"),
        plan,
        "the plan is untouched"
    );
}

#[test]
fn continuation_needs_a_resume_point() {
    let dir = spawned();
    let (code, _, stderr) = pplan(dir.path(), &["mark", "--agent", "FE-001", "CONTINUATION_REQUIRED"]);
    assert_eq!(code, 2);
    assert_eq!(
        stderr,
        "error: CONTINUATION_REQUIRED needs `--resume-from`\nhint: usage: pplan mark --agent <ID> CONTINUATION_REQUIRED --resume-from \"<where to continue>\"\n"
    );
}

#[test]
fn bad_ids_are_refused_and_nothing_is_created() {
    let dir = spawned();
    let long = "x".repeat(10_000);
    for bad in ["../x", "/etc/passwd", "a b", ".hidden", long.as_str()] {
        for args in [
            vec!["note", "--agent", bad, "t"],
            vec!["log", "--agent", bad, "t"],
            vec!["mark", "--agent", bad, "COMPLETE"],
            vec!["respawn", bad],
            vec!["spawn", bad],
        ] {
            let (code, stdout, stderr) = pplan(dir.path(), &args);
            assert_eq!(code, 2, "{args:?}");
            assert_eq!(stdout, "");
            assert!(
                stderr.starts_with("error: `") && stderr.contains("` is not a safe agent id\n"),
                "{stderr}"
            );
        }
    }
    assert_eq!(
        crate::harness::file_names(dir.path()),
        [
            ".pplan",
            "findings_BE-001.md",
            "findings_FE-001.md",
            "progress_BE-001.md",
            "progress_FE-001.md",
            "task_plan.md"
        ]
    );
    assert!(!Path::new("/etc/findings_x.md").exists());
}

#[test]
fn symlinked_agent_files_are_refused() {
    let dir = spawned();
    let outside = TempDir::new();
    fs::write(outside.path().join("target.md"), "outside\n").expect("outside");
    let link = dir.path().join("findings_BE-001.md");
    fs::remove_file(&link).expect("rm");
    std::os::unix::fs::symlink(outside.path().join("target.md"), &link).expect("symlink");
    let (code, _, stderr) = pplan(dir.path(), &["note", "--agent", "BE-001", "x"]);
    assert_eq!((code, stderr), (2, "error: `./findings_BE-001.md` is not a regular file\n".to_string()));
    assert_eq!(fs::read_to_string(outside.path().join("target.md")).expect("t"), "outside\n");
}

/// Run `args` with the fault point `point` paused; at that moment `file` (an agent file of the
/// spawned plan `dir`) becomes a symlink to a file outside the plan holding `outside`. Returns
/// the exit code, stdout and stderr, and asserts that the outside file kept its bytes.
fn swapped_for_a_symlink_at(
    dir: &Path,
    point: &str,
    (file, outside): (&str, &str),
    args: &[&str],
) -> (Option<i32>, String, String) {
    let elsewhere = TempDir::new();
    let target = elsewhere.path().join("target.md");
    fs::write(&target, outside).expect("outside");
    let signal = dir.join(".pplan/signal");
    let swapper = {
        let (signal, link, target) = (signal.clone(), dir.join(file), target.clone());
        std::thread::spawn(move || {
            crate::harness::wait_for(&signal);
            fs::remove_file(&link).expect("rm");
            std::os::unix::fs::symlink(&target, &link).expect("symlink");
        })
    };
    let fault = format!("{point}:pause-1000");
    let env = [("PPLAN_FAULT", fault.as_str()), ("PPLAN_FAULT_SIGNAL", signal.to_str().expect("utf-8 path"))];
    let out = pplan_env(dir, args, &env);
    swapper.join().expect("the fault point was reached and the file swapped");
    assert_eq!(fs::read_to_string(&target).expect("target"), outside, "{args:?} wrote through the link");
    out
}

/// `poll` reads an agent's marker from its progress file as opened: a symlink swapped in (to a
/// file that says COMPLETE) reads as no progress file.
#[test]
#[cfg_attr(not(debug_assertions), ignore = "needs the fault points of a debug build")]
fn poll_reads_no_marker_through_a_progress_file_swapped_for_a_symlink() {
    let dir = spawned();
    let complete = "---\nORCHESTRATOR STATUS: COMPLETE\n";
    let (code, out, _) =
        swapped_for_a_symlink_at(dir.path(), "agent-open", ("progress_BE-001.md", complete), &["poll"]);
    assert_eq!((code, out.lines().next()), (Some(0), Some("BE-001  MISSING")));
}

/// An agent file swapped for a symlink after any look before the agent's lock (while the
/// command waits for it): the check is made on what is opened inside the lock, and refused.
#[test]
#[cfg_attr(not(debug_assertions), ignore = "needs the fault points of a debug build")]
fn an_agent_file_swapped_for_a_symlink_before_the_lock_is_refused() {
    for (file, args) in [
        ("findings_BE-001.md", &["propose", "--agent", "BE-001", "Add refunds"][..]),
        ("findings_BE-001.md", &["note", "--agent", "BE-001", "a finding"]),
        ("progress_BE-001.md", &["log", "--agent", "BE-001", "an entry"]),
        ("progress_BE-001.md", &["mark", "--agent", "BE-001", "COMPLETE"]),
        ("progress_BE-001.md", &["mark", "--agent", "BE-001", "BLOCKED", "--reason", "no key"]),
    ] {
        let dir = spawned();
        let got = swapped_for_a_symlink_at(dir.path(), "agent-locked", (file, "outside\n"), args);
        assert_eq!(
            got,
            (Some(2), String::new(), format!("error: `./{file}` is not a regular file\n")),
            "{args:?}"
        );
    }
}

/// The failures an agent logged are read (`merge`, `wait`, `respawn` record them as strikes)
/// from the progress file as opened, never through a symlink swapped in at the last moment.
#[test]
#[cfg_attr(not(debug_assertions), ignore = "needs the fault points of a debug build")]
fn a_progress_file_swapped_for_a_symlink_is_not_read_for_strikes() {
    let dir = spawned();
    ok(dir.path(), &["mark", "--agent", "BE-001", "COMPLETE"]);
    ok(dir.path(), &["mark", "--agent", "FE-001", "COMPLETE"]);
    let plan = fs::read(dir.path().join("task_plan.md")).expect("plan");
    let got =
        swapped_for_a_symlink_at(dir.path(), "agent-open", ("progress_BE-001.md", "outside\n"), &["merge"]);
    assert_eq!(
        got,
        (Some(2), String::new(), "error: `./progress_BE-001.md` is not a regular file\n".to_string())
    );
    assert_eq!(fs::read(dir.path().join("task_plan.md")).expect("plan"), plan, "the plan is untouched");
}

#[test]
fn poll_reports_state_resume_point_stalled_and_missing() {
    let dir = spawned();
    ok(
        dir.path(),
        &["mark", "--agent", "FE-001", "CONTINUATION_REQUIRED", "--resume-from", "wire the cart total"],
    );
    let old = SystemTime::now() - Duration::from_secs(20 * 60);
    for f in ["progress_BE-001.md", "findings_BE-001.md"] {
        fs::File::options()
            .write(true)
            .open(dir.path().join(f))
            .expect("open")
            .set_modified(old)
            .expect("mtime");
    }
    let out = ok(dir.path(), &["poll"]);
    assert_eq!(
        out.replace(" 0s", " 1s").replace(" 1s", " Ns"),
        "BE-001  IN_PROGRESS               20m  STALLED\n\
         FE-001  CONTINUATION_REQUIRED      Ns  resume: wire the cart total\n\
         group 1: 2 agents: 1 IN_PROGRESS (1 STALLED), 1 CONTINUATION_REQUIRED\n"
    );
    fs::remove_file(dir.path().join("progress_FE-001.md")).expect("rm");
    let json: serde_json::Value = serde_json::from_str(&ok(dir.path(), &["--json", "poll"])).expect("json");
    assert_eq!(json["agents"][1]["state"], "MISSING");
    assert_eq!(json["summary"], "2 agents: 1 IN_PROGRESS (1 STALLED), 1 MISSING");
}

#[test]
fn wait_prints_transitions_in_order_and_exits_0_when_all_complete() {
    let dir = spawned();
    let d = dir.path().to_path_buf();
    let marker = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(800));
        ok(&d, &["mark", "--agent", "FE-001", "COMPLETE"]);
        std::thread::sleep(Duration::from_millis(1000));
        ok(&d, &["mark", "--agent", "BE-001", "COMPLETE"]);
    });
    let (code, stdout, _) = pplan(dir.path(), &["wait", "--timeout", "20"]);
    marker.join().expect("marker thread");
    // A wait that starts late sees FE-001 already COMPLETE and says so without the arrow.
    let stdout = stdout.replacen("FE-001: COMPLETE\n", "FE-001: IN_PROGRESS → COMPLETE\n", 1);
    assert_eq!(
        (code, stdout.as_str()),
        (
            0,
            "FE-001: IN_PROGRESS → COMPLETE\nBE-001: IN_PROGRESS → COMPLETE\ngroup 1: 2 agents: 2 COMPLETE\n"
        )
    );
}

#[test]
fn wait_times_out_with_exit_5_naming_who_is_not_done() {
    let dir = spawned();
    ok(dir.path(), &["mark", "--agent", "BE-001", "BLOCKED", "--reason", "no sandbox key"]);
    let (code, stdout, _) = pplan(dir.path(), &["wait", "--timeout", "0.5"]);
    assert_eq!(code, 5);
    assert!(stdout.starts_with("BE-001: BLOCKED\ntimed out: group 1: 2 agents: 1 IN_PROGRESS, 1 BLOCKED\nnot complete: BE-001 BLOCKED"), "{stdout}");
    ok(dir.path(), &["mark", "--agent", "FE-001", "COMPLETE"]);
    let (code, stdout, _) = pplan(dir.path(), &["wait"]);
    assert_eq!(code, 5, "a BLOCKED agent is not complete");
    // The age is whole seconds since the marker: 0s, or more on a loaded machine.
    let (head, age) = stdout.rsplit_once("not complete: BE-001 BLOCKED ").expect("not complete line");
    assert!(head.ends_with("group 1: 2 agents: 1 COMPLETE, 1 BLOCKED\n"), "{stdout}");
    let secs = age.strip_suffix("s reason: no sandbox key\n").expect("age and reason");
    assert!(secs.parse::<u32>().is_ok_and(|s| s < 30), "{stdout}");
}

/// CPU seconds (user + system) a shell's children used running `command`, from `times`.
fn child_cpu(dir: &Path, command: &str) -> f64 {
    let out =
        Command::new("sh").arg("-c").arg(format!("{command}; times")).current_dir(dir).output().expect("sh");
    let text = String::from_utf8_lossy(&out.stdout);
    let children = text.lines().last().expect("times prints the children's line last");
    children
        .split_whitespace()
        .map(|t| {
            let (m, s) = t.trim_end_matches('s').split_once('m').expect("MmS.SSSs");
            m.parse::<f64>().expect("m") * 60.0 + s.parse::<f64>().expect("s")
        })
        .sum()
}

#[test]
fn an_idle_wait_burns_almost_no_cpu() {
    let dir = spawned();
    // The measurement can see CPU: a busy child registers.
    let busy = child_cpu(dir.path(), "sh -c 'i=0; while [ $i -lt 400000 ]; do i=$((i+1)); done'");
    assert!(busy > 0.05, "the control child used only {busy} s: the measurement sees nothing");
    let secs = child_cpu(dir.path(), &format!("'{BIN}' wait --timeout 10 >/dev/null"));
    assert!(secs < 0.2, "a 10 s wait used {secs} s of CPU");
}

#[test]
fn ctrl_c_ends_a_wait_with_130() {
    let dir = spawned();
    ok(dir.path(), &["mark", "--agent", "BE-001", "BLOCKED"]);
    let mut child = Command::new(BIN)
        .args(["wait"])
        .current_dir(dir.path())
        .stdout(Stdio::piped())
        .spawn()
        .expect("wait");
    // Its first line (BE-001 already stopped) comes right before it starts listening.
    let mut stdout = std::io::BufReader::new(child.stdout.take().expect("stdout"));
    let mut first = String::new();
    std::io::BufRead::read_line(&mut stdout, &mut first).expect("first line");
    assert_eq!(first, "BE-001: BLOCKED\n");
    std::thread::sleep(Duration::from_millis(300));
    let status = Command::new("kill").args(["-INT", &child.id().to_string()]).status().expect("kill");
    assert!(status.success());
    let mut rest = String::new();
    std::io::Read::read_to_string(&mut stdout, &mut rest).expect("rest");
    assert_eq!(child.wait().expect("wait").code(), Some(130));
    assert_eq!(rest, "interrupted: group 1: 2 agents: 1 IN_PROGRESS, 1 BLOCKED\n");
}

#[test]
fn respawn_round_trip_and_the_fourth_restart_escalates() {
    let dir = spawned();
    for restart in 1..=3 {
        ok(dir.path(), &["log", "--agent", "FE-001", &format!("step {restart}")]);
        ok(
            dir.path(),
            &[
                "mark",
                "--agent",
                "FE-001",
                "CONTINUATION_REQUIRED",
                "--resume-from",
                &format!("part {restart}"),
            ],
        );
        let brief = ok(dir.path(), &["respawn", "FE-001"]);
        assert!(
            brief.contains(&format!(
                "Restart {restart} of 3: read findings_FE-001.md and progress_FE-001.md first"
            )),
            "{brief}"
        );
        assert!(brief.contains(&format!("Resume from: part {restart}\n")), "{brief}");
        assert!(
            brief.contains(&format!(
                "Done so far: {}",
                (1..=restart).map(|i| format!("step {i}")).collect::<Vec<_>>().join("; ")
            )),
            "{brief}"
        );
        let poll: serde_json::Value =
            serde_json::from_str(&ok(dir.path(), &["--json", "poll"])).expect("json");
        assert_eq!(poll["agents"][1]["state"], "IN_PROGRESS");
        let reg: serde_json::Value =
            serde_json::from_str(&fs::read_to_string(dir.path().join(".pplan/agents.json")).expect("reg"))
                .expect("json");
        assert_eq!(reg["agents"]["FE-001"]["restarts"], restart);
    }
    ok(dir.path(), &["mark", "--agent", "FE-001", "CONTINUATION_REQUIRED", "--resume-from", "part 4"]);
    let (code, stdout, stderr) = pplan(dir.path(), &["respawn", "FE-001"]);
    assert_eq!((code, stdout.as_str()), (3, ""));
    assert_eq!(
        stderr,
        "error: `FE-001` was restarted 3 times, the maximum\n\
         hint: escalate to the user: `FE-001` (Build the cart page) stopped again, resume point: part 4; ask how to proceed\n"
    );
}

#[test]
fn respawn_refuses_an_agent_that_did_not_hand_off() {
    let dir = spawned();
    let (code, _, stderr) = pplan(dir.path(), &["respawn", "BE-001"]);
    assert_eq!(code, 2);
    assert_eq!(
        stderr,
        "error: `BE-001` is IN_PROGRESS: respawn continues CONTINUATION_REQUIRED agents (BLOCKED ones with --force)\n"
    );
}

#[test]
fn eight_agents_write_concurrently_while_poll_loops() {
    const AGENTS: usize = 8;
    const CALLS: usize = 200;
    let dir = TempDir::new();
    let mut plan = String::from("# Task Plan: Swarm\n\n### Group 1: All at once\n");
    for a in 0..AGENTS {
        plan.push_str(&format!("- [ ] AG-{a}: agent {a}\n"));
    }
    fs::write(dir.path().join("task_plan.md"), plan).expect("plan");
    ok(dir.path(), &["spawn"]);
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let poller = {
        let (d, stop) = (dir.path().to_path_buf(), stop.clone());
        std::thread::spawn(move || {
            let mut polls = 0;
            while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                let (code, _, stderr) = pplan(&d, &["poll"]);
                assert_eq!(code, 0, "poll failed: {stderr}");
                polls += 1;
            }
            polls
        })
    };
    let agents: Vec<_> = (0..AGENTS)
        .map(|a| {
            let d = dir.path().to_path_buf();
            std::thread::spawn(move || {
                let id = format!("AG-{a}");
                for i in 0..CALLS {
                    let cmd = if i % 2 == 0 { "note" } else { "log" };
                    let out = Command::new(BIN)
                        .args([cmd, "--agent", &id, &format!("{cmd} {a}-{i}")])
                        .current_dir(&d)
                        .env("PPLAN_LOCK_TIMEOUT_MS", "60000")
                        .output()
                        .expect("run");
                    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
                }
                ok(&d, &["mark", "--agent", &id, "COMPLETE"]);
            })
        })
        .collect();
    for a in agents {
        a.join().expect("agent");
    }
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    assert!(poller.join().expect("poller") > 0);
    for a in 0..AGENTS {
        let findings = fs::read_to_string(dir.path().join(format!("findings_AG-{a}.md"))).expect("f");
        let progress = fs::read_to_string(dir.path().join(format!("progress_AG-{a}.md"))).expect("p");
        for i in 0..CALLS {
            let (file, cmd) = if i % 2 == 0 { (&findings, "note") } else { (&progress, "log") };
            assert_eq!(file.matches(&format!("\n{cmd} {a}-{i}\n")).count(), 1, "{cmd} {a}-{i} exactly once");
        }
        assert!(progress.ends_with("\n---\nORCHESTRATOR STATUS: COMPLETE\n"), "marker last for AG-{a}");
    }
    assert!(ok(dir.path(), &["poll"]).ends_with("group 1: 8 agents: 8 COMPLETE\n"));
}

#[test]
fn a_marker_beyond_the_tail_is_replaced_by_one_that_poll_sees() {
    let dir = spawned();
    let p = dir.path().join("progress_BE-001.md");
    let filler = "human notes below the marker\n".repeat(400); // about 12 KB
    fs::write(&p, fs::read_to_string(&p).expect("p") + &filler).expect("append");
    assert_eq!(
        ok(dir.path(), &["mark", "--agent", "BE-001", "COMPLETE"]),
        "BE-001: (no marker) → COMPLETE\n"
    );
    let poll: serde_json::Value = serde_json::from_str(&ok(dir.path(), &["--json", "poll"])).expect("json");
    assert_eq!(poll["agents"][0]["state"], "COMPLETE");
    assert!(
        fs::read_to_string(&p)
            .expect("p")
            .ends_with(&format!("{filler}\n---\nORCHESTRATOR STATUS: COMPLETE\n"))
    );
}

#[test]
fn wait_refuses_a_timeout_it_cannot_represent() {
    let dir = spawned();
    for bad in ["--timeout=inf", "--timeout=-1", "--timeout=NaN"] {
        let (code, _, stderr) = pplan(dir.path(), &["wait", bad]);
        assert_eq!(code, 2, "{bad}");
        assert!(
            stderr.starts_with("error: `--timeout` must be a number of seconds, 0 or more\n"),
            "{stderr}"
        );
    }
    let (code, stdout, _) = pplan(dir.path(), &["wait", "--timeout", "1e30"]);
    assert_eq!(code, 2, "{stdout}");
}

#[test]
fn nothing_to_wait_for_is_not_ready_rather_than_complete() {
    Test::new()
        .file("task_plan.md", CANONICAL)
        .args(["wait"])
        .stdout("no agents to wait for in group 1\n")
        .status(5);
}

#[test]
fn json_is_json_even_when_there_is_nothing_to_do() {
    let dir = spawned();
    let spawn: serde_json::Value =
        serde_json::from_str(&ok(dir.path(), &["--json", "spawn"])).expect("spawn json");
    assert_eq!(spawn["agents"], serde_json::json!([]));
    let t = Test::new().file("task_plan.md", CANONICAL).args(["--json", "poll"]).success();
    assert_eq!(
        String::from_utf8_lossy(&t.stdout),
        "{\"schema_version\":1,\"kind\":\"poll\",\"group\":\"1\",\"agents\":[],\"summary\":\"0 agents\",\"claims\":[],\"skipped\":[],\"shared_files\":[]}\n"
    );
}

#[test]
fn spawn_force_restarts_a_blocked_agent_keeping_its_files() {
    let dir = spawned();
    ok(dir.path(), &["note", "--agent", "BE-001", "keep this"]);
    ok(dir.path(), &["mark", "--agent", "BE-001", "BLOCKED", "--reason", "no key"]);
    ok(dir.path(), &["spawn", "BE-001", "--force"]);
    let progress = unstamp(&fs::read_to_string(dir.path().join("progress_BE-001.md")).expect("p"));
    assert!(
        progress
            .ends_with("### <stamp>\nSpawned again; the restart count starts over.\n\n---\nORCHESTRATOR STATUS: IN_PROGRESS\n"),
        "{progress}"
    );
    assert!(fs::read_to_string(dir.path().join("findings_BE-001.md")).expect("f").contains("\nkeep this\n"));
}

#[test]
fn respawn_force_of_a_blocked_agent_carries_the_reason() {
    let dir = spawned();
    ok(dir.path(), &["mark", "--agent", "BE-001", "BLOCKED", "--reason", "no sandbox key"]);
    let brief = ok(dir.path(), &["respawn", "BE-001", "--force"]);
    assert!(brief.contains("\nIt was blocked: no sandbox key\n"), "{brief}");
}

#[test]
fn spawn_ids_and_group_together_are_a_usage_error() {
    Test::new().file("task_plan.md", CANONICAL).args(["spawn", "BE-001", "--group", "2"]).status(2);
}

#[test]
fn a_plan_without_groups_spawns_polls_and_waits() {
    let plan = "# Task Plan: Flat\n\n- [ ] T-1: first\n- [ ] T-2: second (depends: T-1)\n";
    let t = Test::new().file("task_plan.md", plan).args(["spawn"]).success();
    let out = String::from_utf8_lossy(&t.stdout).into_owned();
    assert!(out.ends_with("spawned T-1\n"), "{out}");
    assert!(out.contains("- T-1: first (group -)\n"), "{out}");
    ok(t.dir.path(), &["mark", "--agent", "T-1", "COMPLETE"]);
    assert_eq!(ok(t.dir.path(), &["poll"]).lines().last(), Some("plan: 1 agent: 1 COMPLETE"));
    assert_eq!(ok(t.dir.path(), &["wait"]), "T-1: COMPLETE\nplan: 1 agent: 1 COMPLETE\n");
}

#[test]
#[cfg_attr(not(debug_assertions), ignore = "needs the fault points of a debug build")]
fn a_failed_plan_write_takes_back_the_new_agent_files() {
    let t = Test::new().file("task_plan.md", CANONICAL);
    let dir = t.dir.path().to_path_buf();
    let edited = CANONICAL.replace("Spawn BE-001 and FE-001.", "Spawn them (edited).");
    let person = {
        let (path, edited, signal) = (dir.join("task_plan.md"), edited.clone(), dir.join(".pplan/signal"));
        std::thread::spawn(move || {
            crate::harness::wait_for(&signal);
            fs::write(path, edited).expect("edit");
        })
    };
    let signal = dir.join(".pplan/signal");
    let done = t
        .env("PPLAN_FAULT", "before-replace:pause-1500")
        .env("PPLAN_FAULT_SIGNAL", signal.to_str().expect("utf-8 path"))
        .args(["spawn"])
        .file_eq("task_plan.md", &edited)
        .status(4);
    person.join().expect("person");
    let mut names: Vec<String> = fs::read_dir(done.dir.path())
        .expect("dir")
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names, [".pplan", "task_plan.md"], "no agent files left behind");
}

#[test]
fn an_invalid_pplan_yaml_is_a_clear_error() {
    Test::new()
        .file("task_plan.md", CANONICAL)
        .file("pplan.yaml", "stall_minutes: soon\n")
        .args(["poll"])
        .stderr("error: `./pplan.yaml` is not valid: line 1 column 16: invalid u64\n")
        .status(2);
}
