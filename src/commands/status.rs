//! `pplan status`: where the plan stands, in ~20 lines of text or the `plan-status` JSON.

use std::borrow::Cow;
use std::fmt::Write as _;

use serde::Serialize;

use super::{Context, Output};
use crate::error::Result;
use crate::plan::edit::find_group;
use crate::plan::warnings::{LineCounter, warnings};
use crate::plan::{Counts, Place, Plan, Status};
use crate::protocol::gate::{self, RedGate};
use crate::store;
use crate::text::Document;
use crate::text::{clip, clip_words, count, unescape};

/// At most this many tasks in each JSON list; `*_total` says how many there are.
const JSON_LIST_MAX: usize = 100;
/// Group lines shown in text before "… and N more".
const TEXT_GROUPS_MAX: usize = 8;

#[derive(Serialize)]
struct StatusJson<'a> {
    schema_version: u32,
    kind: &'static str,
    path: &'static str,
    title: Option<Cow<'a, str>>,
    goal: Option<Cow<'a, str>>,
    current_group: CurrentJson<'a>,
    progress_pct: u32,
    tasks: Counts,
    groups: Vec<GroupJson<'a>>,
    in_progress: Vec<TaskJson<'a>>,
    in_progress_total: usize,
    next_tasks: Vec<TaskJson<'a>>,
    next_tasks_total: usize,
    error_rows: usize,
    /// The first group held by a failing gate, or null.
    gate: Option<RedGate>,
    warnings: Vec<String>,
}

#[derive(Serialize)]
struct CurrentJson<'a> {
    stated: Option<&'a str>,
    stated_text: Option<&'a str>,
    derived: Option<&'a str>,
}

#[derive(Serialize)]
struct GroupJson<'a> {
    id: &'a str,
    key: &'a str,
    title: Cow<'a, str>,
    line: usize,
    status: Status,
    stored_status: Option<Status>,
    derived_status: Status,
    note: Option<&'a str>,
    tasks: Counts,
}

#[derive(Serialize)]
struct TaskJson<'a> {
    id: Option<&'a str>,
    text: Cow<'a, str>,
    group: Option<&'a str>,
    line: usize,
    /// Who claimed it (`next --claim`), if anyone.
    claimed_by: Option<&'a str>,
}

pub fn run(ctx: &Context, explain: Option<&str>) -> Result<Output> {
    let store = ctx.store()?;
    let doc = store.read(store::PLAN_FILE)?;
    let plan = Plan::parse(&doc);
    if let Some(group) = explain {
        let only = if group.is_empty() { None } else { Some(find_group(&plan, group)?) };
        return Ok(explained(&plan, only, ctx.json));
    }
    let summary = Summary::new(&plan);
    // A red gate already says why its group is in progress with every task done.
    let held: Vec<usize> = summary.red.iter().map(|r| r.group).collect();
    let warnings: Vec<String> =
        warnings(&plan, &doc, &held).into_iter().map(|w| format!("line {}: {}", w.line, w.message)).collect();
    let out = if ctx.json { json(&plan, &doc, &summary, warnings) } else { text(&plan, &summary, &warnings) };
    Ok(Output::ok(out))
}

/// Figures both outputs share.
struct Summary {
    counts: Counts,
    progress_pct: u32,
    stated: Option<usize>,
    derived: Option<usize>,
    in_progress: Vec<usize>,
    next: Vec<usize>,
    red: Vec<RedGate>,
}

impl Summary {
    fn new(plan: &Plan<'_>) -> Summary {
        let counts = Counts::of(&plan.tasks);
        let red = gate::red_gates(plan);
        let progress_pct = gate::progress_pct_with(plan, &red);
        let derived = plan.derived_current();
        let in_progress =
            (0..plan.tasks.len()).filter(|&i| plan.tasks[i].status == Status::InProgress).collect();
        Summary {
            counts,
            progress_pct,
            stated: plan.stated_current(),
            derived,
            in_progress,
            next: plan.next_tasks().1,
            red,
        }
    }
}

fn json(plan: &Plan<'_>, doc: &Document, s: &Summary, warnings: Vec<String>) -> String {
    let mut lines = LineCounter::new(doc.text());
    let groups = plan
        .groups
        .iter()
        .map(|g| {
            let counts = plan.counts(g);
            GroupJson {
                id: &g.id,
                key: &g.key,
                title: unescape(g.title),
                line: lines.line_of(g.at),
                status: plan.status(g),
                stored_status: g.stored(),
                derived_status: counts.derived(),
                note: g.note,
                tasks: counts,
            }
        })
        .collect();
    let mut task_list = |ids: &[usize]| -> Vec<TaskJson<'_>> {
        ids.iter()
            .take(JSON_LIST_MAX)
            .map(|&i| {
                let t = &plan.tasks[i];
                TaskJson {
                    id: t.id,
                    text: unescape(t.text),
                    group: t.group.map(|g| plan.groups[g].key.as_str()),
                    line: lines.line_of(t.at),
                    claimed_by: t.claim().map(|c| c.by),
                }
            })
            .collect()
    };
    let in_progress = task_list(&s.in_progress);
    let next_tasks = task_list(&s.next);
    let out = StatusJson {
        schema_version: 1,
        kind: "plan-status",
        path: store::PLAN_FILE,
        title: plan.title.map(unescape),
        goal: plan.goal.map(unescape),
        current_group: CurrentJson {
            stated: s.stated.map(|i| plan.groups[i].id.as_ref()),
            stated_text: plan.current.as_ref().map(|l| l.text),
            derived: s.derived.map(|i| plan.groups[i].id.as_ref()),
        },
        progress_pct: s.progress_pct,
        tasks: s.counts,
        groups,
        in_progress,
        in_progress_total: s.in_progress.len(),
        next_tasks,
        next_tasks_total: s.next.len(),
        error_rows: plan.error_rows(),
        gate: s.red.first().cloned(),
        warnings,
    };
    serde_json::to_string(&out).unwrap_or_default() + "\n"
}

fn text(plan: &Plan<'_>, s: &Summary, warnings: &[String]) -> String {
    let mut o = String::new();
    let c = &s.counts;
    let _ = writeln!(o, "plan: {}", plan.title.map_or("(untitled)".into(), |t| clip(t, 80)));
    let _ = writeln!(o, "goal: {}", plan.goal.map_or("(none)".into(), |g| clip(g, 100)));
    let errors = count(plan.error_rows(), "error row", "error rows");
    let done_groups = plan.groups.iter().filter(|g| plan.status(g).is_done()).count();
    let groups = plan.groups.len();
    let _ = match (c.total, groups) {
        // A plan of groups without tasks (a table of phases): its progress is its groups'.
        (0, 1..) => writeln!(
            o,
            "progress: {}% ({done_groups} of {} done, {errors})",
            s.progress_pct,
            count(groups, "group", "groups")
        ),
        (0, 0) => writeln!(o, "progress: no tasks and no groups, {errors}"),
        _ => writeln!(
            o,
            "progress: {}% ({} of {} done, {}, {errors})",
            s.progress_pct,
            c.done + c.skipped,
            count(c.total, "task", "tasks"),
            count(groups, "group", "groups"),
        ),
    };
    for red in &s.red {
        let _ = writeln!(o, "{}", gate::describe(red));
    }
    let key = |i: usize| plan.groups[i].key.as_str();
    let current = match (s.stated, s.derived, plan.current.as_ref().map(|l| l.text)) {
        (_, None, _) if plan.groups.is_empty() => "(no groups)".to_string(),
        (Some(st), Some(d), _) if st == d => key(d).to_string(),
        (Some(st), d, _) => format!("{} (stated {})", d.map_or("(all done)", key), key(st)),
        (None, None, Some(text)) if text.eq_ignore_ascii_case(crate::protocol::ALL_COMPLETE) => {
            "(all done)".into()
        }
        (None, d, Some(text)) => {
            format!("{} (stated `{}` names no group)", d.map_or("(all done)", key), clip(text, 40))
        }
        (None, d, None) => d.map_or("(all done)".into(), |d| key(d).to_string()),
    };
    let _ = writeln!(o, "current: {current}");
    if !plan.groups.is_empty() {
        let _ = writeln!(o, "groups:");
        let (from, to) = window(plan.groups.len(), s.derived);
        if from > 0 {
            let _ = writeln!(o, "  … {from} before");
        }
        let shown = &plan.groups[from..to];
        let fractions: Vec<String> = shown
            .iter()
            .map(|g| {
                let c = plan.counts(g);
                format!("{}/{}", c.done + c.skipped, c.total)
            })
            .collect();
        let width = shown.iter().map(|g| g.key.chars().count()).max().unwrap_or(1);
        let fw = fractions.iter().map(String::len).max().unwrap_or(3);
        for (i, (g, fraction)) in shown.iter().zip(&fractions).enumerate() {
            let mark = if Some(from + i) == s.derived { '>' } else { ' ' };
            let status = plan.status(g).as_str();
            let title = clip_words(g.title, 60);
            let _ = writeln!(o, "{mark} {:<width$}  {status:<11}  {fraction:<fw$}  {title}", g.key);
        }
        if to < plan.groups.len() {
            let _ = writeln!(o, "  … and {} more", plan.groups.len() - to);
        }
    }
    let _ = writeln!(o, "in progress: {}", task_line(plan, &s.in_progress));
    let _ = writeln!(o, "next: {}", task_line(plan, &s.next));
    for w in warnings.iter().take(3) {
        let _ = writeln!(o, "warning: {w}");
    }
    if warnings.len() > 3 {
        let _ = writeln!(o, "… and {} more warnings (pplan status --json)", warnings.len() - 3);
    }
    o
}

/// Which groups to list: all when few, else a window starting just before the current one.
fn window(len: usize, current: Option<usize>) -> (usize, usize) {
    if len <= TEXT_GROUPS_MAX {
        return (0, len);
    }
    let from = current.map_or(len - TEXT_GROUPS_MAX, |c| c.saturating_sub(2)).min(len - TEXT_GROUPS_MAX);
    (from, from + TEXT_GROUPS_MAX)
}

fn task_line(plan: &Plan<'_>, ids: &[usize]) -> String {
    if ids.is_empty() {
        return "-".into();
    }
    let mut parts: Vec<String> = ids
        .iter()
        .take(3)
        .map(|&i| {
            let t = &plan.tasks[i];
            let by = t.claim().map_or(String::new(), |c| format!(" ({})", c.by));
            match t.id {
                Some(id) => format!("{id} {}{by}", clip_words(t.text, 60)),
                None => format!("{}{by}", clip_words(t.text, 68)),
            }
        })
        .collect();
    if ids.len() > 3 {
        parts.push(format!("… and {} more", ids.len() - 3));
    }
    parts.join(" · ")
}

#[derive(Serialize)]
struct ExplainJson<'a> {
    schema_version: u32,
    kind: &'static str,
    groups: Vec<ExplainGroup<'a>>,
}

#[derive(Serialize)]
struct ExplainGroup<'a> {
    key: &'a str,
    line: usize,
    /// The line the group was read from, as written.
    text: &'a str,
    status: Status,
    /// Every place its status is written, the first one first; empty when derived.
    stated: Vec<ExplainPlace<'a>>,
    /// When nothing states a status: how many tasks it was derived from.
    derived_from_tasks: Option<usize>,
}

#[derive(Serialize)]
struct ExplainPlace<'a> {
    line: usize,
    token: &'a str,
    place: &'static str,
    status: Status,
    text: &'a str,
}

fn place_name(p: Place) -> &'static str {
    match p {
        Place::Checkbox => "checkbox",
        Place::Bracket => "bracket",
        Place::Label => "label",
        Place::Heading => "heading",
        Place::Cell => "cell",
        Place::Symbol => "symbol",
        Place::Column => "column",
        Place::Share => "share",
    }
}

/// The whole line around `at`, without its line ending.
fn line_at(text: &str, at: usize) -> &str {
    let start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    let end = text[at..].find('\n').map_or(text.len(), |i| at + i);
    text[start..end].trim_end_matches('\r')
}

/// `status --explain`: why pplan read each group the way it did, quotable in a bug report.
fn explained(plan: &Plan<'_>, only: Option<usize>, json: bool) -> Output {
    // Line numbers in one pass needs increasing offsets; a few lookups per group are cheap.
    let line_of = |at: usize| 1 + memchr::memchr_iter(b'\n', &plan.text.as_bytes()[..at]).count();
    let groups: Vec<ExplainGroup<'_>> = (0..plan.groups.len())
        .filter(|&i| only.is_none_or(|o| o == i))
        .map(|i| {
            let g = &plan.groups[i];
            let stated: Vec<ExplainPlace<'_>> = g
                .indicators
                .iter()
                .map(|ind| ExplainPlace {
                    line: line_of(ind.range.start),
                    token: &plan.text[ind.range.clone()],
                    place: place_name(ind.place),
                    status: ind.status,
                    text: line_at(plan.text, ind.range.start),
                })
                .collect();
            ExplainGroup {
                key: &g.key,
                line: line_of(g.at),
                text: line_at(plan.text, g.at),
                status: plan.status(g),
                derived_from_tasks: stated.is_empty().then(|| g.tasks.len()),
                stated,
            }
        })
        .collect();
    if json {
        return Output::json(&ExplainJson { schema_version: 1, kind: "plan-explain", groups });
    }
    let mut out = String::new();
    if groups.is_empty() {
        out.push_str("no groups: pplan sees no group headings, list-item groups or group table rows\n");
    }
    for g in &groups {
        let _ =
            writeln!(out, "group {} ({}), line {}: {}", g.key, g.status, g.line, clip(g.text.trim(), 100));
        match g.derived_from_tasks {
            Some(n) => {
                let _ = writeln!(out, "  status: derived from {n} task{}", if n == 1 { "" } else { "s" });
            }
            None => {
                for (k, p) in g.stated.iter().enumerate() {
                    let which = if k == 0 { "status" } else { "also" };
                    let _ = writeln!(
                        out,
                        "  {which}: line {}, {} `{}` ({}): {}",
                        p.line,
                        p.place,
                        p.token,
                        p.status,
                        clip(p.text.trim(), 100)
                    );
                }
            }
        }
    }
    Output::ok(out)
}
