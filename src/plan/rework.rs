//! Small edits to one task, each in place: reword its text, set or clear its dependencies, move
//! it to the end of another group, remove it. Each computes [`Edit`]s that touch only the task's
//! own bytes (its text, its `(depends: …)`, its lines), and [`verify_rework`] checks that every
//! other task reads as before.

use super::annotations::{self, Kind};
use super::insert::{self, NewTask, indent, item_end, line_at, next_line, offset, one_line};
use super::{Plan, Status, TaskForm};
use crate::error::{Error, Result};
use crate::text::{Document, Edit};

/// The edit that replaces task `i`'s text (its id and annotations stay).
pub fn reword(plan: &Plan<'_>, i: usize, text: &str) -> Result<Vec<Edit>> {
    let t = &plan.tasks[i];
    let words = one_line(text);
    let (_, notes) = annotations::read(&words, 0..words.len());
    if words.is_empty() || !notes.is_empty() {
        return Err(Error::Usage {
            message: format!("`{words}` cannot be a task's text (empty, or ending with an annotation)"),
            hint: "pplan edit <TASK-ID> --text \"<text>\" (dependencies with --depends)",
        });
    }
    let at = offset(plan.text, t.text);
    Ok(vec![Edit::replace(at..at + t.text.len(), insert::as_written(t.form, &words))])
}

/// The edit that makes task `i` depend on exactly `ids` (none: its `(depends: …)` removed). An
/// existing annotation keeps its spelling; a new one is spelled as the plan spells it.
pub fn set_depends(plan: &Plan<'_>, i: usize, ids: &[String]) -> Vec<Edit> {
    let notes = &plan.tasks[i].annotations;
    if ids.is_empty() {
        return annotations::clear(plan.text, notes, Kind::Depends).into_iter().collect();
    }
    match notes.get(Kind::Depends) {
        Some(a) => {
            let sep = if a.value.contains(';') && !a.value.contains(',') { "; " } else { ", " };
            vec![annotations::set(notes, Kind::Depends, &ids.join(sep))]
        }
        None => vec![Edit::insert(notes.end, format!(" {}", insert::depends_spelled(plan, ids)))],
    }
}

/// The lines task `i` takes (a checkbox item with its nested items, a table row, a task heading
/// with its section up to the next heading): their range, trailing blank lines left out.
fn block(plan: &Plan<'_>, doc: &Document, i: usize) -> std::ops::Range<usize> {
    let text = plan.text;
    let t = &plan.tasks[i];
    let start = line_at(text, t.at).start;
    let mut end = match t.form {
        TaskForm::Checkbox => item_end(text, t.at),
        TaskForm::TableRow => next_line(text, t.at),
        TaskForm::Heading => crate::text::Outline::new(doc)
            .blocks
            .iter()
            .find_map(|b| match b {
                crate::text::Block::Heading { line, .. } if line.start > t.at => Some(line.start),
                _ => None,
            })
            .unwrap_or(text.len()),
    };
    while end > start {
        let prev = line_at(text, end - 1);
        if prev.start <= start || !text[prev.clone()].trim().is_empty() {
            break;
        }
        end = prev.start;
    }
    start..end
}

/// Tasks nested in task `i`'s item (they would go with it).
fn nested_under(plan: &Plan<'_>, doc: &Document, i: usize) -> usize {
    let b = block(plan, doc, i);
    plan.tasks.iter().enumerate().filter(|(j, t)| *j != i && b.contains(&t.at)).count()
}

/// The edit that removes task `i`'s lines. A task holding nested tasks is refused.
pub fn remove(plan: &Plan<'_>, doc: &Document, i: usize) -> Result<Vec<Edit>> {
    insert::refuse_lone_cr(plan.text)?;
    let n = nested_under(plan, doc, i);
    if n > 0 {
        return Err(Error::InUse { id: name(plan, i), why: format!("holds {n} nested tasks") });
    }
    Ok(vec![cut(plan, doc, i)])
}

/// The edit that takes task `i`'s lines out, nested ones included.
fn cut(plan: &Plan<'_>, doc: &Document, i: usize) -> Edit {
    let b = block(plan, doc, i);
    let text = plan.text;
    // A heading task's section ends before the next heading: keep one blank line between the
    // block before and that heading, as it was.
    let mut end = b.end;
    if plan.tasks[i].form == TaskForm::Heading {
        while end < text.len() && text[line_at(text, end)].trim().is_empty() {
            end = next_line(text, end);
        }
    }
    let start = if b.end == text.len() && !text.ends_with('\n') && b.start > 0 {
        // The last line has no line ending: take the one before it instead.
        b.start - if text[..b.start].ends_with("\r\n") { 2 } else { 1 }
    } else {
        b.start
    };
    Edit::replace(start..end, String::new())
}

/// The edits that move checkbox task `i` (its item, nested lines and all, bytes unchanged but
/// for the indent) to the end of group `g`, where `add` would put a task; a done group it lands
/// in is reopened unless the task is done.
pub fn move_to(plan: &Plan<'_>, doc: &Document, i: usize, g: usize) -> Result<Vec<Edit>> {
    let t = &plan.tasks[i];
    if t.group == Some(g) {
        return Ok(Vec::new());
    }
    insert::refuse_lone_cr(plan.text)?;
    if t.form != TaskForm::Checkbox {
        return Err(Error::Usage {
            message: format!("`{}` is a table row or a heading; only checkbox tasks move", name(plan, i)),
            hint: "move the row or heading by hand, or remove it and add it to the group",
        });
    }
    // The item would land glued under a table or inside the last task heading's section.
    if let Some(other) = plan.group_tasks(&plan.groups[g]).iter().find(|x| x.form != TaskForm::Checkbox) {
        let form = if other.form == TaskForm::TableRow { "table rows" } else { "task headings" };
        return Err(Error::Usage {
            message: format!(
                "group `{}` keeps its tasks as {form}; the checkbox task `{}` has no place among them",
                plan.groups[g].key,
                name(plan, i)
            ),
            hint: "write it there by hand, or remove it and `pplan add` it to the group",
        });
    }
    let text = plan.text;
    let probe = NewTask { text: "x", id: Some("MOVE-0"), ..NewTask::default() };
    let probe = insert::insert_task(plan, doc, Some(g), &probe, None)?;
    let Some((slot, rest)) = probe.edits.split_first() else {
        return Err(Error::Usage { message: "no place in the group".into(), hint: "pplan add" });
    };
    let at = slot.range.start;
    let lead_eol = slot.text.len() - slot.text.trim_start_matches(['\r', '\n']).len();
    let first = &slot.text[lead_eol..];
    let new_indent = indent(first);
    let b = block(plan, doc, i);
    let old_indent = indent(&text[line_at(text, t.at)]);
    let eol = doc.eol().as_str();
    let mut moved = String::new();
    for line in text[b.clone()].split_inclusive('\n') {
        let body = line.trim_end_matches(['\r', '\n']);
        let cut = body.len() - body.trim_start_matches([' ', '\t']).len();
        let has = indent(body);
        let keep = if body.trim().is_empty() { 0 } else { (has + new_indent).saturating_sub(old_indent) };
        moved.push_str(&" ".repeat(keep));
        moved.push_str(&body[cut..]);
        moved.push_str(eol);
    }
    let moved = if at == text.len() && !text.ends_with('\n') {
        format!("{eol}{}", moved.trim_end_matches(['\r', '\n']))
    } else {
        format!("{}{moved}", &slot.text[..lead_eol])
    };
    let mut edits = vec![cut(plan, doc, i)];
    if edits.iter().any(|e| e.range.start < at && at < e.range.end) {
        return Err(Error::Usage {
            message: "the task and its new place overlap".into(),
            hint: "pplan edit",
        });
    }
    edits.push(Edit::insert(at, moved));
    if !t.status.is_done() {
        edits.extend(rest.iter().cloned());
    }
    Ok(edits)
}

fn name(plan: &Plan<'_>, i: usize) -> String {
    let t = &plan.tasks[i];
    t.id.map_or_else(|| t.text.to_string(), str::to_string)
}

/// What a rework is expected to leave.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Expect {
    /// The task's id (the task is found by it after the edit).
    pub id: String,
    /// Removed: the task no longer reads.
    pub removed: bool,
    /// Its group's key after the edit.
    pub group: Option<Option<String>>,
    pub text: Option<String>,
    pub depends: Option<Vec<String>>,
}

/// Every task but the target reads as before (id, text, status, dependencies, group), in order;
/// the target reads as `expect` says; group statuses stated in the file are unchanged, except a
/// done group the target went into, which reads in progress.
pub fn verify_rework(
    before: &Plan<'_>,
    after: &Plan<'_>,
    expect: &Expect,
) -> std::result::Result<(), String> {
    let key = |p: &Plan<'_>, g: Option<usize>| g.map(|g| p.groups[g].key.clone());
    let is = |t: &super::Task<'_>| t.id == Some(expect.id.as_str());
    // Nested tasks right after the target are its sub-items: they go where it goes, in order.
    let sub = |p: &Plan<'_>| -> Vec<usize> {
        p.tasks
            .iter()
            .position(is)
            .map_or_else(Vec::new, |i| (i + 1..p.tasks.len()).take_while(|&j| p.tasks[j].nested).collect())
    };
    let (sub_b, sub_a) = (sub(before), sub(after));
    let others = |p: &Plan<'_>, sub: &[usize]| -> Vec<usize> {
        (0..p.tasks.len()).filter(|&j| !is(&p.tasks[j]) && !sub.contains(&j)).collect()
    };
    let (others_b, others_a) = (others(before, &sub_b), others(after, &sub_a));
    if before.groups.len() != after.groups.len() {
        return Err("the edit changed the plan's groups".into());
    }
    if !expect.removed && (others_a.len() != others_b.len() || sub_a.len() != sub_b.len()) {
        return Err("the edit changed other tasks".into());
    }
    if expect.removed && others_a.len() + sub_a.len() != others_b.len() + sub_b.len() {
        return Err("the edit changed other tasks".into());
    }
    let pairs = others_b.iter().zip(&others_a).map(|(&x, &y)| (x, y, false));
    let carried = sub_b.iter().zip(&sub_a).map(|(&x, &y)| (x, y, true));
    for (x, y, moved) in pairs.chain(carried) {
        let (a, b) = (&before.tasks[x], &after.tasks[y]);
        let group_b = key(after, b.group);
        let same_group = key(before, a.group) == group_b
            || (moved && expect.group.as_ref().is_some_and(|g| *g == group_b));
        if a.id != b.id
            || a.text != b.text
            || a.status != b.status
            || a.depends() != b.depends()
            || !same_group
        {
            return Err(format!("task `{}` would change too", a.id.unwrap_or(a.text)));
        }
    }
    let targets: Vec<_> = after.tasks.iter().filter(|t| is(t)).collect();
    let old = before.tasks.iter().find(|t| is(t)).ok_or("the task is gone before the edit")?;
    if expect.removed {
        return if targets.is_empty() { Ok(()) } else { Err("the task still reads".into()) };
    }
    let [t] = targets.as_slice() else { return Err("the task does not read back once".into()) };
    let group = expect.group.clone().unwrap_or_else(|| key(before, old.group));
    let text = expect.text.clone().unwrap_or_else(|| old.text.to_string());
    let deps: Vec<String> =
        expect.depends.clone().unwrap_or_else(|| old.dependencies().map(str::to_string).collect());
    if key(after, t.group) != group || t.text != text || t.status != old.status {
        return Err(format!("`{}` does not read back as intended", expect.id));
    }
    if t.dependencies().map(str::to_string).collect::<Vec<_>>() != deps {
        return Err(format!("`{}` does not read back with its dependencies", expect.id));
    }
    for (a, b) in before.groups.iter().zip(&after.groups) {
        let into = group.as_deref() == Some(a.key.as_str());
        if a.stored() != b.stored() && !(into && a.stored().is_some_and(Status::is_done)) {
            return Err(format!("group `{}` would change too", a.key));
        }
    }
    Ok(())
}
