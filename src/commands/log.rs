//! `pplan log --agent ID TEXT [--files a,b]`: a sub-agent records progress above its marker.

use super::note::EntryJson;
use super::{Context, Output, text_arg};
use crate::error::Result;
use crate::protocol::agents::{self, Entry};

pub fn run(ctx: &Context, agent: &str, text: &str, files: &[String]) -> Result<Output> {
    let text = text_arg(text)?;
    let files: Vec<String> = files.iter().map(|f| f.trim().to_string()).filter(|f| !f.is_empty()).collect();
    let store = ctx.store()?;
    let at = agents::write_entry(&store, agent, Entry::Log, &text, &files)?;
    let path = agents::progress_file(agent);
    if ctx.json {
        let json = EntryJson { schema_version: 1, kind: "log", agent: agent.into(), path, at };
        return Ok(Output::json(&json));
    }
    Ok(Output::ok(format!("logged in {path}\n")))
}
