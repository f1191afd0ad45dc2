//! `task_plan.md` after a merge: the merged tasks complete and, when that finishes the group
//! (and no gate stands between), the group complete, `## Current Group` moved on and
//! `## Next Step` refreshed — in the style the file already uses, verified.

use crate::error::{Error, Result};
use crate::plan::edit::{self, Target};
use crate::plan::{Plan, Status};
use crate::protocol::ALL_COMPLETE;
use crate::protocol::progress::Figures;
use crate::store;
use crate::text::{Document, Edit};

#[derive(Default)]
pub(super) struct PlanReport {
    pub tasks_completed: Vec<String>,
    /// Every task of the group is now done (the group may still wait for its gate).
    pub group_done: bool,
    pub group_complete: bool,
    pub advanced_to: Option<String>,
    /// The figures of the plan after the merge, from the parse that verified it, for
    /// `.pplan/progress.json`.
    pub figures: Option<Figures>,
}

/// `task_plan.md` (`doc`, parsed as `plan`) after the merge: merged tasks complete; when this
/// completes the group (or `settled_now`: a skipped task's agent was folded in) and `advance`
/// (no gate stands between), also [`advance_group`].
pub(super) fn plan_after_merge(
    doc: &Document,
    plan: &Plan<'_>,
    group: Option<usize>,
    merged: &[String],
    settled_now: bool,
    advance: bool,
) -> Result<(String, PlanReport)> {
    let mut report = PlanReport::default();
    let mut changes = Vec::new();
    for id in merged {
        let t = edit::find_task(plan, doc, id)?;
        if plan.tasks[t].status != Status::Complete {
            changes.push((Target::Task(t), Status::Complete));
            report.tasks_completed.push(id.clone());
        }
    }
    let done_after = |g: usize| {
        plan.groups[g]
            .tasks
            .clone()
            .all(|i| changes.contains(&(Target::Task(i), Status::Complete)) || plan.tasks[i].status.is_done())
    };
    // Only the merge that completes the group advances the plan; a rerun leaves it alone.
    // Folding a skipped task's agent settles the group as a completion does.
    report.group_done = (!report.tasks_completed.is_empty() || settled_now) && group.is_some_and(done_after);
    let edits = edit::set_statuses(plan, doc, &changes)?;
    let text = crate::text::apply(doc.text(), &edits)
        .map_err(|source| Error::Splice { path: store::PLAN_FILE.into(), source })?;
    let after = Document::from_text(text);
    let after_plan = Plan::parse(&after);
    edit::verify_sets(plan, &after_plan, &changes)
        .map_err(|why| Error::Unverified { path: store::PLAN_FILE.into(), why })?;
    match group.filter(|_| report.group_done && advance) {
        Some(g) => {
            let (edits, advanced_to, figures) = advance_parsed(&after, &after_plan, g)?;
            let text = crate::text::apply(after.text(), &edits)
                .map_err(|source| Error::Splice { path: store::PLAN_FILE.into(), source })?;
            report.group_complete = true;
            report.advanced_to = advanced_to;
            report.figures = Some(figures);
            Ok((text, report))
        }
        None => {
            report.figures = Some(Figures::of(&after_plan));
            drop(after_plan);
            Ok((after.into_text(), report))
        }
    }
}

/// A finished group's stated status complete, `## Current Group` on the next unfinished group
/// (or `All groups complete`) and `## Next Step` refreshed: the edits (verified), and the key of
/// the group the plan moves to.
pub fn advance_group(doc: &Document, g: usize) -> Result<(Vec<Edit>, Option<String>)> {
    advance_parsed(doc, &Plan::parse(doc), g).map(|(edits, to, _)| (edits, to))
}

/// [`advance_group`] on `doc` already parsed as `plan`, with the figures of the plan after it
/// (from the parse that verifies it).
fn advance_parsed(doc: &Document, plan: &Plan<'_>, g: usize) -> Result<(Vec<Edit>, Option<String>, Figures)> {
    let mut changes = Vec::new();
    if plan.groups[g].stored().is_some_and(|s| s != Status::Complete) {
        changes.push((Target::Group(g), Status::Complete));
    }
    let mut edits = edit::set_statuses(plan, doc, &changes)?;
    let status_of = |i: usize| if i == g { Status::Complete } else { plan.status(&plan.groups[i]) };
    let next = (g + 1..plan.groups.len()).find(|&n| !status_of(n).is_done());
    let all_done = (0..plan.groups.len()).all(|i| status_of(i).is_done());
    let mut advanced_to = None;
    // A section that holds only a placeholder comment (as `pplan init` writes it) is filled.
    let current = plan
        .current
        .as_ref()
        .map(|c| (c.range.clone(), c.text))
        .or_else(|| placeholder(doc.text(), "current group").map(|r| (r, "")));
    match (next, current) {
        (Some(n), Some((range, old))) => {
            let ng = &plan.groups[n];
            edits.push(Edit::replace(range, current_text(old, &ng.id, ng.title)));
            advanced_to = Some(ng.key.clone());
        }
        (None, Some((range, _))) if all_done => edits.push(Edit::replace(range, ALL_COMPLETE)),
        (Some(n), None) => {
            // A `(current)` mark in a group heading moves to the next group's heading: after
            // its title, or before its words when it stood before them (`## 👉 Phase 3`).
            let lead =
                |m: usize, mark: &std::ops::Range<usize>| plan.heading_words_start(m) == Some(mark.start);
            let place = |m: usize, mark: &std::ops::Range<usize>| match lead(m, mark) {
                true => plan.heading_words_start(n),
                false => plan.title_end(n),
            };
            if let Some((m, mark)) = plan.current_mark.as_ref().filter(|(m, _)| *m != n)
                && let Some(end) = place(*m, mark)
            {
                edits.push(Edit::replace(mark.clone(), ""));
                edits.push(Edit::insert(end, doc.text()[mark.clone()].to_string()));
                advanced_to = Some(plan.groups[n].key.clone());
            }
        }
        _ => {}
    }
    let next_step =
        plan.next_step.as_ref().map(|s| s.range.clone()).or_else(|| placeholder(doc.text(), "next step"));
    if let Some(step) = next_step {
        let text = match next {
            Some(n) => {
                let ready: Vec<&str> =
                    plan.ready_tasks(Some(n)).iter().filter_map(|&t| plan.tasks[t].id).collect();
                let ng = &plan.groups[n];
                if ready.is_empty() {
                    format!("Group {} is next; no task is ready yet.", ng.id)
                } else {
                    format!("Spawn group {}: {}.", ng.id, ready.join(", "))
                }
            }
            None => "All groups complete.".to_string(),
        };
        edits.push(Edit::replace(step, text));
    }
    let text = crate::text::apply(doc.text(), &edits)
        .map_err(|source| Error::Splice { path: store::PLAN_FILE.into(), source })?;
    let after = Document::from_text(text);
    let after_plan = Plan::parse(&after);
    edit::verify_sets(plan, &after_plan, &changes)
        .map_err(|why| Error::Unverified { path: store::PLAN_FILE.into(), why })?;
    Ok((edits, advanced_to, Figures::of(&after_plan)))
}

/// After `spawn` started agents of group `g`, `## Next Step` says to wait for and merge them:
/// `Wait for group K (ID, ID), then merge it.`, the ids being the group's tasks in progress. Only
/// a line that still says to spawn this group (`Spawn group K…`, as `merge` and people write it,
/// or `Group K is next; …`) or a placeholder comment is replaced: any other line is a person's.
pub fn next_step_after_spawn(plan: &Plan<'_>, doc: &Document, g: usize, ids: &[String]) -> Option<Edit> {
    let grp = plan.groups.get(g)?;
    let (range, old) = match &plan.next_step {
        Some(line) => (line.range.clone(), line.text),
        None => (placeholder(doc.text(), "next step")?, ""),
    };
    let names_group = |rest: &str| {
        // `1`, `1.`, `1:` or `1 (…)` name group 1; `12` and `1.2` do not.
        rest.strip_prefix(&*grp.id).is_some_and(|after| {
            let mut chars = after.chars();
            match chars.next() {
                None => true,
                Some('.') => chars.next().is_none_or(char::is_whitespace),
                Some(c) => !(c.is_alphanumeric() || c == '-'),
            }
        })
    };
    // `prefix` at the start of the line, in any ASCII case: what follows it.
    let after = |prefix: &str| {
        old.get(..prefix.len()).filter(|p| p.eq_ignore_ascii_case(prefix)).map(|_| &old[prefix.len()..])
    };
    let stale = old.is_empty()
        || after("spawn group ").is_some_and(names_group)
        || after("group ").is_some_and(|r| names_group(r) && r.contains(" is next"));
    if !stale {
        return None;
    }
    let mut running: Vec<&str> = plan
        .group_tasks(grp)
        .iter()
        .filter(|t| t.status == Status::InProgress)
        .filter_map(|t| t.id)
        .collect();
    for id in ids {
        if !running.contains(&id.as_str()) {
            running.push(id);
        }
    }
    let text = format!("Wait for group {} ({}), then merge it.", grp.id, running.join(", "));
    (text != old).then(|| Edit::replace(range, text))
}

/// The line of a `## <name>` section (matched case-insensitively) that holds nothing but a
/// one-line HTML comment, as `pplan init` writes `## Current Group` and `## Next Step`: the
/// comment's byte range, to be replaced by the value.
fn placeholder(text: &str, name: &str) -> Option<std::ops::Range<usize>> {
    let mut offset = 0;
    let mut lines = text.split_inclusive('\n').map(|l| {
        let start = offset;
        offset += l.len();
        (start, l)
    });
    while let Some((_, line)) = lines.next() {
        let heading = line.trim_end().strip_prefix("## ").map(str::trim);
        if !heading.is_some_and(|h| h.eq_ignore_ascii_case(name)) {
            continue;
        }
        let (start, body) = lines.by_ref().find(|(_, l)| !l.trim().is_empty())?;
        let trimmed = body.trim_end();
        let only_comment =
            trimmed.starts_with("<!--") && trimmed.ends_with("-->") && trimmed.matches("-->").count() == 1;
        return only_comment.then(|| start..start + trimmed.len());
    }
    None
}

/// The `## Current Group` line for the next group, in the style of the old line.
fn current_text(old: &str, id: &str, title: &str) -> String {
    if let Some(h) = crate::plan::syntax::group_heading(old) {
        let had_title = !old[h.title.clone()].is_empty();
        let title = if had_title && !title.is_empty() { format!(": {title}") } else { String::new() };
        return format!("{}{id}{title}", &old[..h.id.start]);
    }
    if crate::plan::syntax::is_group_id(old) {
        return id.to_string();
    }
    format!("Group {id}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_current_line_keeps_its_style() {
        assert_eq!(current_text("Group 1", "2", "Integration"), "Group 2");
        assert_eq!(current_text("Phase 4: Testing", "5", "Delivery"), "Phase 5: Delivery");
        assert_eq!(current_text("阶段 3", "4", "x"), "阶段 4");
        assert_eq!(current_text("3", "4", "x"), "4");
        assert_eq!(current_text("the backend work", "2", "x"), "Group 2");
    }
}
