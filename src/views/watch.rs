//! What `pplan watch` shows: a frame for a terminal, or one line for a log. Pure functions of
//! the files' state ([`View`]); the command owns the terminal and the events.

use crate::plan::rows::{self, Column};
use crate::plan::{Log, Plan};
use crate::protocol::progress::Snapshot;
use crate::store::{self, Store};

/// Everything a frame shows, read from the plan directory.
pub struct View {
    pub snap: Snapshot,
    pub goal: Option<String>,
    pub next_step: Option<String>,
    /// The first ready tasks (`status`'s `next`), for a plan without a `## Next Step`.
    pub next_tasks: Vec<String>,
    /// The last few error rows without a resolution: `task: error (strike n)`.
    pub errors: Vec<String>,
    /// Error rows without a resolution.
    pub error_total: usize,
    /// Error rows with one (not shown).
    pub resolved: usize,
    /// Whether the plan runs agents ([`crate::protocol::agents::plan_has_agents`]).
    pub has_agents: bool,
}

/// Error rows shown.
const ERRORS: usize = 3;

impl View {
    pub fn load(store: &Store) -> crate::Result<View> {
        let doc = store.read(store::PLAN_FILE)?;
        let plan = Plan::parse(&doc);
        let snap = crate::protocol::progress::snapshot_of(store, &plan, "watch");
        let text = doc.text();
        let mut errors = Vec::new();
        let (mut error_total, mut resolved) = (0, 0);
        if let Some(table) = rows::target_table(&plan, Log::Errors) {
            let cell_of = |row: &crate::plan::Row, c: Column| {
                rows::cell(text, table, row, c)
                    .map(str::trim)
                    .filter(|s| !s.is_empty() && !matches!(*s, "-" | "—"))
            };
            let main_of = |row: &crate::plan::Row| {
                cell_of(row, Column::Error)
                    .or_else(|| row.cells.first().map(|c| text[c.clone()].trim()))
                    .unwrap_or("")
            };
            // Resolved: a resolution cell, or one folded into the main cell (`(…; resolution: x)`).
            let (open, done): (Vec<_>, Vec<_>) =
                table.rows.iter().filter(|r| !r.placeholder).partition(|r| {
                    cell_of(r, Column::Resolution).is_none() && !main_of(r).contains("resolution: ")
                });
            (error_total, resolved) = (open.len(), done.len());
            for row in open.iter().rev().take(ERRORS).rev() {
                let cell = |c: Column| cell_of(row, c);
                let main = main_of(row);
                let mut line = match cell(Column::Task) {
                    Some(task) => format!("{task}: {main}"),
                    None => main.to_string(),
                };
                if let Some(n) = cell(Column::Attempt) {
                    line.push_str(&format!(" (strike {n})"));
                }
                errors.push(line.replace("\\|", "|"));
            }
        }
        let next_tasks = plan
            .next_tasks()
            .1
            .iter()
            .map(|&t| {
                plan.tasks[t].id.map_or_else(|| crate::text::clip(plan.tasks[t].text, 60), str::to_string)
            })
            .collect();
        Ok(View {
            snap,
            goal: plan.goal.map(|g| g.trim().to_string()).filter(|g| !g.is_empty()),
            next_step: plan.next_step.map(|l| l.text.trim().to_string()).filter(|s| !s.is_empty()),
            next_tasks,
            errors,
            error_total,
            resolved,
            has_agents: crate::protocol::agents::plan_has_agents(store),
        })
    }
}

/// Styling: ANSI colours, or none (`NO_COLOR`, or not a terminal).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Style {
    pub color: bool,
}

impl Style {
    fn paint(self, code: &str, s: &str) -> String {
        if self.color { format!("\x1b[{code}m{s}\x1b[0m") } else { s.to_string() }
    }

    fn state(self, state: &str, stalled: bool) -> String {
        let code = match state {
            _ if stalled => "1;33",
            "COMPLETE" | "complete" => "32",
            "IN_PROGRESS" | "in_progress" | "CONTINUATION_REQUIRED" => "36",
            "BLOCKED" | "blocked" | "MISSING" | "NO_MARKER" => "1;31",
            _ => "2",
        };
        self.paint(code, state)
    }
}

/// The frame for a terminal `width` columns wide: lines without line endings, each at most
/// `width` columns (wider text is cut with `…`).
pub fn frame(v: &View, width: usize, style: Style) -> Vec<String> {
    let width = width.max(20);
    let mut out = Vec::new();
    let s = &v.snap;
    let title = s.title.as_deref().unwrap_or("(untitled plan)");
    out.push(style.paint("1", &fit(&format!("pplan watch: {title}"), width)));
    if let Some(goal) = &v.goal {
        out.push(fit(&format!("Goal: {goal}"), width));
    }
    let t = &s.tasks;
    let figures = if t.total == 0 && !s.groups.is_empty() {
        // A plan of groups without tasks (a table of phases): its groups are its progress.
        let done = s.groups.iter().filter(|g| matches!(g.status.as_str(), "complete" | "skipped")).count();
        format!("{done} of {} done", crate::text::count(s.groups.len(), "group", "groups"))
    } else {
        format!(
            "{} of {} done · {} in progress · {} blocked · {} pending",
            t.done + t.skipped,
            crate::text::count(t.total, "task", "tasks"),
            t.in_progress,
            t.blocked,
            t.pending
        )
    };
    out.push(fit(&figures, width));
    if let Some(red) = &s.gate {
        out.push(style.paint("31", &fit(&crate::protocol::gate::describe(red), width)));
    }
    out.push(String::new());

    if s.groups.is_empty() {
        out.push("no groups".to_string());
    }
    // Groups: a label column, then a bar of what is left.
    let label_w = (width / 3).clamp(10, 40);
    let count_w = 9;
    // A line: label, a space, the bar, a space, the count, two spaces, the status (up to 11).
    let bar_w = width.saturating_sub(label_w + count_w + 15).clamp(0, 40);
    for g in &s.groups {
        let current = s.current_group.as_ref().is_some_and(|c| c.key == g.key);
        let mark = if current { "▶ " } else { "  " };
        let label = fit(&format!("{mark}{} {}", g.id, g.title), label_w);
        let bar = if bar_w >= 4 { format!(" {}", bar(g.done, g.total, bar_w)) } else { String::new() };
        let line =
            format!("{label:<label_w$}{bar} {:>count_w$}  {}", format!("{}/{}", g.done, g.total), g.status);
        let line = fit(&line, width);
        out.push(if current { style.paint("1", &line) } else { line });
    }

    if let Some(g) = s.current_group.as_ref().filter(|_| v.has_agents) {
        out.push(String::new());
        out.push(fit(&format!("Agents of group {}:", g.id), width));
        if s.agents.is_empty() {
            out.push("  none spawned".to_string());
        }
        let id_w = s.agents.iter().map(|a| a.id.chars().count()).max().unwrap_or(0);
        let state_w = s.agents.iter().map(|a| a.state.len()).max().unwrap_or(0);
        for a in &s.agents {
            let age = a.age_secs.map_or(String::new(), |secs| {
                format!("  {}", crate::store::clock::age(std::time::Duration::from_secs(secs)))
            });
            let stalled = if a.stalled { "  STALLED" } else { "" };
            let pad = " ".repeat(state_w - a.state.len());
            let plain = format!("  {:<id_w$}  {}{pad}{age}{stalled}", a.id, a.state);
            if plain.chars().count() > width {
                out.push(fit(&plain, width));
            } else {
                let state = style.state(&a.state, a.stalled);
                let stalled = if a.stalled { style.paint("1;33", "  STALLED") } else { String::new() };
                out.push(format!("  {:<id_w$}  {state}{pad}{age}{stalled}", a.id));
            }
        }
    }

    out.push(String::new());
    let resolved = match v.resolved {
        0 => String::new(),
        n => format!(", {n} resolved"),
    };
    match v.error_total {
        0 if v.resolved == 0 => out.push("Errors: none".to_string()),
        0 => out.push(format!("Errors: none open ({} resolved)", v.resolved)),
        n => {
            out.push(fit(&format!("Errors ({n} open{resolved}, latest last):"), width));
            for e in &v.errors {
                out.push(style.paint("31", &fit(&format!("  {e}"), width)));
            }
        }
    }
    let next = match (&v.next_step, v.next_tasks.as_slice()) {
        (Some(step), _) => Some(step.clone()),
        (None, []) => None,
        (None, [one]) => Some(one.clone()),
        (None, [first, rest @ ..]) => Some(format!("{first} (and {} more ready)", rest.len())),
    };
    if let Some(next) = next {
        out.push(String::new());
        out.push(fit(&format!("Next: {next}"), width));
    }
    out.push(String::new());
    out.push(style.paint("2", &fit(&format!("updated {} · q or Ctrl-C quits", s.updated_at), width)));
    out
}

/// One line for a log (stdout not a terminal): printed when it differs from the last.
pub fn line(v: &View) -> String {
    let s = &v.snap;
    let group = s
        .current_group
        .as_ref()
        .map_or_else(|| "no current group".to_string(), |g| format!("group {} {}/{}", g.id, g.done, g.total));
    let agents: Vec<String> = s
        .agents
        .iter()
        .map(|a| format!("{} {}{}", a.id, a.state, if a.stalled { " STALLED" } else { "" }))
        .collect();
    let mut l = format!("{} done {}/{}, {}", s.status, s.tasks.done + s.tasks.skipped, s.tasks.total, group);
    if !agents.is_empty() {
        l.push_str(&format!("; agents: {}", agents.join(", ")));
    }
    if let Some(red) = &s.gate {
        l.push_str(&format!("; {}", crate::protocol::gate::describe(red)));
    }
    if v.error_total > 0 {
        l.push_str(&format!("; {}", crate::text::count(v.error_total, "open error", "open errors")));
    }
    l
}

/// A bar of `width` cells: done filled, the rest light. Only counts: no percentage is invented.
fn bar(done: usize, total: usize, width: usize) -> String {
    let filled = (done * width + total / 2).checked_div(total).unwrap_or(0).min(width);
    format!("{}{}", "█".repeat(filled), "░".repeat(width - filled))
}

/// `s` cut to `width` columns (characters), ending in `…` when cut.
pub fn fit(s: &str, width: usize) -> String {
    if s.chars().count() <= width {
        return s.to_string();
    }
    let mut out: String = s.chars().take(width.saturating_sub(1)).collect();
    out.push('…');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bars_show_counts_only() {
        assert_eq!(bar(0, 4, 8), "░░░░░░░░");
        assert_eq!(bar(1, 4, 8), "██░░░░░░");
        assert_eq!(bar(4, 4, 8), "████████");
        assert_eq!(bar(0, 0, 4), "░░░░");
    }

    #[test]
    fn long_text_is_cut_to_the_width() {
        assert_eq!(fit("abcdef", 4), "abc…");
        assert_eq!(fit("abc", 4), "abc");
    }
}
