//! `pplan set`: change exactly one status, in place, through the store.

use std::cell::RefCell;

use serde::Serialize;

use super::{Context, Output};
use crate::error::{Error, Result};
use crate::plan::edit::{self, Target};
use crate::plan::{Plan, Status, resolve};
use crate::protocol::progress;
use crate::store;
use crate::text::Document;
use crate::text::clip;

#[derive(Serialize)]
struct SetJson {
    schema_version: u32,
    kind: &'static str,
    path: &'static str,
    target: &'static str,
    id: String,
    from: Status,
    to: Status,
    changed: bool,
    dry_run: bool,
    diff: Option<String>,
    /// A group set complete while some of its tasks are open: what `check` will say.
    warning: Option<String>,
}

pub fn run(
    ctx: &Context,
    args: Vec<String>,
    group: Option<String>,
    text: Option<String>,
    dry_run: bool,
) -> Result<Output> {
    let (selector, state) = match (args.as_slice(), &group, &text) {
        ([state], Some(g), None) => (Selector::Group(g.clone()), state),
        ([state], None, Some(t)) => (Selector::Text(t.clone()), state),
        ([id, state], None, None) => (Selector::Task(id.clone()), state),
        _ => return Err(usage_error(&args)),
    };
    let to = Status::parse_arg(state).ok_or_else(|| Error::UnknownState(state.clone()))?;
    let store = ctx.store()?;
    // What the edit step found, for the verify step and the report (both run after it).
    let found: RefCell<Option<(Target, String, Status)>> = RefCell::new(None);
    // A task whose checkbox mark pplan does not know (`[?]`): its mark, for the output.
    let unknown: RefCell<Option<String>> = RefCell::new(None);
    let warning: RefCell<Option<String>> = RefCell::new(None);
    // The verified plan's figures, so the progress refresh need not parse the plan again.
    let figures: RefCell<Option<progress::Figures>> = RefCell::new(None);
    let change = store.update_plan(
        store::PLAN_FILE,
        dry_run,
        |plan, doc| {
            let target = selector.find(plan, doc)?;
            *found.borrow_mut() = Some((target, label(plan, target), edit::status_of(plan, target)));
            match target {
                Target::Task(i) => {
                    *unknown.borrow_mut() = plan.unknown_mark(&plan.tasks[i]).map(|m| format!("[{m}]"))
                }
                Target::Group(g) => *warning.borrow_mut() = open_tasks(plan, g, to),
            }
            let edits = edit::set_status(plan, doc, target, to)?;
            if edits.is_empty() && !dry_run {
                // Nothing to write, and the plan as read is the plan: its figures, so the
                // refresh after a no-op does not read and parse the plan again.
                *figures.borrow_mut() = Some(progress::Figures::of(plan));
            }
            Ok(edits)
        },
        |before, after| {
            let target = found.borrow().as_ref().map(|f| f.0).ok_or("no target was found")?;
            *figures.borrow_mut() = Some(super::verify_sets(before, after, &[(target, to)])?);
            Ok(())
        },
    )?;
    let (target, name, from) = found.into_inner().ok_or_else(|| Error::UnknownState(state.clone()))?;
    let diff = dry_run.then(|| super::unified_diff(store::PLAN_FILE, &change.before, &change.after));
    let noop = change.is_noop();
    if let Some(figures) = figures.into_inner().filter(|_| change.written || noop) {
        ctx.wrote_plan(change.after, figures);
    }
    if ctx.json {
        let json = SetJson {
            schema_version: 1,
            kind: "set",
            path: store::PLAN_FILE,
            target: if matches!(target, Target::Group(_)) { "group" } else { "task" },
            id: name,
            from,
            to,
            changed: !noop,
            dry_run,
            diff,
            warning: warning.into_inner(),
        };
        return Ok(Output::ok(serde_json::to_string(&json).unwrap_or_default() + "\n"));
    }
    if let Some(diff) = diff {
        return Ok(Output::ok(diff));
    }
    let from = unknown.into_inner().unwrap_or_else(|| from.to_string());
    let mut line =
        if noop { format!("{name}: {to} (unchanged)\n") } else { format!("{name}: {from} → {to}\n") };
    if let Some(w) = warning.into_inner() {
        line.push_str(&format!("warning: {w}\n"));
    }
    Ok(Output::ok(line))
}

/// A group set complete while tasks of it are open: `check` fails that plan
/// (`complete-with-open-tasks`), so say it now. A warning, not a refusal: a person may close a
/// phase with work left over on purpose.
fn open_tasks(plan: &Plan<'_>, g: usize, to: Status) -> Option<String> {
    let c = plan.counts(&plan.groups[g]);
    let open = c.total - c.done - c.skipped;
    (to == Status::Complete && open > 0).then(|| {
        format!(
            "{open} of group {}'s {} open; `pplan check` reports a group marked complete with open tasks (complete-with-open-tasks)",
            plan.groups[g].key,
            crate::text::count(c.total, "task is", "tasks are")
        )
    })
}

fn usage_error(args: &[String]) -> Error {
    let form = if args.len() == 1 { "a task and a state" } else { "only a state with --group or --text" };
    Error::Usage {
        message: format!("`set {}` needs {form}", args.join(" ")),
        hint: "pplan set <TASK> <STATE> | --group <GROUP> <STATE> | --text <SUBSTRING> <STATE>",
    }
}

enum Selector {
    Task(String),
    Group(String),
    Text(String),
}

impl Selector {
    fn find(&self, plan: &Plan<'_>, doc: &Document) -> Result<Target> {
        Ok(match self {
            Selector::Task(id) => Target::Task(resolve::resolve_task(plan, doc, id)?),
            Selector::Text(t) => Target::Task(resolve::find_task_by_text(plan, doc, t)?),
            Selector::Group(g) => Target::Group(edit::find_group(plan, g)?),
        })
    }
}

fn label(plan: &Plan<'_>, target: Target) -> String {
    match target {
        Target::Task(i) => {
            let t = &plan.tasks[i];
            t.id.map_or_else(|| format!("\"{}\"", clip(t.text, 40)), str::to_string)
        }
        Target::Group(i) => format!("group {}", plan.groups[i].key),
    }
}
