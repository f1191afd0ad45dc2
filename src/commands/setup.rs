//! `pplan setup --host H [--dry-run]`: write the host's native wiring into the project (see
//! `crate::views::hosts`), only what is missing; files it did not create are only ever added to.

use std::path::PathBuf;

use super::{Context, Output};
use crate::error::{Error, Result};
use crate::store::{self, discover};
use crate::views::hosts::{self, SpliceError, Wiring};

pub fn run(ctx: &Context, host: &str, dry_run: bool) -> Result<Output> {
    let Some((files, note)) = hosts::wiring(host) else {
        return Err(Error::Usage {
            message: format!("unknown host `{host}`"),
            hint: "pplan setup --host claude|codex|gemini|copilot|cursor|opencode [--dry-run]",
        });
    };
    let root = discover::project_root(&discover::Request::from_env(ctx.dir.as_deref(), PathBuf::from(".")));
    let mut out = String::new();
    for file in &files {
        let (Wiring::Hooks { path, .. } | Wiring::Copy { path, .. }) = file;
        let full = root.join(path);
        let before = match std::fs::read(&full) {
            Ok(b) => Some(b),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
            Err(e) => return Err(Error::io("read", &full, e)),
        };
        let text = before.as_deref().map(String::from_utf8_lossy);
        let after = match file {
            Wiring::Copy { contents, .. } => before.is_none().then(|| contents.to_string()),
            Wiring::Hooks { .. } => hosts::add_hooks(text.as_deref(), file).map_err(|e| Error::Usage {
                message: match e {
                    SpliceError::NotJson => format!("`{}` is not valid JSON", full.display()),
                    SpliceError::NotAnObject(what) => {
                        format!("in `{}`, {what} is not a JSON object", full.display())
                    }
                },
                hint: "fix the file, then run pplan setup again",
            })?,
        };
        let Some(after) = after else {
            out.push_str(&format!("unchanged {path}\n"));
            continue;
        };
        let verb = match (&before, dry_run) {
            (None, true) => "would create",
            (None, false) => "created",
            (Some(_), true) => "would add pplan's hooks to",
            (Some(_), false) => "added pplan's hooks to",
        };
        if dry_run {
            out.push_str(&format!("{verb} {path}\n"));
            if matches!(file, Wiring::Hooks { .. }) {
                out.push_str(&super::unified_diff(path, text.as_deref().unwrap_or_default(), &after));
            }
            continue;
        }
        store::write_project_file(&root, path, before.as_deref(), after.as_bytes())?;
        out.push_str(&format!("{verb} {path}\n"));
    }
    out.push_str(&format!("note: {note}\n"));
    Ok(Output::ok(out))
}
