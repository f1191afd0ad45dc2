//! `pplan reboot`: the five questions (and what comes next) from the files alone; exit 1 names
//! every question the files cannot answer.

use serde::Serialize;

use super::{Context, Output};
use crate::error::{ExitCode, Result};
use crate::plan::Plan;
use crate::protocol::reboot::{self, Answer};
use crate::store;

#[derive(Serialize)]
struct RebootJson<'a> {
    schema_version: u32,
    kind: &'static str,
    answers: &'a [Answer],
    unanswered: Vec<&'static str>,
}

pub fn run(ctx: &Context, budget: usize) -> Result<Output> {
    let store = ctx.store()?;
    let doc = store.read(store::PLAN_FILE)?;
    let plan = Plan::parse(&doc);
    let (findings, progress) = reboot::read_logs(&store);
    // The longest lists that fit the budget.
    let mut lists = 5;
    let (mut answers, mut text);
    loop {
        answers = reboot::answers(&store, &plan, findings.as_deref(), progress.as_deref(), lists);
        text = reboot::render(&answers);
        if text.len() <= budget || lists == 1 {
            break;
        }
        lists -= 1;
    }
    if text.len() > budget {
        // Keep the gaps (the last line) whole; cut the answers before them.
        let gaps = text.rfind("\nunanswered: ").map(|i| text[i + 1..].to_string()).unwrap_or_default();
        let mut cut = budget.saturating_sub(gaps.len() + "…\n".len());
        while !text.is_char_boundary(cut) {
            cut -= 1;
        }
        text.truncate(cut);
        text.push_str("…\n");
        text.push_str(&gaps);
    }
    let unanswered: Vec<&'static str> =
        answers.iter().filter(|a| a.gap.is_some()).map(|a| a.question).collect();
    let code = if unanswered.is_empty() { ExitCode::Ok } else { ExitCode::Problems };
    if ctx.json {
        let json = RebootJson { schema_version: 1, kind: "reboot", answers: &answers, unanswered };
        return Ok(Output { code, ..Output::json(&json) });
    }
    Ok(Output { stdout: text, code })
}
