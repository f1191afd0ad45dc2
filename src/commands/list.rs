//! `pplan list [DIR] [--all]`: the plans in a tree that are not complete (all with --all).

use std::path::Path;

use serde::Serialize;

use super::{Context, Output};
use crate::error::Result;
use crate::plan::Plan;
use crate::protocol::agents;
use crate::store::{self, Store};

#[derive(Serialize)]
struct Entry {
    path: String,
    title: Option<String>,
    progress_pct: u32,
    current_group: Option<String>,
    complete: bool,
    stalled: bool,
}

#[derive(Serialize)]
struct ListJson<'a> {
    schema_version: u32,
    kind: &'static str,
    plans: &'a [Entry],
}

pub fn run(ctx: &Context, dir: Option<&Path>, all: bool) -> Result<Output> {
    let root = dir.map_or_else(|| store::locate(ctx.dir.as_deref()), Path::to_path_buf);
    let mut entries = Vec::new();
    for plan_dir in store::find_plans(&root) {
        if let Some(e) = entry(ctx, &root, &plan_dir)
            && (all || !e.complete)
        {
            entries.push(e);
        }
    }
    if ctx.json {
        return Ok(Output::json(&ListJson { schema_version: 1, kind: "plan-list", plans: &entries }));
    }
    if entries.is_empty() {
        return Ok(Output::ok(format!(
            "no {}plans under {}\n",
            if all { "" } else { "open " },
            root.display()
        )));
    }
    let width = entries.iter().map(|e| e.path.chars().count()).max().unwrap_or(0);
    let mut out = String::new();
    for e in &entries {
        let current = e.current_group.as_deref().map_or_else(|| "-".to_string(), |g| format!("group {g}"));
        let stalled = if e.stalled { "  STALLED" } else { "" };
        let title = e.title.as_deref().map_or(String::new(), |t| crate::text::clip(t, 50));
        out.push_str(&format!("{:<width$}  {:>3}%  {current}  {title}{stalled}\n", e.path, e.progress_pct));
    }
    Ok(Output::ok(out))
}

fn entry(ctx: &Context, root: &Path, dir: &Path) -> Option<Entry> {
    let store = Store::new(dir.to_path_buf(), ctx.limits.clone());
    let doc = store.read(store::PLAN_FILE).ok()?;
    let plan = Plan::parse(&doc);
    let (pct, complete) = plan.progress();
    let current = plan.working_group();
    let stalled =
        current.is_some() && agents::observe_group(&store, &plan, current).iter().any(|o| o.stalled);
    let rel = dir.strip_prefix(root).map_or_else(|_| dir.to_path_buf(), Path::to_path_buf);
    let path = if rel.as_os_str().is_empty() { ".".to_string() } else { rel.display().to_string() };
    Some(Entry {
        path,
        title: plan.title.map(str::to_string),
        progress_pct: pct,
        current_group: current.map(|g| plan.groups[g].key.clone()),
        complete,
        stalled,
    })
}
