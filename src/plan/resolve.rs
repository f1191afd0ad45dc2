//! Which task a person means: the one place that turns a command's task argument into a task.
//!
//! A plan kept by hand rarely has ids, so a task is named by its id, by its position (`2.3`:
//! group 2, third task), or by a unique piece of its text, in that order. Every command that
//! takes a task calls [`resolve_task`]; an argument that names several tasks is refused with
//! each of them and its line, never guessed.

use super::{Plan, edit};
use crate::error::{Error, Result};
use crate::text::{Document, clip};

/// The task `arg` names: an id (exact, then ASCII-case-insensitive), a position `G.N` (the N-th
/// top-level task of group G, from 1), or the one task whose text contains `arg`
/// case-insensitively (a task whose whole text is `arg` wins over longer ones).
pub fn resolve_task(plan: &Plan<'_>, doc: &Document, arg: &str) -> Result<usize> {
    let arg_trim = arg.trim();
    match edit::find_task(plan, doc, arg_trim) {
        Ok(i) => return Ok(i),
        Err(Error::UnknownTask { .. }) => {}
        Err(e) => return Err(e),
    }
    if let Some(i) = by_position(plan, arg_trim) {
        return Ok(i);
    }
    if let Some(i) = by_text(plan, doc, arg_trim)? {
        return Ok(i);
    }
    if let Ok(g) = edit::find_group(plan, arg_trim) {
        let group = Some(plan.groups[g].id.to_string());
        return Err(Error::UnknownTask { id: arg.to_string(), nearest: Vec::new(), group });
    }
    match edit::nearest_ids(plan, arg_trim) {
        nearest if nearest.is_empty() => Err(Error::NoTask { id: arg.to_string() }),
        nearest => Err(Error::UnknownTask { id: arg.to_string(), nearest, group: None }),
    }
}

/// The one task whose text contains `needle` (`set --text`), refusing none or several.
pub fn find_task_by_text(plan: &Plan<'_>, doc: &Document, needle: &str) -> Result<usize> {
    by_text(plan, doc, needle.trim())?.ok_or_else(|| Error::NoTextMatch { text: needle.to_string() })
}

/// The task whose text contains `needle` case-insensitively; of several, the one whose whole
/// text it is, else a refusal listing them with their lines.
fn by_text(plan: &Plan<'_>, doc: &Document, needle: &str) -> Result<Option<usize>> {
    if needle.is_empty() {
        return Ok(None);
    }
    let lower = needle.to_lowercase();
    let hits: Vec<usize> =
        (0..plan.tasks.len()).filter(|&i| plan.tasks[i].text.to_lowercase().contains(&lower)).collect();
    let whole: Vec<usize> =
        hits.iter().copied().filter(|&i| plan.tasks[i].text.to_lowercase() == lower).collect();
    match (hits.as_slice(), whole.as_slice()) {
        (_, [one]) | ([one], _) => Ok(Some(*one)),
        ([], _) => Ok(None),
        (many, _) => Err(Error::AmbiguousText {
            text: needle.to_string(),
            matches: many
                .iter()
                .map(|&i| (doc.line_of(plan.tasks[i].at), clip(plan.tasks[i].text, 60)))
                .collect(),
        }),
    }
}

/// The id of the task `arg` names ([`resolve_task`]): what agent files are named by. A task
/// without an id is refused with its line.
pub fn resolve_task_id<'a>(plan: &Plan<'a>, doc: &Document, arg: &str) -> Result<&'a str> {
    let t = resolve_task(plan, doc, arg)?;
    plan.tasks[t].id.ok_or_else(|| Error::NoTaskId {
        task: clip(plan.tasks[t].text, 60),
        line: doc.line_of(plan.tasks[t].at),
    })
}

/// How a task is named where a name is written down (an errors table's task cell, output):
/// its id, else its text as the plan writes it.
pub fn task_name<'a>(plan: &Plan<'a>, i: usize) -> &'a str {
    plan.tasks[i].id.unwrap_or(plan.tasks[i].text)
}

/// `G.N`: the N-th top-level task of group G (nested checkboxes are not counted), or the N-th
/// task of a group that has only nested ones.
fn by_position(plan: &Plan<'_>, arg: &str) -> Option<usize> {
    let (g, n) = arg.rsplit_once('.')?;
    let n: usize = n.parse().ok().filter(|&n| n > 0)?;
    let g = edit::find_group(plan, g).ok()?;
    let range = plan.groups[g].tasks.clone();
    let top: Vec<usize> = range.clone().filter(|&i| !plan.tasks[i].nested).collect();
    let pool: Vec<usize> = if top.is_empty() { range.collect() } else { top };
    pool.get(n - 1).copied()
}
