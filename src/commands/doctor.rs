//! `pplan doctor`: one line per check, PASS / WARN / FAIL; exit 1 on any FAIL.

use std::fs::OpenOptions;

use serde::Serialize;

use super::{Context, Output};
use crate::error::{ExitCode, Result};
use crate::plan::Plan;
use crate::protocol::agents::{self, AgentState};
use crate::store::{self, Store};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "UPPERCASE")]
enum Level {
    Pass,
    Warn,
    Fail,
}

#[derive(Serialize)]
struct Line {
    level: Level,
    check: &'static str,
    detail: String,
}

pub fn run(ctx: &Context) -> Result<Output> {
    let mut lines = Vec::new();
    let mut push = |level, check, detail: String| lines.push(Line { level, check, detail });
    match ctx.found() {
        Err(e) => push(
            Level::Fail,
            "plan directory",
            format!("{e}{}", e.hint().map_or(String::new(), |h| format!(" ({h})"))),
        ),
        Ok(found) => {
            let store = Store::new(found.dir.clone(), ctx.limits.clone());
            let others = match found.plans.len() {
                0 | 1 => String::new(),
                n => format!("; {n} plans here"),
            };
            // Which plan, and why that one (a guess by modification time is a warning).
            let level = if found.guessed { Level::Warn } else { Level::Pass };
            push(level, "plan directory", format!("{} ({}{others})", found.dir.display(), found.why));
            plan_checks(&store, &mut push);
        }
    }
    let fail = lines.iter().any(|l| l.level == Level::Fail);
    let code = if fail { ExitCode::Problems } else { ExitCode::Ok };
    if ctx.json {
        let json = serde_json::json!({"schema_version": 1, "kind": "doctor", "checks": lines});
        return Ok(Output { code, ..Output::json(&json) });
    }
    let text: String = lines
        .iter()
        .map(|l| {
            let level = match l.level {
                Level::Pass => "PASS",
                Level::Warn => "WARN",
                Level::Fail => "FAIL",
            };
            format!("{level}  {}: {}\n", l.check, l.detail)
        })
        .collect();
    Ok(Output { stdout: text, code })
}

fn plan_checks(store: &Store, push: &mut impl FnMut(Level, &'static str, String)) {
    match store.read(store::PLAN_FILE) {
        Err(e) => push(Level::Fail, "task_plan.md", e.to_string()),
        Ok(doc) => {
            let plan = Plan::parse(&doc);
            push(
                Level::Pass,
                "task_plan.md",
                format!(
                    "{}, {}",
                    crate::text::count(plan.groups.len(), "group", "groups"),
                    crate::text::count(plan.tasks.len(), "task", "tasks")
                ),
            );
        }
    }
    for name in ["findings.md", "progress.md"] {
        match store.read(name) {
            Ok(_) => push(
                Level::Pass,
                if name == "findings.md" { "findings.md" } else { "progress.md" },
                "readable".into(),
            ),
            Err(crate::Error::Io { .. }) => push(
                Level::Warn,
                if name == "findings.md" { "findings.md" } else { "progress.md" },
                "missing".into(),
            ),
            Err(e) => push(
                Level::Fail,
                if name == "findings.md" { "findings.md" } else { "progress.md" },
                e.to_string(),
            ),
        }
    }
    let journal = store.path(store::STATE_DIR).join(crate::protocol::merge::JOURNAL);
    if journal.exists() {
        push(
            Level::Warn,
            "merge journal",
            "an interrupted merge: the next writing pplan command (status, set, merge…) finishes it".into(),
        );
    } else {
        push(Level::Pass, "merge journal", "none".into());
    }
    let temps = stale_temp_files(store);
    if temps.is_empty() {
        push(Level::Pass, "temp files", "none left behind".into());
    } else {
        push(
            Level::Warn,
            "temp files",
            format!("left by interrupted writes (safe to delete): {}", temps.join(", ")),
        );
    }
    let lock = store.path(store::STATE_DIR).join("lock");
    match OpenOptions::new().read(true).write(true).open(&lock) {
        Err(_) => push(Level::Pass, "lock", "free".into()),
        Ok(f) => match f.try_lock() {
            Ok(()) => push(Level::Pass, "lock", "free".into()),
            Err(_) => {
                let holder = std::fs::read_to_string(&lock).unwrap_or_default();
                push(Level::Warn, "lock", format!("held by {}", holder.trim()))
            }
        },
    }
    let mut ids: Vec<String> = std::fs::read_dir(store.dir())
        .map(|rd| {
            rd.flatten()
                .filter_map(|e| {
                    let n = e.file_name().to_string_lossy().into_owned();
                    n.strip_prefix("progress_").and_then(|s| s.strip_suffix(".md")).map(str::to_string)
                })
                .collect()
        })
        .unwrap_or_default();
    ids.sort();
    if ids.is_empty() {
        push(Level::Pass, "agents", "no agent files".into());
    }
    let stall = crate::store::config::Config::load(store).unwrap_or_default().stall_after();
    for id in ids {
        if agents::check_id(&id).is_err() {
            push(Level::Fail, "agents", format!("`progress_{id}.md`: not a safe agent id"));
            continue;
        }
        let o = agents::observe(store, &id, stall, std::time::SystemTime::now());
        let level = match o.state {
            agents::Seen::NoMarker | agents::Seen::Missing => Level::Fail,
            agents::Seen::Agent(AgentState::InProgress) if o.stalled => Level::Warn,
            _ => Level::Pass,
        };
        let stalled = if o.stalled { " (STALLED)" } else { "" };
        push(level, "agents", format!("{id}: {}{stalled}", o.state.as_str()));
    }
    match hooks_wired(store) {
        Some(place) => push(Level::Pass, "agent hooks", format!("wired in {place}")),
        None => push(Level::Warn, "agent hooks", "not wired: see docs/INTEGRATION.md (optional)".into()),
    }
    host_wiring(store, push);
    if let Some((level, detail)) = git_driver(store) {
        push(level, "git merge driver", detail);
    }
    let (diags, _) = crate::views::check::run(
        &[crate::views::check::Target::Dir(store.dir().to_path_buf())],
        &store::Limits::from_env(),
    );
    let errors = diags.iter().filter(|d| d.severity == crate::views::check::Severity::Error).count();
    let warnings = diags.len() - errors;
    let level = if errors > 0 {
        Level::Fail
    } else if warnings > 0 {
        Level::Warn
    } else {
        Level::Pass
    };
    let plural = |n: usize, w: &str| format!("{n} {w}{}", if n == 1 { "" } else { "s" });
    push(
        level,
        "check",
        format!("{}, {} (pplan check)", plural(errors, "error"), plural(warnings, "warning")),
    );
}

/// The wiring of every agent host the project shows signs of (`.claude/`, `.codex/`, `.gemini/`,
/// `.github/hooks/`, `.cursor/`, `.opencode/`), one line each; a Gemini hook of pplan with a
/// timeout under a second (Gemini counts milliseconds) is a warning.
fn host_wiring(store: &Store, push: &mut impl FnMut(Level, &'static str, String)) {
    let req = store::discover::Request::from_env(Some(store.dir()), store.dir().to_path_buf());
    let mut root = store::discover::project_root(&req);
    for dir in store::discover::upward(store.dir(), req.home.as_deref()) {
        if dir.join(".git").exists() {
            root = dir;
        }
    }
    for (host, path, wired) in crate::views::hosts::hosts_found(&root) {
        let check = "host wiring";
        if !wired {
            push(Level::Warn, check, format!("{host}: not wired in {path}: run `pplan setup --host {host}`"));
            continue;
        }
        let short = if host == "gemini" { gemini_short_timeout(&root.join(path)) } else { None };
        match short {
            Some(ms) => push(
                Level::Warn,
                check,
                format!(
                    "{host}: a pplan hook in {path} times out after {ms} ms (Gemini counts milliseconds; use 10000)"
                ),
            ),
            None => push(Level::Pass, check, format!("{host}: wired in {path}")),
        }
    }
}

fn gemini_short_timeout(path: &std::path::Path) -> Option<u64> {
    let json: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(path).ok()?).ok()?;
    let mut short = None;
    for entries in json.get("hooks")?.as_object()?.values() {
        for group in entries.as_array().into_iter().flatten() {
            for hook in group.get("hooks").and_then(|h| h.as_array()).into_iter().flatten() {
                let runs_pplan =
                    hook.get("command").and_then(|c| c.as_str()).is_some_and(|c| c.contains("pplan hook"));
                let timeout = hook.get("timeout").and_then(|t| t.as_u64());
                if let (true, Some(ms)) = (runs_pplan, timeout.filter(|t| *t < 1000)) {
                    short = Some(ms);
                }
            }
        }
    }
    short
}

/// Whether git merges this plan's files through `pplan merge-driver` (`pplan git-setup`): the
/// attributes name it for every plan file, the driver's arguments are exactly the placeholders
/// git must pass, and its program can be found. Nothing when the plan is not in a git repository.
fn git_driver(store: &Store) -> Option<(Level, String)> {
    use crate::git::merge_driver::{DRIVER, PATTERNS};
    let git = |args: &[&str]| crate::git::output(store.dir(), args, crate::git::TIMEOUT);
    git(&["rev-parse", "--show-toplevel"]).ok()?;
    let files: Vec<String> = PATTERNS.iter().map(|p| p.replace('*', "X")).collect();
    let mut args = vec!["check-attr", "merge", "--"];
    args.extend(files.iter().map(String::as_str));
    let attrs = git(&args).unwrap_or_default();
    let unset: Vec<&str> = files
        .iter()
        .zip(PATTERNS)
        .filter(|(f, _)| !attrs.lines().any(|l| l.starts_with(f.as_str()) && l.ends_with(": merge: pplan")))
        .map(|(_, p)| p)
        .collect();
    let driver = git(&["config", "--get", "merge.pplan.driver"]).ok().map(|d| d.trim().to_string());
    let Some(driver) = driver else {
        return Some(match unset.len() == PATTERNS.len() {
            true => (Level::Warn, "not set up: plan files merge as plain text (optional: pplan git-setup)".into()),
            false => (
                Level::Fail,
                "the attributes name merge=pplan but merge.pplan.driver is not set, so git merges plan files as \
                 plain text: run pplan git-setup"
                    .into(),
            ),
        });
    };
    let (program, placeholders) = driver.split_once(' ').unwrap_or((driver.as_str(), ""));
    let expected = DRIVER.split_once(' ').map_or("", |(_, rest)| rest);
    if placeholders.trim() != expected {
        return Some((
            Level::Fail,
            format!("merge.pplan.driver is `{driver}`: it must be `{DRIVER}` (exactly these placeholders)"),
        ));
    }
    if !super::git_setup::on_path(program) {
        return Some((Level::Fail, format!("merge.pplan.driver runs `{program}`, which is not on PATH")));
    }
    if !unset.is_empty() {
        return Some((
            Level::Warn,
            format!("the driver is set but not used for {}: run pplan git-setup", unset.join(", ")),
        ));
    }
    Some((Level::Pass, format!("plan files merge with `{driver}`")))
}

/// Where `pplan hook` is wired for Claude Code: project or user settings, or the plugin.
fn hooks_wired(store: &Store) -> Option<String> {
    let home = std::env::var_os("HOME").map(std::path::PathBuf::from);
    let mut places: Vec<std::path::PathBuf> = Vec::new();
    let mut dir = std::fs::canonicalize(store.dir()).ok();
    while let Some(d) = dir {
        places.push(d.join(".claude/settings.json"));
        places.push(d.join(".claude/settings.local.json"));
        dir = d.parent().map(std::path::Path::to_path_buf);
    }
    if let Some(h) = &home {
        places.push(h.join(".claude/settings.json"));
    }
    for p in places {
        if std::fs::read_to_string(&p).is_ok_and(|t| t.contains("pplan hook")) {
            return Some(p.display().to_string());
        }
    }
    // An installed plugin: a hooks.json of ours under ~/.claude/plugins.
    let plugins = home?.join(".claude/plugins");
    walkdir::WalkDir::new(&plugins)
        .max_depth(6)
        .into_iter()
        .flatten()
        .find(|e| {
            e.file_name() == "hooks.json"
                && std::fs::read_to_string(e.path()).is_ok_and(|t| t.contains("pplan hook"))
        })
        .map(|e| e.path().display().to_string())
}

/// `.name.XXXXXX` files atomic writes leave when killed, in the plan directory and `.pplan/`.
fn stale_temp_files(store: &Store) -> Vec<String> {
    let mut found = Vec::new();
    for dir in [store.dir().to_path_buf(), store.path(store::STATE_DIR)] {
        let Ok(rd) = std::fs::read_dir(&dir) else { continue };
        for e in rd.flatten() {
            let name = e.file_name().to_string_lossy().into_owned();
            let Some(rest) = name.strip_prefix('.') else { continue };
            if let Some((base, suffix)) = rest.rsplit_once('.')
                && suffix.len() == 6
                && suffix.bytes().all(|b| b.is_ascii_alphanumeric())
                && (base.ends_with(".md") || base.ends_with(".json"))
            {
                found.push(name);
            }
        }
    }
    found.sort();
    found
}
