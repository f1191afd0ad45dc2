//! `pplan propose --agent ID TEXT [--depends A,B]`: a sub-agent hands back work it discovered,
//! in its own findings file; the plan is only read (its dependencies must be tasks there).

use serde::Serialize;

use super::{Context, Output, text_arg};
use crate::error::{Error, Result};
use crate::plan::Plan;
use crate::plan::edit::find_task;
use crate::protocol::{agents, proposals};
use crate::store;

#[derive(Serialize)]
struct ProposeJson {
    schema_version: u32,
    kind: &'static str,
    agent: String,
    path: String,
    text: String,
    depends: Vec<String>,
    /// False when the same proposal was already there (nothing written).
    added: bool,
}

pub fn run(ctx: &Context, agent: &str, text: &str, depends: &[String]) -> Result<Output> {
    let text = text_arg(text)?;
    let p = proposals::proposal(&text, depends)?;
    let store = ctx.store()?;
    if !p.depends.is_empty() {
        let doc = store.read(store::PLAN_FILE)?;
        let plan = Plan::parse(&doc);
        for d in &p.depends {
            match find_task(&plan, &doc, d) {
                Ok(i) if plan.tasks[i].id == Some(d.as_str()) => {}
                Ok(i) => {
                    return Err(Error::UnknownTask {
                        id: d.clone(),
                        nearest: plan.tasks[i].id.map(str::to_string).into_iter().collect(),
                        group: None,
                    });
                }
                Err(e) => return Err(e),
            }
        }
    }
    let added = proposals::propose(&store, agent, &p)?;
    let path = agents::findings_file(agent);
    if ctx.json {
        let json = ProposeJson {
            schema_version: 1,
            kind: "propose",
            agent: agent.into(),
            path,
            text: p.text,
            depends: p.depends,
            added,
        };
        return Ok(Output::json(&json));
    }
    Ok(Output::ok(if added {
        format!("proposed in {path}; merge folds it into the plan\n")
    } else {
        format!("already proposed in {path}\n")
    }))
}
