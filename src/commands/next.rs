//! `pplan next`: the next ready task, one line — the first pending task of the group work
//! happens in whose dependencies are done and which nobody claimed.

use serde::Serialize;

use super::{Context, Output};
use crate::error::{ExitCode, Result};
use crate::plan::Plan;
use crate::protocol::claims::{self, Next};
use crate::store;
use crate::text::clip_words;

#[derive(Serialize)]
struct NextJson<'a> {
    schema_version: u32,
    kind: &'static str,
    /// The task, or null when nothing is ready.
    task: Option<TaskJson<'a>>,
    group: Option<&'a str>,
    ready_total: usize,
    in_progress_total: usize,
    all_done: bool,
}

#[derive(Serialize)]
struct TaskJson<'a> {
    id: Option<&'a str>,
    text: String,
    line: usize,
}

pub fn run(ctx: &Context) -> Result<Output> {
    let store = ctx.store()?;
    let doc = store.read(store::PLAN_FILE)?;
    let plan = Plan::parse(&doc);
    let next = claims::next(&plan, |_| false);
    let group = next.group.map(|g| plan.groups[g].key.as_str());
    let code = if next.ready.is_empty() && !next.all_done { ExitCode::NotReady } else { ExitCode::Ok };
    if ctx.json {
        let task = next.ready.first().map(|&i| TaskJson {
            id: plan.tasks[i].id,
            text: crate::text::unescape(plan.tasks[i].text).into_owned(),
            line: doc.line_of(plan.tasks[i].at),
        });
        let json = NextJson {
            schema_version: 1,
            kind: "next",
            task,
            group,
            ready_total: next.ready.len(),
            in_progress_total: next.in_progress.len(),
            all_done: next.all_done,
        };
        return Ok(Output { code, ..Output::json(&json) });
    }
    Ok(Output { stdout: line(&plan, &next) + "\n", code })
}

/// `BE-002: Build refunds (group 1; 2 more ready)`, or why nothing is.
fn line(plan: &Plan<'_>, next: &Next) -> String {
    let place =
        next.group.map_or_else(|| "the plan".to_string(), |g| format!("group {}", plan.groups[g].key));
    let Some(&i) = next.ready.first() else {
        if next.all_done {
            return "nothing left: every task is done".into();
        }
        if let Some(red) = next.group.and_then(|g| crate::protocol::gate::red_gate(plan, g)) {
            return format!(
                "nothing ready in {place}: its gate failed (strike {} of {}: {}); it needs a fix task",
                red.strike, red.strikes, red.last
            );
        }
        if next.in_progress.is_empty() {
            return format!("nothing ready in {place}: its pending tasks wait on dependencies");
        }
        let ids: Vec<&str> = next.in_progress.iter().take(3).map(|&i| label(plan, i)).collect();
        let more = next.in_progress.len().saturating_sub(3);
        let more = if more > 0 { format!(", … and {more} more") } else { String::new() };
        return format!("nothing ready in {place}: in progress: {}{more}", ids.join(", "));
    };
    let more = match next.ready.len() - 1 {
        0 => String::new(),
        n => format!("; {n} more ready"),
    };
    let t = &plan.tasks[i];
    match t.id {
        Some(id) => format!("{id}: {} ({place}{more})", clip_words(t.text, 80)),
        None => format!("{} ({place}{more})", clip_words(t.text, 80)),
    }
}

fn label<'a>(plan: &'a Plan<'_>, i: usize) -> &'a str {
    plan.tasks[i].id.unwrap_or(plan.tasks[i].text)
}
