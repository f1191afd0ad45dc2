//! `pplan restart-context [--agent ID]`: what a fresh session needs after a context reset —
//! where work stands, the restart count, what was logged since the last restart, the files
//! changed (git, bounded), and how to continue rather than redo.

use std::fmt::Write as _;

use serde::Serialize;

use super::{Context, Output};
use crate::error::Result;
use crate::plan::{Plan, Status};
use crate::protocol::agents::{self, Registry};
use crate::protocol::merge::PROGRESS;
use crate::store;

const FILES_SHOWN: usize = 20;
const ENTRIES_SHOWN: usize = 10;

#[derive(Serialize)]
struct RestartJson {
    schema_version: u32,
    kind: &'static str,
    agent: Option<String>,
    restart: u32,
    group: Option<String>,
    tasks: Vec<String>,
    since_restart: Vec<String>,
    files: Vec<String>,
    files_total: usize,
    files_note: Option<String>,
    blocked: Vec<String>,
    strikes: Vec<String>,
}

pub fn run(ctx: &Context, agent: Option<&str>) -> Result<Output> {
    let store = ctx.store()?;
    let doc = store.read(store::PLAN_FILE)?;
    let plan = Plan::parse(&doc);
    let log_name = agent.map_or_else(|| PROGRESS.to_string(), agents::progress_file);
    if let Some(id) = agent {
        agents::check_id(id)?;
        let known =
            plan.tasks.iter().any(|t| t.id == Some(id)) || store.path(&agents::progress_file(id)).exists();
        if !known {
            return Err(crate::Error::NoAgent { id: id.to_string() });
        }
    }
    // Read what was logged since the last restart before this restart is recorded.
    let log = String::from_utf8_lossy(&store.read_or_empty(&log_name)?).into_owned();
    let since = entries_since_restart(&log);
    let (restart, group, tasks) = match agent {
        Some(id) => {
            let registry = Registry::load(&store)?;
            let record = registry.agents.get(id);
            let text = plan.tasks.iter().find(|t| t.id == Some(id)).map_or("", |t| t.text);
            (
                record.map_or(0, |r| r.restarts),
                record.map(|r| r.group.clone()),
                vec![format!("{id} {}", crate::text::clip(text, 60))],
            )
        }
        None => {
            let g = plan.working_group();
            let tasks = plan
                .tasks
                .iter()
                .filter(|t| t.status == Status::InProgress)
                .map(|t| {
                    t.id.map_or_else(
                        || crate::text::clip(t.text, 40),
                        |id| format!("{id} {}", crate::text::clip(t.text, 50)),
                    )
                })
                .collect();
            let restarts =
                log.lines().filter(|l| l.starts_with("Restart ") && l.contains("(new session)")).count();
            // This call starts a new session: it is recorded, so the next one counts from here.
            let n = restarts as u32 + 1;
            super::checkpoint::append_progress(&store, &format!("Restart {n} (new session)."), &[])?;
            (n, g.map(|g| plan.groups[g].key.clone()), tasks)
        }
    };
    // An agent's own files are those it logged; the session's are git's, without pplan's own
    // plan and agent files.
    let (files, files_note) = match agent {
        Some(_) => (crate::protocol::files::mentioned(&log), None),
        None => match crate::git::changed_files(store.dir(), crate::git::TIMEOUT) {
            Ok(f) => (f.into_iter().filter(|p| !is_pplans_own(p)).collect(), None),
            Err(why) => (Vec::new(), Some(why)),
        },
    };
    let blocked: Vec<String> = agents::observe_group(&store, &plan, plan.working_group())
        .into_iter()
        .filter(|o| o.state == agents::Seen::Agent(agents::AgentState::Blocked))
        .filter(|o| agent.is_none_or(|a| a == o.id))
        .map(|o| format!("{}: {}", o.id, o.reason.as_deref().unwrap_or("(no reason given)")))
        .collect();
    let strikes = open_strikes(&plan, agent);
    let files_total = files.len();
    if ctx.json {
        let json = RestartJson {
            schema_version: 1,
            kind: "restart-context",
            agent: agent.map(str::to_string),
            restart,
            group,
            tasks,
            since_restart: since,
            files: files.into_iter().take(FILES_SHOWN).collect(),
            files_total,
            files_note,
            blocked,
            strikes,
        };
        return Ok(Output::json(&json));
    }
    let mut o = String::new();
    let who = agent.map_or("session".to_string(), |a| format!("agent {a}"));
    let _ = writeln!(o, "## Restart context: {who}, restart {restart}");
    let place = group.map_or_else(|| "no current group".to_string(), |g| format!("group {g}"));
    let tasks = if tasks.is_empty() { "no task in progress".to_string() } else { tasks.join("; ") };
    let _ = writeln!(o, "{place} · {tasks}");
    let _ = writeln!(o, "Logged since the last restart ({}):", since.len());
    for e in since.iter().rev().take(ENTRIES_SHOWN).rev() {
        let _ = writeln!(o, "- {e}");
    }
    if since.len() > ENTRIES_SHOWN {
        let _ = writeln!(o, "- (… {} earlier entries)", since.len() - ENTRIES_SHOWN);
    }
    for b in &blocked {
        let _ = writeln!(o, "BLOCKED {b}");
    }
    for s in &strikes {
        let _ = writeln!(o, "Open strike: {s}");
    }
    match files_note {
        Some(why) => {
            let _ = writeln!(o, "Files modified: unknown ({why})");
        }
        None => {
            let _ = writeln!(o, "Files modified ({files_total}):");
            for f in files.iter().take(FILES_SHOWN) {
                let _ = writeln!(o, "- {f}");
            }
            if files_total > FILES_SHOWN {
                let _ = writeln!(o, "- … and {} more", files_total - FILES_SHOWN);
            }
        }
    }
    let _ = writeln!(
        o,
        "Continue, do not redo: read {} and the files above first, pick up where the log ends, and log each step.",
        agent.map_or("findings.md".to_string(), agents::findings_file)
    );
    Ok(Output::ok(o))
}

/// `<stamp> <first line>` of each entry after the last restart entry: `### <stamp>` in a log,
/// `#### <stamp>` inside a merged agent's block (then named `<stamp> ID: <first line>`).
fn entries_since_restart(log: &str) -> Vec<String> {
    let lines: Vec<&str> = log.lines().collect();
    let mut entries = Vec::new();
    let mut agent: Option<&str> = None;
    for (i, l) in lines.iter().enumerate() {
        if l.starts_with("<!-- /pplan:merge") || l.starts_with("## ") {
            agent = None;
        }
        let (level, rest) = match l.find(|c| c != '#') {
            Some(n @ 3..=4) if l[n..].starts_with(' ') => (n, l[n + 1..].trim()),
            _ => continue,
        };
        let stamp_like = rest.len() >= 10 && rest.as_bytes()[..4].iter().all(u8::is_ascii_digit);
        if !stamp_like {
            // A merged agent's block: `### ID: task`.
            if level == 3 {
                agent = rest.split_once(':').map(|(id, _)| id);
            }
            continue;
        }
        let first = lines.get(i + 1).map_or("", |l| l.trim());
        if first.starts_with("Restart ") && agent.is_none() {
            entries.clear();
            continue;
        }
        let who = agent.map_or(String::new(), |a| format!("{a}: "));
        entries.push(format!("{rest} {who}{}", crate::text::clip(first, 80)));
    }
    entries
}

/// The plan's unresolved strikes (all, or the agent's task's): `KEY strike N of 3: error`.
fn open_strikes(plan: &Plan<'_>, agent: Option<&str>) -> Vec<String> {
    let mut keys: Vec<String> = match agent {
        Some(id) => vec![id.to_string()],
        None => plan.tasks.iter().filter_map(|t| t.id.map(str::to_string)).collect(),
    };
    if agent.is_none() {
        keys.extend(plan.groups.iter().map(|g| crate::protocol::gate::key_of(&g.key)));
    }
    keys.iter()
        .flat_map(|k| {
            let open = crate::protocol::gate::open_strikes(plan, k);
            let n = open.len();
            open.last().map(|a| {
                format!(
                    "{k} strike {n} of {}: {}",
                    crate::protocol::strikes::STRIKES,
                    crate::text::clip(&a.error, 120)
                )
            })
        })
        .collect()
}

/// pplan's own files: the plan's markdown files and its state directory.
fn is_pplans_own(path: &str) -> bool {
    let name = path.rsplit('/').next().unwrap_or(path);
    store::is_plan_file(name) || path.starts_with(".pplan/") || path.contains("/.pplan/")
}
