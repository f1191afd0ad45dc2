//! The 3-strike protocol: a task's strikes (failed approaches), read back from the errors table.
//!
//! Strike 1: diagnose and fix. Strike 2: a different approach. Strike 3: a broader rethink.
//! After the third failure the task is blocked and the user decides. An approach that already
//! failed for a task is never tried again ("mutate the approach").

use serde::Serialize;

use crate::error::Result;
use crate::plan::edit::{self, Target};
use crate::plan::rows::{self, Column, Values};
use crate::plan::{Log, Plan, Row, Status, Table};
use crate::protocol::agents::{self, AgentState};
use crate::store::Store;
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

/// How many strike rows each task id has, in one pass over the errors table: the count
/// [`attempts`] gives for every id at once (`check` asks for all of them). A task named by its
/// text (no id) is not keyed here: its text may hold `:` or markup; ask [`attempts`].
pub fn strike_counts(plan: &Plan<'_>) -> std::collections::HashMap<String, usize> {
    let mut counts = std::collections::HashMap::new();
    for (task, _) in strike_rows(plan) {
        *counts.entry(task).or_insert(0) += 1;
    }
    counts
}

/// The task each strike row names (as [`strike_counts`] keys it), with the row's offset, in
/// table order.
pub fn strike_rows(plan: &Plan<'_>) -> Vec<(String, usize)> {
    let Some(table) = rows::target_table(plan, Log::Errors) else { return Vec::new() };
    let text = plan.text;
    let has_task = table.columns.iter().any(|c| rows::column(c) == Column::Task);
    let task = |r: &Row| match has_task {
        true => rows::cell(text, table, r, Column::Task)
            .map(|t| t.replace("\\|", "|").trim_matches(['`', '*']).to_string()),
        false => main_cell(text, table, r).split_once(':').map(|(id, _)| id.to_string()),
    };
    table
        .rows
        .iter()
        .filter(|r| !r.placeholder)
        .filter_map(|r| Some((task(r).filter(|t| !t.is_empty())?, r.line.start)))
        .collect()
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

/// The first line of a progress entry that records a failed approach (`pplan log --failed`).
const FAILED_APPROACH: &str = "Failed approach: ";
/// The first line of a progress entry that records a COMPLETE the agent gate refused.
const AGENT_GATE_FAILED: &str = "Agent gate failed: ";
/// The second line of both: the error.
const ERROR_LINE: &str = "Error: ";

/// The text of a progress entry for a failed approach, as the agent gives it.
pub fn failed_entry(approach: &str, error: &str) -> String {
    format!("{FAILED_APPROACH}{}\n{ERROR_LINE}{}", one_line(approach), one_line(error))
}

/// The text of a progress entry for a COMPLETE the agent gate refused.
pub fn agent_gate_entry(command: &str, error: &str) -> String {
    format!(
        "{AGENT_GATE_FAILED}`{}`\n{ERROR_LINE}{}",
        one_line(command),
        crate::text::clip(&one_line(error), 200)
    )
}

fn one_line(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// A failure an agent logged in its own progress file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Logged {
    pub approach: String,
    pub error: String,
}

/// The failures logged in a progress file, in order. An agent gate's refusal carries its
/// entry's stamp in its approach (`agent_gate `cmd` (<stamp>)`): each refusal is a strike of its
/// own, while a failed approach logged twice is one strike (it is the same approach).
pub fn logged_failures(progress: &str) -> Vec<Logged> {
    let lines: Vec<&str> = progress.lines().map(|l| l.trim_end_matches('\r')).collect();
    let mut stamp = "";
    let mut out = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        if let Some(s) = line.strip_prefix("### ") {
            stamp = s.trim();
            continue;
        }
        let Some(error) = lines.get(i + 1).and_then(|l| l.strip_prefix(ERROR_LINE)).map(str::trim) else {
            continue;
        };
        let approach = if let Some(a) = line.strip_prefix(FAILED_APPROACH) {
            a.trim().to_string()
        } else if let Some(c) = line.strip_prefix(AGENT_GATE_FAILED) {
            format!("agent_gate {} ({stamp})", c.trim())
        } else {
            continue;
        };
        if !approach.is_empty() && !error.is_empty() {
            out.push(Logged { approach, error: error.to_string() });
        }
    }
    out
}

/// A strike row `wait` or `merge` wrote for a failure an agent logged.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Recorded {
    pub task: String,
    pub strike: usize,
    pub approach: String,
    pub error: String,
    /// The third strike (or a later one) of an agent that did not finish: task and agent blocked.
    pub escalated: bool,
    /// False when the task is no longer in the plan (a person removed it after spawning it):
    /// the row is written all the same, and nothing is blocked.
    pub in_plan: bool,
}

/// Turn the failures the agents `ids` logged in their own progress files into strike rows of
/// their tasks, each exactly once: a row whose approach (folded) the task already has is not
/// written again, so running this twice, or after a person recorded the same row, adds nothing.
/// At the third strike of an agent that is not COMPLETE, its task and marker are blocked, as
/// `pplan error` does.
pub fn record_logged(store: &Store, ids: &[String]) -> Result<Vec<Recorded>> {
    let mut out = Vec::new();
    for id in ids {
        if agents::check_id(id).is_err() {
            continue;
        }
        let Some(progress) = store.read_unlinked(&agents::progress_file(id))? else { continue };
        let logged = logged_failures(progress.text());
        if logged.is_empty() {
            continue;
        }
        let complete =
            agents::find_marker(progress.text()).and_then(|m| m.state) == Some(AgentState::Complete);
        for failure in logged {
            if let Some(r) = record_one(store, id, &failure, complete)? {
                out.push(r);
            }
        }
    }
    for r in out.iter().filter(|r| r.escalated) {
        let reason = format!("3 strikes: {}", r.error);
        agents::set_marker(store, &r.task, AgentState::Blocked, None, Some(&reason))?;
    }
    Ok(out)
}

fn record_one(store: &Store, id: &str, failure: &Logged, complete: bool) -> Result<Option<Recorded>> {
    let mut recorded = None;
    let blocks = std::cell::Cell::new(false);
    store.update(
        crate::store::PLAN_FILE,
        false,
        |doc| {
            let plan = Plan::parse(doc);
            // A task that left the plan keeps its strikes; an id two tasks share is an error.
            let t = match edit::find_task(&plan, doc, id) {
                Ok(t) => Some(t),
                Err(crate::Error::UnknownTask { .. }) => None,
                Err(e) => return Err(e),
            };
            let all = attempts(&plan, id);
            if all.iter().any(|a| a.approach.as_deref().map(fold) == Some(fold(&failure.approach))) {
                return Ok(Vec::new());
            }
            let strike = all.len() + 1;
            let values = Values {
                error: Some(failure.error.clone()),
                task: Some(id.to_string()),
                attempt: Some(strike as u32),
                approach: Some(failure.approach.clone()),
                stamp: crate::store::clock::now_stamp(),
                ..Values::default()
            };
            let mut edits = vec![rows::append(&plan, doc, Log::Errors, &values)];
            let escalated = strike >= STRIKES && !complete && t.is_some();
            if let Some(t) = t.filter(|&t| escalated && plan.tasks[t].status != Status::Blocked) {
                blocks.set(true);
                edits.extend(edit::set_status(&plan, doc, Target::Task(t), Status::Blocked)?);
            }
            recorded = Some(Recorded {
                task: id.to_string(),
                strike,
                approach: failure.approach.clone(),
                error: failure.error.clone(),
                escalated,
                in_plan: t.is_some(),
            });
            Ok(edits)
        },
        |before: &Document, after: &Document| {
            let (b, a) = (Plan::parse(before), Plan::parse(after));
            if a.error_rows() != b.error_rows() + 1 {
                return Err("the strike row is not in the plan after the edit".into());
            }
            let changes = match edit::find_task(&b, before, id) {
                Ok(t) if blocks.get() => vec![(Target::Task(t), Status::Blocked)],
                _ => Vec::new(),
            };
            edit::verify_sets(&b, &a, &changes)
        },
    )?;
    Ok(recorded)
}

/// `strike 2 of 3 for FE-001: parse floats — cart total is NaN` (and the escalation after it).
pub fn describe_recorded(r: &Recorded) -> String {
    let mut s = format!("strike {} of {STRIKES} for {}: {} — {}", r.strike, r.task, r.approach, r.error);
    if !r.in_plan {
        s.push_str(&format!(
            " ({} is no task of the plan any more: the row is kept, nothing is blocked)",
            r.task
        ));
    }
    if r.escalated {
        s.push_str(&format!(
            "\nESCALATE: `{}` failed {} times and is now blocked; ask the user, record the decision with `pplan error {} --resolve \"<decision>\"`",
            r.task, r.strike, r.task
        ));
    }
    s
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

    #[test]
    fn strike_counts_agree_with_attempts() {
        let with_task = "# P\n\n### Group 1: A\n- [ ] BE-1: a\n- [ ] FE-1: b\n- [ ] QA-1: c\n\n## Errors Encountered\n\
                         | Error | Task | Strike | Approach | Resolution |\n|---|---|---|---|---|\n\
                         | boom | BE-1 | 1 | x | |\n| boom | `BE-1` | 2 | y | |\n| a \\| b | **FE-1** | 1 | z | |\n| - | - | - | - | - |\n";
        let no_task = "# P\n\n### Group 1: A\n- [ ] BE-1: a\n- [ ] FE-1: b\n\n## Errors Encountered\n\
                       | Error | Resolution |\n|---|---|\n| BE-1: boom | |\n| BE-1: again (approach: y) | |\n| FE-1 boom | |\n";
        for text in [with_task, no_task] {
            let doc = crate::text::Document::from_text(text.to_string());
            let plan = Plan::parse(&doc);
            let counts = strike_counts(&plan);
            for id in ["BE-1", "FE-1", "QA-1"] {
                assert_eq!(counts.get(id).copied().unwrap_or(0), attempts(&plan, id).len(), "{id} in {text}");
            }
        }
    }
}
