//! `pplan show <TASK-ID | GROUP>`: everything about one task or one group in one short answer
//! (under 25 lines of text), or the `show-task` / `show-group` JSON.
//!
//! A task: its full text, group, status, dependencies and dependents with their states, its
//! agent (state, age, resume point or reason, files logged, the last log lines), its error rows
//! and the decisions that name it. A group: its status, gate, tasks and agents. Lists are cut
//! with a count; what someone acts on (a resume point, a reason, a gate's failure) never is.

use std::fmt::Write as _;
use std::time::SystemTime;

use serde::Serialize;

use super::{Context, Output};
use crate::error::{Error, Result};
use crate::plan::edit::{find_group, find_task};
use crate::plan::resolve;
use crate::plan::rows::{self, Column};
use crate::plan::{Log, Plan, Status};
use crate::protocol::agents::{self, Observation, Registry};
use crate::protocol::claims::{self, Held};
use crate::protocol::gate::{self, RedGate};
use crate::protocol::strikes;
use crate::store::config::Config;
use crate::store::{self, Store};
use crate::text::{Document, clip_words, unescape};

/// Items of each list in text before "… and N more".
const TEXT_ITEMS: usize = 3;
/// Task lines of a group in text.
const GROUP_TASKS: usize = 10;
/// Agent lines of a group in text.
const GROUP_AGENTS: usize = 5;
/// Lines of an agent's log shown.
const LOG_LINES: usize = 3;
/// Items of each JSON list; `*_total` says how many there are.
const JSON_LIST_MAX: usize = 100;

pub fn run(ctx: &Context, target: &str) -> Result<Output> {
    let store = ctx.store()?;
    let doc = store.read(store::PLAN_FILE)?;
    let plan = Plan::parse(&doc);
    // A task id, then a group, then a task by position (`2.3`) or a unique piece of its text.
    match find_task(&plan, &doc, target) {
        Ok(i) => Ok(task(ctx, &store, &plan, &doc, i)),
        Err(Error::UnknownTask { nearest, .. }) => match find_group(&plan, target) {
            Ok(g) => Ok(group(ctx, &store, &plan, &doc, g)),
            Err(Error::UnknownGroup { .. }) => match resolve::resolve_task(&plan, &doc, target) {
                Ok(i) => Ok(task(ctx, &store, &plan, &doc, i)),
                Err(Error::UnknownTask { .. } | Error::NoTask { .. }) if nearest.is_empty() => {
                    Err(Error::Usage {
                        message: format!("no task or group `{target}`"),
                        hint: "pplan show <TASK-ID|GROUP>; `pplan status` lists the groups",
                    })
                }
                Err(Error::UnknownTask { .. } | Error::NoTask { .. }) => {
                    Err(Error::UnknownTask { id: target.to_string(), nearest, group: None })
                }
                Err(e) => Err(e),
            },
            Err(e) => Err(e),
        },
        Err(e) => Err(e),
    }
}

#[derive(Serialize)]
struct TaskJson<'a> {
    schema_version: u32,
    kind: &'static str,
    id: Option<&'a str>,
    text: String,
    line: usize,
    status: Status,
    /// The claim on it (`next --claim`), if any.
    claim: Option<Held>,
    group: Option<GroupRef<'a>>,
    depends: Vec<Related<'a>>,
    dependents: Vec<Related<'a>>,
    agent: Option<AgentJson>,
    errors: Vec<ErrorJson>,
    decisions: Vec<DecisionJson>,
}

#[derive(Serialize)]
struct GroupRef<'a> {
    key: &'a str,
    title: String,
    status: Status,
}

/// A dependency or dependent: its id and state (`null` for a dependency no task has).
#[derive(Serialize)]
struct Related<'a> {
    id: &'a str,
    status: Option<Status>,
}

#[derive(Serialize)]
struct AgentJson {
    #[serde(flatten)]
    seen: Observation,
    restarts: Option<u32>,
    files: Vec<String>,
    log: Vec<String>,
}

#[derive(Serialize)]
struct ErrorJson {
    error: String,
    approach: Option<String>,
    resolution: Option<String>,
}

#[derive(Serialize)]
struct DecisionJson {
    decision: String,
    rationale: Option<String>,
}

fn task(ctx: &Context, store: &Store, plan: &Plan<'_>, doc: &Document, i: usize) -> Output {
    let t = &plan.tasks[i];
    let state_of = |id: &str| plan.tasks.iter().find(|o| o.id == Some(id)).map(|o| o.status);
    let depends: Vec<Related<'_>> = t.dependencies().map(|id| Related { id, status: state_of(id) }).collect();
    let dependents: Vec<Related<'_>> = t.id.map_or_else(Vec::new, |id| {
        plan.dependents(id)
            .into_iter()
            .map(|d| &plan.tasks[d])
            .map(|d| Related { id: d.id.unwrap_or(d.text), status: Some(d.status) })
            .collect()
    });
    let agent = t.id.and_then(|id| agent(store, id));
    let errors: Vec<ErrorJson> = t.id.map_or_else(Vec::new, |id| {
        strikes::attempts(plan, id)
            .into_iter()
            .map(|a| ErrorJson { error: a.error, approach: a.approach, resolution: a.resolution })
            .collect()
    });
    let decisions = t.id.map_or_else(Vec::new, |id| decisions(plan, id));
    let stall = Config::load(store).unwrap_or_default().stall_after();
    let claim = claims::held_on(store, plan, i, stall, std::time::SystemTime::now());
    let json = TaskJson {
        schema_version: 1,
        kind: "show-task",
        id: t.id,
        text: unescape(t.text).into_owned(),
        line: doc.line_of(t.at),
        status: t.status,
        claim,
        group: t.group.map(|g| {
            let grp = &plan.groups[g];
            GroupRef { key: &grp.key, title: unescape(grp.title).into_owned(), status: plan.status(grp) }
        }),
        depends,
        dependents,
        agent,
        errors,
        decisions,
    };
    if ctx.json {
        return Output::json(&json);
    }
    Output::ok(task_text(&json))
}

/// The agent of task `id`, when it has agent files or was spawned.
fn agent(store: &Store, id: &str) -> Option<AgentJson> {
    agents::check_id(id).ok()?;
    let registry = Registry::load(store).unwrap_or_default();
    let record = registry.agents.get(id);
    let progress = agents::progress_file(id);
    let has_files = [progress.as_str(), &agents::findings_file(id)].iter().any(|n| store.path(n).exists());
    if record.is_none() && !has_files {
        return None;
    }
    let stall = Config::load(store).unwrap_or_default().stall_after();
    let seen = agents::observe(store, id, stall, SystemTime::now());
    let text = store.read_unlinked(&progress).ok().flatten().map_or_else(String::new, Document::into_text);
    Some(AgentJson {
        seen,
        restarts: record.map(|r| r.restarts),
        files: crate::protocol::files::mentioned(&text),
        log: agents::last_lines(&without_files(&text), LOG_LINES),
    })
}

/// A progress log without its `Files:` lines (listed on their own).
fn without_files(text: &str) -> String {
    text.lines().filter(|l| !l.trim_start().starts_with("Files:")).collect::<Vec<_>>().join("\n")
}

/// `IN_PROGRESS, 4m ago, STALLED, resume: …`: nothing an orchestrator acts on is cut.
fn agent_line(o: &Observation) -> String {
    let mut s = o.state.as_str().to_string();
    if let Some(age) = o.age_secs {
        let _ = write!(s, ", {} ago", crate::store::clock::age(std::time::Duration::from_secs(age)));
    }
    if o.stalled {
        s.push_str(", STALLED");
    }
    if let Some(r) = &o.resume_from {
        let _ = write!(s, ", resume: {r}");
    }
    if let Some(r) = &o.reason {
        let _ = write!(s, ", reason: {r}");
    }
    s
}

fn decisions(plan: &Plan<'_>, id: &str) -> Vec<DecisionJson> {
    let Some(table) = rows::target_table(plan, Log::Decisions) else { return Vec::new() };
    let text = plan.text;
    plan.rows_naming(Log::Decisions, id)
        .into_iter()
        .map(|r| DecisionJson {
            decision: rows::cell(text, table, r, Column::Decision)
                .or_else(|| r.cells.first().map(|c| &text[c.clone()]))
                .map_or_else(String::new, |c| unescape(c).into_owned()),
            rationale: rows::cell(text, table, r, Column::Rationale)
                .filter(|c| !c.is_empty())
                .map(|c| unescape(c).into_owned()),
        })
        .collect()
}

fn task_text(t: &TaskJson<'_>) -> String {
    let mut o = String::new();
    let _ = match t.id {
        Some(id) => writeln!(o, "{id}: {}", t.text),
        None => writeln!(o, "{}", t.text),
    };
    let _ = writeln!(o, "status: {} (task_plan.md line {})", t.status, t.line);
    if let Some(c) = &t.claim {
        let _ = writeln!(o, "{}", c.line().trim_start_matches(c.task.as_str()).trim_start());
    }
    if let Some(g) = &t.group {
        let _ = writeln!(o, "group: {} {} ({})", g.key, clip_words(&g.title, 60), g.status);
    }
    let related = |list: &[Related<'_>]| {
        listed(list.iter().map(|r| format!("{} {}", r.id, r.status.map_or("(no such task)", Status::as_str))))
    };
    let _ = writeln!(o, "depends on: {}", related(&t.depends));
    let _ = writeln!(o, "needed by: {}", related(&t.dependents));
    match &t.agent {
        None => o.push_str("agent: -\n"),
        Some(a) => {
            let _ = writeln!(o, "agent: {}", agent_line(&a.seen));
            if let Some(n) = a.restarts.filter(|&n| n > 0) {
                let _ = writeln!(o, "  restarts: {n}");
            }
            if !a.files.is_empty() {
                let _ = writeln!(o, "  files: {}", listed(a.files.iter().cloned()));
            }
            for line in &a.log {
                let _ = writeln!(o, "  | {}", clip_words(line, 100));
            }
        }
    }
    let _ = writeln!(
        o,
        "errors: {}",
        if t.errors.is_empty() { "-".to_string() } else { t.errors.len().to_string() }
    );
    let shown = t.errors.len().saturating_sub(TEXT_ITEMS);
    if shown > 0 {
        let _ = writeln!(o, "  … {shown} earlier");
    }
    for (n, e) in t.errors.iter().enumerate().skip(shown) {
        let _ = write!(o, "  {}. {}", n + 1, clip_words(&e.error, 80));
        if let Some(a) = &e.approach {
            let _ = write!(o, " · tried: {}", clip_words(a, 40));
        }
        let _ = writeln!(
            o,
            " · {}",
            e.resolution
                .as_deref()
                .map_or("unresolved".to_string(), |r| { format!("resolved: {}", clip_words(r, 40)) })
        );
    }
    let _ = writeln!(
        o,
        "decisions: {}",
        if t.decisions.is_empty() { "-".to_string() } else { t.decisions.len().to_string() }
    );
    for d in t.decisions.iter().take(TEXT_ITEMS) {
        let _ = write!(o, "  {}", clip_words(&d.decision, 80));
        if let Some(r) = &d.rationale {
            let _ = write!(o, " · why: {}", clip_words(r, 40));
        }
        o.push('\n');
    }
    if t.decisions.len() > TEXT_ITEMS {
        let _ = writeln!(o, "  … and {} more", t.decisions.len() - TEXT_ITEMS);
    }
    o
}

/// `a, b, c, … and 2 more`, or `-`.
fn listed(items: impl Iterator<Item = String>) -> String {
    let items: Vec<String> = items.collect();
    if items.is_empty() {
        return "-".into();
    }
    let mut shown = items[..items.len().min(TEXT_ITEMS * 2)].join(", ");
    if items.len() > TEXT_ITEMS * 2 {
        let _ = write!(shown, ", … and {} more", items.len() - TEXT_ITEMS * 2);
    }
    shown
}

#[derive(Serialize)]
struct GroupJson<'a> {
    schema_version: u32,
    kind: &'static str,
    key: &'a str,
    id: &'a str,
    title: String,
    line: usize,
    status: Status,
    stored_status: Option<Status>,
    derived_status: Status,
    tasks: Vec<TaskLine<'a>>,
    tasks_total: usize,
    agents: Vec<Observation>,
    gate: GateJson,
}

#[derive(Serialize)]
struct TaskLine<'a> {
    id: Option<&'a str>,
    text: String,
    status: Status,
    line: usize,
    claimed_by: Option<&'a str>,
}

#[derive(Serialize)]
struct GateJson {
    /// The gate command `pplan.yaml` names, if any.
    command: Option<String>,
    /// The group is held by its failing gate.
    red: Option<RedGate>,
}

fn group(ctx: &Context, store: &Store, plan: &Plan<'_>, doc: &Document, g: usize) -> Output {
    let grp = &plan.groups[g];
    let all = plan.group_tasks(grp);
    let tasks: Vec<TaskLine<'_>> = all
        .iter()
        .take(JSON_LIST_MAX)
        .map(|t| TaskLine {
            id: t.id,
            text: unescape(t.text).into_owned(),
            status: t.status,
            line: doc.line_of(t.at),
            claimed_by: t.claim().filter(|_| !t.status.is_done()).map(|c| c.by),
        })
        .collect();
    let config = Config::load(store).unwrap_or_default();
    let json = GroupJson {
        schema_version: 1,
        kind: "show-group",
        key: &grp.key,
        id: &grp.id,
        title: unescape(grp.title).into_owned(),
        line: doc.line_of(grp.at),
        status: plan.status(grp),
        stored_status: grp.stored(),
        derived_status: plan.counts(grp).derived(),
        tasks,
        tasks_total: all.len(),
        agents: agents::observe_group(store, plan, Some(g)),
        gate: GateJson { command: config.gate_command().map(str::to_string), red: gate::red_gate(plan, g) },
    };
    if ctx.json {
        return Output::json(&json);
    }
    Output::ok(group_text(&json, plan.counts(grp)))
}

fn group_text(g: &GroupJson<'_>, c: crate::plan::Counts) -> String {
    let mut o = String::new();
    let _ = writeln!(o, "group {}: {}", g.key, g.title);
    let how = match g.stored_status {
        Some(_) => "stated",
        None => "derived",
    };
    let _ = writeln!(
        o,
        "status: {} ({how}; {} of {} tasks done; task_plan.md line {})",
        g.status,
        c.done + c.skipped,
        c.total,
        g.line
    );
    let _ = match (&g.gate.red, &g.gate.command) {
        (Some(red), _) => writeln!(o, "{}", gate::describe(red)),
        (None, Some(cmd)) => writeln!(o, "gate: `{cmd}`, not failing"),
        (None, None) => writeln!(o, "gate: none (pplan.yaml names no gate command)"),
    };
    o.push_str(if g.tasks_total == 0 { "tasks: -\n" } else { "tasks:\n" });
    for t in g.tasks.iter().take(GROUP_TASKS) {
        let by = t.claimed_by.map_or(String::new(), |b| format!(" (claimed by {b})"));
        let _ = match t.id {
            Some(id) => writeln!(o, "  {:<11}  {id} {}{by}", t.status.as_str(), clip_words(&t.text, 60)),
            None => writeln!(o, "  {:<11}  {}{by}", t.status.as_str(), clip_words(&t.text, 68)),
        };
    }
    if g.tasks_total > GROUP_TASKS {
        let _ = writeln!(o, "  … and {} more (pplan show {} --json)", g.tasks_total - GROUP_TASKS, g.key);
    }
    if g.agents.is_empty() {
        o.push_str("agents: -\n");
    } else {
        let _ = writeln!(o, "agents: {}", super::poll::summary(&g.agents));
        let width = g.agents.iter().map(|a| a.id.len()).max().unwrap_or(0);
        // Agents that stopped come first: the orchestrator acts on them.
        let mut order: Vec<&Observation> = g.agents.iter().collect();
        order.sort_by_key(|a| std::cmp::Reverse(a.state.is_terminal() || a.stalled));
        for a in order.iter().take(GROUP_AGENTS) {
            let _ = writeln!(o, "  {}", super::poll::line(a, width));
        }
        if g.agents.len() > GROUP_AGENTS {
            let _ =
                writeln!(o, "  … and {} more (pplan poll --group {})", g.agents.len() - GROUP_AGENTS, g.key);
        }
    }
    o
}
