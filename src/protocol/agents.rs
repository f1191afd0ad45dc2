//! Isolated per-agent files and their status markers.
//!
//! Agent `ID` alone writes `findings_ID.md` and `progress_ID.md`. The progress file ends with a
//! marker block (`---` / `ORCHESTRATOR STATUS: X` / optional `RESUME_FROM:` and `REASON:`
//! lines) that the orchestrator polls by reading only the file's tail. This module knows the
//! file names, the templates, the marker, and the edits that append entries and rewrite the
//! marker; the store does the writing. Ids become file names, so they are checked first.

use std::collections::BTreeMap;
use std::fs::File;
use std::io::{Read, Seek, SeekFrom};
use std::ops::Range;
use std::time::SystemTime;

use serde::{Deserialize, Serialize};

use crate::error::{Error, Result};
use crate::store::{Lock, Store};
use crate::text::{Edit, Eol};

/// How much of a progress file's end `poll` reads: the marker must be within it.
pub const TAIL_BYTES: u64 = 8 * 1024;
const MARKER: &str = "ORCHESTRATOR STATUS:";
const REGISTRY: &str = "agents.json";

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum AgentState {
    InProgress,
    Complete,
    Blocked,
    ContinuationRequired,
}

impl AgentState {
    pub const ALL: [AgentState; 4] =
        [AgentState::InProgress, AgentState::Complete, AgentState::Blocked, AgentState::ContinuationRequired];

    pub fn as_str(self) -> &'static str {
        match self {
            AgentState::InProgress => "IN_PROGRESS",
            AgentState::Complete => "COMPLETE",
            AgentState::Blocked => "BLOCKED",
            AgentState::ContinuationRequired => "CONTINUATION_REQUIRED",
        }
    }

    /// Any case, `-` or space for `_`.
    pub fn parse(s: &str) -> Option<AgentState> {
        let norm = s.trim().trim_matches(['*', '`']).trim().to_ascii_uppercase().replace(['-', ' '], "_");
        AgentState::ALL.into_iter().find(|st| st.as_str() == norm)
    }

    /// The agent has stopped: the orchestrator must act.
    pub fn is_terminal(self) -> bool {
        self != AgentState::InProgress
    }
}

/// Task ids used in file names: `[A-Za-z0-9._-]{1,64}`, no leading dot.
pub fn check_id(id: &str) -> Result<()> {
    let ok = !id.is_empty()
        && id.len() <= 64
        && !id.starts_with('.')
        && id.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b'-'));
    if ok { Ok(()) } else { Err(Error::UnsafeId { id: id.chars().take(80).collect() }) }
}

pub fn findings_file(id: &str) -> String {
    format!("findings_{id}.md")
}

pub fn progress_file(id: &str) -> String {
    format!("progress_{id}.md")
}

/// Agent files must be regular files: a symlink or anything else is refused (they would let
/// an agent write outside the plan directory).
pub fn check_regular(store: &Store, name: &str) -> Result<bool> {
    let path = store.path(name);
    match std::fs::symlink_metadata(&path) {
        Ok(m) if m.file_type().is_file() => Ok(true),
        Ok(_) => Err(Error::NotAFile { path }),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(false),
        Err(e) => Err(Error::io("inspect", path, e)),
    }
}

/// Edit agent `id`'s file `name` under the agent's lock. The file is opened inside the lock
/// without following a link, and a link there is refused (see [`Store::update_unlinked`]); a
/// missing file means there is no such agent.
pub fn update(
    store: &Store,
    id: &str,
    name: &str,
    edit: impl FnOnce(&crate::text::Document) -> Result<Vec<Edit>>,
    verify: impl FnOnce(&crate::text::Document, &crate::text::Document) -> std::result::Result<(), String>,
) -> Result<crate::store::Change> {
    let lock = store.lock_agent(id)?;
    store.update_unlinked(&lock, name, edit, verify).map_err(|e| match e {
        Error::Io { source, .. } if source.kind() == std::io::ErrorKind::NotFound => {
            Error::NoAgent { id: id.to_string() }
        }
        e => e,
    })
}

/// The header both agent files start with.
pub struct Header<'a> {
    pub id: &'a str,
    pub task: &'a str,
    pub group: &'a str,
    pub spawned: &'a str,
}

const FINDINGS_TEMPLATE: &str = include_str!("../../templates/agent_findings.md");
const PROGRESS_TEMPLATE: &str = include_str!("../../templates/agent_progress.md");
/// The line that ends the template header; merged content starts after it.
pub const HEADER_END: &str = "<!-- pplan:agent-header-end -->";

impl Header<'_> {
    fn fill(&self, template: &str) -> String {
        template
            .replace("{{id}}", self.id)
            .replace("{{task}}", &one_line(self.task))
            .replace("{{group}}", self.group)
            .replace("{{spawned}}", self.spawned)
    }

    pub fn findings(&self) -> String {
        self.fill(FINDINGS_TEMPLATE)
    }

    pub fn progress(&self) -> String {
        self.fill(PROGRESS_TEMPLATE)
    }
}

fn one_line(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// A parsed marker block.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Marker {
    /// `None` when the status word is not one of the four states.
    pub state: Option<AgentState>,
    /// The block's byte range (from a `---` line right above, through the optional lines).
    pub block: Range<usize>,
    pub resume_from: Option<String>,
    pub reason: Option<String>,
}

/// The last `ORCHESTRATOR STATUS:` line of `text` (which may be a tail) and its block.
/// The last `ORCHESTRATOR STATUS:` line within the last [`TAIL_BYTES`] of `text` (from the
/// first whole line there), as `poll` sees it, and its block.
pub fn find_marker(text: &str) -> Option<Marker> {
    let mut from = text.len().saturating_sub(TAIL_BYTES as usize);
    if from > 0 {
        from = memchr::memchr(b'\n', &text.as_bytes()[from..]).map_or(text.len(), |i| from + i + 1);
    }
    let mut m = find_marker_in(&text[from..])?;
    m.block = m.block.start + from..m.block.end + from;
    Some(m)
}

fn find_marker_in(text: &str) -> Option<Marker> {
    let mut search_end = text.len();
    let at = loop {
        let at = text[..search_end].rfind(MARKER)?;
        let line_start = text[..at].rfind('\n').map_or(0, |i| i + 1);
        if text[line_start..at].trim_matches([' ', '\t', '*']).is_empty() {
            break at;
        }
        search_end = at;
    };
    let line_start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    let status_end = line_end(text, at);
    let state = AgentState::parse(text[at + MARKER.len()..status_end].trim_end_matches('\r'));
    let mut block_end = next_line(text, status_end);
    let (mut resume_from, mut reason) = (None, None);
    while block_end < text.len() {
        let end = line_end(text, block_end);
        let line = text[block_end..end].trim_end_matches('\r');
        if let Some(v) = line.strip_prefix("RESUME_FROM:") {
            resume_from = Some(v.trim().to_string());
        } else if let Some(v) = line.strip_prefix("REASON:") {
            reason = Some(v.trim().to_string());
        } else {
            break;
        }
        block_end = next_line(text, end);
    }
    let mut block_start = line_start;
    if line_start > 0 {
        let prev_start = text[..line_start - 1].rfind('\n').map_or(0, |i| i + 1);
        if text[prev_start..line_start].trim() == "---" {
            block_start = prev_start;
        }
    }
    Some(Marker { state, block: block_start..block_end, resume_from, reason })
}

fn line_end(text: &str, from: usize) -> usize {
    memchr::memchr(b'\n', &text.as_bytes()[from..]).map_or(text.len(), |i| from + i)
}

fn next_line(text: &str, line_end: usize) -> usize {
    (line_end + 1).min(text.len())
}

/// A fresh marker block in the file's line ending.
pub fn marker_block(state: AgentState, resume_from: Option<&str>, reason: Option<&str>, eol: Eol) -> String {
    let eol = eol.as_str();
    let mut s = format!("---{eol}{MARKER} {}{eol}", state.as_str());
    if let Some(r) = resume_from {
        s.push_str(&format!("RESUME_FROM: {}{eol}", one_line(r)));
    }
    if let Some(r) = reason {
        s.push_str(&format!("REASON: {}{eol}", one_line(r)));
    }
    s
}

/// A timestamped entry (`### <stamp>`, the text, an optional `Files:` line, a blank line).
pub fn entry(stamp: &str, text: &str, files: &[String], eol: Eol) -> String {
    let eol = eol.as_str();
    let mut s = format!("### {stamp}{eol}");
    for line in text.trim_end().lines() {
        s.push_str(line.trim_end());
        s.push_str(eol);
    }
    if !files.is_empty() {
        s.push_str(&format!("Files: {}{eol}", files.join(", ")));
    }
    s.push_str(eol);
    s
}

/// Append an entry at the end of a file, after a blank line.
pub fn append_entry(text: &str, entry: &str, eol: Eol) -> Edit {
    let sep = if text.is_empty() || text.ends_with("\n\n") || text.ends_with("\r\n\r\n") {
        ""
    } else if text.ends_with('\n') {
        eol.as_str()
    } else {
        if eol == Eol::CrLf { "\r\n\r\n" } else { "\n\n" }
    };
    Edit::insert(text.len(), format!("{sep}{entry}"))
}

/// Where a new entry of the shared log (progress.md) goes: at the end of its last session-log
/// section (`## Session: …`, `## Session Log`, `## 会话…`), else before the reference sections a
/// template ends with (`## 5-Question Reboot Check`, `## Test Results`, `## Error Log`), else
/// at the end. Headings inside code fences are not headings.
pub fn log_entry_at(text: &str) -> usize {
    let mut headings: Vec<(usize, usize, String)> = Vec::new();
    let (mut at, mut fence): (usize, Option<&str>) = (0, None);
    for line in text.split_inclusive('\n') {
        let t = line.trim_end();
        let lead = t.trim_start();
        match fence {
            Some(f) if lead.starts_with(f) => fence = None,
            Some(_) => {}
            None if lead.starts_with("```") => fence = Some("```"),
            None if lead.starts_with("~~~") => fence = Some("~~~"),
            None => {
                let level = t.bytes().take_while(|&b| b == b'#').count();
                if (1..=6).contains(&level) && t[level..].starts_with(' ') {
                    headings.push((at, level, t[level..].trim().to_lowercase()));
                }
            }
        }
        at += line.len();
    }
    let is_log = |h: &str| {
        (h.contains("session")
            || h.contains("会话")
            || h.contains("セッション")
            || h == "log"
            || h.ends_with(" log"))
            && !h.contains("error")
    };
    let is_reference = |h: &str| {
        h.contains("reboot") || h.contains("test results") || h.contains("error log") || h.contains("errors")
    };
    // Sections are `##` headings; a `#` heading is the file's title (`# Progress Log`).
    if let Some(i) = headings.iter().rposition(|(_, level, h)| *level == 2 && is_log(h)) {
        let level = headings[i].1;
        return headings[i + 1..].iter().find(|(_, l, _)| *l <= level).map_or(text.len(), |h| h.0);
    }
    let from = headings.iter().rposition(|(_, l, h)| *l == 2 && !is_reference(h)).map_or(0, |i| i + 1);
    headings[from..].iter().find(|(_, l, _)| *l == 2).map_or(text.len(), |h| h.0)
}

/// Insert a progress.md entry where [`log_entry_at`] says, between blank lines.
pub fn insert_entry(text: &str, entry: &str, eol: Eol) -> Edit {
    let at = log_entry_at(text);
    if at == text.len() {
        return append_entry(text, entry, eol);
    }
    let before = &text[..at];
    let sep = if before.is_empty() || before.ends_with("\n\n") || before.ends_with("\r\n\r\n") {
        ""
    } else {
        eol.as_str()
    };
    Edit::insert(at, format!("{sep}{entry}"))
}

/// Insert a log entry right above the marker block, so the block stays last; without a marker,
/// append it.
pub fn insert_log(text: &str, entry: &str, eol: Eol) -> Edit {
    match find_marker(text) {
        Some(m) => {
            let before = &text[..m.block.start];
            let sep = if before.is_empty() || before.ends_with("\n\n") || before.ends_with("\r\n\r\n") {
                ""
            } else {
                eol.as_str()
            };
            Edit::insert(m.block.start, format!("{sep}{entry}"))
        }
        None => append_entry(text, entry, eol),
    }
}

/// Replace only the marker block (or add one at the end).
pub fn rewrite_marker(text: &str, block: &str, eol: Eol) -> Edit {
    match find_marker(text) {
        Some(m) => {
            let mut block = block.to_string();
            if m.block.end == text.len() && !text.ends_with('\n') {
                block.truncate(block.trim_end_matches(['\r', '\n']).len());
            }
            Edit::replace(m.block, block)
        }
        None => append_entry(text, block, eol),
    }
}

/// The tail of agent `id`'s progress file (see [`read_tail`]), opened without following a link
/// (a link is `NotAFile`); `None` when there is none.
pub fn progress_tail(store: &Store, id: &str) -> Result<Option<(String, u64, SystemTime)>> {
    let name = progress_file(id);
    let Some(file) = store.open_unlinked(&name)? else { return Ok(None) };
    read_tail(file).map(Some).map_err(|e| Error::io("read", store.path(&name), e))
}

/// The last `TAIL_BYTES` of a file (from a line start), its size and modification time.
fn read_tail(mut file: File) -> std::io::Result<(String, u64, SystemTime)> {
    let meta = file.metadata()?;
    let len = meta.len();
    let start = len.saturating_sub(TAIL_BYTES);
    file.seek(SeekFrom::Start(start))?;
    let mut buf = Vec::with_capacity((len - start) as usize);
    file.take(TAIL_BYTES).read_to_end(&mut buf)?;
    let mut text = String::from_utf8_lossy(&buf).into_owned();
    if start > 0 {
        // The first line may be cut (and a character split): start at the next line.
        let cut = text.find('\n').map_or(text.len(), |i| i + 1);
        text.drain(..cut);
    }
    Ok((text, len, meta.modified()?))
}

/// The last `n` non-blank lines of an agent's progress log, its template header and marker
/// block left out.
pub fn last_lines(text: &str, n: usize) -> Vec<String> {
    let end = find_marker(text).map_or(text.len(), |m| m.block.start);
    let start = text[..end].find(HEADER_END).map_or(0, |at| at + HEADER_END.len());
    let lines: Vec<&str> =
        text[start..end].lines().map(str::trim_end).filter(|l| !l.trim().is_empty()).collect();
    lines[lines.len().saturating_sub(n)..].iter().map(|l| l.to_string()).collect()
}

/// The two kinds of entry an agent writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Entry {
    /// A finding, appended to `findings_ID.md`.
    Note,
    /// A progress entry, inserted above the marker of `progress_ID.md`.
    Log,
}

/// Write one entry under the agent's lock; returns its timestamp.
pub fn write_entry(store: &Store, id: &str, kind: Entry, text: &str, files: &[String]) -> Result<String> {
    check_id(id)?;
    let name = match kind {
        Entry::Note => findings_file(id),
        Entry::Log => progress_file(id),
    };
    let stamp = crate::store::clock::now_stamp();
    update(
        store,
        id,
        &name,
        |doc| {
            let e = entry(&stamp, text, files, doc.eol());
            Ok(vec![match kind {
                Entry::Note => append_entry(doc.text(), &e, doc.eol()),
                Entry::Log => insert_log(doc.text(), &e, doc.eol()),
            }])
        },
        |before, after| {
            // The marker must stay where it was relative to the end of the file.
            let (b, a) = (find_marker(before.text()), find_marker(after.text()));
            let tail = |t: &str, m: Option<Marker>| m.map(|m| t.len() - m.block.start);
            if kind == Entry::Log && tail(before.text(), b) != tail(after.text(), a) {
                return Err("the marker block would not stay last".into());
            }
            let e = entry(&stamp, text, files, before.eol());
            if after.text().matches(&e).count() != before.text().matches(&e).count() + 1 {
                return Err("the entry is not in the file exactly once more".into());
            }
            Ok(())
        },
    )?;
    Ok(stamp)
}

/// Rewrite the agent's marker block under the agent's lock; returns the state it replaced.
pub fn set_marker(
    store: &Store,
    id: &str,
    state: AgentState,
    resume_from: Option<&str>,
    reason: Option<&str>,
) -> Result<Option<AgentState>> {
    check_id(id)?;
    let name = progress_file(id);
    let mut old = None;
    update(
        store,
        id,
        &name,
        |doc| {
            old = find_marker(doc.text()).and_then(|m| m.state);
            let block = marker_block(state, resume_from, reason, doc.eol());
            Ok(vec![rewrite_marker(doc.text(), &block, doc.eol())])
        },
        |_, after| match find_marker(after.text()) {
            Some(m) if m.state == Some(state) => Ok(()),
            _ => Err(format!("the marker does not read {} after the edit", state.as_str())),
        },
    )?;
    Ok(old)
}

/// What an agent's files say: one of the four states, or why there is none.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seen {
    Agent(AgentState),
    /// No progress file.
    Missing,
    /// No valid marker in the progress file's tail.
    NoMarker,
}

impl Seen {
    pub fn as_str(self) -> &'static str {
        match self {
            Seen::Agent(s) => s.as_str(),
            Seen::Missing => "MISSING",
            Seen::NoMarker => "NO_MARKER",
        }
    }

    /// The agent has stopped (the orchestrator must act); a missing file has not.
    pub fn is_terminal(self) -> bool {
        matches!(self, Seen::Agent(s) if s.is_terminal())
    }

    /// Order in summaries.
    pub fn rank(self) -> u8 {
        match self {
            Seen::Agent(AgentState::Complete) => 0,
            Seen::Agent(AgentState::InProgress) => 1,
            Seen::Agent(AgentState::ContinuationRequired) => 2,
            Seen::Agent(AgentState::Blocked) => 3,
            Seen::NoMarker => 4,
            Seen::Missing => 5,
        }
    }
}

impl Serialize for Seen {
    fn serialize<S: serde::Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

/// What the files say about one agent right now.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Observation {
    pub id: String,
    pub state: Seen,
    pub age_secs: Option<u64>,
    pub stalled: bool,
    pub resume_from: Option<String>,
    pub reason: Option<String>,
}

/// Read one agent's state from its progress file's tail (cost independent of the file size).
pub fn observe(store: &Store, id: &str, stall_after: std::time::Duration, now: SystemTime) -> Observation {
    let mut obs = Observation {
        id: id.to_string(),
        state: Seen::Missing,
        age_secs: None,
        stalled: false,
        resume_from: None,
        reason: None,
    };
    let Ok(Some((tail, _, mtime))) = progress_tail(store, id) else { return obs };
    let findings_mtime =
        std::fs::metadata(store.path(&findings_file(id))).and_then(|m| m.modified()).unwrap_or(mtime);
    let age = now.duration_since(mtime.max(findings_mtime)).unwrap_or_default();
    obs.age_secs = Some(age.as_secs());
    match find_marker(&tail) {
        Some(Marker { state: Some(state), resume_from, reason, .. }) => {
            obs.state = Seen::Agent(state);
            obs.stalled = state == AgentState::InProgress && age > stall_after;
            obs.resume_from = resume_from;
            obs.reason = reason;
        }
        _ => obs.state = Seen::NoMarker,
    }
    obs
}

/// Every agent of `group` (as [`group_agents`] finds them) observed now, with the plan's
/// `stall_minutes` (the default when `pplan.yaml` cannot be read).
pub fn observe_group(store: &Store, plan: &crate::plan::Plan<'_>, group: Option<usize>) -> Vec<Observation> {
    observe_among(store, group_task_ids(plan, group))
}

/// [`observe_group`] for a group known by its tasks' ids ([`group_task_ids`]), in that order.
pub fn observe_among<'i>(store: &Store, ids: impl IntoIterator<Item = &'i str>) -> Vec<Observation> {
    let registry = Registry::load(store).unwrap_or_default();
    let stall = crate::store::config::Config::load(store).unwrap_or_default().stall_after();
    let now = SystemTime::now();
    agents_among(store, &registry, ids).iter().map(|id| observe(store, id, stall, now)).collect()
}

/// Whether this plan runs agents at all: agent files beside it, or agents pplan spawned or
/// archived. A plan kept by hand has none, and views do not talk of spawning and merging.
pub fn plan_has_agents(store: &Store) -> bool {
    let state = store.path(crate::store::STATE_DIR);
    if state.join(REGISTRY).exists() || state.join("archive").exists() {
        return true;
    }
    std::fs::read_dir(store.path("")).is_ok_and(|rd| {
        rd.flatten().any(|e| {
            let name = e.file_name();
            let name = name.to_string_lossy();
            name.ends_with(".md") && (name.starts_with("findings_") || name.starts_with("progress_"))
        })
    })
}

/// The agents of a group (of the whole plan when it has no groups), in task order: its tasks
/// with a safe id that have agent files or were spawned.
pub fn group_agents(
    store: &Store,
    plan: &crate::plan::Plan<'_>,
    registry: &Registry,
    group: Option<usize>,
) -> Vec<String> {
    agents_among(store, registry, group_task_ids(plan, group))
}

/// The ids of a group's tasks (of the whole plan when it has no groups), in task order: where
/// [`group_agents`] looks for agents.
pub fn group_task_ids<'p>(
    plan: &'p crate::plan::Plan<'_>,
    group: Option<usize>,
) -> impl Iterator<Item = &'p str> + 'p {
    let tasks = match group {
        Some(g) => plan.group_tasks(&plan.groups[g]),
        None => &plan.tasks[..],
    };
    tasks.iter().filter_map(|t| t.id)
}

/// Agents spawned for group key `group` (for any group when `None`) whose task is no longer in
/// the plan (a person removed it, or changed its id): no group's agents, but what they logged
/// still counts.
pub fn departed(plan: &crate::plan::Plan<'_>, registry: &Registry, group: Option<&str>) -> Vec<String> {
    let in_plan = |id: &str| plan.tasks.iter().any(|t| t.id.is_some_and(|t| t.eq_ignore_ascii_case(id)));
    registry
        .agents
        .iter()
        .filter(|(id, r)| group.is_none_or(|k| r.group == k) && !in_plan(id))
        .map(|(id, _)| id.clone())
        .collect()
}

/// Those of `ids` that are agents: a safe id with agent files, or spawned.
fn agents_among<'i>(
    store: &Store,
    registry: &Registry,
    ids: impl IntoIterator<Item = &'i str>,
) -> Vec<String> {
    // One listing of the plan directory rather than two lookups per task (a group of 50 tasks
    // was 100 `stat`s a progress refresh); a listed name is still looked up, as `exists` follows
    // a link. Without a listing, each name is looked up.
    let listed: Option<rustc_hash::FxHashSet<String>> = std::fs::read_dir(store.dir()).ok().map(|entries| {
        entries
            .flatten()
            .filter_map(|e| e.file_name().into_string().ok())
            .filter(|n| n.starts_with("progress_") || n.starts_with("findings_"))
            .collect()
    });
    let exists =
        |name: String| listed.as_ref().is_none_or(|l| l.contains(&name)) && store.path(&name).exists();
    ids.into_iter()
        .filter(|id| check_id(id).is_ok())
        .filter(|id| {
            registry.agents.contains_key(*id) || exists(progress_file(id)) || exists(findings_file(id))
        })
        .map(str::to_string)
        .collect()
}

/// What pplan remembers about spawned agents (`.pplan/agents.json`, tool state).
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct Registry {
    pub schema_version: u32,
    pub agents: BTreeMap<String, AgentRecord>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct AgentRecord {
    /// The group's key.
    pub group: String,
    pub task: String,
    pub spawned_at: String,
    pub attempt: u32,
    pub restarts: u32,
}

impl Registry {
    pub fn load(store: &Store) -> Result<Registry> {
        match store.read_state(REGISTRY)? {
            None => Ok(Registry { schema_version: 1, agents: BTreeMap::new() }),
            Some(text) => serde_json::from_str(&text).map_err(|e| Error::Config {
                path: store.path(crate::store::STATE_DIR).join(REGISTRY),
                message: e.to_string(),
            }),
        }
    }

    pub fn save(&self, store: &Store, lock: &Lock) -> Result<()> {
        let text = serde_json::to_string_pretty(self).unwrap_or_default() + "\n";
        store.write_state(lock, REGISTRY, &text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_that_are_safe_file_names() {
        for ok in ["BE-001", "T.5", "a_b", "x"] {
            assert!(check_id(ok).is_ok(), "{ok}");
        }
        for bad in ["", ".hidden", "../x", "/etc/passwd", "a b", "a\0b", "é", &"x".repeat(65)] {
            assert!(check_id(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn the_last_marker_line_wins_and_its_block_is_found() {
        let text = "# P\n\nORCHESTRATOR STATUS: COMPLETE is what I will write\n\n---\nORCHESTRATOR STATUS: CONTINUATION_REQUIRED\nRESUME_FROM: the webhook\nnote below\n";
        let m = find_marker(text).expect("marker");
        assert_eq!(m.state, Some(AgentState::ContinuationRequired));
        assert_eq!(m.resume_from.as_deref(), Some("the webhook"));
        assert_eq!(
            &text[m.block.clone()],
            "---\nORCHESTRATOR STATUS: CONTINUATION_REQUIRED\nRESUME_FROM: the webhook\n"
        );
    }

    #[test]
    fn a_marker_must_start_its_line() {
        assert_eq!(find_marker("say ORCHESTRATOR STATUS: COMPLETE\n"), None);
        let m = find_marker("**ORCHESTRATOR STATUS: blocked**\r\n").expect("marker");
        assert_eq!(m.state, Some(AgentState::Blocked));
    }

    #[test]
    fn log_entries_go_above_the_marker() {
        let text = "# P\n<!-- h -->\n\n---\nORCHESTRATOR STATUS: IN_PROGRESS\n";
        let e = entry("T", "did it\n", &["a.rs".into()], Eol::Lf);
        let out = crate::text::apply(text, &[insert_log(text, &e, Eol::Lf)]).expect("apply");
        assert_eq!(
            out,
            "# P\n<!-- h -->\n\n### T\ndid it\nFiles: a.rs\n\n---\nORCHESTRATOR STATUS: IN_PROGRESS\n"
        );
    }

    #[test]
    fn marker_rewrite_touches_only_the_block() {
        let text = "# P\r\n\r\n---\r\nORCHESTRATOR STATUS: IN_PROGRESS\r\nhuman note\r\n";
        let block = marker_block(AgentState::Blocked, None, Some("no access\nto db"), Eol::CrLf);
        let out = crate::text::apply(text, &[rewrite_marker(text, &block, Eol::CrLf)]).expect("apply");
        assert_eq!(
            out,
            "# P\r\n\r\n---\r\nORCHESTRATOR STATUS: BLOCKED\r\nREASON: no access to db\r\nhuman note\r\n"
        );
    }
}
