//! `pplan spawn`: create the agents' files, mark their tasks in progress (one locked write),
//! record them, and print the brief each sub-agent needs.

use std::cell::RefCell;

use serde::Serialize;

use super::{Context, Output};
use crate::error::{Error, Result};
use crate::plan::edit::resolve_group;
use crate::plan::edit::{self, Target};
use crate::plan::{Plan, Status, resolve};
use crate::protocol::agents::{self, AgentRecord, Header, Registry};
use crate::protocol::progress::Figures;
use crate::store::{self, Store};

#[derive(Serialize)]
struct SpawnJson {
    schema_version: u32,
    kind: &'static str,
    group: Option<String>,
    dry_run: bool,
    agents: Vec<AgentJson>,
    skipped: Vec<String>,
    shared_files: Vec<SharedJson>,
    diff: Option<String>,
}

/// A file two or more of the spawned tasks declare (`(files: …)`).
#[derive(Serialize)]
struct SharedJson {
    file: String,
    tasks: Vec<String>,
}

#[derive(Serialize)]
struct AgentJson {
    id: String,
    task: String,
    group: String,
    attempt: u32,
    findings: String,
    progress: String,
    brief: String,
}

/// One agent to start.
struct Spawn {
    id: String,
    task: String,
    /// The group's key, `-` in a plan without groups.
    group: String,
    attempt: u32,
    /// Its progress file exists (spawned again with --force).
    existing: bool,
    /// Its failed approaches from the errors table (never to be repeated).
    failed: Vec<String>,
}

pub fn run(ctx: &Context, ids: &[String], group: Option<&str>, force: bool, dry_run: bool) -> Result<Output> {
    let store = ctx.store()?;
    let lock = if dry_run { None } else { Some(store.lock()?) };
    let doc = store.read(store::PLAN_FILE)?;
    let plan = Plan::parse(&doc);
    let mut registry = Registry::load(&store)?;
    let (tasks, group_key, skipped) = select(&plan, &doc, ids, group)?;
    let mut spawns = Vec::new();
    for &t in &tasks {
        let task = &plan.tasks[t];
        let id = task.id.unwrap_or_default();
        agents::check_id(id)?;
        crate::protocol::strikes::check_not_escalated(&plan, id)?;
        // Both checked: a symlink in either place is refused.
        let findings = agents::check_regular(&store, &agents::findings_file(id))?;
        let progress = agents::check_regular(&store, &agents::progress_file(id))?;
        if (findings || progress) && !force {
            return Err(Error::AgentExists { id: id.to_string() });
        }
        let attempt = registry.agents.get(id).map_or(1, |r| r.attempt + 1);
        let group = task.group.map_or_else(|| "-".to_string(), |g| plan.groups[g].key.clone());
        let task = crate::text::unescape(task.text).into_owned();
        let failed = crate::protocol::strikes::failed_approaches(&plan, id, FAILED_SHOWN);
        spawns.push(Spawn { id: id.to_string(), task, group, attempt, existing: progress, failed });
    }
    let shared = declared_twice(&plan, &tasks);
    let shared_lines: String = shared
        .iter()
        .map(|s| {
            format!(
                "warning: `{}` is declared by {} (`(files: …)`): they may overwrite each other; run them in different groups\n",
                s.file,
                s.tasks.join(" and ")
            )
        })
        .collect();
    let skipped_line =
        (!skipped.is_empty()).then(|| format!("skipped (no usable id): {}\n", skipped.join("; ")));
    if spawns.is_empty() {
        if ctx.json {
            let json = SpawnJson {
                schema_version: 1,
                kind: "spawn",
                group: group_key,
                dry_run,
                agents: Vec::new(),
                skipped,
                shared_files: Vec::new(),
                diff: None,
            };
            return Ok(Output::json(&json));
        }
        let place = group_key.as_deref().map_or("the plan".to_string(), |k| format!("group {k}"));
        let text = format!("nothing to spawn in {place}: no pending task is ready\n");
        return Ok(Output::ok(text + skipped_line.as_deref().unwrap_or("")));
    }
    // The tasks go in progress, and so does a group whose heading states `pending` (in the
    // file's own spelling): its status follows its tasks.
    let changes = |plan: &Plan<'_>, doc: &crate::text::Document| -> Result<Vec<(Target, Status)>> {
        let mut changes = Vec::new();
        for s in &spawns {
            let t = edit::find_task(plan, doc, &s.id)?;
            changes.push((Target::Task(t), Status::InProgress));
            if let Some(g) = plan.tasks[t].group {
                let target = (Target::Group(g), Status::InProgress);
                if plan.groups[g].stored() == Some(Status::Pending) && !changes.contains(&target) {
                    changes.push(target);
                }
            }
        }
        Ok(changes)
    };
    // `## Next Step` stops saying to spawn the group: it says to wait for and merge it.
    let ids: Vec<String> = spawns.iter().map(|s| s.id.clone()).collect();
    let next_step = |plan: &Plan<'_>, doc: &crate::text::Document| -> Result<Option<crate::text::Edit>> {
        let t = edit::find_task(plan, doc, &ids[0])?;
        let same_group = spawns.iter().all(|s| s.group == spawns[0].group);
        Ok(plan.tasks[t]
            .group
            .filter(|_| same_group)
            .and_then(|g| crate::protocol::merge::next_step_after_spawn(plan, doc, g, &ids)))
    };
    let edit_plan = |plan: &Plan<'_>, doc: &crate::text::Document| {
        let mut edits = edit::set_statuses(plan, doc, &changes(plan, doc)?)?;
        edits.extend(next_step(plan, doc)?);
        Ok(edits)
    };
    let figures: RefCell<Option<Figures>> = RefCell::new(None);
    let verify = |before: store::Parsed<'_>, after: &store::Edited<'_>| {
        let (b, a) = (&before.plan, after.plan());
        let targets = changes(b, before.doc).map_err(|e| e.to_string())?;
        let step = next_step(b, before.doc).map_err(|e| e.to_string())?;
        if step.is_some() && !a.next_step.as_ref().is_some_and(|l| l.text.starts_with("Wait for group ")) {
            return Err("`## Next Step` does not say to wait for the group after the edit".into());
        }
        edit::verify_sets(b, a, &targets)?;
        if !dry_run {
            *figures.borrow_mut() = Some(Figures::of(a));
        }
        Ok(())
    };
    let stamp = crate::store::clock::now_stamp();
    let diff = match &lock {
        None => {
            let change = store.update_plan(store::PLAN_FILE, true, edit_plan, verify)?;
            Some(super::unified_diff(store::PLAN_FILE, &change.before, &change.after))
        }
        Some(lock) => {
            let created = create_files(&store, lock, &spawns, &stamp)?;
            match store.update_plan_held(lock, store::PLAN_FILE, edit_plan, verify) {
                Ok(change) => ctx.wrote_change(&change, figures.take()),
                Err(e) => {
                    // The plan did not change: take back the (untouched) files we just made.
                    for name in created {
                        let _ = std::fs::remove_file(store.path(&name));
                    }
                    return Err(e);
                }
            }
            for s in spawns.iter().filter(|s| s.existing) {
                // Spawned again over its files (--force): their content stays, the marker restarts.
                let note = "Spawned again; the restart count starts over.".to_string();
                agents::write_entry(&store, &s.id, agents::Entry::Log, &note, &[])?;
                agents::set_marker(&store, &s.id, agents::AgentState::InProgress, None, None)?;
            }
            for s in &spawns {
                let record = AgentRecord {
                    group: s.group.clone(),
                    task: s.task.clone(),
                    spawned_at: stamp.clone(),
                    attempt: s.attempt,
                    restarts: 0,
                };
                registry.agents.insert(s.id.clone(), record);
            }
            registry.schema_version = 1;
            registry.save(&store, lock)?;
            None
        }
    };
    let dir = brief_dir(&store);
    if ctx.json {
        let agents = spawns
            .iter()
            .map(|s| AgentJson {
                id: s.id.clone(),
                task: s.task.clone(),
                group: s.group.clone(),
                attempt: s.attempt,
                findings: agents::findings_file(&s.id),
                progress: agents::progress_file(&s.id),
                brief: brief(&dir, &s.id, &s.task, &s.group, &s.failed, None),
            })
            .collect();
        let json = SpawnJson {
            schema_version: 1,
            kind: "spawn",
            group: group_key,
            dry_run,
            agents,
            skipped,
            shared_files: shared,
            diff,
        };
        return Ok(Output::json(&json));
    }
    let mut out = String::new();
    if let Some(diff) = diff {
        out.push_str(&diff);
        for s in &spawns {
            let line = if s.existing {
                format!("would restart {} over its existing files (kept; marker reset)\n", s.id)
            } else {
                format!(
                    "would create {} and {}\n",
                    agents::findings_file(&s.id),
                    agents::progress_file(&s.id)
                )
            };
            out.push_str(&line);
        }
        out.push_str(skipped_line.as_deref().unwrap_or(""));
        out.push_str(&shared_lines);
        return Ok(Output::ok(out));
    }
    // The rules once, then a line per agent: the orchestrator gives each sub-agent both.
    out.push_str("Brief for each sub-agent: its line below, then these rules with <ID> as its id.\n");
    out.push_str(&rules(&dir, "<ID>"));
    out.push_str("Agents:\n");
    for s in &spawns {
        out.push_str(&format!("- {}\n", agent_line(&s.id, &s.task, &s.group)));
        if !s.failed.is_empty() {
            out.push_str(&format!("  {}\n", failed_line(&s.failed)));
        }
    }
    let names: Vec<&str> = spawns.iter().map(|s| s.id.as_str()).collect();
    let mut groups: Vec<&str> = Vec::new();
    for s in &spawns {
        if !groups.contains(&s.group.as_str()) {
            groups.push(&s.group);
        }
    }
    let place = if groups == ["-"] { String::new() } else { format!(" in group {}", groups.join(", ")) };
    out.push_str(&format!("spawned {}{place}\n", names.join(", ")));
    out.push_str(skipped_line.as_deref().unwrap_or(""));
    out.push_str(&shared_lines);
    Ok(Output::ok(out))
}

/// The files two or more of `tasks` declare with `(files: …)`, in the order first declared.
fn declared_twice(plan: &Plan<'_>, tasks: &[usize]) -> Vec<SharedJson> {
    let mut by_file: Vec<SharedJson> = Vec::new();
    for &t in tasks {
        let id = plan.tasks[t].id.unwrap_or_default().to_string();
        for f in plan.tasks[t].files() {
            match by_file.iter_mut().find(|s| s.file == f) {
                Some(s) if !s.tasks.contains(&id) => s.tasks.push(id.clone()),
                Some(_) => {}
                None => by_file.push(SharedJson { file: f.to_string(), tasks: vec![id.clone()] }),
            }
        }
    }
    by_file.retain(|s| s.tasks.len() > 1);
    by_file
}

/// The tasks to spawn: the named ones, or the ready pending tasks of the group. Tasks without
/// an id cannot have agent files; they are reported as skipped.
fn select(
    plan: &Plan<'_>,
    doc: &crate::text::Document,
    ids: &[String],
    group: Option<&str>,
) -> Result<(Vec<usize>, Option<String>, Vec<String>)> {
    if !ids.is_empty() {
        let mut tasks = Vec::new();
        for arg in ids {
            let id = match resolve::resolve_task_id(plan, doc, arg) {
                Err(e @ (Error::UnknownTask { .. } | Error::NoTask { .. })) => {
                    return Err(agents::check_id(arg).err().unwrap_or(e));
                }
                found => found?,
            };
            agents::check_id(id)?;
            let t = edit::find_task(plan, doc, id)?;
            let status = plan.tasks[t].status;
            if status.is_done() {
                return Err(Error::AgentState {
                    id: id.to_string(),
                    state: status.to_string(),
                    why: "nothing to spawn",
                });
            }
            if !tasks.contains(&t) {
                tasks.push(t);
            }
        }
        let key = tasks.first().and_then(|&t| plan.tasks[t].group).map(|g| plan.groups[g].key.clone());
        return Ok((tasks, key, Vec::new()));
    }
    // `None` only for a plan without groups: its ready tasks are the plan's.
    let g = resolve_group(plan, group)?;
    let (mut tasks, mut skipped) = (Vec::new(), Vec::new());
    for t in plan.ready_tasks(g) {
        match plan.tasks[t].id {
            Some(id) if agents::check_id(id).is_ok() => tasks.push(t),
            _ => skipped.push(crate::text::clip(plan.tasks[t].text, 40)),
        }
    }
    Ok((tasks, g.map(|g| plan.groups[g].key.clone()), skipped))
}

/// Create the agents' missing files; returns the names created.
fn create_files(store: &Store, lock: &store::Lock, spawns: &[Spawn], stamp: &str) -> Result<Vec<String>> {
    let mut created = Vec::new();
    for s in spawns {
        let header = Header { id: &s.id, task: &s.task, group: &s.group, spawned: stamp };
        for (name, contents) in [
            (agents::findings_file(&s.id), header.findings()),
            (agents::progress_file(&s.id), header.progress()),
        ] {
            // Never clobber what an agent wrote: existing files (with --force) are kept.
            if !agents::check_regular(store, &name)? {
                store.create(lock, &name, &contents)?;
                created.push(name);
            }
        }
    }
    Ok(created)
}

/// The plan directory as the agent should pass it: absolute, quoted for a shell if needed.
pub(super) fn brief_dir(store: &Store) -> String {
    let dir = std::fs::canonicalize(store.dir()).unwrap_or_else(|_| store.dir().to_path_buf());
    let s = dir.display().to_string();
    if s.chars().all(|c| c.is_ascii_alphanumeric() || "/._-+:@".contains(c)) {
        s
    } else {
        format!("'{}'", s.replace('\'', "'\\''"))
    }
}

/// Continuation details for a respawned agent.
pub(super) struct Continuation<'a> {
    pub restart: u32,
    pub max: u32,
    pub done: &'a [String],
    pub resume_from: Option<&'a str>,
    /// Why it was blocked, when a BLOCKED agent is respawned.
    pub blocked: Option<&'a str>,
}

/// What a sub-agent needs, well under 1.5 KB.
pub(super) fn brief(
    dir: &str,
    id: &str,
    task: &str,
    group: &str,
    failed: &[String],
    cont: Option<&Continuation<'_>>,
) -> String {
    let mut b = format!("## Agent {}\n", agent_line(id, task, group));
    if !failed.is_empty() {
        b.push_str(&failed_line(failed));
        b.push('\n');
    }
    if let Some(c) = cont {
        b.push_str(&format!(
            "Restart {} of {}: read findings_{id}.md and progress_{id}.md first; continue, do not redo.\n",
            c.restart, c.max
        ));
        if !c.done.is_empty() {
            b.push_str(&format!("Done so far: {}\n", crate::text::clip(&c.done.join("; "), 300)));
        }
        if let Some(r) = c.blocked {
            b.push_str(&format!("It was blocked: {}\n", crate::text::clip(r, 200)));
        }
        if let Some(r) = c.resume_from {
            b.push_str(&format!("Resume from: {}\n", crate::text::clip(r, 200)));
        }
    }
    b.push_str(&rules(dir, id));
    b
}

/// Failed approaches shown in a brief, at most.
pub(super) const FAILED_SHOWN: usize = 3;

/// `Failed before (never repeat these): 1. approach — error; 2. …`.
pub(super) fn failed_line(failed: &[String]) -> String {
    let list: Vec<String> = failed.iter().enumerate().map(|(i, f)| format!("{}. {f}", i + 1)).collect();
    format!("Failed before (never repeat these): {}", list.join("; "))
}

/// `ID: task (group G)`. A brief counts restarts only (`Restart 1 of 3`), and the errors table
/// strikes: one word per counter.
fn agent_line(id: &str, task: &str, group: &str) -> String {
    format!("{id}: {} (group {group})", crate::text::clip(task, 200))
}

/// What every sub-agent must follow, for agent `id` (or a `<ID>` placeholder). Compact on
/// purpose: every byte lands in a model's context.
fn rules(dir: &str, id: &str) -> String {
    format!(
        "Plan dir: {dir} (run pplan there). Read task_plan.md, findings.md, progress.md; never edit them. \
         Write only through pplan (text `-` = stdin):\n\
         - every 2 reads/searches: pplan note --agent {id} \"<finding>\"\n\
         - each step: pplan log --agent {id} \"<what you did>\" --files <a,b>\n\
         - an approach that failed: pplan log --agent {id} --failed \"<approach>: <error>\" (never repeat one)\n\
         - finish: pplan mark --agent {id} COMPLETE | CONTINUATION_REQUIRED --resume-from \"<next step>\" | \
         BLOCKED --reason \"<why>\"\n"
    )
}
