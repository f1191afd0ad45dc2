//! `pplan edit` and `pplan remove`: small in-place changes to one task — move it to another
//! group, set or clear its dependencies, reword it, remove it — each one verified write.

use std::cell::RefCell;

use serde::Serialize;

use super::{Context, Output};
use crate::error::{Error, Result};
use crate::plan::rework::{self, Expect};
use crate::plan::{Log, Plan, Status, edit, resolve};
use crate::protocol::progress::Figures;
use crate::protocol::{agents, authoring, strikes};
use crate::store;
use crate::text::Document;

/// What `edit` changes; at least one.
pub struct Change {
    pub group: Option<String>,
    pub depends: Option<Vec<String>>,
    pub no_depends: bool,
    pub text: Option<String>,
}

#[derive(Serialize)]
struct EditJson<'a> {
    schema_version: u32,
    kind: &'static str,
    path: &'static str,
    id: &'a str,
    changed: Vec<&'static str>,
    removed: bool,
    dry_run: bool,
    diff: Option<String>,
}

/// `f` on the plan `text` reads as: the one already parsed when no earlier change altered it.
fn reading<R>(
    plan: &Plan<'_>,
    doc: &Document,
    text: &str,
    f: impl FnOnce(&Plan<'_>, &Document) -> Result<R>,
) -> Result<R> {
    if text == doc.text() {
        return f(plan, doc);
    }
    let cur = Document::from_text(text.to_string());
    f(&Plan::parse(&cur), &cur)
}

pub fn run(ctx: &Context, id: &str, change: Change, dry_run: bool) -> Result<Output> {
    if change.group.is_none() && change.depends.is_none() && !change.no_depends && change.text.is_none() {
        return Err(Error::Usage {
            message: "`edit` needs something to change".into(),
            hint: "pplan edit <TASK-ID> [--group G] [--depends A,B | --no-depends] [--text \"<text>\"]",
        });
    }
    let depends: Option<Vec<String>> = match (&change.depends, change.no_depends) {
        (_, true) => Some(Vec::new()),
        (Some(d), false) => Some(d.iter().map(|d| d.trim().to_string()).filter(|d| !d.is_empty()).collect()),
        (None, false) => None,
    };
    let expect: RefCell<Expect> = RefCell::new(Expect::default());
    let what: RefCell<Vec<&'static str>> = RefCell::new(Vec::new());
    let result = ctx.update_plan_acyclic(
        dry_run,
        |plan, doc| {
            // By id, position or text; the edits below find it again by its id.
            let real = resolve::resolve_task_id(plan, doc, id)?.to_string();
            let i = edit::find_task(plan, doc, &real)?;
            let mut exp = Expect { id: real.clone(), ..Expect::default() };
            // Each change is computed on the text the previous one left, so they compose; the
            // first on the plan as read.
            let mut text = doc.text().to_string();
            if let Some(words) = &change.text {
                let edits = rework::reword(plan, i, words)?;
                text = apply(&text, &edits)?;
                let one = words.split_whitespace().collect::<Vec<_>>().join(" ");
                exp.text = Some(crate::plan::insert::as_written(plan.tasks[i].form, &one));
                what.borrow_mut().push("text");
            }
            if let Some(ids) = &depends {
                text = reading(plan, doc, &text, |p, cur| {
                    let t = edit::find_task(p, cur, &real)?;
                    for d in ids {
                        if d == &real || !p.tasks.iter().any(|x| x.id == Some(d.as_str())) {
                            return Err(Error::UnknownDependency { task: real.clone(), dep: d.clone() });
                        }
                    }
                    apply(&text, &rework::set_depends(p, t, ids))
                })?;
                exp.depends = Some(ids.clone());
                what.borrow_mut().push("depends");
            }
            if let Some(g) = &change.group {
                let key;
                (text, key) = reading(plan, doc, &text, |p, cur| {
                    let t = edit::find_task(p, cur, &real)?;
                    let g = edit::find_group(p, g)?;
                    Ok((apply(&text, &rework::move_to(p, cur, t, g)?)?, p.groups[g].key.clone()))
                })?;
                exp.group = Some(Some(key));
                what.borrow_mut().push("group");
            }
            *expect.borrow_mut() = exp;
            Ok(authoring::one_edit(doc.text(), &text))
        },
        |before, after| rework::verify_rework(before, after, &expect.borrow()),
    )?;
    let exp = expect.into_inner();
    let what = what.into_inner();
    answer(ctx, &exp.id, what, false, dry_run, &result)
}

pub fn remove(ctx: &Context, id: &str, force: bool, dry_run: bool) -> Result<Output> {
    let store = ctx.store()?;
    let expect: RefCell<Expect> = RefCell::new(Expect::default());
    let figures: RefCell<Option<Figures>> = RefCell::new(None);
    let result = store.update_plan(
        store::PLAN_FILE,
        dry_run,
        |plan, doc| {
            let real = resolve::resolve_task_id(plan, doc, id)?.to_string();
            let i = edit::find_task(plan, doc, &real)?;
            let t = &plan.tasks[i];
            if !force {
                let mut why = Vec::new();
                if t.status != Status::Pending {
                    why.push(format!("is {}", t.status));
                }
                if agents::check_id(&real).is_ok()
                    && (store.path(&agents::progress_file(&real)).exists()
                        || store.path(&agents::findings_file(&real)).exists())
                {
                    why.push("has agent files".to_string());
                }
                let rows = strikes::attempts(plan, &real).len();
                if rows > 0 && plan.tables.iter().any(|t| t.log == Log::Errors) {
                    why.push(format!("has {rows} error row{}", if rows == 1 { "" } else { "s" }));
                }
                let dependents: Vec<&str> = plan
                    .tasks
                    .iter()
                    .filter(|x| x.dependencies().any(|d| d == real))
                    .map(|x| x.id.unwrap_or(x.text))
                    .collect();
                if !dependents.is_empty() {
                    why.push(format!("is a dependency of {}", dependents.join(", ")));
                }
                if !why.is_empty() {
                    return Err(Error::InUse { id: real, why: why.join(", ") });
                }
            }
            *expect.borrow_mut() = Expect { id: real, removed: true, ..Expect::default() };
            rework::remove(plan, doc, i)
        },
        |before, after| {
            rework::verify_rework(&before.plan, after.plan(), &expect.borrow())?;
            if !dry_run {
                *figures.borrow_mut() = Some(Figures::of(after.plan()));
            }
            Ok(())
        },
    )?;
    ctx.wrote_change(&result, figures.into_inner());
    let exp = expect.into_inner();
    answer(ctx, &exp.id, Vec::new(), true, dry_run, &result)
}

fn apply(text: &str, edits: &[crate::text::Edit]) -> Result<String> {
    crate::text::apply(text, edits).map_err(|source| Error::Splice { path: store::PLAN_FILE.into(), source })
}

fn answer(
    ctx: &Context,
    id: &str,
    what: Vec<&'static str>,
    removed: bool,
    dry_run: bool,
    change: &store::Change,
) -> Result<Output> {
    let diff = dry_run.then(|| super::unified_diff(store::PLAN_FILE, &change.before, &change.after));
    if ctx.json {
        let json = EditJson {
            schema_version: 1,
            kind: if removed { "remove" } else { "edit" },
            path: store::PLAN_FILE,
            id,
            changed: if change.is_noop() { Vec::new() } else { what.clone() },
            removed,
            dry_run,
            diff,
        };
        return Ok(Output::json(&json));
    }
    if let Some(diff) = diff {
        return Ok(Output::ok(diff));
    }
    Ok(Output::ok(match (removed, change.is_noop()) {
        (true, _) => format!("removed {id}\n"),
        (false, true) => format!("{id}: unchanged\n"),
        (false, false) => format!("{id}: {} changed\n", what.join(", ")),
    }))
}
