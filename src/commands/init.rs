//! `pplan init`: write the three plan files and `.pplan/` from the embedded templates.

use serde::Serialize;

use super::{Context, Output};
use crate::error::{Error, Result};
use std::path::PathBuf;

use crate::store::{self, Store, discover};

const TASK_PLAN: &str = include_str!("../../templates/task_plan.md");
const FINDINGS: &str = include_str!("../../templates/findings.md");
const PROGRESS: &str = include_str!("../../templates/progress.md");

#[derive(Serialize)]
struct InitJson<'a> {
    schema_version: u32,
    kind: &'static str,
    created: Vec<&'a str>,
    dry_run: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    plan_dir: Option<String>,
}

pub fn run(
    ctx: &Context,
    name: Option<&str>,
    title: Option<String>,
    goal: Option<String>,
    dry_run: bool,
) -> Result<Output> {
    let Some(name) = name else {
        return create(ctx, store::locate(ctx.dir.as_deref()), false, title, goal, dry_run);
    };
    if !discover::valid_id(name) {
        return Err(Error::Usage {
            message: format!("`{name}` is not a plan name"),
            hint: "pplan init --name <NAME> (letters, digits, `-`, `_`, `.`; not starting with a dot)",
        });
    }
    let root = project_root(ctx);
    let dir = root.join(discover::NAMED_DIR).join(name);
    let title = title.or_else(|| Some(name.to_string()));
    if dry_run || std::fs::symlink_metadata(dir.join(store::PLAN_FILE)).is_ok() {
        return create(ctx, dir, true, title, goal, dry_run);
    }
    store::create_named_dir(&root, name)?;
    let out = create(ctx, dir, true, title, goal, dry_run)?;
    store::set_active_plan(&root, name)?;
    Ok(out)
}

/// Where `.planning/` goes: see [`discover::project_root`].
fn project_root(ctx: &Context) -> PathBuf {
    discover::project_root(&discover::Request::from_env(ctx.dir.as_deref(), PathBuf::from(".")))
}

fn create(
    ctx: &Context,
    dir: PathBuf,
    named: bool,
    title: Option<String>,
    goal: Option<String>,
    dry_run: bool,
) -> Result<Output> {
    let shown = dir.strip_prefix(".").unwrap_or(&dir).to_path_buf();
    let store = Store::new(dir.clone(), ctx.limits.clone());
    let title = title.unwrap_or_else(|| default_title(&dir));
    let goal =
        goal.map_or_else(|| "<!-- One sentence: what done looks like. -->".to_string(), |g| one_line(&g));
    let files = [
        (store::PLAN_FILE, TASK_PLAN.replace("{{title}}", &one_line(&title)).replace("{{goal}}", &goal)),
        ("findings.md", FINDINGS.to_string()),
        ("progress.md", PROGRESS.to_string()),
    ];
    if !(dir.is_dir() || named && dry_run) {
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
        let plan_dir = named.then(|| shown.display().to_string());
        let json = InitJson { schema_version: 1, kind: "init", created: names, dry_run, plan_dir };
        return Ok(Output::ok(serde_json::to_string(&json).unwrap_or_default() + "\n"));
    }
    let verb = if dry_run { "would create" } else { "created" };
    let place = if named { format!(" in {} (the active plan)", shown.display()) } else { String::new() };
    Ok(Output::ok(format!("{verb} {} and .pplan/{place}\n", names.join(", "))))
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
