//! `pplan demo`: the whole protocol in a scratch directory, with real sub-agent processes.
//!
//! The demo is an orchestrator that only runs pplan (this same binary) as child processes, the
//! way a slash command would: spawn the first group, run its agents concurrently (one hands off
//! and is respawned, one fails twice under the 3-strike rule and then succeeds, one proposes
//! follow-up work), wait, merge — the proposal is folded into group 2; the gate fails, so the
//! group is held and a fix task is added with `add` and merged — run the second group, whose
//! agent is BLOCKED until the user answers (reboot names it and its reason), and finish with
//! status and reboot. It narrates as it goes.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::thread;

use super::{Context, Output};
use crate::error::{Error, Result};
use crate::store::{self, Limits, Store};

/// A task of the demo plan: id, text, and what its agent does.
struct Role {
    id: &'static str,
    text: &'static str,
}

const ROLES: [Role; 6] = [
    Role { id: "BE-001", text: "Build the payment endpoints" },
    Role { id: "FE-001", text: "Build the cart page" },
    Role { id: "DOC-001", text: "Write the API notes" },
    Role { id: "QA-001", text: "Write the checkout tests" },
    Role { id: "OPS-001", text: "Prepare the deploy script" },
    Role { id: "SEC-001", text: "Review the payment flow" },
];

/// Run the demo with `agents` sub-agents in the first group (the CLI keeps it within 3..=6, so the
/// hand-off and the failing agent are always among them).
pub fn run(ctx: &Context, dir: Option<PathBuf>, agents: u8, stream: &mut dyn Write) -> Result<Output> {
    let agents = usize::from(agents).clamp(3, ROLES.len());
    let dir = match dir {
        Some(d) => {
            std::fs::create_dir_all(&d).map_err(|e| Error::io("create", &d, e))?;
            d
        }
        None => fresh_dir()?,
    };
    let exe = std::env::current_exe().map_err(|e| Error::io("find", "the pplan binary", e))?;
    let run = Runner { exe, dir: dir.clone() };
    let mut say = |line: String| {
        let _ = writeln!(stream, "{line}").and_then(|()| stream.flush());
    };
    let roles = &ROLES[..agents];

    say(format!("demo plan in {}", dir.display()));
    write_plan(&dir, roles, &ctx.limits)?;
    say(format!("1. init: task_plan.md with 2 groups ({} tasks in group 1, 1 in group 2)", roles.len()));

    let briefs = run.ok(&["spawn"])?;
    say(format!("2. spawn group 1: {} sub-agents, briefs {} bytes in all", roles.len(), briefs.len()));

    // The first group's agents, concurrently, each a series of pplan processes.
    let handles: Vec<_> = roles
        .iter()
        .enumerate()
        .map(|(i, role)| {
            let run = run.clone();
            let id = role.id;
            thread::spawn(move || -> Result<()> {
                match i {
                    1 => {
                        run.ok(&["log", "--agent", id, "laid out the cart page", "--files", "web/cart.tsx"])?;
                        run.ok(&[
                            "note",
                            "--agent",
                            id,
                            "the cart total must come from the API, not the client",
                        ])?;
                        run.ok(&[
                            "mark",
                            "--agent",
                            id,
                            "CONTINUATION_REQUIRED",
                            "--resume-from",
                            "wire the cart total to the API",
                        ])?;
                    }
                    2 => {
                        let first = [
                            "error",
                            id,
                            "--error",
                            "schema export failed",
                            "--approach",
                            "generate from the code",
                        ];
                        let second = [
                            "error",
                            id,
                            "--error",
                            "export had no examples",
                            "--approach",
                            "export from the OpenAPI file",
                        ];
                        run.ok(&first)?;
                        run.ok(&second)?;
                        run.ok(&["note", "--agent", id, "examples come from the test fixtures"])?;
                        run.ok(&[
                            "log",
                            "--agent",
                            id,
                            "wrote the API notes by hand from the fixtures",
                            "--files",
                            "docs/api.md",
                        ])?;
                        run.ok(&["error", id, "--resolve", "written by hand from the fixtures"])?;
                        run.ok(&["mark", "--agent", id, "COMPLETE"])?;
                    }
                    _ => {
                        run.ok(&[
                            "note",
                            "--agent",
                            id,
                            &format!("{id}: the sandbox needs an idempotency key per request"),
                        ])?;
                        run.ok(&[
                            "log",
                            "--agent",
                            id,
                            &format!("{id}: built and tested"),
                            "--files",
                            "src/pay.rs",
                        ])?;
                        run.ok(&["note", "--agent", id, &format!("{id}: retries must reuse the key")])?;
                        if i == 0 {
                            // Work it discovered, handed back: merge folds it into the plan.
                            run.ok(&["propose", "--agent", id, "Add the refund endpoints", "--depends", id])?;
                        }
                        run.ok(&["mark", "--agent", id, "COMPLETE"])?;
                    }
                }
                Ok(())
            })
        })
        .collect();
    for h in handles {
        h.join()
            .map_err(|_| Error::Usage { message: "a demo agent crashed".into(), hint: "rerun the demo" })??;
    }
    say(format!(
        "3. agents ran concurrently: {} noted and logged; {} handed off; {} failed twice (2 strikes, no repeat) then succeeded",
        roles
            .iter()
            .filter(|r| r.id != "FE-001" && r.id != "DOC-001")
            .map(|r| r.id)
            .collect::<Vec<_>>()
            .join(", "),
        ROLES[1].id,
        ROLES[2].id
    ));

    let (code, out) = run.call(&["wait", "--timeout", "30"])?;
    say(format!("4. wait: exit {code}: {}", last_line(&out)));
    let brief = run.ok(&["respawn", ROLES[1].id])?;
    let resume = brief.lines().find(|l| l.starts_with("Resume from:")).unwrap_or("").to_string();
    say(format!("5. respawn {}: restart 1 of 3 ({resume})", ROLES[1].id));
    run.ok(&["log", "--agent", ROLES[1].id, "wired the cart total to the API", "--files", "web/cart.tsx"])?;
    run.ok(&["mark", "--agent", ROLES[1].id, "COMPLETE"])?;
    let (code, out) = run.call(&["wait", "--timeout", "30"])?;
    say(format!("6. wait: exit {code}: {}", last_line(&out)));

    // The gate (pplan.yaml) fails: the group is held until a fix is merged.
    let (code, merged) = run.call_allowing(&["merge"], 1)?;
    let status = run.ok(&["status"])?;
    let red = status.lines().find(|l| l.starts_with("gate of group")).unwrap_or("").to_string();
    say(format!("7. merge: exit {code}, the gate failed; status: {red}"));
    let folded =
        last_line_with(&merged, "proposal added: ").trim_start_matches("proposal added: ").to_string();
    let folded_id = folded.split(' ').next().unwrap_or_default().to_string();
    say(format!("   and {}'s proposal folded into the plan: {folded}", ROLES[0].id));
    // The fix is a task of its own, added through pplan (never a hand edit) to the held group.
    let added =
        run.ok(&["add", "Round the cart total to cents", "--id", "FE-002", "--files", "web/cart.tsx"])?;
    say(format!("8. {}; spawned it", added.trim_end()));
    let fix = added.split_whitespace().nth(1).unwrap_or("FE-002").to_string();
    run.ok(&["spawn", &fix])?;
    run.ok(&["note", "--agent", &fix, "the cart total rounds to cents"])?;
    run.ok(&["log", "--agent", &fix, "rounded the cart total to cents", "--files", "web/cart.tsx"])?;
    run.ok(&["mark", "--agent", &fix, "COMPLETE"])?;
    let merged = run.ok(&["merge"])?;
    let passed = if merged.lines().any(|l| l.starts_with("gate `") && l.ends_with("` passed")) {
        "passed"
    } else {
        "?"
    };
    say(format!("9. merge again: gate {passed}; {}", last_line_with(&merged, "current group")));
    run.ok(&["decide", "Checkout via the payments API", "--why", "one source of truth for totals"])?;

    run.ok(&["spawn"])?;
    run.ok(&["mark", "--agent", "INT-001", "BLOCKED", "--reason", "the staging API URL is not set"])?;
    let (_, reboot) = run.call(&["reboot"])?;
    let first = reboot.lines().find(|l| l.contains("BLOCKED INT-001")).unwrap_or("").trim().to_string();
    say(format!("10. spawn group 2: INT-001 is BLOCKED; reboot says: {first}"));
    run.ok(&["respawn", "INT-001", "--force"])?;
    run.ok(&["note", "--agent", "INT-001", "the cart and the API agree on totals"])?;
    run.ok(&[
        "log",
        "--agent",
        "INT-001",
        "wired the cart to the API; end-to-end suite green",
        "--files",
        "web/cart.tsx,src/pay.rs",
    ])?;
    run.ok(&["mark", "--agent", "INT-001", "COMPLETE"])?;
    if !folded_id.is_empty() {
        run.ok(&["log", "--agent", &folded_id, "added the refund endpoints", "--files", "src/refund.rs"])?;
        run.ok(&["mark", "--agent", &folded_id, "COMPLETE"])?;
    }
    let (code, out) = run.call(&["wait", "--timeout", "30"])?;
    say(format!("11. the user set the URL; respawn --force; wait: exit {code}: {}", last_line(&out)));
    let merged = run.ok(&["merge"])?;
    say(format!("12. merge: {}", merged.lines().take(2).collect::<Vec<_>>().join("; ")));

    let status = run.ok(&["status"])?;
    let (_, reboot) = run.call(&["reboot", "--budget", "900"])?;
    say(String::new());
    let text = format!("{status}\n{reboot}\nfiles kept in {}\n", dir.display());
    Ok(Output::ok(text))
}

/// The demo plan, written through the store like `init` does.
fn write_plan(dir: &Path, roles: &[Role], limits: &Limits) -> Result<()> {
    let mut tasks = String::new();
    for r in roles {
        tasks.push_str(&format!("- [ ] {}: {}\n", r.id, r.text));
    }
    let plan = format!(
        "# Task Plan: Demo checkout service\n\n## Goal\nShip a checkout API and UI that pass the end-to-end suite.\n\n\
         ## Current Group\nGroup 1\n\n## Next Step\nSpawn group 1.\n\n## Groups\n\n\
         ### Group 1: Build the parts\n- **Status:** in_progress\n{tasks}\n\
         ### Group 2: Integration\n- **Status:** pending\n- [ ] INT-001: Wire the cart to the API (depends: BE-001, FE-001)\n\n\
         ## Decisions Made\n| Decision | Rationale |\n|----------|-----------|\n\n\
         ## Errors Encountered\n| Error | Task | Attempt | Approach | Resolution |\n|-------|------|---------|----------|------------|\n"
    );
    let store = Store::new(dir.to_path_buf(), limits.clone());
    let lock = store.lock()?;
    store.create(&lock, store::PLAN_FILE, &plan)?;
    store.create(&lock, "findings.md", include_str!("../../templates/findings.md"))?;
    // A gate between groups that fails until the cart rounds to cents, in the system's shell.
    let gate = if cfg!(windows) {
        "gate: 'findstr /C:\"rounds to cents\" findings.md >NUL || (echo test_cart_total ... FAILED: 10.005 != 10.01& exit /b 1)'\n"
    } else {
        "gate: \"grep -q 'rounds to cents' findings.md || { echo 'test_cart_total ... FAILED: 10.005 != 10.01'; exit 1; }\"\n"
    };
    store.create(&lock, crate::store::config::CONFIG_FILE, gate)?;
    store.create(&lock, "progress.md", include_str!("../../templates/progress.md"))
}

/// A new directory under the system's temp dir: `pplan-demo-<pid>`, or `-2`, `-3`, … when an
/// earlier demo left that one (process ids repeat, under Wine at once).
fn fresh_dir() -> Result<PathBuf> {
    let (temp, name) = (std::env::temp_dir(), format!("pplan-demo-{}", std::process::id()));
    let mut n = 1;
    loop {
        let dir = if n == 1 { temp.join(&name) } else { temp.join(format!("{name}-{n}")) };
        match std::fs::create_dir(&dir) {
            Ok(()) => return Ok(dir),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists && n < 1000 => n += 1,
            Err(e) => return Err(Error::io("create", &dir, e)),
        }
    }
}

fn last_line_with<'s>(s: &'s str, needle: &str) -> &'s str {
    s.lines().rfind(|l| l.contains(needle)).unwrap_or("")
}

fn last_line(s: &str) -> &str {
    s.lines().rfind(|l| !l.trim().is_empty()).unwrap_or("")
}

/// Runs this same binary on the demo's plan directory.
#[derive(Clone)]
struct Runner {
    exe: PathBuf,
    dir: PathBuf,
}

impl Runner {
    fn call(&self, args: &[&str]) -> Result<(i32, String)> {
        self.call_allowing(args, 5)
    }

    /// A step that may exit 0 or `allowed` (5, not ready; 1, a gate that failed).
    fn call_allowing(&self, args: &[&str], allowed: i32) -> Result<(i32, String)> {
        let out = Command::new(&self.exe)
            .arg("-C")
            .arg(&self.dir)
            .args(args)
            .env_remove("PPLAN_DIR")
            .env("PPLAN_LOCK_TIMEOUT_MS", "30000")
            .output()
            .map_err(|e| Error::io("run", &self.exe, e))?;
        let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
        let code = out.status.code().unwrap_or(-1);
        if code != 0 && code != allowed {
            let stderr = String::from_utf8_lossy(&out.stderr);
            return Err(Error::Usage {
                message: format!(
                    "demo step `pplan {}` failed (exit {code}): {}",
                    args.join(" "),
                    stderr.trim()
                ),
                hint: "this is a bug in the demo or in pplan",
            });
        }
        Ok((code, stdout))
    }

    /// A step that must succeed (exit 0).
    fn ok(&self, args: &[&str]) -> Result<String> {
        let (code, out) = self.call(args)?;
        if code != 0 {
            return Err(Error::Usage {
                message: format!("demo step `pplan {}` exited {code}", args.join(" ")),
                hint: "this is a bug in the demo or in pplan",
            });
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Process ids repeat (under Wine at once): a directory an earlier demo left is never reused.
    #[test]
    fn a_demo_takes_a_fresh_directory_beside_one_an_earlier_demo_left() {
        let name = format!("pplan-demo-{}", std::process::id());
        let left = std::env::temp_dir().join(&name);
        std::fs::create_dir_all(&left).expect("an earlier demo's directory");
        let fresh = fresh_dir().expect("fresh");
        // `-2`, or a later number when an earlier run with this pid left that one too.
        let got = fresh.file_name().and_then(|n| n.to_str()).unwrap_or_default().to_string();
        let n: u32 = got.strip_prefix(&format!("{name}-")).and_then(|n| n.parse().ok()).unwrap_or(0);
        assert!(n >= 2, "{got}");
        assert_eq!(std::fs::read_dir(&fresh).expect("read").count(), 0);
        for d in [&fresh, &left] {
            let _ = std::fs::remove_dir_all(d);
        }
    }
}
