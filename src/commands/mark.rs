//! `pplan mark --agent ID STATE`: a sub-agent sets its status marker (and nothing else).
//!
//! With `agent_gate:` in pplan.yaml, COMPLETE is checked first: the command runs (outside every
//! lock, as the gate between groups runs), and a failure refuses the marker, says what failed,
//! and is logged in the agent's own progress file, where `wait` and `merge` find it.

use std::time::Duration;

use serde::Serialize;

use super::{Context, Output};
use crate::error::{Error, ExitCode, Result};
use crate::protocol::agents::{self, AgentState, Entry};
use crate::protocol::gate;
use crate::protocol::strikes;
use crate::store::config::Config;

#[derive(Serialize)]
struct MarkJson<'a> {
    schema_version: u32,
    kind: &'static str,
    agent: &'a str,
    from: Option<AgentState>,
    to: AgentState,
    resume_from: Option<&'a str>,
    reason: Option<&'a str>,
    /// The agent gate's run, when `agent_gate:` checked a COMPLETE.
    agent_gate: Option<AgentGateJson>,
}

#[derive(Serialize)]
struct AgentGateJson {
    command: String,
    passed: bool,
    /// The last lines of a failing run's output.
    tail: String,
}

pub fn run(
    ctx: &Context,
    agent: &str,
    state: &str,
    resume_from: Option<&str>,
    reason: Option<&str>,
) -> Result<Output> {
    let to = AgentState::parse(state).ok_or_else(|| Error::Usage {
        message: format!("unknown agent state `{state}`"),
        hint: "IN_PROGRESS | COMPLETE | BLOCKED | CONTINUATION_REQUIRED",
    })?;
    let resume_from = resume_from.map(str::trim).filter(|r| !r.is_empty());
    if to == AgentState::ContinuationRequired && resume_from.is_none() {
        return Err(Error::Usage {
            message: "CONTINUATION_REQUIRED needs `--resume-from`".into(),
            hint: "pplan mark --agent <ID> CONTINUATION_REQUIRED --resume-from \"<where to continue>\"",
        });
    }
    let store = ctx.store()?;
    let mut checked = None;
    if to == AgentState::Complete {
        agents::check_id(agent)?;
        // Before the gate runs; `set_marker` opens the file again inside the agent's lock.
        if store.read_unlinked(&agents::progress_file(agent))?.is_none() {
            return Err(Error::NoAgent { id: agent.to_string() });
        }
        let config = Config::load(&store)?;
        if let Some(command) = config.agent_gate_command(agent) {
            let run = run_agent_gate(&store, &config, &command)?;
            if let Some(error) = run.failure() {
                let text = strikes::agent_gate_entry(&command, &error);
                agents::write_entry(&store, agent, Entry::Log, &text, &[])?;
                return Ok(refused(ctx.json, agent, &command, &run, &error));
            }
            checked = Some(AgentGateJson { command, passed: true, tail: String::new() });
        }
    }
    let from = agents::set_marker(&store, agent, to, resume_from, reason)?;
    if ctx.json {
        let json = MarkJson {
            schema_version: 1,
            kind: "mark",
            agent,
            from,
            to,
            resume_from,
            reason,
            agent_gate: checked,
        };
        return Ok(Output::json(&json));
    }
    let from = from.map_or("(no marker)", AgentState::as_str);
    let gate = checked.map_or(String::new(), |g| format!(" (agent gate `{}` passed)", g.command));
    Ok(Output::ok(format!("{agent}: {from} → {}{gate}\n", to.as_str())))
}

/// One run of the agent gate: through the system shell (`sh -c`, `cmd /C` on Windows) in the plan directory, killed after `gate_timeout_secs`.
fn run_agent_gate(store: &crate::store::Store, config: &Config, command: &str) -> Result<gate::Run> {
    let argv = gate::shell(command);
    let stop = gate::interrupt_flag();
    let stopped = move || stop.load(std::sync::atomic::Ordering::Relaxed);
    let timeout =
        config.gate_timeout_secs.and_then(|s| Duration::try_from_secs_f64(s).ok()).filter(|t| !t.is_zero());
    gate::run_once(&argv, store.dir(), timeout, &stopped)
}

/// COMPLETE refused: what failed, where it is logged, what to do (exit 1, the marker unchanged).
fn refused(json: bool, agent: &str, command: &str, run: &gate::Run, error: &str) -> Output {
    if json {
        let json = MarkJson {
            schema_version: 1,
            kind: "mark",
            agent,
            from: None,
            to: AgentState::Complete,
            resume_from: None,
            reason: None,
            agent_gate: Some(AgentGateJson {
                command: command.to_string(),
                passed: false,
                tail: run.tail.clone(),
            }),
        };
        return Output { code: ExitCode::Problems, ..Output::json(&json) };
    }
    let mut s = format!("{agent}: COMPLETE refused: agent gate `{command}` failed: {error}\n");
    for line in run.tail.lines().filter(|l| !l.trim().is_empty()) {
        s.push_str(&format!("  {line}\n"));
    }
    s.push_str(&format!(
        "logged in {}; fix it and mark COMPLETE again, or mark BLOCKED --reason \"<why>\"\n",
        agents::progress_file(agent)
    ));
    Output { stdout: s, code: ExitCode::Problems }
}
