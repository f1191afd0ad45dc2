//! A person editing beside pplan: writers and simulated editors at once, nothing lost silently.
//!
//! Eight threads run the real binary in a loop (`set` ×2, `error`, `decide`, `checkpoint`,
//! `note`, `log`, `mark`), each op carrying a unique text (or, for `set`/`mark`, a state whose
//! last acknowledged value must be the one on disk). Beside them, editors that take no lock:
//! two appenders (`O_APPEND`, one unique line, close, every ~1-2 ms; the second holds the file
//! open 0-2 ms before writing, as a descheduled `>>` or a logger does) and a careful saver (read,
//! remember inode/mtime/length, write `.<name>.swp`, fsync, re-stat, rename only if nothing
//! moved, else start again from a fresh read). Their pace changes every half second (×1, ×4,
//! ×16) so that pplan's writes sometimes land and sometimes meet an edit. At the end:
//!
//! - every acknowledged pplan op is in its file exactly once, unless the saver replaced the file
//!   with a buffer that lacked it inside the saver's own check-then-rename window (an
//!   *editor-window loss*: counted and printed, not asserted; only the editor can close it);
//! - every editor line is in its file, or in a `<name>.edited-meanwhile.<secs>.<pid>` whose pid
//!   is a pplan process that exited 4 (reported to pplan's caller). An appended line may also be
//!   lost to the saver's window, or be written through a descriptor whose file was already
//!   replaced (the appender sees that: no name left after its write); both are counted apart;
//! - no temp file is left, before or after a final writer sweeps.
//!
//! `PPLAN_SOAK_SECS=N` runs N seconds (default 10). The figures go to stderr (`--nocapture`),
//! with a microbenchmark of the store's syscall sequence around the exchange (the interval
//! between the store's last look and its exchange cannot be seen from outside the process).

use std::collections::{BTreeMap, HashMap};
use std::fs::{self, File, OpenOptions};
use std::io::{Read, Write};
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use crate::harness::{BIN, TempDir};

const PLAN: &str = "task_plan.md";
const PROGRESS: &str = "progress.md";
const FINDINGS_A: &str = "findings_A1.md";
const PROGRESS_A: &str = "progress_A1.md";
/// The files the editors touch (never `progress_A1.md`, whose status marker must stay last).
const EDITED: [&str; 3] = [PLAN, PROGRESS, FINDINGS_A];

fn plan_text() -> String {
    let mut plan = String::from("# Task Plan: Beside\n\n## Goal\nNothing lost while a person edits.\n\n");
    plan.push_str("### Group 1: writers\n- **Status:** in_progress\n");
    for w in 0..2 {
        for k in 0..4 {
            plan.push_str(&format!("- [ ] S{w}{k}: toggled by set writer {w}\n"));
        }
    }
    for k in 0..10 {
        plan.push_str(&format!("- [ ] E{k}: fails for the error writer\n"));
    }
    plan.push_str("- [ ] A1: the agent\n\n");
    plan.push_str("## Decisions Made\n| Decision | Rationale |\n|----------|-----------|\n\n");
    plan.push_str("## Errors Encountered\n| Error | Attempt | Approach | Resolution |\n");
    plan.push_str("|-------|---------|----------|------------|\n\n");
    plan.push_str("## Editor notes\n- the editors append below\n");
    plan
}

/// One pplan run: what it must have left in `file` when acknowledged.
struct Op {
    cmd: &'static str,
    file: &'static str,
    /// Text that must be in `file` exactly once.
    want: String,
    /// For state ops (`set`, `mark`): only the last acknowledged op per key is checked.
    key: Option<String>,
    start: Duration,
    end: Duration,
    pid: u32,
    code: Option<i32>,
    stderr: String,
}

impl Op {
    fn acked(&self) -> bool {
        self.code == Some(0) || (self.cmd == "error" && self.code == Some(3))
    }
}

/// One save of the careful editor: the buffer it started from and its check-then-rename window.
struct Save {
    file: &'static str,
    line: String,
    base: String,
    check: Duration,
    rename: Duration,
    retries: usize,
}

/// One append of the appender.
struct Append {
    file: &'static str,
    line: String,
    start: Duration,
    /// Just before the write (after the open, and the hold of a slow append).
    write: Duration,
    end: Duration,
    /// The descriptor's inode had no name left after the write (a replace displaced it).
    unlinked: bool,
}

fn run(dir: &Path, t0: Instant, args: &[String]) -> (Duration, Duration, u32, Option<i32>, String) {
    let start = t0.elapsed();
    let child = Command::new(BIN)
        .args(args)
        .current_dir(dir)
        .env_remove("PPLAN_DIR")
        .env("PPLAN_LOCK_TIMEOUT_MS", "120000")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn pplan");
    let pid = child.id();
    let out = child.wait_with_output().expect("wait pplan");
    (start, t0.elapsed(), pid, out.status.code(), String::from_utf8_lossy(&out.stderr).into_owned())
}

/// The op a writer runs on its `n`th turn; `state` is the writer's own memory (set/mark).
fn next_op(
    writer: usize,
    n: usize,
    state: &mut BTreeMap<String, bool>,
) -> (Vec<String>, &'static str, String, Option<String>) {
    let tag = format!("w{writer}n{n}z");
    let s = |v: &[&str]| v.iter().map(|a| a.to_string()).collect::<Vec<_>>();
    match writer {
        0 | 1 => {
            let id = format!("S{writer}{}", n % 4);
            let done = *state.get(&id).unwrap_or(&false);
            let (to, mark) = if done { ("pending", ' ') } else { ("complete", 'x') };
            (s(&["set", &id, to]), PLAN, format!("- [{mark}] {id}:"), Some(id))
        }
        2 => {
            let id = format!("E{}", n % 10);
            let args =
                s(&["error", &id, "--error", &format!("err-{tag}"), "--approach", &format!("app-{tag}")]);
            (args, PLAN, format!("app-{tag}"), None)
        }
        3 => (s(&["decide", &format!("dec-{tag}"), "--why", "w"]), PLAN, format!("| dec-{tag} |"), None),
        4 => (s(&["checkpoint", &format!("cp-{tag}")]), PROGRESS, format!("cp-{tag}"), None),
        5 => (s(&["note", "--agent", "A1", &format!("note-{tag}")]), FINDINGS_A, format!("note-{tag}"), None),
        6 => (s(&["log", "--agent", "A1", &format!("log-{tag}")]), PROGRESS_A, format!("log-{tag}"), None),
        _ => {
            let blocked = *state.get("A1").unwrap_or(&false);
            if blocked {
                (
                    s(&["mark", "--agent", "A1", "IN_PROGRESS"]),
                    PROGRESS_A,
                    "ORCHESTRATOR STATUS: IN_PROGRESS\n".into(),
                    Some("A1".into()),
                )
            } else {
                let reason = format!("why-{tag}");
                let want = format!("ORCHESTRATOR STATUS: BLOCKED\nREASON: {reason}\n");
                (
                    s(&["mark", "--agent", "A1", "BLOCKED", "--reason", &reason]),
                    PROGRESS_A,
                    want,
                    Some("A1".into()),
                )
            }
        }
    }
}

fn writer(dir: PathBuf, t0: Instant, w: usize, stop: Arc<AtomicBool>) -> Vec<Op> {
    let mut ops = Vec::new();
    let mut state = BTreeMap::new();
    let mut n = 0;
    while !stop.load(Ordering::Relaxed) {
        let (args, file, want, key) = next_op(w, n, &mut state);
        let (start, end, pid, code, stderr) = run(&dir, t0, &args);
        let op = Op { cmd: leak(&args[0]), file, want, key, start, end, pid, code, stderr };
        if let Some(k) = op.key.as_ref().filter(|_| op.acked()) {
            let v = state.entry(k.clone()).or_insert(false);
            *v = !*v;
        }
        ops.push(op);
        n += 1;
    }
    ops
}

fn leak(cmd: &str) -> &'static str {
    ["set", "error", "decide", "checkpoint", "note", "log", "mark"]
        .into_iter()
        .find(|c| *c == cmd)
        .expect("cmd")
}

/// Appends one line at a time. With `slow`, the file stays open 0–2 ms between the open and the
/// write (a script's `>>` descheduled, a logger), so some writes land in a file already replaced.
fn appender(dir: PathBuf, t0: Instant, stop: Arc<AtomicBool>, slow: bool) -> Vec<Append> {
    let mut out = Vec::new();
    let mut n = 0;
    while !stop.load(Ordering::Relaxed) {
        let file = EDITED[n % EDITED.len()];
        let line = format!("- ed-{}-{n}", if slow { 'h' } else { 'a' });
        let start = t0.elapsed();
        let mut f = OpenOptions::new().append(true).open(dir.join(file)).expect("open for append");
        if slow {
            std::thread::sleep(Duration::from_micros((n as u64 * 7919) % 2000));
        }
        let write = t0.elapsed();
        f.write_all(format!("{line}\n").as_bytes()).expect("append");
        let unlinked = f.metadata().expect("fstat").nlink() == 0;
        let end = t0.elapsed();
        drop(f);
        out.push(Append { file, line, start, write, end, unlinked });
        n += 1;
        std::thread::sleep(pace(t0, if slow { 2 } else { 1 }));
    }
    out
}

/// The editors' pause between edits: `base` ms, 4× and 16× that in turn, half a second each
/// (an editor hammering the files leaves pplan little room; a quiet one lets its writes land).
fn pace(t0: Instant, base: u64) -> Duration {
    Duration::from_millis(base * [1, 4, 16][(t0.elapsed().as_millis() / 500 % 3) as usize])
}

fn stat_key(path: &Path) -> Option<(u64, i64, i64, u64)> {
    fs::metadata(path).ok().map(|m| (m.ino(), m.mtime(), m.mtime_nsec(), m.len()))
}

fn saver(dir: PathBuf, t0: Instant, stop: Arc<AtomicBool>) -> Vec<Save> {
    let mut out = Vec::new();
    let mut n = 0;
    while !stop.load(Ordering::Relaxed) {
        let file = EDITED[n % EDITED.len()];
        let line = format!("- ed-s-{n}");
        let path = dir.join(file);
        let temp = dir.join(format!(".{file}.swp"));
        let mut retries = 0;
        loop {
            // Load: a stat, the bytes, a stat again (the buffer belongs to that inode/mtime/size).
            let Some(seen) = stat_key(&path) else { continue };
            let mut base = String::new();
            File::open(&path).and_then(|mut f| f.read_to_string(&mut base)).expect("editor read");
            if stat_key(&path) != Some(seen) {
                retries += 1;
                continue;
            }
            let mut buffer = base.clone();
            if !buffer.ends_with('\n') {
                buffer.push('\n');
            }
            buffer.push_str(&format!("{line}\n"));
            let mut f = File::create(&temp).expect("editor temp");
            f.write_all(buffer.as_bytes()).expect("editor write");
            f.sync_all().expect("editor fsync");
            drop(f);
            let check = t0.elapsed();
            if stat_key(&path) != Some(seen) {
                let _ = fs::remove_file(&temp);
                retries += 1;
                continue;
            }
            fs::rename(&temp, &path).expect("editor rename");
            let rename = t0.elapsed();
            out.push(Save { file, line, base, check, rename, retries });
            break;
        }
        n += 1;
        std::thread::sleep(pace(t0, 3));
    }
    out
}

/// What else touched `file` around [start, end]: for the report of a loss.
fn around(ops: &[Op], saves: &[Save], file: &str, start: Duration, end: Duration) -> String {
    let near = |a: Duration, b: Duration| {
        a < end + Duration::from_millis(50) && b + Duration::from_millis(50) > start
    };
    let mut out = String::new();
    for o in ops.iter().filter(|o| o.file == file && near(o.start, o.end)) {
        let why = o.stderr.lines().next().unwrap_or("");
        out.push_str(&format!(
            "    {} pid {} {:?}..{:?} exit {:?} {why}\n",
            o.cmd, o.pid, o.start, o.end, o.code
        ));
    }
    for s in saves.iter().filter(|s| s.file == file && near(s.check, s.rename)) {
        out.push_str(&format!("    save `{}` check {:?} rename {:?}\n", s.line, s.check, s.rename));
    }
    out
}

fn micros(d: Duration) -> f64 {
    d.as_secs_f64() * 1e6
}

/// "median / p99 / max µs" of a sample.
fn spread(mut v: Vec<Duration>) -> String {
    if v.is_empty() {
        return "-".into();
    }
    v.sort();
    let at = |q: f64| v[((v.len() - 1) as f64 * q) as usize];
    format!(
        "median {:.1} / p99 {:.1} / max {:.1} µs (n={})",
        micros(at(0.5)),
        micros(at(0.99)),
        micros(at(1.0)),
        v.len()
    )
}

fn count(hay: &str, needle: &str) -> usize {
    hay.matches(needle).count()
}

/// The store's sequence around the exchange, replayed in-process on the same file system with a
/// file of `size` bytes: the last look (open, fstat, read, compare) then
/// `renameat2(RENAME_EXCHANGE)`, then reading the displaced file, unlinking it, fsyncing the
/// directory and reading it again. Returns (last look → exchange done, exchange → second read
/// done, last look start → exchange done).
fn bench_exchange(size: usize, rounds: usize) -> (Vec<Duration>, Vec<Duration>, Vec<Duration>) {
    use nix::fcntl::{RenameFlags, renameat2};
    let scratch = TempDir::new();
    let path = scratch.path().join(PLAN);
    let before: Vec<u8> = (0..size).map(|i| b"abcdefghij\n"[i % 11]).collect();
    let mut after = before.clone();
    after.extend_from_slice(b"x\n");
    let (mut look, mut settle, mut whole) = (Vec::new(), Vec::new(), Vec::new());
    for i in 0..rounds {
        fs::write(&path, &before).expect("bench target");
        let temp = scratch.path().join(format!(".{PLAN}.bn{i:04}"));
        let mut t = File::create(&temp).expect("bench temp");
        t.write_all(&after).expect("bench temp");
        t.sync_all().expect("bench temp");
        drop(t);
        let a = Instant::now();
        let mut f = File::open(&path).expect("look");
        let len = f.metadata().expect("fstat").len();
        let mut seen = Vec::new();
        f.read_to_end(&mut seen).expect("look");
        assert!(len == before.len() as u64 && seen == before);
        let b = Instant::now();
        renameat2(None, &temp, None, &path, RenameFlags::RENAME_EXCHANGE).expect("exchange");
        let c = Instant::now();
        let mut displaced = File::open(&temp).expect("displaced");
        let mut got = Vec::new();
        displaced.read_to_end(&mut got).expect("displaced");
        fs::remove_file(&temp).expect("unlink");
        File::open(scratch.path()).and_then(|d| d.sync_all()).expect("fsync dir");
        let mut again = Vec::new();
        std::io::Seek::seek(&mut displaced, std::io::SeekFrom::Start(0)).expect("seek");
        displaced.read_to_end(&mut again).expect("again");
        let d = Instant::now();
        assert_eq!(again, before);
        look.push(c - b);
        settle.push(d - c);
        whole.push(c - a);
    }
    (look, settle, whole)
}

#[test]
fn writers_and_editors_at_once_lose_nothing_silently() {
    let secs: u64 = std::env::var("PPLAN_SOAK_SECS").ok().and_then(|s| s.parse().ok()).unwrap_or(10);
    let scratch = TempDir::new();
    let dir = scratch.path().to_path_buf();
    fs::write(dir.join(PLAN), plan_text()).expect("plan");
    fs::write(dir.join(PROGRESS), "# Progress\n").expect("progress");
    fs::write(dir.join("findings.md"), "# Findings\n").expect("findings");
    let out = Command::new(BIN).args(["spawn", "A1"]).current_dir(&dir).output().expect("spawn");
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));

    let t0 = Instant::now();
    let stop = Arc::new(AtomicBool::new(false));
    let writers: Vec<_> = (0..8)
        .map(|w| {
            let (dir, stop) = (dir.clone(), stop.clone());
            std::thread::spawn(move || writer(dir, t0, w, stop))
        })
        .collect();
    let appenders: Vec<_> = [false, true]
        .into_iter()
        .map(|slow| {
            let (dir, stop) = (dir.clone(), stop.clone());
            std::thread::spawn(move || appender(dir, t0, stop, slow))
        })
        .collect();
    let saves = {
        let (dir, stop) = (dir.clone(), stop.clone());
        std::thread::spawn(move || saver(dir, t0, stop))
    };
    std::thread::sleep(Duration::from_secs(secs));
    stop.store(true, Ordering::Relaxed);
    let ops: Vec<Op> = writers.into_iter().flat_map(|w| w.join().expect("writer")).collect();
    let appends: Vec<Append> = appenders.into_iter().flat_map(|a| a.join().expect("appender")).collect();
    let saves = saves.join().expect("saver");
    let elapsed = t0.elapsed();

    // Temp files: none may be left by processes that finished; then one writer per lock sweeps.
    let temps = |dir: &Path| -> Vec<String> {
        let mut v: Vec<String> = fs::read_dir(dir)
            .expect("dir")
            .flatten()
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|n| n.starts_with('.') && n != ".pplan")
            .collect();
        v.sort();
        v
    };
    let left_before_sweep = temps(&dir);
    for args in [["checkpoint", "final sweep", "", ""], ["note", "--agent", "A1", "final sweep"]] {
        let args: Vec<String> = args.iter().filter(|a| !a.is_empty()).map(|a| a.to_string()).collect();
        let (_, _, _, code, stderr) = run(&dir, t0, &args);
        assert_eq!(code, Some(0), "{args:?}: {stderr}");
    }
    let left_after_sweep = temps(&dir);

    let files: HashMap<&str, String> = EDITED
        .iter()
        .chain([&PROGRESS_A])
        .map(|f| (*f, fs::read_to_string(dir.join(f)).expect("read result")))
        .collect();
    // Versions pplan saved beside a file, with the pid in their names.
    let mut meanwhile: Vec<(String, String, u32)> = Vec::new();
    for e in fs::read_dir(&dir).expect("dir").flatten() {
        let name = e.file_name().to_string_lossy().into_owned();
        if let Some((file, rest)) = name.split_once(".edited-meanwhile.") {
            let pid = rest.rsplit('.').next().and_then(|p| p.parse().ok()).unwrap_or(0);
            meanwhile.push((file.to_string(), fs::read_to_string(e.path()).expect("read saved"), pid));
        }
    }
    let refused_pids: HashMap<u32, &Op> =
        ops.iter().filter(|o| o.code == Some(4)).map(|o| (o.pid, o)).collect();
    let reported = |file: &str, line: &str| {
        meanwhile
            .iter()
            .any(|(f, text, pid)| f == file && count(text, line) > 0 && refused_pids.contains_key(pid))
    };
    // The saver's window covered [start, end] with a buffer that lacked `text`.
    let stale_save = |file: &str, text: &str, start: Duration, end: Duration| {
        saves.iter().any(|s| s.file == file && s.check < end && s.rename > start && !s.base.contains(text))
    };

    let mut silent: Vec<String> = Vec::new();
    let mut editor_window_ops = Vec::new();
    let mut unexpected = Vec::new();
    // The last acknowledged op of each state key.
    let mut last: HashMap<&str, &Op> = HashMap::new();
    for op in ops.iter().filter(|o| o.acked()) {
        if let Some(k) = &op.key {
            let entry = last.entry(k.as_str()).or_insert(op);
            if op.end > entry.end {
                *entry = op;
            }
        }
    }
    for op in &ops {
        match op.code {
            Some(0 | 4) => {}
            Some(3) if op.cmd == "error" => {}
            _ => unexpected.push(format!("{} {:?} exit {:?}: {}", op.cmd, op.want, op.code, op.stderr)),
        }
        if !op.acked() || op.key.as_ref().is_some_and(|k| !std::ptr::eq(last[k.as_str()], op)) {
            continue;
        }
        match count(&files[op.file], &op.want) {
            1 => {}
            0 if stale_save(op.file, &op.want, op.start, op.end) => editor_window_ops.push(op),
            n => {
                silent.push(format!(
                    "acknowledged {} `{}` is in {} {n} times",
                    op.cmd,
                    op.want.trim(),
                    op.file
                ));
                silent.push(around(&ops, &saves, op.file, op.start, op.end));
            }
        }
    }
    let (mut kept, mut in_meanwhile, mut editor_window_appends) = (0, 0, 0);
    // Appends written through a descriptor whose file had been replaced (the appender sees that:
    // its file has no name left after the write): by the saver, or by pplan after its last read.
    let (mut unlinked_by_saver, mut unlinked_by_pplan) = (Vec::new(), Vec::new());
    for a in &appends {
        if count(&files[a.file], &format!("{}\n", a.line)) == 1 {
            kept += 1;
        } else if reported(a.file, &format!("{}\n", a.line)) {
            in_meanwhile += 1;
        } else if stale_save(a.file, &format!("{}\n", a.line), a.write, a.end) {
            editor_window_appends += 1;
        } else if a.unlinked {
            if saves.iter().any(|s| s.file == a.file && s.rename > a.start && s.rename < a.end) {
                unlinked_by_saver.push(a);
            } else {
                unlinked_by_pplan.push(a);
            }
        } else {
            silent.push(format!("appended `{}` to {} at {:?}..{:?} is gone", a.line, a.file, a.start, a.end));
            silent.push(around(&ops, &saves, a.file, a.start, a.end));
        }
    }
    for s in &saves {
        if count(&files[s.file], &format!("{}\n", s.line)) == 1 {
            kept += 1;
        } else if reported(s.file, &format!("{}\n", s.line)) {
            in_meanwhile += 1;
        } else {
            silent.push(format!("saved `{}` to {} at {:?} is gone", s.line, s.file, s.rename));
            silent.push(around(&ops, &saves, s.file, s.check, s.rename));
        }
    }

    // Figures.
    let mut per_cmd: BTreeMap<&str, (usize, usize, usize, usize)> = BTreeMap::new();
    for op in &ops {
        let e = per_cmd.entry(op.cmd).or_default();
        e.0 += 1;
        if op.acked() {
            e.1 += 1;
        }
        if op.code == Some(4) {
            e.2 += 1;
            if op.stderr.contains("edited-meanwhile") {
                e.3 += 1;
            }
        }
    }
    eprintln!(
        "beside: {:.1} s, {} pplan runs ({:.0}/s)",
        elapsed.as_secs_f64(),
        ops.len(),
        ops.len() as f64 / elapsed.as_secs_f64()
    );
    for (cmd, (runs, acked, four, both)) in &per_cmd {
        eprintln!("  {cmd:<10} runs {runs:>5}  acknowledged {acked:>5}  exit 4 {four:>4} (both kept {both})");
    }
    let retries: usize = saves.iter().map(|s| s.retries).sum();
    eprintln!(
        "  editor: {} appends ({} held open 0-2 ms first), {} saves by rename ({} restarts after a changed stat); {} lines kept, {} reported in {} edited-meanwhile file(s)",
        appends.len(),
        appends.iter().filter(|a| a.line.starts_with("- ed-h-")).count(),
        saves.len(),
        retries,
        kept,
        in_meanwhile,
        meanwhile.len()
    );
    eprintln!(
        "  editor-window losses: {} pplan op(s), {} appended line(s) (a stale buffer saved inside the saver's check-then-rename); {} append(s) whose open file the saver replaced before the write",
        editor_window_ops.len(),
        editor_window_appends,
        unlinked_by_saver.len(),
    );
    eprintln!(
        "  open-descriptor losses (seen by the appender: its file had no name after the write): {} append(s) written after pplan had replaced the file and read the displaced one back; open→write {}",
        unlinked_by_pplan.len(),
        spread(unlinked_by_pplan.iter().map(|a| a.end - a.start).collect())
    );
    for op in &editor_window_ops {
        eprintln!(
            "    lost to the editor's window: {} `{}` ({:?}..{:?})",
            op.cmd,
            op.want.trim(),
            op.start,
            op.end
        );
    }
    eprintln!("  saver check→rename window: {}", spread(saves.iter().map(|s| s.rename - s.check).collect()));
    eprintln!("  appender open→write done: {}", spread(appends.iter().map(|a| a.end - a.start).collect()));
    eprintln!("  temp files left before the final sweep: {left_before_sweep:?}; after: {left_after_sweep:?}");
    let size = files[PLAN].len();
    let (look, settle, whole) = bench_exchange(size, 500);
    eprintln!("  store sequence replayed on a {size}-byte file (in-process, this file system):");
    eprintln!(
        "    last look done → exchange done (closed: the displaced file is read back): {}",
        spread(look)
    );
    eprintln!(
        "    last look start → exchange done (what a plain rename would leave open): {}",
        spread(whole)
    );
    eprintln!(
        "    exchange → displaced file re-read after unlink+fsync (open descriptors): {}",
        spread(settle)
    );

    assert!(unexpected.is_empty(), "unexpected exits:\n{}", unexpected.join("\n"));
    assert!(silent.is_empty(), "{} silent loss(es):\n{}", silent.len(), silent.join("\n"));
    assert!(left_before_sweep.is_empty(), "temp files left by finished processes: {left_before_sweep:?}");
    for (file, _, pid) in &meanwhile {
        assert!(refused_pids.contains_key(pid), "{file}.edited-meanwhile.*.{pid}: its pplan did not exit 4");
    }
    assert!(left_after_sweep.is_empty(), "temp files left after a sweep: {left_after_sweep:?}");
    assert!(ops.iter().any(Op::acked) && !saves.is_empty() && !appends.is_empty(), "everyone ran");
}
