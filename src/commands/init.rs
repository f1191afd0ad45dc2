//! `pplan init`: write the three plan files and `.pplan/` from the embedded templates.

use serde::Serialize;

use super::{Context, Output};
use crate::error::{Error, Result};
use crate::store::{self, Store};

const TASK_PLAN: &str = include_str!("../../templates/task_plan.md");
const FINDINGS: &str = include_str!("../../templates/findings.md");
const PROGRESS: &str = include_str!("../../templates/progress.md");

#[derive(Serialize)]
struct InitJson<'a> {
    schema_version: u32,
    kind: &'static str,
    created: Vec<&'a str>,
    dry_run: bool,
}

pub fn run(ctx: &Context, title: Option<String>, goal: Option<String>, dry_run: bool) -> Result<Output> {
    let dir = store::locate(ctx.dir.as_deref());
    let store = Store::new(dir.clone(), ctx.limits.clone());
    let title = title.unwrap_or_else(|| default_title(&dir));
    let goal =
        goal.map_or_else(|| "<!-- One sentence: what done looks like. -->".to_string(), |g| one_line(&g));
    let files = [
        (store::PLAN_FILE, TASK_PLAN.replace("{{title}}", &one_line(&title)).replace("{{goal}}", &goal)),
        ("findings.md", FINDINGS.to_string()),
        ("progress.md", PROGRESS.to_string()),
    ];
    if !dir.is_dir() {
        return Err(Error::NotAFile { path: dir });
    }
    // Refuse before writing anything: init never overwrites and never half-creates.
    for (name, _) in &files {
        let path = store.path(name);
        if std::fs::symlink_metadata(&path).is_ok() {
            return Err(Error::Exists { path });
        }
    }
    if !dry_run {
        let lock = store.lock()?;
        for (name, contents) in &files {
            store.create(&lock, name, contents)?;
        }
    }
    let names: Vec<&str> = files.iter().map(|(n, _)| *n).collect();
    if ctx.json {
        let json = InitJson { schema_version: 1, kind: "init", created: names, dry_run };
        return Ok(Output::ok(serde_json::to_string(&json).unwrap_or_default() + "\n"));
    }
    let verb = if dry_run { "would create" } else { "created" };
    Ok(Output::ok(format!("{verb} {} and .pplan/\n", names.join(", "))))
}

fn default_title(dir: &std::path::Path) -> String {
    std::fs::canonicalize(dir)
        .ok()
        .and_then(|d| d.file_name().map(|n| n.to_string_lossy().into_owned()))
        .unwrap_or_else(|| "Plan".to_string())
}

/// Titles and goals are one line in the file.
fn one_line(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}
