//! The one question pplan asks git: which files changed (modified, staged or untracked) in the
//! plan's repository. Git is optional and bounded: no git, no repository or a slow git (over
//! the timeout) is an answer too, never an error.

use std::io::Read;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

pub const TIMEOUT: Duration = Duration::from_secs(5);

/// Changed files, repository-relative, in git's order; or why they are unknown.
pub fn changed_files(dir: &Path, timeout: Duration) -> Result<Vec<String>, String> {
    let mut child = Command::new("git")
        .args(["-c", "core.quotepath=off", "status", "--porcelain=v1", "--untracked-files=all"])
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|_| "git is not available".to_string())?;
    let mut stdout = child.stdout.take().ok_or("git gave no output")?;
    // Read on a thread: a large status must not fill the pipe while we wait.
    let reader = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = stdout.read_to_string(&mut s);
        s
    });
    let deadline = Instant::now() + timeout;
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break status,
            Ok(None) if Instant::now() < deadline => std::thread::sleep(Duration::from_millis(10)),
            _ => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(format!("git took longer than {} s", timeout.as_secs()));
            }
        }
    };
    let text = reader.join().unwrap_or_default();
    if !status.success() {
        return Err("not a git repository".into());
    }
    Ok(text
        .lines()
        .filter(|l| l.len() > 3)
        .map(|l| {
            let path = &l[3..];
            path.rsplit_once(" -> ").map_or(path, |(_, to)| to).trim_matches('"').to_string()
        })
        .collect())
}
