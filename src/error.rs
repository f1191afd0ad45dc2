//! The one error type of the core, and the one place that maps errors to exit codes.
//!
//! Messages are lowercase with values in backticks and no trailing period; a hint, when the
//! user can do something about it, is separate. `code()` is the stable name used in `--json`.

use std::path::PathBuf;

use crate::text::EditError;

/// Process exit codes (documented in `pplan --help` and docs/CLI.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExitCode {
    Ok = 0,
    /// `check`/tests found problems.
    Problems = 1,
    /// Usage or invalid input.
    Usage = 2,
    /// Third strike: escalate to the user.
    Escalate = 3,
    /// Lock held, or a concurrent edit detected; nothing written.
    Busy = 4,
    /// Agents not complete, or a wait timed out.
    NotReady = 5,
    /// Interrupted by Ctrl-C (`wait`).
    Interrupted = 130,
}

#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// An error of `merge-driver`, where git reads exit 1 as "conflicts left": every error of
    /// the driver exits above 1 (2 unless the error's own code is higher).
    #[error(transparent)]
    Driver(Box<Error>),
    #[error("no `task_plan.md` in `{}`", dir.display())]
    NoPlan { dir: PathBuf, candidates: Vec<PathBuf> },
    #[error("{what} names no plan: no `{}`", path.display())]
    BadPlanPin { what: String, path: PathBuf },
    #[error("{} plans, and only modification times would choose between them", plans.len())]
    AmbiguousPlan { plans: Vec<PathBuf> },
    #[error("`{}` is not valid UTF-8 (line {line})", path.display())]
    InvalidUtf8 { path: PathBuf, line: usize },
    #[error("`{}` is {encoding}, not UTF-8: pplan reads it but writes only UTF-8 files", path.display())]
    LegacyEncoding { path: PathBuf, encoding: &'static str },
    #[error("`{}` is binary (NUL byte at offset {offset})", path.display())]
    Binary { path: PathBuf, offset: usize },
    #[error("`{}` is empty", path.display())]
    Empty { path: PathBuf },
    #[error("`{}` is not a regular file", path.display())]
    NotAFile { path: PathBuf },
    #[error("`{}` is {size} bytes, over the limit of {limit}", path.display())]
    TooLarge { path: PathBuf, size: u64, limit: u64 },
    #[error("`{}` already exists", path.display())]
    Exists { path: PathBuf },
    #[error("no task `{id}`")]
    UnknownTask { id: String, nearest: Vec<String>, group: Option<String> },
    /// A task argument that is no id, position or piece of text ([`crate::plan::resolve`]).
    #[error("no task `{id}`")]
    NoTask { id: String },
    #[error("task id `{id}` is used by {} tasks (lines {})", lines.len(), join(lines))]
    DuplicateTask { id: String, lines: Vec<usize> },
    #[error("the task `{task}` (line {line}) has no id, which agents, edit and remove name tasks by")]
    NoTaskId { task: String, line: usize },
    #[error("task id `{id}` is taken (line {line})")]
    IdTaken { id: String, line: usize },
    #[error("the group has this task already (line {line}): `{text}`")]
    SameTask { text: String, line: usize },
    #[error("`{task}` names `{dep}` as a dependency, which is no task")]
    UnknownDependency { task: String, dep: String },
    #[error("`{id}` {why}; nothing removed")]
    InUse { id: String, why: String },
    #[error("no task text contains `{text}`")]
    NoTextMatch { text: String },
    #[error("`{text}` matches {} tasks (lines {})", matches.len(), join(&matches.iter().map(|m| m.0).collect::<Vec<_>>()))]
    AmbiguousText { text: String, matches: Vec<(usize, String)> },
    #[error("no group `{id}`")]
    UnknownGroup { id: String, known: Vec<String> },
    #[error("group id `{id}` is used by {} groups", keys.len())]
    AmbiguousGroup { id: String, keys: Vec<String> },
    #[error("`{}` is not valid: {message}", path.display())]
    Config { path: PathBuf, message: String },
    #[error("`{id}` is not a safe agent id")]
    UnsafeId { id: String },
    #[error("no agent files for `{id}`")]
    NoAgent { id: String },
    #[error("agent files for `{id}` exist already")]
    AgentExists { id: String },
    #[error("`{id}` is {state}: {why}")]
    AgentState { id: String, state: String, why: &'static str },
    #[error("`{id}` was restarted {restarts} times, the maximum")]
    Escalate { id: String, restarts: u32, report: String },
    #[error(
        "`{id}` is escalated: it failed {strikes} times (last: {last}); a person decides before it runs again"
    )]
    Escalated { id: String, strikes: usize, last: String },
    #[error("{place} is not ready: {}", agents.join(", "))]
    NotReady { place: String, agents: Vec<String> },
    #[error("`{}` changed during the merge of {place}; the merge stopped there", path.display())]
    MergeInterrupted { path: PathBuf, place: String },
    #[error("the merged blocks could not be verified in `{}`: {why}; no agent file was retired", path.display())]
    MergeUnverified { path: PathBuf, why: String },
    #[error("`{id}` is COMPLETE but wrote no findings and no progress")]
    NoEvidence { id: String },
    #[error("`{task}` already failed with this approach (strike {attempt})")]
    RepeatedApproach { task: String, attempt: usize },
    #[error("`{task}` has no error row to resolve")]
    NothingToResolve { task: String },
    #[error("dependency cycle: {cycle}")]
    Cycle { cycle: String },
    #[error("the change would close a dependency cycle: {cycle}; nothing written")]
    WouldCycle { cycle: String },
    #[error("the gate's circuit breaker is open: {reason}")]
    BreakerOpen { reason: String },
    #[error("{message}")]
    Usage { message: String, hint: &'static str },
    #[error("unknown state `{0}`")]
    UnknownState(String),
    #[error("cannot write a status for {what}")]
    NoStatusPlace { what: String },
    #[error("cannot add a group here: {why}")]
    NoGroupPlace { why: String, hint: &'static str },
    #[error("busy: `{}` is held by {holder}", lock.display())]
    Busy { lock: PathBuf, holder: String },
    #[error("`{}` changed while pplan was updating it; nothing written", path.display())]
    ConcurrentEdit { path: PathBuf },
    #[error("`{}` is being saved by another program (it kept changing while pplan read it)", path.display())]
    Changing { path: PathBuf },
    #[error("`{}` was edited while pplan wrote it; pplan's version is in place and the other was saved as `{}`", path.display(), saved.display())]
    BothKept { path: PathBuf, saved: PathBuf },
    #[error("`{}` is not a plain file or directory of pplan's state (a symlink, a link or another kind of file); pplan will not use it", path.display())]
    UnsafeState { path: PathBuf },
    #[error("`{}` names {what}; it was not written by this pplan and nothing was done with it", path.display())]
    UnsafeJournal { path: PathBuf, what: String },
    #[error("refusing to write `{}`: {why}", path.display())]
    Unverified { path: PathBuf, why: String },
    #[error("refusing to write `{}`: {source}", path.display())]
    Splice { path: PathBuf, source: EditError },
    #[error("cannot {action} `{}`: {source}", path.display())]
    Io { action: &'static str, path: PathBuf, source: std::io::Error },
}

fn join(lines: &[usize]) -> String {
    lines.iter().map(usize::to_string).collect::<Vec<_>>().join(", ")
}

impl Error {
    pub fn io(action: &'static str, path: impl Into<PathBuf>, source: std::io::Error) -> Error {
        Error::Io { action, path: path.into(), source }
    }

    pub fn exit_code(&self) -> ExitCode {
        match self {
            Error::Driver(inner) => match inner.exit_code() {
                ExitCode::Ok | ExitCode::Problems => ExitCode::Usage,
                code => code,
            },
            Error::Busy { .. }
            | Error::ConcurrentEdit { .. }
            | Error::Changing { .. }
            | Error::BothKept { .. } => ExitCode::Busy,
            Error::Escalate { .. } | Error::Escalated { .. } => ExitCode::Escalate,
            Error::NotReady { .. } => ExitCode::NotReady,
            Error::BreakerOpen { .. } => ExitCode::Busy,
            Error::Cycle { .. } => ExitCode::Problems,
            Error::MergeInterrupted { .. } => ExitCode::Busy,
            Error::MergeUnverified { .. } => ExitCode::Problems,
            Error::NoEvidence { .. } => ExitCode::Problems,
            Error::Io { .. } | Error::Unverified { .. } | Error::Splice { .. } => ExitCode::Problems,
            _ => ExitCode::Usage,
        }
    }

    /// Stable machine-readable name for `--json` errors.
    pub fn code(&self) -> &'static str {
        match self {
            Error::Driver(inner) => inner.code(),
            Error::NoPlan { .. } | Error::BadPlanPin { .. } => "no_plan",
            Error::AmbiguousPlan { .. } => "ambiguous_plan",
            Error::InvalidUtf8 { .. } => "invalid_utf8",
            Error::LegacyEncoding { .. } => "legacy_encoding",
            Error::Binary { .. } => "binary_file",
            Error::Empty { .. } => "empty_file",
            Error::NotAFile { .. } => "not_a_file",
            Error::TooLarge { .. } => "file_too_large",
            Error::Exists { .. } => "exists",
            Error::UnknownTask { .. } | Error::NoTask { .. } => "unknown_task",
            Error::DuplicateTask { .. } => "duplicate_task",
            Error::IdTaken { .. } | Error::SameTask { .. } => "duplicate_task",
            Error::UnknownDependency { .. } => "unknown_dependency",
            Error::InUse { .. } => "task_in_use",
            Error::NoTextMatch { .. } => "no_text_match",
            Error::NoTaskId { .. } => "no_task_id",
            Error::AmbiguousText { .. } => "ambiguous_text",
            Error::UnknownGroup { .. } => "unknown_group",
            Error::AmbiguousGroup { .. } => "ambiguous_group",
            Error::Usage { .. } => "usage",
            Error::BreakerOpen { .. } => "breaker_open",
            Error::Cycle { .. } | Error::WouldCycle { .. } => "dependency_cycle",
            Error::RepeatedApproach { .. } => "repeated_approach",
            Error::NothingToResolve { .. } => "nothing_to_resolve",
            Error::NotReady { .. } => "not_ready",
            Error::MergeInterrupted { .. } => "concurrent_edit",
            Error::MergeUnverified { .. } => "unverified_edit",
            Error::NoEvidence { .. } => "no_evidence",
            Error::NoAgent { .. } => "no_agent",
            Error::AgentExists { .. } => "agent_exists",
            Error::AgentState { .. } => "agent_state",
            Error::Escalate { .. } => "escalate",
            Error::Escalated { .. } => "escalated",
            Error::UnsafeId { .. } => "unsafe_id",
            Error::Config { .. } => "invalid_config",
            Error::UnknownState(_) => "unknown_state",
            Error::NoStatusPlace { .. } => "no_status_place",
            Error::NoGroupPlace { .. } => "no_group_place",
            Error::Busy { .. } => "busy",
            Error::ConcurrentEdit { .. } | Error::Changing { .. } | Error::BothKept { .. } => {
                "concurrent_edit"
            }
            Error::UnsafeState { .. } => "unsafe_state",
            Error::UnsafeJournal { .. } => "unsafe_journal",
            Error::Unverified { .. } => "unverified_edit",
            Error::Splice { .. } => "unverified_edit",
            Error::Io { .. } => "io",
        }
    }

    pub fn hint(&self) -> Option<String> {
        match self {
            Error::Driver(inner) => inner.hint(),
            Error::NoPlan { candidates, .. } if !candidates.is_empty() => {
                let list: Vec<String> =
                    candidates.iter().take(5).map(|p| format!("`{}`", p.display())).collect();
                Some(format!("plans found below: {}; pass one with `-C DIR`", list.join(", ")))
            }
            Error::NoPlan { .. } => Some("run `pplan init` to start a plan, or pass `-C DIR`".into()),
            Error::BadPlanPin { .. } => {
                Some("fix the pin, or unset it; `pplan list` shows the plans there are".into())
            }
            Error::AmbiguousPlan { plans } => {
                let list: Vec<String> = plans.iter().take(8).map(|p| format!("`{}`", p.display())).collect();
                Some(format!(
                    "choose one with `PLAN_ID=<id>`, `.planning/.active_plan` or `-C DIR`: {}",
                    list.join(", ")
                ))
            }
            Error::LegacyEncoding { path, encoding } => Some(format!(
                "convert it once, then pplan can edit it: `iconv -f {encoding} -t UTF-8 {} > plan.utf8 && mv plan.utf8 {}`",
                path.display(),
                path.display()
            )),
            Error::UnknownTask { group: Some(g), .. } => Some(format!(
                "`{g}` is a group: name it with `--group {g}`; a task is named by its id, its position (`{g}.1`) or a piece of its text"
            )),
            Error::UnknownTask { nearest, .. } if !nearest.is_empty() => Some(format!(
                "did you mean {}?",
                nearest.iter().map(|n| format!("`{n}`")).collect::<Vec<_>>().join(", ")
            )),
            Error::DuplicateTask { .. } => Some("give the tasks distinct ids, or name the task by its position (`2.3`: group 2, third task)".into()),
            Error::AmbiguousText { matches, .. } => {
                let list: String = matches.iter().map(|(line, text)| format!("\n  line {line}: {text}")).collect();
                Some(format!("use more of the text, the task id, or its position (`2.3`: group 2, third task):{list}"))
            }
            Error::NoTask { .. } => Some(
                "name a task by its id, its position (`2.3`: group 2, third task) or a piece of its text".into(),
            ),
            Error::NoTaskId { line, .. } => {
                Some(format!("give it one on line {line}, before its text: `- [ ] T-1: …`"))
            }
            Error::IdTaken { .. } => Some("pass another --id, or leave --id out to continue the plan's scheme".into()),
            Error::UnknownDependency { .. } => Some("name tasks the plan has, or add the dependency first".into()),
            Error::InUse { .. } => Some("pass --force to remove it anyway".into()),
            Error::UnknownGroup { known, .. } if !known.is_empty() => Some(format!(
                "groups: {}",
                known.iter().take(12).map(|k| format!("`{k}`")).collect::<Vec<_>>().join(", ")
            )),
            Error::AmbiguousGroup { keys, .. } => Some(format!(
                "use a key: {}",
                keys.iter().map(|k| format!("`{k}`")).collect::<Vec<_>>().join(", ")
            )),
            Error::Usage { hint, .. } => Some(format!("usage: {hint}")),
            Error::NoGroupPlace { hint, .. } => Some((*hint).to_string()),
            Error::RepeatedApproach { .. } => {
                Some("never repeat a failed action: mutate the approach (different tool, input or method)".into())
            }
            Error::NoAgent { id } => Some(format!("spawn it first: `pplan spawn {id}`")),
            Error::AgentExists { .. } => {
                Some("its files are kept; pass --force to spawn it again over them".into())
            }
            Error::Escalate { report, .. } => Some(report.clone()),
            Error::Escalated { id, .. } => {
                Some(format!("record the user's decision first: `pplan error {id} --resolve \"<what the user decided>\"`"))
            }
            Error::MergeInterrupted { .. } => Some(
                "someone edited it meanwhile; rerun `pplan merge` for the same group: their edit is kept and blocks already written are skipped".into(),
            ),
            Error::NotReady { .. } => {
                Some("wait for them (`pplan wait`), or merge the COMPLETE ones with --partial".into())
            }
            Error::NoEvidence { .. } => Some("nothing was merged (--strict); check the agent's work".into()),
            Error::UnsafeId { .. } => {
                Some("agent ids are 1-64 of A-Z a-z 0-9 . _ - and do not start with a dot".into())
            }
            Error::UnknownState(_) => Some("states: pending, in_progress, complete, blocked, skipped".into()),
            Error::Busy { .. } => Some("retry when it finishes, or raise `PPLAN_LOCK_TIMEOUT_MS`".into()),
            Error::ConcurrentEdit { .. } => {
                Some("someone edited the file meanwhile; rerun the command".into())
            }
            Error::Changing { .. } => Some("retry when the editor has finished saving".into()),
            Error::BothKept { .. } => {
                Some("compare the two files and keep what you want; rerun the command after".into())
            }
            Error::UnsafeState { path } => Some(format!(
                "remove `{}` (pplan recreates what it needs under `.pplan/`)",
                path.display()
            )),
            Error::UnsafeJournal { path, .. } => Some(format!(
                "inspect it, then delete it: `rm {}` (`pplan doctor` shows it)",
                path.display()
            )),
            Error::TooLarge { .. } => {
                Some("raise `PPLAN_MAX_FILE_BYTES` if this file is really a plan".into())
            }
            _ => None,
        }
    }
}

pub type Result<T, E = Error> = std::result::Result<T, E>;
