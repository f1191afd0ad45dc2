//! The commands layer, the top of the library: one module per subcommand. Each reads through
//! the core, writes through the store, and returns its output as a string; nothing here prints
//! (`main` does). It may use every layer below (text, error, plan, store, protocol, git, views,
//! cli), and nothing but `main` uses it.

mod add;
mod check;
mod checkpoint;
mod completions;
mod decide;
mod demo;
mod doctor;
mod edit;
mod error;
mod files;
mod gate;
mod git_setup;
mod hook;
mod init;
mod list;
mod log;
mod mark;
mod merge;
mod merge_driver;
mod next;
mod note;
mod poll;
mod propose;
mod reboot;
mod report;
mod respawn;
mod restart_context;
mod set;
mod setup;
mod show;
mod spawn;
mod status;
mod wait;
mod watch;
mod waves;

use std::cell::{OnceCell, RefCell};
use std::io::Write as _;
use std::path::PathBuf;

use crate::cli::{Cli, Command};
use crate::error::{ExitCode, Result};
use crate::plan::Status;
use crate::plan::edit::{self as plan_edit, Target};
use crate::protocol::progress::{Figures, Written};
use crate::store::discover::Found;
use crate::store::{self, Limits, Store};

/// What a command says on stdout, and how the process should exit.
#[derive(Debug)]
pub struct Output {
    pub stdout: String,
    pub code: ExitCode,
}

impl Output {
    pub fn ok(stdout: String) -> Output {
        Output { stdout, code: ExitCode::Ok }
    }

    /// One JSON object on a line.
    pub fn json(value: &impl serde::Serialize) -> Output {
        Output::ok(serde_json::to_string(value).unwrap_or_default() + "\n")
    }
}

/// Everything a command needs from the command line and the environment.
#[derive(Debug)]
pub struct Context {
    pub dir: Option<PathBuf>,
    pub json: bool,
    pub limits: Limits,
    /// The command writes plan files: a plan only modification times would choose is refused.
    pub writes: bool,
    /// The plan found, once found.
    found: OnceCell<Found>,
    /// The plan file as this command last wrote it, with its figures for `.pplan/progress.json`.
    written: RefCell<Option<Written>>,
}

impl Context {
    /// The store of the plan found from `-C`, the environment or the current directory upward
    /// (see [`store::discover`]).
    pub fn store(&self) -> Result<Store> {
        Ok(Store::new(self.found()?.dir, self.limits.clone()))
    }

    /// The plan this command works on, and why that one.
    pub fn found(&self) -> Result<Found> {
        if let Some(found) = self.found.get() {
            return Ok(found.clone());
        }
        let request = store::discover::Request::from_env(self.dir.as_deref(), PathBuf::from("."));
        let found = store::find(&request, self.writes)?;
        let _ = self.found.set(found.clone());
        Ok(found)
    }

    /// Keep the plan this command wrote last (its text and verified figures), for the refresh of
    /// `.pplan/progress.json` after it. Only a command whose last write of task_plan.md this is
    /// may call it; the refresh checks that the file still holds `text`.
    pub fn wrote_plan(&self, text: String, figures: Figures) {
        self.written.replace(Some(Written { text, figures }));
    }

    /// [`Context::wrote_plan`] after a write through [`Store::update_plan`], whose verify step
    /// kept the figures of the plan it read back (`None` on a dry run).
    pub fn wrote_change(&self, change: &store::Change, figures: Option<Figures>) {
        if let (true, Some(figures)) = (change.written, figures) {
            self.wrote_plan(change.after.clone(), figures);
        }
    }

    /// An authoring write of task_plan.md (`add`, `edit`) through [`Store::update_plan`]: a
    /// change that would close a dependency cycle is refused as that (`WouldCycle`), not as a
    /// failed verification, and the refresh of `.pplan/progress.json` gets the verified figures.
    pub fn update_plan_acyclic(
        &self,
        dry_run: bool,
        edit: impl FnOnce(&crate::plan::Plan<'_>, &crate::text::Document) -> Result<Vec<crate::text::Edit>>,
        verify: impl FnOnce(&crate::plan::Plan<'_>, &crate::plan::Plan<'_>) -> std::result::Result<(), String>,
    ) -> Result<store::Change> {
        let cycle: RefCell<Option<crate::Error>> = RefCell::new(None);
        let figures: RefCell<Option<Figures>> = RefCell::new(None);
        let change = self.store()?.update_plan(store::PLAN_FILE, dry_run, edit, |before, after| {
            if let Some(refused) = crate::protocol::authoring::would_cycle(&before.plan, after.plan()) {
                *cycle.borrow_mut() = Some(refused);
                return Err("the change would close a dependency cycle".into());
            }
            verify(&before.plan, after.plan())?;
            if !dry_run {
                *figures.borrow_mut() = Some(Figures::of(after.plan()));
            }
            Ok(())
        });
        let change = match (change, cycle.into_inner()) {
            (Err(_), Some(cycle)) => return Err(cycle),
            (change, _) => change?,
        };
        self.wrote_change(&change, figures.into_inner());
        Ok(change)
    }
}

/// The verify step of a write that sets statuses ([`store::Store::update_plan`]): the edits read
/// back where they stand when that is certain ([`crate::plan::edit::sets_in_place`]), else the
/// re-parsed plan says every target reads its new status and nothing else changed. The figures
/// of the plan after the change, for `.pplan/progress.json`.
pub(crate) fn verify_sets(
    before: store::Parsed<'_>,
    after: &store::Edited<'_>,
    changes: &[(Target, Status)],
) -> std::result::Result<Figures, String> {
    if plan_edit::sets_in_place(&before.plan, after.doc.text(), after.edits, changes) {
        // The plan before is not needed again: its model becomes the plan after, uncopied.
        return Ok(Figures::of(&plan_edit::with_sets(before.plan, changes)));
    }
    plan_edit::verify_sets(&before.plan, after.plan(), changes)?;
    Ok(Figures::of(after.plan()))
}

/// Run a command. `stream` receives output that must appear as it happens (`wait`).
pub fn run(cli: Cli, stream: &mut dyn std::io::Write) -> Result<Output> {
    // `pplan status DIR` reads that plan, as `check DIR` does.
    let dir = match (&cli.command, cli.dir) {
        (Command::Status { plan: Some(p), .. }, Some(c)) if *p != c => {
            return Err(crate::Error::Usage {
                message: format!("`-C {}` and `status {}` name two plans", c.display(), p.display()),
                hint: "pplan status [PLAN] (a directory or its task_plan.md), or -C PLAN",
            });
        }
        (Command::Status { plan: Some(p), .. }, _) => Some(p.clone()),
        (_, c) => c,
    };
    let mut ctx = Context {
        dir,
        json: cli.json,
        limits: Limits::from_env(),
        writes: false,
        found: OnceCell::new(),
        written: RefCell::new(None),
    };
    // check, list, doctor and hooks only read (doctor reports a leftover journal; a hook must
    // never wait on a lock); the git commands never touch a plan (git runs the merge driver in
    // the middle of its own merge, on its own temp files).
    let reads_only = matches!(
        cli.command,
        Command::Check { .. }
            | Command::List { .. }
            | Command::Doctor
            | Command::Hook { .. }
            | Command::Demo { .. }
            | Command::MergeDriver { .. }
            | Command::GitSetup { .. }
            | Command::Setup { .. }
            | Command::Completions { .. }
    );
    let writer = (!reads_only).then(|| writes(&cli.command)).flatten();
    ctx.writes = writer.is_some();
    let reader = reads_plan(&cli.command);
    if !reads_only && !matches!(cli.command, Command::Init { .. } | Command::Merge { .. }) {
        match finish_interrupted_merge(&ctx) {
            // A journal or state pplan will not trust stops writers; readers say so and go on.
            Err(e @ (crate::Error::UnsafeJournal { .. } | crate::Error::UnsafeState { .. }))
                if reader.is_some() =>
            {
                warn(&ctx, &format!("{e}"));
            }
            other => other?,
        }
    }
    let mut result = dispatch(cli.command, &ctx, stream);
    if let (Some(found), Ok(output)) = (ctx.found.get(), result.as_mut()) {
        say_which_plan(&ctx, found, output);
    }
    // A failed command wrote nothing, except a third strike (an error that wrote its row).
    let wrote = match &result {
        Ok(_) => true,
        Err(e) => e.exit_code() == ExitCode::Escalate,
    };
    if let Some(command) = writer.filter(|_| wrote) {
        refresh_progress(&ctx, command);
    } else if let Some(command) = reader {
        // A person may have edited the plan since pplan last wrote: catch up.
        if let Ok(store) = ctx.store() {
            let _ = crate::protocol::progress::refresh_if_stale(&store, command);
        }
    }
    result
}

/// The name of a command that reads the plan directory's files and writes none.
fn reads_plan(command: &Command) -> Option<&'static str> {
    Some(match command {
        Command::Status { .. } => "status",
        Command::Poll { .. } => "poll",
        Command::Show { .. } => "show",
        Command::Next { claim: false, .. } => "next",
        Command::Wait { .. } => "wait",
        Command::Reboot { .. } => "reboot",
        Command::Waves => "waves",
        Command::Report { .. } => "report",
        Command::Check { paths, .. } if paths.is_empty() => "check",
        _ => return None,
    })
}

/// The name of a command that writes plan files (and is not a dry run): after it,
/// `.pplan/progress.json` is refreshed.
fn writes(command: &Command) -> Option<&'static str> {
    Some(match command {
        Command::Init { dry_run: false, .. } => "init",
        Command::Set { dry_run: false, .. } => "set",
        Command::Add { dry_run: false, .. } => "add",
        Command::Edit { dry_run: false, .. } => "edit",
        Command::Remove { dry_run: false, .. } => "remove",
        Command::Spawn { dry_run: false, .. } => "spawn",
        Command::Note { .. } => "note",
        Command::Propose { .. } => "propose",
        Command::Log { .. } => "log",
        Command::Mark { .. } => "mark",
        Command::Respawn { .. } => "respawn",
        Command::Error { dry_run: false, .. } => "error",
        Command::Decide { dry_run: false, .. } => "decide",
        Command::Checkpoint { .. } => "checkpoint",
        Command::RestartContext { .. } => "restart-context",
        Command::Gate { .. } => "gate",
        Command::Merge { dry_run: false, .. } => "merge",
        Command::Next { claim: true, .. } => "next",
        _ => return None,
    })
}

/// Refresh `.pplan/progress.json` after a writing command. A refresh that fails is said on
/// stderr and does not change the command's outcome: the command's own write stands.
fn refresh_progress(ctx: &Context, command: &str) {
    let Ok(store) = ctx.store() else { return };
    if let Err(e) = crate::protocol::progress::refresh_after(&store, command, ctx.written.take()) {
        warn(ctx, &format!("could not update .pplan/{}: {e}", crate::protocol::progress::FILE));
    }
}

/// When the project holds more than one plan, say which one this command used and why: a line on
/// stderr, or under `--json` a `plan_dir` field (and `plan_why`) in the result, never stderr.
fn say_which_plan(ctx: &Context, found: &Found, output: &mut Output) {
    if found.plans.len() < 2 {
        return;
    }
    let dir = found.dir.display().to_string();
    if ctx.json {
        let fields = format!(
            ",\"plan_dir\":{},\"plan_why\":{}}}",
            serde_json::Value::from(dir),
            serde_json::Value::from(found.why.as_str())
        );
        let trimmed = output.stdout.trim_end();
        if trimmed.starts_with('{') && trimmed.ends_with('}') && !trimmed.contains('\n') {
            output.stdout = format!("{}{fields}\n", &trimmed[..trimmed.len() - 1]);
        }
        return;
    }
    let _ = writeln!(
        std::io::stderr(),
        "note: plan `{dir}` ({}); {} plans here, `pplan list` shows them",
        found.why,
        found.plans.len()
    );
}

/// A warning that does not change the outcome, on stderr; under `--json` stderr stays empty
/// for a result (the JSON on stdout is the whole answer).
fn warn(ctx: &Context, message: &str) {
    if !ctx.json {
        let _ = writeln!(std::io::stderr(), "warning: {message}");
    }
}

fn dispatch(command: Command, ctx: &Context, stream: &mut dyn std::io::Write) -> Result<Output> {
    match command {
        Command::Init { name, title, goal, dry_run } => init::run(ctx, name.as_deref(), title, goal, dry_run),
        Command::Status { explain, .. } => status::run(ctx, explain.as_deref()),
        Command::Set { args, group, text, dry_run } => set::run(ctx, args, group, text, dry_run),
        Command::Add { text, group, id, depends, files, after, group_title, dry_run } => {
            let task = add::TaskArgs { text, group, id, depends, files, after };
            add::run(ctx, task, group_title, dry_run)
        }
        Command::Edit { id, group, depends, no_depends, text, dry_run } => {
            let change =
                edit::Change { group, depends: (!depends.is_empty()).then_some(depends), no_depends, text };
            edit::run(ctx, &id, change, dry_run)
        }
        Command::Remove { id, force, dry_run } => edit::remove(ctx, &id, force, dry_run),
        Command::Spawn { ids, group, force, dry_run } => {
            spawn::run(ctx, &ids, group.as_deref(), force, dry_run)
        }
        Command::Note { agent, text } => note::run(ctx, &agent, &text),
        Command::Propose { agent, text, depends } => propose::run(ctx, &agent, &text, &depends),
        Command::Log { agent, text, files, failed } => {
            log::run(ctx, &agent, text.as_deref(), failed.as_deref(), &files)
        }
        Command::Mark { agent, state, resume_from, reason } => {
            mark::run(ctx, &agent, &state, resume_from.as_deref(), reason.as_deref())
        }
        Command::Poll { group } => poll::run(ctx, group.as_deref()),
        Command::Show { target } => show::run(ctx, &target),
        Command::Next { claim_as, steal, .. } => next::run(ctx, claim_as.as_deref(), steal),
        Command::Wait { group, timeout } => wait::run(ctx, group.as_deref(), timeout, stream),
        Command::Respawn { id, reopen: true, reason, .. } => respawn::reopen(ctx, &id, reason.as_deref()),
        Command::Respawn { id, force, .. } => respawn::run(ctx, &id, force),
        Command::Error { task, error, approach, resolution, resolve, dry_run } => {
            let record = error::Record { error, approach, resolution };
            error::run(ctx, &task, record, resolve.as_deref(), dry_run)
        }
        Command::Decide { text, why, dry_run } => decide::run(ctx, &text, &why, dry_run),
        Command::Reboot { budget } => reboot::run(ctx, budget),
        Command::Check { paths, format } => check::run(ctx, &paths, format),
        Command::Waves => waves::run(ctx),
        Command::List { dir, all } => list::run(ctx, dir.as_deref(), all),
        Command::Doctor => doctor::run(ctx),
        Command::Hook { host, event, .. } => {
            hook::run(ctx, host.as_deref(), event.as_deref().unwrap_or_default())
        }
        Command::MergeDriver { base, ours, theirs, marker_size, path } => {
            merge_driver::run(ctx, &base, &ours, &theirs, marker_size, path.as_deref())
                .map_err(|e| crate::Error::Driver(Box::new(e)))
        }
        Command::Watch => watch::run(ctx, stream),
        Command::Report { output, .. } => report::run(ctx, output.as_deref()),
        Command::GitSetup { global, dry_run } => git_setup::run(ctx, global, dry_run),
        Command::Setup { host, dry_run } => setup::run(ctx, &host, dry_run),
        Command::Files { batches } => files::files(ctx, batches),
        Command::Passes { batches } => files::passes(ctx, batches),
        Command::Gate { group, timeout, reset, command } => {
            gate::run(ctx, &command, group.as_deref(), timeout, reset, stream)
        }
        Command::Completions { shell } => completions::run(shell),
        Command::Demo { dir, agents } => demo::run(ctx, dir, agents, stream),
        Command::Checkpoint { text, agent, files } => checkpoint::run(ctx, &text, agent.as_deref(), &files),
        Command::RestartContext { agent } => restart_context::run(ctx, agent.as_deref()),
        Command::Merge { group, partial, strict, dry_run } => {
            merge::run(ctx, crate::protocol::merge::Options { group, partial, strict, dry_run })
        }
    }
}

/// Any command that finds a merge journal rolls it forward first (a crashed merge finishes
/// before anything else reads the plan). Without a journal this costs one `stat`.
fn finish_interrupted_merge(ctx: &Context) -> Result<()> {
    let Ok(store) = ctx.store() else { return Ok(()) };
    if !store.path(store::STATE_DIR).join(crate::protocol::merge::JOURNAL).exists() {
        return Ok(());
    }
    let lock = store.lock()?;
    crate::protocol::merge::roll_forward(&store, &lock)?;
    Ok(())
}

/// Text from an argument, or from stdin when it is `-` (agents' shells mangle quoting).
pub(crate) fn text_arg(arg: &str) -> Result<String> {
    let text = if arg == "-" {
        let mut s = String::new();
        std::io::Read::read_to_string(&mut std::io::stdin().lock(), &mut s)
            .map_err(|e| crate::Error::io("read", "<stdin>", e))?;
        s
    } else {
        arg.to_string()
    };
    if text.trim().is_empty() {
        return Err(crate::Error::Usage {
            message: "the text is empty".into(),
            hint: "pass the text, or `-` to read it from stdin",
        });
    }
    Ok(text)
}

/// A unified diff of one file, for `--dry-run`.
pub(crate) fn unified_diff(name: &str, before: &str, after: &str) -> String {
    similar::TextDiff::from_lines(before, after)
        .unified_diff()
        .context_radius(2)
        .header(&format!("a/{name}"), &format!("b/{name}"))
        .to_string()
}
