//! The long help of each command: what `pplan <command> --help` prints after the options. It is
//! the reference for the command (docs/CLI.md holds only what is shared by all of them).
//!
//! One constant per command, named after it, used as its `after_long_help` in `cli.rs` (`-h`
//! stays short). Each reads: what the command does, `Output:` (text, then `--json` briefly),
//! `Exit codes:` specific to it, and `Examples:` last. Keep each command's whole `--help` under
//! 3 KB (tests/it/help.rs checks it).
//!
//! The examples are run by tests/it/help.rs, in order, in a fresh copy of a fixed plan (the
//! `Shop` plan in that file: group 1 `BE-001`, `FE-001`; group 2 `INT-001`, which depends on
//! both), and must print what they show. The convention, per block (blocks are separated by a
//! blank line, every line indented two spaces):
//!
//! - a block whose first line is `$ pplan …` is run: each `$ ` line is a command (split like a
//!   shell, with quotes; no pipes, no redirection, stdin empty); the lines after it are its
//!   stdout then stderr, exactly, except that a line `...` stands for any number of lines, a
//!   line ending in `...` for any line that starts with what comes before, and a last line
//!   `[exit N]` gives the exit code (0 when absent); the plan directory prints as
//!   `/path/to/plan`;
//! - a block whose first line starts with `# ` is shown and not run (a command that needs a
//!   terminal, a host's payload or a network).

pub const DEMO: &str = "\
Writes a plan in a scratch directory and runs the whole protocol against it with real sub-agent
processes, printing each step: spawn, notes and logs, a hand-off and respawn, two strikes, wait,
merge, the second group, status and reboot. It never touches the current directory. Takes about
10 s.

Output: the steps as they run, then the directory it used. `--json` does not apply. `-C DIR`
(before the command) works as `--dir`.

Examples:
  # pplan demo
  # pplan demo --agents 5 --dir /tmp/pplan-demo";

pub const INIT: &str = "\
Creates task_plan.md, findings.md and progress.md from the built-in templates, and .pplan/ (with
a `.gitignore` of `*`). Never overwrites: if any of the three exists (file, directory or
symlink), nothing is written. The title defaults to the directory's name; title and goal are
folded to one line. `--name NAME` starts `.planning/NAME/` at the project root
(planning-with-files' layout) and writes NAME to `.planning/.active_plan`.

Output: `created task_plan.md, findings.md, progress.md and .pplan/` (`would create …` with
--dry-run). --json: kind `init`, the files in `created`.

Exit codes: 2 a plan file exists already, or the directory does not exist; 4 busy.

Examples:
  $ pplan -C new init --dry-run
  error: `new` is not a regular file
  [exit 2]

  $ pplan init
  error: `./task_plan.md` already exists
  [exit 2]

  $ pplan --json init --name docs --title Docs --goal \"Publish the API docs.\"
  {\"schema_version\":1,\"kind\":\"init\",\"created\":[\"task_plan.md\",\"findings.md\",\"progress.md\"],\"dry_run\":false,\"plan_dir\":\".planning/docs\"}";

pub const STATUS: &str = "\
Where the plan stands, in about 20 lines whatever its size; read-only (no lock). Progress is
complete and skipped tasks over all tasks. The current group is derived: the first group neither
complete nor skipped (`(stated K)` when `## Current Group` names another; `(all done)`, `(no
groups)`). Next tasks are the current group's pending tasks whose `(depends: …)` are all done
(when `## Current Group` names a finished group, the first ready ones from there on). A mark
pplan does not know (`[?]`) is a task of unknown status, named in a warning. PLAN, a directory
or its task_plan.md, reads that plan as `-C` does. More than 8 groups are windowed around the current one; lists show 3 then `… and N more`.

Output lines: plan, goal, progress, current, groups (`>` marks the current one; key, status,
done/total, title), in progress, next, then up to 3 `warning:` lines (a group marked complete
with open tasks, a duplicate id, a stale `## Current Group`…). --json: kind `plan-status`, never
cut; `--explain` (kind `plan-explain`) shows the line each group and its status were read from.

Exit codes: 2 no plan, or a plan file that is not UTF-8, binary, empty or too large.

Examples:
  $ pplan status
  plan: Shop
  goal: Ship a checkout API and a cart page.
  progress: 0% (0 of 3 tasks done, 2 groups, 0 error rows)
  current: 1
  groups:
  > 1  pending      0/2  Backend and frontend
    2  pending      0/1  Integration
  in progress: -
  next: BE-001 Build the payment endpoints · FE-001 Build the cart page

  $ pplan status --explain 2
  group 2 (pending), line 19: ### Group 2: Integration
    status: line 20, label `pending` (pending): - **Status:** pending";

pub const SET: &str = "\
Changes exactly one task's or group's status in task_plan.md, in place, in the style the file
already uses (`[x]`, `✅`, `**Status:** done`…; see docs/FORMAT.md). STATE is pending,
in_progress, complete, blocked or skipped, or a spelling FORMAT.md lists (done, wip, ✅…). TASK
is an id (exact, else case-insensitive; one used twice is refused), a position `G.N` (group G's
N-th task), or a unique piece of the task's text (case-insensitive; several are refused with
their lines). `--group` takes a key or id (`Phase 2` means `2`). A group's status is set
wherever the group states it; a status line in words pplan does not know has its leading words
replaced; none gets a line with the file's label. A group set complete with open tasks warns. A state already in place writes nothing.
Every write: plan lock, re-read, surgical edit, verify, atomic replace.

Output: `ID: FROM → TO`, or `ID: STATE (unchanged)`, then any `warning:`; --dry-run prints the
unified diff. --json: kind `set` (`changed`, `diff` under --dry-run, `warning`).

Exit codes: 2 unknown task, group or state, ambiguous id or text; 4 busy or the file changed
under us; 1 the edit could not be verified. Nothing is written on any error.

Examples:
  $ pplan set BE-001 done --dry-run
  --- a/task_plan.md
  +++ b/task_plan.md
  @@ -14,5 +14,5 @@
   ### Group 1: Backend and frontend
   - **Status:** pending
  -- [ ] BE-001: Build the payment endpoints
  +- [x] BE-001: Build the payment endpoints
   - [ ] FE-001: Build the cart page
   

  $ pplan set --group 2 in_progress
  group 2: pending → in_progress

  $ pplan set FE-01 done
  error: no task `FE-01`
  hint: did you mean `FE-001`, `BE-001`?
  [exit 2]";

pub const SPAWN: &str = "\
Starts sub-agents, under the plan lock: creates findings_ID.md and progress_ID.md (marker
IN_PROGRESS), sets their tasks in_progress, records them in .pplan/agents.json, and prints their
brief. Without ids: the ready pending tasks of the current group (or --group). Tasks without a
usable id are listed as skipped. Existing agent files are refused unless --force, which keeps
their content, resets the marker to IN_PROGRESS and the restart count to 0. pplan starts no
process: hand each agent its line and the rules, with <ID> replaced.

Output: the shared rules once (plan dir, files to read, the exact note/log/mark commands), one
line per agent `- ID: task (group K, attempt N)`, then `spawned IDS in group K`; `nothing to
spawn in group K: …` (exit 0) when nothing is ready. --json: kind `spawn`, a whole brief per
agent.

Exit codes: 2 unknown or complete task, agent files exist, unsafe id; 4 busy.

Examples:
  $ pplan spawn --dry-run
  --- a/task_plan.md
  +++ b/task_plan.md
  @@ -8,12 +8,12 @@
   
   ## Next Step
  -Spawn group 1.
  +Wait for group 1 (BE-001, FE-001), then merge it.
   
   ## Groups
   
   ### Group 1: Backend and frontend
  -- **Status:** pending
  -- [ ] BE-001: Build the payment endpoints
  -- [ ] FE-001: Build the cart page
  +- **Status:** in_progress
  +- [~] BE-001: Build the payment endpoints
  +- [~] FE-001: Build the cart page
   
   ### Group 2: Integration
  would create findings_BE-001.md and progress_BE-001.md
  would create findings_FE-001.md and progress_FE-001.md

  $ pplan spawn BE-001
  Brief for each sub-agent: its line below, then these rules with <ID> as its id.
  Plan dir: /path/to/plan (run pplan there). Read task_plan.md, findings.md, progress.md; never edit them. Write only through pplan (text `-` = stdin):
  ...
  - BE-001: Build the payment endpoints (group 1)
  spawned BE-001 in group 1";

pub const NOTE: &str = "\
(Sub-agent.) Appends `### <UTC time>` and the text to findings_ID.md, the agent's own file (made
by `spawn`). TEXT `-` reads it from stdin (multi-line text, or quotes the shell would mangle); a
text starting with `-` goes after `--`. Takes the agent's lock, not the plan lock.

Output: `noted in findings_ID.md`. --json: kind `note`.

Exit codes: 2 no such agent (no files), unsafe id; 4 the agent's lock is held.

Examples:
  $ pplan spawn BE-001
  ...

  $ pplan note --agent BE-001 \"Stripe needs a webhook secret\"
  noted in findings_BE-001.md

  $ pplan note --agent XX-9 \"lost\"
  error: no agent files for `XX-9`
  hint: spawn it first: `pplan spawn XX-9`
  [exit 2]";

pub const LOG: &str = "\
(Sub-agent.) Appends `### <UTC time>`, the text and, with --files, a `Files: a, b` line to
progress_ID.md, right above its status marker so the marker stays last. `files` and `passes`
read those lines. TEXT `-` reads stdin. Takes the agent's lock. `--failed \"<approach>: <error>\"`
logs a failed approach instead (`Failed approach:` / `Error:`), which `wait`, `merge` and
`respawn` record as a strike row of the task, once; never repeat it.

Output: `logged in progress_ID.md`. --json: kind `log`.

Exit codes: 2 no such agent, unsafe id; 4 the agent's lock is held.

Examples:
  $ pplan spawn BE-001
  ...

  $ pplan log --agent BE-001 \"built POST /pay\" --files src/pay.rs,tests/pay.rs
  logged in progress_BE-001.md";

pub const MARK: &str = "\
(Sub-agent.) Sets the status marker at the end of progress_ID.md, and nothing else (the
orchestrator runs `set`). STATE is IN_PROGRESS, COMPLETE, BLOCKED or CONTINUATION_REQUIRED, any
case, `-` or space for `_`. CONTINUATION_REQUIRED needs --resume-from (where a fresh agent goes
on); --reason says why BLOCKED. Only the marker block (`---`, `ORCHESTRATOR STATUS: X`,
`RESUME_FROM:`, `REASON:`) is replaced; it is read in the file's last 8 KB. With `agent_gate:`
in pplan.yaml, COMPLETE runs that command first (no lock held): a failure keeps the marker,
exits 1, tells the agent what failed and logs it in progress_ID.md (a strike at the next wait).

Output: `ID: FROM → TO` (`(no marker)` as FROM when there was none). --json: kind `mark`.

Exit codes: 1 the agent gate failed; 2 unknown state, no such agent, CONTINUATION_REQUIRED
without --resume-from; 4 the agent's lock is held.

Examples:
  $ pplan spawn BE-001
  ...

  $ pplan mark --agent BE-001 CONTINUATION_REQUIRED --resume-from \"the refund endpoint\"
  BE-001: IN_PROGRESS → CONTINUATION_REQUIRED

  $ pplan mark --agent BE-001 done
  error: unknown agent state `done`
  hint: usage: IN_PROGRESS | COMPLETE | BLOCKED | CONTINUATION_REQUIRED
  [exit 2]";

pub const POLL: &str = "\
One line per agent of the current group (or --group; the whole plan when it has no groups),
read-only: state, age of its last write, resume point or reason. It reads only the last 8 KB of
each progress_ID.md. An IN_PROGRESS agent whose files have not changed for `stall_minutes`
(pplan.yaml, default 15) is STALLED; MISSING means no progress file, NO_MARKER no marker.

Output: the agent lines, then `group K: N agents: …` counted by state; `no agents in group K`
when none. --json: kind `poll`.

Exit codes: 0 whatever the states; 2 unknown group, invalid pplan.yaml.

Examples:
  $ pplan spawn
  ...

  $ pplan mark --agent BE-001 COMPLETE
  BE-001: IN_PROGRESS → COMPLETE

  $ pplan poll
  BE-001  COMPLETE   ...
  FE-001  IN_PROGRESS   ...
  group 1: 2 agents: 1 COMPLETE, 1 IN_PROGRESS";

pub const WAIT: &str = "\
Blocks until every agent of the current group (or --group) has stopped, that is reads COMPLETE,
BLOCKED or CONTINUATION_REQUIRED, looking every 250 ms without a lock. It prints each change as
it happens (`ID: STATE` at the first look, then `ID: FROM → TO`). Stalled agents keep it
waiting: give --timeout when an agent may never write its marker (0: one look).

Output: the changes, then `all complete: group K: …`, or `stopped: …` / `timed out: …` with a
`not complete:` line. --json: one `transition` object per change, then a `wait` object.

Exit codes: 0 every agent COMPLETE; 5 any other end (an agent BLOCKED or handing off, the
timeout, or no agents at all); 130 Ctrl-C; 2 a bad --timeout.

Examples:
  $ pplan spawn
  ...

  $ pplan mark --agent BE-001 COMPLETE
  BE-001: IN_PROGRESS → COMPLETE

  $ pplan wait --timeout 0
  BE-001: COMPLETE
  timed out: group 1: 2 agents: 1 COMPLETE, 1 IN_PROGRESS
  not complete: FE-001 IN_PROGRESS ...
  [exit 5]";

pub const ERROR: &str = "\
Records a failed attempt at a task as a row of the plan's errors table, under the 3-strike rule:
attempt 1 diagnose and fix, attempt 2 a different approach, attempt 3 a broader rethink, then
the user decides. Attempts are counted from the task's rows each time. An approach that already
failed for the task (ignoring case, spaces, punctuation) is refused. The third failure also sets
the task blocked and, if it has an agent, its marker BLOCKED, and prints the report. `--resolve`
fills the resolution of the task's latest row instead (no strike given back).

Output: `ID: attempt N of 3 recorded; …`, the report on a third strike, `ID: latest error
resolved`. --json: kind `error-recorded` (or `error-resolved`), the report in `report`.

Exit codes: 3 third strike (escalate: stop and ask the user; --dry-run too); 2 a repeated
approach, unknown task, nothing to resolve; 4 busy. If the agent's marker cannot be set after
the row is written, run `pplan mark --agent ID BLOCKED --reason …`.

Examples:
  $ pplan error BE-001 --error \"stripe 401\" --approach \"use the test key\"
  BE-001: strike 1 of 3 recorded; next time, a different approach

  $ pplan error BE-001 --error \"still 401\" --approach \"Use the TEST-key!\"
  error: `BE-001` already failed with this approach (strike 1)
  hint: never repeat a failed action: mutate the approach (different tool, input or method)
  [exit 2]

  $ pplan error BE-001 --error \"still 401\" --approach \"rotate the key\"
  BE-001: strike 2 of 3 recorded; next time, a different approach (the last before escalation)

  $ pplan error BE-001 --error \"timeout\" --approach \"call the API directly\"
  ESCALATE: `BE-001` (Build the payment endpoints) failed 3 times and is now blocked.
  1. approach: use the test key — error: stripe 401
  2. approach: rotate the key — error: still 401
  3. approach: call the API directly — error: timeout
  Ask the user how to proceed: another approach, missing information, or skipping the task.
  [exit 3]";

pub const DECIDE: &str = "\
Records a decision and why in the plan's decisions log: a row of its decisions table (in its
columns; a date column gets today's UTC date), a list item when the section is a list (`- TEXT —
WHY`), an empty row left after the last entry is filled, else a new table, in a new `## Decisions Made` section if
there is none. `|` is written `\\|`.

Output: `decision recorded in task_plan.md`; --dry-run prints the diff. --json: kind `decision`.

Exit codes: 4 busy.

Examples:
  $ pplan decide \"Use Stripe Checkout\" --why \"keeps PCI scope small\" --dry-run
  --- a/task_plan.md
  +++ b/task_plan.md
  @@ -24,4 +24,5 @@
   | Decision | Rationale |
   |----------|-----------|
  +| Use Stripe Checkout | keeps PCI scope small |
   
   ## Errors Encountered";

pub const REBOOT: &str = "\
Answers the five reboot questions from the files, for a fresh session: Where am I? (the current
group, tasks in progress, its agents), Where am I going? (the next group), What's the goal?,
What have I learned? (findings.md's latest entries), What have I done? (counts, groups done,
latest complete, log), and What am I about to do? (`## Next Step`, else the next tasks; spawn
and merge only in a plan with agents). A missing findings.md or progress.md is no gap. Lists are shortened to keep the text within --budget bytes; the cut may take the
`unanswered:` line, never the exit code. An unreadable agents.json or pplan.yaml reads as empty.

Output: the six answers; an `unanswered:` line names every question the files cannot answer.
--json: kind `reboot`, never cut.

Exit codes: 1 some question unanswered (the answers are still printed).

Examples:
  $ pplan reboot
  Where am I? group 1: Backend and frontend (pending, 0/2 done)
  Where am I going? group 2: Integration (pending, 0/1 done)
  What's the goal? Ship a checkout API and a cart page.
  What have I learned? nothing recorded yet
  What have I done? 0/3 tasks done, 0/2 groups done
  What am I about to do? Spawn group 1.";

pub const CHECKPOINT: &str = "\
Appends `### <UTC time>`, the text and, with --files, a `Files: a, b` line to progress.md (the
session log; created from the template when missing), under the plan lock: at the end of its
last `## Session…`/`## … Log` section, else before `## Test Results`, `## Error Log` or `##
5-Question Reboot Check` closing the file, else at the end. With --agent ID it
writes to progress_ID.md exactly as `pplan log --agent ID` does. TEXT `-` reads stdin.

Output: `checkpoint in progress.md`. --json: kind `checkpoint`.

Exit codes: 2 an empty text, no such agent; 4 busy.

Examples:
  $ pplan checkpoint \"paused after group 1\" --files src/pay.rs
  checkpoint in progress.md";

pub const RESTART_CONTEXT: &str = "\
The prompt for a fresh session after a context reset: the restart number, where work stands, the
progress entries logged since the last restart (last 10), the files git sees modified (first 20;
`unknown (WHY)` without git, git killed after 5 s), and the instruction to continue, not redo.
The session's call records `Restart N (new session).` in progress.md; with --agent ID it reads
progress_ID.md and the restart count `respawn` keeps, and writes nothing.

Output: the prompt, to hand to the new session as its first message. --json: kind
`restart-context`.

Exit codes: 2 unsafe agent id; 4 busy.

Examples:
  $ pplan restart-context
  ## Restart context: session, restart 1
  group 1 · no task in progress
  Logged since the last restart (0):
  Files modified: unknown (not a git repository)
  Continue, do not redo: read findings.md and the files above first, pick up where the log ends, and log each step.";

pub const CHECK: &str = "\
Checks plan files for problems, for pre-commit or CI, read-only. A PATH is a plan directory (all
its plan and agent files), a tree (searched for plan directories, skipping .git, target,
node_modules, .pplan), or one plan file. Without PATH: the plan directory, or the tree below it.
A missing path or a tree without plans checks nothing (exit 0); files are read whole and an
unreadable one is skipped. The rules, their ids and severities are in docs/CHECKS.md; `checks:`
in pplan.yaml turns a rule off or changes its severity.

Output: `path:line:col: error|warning[rule]: message` per problem, then `checked N files: E
errors, W warnings` and a line naming the pplan.yaml setting of each rule that reported, sorted
by path, line, column. Without agents, same-group-dependency is a warning. `--format github` prints GitHub Actions
annotations (no summary); `--format json` (or --json) a `check` object.

Exit codes: 0 nothing wrong or only warnings; 1 at least one error.

Examples:
  $ pplan check
  checked 3 files: 0 errors, 0 warnings

  $ pplan set --group 1 complete
  group 1: pending → complete
  warning: 2 of group 1's 2 tasks are open; `pplan check` reports a group marked complete with open tasks (complete-with-open-tasks)

  $ pplan check --format github
  ::warning file=task_plan.md,line=7,col=1,title=current-group::current group 1 is already complete
  ::error file=task_plan.md,line=14,col=1,title=complete-with-open-tasks::group 1 is marked complete but 2 of 2 tasks are open
  [exit 1]";

pub const WAVES: &str = "\
The plan's dependency waves, read-only: wave 1 is every task that depends on nothing, wave N+1
every task whose `(depends: …)` are all in earlier waves, so one wave's tasks could run in
parallel. Every task counts, whatever its status; a dependency naming no task is left out
(`check` reports it). A group spanning waves cannot start all its tasks together: the
`disagrees:` lines name those groups and tasks.

Output: `wave N (count): IDS` lines, the share of tasks in waves wider than one, and
disagreements. --json: kind `waves` (on a cycle: `cycle` filled, exit 1).

Exit codes: 1 the dependencies form a cycle (`A → B → A` named).

Examples:
  $ pplan waves
  wave 1 (2): BE-001, FE-001
  wave 2 (1): INT-001
  parallelism: 67% of 3 tasks in waves wider than one";

pub const LIST: &str = "\
The plans in a tree that are not complete, one line each: every directory at or below DIR
holding a task_plan.md (skipping .git, target, node_modules, .pplan), sorted by path; an
unreadable task_plan.md is left out. A plan is complete (shown only with --all) when all its
tasks are complete or skipped. Read-only.

Output: `PATH  P%  group K  TITLE`, plus stalled agents; `no open plans under DIR` when none.
--json: kind `plan-list`.

Exit codes: 0 whenever it runs.

Examples:
  $ pplan list
  .    0%  group 1  Shop

  $ pplan list nowhere
  no open plans under nowhere";

pub const DOCTOR: &str = "\
Checks the setup of the plan directory, one line per check: the plan directory and how it was
found, task_plan.md, findings.md and progress.md, a leftover merge journal, temp files, the
lock, each agent's files and marker, agent hooks, the git merge driver (in a repository), and
`pplan check`. Read-only; it does not finish an interrupted merge, it reports it.

Output: `PASS|WARN|FAIL  check: detail` lines. --json: kind `doctor`.

Exit codes: 1 a FAIL line (the report is still printed on stdout).

Examples:
  $ pplan doctor
  PASS  plan directory: . (the current directory)
  PASS  task_plan.md: 2 groups, 3 tasks
  PASS  findings.md: readable
  PASS  progress.md: readable
  PASS  merge journal: none
  PASS  temp files: none left behind
  PASS  lock: free
  PASS  agents: no agent files
  WARN  agent hooks: not wired: see docs/INTEGRATION.md (optional)
  PASS  check: 0 errors, 0 warnings (pplan check)";

pub const HOOK: &str = "\
Used by agent hosts (`pplan setup --host …` wires it). Events: session-start (the plan's status
and restart context), user-prompt-submit (a short reminder), post-tool-use (note findings after
every 2 reads), stop (holds a session whose group is unfinished, when pplan.yaml sets `gate:`),
subagent-stop (checks the sub-agent's marker), pre-compact (a checkpoint). It never fails:
anything unexpected, arguments included, is silence and exit 0; PPLAN_DISABLED=1 silences it.
The plan is found from the payload's `cwd` upward, then $CLAUDE_PROJECT_DIR /
$GEMINI_PROJECT_DIR; -C and $PPLAN_DIR pin it; no plan is silence. The answer is the host's JSON
(docs/INTEGRATION.md); --json changes nothing.

Examples:
  # echo '{\"cwd\":\".\"}' | pplan hook session-start
  # pplan hook --host gemini stop";

pub const SETUP: &str = "\
Wires an agent host to pplan in this project: its hook settings (merged into an existing file,
never replacing a hook already there), the Agent Skill and the slash commands, only what is
missing. A second run changes nothing. Details per host: docs/INTEGRATION.md.

Output: `created`/`updated` lines (`would create` plus diffs with --dry-run).

Exit codes: 2 unknown host, or a settings file that is not valid JSON (nothing written).

Examples:
  $ pplan setup --host claude --dry-run
  would create .claude/settings.json
  ...
  note: claude: or install the plugin instead: `/plugin marketplace add <this repository>`";

pub const GATE: &str = "\
Runs the project's tests, linter or build for a group and records the outcome. The command comes
after `--` and runs directly (use `sh -c '…'` for a shell line) in the plan directory, in its
own process group. A failed run whose last lines contain a transient pattern (rate limit, 429,
ECONNRESET… as whole words; pplan.yaml `gate_retry`) or that hit --timeout is retried with
backoff; still transient after the attempts is no strike. Any other failure is a strike: a row
`gate-K` in the errors table. Three transient gates in a row open a circuit breaker: later gates
refuse until `--reset`. Every run adds a row to progress.md's test results (a `## Test Results`
table is added when missing). Only the output's last 15 lines (2 KB) are kept and shown. In
records, `sh -c SCRIPT` shows as the script.

Output: `gate passed: …`, or `gate failed: …; strike N of 3 for gate-K` and the output's last
lines. --json: kind `gate` (retry lines on stderr), `gate-reset`.

Exit codes: 1 failed (a strike, or transient); 3 third strike (ESCALATE); 4 breaker open; 130
interrupted (its process group is killed); 2 no command, a --timeout not above 0.

Examples:
  $ pplan gate -- true
  gate passed: `true` (1 run, ...

  $ pplan gate -- sh -c \"echo 2 tests failed; exit 1\"
  gate failed: `echo 2 tests failed; exit 1` (...
  --- last lines ---
  2 tests failed
  [exit 1]";

pub const MERGE_DRIVER: &str = "\
Git's merge driver for plan files (`pplan git-setup` installs it; docs/GIT.md says what merges
and what conflicts). It merges BASE, OURS and THEIRS and writes the result over OURS: plans
merge by task and status, logs keep the entries of both sides, error rows continue their attempt
numbers; anything else, or a merge that would lose a line, falls back to a plain three-way text
merge with conflict markers.

Output: nothing for a clean merge; `pplan: PATH: N conflict(s) left with markers (HOW)`. --json:
kind `merge-driver`.

Exit codes: 0 clean; 1 conflict markers left; 2 (or above) an error, OURS untouched.

Examples:
  # git config merge.pplan.driver 'pplan merge-driver %O %A %B %L %P'
  # pplan merge-driver base.md ours.md theirs.md 7 findings.md";

pub const GIT_SETUP: &str = "\
Opts a repository in to the merge driver: adds the plan files' lines to `.gitattributes`
(`task_plan.md merge=pplan` and the others) and sets `merge.pplan.name` and `merge.pplan.driver`
in the repository's git config. --global writes the user's global attributes file and `git
config --global`. Only what is missing; a second run changes nothing.

Output: what it changed (or would, with --dry-run).

Exit codes: 2 outside a git repository.

Examples:
  $ pplan git-setup --dry-run
  error: `.` is not in a git repository ...
  hint: usage: run it inside the repository, or use --global for every repository
  [exit 2]";

pub const WATCH: &str = "\
A live view in a second terminal: title, goal, task counts, each group with a bar (`▶` marks the
working group), the working group's agents with state and age (STALLED highlighted; only in a
plan with agents), the latest three unresolved errors and `Next:` (`## Next Step`, else the next
tasks). Redraws on any change to a plan file (inotify, no polling), on
resize and every 30 s. On a terminal it uses the alternate screen: q, Ctrl-C or Ctrl-D quit. Not
a terminal: one line per change, `HH:MM:SS <status> done D/T, group G D/T; agents: …; N open
errors`. NO_COLOR turns colours off. Read-only; --json does not apply.

Examples:
  # pplan watch";

pub const REPORT: &str = "\
One self-contained HTML page of the plan: goal and progress, groups with bars, every task, the
dependency waves as inline SVG (a line when nothing depends on anything), the agents, the errors
and decisions, and findings.md and progress.md rendered (raw HTML escaped, HTML comments dropped,
no scripts, no remote assets, images shown as text). Tasks, titles and cells render their inline
markdown. `lang` follows the plan's script (zh, ja, ko; en), with CJK font fallbacks.

Output: the page on stdout, or with -o `wrote FILE (N KB)` (written atomically). --json: kind
`report` (the page in `html` without -o).

Examples:
  $ pplan report --html -o plan.html
  wrote plan.html (...";

pub const FILES: &str = "\
The files the progress logs record as created or modified (`Files:` lines, as `log --files`
writes them, and `Files modified:`-style lists in progress.md and progress_*.md), in batches of
about the same number of lines, grouped by directory: the input of `pplan passes`. A path that
is not an existing file, or is outside the project (absolute, or with `..`), is dropped and
listed. Whole directories go to the lightest batch while it stays within 110% of an even share;
bigger ones are split. `--batches 0` counts as 1; empty batches are left out. Read-only.

Output: `F files, L lines, in B batches`, `batch I (L lines): PATHS`, the dropped paths. --json:
kind `files`.

Examples:
  $ pplan checkpoint \"wrote the endpoint\" --files task_plan.md,gone.rs
  checkpoint in progress.md

  $ pplan files --batches 2
  1 file, 29 lines, in 1 batch
  batch 1 (29 lines): task_plan.md
  dropped (gone, or outside the project): gone.rs";

pub const PASSES: &str = "\
The briefs for the final passes over the files the work touched: the batches of `pplan files`,
each twice, a simplify pass per batch (simpler files, same behaviour, tests after each change)
then a review pass per batch (findings only, no edits). Each agent reports in its final reply,
one `file:line: what` per item, labelled SIMPLIFY-I or REVIEW-I; no agent files, no spawn.
--json is ignored.

Examples:
  $ pplan checkpoint \"wrote the plan\" --files task_plan.md
  checkpoint in progress.md

  $ pplan passes --batches 1
  ## Simplify pass 1 of 1 (1 file, 29 lines)
  ...";

pub const MERGE: &str = "\
Folds the work of a group's COMPLETE agents into findings.md and progress.md, exactly once: one
block per agent and file, under `## Group K: title — merged DATE`, headings nested under `###
ID: task`. Then the agents' tasks are set complete; when the group is done, it is set complete
and `## Current Group` and `## Next Step` move to the next group. The agent files move to
.pplan/archive/group-K/. A journal makes it crash-safe: any later pplan command finishes an
interrupted merge, and a rerun changes nothing. A file a person edited meanwhile is not
overwritten. With `gate:` in pplan.yaml the group completes only when that gate passes
(docs/PROTOCOL.md, Gates).

Output: `merged group K: IDS (files)`, `complete: IDS`, what moved on; --partial names the
agents left. --dry-run prints the diffs. --json: kind `merge`.

Exit codes: 5 an agent not COMPLETE (merge the others with --partial); 1 --strict and an agent
wrote nothing, or a gated merge's gate failed; 3 the gate's third strike; 4 busy, a file changed
(rerun `pplan merge --group K`: the edit is kept), or the gate's breaker is open; 130 the gate
was interrupted. A gate outcome is no error: the merge is written.

Examples:
  $ pplan spawn
  ...

  $ pplan mark --agent BE-001 COMPLETE
  BE-001: IN_PROGRESS → COMPLETE

  $ pplan merge
  error: group 1 is not ready: FE-001 IN_PROGRESS
  hint: wait for them (`pplan wait`), or merge the COMPLETE ones with --partial
  [exit 5]

  $ pplan merge --partial
  merged group 1: BE-001 (findings.md, progress.md)
  complete: BE-001
  retired the files of BE-001 to .pplan/archive/
  not merged yet: FE-001 IN_PROGRESS
  warning: `BE-001` is COMPLETE but wrote no findings and no progress";

pub const COMPLETIONS: &str = "\
Install:
  bash        pplan completions bash > ~/.local/share/bash-completion/completions/pplan
  zsh         pplan completions zsh > \"${fpath[1]}/_pplan\"
  fish        pplan completions fish > ~/.config/fish/completions/pplan.fish
  PowerShell  pplan completions powershell >> $PROFILE

Examples:
  $ pplan completions bash
  _pplan() {
  ...";

pub const RESPAWN: &str = "\
Continues an agent that handed off (CONTINUATION_REQUIRED), or a BLOCKED one with --force:
counts the restart in .pplan/agents.json, logs `Restart N of M.` with the resume point, sets the
marker back to IN_PROGRESS, and prints the whole brief for a fresh agent: what was done so far,
where to resume, the rules. After `max_restarts` (pplan.yaml, default 3) it escalates instead.
--reopen [--reason R] reopens a COMPLETE agent whose work does not hold: not merged, it counts a
restart and keeps its files; merged (a red gate), its task goes back in progress with fresh
files; the brief says why. Logged failures become strike rows first. `pplan spawn ID --force`
starts an agent over.

Output: the brief. --json: kind `respawn`.

Exit codes: 3 max_restarts reached (nothing written: ask the user); 2 the agent is in another
state, no such agent.

Examples:
  $ pplan spawn BE-001
  ...

  $ pplan mark --agent BE-001 CONTINUATION_REQUIRED --resume-from \"the refund endpoint\"
  BE-001: IN_PROGRESS → CONTINUATION_REQUIRED

  $ pplan respawn BE-001
  ## Agent BE-001: Build the payment endpoints (group 1)
  Restart 1 of 3: read findings_BE-001.md and progress_BE-001.md first; continue, do not redo.
  Resume from: the refund endpoint
  ...";

pub const SHOW: &str = "\
Everything about one task or one group, read-only, in under 25 lines. A task: its text, status
and line, its claim, its group, its dependencies and the tasks that need it (with their states),
its agent (state, age, resume point or reason in full, restarts, files logged, last log lines),
its error rows, and the decisions that name it. A group: its status (stated or derived), its
gate, its tasks and agents (at most 10 and 5, stopped ones first, then `… and N more`).

Output: the lines above. --json: kind `show-task` or `show-group`.

Exit codes: 2 no such task or group.

Examples:
  $ pplan show BE-001
  BE-001: Build the payment endpoints
  status: pending (task_plan.md line 16)
  group: 1 Backend and frontend (pending)
  depends on: -
  needed by: INT-001 pending
  agent: -
  errors: -
  decisions: -

  $ pplan show 2
  group 2: Integration
  status: pending (stated; 0 of 1 tasks done; task_plan.md line 19)
  gate: none (pplan.yaml names no gate command)
  tasks:
    pending      INT-001 Wire the cart to the API
  agents: -

  $ pplan show ZZ-9
  error: no task or group `ZZ-9`
  hint: usage: pplan show <TASK-ID|GROUP>; `pplan status` lists the groups
  [exit 2]";

pub const NEXT: &str = "\
The next ready task of the first unfinished group (or of the group a red gate holds): pending,
its dependencies done, nobody on it. For sessions that share a plan without an orchestrator:
`--claim --as NAME` takes it under the plan lock, sets it `[~]` and writes `(claimed: NAME
STAMP)` on its line (docs/FORMAT.md), so two sessions never get the same task. A claimant who
still holds an unfinished task gets that claim renewed instead (run it again as a heartbeat).
`--steal`, when nothing is ready, takes the claim idle longest past `stall_minutes` (neither the
claim nor the task's agent files changed), and says from whom.

Output: one line, `ID: text (group K…)`; with --claim `…: claimed by NAME`. --json: kind `next`.

Exit codes: 5 nothing ready (what is in progress and by whom, or the gate holding the group);
0 when every task is done; 4 busy.

Examples:
  $ pplan next
  BE-001: Build the payment endpoints (group 1; 1 more ready)

  $ pplan next --claim --as ana
  BE-001: Build the payment endpoints (group 1): claimed by ana

  $ pplan next --claim --as ben
  FE-001: Build the cart page (group 1): claimed by ben

  $ pplan next --claim --as cy
  nothing ready in group 1: in progress: BE-001 (ana), FE-001 (ben)
  [exit 5]";

pub const PROPOSE: &str = "\
(Sub-agent) Hands back follow-up work without touching the plan: adds `- [ ] TEXT (depends: …)`
to a `## Proposed` section right below the header of findings_ID.md, under the agent's own
lock. Dependencies must be tasks in the plan; a repeat is not written twice. `merge` folds the
merged agents' proposals into the next pending group (or `proposals_group` in pplan.yaml) as
tasks marked `(from: ID)`, once, and lists them.

Output: one line. --json: kind `propose`.

Exit codes: 2 no such agent or dependency; 4 busy.

Examples:
  $ pplan spawn BE-001
  ...

  $ pplan propose --agent BE-001 \"Rate-limit the payment API\" --depends BE-001
  proposed in findings_BE-001.md; merge folds it into the plan

  $ pplan propose --agent BE-001 \"Rate-limit the payment API\" --depends BE-001
  already proposed in findings_BE-001.md

  $ pplan propose --agent BE-001 \"Cache it\" --depends NOPE-1
  error: no task `NOPE-1`
  [exit 2]";

pub const ADD: &str = "\
Grows the plan in its own style, one verified write (lock, re-read, only new lines, every other
task reading as before). Where: --group, else --after's group, else a group held by a red gate,
else the current group if not started, else the next pending one (said; a done group is
reopened, said). The line copies its siblings: marker, indent, checkbox or table row or task
heading, the id scheme continued (BE-002 after BE-001, 3.4 after 3.3; none where tasks have
none), the plan's `(depends …)` spelling. --group-title adds a group like its siblings. `add -`
reads a JSON outline: {\"groups\": [{\"title\": \"Backend\", \"tasks\": [{\"text\": \"…\", \"id\":
\"BE-1\", \"depends\": [], \"files\": []}]}, {\"group\": \"2\", \"tasks\": […]}]} (title: a new group;
group: an existing one; dependencies on the plan or earlier outline tasks).

Output: one line (`added ID to group K (why)`); --dry-run the diff. --json: kind `add`.

Exit codes: 2 an id taken, the same text in the group, an unknown group or dependency, a cycle,
a table-row group; 4 busy.

Examples:
  $ pplan add \"Add the refund endpoint\" --group 1 --depends BE-001
  added FE-002 to group 1 (named)

  $ pplan add \"Add the refund endpoint\" --group 1
  error: the group has this task already (line 18): `Add the refund endpoint`
  [exit 2]

  $ pplan add --group-title Launch
  added group 3: Launch";

pub const EDIT: &str = "\
Changes one task in place, verified: --group moves a checkbox task (with its nested lines) to the
end of another group; --depends / --no-depends set or clear its `(depends: …)` in the plan's
spelling (a cycle is refused); --text rewords it, id and annotations kept. Flags combine.

Output: one line. --json: kind `edit`.

Exit codes: 2 unknown task or group, a cycle, a table row or task heading to move (or a checkbox
task into a group of rows or headings); 4 busy.

Examples:
  $ pplan edit INT-001 --no-depends
  INT-001: depends changed

  $ pplan edit FE-001 --text \"Build the cart and checkout pages\"
  FE-001: text changed";

pub const REMOVE: &str = "\
Removes a task that never started, verified. Refused (unless --force) for a task in progress or
done, one with agent files or error rows, or one another task depends on; a task holding nested
tasks is always refused.

Output: one line. --json: kind `remove`.

Exit codes: 2 unknown task, or a refusal above; 4 busy.

Examples:
  $ pplan remove BE-001
  error: `BE-001` is a dependency of INT-001; nothing removed
  hint: pass --force to remove it anyway
  [exit 2]";
