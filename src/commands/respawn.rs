//! `pplan respawn ID`: continue an agent that handed off. Prints the continuation brief, counts
//! the restart, and sets the marker back to IN_PROGRESS; past the maximum, escalates (exit 3).

use std::cell::RefCell;

use serde::Serialize;

use super::spawn::{Continuation, brief, brief_dir};
use super::{Context, Output};
use crate::error::{Error, Result};
use crate::plan::edit::{self, Target};
use crate::plan::{Plan, Status, resolve};
use crate::protocol::agents::{self, AgentRecord, AgentState, Entry, Header, Registry};
use crate::protocol::gate;
use crate::protocol::progress::Figures;
use crate::store;
use crate::store::config::Config;
use crate::text::Document;

#[derive(Serialize)]
struct RespawnJson<'a> {
    schema_version: u32,
    kind: &'static str,
    agent: &'a str,
    restarts: u32,
    max_restarts: u32,
    resume_from: Option<&'a str>,
    brief: &'a str,
}

pub fn run(ctx: &Context, id: &str, force: bool) -> Result<Output> {
    let store = ctx.store()?;
    let id = &agent_id(&store, id)?;
    let config = Config::load(&store)?;
    // The failures it logged become strike rows first, so the brief lists them.
    crate::protocol::strikes::record_logged(&store, &[id.to_string()])?;
    let lock = store.lock()?;
    let Some((tail, _, _)) = agents::progress_tail(&store, id)? else {
        return Err(Error::NoAgent { id: id.to_string() });
    };
    let marker = agents::find_marker(&tail);
    let state = marker.as_ref().and_then(|m| m.state);
    match state {
        Some(AgentState::ContinuationRequired) => {}
        Some(AgentState::Blocked) if force => {}
        other => {
            return Err(Error::AgentState {
                id: id.to_string(),
                state: other.map_or("without a marker", AgentState::as_str).to_string(),
                why: "respawn continues CONTINUATION_REQUIRED agents (BLOCKED ones with --force)",
            });
        }
    }
    let resume_from = marker.as_ref().and_then(|m| m.resume_from.clone());
    // Only a BLOCKED agent was blocked; any other REASON: is just a note.
    let reason = marker
        .as_ref()
        .filter(|m| m.state == Some(AgentState::Blocked))
        .and_then(|m| m.reason.as_deref())
        .map(|r| r.trim_end_matches('.').to_string());
    let failed = {
        let doc = store.read(store::PLAN_FILE)?;
        let plan = Plan::parse(&doc);
        crate::protocol::strikes::check_not_escalated(&plan, id)?;
        crate::protocol::strikes::failed_approaches(&plan, id, super::spawn::FAILED_SHOWN)
    };
    let mut registry = Registry::load(&store)?;
    let mut record = match registry.agents.get(id) {
        Some(r) => r.clone(),
        None => record_from_plan(&store, id)?,
    };
    if record.restarts >= config.max_restarts {
        let report = format!(
            "escalate to the user: `{id}` ({}) stopped again{}{}; ask how to proceed",
            record.task,
            resume_from.as_deref().map_or(String::new(), |r| format!(", resume point: {r}")),
            reason.as_deref().map_or(String::new(), |r| format!(", reason: {r}")),
        );
        return Err(Error::Escalate { id: id.to_string(), restarts: record.restarts, report });
    }
    record.restarts += 1;
    record.attempt += 1;
    registry.schema_version = 1;
    registry.agents.insert(id.to_string(), record.clone());
    // Count the restart first: a crash after this errs toward escalating, never past the cap.
    registry.save(&store, &lock)?;
    let done = done_so_far(&tail);
    let note = format!(
        "Restart {} of {}.{}{}",
        record.restarts,
        config.max_restarts,
        reason.as_deref().map_or(String::new(), |r| format!(" Was blocked: {r}.")),
        resume_from.as_deref().map_or(String::new(), |r| format!(" Resume from: {r}"))
    );
    agents::write_entry(&store, id, Entry::Log, &note, &[])?;
    agents::set_marker(&store, id, AgentState::InProgress, None, None)?;
    let cont = Continuation {
        restart: record.restarts,
        max: config.max_restarts,
        done: &done,
        resume_from: resume_from.as_deref(),
        blocked: reason.as_deref(),
    };
    let text = brief(&brief_dir(&store), id, &record.task, &record.group, &failed, Some(&cont));
    if ctx.json {
        let json = RespawnJson {
            schema_version: 1,
            kind: "respawn",
            agent: id,
            restarts: record.restarts,
            max_restarts: config.max_restarts,
            resume_from: resume_from.as_deref(),
            brief: &text,
        };
        return Ok(Output::json(&json));
    }
    Ok(Output::ok(text))
}

/// `pplan respawn ID --reopen`: a merged task goes back to in progress with fresh agent files;
/// its brief says why (the group's failing gate, read from task_plan.md).
pub fn reopen(ctx: &Context, id: &str, reason: Option<&str>) -> Result<Output> {
    let reason = reason.map(|r| r.split_whitespace().collect::<Vec<_>>().join(" ")).filter(|r| !r.is_empty());
    let store = ctx.store()?;
    let id = &agent_id(&store, id)?;
    let lock = store.lock()?;
    let doc = store.read(store::PLAN_FILE)?;
    let plan = Plan::parse(&doc);
    let t = edit::find_task(&plan, &doc, id)?;
    let task = &plan.tasks[t];
    if task.status != Status::Complete {
        let complete = agents::progress_tail(&store, id)?
            .and_then(|(tail, _, _)| agents::find_marker(&tail))
            .and_then(|m| m.state)
            == Some(AgentState::Complete);
        if complete {
            drop(lock);
            return reopen_unmerged(ctx, &store, id, reason.as_deref());
        }
        return Err(Error::AgentState {
            id: id.to_string(),
            state: task.status.to_string(),
            why: "--reopen takes a COMPLETE agent, merged (its task complete) or not yet merged",
        });
    }
    for name in [agents::findings_file(id), agents::progress_file(id)] {
        if agents::check_regular(&store, &name)? {
            return Err(Error::AgentExists { id: id.to_string() });
        }
    }
    let group = task.group.map_or_else(|| "-".to_string(), |g| plan.groups[g].key.clone());
    let gate = task.group.and_then(|g| gate::red_gate(&plan, g)).map(|red| gate::describe(&red));
    let why = match (reason, gate) {
        (Some(r), Some(g)) => format!("{}; {g}", r.trim_end_matches('.')),
        (Some(r), None) => r.trim_end_matches('.').to_string(),
        (None, Some(g)) => g,
        (None, None) => "reopened by the orchestrator".to_string(),
    };
    let text = crate::text::unescape(task.text).into_owned();
    let mut registry = Registry::load(&store)?;
    let attempt = registry.agents.get(id).map_or(1, |r| r.attempt + 1);
    let set = |plan: &Plan<'_>, doc: &Document| -> Result<Vec<crate::text::Edit>> {
        let t = edit::find_task(plan, doc, id)?;
        edit::set_statuses(plan, doc, &[(Target::Task(t), Status::InProgress)])
    };
    let figures: RefCell<Option<Figures>> = RefCell::new(None);
    let verify = |before: store::Parsed<'_>, after: &store::Edited<'_>| {
        let t = edit::find_task(&before.plan, before.doc, id).map_err(|e| e.to_string())?;
        *figures.borrow_mut() =
            Some(super::verify_sets(before, after, &[(Target::Task(t), Status::InProgress)])?);
        Ok(())
    };
    let change = store.update_plan_held(&lock, store::PLAN_FILE, set, verify)?;
    ctx.wrote_change(&change, figures.into_inner());
    let stamp = crate::store::clock::now_stamp();
    let header = Header { id, task: &text, group: &group, spawned: &stamp };
    store.create(&lock, &agents::findings_file(id), &header.findings())?;
    store.create(&lock, &agents::progress_file(id), &header.progress())?;
    registry.agents.insert(
        id.to_string(),
        AgentRecord { group: group.clone(), task: text.clone(), spawned_at: stamp, attempt, restarts: 0 },
    );
    registry.schema_version = 1;
    registry.save(&store, &lock)?;
    drop(lock);
    agents::write_entry(&store, id, Entry::Log, &format!("Reopened: {why}."), &[])?;
    let failed = crate::protocol::strikes::failed_approaches(&plan, id, super::spawn::FAILED_SHOWN);
    let mut b = brief(&brief_dir(&store), id, &text, &group, &failed, None);
    let at = b.find('\n').map_or(b.len(), |i| i + 1);
    b.insert_str(
        at,
        &format!(
            "Reopened after its merge: {why}. Its earlier work is in findings.md and progress.md: fix this, do not redo the rest.\n"
        ),
    );
    if ctx.json {
        let json = ReopenJson { schema_version: 1, kind: "reopen", agent: id, attempt, why: &why, brief: &b };
        return Ok(Output::json(&json));
    }
    Ok(Output::ok(b))
}

/// Reopen an agent that marked COMPLETE but is not merged yet (its work did not hold up): its
/// files stay, the marker goes back to IN_PROGRESS, and it counts as a restart. The failures it
/// logged become strike rows first, so its brief lists them.
fn reopen_unmerged(ctx: &Context, store: &store::Store, id: &str, reason: Option<&str>) -> Result<Output> {
    let config = Config::load(store)?;
    crate::protocol::strikes::record_logged(store, &[id.to_string()])?;
    let lock = store.lock()?;
    let doc = store.read(store::PLAN_FILE)?;
    let plan = Plan::parse(&doc);
    crate::protocol::strikes::check_not_escalated(&plan, id)?;
    let failed = crate::protocol::strikes::failed_approaches(&plan, id, super::spawn::FAILED_SHOWN);
    let mut registry = Registry::load(store)?;
    let mut record = match registry.agents.get(id) {
        Some(r) => r.clone(),
        None => record_from_plan(store, id)?,
    };
    if record.restarts >= config.max_restarts {
        let report =
            format!("escalate to the user: `{id}` ({}) was reopened again; ask how to proceed", record.task);
        return Err(Error::Escalate { id: id.to_string(), restarts: record.restarts, report });
    }
    record.restarts += 1;
    record.attempt += 1;
    registry.schema_version = 1;
    registry.agents.insert(id.to_string(), record.clone());
    registry.save(store, &lock)?;
    drop(lock);
    let Some((tail, _, _)) = agents::progress_tail(store, id)? else {
        return Err(Error::NoAgent { id: id.to_string() });
    };
    let done = done_so_far(&tail);
    let why = reason.unwrap_or("the orchestrator found its work does not hold");
    agents::write_entry(
        store,
        id,
        Entry::Log,
        &format!("Restart {} of {}. Reopened: {why}.", record.restarts, config.max_restarts),
        &[],
    )?;
    agents::set_marker(store, id, AgentState::InProgress, None, None)?;
    let cont = Continuation {
        restart: record.restarts,
        max: config.max_restarts,
        done: &done,
        resume_from: None,
        blocked: None,
    };
    let mut b = brief(&brief_dir(store), id, &record.task, &record.group, &failed, Some(&cont));
    let at = b.find('\n').map_or(b.len(), |i| i + 1);
    b.insert_str(
        at,
        &format!(
            "Reopened after it marked COMPLETE: {}. Fix that, do not redo the rest; then mark COMPLETE again.\n",
            why.trim_end_matches('.')
        ),
    );
    if ctx.json {
        let json = ReopenJson {
            schema_version: 1,
            kind: "reopen",
            agent: id,
            attempt: record.attempt,
            why,
            brief: &b,
        };
        return Ok(Output::json(&json));
    }
    Ok(Output::ok(b))
}

#[derive(Serialize)]
struct ReopenJson<'a> {
    schema_version: u32,
    kind: &'static str,
    agent: &'a str,
    attempt: u32,
    why: &'a str,
    brief: &'a str,
}

/// The agent `arg` names: an agent id with files, else the id of the task it names (by id,
/// position or text).
fn agent_id(store: &store::Store, arg: &str) -> Result<String> {
    if agents::check_id(arg).is_ok() && agents::check_regular(store, &agents::progress_file(arg))? {
        return Ok(arg.to_string());
    }
    let doc = store.read(store::PLAN_FILE)?;
    let plan = Plan::parse(&doc);
    match resolve::resolve_task_id(&plan, &doc, arg) {
        Ok(id) => agents::check_id(id).map(|()| id.to_string()),
        // A safe id that names no task: the missing agent files are the answer; an unsafe one
        // is refused as such.
        Err(Error::UnknownTask { .. } | Error::NoTask { .. }) => {
            agents::check_id(arg).map(|()| arg.to_string())
        }
        Err(e) => Err(e),
    }
}

/// An agent spawned before the registry existed (or by hand): its task from the plan.
fn record_from_plan(store: &store::Store, id: &str) -> Result<AgentRecord> {
    let doc = store.read(store::PLAN_FILE)?;
    let plan = Plan::parse(&doc);
    let t = edit::find_task(&plan, &doc, id)?;
    let task = &plan.tasks[t];
    Ok(AgentRecord {
        group: task.group.map_or_else(|| "-".to_string(), |g| plan.groups[g].key.clone()),
        task: task.text.to_string(),
        spawned_at: String::new(),
        attempt: 1,
        restarts: 0,
    })
}

/// The first line of the last three progress entries (`### <stamp>` then text).
fn done_so_far(tail: &str) -> Vec<String> {
    let lines: Vec<&str> = tail.lines().collect();
    let mut out: Vec<String> = lines
        .iter()
        .enumerate()
        .filter(|(_, l)| l.starts_with("### "))
        .filter_map(|(i, _)| {
            lines.get(i + 1).map(|l| l.trim()).filter(|l| !l.is_empty() && !is_tool_entry(l))
        })
        .map(str::to_string)
        .collect();
    let keep = out.len().saturating_sub(3);
    out.drain(..keep);
    out
}

/// Entries pplan itself logs (restarts, re-spawns) and failures are not the agent's work done.
fn is_tool_entry(line: &str) -> bool {
    ["Restart ", "Spawned again ", "Reopened: ", "Failed approach: ", "Agent gate failed: "]
        .iter()
        .any(|p| line.starts_with(p))
}
