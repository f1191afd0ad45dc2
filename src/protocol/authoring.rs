//! Authoring the plan through pplan: which group a new task goes to when none is named (a group
//! held by a red gate, else the current group if it has not started, else the next pending one),
//! the refusals (a taken id, the same task twice, an unknown group or dependency, a cycle), and
//! a list of additions — one task, one group, or a whole outline read from JSON — turned into the
//! text of the plan after them, with the check a writer runs on it.
//!
//! Nothing here writes: the command hands [`apply`] and [`verify`] to the store, which locks,
//! re-reads, splices, verifies and replaces the file.

use serde::{Deserialize, Serialize};

use crate::error::{Error, Result};
use crate::plan::insert::{self, Added, NewGroup, NewTask};
use crate::plan::{GroupForm, Plan, Status, edit};
use crate::protocol::{gate, waves};
use crate::text::{Document, Edit};

/// Why a task went to the group it went to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Why {
    /// `--group` named it.
    Named,
    /// `--after` named a task of it.
    Beside,
    /// Its gate failed and nothing resolved it: the fix goes there.
    RedGate,
    /// The current group, not started yet.
    Current,
    /// The first pending group after the current one.
    NextPending,
    /// The current group, already started: no group is pending.
    CurrentStarted,
    /// A group the same outline adds.
    New,
    /// The plan has no groups: the task is one of the plan's.
    Plan,
}

impl Why {
    /// How the one-line output says it.
    pub fn said(self) -> &'static str {
        match self {
            Why::Named => "named",
            Why::Beside => "beside the task named",
            Why::RedGate => "held by a red gate",
            Why::Current => "the current group, not started",
            Why::NextPending => "the next pending group",
            Why::CurrentStarted => "the current group; none is pending",
            Why::New => "new",
            Why::Plan => "the plan has no groups",
        }
    }
}

/// The group a task goes to when none is named: a group held by a red gate, else the current
/// group if it has not started, else the first pending group after it (then before it), else the
/// current group though it started; a plan whose groups are all done is refused.
pub fn default_group(plan: &Plan<'_>) -> Result<(Option<usize>, Why)> {
    if plan.groups.is_empty() {
        return Ok((None, Why::Plan));
    }
    if let Some(red) = gate::red_gates(plan).first() {
        return Ok((Some(red.group), Why::RedGate));
    }
    let current = plan.working_group();
    if let Some(c) = current.filter(|&c| plan.status(&plan.groups[c]) == Status::Pending) {
        return Ok((Some(c), Why::Current));
    }
    // A pending item of an overview list with no section of its own has no place for a task:
    // passed over. (A table row has none either, and is refused with that reason.)
    let overview_only =
        |g: usize| plan.groups[g].form == GroupForm::ListItem && !insert::takes_a_task(plan, g);
    let pending = |g: &usize| plan.status(&plan.groups[*g]) == Status::Pending && !overview_only(*g);
    let from = current.map_or(0, |c| c + 1);
    match (from..plan.groups.len()).find(pending).or_else(|| (0..from).find(pending)) {
        Some(g) => Ok((Some(g), Why::NextPending)),
        None if current.is_some() => Ok((current, Why::CurrentStarted)),
        None => Err(Error::Usage {
            message: "every group is done: no group to add the task to".into(),
            hint: "name one with --group, or add one: pplan add --group-title \"<title>\"",
        }),
    }
}

/// One thing to add.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Addition {
    Task(TaskSpec),
    Group(GroupSpec),
}

/// A task to add, as the caller named things.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TaskSpec {
    pub text: String,
    #[serde(default)]
    pub id: Option<String>,
    #[serde(default)]
    pub depends: Vec<String>,
    #[serde(default)]
    pub files: Vec<String>,
    /// A group id or key; `None`: [`default_group`] (in an outline: the group it is listed in).
    #[serde(skip)]
    pub group: Option<String>,
    /// The id of a task to add it after (its group is the task's).
    #[serde(skip)]
    pub after: Option<String>,
    /// In an outline: the n-th group the outline adds (from 0).
    #[serde(skip)]
    pub new_group: Option<usize>,
}

/// A group to add.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GroupSpec {
    pub title: String,
    pub id: Option<String>,
    /// A group id or key to add it after; `None`: after the last group.
    pub after: Option<String>,
}

/// A plan outline for `pplan add -`:
/// `{"groups": [{"title": "Backend", "tasks": [{"text": "…", "id": "BE-001", "depends": [], "files": []}]}, {"group": "2", "tasks": […]}]}`.
/// An entry with `title` is a new group (at the end, or `after` a group); one with `group` adds
/// tasks to a group the plan has.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Outline {
    pub groups: Vec<OutlineGroup>,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OutlineGroup {
    #[serde(default)]
    pub title: Option<String>,
    #[serde(default)]
    pub id: Option<String>,
    #[serde(default)]
    pub group: Option<String>,
    #[serde(default)]
    pub after: Option<String>,
    #[serde(default)]
    pub tasks: Vec<TaskSpec>,
}

/// The additions an outline asks for, in order; a malformed outline is a usage error.
pub fn outline(json: &str) -> Result<Vec<Addition>> {
    let bad = |message: String| Error::Usage {
        message,
        hint: "{\"groups\": [{\"title\": \"T\", \"tasks\": [{\"text\": \"…\", \"id\": \"A-1\", \"depends\": []}]}]}",
    };
    let outline: Outline =
        serde_json::from_str(json).map_err(|e| bad(format!("the outline is not valid: {e}")))?;
    let mut out = Vec::new();
    let mut added_groups = 0;
    for (n, g) in outline.groups.into_iter().enumerate() {
        let key = match (g.title, g.group) {
            (Some(title), None) => {
                out.push(Addition::Group(GroupSpec { title, id: g.id.clone(), after: g.after }));
                added_groups += 1;
                Key::New(added_groups - 1)
            }
            (None, Some(group)) if g.id.is_none() && g.after.is_none() => Key::Named(group),
            _ => {
                return Err(bad(format!(
                    "outline group {}: give either `title` (a new group, with optional `id` and `after`) or `group` (one the plan has)",
                    n + 1
                )));
            }
        };
        for mut t in g.tasks {
            match &key {
                Key::Named(g) => t.group = Some(g.clone()),
                Key::New(i) => t.new_group = Some(*i),
            }
            out.push(Addition::Task(t));
        }
    }
    if out.is_empty() {
        return Err(bad("the outline adds nothing".into()));
    }
    Ok(out)
}

enum Key {
    Named(String),
    New(usize),
}

/// What was added.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Report {
    pub tasks: Vec<AddedTask>,
    pub groups: Vec<AddedGroup>,
    /// Keys of done groups a new task reopened.
    pub reopened: Vec<String>,
    /// The tasks and groups as the verifier expects them.
    #[serde(skip)]
    pub expect: Vec<Added>,
}

#[derive(Clone, Debug, Serialize)]
pub struct AddedTask {
    pub id: Option<String>,
    pub text: String,
    /// The group's key; `None` for a plan without groups.
    pub group: Option<String>,
    pub why: Why,
    pub depends: Vec<String>,
}

#[derive(Clone, Debug, Serialize)]
pub struct AddedGroup {
    pub id: String,
    pub title: String,
}

/// The plan's text after `additions` to `plan` (parsed from `doc`), each made on the text the
/// previous one left, and what was added. Refusals: an id taken, the same text twice in a group,
/// an unknown group or dependency (a dependency names a task of the plan or of an earlier
/// addition); a new cycle is [`would_cycle`]'s to find, on the plan the writer reads back.
pub fn apply(plan: &Plan<'_>, doc: &Document, additions: &[Addition]) -> Result<(String, Report)> {
    let mut report = Report::default();
    // The text after the additions so far, once there is one.
    let mut current: Option<Document> = None;
    for addition in additions {
        let reparsed;
        let (plan, doc) = match &current {
            None => (plan, doc),
            Some(cur) => {
                reparsed = Plan::parse(cur);
                (&reparsed, cur)
            }
        };
        let edits = match addition {
            Addition::Group(g) => {
                let after = g.after.as_deref().map(|a| edit::find_group(plan, a)).transpose()?;
                let ins = insert::insert_group(
                    plan,
                    doc,
                    &NewGroup { title: &g.title, id: g.id.as_deref() },
                    after,
                )?;
                report.groups.push(AddedGroup {
                    id: ins.id,
                    title: g.title.split_whitespace().collect::<Vec<_>>().join(" "),
                });
                ins.edits
            }
            Addition::Task(t) => task_edits(plan, doc, t, &mut report)?,
        };
        let text = crate::text::apply(doc.text(), &edits)
            .map_err(|source| Error::Splice { path: crate::store::PLAN_FILE.into(), source })?;
        current = Some(Document::from_text(text));
    }
    let text = current.map_or_else(|| doc.text().to_string(), Document::into_text);
    Ok((text, report))
}

/// The cycle of dependencies `after` has and `before` had not, as the refusal to give.
pub fn would_cycle(before: &Plan<'_>, after: &Plan<'_>) -> Option<Error> {
    let cycle = waves::compute(after).err().filter(|_| waves::compute(before).is_ok())?;
    let names: Vec<&str> =
        cycle.0.iter().map(|&i| after.tasks[i].id.unwrap_or(after.tasks[i].text)).collect();
    Some(Error::WouldCycle { cycle: format!("{} → {}", names.join(" → "), names[0]) })
}

fn task_edits(plan: &Plan<'_>, doc: &Document, t: &TaskSpec, report: &mut Report) -> Result<Vec<Edit>> {
    let after = t.after.as_deref().map(|a| edit::find_task(plan, doc, a)).transpose()?;
    if let Some(n) = t.new_group {
        let id = report.groups.get(n).map(|g| g.id.clone()).unwrap_or_default();
        let g = edit::find_group(plan, &id)?;
        return placed(plan, doc, t, report, (Some(g), Why::New), None);
    }
    let (group, why) = match (&t.group, after) {
        (Some(g), Some(a)) => {
            let g = edit::find_group(plan, g)?;
            if plan.tasks[a].group != Some(g) {
                return Err(Error::Usage {
                    message: format!(
                        "`{}` is not a task of group `{}`",
                        t.after.as_deref().unwrap_or(""),
                        plan.groups[g].key
                    ),
                    hint: "use --after with a task of the group, or leave --group out",
                });
            }
            (Some(g), Why::Beside)
        }
        (Some(g), None) => (Some(edit::find_group(plan, g)?), Why::Named),
        (None, Some(a)) => (plan.tasks[a].group, Why::Beside),
        (None, None) => default_group(plan)?,
    };
    placed(plan, doc, t, report, (group, why), after)
}

fn placed(
    plan: &Plan<'_>,
    doc: &Document,
    t: &TaskSpec,
    report: &mut Report,
    (group, why): (Option<usize>, Why),
    after: Option<usize>,
) -> Result<Vec<Edit>> {
    let label = t.id.clone().unwrap_or_else(|| t.text.clone());
    for dep in &t.depends {
        if dep.trim().is_empty() || !plan.tasks.iter().any(|x| x.id == Some(dep.as_str())) {
            return Err(Error::UnknownDependency { task: label, dep: dep.clone() });
        }
    }
    let words = t.text.split_whitespace().collect::<Vec<_>>().join(" ");
    let range = group.map_or(0..plan.tasks.len(), |g| plan.groups[g].tasks.clone());
    if let Some(same) = range.map(|i| &plan.tasks[i]).find(|x| x.text.eq_ignore_ascii_case(&words)) {
        return Err(Error::SameTask { text: words, line: doc.line_of(same.at) });
    }
    let new =
        NewTask { text: &t.text, id: t.id.as_deref(), depends: &t.depends, files: &t.files, from: None };
    let ins = insert::insert_task(plan, doc, group, &new, after)?;
    let key = group.map(|g| plan.groups[g].key.clone());
    if ins.reopened
        && let Some(k) = &key
    {
        report.reopened.push(k.clone());
    }
    report.expect.push(Added::of(&new, &ins, key.clone()));
    report.tasks.push(AddedTask {
        id: ins.id.clone(),
        text: words,
        group: key,
        why,
        depends: t.depends.clone(),
    });
    Ok(ins.edits)
}

/// The check a writer runs on the result of [`apply`], before and after parsed.
pub fn verify(before: &Plan<'_>, after: &Plan<'_>, report: &Report) -> std::result::Result<(), String> {
    insert::verify_added(before, after, &report.expect, report.groups.len(), &report.reopened)
}

/// One edit that turns `before` into `after`: the changed middle, common prefix and suffix kept
/// (on character boundaries).
pub fn one_edit(before: &str, after: &str) -> Vec<Edit> {
    if before == after {
        return Vec::new();
    }
    let (b, a) = (before.as_bytes(), after.as_bytes());
    let mut start = b.iter().zip(a).take_while(|(x, y)| x == y).count();
    while !before.is_char_boundary(start) || !after.is_char_boundary(start) {
        start -= 1;
    }
    let max = b.len().min(a.len()) - start;
    let mut end = b.iter().rev().zip(a.iter().rev()).take(max).take_while(|(x, y)| x == y).count();
    while !before.is_char_boundary(b.len() - end) || !after.is_char_boundary(a.len() - end) {
        end -= 1;
    }
    vec![Edit::replace(start..b.len() - end, &after[start..a.len() - end])]
}
