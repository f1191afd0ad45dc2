//! Discovered work: a sub-agent proposes follow-up tasks in its own findings file, never in the
//! plan. `pplan propose` writes them as unchecked items of a `## Proposed` section of
//! `findings_<ID>.md` (right below the template header, so notes appended later never land
//! inside it); `merge` folds the proposals of the agents it merges into the plan.
//!
//! A proposal is one line: `- [ ] <text>` with an optional `(depends: A, B)`. Reading is
//! structural (the top-level items between the `Proposed` heading and the next heading; a
//! fenced block is not read), so a person may write proposals by hand the same way.

use crate::error::{Error, Result};
use crate::plan::syntax;
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

/// `text (depends: A, B) more` → text `text more`, depends `[A, B]`.
fn parse_text(s: &str) -> Proposal {
    match syntax::depends(s) {
        Some((whole, inner)) => {
            let text = format!("{} {}", s[..whole.start].trim_end(), s[whole.end..].trim_start());
            Proposal {
                text: text.trim().to_string(),
                depends: syntax::dependency_ids(&s[inner]).map(str::to_string).collect(),
            }
        }
        None => Proposal { text: s.to_string(), depends: Vec::new() },
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
    if syntax::depends(&text).is_some() {
        return Err(Error::Usage {
            message: "the text carries its own `(depends: …)`".into(),
            hint: "pplan propose --agent <ID> \"<text>\" --depends A,B",
        });
    }
    let depends: Vec<String> =
        depends.iter().flat_map(|d| syntax::dependency_ids(d)).map(str::to_string).collect();
    Ok(Proposal { text, depends })
}

/// Add a proposal to agent `id`'s findings file under the agent's lock. Returns whether it was
/// new (a proposal already there is not written twice).
pub fn propose(store: &Store, id: &str, p: &Proposal) -> Result<bool> {
    agents::check_id(id)?;
    let name = agents::findings_file(id);
    if !agents::check_regular(store, &name)? {
        return Err(Error::NoAgent { id: id.to_string() });
    }
    let lock = store.lock_agent(id)?;
    let change = store.update_held(
        &lock,
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
