//! The 3-strike protocol: a task's failed attempts, read back from the errors table.
//!
//! Attempt 1: diagnose and fix. Attempt 2: a different approach. Attempt 3: a broader rethink.
//! After the third failure the task is blocked and the user decides. An approach that already
//! failed for a task is never tried again ("mutate the approach").

use crate::plan::rows::{self, Column};
use crate::plan::{Log, Plan, Row, Table};
use crate::text::{Document, Edit};

pub const STRIKES: usize = 3;

/// One recorded failure of a task.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Attempt {
    pub error: String,
    pub approach: Option<String>,
    pub resolution: Option<String>,
    /// Index in the errors table's rows (for `--resolve`).
    pub row: usize,
}

/// The attempts recorded for `task`, in order: rows whose task cell is it, or (in a table
/// without a task column) whose main cell starts with `TASK:`.
pub fn attempts(plan: &Plan<'_>, task: &str) -> Vec<Attempt> {
    let Some(table) = rows::target_table(plan, Log::Errors) else { return Vec::new() };
    let text = plan.text;
    let has_task = table.columns.iter().any(|c| rows::column(c) == Column::Task);
    table
        .rows
        .iter()
        .enumerate()
        .filter(|(_, r)| !r.placeholder)
        .filter_map(|(i, r)| {
            let main = main_cell(text, table, r);
            let belongs = match has_task {
                true => rows::cell(text, table, r, Column::Task)
                    .map(|t| t.replace("\\|", "|"))
                    .is_some_and(|t| t == task || t.trim_matches(['`', '*']) == task),
                false => main.strip_prefix(task).is_some_and(|rest| rest.starts_with(':')),
            };
            belongs.then(|| Attempt {
                error: main.replace("\\|", "|"),
                approach: rows::cell(text, table, r, Column::Approach)
                    .map(|a| a.replace("\\|", "|"))
                    .filter(|a| !a.is_empty())
                    .or_else(|| folded(main, "approach")),
                resolution: rows::cell(text, table, r, Column::Resolution)
                    .map(str::to_string)
                    .filter(|a| !a.is_empty() && !matches!(a.as_str(), "-" | "—"))
                    .or_else(|| folded(main, "resolution")),
                row: i,
            })
        })
        .collect()
}

fn main_cell<'t>(text: &'t str, table: &Table<'_>, row: &Row) -> &'t str {
    rows::cell(text, table, row, Column::Error)
        .or_else(|| row.cells.first().map(|c| &text[c.clone()]))
        .unwrap_or("")
}

/// `… (attempt 2; approach: X; resolution: Y)`: the value for `label`, if folded in.
fn folded(cell: &str, label: &str) -> Option<String> {
    let prefix = format!("{label}: ");
    cell.split(" (").skip(1).find_map(|group| {
        let inner = group.split(')').next()?;
        inner.split("; ").find_map(|part| part.strip_prefix(&prefix).map(|v| v.replace("\\|", "|")))
    })
}

/// The edit that fills the resolution of the errors table's row `row` (in its resolution
/// column, or folded into its main cell when the table has none).
pub fn resolve_edit(plan: &Plan<'_>, doc: &Document, row: usize, resolution: &str) -> Option<Edit> {
    let table = rows::target_table(plan, Log::Errors)?;
    let row = table.rows.get(row)?;
    let text = rows::escape(resolution);
    let col = table.columns.iter().position(|c| rows::column(c) == Column::Resolution);
    Some(match col.and_then(|i| row.cells.get(i)) {
        Some(cell) if cell.is_empty() => {
            let line = &doc.text()[row.line.clone()];
            let local = cell.start - row.line.start..cell.end - row.line.start;
            let raw = rows::raw_cell(line, &local);
            Edit::replace(raw.start + row.line.start..raw.end + row.line.start, format!(" {text} "))
        }
        Some(cell) => Edit::replace(cell.clone(), text),
        None => {
            // No resolution column: add it to the values kept in the main cell.
            let main = table.columns.iter().position(|c| rows::column(c) == Column::Error).unwrap_or(0);
            let cell = row.cells.get(main.min(row.cells.len().saturating_sub(1)))?;
            let cell_text = &doc.text()[cell.clone()];
            if cell_text.ends_with(')') && cell_text.contains(" (") {
                Edit::insert(cell.end - 1, format!("; resolution: {text}"))
            } else {
                Edit::insert(cell.end, format!(" (resolution: {text})"))
            }
        }
    })
}

/// Refuse to run `task` again while it is escalated: its unresolved strikes since the last
/// resolved row reach [`STRIKES`]. A person's decision (`pplan error ID --resolve`) lifts it.
pub fn check_not_escalated(plan: &Plan<'_>, task: &str) -> crate::error::Result<()> {
    let all = attempts(plan, task);
    let settled = all.iter().rposition(|a| a.resolution.is_some()).map_or(0, |i| i + 1);
    let open = &all[settled..];
    match open.last() {
        Some(last) if open.len() >= STRIKES => Err(crate::error::Error::Escalated {
            id: task.to_string(),
            strikes: open.len(),
            last: last.error.clone(),
        }),
        _ => Ok(()),
    }
}

/// What a fresh agent for `task` must not try again: its last `max` failed approaches from the
/// errors table, `approach — error`, each cut to fit a brief.
pub fn failed_approaches(plan: &Plan<'_>, task: &str, max: usize) -> Vec<String> {
    let all = attempts(plan, task);
    all[all.len().saturating_sub(max)..]
        .iter()
        .map(|a| {
            let approach = a.approach.as_deref().unwrap_or("(approach not recorded)");
            format!("{} — {}", crate::text::clip(approach, 100), crate::text::clip(&a.error, 100))
        })
        .collect()
}

/// Approaches compare equal after folding case, whitespace and punctuation away
/// (`Use test-key!` is `use test key`).
pub fn fold(approach: &str) -> String {
    approach.chars().filter(|c| c.is_alphanumeric()).flat_map(char::to_lowercase).collect()
}

/// The escalation report for the user after the third strike.
pub fn report(task: &str, text: &str, attempts: &[(String, Option<String>)]) -> String {
    let mut s = format!("ESCALATE: `{task}` ({text}) failed {} times and is now blocked.\n", attempts.len());
    for (i, (error, approach)) in attempts.iter().enumerate() {
        let approach = approach.as_deref().unwrap_or("(not recorded)");
        s.push_str(&format!("{}. approach: {approach} — error: {error}\n", i + 1));
    }
    s.push_str("Ask the user how to proceed: another approach, missing information, or skipping the task.\n");
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn approaches_fold_case_space_and_punctuation() {
        assert_eq!(fold("Retry  with back-off!"), fold("retry with backoff"));
        assert_eq!(fold("Use test-key!"), fold("use test key"));
        assert_ne!(fold("retry"), fold("rewrite"));
    }

    #[test]
    fn folded_values_are_found() {
        assert_eq!(folded("BE-1: boom (attempt 2; approach: a \\| b)", "approach").as_deref(), Some("a | b"));
        assert_eq!(folded("boom", "approach"), None);
        assert_eq!(
            folded("T-1: boom (attempt 1; approach: retry) (resolved: it)", "approach").as_deref(),
            Some("retry")
        );
    }
}
