//! `pplan waves`: dependency waves (Kahn), the parallelism ratio, and where the declared
//! groups disagree with the waves.

use std::fmt::Write as _;

use serde::Serialize;

use super::{Context, Output};
use crate::error::{Error, ExitCode, Result};
use crate::plan::Plan;
use crate::protocol::waves::{self, Cycle};
use crate::store;

const SHOWN: usize = 8;

#[derive(Serialize)]
struct WavesJson {
    schema_version: u32,
    kind: &'static str,
    waves: Vec<Vec<String>>,
    parallelism: f64,
    disagreements: Vec<String>,
    cycle: Option<Vec<String>>,
}

pub fn run(ctx: &Context) -> Result<Output> {
    let store = ctx.store()?;
    let doc = store.read(store::PLAN_FILE)?;
    let plan = Plan::parse(&doc);
    let name = |i: usize| {
        plan.tasks[i]
            .id
            .map_or_else(|| format!("\"{}\"", crate::text::clip(plan.tasks[i].text, 30)), str::to_string)
    };
    let w = match waves::compute(&plan) {
        Ok(w) => w,
        Err(Cycle(c)) => {
            let names: Vec<String> = c.iter().map(|&i| name(i)).collect();
            if ctx.json {
                let json = WavesJson {
                    schema_version: 1,
                    kind: "waves",
                    waves: Vec::new(),
                    parallelism: 0.0,
                    disagreements: Vec::new(),
                    cycle: Some(names),
                };
                return Ok(Output { code: ExitCode::Problems, ..Output::json(&json) });
            }
            let first = names.first().cloned().unwrap_or_default();
            return Err(Error::Cycle { cycle: format!("{} → {first}", names.join(" → ")) });
        }
    };
    let of = w.wave_of(plan.tasks.len());
    // A group whose tasks depend on each other cannot run all at once. (A task with no
    // dependencies falls in an early wave, yet running it with its group is fine: groups run
    // in order, so that alone is no disagreement.)
    let mut disagreements = Vec::new();
    for g in &plan.groups {
        let tasks = g.tasks.clone();
        if tasks.is_empty() {
            continue;
        }
        let ids: Vec<&str> = tasks.clone().filter_map(|t| plan.tasks[t].id).collect();
        let inner = tasks.clone().any(|t| plan.tasks[t].dependencies().any(|d| ids.contains(&d)));
        let (lo, hi) = tasks.clone().fold((usize::MAX, 0), |(lo, hi), t| (lo.min(of[t]), hi.max(of[t])));
        if lo != hi && inner {
            let late: Vec<String> = tasks.filter(|&t| of[t] > lo).map(name).take(3).collect();
            disagreements.push(format!(
                "group {} spans waves {}–{} ({} must wait for others)",
                g.key,
                lo + 1,
                hi + 1,
                late.join(", ")
            ));
        }
    }
    if ctx.json {
        let json = WavesJson {
            schema_version: 1,
            kind: "waves",
            waves: w.waves.iter().map(|wave| wave.iter().map(|&i| name(i)).collect()).collect(),
            parallelism: (w.parallelism() * 1000.0).round() / 1000.0,
            disagreements,
            cycle: None,
        };
        return Ok(Output::json(&json));
    }
    let mut o = String::new();
    for (n, wave) in w.waves.iter().enumerate().take(20) {
        let names: Vec<String> = wave.iter().take(SHOWN).map(|&i| name(i)).collect();
        let more =
            if wave.len() > SHOWN { format!(" … and {} more", wave.len() - SHOWN) } else { String::new() };
        let _ = writeln!(o, "wave {} ({}): {}{more}", n + 1, wave.len(), names.join(", "));
    }
    if w.waves.len() > 20 {
        let _ = writeln!(o, "… and {} more", crate::text::count(w.waves.len() - 20, "wave", "waves"));
    }
    let _ = writeln!(
        o,
        "parallelism: {:.0}% of {} in waves wider than one",
        w.parallelism() * 100.0,
        crate::text::count(plan.tasks.len(), "task", "tasks")
    );
    for d in disagreements.iter().take(SHOWN) {
        let _ = writeln!(o, "disagrees: {d}");
    }
    if disagreements.len() > SHOWN {
        let _ = writeln!(
            o,
            "… and {} more disagree{}",
            crate::text::count(disagreements.len() - SHOWN, "group", "groups"),
            if disagreements.len() - SHOWN == 1 { "s" } else { "" }
        );
    }
    Ok(Output::ok(o))
}
