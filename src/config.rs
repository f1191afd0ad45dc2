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
}

#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(untagged)]
pub enum Gate {
    Enabled(bool),
    Command(String),
}

impl Config {
    /// The plan opted in to gating (a `true` or a command).
    pub fn gated(&self) -> bool {
        matches!(&self.gate, Some(Gate::Enabled(true)) | Some(Gate::Command(_)))
    }
}

impl Default for Config {
    fn default() -> Config {
        Config { stall_minutes: 15, max_restarts: 3, checks: std::collections::BTreeMap::new(), gate: None }
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

fn first_line(s: &str) -> String {
    let line = s.lines().next().unwrap_or("invalid YAML").trim();
    line.strip_prefix("error: ").unwrap_or(line).to_string()
}
