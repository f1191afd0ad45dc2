//! Agent-host hooks: read the host's JSON payload, answer in its format (Claude Code and Codex
//! share one; Gemini CLI, Copilot CLI and Cursor have their own, see [`Host`]).
//!
//! A hook must never break the agent loop: anything unexpected (no plan, `PPLAN_DISABLED=1`, a
//! broken or unknown payload, a busy lock, an unreadable file) is silence and exit 0. The plan is
//! found from the payload's `cwd` upward (the model may have `cd`-ed), then the host's project
//! directory. What the model should see goes in the host's context field; a stop is held with
//! the host's "continue" answer. Counters live in `.pplan/hooks/`, per sub-agent when the payload
//! names one (`agent_id`), else per session.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use crate::plan::{Plan, Status};
use crate::protocol::agents::{self, AgentState, Seen};
use crate::store::config::Config;
use crate::store::{self, Limits, Store, discover};
use crate::text::Document;

/// Tools that read or search without saving anything (the 2-action rule counts these), by the
/// names the hosts give them today: Claude Code, Gemini CLI, Copilot CLI.
const VIEW_TOOLS: &[&str] = &[
    "Read",
    "Grep",
    "Glob",
    "WebFetch",
    "WebSearch", // Claude Code
    "read_file",
    "read_many_files",
    "grep_search",
    "search_file_content",
    "glob",
    "list_directory",
    "web_fetch",
    "google_web_search", // Gemini CLI
    "view",
    "grep", // Copilot CLI
];
/// Shell commands that only read (Codex runs every read through its shell tool).
const VIEW_COMMANDS: &[&str] = &[
    "cat", "rg", "grep", "head", "tail", "less", "ls", "find", "fd", "nl", "wc", "tree", "bat", "git show",
    "git log",
];
/// Tools that write a file (a write to findings saves what was learned).
const WRITE_TOOLS: &[&str] = &["Write", "Edit", "write_file", "replace", "edit", "create"];
/// Shell tools, whose `command` says what they do.
const SHELL_TOOLS: &[&str] = &["Bash", "bash", "shell", "run_shell_command", "local_shell", "exec_command"];
/// The prompt line stays within this many characters; beyond, agents are summarised.
pub const PROMPT_LINE_CAP: usize = 300;
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
    SubagentStop,
    PreCompact,
}

/// The events pplan answers, by the names `pplan hook` takes.
pub const EVENTS: &[&str] =
    &["session-start", "user-prompt-submit", "post-tool-use", "stop", "subagent-stop", "pre-compact"];

impl Event {
    pub fn parse(name: &str) -> Option<Event> {
        Some(match name {
            "session-start" => Event::SessionStart,
            "user-prompt-submit" => Event::UserPromptSubmit,
            "pre-tool-use" => Event::PreToolUse,
            "post-tool-use" => Event::PostToolUse,
            "stop" => Event::Stop,
            "subagent-stop" => Event::SubagentStop,
            "pre-compact" => Event::PreCompact,
            _ => return None,
        })
    }

    /// The event's name in the host's own vocabulary (what `hookEventName` must say).
    fn host_name(self, host: Host) -> &'static str {
        match (host, self) {
            (Host::Gemini, Event::SessionStart) => "SessionStart",
            (Host::Gemini, Event::UserPromptSubmit) => "BeforeAgent",
            (Host::Gemini, Event::PostToolUse) => "AfterTool",
            (Host::Gemini, Event::Stop | Event::SubagentStop) => "AfterAgent",
            (Host::Gemini, Event::PreCompact) => "PreCompress",
            (_, Event::SessionStart) => "SessionStart",
            (_, Event::UserPromptSubmit) => "UserPromptSubmit",
            (_, Event::PreToolUse) => "PreToolUse",
            (_, Event::PostToolUse) => "PostToolUse",
            (_, Event::Stop) => "Stop",
            (_, Event::SubagentStop) => "SubagentStop",
            (_, Event::PreCompact) => "PreCompact",
        }
    }
}

/// The agent host a hook answers (`pplan hook --host H`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Host {
    /// Claude Code; Codex reads the same answers.
    #[default]
    Claude,
    Codex,
    Gemini,
    Copilot,
    Cursor,
}

impl Host {
    pub fn parse(name: &str) -> Option<Host> {
        Some(match name {
            "claude" => Host::Claude,
            "codex" => Host::Codex,
            "gemini" => Host::Gemini,
            "copilot" => Host::Copilot,
            "cursor" => Host::Cursor,
            _ => return None,
        })
    }

    /// Context for the model, in the host's field.
    fn context(self, event: Event, text: String) -> Option<String> {
        Some(match self {
            Host::Claude | Host::Codex | Host::Gemini => json!({"hookSpecificOutput": {
                "hookEventName": event.host_name(self), "additionalContext": text}})
            .to_string(),
            Host::Copilot => json!({"additionalContext": text}).to_string(),
            // Cursor's beforeSubmitPrompt takes no context.
            Host::Cursor if event == Event::UserPromptSubmit => return None,
            Host::Cursor => json!({"additional_context": text}).to_string(),
        })
    }

    /// Keep the agent going with `reason` as its next instruction.
    fn hold(self, reason: &str) -> String {
        match self {
            Host::Claude | Host::Codex | Host::Copilot => json!({"decision": "block", "reason": reason}),
            Host::Gemini => json!({"decision": "deny", "reason": reason}),
            Host::Cursor => json!({"followup_message": reason}),
        }
        .to_string()
    }
}

/// What a session's (or a sub-agent's) hooks remember.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
struct SessionState {
    /// View/search tool uses since findings were last saved.
    views: u32,
    /// Stops held so far.
    blocks: u32,
    /// The plan's state when a stop was last held.
    last_block: Option<String>,
    /// A sub-agent's stop was held once already.
    #[serde(default)]
    subagent_held: bool,
}

/// The answer for one hook call: the JSON to print, or nothing.
pub fn answer(
    host: Host,
    event: &str,
    payload: &str,
    limits: &Limits,
    cli_dir: Option<&Path>,
) -> Option<String> {
    if std::env::var("PPLAN_DISABLED").is_ok_and(|v| v == "1") {
        return None;
    }
    let event = Event::parse(event)?;
    let payload: Value = serde_json::from_str(payload).ok()?;
    // What needs nothing from the plan returns before the plan is looked for or read: a tool call
    // that neither views nor saves (most of them), a PreToolUse, another host's compaction.
    let used = match event {
        Event::PostToolUse => Some(tool_use(&payload).filter(|u| *u != ToolUse::Other)?),
        Event::PreToolUse => return None,
        Event::PreCompact if host != Host::Claude => return None,
        _ => None,
    };
    // The payload's `cwd` follows the model's `cd`: search upward from it, like git. Cursor
    // names its workspace roots instead.
    let start = payload
        .get("cwd")
        .and_then(Value::as_str)
        .or_else(|| payload.pointer("/workspace_roots/0").and_then(Value::as_str))
        .map_or_else(|| PathBuf::from("."), PathBuf::from);
    let request = discover::Request::from_env(cli_dir, start).with_host_roots();
    let found = store::find(&request, false).ok()?;
    let store = Store::new(found.dir, limits.clone());
    let context = |text: String| host.context(event, text);
    // The counters and the agents' markers live beside the plan; these two never parse it.
    match (event, used) {
        (Event::PostToolUse, Some(used)) => return two_action_rule(&store, &payload, used).and_then(context),
        (Event::SubagentStop, _) => return hold_subagent(&store, &payload).map(|r| host.hold(&r)),
        _ => {}
    }
    let doc = store.read(store::PLAN_FILE).ok()?;
    let plan = Plan::parse(&doc);
    match event {
        Event::SessionStart => context(reboot_context(&store, &plan)),
        Event::UserPromptSubmit => one_line_status(&store, &plan).and_then(context),
        Event::Stop => hold_stop(&store, &plan, &doc, &payload).map(|r| host.hold(&r)),
        // Claude Code reads PreCompact's stdout as the compaction's custom instructions.
        Event::PreCompact => compact_instructions(&store, &plan),
        Event::PostToolUse | Event::SubagentStop | Event::PreToolUse => None,
    }
}

/// What the compaction must keep, in a few lines: the plan dir, the current group, the agents
/// still running and the strikes open on unfinished tasks.
fn compact_instructions(store: &Store, plan: &Plan<'_>) -> Option<String> {
    let dir = std::fs::canonicalize(store.dir()).unwrap_or_else(|_| store.dir().to_path_buf());
    let mut lines = vec![format!(
        "pplan: keep these in the summary. Plan dir: {} (`pplan reboot` there restores the rest).",
        dir.display()
    )];
    let g = plan.working_group();
    if let Some(g) = g {
        let group = &plan.groups[g];
        let c = plan.counts(group);
        lines.push(format!(
            "Current group: {} ({}), {}, {}/{} done.",
            group.key,
            crate::text::clip(group.title, 60),
            plan.status(group).as_str(),
            c.done + c.skipped,
            c.total
        ));
    }
    let running: Vec<String> = agents::observe_group(store, plan, g)
        .into_iter()
        .filter(|o| !o.state.is_terminal() && o.state != Seen::Agent(AgentState::Complete))
        .map(|o| o.id)
        .collect();
    if !running.is_empty() {
        lines.push(format!("Agents running: {} ({}).", running.len(), summarise_ids(&running, 8)));
    }
    let strikes: Vec<String> = plan
        .tasks
        .iter()
        .filter(|t| !t.status.is_done())
        .filter_map(|t| {
            let id = t.id?;
            let n = crate::protocol::strikes::attempts(plan, id).len();
            (n > 0).then(|| format!("{id} ({n} of 3)"))
        })
        .collect();
    if !strikes.is_empty() {
        lines.push(format!("Open strikes: {} (never repeat a failed approach).", strikes.join(", ")));
    }
    Some(lines.join("\n"))
}

/// `a, b, c and N more`, at most `max` ids named.
fn summarise_ids(ids: &[String], max: usize) -> String {
    if ids.len() <= max {
        return ids.join(", ");
    }
    format!("{} and {} more", ids[..max].join(", "), ids.len() - max)
}

fn reboot_context(store: &Store, plan: &Plan<'_>) -> String {
    let (findings, progress) = crate::protocol::reboot::read_logs(store);
    let mut lists = 4;
    loop {
        let text = crate::protocol::reboot::render(&crate::protocol::reboot::answers(
            store,
            plan,
            findings.as_deref(),
            progress.as_deref(),
            lists,
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

/// The agents of a group that are not complete: each named while the line stays short, else
/// counted by state, naming the blocked ones and the command that shows the rest (never a reason
/// cut mid-text).
fn agents_line(store: &Store, plan: &Plan<'_>, g: Option<usize>) -> String {
    let mut open: Vec<_> = agents::observe_group(store, plan, g)
        .into_iter()
        .filter(|o| o.state != Seen::Agent(AgentState::Complete))
        .collect();
    if open.is_empty() {
        return String::new();
    }
    let each: Vec<String> = open.iter().map(|o| format!("{} {}", o.id, o.state.as_str())).collect();
    let line = format!("; agents: {}", each.join(", "));
    if line.len() <= PROMPT_LINE_CAP / 2 {
        return line;
    }
    open.sort_by_key(|o| std::cmp::Reverse(o.state.rank()));
    let mut counts: Vec<(Seen, usize)> = Vec::new();
    for o in &open {
        match counts.iter_mut().find(|(s, _)| *s == o.state) {
            Some((_, n)) => *n += 1,
            None => counts.push((o.state, 1)),
        }
    }
    let blocked: Vec<String> =
        open.iter().filter(|o| o.state == Seen::Agent(AgentState::Blocked)).map(|o| o.id.clone()).collect();
    let parts: Vec<String> = counts
        .iter()
        .map(|(state, n)| match state {
            Seen::Agent(AgentState::Blocked) => format!("{n} BLOCKED ({})", summarise_ids(&blocked, 3)),
            _ => format!("{n} {}", state.as_str()),
        })
        .collect();
    format!("; agents: {} open ({}), `pplan poll` shows each and why", open.len(), parts.join(", "))
}

/// A file name for the counters: the sub-agent's id when the payload names one (sub-agents share
/// their parent's session id), else the session id (Copilot CLI spells it `sessionId`, Cursor
/// `conversation_id`); its safe characters, or a hash.
fn session_key(payload: &Value) -> String {
    let field = |k: &str| payload.get(k).and_then(Value::as_str).filter(|a| !a.is_empty());
    let (prefix, id) = match field("agent_id") {
        Some(agent) => ("agent-", agent),
        None => (
            "",
            field("session_id")
                .or_else(|| field("sessionId"))
                .or_else(|| field("conversation_id"))
                .unwrap_or("default"),
        ),
    };
    let key = format!("{prefix}{id}");
    if agents::check_id(&key).is_ok() { key } else { crate::protocol::merge::sha(key.as_bytes()) }
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
    store.write_derived_state(&lock, &name, &serde_json::to_string(&state).unwrap_or_default()).ok()?;
    Some(out)
}

/// What a tool call did, for the 2-action rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum ToolUse {
    View,
    Save,
    Other,
}

/// Classify a tool call by what it does, whatever the host calls the tool: Claude Code's and
/// Gemini's names, Copilot's camelCase payload, Codex's shell commands.
fn tool_use(payload: &Value) -> Option<ToolUse> {
    let tool = payload.get("tool_name").or_else(|| payload.get("toolName")).and_then(Value::as_str)?;
    let input = match payload.get("tool_input").or_else(|| payload.get("toolArgs")) {
        // Copilot passes its arguments as a JSON string.
        Some(Value::String(s)) => serde_json::from_str(s).unwrap_or(Value::Null),
        Some(v) => v.clone(),
        None => Value::Null,
    };
    let is_findings = |p: &str| {
        let name = p.rsplit(['/', '\\']).next().unwrap_or(p);
        name == "findings.md" || (name.starts_with("findings_") && name.ends_with(".md"))
    };
    if WRITE_TOOLS.contains(&tool) {
        let path =
            ["file_path", "path", "filePath"].iter().find_map(|k| input.get(*k).and_then(Value::as_str));
        return Some(if path.is_some_and(is_findings) { ToolUse::Save } else { ToolUse::Other });
    }
    if SHELL_TOOLS.contains(&tool) {
        let command = match input.get("command").or_else(|| input.get("cmd")) {
            Some(Value::String(c)) => c.clone(),
            Some(Value::Array(parts)) => parts.iter().filter_map(Value::as_str).collect::<Vec<_>>().join(" "),
            _ => return Some(ToolUse::Other),
        };
        return Some(shell_use(&command));
    }
    if tool == "apply_patch" {
        let patch = input.get("input").or_else(|| input.get("patch")).and_then(Value::as_str).unwrap_or("");
        let saves = patch
            .lines()
            .any(|l| l.starts_with("*** ") && l.split_whitespace().last().is_some_and(is_findings));
        return Some(if saves { ToolUse::Save } else { ToolUse::Other });
    }
    Some(if VIEW_TOOLS.contains(&tool) { ToolUse::View } else { ToolUse::Other })
}

/// A shell command: `pplan note`/`checkpoint` saves; a command that only reads is a view.
fn shell_use(command: &str) -> ToolUse {
    let words: Vec<&str> = command.split_whitespace().collect();
    let pplan_saves =
        words.windows(2).any(|w| w[0].ends_with("pplan") && matches!(w[1], "note" | "checkpoint"))
            || (words.iter().any(|w| w.ends_with("pplan"))
                && words.iter().any(|w| matches!(*w, "note" | "checkpoint")));
    if pplan_saves || command.contains("findings") && (command.contains(">>") || command.contains("tee")) {
        return ToolUse::Save;
    }
    // `bash -lc "…"` (Codex) wraps the real command.
    let inner = command
        .strip_prefix("bash -lc ")
        .or_else(|| command.strip_prefix("bash -c "))
        .or_else(|| command.strip_prefix("sh -c "))
        .map(|s| s.trim_matches(['"', '\'']))
        .unwrap_or(command);
    if inner.contains('>') || inner.contains(" -i") {
        return ToolUse::Other;
    }
    // `cd src && cat a.txt`, `ls | head`: a view when every step that is not a `cd` reads.
    let steps: Vec<&str> = inner
        .split(['&', '|', ';'])
        .map(str::trim)
        .filter(|s| !s.is_empty() && *s != "cd" && !s.starts_with("cd ") && !s.starts_with("pushd "))
        .collect();
    let reads = |step: &str| {
        VIEW_COMMANDS.iter().any(|c| step == *c || step.starts_with(&format!("{c} ")))
            || step.starts_with("sed -n ")
    };
    if !steps.is_empty() && steps.iter().all(|s| reads(s)) { ToolUse::View } else { ToolUse::Other }
}

/// After two views or searches without saving findings, remind the model to save them.
fn two_action_rule(store: &Store, payload: &Value, used: ToolUse) -> Option<String> {
    with_session(store, payload, |s| {
        if used == ToolUse::Save {
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
             `pplan note --agent TASK-ID \"what you found\"` (sub-agent) or add it to findings.md."
                .to_string(),
        )
    })
    .flatten()
}

/// Something the host runs in the background will wake the model anyway (Claude Code's
/// `background_tasks`: any entry not finished).
fn background_running(payload: &Value) -> bool {
    payload.get("background_tasks").and_then(Value::as_array).is_some_and(|tasks| {
        tasks.iter().any(|t| {
            let status = t.get("status").and_then(Value::as_str).unwrap_or("running");
            !matches!(status, "completed" | "complete" | "failed" | "killed" | "done" | "cancelled")
        })
    })
}

/// The task a sub-agent works on, from its brief in its transcript: pplan's briefs open with
/// `## Agent <ID>: <task> (group …)`. The first such line wins; none is silence.
fn task_from_transcript(path: &Path) -> Option<String> {
    task_in(&String::from_utf8_lossy(&read_part(path, 512 << 10, false)?))
}

/// The first `## Agent ID:` line in `text`.
fn task_in(text: &str) -> Option<String> {
    for (at, _) in text.match_indices("## Agent ") {
        let rest = &text[at + "## Agent ".len()..];
        let id: String =
            rest.chars().take_while(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-')).collect();
        if !id.is_empty() && rest[id.len()..].starts_with(':') && agents::check_id(&id).is_ok() {
            return Some(id);
        }
    }
    None
}

/// The task a sub-agent works on. Claude Code (2.1) writes its transcripts in the background: at
/// SubagentStop the sub-agent's own transcript may not exist yet, and the session's may still
/// lack the tool call that started it. So: the sub-agent's transcript, else the tool call named
/// by the `<agent>.meta.json` beside it (its prompt is the brief) in the session's transcript,
/// looking again for up to 400 ms while only the meta file is written; none is silence.
fn subagent_task(payload: &Value) -> Option<String> {
    let transcript = payload.get("agent_transcript_path").and_then(Value::as_str).map(Path::new)?;
    let session = payload.get("transcript_path").and_then(Value::as_str).map(Path::new);
    let look = || {
        if let Some(id) = task_from_transcript(transcript) {
            return Some(id);
        }
        let meta: Value =
            serde_json::from_slice(&read_part(&transcript.with_extension("meta.json"), 64 << 10, false)?)
                .ok()?;
        let call = meta.get("toolUseId").and_then(Value::as_str).filter(|c| !c.is_empty())?;
        // The call that started the sub-agent is recent: the end of a long session's transcript.
        let text = String::from_utf8_lossy(&read_part(session?, 8 << 20, true)?).into_owned();
        let needle = format!("\"id\":\"{call}\"");
        text.lines().filter(|line| line.contains(&needle)).find_map(task_in)
    };
    let deadline = std::time::Instant::now() + std::time::Duration::from_millis(400);
    loop {
        if let Some(id) = look() {
            return Some(id);
        }
        // A transcript already written without pplan's brief, or nothing the host is writing:
        // not a pplan sub-agent.
        let written = std::fs::metadata(transcript).is_ok_and(|m| m.len() > 0);
        if written
            || !transcript.with_extension("meta.json").exists()
            || std::time::Instant::now() >= deadline
        {
            return None;
        }
        std::thread::sleep(std::time::Duration::from_millis(25));
    }
}

/// At most `limit` bytes of a file the host wrote: its first, or (`tail`) its last.
fn read_part(path: &Path, limit: u64, tail: bool) -> Option<Vec<u8>> {
    use std::io::{Read, Seek, SeekFrom};
    let mut file = std::fs::File::open(path).ok()?;
    if tail {
        let len = file.metadata().ok()?.len();
        file.seek(SeekFrom::Start(len.saturating_sub(limit))).ok()?;
    }
    let mut bytes = Vec::new();
    file.take(limit).read_to_end(&mut bytes).ok()?;
    Some(bytes)
}

/// Hold a sub-agent's stop once while its task's marker still says IN_PROGRESS, with the exact
/// command that marks it.
fn hold_subagent(store: &Store, payload: &Value) -> Option<String> {
    if payload.get("stop_hook_active").and_then(Value::as_bool).unwrap_or(false) {
        return None;
    }
    let id = subagent_task(payload)?;
    let seen = agents::observe(store, &id, std::time::Duration::MAX, std::time::SystemTime::now());
    if seen.state != Seen::Agent(AgentState::InProgress) {
        return None;
    }
    let reason = format!(
        "pplan: task {id} is still IN_PROGRESS. Before you stop, mark it: `pplan mark --agent {id} COMPLETE`, \
         or `pplan mark --agent {id} CONTINUATION_REQUIRED --resume-from \"<next step>\"`, \
         or `pplan mark --agent {id} BLOCKED --reason \"<why>\"`."
    );
    with_session(store, payload, |s| {
        if s.subagent_held {
            return None;
        }
        s.subagent_held = true;
        Some(reason)
    })
    .flatten()
}

/// Hold a stop while a group is in progress, when the plan opted in (`gate:` in pplan.yaml).
fn hold_stop(store: &Store, plan: &Plan<'_>, doc: &Document, payload: &Value) -> Option<String> {
    if payload.get("stop_hook_active").and_then(Value::as_bool).unwrap_or(false)
        || background_running(payload)
    {
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
        Some(reason)
    })
    .flatten()
}
