//! `pplan note --agent ID TEXT`: a sub-agent saves a finding in its own findings file.

use serde::Serialize;

use super::{Context, Output, text_arg};
use crate::error::Result;
use crate::protocol::agents::{self, Entry};

#[derive(Serialize)]
pub(super) struct EntryJson {
    pub schema_version: u32,
    pub kind: &'static str,
    pub agent: String,
    pub path: String,
    pub at: String,
}

pub fn run(ctx: &Context, agent: &str, text: &str) -> Result<Output> {
    let text = text_arg(text)?;
    let store = ctx.store()?;
    let at = agents::write_entry(&store, agent, Entry::Note, &text, &[])?;
    let path = agents::findings_file(agent);
    if ctx.json {
        let json = EntryJson { schema_version: 1, kind: "note", agent: agent.into(), path, at };
        return Ok(Output::json(&json));
    }
    Ok(Output::ok(format!("noted in {path}\n")))
}
