//! What broke the first promise (nothing lost, nothing written outside the plan, no panic), one
//! regression test each, named after what broke.

use std::fs;
use std::io::Write;
use std::path::Path;

use crate::harness::{TempDir, Test, file_names, pplan, pplan_env};

const PLAN: &str = "# Task Plan: R\n\n## Goal\ng\n\n### Group 1: a\n- [ ] T-1: task\n\n## Notes\n";
/// `pplan status` on [`PLAN`].
const STATUS: &str = "plan: R\ngoal: g\nprogress: 0% (0 of 1 task done, 1 group, 0 error rows)\ncurrent: 1\ngroups:\n> 1  pending      0/1  a\nin progress: -\nnext: T-1 task\n";

/// A person appends while `set` runs: every appended line is in the file at the end, and every
/// `set` either wrote (0) or said "busy" (4). At most [`APPENDS_PER_SET`] lines a `set`: at a
/// fixed pace alone, a slower machine made each `set` read more lines, which made it slower
/// still (a debug build reads a text line in ~20 µs), and the test ran for many minutes.
#[test]
fn lines_appended_while_set_writes_are_never_lost() {
    use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
    const APPENDS_PER_SET: usize = 40;
    let dir = TempDir::new();
    fs::write(dir.path().join("task_plan.md"), PLAN).expect("plan");
    let path = dir.path().join("task_plan.md");
    let stop = std::sync::Arc::new(AtomicBool::new(false));
    let sets = std::sync::Arc::new(AtomicUsize::new(0));
    let appender = {
        let (path, stop, sets) = (path.clone(), stop.clone(), sets.clone());
        std::thread::spawn(move || {
            let mut n = 0;
            while !stop.load(Ordering::Relaxed) {
                if n < APPENDS_PER_SET * sets.load(Ordering::Relaxed) {
                    n += 1;
                    let mut f = fs::OpenOptions::new().append(true).open(&path).expect("append");
                    f.write_all(format!("human line {n}\n").as_bytes()).expect("append");
                    drop(f);
                }
                std::thread::sleep(std::time::Duration::from_micros(500));
            }
            n
        })
    };
    let mut codes = std::collections::BTreeMap::new();
    for i in 0..80 {
        sets.fetch_add(1, Ordering::Relaxed);
        let state = if i % 2 == 0 { "complete" } else { "pending" };
        let (code, _, err) = pplan(dir.path(), &["set", "T-1", state]);
        assert!(matches!(code, Some(0 | 4)), "set exited {code:?}: {err}");
        *codes.entry(code).or_insert(0) += 1;
    }
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    let appended = appender.join().expect("appender");
    // The person did write beside the sets (one line every half millisecond of the run).
    assert!(appended >= 80, "only {appended} lines appended");
    let text = fs::read_to_string(&path).expect("read");
    let present = text.lines().filter(|l| l.starts_with("human line ")).count();
    assert_eq!(present, appended, "appended {appended}, present {present}; set exits {codes:?}");
    for n in 1..=appended {
        assert_eq!(text.matches(&format!("human line {n}\n")).count(), 1, "line {n}");
    }
}

/// A journal planted in `.pplan/` (a cloned repository can carry one) never makes pplan write
/// outside the plan: writers refuse (2), readers warn and go on, the named file is untouched.
#[test]
fn a_planted_journal_writes_nothing_anywhere() {
    for (label, journal) in [
        (
            "absolute",
            r#"{"schema_version":1,"kind":"merge-journal","group":"1","files":[{"name":"/tmp/pplan-planted-target","before":"e3b0c44298fc1c14","after":"owned\n"}],"retire":[],"archive":"archive/group-1","merged_at":"x"}"#,
        ),
        (
            "relative",
            r#"{"schema_version":1,"kind":"merge-journal","group":"1","files":[{"name":"../outside.md","before":"e3b0c44298fc1c14","after":"owned\n"}],"retire":[],"archive":"archive/group-1","merged_at":"x"}"#,
        ),
        (
            "archive",
            r#"{"schema_version":1,"kind":"merge-journal","group":"1","files":[],"retire":[],"archive":"../../escape","merged_at":"x"}"#,
        ),
        (
            "agent",
            r#"{"schema_version":1,"kind":"merge-journal","group":"1","files":[],"retire":[{"agent":"../x","findings_sha":"0011223344556677","progress_sha":"0011223344556677"}],"archive":"archive/group-1","merged_at":"x"}"#,
        ),
    ] {
        let t = Test::new().file("plan/task_plan.md", PLAN).file("plan/.pplan/journal.json", journal);
        let plan = t.dir.path().join("plan");
        let (code, out, err) = pplan(&plan, &["set", "T-1", "complete"]);
        assert_eq!(code, Some(2), "{label}: {out}{err}");
        assert!(out.is_empty(), "{label}");
        let first = err.lines().next().unwrap_or_default();
        assert!(
            first.starts_with("error: `./.pplan/journal.json` names ")
                && first.ends_with("; it was not written by this pplan and nothing was done with it"),
            "{label}: {err}"
        );
        assert_eq!(
            err.lines().nth(1),
            Some("hint: inspect it, then delete it: `rm ./.pplan/journal.json` (`pplan doctor` shows it)"),
            "{label}"
        );
        assert_eq!(fs::read_to_string(plan.join("task_plan.md")).expect("plan"), PLAN, "{label}");
        assert!(!t.dir.path().join("outside.md").exists(), "{label}");
        assert!(!Path::new("/tmp/pplan-planted-target").exists(), "{label}");
        assert!(!t.dir.path().join("escape").exists(), "{label}");
        // A reader says so and answers.
        let (code, out, err) = pplan(&plan, &["status"]);
        assert_eq!(code, Some(0), "{label}: {err}");
        assert_eq!(out, STATUS, "{label}");
        assert!(err.starts_with("warning: `./.pplan/journal.json` names "), "{label}: {err}");
        // A hook stays silent.
        let hook = std::process::Command::new(crate::harness::BIN)
            .args(["hook", "user-prompt-submit"])
            .current_dir(&plan)
            .stdin(std::process::Stdio::null())
            .output()
            .expect("hook");
        assert_eq!(hook.status.code(), Some(0), "{label}");
        assert!(hook.stderr.is_empty(), "{label}: {}", String::from_utf8_lossy(&hook.stderr));
    }
}

/// `.pplan/lock` as a symlink to a person's file: refused, and the file keeps its bytes.
#[test]
fn a_symlinked_lock_never_truncates_its_target() {
    let t = Test::new().file("task_plan.md", PLAN).file("notes.md", "my notes\n");
    fs::create_dir(t.dir.path().join(".pplan")).expect("state");
    std::os::unix::fs::symlink("../notes.md", t.dir.path().join(".pplan/lock")).expect("link");
    let done = t
        .args(["set", "T-1", "complete"])
        .stderr(
            "error: `./.pplan/lock` is not a plain file or directory of pplan's state (a symlink, a link or another kind of file); pplan will not use it\n\
             hint: remove `./.pplan/lock` (pplan recreates what it needs under `.pplan/`)\n",
        )
        .file_eq("task_plan.md", PLAN)
        .file_eq("notes.md", "my notes\n")
        .status(2);
    drop(done);
}

/// `.pplan` itself a symlink, or the archive folder one: refused before anything is written.
#[test]
fn a_symlinked_state_directory_is_refused() {
    let t = Test::new().file("task_plan.md", PLAN);
    let elsewhere = TempDir::new();
    std::os::unix::fs::symlink(elsewhere.path(), t.dir.path().join(".pplan")).expect("link");
    let (code, _, err) = pplan(t.dir.path(), &["set", "T-1", "complete"]);
    assert_eq!(code, Some(2), "{err}");
    assert_eq!(
        err,
        "error: `./.pplan` is not a plain file or directory of pplan's state (a symlink, a link or another kind of file); pplan will not use it\n\
         hint: remove `./.pplan` (pplan recreates what it needs under `.pplan/`)\n"
    );
    assert_eq!(fs::read_dir(elsewhere.path()).expect("dir").count(), 0);
    assert_eq!(fs::read_to_string(t.dir.path().join("task_plan.md")).expect("plan"), PLAN);
}

/// A lock holder's command line is cut for the lock file; a cut inside a character panicked.
#[test]
fn a_long_cjk_note_does_not_panic() {
    let t = Test::new().file("task_plan.md", PLAN);
    let (code, _, err) = pplan(t.dir.path(), &["spawn", "T-1"]);
    assert_eq!(code, Some(0), "{err}");
    let text = "汉".repeat(60);
    let (code, out, err) = pplan(t.dir.path(), &["note", "--agent", "T-1", &text]);
    assert_eq!((code, out.as_str(), err.as_str()), (Some(0), "noted in findings_T-1.md\n", ""));
    let long = "é".repeat(200);
    let (code, out, err) = pplan(t.dir.path(), &["decide", &long, "--why", "x"]);
    assert_eq!((code, out.as_str(), err.as_str()), (Some(0), "decision recorded in task_plan.md\n", ""));
}

/// A heading that starts like a date but ends inside a multibyte character (`2026-05-1日`).
#[test]
fn a_date_cut_inside_a_character_does_not_panic() {
    let plan = "# P\n\n## 2026-05-1日 Phase 1\n- [ ] a\n";
    let t = Test::new().file("task_plan.md", plan).file("findings.md", "# F\n\n## Review 2026-03-1日\nx\n");
    for args in [&["status"][..], &["check"], &["list"], &["reboot"], &["set", "a", "complete", "--text"]] {
        let (code, _, err) = pplan(t.dir.path(), args);
        assert!(matches!(code, Some(0..=2)), "{args:?}: {code:?} {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
    let (code, out, err) = pplan(t.dir.path(), &["checkpoint", "saved"]);
    assert_eq!((code, out.as_str(), err.as_str()), (Some(0), "checkpoint in progress.md\n", ""));
}

/// A `-C` path that is not UTF-8: writes worked only for reads before.
#[test]
fn a_plan_directory_that_is_not_utf8_can_be_written() {
    use std::os::unix::ffi::OsStrExt;
    let t = Test::new();
    let dir = t.dir.path().join(std::ffi::OsStr::from_bytes(b"d\xff"));
    fs::create_dir(&dir).expect("dir");
    fs::write(dir.join("task_plan.md"), PLAN).expect("plan");
    let out = std::process::Command::new(crate::harness::BIN)
        .arg("-C")
        .arg(&dir)
        .args(["set", "T-1", "complete"])
        .output()
        .expect("run");
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(String::from_utf8_lossy(&out.stdout), "T-1: pending → complete\n");
    assert_eq!(fs::read_to_string(dir.join("task_plan.md")).expect("plan"), PLAN.replace("[ ]", "[x]"));
}

/// The largest limit overflowed `limit + 1` and read every plan as empty.
#[test]
fn the_largest_size_limit_reads_the_plan() {
    let t = Test::new().file("task_plan.md", PLAN);
    let max = u64::MAX.to_string();
    let (code, out, err) = pplan_env(t.dir.path(), &["status"], &[("PPLAN_MAX_FILE_BYTES", &max)]);
    assert_eq!((code, out.as_str(), err.as_str()), (Some(0), STATUS, ""));
}

/// A killed writer's temp file is swept by the next write under the same lock, not left in
/// `git status` until a merge.
#[test]
fn a_killed_writers_temp_file_is_swept_by_the_next_write() {
    let t = Test::new()
        .file("task_plan.md", PLAN)
        .file(".task_plan.md.a1B2c3", "half")
        .file(".findings.md.Zz9yX8", "half")
        .file("findings_T-1.md", "x")
        .file(".findings_T-1.md.q1w2e3", "half")
        .file(".keep.md.abcdef", "not ours");
    let (code, _, err) = pplan(t.dir.path(), &["set", "T-1", "complete"]);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(
        file_names(t.dir.path()),
        [".findings_T-1.md.q1w2e3", ".keep.md.abcdef", ".pplan", "findings_T-1.md", "task_plan.md"]
    );
}

/// Under `--json`, a command that succeeds prints JSON on stdout and nothing on stderr, even when
/// `.pplan/progress.json` cannot be refreshed.
#[test]
fn json_results_keep_stderr_empty() {
    let t = Test::new().file("task_plan.md", PLAN);
    fs::create_dir_all(t.dir.path().join(".pplan/progress.json")).expect("a directory in its way");
    let (code, out, err) = pplan(t.dir.path(), &["--json", "set", "T-1", "complete"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(serde_json::from_str::<serde_json::Value>(&out).is_ok(), "{out}");
    assert_eq!(err, "");
}

/// Control characters in a log made the report ill-formed XML.
#[test]
fn control_characters_in_logs_keep_the_report_well_formed() {
    let t = Test::new()
        .file("task_plan.md", PLAN)
        .file("progress.md", "# Progress\n\nbell \x01 vt \x0b esc \x1b[31m\n");
    let (code, _, err) = pplan(t.dir.path(), &["report", "--html", "-o", "r.html"]);
    assert_eq!(code, Some(0), "{err}");
    let html = fs::read_to_string(t.dir.path().join("r.html")).expect("report");
    assert!(!html.contains(['\x01', '\x0b', '\x1b']));
    assert!(html.contains("bell \u{FFFD} vt \u{FFFD} esc \u{FFFD}[31m"));
    let mut reader = quick_xml::Reader::from_str(html.trim_start_matches("<!DOCTYPE html>\n"));
    loop {
        match reader.read_event() {
            Ok(quick_xml::events::Event::Eof) => break,
            Ok(_) => {}
            Err(e) => panic!("not well-formed: {e}"),
        }
    }
}

/// `error` on a plan that ends inside a fence that never closes says what to do.
#[test]
fn an_unclosed_fence_at_the_end_is_named_with_what_to_do() {
    let plan = "# P\n\n### Group 1: a\n- [ ] T-1: x\n\n```sh\necho hi\n";
    Test::new()
        .file("task_plan.md", plan)
        .args(["error", "T-1", "--error", "boom", "--approach", "a"])
        .stderr("error: refusing to write `./task_plan.md`: the code block opened at line 6 is never closed, so a new row at the end would be read as code; close it with a fence line (```), or add an `## Errors Encountered` table above it, and retry\n")
        .file_eq("task_plan.md", plan)
        .status(1);
}

/// An empty read during an editor's truncate-and-rewrite save is looked at again; a file that
/// stays empty is simply empty.
#[test]
fn a_save_caught_half_done_is_read_once_it_lands() {
    let t = Test::new().file("task_plan.md", "");
    let path = t.dir.path().join("task_plan.md");
    let writer = std::thread::spawn(move || {
        std::thread::sleep(std::time::Duration::from_millis(40));
        let mut f = fs::OpenOptions::new().write(true).open(&path).expect("open");
        f.write_all(PLAN.as_bytes()).expect("write");
    });
    // Started before the save lands: the first read sees an empty file.
    let (code, out, err) = pplan(t.dir.path(), &["status"]);
    writer.join().expect("writer");
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(out, STATUS);
}

/// OURS without a final newline, THEIRS appending: the merge driver glued two rows into one and
/// exited 0. Every row stays a row, for plans, logs and plain text alike.
#[test]
fn the_merge_driver_never_glues_two_lines_into_one() {
    let head = "# P\n\n## Errors Encountered\n| Error | Task |\n|---|---|\n";
    for (path, base, ours, theirs, want) in [
        (
            "task_plan.md",
            format!("{head}| e1 | T-1 |\n"),
            format!("{head}| e1 | T-1 |"),
            format!("{head}| e1 | T-1 |\n| e2 | T-1 |\n"),
            format!("{head}| e1 | T-1 |\n| e2 | T-1 |\n"),
        ),
        (
            "progress.md",
            "# Progress\n\n### 2026-01-01T10:00Z\na\n".to_string(),
            "# Progress\n\n### 2026-01-01T10:00Z\na".to_string(),
            "# Progress\n\n### 2026-01-01T10:00Z\na\n\n### 2026-01-02T10:00Z\nb\n".to_string(),
            "# Progress\n\n### 2026-01-01T10:00Z\na\n\n### 2026-01-02T10:00Z\nb\n".to_string(),
        ),
        (
            "notes.txt",
            "a\nb\n".to_string(),
            "a\nb".to_string(),
            "a\nb\nc\n".to_string(),
            "a\nb\nc\n".to_string(),
        ),
    ] {
        let t = Test::new().file("base", &base).file("ours", &ours).file("theirs", &theirs);
        let (code, _, err) = pplan(t.dir.path(), &["merge-driver", "base", "ours", "theirs", "7", path]);
        assert_eq!(code, Some(0), "{path}: {err}");
        assert_eq!(fs::read_to_string(t.dir.path().join("ours")).expect("ours"), want, "{path}");
    }
}
