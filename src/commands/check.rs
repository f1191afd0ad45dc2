//! `pplan check [PATH…] [--format text|json|github]`: diagnostics for pre-commit and CI.

use std::path::PathBuf;

use serde::Serialize;

use super::{Context, Output};
use crate::cli::CheckFormat;
use crate::error::{ExitCode, Result};
use crate::views::check::{self, Diagnostic, Severity};

#[derive(Serialize)]
struct CheckJson<'a> {
    schema_version: u32,
    kind: &'static str,
    files: usize,
    errors: usize,
    warnings: usize,
    diagnostics: &'a [Diagnostic],
}

/// Which `pplan.yaml` setting changes the rules that reported, when any did.
fn setting_hint(diags: &[Diagnostic]) -> String {
    let mut rules: Vec<&str> = diags.iter().map(|d| d.rule).collect();
    rules.sort_unstable();
    rules.dedup();
    if rules.is_empty() {
        return String::new();
    }
    let settings: Vec<String> = rules.iter().map(|r| format!("{r}: off|warning|error")).collect();
    format!("a rule's severity is set in pplan.yaml beside the plan: `checks: {{{}}}`\n", settings.join(", "))
}

/// With no paths: every plan at or below the working directory (`-C`, `PPLAN_DIR` or `.`); when
/// there is none there, the plan found upward the way every other command finds it, so `pplan
/// check` in `src/` checks the project's plan. The tree is walked once.
fn default_targets(ctx: &Context) -> Result<Vec<check::Target>> {
    let targets = check::targets(&[crate::store::locate(ctx.dir.as_deref())])?;
    if targets.is_empty()
        && let Ok(found) = ctx.found()
    {
        return check::targets(&[found.dir]);
    }
    Ok(targets)
}

pub fn run(ctx: &Context, paths: &[PathBuf], format: CheckFormat) -> Result<Output> {
    let targets = if paths.is_empty() { default_targets(ctx)? } else { check::targets(paths)? };
    let (diags, files) = check::run(&targets, &ctx.limits);
    let errors = diags.iter().filter(|d| d.severity == Severity::Error).count();
    let warnings = diags.len() - errors;
    let code = if errors > 0 { ExitCode::Problems } else { ExitCode::Ok };
    let format = if ctx.json { CheckFormat::Json } else { format };
    let stdout = match format {
        CheckFormat::Json => {
            let json =
                CheckJson { schema_version: 1, kind: "check", files, errors, warnings, diagnostics: &diags };
            serde_json::to_string(&json).unwrap_or_default() + "\n"
        }
        CheckFormat::Github => diags.iter().map(|d| check::github_line(d) + "\n").collect(),
        CheckFormat::Text => {
            let mut s = String::new();
            for d in &diags {
                check::write_text_line(&mut s, d);
            }
            let plural = |n: usize, w: &str| format!("{n} {w}{}", if n == 1 { "" } else { "s" });
            s.push_str(&format!(
                "checked {}: {}, {}\n",
                plural(files, "file"),
                plural(errors, "error"),
                plural(warnings, "warning")
            ));
            s.push_str(&setting_hint(&diags));
            s
        }
    };
    Ok(Output { stdout, code })
}
