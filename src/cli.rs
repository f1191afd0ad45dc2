//! The argument layer: the whole command surface (clap derive); doc comments are the help text.
//!
//! It sits just below the commands: `main` parses with it and [`crate::commands`] reads what it
//! parsed. It may use any layer below the commands (today it needs none: values such as
//! [`CheckFormat`] are plain argument types), and only the commands and `main` use it.

use std::path::PathBuf;

use clap::{Parser, Subcommand};

mod help;

const AFTER_HELP: &str = "\
`pplan <COMMAND> --help` is the reference for each command, with examples.

Exit codes:
  0  ok
  1  check/reboot found problems, a write could not be verified, or `merge --strict` found no evidence
  2  usage or invalid input (nothing written)
  3  escalate to the user (third strike)
  4  busy: a lock is held, or a file changed under us (nothing written)
  5  not ready: agents not complete, or a wait timed out
  130  interrupted (Ctrl-C during `wait`)

Environment:
  PPLAN_DIR              plan directory when -C is not given
  PLAN_ID                which named plan (.planning/<PLAN_ID>/) to use
  PWF_PLAN_ROOT          the project root whose plan or .planning/ to use
  PPLAN_LOCK_TIMEOUT_MS  how long to wait for the plan lock (default 10000)
  PPLAN_MAX_FILE_BYTES   largest plan file read (default 67108864)";

/// Exact, atomic, token-cheap commands for filesystem-as-memory planning with parallel agents.
#[derive(Debug, Parser)]
#[command(name = "pplan", version, after_help = AFTER_HELP, max_term_width = 100)]
pub struct Cli {
    /// Plan directory, or its task_plan.md [default: $PPLAN_DIR, else found from the current
    /// directory upward, like git]
    #[arg(short = 'C', long = "plan", value_name = "DIR", global = true)]
    pub dir: Option<PathBuf>,

    /// Print versioned JSON instead of text (errors too, on stderr)
    #[arg(long, global = true)]
    pub json: bool,

    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// See the whole protocol run: a plan, parallel sub-agent processes, a hand-off, three-strike
    /// errors, wait, merge, two groups, status and reboot, in a scratch directory
    #[command(after_long_help = help::DEMO)]
    Demo {
        /// Where to run it (kept afterwards) [default: a new directory under the temp dir]
        #[arg(long, value_name = "DIR")]
        dir: Option<PathBuf>,
        /// Sub-agents in the first group (3-6: one hands off, one hits two strikes)
        #[arg(long, value_name = "N", default_value_t = 3, value_parser = clap::value_parser!(u8).range(3..=6))]
        agents: u8,
    },

    /// Start a plan: task_plan.md, findings.md, progress.md and .pplan/ (never overwrites)
    #[command(after_long_help = help::INIT)]
    Init {
        /// Start a named plan in `.planning/<NAME>/` at the project root (planning-with-files'
        /// layout) and make it the active one (`.planning/.active_plan`)
        #[arg(long, value_name = "NAME")]
        name: Option<String>,
        /// The plan's title
        #[arg(long)]
        title: Option<String>,
        /// One sentence: what done looks like
        #[arg(long)]
        goal: Option<String>,
        /// Show what would be created, write nothing
        #[arg(long)]
        dry_run: bool,
    },

    /// Where the plan stands: groups, progress, tasks in progress, next ready tasks, warnings
    #[command(after_long_help = help::STATUS)]
    Status {
        /// The plan: a directory or its task_plan.md, as `-C` takes it (`pplan status docs`)
        #[arg(value_name = "PLAN")]
        plan: Option<PathBuf>,
        /// For each group (or just GROUP): the line it was read from, and the line and token its
        /// status came from, or how many tasks it was derived from
        #[arg(long, value_name = "GROUP", allow_negative_numbers = true, num_args = 0..=1, default_missing_value = "")]
        explain: Option<String>,
    },

    /// Everything about one task (text, group, status, dependencies and dependents, its agent,
    /// errors, decisions) or one group (status, gate, tasks, agents), in under 25 lines
    #[command(after_long_help = help::SHOW)]
    Show {
        /// A task id, or a group (`2`, `Phase 2`)
        #[arg(value_name = "TASK-ID|GROUP")]
        target: String,
    },

    /// The next ready task, one line: pending, its dependencies done, nobody on it (exit 5 when
    /// none is ready yet); `--claim` takes it for a session
    #[command(after_long_help = help::NEXT)]
    Next {
        /// Take it: mark it in progress and write the claim on its line, under the lock (a
        /// claimant's own unfinished claim is renewed instead: run it again as a heartbeat)
        #[arg(long, requires = "claim_as")]
        claim: bool,
        /// Who claims it (1-64 of A-Z a-z 0-9 . _ @ -)
        #[arg(long = "as", value_name = "NAME", requires = "claim")]
        claim_as: Option<String>,
        /// When nothing is ready, take over the claim idle longest past `stall_minutes`
        #[arg(long, requires = "claim")]
        steal: bool,
    },

    /// Change one task's or group's status in place, in the style the file already uses
    #[command(
        override_usage = "pplan set <TASK> <STATE>\n       pplan set --group <GROUP> <STATE>\n       pplan set --text <SUBSTRING> <STATE>",
        after_long_help = help::SET,
    )]
    Set {
        /// The task (its id, its position `2.3` = group 2's third task, or a unique piece of its
        /// text), then the state (pending, in_progress, complete, blocked, skipped)
        #[arg(value_name = "ARGS", num_args = 1..=2, required = true)]
        args: Vec<String>,
        /// Set a group's status instead of a task's
        #[arg(long, value_name = "GROUP", allow_negative_numbers = true, conflicts_with = "text")]
        group: Option<String>,
        /// Pick the one task whose text contains this (for tasks without ids)
        #[arg(long, value_name = "SUBSTRING")]
        text: Option<String>,
        /// Print the unified diff, write nothing
        #[arg(long)]
        dry_run: bool,
    },

    /// Add a task in the plan's own style (a group with --group-title; an outline from stdin with
    /// `-`). Without --group: a group held by a red gate, else the current group if not started,
    /// else the next pending one
    #[command(
        override_usage = "pplan add \"<TEXT>\" [--group G] [--id ID] [--depends A,B] [--files F,G] [--after TASK-ID]\n       pplan add --group-title \"<TITLE>\" [--after GROUP]\n       pplan add - < outline.json"
    )]
    #[command(after_long_help = help::ADD)]
    Add {
        /// The task's text, or `-` to read a JSON outline from stdin (see docs/CLI.md)
        #[arg(value_name = "TEXT", required_unless_present = "group_title", conflicts_with = "group_title")]
        text: Option<String>,
        /// The group to add it to
        #[arg(long, value_name = "GROUP", allow_negative_numbers = true)]
        group: Option<String>,
        /// Its id [default: the group's id scheme continued]
        #[arg(long, value_name = "ID")]
        id: Option<String>,
        /// Tasks it depends on
        #[arg(long, value_name = "A,B", value_delimiter = ',')]
        depends: Vec<String>,
        /// Files it will touch, written as `(files: …)`
        #[arg(long, value_name = "F,G", value_delimiter = ',')]
        files: Vec<String>,
        /// Add it after this task (with --group-title: after this group)
        #[arg(long, value_name = "ID")]
        after: Option<String>,
        /// Add a group with this title instead of a task
        #[arg(long, value_name = "TITLE", conflicts_with_all = ["group", "depends", "files"])]
        group_title: Option<String>,
        /// Print the unified diff, write nothing
        #[arg(long)]
        dry_run: bool,
    },

    /// Change a task in place: move it to another group, set or clear its dependencies, reword it
    #[command(
        override_usage = "pplan edit <TASK-ID> [--group G] [--depends A,B | --no-depends] [--text \"<TEXT>\"]"
    )]
    #[command(after_long_help = help::EDIT)]
    Edit {
        /// The task's id
        #[arg(value_name = "TASK-ID")]
        id: String,
        /// Move it to the end of this group
        #[arg(long, value_name = "GROUP", allow_negative_numbers = true)]
        group: Option<String>,
        /// Replace its dependencies
        #[arg(long, value_name = "A,B", value_delimiter = ',', conflicts_with = "no_depends")]
        depends: Vec<String>,
        /// Remove its dependencies
        #[arg(long)]
        no_depends: bool,
        /// Replace its text (annotations and id stay)
        #[arg(long, value_name = "TEXT")]
        text: Option<String>,
        /// Print the unified diff, write nothing
        #[arg(long)]
        dry_run: bool,
    },

    /// Remove a task that was never started (refused when it has an agent or error rows, or
    /// another task depends on it, unless --force)
    #[command(after_long_help = help::REMOVE)]
    Remove {
        /// The task's id
        #[arg(value_name = "TASK-ID")]
        id: String,
        /// Remove it even if it started, has agent files or error rows
        #[arg(long)]
        force: bool,
        /// Print the unified diff, write nothing
        #[arg(long)]
        dry_run: bool,
    },

    /// Start sub-agents: create their files, mark their tasks in progress, print their briefs
    #[command(after_long_help = help::SPAWN)]
    Spawn {
        /// Task ids [default: the ready pending tasks of the current group]
        #[arg(value_name = "TASK-ID")]
        ids: Vec<String>,
        /// Spawn the ready tasks of this group instead of the current one
        #[arg(long, value_name = "GROUP", allow_negative_numbers = true, conflicts_with = "ids")]
        group: Option<String>,
        /// Spawn again over existing agent files: their content is kept, the marker is reset to
        /// IN_PROGRESS and the restart count to 0
        #[arg(long)]
        force: bool,
        /// Print what would happen, write nothing
        #[arg(long)]
        dry_run: bool,
    },

    /// (Sub-agent) Append a timestamped finding to findings_<ID>.md
    #[command(after_long_help = help::NOTE)]
    Note {
        /// The agent's task id
        #[arg(long, value_name = "ID")]
        agent: String,
        /// The finding; `-` reads it from stdin
        text: String,
    },

    /// (Sub-agent) Append a timestamped entry to progress_<ID>.md, above its status marker
    #[command(after_long_help = help::LOG)]
    Log {
        /// The agent's task id
        #[arg(long, value_name = "ID")]
        agent: String,
        /// What was done; `-` reads it from stdin
        #[arg(required_unless_present = "failed")]
        text: Option<String>,
        /// Files created or modified, comma-separated
        #[arg(long, value_name = "FILES", value_delimiter = ',')]
        files: Vec<String>,
        /// A failed approach, `"<approach>: <error>"`: `wait` and `merge` make it a strike of the
        /// task (once)
        #[arg(long, value_name = "TEXT", conflicts_with = "text")]
        failed: Option<String>,
    },

    /// (Sub-agent) Propose follow-up work: a task in the `## Proposed` section of
    /// findings_<ID>.md, never the plan; `merge` folds it into the plan, marked `(from: ID)`
    #[command(after_long_help = help::PROPOSE)]
    Propose {
        /// The agent's task id
        #[arg(long, value_name = "ID")]
        agent: String,
        /// The task's text; `-` reads it from stdin
        text: String,
        /// Tasks it depends on, comma-separated (they must be in the plan)
        #[arg(long, value_name = "IDS", value_delimiter = ',')]
        depends: Vec<String>,
    },

    /// (Sub-agent) Set the status marker: IN_PROGRESS, COMPLETE, BLOCKED, CONTINUATION_REQUIRED
    #[command(after_long_help = help::MARK)]
    Mark {
        /// The agent's task id
        #[arg(long, value_name = "ID")]
        agent: String,
        /// The new state
        state: String,
        /// Where a fresh agent should resume (required with CONTINUATION_REQUIRED)
        #[arg(long, value_name = "TEXT")]
        resume_from: Option<String>,
        /// Why the agent is blocked
        #[arg(long, value_name = "TEXT")]
        reason: Option<String>,
    },

    /// One line per agent of a group: state, age, resume point, STALLED, MISSING
    #[command(after_long_help = help::POLL)]
    Poll {
        /// The group [default: the current one]
        #[arg(long, value_name = "GROUP", allow_negative_numbers = true)]
        group: Option<String>,
    },

    /// Block until every agent of a group has stopped; exit 0 if all COMPLETE, else 5
    #[command(after_long_help = help::WAIT)]
    Wait {
        /// The group [default: the current one]
        #[arg(long, value_name = "GROUP", allow_negative_numbers = true)]
        group: Option<String>,
        /// Give up after this many seconds (exit 5)
        #[arg(long, value_name = "SECS")]
        timeout: Option<f64>,
    },

    /// Record a task's failed approach, a strike under the 3-strike rule (exit 3 on the third)
    #[command(
        override_usage = "pplan error <TASK> --error <TEXT> --approach <TEXT> [--resolution <TEXT>]\n       pplan error <TASK> --resolve <TEXT>",
        after_long_help = help::ERROR,
    )]
    Error {
        /// The task that failed (id, position `2.3` or a piece of its text)
        #[arg(value_name = "TASK")]
        task: String,
        /// What went wrong
        #[arg(long, value_name = "TEXT", required_unless_present = "resolve")]
        error: Option<String>,
        /// What was tried (an approach that already failed for this task is refused)
        #[arg(long, value_name = "TEXT", required_unless_present = "resolve")]
        approach: Option<String>,
        /// How it was resolved, if it was
        #[arg(long, value_name = "TEXT", conflicts_with = "resolve")]
        resolution: Option<String>,
        /// Fill the resolution of the task's latest error row instead
        #[arg(long, value_name = "TEXT", conflicts_with_all = ["error", "approach"])]
        resolve: Option<String>,
        /// Print the unified diff, write nothing
        #[arg(long)]
        dry_run: bool,
    },

    /// Record a decision and its rationale in `## Decisions Made`
    #[command(after_long_help = help::DECIDE)]
    Decide {
        /// The decision
        text: String,
        /// Why
        #[arg(long, value_name = "TEXT")]
        why: String,
        /// Print the unified diff, write nothing
        #[arg(long)]
        dry_run: bool,
    },

    /// Answer the five reboot questions (and what comes next) from the files; exit 1 names
    /// every question they cannot answer
    #[command(after_long_help = help::REBOOT)]
    Reboot {
        /// Keep the text within about this many bytes
        #[arg(long, value_name = "BYTES", default_value_t = 2048)]
        budget: usize,
    },

    /// Append a timestamped entry to progress.md (or, with --agent, the agent's progress file)
    #[command(after_long_help = help::CHECKPOINT)]
    Checkpoint {
        /// The entry; `-` reads it from stdin
        text: String,
        /// Write to this agent's progress file
        #[arg(long, value_name = "ID")]
        agent: Option<String>,
        /// Files created or modified, comma-separated
        #[arg(long, value_name = "FILES", value_delimiter = ',')]
        files: Vec<String>,
    },

    /// The restart prompt for a fresh session (or agent) after a context reset
    #[command(after_long_help = help::RESTART_CONTEXT)]
    RestartContext {
        /// For this agent
        #[arg(long, value_name = "ID")]
        agent: Option<String>,
    },

    /// Check plan files for problems (pre-commit, CI): `path:line:col: error[rule]: message`
    #[command(after_long_help = help::CHECK)]
    Check {
        /// Plan directories, plan files or trees to search [default: the plan directory]
        #[arg(value_name = "PATH")]
        paths: Vec<PathBuf>,
        /// Output format
        #[arg(long, value_enum, default_value = "text")]
        format: CheckFormat,
    },

    /// Dependency waves: what can run in parallel, and where the groups disagree
    #[command(after_long_help = help::WAVES)]
    Waves,

    /// The plans in a tree that are not complete
    #[command(after_long_help = help::LIST)]
    List {
        /// Where to look [default: the plan directory or the current one]
        #[arg(value_name = "DIR")]
        dir: Option<PathBuf>,
        /// Complete plans too
        #[arg(long)]
        all: bool,
    },

    /// Check the setup: plan files, journal, temp files, lock, agents, and `pplan check`
    #[command(after_long_help = help::DOCTOR)]
    Doctor,

    /// Agent-host hook: reads the payload on stdin, answers in the host's format
    #[command(after_long_help = help::HOOK)]
    Hook {
        /// The host whose format to answer in: claude (default), codex, gemini, copilot, cursor
        #[arg(long, value_name = "HOST", num_args = 0..=1, default_missing_value = "")]
        host: Option<String>,
        /// The hook event (an unknown or missing one is silence)
        event: Option<String>,
        /// Ignored: a hook never fails on its arguments
        #[arg(hide = true, num_args = 0.., allow_hyphen_values = true)]
        rest: Vec<String>,
    },

    /// Wire an agent host to pplan in this project: its hooks, the Agent Skill, the slash
    /// commands; only what is missing (a second run changes nothing)
    #[command(after_long_help = help::SETUP)]
    Setup {
        /// claude, codex, gemini, copilot, cursor or opencode
        #[arg(long, value_name = "HOST", required = true)]
        host: String,
        /// Print what would change, write nothing
        #[arg(long)]
        dry_run: bool,
    },

    /// Run a quality gate (tests, lint, build) for a group: transient failures retried with
    /// backoff, real failures recorded as strikes
    #[command(
        override_usage = "pplan gate [--group <GROUP>] [--timeout <SECS>] -- <COMMAND>...\n       pplan gate --reset",
        after_long_help = help::GATE,
    )]
    Gate {
        /// The group [default: the current one]
        #[arg(long, value_name = "GROUP", allow_negative_numbers = true)]
        group: Option<String>,
        /// Kill the command (and everything it started) after this many seconds
        #[arg(long, value_name = "SECS")]
        timeout: Option<f64>,
        /// Close the circuit breaker after an outage
        #[arg(long, conflicts_with = "command")]
        reset: bool,
        /// The command and its arguments, after `--`
        #[arg(last = true, value_name = "COMMAND")]
        command: Vec<String>,
    },

    /// Merge one plan file for git, semantically (git runs `pplan merge-driver %O %A %B %L %P`):
    /// the result goes into OURS; exit 0 clean, 1 conflict markers left, above 1 an error
    #[command(name = "merge-driver", after_long_help = help::MERGE_DRIVER)]
    MergeDriver {
        /// The common ancestor's version (%O)
        base: PathBuf,
        /// Our version (%A), replaced by the result
        ours: PathBuf,
        /// Their version (%B)
        theirs: PathBuf,
        /// Conflict marker size (%L)
        #[arg(default_value_t = 7)]
        marker_size: usize,
        /// The file's path in the repository (%P): task_plan.md, findings.md, progress.md and
        /// agent files merge semantically, anything else as plain text
        path: Option<String>,
    },

    /// Opt in to the git merge driver for plan files: `.gitattributes` lines and `merge.pplan.*`
    /// git config (idempotent)
    #[command(name = "git-setup", after_long_help = help::GIT_SETUP)]
    GitSetup {
        /// For every repository of this user: the global attributes file and `git config --global`
        #[arg(long)]
        global: bool,
        /// Show what would change, write nothing
        #[arg(long)]
        dry_run: bool,
    },

    /// A live view for a person: goal, groups with bars, the current group's agents, latest
    /// errors, next step; redrawn as the files change (one line per change when not a terminal)
    #[command(after_long_help = help::WATCH)]
    Watch,

    /// One self-contained HTML page of the plan: progress, groups, tasks, dependency waves,
    /// agents, errors, decisions, and findings.md / progress.md rendered (no scripts, nothing remote)
    #[command(after_long_help = help::REPORT)]
    Report {
        /// Write HTML (the one format so far)
        #[arg(long, required = true)]
        html: bool,
        /// Write the page to FILE [default: stdout]
        #[arg(short = 'o', long = "output", value_name = "FILE")]
        output: Option<PathBuf>,
    },

    /// The files the progress logs record as created or modified, in batches balanced by lines
    #[command(after_long_help = help::FILES)]
    Files {
        /// How many batches
        #[arg(long, value_name = "N", default_value_t = 5)]
        batches: usize,
    },

    /// Briefs for the final simplification and review agents, one per batch of files
    #[command(after_long_help = help::PASSES)]
    Passes {
        /// How many batches
        #[arg(long, value_name = "N", default_value_t = 5)]
        batches: usize,
    },

    /// Merge a group's COMPLETE agents into findings.md and progress.md, exactly once, and
    /// advance the plan
    #[command(after_long_help = help::MERGE)]
    Merge {
        /// The group [default: the current one]
        #[arg(long, value_name = "GROUP", allow_negative_numbers = true)]
        group: Option<String>,
        /// Merge the COMPLETE agents and leave the others running
        #[arg(long)]
        partial: bool,
        /// An agent COMPLETE with empty files is an error (nothing merged), not a warning
        #[arg(long)]
        strict: bool,
        /// Print the diff of every file it would change, write nothing
        #[arg(long)]
        dry_run: bool,
    },

    /// Print a shell completion script: `pplan completions bash > /etc/bash_completion.d/pplan`
    #[command(after_long_help = help::COMPLETIONS)]
    Completions {
        /// The shell
        #[arg(value_enum)]
        shell: Shell,
    },

    /// Continue an agent that handed off (CONTINUATION_REQUIRED): its continuation brief
    #[command(after_long_help = help::RESPAWN)]
    Respawn {
        /// The agent's task id
        id: String,
        /// Also respawn a BLOCKED agent
        #[arg(long)]
        force: bool,
        /// Reopen a COMPLETE agent: not merged yet (its files kept, counted as a restart), or
        /// merged (its task back in progress, fresh files); the brief names why (the reason given,
        /// or the group's failing gate)
        #[arg(long, conflicts_with = "force")]
        reopen: bool,
        /// With --reopen: what does not hold (it goes into the brief and the agent's log)
        #[arg(long, value_name = "TEXT", requires = "reopen")]
        reason: Option<String>,
    },
}

/// `pplan completions`: the shells a script is printed for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Shell {
    Bash,
    Zsh,
    Fish,
    Powershell,
}

/// `pplan check --format`: how diagnostics are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum CheckFormat {
    Text,
    Json,
    Github,
}
