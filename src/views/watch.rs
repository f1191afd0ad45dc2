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
    /// The last few error rows: `task: error (strike n)`.
    pub errors: Vec<String>,
    pub error_total: usize,
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
        let mut error_total = 0;
        if let Some(table) = rows::target_table(&plan, Log::Errors) {
            let entries: Vec<_> = table.rows.iter().filter(|r| !r.placeholder).collect();
            error_total = entries.len();
            for row in entries.iter().rev().take(ERRORS).rev() {
                let cell =
                    |c: Column| rows::cell(text, table, row, c).map(str::trim).filter(|s| !s.is_empty());
                let main = cell(Column::Error)
                    .or_else(|| row.cells.first().map(|c| text[c.clone()].trim()))
                    .unwrap_or("");
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
        Ok(View {
            snap,
            goal: plan.goal.map(|g| g.trim().to_string()).filter(|g| !g.is_empty()),
            next_step: plan.next_step.map(|l| l.text.trim().to_string()).filter(|s| !s.is_empty()),
            errors,
            error_total,
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
    out.push(fit(
        &format!(
            "{} of {} tasks done · {} in progress · {} blocked · {} pending",
            t.done + t.skipped,
            t.total,
            t.in_progress,
            t.blocked,
            t.pending
        ),
        width,
    ));
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
    let bar_w = width.saturating_sub(label_w + count_w + 14).clamp(0, 40);
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

    if let Some(g) = &s.current_group {
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
    match v.error_total {
        0 => out.push("Errors: none".to_string()),
        n => {
            out.push(fit(&format!("Errors ({n}, latest last):"), width));
            for e in &v.errors {
                out.push(style.paint("31", &fit(&format!("  {e}"), width)));
            }
        }
    }
    if let Some(next) = &v.next_step {
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
        l.push_str(&format!("; {} error rows", v.error_total));
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
