//! `pplan check`: diagnostics for plan files, for pre-commit and CI.
//!
//! Every rule has an id, a default severity and a line in docs/CHECKS.md; `pplan.yaml` beside a
//! plan can turn a rule off or change its severity (`checks: {rule-id: off}`). Diagnostics are
//! `path:line:col`, sorted, and deterministic.

mod rules;

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use serde::Serialize;

use crate::store::config::Config;
use crate::store::{self, Limits, Store};

pub use rules::RULES;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    Error,
    Warning,
}

impl Severity {
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
        }
    }
}

/// A rule: its id, default severity and what it checks (docs/CHECKS.md says the same).
#[derive(Clone, Copy, Debug)]
pub struct Rule {
    pub id: &'static str,
    pub severity: Severity,
    pub summary: &'static str,
}

#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
pub struct Diagnostic {
    pub path: String,
    pub line: usize,
    pub col: usize,
    pub severity: Severity,
    pub rule: &'static str,
    pub message: String,
}

/// What to check: a plan directory (every plan file in it), or single files.
#[derive(Clone, Debug)]
pub enum Target {
    Dir(PathBuf),
    File(PathBuf),
}

/// Expand the paths given on the command line: a directory holding a `task_plan.md` is a
/// plan; a directory without one is searched for plans below it; files are themselves.
pub fn targets(paths: &[PathBuf]) -> crate::Result<Vec<Target>> {
    let mut out = Vec::new();
    for p in paths {
        if std::fs::symlink_metadata(p).is_err() {
            return Err(crate::Error::Usage {
                message: format!("`{}` does not exist", p.display()),
                hint: "pplan check [PATH…]: plan directories, plan files or trees",
            });
        }
        if p.is_dir() {
            if p.join(store::PLAN_FILE).exists() {
                out.push(Target::Dir(p.clone()));
            } else {
                out.extend(store::find_plans(p).into_iter().map(Target::Dir));
            }
        } else if belongs_to_a_plan(p) {
            out.push(Target::File(p.clone()));
        }
    }
    Ok(out)
}

/// A file is a plan file only beside a plan: `task_plan.md` itself, or any file in a directory
/// that has a `task_plan.md` or a `.pplan/` (so `docs/progress_report.md` is not an agent file).
fn belongs_to_a_plan(file: &Path) -> bool {
    let dir = file.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    file.file_name().is_some_and(|n| n == store::PLAN_FILE)
        || dir.join(store::PLAN_FILE).exists()
        || dir.join(store::STATE_DIR).is_dir()
}

/// Check every target; returns the diagnostics (sorted) and how many files were read.
pub fn run(targets: &[Target], limits: &Limits) -> (Vec<Diagnostic>, usize) {
    let mut all = Vec::new();
    let mut files = 0;
    for t in targets {
        let (dir, only) = match t {
            Target::Dir(d) => (d.clone(), None),
            Target::File(f) => {
                let dir = f
                    .parent()
                    .filter(|p| !p.as_os_str().is_empty())
                    .map_or_else(|| PathBuf::from("."), Path::to_path_buf);
                (dir, f.file_name().map(|n| n.to_string_lossy().into_owned()))
            }
        };
        let store = Store::new(dir.clone(), limits.clone());
        let config = config_diagnostics(&store, &dir, &mut all);
        let (diags, n) = rules::check_dir(&store, &dir, only.as_deref());
        files += n;
        all.extend(diags.into_iter().filter_map(|mut d| {
            match config.checks.get(d.rule).map(String::as_str) {
                Some("off") => return None,
                Some("warning") => d.severity = Severity::Warning,
                Some("error") => d.severity = Severity::Error,
                _ => {}
            }
            Some(d)
        }));
    }
    // A total order over every field: equal diagnostics are identical, so unstable is exact.
    all.sort_unstable();
    all.dedup();
    (all, files)
}

/// `pplan.yaml`, with a diagnostic when it is not valid or names what does not exist (then the
/// defaults apply).
fn config_diagnostics(store: &Store, dir: &Path, out: &mut Vec<Diagnostic>) -> Config {
    let path =
        dir.join(crate::store::config::CONFIG_FILE).to_string_lossy().trim_start_matches("./").to_string();
    let diag = |severity, message: String| Diagnostic {
        path: path.clone(),
        line: 1,
        col: 1,
        severity,
        rule: "invalid-config",
        message,
    };
    match Config::load(store) {
        Ok(config) => {
            for (rule, level) in &config.checks {
                if !RULES.iter().any(|r| r.id == rule) {
                    out.push(diag(Severity::Warning, format!("`checks` names `{rule}`, which is no rule")));
                }
                if !matches!(level.as_str(), "off" | "warning" | "error") {
                    out.push(diag(
                        Severity::Warning,
                        format!("`checks.{rule}` is `{level}`; use off, warning or error"),
                    ));
                }
            }
            config
        }
        Err(e) => {
            out.push(diag(Severity::Error, e.to_string()));
            Config::default()
        }
    }
}

/// `path:line:col: error[rule]: message` and a newline, appended to `out` (a plan with 100k
/// findings is one string, not one per finding).
pub fn write_text_line(out: &mut String, d: &Diagnostic) {
    out.push_str(&d.path);
    let _ = write!(out, ":{}:{}: ", d.line, d.col);
    for part in [d.severity.as_str(), "[", d.rule, "]: ", &d.message, "\n"] {
        out.push_str(part);
    }
}

/// A GitHub Actions workflow command.
pub fn github_line(d: &Diagnostic) -> String {
    let escape = |s: &str| s.replace('%', "%25").replace('\r', "%0D").replace('\n', "%0A");
    let prop = |s: &str| escape(s).replace(':', "%3A").replace(',', "%2C");
    format!(
        "::{} file={},line={},col={},title={}::{}",
        d.severity.as_str(),
        prop(&d.path),
        d.line,
        d.col,
        prop(d.rule),
        escape(&d.message)
    )
}
