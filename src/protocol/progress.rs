//! `.pplan/progress.json`: the plan's progress for monitors that do not read markdown.
//!
//! Every pplan command that writes refreshes it afterwards, atomically, under its own sidecar
//! lock (`.pplan/progress.lock`), so a dashboard or `tail -f` can follow a run. It holds only
//! what the files say: counts and states, and the percentage `pplan status` shows (done tasks
//! over all tasks).
//! A bounded history keeps the last [`HISTORY`] changes of those figures.

use serde::{Deserialize, Serialize};

use crate::error::Result;
use crate::plan::{Counts, Plan};
use crate::protocol::agents;
use crate::store::{self, Store};

pub const FILE: &str = "progress.json";
/// Checkpoints kept in the history.
pub const HISTORY: usize = 50;

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Snapshot {
    pub schema_version: u32,
    pub kind: String,
    pub title: Option<String>,
    /// The plan's status from its tasks (from its groups when it has none): pending,
    /// in_progress, blocked or complete.
    pub status: String,
    pub current_group: Option<GroupProgress>,
    pub tasks: TaskCounts,
    /// As `pplan status` counts it: done (complete or skipped) tasks over all tasks, in whole
    /// percent (a plan without tasks: done groups over groups).
    pub progress_pct: u32,
    /// The first group held by a failing gate (read from task_plan.md's errors table), or null.
    #[serde(default)]
    pub gate: Option<crate::protocol::gate::RedGate>,
    pub groups: Vec<GroupProgress>,
    /// The working group's agents.
    pub agents: Vec<AgentProgress>,
    pub updated_at: String,
    /// The command whose write this snapshot follows (`merge`, `mark`, …).
    pub command: String,
    pub history: Vec<Checkpoint>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GroupProgress {
    pub key: String,
    pub id: String,
    pub title: String,
    pub status: String,
    /// Tasks complete or skipped.
    pub done: usize,
    pub total: usize,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TaskCounts {
    pub total: usize,
    /// Complete (skipped tasks are counted apart, as in `pplan status`).
    pub done: usize,
    pub in_progress: usize,
    pub blocked: usize,
    pub skipped: usize,
    pub pending: usize,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AgentProgress {
    pub id: String,
    pub state: String,
    pub stalled: bool,
    pub age_secs: Option<u64>,
}

/// One change of the figures: when, after which command, and where the plan stood.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Checkpoint {
    pub at: String,
    pub command: String,
    pub status: String,
    pub current_group: Option<String>,
    pub done: usize,
    pub total: usize,
    /// `ID:STATE` of each agent of the working group.
    pub agents: Vec<String>,
}

/// The plan's status from its tasks; a plan of groups without tasks (a table of phases), from
/// its groups' statuses the same way.
fn status(plan: &Plan<'_>, counts: &Counts) -> crate::plan::Status {
    use crate::plan::Status;
    if counts.total > 0 || plan.groups.is_empty() {
        return counts.derived();
    }
    let of = |s: Status| plan.groups.iter().filter(|g| plan.status(g) == s).count();
    let groups = Counts {
        total: plan.groups.len(),
        done: of(Status::Complete),
        in_progress: of(Status::InProgress),
        blocked: of(Status::Blocked),
        skipped: of(Status::Skipped),
        nested: 0,
        marked: 0,
    };
    groups.derived()
}

/// The snapshot of the plan as the files are now (history not filled in).
pub fn snapshot(store: &Store, command: &str) -> Result<Snapshot> {
    let doc = store.read(store::PLAN_FILE)?;
    Ok(snapshot_of(store, &Plan::parse(&doc), command))
}

/// The snapshot of `plan`, already parsed from `store`'s plan file (the agents are read here).
pub fn snapshot_of(store: &Store, plan: &Plan<'_>, command: &str) -> Snapshot {
    Figures::of(plan).finish(store, command)
}

/// What a snapshot takes from task_plan.md: everything but the agents, which are read when the
/// snapshot is made. A command that has just parsed the plan it wrote (to verify it) keeps
/// these, so the refresh after it does not read and parse the plan a third time.
#[derive(Clone, Debug)]
pub struct Figures {
    /// The snapshot without agents, time or command.
    snapshot: Snapshot,
    /// The ids of the working group's tasks, where its agents are looked for.
    working: Vec<String>,
}

impl Figures {
    pub fn of(plan: &Plan<'_>) -> Figures {
        let counts = Counts::of(plan.tasks.iter());
        let group = |g: usize| {
            let grp = &plan.groups[g];
            let c = plan.counts(grp);
            GroupProgress {
                key: grp.key.clone(),
                id: grp.id.to_string(),
                title: crate::text::unescape(grp.title).into_owned(),
                status: plan.status(grp).as_str().to_string(),
                done: c.done + c.skipped,
                total: c.total,
            }
        };
        let working = plan.working_group();
        let red = crate::protocol::gate::red_gates(plan);
        let snapshot = Snapshot {
            schema_version: 1,
            kind: "progress".into(),
            title: plan.title.map(str::to_string),
            status: status(plan, &counts).as_str().to_string(),
            current_group: working.map(group),
            tasks: TaskCounts {
                total: counts.total,
                done: counts.done,
                in_progress: counts.in_progress,
                blocked: counts.blocked,
                skipped: counts.skipped,
                pending: counts.pending(),
            },
            progress_pct: crate::protocol::gate::progress_pct_with(plan, &red),
            gate: red.into_iter().next(),
            groups: (0..plan.groups.len()).map(group).collect(),
            agents: Vec::new(),
            updated_at: String::new(),
            command: String::new(),
            history: Vec::new(),
        };
        let working = agents::group_task_ids(plan, working).map(str::to_string).collect();
        Figures { snapshot, working }
    }

    /// The snapshot, with the working group's agents as their files say now.
    fn finish(self, store: &Store, command: &str) -> Snapshot {
        let Figures { mut snapshot, working } = self;
        snapshot.agents = agents::observe_among(store, working.iter().map(String::as_str))
            .into_iter()
            .map(|o| AgentProgress {
                id: o.id,
                state: o.state.as_str().to_string(),
                stalled: o.stalled,
                age_secs: o.age_secs,
            })
            .collect();
        snapshot.updated_at = crate::store::clock::now_stamp();
        snapshot.command = command.to_string();
        snapshot
    }
}

/// The plan file a command has just written: its text, and the figures of its verified parse.
#[derive(Clone, Debug)]
pub struct Written {
    pub text: String,
    pub figures: Figures,
}

impl Snapshot {
    fn checkpoint(&self) -> Checkpoint {
        Checkpoint {
            at: self.updated_at.clone(),
            command: self.command.clone(),
            status: self.status.clone(),
            current_group: self.current_group.as_ref().map(|g| g.key.clone()),
            done: self.tasks.done,
            total: self.tasks.total,
            agents: self.agents.iter().map(|a| format!("{}:{}", a.id, a.state)).collect(),
        }
    }
}

/// Read the last snapshot written, if any (a damaged file reads as none).
pub fn load(store: &Store) -> Option<Snapshot> {
    store.read_state(FILE).ok().flatten().and_then(|t| serde_json::from_str(&t).ok())
}

/// After a reading command: refresh `.pplan/progress.json` when it exists and a plan file
/// (`task_plan.md`, `findings.md`, `progress.md` or an agent file) changed after it was written,
/// as when a person edits the plan by hand (an equal time counts: file times are coarser than
/// the gap between two writes). A plan pplan never wrote to gets no file.
pub fn refresh_if_stale(store: &Store, command: &str) -> Result<Option<Snapshot>> {
    let modified = |p: &std::path::Path| std::fs::metadata(p).and_then(|m| m.modified()).ok();
    let Some(written) = modified(&store.path(store::STATE_DIR).join(FILE)) else { return Ok(None) };
    let stale = std::fs::read_dir(store.dir()).into_iter().flatten().flatten().any(|e| {
        e.file_name().to_str().is_some_and(store::is_plan_file)
            && modified(&e.path()).is_some_and(|m| m >= written)
    });
    if stale { refresh(store, command).map(Some) } else { Ok(None) }
}

/// Refresh `.pplan/progress.json` after `command` wrote: the new snapshot, with the history of
/// the previous one plus a checkpoint when the figures changed.
pub fn refresh(store: &Store, command: &str) -> Result<Snapshot> {
    refresh_after(store, command, None)
}

/// [`refresh`] after a write of the plan that left `written`: its figures stand while the file
/// still holds its text; when another write landed since, the file is read and parsed again.
pub fn refresh_after(store: &Store, command: &str, written: Option<Written>) -> Result<Snapshot> {
    let lock = store.lock_progress()?;
    // A refresh killed mid-write leaves its temp file; the next one clears it.
    store.sweep_temp(&lock, store::STATE_DIR, &[FILE])?;
    let mut snap = match written {
        Some(w) if store.holds(store::PLAN_FILE, w.text.as_bytes()) => w.figures.finish(store, command),
        _ => snapshot(store, command)?,
    };
    let mut history = load(store).map(|s| s.history).unwrap_or_default();
    let point = snap.checkpoint();
    let same = |a: &Checkpoint| {
        (&a.status, &a.current_group, a.done, a.total, &a.agents)
            == (&point.status, &point.current_group, point.done, point.total, &point.agents)
    };
    if !history.last().is_some_and(same) {
        history.push(point);
    }
    let excess = history.len().saturating_sub(HISTORY);
    history.drain(..excess);
    snap.history = history;
    let json = serde_json::to_string_pretty(&snap).unwrap_or_default() + "\n";
    store.write_derived_state(&lock, FILE, &json)?;
    Ok(snap)
}
