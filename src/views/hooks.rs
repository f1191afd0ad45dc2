//! Agent-host hooks (Claude Code first): read the host's JSON payload, answer in its format.
//!
//! A hook must never break the agent loop: anything unexpected (no plan, `PPLAN_DISABLED=1`, a
//! broken or unknown payload, a busy lock, an unreadable file) is silence and exit 0. What the
//! model should see goes in `hookSpecificOutput.additionalContext`; a stop is held with
//! `{"decision":"block","reason":…}`. Per-session counters live in `.pplan/hooks/`.

use std::path::PathBuf;

use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use crate::plan::{Plan, Status};
use crate::protocol::agents::{self, AgentState, Seen};
use crate::store::config::Config;
use crate::store::{self, Limits, Store};
use crate::text::Document;

/// Tools that read or search without saving anything (the 2-action rule counts these).
const VIEW_TOOLS: &[&str] = &["Read", "Grep", "Glob", "LS", "WebFetch", "WebSearch", "NotebookRead"];
/// The stop hook holds a session at most this many times.
pub const STOP_CAP: u32 = 20;
/// Reboot context for a new or compacted session stays within this many bytes.
const CONTEXT_BUDGET: usize = 1500;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    SessionStart,
    UserPromptSubmit,
    PreToolUse,
    PostToolUse,
    Stop,
    PreCompact,
}

impl Event {
    pub fn parse(name: &str) -> Option<Event> {
        Some(match name {
            "session-start" => Event::SessionStart,
            "user-prompt-submit" => Event::UserPromptSubmit,
            "pre-tool-use" => Event::PreToolUse,
            "post-tool-use" => Event::PostToolUse,
            "stop" => Event::Stop,
            "pre-compact" => Event::PreCompact,
            _ => return None,
        })
    }

    fn host_name(self) -> &'static str {
        match self {
            Event::SessionStart => "SessionStart",
            Event::UserPromptSubmit => "UserPromptSubmit",
            Event::PreToolUse => "PreToolUse",
            Event::PostToolUse => "PostToolUse",
            Event::Stop => "Stop",
            Event::PreCompact => "PreCompact",
        }
    }
}

/// What a session's hooks remember.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
struct SessionState {
    /// View/search tool uses since findings were last saved.
    views: u32,
    /// Stops held so far.
    blocks: u32,
    /// The plan's state when a stop was last held.
    last_block: Option<String>,
}

/// The answer for one hook call: the JSON to print, or nothing.
pub fn answer(event: &str, payload: &str, limits: &Limits) -> Option<String> {
    if std::env::var("PPLAN_DISABLED").is_ok_and(|v| v == "1") {
        return None;
    }
    let event = Event::parse(event)?;
    let payload: Value = serde_json::from_str(payload).ok()?;
    let dir = std::env::var_os("PPLAN_DIR")
        .map(PathBuf::from)
        .or_else(|| payload.get("cwd").and_then(Value::as_str).map(PathBuf::from))?;
    if !dir.join(store::PLAN_FILE).is_file() {
        return None;
    }
    let store = Store::new(dir, limits.clone());
    let doc = store.read(store::PLAN_FILE).ok()?;
    let plan = Plan::parse(&doc);
    let context = |text: String| {
        json!({"hookSpecificOutput": {"hookEventName": event.host_name(), "additionalContext": text}})
            .to_string()
    };
    match event {
        Event::SessionStart => Some(context(reboot_context(&store, &plan))),
        Event::UserPromptSubmit => one_line_status(&store, &plan).map(context),
        Event::PostToolUse => two_action_rule(&store, &payload).map(context),
        Event::Stop => hold_stop(&store, &plan, &doc, &payload),
        // The host offers PreCompact no channel into the model; the compacted session's
        // SessionStart (source `compact`) carries the context instead.
        Event::PreToolUse | Event::PreCompact => None,
    }
}

fn reboot_context(store: &Store, plan: &Plan<'_>) -> String {
    let read =
        |name: &str| String::from_utf8_lossy(&store.read_or_empty(name).unwrap_or_default()).into_owned();
    let (findings, progress) =
        (read(crate::protocol::merge::FINDINGS), read(crate::protocol::merge::PROGRESS));
    let mut lists = 4;
    loop {
        let text = crate::protocol::reboot::render(&crate::protocol::reboot::answers(
            store, plan, &findings, &progress, lists,
        ));
        if text.len() + 40 <= CONTEXT_BUDGET || lists == 1 {
            return format!("pplan: where the plan stands (from the files):\n{text}");
        }
        lists -= 1;
    }
}

/// One line while a group is being worked on; nothing otherwise.
fn one_line_status(store: &Store, plan: &Plan<'_>) -> Option<String> {
    let g = plan.working_group()?;
    if let Some(red) = crate::protocol::gate::red_gate(plan, g) {
        return Some(format!(
            "pplan: {}. Reopen a task or add a fix task, then merge again.",
            crate::protocol::gate::describe(&red)
        ));
    }
    let group = &plan.groups[g];
    let status = plan.status(group);
    let running = plan.tasks.iter().any(|t| t.status == Status::InProgress);
    if status != Status::InProgress && !running {
        return None;
    }
    let c = plan.counts(group);
    let agents = agents_line(store, plan, Some(g));
    Some(format!(
        "pplan: group {} ({}) in progress, {}/{} done{agents}. `pplan status` for more.",
        group.key,
        crate::text::clip(group.title, 40),
        c.done + c.skipped,
        c.total
    ))
}

fn agents_line(store: &Store, plan: &Plan<'_>, g: Option<usize>) -> String {
    let running: Vec<String> = agents::observe_group(store, plan, g)
        .into_iter()
        .filter(|o| o.state != Seen::Agent(AgentState::Complete))
        .map(|o| format!("{} {}", o.id, o.state.as_str()))
        .collect();
    if running.is_empty() { String::new() } else { format!("; agents: {}", running.join(", ")) }
}

/// A file name for a session id: its safe characters, or a hash.
fn session_key(payload: &Value) -> String {
    let id = payload.get("session_id").and_then(Value::as_str).unwrap_or("default");
    if agents::check_id(id).is_ok() { id.to_string() } else { crate::protocol::merge::sha(id.as_bytes()) }
}

fn with_session<T>(store: &Store, payload: &Value, f: impl FnOnce(&mut SessionState) -> T) -> Option<T> {
    let key = session_key(payload);
    let lock = store.lock_hook(&key).ok()?;
    let name = format!("hooks/{key}.json");
    let mut state: SessionState = store
        .read_state(&name)
        .ok()
        .flatten()
        .and_then(|t| serde_json::from_str(&t).ok())
        .unwrap_or_default();
    let out = f(&mut state);
    store.write_state(&lock, &name, &serde_json::to_string(&state).unwrap_or_default()).ok()?;
    Some(out)
}

/// After two views or searches without saving findings, remind the model to save them.
fn two_action_rule(store: &Store, payload: &Value) -> Option<String> {
    let tool = payload.get("tool_name").and_then(Value::as_str)?;
    let input = payload.get("tool_input").cloned().unwrap_or(Value::Null);
    let saves = match tool {
        "Write" | "Edit" | "MultiEdit" => input.get("file_path").and_then(Value::as_str).is_some_and(|p| {
            let name = p.rsplit('/').next().unwrap_or(p);
            name == "findings.md" || (name.starts_with("findings_") && name.ends_with(".md"))
        }),
        "Bash" => input
            .get("command")
            .and_then(Value::as_str)
            .is_some_and(|c| c.contains("pplan") && (c.contains(" note ") || c.contains(" checkpoint"))),
        _ => false,
    };
    let views = VIEW_TOOLS.contains(&tool);
    if !saves && !views {
        return None;
    }
    with_session(store, payload, |s| {
        if saves {
            s.views = 0;
            return None;
        }
        s.views += 1;
        if s.views < 2 {
            return None;
        }
        s.views = 0;
        Some(
            "pplan 2-action rule: two views/searches since findings were last saved. Save what you learned now: \
             `pplan note --agent <ID> \"<finding>\"` (sub-agent) or add it to findings.md."
                .to_string(),
        )
    })
    .flatten()
}

/// Hold a stop while a group is in progress, when the plan opted in (`gate:` in pplan.yaml).
fn hold_stop(store: &Store, plan: &Plan<'_>, doc: &Document, payload: &Value) -> Option<String> {
    if payload.get("stop_hook_active").and_then(Value::as_bool).unwrap_or(false) {
        return None;
    }
    if !Config::load(store).ok()?.gated() {
        return None;
    }
    let g = plan.working_group()?;
    let group = &plan.groups[g];
    let running = plan.group_tasks(group).iter().any(|t| t.status == Status::InProgress);
    if plan.status(group) != Status::InProgress && !running {
        return None;
    }
    // What changes when work advances: the plan and the agents' markers.
    let agents = agents_line(store, plan, Some(g));
    let fingerprint = crate::protocol::merge::sha(format!("{}\0{agents}", doc.text()).as_bytes());
    let c = plan.counts(group);
    let reason = format!(
        "pplan: group {} is in progress ({}/{} done{agents}). Continue the plan (`pplan status`), or finish \
         the group before stopping.",
        group.key,
        c.done + c.skipped,
        c.total
    );
    with_session(store, payload, |s| {
        if s.blocks >= STOP_CAP || s.last_block.as_deref() == Some(fingerprint.as_str()) {
            return None;
        }
        s.blocks += 1;
        s.last_block = Some(fingerprint);
        Some(json!({"decision": "block", "reason": reason}).to_string())
    })
    .flatten()
}
