//! `pplan gate [--group G] [--timeout SECS] -- COMMAND…` and `pplan gate --reset`.

use std::io::Write;
use std::sync::atomic::Ordering;
use std::time::Duration;

use serde::Serialize;

use super::{Context, Output};
use crate::error::{Error, ExitCode, Result};
use crate::plan::Plan;
use crate::plan::edit::resolve_group;
use crate::protocol::gate::{self, Outcome};
use crate::store;
use crate::store::config::Config;

#[derive(Serialize)]
struct GateJson<'a> {
    schema_version: u32,
    kind: &'static str,
    command: String,
    #[serde(flatten)]
    report: &'a gate::Report,
}

pub fn run(
    ctx: &Context,
    command: &[String],
    group: Option<&str>,
    timeout: Option<f64>,
    reset: bool,
    stream: &mut dyn Write,
) -> Result<Output> {
    let store = ctx.store()?;
    if reset {
        gate::reset(&store)?;
        if ctx.json {
            let json = serde_json::json!({"schema_version": 1, "kind": "gate-reset", "breaker_open": false});
            return Ok(Output::json(&json));
        }
        return Ok(Output::ok("gate: circuit breaker reset\n".into()));
    }
    if command.is_empty() {
        return Err(Error::Usage {
            message: "no gate command given".into(),
            hint: "pplan gate [--group G] [--timeout SECS] -- <COMMAND…>",
        });
    }
    let timeout = match timeout.map(Duration::try_from_secs_f64) {
        None => None,
        Some(Ok(t)) if !t.is_zero() => Some(t),
        Some(_) => {
            return Err(Error::Usage {
                message: "`--timeout` must be a number of seconds above 0".into(),
                hint: "pplan gate --timeout 600 -- cargo test",
            });
        }
    };
    let config = Config::load(&store)?;
    let doc = store.read(store::PLAN_FILE)?;
    let plan = Plan::parse(&doc);
    let key = resolve_group(&plan, group)?.map(|g| plan.groups[g].key.clone()).unwrap_or_default();
    let stop = gate::interrupt_flag();
    let stopped = stop.clone();
    // Under --json stdout holds only the JSON object: the retry lines go to stderr.
    let mut stderr = std::io::stderr();
    let say: &mut dyn Write = if ctx.json { &mut stderr } else { stream };
    let report =
        gate::run(&store, &config, command, &key, timeout, &move || stopped.load(Ordering::Relaxed), say)?;
    let code = match (&report.outcome, gate::escalates(report.strike)) {
        (Outcome::Pass, _) => ExitCode::Ok,
        (Outcome::Interrupted, _) => ExitCode::Interrupted,
        (Outcome::Fail, true) => ExitCode::Escalate,
        (Outcome::Refused, _) => ExitCode::Busy,
        _ => ExitCode::Problems,
    };
    let cmd = gate::shown(command);
    if ctx.json {
        let json = GateJson { schema_version: 1, kind: "gate", command: cmd, report: &report };
        return Ok(Output { code, ..Output::json(&json) });
    }
    let took = format!("{:.1} s", report.duration_ms as f64 / 1000.0);
    let attempts =
        if report.attempts == 1 { "1 run".to_string() } else { format!("{} runs", report.attempts) };
    let mut text = match report.outcome {
        Outcome::Pass => format!("gate passed: `{cmd}` ({attempts}, {took})\n"),
        Outcome::Interrupted => format!("gate interrupted: `{cmd}` (its process group was killed)\n"),
        Outcome::Transient => {
            format!("gate failed transiently: `{cmd}` ({attempts}, {took}); not a strike\n")
        }
        Outcome::Refused => format!("gate refused: `{cmd}`: the circuit breaker is open\n"),
        Outcome::Fail => format!(
            "gate failed: `{cmd}` ({took}); strike {} of 3 for {}\n",
            report.strike.unwrap_or(0),
            report.key
        ),
    };
    if report.breaker_open {
        text.push_str("circuit breaker now open: further gates refuse until `pplan gate --reset`\n");
    }
    if !report.tail.is_empty() {
        text.push_str(&format!("--- last lines ---\n{}\n", report.tail));
    }
    if code == ExitCode::Escalate {
        text.push_str(&format!(
            "ESCALATE: the gate for {} has failed {} times; ask the user how to proceed.\n",
            report.key,
            report.strike.unwrap_or(3)
        ));
    }
    Ok(Output { stdout: text, code })
}
