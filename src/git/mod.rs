//! The git layer: the merge driver git runs on plan files ([`merge_driver`], over the line
//! three-way merge [`diff3`]) and what pplan asks git (below). It stands beside the protocol: it
//! may use text, error, plan and store, and neither it nor the protocol uses the other.
//!
//! What pplan asks git: which files changed (modified, staged or untracked) in the plan's
//! repository, and the few config and attribute queries of the merge driver's setup. Git is
//! optional and bounded: no git, no repository or a slow git (over the timeout) is an answer
//! too, never a crash.

pub mod diff3;
pub mod merge_driver;

use std::io::Read;
use std::path::Path;
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::Duration;

pub const TIMEOUT: Duration = Duration::from_secs(5);

/// Changed files, repository-relative, in git's order; or why they are unknown.
pub fn changed_files(dir: &Path, timeout: Duration) -> Result<Vec<String>, String> {
    let args = ["-c", "core.quotepath=off", "status", "--porcelain=v1", "--untracked-files=all"];
    let text = output(dir, &args, timeout).map_err(|e| match e {
        Failure::Failed(_) => "not a git repository".to_string(),
        other => other.to_string(),
    })?;
    Ok(text
        .lines()
        .filter_map(|l| l.get(3..).filter(|p| !p.is_empty()))
        .map(|path| path.rsplit_once(" -> ").map_or(path, |(_, to)| to).trim_matches('"').to_string())
        .collect())
}

/// No repository can hold `dir`: neither it nor a parent has a `.git` or is itself a git
/// directory (`HEAD` beside `objects/`), and no `GIT_DIR` points elsewhere. Git would answer "not
/// a git repository", and starting it to hear that costs a few milliseconds.
pub fn outside_repository(dir: &Path) -> bool {
    if std::env::var_os("GIT_DIR").is_some() {
        return false;
    }
    // Git looks from the physical directory, as `getcwd` names it.
    let Ok(dir) = std::fs::canonicalize(dir) else { return false };
    !dir.ancestors().any(|d| {
        d.join(".git").symlink_metadata().is_ok() || (d.join("HEAD").is_file() && d.join("objects").is_dir())
    })
}

/// Why a git command gave no answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Failure {
    Unavailable,
    TimedOut(Duration),
    /// It ran and failed (a non-zero exit): the first line of its stderr.
    Failed(String),
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Failure::Unavailable => write!(f, "git is not available"),
            Failure::TimedOut(t) => write!(f, "git took longer than {} s", t.as_secs()),
            Failure::Failed(why) => write!(f, "git failed: {why}"),
        }
    }
}

/// Run git with `args` in `dir`, killed after `timeout`: its stdout when it exits 0.
pub fn output(dir: &Path, args: &[&str], timeout: Duration) -> Result<String, Failure> {
    let mut child = Command::new("git")
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|_| Failure::Unavailable)?;
    // Read on threads: a large output must not fill the pipe while we wait.
    let read = |mut r: Box<dyn Read + Send>| {
        std::thread::spawn(move || {
            let mut s = String::new();
            let _ = r.read_to_string(&mut s);
            s
        })
    };
    let stdout = child.stdout.take().map(|s| read(Box::new(s)));
    let stderr = child.stderr.take().map(|s| read(Box::new(s)));
    let (status, timed_out) = wait_killing_after(&mut child, timeout);
    if timed_out {
        return Err(Failure::TimedOut(timeout));
    }
    let Ok(status) = status else { return Err(Failure::TimedOut(timeout)) };
    let text = stdout.and_then(|h| h.join().ok()).unwrap_or_default();
    let err = stderr.and_then(|h| h.join().ok()).unwrap_or_default();
    if !status.success() {
        return Err(Failure::Failed(err.lines().next().unwrap_or("no message").trim().to_string()));
    }
    Ok(text)
}

/// Wait for `child`, killed once `timeout` has passed; whether it was. The wait blocks (no polling,
/// so a git that answers in 2 ms costs 2 ms): a watchdog thread sleeps until the deadline unless
/// the wait wakes it first. The watchdog kills by process id, which stays the child's until the
/// wait reaps it; after that a late kill could only reach a reused id in the microsecond before
/// the watchdog hears the wait end, and ids are handed out in sequence, not reused that fast.
fn wait_killing_after(child: &mut Child, timeout: Duration) -> (std::io::Result<ExitStatus>, bool) {
    let (done, finished) = mpsc::channel::<()>();
    let id = child.id();
    let watchdog = std::thread::spawn(move || match finished.recv_timeout(timeout) {
        Err(RecvTimeoutError::Timeout) => {
            kill(id);
            true
        }
        _ => false,
    });
    let status = child.wait();
    drop(done);
    let timed_out = watchdog.join().unwrap_or(false);
    (status, timed_out)
}

#[cfg(unix)]
fn kill(id: u32) {
    let _ = nix::sys::signal::kill(nix::unistd::Pid::from_raw(id as i32), nix::sys::signal::Signal::SIGKILL);
}

/// On Windows the child's handle, held until the watchdog has been joined, keeps its id from
/// being reused.
#[cfg(windows)]
fn kill(id: u32) {
    let _ = Command::new("taskkill")
        .args(["/F", "/PID", &id.to_string()])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status();
}

#[cfg(test)]
mod tests {
    use crate::git::{Failure, TIMEOUT, output, outside_repository};
    use std::time::{Duration, Instant};

    #[test]
    fn a_git_that_hangs_is_killed_at_the_deadline() {
        let dir = std::env::temp_dir();
        let start = Instant::now();
        let got = output(&dir, &["-c", "alias.hang=!sleep 5", "hang"], Duration::from_millis(200));
        assert_eq!(got, Err(Failure::TimedOut(Duration::from_millis(200))));
        assert!(start.elapsed() < Duration::from_secs(4), "waited {:?}", start.elapsed());
    }

    #[test]
    fn a_failing_git_answers_with_its_first_line_of_stderr() {
        let dir = std::env::temp_dir();
        let got = output(&dir, &["definitely-not-a-git-command"], TIMEOUT);
        let why = "git: 'definitely-not-a-git-command' is not a git command. See 'git --help'.";
        assert_eq!(got, Err(Failure::Failed(why.to_string())));
    }

    #[test]
    #[allow(clippy::disallowed_methods)] // a stand-in git directory, no plan file
    fn a_repository_is_seen_from_below_through_its_dot_git_or_as_a_bare_git_directory() {
        let root = std::env::temp_dir().join(format!("pplan-git-outside-{}", std::process::id()));
        let below = root.join("work").join("plan");
        std::fs::create_dir_all(&below).unwrap();
        let bare = root.join("bare.git");
        std::fs::create_dir_all(bare.join("objects")).unwrap();
        std::fs::File::create(bare.join("HEAD")).unwrap();
        let seen = (outside_repository(&below), outside_repository(&bare));
        std::fs::create_dir(root.join("work").join(".git")).unwrap();
        let with_dot_git = outside_repository(&below);
        std::fs::remove_dir_all(&root).unwrap();
        assert_eq!((seen, with_dot_git), ((true, false), false));
    }
}
