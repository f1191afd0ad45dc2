//! `pplan checkpoint TEXT [--agent ID]`: a timestamped entry in progress.md (or the agent's).

use super::{Context, Output, text_arg};
use crate::error::Result;
use crate::protocol::agents::{self, Entry};
use crate::protocol::merge::PROGRESS;
use crate::text::Document;

#[derive(serde::Serialize)]
struct CheckpointJson {
    schema_version: u32,
    kind: &'static str,
    path: String,
    at: String,
}

pub fn run(ctx: &Context, text: &str, agent: Option<&str>, files: &[String]) -> Result<Output> {
    let text = text_arg(text)?;
    let store = ctx.store()?;
    let (path, at) = match agent {
        Some(id) => (agents::progress_file(id), agents::write_entry(&store, id, Entry::Log, &text, files)?),
        None => (PROGRESS.to_string(), append_progress(&store, &text, files)?),
    };
    if ctx.json {
        return Ok(Output::json(&CheckpointJson { schema_version: 1, kind: "checkpoint", path, at }));
    }
    Ok(Output::ok(format!("checkpoint in {path}\n")))
}

/// Append an entry to progress.md under the plan lock (creating the file if it is missing).
pub(super) fn append_progress(store: &crate::store::Store, text: &str, files: &[String]) -> Result<String> {
    let lock = store.lock()?;
    if !store.path(PROGRESS).exists() {
        store.create(&lock, PROGRESS, include_str!("../../templates/progress.md"))?;
    }
    let stamp = crate::store::clock::now_stamp();
    store.update_held(
        &lock,
        PROGRESS,
        |doc| {
            let e = agents::entry(&stamp, text, files, doc.eol());
            Ok(vec![agents::insert_entry(doc.text(), &e, doc.eol())])
        },
        |before: &Document, after: &Document| {
            let e = agents::entry(&stamp, text, files, before.eol());
            if after.text().matches(&e).count() == before.text().matches(&e).count() + 1 {
                Ok(())
            } else {
                Err("the entry is not in progress.md exactly once more".into())
            }
        },
    )?;
    Ok(stamp)
}
