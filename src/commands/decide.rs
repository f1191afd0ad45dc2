//! `pplan decide TEXT --why TEXT`: append a decision to `## Decisions Made`.

use std::cell::RefCell;

use serde::Serialize;

use super::{Context, Output, unified_diff};
use crate::error::Result;
use crate::plan::edit;
use crate::plan::rows::{self, Values};
use crate::plan::{Log, Plan};
use crate::protocol::progress::Figures;
use crate::store;

#[derive(Serialize)]
struct DecideJson {
    schema_version: u32,
    kind: &'static str,
    changed: bool,
    diff: Option<String>,
}

pub fn run(ctx: &Context, text: &str, why: &str, dry_run: bool) -> Result<Output> {
    if text.trim().is_empty() || why.trim().is_empty() {
        return Err(crate::Error::Usage {
            message: "a decision needs its text and `--why`".into(),
            hint: "pplan decide <TEXT> --why <TEXT>",
        });
    }
    let store = ctx.store()?;
    let values = Values {
        decision: Some(text.to_string()),
        rationale: Some(why.to_string()),
        stamp: crate::store::clock::now_stamp(),
        ..Values::default()
    };
    let figures: RefCell<Option<Figures>> = RefCell::new(None);
    let change = store.update_plan(
        store::PLAN_FILE,
        dry_run,
        |plan, doc| Ok(vec![rows::append(plan, doc, Log::Decisions, &values)]),
        |before, after| {
            let (b, a) = (&before.plan, after.plan());
            let (before, after) = (before.doc, after.doc);
            let decisions = |p: &Plan<'_>| {
                p.tables.iter().filter(|t| t.log == Log::Decisions).map(|t| t.rows.len()).sum::<usize>()
            };
            let one_more_row = decisions(a) == decisions(b) + 1;
            let first_words: String = text.split_whitespace().take(3).collect::<Vec<_>>().join(" ");
            // Appended at the very end, after a fence that never closes: it would be code.
            let appended = after.text().starts_with(before.text());
            if let Some(line) = crate::text::unclosed_fence(before).filter(|_| !one_more_row && appended) {
                return Err(format!(
                    "the code block opened at line {line} is never closed, so a new decision at the end would be read as code; close it with a fence line (```), or add a `## Decisions Made` table above it, and retry"
                ));
            }
            if !one_more_row && !after.text().contains(&first_words) {
                return Err("the decision is not in the plan after the edit".into());
            }
            edit::verify_sets(b, a, &[])?;
            if !dry_run {
                *figures.borrow_mut() = Some(Figures::of(a));
            }
            Ok(())
        },
    )?;
    ctx.wrote_change(&change, figures.into_inner());
    let diff = dry_run.then(|| unified_diff(store::PLAN_FILE, &change.before, &change.after));
    if ctx.json {
        return Ok(Output::json(&DecideJson {
            schema_version: 1,
            kind: "decision",
            changed: !change.is_noop(),
            diff,
        }));
    }
    Ok(Output::ok(diff.unwrap_or_else(|| "decision recorded in task_plan.md\n".into())))
}
