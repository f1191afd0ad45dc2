//! The merged blocks: an agent's findings or progress (template header and marker block
//! dropped, headings demoted) wrapped in content-addressed markers and appended to
//! `findings.md` / `progress.md` unless a block with that sha is already there. The markers
//! make the shared files their own log of applied merges.

use sha2::{Digest, Sha256};

use crate::error::Result;
use crate::protocol::agents;
use crate::store::Store;
use crate::text::{Document, Eol};

/// The first 8 bytes of SHA-256, in hex: the content address of a block or a file's bytes.
pub fn sha(bytes: &[u8]) -> String {
    Sha256::digest(bytes)[..8].iter().map(|b| format!("{b:02x}")).collect()
}

pub(super) fn block_sha(group: &str, agent: &str, kind: &str, body: &str) -> String {
    sha(format!("{group}\0{agent}\0{kind}\0{body}").as_bytes())
}

/// The end of a block's opening marker: unique to one agent's block (the closing marker
/// carries only the sha).
pub(super) fn opening(agent: &str, sha: &str) -> String {
    format!(" agent={agent} sha={sha} -->")
}

/// One agent's content, ready to merge.
pub(super) struct AgentBlocks {
    pub id: String,
    pub task: String,
    pub findings: String,
    pub progress: String,
}

/// An agent file's content without its template header (and, for progress, its marker block),
/// trimmed, with headings demoted to nest under a `###` subsection.
pub(super) fn agent_content(text: &str, strip_marker: bool) -> String {
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
pub(super) fn append_blocks(
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
    // A later merge of the same group on the same day (after --partial) continues the section
    // when it is still the file's last: one heading, not two identical ones.
    let last_section = out.lines().rev().find(|l| l.starts_with("## ")).map(|l| l.trim_end_matches('\r'));
    if last_section != Some(section) {
        out.push_str(section);
        out.push_str(e);
        out.push_str(e);
    }
    out.push_str(added.trim_end_matches(['\r', '\n']));
    out.push_str(e);
    Ok((out, shas))
}

/// A shared log's bytes: missing is empty; otherwise it must decode like any plan file.
pub(super) fn read_shared(store: &Store, name: &str) -> Result<Vec<u8>> {
    let bytes = store.read_or_empty(name)?;
    if !bytes.is_empty() {
        store.read(name)?;
    }
    Ok(bytes)
}

fn one_line(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
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
    fn sha_is_eight_bytes_of_sha256() {
        assert_eq!(sha(b"abc"), "ba7816bf8f01cfea");
    }
}
