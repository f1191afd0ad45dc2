//! `pplan merge`: fold a group's COMPLETE agents into the shared files (see `crate::protocol::merge`).

use std::fmt::Write as _;

use serde::Serialize;

use super::{Context, Output, unified_diff};
use crate::error::{ExitCode, Result};
use crate::protocol::gate::{self, Outcome};
use crate::protocol::merge::{self, Report};
use crate::text::clip_words;

#[derive(Serialize)]
struct MergeJson<'a> {
    schema_version: u32,
    kind: &'static str,
    dry_run: bool,
    #[serde(flatten)]
    report: &'a Report,
    diff: Option<String>,
}

pub fn run(ctx: &Context, opts: merge::Options) -> Result<Output> {
    let store = ctx.store()?;
    let mut report = merge::merge(&store, &opts)?;
    if let Some(written) = report.written.take() {
        ctx.wrote_plan(written.text, written.figures);
    }
    // The merge itself is written either way; the exit code says how its gate went.
    let code = match &report.gate {
        Some(g) if g.outcome == Outcome::Fail && gate::escalates(g.strike) => ExitCode::Escalate,
        Some(g) if g.outcome == Outcome::Refused => ExitCode::Busy,
        Some(g) if g.outcome == Outcome::Interrupted => ExitCode::Interrupted,
        Some(g) if g.outcome != Outcome::Pass => ExitCode::Problems,
        _ if report.strikes.iter().any(|s| s.escalated) => ExitCode::Escalate,
        _ => ExitCode::Ok,
    };
    let diff: String =
        report.diffs.iter().map(|(name, before, after)| unified_diff(name, before, after)).collect();
    if ctx.json {
        let json = MergeJson {
            schema_version: 1,
            kind: "merge",
            dry_run: opts.dry_run,
            report: &report,
            diff: opts.dry_run.then_some(diff),
        };
        return Ok(Output { code, ..Output::json(&json) });
    }
    if opts.dry_run {
        return Ok(Output::ok(diff));
    }
    Ok(Output { stdout: text(&report), code })
}

/// `A, B, C … and 9 more`: output lands in a model's context.
fn list(ids: &[String]) -> String {
    const SHOWN: usize = 8;
    let mut s = ids.iter().take(SHOWN).cloned().collect::<Vec<_>>().join(", ");
    if ids.len() > SHOWN {
        s.push_str(&format!(" … and {} more", ids.len() - SHOWN));
    }
    s
}

fn text(r: &Report) -> String {
    let mut o = String::new();
    let place = r.group.as_deref().map_or("the plan".to_string(), |k| format!("group {k}"));
    if r.resumed {
        o.push_str("finished an interrupted merge first\n");
    }
    if r.merged.is_empty() && r.tasks_completed.is_empty() && r.retired.is_empty() {
        let _ = writeln!(o, "nothing to merge in {place}");
        if r.gate.is_some() {
            let _ = writeln!(o, "{place}: every task is done; its gate ran again");
        }
    } else if r.merged.is_empty() {
        let _ = writeln!(o, "{place}: {} already merged", list(&r.retired));
    } else {
        let _ = writeln!(o, "merged {place}: {} (findings.md, progress.md)", list(&r.merged));
    }
    if !r.already.is_empty() && !r.merged.is_empty() {
        let _ = writeln!(o, "already present: {}", list(&r.already));
    }
    if !r.tasks_completed.is_empty() {
        let _ = writeln!(o, "complete: {}", list(&r.tasks_completed));
    }
    if let Some(g) = &r.gate {
        let outcome = serde_json::to_value(&g.outcome)
            .ok()
            .and_then(|v| v.as_str().map(str::to_string))
            .unwrap_or_default();
        if r.group_complete {
            let _ = writeln!(o, "gate `{}` passed", g.command);
        } else if g.outcome == Outcome::Refused {
            let _ = writeln!(
                o,
                "gate `{}` not run: the circuit breaker is open; {place} stays current",
                g.command
            );
            let _ = writeln!(o, "  {}", g.tail);
        } else {
            let strike = g.strike.map_or(String::new(), |s| format!(", strike {s} of 3"));
            let _ = writeln!(o, "gate `{}`: {outcome}{strike}; {place} stays current", g.command);
            for line in g.tail.lines().rev().take(5).collect::<Vec<_>>().into_iter().rev() {
                let _ = writeln!(o, "  {line}");
            }
        }
    }
    if r.group_complete {
        match &r.advanced_to {
            Some(next) => {
                let _ = writeln!(o, "{place} complete; current group → {next}");
            }
            None => {
                let _ = writeln!(o, "{place} complete");
            }
        }
    }
    let folded = |f: &crate::protocol::proposals::Folded| {
        let id = f.id.as_deref().map_or(String::new(), |id| format!("{id} "));
        let group = f.group.as_deref().map_or(String::new(), |g| format!(" → group {g}"));
        format!("{id}{} (from: {}){group}", clip_words(&f.text, 60), f.from)
    };
    for f in &r.proposals.added {
        let _ = writeln!(o, "proposal added: {}", folded(f));
    }
    if !r.proposals.present.is_empty() {
        let ids: Vec<String> =
            r.proposals.present.iter().map(|f| f.id.clone().unwrap_or_else(|| f.text.clone())).collect();
        let _ = writeln!(o, "proposals already in the plan: {}", list(&ids));
    }
    for f in &r.proposals.unplaced {
        let why = if f.missing_depends.is_empty() {
            "no pending group; set `proposals_group` in pplan.yaml".to_string()
        } else {
            let ids: Vec<String> = f.missing_depends.iter().map(|d| format!("`{d}`")).collect();
            let one = ids.len() == 1;
            format!(
                "it depends on {}, which {} no task of the plan; add it with `pplan add`",
                ids.join(", "),
                if one { "is" } else { "are" }
            )
        };
        let _ = writeln!(o, "proposal not folded ({why}): {} (from: {})", f.text, f.from);
    }
    if !r.retired.is_empty() {
        let _ = writeln!(o, "retired the files of {} to .pplan/archive/", list(&r.retired));
    }
    if !r.kept.is_empty() {
        let group = r.group.as_deref().map_or(String::new(), |g| format!(" --group {g}"));
        let _ = writeln!(
            o,
            "kept (written to after the merge read them): {}; run `pplan merge{group}` again",
            list(&r.kept)
        );
    }
    if !r.skipped.is_empty() {
        let _ = writeln!(o, "skipped: {} (task left skipped; what it wrote is kept)", list(&r.skipped));
    }
    if !r.waiting.is_empty() {
        let w: Vec<String> = r.waiting.iter().map(|w| format!("{} {}", w.id, w.state)).collect();
        let _ = writeln!(o, "not merged yet: {}", list(&w));
    }
    for w in &r.warnings {
        let _ = writeln!(o, "warning: {w}");
    }
    for s in &r.strikes {
        let _ = writeln!(o, "{}", crate::protocol::strikes::describe_recorded(s));
    }
    if let Some(g) = r.gate.as_ref().filter(|g| g.outcome == Outcome::Fail && gate::escalates(g.strike)) {
        let _ = writeln!(
            o,
            "ESCALATE: the gate for {place} has failed {} times; ask the user how to proceed.",
            g.strike.unwrap_or(3)
        );
    }
    o
}
