//! Finding the plan the way git finds `.git`: which directory a command works on, and why.
//!
//! The order: `-C` (a directory, or a `task_plan.md` file), then `PPLAN_DIR`, then
//! `PWF_PLAN_ROOT` (planning-with-files' pinned project root), then from the start directory
//! (the current one, or a hook payload's `cwd`) upward to the repository root — never above the
//! user's home; outside any repository up to the home, and outside the home only the start
//! directory itself — then, for hooks, the host's project directory (`CLAUDE_PROJECT_DIR`,
//! `GEMINI_PROJECT_DIR`).
//!
//! A directory is a plan when it holds `task_plan.md`. A project root may also hold named plans,
//! `.planning/<PLAN_ID>/task_plan.md` (planning-with-files' layout): `PLAN_ID` picks one, else
//! `.planning/.active_plan`, else a `task_plan.md` at the root, else the only named plan. When
//! only modification times could decide, the choice is a guess: reads may take the newest and
//! say so, writes refuse (the caller decides; [`Found::guessed`]). This module only reads.

use std::fs;
use std::path::{Path, PathBuf};

use super::PLAN_FILE;

/// planning-with-files' folder of named plans.
pub const NAMED_DIR: &str = ".planning";
/// The file naming the active named plan.
pub const ACTIVE_FILE: &str = ".active_plan";

/// Where to look, gathered from the command line and the environment.
#[derive(Clone, Debug, Default)]
pub struct Request {
    /// `-C`, else `PPLAN_DIR`, with the name of where it came from.
    pub explicit: Option<(PathBuf, &'static str)>,
    /// `PWF_PLAN_ROOT`.
    pub pinned_root: Option<PathBuf>,
    /// `PLAN_ID`.
    pub plan_id: Option<String>,
    /// Where the upward search starts.
    pub start: PathBuf,
    /// The user's home: the search never goes above it.
    pub home: Option<PathBuf>,
    /// Project directories a host names (hooks only), with the variable's name.
    pub host_roots: Vec<(PathBuf, &'static str)>,
}

impl Request {
    /// A request from the environment: `-C` if given, `PPLAN_DIR`, `PWF_PLAN_ROOT`, `PLAN_ID`,
    /// `HOME`; the search starts at `start`.
    pub fn from_env(cli_dir: Option<&Path>, start: PathBuf) -> Request {
        let var = |name: &str| std::env::var_os(name).filter(|v| !v.is_empty());
        let explicit = cli_dir
            .map(|d| (d.to_path_buf(), "-C"))
            .or_else(|| var("PPLAN_DIR").map(|d| (PathBuf::from(d), "PPLAN_DIR")));
        Request {
            explicit,
            pinned_root: var("PWF_PLAN_ROOT").map(PathBuf::from),
            plan_id: var("PLAN_ID").and_then(|v| v.into_string().ok()).map(|v| v.trim().to_string()),
            start,
            home: var("HOME").map(PathBuf::from),
            host_roots: Vec::new(),
        }
    }

    /// Add the host's project directories (for hooks).
    pub fn with_host_roots(mut self) -> Request {
        for name in ["CLAUDE_PROJECT_DIR", "GEMINI_PROJECT_DIR"] {
            if let Some(v) = std::env::var_os(name).filter(|v| !v.is_empty()) {
                self.host_roots.push((PathBuf::from(v), name));
            }
        }
        self
    }
}

/// The plan a request found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found {
    /// The plan directory (holds `task_plan.md`).
    pub dir: PathBuf,
    /// Why this one, in a few words: `-C`, `PLAN_ID`, `.planning/.active_plan`, …
    pub why: String,
    /// Every plan the chosen project root holds (the chosen one included) when it holds more than
    /// one; empty otherwise.
    pub plans: Vec<PathBuf>,
    /// Only modification times chose it: a read may use it (and says so), a write must not.
    pub guessed: bool,
}

/// Why no plan was found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Miss {
    /// Nothing anywhere the search looked; `dir` is where it started.
    None { dir: PathBuf },
    /// A pin names a plan that does not exist.
    BadPin { what: String, path: PathBuf },
}

/// Find the plan for a request.
pub fn discover(req: &Request) -> Result<Found, Miss> {
    if let Some((dir, source)) = &req.explicit {
        // A plan file given for -C: its directory.
        if dir.file_name().is_some_and(|n| n == PLAN_FILE) && !dir.is_dir() {
            let parent = dir.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
            return if is_plan(parent) {
                Ok(Found { dir: parent.to_path_buf(), why: (*source).into(), plans: vec![], guessed: false })
            } else {
                Err(Miss::None { dir: parent.to_path_buf() })
            };
        }
        return at_root(dir, req, source)?.ok_or_else(|| Miss::None { dir: dir.clone() });
    }
    if let Some(root) = &req.pinned_root {
        if !root.is_dir() {
            return Err(Miss::BadPin { what: "PWF_PLAN_ROOT".into(), path: root.clone() });
        }
        return at_root(root, req, "PWF_PLAN_ROOT")?.ok_or_else(|| Miss::None { dir: root.clone() });
    }
    for dir in upward(&req.start, req.home.as_deref()) {
        if let Some(found) = at_root(&dir, req, "")? {
            return Ok(found);
        }
    }
    for (root, name) in &req.host_roots {
        if let Some(found) = at_root(root, req, name)? {
            return Ok(found);
        }
    }
    Err(Miss::None { dir: req.start.clone() })
}

/// The directories the upward search visits: the start, then its parents up to the repository
/// root (a directory holding `.git`), never above the home; outside a repository up to the home;
/// outside both, the start alone. A relative start gives relative parents (`..`, `../..`), so
/// messages stay short.
pub fn upward(start: &Path, home: Option<&Path>) -> Vec<PathBuf> {
    let real = fs::canonicalize(start).unwrap_or_else(|_| start.to_path_buf());
    let home = home.map(|h| fs::canonicalize(h).unwrap_or_else(|_| h.to_path_buf()));
    let under_home = home.as_ref().is_some_and(|h| real.starts_with(h));
    let in_repo = real.ancestors().any(|d| d.join(".git").exists());
    let mut dirs = Vec::new();
    let mut shown = start.to_path_buf();
    for (i, dir) in real.ancestors().enumerate() {
        if i > 0 {
            shown = if start.is_relative() {
                if i == 1 && start == Path::new(".") { PathBuf::from("..") } else { shown.join("..") }
            } else {
                dir.to_path_buf()
            };
        }
        dirs.push(if i == 0 { start.to_path_buf() } else { shown.clone() });
        let at_home = home.as_deref() == Some(dir);
        if dir.join(".git").exists() || at_home || (!in_repo && !under_home) {
            break;
        }
    }
    dirs
}

fn is_plan(dir: &Path) -> bool {
    fs::symlink_metadata(dir.join(PLAN_FILE)).is_ok()
}

/// A named plan's id: a plain name (no separators, not `.`/`..`, no leading dot).
pub fn valid_id(id: &str) -> bool {
    !id.is_empty()
        && id.len() <= 128
        && !id.starts_with('.')
        && id.chars().all(|c| c.is_alphanumeric() || matches!(c, '-' | '_' | '.'))
}

/// The named plans of a project root, sorted.
pub fn named_plans(root: &Path) -> Vec<PathBuf> {
    let Ok(entries) = fs::read_dir(root.join(NAMED_DIR)) else { return Vec::new() };
    let mut plans: Vec<PathBuf> = entries
        .flatten()
        .filter(|e| e.file_name().to_str().is_some_and(valid_id))
        .map(|e| e.path())
        .filter(|p| p.is_dir() && is_plan(p))
        .collect();
    plans.sort();
    plans
}

/// The id `.planning/.active_plan` names (a byte-order mark, spaces and line ends trimmed).
fn active_id(root: &Path) -> Option<String> {
    let bytes = fs::read(root.join(NAMED_DIR).join(ACTIVE_FILE)).ok()?;
    if bytes.len() > 4096 {
        return None;
    }
    let text = String::from_utf8(bytes).ok()?;
    let id = text.trim_start_matches('\u{feff}').trim().to_string();
    valid_id(&id).then_some(id)
}

/// The plan a directory offers as a project root, if any. `source` names the pin that chose the
/// root ("" when the upward search found it).
fn at_root(root: &Path, req: &Request, source: &str) -> Result<Option<Found>, Miss> {
    let named = named_plans(root);
    let here = is_plan(root);
    let mut all: Vec<PathBuf> = named.clone();
    if here {
        all.insert(0, root.to_path_buf());
    }
    let plans = if all.len() > 1 { all.clone() } else { Vec::new() };
    let found =
        |dir: PathBuf, why: String, guessed: bool| Some(Found { dir, why, plans: plans.clone(), guessed });
    let joined = |why: &str| if source.is_empty() { why.to_string() } else { format!("{source}, {why}") };
    if let Some(id) = &req.plan_id {
        let dir = root.join(NAMED_DIR).join(id);
        if valid_id(id) && is_plan(&dir) {
            return Ok(found(dir, joined("PLAN_ID"), false));
        }
        // A pin that names no plan is refused rather than read as another plan.
        if !named.is_empty() {
            return Err(Miss::BadPin { what: format!("PLAN_ID `{id}`"), path: dir.join(PLAN_FILE) });
        }
    }
    if let Some(id) = active_id(root) {
        let dir = root.join(NAMED_DIR).join(&id);
        if is_plan(&dir) {
            return Ok(found(dir, joined(".planning/.active_plan"), false));
        }
    }
    if here {
        let why = match source {
            "" if same_dir(root, &req.start) => "the current directory",
            "" => "found upward",
            pin => pin,
        };
        return Ok(found(root.to_path_buf(), why.to_string(), false));
    }
    match named.len() {
        0 => Ok(None),
        1 => Ok(found(named[0].clone(), joined("the only plan in .planning"), false)),
        n => {
            let newest = named
                .iter()
                .max_by_key(|p| fs::metadata(p.join(PLAN_FILE)).and_then(|m| m.modified()).ok())
                .cloned()
                .unwrap_or_else(|| named[0].clone());
            Ok(found(newest, joined(&format!("the newest of {n} plans by modification time")), true))
        }
    }
}

fn same_dir(a: &Path, b: &Path) -> bool {
    match (fs::canonicalize(a), fs::canonicalize(b)) {
        (Ok(a), Ok(b)) => a == b,
        _ => a == b,
    }
}

/// The project root for a request: `-C`/`PPLAN_DIR`, else `PWF_PLAN_ROOT`, else the nearest
/// directory upward holding `.git` or `.planning/` (within the search's bounds), else the start.
pub fn project_root(req: &Request) -> PathBuf {
    if let Some((dir, _)) = &req.explicit {
        return dir.clone();
    }
    if let Some(root) = &req.pinned_root {
        return root.clone();
    }
    upward(&req.start, req.home.as_deref())
        .into_iter()
        .find(|d| d.join(".git").exists() || d.join(NAMED_DIR).is_dir())
        .unwrap_or_else(|| req.start.clone())
}
