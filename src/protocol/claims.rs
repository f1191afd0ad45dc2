//! Claims without an orchestrator: several sessions working one plan each take the next ready
//! task with `pplan next --claim`. What is ready is computed from task_plan.md alone (so every
//! clone agrees): the pending tasks of the group work happens in whose dependencies are done.

use crate::plan::{Plan, Status};
use crate::protocol::gate;

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
/// unless its gate is red (the fix tasks of a red gate are its work).
fn settled(plan: &Plan<'_>, g: usize) -> bool {
    let grp = &plan.groups[g];
    let done = matches!(grp.stored(), Some(Status::Complete | Status::Skipped))
        || plan.group_tasks(grp).iter().all(|t| t.status.is_done());
    done && gate::red_gate(plan, g).is_none()
}

/// The group work happens in: the first one not settled; groups run in order.
pub fn working_group(plan: &Plan<'_>) -> Option<usize> {
    (0..plan.groups.len()).find(|&g| !settled(plan, g))
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
