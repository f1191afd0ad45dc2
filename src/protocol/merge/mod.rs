//! The locked, journaled, exactly-once merge of a group's agents into the shared files.
//!
//! A merge computes everything first: each COMPLETE agent's findings and progress (without the
//! template header and marker block, headings demoted) as blocks wrapped in content-addressed
//! markers, appended to `findings.md` / `progress.md` unless a block with that sha is already
//! there; then `task_plan.md` with those tasks complete and, when the group is done, the group
//! complete, `## Current Group` advanced and `## Next Step` refreshed. It writes all of that as
//! an intent journal (`.pplan/journal.json`: each file's expected bytes before, full bytes
//! after, and the agent files to retire) and then applies the journal: replace each file
//! atomically unless a person changed it, verify every block is present exactly once, retire
//! the agent files to `.pplan/archive/`, delete the journal. A journal left by a crash is
//! applied the same way by the next command, so a merge is all-or-resumed, and reruns are
//! no-ops because the targets are their own log of applied merges.

use std::time::Duration;

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::error::{Error, Result};
use crate::plan::edit::{self, Target};
use crate::plan::{Plan, Status};
use crate::protocol::ALL_COMPLETE;
use crate::protocol::agents::{self, AgentState};
use crate::store::fault;
use crate::store::{self, Lock, Store};
use crate::text::{Document, Edit, Eol};

pub const JOURNAL: &str = "journal.json";
pub const FINDINGS: &str = "findings.md";
pub const PROGRESS: &str = "progress.md";

/// The first 8 bytes of SHA-256, in hex: the content address of a block or a file's bytes.
pub fn sha(bytes: &[u8]) -> String {
    Sha256::digest(bytes)[..8].iter().map(|b| format!("{b:02x}")).collect()
}

/// The intent journal: everything needed to finish a merge without recomputing it.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Journal {
    pub schema_version: u32,
    pub kind: String,
    pub group: String,
    pub files: Vec<FileIntent>,
    pub retire: Vec<Retire>,
    /// `.pplan/<archive>/` for the retired files.
    pub archive: String,
    pub merged_at: String,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct FileIntent {
    pub name: String,
    /// sha of the bytes the merge read (empty file: sha of nothing).
    pub before: String,
    pub after: String,
}

/// An agent whose files leave the plan directory once its blocks are verified present.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct Retire {
    pub agent: String,
    pub findings_sha: String,
    pub progress_sha: String,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
struct ManifestEntry {
    agent: String,
    findings_sha: String,
    progress_sha: String,
    merged_at: String,
    files: Vec<String>,
}

/// How a journal ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Applied {
    /// Every file written and verified, journal deleted; the agents whose files were retired
    /// (an agent whose files changed after the merge read them keeps them, for the next merge).
    Done(Vec<String>),
    /// A person changed this target meanwhile: nothing more written, journal dropped; a rerun
    /// of the merge recomputes from the files as they are now (their edit kept).
    Abandoned(String),
}

/// Apply a journal under the plan lock (see the module docs).
pub fn apply(store: &Store, lock: &Lock, journal: &Journal) -> Result<Applied> {
    for f in &journal.files {
        let after_sha = sha(f.after.as_bytes());
        let current = sha(&store.read_or_empty(&f.name)?);
        if current == after_sha {
            continue;
        }
        if current != f.before {
            store.remove_state(lock, JOURNAL)?;
            return Ok(Applied::Abandoned(f.name.clone()));
        }
        let expected = f.before.clone();
        store.replace_if(lock, &f.name, |now| sha(now) == expected, &f.after)?;
        fault::point(&format!("after-write-{}", f.name));
    }
    // Never retire an agent whose content is not durably present, exactly once.
    let findings = String::from_utf8_lossy(&store.read_or_empty(FINDINGS)?).into_owned();
    let progress = String::from_utf8_lossy(&store.read_or_empty(PROGRESS)?).into_owned();
    for r in &journal.retire {
        for (text, sha, name) in
            [(&findings, &r.findings_sha, FINDINGS), (&progress, &r.progress_sha, PROGRESS)]
        {
            let n = text.matches(&opening(&r.agent, sha)).count();
            if n != 1 {
                store.remove_state(lock, JOURNAL)?;
                return Err(Error::MergeUnverified {
                    path: store.path(name),
                    why: format!("the block of `{}` (sha {sha}) is there {n} times, not once", r.agent),
                });
            }
        }
    }
    fault::point("before-retire");
    let mut manifest = load_manifest(store, &journal.archive)?;
    let mut retired = Vec::new();
    for (i, r) in journal.retire.iter().enumerate() {
        if !unchanged_since_merge(store, journal, r)? {
            continue; // written to after the merge read it: keep it for the next merge
        }
        retired.push(r.agent.clone());
        let mut files = Vec::new();
        for name in [agents::findings_file(&r.agent), agents::progress_file(&r.agent)] {
            if agents::check_regular(store, &name)? {
                files.push(store.retire(lock, &name, &journal.archive, &r.progress_sha)?);
            } else if store.path(store::STATE_DIR).join(&journal.archive).join(&name).exists() {
                files.push(name); // retired before an interruption
            }
        }
        if !manifest.iter().any(|m| m.agent == r.agent && m.progress_sha == r.progress_sha) {
            manifest.push(ManifestEntry {
                agent: r.agent.clone(),
                findings_sha: r.findings_sha.clone(),
                progress_sha: r.progress_sha.clone(),
                merged_at: journal.merged_at.clone(),
                files,
            });
        }
        if i == 0 {
            fault::point("mid-retire");
        }
    }
    if !journal.retire.is_empty() {
        store.sync_dirs(lock, &journal.archive)?;
        let text = serde_json::to_string_pretty(&manifest).unwrap_or_default() + "\n";
        store.write_state(lock, &format!("{}/manifest.json", journal.archive), &text)?;
        forget_agents(store, lock, &journal.retire)?;
    }
    fault::point("before-journal-delete");
    store.remove_state(lock, JOURNAL)?;
    Ok(Applied::Done(retired))
}

/// An agent's files (where still present) hold exactly what was merged.
fn unchanged_since_merge(store: &Store, journal: &Journal, r: &Retire) -> Result<bool> {
    for (name, kind, want, marker) in [
        (agents::findings_file(&r.agent), "findings", &r.findings_sha, false),
        (agents::progress_file(&r.agent), "progress", &r.progress_sha, true),
    ] {
        if !agents::check_regular(store, &name)? {
            continue; // already retired before an interruption
        }
        let body = agent_content(&store.read(&name)?.into_text(), marker);
        if &block_sha(&journal.group, &r.agent, kind, &body) != want {
            return Ok(false);
        }
    }
    Ok(true)
}

fn block_sha(group: &str, agent: &str, kind: &str, body: &str) -> String {
    sha(format!("{group}\0{agent}\0{kind}\0{body}").as_bytes())
}

/// A leftover journal, if any, rolled forward (and temp files killed writers left swept).
/// Returns whether there was one.
pub fn roll_forward(store: &Store, lock: &Lock) -> Result<Option<Applied>> {
    sweep(store, lock)?;
    let Some(text) = store.read_state(JOURNAL)? else { return Ok(None) };
    let journal: Journal = match serde_json::from_str(&text) {
        Ok(j) => j,
        // A torn journal cannot happen (it is written atomically); one pplan cannot read is
        // removed: nothing was retired under it, so a merge rerun redoes what it had not.
        Err(_) => {
            store.remove_state(lock, JOURNAL)?;
            return Ok(Some(Applied::Abandoned(JOURNAL.into())));
        }
    };
    apply(store, lock, &journal).map(Some)
}

/// Temp files of the files the plan lock protects: the shared files, the tool state, manifests.
fn sweep(store: &Store, lock: &Lock) -> Result<()> {
    store.sweep_temp(lock, ".", &[store::PLAN_FILE, FINDINGS, PROGRESS])?;
    store.sweep_temp(lock, store::STATE_DIR, &["agents.json", JOURNAL, ".gitignore"])?;
    let archive = store.path(store::STATE_DIR).join("archive");
    for group in std::fs::read_dir(&archive).into_iter().flatten().flatten() {
        let dir = format!("{}/archive/{}", store::STATE_DIR, group.file_name().to_string_lossy());
        store.sweep_temp(lock, &dir, &["manifest.json"])?;
    }
    Ok(())
}

fn load_manifest(store: &Store, archive: &str) -> Result<Vec<ManifestEntry>> {
    Ok(store
        .read_state(&format!("{archive}/manifest.json"))?
        .and_then(|t| serde_json::from_str(&t).ok())
        .unwrap_or_default())
}

/// Retired agents leave the registry (their record is the archive manifest).
fn forget_agents(store: &Store, lock: &Lock, retired: &[Retire]) -> Result<()> {
    let mut registry = agents::Registry::load(store)?;
    let before = registry.agents.len();
    for r in retired {
        registry.agents.remove(&r.agent);
    }
    if registry.agents.len() != before {
        registry.save(store, lock)?;
    }
    Ok(())
}

/// The end of a block's opening marker: unique to one agent's block (the closing marker
/// carries only the sha).
fn opening(agent: &str, sha: &str) -> String {
    format!(" agent={agent} sha={sha} -->")
}

/// What to merge: options from the command line.
#[derive(Clone, Debug, Default)]
pub struct Options {
    pub group: Option<String>,
    pub partial: bool,
    pub strict: bool,
    pub dry_run: bool,
}

/// What a merge did (or, dry, would do).
#[derive(Clone, Debug, Default, Serialize)]
pub struct Report {
    pub group: Option<String>,
    /// Agents whose blocks were added now.
    pub merged: Vec<String>,
    /// Agents whose blocks were already present (an earlier, interrupted or repeated merge).
    pub already: Vec<String>,
    /// Agents not COMPLETE (left running with `--partial`).
    pub waiting: Vec<Waiting>,
    pub tasks_completed: Vec<String>,
    pub group_complete: bool,
    /// The group `## Current Group` now names, when it moved.
    pub advanced_to: Option<String>,
    pub retired: Vec<String>,
    /// Agents merged now whose files changed after the merge read them: kept, to merge again.
    pub kept: Vec<String>,
    pub warnings: Vec<String>,
    /// Unified diffs of each file (dry run only).
    #[serde(skip)]
    pub diffs: Vec<(String, String, String)>,
    /// A journal left by an interrupted merge was rolled forward first.
    pub resumed: bool,
    /// The gate run after the merge (when `pplan.yaml` names one and the group's tasks are done).
    pub gate: Option<GateSummary>,
}

/// An agent a merge did not take, and why.
#[derive(Clone, Debug, Serialize)]
pub struct Waiting {
    pub id: String,
    /// Its marker state, or `MISSING` / `NO_MARKER`.
    pub state: String,
}

/// One agent's content, ready to merge.
struct AgentBlocks {
    id: String,
    task: String,
    findings: String,
    progress: String,
}

/// Merge a group's COMPLETE agents. Takes the plan lock (none for a dry run).
pub fn merge(store: &Store, opts: &Options) -> Result<Report> {
    let lock = if opts.dry_run { None } else { Some(store.lock()?) };
    fault::point("after-lock");
    let mut report = Report::default();
    if let Some(lock) = &lock {
        report.resumed = roll_forward(store, lock)?.is_some();
    }
    let doc = store.read(store::PLAN_FILE)?;
    let plan = Plan::parse(&doc);
    let g = crate::plan::edit::resolve_group(&plan, opts.group.as_deref())?;
    let group_key = g.map(|g| plan.groups[g].key.clone());
    report.group = group_key.clone();
    let registry = agents::Registry::load(store)?;
    let ids = agents::group_agents(store, &plan, &registry, g);

    let mut ready = Vec::new();
    let mut empty = Vec::new();
    for id in &ids {
        let name = agents::progress_file(id);
        if !agents::check_regular(store, &name)? {
            if registry.agents.contains_key(id) {
                // Spawned, not merged, and its progress file is gone: not ready.
                report.waiting.push(Waiting { id: id.clone(), state: "MISSING".into() });
            }
            continue;
        }
        let progress = store.read(&name)?;
        let state = agents::find_marker(progress.text()).and_then(|m| m.state);
        if state != Some(AgentState::Complete) {
            let shown = state.map_or("NO_MARKER", AgentState::as_str);
            report.waiting.push(Waiting { id: id.clone(), state: shown.to_string() });
            continue;
        }
        let findings_name = agents::findings_file(id);
        let findings = if agents::check_regular(store, &findings_name)? {
            store.read(&findings_name)?.into_text()
        } else {
            String::new()
        };
        let task = plan.tasks.iter().find(|t| t.id == Some(id.as_str())).map_or("", |t| t.text).to_string();
        let blocks = AgentBlocks {
            id: id.clone(),
            task,
            findings: agent_content(&findings, false),
            progress: agent_content(progress.text(), true),
        };
        if blocks.findings.is_empty() && blocks.progress.is_empty() {
            empty.push(id.clone());
        }
        ready.push(blocks);
    }
    let place = group_key.as_deref().map_or_else(|| "the plan".to_string(), |k| format!("group {k}"));
    if !report.waiting.is_empty() && !opts.partial {
        return Err(Error::NotReady {
            place,
            agents: report.waiting.iter().map(|w| format!("{} {}", w.id, w.state)).collect(),
        });
    }
    if let (true, Some(id)) = (opts.strict, empty.first()) {
        return Err(Error::NoEvidence { id: id.clone() });
    }
    report
        .warnings
        .extend(empty.iter().map(|id| format!("`{id}` is COMPLETE but wrote no findings and no progress")));

    let stamp = crate::store::clock::now_stamp();
    let heading = match g {
        Some(g) => {
            format!("Group {}: {}", plan.groups[g].id, crate::text::unescape(plan.groups[g].title))
        }
        None => "Plan".to_string(),
    };
    let section = format!("## {heading} — merged {}", &stamp[..10]);
    let group_attr = group_key.as_deref().unwrap_or("-");
    let findings_before = read_shared(store, FINDINGS)?;
    let progress_before = read_shared(store, PROGRESS)?;
    let (findings_after, fshas) =
        append_blocks(&findings_before, &section, group_attr, &ready, |b| &b.findings, "findings")?;
    let (progress_after, pshas) =
        append_blocks(&progress_before, &section, group_attr, &ready, |b| &b.progress, "progress")?;
    for (b, (fs, ps)) in ready.iter().zip(fshas.iter().zip(&pshas)) {
        if fs.1 || ps.1 {
            report.merged.push(b.id.clone());
        } else {
            report.already.push(b.id.clone());
        }
    }
    let merged_ids: Vec<String> = ready.iter().map(|b| b.id.clone()).collect();
    // A gate between groups: the group completes (and the plan advances) only once it passes.
    let gate = crate::store::config::Config::load(store)?.gate_command().map(str::to_string);
    let (plan_after, plan_report) = plan_after_merge(&doc, g, &merged_ids, gate.is_none())?;
    // The gate runs when this merge finished the group's tasks, and again on a later merge while
    // the group is held by it (every task done, the group not complete and still current).
    let held = g.is_some_and(|g| {
        let grp = &plan.groups[g];
        plan.group_tasks(grp).iter().all(|t| t.status.is_done())
            && !plan.group_tasks(grp).is_empty()
            && grp.stored() != Some(Status::Complete)
            && plan.stated_current() == Some(g)
    });
    let gate_pending = gate.filter(|_| plan_report.group_done || held);
    report.tasks_completed = plan_report.tasks_completed;
    report.group_complete = plan_report.group_complete;
    report.advanced_to = plan_report.advanced_to;

    let mut files = Vec::new();
    for (name, before, after) in [
        (FINDINGS, findings_before.as_slice(), findings_after),
        (PROGRESS, progress_before.as_slice(), progress_after),
        (store::PLAN_FILE, doc.text().as_bytes(), plan_after),
    ] {
        if after.as_bytes() != before {
            files.push(FileIntent { name: name.to_string(), before: sha(before), after });
        }
    }
    let retire: Vec<Retire> = ready
        .iter()
        .zip(fshas.iter().zip(&pshas))
        .map(|(b, (f, p))| Retire {
            agent: b.id.clone(),
            findings_sha: f.0.clone(),
            progress_sha: p.0.clone(),
        })
        .collect();
    if opts.dry_run {
        report.retired = retire.iter().map(|r| r.agent.clone()).collect();
        for f in &files {
            let before = String::from_utf8_lossy(match f.name.as_str() {
                FINDINGS => &findings_before,
                PROGRESS => &progress_before,
                _ => doc.text().as_bytes(),
            })
            .into_owned();
            report.diffs.push((f.name.clone(), before, f.after.clone()));
        }
        return Ok(report);
    }
    let Some(lock) = lock else { return Ok(report) };
    if !(files.is_empty() && retire.is_empty()) {
        apply_journaled(store, lock, files, retire, group_attr, &group_key, stamp, &place, &mut report)?;
    } else {
        drop(lock);
    }
    if let (Some(command), Some(g)) = (gate_pending, g) {
        run_gate(store, &command, g, &mut report)?;
    }
    Ok(report)
}

/// Write the journal, apply it (files replaced, agents retired), and note what was retired.
#[allow(clippy::too_many_arguments)]
fn apply_journaled(
    store: &Store,
    lock: Lock,
    files: Vec<FileIntent>,
    retire: Vec<Retire>,
    group_attr: &str,
    group_key: &Option<String>,
    stamp: String,
    place: &str,
    report: &mut Report,
) -> Result<()> {
    let journal = Journal {
        schema_version: 1,
        kind: "merge-journal".into(),
        group: group_attr.to_string(),
        files,
        retire,
        archive: match group_key {
            Some(k) => format!("archive/group-{}", safe_dir(k)),
            None => "archive/plan".to_string(),
        },
        merged_at: stamp,
    };
    fault::point("before-journal");
    store.write_state(&lock, JOURNAL, &(serde_json::to_string(&journal).unwrap_or_default() + "\n"))?;
    fault::point("after-journal");
    match apply(store, &lock, &journal)? {
        Applied::Done(retired) => {
            report.kept =
                journal.retire.iter().map(|r| r.agent.clone()).filter(|a| !retired.contains(a)).collect();
            report.retired = retired;
        }
        Applied::Abandoned(name) => {
            return Err(Error::MergeInterrupted { path: store.path(&name), place: place.to_string() });
        }
    }
    drop(lock);
    Ok(())
}

/// The gate after a merge completed a group's tasks: pass → the group completes and the plan
/// advances; fail → the group stays current, and the report says so.
fn run_gate(store: &Store, command: &str, g: usize, report: &mut Report) -> Result<()> {
    let config = crate::store::config::Config::load(store)?;
    let argv = vec!["sh".to_string(), "-c".to_string(), command.to_string()];
    let key = report.group.clone().unwrap_or_default();
    let mut lines = Vec::new();
    let stop = crate::protocol::gate::interrupt_flag();
    let stopped = move || stop.load(std::sync::atomic::Ordering::Relaxed);
    let timeout =
        config.gate_timeout_secs.and_then(|s| Duration::try_from_secs_f64(s).ok()).filter(|t| !t.is_zero());
    let gate = match crate::protocol::gate::run(store, &config, &argv, &key, timeout, &stopped, &mut lines) {
        Err(Error::BreakerOpen { reason }) => {
            report.gate = Some(GateSummary {
                command: command.to_string(),
                outcome: crate::protocol::gate::Outcome::Refused,
                attempts: 0,
                tail: reason,
                strike: None,
            });
            return Ok(());
        }
        other => other?,
    };
    let passed = gate.outcome == crate::protocol::gate::Outcome::Pass;
    report.gate = Some(GateSummary {
        command: command.to_string(),
        outcome: gate.outcome,
        attempts: gate.attempts,
        tail: gate.tail,
        strike: gate.strike,
    });
    if passed {
        let mut advanced = None;
        store.update(
            store::PLAN_FILE,
            false,
            |doc| {
                let (edits, to) = advance_group(doc, g)?;
                advanced = to;
                Ok(edits)
            },
            |before: &Document, after: &Document| {
                let (b, a) = (Plan::parse(before), Plan::parse(after));
                let stated =
                    b.groups.get(g).and_then(|grp| grp.stored()).is_some_and(|s| s != Status::Complete);
                let changes = if stated { vec![(Target::Group(g), Status::Complete)] } else { Vec::new() };
                edit::verify_sets(&b, &a, &changes)
            },
        )?;
        report.group_complete = true;
        report.advanced_to = advanced;
    }
    Ok(())
}

/// How the gate after a merge went.
#[derive(Clone, Debug, Serialize)]
pub struct GateSummary {
    pub command: String,
    pub outcome: crate::protocol::gate::Outcome,
    pub attempts: u32,
    pub tail: String,
    pub strike: Option<usize>,
}

/// `1`, `F_A`: a group key as a directory name.
fn safe_dir(key: &str) -> String {
    key.chars().map(|c| if c.is_ascii_alphanumeric() || c == '-' || c == '.' { c } else { '_' }).collect()
}

/// An agent file's content without its template header (and, for progress, its marker block),
/// trimmed, with headings demoted to nest under a `###` subsection.
fn agent_content(text: &str, strip_marker: bool) -> String {
    let mut body = text.to_string();
    if strip_marker && let Some(m) = agents::find_marker(&body) {
        body.replace_range(m.block, "");
    }
    let body = match body.find(agents::HEADER_END) {
        Some(at) => body[at + agents::HEADER_END.len()..].to_string(),
        None => body,
    };
    let body = body.replace("\r\n", "\n");
    demote(body.trim_matches('\n').trim_end())
}

/// ATX headings outside code fences move down so the shallowest becomes `####`.
fn demote(text: &str) -> String {
    let heading_level = |line: &str| {
        let t = line.trim_start_matches(' ');
        let n = t.bytes().take_while(|&b| b == b'#').count();
        ((1..=6).contains(&n)
            && line.len() - t.len() <= 3
            && t[n..].chars().next().is_none_or(|c| c == ' ' || c == '\t'))
        .then_some(n)
    };
    let mut fence: Option<&str> = None;
    let mut levels = Vec::new();
    for line in text.lines() {
        let t = line.trim_start();
        if let Some(f) = fence {
            if t.starts_with(f) {
                fence = None;
            }
            continue;
        }
        if t.starts_with("```") || t.starts_with("~~~") {
            fence = Some(&t[..3]);
            continue;
        }
        levels.extend(heading_level(line));
    }
    let shift = levels.iter().min().map_or(0, |&m| 4usize.saturating_sub(m));
    if shift == 0 {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len() + 16);
    fence = None;
    for line in text.lines() {
        let t = line.trim_start();
        let in_fence = fence.is_some();
        if let Some(f) = fence {
            if t.starts_with(f) {
                fence = None;
            }
        } else if t.starts_with("```") || t.starts_with("~~~") {
            fence = Some(&t[..3]);
        }
        match (in_fence, heading_level(line)) {
            (false, Some(n)) => {
                let extra = (n + shift).min(6) - n;
                out.push_str(&"#".repeat(extra));
                out.push_str(t);
            }
            _ => out.push_str(line),
        }
        out.push('\n');
    }
    out.truncate(out.trim_end_matches('\n').len());
    out
}

/// Append the section and the blocks not already present. Returns the new text and, per agent,
/// (sha, added now).
fn append_blocks(
    before: &[u8],
    section: &str,
    group: &str,
    agents: &[AgentBlocks],
    content: impl Fn(&AgentBlocks) -> &String,
    kind: &str,
) -> Result<(String, Vec<(String, bool)>)> {
    // Decoded (and refused if invalid) by `read_shared` before this point.
    let text = String::from_utf8_lossy(before).into_owned();
    let eol = Document::from_text(text.clone()).eol();
    let e = eol.as_str();
    let mut added = String::new();
    let mut shas = Vec::new();
    for a in agents {
        let body = content(a);
        let sha = block_sha(group, &a.id, kind, body);
        let present = text.contains(&opening(&a.id, &sha));
        if !present {
            let body = if body.is_empty() { "_Nothing recorded._" } else { body.as_str() };
            let title = if a.task.is_empty() { String::new() } else { format!(": {}", one_line(&a.task)) };
            added.push_str(&format!("<!-- pplan:merge group={group} agent={} sha={sha} -->{e}", a.id));
            added.push_str(&format!("### {}{title}{e}{e}", a.id));
            added.push_str(&body.replace('\n', e));
            added.push_str(&format!("{e}{e}<!-- /pplan:merge sha={sha} -->{e}{e}"));
        }
        shas.push((sha, !present));
    }
    if added.is_empty() {
        return Ok((text, shas));
    }
    let mut out = text;
    let sep = if out.is_empty() || out.ends_with(&format!("{e}{e}")) {
        ""
    } else if out.ends_with('\n') {
        e
    } else if eol == Eol::CrLf {
        "\r\n\r\n"
    } else {
        "\n\n"
    };
    out.push_str(sep);
    out.push_str(section);
    out.push_str(e);
    out.push_str(e);
    out.push_str(added.trim_end_matches(['\r', '\n']));
    out.push_str(e);
    Ok((out, shas))
}

/// A shared log's bytes: missing is empty; otherwise it must decode like any plan file.
fn read_shared(store: &Store, name: &str) -> Result<Vec<u8>> {
    let bytes = store.read_or_empty(name)?;
    if !bytes.is_empty() {
        store.read(name)?;
    }
    Ok(bytes)
}

fn one_line(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[derive(Default)]
struct PlanReport {
    tasks_completed: Vec<String>,
    /// Every task of the group is now done (the group may still wait for its gate).
    group_done: bool,
    group_complete: bool,
    advanced_to: Option<String>,
}

/// `task_plan.md` after the merge: merged tasks complete; when this completes the group and
/// `advance` (no gate stands between), also [`advance_group`].
fn plan_after_merge(
    doc: &Document,
    group: Option<usize>,
    merged: &[String],
    advance: bool,
) -> Result<(String, PlanReport)> {
    let plan = Plan::parse(doc);
    let mut report = PlanReport::default();
    let mut changes = Vec::new();
    for id in merged {
        let t = edit::find_task(&plan, doc, id)?;
        if plan.tasks[t].status != Status::Complete {
            changes.push((Target::Task(t), Status::Complete));
            report.tasks_completed.push(id.clone());
        }
    }
    let done_after = |g: usize| {
        plan.groups[g]
            .tasks
            .clone()
            .all(|i| changes.contains(&(Target::Task(i), Status::Complete)) || plan.tasks[i].status.is_done())
    };
    // Only the merge that completes the group advances the plan; a rerun leaves it alone.
    report.group_done = !report.tasks_completed.is_empty() && group.is_some_and(done_after);
    let edits = edit::set_statuses(&plan, doc, &changes)?;
    let text = crate::text::apply(doc.text(), &edits)
        .map_err(|source| Error::Splice { path: store::PLAN_FILE.into(), source })?;
    let after = Document::from_text(text);
    edit::verify_sets(&plan, &Plan::parse(&after), &changes)
        .map_err(|why| Error::Unverified { path: store::PLAN_FILE.into(), why })?;
    match group.filter(|_| report.group_done && advance) {
        Some(g) => {
            let (edits, advanced_to) = advance_group(&after, g)?;
            let text = crate::text::apply(after.text(), &edits)
                .map_err(|source| Error::Splice { path: store::PLAN_FILE.into(), source })?;
            report.group_complete = true;
            report.advanced_to = advanced_to;
            Ok((text, report))
        }
        None => Ok((after.into_text(), report)),
    }
}

/// A finished group's stated status complete, `## Current Group` on the next unfinished group
/// (or `All groups complete`) and `## Next Step` refreshed: the edits (verified), and the key of
/// the group the plan moves to.
pub fn advance_group(doc: &Document, g: usize) -> Result<(Vec<Edit>, Option<String>)> {
    let plan = Plan::parse(doc);
    let mut changes = Vec::new();
    if plan.groups[g].stored().is_some_and(|s| s != Status::Complete) {
        changes.push((Target::Group(g), Status::Complete));
    }
    let mut edits = edit::set_statuses(&plan, doc, &changes)?;
    let status_of = |i: usize| if i == g { Status::Complete } else { plan.status(&plan.groups[i]) };
    let next = (g + 1..plan.groups.len()).find(|&n| !status_of(n).is_done());
    let all_done = (0..plan.groups.len()).all(|i| status_of(i).is_done());
    let mut advanced_to = None;
    match (next, &plan.current) {
        (Some(n), Some(cur)) => {
            let ng = &plan.groups[n];
            edits.push(Edit::replace(cur.range.clone(), current_text(cur.text, &ng.id, ng.title)));
            advanced_to = Some(ng.key.clone());
        }
        (None, Some(cur)) if all_done => edits.push(Edit::replace(cur.range.clone(), ALL_COMPLETE)),
        _ => {}
    }
    if let Some(step) = &plan.next_step {
        let text = match next {
            Some(n) => {
                let ready: Vec<&str> =
                    plan.ready_tasks(Some(n)).iter().filter_map(|&t| plan.tasks[t].id).collect();
                let ng = &plan.groups[n];
                if ready.is_empty() {
                    format!("Group {} is next; no task is ready yet.", ng.id)
                } else {
                    format!("Spawn group {}: {}.", ng.id, ready.join(", "))
                }
            }
            None => "All groups complete.".to_string(),
        };
        edits.push(Edit::replace(step.range.clone(), text));
    }
    let text = crate::text::apply(doc.text(), &edits)
        .map_err(|source| Error::Splice { path: store::PLAN_FILE.into(), source })?;
    edit::verify_sets(&plan, &Plan::parse(&Document::from_text(text)), &changes)
        .map_err(|why| Error::Unverified { path: store::PLAN_FILE.into(), why })?;
    Ok((edits, advanced_to))
}

/// The `## Current Group` line for the next group, in the style of the old line.
fn current_text(old: &str, id: &str, title: &str) -> String {
    if let Some(h) = crate::plan::syntax::group_heading(old) {
        let had_title = !old[h.title.clone()].is_empty();
        let title = if had_title && !title.is_empty() { format!(": {title}") } else { String::new() };
        return format!("{}{id}{title}", &old[..h.id.start]);
    }
    if crate::plan::syntax::is_group_id(old) {
        return id.to_string();
    }
    format!("Group {id}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headings_are_demoted_under_the_subsection_but_not_in_fences() {
        let text = "## Big\ntext\n### Small\n```\n# not a heading\n```\n#hashtag";
        assert_eq!(demote(text), "#### Big\ntext\n##### Small\n```\n# not a heading\n```\n#hashtag");
        assert_eq!(demote("#### Already\n###### Deep"), "#### Already\n###### Deep");
        assert_eq!(demote("# Top\n###### Six"), "#### Top\n###### Six");
    }

    #[test]
    fn content_drops_the_header_and_the_marker() {
        let text = "# Progress: A\n\n> Task\n<!-- pplan:agent-header-end -->\n\n### 2026\ndid it\n\n---\nORCHESTRATOR STATUS: COMPLETE\n";
        assert_eq!(agent_content(text, true), "#### 2026\ndid it");
    }

    #[test]
    fn the_current_line_keeps_its_style() {
        assert_eq!(current_text("Group 1", "2", "Integration"), "Group 2");
        assert_eq!(current_text("Phase 4: Testing", "5", "Delivery"), "Phase 5: Delivery");
        assert_eq!(current_text("阶段 3", "4", "x"), "阶段 4");
        assert_eq!(current_text("3", "4", "x"), "4");
        assert_eq!(current_text("the backend work", "2", "x"), "Group 2");
    }

    #[test]
    fn sha_is_eight_bytes_of_sha256() {
        assert_eq!(sha(b"abc"), "ba7816bf8f01cfea");
    }
}
