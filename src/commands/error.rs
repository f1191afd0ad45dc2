//! `pplan error`: record a failed approach (a strike) under the 3-strike rule, or resolve the
//! latest one.

use std::cell::RefCell;

use serde::Serialize;

use super::{Context, Output, unified_diff};
use crate::error::{Error, ExitCode, Result};
use crate::plan::edit::{self, Target};
use crate::plan::rows::{self, Values};
use crate::plan::{Log, Status, resolve};
use crate::protocol::agents;
use crate::protocol::progress::Figures;
use crate::protocol::strikes::{self, STRIKES};
use crate::store;

/// A new failure, as given on the command line.
pub struct Record {
    pub error: Option<String>,
    pub approach: Option<String>,
    pub resolution: Option<String>,
}

#[derive(Serialize)]
struct ErrorJson<'a> {
    schema_version: u32,
    kind: &'static str,
    task: &'a str,
    /// The strike number (`attempt` is its older name, kept for readers of schema version 1).
    strike: usize,
    attempt: usize,
    strikes_left: usize,
    blocked: bool,
    escalate: bool,
    report: Option<&'a str>,
    diff: Option<String>,
}

#[derive(Serialize)]
struct ResolvedJson<'a> {
    schema_version: u32,
    kind: &'static str,
    task: &'a str,
    changed: bool,
    diff: Option<String>,
}

/// What the edit step learned, for the output.
struct Found {
    /// The task id as the plan spells it.
    task: String,
    attempt: usize,
    task_text: String,
    history: Vec<(String, Option<String>)>,
    blocked_now: bool,
}

pub fn run(
    ctx: &Context,
    task: &str,
    record: Record,
    resolve: Option<&str>,
    dry_run: bool,
) -> Result<Output> {
    if let Some(resolution) = resolve {
        return resolve_latest(ctx, task, resolution, dry_run);
    }
    let (Some(error), Some(approach)) =
        (record.error.filter(|e| !e.trim().is_empty()), record.approach.filter(|a| !a.trim().is_empty()))
    else {
        return Err(Error::Usage {
            message: "`pplan error` needs `--error` and `--approach`".into(),
            hint: "pplan error <TASK> --error <TEXT> --approach <TEXT> [--resolution <TEXT>]",
        });
    };
    let store = ctx.store()?;
    let found: RefCell<Option<Found>> = RefCell::new(None);
    let figures: RefCell<Option<Figures>> = RefCell::new(None);
    let change = store.update_plan(
        store::PLAN_FILE,
        dry_run,
        |plan, doc| {
            let t = resolve::resolve_task(plan, doc, task)?;
            // The id as the plan spells it (`be-001` counts toward BE-001's strikes), or the text
            // of a task without one.
            let task = resolve::task_name(plan, t);
            let attempts = strikes::attempts(plan, task);
            if let Some(i) = attempts
                .iter()
                .position(|a| a.approach.as_deref().map(strikes::fold) == Some(strikes::fold(&approach)))
            {
                return Err(Error::RepeatedApproach { task: task.to_string(), attempt: i + 1 });
            }
            let attempt = attempts.len() + 1;
            let values = Values {
                error: Some(error.clone()),
                task: Some(task.to_string()),
                attempt: Some(attempt as u32),
                approach: Some(approach.clone()),
                resolution: record.resolution.clone(),
                stamp: crate::store::clock::now_stamp(),
                ..Values::default()
            };
            let mut edits = vec![rows::append(plan, doc, Log::Errors, &values)];
            let blocked_now = attempt >= STRIKES && plan.tasks[t].status != Status::Blocked;
            if blocked_now {
                edits.extend(edit::set_status(plan, doc, Target::Task(t), Status::Blocked)?);
            }
            let mut history: Vec<(String, Option<String>)> =
                attempts.into_iter().map(|a| (a.error, a.approach)).collect();
            history.push((error.clone(), Some(approach.clone())));
            *found.borrow_mut() = Some(Found {
                task: task.to_string(),
                attempt,
                task_text: plan.tasks[t].text.to_string(),
                history,
                blocked_now,
            });
            Ok(edits)
        },
        |before, after| {
            let (b, a) = (&before.plan, after.plan());
            let before = before.doc;
            if a.error_rows() != b.error_rows() + 1 {
                if let Some(line) = crate::text::unclosed_fence(before) {
                    return Err(format!(
                        "the code block opened at line {line} is never closed, so a new row at the end would be read as code; close it with a fence line (```), or add an `## Errors Encountered` table above it, and retry"
                    ));
                }
                return Err(format!(
                    "the errors table has {} rows after the edit, not {}",
                    a.error_rows(),
                    b.error_rows() + 1
                ));
            }
            let blocked = found.borrow().as_ref().is_some_and(|f| f.blocked_now);
            let changes: Vec<(Target, Status)> = if blocked {
                let t = resolve::resolve_task(b, before, task).map_err(|e| e.to_string())?;
                vec![(Target::Task(t), Status::Blocked)]
            } else {
                Vec::new()
            };
            edit::verify_sets(b, a, &changes)?;
            if !dry_run {
                *figures.borrow_mut() = Some(Figures::of(a));
            }
            Ok(())
        },
    )?;
    ctx.wrote_change(&change, figures.into_inner());
    let found = found.into_inner().ok_or_else(|| Error::UnknownTask {
        id: task.to_string(),
        nearest: Vec::new(),
        group: None,
    })?;
    let task = found.task.as_str();
    let escalate = found.attempt >= STRIKES;
    let report = escalate.then(|| strikes::report(task, &found.task_text, &found.history));
    if escalate
        && !dry_run
        && agents::check_id(task).is_ok()
        && agents::check_regular(&store, &agents::progress_file(task))?
    {
        let reason = format!("3 strikes: {}", found.history.last().map_or("", |h| h.0.as_str()));
        agents::set_marker(&store, task, agents::AgentState::Blocked, None, Some(&reason))?;
    }
    let code = if escalate { ExitCode::Escalate } else { ExitCode::Ok };
    let diff = dry_run.then(|| unified_diff(store::PLAN_FILE, &change.before, &change.after));
    if ctx.json {
        let json = ErrorJson {
            schema_version: 1,
            kind: "error-recorded",
            task,
            strike: found.attempt,
            attempt: found.attempt,
            strikes_left: STRIKES.saturating_sub(found.attempt),
            blocked: escalate,
            escalate,
            report: report.as_deref(),
            diff,
        };
        return Ok(Output { code, ..Output::json(&json) });
    }
    if let Some(diff) = diff {
        return Ok(Output { stdout: diff, code });
    }
    let text = match report {
        Some(r) => r,
        None => format!(
            "{task}: strike {} of {STRIKES} recorded; next time, a different approach{}\n",
            found.attempt,
            if found.attempt + 1 == STRIKES { " (the last before escalation)" } else { "" }
        ),
    };
    Ok(Output { stdout: text, code })
}

/// Fill the resolution of the task's latest error row.
fn resolve_latest(ctx: &Context, task: &str, resolution: &str, dry_run: bool) -> Result<Output> {
    let store = ctx.store()?;
    let name = RefCell::new(task.to_string());
    let figures: RefCell<Option<Figures>> = RefCell::new(None);
    let change = store.update_plan(
        store::PLAN_FILE,
        dry_run,
        |plan, doc| {
            // A gate's strikes (`gate-1`) are rows of no task: a person resolves them the same way.
            let task = match task.starts_with("gate-") {
                true => task,
                false => resolve::task_name(plan, resolve::resolve_task(plan, doc, task)?),
            };
            *name.borrow_mut() = task.to_string();
            let latest = strikes::attempts(plan, task)
                .pop()
                .ok_or_else(|| Error::NothingToResolve { task: task.to_string() })?;
            Ok(strikes::resolve_edit(plan, doc, latest.row, resolution).into_iter().collect())
        },
        |before, after| {
            let (b, a) = (&before.plan, after.plan());
            if a.error_rows() != b.error_rows() {
                return Err("the number of error rows changed".into());
            }
            edit::verify_sets(b, a, &[])?;
            if !dry_run {
                *figures.borrow_mut() = Some(Figures::of(a));
            }
            Ok(())
        },
    )?;
    ctx.wrote_change(&change, figures.into_inner());
    if ctx.json {
        let diff = dry_run.then(|| unified_diff(store::PLAN_FILE, &change.before, &change.after));
        let json = ResolvedJson {
            schema_version: 1,
            kind: "error-resolved",
            task: &name.borrow(),
            changed: !change.is_noop(),
            diff,
        };
        return Ok(Output::json(&json));
    }
    if dry_run {
        return Ok(Output::ok(unified_diff(store::PLAN_FILE, &change.before, &change.after)));
    }
    Ok(Output::ok(format!("{}: latest error resolved\n", name.borrow())))
}
