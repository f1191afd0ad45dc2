//! `pplan.yaml` beside the plan: optional settings a person writes. Read only (with
//! serde-saphyr, strict booleans); never rewritten. Unknown keys are left for other commands.

use std::time::Duration;

use serde::Deserialize;

use crate::error::{Error, Result};
use crate::store::Store;

pub const CONFIG_FILE: &str = "pplan.yaml";

#[derive(Clone, Debug, Deserialize)]
#[serde(default)]
pub struct Config {
    /// An IN_PROGRESS agent whose files are unchanged this long is STALLED.
    pub stall_minutes: u64,
    /// `respawn` refuses (escalates) past this many restarts of one agent.
    pub max_restarts: u32,
    /// `check` rules by id: `off`, `warning` or `error` (overriding the default severity).
    pub checks: std::collections::BTreeMap<String, String>,
    /// `gate: true` lets the stop hook hold the agent while a group is in progress; a command
    /// (`gate: "cargo test"`) also names the quality gate between groups.
    pub gate: Option<Gate>,
    /// How gates retry transient failures and when the circuit breaker opens.
    pub gate_retry: GateRetry,
    /// The gate a merge runs is killed (with everything it started) after this many seconds.
    pub gate_timeout_secs: Option<f64>,
    /// The group `merge` folds agents' proposals into [default: the next pending group].
    pub proposals_group: Option<GroupName>,
    /// A check `mark COMPLETE` runs for the agent (`{task}` and `{agent}` become its id).
    pub agent_gate: Option<String>,
}

/// A group named in `pplan.yaml`: `proposals_group: 3` is a number to YAML, `Phase 3` a string.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(untagged)]
pub enum GroupName {
    Number(u64),
    Text(String),
}

impl std::fmt::Display for GroupName {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            GroupName::Number(n) => write!(f, "{n}"),
            GroupName::Text(s) => f.write_str(s),
        }
    }
}

#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(default)]
pub struct GateRetry {
    /// Runs of one gate at most (the first and the retries).
    pub attempts: u32,
    /// The first retry waits this long; each next one `factor` times longer, plus jitter.
    pub base_secs: f64,
    pub factor: f64,
    /// Up to this much random extra wait, so parallel retries spread out.
    pub jitter_secs: f64,
    /// Output that marks a failure as transient (case-insensitive).
    pub patterns: Vec<String>,
    /// Consecutive transient exhaustions (across gate runs) that open the circuit breaker.
    pub breaker: u32,
}

impl Default for GateRetry {
    fn default() -> GateRetry {
        GateRetry {
            attempts: 3,
            base_secs: 2.0,
            factor: 2.0,
            jitter_secs: 1.0,
            patterns: [
                "rate limit",
                "429",
                "ECONNRESET",
                "temporarily unavailable",
                "ETIMEDOUT",
                "503 Service Unavailable",
            ]
            .map(String::from)
            .to_vec(),
            breaker: 3,
        }
    }
}

#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(untagged)]
pub enum Gate {
    Enabled(bool),
    Command(String),
}

impl Config {
    /// The gate command to run between groups, if `gate:` names one.
    pub fn gate_command(&self) -> Option<&str> {
        match &self.gate {
            Some(Gate::Command(c)) if !is_off(c) && !is_on(c) => Some(c),
            _ => None,
        }
    }

    /// The agent gate's command for agent `id`, if `agent_gate:` names one: `{task}` and
    /// `{agent}` become the id (an agent is named by its task's id, a safe file name).
    pub fn agent_gate_command(&self, id: &str) -> Option<String> {
        let c = self.agent_gate.as_deref().filter(|c| !is_off(c))?;
        Some(c.replace("{task}", id).replace("{agent}", id))
    }

    /// The plan opted in to gating (a `true` or a command).
    pub fn gated(&self) -> bool {
        match &self.gate {
            Some(Gate::Enabled(on)) => *on,
            Some(Gate::Command(c)) => !is_off(c),
            None => false,
        }
    }
}

impl Default for Config {
    fn default() -> Config {
        Config {
            stall_minutes: 15,
            max_restarts: 3,
            checks: std::collections::BTreeMap::new(),
            gate: None,
            gate_retry: GateRetry::default(),
            gate_timeout_secs: None,
            proposals_group: None,
            agent_gate: None,
        }
    }
}

impl Config {
    pub fn load(store: &Store) -> Result<Config> {
        let path = store.path(CONFIG_FILE);
        let text = match std::fs::read_to_string(&path) {
            Ok(t) => t,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Config::default()),
            Err(e) => return Err(Error::io("read", path, e)),
        };
        if text.trim().is_empty() {
            return Ok(Config::default());
        }
        let options = serde_saphyr::options! { strict_booleans: true };
        serde_saphyr::from_str_with_options(&text, options)
            .map_err(|e| Error::Config { path, message: first_line(&e.to_string()) })
    }

    pub fn stall_after(&self) -> Duration {
        Duration::from_secs(self.stall_minutes.saturating_mul(60))
    }
}

/// `gate: yes` (a string under strict booleans) means on, with no command: the stop hook holds,
/// merges run no gate (it is not the program `yes`).
fn is_on(s: &str) -> bool {
    matches!(s.trim().to_ascii_lowercase().as_str(), "yes" | "on" | "true")
}

/// `gate: no` (a string under strict booleans) still means off.
fn is_off(s: &str) -> bool {
    matches!(s.trim().to_ascii_lowercase().as_str(), "" | "no" | "off" | "false" | "none")
}

fn first_line(s: &str) -> String {
    let line = s.lines().next().unwrap_or("invalid YAML").trim();
    line.strip_prefix("error: ").unwrap_or(line).to_string()
}
