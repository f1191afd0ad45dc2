//! `pplan poll`: one line per agent of a group, from the tails of their progress files.

use std::fmt::Write as _;
use std::time::SystemTime;

use serde::Serialize;

use super::{Context, Output};
use crate::error::Result;
use crate::plan::edit::resolve_group;
use crate::plan::{Plan, Status};
use crate::protocol::agents::{self, AgentState, Observation, Registry, Seen};
use crate::protocol::claims::{self, Held};
use crate::protocol::files;
use crate::store::clock;
use crate::store::config::Config;
use crate::store::{self, Store};

#[derive(Serialize)]
struct PollJson<'a> {
    schema_version: u32,
    kind: &'static str,
    group: Option<&'a str>,
    agents: &'a [Observation],
    summary: String,
    /// Claims (`next --claim`) on the group's unfinished tasks.
    claims: &'a [Held],
    /// Agents whose task is skipped (settled).
    skipped: &'a [String],
    /// Files more than one agent of the group logged.
    shared_files: &'a [files::Shared],
}

/// The agents of one group, ready to be observed (by `poll` once, by `wait` repeatedly).
pub(super) struct Watch {
    pub store: Store,
    pub config: Config,
    /// The group's key; `None` for a plan without groups (its agents are the plan's).
    pub key: Option<String>,
    pub ids: Vec<String>,
    pub claims: Vec<Held>,
    /// Agents whose task a person skipped: settled, whatever their marker says.
    pub skipped: Vec<String>,
}

impl Watch {
    pub fn load(ctx: &Context, group: Option<&str>) -> Result<Watch> {
        let store = ctx.store()?;
        let config = Config::load(&store)?;
        let doc = store.read(store::PLAN_FILE)?;
        let plan = Plan::parse(&doc);
        let registry = Registry::load(&store)?;
        let g = resolve_group(&plan, group)?;
        let ids = agents::group_agents(&store, &plan, &registry, g);
        let claims = claims::held(&store, &plan, g, config.stall_after());
        let skipped = ids
            .iter()
            .filter(|id| plan.tasks.iter().any(|t| t.id == Some(id.as_str()) && t.status == Status::Skipped))
            .cloned()
            .collect();
        Ok(Watch { key: g.map(|g| plan.groups[g].key.clone()), ids, claims, skipped, store, config })
    }

    /// `group 2`, or `plan` when there are no groups.
    pub fn name(&self) -> String {
        self.key.as_ref().map_or_else(|| "plan".to_string(), |k| format!("group {k}"))
    }

    /// The files more than one agent of the group logged: of the agents still here, or (with
    /// `merged`) of the group's merged blocks too.
    pub fn shared(&self, merged: bool) -> Vec<files::Shared> {
        let key = self.key.as_deref().unwrap_or("-");
        files::shared_by_group(self.store.dir(), merged).into_iter().filter(|s| s.group == key).collect()
    }

    /// The agent has stopped, or its task was skipped: nothing more to wait for.
    pub fn settled(&self, o: &Observation) -> bool {
        o.state.is_terminal() || self.skipped.contains(&o.id)
    }

    pub fn observe(&self) -> Vec<Observation> {
        let now = SystemTime::now();
        self.ids.iter().map(|id| agents::observe(&self.store, id, self.config.stall_after(), now)).collect()
    }
}

pub fn run(ctx: &Context, group: Option<&str>) -> Result<Output> {
    let watch = Watch::load(ctx, group)?;
    let seen = watch.observe();
    let key = watch.key.as_deref();
    let shared = watch.shared(false);
    if ctx.json {
        let json = PollJson {
            schema_version: 1,
            kind: "poll",
            group: key,
            agents: &seen,
            summary: summary(&seen),
            claims: &watch.claims,
            skipped: &watch.skipped,
            shared_files: &shared,
        };
        return Ok(Output::json(&json));
    }
    let mut out = text(&watch.name(), &seen);
    for c in &watch.claims {
        out.push_str(&format!("claim: {}\n", c.line()));
    }
    out.push_str(&after_summary(&watch.skipped, &shared));
    Ok(Output::ok(out))
}

/// The lines after the summary of `poll` and `wait`: skipped tasks' agents, files two agents
/// logged.
pub(super) fn after_summary(skipped: &[String], shared: &[files::Shared]) -> String {
    let mut out = String::new();
    if !skipped.is_empty() {
        let _ = writeln!(out, "settled, task skipped: {} (merge keeps what it wrote)", skipped.join(", "));
    }
    for s in shared {
        let _ = writeln!(out, "warning: {}", s.warning());
    }
    out
}

pub(super) fn line(o: &Observation, width: usize) -> String {
    let mut s = format!("{:<width$}  {:<21}", o.id, o.state.as_str());
    if let Some(age) = o.age_secs {
        let _ = write!(s, "  {:>6}", clock::age(std::time::Duration::from_secs(age)));
    }
    if o.stalled {
        s.push_str("  STALLED");
    }
    if let Some(r) = &o.resume_from {
        // What the orchestrator acts on is never cut.
        let _ = write!(s, "  resume: {r}");
    }
    if let Some(r) = &o.reason {
        let _ = write!(s, "  reason: {r}");
    }
    s.trim_end().to_string()
}

fn text(name: &str, seen: &[Observation]) -> String {
    if seen.is_empty() {
        return format!("no agents in {name}\n");
    }
    let width = seen.iter().map(|o| o.id.len()).max().unwrap_or(0);
    let mut out = String::new();
    for o in seen {
        out.push_str(&line(o, width));
        out.push('\n');
    }
    let _ = writeln!(out, "{name}: {}", summary(seen));
    out
}

/// `3 agents: 1 COMPLETE, 2 IN_PROGRESS (1 STALLED)`.
pub(super) fn summary(seen: &[Observation]) -> String {
    let mut counts: Vec<(Seen, usize)> = Vec::new();
    for o in seen {
        match counts.iter_mut().find(|(s, _)| *s == o.state) {
            Some((_, n)) => *n += 1,
            None => counts.push((o.state, 1)),
        }
    }
    counts.sort_by_key(|(s, _)| s.rank());
    let stalled = seen.iter().filter(|o| o.stalled).count();
    let parts: Vec<String> = counts
        .iter()
        .map(|&(s, n)| match s {
            Seen::Agent(AgentState::InProgress) if stalled > 0 => {
                format!("{n} {} ({stalled} STALLED)", s.as_str())
            }
            _ => format!("{n} {}", s.as_str()),
        })
        .collect();
    let noun = if seen.len() == 1 { "agent" } else { "agents" };
    if parts.is_empty() {
        return format!("0 {noun}");
    }
    format!("{} {noun}: {}", seen.len(), parts.join(", "))
}
