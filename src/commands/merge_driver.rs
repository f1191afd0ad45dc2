//! `pplan merge-driver %O %A %B %L %P`: git's merge of one plan file, written into OURS.
//!
//! Exit 0: merged cleanly. Exit 1: conflict markers remain (git leaves the path unmerged).
//! Above 1: an error, OURS untouched.

use std::path::Path;

use super::{Context, Output};
use crate::error::{Error, ExitCode, Result};
use crate::git::merge_driver::{self, Kind};
use crate::store;

/// Merge into OURS. The caller wraps an error in [`Error::Driver`], so it never exits 1.
pub fn run(
    ctx: &Context,
    base: &Path,
    ours: &Path,
    theirs: &Path,
    marker_size: usize,
    path: Option<&str>,
) -> Result<Output> {
    let read = |p: &Path| -> Result<Vec<u8>> {
        let size = std::fs::metadata(p).map_err(|e| Error::io("read", p, e))?.len();
        if size > ctx.limits.max_bytes {
            return Err(Error::TooLarge { path: p.to_path_buf(), size, limit: ctx.limits.max_bytes });
        }
        std::fs::read(p).map_err(|e| Error::io("read", p, e))
    };
    let (b, o, t) = (read(base)?, read(ours)?, read(theirs)?);
    let name = path.map_or_else(|| ours.to_string_lossy().into_owned(), str::to_string);
    let kind = Kind::of(&name);
    let merged = merge_driver::merge(kind, &b, &o, &t, marker_size);
    if merged.text != o {
        store::replace_file_if(ours, Some(&o), &merged.text)?;
    }
    let how = match (kind, merged.fell_back) {
        (Kind::Text, _) => "text merge",
        (_, true) => "text merge: the semantic merge would have lost a line",
        (Kind::Plan, false) => "plan merge",
        (Kind::Log, false) => "log merge",
    };
    let code = if merged.conflicts > 0 { ExitCode::Problems } else { ExitCode::Ok };
    if ctx.json {
        let json = serde_json::json!({
            "schema_version": 1,
            "kind": "merge-driver",
            "path": name,
            "merge": match kind { Kind::Plan => "plan", Kind::Log => "log", Kind::Text => "text" },
            "fell_back": merged.fell_back,
            "conflicts": merged.conflicts,
            "reports": merged.reports,
        });
        return Ok(Output { code, ..Output::json(&json) });
    }
    // git shows what a driver prints; a clean merge needs no words.
    let mut stdout = match merged.conflicts {
        0 if !merged.fell_back => String::new(),
        0 => format!("pplan: {name}: merged ({how})\n"),
        n => format!(
            "pplan: {name}: {n} conflict{} left with markers ({how})\n",
            if n == 1 { "" } else { "s" }
        ),
    };
    for r in &merged.reports {
        stdout.push_str(&format!("pplan: {name}: {r}\n"));
    }
    Ok(Output { stdout, code })
}
