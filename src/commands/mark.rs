//! `pplan mark --agent ID STATE`: a sub-agent sets its status marker (and nothing else).

use serde::Serialize;

use super::{Context, Output};
use crate::error::{Error, Result};
use crate::protocol::agents::{self, AgentState};

#[derive(Serialize)]
struct MarkJson<'a> {
    schema_version: u32,
    kind: &'static str,
    agent: &'a str,
    from: Option<AgentState>,
    to: AgentState,
    resume_from: Option<&'a str>,
    reason: Option<&'a str>,
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
    let from = agents::set_marker(&store, agent, to, resume_from, reason)?;
    if ctx.json {
        let json = MarkJson { schema_version: 1, kind: "mark", agent, from, to, resume_from, reason };
        return Ok(Output::json(&json));
    }
    let from = from.map_or("(no marker)", AgentState::as_str);
    Ok(Output::ok(format!("{agent}: {from} → {}\n", to.as_str())))
}
