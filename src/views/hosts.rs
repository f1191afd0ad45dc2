//! What `pplan setup --host H` writes for each agent host: the files, their text, and how to add
//! pplan's hooks to a settings file the user already has without disturbing the rest of it.
//!
//! Everything here is pure: it computes bytes from bytes. A settings file is changed only by
//! inserting text (an event's entry into its array, a missing event into `hooks`, a missing
//! `hooks` into the top object); every other byte stays where it was, and the result must still
//! parse as JSON or nothing is written.

use serde_json::Value;

/// The Agent Skill, shipped in the binary.
pub const SKILL: &str = include_str!("../../skills/pplan/SKILL.md");
/// The orchestrating slash command.
pub const PLANNING_PARALLEL: &str = include_str!("../../commands/planning-parallel.md");
/// The status slash command.
pub const PLAN_STATUS: &str = include_str!("../../commands/plan-status.md");

/// The hosts `setup` knows.
pub const HOSTS: &[&str] = &["claude", "codex", "gemini", "copilot", "cursor", "opencode"];

/// How a host's hook entries are spelled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Style {
    /// `{"matcher"?, "hooks": [{"type": "command", "command", "timeout"}]}` (Claude Code, Codex,
    /// Gemini CLI; Gemini's timeout is in milliseconds).
    Nested { timeout: u32 },
    /// `{"type": "command", "bash", "timeoutSec"}` (Copilot CLI).
    Copilot,
    /// `{"command"}` (Cursor).
    Cursor,
}

/// One file `setup` manages.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Wiring {
    /// A JSON settings file holding hooks: (host event, pplan event, matcher) per entry.
    Hooks {
        path: &'static str,
        host: &'static str,
        style_of: &'static str,
        events: Vec<HookEvent>,
        version: bool,
    },
    /// A file copied whole when missing (a skill, a command).
    Copy { path: &'static str, contents: &'static str },
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HookEvent {
    pub host_event: &'static str,
    pub event: &'static str,
    pub matcher: Option<&'static str>,
}

fn ev(host_event: &'static str, event: &'static str, matcher: Option<&'static str>) -> HookEvent {
    HookEvent { host_event, event, matcher }
}

/// The files for `host`, in the order they are written, and a note for the person.
pub fn wiring(host: &str) -> Option<(Vec<Wiring>, &'static str)> {
    let agents_skill = Wiring::Copy { path: ".agents/skills/pplan/SKILL.md", contents: SKILL };
    Some(match host {
        "claude" => (
            vec![
                Wiring::Hooks {
                    path: ".claude/settings.json",
                    host: "claude",
                    style_of: "claude",
                    version: false,
                    events: vec![
                        ev("SessionStart", "session-start", None),
                        ev("UserPromptSubmit", "user-prompt-submit", None),
                        ev(
                            "PostToolUse",
                            "post-tool-use",
                            Some("Read|Grep|Glob|WebFetch|WebSearch|Write|Edit|Bash"),
                        ),
                        ev("Stop", "stop", None),
                        ev("SubagentStop", "subagent-stop", None),
                        ev("PreCompact", "pre-compact", None),
                    ],
                },
                Wiring::Copy { path: ".claude/skills/pplan/SKILL.md", contents: SKILL },
                Wiring::Copy { path: ".claude/commands/planning-parallel.md", contents: PLANNING_PARALLEL },
                Wiring::Copy { path: ".claude/commands/plan-status.md", contents: PLAN_STATUS },
            ],
            "claude: or install the plugin instead: `/plugin marketplace add <this repository>`",
        ),
        "codex" => (
            vec![
                Wiring::Hooks {
                    path: ".codex/hooks.json",
                    host: "codex",
                    style_of: "claude",
                    version: false,
                    events: vec![
                        ev("SessionStart", "session-start", None),
                        ev("UserPromptSubmit", "user-prompt-submit", None),
                        ev("PostToolUse", "post-tool-use", None),
                        ev("Stop", "stop", None),
                    ],
                },
                agents_skill,
            ],
            "codex: hooks run in a trusted project once reviewed: open `/hooks` in a new Codex session and trust pplan's",
        ),
        "gemini" => (
            vec![
                Wiring::Hooks {
                    path: ".gemini/settings.json",
                    host: "gemini",
                    style_of: "gemini",
                    version: false,
                    events: vec![
                        ev("SessionStart", "session-start", None),
                        ev("BeforeAgent", "user-prompt-submit", None),
                        ev("AfterTool", "post-tool-use", None),
                        ev("AfterAgent", "stop", None),
                        ev("PreCompress", "pre-compact", None),
                    ],
                },
                agents_skill,
            ],
            "gemini: project hooks run only in a trusted folder (`/permissions`); timeouts are in milliseconds",
        ),
        "copilot" => (
            vec![
                Wiring::Hooks {
                    path: ".github/hooks/pplan.json",
                    host: "copilot",
                    style_of: "copilot",
                    version: true,
                    events: vec![
                        ev("sessionStart", "session-start", None),
                        ev("userPromptSubmitted", "user-prompt-submit", None),
                        ev("postToolUse", "post-tool-use", None),
                        ev("agentStop", "stop", None),
                        ev("subagentStop", "subagent-stop", None),
                    ],
                },
                agents_skill,
            ],
            "copilot: hooks load from .github/hooks/ of the directory copilot starts in, once that folder is trusted",
        ),
        "cursor" => (
            vec![Wiring::Hooks {
                path: ".cursor/hooks.json",
                host: "cursor",
                style_of: "cursor",
                version: true,
                events: vec![
                    ev("sessionStart", "session-start", None),
                    ev("postToolUse", "post-tool-use", None),
                    ev("stop", "stop", None),
                ],
            }],
            "cursor: a held stop is sent back as the next message (`followup_message`)",
        ),
        "opencode" => (
            vec![
                agents_skill,
                Wiring::Copy { path: ".opencode/command/planning-parallel.md", contents: PLANNING_PARALLEL },
                Wiring::Copy { path: ".opencode/command/plan-status.md", contents: PLAN_STATUS },
            ],
            "opencode: it runs no shell hooks, so pplan gives it the skill and the commands only",
        ),
        _ => return None,
    })
}

fn style(name: &str) -> Style {
    match name {
        "gemini" => Style::Nested { timeout: 10_000 },
        "copilot" => Style::Copilot,
        "cursor" => Style::Cursor,
        _ => Style::Nested { timeout: 10 },
    }
}

/// The command a host runs for `event`.
pub fn command(host: &str, event: &str) -> String {
    if host == "claude" { format!("pplan hook {event}") } else { format!("pplan hook --host {host} {event}") }
}

/// One entry of an event's array, as JSON text.
fn entry(host: &str, style_of: &str, e: &HookEvent) -> String {
    let cmd = Value::from(command(host, e.event)).to_string();
    match style(style_of) {
        Style::Nested { timeout } => {
            let matcher = e.matcher.map_or(String::new(), |m| format!("\"matcher\": {}, ", Value::from(m)));
            format!(
                "{{ {matcher}\"hooks\": [{{ \"type\": \"command\", \"command\": {cmd}, \"timeout\": {timeout} }}] }}"
            )
        }
        Style::Copilot => format!("{{ \"type\": \"command\", \"bash\": {cmd}, \"timeoutSec\": 10 }}"),
        Style::Cursor => format!("{{ \"command\": {cmd} }}"),
    }
}

/// A new hooks file, whole.
fn new_file(host: &str, style_of: &str, events: &[HookEvent], version: bool) -> String {
    let lines: Vec<String> =
        events.iter().map(|e| format!("    \"{}\": [{}]", e.host_event, entry(host, style_of, e))).collect();
    let version = if version { "  \"version\": 1,\n" } else { "" };
    format!("{{\n{version}  \"hooks\": {{\n{}\n  }}\n}}\n", lines.join(",\n"))
}

/// The events of a hooks file that do not run pplan's command yet.
pub fn missing<'e>(text: &str, host: &str, events: &'e [HookEvent]) -> Vec<&'e HookEvent> {
    let Ok(json) = serde_json::from_str::<Value>(text) else { return events.iter().collect() };
    events
        .iter()
        .filter(|e| {
            let want = command(host, e.event);
            let entries = json.pointer(&format!("/hooks/{}", e.host_event)).and_then(Value::as_array);
            !entries.is_some_and(|list| list.iter().any(|v| contains_command(v, &want)))
        })
        .collect()
}

fn contains_command(v: &Value, want: &str) -> bool {
    match v {
        Value::String(s) => s.trim() == want,
        Value::Array(a) => a.iter().any(|x| contains_command(x, want)),
        Value::Object(o) => o.values().any(|x| contains_command(x, want)),
        _ => false,
    }
}

/// Why a settings file could not be changed.
#[derive(Debug, PartialEq, Eq)]
pub enum SpliceError {
    NotJson,
    NotAnObject(&'static str),
}

/// The hooks file with pplan's missing events added: the whole file when there is none
/// (`before` is `None`), else `before` with text inserted. `Ok(None)`: nothing is missing.
pub fn add_hooks(before: Option<&str>, w: &Wiring) -> Result<Option<String>, SpliceError> {
    let Wiring::Hooks { host, style_of, events, version, .. } = w else { return Ok(None) };
    let Some(text) = before else { return Ok(Some(new_file(host, style_of, events, *version))) };
    if text.trim().is_empty() {
        return Ok(Some(new_file(host, style_of, events, *version)));
    }
    let json: Value = serde_json::from_str(text).map_err(|_| SpliceError::NotJson)?;
    if !json.is_object() {
        return Err(SpliceError::NotAnObject("the file"));
    }
    let todo = missing(text, host, events);
    if todo.is_empty() {
        return Ok(None);
    }
    let mut out = text.to_string();
    // Inserted first-member-first, so inserting in reverse keeps the events in their order.
    for e in todo.into_iter().rev() {
        let item = entry(host, style_of, e);
        let top = out.find('{').ok_or(SpliceError::NotJson)?;
        match member(&out, top, "hooks") {
            None => {
                let hooks = format!("\"hooks\": {{ \"{}\": [{item}] }}", e.host_event);
                out = insert_member(&out, top, &hooks);
            }
            Some(at) if out[at..].starts_with('{') => match member(&out, at, e.host_event) {
                None => out = insert_member(&out, at, &format!("\"{}\": [{item}]", e.host_event)),
                Some(list) if out[list..].starts_with('[') => {
                    let empty = out[list + 1..].trim_start().starts_with(']');
                    let sep = if empty { "" } else { ", " };
                    out.insert_str(list + 1, &format!("{item}{sep}"));
                }
                Some(_) => return Err(SpliceError::NotAnObject("an event's hooks")),
            },
            Some(_) => return Err(SpliceError::NotAnObject("`hooks`")),
        }
    }
    serde_json::from_str::<Value>(&out).map_err(|_| SpliceError::NotJson)?;
    Ok(Some(out))
}

/// Insert `"key": value` as the first member of the object opening at `open`, indented like the
/// member after it (or two spaces deeper than the line that opens the object).
fn insert_member(text: &str, open: usize, member_text: &str) -> String {
    let rest = &text[open + 1..];
    let empty = rest.trim_start().starts_with('}');
    let next_line = rest
        .trim_start_matches([' ', '\t'])
        .strip_prefix('\n')
        .or_else(|| rest.trim_start_matches([' ', '\t']).strip_prefix("\r\n"));
    let indent = match next_line {
        Some(line) if !empty => line.len() - line.trim_start_matches([' ', '\t']).len(),
        _ => {
            let line_start = text[..open].rfind('\n').map_or(0, |i| i + 1);
            let line = &text[line_start..open];
            line.len() - line.trim_start_matches([' ', '\t']).len() + 2
        }
    };
    let sep = if empty { "" } else { "," };
    format!("{}\n{}{member_text}{sep}{}", &text[..=open], " ".repeat(indent), rest)
}

/// Where the value of `key` starts in the object opening at `open` (a direct member only).
fn member(text: &str, open: usize, key: &str) -> Option<usize> {
    let bytes = text.as_bytes();
    let mut i = open + 1;
    let mut depth = 0usize;
    while i < bytes.len() {
        match bytes[i] {
            b'"' => {
                let end = string_end(bytes, i)?;
                if depth == 0 {
                    let name: Option<String> = serde_json::from_str(&text[i..=end]).ok();
                    let rest = text[end + 1..].trim_start();
                    if let Some(value) = rest.strip_prefix(':')
                        && name.as_deref() == Some(key)
                    {
                        return Some(text.len() - value.trim_start().len());
                    }
                }
                i = end + 1;
                continue;
            }
            b'{' | b'[' => depth += 1,
            b'}' | b']' => {
                if depth == 0 {
                    return None;
                }
                depth -= 1;
            }
            _ => {}
        }
        i += 1;
    }
    None
}

/// The index of the quote closing the string that opens at `start`.
fn string_end(bytes: &[u8], start: usize) -> Option<usize> {
    let mut i = start + 1;
    while i < bytes.len() {
        match bytes[i] {
            b'\\' => i += 2,
            b'"' => return Some(i),
            _ => i += 1,
        }
    }
    None
}

/// Which hosts a project shows signs of, and whether each is wired: (host, wiring file, wired).
pub fn hosts_found(root: &std::path::Path) -> Vec<(&'static str, &'static str, bool)> {
    let mut found = Vec::new();
    for host in HOSTS {
        let Some((files, _)) = wiring(host) else { continue };
        let Some(first) = files.first() else { continue };
        let (path, present) = match first {
            Wiring::Hooks { path, host, events, .. } => {
                let text = std::fs::read_to_string(root.join(path)).ok();
                (*path, text.is_some_and(|t| missing(&t, host, events).is_empty()))
            }
            Wiring::Copy { path, .. } => (*path, root.join(path).is_file()),
        };
        let marker = match *host {
            "claude" => ".claude",
            "codex" => ".codex",
            "gemini" => ".gemini",
            "copilot" => ".github/hooks",
            "cursor" => ".cursor",
            _ => ".opencode",
        };
        if root.join(marker).is_dir() {
            found.push((*host, path, present));
        }
    }
    found
}
