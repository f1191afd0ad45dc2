//! `pplan report --html [-o FILE]`: the plan as one self-contained HTML page.

use std::path::Path;

use super::{Context, Output};
use crate::error::{Error, Result};
use crate::store;

pub fn run(ctx: &Context, output: Option<&Path>) -> Result<Output> {
    let store = ctx.store()?;
    let page = crate::views::report::html(&store)?;
    let Some(path) = output else {
        if ctx.json {
            let json = serde_json::json!({"schema_version": 1, "kind": "report", "path": null, "html": page});
            return Ok(Output::json(&json));
        }
        return Ok(Output::ok(page));
    };
    let before = match std::fs::read(path) {
        Ok(b) => Some(b),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
        Err(e) => return Err(Error::io("read", path, e)),
    };
    store::replace_file_if(path, before.as_deref(), page.as_bytes())?;
    if ctx.json {
        let json = serde_json::json!({
            "schema_version": 1, "kind": "report", "path": path.display().to_string(), "bytes": page.len(), "html": null
        });
        return Ok(Output::json(&json));
    }
    Ok(Output::ok(format!("wrote {} ({} KB)\n", path.display(), page.len().div_ceil(1024))))
}
