//! The reboot test: after a context reset, answer from the files alone — Where am I? Where am I
//! going? What's the goal? What have I learned? What have I done? — and what comes next.
//! A question the files cannot answer is reported as a gap, with why.

use serde::Serialize;

use crate::plan::{Plan, Status};
use crate::protocol::agents::{self, AgentState, Seen};
use crate::store::Store;
use crate::text::{Block, Document, Outline};

#[derive(Clone, Debug, Serialize)]
pub struct Answer {
    pub question: &'static str,
    pub lines: Vec<String>,
    /// Why the files cannot answer, when they cannot.
    pub gap: Option<String>,
}

/// Headlines of a log file (findings.md, progress.md): its `##`–`####` headings, or for a file
/// without headings its list items, most recent first (by dates in them when they have dates,
/// else the last in the file).
pub fn headlines(text: &str, max: usize) -> Vec<String> {
    let doc = Document::from_text(text.to_string());
    let text = doc.text();
    let blocks = Outline::new(&doc).blocks;
    let mut found: Vec<String> = Vec::new();
    for (i, b) in blocks.iter().enumerate() {
        let Block::Heading { level: 2..=5, line, .. } = b else { continue };
        let h = text[line.clone()].trim_start_matches('#').trim();
        if h.is_empty() || h.contains(" — merged ") {
            continue;
        }
        // pplan's entries are headed by a bare timestamp: the entry's first line says more.
        let bare_stamp = date_in(h)
            .is_some_and(|d| h.starts_with(d) && h.len() - d.len() <= 4 && !h[d.len()..].contains(' '));
        if bare_stamp {
            let first = match blocks.get(i + 1) {
                Some(Block::Text { line } | Block::Item { line, .. }) => {
                    text[line.clone()].trim().trim_start_matches(['-', '*', ' '])
                }
                _ => "",
            };
            if !first.is_empty() {
                found.push(format!("{} {first}", &h[..h.len().min(10)]));
            }
            continue;
        }
        found.push(h.to_string());
    }
    if found.is_empty() {
        found = text
            .lines()
            .filter_map(|l| l.trim_start().strip_prefix("- "))
            .map(|l| l.trim().to_string())
            .collect();
    }
    // Newest first: the end of the file first, then by the dates in them when most have one
    // (newest-first logs are common too); a stable sort keeps file order within a date.
    found.reverse();
    let dated = found.iter().filter(|h| date_in(h).is_some()).count();
    if dated >= 2 && dated * 2 >= found.len() {
        found.sort_by(|a, b| date_in(b).cmp(&date_in(a)));
    }
    found.into_iter().take(max).map(|h| crate::text::clip(&h, 100)).collect()
}

/// The latest entries of findings.md, newest first: pplan's stamped entries (the stamp's date
/// and the entry's first line) and top-level list items, never headings; HTML comments and
/// placeholder items (`-`, `TBD`, `(none yet)`) are skipped. Newest is last in the file, or by
/// the dates in them when most have one.
pub fn entries(text: &str, max: usize) -> Vec<String> {
    let doc = Document::from_text(without_comments(text));
    let text = doc.text();
    let blocks = Outline::new(&doc).blocks;
    let mut found: Vec<String> = Vec::new();
    for (i, b) in blocks.iter().enumerate() {
        match b {
            Block::Heading { level: level @ 2..=5, line, .. } => {
                let h = text[line.clone()].trim_start_matches('#').trim();
                // A heading with nothing under it is a one-line finding, unless it is one of
                // the sections a findings template starts with.
                let bodyless = match blocks.get(i + 1) {
                    None => true,
                    Some(Block::Heading { level: next, .. }) => next <= level,
                    Some(_) => false,
                };
                if bodyless && date_in(h).is_none() && !h.is_empty() && !is_template_section(h) {
                    found.push(h.to_string());
                    continue;
                }
                let Some(d) = date_in(h) else { continue };
                if !(h.starts_with(d) && h.len() - d.len() <= 4 && !h[d.len()..].contains(' ')) {
                    continue;
                }
                if let Some(Block::Text { line } | Block::Item { line, .. }) = blocks.get(i + 1) {
                    let first = item_text(&text[line.clone()]);
                    if !first.is_empty() {
                        found.push(format!("{} {first}", &h[..h.len().min(10)]));
                    }
                }
            }
            Block::Item { line, parent: None } => {
                // The first line after a stamped heading is that entry already.
                let after_stamp = i > 0
                    && matches!(&blocks[i - 1], Block::Heading { line: h, .. }
                        if date_in(&text[h.clone()]).is_some_and(|d| text[h.clone()].trim_start_matches('#').trim().starts_with(d)));
                let item = item_text(&text[line.clone()]);
                if !after_stamp && !is_placeholder(item) {
                    found.push(item.to_string());
                }
            }
            _ => {}
        }
    }
    found.reverse();
    let dated = found.iter().filter(|h| date_in(h).is_some()).count();
    if dated >= 2 && dated * 2 >= found.len() {
        found.sort_by(|a, b| date_in(b).cmp(&date_in(a)));
    }
    found.into_iter().take(max).map(|h| crate::text::clip(&h, 100)).collect()
}

/// A list item's text without its marker and checkbox.
fn item_text(line: &str) -> &str {
    let s = line.trim();
    let s = crate::plan::syntax::list_marker(s).map_or(s, |n| &s[n..]).trim_start();
    crate::plan::syntax::checkbox(s).map_or(s, |(_, _, n)| &s[n..]).trim()
}

/// The sections of the findings template people start from: not findings themselves.
fn is_template_section(h: &str) -> bool {
    let h = h.trim_matches(|c: char| !c.is_alphanumeric()).to_lowercase();
    [
        "requirements",
        "research findings",
        "technical decisions",
        "issues encountered",
        "resources",
        "visual/browser findings",
        "findings",
        "decisions",
        "notes",
        "findings & decisions",
    ]
    .contains(&h.as_str())
}

fn is_placeholder(item: &str) -> bool {
    let t = item
        .trim_matches(|c: char| c.is_whitespace() || matches!(c, '*' | '_' | '`' | '(' | ')' | '.' | '…'));
    t.is_empty()
        || matches!(t.to_lowercase().as_str(), "-" | "—" | "tbd" | "todo" | "none" | "none yet" | "n/a")
}

/// `text` with its HTML comments blanked out (their line breaks kept).
fn without_comments(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find("<!--") {
        out.push_str(&rest[..start]);
        let Some(end) = rest[start..].find("-->") else {
            rest = "";
            break;
        };
        out.extend(rest[start..start + end + 3].chars().filter(|&c| c == '\n'));
        rest = &rest[start + end + 3..];
    }
    out.push_str(rest);
    out
}

/// findings.md and progress.md as the reboot reads them: `None` for a file that is not there.
pub fn read_logs(store: &Store) -> (Option<String>, Option<String>) {
    let read = |name: &str| {
        store
            .path(name)
            .exists()
            .then(|| String::from_utf8_lossy(&store.read_or_empty(name).unwrap_or_default()).into_owned())
    };
    (read(crate::protocol::merge::FINDINGS), read(crate::protocol::merge::PROGRESS))
}

/// The first `YYYY-MM-DD` (with an optional `THH:MM`) in a line.
fn date_in(s: &str) -> Option<&str> {
    let b = s.as_bytes();
    (0..b.len().saturating_sub(9)).find_map(|i| {
        let d = &b[i..i + 10];
        // Every byte is an ASCII digit or `-`, so both ends of the slice are character
        // boundaries (`2026-03-1日` is not a date).
        let ok =
            d[4] == b'-' && d[7] == b'-' && [0, 1, 2, 3, 5, 6, 8, 9].iter().all(|&k| d[k].is_ascii_digit());
        ok.then(|| {
            let time = b.get(i + 10..i + 16).filter(|t| {
                t[0] == b'T' && t[3] == b':' && [1, 2, 4, 5].iter().all(|&k| t[k].is_ascii_digit())
            });
            &s[i..if time.is_some() { i + 16 } else { i + 10 }]
        })
    })
}

/// Answer the six questions. `findings` and `progress` are the shared logs' texts (`None` when
/// a file is missing, which is no gap); `lists` caps every list. A plan without agents
/// ([`agents::plan_has_agents`]) is answered without talk of spawning and merging.
pub fn answers(
    store: &Store,
    plan: &Plan<'_>,
    findings: Option<&str>,
    progress: Option<&str>,
    lists: usize,
) -> Vec<Answer> {
    let has_agents = agents::plan_has_agents(store);
    let name =
        |t: usize| plan.tasks[t].id.map_or_else(|| crate::text::clip(plan.tasks[t].text, 60), str::to_string);
    let key = |g: usize| plan.groups[g].key.clone();
    let describe = |g: usize| {
        let grp = &plan.groups[g];
        let c = plan.counts(grp);
        format!(
            "group {}: {} ({}, {}/{} done)",
            grp.key,
            crate::text::clip(grp.title, 60),
            plan.status(grp),
            c.done + c.skipped,
            c.total
        )
    };
    let mut out = Vec::new();

    // Where am I?
    let current = plan.working_group();
    let mut lines = Vec::new();
    let mut gap = None;
    if plan.groups.is_empty() {
        gap = Some("task_plan.md has no groups".to_string());
    } else if let (Some(text), None, Some(_)) =
        (plan.current.as_ref().map(|l| l.text), plan.stated_current(), current)
    {
        gap =
            Some(format!("`## Current Group` names `{}`, which is not a group", crate::text::clip(text, 40)));
    }
    if let Some(g) = current {
        lines.push(describe(g));
    } else if !plan.groups.is_empty() {
        lines.push("every group is complete".into());
    }
    let running: Vec<String> = plan
        .tasks
        .iter()
        .filter(|t| t.status == Status::InProgress)
        .map(|t| t.id.map_or_else(|| crate::text::clip(t.text, 40), str::to_string))
        .collect();
    if !running.is_empty() {
        lines.push(format!("in progress: {}", cap(&running, lists)));
    }
    let observed = agents::observe_group(store, plan, current);
    let agents: Vec<String> = observed
        .iter()
        .filter(|o| o.state != Seen::Agent(AgentState::Complete))
        .map(|o| format!("{} {}", o.id, o.state.as_str()))
        .collect();
    if !agents.is_empty() {
        lines.push(format!("agents: {}", cap(&agents, lists)));
    }
    out.push(Answer { question: "Where am I?", lines, gap });

    // Where am I going?
    let remaining: Vec<usize> =
        (0..plan.groups.len()).filter(|&g| !plan.status(&plan.groups[g]).is_done()).collect();
    let lines = if remaining.is_empty() && !plan.groups.is_empty() {
        vec!["nowhere else: every group is complete".into()]
    } else {
        let later: Vec<String> =
            remaining.iter().filter(|&&g| Some(g) != current).map(|&g| describe(g)).collect();
        let mut l = Vec::new();
        if let (true, Some(c)) = (later.is_empty(), current) {
            // Groups may follow that are already done or skipped (`Phase 5: deferred`).
            l.push(match plan.groups.len() - c - 1 {
                0 => "this is the last group".into(),
                n => format!("this is the last open group ({} after it done or skipped)", count_groups(n)),
            });
        }
        l.extend(later.iter().take(lists).cloned());
        if later.len() > lists {
            l.push(format!("… and {} more", count_groups(later.len() - lists)));
        }
        l
    };
    let gap = plan.groups.is_empty().then(|| "task_plan.md has no groups".to_string());
    out.push(Answer { question: "Where am I going?", lines, gap });

    // What's the goal?
    let (lines, gap) = match plan.goal {
        Some(g) => (vec![crate::text::clip(g, 300)], None),
        None => (Vec::new(), Some("task_plan.md has no `## Goal`".to_string())),
    };
    out.push(Answer { question: "What's the goal?", lines, gap });

    // What have I learned? Open errors and decisions from the plan, then the latest findings.
    let mut learned: Vec<String> = open_errors(plan)
        .into_iter()
        .rev()
        .take(2)
        .map(|(task, error)| format!("open error: {task}: {}", crate::text::clip(&error, 120)))
        .collect();
    learned.extend(
        decisions(plan)
            .into_iter()
            .rev()
            .take(2)
            .map(|d| format!("decision: {}", crate::text::clip(&d, 120))),
    );
    let found = findings.map(|f| entries(f, lists)).unwrap_or_default();
    let findings_empty = found.is_empty();
    learned.extend(found);
    let groups_done = plan.groups.iter().filter(|g| plan.status(g).is_done()).count();
    // Merges write findings.md: empty after merged groups, something was lost. A person who
    // keeps no findings (or no file) has simply not written any.
    let gap = (findings.is_some() && findings_empty && groups_done > 0 && has_agents).then(|| {
        format!(
            "findings.md is empty although {} complete",
            crate::text::count(groups_done, "group is", "groups are")
        )
    });
    let lines =
        if learned.is_empty() && gap.is_none() { vec!["nothing recorded yet".into()] } else { learned };
    out.push(Answer { question: "What have I learned?", lines, gap });

    // What have I done?
    let done: Vec<String> = plan
        .tasks
        .iter()
        .filter(|t| t.status == Status::Complete)
        .map(|t| t.id.map_or_else(|| crate::text::clip(t.text, 40), str::to_string))
        .collect();
    let counts = crate::plan::Counts::of(&plan.tasks);
    let mut lines = Vec::new();
    if counts.total > 0 {
        lines.push(format!(
            "{}/{} done, {groups_done}/{} done",
            counts.done + counts.skipped,
            crate::text::count(counts.total, "task", "tasks"),
            crate::text::count(plan.groups.len(), "group", "groups")
        ));
    } else if !plan.groups.is_empty() {
        lines
            .push(format!("{groups_done}/{} done", crate::text::count(plan.groups.len(), "group", "groups")));
    }
    let groups: Vec<String> = (0..plan.groups.len())
        .filter(|&g| plan.status(&plan.groups[g]).is_done())
        .map(|g| format!("{} {}", plan.groups[g].key, crate::text::clip(plan.groups[g].title, 40)))
        .collect();
    if !groups.is_empty() {
        lines.push(format!("groups done: {}", cap(&groups, lists)));
    }
    if !done.is_empty() {
        let recent: Vec<String> = done.iter().rev().take(lists).cloned().collect();
        lines.push(format!("latest complete: {}", recent.join(", ")));
    }
    let logged = progress.map(|p| headlines(p, lists)).unwrap_or_default();
    lines.extend(logged.iter().map(|h| format!("log: {h}")));
    let gap = (progress.is_some() && logged.is_empty() && !done.is_empty() && has_agents)
        .then(|| "progress.md has no entries although tasks are complete".to_string());
    if lines.is_empty() {
        lines.push("nothing yet".into());
    }
    out.push(Answer { question: "What have I done?", lines, gap });

    // What am I about to do?
    let (next_group, next) = plan.next_tasks();
    let ready: Vec<String> = next.iter().map(|&t| name(t)).collect();
    // Agents are spawned by task id: a group of id-less tasks, or a plan that never ran agents
    // with such tasks, is worked by hand.
    let spawnable = !next.is_empty() && next.iter().all(|&t| plan.tasks[t].id.is_some());
    // What must be settled first: an escalated task, a BLOCKED agent, a group held by its
    // failing gate — each with its reason.
    let escalated: Vec<(String, String)> = plan
        .tasks
        .iter()
        .filter(|t| t.status == Status::Blocked)
        .filter_map(|t| {
            let id = t.id?;
            let open = crate::protocol::gate::open_strikes(plan, id);
            (open.len() >= crate::protocol::strikes::STRIKES)
                .then(|| (id.to_string(), open.last().map(|a| a.error.clone()).unwrap_or_default()))
        })
        .collect();
    let mut first: Vec<String> = escalated
        .iter()
        .map(|(id, error)| {
            format!(
                "first, escalated: {id} failed {} times (last: {error}); ask the user, record the decision with `pplan error {id} --resolve \"<decision>\"`",
                crate::protocol::strikes::STRIKES
            )
        })
        .collect();
    for o in &observed {
        if o.state != Seen::Agent(AgentState::Blocked) || escalated.iter().any(|(id, _)| *id == o.id) {
            continue;
        }
        first.push(format!(
            "first, BLOCKED {}: {}; settle it, then `pplan respawn {} --force` or `pplan set {} skipped`",
            o.id,
            o.reason.as_deref().unwrap_or("(no reason given)"),
            o.id,
            o.id
        ));
    }
    first.extend(crate::protocol::gate::red_gates(plan)
        .iter()
        .map(|red| {
            format!(
                "first, the failing gate: {}; reopen a task (`pplan respawn ID --reopen`) or add a fix task, then `pplan merge`",
                crate::protocol::gate::describe(red)
            )
        }));
    let in_group =
        |g: usize| plan.groups[g].tasks.clone().filter(|&t| plan.tasks[t].status == Status::InProgress);
    let (lines, gap) = match (&plan.next_step, current) {
        (Some(step), _) => (vec![crate::text::clip(step.text, 200)], None),
        (None, Some(_)) if spawnable && (has_agents || plan.tasks.iter().all(|t| t.id.is_some())) => {
            let g = next_group.map_or_else(String::new, |g| format!(" group {}", key(g)));
            (vec![format!("spawn{g}: {}", cap(&ready, lists))], None)
        }
        (None, Some(_)) if !ready.is_empty() => {
            let g = next_group.map_or_else(String::new, |g| format!(" (group {})", key(g)));
            (vec![format!("next: {}{g}", cap(&ready, lists))], None)
        }
        (None, Some(g)) if has_agents && !observed.is_empty() => {
            (vec![format!("wait for and merge group {}", key(g))], None)
        }
        (None, Some(g)) => {
            let running: Vec<String> = in_group(g).map(name).collect();
            let line = match running.is_empty() {
                true => format!("finish group {}: {}", key(g), crate::text::clip(plan.groups[g].title, 60)),
                false => format!("finish: {}", cap(&running, lists)),
            };
            (vec![line], None)
        }
        (None, None) if !plan.groups.is_empty() => {
            (vec!["every group is complete: final review".into()], None)
        }
        (None, None) => (Vec::new(), Some("no `## Next Step` and no groups".to_string())),
    };
    first.extend(lines);
    let lines = first;
    out.push(Answer { question: "What am I about to do?", lines, gap });
    out
}

/// `(task, error)` of every error row without a resolution, in table order.
fn open_errors(plan: &Plan<'_>) -> Vec<(String, String)> {
    use crate::plan::rows::{self, Column};
    let Some(table) = rows::target_table(plan, crate::plan::Log::Errors) else { return Vec::new() };
    let tasks: Vec<String> = table
        .rows
        .iter()
        .filter(|r| !r.placeholder)
        .filter_map(|r| rows::cell(plan.text, table, r, Column::Task))
        .map(|t| t.trim_matches(['`', '*']).to_string())
        .collect();
    let mut seen = Vec::new();
    let mut out = Vec::new();
    for task in tasks {
        if seen.contains(&task) {
            continue;
        }
        seen.push(task.clone());
        for a in crate::protocol::strikes::attempts(plan, &task) {
            if a.resolution.is_none() {
                out.push((task.clone(), a.error));
            }
        }
    }
    out
}

/// The decisions table's main cells, in table order.
fn decisions(plan: &Plan<'_>) -> Vec<String> {
    use crate::plan::rows::{self, Column};
    plan.tables
        .iter()
        .filter(|t| t.log == crate::plan::Log::Decisions)
        .flat_map(|t| {
            t.rows.iter().filter(|r| !r.placeholder).filter_map(move |r| {
                rows::cell(plan.text, t, r, Column::Decision)
                    .or_else(|| r.cells.first().map(|c| &plan.text[c.clone()]))
                    .map(|c| c.replace("\\|", "|"))
                    .filter(|c| !c.trim().is_empty())
            })
        })
        .collect()
}

fn count_groups(n: usize) -> String {
    crate::text::count(n, "group", "groups")
}

fn cap(items: &[String], max: usize) -> String {
    let mut s = items.iter().take(max).cloned().collect::<Vec<_>>().join(", ");
    if items.len() > max {
        s.push_str(&format!(" … and {} more", items.len() - max));
    }
    s
}

/// The answers as compact text, within `budget` bytes where the lists allow it.
pub fn render(answers: &[Answer]) -> String {
    let mut s = String::new();
    for a in answers {
        match (&a.gap, a.lines.as_slice()) {
            (Some(gap), []) => s.push_str(&format!("{} ? {gap}\n", a.question)),
            (_, [one]) => s.push_str(&format!("{} {one}\n", a.question)),
            (_, lines) => {
                s.push_str(&format!("{}\n", a.question));
                for l in lines {
                    s.push_str(&format!("  {l}\n"));
                }
            }
        }
    }
    let gaps: Vec<String> =
        answers.iter().filter_map(|a| a.gap.as_ref().map(|g| format!("{} ({g})", a.question))).collect();
    if !gaps.is_empty() {
        s.push_str(&format!("unanswered: {}\n", gaps.join("; ")));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headlines_are_newest_first_by_date_or_by_position() {
        let dated = "# P\n## 2026-03-01 old\n## 2026-03-05 new\n## 2026-03-03 mid\n";
        assert_eq!(headlines(dated, 2), ["2026-03-05 new", "2026-03-03 mid"]);
        let plain = "# F\n## a\n### b\n## c\n";
        assert_eq!(headlines(plain, 5), ["c", "b", "a"]);
        assert_eq!(headlines("# F\n- one\n- two\n", 1), ["two"]);
        assert!(headlines("", 3).is_empty());
    }
}
