//! Discovered work: a sub-agent proposes follow-up tasks in its own findings file, never in the
//! plan. `pplan propose` writes them as unchecked items of a `## Proposed` section of
//! `findings_<ID>.md` (right below the template header, so notes appended later never land
//! inside it); `merge` folds the proposals of the agents it merges into the plan.
//!
//! A proposal is one line: `- [ ] <text>` with an optional `(depends: A, B)`. Reading is
//! structural (the top-level items between the `Proposed` heading and the next heading; a
//! fenced block is not read), so a person may write proposals by hand the same way.

use serde::Serialize;

use crate::error::{Error, Result};
use crate::plan::{Plan, Status, annotations, insert, syntax};
use crate::protocol::agents;
use crate::store::Store;
use crate::text::{Block, Outline};
use crate::text::{Document, Edit, Eol};

/// The heading of the section, as `propose` writes it.
pub const SECTION: &str = "## Proposed";

/// One proposed task, as the agent wrote it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Proposal {
    /// The text without its `(depends: …)`.
    pub text: String,
    pub depends: Vec<String>,
}

impl Proposal {
    /// The item line (without line ending) `propose` writes.
    pub fn line(&self) -> String {
        if self.depends.is_empty() {
            format!("- [ ] {}", self.text)
        } else {
            format!("- [ ] {} (depends: {})", self.text, self.depends.join(", "))
        }
    }
}

/// The proposals in an agent's findings text, in order, duplicates dropped.
pub fn read(doc: &Document) -> Vec<Proposal> {
    let text = doc.text();
    let Some((_, items)) = section(doc) else { return Vec::new() };
    let mut out: Vec<Proposal> = Vec::new();
    for line in items {
        let body = &text[line];
        let Some(m) = syntax::list_marker(body) else { continue };
        let Some((_, _, boxed)) = syntax::checkbox(&body[m..]) else { continue };
        let p = parse_text(body[m + boxed..].trim());
        if !p.text.is_empty() && !out.contains(&p) {
            out.push(p);
        }
    }
    out
}

/// `text (depends: A, B)` → text `text`, depends `[A, B]`, read with the plan's annotation
/// grammar.
fn parse_text(s: &str) -> Proposal {
    let (words, notes) = annotations::read(s, 0..s.len());
    let text = match notes.get(annotations::Kind::Depends) {
        // A legacy `(depends: …)` in the middle of the text: the text without it.
        Some(a) if !a.trailing => {
            format!("{} {}", s[words.start..a.range.start].trim_end(), s[a.range.end..words.end].trim_start())
        }
        _ => s[words].to_string(),
    };
    Proposal {
        text: text.trim().to_string(),
        depends: annotations::dependency_ids(notes.depends()).map(str::to_string).collect(),
    }
}

/// The `Proposed` heading's line and the lines of the top-level list items under it.
fn section(doc: &Document) -> Option<(std::ops::Range<usize>, Vec<std::ops::Range<usize>>)> {
    let text = doc.text();
    let outline = Outline::new(doc);
    let mut blocks = outline.blocks.iter();
    let heading = blocks.find_map(|b| match b {
        Block::Heading { line, .. } if is_section(&text[line.clone()]) => Some(line.clone()),
        _ => None,
    })?;
    let items = blocks
        .take_while(|b| !matches!(b, Block::Heading { .. }))
        .filter_map(|b| match b {
            Block::Item { line, parent: None } => Some(line.clone()),
            _ => None,
        })
        .collect();
    Some((heading, items))
}

fn is_section(line: &str) -> bool {
    let t = line.trim_start_matches('#').trim();
    t.eq_ignore_ascii_case("proposed") || t.eq_ignore_ascii_case("proposed tasks")
}

/// The edit that adds `p` to the findings text: after the section's last item, or a new section
/// below the template header (at the end when there is none).
fn add(doc: &Document, p: &Proposal) -> Edit {
    let text = doc.text();
    let eol = doc.eol().as_str();
    let item = p.line();
    let line_end = |at: usize| text[at..].find('\n').map_or(text.len(), |i| at + i + 1);
    if let Some((heading, items)) = section(doc) {
        let after = items.last().map_or(heading.end, |l| l.end);
        let at = line_end(after);
        let lead = if at == text.len() && !text.ends_with('\n') { eol } else { "" };
        return Edit::insert(at, format!("{lead}{item}{eol}"));
    }
    let block = format!("{SECTION}{eol}{item}{eol}");
    match text.find(agents::HEADER_END) {
        Some(h) => {
            let at = line_end(h);
            let lead = if at == text.len() && !text.ends_with('\n') { eol } else { "" };
            Edit::insert(at, format!("{lead}{eol}{block}"))
        }
        None => {
            let sep = if text.is_empty() || text.ends_with("\n\n") || text.ends_with("\r\n\r\n") {
                ""
            } else if text.ends_with('\n') {
                eol
            } else if doc.eol() == Eol::CrLf {
                "\r\n\r\n"
            } else {
                "\n\n"
            };
            Edit::insert(text.len(), format!("{sep}{block}"))
        }
    }
}

/// Check a proposal's text: one line, no annotation of its own (dependencies go in `--depends`).
pub fn proposal(text: &str, depends: &[String]) -> Result<Proposal> {
    let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
    let (_, notes) = annotations::read(&text, 0..text.len());
    if let Some(a) = notes.first() {
        return Err(Error::Usage {
            message: format!("the text carries its own `({}: …)`", a.kind.key()),
            hint: "pplan propose --agent <ID> \"<text>\" --depends A,B",
        });
    }
    let depends: Vec<String> =
        depends.iter().flat_map(|d| annotations::dependency_ids(d)).map(str::to_string).collect();
    Ok(Proposal { text, depends })
}

/// Add a proposal to agent `id`'s findings file under the agent's lock. Returns whether it was
/// new (a proposal already there is not written twice).
pub fn propose(store: &Store, id: &str, p: &Proposal) -> Result<bool> {
    agents::check_id(id)?;
    let name = agents::findings_file(id);
    let change = agents::update(
        store,
        id,
        &name,
        |doc| Ok(if read(doc).contains(p) { Vec::new() } else { vec![add(doc, p)] }),
        |before, after| {
            let (b, a) = (read(before), read(after));
            if a.len() != b.len() + 1 || a.last() != Some(p) || a[..b.len()] != b[..] {
                return Err("the proposal does not read back as the section's last item".into());
            }
            Ok(())
        },
    )?;
    Ok(change.written)
}

/// What a merge did with the proposals of the agents it merged.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Fold {
    /// Folded into the plan now, as new tasks.
    pub added: Vec<Folded>,
    /// Already tasks of the plan (an earlier or interrupted merge folded them).
    pub present: Vec<Folded>,
    /// Not folded (they stay in findings.md): the plan has no pending group to take them, or a
    /// dependency they name is no task of the plan (`missing_depends`).
    pub unplaced: Vec<Folded>,
}

/// One proposal and where it is in the plan.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Folded {
    /// The agent that proposed it.
    pub from: String,
    /// Its task id in the plan (null when unplaced, or the plan's tasks carry no ids).
    pub id: Option<String>,
    pub text: String,
    /// The key of its group (null for a plan without groups, or when unplaced).
    pub group: Option<String>,
    /// The dependencies it names that are no task of the plan (it is not folded then).
    pub missing_depends: Vec<String>,
}

/// The group proposals go to: the one `pplan.yaml` names (`proposals_group`), else the first
/// pending group after the merged one, else the first pending group; `None` with groups and
/// none pending (nothing to fold into). `Ok(None)` for a plan without groups means the plan.
fn target(plan: &Plan<'_>, merged: Option<usize>, configured: Option<&str>) -> Result<Option<usize>> {
    if let Some(name) = configured {
        return crate::plan::edit::find_group(plan, name).map(Some);
    }
    let pending = |g: &usize| plan.status(&plan.groups[*g]) == Status::Pending;
    let after = merged.map_or(0, |m| m + 1);
    Ok((after..plan.groups.len()).find(pending).or_else(|| (0..plan.groups.len()).find(pending)))
}

/// The task of the plan that holds this proposal of `from`, if any.
fn holder<'p, 'a>(plan: &'p Plan<'a>, from: &str, p: &Proposal) -> Option<&'p crate::plan::Task<'a>> {
    plan.tasks.iter().find(|t| t.from() == Some(from) && t.text == p.text)
}

/// `text` (task_plan.md after the merge) with every proposal not yet in it added as a task of
/// the target group, marked `(from: <agent>)`; a proposal already there (same agent, same text)
/// is not added again. Verified: each proposal reads back once, every other task as before.
pub fn fold(
    text: &str,
    merged: Option<usize>,
    configured: Option<&str>,
    proposed: &[(String, Proposal)],
) -> Result<(String, Fold)> {
    let mut out = Fold::default();
    if proposed.is_empty() {
        return Ok((text.to_string(), out));
    }
    let mut doc = Document::from_text(text.to_string());
    for (from, p) in proposed {
        let plan = Plan::parse(&doc);
        let key = |g: Option<usize>| g.map(|g| plan.groups[g].key.clone());
        if let Some(t) = holder(&plan, from, p) {
            let folded = Folded {
                from: from.clone(),
                id: t.id.map(str::to_string),
                text: p.text.clone(),
                group: key(t.group),
                missing_depends: Vec::new(),
            };
            out.present.push(folded);
            continue;
        }
        // A dependency removed since `propose` checked it: folded, the task would never be ready
        // (or, taking the freed id, depend on itself). It stays in findings.md, named.
        let missing: Vec<String> = p
            .depends
            .iter()
            .filter(|d| !plan.tasks.iter().any(|t| t.id == Some(d.as_str())))
            .cloned()
            .collect();
        if !missing.is_empty() {
            let (from, text) = (from.clone(), p.text.clone());
            out.unplaced.push(Folded { from, id: None, text, group: None, missing_depends: missing });
            continue;
        }
        let g = match target(&plan, merged, configured) {
            Ok(g) => g,
            Err(Error::UnknownGroup { id, .. }) => {
                return Err(Error::Config {
                    path: crate::store::config::CONFIG_FILE.into(),
                    message: format!("`proposals_group: {id}` names no group of the plan"),
                });
            }
            Err(e) => return Err(e),
        };
        if g.is_none() && !plan.groups.is_empty() {
            let (from, text) = (from.clone(), p.text.clone());
            out.unplaced.push(Folded { from, id: None, text, group: None, missing_depends: Vec::new() });
            continue;
        }
        let group = key(g);
        let new =
            insert::NewTask { text: &p.text, depends: &p.depends, from: Some(from), ..Default::default() };
        let ins = insert::insert_task(&plan, &doc, g, &new, None)?;
        let after = crate::text::apply(doc.text(), &ins.edits)
            .map_err(|source| Error::Splice { path: crate::store::PLAN_FILE.into(), source })?;
        let after = Document::from_text(after);
        let check = Plan::parse(&after);
        let added = insert::Added::of(&new, &ins, group.clone());
        let reopened: Vec<String> = group.iter().filter(|_| ins.reopened).cloned().collect();
        insert::verify_added(&plan, &check, &[added], 0, &reopened)
            .and_then(|()| match holder(&check, from, p) {
                Some(t) if t.group == g => Ok(()),
                _ => Err(format!(
                    "the proposal `{}` of `{from}` does not read back marked `(from: {from})`",
                    p.text
                )),
            })
            .map_err(|why| Error::Unverified { path: crate::store::PLAN_FILE.into(), why })?;
        let id = ins.id;
        let (from, text) = (from.clone(), p.text.clone());
        out.added.push(Folded { from, id, text, group, missing_depends: Vec::new() });
        doc = after;
    }
    Ok((doc.into_text(), out))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn added(text: &str, p: &Proposal) -> String {
        let doc = Document::from_text(text.to_string());
        crate::text::apply(text, &[add(&doc, p)]).expect("apply")
    }

    #[test]
    fn the_section_goes_below_the_header_and_items_after_the_last_one() {
        let p = Proposal { text: "Rate-limit the API".into(), depends: vec!["BE-001".into()] };
        let q = Proposal { text: "Document refunds".into(), depends: vec![] };
        let header = "# Findings: BE-001\n<!-- pplan:agent-header-end -->\n\n### T\nnote\n";
        let once = added(header, &p);
        assert_eq!(
            once,
            "# Findings: BE-001\n<!-- pplan:agent-header-end -->\n\n## Proposed\n- [ ] Rate-limit the API (depends: BE-001)\n\n### T\nnote\n"
        );
        let twice = added(&once, &q);
        assert!(twice.contains("(depends: BE-001)\n- [ ] Document refunds\n\n### T"), "{twice}");
        let doc = Document::from_text(twice);
        assert_eq!(read(&doc), vec![p, q]);
    }

    #[test]
    fn crlf_and_no_header() {
        let p = Proposal { text: "x".into(), depends: vec![] };
        assert_eq!(added("notes\r\n", &p), "notes\r\n\r\n## Proposed\r\n- [ ] x\r\n");
        assert_eq!(added("", &p), "## Proposed\n- [ ] x\n");
    }

    #[test]
    fn a_fenced_section_is_not_read() {
        let doc = Document::from_text("```\n## Proposed\n- [ ] no\n```\n".into());
        assert!(read(&doc).is_empty());
    }
}
