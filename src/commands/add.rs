//! `pplan add`: a task, a group (`--group-title`) or a JSON outline (`-`, from stdin) added to
//! task_plan.md in the plan's own style, in one verified write through the store.

use std::cell::RefCell;

use serde::Serialize;

use super::{Context, Output};
use crate::error::Result;
use crate::protocol::authoring::{self, AddedGroup, AddedTask, Addition, GroupSpec, Report, TaskSpec};
use crate::store;

/// The task arguments as given.
pub struct TaskArgs {
    pub text: Option<String>,
    pub group: Option<String>,
    pub id: Option<String>,
    pub depends: Vec<String>,
    pub files: Vec<String>,
    pub after: Option<String>,
}

#[derive(Serialize)]
struct AddJson<'a> {
    schema_version: u32,
    kind: &'static str,
    path: &'static str,
    tasks: &'a [AddedTask],
    groups: &'a [AddedGroup],
    reopened: &'a [String],
    dry_run: bool,
    diff: Option<String>,
}

pub fn run(ctx: &Context, task: TaskArgs, group_title: Option<String>, dry_run: bool) -> Result<Output> {
    let additions = match (group_title, task.text) {
        // `--id` names the new group, `--after` the group it follows.
        (Some(title), _) => vec![Addition::Group(GroupSpec { title, id: task.id, after: task.after })],
        (None, Some(text)) if text == "-" => {
            if task.group.is_some() || task.id.is_some() || !task.depends.is_empty() || task.after.is_some() {
                return Err(crate::Error::Usage {
                    message: "`add -` reads everything from the outline; it takes no other option".into(),
                    hint: "pplan add - < outline.json",
                });
            }
            authoring::outline(&super::text_arg("-")?)?
        }
        (None, Some(text)) => vec![Addition::Task(TaskSpec {
            text,
            id: task.id,
            depends: task
                .depends
                .into_iter()
                .map(|d| d.trim().to_string())
                .filter(|d| !d.is_empty())
                .collect(),
            files: task.files.into_iter().map(|f| f.trim().to_string()).filter(|f| !f.is_empty()).collect(),
            group: task.group,
            after: task.after,
            new_group: None,
        })],
        (None, None) => {
            return Err(crate::Error::Usage {
                message: "`add` needs the task's text, `-` or --group-title".into(),
                hint: "pplan add \"<text>\" | pplan add --group-title \"<title>\" | pplan add - < outline.json",
            });
        }
    };
    let report: RefCell<Report> = RefCell::new(Report::default());
    let change = ctx.update_plan_acyclic(
        dry_run,
        |plan, doc| {
            let (after, r) = authoring::apply(plan, doc, &additions)?;
            *report.borrow_mut() = r;
            Ok(authoring::one_edit(doc.text(), &after))
        },
        |before, after| authoring::verify(before, after, &report.borrow()),
    )?;
    let report = report.into_inner();
    let diff = dry_run.then(|| super::unified_diff(store::PLAN_FILE, &change.before, &change.after));
    if ctx.json {
        return Ok(Output::json(&AddJson {
            schema_version: 1,
            kind: "add",
            path: store::PLAN_FILE,
            tasks: &report.tasks,
            groups: &report.groups,
            reopened: &report.reopened,
            dry_run,
            diff,
        }));
    }
    if let Some(diff) = diff {
        return Ok(Output::ok(diff));
    }
    Ok(Output::ok(line(&report) + "\n"))
}

/// The one line `add` answers with.
fn line(r: &Report) -> String {
    let reopened = if r.reopened.is_empty() {
        String::new()
    } else {
        format!("; reopened group {} (it was done)", r.reopened.join(", "))
    };
    match (r.groups.as_slice(), r.tasks.as_slice()) {
        ([g], []) => format!("added group {}: {}", g.id, crate::text::clip_words(&g.title, 60)),
        ([], [t]) => {
            let name =
                t.id.clone().unwrap_or_else(|| format!("\"{}\"", crate::text::clip_words(&t.text, 40)));
            let place = match &t.group {
                Some(g) => format!("to group {g} ({})", t.why.said()),
                None => format!("to the plan ({})", t.why.said()),
            };
            format!("added {name} {place}{reopened}")
        }
        (groups, tasks) => {
            let mut s = format!("added {} and {}", count(groups.len(), "group"), count(tasks.len(), "task"));
            if !groups.is_empty() {
                let ids: Vec<&str> = groups.iter().map(|g| g.id.as_str()).collect();
                s.push_str(&format!(" (groups {})", ids.join(", ")));
            }
            let ids: Vec<&str> = tasks.iter().filter_map(|t| t.id.as_deref()).collect();
            if !ids.is_empty() {
                let shown = ids.iter().take(12).copied().collect::<Vec<_>>().join(", ");
                let more =
                    if ids.len() > 12 { format!(" and {} more", ids.len() - 12) } else { String::new() };
                s.push_str(&format!(": {shown}{more}"));
            }
            s + &reopened
        }
    }
}

fn count(n: usize, what: &str) -> String {
    if n == 1 { format!("1 {what}") } else { format!("{n} {what}s") }
}
