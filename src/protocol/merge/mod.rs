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
//!
//! Here: the merge itself and the gate after it. The journal and its roll-forward are in
//! `journal.rs`, the block rendering in `blocks.rs`, the plan's edits in `advance.rs`.

mod advance;
mod blocks;
mod journal;

use std::time::Duration;

use serde::Serialize;

use crate::error::{Error, Result};
use crate::plan::edit::{self, Target};
use crate::plan::{Plan, Status};
use crate::protocol::agents::{self, AgentState};
use crate::protocol::proposals;
use crate::store::fault;
use crate::store::{self, Lock, Store};
use crate::text::Document;

use advance::plan_after_merge;
pub use advance::{advance_group, next_step_after_spawn};
pub use blocks::sha;
use blocks::{AgentBlocks, agent_content, append_blocks, read_shared};
pub use journal::{Applied, JOURNAL, roll_forward};
use journal::{FileIntent, Journal, Retire, apply};

pub const FINDINGS: &str = store::FINDINGS_FILE;
pub const PROGRESS: &str = store::PROGRESS_FILE;

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
    /// Agents whose task is skipped: settled, their files folded in, their task left skipped.
    pub skipped: Vec<String>,
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
    /// The merged agents' proposals: folded into the plan now, already there, or not placed.
    pub proposals: crate::protocol::proposals::Fold,
    /// Strike rows written for failures the group's agents logged (`log --failed`, the agent
    /// gate), before the merge.
    pub strikes: Vec<crate::protocol::strikes::Recorded>,
    /// task_plan.md as this merge leaves it, with the figures of the parse that verified it, for
    /// the refresh of `.pplan/progress.json` (which checks that the file still holds it).
    #[serde(skip)]
    pub written: Option<crate::protocol::progress::Written>,
}

/// The failures the agents of `group` logged in their own progress files, as strike rows of
/// their tasks (each exactly once; see [`crate::protocol::strikes::record_logged`]), those of
/// agents whose task has left the plan included.
pub fn record_strikes(store: &Store, group: Option<&str>) -> Result<Vec<crate::protocol::strikes::Recorded>> {
    let doc = store.read(store::PLAN_FILE)?;
    let plan = Plan::parse(&doc);
    let g = crate::plan::edit::resolve_group(&plan, group)?;
    let registry = agents::Registry::load(store)?;
    let mut ids = agents::group_agents(store, &plan, &registry, g);
    ids.extend(agents::departed(&plan, &registry, g.map(|g| plan.groups[g].key.as_str())));
    crate::protocol::strikes::record_logged(store, &ids)
}

/// An agent a merge did not take, and why.
#[derive(Clone, Debug, Serialize)]
pub struct Waiting {
    pub id: String,
    /// Its marker state, or `MISSING` / `NO_MARKER`.
    pub state: String,
}

/// Merge a group's COMPLETE agents. Takes the plan lock (none for a dry run).
pub fn merge(store: &Store, opts: &Options) -> Result<Report> {
    let mut report = Report::default();
    if !opts.dry_run {
        // The failures the agents logged in their own files become strike rows first, once.
        report.strikes = record_strikes(store, opts.group.as_deref())?;
    }
    let lock = if opts.dry_run { None } else { Some(store.lock()?) };
    fault::point("after-lock");
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
    let mut proposed = Vec::new();
    for id in &ids {
        let name = agents::progress_file(id);
        // A person skipped the task (after its strikes, say): its agent is settled.
        let skipped = plan.tasks.iter().any(|t| t.id == Some(id.as_str()) && t.status == Status::Skipped);
        let Some(progress) = store.read_unlinked(&name)? else {
            if registry.agents.contains_key(id) && !skipped {
                // Spawned, not merged, and its progress file is gone: not ready.
                report.waiting.push(Waiting { id: id.clone(), state: "MISSING".into() });
            }
            continue;
        };
        let state = agents::find_marker(progress.text()).and_then(|m| m.state);
        if skipped {
            report.skipped.push(id.clone());
        } else if state != Some(AgentState::Complete) {
            let shown = state.map_or("NO_MARKER", AgentState::as_str);
            report.waiting.push(Waiting { id: id.clone(), state: shown.to_string() });
            continue;
        }
        let findings =
            store.read_unlinked(&agents::findings_file(id))?.map_or_else(String::new, Document::into_text);
        let task = plan.tasks.iter().find(|t| t.id == Some(id.as_str())).map_or("", |t| t.text).to_string();
        let blocks = AgentBlocks {
            id: id.clone(),
            task,
            findings: agent_content(&findings, false),
            progress: agent_content(progress.text(), true),
        };
        proposed.extend(
            proposals::read(&Document::from_text(findings.clone())).into_iter().map(|p| (id.clone(), p)),
        );
        if blocks.findings.is_empty() && blocks.progress.is_empty() && !report.skipped.contains(id) {
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
    let logs: Vec<(String, String)> = ready.iter().map(|b| (b.id.clone(), b.progress.clone())).collect();
    report.warnings.extend(crate::protocol::files::shared(&logs).into_iter().map(|(path, agents)| {
        format!(
            "`{path}` was written by {}: check that one did not overwrite the other",
            agents.join(" and ")
        )
    }));

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
    let merged_ids: Vec<String> =
        ready.iter().map(|b| b.id.clone()).filter(|id| !report.skipped.contains(id)).collect();
    // A gate between groups: the group completes (and the plan advances) only once it passes.
    let gate = crate::store::config::Config::load(store)?.gate_command().map(str::to_string);
    let settled_now = !report.skipped.is_empty();
    // The agents' proposals land in the same write, under the same journal: a crash before the
    // journal leaves neither, one after it finishes both, and a rerun finds them present. They
    // are folded first, so `## Next Step` and the group's completion count them.
    let target = crate::store::config::Config::load(store)?.proposals_group.map(|n| n.to_string());
    let (folded, fold) = proposals::fold(doc.text(), g, target.as_deref(), &proposed)?;
    report.proposals = fold;
    let folded = Document::from_text(folded);
    // Without proposals the text is the one parsed above: not parsed again.
    let reparsed;
    let folded_plan = if folded.text() == doc.text() {
        &plan
    } else {
        reparsed = Plan::parse(&folded);
        &reparsed
    };
    let (plan_after, plan_report) =
        plan_after_merge(&folded, folded_plan, g, &merged_ids, settled_now, gate.is_none())?;
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
    if !opts.dry_run {
        report.written = plan_report
            .figures
            .map(|figures| crate::protocol::progress::Written { text: plan_after.clone(), figures });
    }
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
    let argv = crate::protocol::gate::shell(command);
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
