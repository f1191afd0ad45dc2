//! `pplan next`: the next ready task, one line — the first pending task of the group work
//! happens in whose dependencies are done and which nobody claimed.

use serde::Serialize;

use super::{Context, Output};
use crate::error::{ExitCode, Result};
use crate::plan::Plan;
use crate::protocol::claims::{self, Claimed, Next};
use crate::store;
use crate::store::config::Config;
use crate::text::Document;
use crate::text::clip_words;

#[derive(Serialize)]
struct NextJson<'a> {
    schema_version: u32,
    kind: &'static str,
    /// The task, or null when nothing is ready.
    task: Option<TaskJson<'a>>,
    /// With `--claim`: `claimed`, `renewed`, `stolen`, or null when nothing was claimed.
    claim: Option<&'static str>,
    claimed_by: Option<&'a str>,
    /// A stolen claim's former holder.
    stolen_from: Option<&'a str>,
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

pub fn run(ctx: &Context, claim_as: Option<&str>, steal: bool) -> Result<Output> {
    let store = ctx.store()?;
    // A claim answers from the plan as it left it: its task is named by index there.
    let (claimed, doc) = match claim_as {
        Some(by) => {
            let stall = Config::load(&store)?.stall_after();
            let (claimed, change, figures) = claims::claim_next(&store, by, steal, stall)?;
            ctx.wrote_change(&change, figures);
            (Some(claimed), Document::from_text(change.after))
        }
        None => (None, store.read(store::PLAN_FILE)?),
    };
    let plan = Plan::parse(&doc);
    if let Some(out) =
        claimed.and_then(|c| claimed_output(ctx, &plan, &doc, claim_as.unwrap_or_default(), &c))
    {
        return Ok(out);
    }
    let next = claims::next(&plan, |i| plan.tasks[i].claim().is_some());
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
            claim: None,
            claimed_by: None,
            stolen_from: None,
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
        let ids: Vec<String> = next
            .in_progress
            .iter()
            .take(3)
            .map(|&i| match plan.tasks[i].claim() {
                Some(c) => format!("{} ({})", label(plan, i), c.by),
                None => label(plan, i).to_string(),
            })
            .collect();
        let more = next.in_progress.len().saturating_sub(3);
        let more = if more > 0 { format!(", … and {more} more") } else { String::new() };
        return format!("nothing ready in {place}: in progress: {}{more}", ids.join(", "));
    };
    let more = match next.ready.len() - 1 {
        0 => String::new(),
        n => format!("; {n} more ready"),
    };
    format!("{} ({place}{more})", title(plan, i))
}

/// `BE-002: Build refunds`, annotations left out.
fn title(plan: &Plan<'_>, i: usize) -> String {
    let t = &plan.tasks[i];
    let text = clip_words(t.text, 80);
    match t.id {
        Some(id) => format!("{id}: {text}"),
        None => text,
    }
}

/// What `--claim` did, one line: `BE-002: Build refunds (group 1): claimed by alice`.
fn claimed_output(
    ctx: &Context,
    plan: &Plan<'_>,
    doc: &Document,
    by: &str,
    outcome: &Claimed,
) -> Option<Output> {
    let (i, what, from) = match *outcome {
        Claimed::Taken { task } => (task, "claimed", None),
        Claimed::Renewed { task } => (task, "renewed", None),
        Claimed::Stolen { task, ref from, .. } => (task, "stolen", Some(from.as_str())),
        Claimed::Nothing => return None,
    };
    let t = plan.tasks.get(i)?;
    if ctx.json {
        let json = NextJson {
            schema_version: 1,
            kind: "next",
            task: Some(TaskJson {
                id: t.id,
                text: crate::text::unescape(t.text).into_owned(),
                line: doc.line_of(t.at),
            }),
            claim: Some(what),
            claimed_by: Some(by),
            stolen_from: from,
            group: t.group.map(|g| plan.groups[g].key.as_str()),
            ready_total: 0,
            in_progress_total: 0,
            all_done: false,
        };
        return Some(Output::json(&json));
    }
    let shown = title(plan, i);
    let place = t.group.map_or(String::new(), |g| format!(" (group {})", plan.groups[g].key));
    let line = match outcome {
        Claimed::Stolen { from, idle_secs, .. } => format!(
            "{shown}{place}: stolen from {from} (idle {}), now claimed by {by}",
            crate::store::clock::age(std::time::Duration::from_secs(*idle_secs))
        ),
        Claimed::Renewed { .. } => format!("{shown}{place}: still claimed by {by} (claim renewed)"),
        _ => format!("{shown}{place}: claimed by {by}"),
    };
    Some(Output::ok(line + "\n"))
}

fn label<'a>(plan: &'a Plan<'_>, i: usize) -> &'a str {
    plan.tasks[i].id.unwrap_or(plan.tasks[i].text)
}
