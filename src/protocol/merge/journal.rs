//! The intent journal and its roll-forward: what a merge will write (`.pplan/journal.json`:
//! each file's expected bytes before and full bytes after, the agent files to retire), applied
//! under the plan lock — every target replaced unless a person changed it, every block verified
//! present exactly once, the agent files retired to `.pplan/archive/`, the journal deleted. A
//! journal a crash left is applied the same way by the next command ([`roll_forward`]).

use serde::{Deserialize, Serialize};

use super::blocks::{agent_content, block_sha, opening, sha};
use super::{FINDINGS, PROGRESS};
use crate::error::{Error, Result};
use crate::protocol::agents;
use crate::store::fault;
use crate::store::{self, Lock, Store};

pub const JOURNAL: &str = "journal.json";

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
        let Some(doc) = store.read_unlinked(&name)? else {
            continue; // already retired before an interruption
        };
        let body = agent_content(doc.text(), marker);
        if &block_sha(&journal.group, &r.agent, kind, &body) != want {
            return Ok(false);
        }
    }
    Ok(true)
}

/// A leftover journal, if any, rolled forward. A journal that names anything but the plan's own
/// files, safe agent ids and an archive folder is refused whole: nothing is written.
/// Returns whether there was one.
pub fn roll_forward(store: &Store, lock: &Lock) -> Result<Option<Applied>> {
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
    if let Err(what) = journal.check() {
        return Err(Error::UnsafeJournal { path: store.path(store::STATE_DIR).join(JOURNAL), what });
    }
    apply(store, lock, &journal).map(Some)
}

impl Journal {
    /// A journal is untrusted input (a cloned repository can carry one): it may name only the
    /// three shared files, valid agent ids, content addresses and an archive folder of pplan's.
    fn check(&self) -> std::result::Result<(), String> {
        if self.kind != "merge-journal" {
            return Err(format!("the kind `{}`", self.kind.chars().take(40).collect::<String>()));
        }
        let hex = |s: &str| s.len() == 16 && s.bytes().all(|b| b.is_ascii_hexdigit());
        for (i, f) in self.files.iter().enumerate() {
            if ![store::PLAN_FILE, FINDINGS, PROGRESS].contains(&f.name.as_str()) {
                return Err(format!("the file `{}`", f.name.chars().take(80).collect::<String>()));
            }
            if !hex(&f.before) {
                return Err(format!("a content address of `{}` that is not one", f.name));
            }
            if self.files[..i].iter().any(|g| g.name == f.name) {
                return Err(format!("the file `{}` twice", f.name));
            }
        }
        for r in &self.retire {
            if agents::check_id(&r.agent).is_err() {
                return Err(format!("the agent `{}`", r.agent.chars().take(80).collect::<String>()));
            }
            if !hex(&r.findings_sha) || !hex(&r.progress_sha) {
                return Err(format!("a content address of `{}` that is not one", r.agent));
            }
        }
        let archive_ok = self.archive == "archive/plan"
            || self.archive.strip_prefix("archive/group-").is_some_and(|k| {
                !k.is_empty()
                    && k.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'.' || b == b'_')
            });
        if !archive_ok {
            return Err(format!("the archive `{}`", self.archive.chars().take(80).collect::<String>()));
        }
        Ok(())
    }
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
