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

mod atomic;
pub mod clock;
pub mod config;
pub mod discover;
pub mod fault;
pub mod signals;

use std::cell::OnceCell;
use std::fs::{self, File, OpenOptions, TryLockError};
use std::io::{Read, Write};

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use self::atomic::Replaced;
use crate::error::{Error, Result};
use crate::plan::Plan;
use crate::plan::vocabulary::Spelling;
use crate::text::{DecodeError, Document, Edit};

pub const PLAN_FILE: &str = "task_plan.md";
pub const FINDINGS_FILE: &str = "findings.md";
pub const PROGRESS_FILE: &str = "progress.md";
pub const STATE_DIR: &str = ".pplan";
const LOCK_FILE: &str = "lock";
/// Status spellings pplan took out of the task plan (see [`Store::remembered`]).
const SPELLINGS: &str = "spellings.json";
const DEFAULT_MAX_BYTES: u64 = 64 * 1024 * 1024;
const DEFAULT_LOCK_TIMEOUT: Duration = Duration::from_secs(10);
/// How long an empty file is watched for an editor's save to land, and how long a file that is
/// being saved may keep changing before a read gives up (busy).
const SETTLE_TIME: Duration = Duration::from_millis(100);

/// A plan file of a plan directory, by name: `task_plan.md`, `findings.md`, `progress.md`, or
/// an agent's `findings_<ID>.md` / `progress_<ID>.md`.
pub fn is_plan_file(name: &str) -> bool {
    name == PLAN_FILE
        || name == FINDINGS_FILE
        || name == PROGRESS_FILE
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

/// The plan directory, found the way git finds `.git` (see [`discover`]). A write (`write`)
/// refuses a plan that only modification times chose; a read takes it ([`discover::Found`] says
/// so).
pub fn find(req: &discover::Request, write: bool) -> Result<discover::Found> {
    match discover::discover(req) {
        Ok(found) if found.guessed && write => Err(Error::AmbiguousPlan { plans: found.plans }),
        Ok(found) => Ok(found),
        Err(discover::Miss::BadPin { what, path }) => Err(Error::BadPlanPin { what, path }),
        Err(discover::Miss::None { dir }) => Err(Error::NoPlan { candidates: candidates_below(&dir), dir }),
    }
}

/// The plan directory for a command run in the current directory (`-C` or the environment
/// first); see [`find`].
pub fn resolve(explicit: Option<&Path>) -> Result<PathBuf> {
    find(&discover::Request::from_env(explicit, PathBuf::from(".")), false).map(|f| f.dir)
}

/// The directory a command works in, whether or not it holds a plan yet (for `init`).
pub fn locate(explicit: Option<&Path>) -> PathBuf {
    match explicit {
        Some(d) => d.to_path_buf(),
        None => std::env::var_os("PPLAN_DIR").map_or_else(|| PathBuf::from("."), PathBuf::from),
    }
}

/// Plans below `dir` to offer in a hint; none for a file (never an empty name).
fn candidates_below(dir: &Path) -> Vec<PathBuf> {
    if !dir.is_dir() {
        return Vec::new();
    }
    let mut found: Vec<PathBuf> = find_plans_within(dir, 4)
        .into_iter()
        .take(20)
        .map(|d| {
            d.join(PLAN_FILE).strip_prefix(dir).map(Path::to_path_buf).unwrap_or_else(|_| d.join(PLAN_FILE))
        })
        .filter(|p| !p.as_os_str().is_empty())
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
    /// A plan in a legacy encoding (a GBK plan) is read in that encoding; only writes refuse it.
    pub fn read(&self, name: &str) -> Result<Document> {
        let path = self.path(name);
        let (_, bytes) = self.read_settled(&path, Links::Follow)?;
        self.decode(path, bytes, true)
    }

    /// Read a file that must not be a link (an agent's file: a link would let an agent make
    /// pplan read or write outside the plan), `None` when it does not exist. The check is made on
    /// the file as opened (`O_NOFOLLOW`, then its own metadata): a link swapped in after any
    /// earlier look is refused all the same.
    pub fn read_unlinked(&self, name: &str) -> Result<Option<Document>> {
        let path = self.path(name);
        match self.read_settled(&path, Links::Refuse) {
            Ok((_, bytes)) => self.decode(path, bytes, true).map(Some),
            Err(Error::Io { source, .. }) if source.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(e),
        }
    }

    /// UTF-8, or (when `legacy`, for reading) text in a legacy encoding, or an error. For a
    /// write, bytes in a legacy encoding are named as such: no write may turn them into UTF-8
    /// (or into a mix of both) behind a person's back.
    fn decode(&self, path: PathBuf, bytes: Vec<u8>, legacy: bool) -> Result<Document> {
        if bytes.is_empty() {
            return Err(Error::Empty { path });
        }
        Document::decode_keeping(bytes).or_else(|(e, bytes)| match e {
            DecodeError::InvalidUtf8 { line, .. } => match Document::decode_legacy(&bytes) {
                Some((doc, _)) if legacy => Ok(doc),
                Some((_, encoding)) => Err(Error::LegacyEncoding { path, encoding }),
                None => Err(Error::InvalidUtf8 { path, line }),
            },
            DecodeError::Binary { offset } => Err(Error::Binary { path, offset }),
        })
    }

    /// Read a file that an editor may be saving right now. An empty read is looked at again for a
    /// moment (editors that truncate and rewrite leave one); bytes that change between two reads
    /// are a save in progress: "busy" after a short wait, never parsed half-written. The file
    /// stays open, so a guarded replace can see what happens to this inode later.
    fn read_settled(&self, path: &Path, links: Links) -> Result<(File, Vec<u8>)> {
        let (mut file, mut bytes) = self.read_bytes(path, links)?;
        if !bytes.is_empty() {
            return Ok((file, bytes));
        }
        // Empty: an editor may have truncated it to rewrite it. Look again for a moment.
        let deadline = Instant::now() + SETTLE_TIME;
        loop {
            std::thread::sleep(Duration::from_millis(10));
            let (next_file, next) = self.read_bytes(path, links)?;
            if next.is_empty() && bytes.is_empty() {
                if Instant::now() >= deadline {
                    return Ok((file, bytes)); // simply empty
                }
                continue;
            }
            if next == bytes {
                return Ok((file, bytes)); // the save landed and holds still
            }
            if Instant::now() >= deadline {
                return Err(Error::Changing { path: path.to_path_buf() });
            }
            (file, bytes) = (next_file, next);
        }
    }

    fn read_bytes(&self, path: &Path, links: Links) -> Result<(File, Vec<u8>)> {
        let not_a_file = || Error::NotAFile { path: path.to_path_buf() };
        let mut file = match links {
            // A symlinked plan file is followed for reading; it must end at a regular file
            // (looked at first: opening a FIFO would block).
            Links::Follow => match fs::metadata(path) {
                Ok(meta) if !meta.is_file() => return Err(not_a_file()),
                Ok(_) => File::open(path).map_err(|e| Error::io("read", path, e))?,
                Err(e) => return Err(Error::io("read", path, e)),
            },
            Links::Refuse => open_unlinked_at(path)?
                .ok_or_else(|| Error::io("read", path, std::io::ErrorKind::NotFound.into()))?,
        };
        let meta = file.metadata().map_err(|e| Error::io("read", path, e))?;
        if !meta.is_file() {
            return Err(not_a_file());
        }
        let limit = self.limits.max_bytes;
        if meta.len() > limit {
            return Err(Error::TooLarge { path: path.to_path_buf(), size: meta.len(), limit });
        }
        let mut bytes = Vec::with_capacity(usize::try_from(meta.len()).unwrap_or(0));
        (&mut file)
            .take(limit.saturating_add(1))
            .read_to_end(&mut bytes)
            .map_err(|e| Error::io("read", path, e))?;
        if bytes.len() as u64 > limit {
            return Err(Error::TooLarge { path: path.to_path_buf(), size: bytes.len() as u64, limit });
        }
        Ok((file, bytes))
    }

    /// Create `.pplan/` (with a `.gitignore` of `*`) if it is missing. A `.pplan` that is a
    /// symlink or not a directory is refused: tool state never leads outside the plan.
    pub fn ensure_state_dir(&self) -> Result<PathBuf> {
        let state = self.path(STATE_DIR);
        real_dir(&state, true)?;
        let ignore = state.join(".gitignore");
        if fs::symlink_metadata(&ignore).is_err() {
            // Two bytes, written by whoever creates it first, with no temp file (this runs
            // outside any lock, where another process may be sweeping temp files).
            match OpenOptions::new().write(true).create_new(true).open(&ignore) {
                Ok(mut f) => f.write_all(b"*\n").map_err(|e| Error::io("write", &ignore, e))?,
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {}
                Err(e) => return Err(Error::io("write", &ignore, e)),
            }
        }
        Ok(state)
    }

    /// The path of tool state `.pplan/<rel>`: `rel` is relative, made of plain names, and every
    /// directory on the way is a real directory (created when `create`), never a symlink.
    pub fn state_path(&self, rel: &str, create: bool) -> Result<PathBuf> {
        let mut path = if create { self.ensure_state_dir()? } else { self.path(STATE_DIR) };
        if !create {
            real_dir(&path, false)?;
        }
        let parts: Vec<&str> = rel.split('/').collect();
        for (i, part) in parts.iter().enumerate() {
            if part.is_empty() || *part == "." || *part == ".." || part.contains('\\') {
                return Err(Error::UnsafeState { path: self.path(STATE_DIR).join(rel) });
            }
            path.push(part);
            if i + 1 < parts.len() {
                real_dir(&path, create)?;
            }
        }
        Ok(path)
    }

    /// Take the plan's sidecar lock `.pplan/lock`, waiting at most the configured time.
    /// Temp files that a killed writer of the plan's shared files or tool state left are swept
    /// here, under the lock that guards them.
    pub fn lock(&self) -> Result<Lock> {
        let lock = self.lock_file(LOCK_FILE)?;
        self.sweep_temp(&lock, ".", &[PLAN_FILE, FINDINGS_FILE, PROGRESS_FILE])?;
        self.sweep_state_temps(&lock, STATE_DIR)?;
        let archive = format!("{STATE_DIR}/archive");
        for group in fs::read_dir(self.path(&archive)).into_iter().flatten().flatten() {
            if group.file_type().is_ok_and(|t| t.is_dir()) {
                self.sweep_temp(
                    &lock,
                    &format!("{archive}/{}", group.file_name().to_string_lossy()),
                    &["manifest.json"],
                )?;
            }
        }
        Ok(lock)
    }

    /// Temps of the JSON state the plan lock guards in `dir`: everything but `progress.json`
    /// (its own lock) and hook state (a hook session's lock).
    fn sweep_state_temps(&self, lock: &Lock, dir: &str) -> Result<usize> {
        let Ok(entries) = fs::read_dir(self.path(dir)) else { return Ok(0) };
        let names: Vec<String> = entries
            .flatten()
            .filter_map(|e| e.file_name().to_str().map(str::to_string))
            .filter_map(|f| {
                let (stem, tail) = f.strip_prefix('.')?.rsplit_once('.')?;
                let guarded = stem != "progress.json" && !stem.starts_with("hook-") && !stem.is_empty();
                (guarded && tail.len() == 6).then(|| stem.to_string())
            })
            .collect();
        let names: Vec<&str> = names.iter().map(String::as_str).collect();
        self.sweep_temp(lock, dir, &names)
    }

    /// The lock of one agent's files (`.pplan/agent-<ID>.lock`): concurrent `note`/`log`/`mark`
    /// calls of one agent queue on it. Whoever needs both takes the plan lock first.
    pub fn lock_agent(&self, id: &str) -> Result<Lock> {
        let lock = self.lock_file(&format!("agent-{id}.lock"))?;
        fault::point("agent-locked");
        self.sweep_temp(&lock, ".", &[&format!("findings_{id}.md"), &format!("progress_{id}.md")])?;
        Ok(lock)
    }

    /// The lock of `.pplan/progress.json` alone, so refreshing it never waits on a merge.
    pub fn lock_progress(&self) -> Result<Lock> {
        self.lock_file("progress.lock")
    }

    /// A hook session's lock (`.pplan/hook-<key>.lock`): a session's hook calls never wait on
    /// plan writers.
    pub fn lock_hook(&self, key: &str) -> Result<Lock> {
        self.lock_file(&format!("hook-{key}.lock"))
    }

    fn lock_file(&self, name: &str) -> Result<Lock> {
        let path = self.state_path(name, true)?;
        let mut file = open_state_file(&path, true)?;
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
                    let mut holder = String::new();
                    let _ = (&mut file).take(4096).read_to_string(&mut holder);
                    let holder = holder.lines().next().unwrap_or_default().trim();
                    let holder =
                        if holder.is_empty() { "another process".to_string() } else { holder.to_string() };
                    return Err(Error::Busy { lock: path, holder });
                }
                Err(TryLockError::Error(e)) => return Err(Error::io("lock", &path, e)),
            }
        }
        // Name ourselves for whoever waits on us; the lock file itself is never replaced. Written
        // over the last holder's line, then cut to length: emptying the file first frees its
        // block to take it again, a journal commit's worth of time on ext4. A waiter reads only
        // the first line, so it never sees the end of an older, longer one.
        let me = format!("pid {} ({})\n", std::process::id(), command_line());
        let _ = file.write_all(me.as_bytes()).and_then(|()| file.set_len(me.len() as u64));
        Ok(Lock { _file: file })
    }

    /// Create a file that must not exist yet (not even one that appears while we write). The
    /// caller holds the lock.
    pub fn create(&self, _lock: &Lock, name: &str, contents: &str) -> Result<()> {
        let path = self.path(name);
        match atomic::create_new(&path, contents.as_bytes()) {
            Ok(()) => Ok(()),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => Err(Error::Exists { path }),
            Err(e) => Err(Error::io("write", path, e)),
        }
    }

    /// Tool state under `.pplan/` (JSON the tool owns), if present. Untrusted: a symlink, a
    /// non-regular file or one over the size limit is refused.
    pub fn read_state(&self, name: &str) -> Result<Option<String>> {
        self.read_state_within(name, self.limits.max_bytes)
    }

    /// [`Store::read_state`] for state that is never larger than `limit` bytes.
    fn read_state_within(&self, name: &str, limit: u64) -> Result<Option<String>> {
        let path = self.state_path(name, false)?;
        let mut file = match open_state_file(&path, false) {
            Ok(f) => f,
            Err(Error::Io { source, .. }) if source.kind() == std::io::ErrorKind::NotFound => {
                return Ok(None);
            }
            Err(e) => return Err(e),
        };
        let mut text = String::new();
        (&mut file)
            .take(limit.saturating_add(1))
            .read_to_string(&mut text)
            .map_err(|e| Error::io("read", &path, e))?;
        if text.len() as u64 > limit {
            return Err(Error::TooLarge { path, size: text.len() as u64, limit });
        }
        Ok(Some(text))
    }

    /// Replace tool state under `.pplan/` atomically. The caller holds the plan lock.
    pub fn write_state(&self, _lock: &Lock, name: &str, contents: &str) -> Result<()> {
        let path = self.state_path(name, true)?;
        atomic::write(&path, contents.as_bytes()).map_err(|e| Error::io("write", &path, e))
    }

    /// Replace state pplan derives and can write again at any time (progress.json, a hook's
    /// counters) without waiting for the disk: see [`atomic::write_derived`].
    pub fn write_derived_state(&self, _lock: &Lock, name: &str, contents: &str) -> Result<()> {
        let path = self.state_path(name, true)?;
        atomic::write_derived(&path, contents.as_bytes()).map_err(|e| Error::io("write", &path, e))
    }

    /// Remove tool state under `.pplan/` (a missing file is fine), and make that durable.
    pub fn remove_state(&self, _lock: &Lock, name: &str) -> Result<()> {
        let path = self.state_path(name, false)?;
        match fs::remove_file(&path) {
            Ok(()) => sync_dir(atomic_parent(&path)),
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
        match fs::symlink_metadata(&target) {
            Ok(_) => {
                let (mut held, current) = self.read_settled(&target, Links::Follow)?;
                if !expect(&current) {
                    return Err(Error::ConcurrentEdit { path });
                }
                self.replace_held(&path, &target, &mut held, &current, contents.as_bytes())
            }
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                if !expect(&[]) {
                    return Err(Error::ConcurrentEdit { path });
                }
                match atomic::create_new(&target, contents.as_bytes()) {
                    Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
                        Err(Error::ConcurrentEdit { path })
                    }
                    other => other.map_err(|e| Error::io("write", path, e)),
                }
            }
            Err(e) => Err(Error::io("read", path, e)),
        }
    }

    /// Replace `target` (read as `before` through `held`) with `after`, unless a person's edit
    /// lands meanwhile: then theirs is what stays (or both are kept), and the caller hears "busy".
    fn replace_held(
        &self,
        path: &Path,
        target: &Path,
        held: &mut File,
        before: &[u8],
        after: &[u8],
    ) -> Result<()> {
        let outcome = atomic::replace_guarded(target, held, before, after, || fault::point("before-replace"))
            .map_err(|e| Error::io("write", path, e))?;
        match outcome {
            Ok(Replaced::Written) => Ok(()),
            Ok(Replaced::Undone) | Err(()) => Err(Error::ConcurrentEdit { path: path.to_path_buf() }),
            Ok(Replaced::Kept(saved)) => Err(Error::BothKept { path: path.to_path_buf(), saved }),
        }
    }

    /// Whether a file of the plan directory holds exactly `bytes` (a missing or unreadable file
    /// holds nothing), compared without reading it into memory.
    pub fn holds(&self, name: &str, bytes: &[u8]) -> bool {
        atomic::holds(&self.path(name), bytes).unwrap_or(false)
    }

    /// The bytes of a file, or empty when it does not exist.
    pub fn read_or_empty(&self, name: &str) -> Result<Vec<u8>> {
        let path = self.path(name);
        match fs::symlink_metadata(&path) {
            Ok(_) => self.read_settled(&path, Links::Follow).map(|(_, bytes)| bytes),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(Vec::new()),
            Err(e) => Err(Error::io("read", path, e)),
        }
    }

    /// Remove temp files a killed writer left for the given files (the store names them
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
        let to_dir = self.state_path(&format!("{dir}/{name}"), true)?;
        let to_dir = atomic_parent(&to_dir).to_path_buf();
        let mut dest = name.to_string();
        if fs::symlink_metadata(to_dir.join(&dest)).is_ok() {
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
        let archive = self.state_path(&format!("{dir}/x"), false)?;
        sync_dir(atomic_parent(&archive))?;
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
            let prepared = self.prepare(name, Links::Follow, edit, verify)?;
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
        self.write_prepared(self.prepare(name, Links::Follow, edit, verify)?)
    }

    /// Open a file that must not be a link for reading (see [`Store::read_unlinked`]): `None`
    /// when it does not exist.
    pub fn open_unlinked(&self, name: &str) -> Result<Option<File>> {
        open_unlinked_at(&self.path(name))
    }

    /// [`Store::update_held`] for a file that must not be a link (see [`Store::read_unlinked`]):
    /// it is opened without following one, and the replace renames over the name itself, so a
    /// link swapped in meanwhile is never written through.
    pub fn update_unlinked(
        &self,
        _lock: &Lock,
        name: &str,
        edit: impl FnOnce(&Document) -> Result<Vec<Edit>>,
        verify: impl FnOnce(&Document, &Document) -> std::result::Result<(), String>,
    ) -> Result<Change> {
        self.write_prepared(self.prepare(name, Links::Refuse, edit, verify)?)
    }

    /// [`Store::update`] for an edit that reads the plan: the plan is parsed once for `edit`;
    /// `verify` gets it with its document, and the result with the edits that made it (whose
    /// plan is parsed only if `verify` asks for it).
    pub fn update_plan(
        &self,
        name: &str,
        dry_run: bool,
        edit: impl FnOnce(&Plan<'_>, &Document) -> Result<Vec<Edit>>,
        verify: impl FnOnce(Parsed<'_>, &Edited<'_>) -> std::result::Result<(), String>,
    ) -> Result<Change> {
        if dry_run {
            let mut leaving = Vec::new();
            let work = plan_work(self.remembered(name), &mut leaving, edit, verify);
            let prepared = self.prepare_by(name, Links::Follow, work)?;
            return Ok(Change { before: prepared.before, after: prepared.after, written: false });
        }
        let lock = self.lock()?;
        self.update_plan_held(&lock, name, edit, verify)
    }

    /// [`Store::update_plan`] while holding `lock` (see [`Store::update_held`]). A status
    /// spelling the write takes out of the plan for good is remembered under the same lock
    /// (see [`Store::remembered`]).
    pub fn update_plan_held(
        &self,
        lock: &Lock,
        name: &str,
        edit: impl FnOnce(&Plan<'_>, &Document) -> Result<Vec<Edit>>,
        verify: impl FnOnce(Parsed<'_>, &Edited<'_>) -> std::result::Result<(), String>,
    ) -> Result<Change> {
        let known = self.remembered(name);
        let mut leaving = Vec::new();
        let work = plan_work(known.clone(), &mut leaving, edit, verify);
        let change = self.write_prepared(self.prepare_by(name, Links::Follow, work)?)?;
        if change.written
            && let Some(json) = Spelling::remember(&known, &leaving)
        {
            // A hint for the next write, not part of this one: the plan is written whatever
            // becomes of it.
            let _ = self.write_state(lock, SPELLINGS, &json);
        }
        Ok(change)
    }

    /// The status spellings pplan took out of the task plan (the last `🚧 In progress` of its
    /// table, set to blocked), so that setting the status back writes it as the file did:
    /// `.pplan/spellings.json`, untrusted (every entry is checked, a file that is not what
    /// pplan writes is ignored). Other files remember nothing.
    fn remembered(&self, name: &str) -> Vec<Spelling> {
        if name != PLAN_FILE {
            return Vec::new();
        }
        match self.read_state_within(SPELLINGS, 64 * 1024) {
            Ok(Some(json)) => Spelling::read_remembered(&json),
            _ => Vec::new(),
        }
    }

    fn prepare(
        &self,
        name: &str,
        links: Links,
        edit: impl FnOnce(&Document) -> Result<Vec<Edit>>,
        verify: impl FnOnce(&Document, &Document) -> std::result::Result<(), String>,
    ) -> Result<Prepared> {
        self.prepare_by(name, links, |doc, path| {
            let after = splice(doc, &edit(doc)?, path)?;
            if let Some(after) = &after {
                verify(doc, after).map_err(|why| Error::Unverified { path: path.to_path_buf(), why })?;
            }
            Ok(after)
        })
    }

    /// Read `name` for a write and let `work` compute (and verify) the new document, `None`
    /// when nothing changes.
    fn prepare_by(
        &self,
        name: &str,
        links: Links,
        work: impl FnOnce(&Document, &Path) -> Result<Option<Document>>,
    ) -> Result<Prepared> {
        let path = self.path(name);
        let target = match links {
            // A symlinked plan is edited where it lives; replacing the link would fork the plan.
            Links::Follow => fs::canonicalize(&path).unwrap_or_else(|_| path.clone()),
            Links::Refuse => path.clone(),
        };
        let (held, bytes) = self.read_settled(&path, links)?;
        let doc = self.decode(path.clone(), bytes, false)?;
        let after = work(&doc, &path)?;
        let before = doc.into_text();
        let after = after.map_or_else(|| before.clone(), Document::into_text);
        Ok(Prepared { before, after, path, target, held })
    }

    fn write_prepared(&self, prepared: Prepared) -> Result<Change> {
        let Prepared { before, after, path, target, mut held } = prepared;
        if after == before {
            return Ok(Change { before, after, written: false });
        }
        // An editor does not take our lock: if the bytes move under us, theirs stay.
        self.replace_held(&path, &target, &mut held, before.as_bytes(), after.as_bytes())?;
        Ok(Change { before, after, written: true })
    }
}

/// A document and the plan parsed from it, as [`Store::update_plan`]'s verify step gets them
/// (to keep: the plan is not used after the verify step).
pub struct Parsed<'d> {
    pub doc: &'d Document,
    pub plan: Plan<'d>,
}

/// The document an update made and the edits that made it (offsets into the document before),
/// as [`Store::update_plan`]'s verify step gets them. Its plan is parsed when first asked for: a
/// verify that can read the edits back where they stand
/// ([`crate::plan::edit::sets_in_place`]) does not parse the whole file again.
pub struct Edited<'d> {
    pub doc: &'d Document,
    pub edits: &'d [Edit],
    plan: OnceCell<Plan<'d>>,
}

impl<'d> Edited<'d> {
    pub fn plan(&self) -> &Plan<'d> {
        self.plan.get_or_init(|| Plan::parse(self.doc))
    }
}

/// The work of [`Store::update_plan`]: parse (with the spellings remembered for the file),
/// edit, splice and verify; the spellings the edits take out of the file go to `leaving`.
fn plan_work<'l>(
    remembered: Vec<Spelling>,
    leaving: &'l mut Vec<Spelling>,
    edit: impl FnOnce(&Plan<'_>, &Document) -> Result<Vec<Edit>> + 'l,
    verify: impl FnOnce(Parsed<'_>, &Edited<'_>) -> std::result::Result<(), String> + 'l,
) -> impl FnOnce(&Document, &Path) -> Result<Option<Document>> + 'l {
    move |doc, path| {
        let mut plan = Plan::parse(doc);
        plan.vocabulary.recall(remembered);
        let edits = edit(&plan, doc)?;
        let after = splice(doc, &edits, path)?;
        if let Some(after) = &after {
            *leaving = plan.vocabulary.leaving(doc.text(), &edits);
            leaving.extend(plan.vocabulary.leaving_groups(doc.text(), &edits, &plan.groups));
            let before = Parsed { doc, plan };
            verify(before, &Edited { doc: after, edits: &edits, plan: OnceCell::new() })
                .map_err(|why| Error::Unverified { path: path.to_path_buf(), why })?;
        }
        Ok(after)
    }
}

/// Splice `edits` into `doc`: the new document, or `None` when the text stays the same.
fn splice(doc: &Document, edits: &[Edit], path: &Path) -> Result<Option<Document>> {
    let after = crate::text::apply(doc.text(), edits)
        .map_err(|source| Error::Splice { path: path.to_path_buf(), source })?;
    // `apply` proved every byte outside the edits unchanged: the text is the same when each
    // edit puts back what it replaces.
    let same = edits.iter().all(|e| doc.text()[e.range.clone()] == e.text);
    Ok((!same).then(|| Document::from_text(after)))
}

struct Prepared {
    before: String,
    after: String,
    path: PathBuf,
    target: PathBuf,
    /// The file as it was read, kept open for the guarded replace.
    held: File,
}

/// Whether a file of the plan directory may be reached through a symlink.
#[derive(Clone, Copy)]
enum Links {
    /// The plan and the shared files: a person may keep them elsewhere and link them here.
    Follow,
    /// Agents' files: a link is refused, checked on what is opened.
    Refuse,
}

/// Held while a command writes; the OS releases it if the process dies.
#[derive(Debug)]
pub struct Lock {
    _file: File,
}

fn command_line() -> String {
    let mut s = String::from("pplan");
    // `args_os`: an argument that is not UTF-8 (a `-C` path) must not panic here.
    for a in std::env::args_os().skip(1) {
        s.push(' ');
        s.push_str(&a.to_string_lossy());
        if s.len() > 160 {
            let mut cut = 160;
            while !s.is_char_boundary(cut) {
                cut -= 1;
            }
            s.truncate(cut);
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
    let Some(expected) = expected else {
        return match atomic::create_new(path, contents) {
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
                Err(Error::ConcurrentEdit { path: path.to_path_buf() })
            }
            other => other.map_err(|e| Error::io("write", path, e)),
        };
    };
    let mut held = match File::open(path) {
        Ok(f) => f,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            return Err(Error::ConcurrentEdit { path: path.to_path_buf() });
        }
        Err(e) => return Err(Error::io("read", path, e)),
    };
    let outcome = atomic::replace_guarded(path, &mut held, expected, contents, || {})
        .map_err(|e| Error::io("write", path, e))?;
    match outcome {
        Ok(Replaced::Written) => Ok(()),
        Ok(Replaced::Undone) | Err(()) => Err(Error::ConcurrentEdit { path: path.to_path_buf() }),
        Ok(Replaced::Kept(saved)) => Err(Error::BothKept { path: path.to_path_buf(), saved }),
    }
}

/// Create the directory of a named plan, `<root>/.planning/<id>/`, refusing symlinks on the way
/// (the root itself must exist). Returns the plan directory.
pub fn create_named_dir(root: &Path, id: &str) -> Result<PathBuf> {
    if !root.is_dir() {
        return Err(Error::NotAFile { path: root.to_path_buf() });
    }
    let named = root.join(discover::NAMED_DIR);
    real_dir(&named, true)?;
    let dir = named.join(id);
    real_dir(&dir, true)?;
    Ok(dir)
}

/// Write `<root>/<rel>` (a host's settings, a skill): created with its directories (never through
/// a symlink) when `expected` is `None`, else replaced atomically only if it still holds
/// `expected`.
pub fn write_project_file(root: &Path, rel: &str, expected: Option<&[u8]>, contents: &[u8]) -> Result<()> {
    let path = root.join(rel);
    let mut dir = root.to_path_buf();
    let parts: Vec<&str> = rel.split('/').collect();
    for part in &parts[..parts.len().saturating_sub(1)] {
        dir.push(part);
        real_dir(&dir, true)?;
    }
    replace_file_if(&path, expected, contents)
}

/// Point `<root>/.planning/.active_plan` at `id` (atomic replace; a pointer that already says so
/// is left byte-identical).
pub fn set_active_plan(root: &Path, id: &str) -> Result<()> {
    let path = root.join(discover::NAMED_DIR).join(discover::ACTIVE_FILE);
    let contents = format!("{id}\n");
    match fs::symlink_metadata(&path) {
        Ok(meta) if !meta.is_file() => Err(Error::NotAFile { path }),
        Ok(_) => {
            let current = fs::read(&path).map_err(|e| Error::io("read", &path, e))?;
            if current == contents.as_bytes() {
                return Ok(());
            }
            replace_file_if(&path, Some(&current), contents.as_bytes())
        }
        Err(_) => replace_file_if(&path, None, contents.as_bytes()),
    }
}

fn sync_dir(dir: &Path) -> Result<()> {
    atomic::sync_dir(dir).map_err(|e| Error::io("sync", dir, e))
}

fn atomic_parent(path: &Path) -> &Path {
    path.parent().unwrap_or(Path::new("."))
}

/// `path` must be a real directory, not a symlink; created (one level) when missing and
/// `create`, else a missing one is fine.
fn real_dir(path: &Path, create: bool) -> Result<()> {
    match fs::symlink_metadata(path) {
        Ok(m) if m.is_dir() => Ok(()),
        Ok(_) => Err(Error::UnsafeState { path: path.to_path_buf() }),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound && create => match fs::create_dir(path) {
            Err(e) if e.kind() != std::io::ErrorKind::AlreadyExists => Err(Error::io("create", path, e)),
            _ => real_dir(path, false),
        },
        // Not there: nothing below it is either, which the caller's open will say.
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
        Err(e) => Err(Error::io("open", path, e)),
    }
}

/// Open `path` without following a symlink at its last name (`O_NOFOLLOW`; `O_NONBLOCK`, so a
/// FIFO does not hang the open): `None` when it is a symlink. Where there is no `O_NOFOLLOW`,
/// a look just before the open is the best there is. The caller checks what it opened.
fn open_unlinked(options: &mut OpenOptions, path: &Path) -> std::io::Result<Option<File>> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(nix::libc::O_NOFOLLOW | nix::libc::O_NONBLOCK);
        match options.open(path) {
            Err(e) if e.raw_os_error() == Some(nix::libc::ELOOP) => Ok(None),
            other => other.map(Some),
        }
    }
    #[cfg(not(unix))]
    {
        if fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink()) {
            return Ok(None);
        }
        options.open(path).map(Some)
    }
}

/// Open `path` for reading without following a link, checked on what is opened: `None` when it
/// does not exist; a link, or anything but a regular file, is `NotAFile`.
fn open_unlinked_at(path: &Path) -> Result<Option<File>> {
    fault::point("agent-open");
    let not_a_file = || Error::NotAFile { path: path.to_path_buf() };
    let file = match open_unlinked(OpenOptions::new().read(true), path) {
        Ok(Some(file)) => file,
        Ok(None) => return Err(not_a_file()),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(Error::io("read", path, e)),
    };
    match file.metadata() {
        Ok(meta) if meta.is_file() => Ok(Some(file)),
        Ok(_) => Err(not_a_file()),
        Err(e) => Err(Error::io("read", path, e)),
    }
}

/// Open a file under `.pplan/` without following a symlink; it must be a regular file with no
/// other name (a hard link would let a write land elsewhere).
fn open_state_file(path: &Path, create: bool) -> Result<File> {
    let mut options = OpenOptions::new();
    options.read(true);
    if create {
        options.write(true).create(true).truncate(false);
    }
    let file = open_unlinked(&mut options, path)
        .map_err(|e| Error::io("open", path, e))?
        .ok_or_else(|| Error::UnsafeState { path: path.to_path_buf() })?;
    let meta = file.metadata().map_err(|e| Error::io("open", path, e))?;
    #[cfg(unix)]
    let single = std::os::unix::fs::MetadataExt::nlink(&meta) == 1;
    #[cfg(not(unix))]
    let single = true;
    if !meta.is_file() || !single {
        return Err(Error::UnsafeState { path: path.to_path_buf() });
    }
    Ok(file)
}
