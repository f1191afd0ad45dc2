//! `pplan log --agent ID TEXT [--files a,b]`: a sub-agent records progress above its marker.
//! `--failed "<approach>: <error>"` records a failed approach the same way; `wait` and `merge`
//! turn it into a strike row of the task (the agent still writes only its own files).

use super::note::EntryJson;
use super::{Context, Output, text_arg};
use crate::error::{Error, Result};
use crate::protocol::agents::{self, Entry};
use crate::protocol::strikes;

pub fn run(
    ctx: &Context,
    agent: &str,
    text: Option<&str>,
    failed: Option<&str>,
    files: &[String],
) -> Result<Output> {
    let text = match (text, failed) {
        (_, Some(failed)) => {
            let failed = text_arg(failed)?;
            let (approach, error) = failed
                .split_once(": ")
                .map(|(a, e)| (a.trim(), e.trim()))
                .filter(|(a, e)| !a.is_empty() && !e.is_empty())
                .ok_or_else(|| Error::Usage {
                    message: "`--failed` needs the approach and the error, separated by `: `".into(),
                    hint: "pplan log --agent <ID> --failed \"<approach>: <error>\"",
                })?;
            strikes::failed_entry(approach, error)
        }
        (Some(text), None) => text_arg(text)?,
        (None, None) => {
            return Err(Error::Usage {
                message: "`pplan log` needs the text".into(),
                hint: "pplan log --agent <ID> \"<what you did>\" [--files <a,b>]",
            });
        }
    };
    let files: Vec<String> = files.iter().map(|f| f.trim().to_string()).filter(|f| !f.is_empty()).collect();
    let store = ctx.store()?;
    let at = agents::write_entry(&store, agent, Entry::Log, &text, &files)?;
    let path = agents::progress_file(agent);
    if ctx.json {
        let json = EntryJson { schema_version: 1, kind: "log", agent: agent.into(), path, at };
        return Ok(Output::json(&json));
    }
    let strike = if failed.is_some() { " (a strike of the task at the next wait or merge)" } else { "" };
    Ok(Output::ok(format!("logged in {path}{strike}\n")))
}
