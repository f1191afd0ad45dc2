//! The rules. Each reads the parsed plan or an agent file and says where something is wrong.

use std::collections::hash_map::Entry;
use std::path::Path;

use rustc_hash::FxHashMap;

use super::{Diagnostic, Rule, Severity};
use crate::plan::rows::{self, Column};
use crate::plan::{Log, Plan, Status};
use crate::protocol::agents::{self, AgentState};
use crate::store::{self, Store};
use crate::text::{DecodeError, Document};

use Severity::{Error, Warning};

pub const RULES: &[Rule] = &[
    Rule { id: "invalid-utf8", severity: Error, summary: "a plan file that is not UTF-8 text" },
    Rule {
        id: "conflict-markers",
        severity: Error,
        summary: "leftover git conflict markers (`<<<<<<<`, `=======`, `>>>>>>>`)",
    },
    Rule {
        id: "invalid-config",
        severity: Error,
        summary: "pplan.yaml is not valid YAML for pplan (error), or names an unknown rule or severity (warning)",
    },
    Rule { id: "empty-plan", severity: Error, summary: "task_plan.md is empty (or only blank lines)" },
    Rule {
        id: "vanished-structure",
        severity: Warning,
        summary: "task_plan.md lost groups since the last commit: none left, or fewer in under half the bytes",
    },
    Rule { id: "empty-goal", severity: Warning, summary: "task_plan.md has no `## Goal`, or it is empty" },
    Rule {
        id: "unseen-structure",
        severity: Warning,
        summary: "pplan sees tasks but no groups, or groups with neither a status nor a task",
    },
    Rule { id: "duplicate-task-id", severity: Error, summary: "two tasks share an id" },
    Rule {
        id: "unknown-mark",
        severity: Warning,
        summary: "a task's checkbox mark is none pplan knows (`[?]`, `[/]`): its status is unknown",
    },
    Rule { id: "unknown-dependency", severity: Error, summary: "`(depends: X)` names no task" },
    Rule {
        id: "dependency-cycle",
        severity: Error,
        summary: "tasks depend on each other in a cycle (named)",
    },
    Rule {
        id: "depends-on-later-group",
        severity: Error,
        summary: "a task depends on a task of a later group",
    },
    Rule {
        id: "same-group-dependency",
        severity: Error,
        summary: "a task depends on a task of its own group, but a group's tasks run in parallel (a warning in a plan without agents)",
    },
    Rule {
        id: "current-group",
        severity: Error,
        summary: "`## Current Group` names no group (error) or contradicts the statuses (warning)",
    },
    Rule {
        id: "complete-with-open-tasks",
        severity: Error,
        summary: "a group marked complete has open tasks",
    },
    Rule {
        id: "strikes-not-blocked",
        severity: Error,
        summary: "a task with three or more error rows is not blocked",
    },
    Rule {
        id: "strike-without-task",
        severity: Warning,
        summary: "error rows name a task id the plan no longer has (their strikes count for no task)",
    },
    Rule {
        id: "error-without-attempt",
        severity: Warning,
        summary: "an error row has no strike number (its Attempt or Strike cell is empty)",
    },
    Rule {
        id: "invalid-marker",
        severity: Error,
        summary: "a progress_ID.md without a valid status marker in its last 8 KB",
    },
    Rule {
        id: "unsafe-agent-file",
        severity: Error,
        summary: "an agent file whose id is not a safe id, or that is not a regular file",
    },
    Rule {
        id: "stale-agent-files",
        severity: Warning,
        summary: "agent files left for a group that is complete",
    },
    Rule {
        id: "shared-file",
        severity: Warning,
        summary: "a file two agents of one group logged (`--files`): one may have overwritten the other",
    },
    Rule {
        id: "unmerged-agent",
        severity: Warning,
        summary: "an agent is COMPLETE but not merged, and no agent of its group still works (`pplan merge`)",
    },
];

fn severity(id: &str) -> Severity {
    RULES.iter().find(|r| r.id == id).map_or(Error, |r| r.severity)
}

/// Diagnostics for one file's text.
struct FileDiags<'a> {
    path: String,
    text: &'a str,
    out: &'a mut Vec<Diagnostic>,
    /// Where each line starts, built on the first diagnostic: a plan with thousands of
    /// findings must not rescan the text from the start for each one.
    starts: Option<Vec<usize>>,
}

impl<'a> FileDiags<'a> {
    fn new(path: String, text: &'a str, out: &'a mut Vec<Diagnostic>) -> FileDiags<'a> {
        FileDiags { path, text, out, starts: None }
    }

    /// The 1-based line holding `offset`, and where that line starts.
    fn line_of(&mut self, offset: usize) -> (usize, usize) {
        let text = self.text;
        let starts = self.starts.get_or_insert_with(|| {
            std::iter::once(0).chain(memchr::memchr_iter(b'\n', text.as_bytes()).map(|i| i + 1)).collect()
        });
        let line = starts.partition_point(|&s| s <= offset).max(1);
        (line, starts[line - 1])
    }

    fn at(&mut self, offset: usize, rule: &'static str, message: String) {
        self.at_as(offset, rule, severity(rule), message);
    }

    fn at_as(&mut self, offset: usize, rule: &'static str, severity: Severity, message: String) {
        let mut offset = offset.min(self.text.len());
        while !self.text.is_char_boundary(offset) {
            offset -= 1;
        }
        let (line, line_start) = self.line_of(offset);
        let col = 1 + self.text[line_start..offset].chars().count();
        self.out.push(Diagnostic { path: self.path.clone(), line, col, severity, rule, message });
    }
}

fn display(dir: &Path, name: &str) -> String {
    let p = dir.join(name);
    let s = p.to_string_lossy().into_owned();
    s.strip_prefix("./").map_or_else(|| s.clone(), str::to_string)
}

/// Check a plan directory (or only the file `only` in it). Returns the diagnostics and the
/// number of files read.
pub fn check_dir(store: &Store, dir: &Path, only: Option<&str>) -> (Vec<Diagnostic>, usize) {
    let mut out = Vec::new();
    let mut read = 0;
    let wanted = |name: &str| only.is_none_or(|o| o == name);
    let plan_doc = load(store, dir, store::PLAN_FILE, &mut out, wanted(store::PLAN_FILE));
    if plan_doc.is_some() && wanted(store::PLAN_FILE) {
        read += 1;
    }
    let plan = plan_doc.as_ref().map(Plan::parse);
    // Agent files here, or agents pplan remembers: the plan runs its groups' tasks in parallel.
    let names: Vec<String> = std::fs::read_dir(dir)
        .map(|rd| rd.flatten().map(|e| e.file_name().to_string_lossy().into_owned()).collect())
        .unwrap_or_default();
    let has_agents = agents::plan_has_agents(store);
    if let (Some(doc), Some(plan)) = (&plan_doc, &plan)
        && wanted(store::PLAN_FILE)
    {
        let mut f = FileDiags::new(display(dir, store::PLAN_FILE), doc.text(), &mut out);
        vanished_structure(dir, plan, &mut f);
        if doc.text().trim().is_empty() {
            f.at(0, "empty-plan", "task_plan.md is empty".into());
        } else {
            plan_rules(plan, has_agents, &mut f);
        }
    }
    for name in ["findings.md", "progress.md"] {
        if wanted(name) && load(store, dir, name, &mut out, true).is_some() {
            read += 1;
        }
    }
    // Agent files: every findings_*.md / progress_*.md here.
    let mut names = names;
    names.sort();
    for name in names.iter().filter(|n| wanted(n)) {
        let Some(id) = agent_id(name) else { continue };
        read += 1;
        let mut f = FileDiags::new(display(dir, name), "", &mut out);
        if agents::check_id(id).is_err() {
            f.at(
                0,
                "unsafe-agent-file",
                format!("`{id}` is not a safe agent id (A-Z a-z 0-9 . _ -, up to 64, no leading dot)"),
            );
            continue;
        }
        if agents::check_regular(store, name).is_err() {
            f.at(
                0,
                "unsafe-agent-file",
                "agent files must be regular files (not a symlink or directory)".into(),
            );
            continue;
        }
        let Some(doc) = load(store, dir, name, &mut out, true) else { continue };
        let mut f = FileDiags::new(display(dir, name), doc.text(), &mut out);
        // While another agent of the group still works, a COMPLETE one waits for the group's
        // merge as it should: no warning for that.
        let settled = plan.as_ref().is_none_or(|p| {
            let g = p.tasks.iter().find(|t| t.id == Some(id)).and_then(|t| t.group);
            agents::observe_group(store, p, g)
                .iter()
                .all(|o| o.state != agents::Seen::Agent(AgentState::InProgress))
        });
        agent_rules(plan.as_ref(), id, name.starts_with("progress_"), &doc, settled, &mut f);
    }
    shared_files(store, dir, &wanted, &mut out);
    (out, read)
}

/// A file two agents of a group logged, reported at the `Files:` line of the last agent that
/// still has its progress file (once every one is merged, the merge has said it).
fn shared_files(store: &Store, dir: &Path, wanted: &dyn Fn(&str) -> bool, out: &mut Vec<Diagnostic>) {
    for s in crate::protocol::files::shared_by_group(store.dir(), true) {
        let Some((name, doc)) = s.agents.iter().rev().find_map(|a| {
            let name = agents::progress_file(a);
            let live = agents::check_id(a).is_ok() && agents::check_regular(store, &name).is_ok_and(|r| r);
            live.then(|| std::fs::read(dir.join(&name)).ok().and_then(|b| Document::decode(b).ok()))
                .flatten()
                .map(|d| (name, d))
        }) else {
            continue;
        };
        if !wanted(&name) {
            continue;
        }
        let text = doc.text();
        let at = text
            .match_indices("Files:")
            .map(|(i, _)| i)
            .find(|&i| text[i..].lines().next().is_some_and(|l| l.contains(s.path.as_str())))
            .unwrap_or(0);
        let others: Vec<&str> =
            s.agents.iter().map(String::as_str).filter(|a| agents::progress_file(a) != name).collect();
        let mut f = FileDiags::new(display(dir, &name), text, out);
        f.at(
            at,
            "shared-file",
            format!(
                "`{}` is also logged by {} of group {}: check that one did not overwrite the other",
                s.path,
                others.join(" and "),
                s.group
            ),
        );
    }
}

/// `findings_ID.md` / `progress_ID.md` → `ID`.
fn agent_id(name: &str) -> Option<&str> {
    let stem = name.strip_suffix(".md")?;
    stem.strip_prefix("findings_").or_else(|| stem.strip_prefix("progress_"))
}

/// Read and decode a file, reporting invalid UTF-8 and conflict markers; `None` when it is
/// missing or unreadable.
fn load(store: &Store, dir: &Path, name: &str, out: &mut Vec<Diagnostic>, report: bool) -> Option<Document> {
    let bytes = std::fs::read(dir.join(name)).ok()?;
    match Document::decode_keeping(bytes) {
        Ok(doc) => {
            if report {
                let mut f = FileDiags::new(display(dir, name), doc.text(), out);
                conflict_markers(&mut f);
            }
            Some(doc)
        }
        Err((e, bytes)) => {
            if report {
                let (offset, what) = match e {
                    DecodeError::InvalidUtf8 { offset, .. } => (offset, "is not valid UTF-8"),
                    DecodeError::Binary { offset } => (offset, "holds a NUL byte (binary)"),
                };
                let lossy = String::from_utf8_lossy(&bytes[..offset]).into_owned();
                let mut f = FileDiags::new(display(dir, name), &lossy, out);
                f.at(lossy.len(), "invalid-utf8", format!("the file {what} here"));
            }
            let _ = store;
            None
        }
    }
}

fn conflict_markers(f: &mut FileDiags<'_>) {
    let mut offset = 0;
    let text = f.text;
    for line in text.split_inclusive('\n') {
        let l = line.trim_end_matches(['\n', '\r']);
        if l.starts_with("<<<<<<< ")
            || l == "<<<<<<<"
            || l == "======="
            || l.starts_with(">>>>>>> ")
            || l == ">>>>>>>"
        {
            f.at(offset, "conflict-markers", format!("leftover git conflict marker `{}`", &l[..7]));
        }
        offset += line.len();
    }
}

/// The plan as the last commit holds it had groups, and this one has none, or under half of them
/// in under half the bytes: a file cut off or replaced reads as a smaller, finished plan.
fn vanished_structure(dir: &Path, plan: &Plan<'_>, f: &mut FileDiags<'_>) {
    if crate::git::outside_repository(dir) {
        return;
    }
    let path = format!("HEAD:./{}", store::PLAN_FILE);
    let now = plan.groups.len();
    // With groups left, only a file cut to under half its committed size can lose them: ask git
    // the size first, and read and parse the committed plan only then.
    if now > 0 {
        let Ok(size) = crate::git::output(dir, &["cat-file", "-s", &path], crate::git::TIMEOUT) else {
            return;
        };
        if size.trim().parse::<usize>().is_ok_and(|size| f.text.len() * 2 >= size) {
            return;
        }
    }
    let Ok(committed) = crate::git::output(dir, &["show", &path], crate::git::TIMEOUT) else { return };
    let Ok(doc) = Document::decode(committed.into_bytes()) else { return };
    let before = Plan::parse(&doc).groups.len();
    if before == 0 {
        return;
    }
    if now == 0 {
        f.at(
            0,
            "vanished-structure",
            format!(
                "the last commit's task_plan.md has {} and this one has none: was it cut off or replaced?",
                crate::text::count(before, "group", "groups")
            ),
        );
    } else if now < before && f.text.len() * 2 < doc.text().len() {
        f.at(
            0,
            "vanished-structure",
            format!(
                "the last commit's task_plan.md has {before} groups and {} bytes, this one {now} and {}: was it cut off?",
                doc.text().len(),
                f.text.len()
            ),
        );
    }
}

fn plan_rules(plan: &Plan<'_>, has_agents: bool, f: &mut FileDiags<'_>) {
    if plan.goal.is_none() {
        f.at(0, "empty-goal", "task_plan.md has no goal (`## Goal` with a line under it)".into());
    }
    if let Some(message) = crate::plan::warnings::unseen_structure(plan) {
        f.at(0, "unseen-structure", message);
    }
    // Duplicate ids.
    let mut first: FxHashMap<&str, usize> =
        FxHashMap::with_capacity_and_hasher(plan.tasks.len(), Default::default());
    for t in &plan.tasks {
        let Some(id) = t.id else { continue };
        match first.entry(id) {
            Entry::Occupied(at) => {
                let (line, _) = f.line_of(*at.get());
                f.at(t.at, "duplicate-task-id", format!("task id `{id}` is also used at line {line}"));
            }
            Entry::Vacant(v) => {
                v.insert(t.at);
            }
        }
    }
    for t in plan.tasks.iter().filter(|t| t.unknown_mark) {
        f.at(
            t.at,
            "unknown-mark",
            format!(
                "`[{}]` is no checkbox mark pplan knows; the task's status is unknown (counted as not done); marks: [ ] [~] [x] [!] [-]",
                plan.unknown_mark(t).unwrap_or_default()
            ),
        );
    }
    // Dependencies.
    let by_id: FxHashMap<&str, usize> =
        plan.tasks.iter().enumerate().filter_map(|(i, t)| t.id.map(|id| (id, i))).rev().collect();
    // Only a dependency on a task further down can close a cycle: without one, no search.
    let mut forward = false;
    for (i, t) in plan.tasks.iter().enumerate() {
        for dep in t.dependencies() {
            forward |= by_id.get(dep).is_some_and(|&d| d > i);
            let name = t.id.unwrap_or("a task");
            if t.id == Some(dep) {
                f.at(t.at, "dependency-cycle", format!("`{dep}` depends on itself"));
                continue;
            }
            let Some(&d) = by_id.get(dep) else {
                f.at(t.at, "unknown-dependency", format!("`{name}` depends on `{dep}`, which is no task"));
                continue;
            };
            let (tg, dg) = (t.group, plan.tasks[d].group);
            match (tg, dg) {
                (Some(a), Some(b)) if b > a => f.at(
                    t.at,
                    "depends-on-later-group",
                    format!("`{name}` (group {}) depends on `{dep}` of a later group ({})", plan.groups[a].key, plan.groups[b].key),
                ),
                (Some(a), Some(b)) if a == b && t.id != Some(dep) && has_agents => f.at(
                    t.at,
                    "same-group-dependency",
                    format!("`{name}` depends on `{dep}` in the same group {}, but a group's tasks run in parallel", plan.groups[a].key),
                ),
                // Without agents nothing runs a group's tasks in parallel: worth knowing only.
                (Some(a), Some(b)) if a == b && t.id != Some(dep) => f.at_as(
                    t.at,
                    "same-group-dependency",
                    Warning,
                    format!("`{name}` depends on `{dep}` in the same group {}; agents would run them in parallel", plan.groups[a].key),
                ),
                _ => {}
            }
        }
    }
    if forward && let Err(crate::protocol::waves::Cycle(cycle)) = crate::protocol::waves::compute(plan) {
        let names: Vec<&str> = cycle.iter().map(|&i| plan.tasks[i].id.unwrap_or("?")).collect();
        let at = cycle.iter().map(|&i| plan.tasks[i].at).min().unwrap_or(0);
        f.at(
            at,
            "dependency-cycle",
            format!("dependency cycle: {} → {}", names.join(" → "), names.first().unwrap_or(&"?")),
        );
    }
    // Current group.
    if let Some(line) = &plan.current {
        let all_done = !plan.groups.is_empty() && plan.groups.iter().all(|g| plan.status(g).is_done());
        match plan.stated_current() {
            // Every group done: a line saying so in the person's words (`All phases complete —
            // awaiting final review`) is right; one naming a group that is not there is not.
            None if all_done
                && (line.text.eq_ignore_ascii_case(crate::protocol::ALL_COMPLETE)
                    || crate::plan::syntax::group_heading(line.text).is_none()) => {}
            None if !plan.groups.is_empty() => f.at(
                line.range.start,
                "current-group",
                format!("`## Current Group` names `{}`, which is not a group", line.text),
            ),
            None => {}
            Some(g) => {
                let status = plan.status(&plan.groups[g]);
                let key = &plan.groups[g].key;
                if status.is_done() {
                    f.at_as(
                        line.range.start,
                        "current-group",
                        Warning,
                        format!("current group {key} is already {status}"),
                    );
                } else if let Some(d) = plan.derived_current().filter(|&d| d < g) {
                    let earlier = &plan.groups[d].key;
                    f.at_as(
                        line.range.start,
                        "current-group",
                        Warning,
                        format!("current group is {key} but group {earlier} is not finished"),
                    );
                }
            }
        }
    }
    // Groups marked complete with open tasks.
    for g in &plan.groups {
        let c = plan.counts(g);
        let open = c.total - c.done - c.skipped;
        if g.stored() == Some(Status::Complete) && open > 0 {
            f.at(
                g.at,
                "complete-with-open-tasks",
                format!(
                    "group {} is marked complete but {open} of {} open",
                    g.key,
                    crate::text::count(c.total, "task is", "tasks are")
                ),
            );
        }
    }
    // Errors: three strikes, attempts.
    let strikes = crate::protocol::strikes::strike_counts(plan);
    for t in &plan.tasks {
        if let Some(id) = t.id
            && t.status != Status::Blocked
            && !t.status.is_done()
            && strikes.get(id).copied().unwrap_or(0) >= crate::protocol::strikes::STRIKES
        {
            f.at(
                t.at,
                "strikes-not-blocked",
                format!("`{id}` has {} error rows but is not blocked", strikes[id]),
            );
        }
    }
    // Rows of a task that left the plan are kept (a person decides), and named once. Only ids
    // are checked: a hand-kept table may name its tasks in words.
    if plan.tasks.iter().any(|t| t.id.is_some()) {
        let known = |name: &str| {
            plan.tasks.iter().any(|t| t.id.unwrap_or(t.text).eq_ignore_ascii_case(name))
                || plan
                    .groups
                    .iter()
                    .map(|g| g.key.as_str())
                    .chain([""])
                    .any(|k| crate::protocol::gate::key_of(k) == name)
        };
        let mut named = std::collections::HashSet::new();
        for (task, at) in crate::protocol::strikes::strike_rows(plan) {
            if agents::check_id(&task).is_ok() && !known(&task) && named.insert(task.clone()) {
                f.at(
                    at,
                    "strike-without-task",
                    format!("error rows name `{task}`, which is no task of the plan"),
                );
            }
        }
    }
    for table in plan.tables.iter().filter(|t| t.log == Log::Errors) {
        let Some(col) = table.columns.iter().position(|c| rows::column(c) == Column::Attempt) else {
            continue;
        };
        for row in table.rows.iter().filter(|r| !r.placeholder) {
            let cell = row.cells.get(col).map_or("", |c| &plan.text[c.clone()]);
            if !cell.trim().chars().next().is_some_and(|c| c.is_ascii_digit()) {
                f.at(row.line.start, "error-without-attempt", "this error row has no strike number".into());
            }
        }
    }
}

fn agent_rules(
    plan: Option<&Plan<'_>>,
    id: &str,
    progress: bool,
    doc: &Document,
    settled: bool,
    f: &mut FileDiags<'_>,
) {
    let marker = progress.then(|| agents::find_marker(doc.text()));
    if let Some(m) = &marker
        && m.as_ref().and_then(|m| m.state).is_none()
    {
        // At the last line: where the marker belongs.
        let body = doc.text().trim_end_matches(['\n', '\r']);
        let last_line = body.rfind('\n').map_or(0, |i| i + 1);
        f.at(last_line, "invalid-marker", "no valid `ORCHESTRATOR STATUS:` marker in the last 8 KB".into());
    }
    let Some(plan) = plan else { return };
    let task = plan.tasks.iter().find(|t| t.id == Some(id));
    let group_done = task.and_then(|t| t.group).is_some_and(|g| plan.status(&plan.groups[g]).is_done());
    if group_done {
        f.at(
            0,
            "stale-agent-files",
            format!("`{id}`'s group is complete: merge (`pplan merge`) or remove its files"),
        );
    } else if let Some(Some(m)) = marker
        && m.state == Some(AgentState::Complete)
        && settled
    {
        f.at(
            m.block.start,
            "unmerged-agent",
            format!("`{id}` is COMPLETE but not merged yet (`pplan merge`)"),
        );
    }
}
