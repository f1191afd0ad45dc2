//! `pplan git-setup [--global]`: opt in to the merge driver for plan files.
//!
//! Two things make git use it: attribute lines (`task_plan.md merge=pplan`, …) in the
//! repository's `.gitattributes` (or the user's global attributes file), and the driver in git
//! config (`merge.pplan.driver`, `merge.pplan.name`). Both are written only where missing, so a
//! second run changes nothing.

use std::path::{Path, PathBuf};

use super::{Context, Output};
use crate::error::{Error, Result};
use crate::git::merge_driver::{DRIVER, DRIVER_NAME, PATTERNS};
use crate::git::{self, Failure};
use crate::store;

const HEADER: &str = "# Plan files merge through pplan (pplan git-setup; see docs/GIT.md in pplan)";

pub fn run(ctx: &Context, global: bool, dry_run: bool) -> Result<Output> {
    let dir = store::locate(ctx.dir.as_deref());
    let git = |args: &[&str]| git::output(&dir, args, git::TIMEOUT);
    let scope: &[&str] = if global { &["--global"] } else { &[] };
    let attributes = match global {
        true => global_attributes(&dir)?,
        false => {
            let top = git(&["rev-parse", "--show-toplevel"]).map_err(|e| Error::Usage {
                message: format!("`{}` is not in a git repository ({e})", dir.display()),
                hint: "run it inside the repository, or use --global for every repository",
            })?;
            PathBuf::from(top.trim()).join(".gitattributes")
        }
    };

    let before = match std::fs::read(&attributes) {
        Ok(b) => Some(b),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
        Err(e) => return Err(Error::io("read", &attributes, e)),
    };
    let text = String::from_utf8_lossy(before.as_deref().unwrap_or_default()).into_owned();
    let missing: Vec<&str> = PATTERNS.iter().copied().filter(|p| !has_line(&text, p)).collect();
    let mut after = text.clone();
    if !missing.is_empty() {
        if !after.is_empty() && !after.ends_with('\n') {
            after.push('\n');
        }
        if !after.contains(HEADER) {
            after.push_str(HEADER);
            after.push('\n');
        }
        for p in &missing {
            after.push_str(&format!("{p} merge=pplan\n"));
        }
    }

    let get = |key: &str| {
        let mut args = vec!["config"];
        args.extend_from_slice(scope);
        args.extend(["--get", key]);
        git(&args).ok().map(|v| v.trim_end_matches('\n').to_string())
    };
    let config: Vec<(&str, &str)> = [("merge.pplan.driver", DRIVER), ("merge.pplan.name", DRIVER_NAME)]
        .into_iter()
        .filter(|(key, value)| get(key).as_deref() != Some(*value))
        .collect();

    let shown = if global { attributes.display().to_string() } else { ".gitattributes".to_string() };
    let mut out = String::new();
    if dry_run {
        if !missing.is_empty() {
            out.push_str(&super::unified_diff(shown.trim_start_matches('/'), &text, &after));
        }
        for (key, value) in &config {
            out.push_str(&format!("would run: git config{} {key} \"{value}\"\n", scope_flag(global)));
        }
        if out.is_empty() {
            out.push_str("already set up; nothing to change\n");
        }
        return Ok(Output::ok(out));
    }

    if !missing.is_empty() {
        if let Some(parent) = attributes.parent() {
            std::fs::create_dir_all(parent).map_err(|e| Error::io("create", parent, e))?;
        }
        store::replace_file_if(&attributes, before.as_deref(), after.as_bytes())?;
        out.push_str(&format!("{shown}: added merge=pplan for {}\n", missing.join(", ")));
    }
    for (key, value) in &config {
        let mut args = vec!["config"];
        args.extend_from_slice(scope);
        args.extend([*key, *value]);
        git(&args).map_err(|e| Error::Usage {
            message: format!("could not set {key}: {e}"),
            hint: "check that git can write its config",
        })?;
        out.push_str(&format!("git config{} {key}: {value}\n", scope_flag(global)));
    }
    if out.is_empty() {
        out.push_str(&format!("already set up ({shown} and git config{})\n", scope_flag(global)));
    }
    if !on_path("pplan") {
        out.push_str(
            "note: `pplan` is not on PATH, so git cannot run the driver yet (cargo install --path .)\n",
        );
    }
    Ok(Output::ok(out))
}

fn scope_flag(global: bool) -> &'static str {
    if global { " --global" } else { "" }
}

/// The attributes file has `<pattern> … merge=pplan` already.
fn has_line(text: &str, pattern: &str) -> bool {
    text.lines().any(|l| {
        let mut words = l.split_whitespace();
        words.next() == Some(pattern) && words.any(|w| w == "merge=pplan")
    })
}

/// The user's global attributes file: `core.attributesFile`, else `$XDG_CONFIG_HOME/git/attributes`,
/// else `~/.config/git/attributes` (where git looks).
fn global_attributes(dir: &Path) -> Result<PathBuf> {
    let home = std::env::var_os("HOME").map(PathBuf::from);
    match git::output(dir, &["config", "--global", "--get", "core.attributesFile"], git::TIMEOUT) {
        Ok(v) if !v.trim().is_empty() => {
            let v = v.trim();
            return Ok(match (v.strip_prefix("~/"), &home) {
                (Some(rest), Some(h)) => h.join(rest),
                _ => PathBuf::from(v),
            });
        }
        Err(e @ (Failure::Unavailable | Failure::TimedOut(_))) => {
            return Err(Error::Usage {
                message: e.to_string(),
                hint: "git must be installed to use its merge driver",
            });
        }
        _ => {}
    }
    let xdg = std::env::var_os("XDG_CONFIG_HOME").filter(|v| !v.is_empty()).map(PathBuf::from);
    xdg.or_else(|| home.map(|h| h.join(".config"))).map(|c| c.join("git").join("attributes")).ok_or(
        Error::Usage {
            message: "no home directory to hold git's global attributes".into(),
            hint: "set HOME",
        },
    )
}

/// `program` is an executable file on PATH (or a path to one).
pub(crate) fn on_path(program: &str) -> bool {
    #[cfg(unix)]
    let runnable = |p: &Path| {
        use std::os::unix::fs::PermissionsExt;
        p.metadata().is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
    };
    // Windows has no execute bit: a file is runnable by its extension (`pplan` finds `pplan.exe`).
    #[cfg(windows)]
    let runnable = |p: &Path| {
        let exts = std::env::var("PATHEXT").unwrap_or_else(|_| ".EXE;.CMD;.BAT;.COM".into());
        p.is_file() || exts.split(';').any(|e| p.with_extension(e.trim_start_matches('.')).is_file())
    };
    if program.contains('/') || cfg!(windows) && program.contains('\\') {
        return runnable(Path::new(program));
    }
    std::env::var_os("PATH")
        .is_some_and(|paths| std::env::split_paths(&paths).any(|d| runnable(&d.join(program))))
}
