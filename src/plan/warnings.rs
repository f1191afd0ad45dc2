//! What a careful reader would point out in a plan: duplicated task ids, statuses that
//! contradict the checkboxes, a `## Current Group` that names nothing or a finished group.

use std::collections::hash_map::Entry;

use rustc_hash::FxHashMap;

use super::{Plan, Status};
use crate::text::Document;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Warning {
    pub line: usize,
    pub message: String,
}

/// When pplan does not see the plan's structure, say so instead of answering as if there were
/// nothing: nothing at all, tasks but no groups, or groups that carry neither a status nor a task (every one of
/// them would read as pending). `None` when the structure is seen.
pub fn unseen_structure(plan: &Plan<'_>) -> Option<String> {
    let (tasks, groups) = (plan.tasks.len(), plan.groups.len());
    let plural = |n: usize, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
    if groups == 0 && tasks == 0 {
        return Some(
            "pplan sees no groups and no tasks in this plan; groups are headings, list items or table rows such as `### Phase 1: …`, tasks are checkboxes (docs/FORMAT.md)".into(),
        );
    }
    if groups == 0 && tasks > 0 {
        return Some(format!(
            "pplan sees {} but no groups; groups are headings, list items or table rows such as `### Phase 1: …` (docs/FORMAT.md, Groups)",
            plural(tasks, "task", "tasks")
        ));
    }
    let bare = groups > 0 && plan.groups.iter().all(|g| g.stored().is_none() && g.tasks.is_empty());
    bare.then(|| {
        format!(
            "pplan sees {} but no status and no task in any of them, so each reads as pending; a status is a line such as `- **Status:** complete` under the group (docs/FORMAT.md, Statuses)",
            plural(groups, "group", "groups")
        )
    })
}

/// `held`: groups a caller knows are not done although every task is (a group held by its red
/// gate): their stated in_progress is right, so it is not pointed out.
pub fn warnings(plan: &Plan<'_>, doc: &Document, held: &[usize]) -> Vec<Warning> {
    let mut found: Vec<(usize, String)> = Vec::new();
    if let Some(message) = unseen_structure(plan) {
        found.push((0, message));
    }
    // Ids written in strictly increasing order (`T-000001`, `T-000002`, …) hold no duplicate:
    // then the map of every id (~3 MB at 100,000 tasks) is not built.
    let mut ids = plan.tasks.iter().filter_map(|t| t.id);
    let ascending = match ids.next() {
        Some(mut last) => ids.all(|id| std::mem::replace(&mut last, id) < id),
        None => true,
    };
    let mut first: FxHashMap<&str, usize> =
        FxHashMap::with_capacity_and_hasher(if ascending { 0 } else { plan.tasks.len() }, Default::default());
    for (i, t) in plan.tasks.iter().enumerate().filter(|_| !ascending) {
        let Some(id) = t.id else { continue };
        match first.entry(id) {
            Entry::Occupied(j) => {
                let line = doc.line_of(plan.tasks[*j.get()].at);
                found.push((t.at, format!("duplicate task id `{id}` (first at line {line})")));
            }
            Entry::Vacant(v) => {
                v.insert(i);
            }
        }
    }
    for t in plan.tasks.iter().filter(|t| t.unknown_mark) {
        let mark = plan.unknown_mark(t).unwrap_or_default();
        found.push((
            t.at,
            format!(
                "task `{}` has a checkbox mark pplan does not know, `[{mark}]`: its status is unknown (counted as not done)",
                crate::text::clip(t.text, 60)
            ),
        ));
    }
    for (i, g) in plan.groups.iter().enumerate() {
        let counts = plan.counts(g);
        let derived = counts.derived();
        if let Some(stored) = g.stored() {
            let open = counts.total - counts.done - counts.skipped;
            if stored == Status::Complete && open > 0 {
                found.push((
                    g.at,
                    format!(
                        "group `{}` is marked complete but {open} of {} open",
                        g.key,
                        crate::text::count(counts.total, "task is", "tasks are")
                    ),
                ));
            } else if matches!(stored, Status::Pending | Status::InProgress)
                && counts.total > 0
                && derived == Status::Complete
                && !(stored == Status::InProgress && held.contains(&i))
            {
                found.push((
                    g.at,
                    format!(
                        "group `{}` is marked {stored} but {} done",
                        g.key,
                        match counts.total {
                            1 => "its 1 task is".to_string(),
                            n => format!("all {n} tasks are"),
                        }
                    ),
                ));
            }
            if stored == Status::Pending && counts.in_progress > 0 && !plan.box_follows_tasks(g) {
                found.push((
                    g.at,
                    format!(
                        "group `{}` is marked pending but {} of its tasks are in progress",
                        g.key, counts.in_progress
                    ),
                ));
            }
            if let Some((first, other)) = g.disagreeing() {
                found.push((
                    g.at,
                    format!("group `{}` states both {} and {}", g.key, first.status, other.status),
                ));
            }
        }
    }
    if let Some(super::Line { text, range }) = &plan.current {
        let at = range.start;
        let all_done = !plan.groups.is_empty() && plan.groups.iter().all(|g| plan.status(g).is_done());
        match plan.stated_current() {
            None if all_done && text.eq_ignore_ascii_case("All groups complete") => {}
            None => found.push((at, format!("current group `{text}` names no group"))),
            Some(i) => {
                let g = &plan.groups[i];
                let status = plan.status(g);
                if status.is_done() {
                    found.push((at, format!("current group `{}` is already {status}", g.key)));
                } else if let Some(d) = plan.derived_current().filter(|&d| d != i) {
                    found.push((
                        at,
                        format!(
                            "current group is `{}` but `{}` is the first unfinished group",
                            g.key, plan.groups[d].key
                        ),
                    ));
                }
            }
        }
    }
    found.sort_by_key(|(at, _)| *at);
    let mut lines = LineCounter::new(doc.text());
    found.into_iter().map(|(at, message)| Warning { line: lines.line_of(at), message }).collect()
}

/// Line numbers for increasing offsets in one pass.
pub struct LineCounter<'a> {
    text: &'a [u8],
    pos: usize,
    line: usize,
}

impl<'a> LineCounter<'a> {
    pub fn new(text: &'a str) -> LineCounter<'a> {
        LineCounter { text: text.as_bytes(), pos: 0, line: 1 }
    }

    /// 1-based line of `offset`; offsets must not decrease between calls (else it restarts).
    pub fn line_of(&mut self, offset: usize) -> usize {
        if offset < self.pos {
            self.pos = 0;
            self.line = 1;
        }
        let end = offset.min(self.text.len());
        self.line += memchr::memchr_iter(b'\n', &self.text[self.pos..end]).count();
        self.pos = end;
        self.line
    }
}
