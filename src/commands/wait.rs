//! `pplan wait`: block until every agent of a group has stopped, printing each transition once.
//!
//! The only async code in pplan: a current-thread tokio runtime that sleeps between looks at
//! the agents' tails (a look costs a few KB of reads per agent) and listens for Ctrl-C.

use std::collections::HashMap;
use std::io::Write;
use std::time::{Duration, Instant};

use serde::Serialize;

use super::poll::Watch;
use super::{Context, Output};
use crate::error::{Error, ExitCode, Result};
use crate::protocol::agents::{AgentState, Observation, Seen};
use crate::protocol::{files, strikes};

const TICK: Duration = Duration::from_millis(250);

#[derive(Serialize)]
struct TransitionJson<'a> {
    schema_version: u32,
    kind: &'static str,
    agent: &'a str,
    from: Option<&'a str>,
    to: &'a str,
    at: String,
}

#[derive(Serialize)]
struct WaitJson<'a> {
    schema_version: u32,
    kind: &'static str,
    group: Option<&'a str>,
    outcome: &'static str,
    agents: &'a [Observation],
    summary: String,
    skipped: &'a [String],
    shared_files: &'a [files::Shared],
    /// Strike rows written now for failures the agents logged.
    strikes: &'a [strikes::Recorded],
}

pub fn run(
    ctx: &Context,
    group: Option<&str>,
    timeout: Option<f64>,
    stream: &mut dyn Write,
) -> Result<Output> {
    let timeout = match timeout.map(Duration::try_from_secs_f64) {
        None => None,
        Some(Ok(t)) => Some(t),
        Some(Err(_)) => {
            return Err(Error::Usage {
                message: "`--timeout` must be a number of seconds, 0 or more".into(),
                hint: "pplan wait [--group <GROUP>] [--timeout <SECS>]",
            });
        }
    };
    let watch = Watch::load(ctx, group)?;
    let (key, name) = (watch.key.clone(), watch.name());
    if watch.ids.is_empty() {
        // Nothing to wait for is not "all complete": an orchestrator must not merge on it.
        return Ok(finish(ctx.json, key.as_deref(), &name, Outcome::NoAgents, &[], &After::default()));
    }
    // A deadline too far away to represent is no deadline.
    let deadline = timeout.and_then(|t| Instant::now().checked_add(t));
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| Error::io("start the timer for", watch.store.dir(), e))?;
    let mut last: HashMap<String, Seen> = HashMap::new();
    let outcome = runtime.block_on(async {
        let ctrl_c = tokio::signal::ctrl_c();
        let mut ctrl_c = std::pin::pin!(ctrl_c);
        loop {
            let seen = watch.observe();
            for o in &seen {
                let prev = last.insert(o.id.clone(), o.state);
                let first_and_stopped = prev.is_none() && o.state.is_terminal();
                if prev.is_some_and(|p| p != o.state) || first_and_stopped {
                    report(ctx.json, stream, &o.id, prev, o.state);
                }
            }
            if seen.iter().all(|o| watch.settled(o)) {
                let all_complete = seen
                    .iter()
                    .all(|o| o.state == Seen::Agent(AgentState::Complete) || watch.skipped.contains(&o.id));
                return (if all_complete { Outcome::Complete } else { Outcome::Stopped }, seen);
            }
            if deadline.is_some_and(|d| Instant::now() >= d) {
                return (Outcome::Timeout, seen);
            }
            if tokio::time::timeout(TICK, &mut ctrl_c).await.is_ok() {
                return (Outcome::Interrupted, seen);
            }
        }
    });
    let (outcome, seen) = outcome;
    // The failures the agents logged in their own files become strike rows, once.
    let strikes = crate::protocol::merge::record_strikes(&watch.store, watch.key.as_deref())?;
    let after = After { skipped: &watch.skipped, shared: watch.shared(true), strikes };
    Ok(finish(ctx.json, key.as_deref(), &name, outcome, &seen, &after))
}

/// What `wait` says after the agents' states.
#[derive(Default)]
struct After<'a> {
    skipped: &'a [String],
    shared: Vec<files::Shared>,
    strikes: Vec<strikes::Recorded>,
}

fn finish(
    json: bool,
    key: Option<&str>,
    name: &str,
    outcome: Outcome,
    seen: &[Observation],
    after: &After<'_>,
) -> Output {
    let code = match outcome {
        _ if after.strikes.iter().any(|r| r.escalated) => ExitCode::Escalate,
        Outcome::Complete => ExitCode::Ok,
        Outcome::Interrupted => ExitCode::Interrupted,
        Outcome::Stopped | Outcome::Timeout | Outcome::NoAgents => ExitCode::NotReady,
    };
    let summary = super::poll::summary(seen);
    if json {
        let json = WaitJson {
            schema_version: 1,
            kind: "wait",
            group: key,
            outcome: outcome.as_str(),
            agents: seen,
            summary,
            skipped: after.skipped,
            shared_files: &after.shared,
            strikes: &after.strikes,
        };
        return Output { code, ..Output::json(&json) };
    }
    let pending: Vec<String> = seen
        .iter()
        .filter(|o| o.state != Seen::Agent(AgentState::Complete) && !after.skipped.contains(&o.id))
        .map(|o| super::poll::line(o, 0).split_whitespace().collect::<Vec<_>>().join(" "))
        .collect();
    let mut text = match outcome {
        Outcome::Complete => format!("{name}: {summary}\n"),
        Outcome::Stopped => format!("{name}: {summary}\nnot complete: {}\n", pending.join("; ")),
        Outcome::Timeout => format!("timed out: {name}: {summary}\nnot complete: {}\n", pending.join("; ")),
        Outcome::Interrupted => format!("interrupted: {name}: {summary}\n"),
        Outcome::NoAgents => format!("no agents to wait for in {name}\n"),
    };
    text.push_str(&super::poll::after_summary(after.skipped, &after.shared));
    for r in &after.strikes {
        text.push_str(&strikes::describe_recorded(r));
        text.push('\n');
    }
    Output { stdout: text, code }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Outcome {
    Complete,
    Stopped,
    Timeout,
    Interrupted,
    NoAgents,
}

impl Outcome {
    fn as_str(self) -> &'static str {
        match self {
            Outcome::Complete => "complete",
            Outcome::Stopped => "stopped",
            Outcome::Timeout => "timeout",
            Outcome::Interrupted => "interrupted",
            Outcome::NoAgents => "no_agents",
        }
    }
}

fn report(json: bool, stream: &mut dyn Write, id: &str, from: Option<Seen>, to: Seen) {
    let (from, to) = (from.map(Seen::as_str), to.as_str());
    let line = if json {
        let t = TransitionJson {
            schema_version: 1,
            kind: "transition",
            agent: id,
            from,
            to,
            at: crate::store::clock::now_stamp(),
        };
        serde_json::to_string(&t).unwrap_or_default()
    } else {
        match from {
            Some(f) => format!("{id}: {f} → {to}"),
            None => format!("{id}: {to}"),
        }
    };
    let _ = writeln!(stream, "{line}").and_then(|()| stream.flush());
}
