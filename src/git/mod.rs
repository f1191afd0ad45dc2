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
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

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
    let deadline = Instant::now() + timeout;
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break status,
            Ok(None) if Instant::now() < deadline => std::thread::sleep(Duration::from_millis(5)),
            _ => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(Failure::TimedOut(timeout));
            }
        }
    };
    let text = stdout.and_then(|h| h.join().ok()).unwrap_or_default();
    let err = stderr.and_then(|h| h.join().ok()).unwrap_or_default();
    if !status.success() {
        return Err(Failure::Failed(err.lines().next().unwrap_or("no message").trim().to_string()));
    }
    Ok(text)
}
