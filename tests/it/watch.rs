//! `pplan watch` as a person uses it: in tmux, a change shows within a second, Ctrl-C leaves a
//! clean terminal; piped, one line per change; idle, it uses next to no CPU.

use std::fs;
use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::harness::{BIN, TempDir, run_in};

fn plan(dir: &Path) {
    let plan = "# Task Plan: Checkout\n\n## Goal\nShip it.\n\n## Current Group\nGroup 1\n\n## Next Step\nMerge group 1.\n\n\
                ### Group 1: Parts\n- **Status:** in_progress\n- [ ] BE-001: API\n- [ ] FE-001: UI\n\n\
                ### Group 2: Together\n- **Status:** pending\n- [ ] INT-001: Wire (depends: BE-001, FE-001)\n";
    fs::write(dir.join("task_plan.md"), plan).expect("plan");
    let out = run_in(dir, &["spawn".into()], &[]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
}

fn tmux(args: &[&str]) -> String {
    let out = Command::new("tmux").args(args).output().expect("tmux");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Wait up to `limit` for the pane to show `text`; how long it took.
fn until_shown(session: &str, text: &str, limit: Duration) -> Option<Duration> {
    let start = Instant::now();
    while start.elapsed() < limit {
        if tmux(&["capture-pane", "-p", "-t", session]).contains(text) {
            return Some(start.elapsed());
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    None
}

struct Session(String);

impl Drop for Session {
    fn drop(&mut self) {
        let _ = Command::new("tmux").args(["kill-session", "-t", &self.0]).output();
    }
}

#[test]
fn in_tmux_a_marker_change_shows_within_a_second_and_ctrl_c_restores_the_terminal() {
    if Command::new("tmux").arg("-V").output().is_err() {
        eprintln!("SKIPPED: watch in tmux: tmux is not installed");
        return;
    }
    let dir = TempDir::new();
    plan(dir.path());
    let session = Session(format!("pplan-watch-{}", std::process::id()));
    let shell = format!(
        "NO_COLOR= {BIN} -C '{}' watch; echo watch-exit=$?; stty -a | grep -o -- '-\\?icanon' ; sleep 60",
        dir.path().display()
    );
    tmux(&["new-session", "-d", "-s", &session.0, "-x", "100", "-y", "30", &shell]);
    assert!(
        until_shown(&session.0, "FE-001  IN_PROGRESS", Duration::from_secs(5)).is_some(),
        "no first frame"
    );
    assert_eq!(tmux(&["display", "-p", "-t", &session.0, "#{alternate_on} #{cursor_flag}"]), "1 0\n");
    let screen = tmux(&["capture-pane", "-p", "-t", &session.0]);
    assert!(screen.starts_with("pplan watch: Checkout\nGoal: Ship it.\n0 of 3 tasks done"), "{screen}");
    assert!(screen.contains("Next: Merge group 1."), "{screen}");

    let out = run_in(dir.path(), &["mark".into(), "--agent".into(), "BE-001".into(), "COMPLETE".into()], &[]);
    assert!(out.status.success());
    let took = until_shown(&session.0, "BE-001  COMPLETE   ", Duration::from_secs(3))
        .expect("the change never showed");
    eprintln!("watch showed the change after {} ms", took.as_millis());
    assert!(took < Duration::from_secs(1), "took {took:?}");

    tmux(&["send-keys", "-t", &session.0, "C-c"]);
    assert!(
        until_shown(&session.0, "watch-exit=0", Duration::from_secs(3)).is_some(),
        "watch did not exit 0"
    );
    assert!(until_shown(&session.0, "icanon", Duration::from_secs(3)).is_some());
    let screen = tmux(&["capture-pane", "-p", "-t", &session.0]);
    assert!(!screen.contains("pplan watch:"), "the frame stayed on the main screen:\n{screen}");
    assert!(screen.contains("\nicanon") || screen.starts_with("icanon"), "raw mode left on:\n{screen}");
    assert_eq!(tmux(&["display", "-p", "-t", &session.0, "#{alternate_on} #{cursor_flag}"]), "0 1\n");
}

#[test]
fn narrow_and_no_color_frames_fit_and_carry_no_colour() {
    if Command::new("tmux").arg("-V").output().is_err() {
        eprintln!("SKIPPED: watch in tmux: tmux is not installed");
        return;
    }
    let dir = TempDir::new();
    plan(dir.path());
    let session = Session(format!("pplan-watch-narrow-{}", std::process::id()));
    let shell = format!("NO_COLOR=1 exec {BIN} -C '{}' watch", dir.path().display());
    tmux(&["new-session", "-d", "-s", &session.0, "-x", "32", "-y", "30", &shell]);
    assert!(until_shown(&session.0, "Agents of group 1:", Duration::from_secs(5)).is_some());
    let screen = tmux(&["capture-pane", "-p", "-e", "-t", &session.0]);
    assert!(!screen.contains("\x1b[3") && !screen.contains("\x1b[1m"), "colour under NO_COLOR: {screen:?}");
    for line in screen.lines() {
        assert!(line.chars().count() <= 32, "{line:?} is wider than 32");
    }
}

#[test]
fn piped_it_prints_one_line_per_change_and_idles_without_cpu() {
    let dir = TempDir::new();
    plan(dir.path());
    let mut child = Command::new(BIN)
        .args(["watch"])
        .current_dir(dir.path())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("watch");
    let mut lines = BufReader::new(child.stdout.take().expect("stdout")).lines();
    let first = lines.next().expect("a line").expect("read");
    assert!(
        first.ends_with(" in_progress done 0/3, group 1 0/2; agents: BE-001 IN_PROGRESS, FE-001 IN_PROGRESS"),
        "{first}"
    );
    run_in(
        dir.path(),
        &[
            "mark".into(),
            "--agent".into(),
            "FE-001".into(),
            "BLOCKED".into(),
            "--reason".into(),
            "no key".into(),
        ],
        &[],
    );
    let second = lines.next().expect("a line").expect("read");
    assert!(second.ends_with("agents: BE-001 IN_PROGRESS, FE-001 BLOCKED"), "{second}");
    // Idle for 10 s: CPU (user + system) from /proc, in clock ticks.
    let ticks = || -> u64 {
        let stat = fs::read_to_string(format!("/proc/{}/stat", child.id())).expect("stat");
        let fields: Vec<&str> = stat.rsplit(") ").next().expect("fields").split(' ').collect();
        fields[11].parse::<u64>().expect("utime") + fields[12].parse::<u64>().expect("stime")
    };
    let before = ticks();
    std::thread::sleep(Duration::from_secs(10));
    let used = ticks() - before;
    let hz =
        String::from_utf8_lossy(&Command::new("getconf").arg("CLK_TCK").output().expect("getconf").stdout)
            .trim()
            .parse::<u64>()
            .unwrap_or(100);
    eprintln!("idle watch used {used} ticks ({:.3} s) in 10 s", used as f64 / hz as f64);
    assert!((used as f64 / hz as f64) < 0.2, "{used} ticks at {hz} Hz");
    // SIGTERM: a clean exit.
    Command::new("kill").arg(child.id().to_string()).status().expect("kill");
    assert_eq!(child.wait().expect("wait").code(), Some(0));
}
