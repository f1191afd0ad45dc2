//! The store layer: the only place that touches plan files on disk, and what it needs around
//! that — the plan lock and atomic replace below, `pplan.yaml` ([`config`]), the clock
//! ([`clock`]), test fault points ([`fault`]) and signal listeners ([`signals`]). It may use
//! text, error and plan; nothing here knows the planning protocol.
//!
//! Every write follows one path: take the sidecar lock `.pplan/lock` (bounded wait, then
//! "busy" naming the holder), re-read the file inside the lock, compute the edit on those bytes,
//! splice and verify, check that nobody (an editor, which takes no lock) changed the file since
//! we read it, and replace it atomically (temp file in the same directory, fsync, rename, fsync
//! the directory, mode kept). Reads validate size, type and encoding before anything parses.

pub mod clock;
pub mod config;
pub mod fault;
pub mod signals;

use std::fs::{self, File, OpenOptions, TryLockError};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use crate::error::{Error, Result};
use crate::text::{DecodeError, Document, Edit};

pub const PLAN_FILE: &str = "task_plan.md";
pub const STATE_DIR: &str = ".pplan";
const LOCK_FILE: &str = "lock";
const DEFAULT_MAX_BYTES: u64 = 64 * 1024 * 1024;
const DEFAULT_LOCK_TIMEOUT: Duration = Duration::from_secs(10);

/// A plan file of a plan directory, by name: `task_plan.md`, `findings.md`, `progress.md`, or
/// an agent's `findings_<ID>.md` / `progress_<ID>.md`.
pub fn is_plan_file(name: &str) -> bool {
    name == PLAN_FILE
        || name == "findings.md"
        || name == "progress.md"
        || ((name.starts_with("findings_") || name.starts_with("progress_")) && name.ends_with(".md"))
}

/// Limits read from the environment once (`PPLAN_MAX_FILE_BYTES`, `PPLAN_LOCK_TIMEOUT_MS`).
#[derive(Clone, Debug)]
pub struct Limits {
    pub max_bytes: u64,
    pub lock_timeout: Duration,
}

impl Limits {
    pub fn from_env() -> Limits {
        let num = |name: &str| std::env::var(name).ok().and_then(|v| v.trim().parse::<u64>().ok());
        Limits {
            max_bytes: num("PPLAN_MAX_FILE_BYTES").unwrap_or(DEFAULT_MAX_BYTES),
            lock_timeout: num("PPLAN_LOCK_TIMEOUT_MS").map_or(DEFAULT_LOCK_TIMEOUT, Duration::from_millis),
        }
    }
}

/// The plan directory: `-C DIR`, else `PPLAN_DIR`, else the current directory. It must hold a
/// `task_plan.md`; otherwise the error lists plans found below it (we never guess).
pub fn resolve(explicit: Option<&Path>) -> Result<PathBuf> {
    let dir = locate(explicit);
    let plan = dir.join(PLAN_FILE);
    if fs::symlink_metadata(&plan).is_ok() {
        return Ok(dir);
    }
    Err(Error::NoPlan { candidates: candidates_below(&dir), dir })
}

/// The directory a command works in, whether or not it holds a plan yet (for `init`).
pub fn locate(explicit: Option<&Path>) -> PathBuf {
    match explicit {
        Some(d) => d.to_path_buf(),
        None => std::env::var_os("PPLAN_DIR").map_or_else(|| PathBuf::from("."), PathBuf::from),
    }
}

fn candidates_below(dir: &Path) -> Vec<PathBuf> {
    let mut found: Vec<PathBuf> = find_plans_within(dir, 4)
        .into_iter()
        .take(20)
        .map(|d| {
            d.join(PLAN_FILE).strip_prefix(dir).map(Path::to_path_buf).unwrap_or_else(|_| d.join(PLAN_FILE))
        })
        .collect();
    found.sort();
    found
}

/// Plan directories (holding a `task_plan.md`) at or below `root`, sorted; `.git`, `target`,
/// `node_modules` and `.pplan` are not entered.
pub fn find_plans(root: &Path) -> Vec<PathBuf> {
    find_plans_within(root, usize::MAX)
}

fn find_plans_within(root: &Path, depth: usize) -> Vec<PathBuf> {
    let skip = |e: &walkdir::DirEntry| {
        e.depth() > 0
            && e.file_type().is_dir()
            && matches!(e.file_name().to_str(), Some(".git" | "target" | "node_modules" | STATE_DIR))
    };
    let mut plans: Vec<PathBuf> = walkdir::WalkDir::new(root)
        .max_depth(depth)
        .sort_by_file_name()
        .into_iter()
        .filter_entry(|e| !skip(e))
        .flatten()
        .filter(|e| e.file_type().is_file() && e.file_name() == PLAN_FILE)
        .filter_map(|e| e.path().parent().map(Path::to_path_buf))
        .collect();
    plans.sort();
    plans
}

/// A plan directory and its limits.
#[derive(Clone, Debug)]
pub struct Store {
    dir: PathBuf,
    limits: Limits,
}

/// What an update did (or, for a dry run, would do).
#[derive(Debug)]
pub struct Change {
    pub before: String,
    pub after: String,
    pub written: bool,
}

impl Change {
    pub fn is_noop(&self) -> bool {
        self.before == self.after
    }
}

impl Store {
    pub fn new(dir: PathBuf, limits: Limits) -> Store {
        Store { dir, limits }
    }

    pub fn dir(&self) -> &Path {
        &self.dir
    }

    pub fn path(&self, name: &str) -> PathBuf {
        self.dir.join(name)
    }

    /// Read and decode a plan file: a regular file, within the size limit, UTF-8, not empty.
    pub fn read(&self, name: &str) -> Result<Document> {
        let path = self.path(name);
        let bytes = self.read_bytes(&path)?;
        if bytes.is_empty() {
            return Err(Error::Empty { path });
        }
        Document::decode(bytes).map_err(|e| match e {
            DecodeError::InvalidUtf8 { line, .. } => Error::InvalidUtf8 { path, line },
            DecodeError::Binary { offset } => Error::Binary { path, offset },
        })
    }

    fn read_bytes(&self, path: &Path) -> Result<Vec<u8>> {
        let meta = fs::symlink_metadata(path).map_err(|e| Error::io("read", path, e))?;
        // A symlinked plan file is followed for reading; it must end at a regular file.
        let meta = if meta.file_type().is_symlink() {
            fs::metadata(path).map_err(|e| Error::io("read", path, e))?
        } else {
            meta
        };
        if !meta.is_file() {
            return Err(Error::NotAFile { path: path.to_path_buf() });
        }
        if meta.len() > self.limits.max_bytes {
            return Err(Error::TooLarge {
                path: path.to_path_buf(),
                size: meta.len(),
                limit: self.limits.max_bytes,
            });
        }
        let file = File::open(path).map_err(|e| Error::io("read", path, e))?;
        let mut bytes = Vec::with_capacity(meta.len() as usize);
        file.take(self.limits.max_bytes + 1)
            .read_to_end(&mut bytes)
            .map_err(|e| Error::io("read", path, e))?;
        if bytes.len() as u64 > self.limits.max_bytes {
            return Err(Error::TooLarge {
                path: path.to_path_buf(),
                size: bytes.len() as u64,
                limit: self.limits.max_bytes,
            });
        }
        Ok(bytes)
    }

    /// Create `.pplan/` (with a `.gitignore` of `*`) if it is missing.
    pub fn ensure_state_dir(&self) -> Result<PathBuf> {
        let state = self.path(STATE_DIR);
        if !state.is_dir() {
            fs::create_dir_all(&state).map_err(|e| Error::io("create", &state, e))?;
        }
        let ignore = state.join(".gitignore");
        if !ignore.exists() {
            write_atomic(&ignore, b"*\n")?;
        }
        Ok(state)
    }

    /// Take the plan's sidecar lock `.pplan/lock`, waiting at most the configured time.
    pub fn lock(&self) -> Result<Lock> {
        self.lock_file(LOCK_FILE)
    }

    /// The lock of one agent's files (`.pplan/agent-<ID>.lock`): concurrent `note`/`log`/`mark`
    /// calls of one agent queue on it. Whoever needs both takes the plan lock first.
    pub fn lock_agent(&self, id: &str) -> Result<Lock> {
        self.lock_file(&format!("agent-{id}.lock"))
    }

    /// A hook session's lock (`.pplan/hook-<key>.lock`): a session's hook calls never wait on
    /// plan writers.
    /// The lock of `.pplan/progress.json` alone, so refreshing it never waits on a merge.
    pub fn lock_progress(&self) -> Result<Lock> {
        self.lock_file("progress.lock")
    }

    pub fn lock_hook(&self, key: &str) -> Result<Lock> {
        self.lock_file(&format!("hook-{key}.lock"))
    }

    fn lock_file(&self, name: &str) -> Result<Lock> {
        let state = self.ensure_state_dir()?;
        let path = state.join(name);
        let mut file = OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(&path)
            .map_err(|e| Error::io("open", &path, e))?;
        let deadline = Instant::now() + self.limits.lock_timeout;
        let mut pause = Duration::from_millis(2);
        loop {
            match file.try_lock() {
                Ok(()) => break,
                Err(TryLockError::WouldBlock) if Instant::now() < deadline => {
                    std::thread::sleep(pause);
                    pause = (pause * 2).min(Duration::from_millis(25));
                }
                Err(TryLockError::WouldBlock) => {
                    let holder = fs::read_to_string(&path).unwrap_or_default();
                    let holder = holder.trim();
                    let holder =
                        if holder.is_empty() { "another process".to_string() } else { holder.to_string() };
                    return Err(Error::Busy { lock: path, holder });
                }
                Err(TryLockError::Error(e)) => return Err(Error::io("lock", &path, e)),
            }
        }
        // Name ourselves for whoever waits on us; the lock file itself is never replaced.
        let me = format!("pid {} ({})\n", std::process::id(), command_line());
        let _ = file.set_len(0).and_then(|()| file.write_all(me.as_bytes()));
        Ok(Lock { _file: file })
    }

    /// Create a file that must not exist yet. The caller holds the lock.
    pub fn create(&self, _lock: &Lock, name: &str, contents: &str) -> Result<()> {
        let path = self.path(name);
        if fs::symlink_metadata(&path).is_ok() {
            return Err(Error::Exists { path });
        }
        write_atomic(&path, contents.as_bytes())
    }

    /// Tool state under `.pplan/` (JSON the tool owns), if present.
    pub fn read_state(&self, name: &str) -> Result<Option<String>> {
        let path = self.path(STATE_DIR).join(name);
        match fs::read_to_string(&path) {
            Ok(s) => Ok(Some(s)),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(Error::io("read", &path, e)),
        }
    }

    /// Replace tool state under `.pplan/` atomically. The caller holds the plan lock.
    pub fn write_state(&self, _lock: &Lock, name: &str, contents: &str) -> Result<()> {
        let state = self.ensure_state_dir()?;
        write_atomic(&state.join(name), contents.as_bytes())
    }

    /// Remove tool state under `.pplan/` (a missing file is fine), and make that durable.
    pub fn remove_state(&self, _lock: &Lock, name: &str) -> Result<()> {
        let state = self.path(STATE_DIR);
        let path = state.join(name);
        match fs::remove_file(&path) {
            Ok(()) => sync_dir(&state),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
            Err(e) => Err(Error::io("remove", path, e)),
        }
    }

    /// Replace a whole file while holding `lock`, only if its current bytes pass `expect` (a
    /// missing file reads as empty). Used by the journaled merge, which computed the new bytes
    /// from bytes it hashed; anything else means a person edited the file meanwhile.
    pub fn replace_if(
        &self,
        _lock: &Lock,
        name: &str,
        expect: impl FnOnce(&[u8]) -> bool,
        contents: &str,
    ) -> Result<()> {
        let path = self.path(name);
        let target = fs::canonicalize(&path).unwrap_or_else(|_| path.clone());
        let current = match fs::symlink_metadata(&target) {
            Ok(_) => self.read_bytes(&target)?,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Vec::new(),
            Err(e) => return Err(Error::io("read", path, e)),
        };
        if !expect(&current) {
            return Err(Error::ConcurrentEdit { path });
        }
        write_atomic(&target, contents.as_bytes())
    }

    /// The bytes of a file, or empty when it does not exist.
    pub fn read_or_empty(&self, name: &str) -> Result<Vec<u8>> {
        let path = self.path(name);
        match fs::symlink_metadata(&path) {
            Ok(_) => self.read_bytes(&path),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(Vec::new()),
            Err(e) => Err(Error::io("read", path, e)),
        }
    }

    /// Remove temp files a killed writer left for the given files (atomic-write-file names them
    /// `.<name>.<6 alphanumerics>`) in `dir` (relative to the plan directory). Only files that
    /// `lock` protects may be named: no live writer can be using those temp files.
    pub fn sweep_temp(&self, _lock: &Lock, dir: &str, names: &[&str]) -> Result<usize> {
        let dir = self.path(dir);
        let Ok(entries) = fs::read_dir(&dir) else { return Ok(0) };
        let mut removed = 0;
        for e in entries.flatten() {
            let file = e.file_name();
            let Some(file) = file.to_str() else { continue };
            let stale = names.iter().any(|n| {
                file.strip_prefix('.')
                    .and_then(|f| f.strip_prefix(n))
                    .and_then(|f| f.strip_prefix('.'))
                    .is_some_and(|s| s.len() == 6 && s.bytes().all(|b| b.is_ascii_alphanumeric()))
            });
            if stale && e.file_type().is_ok_and(|t| t.is_file()) {
                fs::remove_file(e.path()).map_err(|err| Error::io("remove", e.path(), err))?;
                removed += 1;
            }
        }
        Ok(removed)
    }

    /// Move a file of the plan directory into `.pplan/<dir>/` (never over an existing file:
    /// a taken name gets `suffix`). Returns the new name. The rename is atomic (the file is in
    /// one place or the other); call [`Store::sync_dirs`] once after the last move.
    pub fn retire(&self, _lock: &Lock, name: &str, dir: &str, suffix: &str) -> Result<String> {
        let to_dir = self.ensure_state_dir()?.join(dir);
        fs::create_dir_all(&to_dir).map_err(|e| Error::io("create", &to_dir, e))?;
        let mut dest = name.to_string();
        if to_dir.join(&dest).exists() {
            dest = match name.rsplit_once('.') {
                Some((stem, ext)) => format!("{stem}.{suffix}.{ext}"),
                None => format!("{name}.{suffix}"),
            };
        }
        let from = self.path(name);
        fs::rename(&from, to_dir.join(&dest)).map_err(|e| Error::io("retire", &from, e))?;
        Ok(dest)
    }

    /// Make moves out of the plan directory into `.pplan/<dir>/` durable.
    pub fn sync_dirs(&self, _lock: &Lock, dir: &str) -> Result<()> {
        sync_dir(&self.path(STATE_DIR).join(dir))?;
        sync_dir(&self.dir)
    }

    /// Edit one plan file under the plan lock (see [`Store::update_held`]). With `dry_run`, no
    /// lock is taken and nothing is written.
    pub fn update(
        &self,
        name: &str,
        dry_run: bool,
        edit: impl FnOnce(&Document) -> Result<Vec<Edit>>,
        verify: impl FnOnce(&Document, &Document) -> std::result::Result<(), String>,
    ) -> Result<Change> {
        if dry_run {
            let prepared = self.prepare(name, edit, verify)?;
            return Ok(Change { before: prepared.before, after: prepared.after, written: false });
        }
        let lock = self.lock()?;
        self.update_held(&lock, name, edit, verify)
    }

    /// Edit one file while holding `lock`: re-read it, let `edit` compute the edits on the
    /// fresh bytes, splice, let `verify` check the result, and replace the file unless someone
    /// changed it meanwhile.
    pub fn update_held(
        &self,
        _lock: &Lock,
        name: &str,
        edit: impl FnOnce(&Document) -> Result<Vec<Edit>>,
        verify: impl FnOnce(&Document, &Document) -> std::result::Result<(), String>,
    ) -> Result<Change> {
        let Prepared { before, after, path, target } = self.prepare(name, edit, verify)?;
        if after == before {
            return Ok(Change { before, after, written: false });
        }
        crate::store::fault::point("before-replace");
        // An editor does not take our lock: if the bytes moved under us, write nothing.
        if self.read_bytes(&target)? != before.as_bytes() {
            return Err(Error::ConcurrentEdit { path });
        }
        write_atomic(&target, after.as_bytes())?;
        Ok(Change { before, after, written: true })
    }

    fn prepare(
        &self,
        name: &str,
        edit: impl FnOnce(&Document) -> Result<Vec<Edit>>,
        verify: impl FnOnce(&Document, &Document) -> std::result::Result<(), String>,
    ) -> Result<Prepared> {
        let path = self.path(name);
        // A symlinked plan is edited where it lives; replacing the link would fork the plan.
        let target = fs::canonicalize(&path).unwrap_or_else(|_| path.clone());
        let doc = self.read(name)?;
        let edits = edit(&doc)?;
        let after = crate::text::apply(doc.text(), &edits)
            .map_err(|source| Error::Splice { path: path.clone(), source })?;
        let before = doc.text().to_string();
        if after == before {
            return Ok(Prepared { before, after, path, target });
        }
        let new_doc = Document::from_text(after);
        verify(&doc, &new_doc).map_err(|why| Error::Unverified { path: path.clone(), why })?;
        Ok(Prepared { before, after: new_doc.into_text(), path, target })
    }
}

struct Prepared {
    before: String,
    after: String,
    path: PathBuf,
    target: PathBuf,
}

/// Held while a command writes; the OS releases it if the process dies.
#[derive(Debug)]
pub struct Lock {
    _file: File,
}

fn command_line() -> String {
    let mut s = String::from("pplan");
    for a in std::env::args().skip(1) {
        s.push(' ');
        s.push_str(&a);
        if s.len() > 160 {
            s.truncate(160);
            s.push('…');
            break;
        }
    }
    s.replace('\n', " ")
}

/// Replace a file that lives outside any plan (git's merge result, `.gitattributes`) atomically,
/// only if its bytes are still `expected` (what the caller read and edited; `None`: it did not
/// exist), so a concurrent edit is never clobbered.
pub fn replace_file_if(path: &Path, expected: Option<&[u8]>, contents: &[u8]) -> Result<()> {
    let current = match fs::read(path) {
        Ok(b) => Some(b),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
        Err(e) => return Err(Error::io("read", path, e)),
    };
    if current.as_deref() != expected {
        return Err(Error::ConcurrentEdit { path: path.to_path_buf() });
    }
    write_atomic(path, contents)
}

fn sync_dir(dir: &Path) -> Result<()> {
    File::open(dir).and_then(|d| d.sync_all()).map_err(|e| Error::io("sync", dir, e))
}

/// Temp file in the same directory, fsync, rename over the target, fsync the directory; the
/// target's permissions are kept.
fn write_atomic(path: &Path, bytes: &[u8]) -> Result<()> {
    let mut file =
        atomic_write_file::AtomicWriteFile::options().open(path).map_err(|e| Error::io("write", path, e))?;
    file.write_all(bytes).map_err(|e| Error::io("write", path, e))?;
    file.commit().map_err(|e| Error::io("write", path, e))
}
