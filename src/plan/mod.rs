//! The plan layer: `task_plan.md` as a typed model — goal, groups, tasks, statuses and where each
//! is written — and the surgical edits on it. It may use text and error; it never touches disk
//! (the store does) and knows nothing of agents or merges (the protocol does).
//!
//! [`Plan::parse`] is tolerant: it never fails, and whatever it does not understand it simply
//! does not model (the bytes stay in the document). Every status the model holds remembers the
//! byte range it was read from, so an edit ([`edit`]) can change exactly those bytes.

pub mod annotations;
pub mod edit;
pub mod insert;
mod parse;
pub mod resolve;
pub mod rework;
pub mod rows;
pub mod status;
pub mod syntax;
pub mod vocabulary;
pub mod warnings;

use std::borrow::Cow;
use std::ops::Range;

pub use status::Status;
pub use vocabulary::Vocabulary;

use crate::text::Document;

/// Where a status is written; a new status is spelled the way the file spells that status in
/// the same kind of place.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Place {
    Checkbox,
    Bracket,
    Label,
    Heading,
    Cell,
    /// A status symbol in a checkbox's place (`- ✓ Parse`, `- ⬜ Tune`), in a plan that writes
    /// its checklists that way.
    Symbol,
    /// A heading that is its status (a board's `## Doing`, `## Done`): read, never rewritten.
    Column,
    /// A share done closing a title (`## 0.2 watch mode (80%)`): 100% is complete, 0% not
    /// started, any other share under way. `set` writes `100%` or `0%`.
    Share,
}

/// A status as written in the file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Indicator {
    pub status: Status,
    pub range: Range<usize>,
    pub place: Place,
}

impl Indicator {
    /// An open checkbox: it says the work is not done, not whether it started.
    pub fn open_box(&self) -> bool {
        self.place == Place::Checkbox && self.status == Status::Pending
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GroupForm {
    Heading,
    ListItem,
    TableRow,
}

#[derive(Clone, Debug)]
pub struct Group<'a> {
    /// The id as written (`1`, `3b`, `A`, `一`), or the row/item number when there is none.
    pub id: Cow<'a, str>,
    /// Unique among the plan's groups: the id, or qualified by its round (`F/A`) or occurrence.
    pub key: String,
    pub title: &'a str,
    pub form: GroupForm,
    /// Offset of the line that declares the group.
    pub at: usize,
    /// Where a `- **Status:**` line goes when the group states none (a line start).
    pub insert_at: usize,
    /// Every place the group's status is written; the first one is the stated status.
    pub indicators: Vec<Indicator>,
    /// The rest of a free-text status value (`(reference adapters only)`).
    pub note: Option<&'a str>,
    /// The value of a status label line whose words pplan does not know (`started, waiting on
    /// Jacob`, `` `unblocked` ``): where `set --group` writes, keeping the person's line.
    pub free_status: Option<Range<usize>>,
    /// Indices into [`Plan::tasks`].
    pub tasks: Range<usize>,
    /// The word before the id as written (`Phase`, `Sprint`, `阶段`), or empty; a table column
    /// named `Sprint` names the `Sprint N` groups.
    pub word: &'a str,
    /// A numbered item that reads as a group only because it holds tasks (`1. Backend ✓` over
    /// `- [x] …`): one without tasks would not be a group.
    pub by_tasks: bool,
    /// Its heading is struck through as a whole (`## ~~Phase 2: GraphQL layer~~`): crossed off
    /// by hand. With no status stated and no work started, it reads as skipped.
    pub struck: bool,
    /// The same group written a second time, as read there: the checklist item or table row of
    /// a plan that lists its groups beside their headings (see `parse/reconcile.rs`).
    pub twin: Option<Box<Group<'a>>>,
}

impl<'a> Group<'a> {
    /// What `.pplan/spellings.json` remembers a group's own spellings under: its key and the
    /// start of its title, so a plan rewritten since (`Stage 3 – roof` where `Stage 3 – framing`
    /// stood) gets none of the old group's words.
    pub fn memory_key(&self) -> String {
        let end = self.title.char_indices().nth(40).map_or(self.title.len(), |(i, _)| i);
        format!("{}: {}", self.key, &self.title[..end])
    }

    /// A group as read at `at`, its status from `indicators`, holding no task yet; the rest is
    /// filled in by the reader (its key, its tasks) or set by the caller.
    pub fn new(
        id: Cow<'a, str>,
        title: &'a str,
        word: &'a str,
        form: GroupForm,
        at: usize,
        indicators: Vec<Indicator>,
    ) -> Group<'a> {
        Group {
            id,
            key: String::new(),
            title,
            word,
            form,
            at,
            insert_at: at,
            indicators,
            note: None,
            free_status: None,
            by_tasks: false,
            struck: false,
            tasks: 0..0,
            twin: None,
        }
    }

    /// The status it states: the first place that says one, where an open box beside words
    /// (`- [ ] Aşama 2: … (devam ediyor)`) only says "not done" and the words say which.
    pub fn stored(&self) -> Option<Status> {
        self.said().map(|i| i.status)
    }

    /// The status place that says most: the first that is not an open box, else the first.
    pub fn said(&self) -> Option<&Indicator> {
        self.indicators.iter().find(|i| !i.open_box()).or(self.indicators.first())
    }

    /// Whether the group states a status beyond "not done" (anything but an open box).
    pub fn states_status(&self) -> bool {
        self.indicators.iter().any(|i| !i.open_box())
    }

    /// Whether `indicator` agrees with `status`: the same, or an open box beside an
    /// unfinished status (an open box says only "not done").
    pub fn agrees(indicator: &Indicator, status: Status) -> bool {
        indicator.status == status || (indicator.open_box() && !status.is_done())
    }

    /// Two of its status places that disagree, the one that says most first. An open box
    /// agrees with any unfinished status: it says only "not done".
    pub fn disagreeing(&self) -> Option<(&Indicator, &Indicator)> {
        let first = self.said()?;
        Some((first, self.indicators.iter().find(|i| !Group::agrees(i, first.status))?))
    }

    /// Its id is its place, given by pplan (`## Backend` is 1, a row without an id its row
    /// number): the file never wrote it, so a number in the file does not name it.
    pub fn numbered_by_place(&self) -> bool {
        matches!(self.id, Cow::Owned(_))
    }

    /// The status a board column names (`## Doing`), when the group is one.
    pub fn column(&self) -> Option<Status> {
        self.indicators.iter().find(|i| i.place == Place::Column).map(|i| i.status)
    }
}

/// What an open box reads where it stands, when that is not pending: work dropped on struck
/// words (`- [ ] ~~GraphQL~~ not worth it`), and a card on a board's Doing or Blocked column
/// what its column says. The reader reads an open box so, and `set` writes one back for it.
pub fn open_box_reads(struck: bool, column: Option<Status>) -> Option<Status> {
    if struck {
        return Some(Status::Skipped);
    }
    column.filter(|s| matches!(s, Status::InProgress | Status::Blocked))
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TaskForm {
    Checkbox,
    Heading,
    TableRow,
}

#[derive(Clone, Debug)]
pub struct Task<'a> {
    pub id: Option<&'a str>,
    pub text: &'a str,
    pub status: Status,
    pub form: TaskForm,
    /// Where the status is written; `None` for a task heading with no status line.
    pub indicator: Option<Indicator>,
    /// Index into [`Plan::groups`].
    pub group: Option<usize>,
    /// Inside another list item (not counting a list-item group).
    pub nested: bool,
    /// Its words are struck through (`~~GraphQL~~ not worth it`): on an open box, dropped.
    pub struck: bool,
    /// The `(depends: …)`, `(files: …)`, `(from: …)` and `(claimed: …)` at the end of the task's
    /// line ([`annotations`]); [`Task::text`] stops before them.
    pub annotations: annotations::Annotations<'a>,
    /// Offset of the task's line.
    pub at: usize,
    /// Its checkbox mark is one pplan does not know (`[?]`), the [`Task::indicator`]'s range:
    /// the task reads as not done, is never offered as ready, and is named in the plan's
    /// warnings (see [`Plan::unknown_mark`]).
    pub unknown_mark: bool,
}

impl<'a> Task<'a> {
    /// The list inside `(depends: …)`, empty when there is none.
    pub fn depends(&self) -> &'a str {
        self.annotations.depends()
    }

    pub fn dependencies(&self) -> impl Iterator<Item = &'a str> {
        annotations::dependency_ids(self.depends())
    }

    /// The paths of its `(files: …)`.
    pub fn files(&self) -> Vec<&'a str> {
        self.annotations.files()
    }

    /// The id its `(from: …)` names: the agent whose proposal it came from.
    pub fn from(&self) -> Option<&'a str> {
        self.annotations.from()
    }

    /// Its `(claimed: NAME STAMP)`, when well-formed.
    pub fn claim(&self) -> Option<annotations::Claim<'a>> {
        self.annotations.claim()
    }
}

/// Task counts of a group or a plan.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Counts {
    pub total: usize,
    pub done: usize,
    pub in_progress: usize,
    pub blocked: usize,
    pub skipped: usize,
    pub nested: usize,
    /// Tasks marked with a mark pplan does not know (`[/]`, `[?]`): counted in `total` only,
    /// but someone marked them, so their group has started.
    #[serde(skip)]
    pub marked: usize,
}

impl Counts {
    pub fn of<'t, 'a: 't>(tasks: impl IntoIterator<Item = &'t Task<'a>>) -> Counts {
        let mut c = Counts::default();
        for t in tasks {
            c.total += 1;
            c.nested += usize::from(t.nested);
            c.marked += usize::from(t.unknown_mark);
            match t.status {
                Status::Complete => c.done += 1,
                Status::InProgress => c.in_progress += 1,
                Status::Blocked => c.blocked += 1,
                Status::Skipped => c.skipped += 1,
                Status::Pending => {}
            }
        }
        c
    }

    /// A task done or in progress (a mark pplan does not know says nothing here).
    pub fn started(&self) -> bool {
        self.done + self.in_progress > 0
    }

    pub fn pending(&self) -> usize {
        self.total - self.done - self.in_progress - self.blocked - self.skipped
    }

    /// The status the tasks imply: none or all pending (none marked; skipped ones aside) →
    /// pending; all skipped → skipped; all done → complete; blocked with nothing running →
    /// blocked; else in progress.
    pub fn derived(&self) -> Status {
        let idle = self.done + self.in_progress + self.blocked == 0 && self.marked == 0;
        if self.total == 0 || (idle && self.pending() > 0) {
            Status::Pending
        } else if self.skipped == self.total {
            Status::Skipped
        } else if self.done + self.skipped == self.total {
            Status::Complete
        } else if self.blocked > 0 && self.in_progress == 0 {
            Status::Blocked
        } else {
            Status::InProgress
        }
    }
}

/// The text of a one-line section value and where it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line<'a> {
    pub text: &'a str,
    pub range: Range<usize>,
}

#[derive(Clone, Debug)]
pub struct Plan<'a> {
    pub text: &'a str,
    pub title: Option<&'a str>,
    pub goal: Option<&'a str>,
    /// The first line of `## Current Group`, as written.
    pub current: Option<Line<'a>>,
    /// A `(current)` / `(当前)` mark in a group heading, when no current-group section or label
    /// names a group: the group and the mark's range (with the space before it).
    pub current_mark: Option<(usize, Range<usize>)>,
    /// The group of the one task marked as the one being worked on (`- [ ] push notifications
    /// ← doing this now`), or else of a sentence opening under its heading saying so
    /// (`Currently doing this.`), when nothing else names a current group. Never moved by pplan.
    pub task_mark: Option<usize>,
    /// The first line of `## Next Step`, as written.
    pub next_step: Option<Line<'a>>,
    /// The group the plan states is current ([`Plan::stated_current`], resolved once). Where
    /// nothing says more of it than "not finished" (no status, or an open box) and its tasks have
    /// not started, being where the plan says work is, it reads in progress
    /// (`- [ ] 3단계: … ← 지금 여기`).
    pub current_at: Option<usize>,
    pub groups: Vec<Group<'a>>,
    pub tasks: Vec<Task<'a>>,
    /// The errors and decisions tables, in document order.
    pub tables: Vec<Table<'a>>,
    /// The errors and decisions sections (where a missing table goes).
    pub sections: Vec<SectionSpan>,
    pub vocabulary: Vocabulary<'a>,
    /// How the file writes a group's status label, from its line start to the value
    /// (`- **Status:** `, `**状态：** `): a new status line copies it.
    pub status_label: Option<&'a str>,
    /// It holds a spec's task list (groups `- [x] 1. …` over `- [x] 1.1 …`), whose `[-]` is
    /// work under way, not work dropped.
    pub dash_started: bool,
    /// Each task heading's line and where a status line goes under it (after a setext
    /// underline): rare, so kept here rather than in every task.
    pub heading_tasks: Vec<(usize, usize)>,
}

/// The two logs a plan keeps as tables.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Log {
    Errors,
    Decisions,
    /// The test/gate results table (progress.md).
    Tests,
}

/// An errors or decisions table.
#[derive(Clone, Debug)]
pub struct Table<'a> {
    pub log: Log,
    /// The header row's line.
    pub header: Range<usize>,
    /// Header cells as written.
    pub columns: Vec<&'a str>,
    pub rows: Vec<Row>,
    /// Where a new row goes: the start of the line after the last row (or after the
    /// delimiter row), or the end of the text.
    pub end: usize,
}

#[derive(Clone, Debug)]
pub struct Row {
    pub line: Range<usize>,
    pub cells: Vec<Range<usize>>,
    /// Every cell empty or a placeholder (`-`, `none`, `(none yet)`): not an entry.
    pub placeholder: bool,
    /// A row of numbers (`| 2024-02-03 | 612 |`): a measurement (a placeholder too).
    pub measured: bool,
}

/// An `## Errors Encountered` or `## Decisions Made` section.
#[derive(Clone, Debug)]
pub struct SectionSpan {
    pub log: Log,
    pub level: u8,
    /// The start of the line after the heading.
    pub body: usize,
    /// Where the section ends: the next heading of its level or above, or the end of the text.
    pub end: usize,
}

impl<'a> Plan<'a> {
    pub fn parse(doc: &'a Document) -> Plan<'a> {
        parse::parse(doc)
    }

    /// Where a status line goes for a task: under a task heading, else its own line.
    pub fn insert_at(&self, task: &Task<'_>) -> usize {
        self.heading_tasks.iter().find(|&&(at, _)| at == task.at).map_or(task.at, |&(_, insert)| insert)
    }

    /// The mark in a task's box that pplan does not know (`?` of `[?]`), as written.
    pub fn unknown_mark(&self, task: &Task<'_>) -> Option<&'a str> {
        let text = self.text;
        task.indicator.as_ref().filter(|_| task.unknown_mark).map(|i| &text[i.range.clone()])
    }

    /// Rows of the errors tables that hold an error (placeholder rows excluded).
    /// Done (complete or skipped) tasks over all tasks, in whole percent, rounded half up; a plan
    /// without tasks counts its done groups instead. With whether everything is done.
    pub fn progress(&self) -> (u32, bool) {
        let percent = |part: usize, whole: usize| ((200 * part + whole) / (2 * whole)) as u32;
        let counts = Counts::of(&self.tasks);
        let done_groups = self.groups.iter().filter(|g| self.status(g).is_done()).count();
        if counts.total > 0 {
            let done = counts.done + counts.skipped;
            (percent(done, counts.total), done == counts.total)
        } else if !self.groups.is_empty() {
            (percent(done_groups, self.groups.len()), done_groups == self.groups.len())
        } else {
            (0, false)
        }
    }

    pub fn error_rows(&self) -> usize {
        self.tables
            .iter()
            .filter(|t| t.log == Log::Errors)
            .map(|t| t.rows.iter().filter(|r| !r.placeholder).count())
            .sum()
    }

    pub fn group_tasks(&self, g: &Group<'_>) -> &[Task<'a>] {
        &self.tasks[g.tasks.clone()]
    }

    pub fn counts(&self, g: &Group<'_>) -> Counts {
        Counts::of(self.group_tasks(g))
    }

    /// Stated if stated, else derived from the tasks. An open box on a group (`- [ ] **Phase
    /// 3: …**`, `## [ ] Phase C`) says only "not finished": its tasks say whether it started
    /// ([`Plan::box_follows_tasks`]).
    pub fn status(&self, g: &Group<'_>) -> Status {
        let open_box = self.box_follows_tasks(g);
        let status = if open_box {
            if self.counts(g).started() { Status::InProgress } else { Status::Pending }
        } else {
            g.stored().unwrap_or_else(|| match self.counts(g).derived() {
                Status::Pending if g.struck => Status::Skipped,
                derived => derived,
            })
        };
        if status == Status::Pending && (open_box || g.stored().is_none()) && self.is_current(g) {
            Status::InProgress
        } else {
            status
        }
    }

    /// Is `g` the group the plan states is current ([`Plan::current_at`])?
    pub fn is_current(&self, g: &Group<'_>) -> bool {
        self.current_at.is_some_and(|i| self.groups.get(i).is_some_and(|c| c.at == g.at))
    }

    /// Is `g`'s status an open box and nothing else: one that reads in progress once a task of
    /// it is done or in progress (a mark pplan does not know says nothing)?
    pub fn box_follows_tasks(&self, g: &Group<'_>) -> bool {
        !g.indicators.is_empty()
            && g.indicators.iter().all(|i| i.place == Place::Checkbox && i.status == Status::Pending)
    }

    /// The group the stated `## Current Group` names, if it names one.
    pub fn stated_current(&self) -> Option<usize> {
        match &self.current {
            Some(line) => parse::resolve_group(self, line.text),
            None => self.current_mark.as_ref().map(|(g, _)| *g).or(self.task_mark),
        }
    }

    /// Where group `g`'s title ends in its heading line, for a heading group whose title is
    /// written there.
    pub fn title_end(&self, g: usize) -> Option<usize> {
        let group = &self.groups[g];
        let at = (group.title.as_ptr() as usize).checked_sub(self.text.as_ptr() as usize)?;
        let line_end = self.text[group.at..].find('\n').map_or(self.text.len(), |i| group.at + i);
        (group.form == GroupForm::Heading && !group.title.is_empty() && at >= group.at && at <= line_end)
            .then_some(at + group.title.len())
    }

    /// Where the words of group `g`'s heading start (after `## `), for a heading group.
    pub fn heading_words_start(&self, g: usize) -> Option<usize> {
        let group = &self.groups[g];
        let line = self.text[group.at..].split('\n').next().unwrap_or("");
        (group.form == GroupForm::Heading).then(|| group.at + syntax::heading_text(line).start)
    }

    /// The first group that is neither complete nor skipped; past blocked ones, the one in
    /// progress after them.
    pub fn derived_current(&self) -> Option<usize> {
        let open = self.groups.iter().position(|g| !self.status(g).is_done())?;
        // Past groups that are blocked, one in progress is where the work went on (`### Sprint 17
        // — 🚧 In progress (pulled forward while 16 is stuck)`).
        if self.status(&self.groups[open]) == Status::Blocked {
            let on = (open..self.groups.len())
                .map(|g| (g, self.status(&self.groups[g])))
                .find(|(_, s)| !s.is_done() && *s != Status::Blocked);
            if let Some((g, Status::InProgress)) = on {
                return Some(g);
            }
        }
        Some(open)
    }

    /// The group work happens in: the stated current group unless it is done, else the derived.
    pub fn working_group(&self) -> Option<usize> {
        self.stated_current().filter(|&g| !self.status(&self.groups[g]).is_done()).or(self.derived_current())
    }

    /// What comes next: the ready tasks of the group work happens in; when it has none and the
    /// stated current group is done (or no group is open), those of the first group in plan
    /// order, from the stated current group on, that has ready tasks. With their group.
    pub fn next_tasks(&self) -> (Option<usize>, Vec<usize>) {
        let working = self.working_group();
        let ready = self.ready_tasks(working);
        let stated_done = self.stated_current().is_some_and(|g| self.status(&self.groups[g]).is_done());
        // A group still at work (a failing gate holds it, its tasks run) keeps `next` to itself.
        if !ready.is_empty() || self.groups.is_empty() || !(stated_done || working.is_none()) {
            return (working, ready);
        }
        let from = self.stated_current().or(working).unwrap_or(0);
        let order = (from..self.groups.len()).chain(0..from);
        for g in order {
            let ready = self.ready_tasks(Some(g));
            if !ready.is_empty() {
                return (Some(g), ready);
            }
        }
        (working, Vec::new())
    }

    /// The tasks that list `id` among their dependencies, in plan order.
    pub fn dependents(&self, id: &str) -> Vec<usize> {
        (0..self.tasks.len()).filter(|&i| self.tasks[i].dependencies().any(|d| d == id)).collect()
    }

    /// The rows of `log`'s tables with a cell that names `word` (a whole word: not inside a
    /// longer id), placeholder rows left out.
    pub fn rows_naming(&self, log: Log, word: &str) -> Vec<&Row> {
        self.tables
            .iter()
            .filter(|t| t.log == log)
            .flat_map(|t| t.rows.iter())
            .filter(|r| {
                !r.placeholder && r.cells.iter().any(|c| crate::text::names_id(&self.text[c.clone()], word))
            })
            .collect()
    }

    /// Pending tasks of a group (of the whole plan when it has no groups) whose dependencies
    /// are all complete or skipped.
    pub fn ready_tasks(&self, group: Option<usize>) -> Vec<usize> {
        let range = match group {
            Some(g) => self.groups[g].tasks.clone(),
            None if self.groups.is_empty() => 0..self.tasks.len(),
            None => 0..0,
        };
        let pending: Vec<usize> = range
            .filter(|&i| self.tasks[i].status == Status::Pending && !self.tasks[i].unknown_mark)
            .collect();
        if pending.iter().all(|&i| self.tasks[i].depends().is_empty()) {
            return pending;
        }
        // Only the ids the pending tasks name (a group's worth), looked up in one pass over the
        // plan; a task written twice counts as its last line says.
        let mut done: rustc_hash::FxHashMap<&str, bool> =
            pending.iter().flat_map(|&i| self.tasks[i].dependencies()).map(|d| (d, false)).collect();
        for t in &self.tasks {
            if let Some(state) = t.id.and_then(|id| done.get_mut(id)) {
                *state = t.status.is_done();
            }
        }
        pending
            .into_iter()
            .filter(|&i| self.tasks[i].dependencies().all(|d| done.get(d).copied().unwrap_or(false)))
            .collect()
    }
}

/// A plan of 100,000 tasks holds 100,000 of these: each word here is ~0.8 MB of page faults on
/// `pplan status` (216 bytes before the duplicate `depends` went, 168 before a task heading's
/// status line place and an unknown mark moved out). Rare facts go beside the tasks
/// ([`Plan::heading_tasks`]) or are read again from the text ([`Plan::unknown_mark`]).
#[cfg(test)]
#[test]
fn a_task_stays_small() {
    let size = std::mem::size_of::<Task<'_>>();
    assert!(size <= 144, "Task is {size} bytes");
}
