//! Claims without an orchestrator: several sessions working one plan each take the next ready
//! task with `pplan next --claim`. What is ready is computed from task_plan.md alone (so every
//! clone agrees): the pending tasks of the group work happens in whose dependencies are done.
//! A claim marks the task in progress and writes `(claimed: NAME STAMP)` on its line, under the
//! plan lock, so two sessions never take one task; a claim idle past `stall_minutes` may be
//! taken over (`--steal`).

use std::time::{Duration, SystemTime};

use crate::error::{Error, Result};
use crate::plan::annotations::{self, Kind};
use crate::plan::edit::{self, Target};
use crate::plan::{Plan, Status};
use crate::protocol::progress::Figures;
use crate::protocol::{agents, gate};
use crate::store::{self, Store, clock};

/// Where the plan stands for `next`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Next {
    /// The group work happens in (`None`: the plan has no groups, or every group is settled).
    pub group: Option<usize>,
    /// Its ready tasks, in plan order.
    pub ready: Vec<usize>,
    /// Its tasks in progress, in plan order.
    pub in_progress: Vec<usize>,
    /// Every task of the plan is done (complete or skipped).
    pub all_done: bool,
}

/// A group is settled when a person marked it complete or skipped, or every task in it is done,
/// unless its gate is red (the fix tasks of a red gate are its work; `red` lists those groups).
fn settled(plan: &Plan<'_>, g: usize, red: &[gate::RedGate]) -> bool {
    let grp = &plan.groups[g];
    let done = matches!(grp.stored(), Some(Status::Complete | Status::Skipped))
        || plan.group_tasks(grp).iter().all(|t| t.status.is_done());
    done && !red.iter().any(|r| r.group == g)
}

/// The group work happens in: the first one not settled; groups run in order.
pub fn working_group(plan: &Plan<'_>) -> Option<usize> {
    let red = gate::red_gates(plan);
    (0..plan.groups.len()).find(|&g| !settled(plan, g, &red))
}

/// The ready tasks of the working group (of the plan when it has no groups): pending, every
/// dependency done, and `claimed` false.
pub fn next(plan: &Plan<'_>, claimed: impl Fn(usize) -> bool) -> Next {
    let group = working_group(plan);
    let range = match group {
        Some(g) => plan.groups[g].tasks.clone(),
        None if plan.groups.is_empty() => 0..plan.tasks.len(),
        None => 0..0,
    };
    let done: std::collections::HashMap<&str, bool> =
        plan.tasks.iter().filter_map(|t| t.id.map(|id| (id, t.status.is_done()))).collect();
    let ready = range
        .clone()
        .filter(|&i| plan.tasks[i].status == Status::Pending && !claimed(i))
        .filter(|&i| plan.tasks[i].dependencies().all(|d| done.get(d).copied().unwrap_or(false)))
        .collect();
    let in_progress = range.filter(|&i| plan.tasks[i].status == Status::InProgress).collect();
    Next { group, ready, in_progress, all_done: plan.tasks.iter().all(|t| t.status.is_done()) }
}

/// What `next --claim` did. `task` is the task's index in the plan as the claim left it
/// ([`store::Change::after`]): tasks without ids may share a text, so none is found again by it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Claimed {
    /// The task is now the claimant's.
    Taken { task: usize },
    /// The claimant already held this task: its claim is renewed.
    Renewed { task: usize },
    /// A stale claim was taken over.
    Stolen { task: usize, from: String, idle_secs: u64 },
    /// Nothing to claim; nothing written.
    Nothing,
}

/// The label a task is known by: its id, or its text.
fn label(t: &crate::plan::Task<'_>) -> String {
    t.id.map_or_else(|| t.text.to_string(), str::to_string)
}

/// How long a claimed task has been idle: since its claim was taken or renewed, or since its
/// agent's files last changed, whichever is later. `None` when the claim's time is unreadable
/// (then it is never stale: pplan does not guess).
pub fn idle(store: &Store, plan: &Plan<'_>, i: usize, now: SystemTime) -> Option<Duration> {
    let t = &plan.tasks[i];
    let c = t.claim()?;
    let mut last = clock::parse_stamp(c.at)?;
    if let Some(id) = t.id.filter(|id| agents::check_id(id).is_ok()) {
        for name in [agents::progress_file(id), agents::findings_file(id)] {
            if let Ok(m) = std::fs::metadata(store.path(&name)).and_then(|m| m.modified()) {
                last = last.max(m);
            }
        }
    }
    Some(now.duration_since(last).unwrap_or_default())
}

/// Claim the next ready task for `by` under the plan lock: marks it in progress and writes the
/// claim on its line, verified. A claimant that holds an unfinished task renews that claim
/// instead (run it again as a heartbeat). With `steal`, when nothing is ready, the claim idle
/// longest past `stall` is taken over. With the outcome, the change (the plan as the claim left
/// it) and, when written, its verified figures for the progress refresh.
pub fn claim_next(
    store: &Store,
    by: &str,
    steal: bool,
    stall: Duration,
) -> Result<(Claimed, store::Change, Option<Figures>)> {
    if !annotations::valid_name(by) {
        return Err(Error::Usage {
            message: format!("`{}` is not a claimant name", by.chars().take(80).collect::<String>()),
            hint: "pplan next --claim --as NAME (1-64 of A-Z a-z 0-9 . _ @ -)",
        });
    }
    let stamp = clock::now_stamp();
    let stamp = format!("{}Z", &stamp[..16]);
    let outcome = std::cell::RefCell::new(Claimed::Nothing);
    let target = std::cell::Cell::new(None::<usize>);
    let figures = std::cell::RefCell::new(None::<Figures>);
    let change = store.update_plan(
        store::PLAN_FILE,
        false,
        |plan, doc| {
            let claimed = |i: usize| plan.tasks[i].claim().is_some();
            let open = |i: usize| matches!(plan.tasks[i].status, Status::Pending | Status::InProgress);
            // One task at a time: a claimant's own unfinished claim is renewed.
            if let Some(i) =
                (0..plan.tasks.len()).find(|&i| open(i) && plan.tasks[i].claim().is_some_and(|c| c.by == by))
            {
                *outcome.borrow_mut() = Claimed::Renewed { task: i };
                target.set(Some(i));
                let mut edits = edit::set_status(plan, doc, Target::Task(i), Status::InProgress)?;
                edits.push(annotations::set(
                    &plan.tasks[i].annotations,
                    Kind::Claimed,
                    &format!("{by} {stamp}"),
                ));
                return Ok(edits);
            }
            let next = next(plan, claimed);
            let pick = match next.ready.first() {
                Some(&i) => {
                    *outcome.borrow_mut() = Claimed::Taken { task: i };
                    Some(i)
                }
                None if steal => {
                    let now = SystemTime::now();
                    let stale = next
                        .in_progress
                        .iter()
                        .filter_map(|&i| {
                            let c = plan.tasks[i].claim()?;
                            let idle = idle(store, plan, i, now)?;
                            (idle > stall).then(|| (idle, i, c.by.to_string()))
                        })
                        .max_by_key(|(idle, i, _)| (*idle, std::cmp::Reverse(*i)));
                    stale.map(|(idle, i, from)| {
                        *outcome.borrow_mut() = Claimed::Stolen { task: i, from, idle_secs: idle.as_secs() };
                        i
                    })
                }
                None => None,
            };
            let Some(i) = pick else { return Ok(Vec::new()) };
            let t = &plan.tasks[i];
            target.set(Some(i));
            let mut edits = edit::set_status(plan, doc, Target::Task(i), Status::InProgress)?;
            edits.push(annotations::set(&t.annotations, Kind::Claimed, &format!("{by} {stamp}")));
            Ok(edits)
        },
        |before, after| {
            let Some(i) = target.get() else { return Err("no task was chosen".into()) };
            let (b, a) = (&before.plan, after.plan());
            edit::verify_set(b, a, Target::Task(i), Status::InProgress)?;
            match a.tasks[i].claim() {
                Some(c) if c.by == by && c.at == stamp => {
                    *figures.borrow_mut() = Some(Figures::of(a));
                    Ok(())
                }
                _ => Err(format!("the claim of `{by}` does not read back")),
            }
        },
    )?;
    Ok((outcome.into_inner(), change, figures.into_inner()))
}

/// A claim as views show it.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Held {
    pub task: String,
    pub by: String,
    /// When it was taken or renewed, as written.
    pub at: String,
    /// Seconds since the claim or the agent's files last moved; null when the time is unreadable.
    pub idle_secs: Option<u64>,
    /// Idle past `stall_minutes`: `next --claim --steal` may take it.
    pub stale: bool,
}

/// The claims on unfinished tasks of `group` (of the whole plan when `None`), in plan order.
pub fn held(store: &Store, plan: &Plan<'_>, group: Option<usize>, stall: Duration) -> Vec<Held> {
    let now = SystemTime::now();
    let range = match group {
        Some(g) => plan.groups[g].tasks.clone(),
        None => 0..plan.tasks.len(),
    };
    range.filter_map(|i| held_on(store, plan, i, stall, now)).collect()
}

/// The claim on task `i` (by index: tasks without ids may share a text), if it is unfinished.
pub fn held_on(store: &Store, plan: &Plan<'_>, i: usize, stall: Duration, now: SystemTime) -> Option<Held> {
    let t = plan.tasks.get(i)?;
    let c = t.claim().filter(|_| !t.status.is_done())?;
    let idle = idle(store, plan, i, now);
    Some(Held {
        task: label(t),
        by: c.by.to_string(),
        at: c.at.to_string(),
        idle_secs: idle.map(|d| d.as_secs()),
        stale: idle.is_some_and(|d| d > stall),
    })
}

impl Held {
    /// `BE-002 claimed by alice, 12m ago, STALE`.
    pub fn line(&self) -> String {
        let mut s = format!("{} claimed by {}", self.task, self.by);
        if let Some(secs) = self.idle_secs {
            s.push_str(&format!(", {} ago", clock::age(Duration::from_secs(secs))));
        }
        if self.stale {
            s.push_str(", STALE (next --claim --steal may take it)");
        }
        s
    }
}
