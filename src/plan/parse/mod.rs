//! The tolerant reader: one walk over the outline builds the whole [`Plan`].
//!
//! Headings are classified first (sections, group headings, rounds that hold group headings,
//! task headings) so the walk knows which form of group the plan uses before it meets list
//! items and table rows. Nothing here fails: what is not recognised is not modelled.

use std::borrow::Cow;
use std::collections::HashSet;
use std::ops::Range;

use super::annotations;
use super::rows;
use super::syntax;
use super::{
    Group, GroupForm, Indicator, Line, Log, Place, Plan, Row, SectionSpan, Status, Table, Task, TaskForm,
    Vocabulary, open_box_reads, status,
};
use crate::text::{Block, Document, Outline, find_any, same_folded, strip_folded};

mod legend;
mod reconcile;
mod sections;
mod shape;

use reconcile::split_group_cell;
use sections::{Section, section_of};
use shape::{
    Role, bare_boxes, bare_groups, bold_headings, bold_labels, bold_steps, callout_headings, carriers,
    classify_headings, group_words, item_runs, numbered_runs, plain_headings, plain_steps, section_lines,
    spec_items, stating_headings, status_items, straggler_groups, symbol_marks,
};

#[derive(Clone, Copy, Debug)]
enum TableKind {
    /// An errors or decisions table: index into `Plan::tables`.
    Log(usize),
    Groups {
        group: usize,
        /// The group column's name (`Sprint`): where it is.
        word: (usize, usize),
        id: Option<usize>,
        status: usize,
        title: Option<usize>,
        /// Its group column is a step column (`| # | Step | Status |`): its rows are the groups
        /// of a plan that has nothing else, never beside other groups or tasks.
        steps: bool,
        /// It has no group or step column, only a status column (`| Onderdeel | Wie | Status
        /// |`, `| Wk | Topic | Status |`): its rows are the groups of a plan with no groups in
        /// any other form, when most of them state a status.
        by_status: bool,
        /// A task column beside the group column (`| Task | Phase | Status |`): when its first
        /// row names a group an earlier table gave, its rows are those groups' tasks.
        task: Option<usize>,
        /// The column after the group column, when it may hold a title (not an owner or a
        /// date): a bare id's title (`| S3 | Tela de agenda | Em andamento |`).
        next: Option<usize>,
        /// With no id column, every row's group cell opens with a code of one prefix, each its
        /// own (`M1 Discovery`, `M2 Prototype`): the code is the row's id.
        coded: bool,
    },
    Tasks {
        id: Option<usize>,
        task: usize,
        status: usize,
        /// Read as tasks by its status column alone (no task column): only rows whose status
        /// reads as one are tasks (`| API build | … | passed |` in a log of test runs is not).
        by_status: bool,
        /// A column naming each row's group (`| Task | Phase | Status |` after a table of phases).
        group: Option<usize>,
        /// The id column numbers the rows (`#`, `No.`): a bare number there is the row's place
        /// in its table (each group's table counting from 1), not a task id.
        numbered: bool,
    },
    Other,
}

/// The rows of a table read as groups by its status column alone.
#[derive(Clone, Copy, Debug, Default)]
struct StatusRows {
    rows: usize,
    /// How many state a status the reader knows,
    stated: usize,
    /// and which (a bit each).
    seen: u8,
}

impl StatusRows {
    fn count(&mut self, status: Option<Status>) {
        self.rows += 1;
        if let Some(status) = status {
            self.stated += 1;
            self.seen |= 1 << status as u8;
        }
    }

    /// Most rows state a status, and not all the same one: a table where every row is done
    /// reports on something (interviews held, chapters written).
    fn say_groups(self) -> bool {
        self.stated * 2 > self.rows && self.seen.count_ones() >= 2
    }
}

const GROUP_COLUMNS: &[&str] = &[
    "phase",
    "group",
    "stage",
    "wave",
    "fase",
    "etapa",
    "etap",
    "etappe",
    "этап",
    "faza",
    "aşama",
    "tahap",
    "giai đoạn",
    "阶段",
    "階段",
    "フェーズ",
    "단계",
    "milestone",
    "sprint",
    "iteration",
    "hito",
    "meilenstein",
    "jalon",
    "里程碑",
    "マイルストーン",
    "마일스톤",
];
/// Status columns are named like status labels.
const STATUS_COLUMNS: &[&str] = syntax::STATUS_LABELS;
/// Columns saying how far each row is (`| 阶段 | 内容 | 进度 |` over `| 一 | … | 45% |`): its
/// status column when the table has none and its cells are shares done or statuses.
const PROGRESS_COLUMNS: &[&str] = &[
    "progress",
    "done",
    "% complete",
    "% done",
    "done %",
    "percent",
    "进度",
    "進度",
    "進捗",
    "진행률",
    "fortschritt",
    "avancement",
    "progression",
    "progreso",
    "avance",
    "progresso",
    "прогресс",
    "прогрес",
    "postęp",
    "voortgang",
    "ilerleme",
];
const TITLE_COLUMNS: &[&str] = &[
    "description",
    "name",
    "title",
    "名称",
    "描述",
    "说明",
    "名前",
    "内容",
    "이름",
    "descripción",
    "descrizione",
];
/// Columns that name what a row is about when no column is called its title (`| Step | Area |
/// What | Status |`): the title, before the next column after the id.
const WHAT_COLUMNS: &[&str] = &[
    "what",
    "scope",
    "summary",
    "focus",
    "topic",
    "deliverable",
    "deliverables",
    "titel",
    "titre",
    "título",
    "titolo",
    "nome",
    "nombre",
    "название",
    "описание",
    "beschreibung",
    "标题",
    "主题",
];
/// A table's column of steps (see [`TableKind::Groups`]'s `steps`).
const STEP_COLUMNS: &[&str] = &[
    "step",
    "steps",
    "paso",
    "pasos",
    "passo",
    "schritt",
    "étape",
    "stap",
    "krok",
    "adım",
    "步骤",
    "ステップ",
];
const TASK_COLUMNS: &[&str] = &["task", "tasks", "任务", "任務", "タスク", "작업", "tarea"];
const ID_COLUMNS: &[&str] = &[
    "#",
    "id",
    "no",
    "no.",
    "nr",
    "nr.",
    "n°",
    "nº",
    "№",
    "número",
    "numéro",
    "номер",
    "lp.",
    "stt",
    "编号",
    "序号",
    "番号",
    "번호",
];
const ISSUE_COLUMNS: &[&str] = &[
    "issue",
    "issues",
    "problem",
    "problems",
    "bug",
    "问题",
    "問題",
    "문제",
    "problème",
    "problema",
    "проблема",
    "sorun",
    "vấn đề",
    "masalah",
    "probleem",
    "problém",
    "समस्या",
    "مشكلة",
    "בעיה",
];
const ATTEMPT_COLUMNS: &[&str] = &[
    "attempt",
    "attempts",
    "tried",
    "tries",
    "attempt #",
    "尝试",
    "尝试次数",
    "次数",
    "試行",
    "intento",
    "tentativa",
    "versuch",
    "tentativo",
    "tentative",
    "попытка",
];
/// What was done about an issue (`| Problem | Fix |`): with an issue column, an errors table.
const RESOLUTION_COLUMNS: &[&str] = &[
    "fix",
    "fixed by",
    "resolution",
    "resolved",
    "solution",
    "workaround",
    "how fixed",
    "解决",
    "解决方案",
    "解决办法",
    "处理",
    "解決",
    "対応",
    "해결",
    "solución",
    "solução",
    "lösung",
    "résolution",
    "soluzione",
    "решение",
    "cách khắc phục",
];
const TIME_COLUMNS: &[&str] = &["timestamp", "time", "date", "时间", "日期", "時間"];
/// Columns that never hold a group's title: who, when, how much.
const NOT_TITLE_COLUMNS: &[&str] = &[
    "owner",
    "assignee",
    "who",
    "responsible",
    "lead",
    "due",
    "date",
    "deadline",
    "eta",
    "start",
    "end",
    "priority",
    "estimate",
    "effort",
    "progress",
    "%",
    "notes",
    "responsável",
    "prazo",
    "dono",
    "responsable",
    "fecha",
    "verantwortlich",
    "担当",
    "担当者",
    "负责人",
    "담당",
];
const PLACEHOLDERS: &[&str] = &[
    "",
    "-",
    "—",
    "–",
    "none",
    "none yet",
    "n/a",
    "无",
    "暂无",
    "待记录",
    "待定",
    "なし",
    "없음",
    "tbd",
    "ninguno",
    "nessuno",
];

struct Walk<'a> {
    text: &'a str,
    plan: Plan<'a>,
    table_groups: Vec<Group<'a>>,
    /// Checklist groups (`- [x] Phase 1: …`) met outside the group headings of a plan that has
    /// both: the second form of the same groups, reconciled with the headings at the end.
    /// Each with the start of its line, where the item is also read as a task until then.
    list_groups: Vec<(Group<'a>, usize)>,
    /// Where this heading's section began in `list_groups`, and whether the section also holds a
    /// top-level checkbox that names no group: then its checklist is criteria (`- [x] Phase 1 —
    /// 10/10 tests pass` beside `- [ ] next build zero errors`), not the groups again.
    section_list: (usize, bool),
    /// The items of `list_groups` that name a group only by the status after their title
    /// (`4. Phase 4 – Serving ⏳`): one alone in its section is a remark (`- Phase 10 🔄` in a
    /// log), not a second form of the groups.
    stated_items: Vec<usize>,
    /// The words of the group headings, lowercase (`sprint`, `phase`).
    group_words: Vec<String>,
    /// Top-level numbered items that hold checkboxes (`1. Backend ✓` over `- [x] …`), in a plan
    /// with no group headings: groups, by the work they carry (see [`carriers`]).
    carriers: Vec<u32>,
    /// The items of a spec's task list (see [`spec_items`]): their `[-]`, and their tasks', is
    /// work under way.
    specs: Vec<u32>,
    /// With no group headings: the items of runs of groups written as a list (see
    /// [`item_runs`]).
    item_runs: Vec<u32>,
    /// With no group headings: items that open with a status in brackets, a list of steps (see
    /// [`status_items`]).
    status_items: Vec<u32>,
    rounds: Vec<Option<&'a str>>,
    section: (Section, u8),
    captured: [bool; 4],
    group: Option<(usize, u8)>,
    round: Option<(&'a str, u8)>,
    /// The nearest heading's entity: label lines attach to it.
    entity: Entity,
    heading_groups: bool,
    top_item: Option<u32>,
    list_group: Option<(u32, usize)>,
    tables: Vec<TableKind>,
    /// The first `**Current phase:** …` label line: the current group when no section states
    /// one and it names a group (`- 当前阶段：修复…` describing work is not a group's name).
    /// Lines that may name the current group, in file order: label lines (`**Current:** Sprint
    /// 3`) and the first line of a section named like one (`## Huidige fase`). The first that
    /// names a group counts when no `## Current Group` section does. At most
    /// [`MAX_CURRENT_LINES`] are kept.
    current_labels: Vec<Line<'a>>,
    /// Plan-level status lines (`> Status: working on Part 4`), whose group reference counts
    /// after every label ([`reference_in`]).
    current_statuses: Vec<Line<'a>>,
    /// The plan writes its checklists with status symbols for boxes (see [`symbol_marks`]).
    symbol_marks: bool,
    /// The goal was read from a line wholly in italics: a `Goal:` label may still replace it.
    goal_in_italics: bool,
    /// The block before this one is a heading (see [`Walk::sentence_status`]).
    after_heading: bool,
    /// The group whose heading a sentence saying it is being done opens (`Currently doing this.`).
    doing_this: Option<usize>,
    /// The first line of a status section (`## Current Status`), read by [`summary_reference`],
    /// and where its content starts.
    summary: Option<(Line<'a>, usize)>,
    /// What follows a phrase saying where the work is (`we are in …`), in file order: a group
    /// named at its very start counts after every label and status line.
    pointers: Vec<Line<'a>>,
    /// Top-level items that are neither tasks nor groups, in a plan of group headings: perhaps
    /// an overview of them ([`Walk::overview_lines`]).
    plain_items: Vec<Range<usize>>,
    /// A table of steps gave groups (see [`TableKind::Groups`]).
    step_rows: bool,
    /// A heading naming one of those steps (`## Détails de l'étape 4`), and its level: its
    /// checklist is that step's tasks.
    detail: Option<(usize, u8)>,
    /// The tasks given to a step so, taken back if the table gives no groups after all.
    detail_tasks: Vec<usize>,
    /// The rows of the table read as groups by its status column alone (see
    /// [`TableKind::Groups`]'s `by_status`).
    status_rows: StatusRows,
    /// How many groups tables had given when the last table began.
    table_from: usize,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Entity {
    None,
    Group(usize),
    Task(usize),
}

/// A plan this large has its outline scanned on a second core while the first readies the room
/// for its tasks (see [`task_room`]); a smaller one is read on one core.
const PARALLEL_BYTES: usize = 1 << 20;

pub(super) fn parse(doc: &Document) -> Plan<'_> {
    let mut plan = read(doc, doc.text().len() >= PARALLEL_BYTES);
    // A line naming the current group and saying how it stands (`Phase 2 (not started yet)`,
    // `**Current phase:** Phase 2 — on hold`) says more than where the work is.
    let said = plan.current.as_ref().is_some_and(|l| status::find(l.text).is_some());
    plan.current_at = plan.stated_current().filter(|_| !said);
    plan
}

/// [`parse`], on one core or two: the same plan either way.
fn read(doc: &Document, two_cores: bool) -> Plan<'_> {
    let text = doc.text();
    let (mut outline, mut room) = if two_cores {
        std::thread::scope(|s| match std::thread::Builder::new().spawn_scoped(s, || Outline::new(doc)) {
            Ok(outline) => {
                let room = task_room(text);
                let outline = outline.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic));
                (outline, Some(room))
            }
            // No second thread to be had: one core does it all.
            Err(_) => (Outline::new(doc), None),
        })
    } else {
        (Outline::new(doc), None)
    };
    bare_boxes(text, &mut outline.blocks);
    let mut roles = classify_headings(text, &outline.blocks);
    if !roles.iter().any(|r| matches!(r, Role::Group(_)))
        && (bold_headings(text, &mut outline.blocks) | callout_headings(text, &mut outline.blocks))
    {
        roles = classify_headings(text, &outline.blocks);
    }
    let plan = walk(text, doc.body(), &outline, &roles, Vec::new(), room.take());
    // A run of items read as groups (`- [ ] Stap 1: …`, `- [ ] Stap 2: …`) all under one of the
    // headings a plan is kept under by hand (`## Onderzoek`, `## Bouwen`, each over a checklist)
    // is that heading's tasks; so are items spread under such headings that each say how they
    // stand (`### Milestone: Data model` over `Status: Completed` and its issues, `- ENG-812 … —
    // Done`; `## PAY-110 Epic: 3DS2 — IN PROGRESS` over its stories).
    let kept_by_hand = |plan: &Plan<'_>, roles: &[Role]| {
        if plan.groups.is_empty() || !plan.groups.iter().all(|g| g.form == GroupForm::ListItem) {
            return None;
        }
        let bare = bare_groups(text, &outline.blocks, roles);
        let heads = headings_over(&outline.blocks, plan.groups.iter().map(|g| g.at));
        // (`bare` is in the headings' order.)
        let held = |h: &Option<usize>| h.is_some_and(|h| bare.binary_search_by_key(&h, |(b, _)| *b).is_ok());
        let one = heads.windows(2).all(|w| w[0] == w[1]);
        let stated = || {
            let states = stating_headings(text, &outline.blocks);
            heads.iter().all(|h| h.is_some_and(|h| states[h]))
        };
        (heads.iter().all(held) && (one || stated())).then_some(bare)
    };
    // A plan with no groups may list its steps with a status in brackets (`1. [completed] …`)
    // or after a bold title (`- **MS3 Struktur** 🔄`): read once more with those items as its
    // groups, when they hold every task the plan has. (Beside tasks of its own, such a list
    // is a log: `- [done] 2024-05-01 renamed --out`.)
    // So may a plan whose only groups are numbered items holding checklists, when they are
    // some of those steps (`3. Narrative — IN PROGRESS` over its boxes among `1. … — DONE`).
    let carried =
        !plan.groups.is_empty() && plan.groups.iter().all(|g| g.form == GroupForm::ListItem && g.by_tasks);
    if (plan.groups.is_empty() || carried) && !roles.iter().any(|r| matches!(r, Role::Group(_))) {
        let steps = status_items(text, &outline.blocks);
        let among = |at: usize| {
            steps.iter().any(
                |&i| matches!(&outline.blocks[i as usize], Block::Item { line, .. } if line.contains(&at)),
            )
        };
        let more = !carried || (steps.len() > plan.groups.len() && plan.groups.iter().all(|g| among(g.at)));
        if !steps.is_empty() && more {
            let again = walk(text, doc.body(), &outline, &roles, steps, None);
            if plan.tasks.is_empty() || again.tasks.iter().all(|t| t.group.is_some()) {
                let Some(bare) = kept_by_hand(&again, &roles) else { return again };
                for (h, titled) in bare {
                    roles[h] = Role::Group(titled);
                }
                return walk(text, doc.body(), &outline, &roles, Vec::new(), None);
            }
        }
    }
    // Headings with no id, read once more as groups: after a plan's groups, bins over a
    // checklist no group holds (`## Later`, `## Backlog`); in a plan with tasks and no groups in
    // any form, the headings it is kept under by hand (`## Backend`, `## Frontend`).
    let found = if let Some(bare) = kept_by_hand(&plan, &roles) {
        bare
    } else if !plan.groups.is_empty() {
        let orphans: Vec<usize> = plan
            .tasks
            .iter()
            .filter(|t| t.group.is_none() && t.form == TaskForm::Checkbox)
            .map(|t| t.at)
            .collect();
        straggler_groups(text, &outline.blocks, &roles, &orphans)
    } else {
        bare_groups(text, &outline.blocks, &roles)
    };
    if !found.is_empty() {
        for (h, titled) in found {
            roles[h] = Role::Group(titled);
        }
        return walk(text, doc.body(), &outline, &roles, Vec::new(), None);
    }
    if !plan.groups.is_empty() {
        return plan;
    }
    // Or in plain lines (`step 2 (done): …`): read once more with those as headings, when some
    // state a status or hold work and every task falls in one (`Step 1: run hugo` in a runbook
    // beside the checklists is prose).
    let mut lines = Outline { blocks: outline.blocks.clone() };
    if plain_headings(text, &mut lines.blocks) {
        let roles = classify_headings(text, &lines.blocks);
        if roles.iter().any(|r| matches!(r, Role::Group(_))) {
            let read = walk(text, doc.body(), &lines, &roles, Vec::new(), None);
            let stated = read.groups.iter().any(|g| g.stored().is_some() || !g.tasks.is_empty());
            if stated && holds_work(text, &lines.blocks, &read) {
                return read;
            }
        }
    }
    // Plain lines made headings by `find`, read as groups when two or more say how they stand
    // in words or symbols and they hold the plan's work (see `holds_work`).
    type Lines = fn(&str, &mut [Block]) -> bool;
    let lined = |find: Lines| {
        let mut lines = Outline { blocks: outline.blocks.clone() };
        if !find(text, &mut lines.blocks) {
            return None;
        }
        let roles = classify_headings(text, &lines.blocks);
        let read = walk(text, doc.body(), &lines, &roles, Vec::new(), None);
        let stated =
            read.groups.iter().filter(|g| g.indicators.iter().any(|i| i.place != Place::Checkbox)).count();
        (stated >= 2 && holds_work(text, &lines.blocks, &read)).then_some(read)
    };
    // Or under bold lines, two or more saying how they stand (`**data**  done`, `**storage —
    // 60%**`), or plain ones (`DESIGN - done`, `week 1 (ch 1-4) ok`): the groups of a plan
    // kept by hand, when they hold every task; or lines numbered in order read as the last
    // resort below, when they are more steps (`III. Research narrative` beside `II.  Specific
    // aims page — started`).
    type Steps = fn(&str, &mut [Block]) -> Vec<(usize, syntax::Titled)>;
    for find in [bold_steps as Steps, plain_steps] {
        let mut lines = Outline { blocks: outline.blocks.clone() };
        let steps = find(text, &mut lines.blocks);
        if steps.len() >= 2 {
            let mut roles = classify_headings(text, &lines.blocks);
            for (h, titled) in steps {
                roles[h] = Role::Group(titled);
            }
            let read = walk(text, doc.body(), &lines, &roles, Vec::new(), None);
            if holds_work(text, &lines.blocks, &read) {
                // (Only when it keeps every step read: a roman-numbered list of books beside
                // the steps is no more steps.)
                let keeps = |more: &Plan<'_>| {
                    more.groups.len() > read.groups.len()
                        && read.groups.iter().all(|g| more.groups.iter().any(|m| m.at == g.at))
                };
                return lined(numbered_runs).filter(keeps).unwrap_or(read);
            }
        }
    }
    // Or under bold labels, each over its checklist (`**iOS** — Karol` over `- [x] …`): the
    // headings of a plan kept by hand, when they hold every task.
    let mut labelled = Outline { blocks: outline.blocks.clone() };
    if !plan.tasks.is_empty() && bold_labels(text, &mut labelled.blocks) {
        let mut roles = classify_headings(text, &labelled.blocks);
        let bare = bare_groups(text, &labelled.blocks, &roles);
        if !bare.is_empty() {
            for (h, titled) in bare {
                roles[h] = Role::Group(titled);
            }
            let read = walk(text, doc.body(), &labelled, &roles, Vec::new(), None);
            if read.tasks.iter().all(|t| t.group.is_some()) {
                return read;
            }
        }
    }
    // Or under plain lines numbered in order (`Fase 1 – smontaggio`, `Fase 2 – …`, `Fase 3 –
    // …`), or as a list under a plain line naming the stages (`Steps` over `1. ✅ Profile in
    // staging`), when two or more say how they stand in words or symbols (a checklist's boxes
    // are its tasks', `Question 1: …` in notes says nothing) and they hold every task.
    for find in [numbered_runs as Lines, section_lines] {
        if let Some(read) = lined(find) {
            return read;
        }
    }
    plan
}

/// Every task of `read` is in one of its groups, or under a heading of its own naming bugs,
/// errors, decisions, tests or what comes next (`### bugs` over a checklist after the
/// milestones' lines): steps read in plain lines hold the plan's work, not prose beside it.
fn holds_work(text: &str, blocks: &[Block], read: &Plan<'_>) -> bool {
    let mut loose = read.tasks.iter().filter(|t| t.group.is_none()).map(|t| t.at).peekable();
    if loose.peek().is_none() {
        return true;
    }
    let heads: Vec<&Range<usize>> = blocks
        .iter()
        .filter_map(|b| match b {
            Block::Heading { line, .. } => Some(line),
            _ => None,
        })
        .collect();
    loose.all(|at| {
        let under = heads.partition_point(|h| h.start <= at).checked_sub(1).map(|h| heads[h]);
        under.is_some_and(|h| {
            let name = text[h.clone()].trim_start_matches('#');
            matches!(
                section_of(name),
                Section::Issues | Section::Errors | Section::Decisions | Section::Tests | Section::Next
            )
        })
    })
}

/// Room for the tasks of a large plan, its memory touched. Filling 15 MB of fresh pages one
/// task at a time costs the walk of a 100,000-task plan about 8 ms of page faults; here they are
/// faulted in on one core while the outline is scanned on the other. Sized for a task on each
/// line that may hold one (an item, a quoted item, a row, a heading); a plan with more grows.
fn task_room<'a>(text: &str) -> Vec<Task<'a>> {
    let bytes = text.as_bytes();
    let starts = std::iter::once(0).chain(memchr::memchr_iter(b'\n', bytes).map(|i| i + 1));
    let lines = starts
        .filter(|&at| {
            let first = bytes[at.min(bytes.len())..].iter().find(|b| !matches!(b, b' ' | b'\t'));
            matches!(first, Some(b'-' | b'*' | b'+' | b'|' | b'#' | b'>' | b'0'..=b'9'))
        })
        .count();
    let mut room = Vec::with_capacity(lines);
    // One write in each page is enough to bring it in.
    for slot in room.spare_capacity_mut().iter_mut().step_by((4096 / size_of::<Task>()).max(1)) {
        slot.write(Task {
            id: None,
            text: "",
            status: Status::Pending,
            form: TaskForm::Checkbox,
            indicator: None,
            group: None,
            nested: false,
            struck: false,
            annotations: annotations::Annotations::default(),
            at: 0,
            unknown_mark: false,
        });
    }
    room
}

/// The heading (its place among the headings) each of `offsets` sits under, if any.
fn headings_over(blocks: &[Block], offsets: impl Iterator<Item = usize>) -> Vec<Option<usize>> {
    let starts: Vec<usize> = blocks
        .iter()
        .filter_map(|b| match b {
            Block::Heading { line, .. } => Some(line.start),
            _ => None,
        })
        .collect();
    offsets.map(|at| starts.partition_point(|&s| s <= at).checked_sub(1)).collect()
}

/// One walk over the outline, each heading in its role, then the front matter before `body`;
/// `status_items` are items to read as groups (see [`status_items`]).
fn walk<'a>(
    text: &'a str,
    body: usize,
    outline: &Outline,
    roles: &[Role],
    status_items: Vec<u32>,
    room: Option<Vec<Task<'a>>>,
) -> Plan<'a> {
    let heading_groups = roles.iter().any(|r| matches!(r, Role::Group(_)));
    let specs = if heading_groups { Vec::new() } else { spec_items(text, &outline.blocks) };
    let mut w = Walk {
        text,
        plan: Plan {
            text,
            title: None,
            goal: None,
            current: None,
            current_mark: None,
            task_mark: None,
            next_step: None,
            current_at: None,
            groups: Vec::new(),
            // At most one task per list item, text line and row: no regrowth on a big plan.
            tasks: room.unwrap_or_else(|| Vec::with_capacity(outline.blocks.len())),
            tables: Vec::new(),
            sections: Vec::new(),
            vocabulary: Vocabulary::default(),
            status_label: None,
            dash_started: !specs.is_empty(),
            heading_tasks: Vec::new(),
        },
        table_groups: Vec::new(),
        list_groups: Vec::new(),
        section_list: (0, false),
        stated_items: Vec::new(),
        group_words: group_words(text, &outline.blocks, roles),
        carriers: if heading_groups {
            Vec::new()
        } else {
            with_specs(carriers(text, &outline.blocks), &specs)
        },
        specs,
        symbol_marks: symbol_marks(text, &outline.blocks),
        item_runs: if heading_groups { Vec::new() } else { item_runs(text, &outline.blocks) },
        status_items,
        rounds: Vec::new(),
        section: (Section::Other, 0),
        captured: [false; 4],
        group: None,
        round: None,
        entity: Entity::None,
        heading_groups,
        top_item: None,
        list_group: None,
        tables: Vec::new(),
        current_labels: Vec::new(),
        current_statuses: Vec::new(),
        goal_in_italics: false,
        after_heading: false,
        doing_this: None,
        summary: None,
        pointers: Vec::new(),
        plain_items: Vec::new(),
        step_rows: false,
        detail: None,
        detail_tasks: Vec::new(),
        status_rows: StatusRows::default(),
        table_from: 0,
    };
    // A legend teaches its symbols to the whole file, above it too.
    w.learn_legend(&outline.blocks);
    let mut roles = roles.iter();
    for (index, block) in outline.blocks.iter().enumerate() {
        match block {
            Block::Heading { level, line, end } => {
                let role = roles.next().cloned().unwrap_or(Role::Plain);
                w.heading(*level, line.clone(), *end, role);
            }
            Block::Item { line, parent } => w.item(index as u32, line.clone(), *parent),
            Block::Text { line } => w.text_line(line.clone()),
            Block::Row { line, header, table } => w.row(line.clone(), *header, *table as usize),
        }
        w.after_heading = matches!(block, Block::Heading { .. });
    }
    w.front_matter(body);
    w.finish()
}

fn shift(r: &Range<usize>, by: usize) -> Range<usize> {
    r.start + by..r.end + by
}

impl<'a> Walk<'a> {
    fn next_line_start(&self, end: usize) -> usize {
        memchr::memchr(b'\n', &self.text.as_bytes()[end..]).map_or(self.text.len(), |i| end + i + 1)
    }

    fn heading(&mut self, level: u8, line: Range<usize>, end: usize, role: Role) {
        self.close_checklist();
        let text = self.text;
        let raw = &text[line.clone()];
        let ht = syntax::heading_text(raw);
        let base = line.start + ht.start;
        let htext = &text[base..line.start + ht.end];
        let title = self.plan.title.is_none() && level == 1;
        if title {
            self.plan.title = Some(strip_title_prefix(htext));
        }
        if self.section.0 != Section::Other && level <= self.section.1 {
            self.section = (Section::Other, 0);
        }
        // A heading under a phases section whose table gave its groups details one of them
        // (`## Fasi` › table › `### Dettaglio fase 3` over its checklist): its items are tasks.
        if self.section.0 == Section::Groups && level > self.section.1 && !self.table_groups.is_empty() {
            self.section = (Section::Other, 0);
        }
        if let Some(open) = self.plan.sections.last_mut().filter(|s| s.end == usize::MAX && level <= s.level)
        {
            open.end = line.start;
        }
        // A title (`# Roadmap`) names the whole file, not a section of its groups; a group (a
        // board's `## Now`) is no section.
        // `## Current Group: 3`, `## Current phase: Phase 3 (blocked)`, `## 현재 단계: 2단계`: a
        // label with its value, whatever its words would name as a section.
        let label = syntax::current_label(htext).filter(|_| matches!(role, Role::Plain));
        let section = match section_of(htext) {
            Section::Groups if title => Section::Other,
            _ if matches!(role, Role::Group(_)) || label.is_some() => Section::Other,
            section => section,
        };
        if let Some(v) = label {
            let value = htext[v.clone()].trim();
            if !value.is_empty() {
                let at = base + v.start + (htext[v.clone()].len() - htext[v].trim_start().len());
                push_capped(&mut self.current_labels, Line { text: value, range: at..at + value.len() });
            }
        }
        if section != Section::Other {
            self.section = (section, level);
            let log = match section {
                Section::Errors => Some(Log::Errors),
                Section::Decisions => Some(Log::Decisions),
                Section::Tests => Some(Log::Tests),
                _ => None,
            };
            if let Some(log) = log {
                let body = self.next_line_start(end);
                self.plan.sections.push(SectionSpan { log, level, body, end: usize::MAX });
            }
        }
        if self.group.is_some_and(|(_, l)| level <= l) {
            self.group = None;
        }
        if self.round.is_some_and(|(_, l)| level <= l) {
            self.round = None;
        }
        if self.detail.is_some_and(|(_, l)| level <= l) {
            self.detail = None;
        }
        if matches!(role, Role::Plain) && !self.table_groups.is_empty() && !self.heading_groups {
            self.detail = self.named_step(htext).map(|g| (g, level));
        }
        self.entity = Entity::None;
        let insert_at = self.next_line_start(end);
        match role {
            Role::Group(g) => {
                let mut indicators = self.indicators(&g.statuses, base, Place::Heading);
                // A board's column (`## Doing`): its title is its status, and no edit renames it.
                let title = shift(&g.title, base);
                for i in indicators.iter_mut().filter(|i| !title.is_empty() && i.range == title) {
                    i.place = Place::Column;
                }
                let index = self.plan.groups.len();
                // A heading with no id (`## Backend`) is numbered by its place.
                let id = match g.id.is_empty() {
                    true => Cow::Owned((index + 1).to_string()),
                    false => Cow::Borrowed(&text[shift(&g.id, base)]),
                };
                let (title, word) = (&text[shift(&g.title, base)], &text[shift(&g.word, base)]);
                let tasks = self.plan.tasks.len()..self.plan.tasks.len();
                self.plan.groups.push(Group {
                    insert_at,
                    // Struck through as a whole, or its title (`## 6. ~~Live reload~~`).
                    struck: syntax::struck_whole(htext) || syntax::struck_title(title),
                    tasks,
                    ..Group::new(id, title, word, GroupForm::Heading, line.start, indicators)
                });
                self.rounds.push(self.round.map(|(id, _)| id));
                if self.plan.current_mark.is_none()
                    && let Some(mark) =
                        syntax::current_mark(htext).or_else(|| syntax::lead_current_mark(htext))
                {
                    self.plan.current_mark = Some((index, shift(&mark, base)));
                }
                self.group = Some((index, level));
                self.entity = Entity::Group(index);
            }
            Role::Round(g) => self.round = Some((&text[shift(&g.id, base)], level)),
            Role::Task(t) => {
                // In a plan without group headings, task headings are its tasks all the same.
                let group = self.group.map(|(g, _)| g);
                if group.is_some() || !self.heading_groups {
                    let indicator = self.indicators(&t.statuses, base, Place::Heading).into_iter().next();
                    let (words, annotations) = annotations::read(text, shift(&t.title, base));
                    let index = self.push_task(Task {
                        id: Some(&text[shift(&t.id, base)]),
                        text: &text[words],
                        status: indicator.as_ref().map_or(Status::Pending, |i| i.status),
                        form: TaskForm::Heading,
                        indicator,
                        group,
                        nested: false,
                        struck: false,
                        annotations,
                        at: line.start,
                        unknown_mark: false,
                    });
                    self.plan.heading_tasks.push((line.start, insert_at));
                    self.entity = Entity::Task(index);
                }
            }
            Role::Plain => {}
        }
    }

    fn indicators(&mut self, found: &[syntax::Found], base: usize, place: Place) -> Vec<Indicator> {
        // A cross says "not going ahead": blocked, or dropped. A word beside it that says
        // dropped narrows it (`## ❌ Part 3: Gateway (abandoned)`: both say skipped, and a set
        // rewrites both). (A tick beside `部分完了` stays a tick: that is a contradiction.)
        let text = self.text;
        let worded = |f: &syntax::Found| text[shift(&f.range, base)].chars().any(char::is_alphabetic);
        let narrowed = |f: &syntax::Found| {
            !f.boxed
                && f.status == Status::Blocked
                && !worded(f)
                && found.iter().any(|w| worded(w) && w.status == Status::Skipped)
        };
        found
            .iter()
            .map(|f| {
                let range = shift(&f.range, base);
                let place = match (f.boxed, f.share) {
                    (true, _) => Place::Checkbox,
                    (_, true) => Place::Share,
                    _ => place,
                };
                let status = if narrowed(f) { Status::Skipped } else { f.status };
                let status = self.plan.vocabulary.reading(&text[range.clone()], status);
                self.plan.vocabulary.note(place, status, &self.text[range.clone()]);
                Indicator { status, range, place }
            })
            .collect()
    }

    fn push_task(&mut self, task: Task<'a>) -> usize {
        let index = self.plan.tasks.len();
        if let Some(g) = task.group {
            let groups =
                if self.plan.groups.len() > g { &mut self.plan.groups } else { &mut self.table_groups };
            groups[g].tasks.end = index + 1;
        }
        self.plan.tasks.push(task);
        index
    }

    /// The first non-empty line of the goal, current group and next step sections. A goal line
    /// wholly in italics (a template's `_Define the objective…_`) gives way to a `Goal:` label.
    fn capture(&mut self, content: Range<usize>) {
        let slot = match self.section.0 {
            Section::Goal => 0,
            Section::Current | Section::CurrentLike => 1,
            Section::Next => 2,
            Section::Status => 3,
            _ => return,
        };
        if self.captured[slot] {
            return;
        }
        let mut s = &self.text[content.clone()];
        let mut at = content.start;
        if let Some((_, _, len)) = syntax::checkbox(s) {
            s = &s[len..];
            at += len;
        }
        let lead = s.len() - s.trim_start().len();
        let s = s.trim();
        // A template's slot (`[One sentence describing the end state]`) is no goal yet.
        if s.is_empty() || (slot == 0 && is_bracketed_slot(s)) {
            return;
        }
        self.captured[slot] = true;
        // `Goal: re-index only…` under `## Purpose`: the label's value.
        let (s, lead) = match syntax::goal_label(s).filter(|_| slot == 0) {
            Some(v) if !s[v.clone()].trim().is_empty() => {
                let value = s[v.clone()].trim();
                (value, lead + v.start + (s[v.clone()].len() - s[v].trim_start().len()))
            }
            _ => (s, lead),
        };
        let line = Line { text: s, range: at + lead..at + lead + s.len() };
        match slot {
            0 => {
                self.plan.goal = Some(s);
                self.goal_in_italics = is_italic(s);
            }
            1 if self.section.0 == Section::CurrentLike => push_capped(&mut self.current_labels, line),
            1 => self.plan.current = Some(line),
            2 => self.plan.next_step = Some(line),
            _ => self.summary = Some((line, content.start)),
        }
    }

    fn item(&mut self, index: u32, line: Range<usize>, parent: Option<u32>) {
        let text = self.text;
        if parent.is_none() {
            self.top_item = Some(index);
        }
        let raw = &text[line.clone()];
        // An item's range may start at its indentation rather than at its marker.
        let lead = syntax::content_start(raw);
        let Some(marker) = syntax::list_marker(&raw[lead..]) else {
            return;
        };
        let content = line.start + lead + marker..line.end;
        self.capture(content.clone());
        let s = &text[content.clone()];
        let boxed = syntax::checkbox(s);
        let digits = raw[lead..].bytes().take_while(u8::is_ascii_digit).count();
        let ordered = (digits > 0).then(|| line.start + lead..line.start + lead + digits);
        if parent.is_none()
            && (!self.heading_groups || self.group.is_none())
            && self.list_group_item(index, content.clone(), boxed, ordered)
        {
            return;
        }
        let in_list_group = self.list_group.filter(|&(item, _)| self.top_item == Some(item) && item != index);
        let nested = parent.is_some_and(|p| in_list_group.is_none_or(|(item, _)| item != p));
        // `- [x] **Status:** complete` under a group heading is its status line, not a task.
        if let Some((_, _, len)) = boxed
            && matches!(self.entity, Entity::Group(_))
            && text[content.start + len..content.end].starts_with("**")
            && syntax::status_label(&text[content.start + len..content.end]).is_some()
        {
            self.label_line(content.start + len..content.end);
            return;
        }
        let named = self.list_groups.last().is_some_and(|(_, at)| *at == line.start);
        if parent.is_none() && self.group.is_none() && boxed.is_some() && !named {
            self.section_list.1 = true;
        }
        if !self.checkbox_task(line.start, content.clone(), nested, in_list_group.map(|(_, g)| g)) {
            // (A note in a list says where the work is too: `- Currently working on phase 4`;
            // not one under a group, which speaks of that group's work.)
            if parent.is_none() && !matches!(self.entity, Entity::Group(_)) {
                self.pointer(content.clone());
            }
            if parent.is_none() && self.heading_groups {
                self.plain_items.push(content.clone());
            }
            self.label_line(content.clone());
            // The first item under a group's heading may say where it stands, as a sentence of
            // its own (`- отложено. Артём говорит…`) or after a status symbol (`- ⏸ parado: Meta
            // tiene que verificar…`); not a label over a list (`- Skipped: 2 flaky tests`,
            // `- Blocked: none`, `- Deferred: payments (v2)`).
            if parent.is_none() && syntax::states_alone(&text[content.clone()]) {
                self.sentence_status(content);
            }
        }
    }

    /// A checkbox task on the line at `line_start` whose box starts `content`; false when
    /// there is no box.
    fn checkbox_task(
        &mut self,
        line_start: usize,
        content: Range<usize>,
        nested: bool,
        list_group: Option<usize>,
    ) -> bool {
        let text = self.text;
        let s = &text[content.clone()];
        let boxed = syntax::checkbox(s);
        let unknown = match boxed {
            Some(_) => None,
            None => syntax::unknown_checkbox(s),
        };
        // `[] text`: a box written without its space, open (its mark is empty).
        let empty = (boxed.is_none() && unknown.is_none() && s.starts_with("[] "))
            .then(|| 2 + s[2..].len() - s[2..].trim_start().len());
        // `✓ text` / `⬜ text` in a plan that writes its boxes as symbols.
        let symbol = (self.symbol_marks && boxed.is_none() && unknown.is_none() && empty.is_none())
            .then(|| syntax::status_symbol(s))
            .flatten();
        if let Some((status, mark, len)) = symbol {
            let range = content.start..content.start + mark;
            let status = self.plan.vocabulary.reading(&text[range.clone()], status);
            self.plan.vocabulary.note(Place::Symbol, status, &text[range.clone()]);
            let indicator = Indicator { status, range, place: Place::Symbol };
            return self.push_checkbox_task(
                line_start,
                content.start + len..content.end,
                indicator,
                nested,
                list_group,
                None,
            );
        }
        let Some((status, at, len)) = boxed
            .or(unknown.map(|(at, _, len)| (Status::Pending, at, len)))
            .or(empty.map(|len| (Status::Pending, 1, len)))
        else {
            return false;
        };
        // In a spec's list, `[-]` on its own items is work under way, unless their words say
        // dropped (`~~interactive mode~~`, `(dropped)`).
        let in_spec = self.top_item.is_some_and(|t| self.specs.binary_search(&t).is_ok());
        let dropped = || {
            let words = &s[len..];
            syntax::struck(words) || status::find(words).is_some_and(|t| t.status == Status::Skipped)
        };
        let status =
            if in_spec && status == Status::Skipped && !dropped() { Status::InProgress } else { status };
        let unknown_mark = unknown.map(|(at, mark, _)| &text[content.start + at..content.start + at + mark]);
        let char_at = content.start + at;
        let mark_len = unknown_mark.map_or(usize::from(empty.is_none()), str::len);
        if unknown_mark.is_none() {
            self.plan.vocabulary.note(Place::Checkbox, status, &text[char_at..char_at + mark_len]);
        }
        let indicator = Indicator { status, range: char_at..char_at + mark_len, place: Place::Checkbox };
        self.push_checkbox_task(
            line_start,
            content.start + len..content.end,
            indicator,
            nested,
            list_group,
            unknown_mark,
        )
    }

    /// A checklist task on the line at `line_start`, its mark read, `body` the rest.
    fn push_checkbox_task(
        &mut self,
        line_start: usize,
        body: Range<usize>,
        indicator: Indicator,
        nested: bool,
        list_group: Option<usize>,
        unknown_mark: Option<&'a str>,
    ) -> bool {
        let text = self.text;
        let group = list_group.or(self.group.map(|(g, _)| g)).or_else(|| self.detail_group());
        let (id, text_start) = match syntax::task_id(&text[body.clone()]) {
            Some((id, t)) => (Some(&text[shift(&id, body.start)]), body.start + t),
            None => (None, body.start),
        };
        let (words, annotations) = annotations::read(text, text_start..body.end);
        // An open box on words struck through (`- [ ] ~~GraphQL endpoint~~ not worth it`) is
        // work dropped by hand: skipped, never offered. Its box still says open.
        let struck = syntax::struck(&text[body]);
        // So is a card left open on a board's `## Doing` (or `## Blocked`) column: being done
        // (or waiting), never offered as ready work.
        let mut indicator = indicator;
        if indicator.place == Place::Checkbox
            && indicator.status == Status::Pending
            && unknown_mark.is_none()
            && let Some(reads) = open_box_reads(struck, group.and_then(|g| self.plan.groups.get(g)?.column()))
        {
            indicator.status = reads;
        }
        self.push_task(Task {
            id,
            text: text[words].trim(),
            status: indicator.status,
            form: TaskForm::Checkbox,
            indicator: Some(indicator),
            group,
            nested,
            struck,
            annotations,
            at: line_start,
            unknown_mark: unknown_mark.is_some(),
        });
        true
    }

    /// A top-level item that is a group when the plan has no group headings: one that starts
    /// with a group keyword (`- [x] 阶段 1：…`, `- [x] **Phase 0: Review** ✅`) anywhere, and under a
    /// phases-like section (`## Phases`, `## Steps`, `## Milestones`) any checkbox, bracket-word or
    /// numbered item (`- [x] 1. Migrate`, `- [x] Faz A: …`, `1. Build the index`).
    fn list_group_item(
        &mut self,
        index: u32,
        content: Range<usize>,
        boxed: Option<(Status, usize, usize)>,
        ordered: Option<Range<usize>>,
    ) -> bool {
        let text = self.text;
        let s = &text[content.clone()];
        let (mut indicators, mut skip) = match (boxed, syntax::bracket_word(s)) {
            (Some((st, at, len)), _) => (
                vec![Indicator {
                    status: match st {
                        Status::Skipped
                            if self.specs.binary_search(&index).is_ok()
                                && status::find(&s[len..]).is_none_or(|t| t.status != Status::Skipped) =>
                        {
                            Status::InProgress
                        }
                        st => st,
                    },
                    range: content.start + at..content.start + at + 1,
                    place: Place::Checkbox,
                }],
                len,
            ),
            (None, Some((st, word, len))) => (
                vec![Indicator { status: st, range: shift(&word, content.start), place: Place::Bracket }],
                len,
            ),
            (None, None) => (Vec::new(), 0),
        };
        let in_section = self.section.0 == Section::Groups;
        let status_item = self.status_items.binary_search(&index).is_ok();
        // `1. ✅ Astro project` under `## Steps`, or in a plan that writes its boxes as symbols;
        // beside group headings, before a group's word and id (`- ✅ **Part A — Scan**`), an
        // overview's (a lone one is a remark: see `close_checklist`).
        let mut opened = false;
        // (Or a symbol only the file's legend knows: `- 🟢 MS1 Daten` under `Legende: 🟢 fertig`.)
        if indicators.is_empty()
            && let Some((status, mark, len)) = syntax::status_symbol(s).or_else(|| self.legend_symbol(s))
            && (in_section
                || self.symbol_marks
                || status_item
                || (self.heading_groups && {
                    opened = self.names_heading_word(&s[len..]);
                    opened
                }))
        {
            let range = content.start..content.start + mark;
            let status = self.plan.vocabulary.reading(&text[range.clone()], status);
            indicators.push(Indicator { status, range, place: Place::Symbol });
            skip = len;
        }
        let rest = content.start + skip..content.end;
        let in_run = self.item_runs.binary_search(&index).is_ok();
        let keyed = syntax::group_heading(&text[rest.clone()]).or_else(|| {
            // Any word and an id, when a separator follows (`Faz A: …`, `Task 0: …`), not a
            // sentence that happens to start with a word and an acronym.
            // Beside group headings, one of their word stating its status after its title
            // (`- Sprint 14 — onboarding redesign ✅` in the archive of finished sprints).
            let w = syntax::word_heading(&text[rest.clone()]);
            let theirs = |w: &syntax::Titled| {
                self.heading_groups
                    && !w.statuses.is_empty()
                    && self.group_words.contains(&text[shift(&w.word, rest.start)].to_lowercase())
            };
            let w = w.filter(|w| in_section || in_run || opened || theirs(w))?;
            // (Not words that only look so: `2. ✅ Fix N+1: prefetch tags`.)
            if text[shift(&w.id, rest.start)].contains('+') {
                return None;
            }
            // (A date or remark may stand between: `Round 1 (2021) — first Hugo site ✅`.)
            let after = text[rest.start + w.id.end..rest.end].trim_start();
            let after = syntax::after_paren(after).unwrap_or(after);
            [":", "：", "—", "–", "- "].iter().any(|sep| after.starts_with(sep)).then_some(w)
        });
        // Beside group headings of a word and an id, one's bare id stating its status under a
        // heading that names progress (`- A: done (token in SSM)` under `## Progress`, for `###
        // Phase A — PagerDuty read`); not an issue's number under `## Known issues`.
        let keyed = keyed.or_else(|| {
            let k = syntax::id_status(&text[rest.clone()]).filter(|_| self.heading_groups)?;
            let id = &text[shift(&k.id, rest.start)];
            let heading = text[..rest.start].rfind("\n#").map(|at| &text[at + 1..])?;
            let heading = heading[..heading.find('\n').unwrap_or(heading.len())].to_lowercase();
            let progress = PROGRESS_WORDS.iter().any(|w| heading.contains(w));
            (progress && self.plan.groups.iter().any(|g| g.id == id && !g.word.is_empty())).then_some(k)
        });
        let carrier = self.carriers.binary_search(&index).is_ok();
        // A spec's `- [x] 2. Implement the model`: the number is the id.
        let keyed = keyed.or_else(|| {
            ((in_section || carrier) && !indicators.is_empty())
                .then(|| syntax::numbered_heading(&text[rest.clone()]))
                .flatten()
        });
        if keyed.is_none()
            && !carrier
            && !status_item
            && !(in_section && (!indicators.is_empty() || ordered.is_some()))
        {
            return false;
        }
        // A plain bullet that names a range of groups already read (`- Phase 1-4 Complete.`)
        // is a remark about them.
        if let Some(k) = keyed.as_ref().filter(|_| indicators.is_empty() && !in_section) {
            let id = &text[shift(&k.id, rest.start)];
            let known = |part: &str| self.plan.groups.iter().any(|g| g.id == part);
            if let Some((a, b)) = id.split_once(['-', '–', '~'])
                && known(a)
                && known(b)
            {
                return false;
            }
        }
        // A plain bullet naming a list's group already read (`- stage 5: not doing it after all`
        // in the notes under `- Stage 5 — decommission ❌`) is a remark about it. It states no
        // status, not even on a label after a sentence (`- 阶段 1：… 状态：complete` is another
        // round's group 1), and holds no checklist of its own (`- Stage 2: Build` over `  - [ ]
        // b` is the group, written again).
        let plain = indicators.is_empty() && !in_section && !self.heading_groups && self.round.is_none();
        let r = &text[rest.clone()];
        let next = text[content.end..].split_once('\n').map_or("", |(_, n)| n);
        let holds = next.starts_with([' ', '\t'])
            && syntax::list_marker(next.split('\n').next().unwrap_or_default().trim_start()).is_some();
        let labelled = || {
            r.match_indices(['。', '.', ';', '；'])
                .any(|(i, c)| syntax::status_label(r[i + c.len()..].trim_start()).is_some())
        };
        if let Some(k) = keyed.as_ref().filter(|k| plain && !holds && k.statuses.is_empty() && !labelled()) {
            let (id, word) = (&text[shift(&k.id, rest.start)], &text[shift(&k.word, rest.start)]);
            if !word.is_empty() && self.plan.groups.iter().any(|g| g.id == id && same_folded(g.word, word)) {
                return false;
            }
        }
        // Beside group headings, only a checklist item, one that states a status after its title
        // (an overview's `4. Phase 4 – Serving ⏳`) or one under a phases section, with an id, can
        // be the same group written again (not a bullet that mentions a phase).
        let by_status =
            !in_section && indicators.is_empty() && keyed.as_ref().is_some_and(|k| !k.statuses.is_empty());
        // The overview's item pointing at itself (`- Wave 3 — apps/web ← we are here`) names
        // the heading group it stands for as the current one.
        if self.heading_groups
            && keyed.is_some()
            && let Some(mark) = syntax::item_current_mark(&text[rest.clone()])
        {
            let name = text[rest.start..rest.start + mark.start].trim();
            let at = rest.start + (text[rest.clone()].len() - text[rest.clone()].trim_start().len());
            push_capped(&mut self.current_labels, Line { text: name, range: at..at + name.len() });
        }
        // Or one of the headings' groups dropped, struck through (see `insert_dropped`).
        // Its words and id set apart from its title (`~~Phase 7: GUI~~`), not a note struck
        // (`~~Phase 3 was going to be docs~~ merged into Phase 2`).
        // Not one crossed off saying how it stands after its strike (`~~Fase 1 – Raccolta~~
        // fatto il 12/2`): struck off as done.
        let struck = syntax::struck(r);
        let stated_after = struck
            && keyed.as_ref().is_some_and(|k| {
                let strike_end = r.rfind("~~").map_or(r.len(), |e| e + 2);
                k.statuses.iter().any(|f| f.range.start >= strike_end && f.status != Status::Skipped)
            });
        let dropped = indicators.is_empty()
            && !stated_after
            && struck
            && keyed.as_ref().is_some_and(|k| {
                let after = text[rest.start + k.id.end..rest.end].trim_start();
                [":", "：", "—", "–", "- "].iter().any(|sep| after.starts_with(sep))
            });
        if self.heading_groups
            && (keyed.is_none() || (!in_section && indicators.is_empty() && !by_status && !dropped))
        {
            return false;
        }
        let (id, title) = match &keyed {
            Some(k) => {
                // (A dropped one's strike is its status; words after it are a remark on it:
                // `~~Phase 3: GUI~~ — not doing this`.)
                if !dropped {
                    let extra: Vec<Indicator> = self.indicators(&k.statuses, rest.start, Place::Heading);
                    indicators.extend(extra);
                }
                let title = &text[shift(&k.title, rest.start)];
                // A dropped one's title ends where its strike does; a remark may follow.
                let title = match title.split_once("~~") {
                    Some((struck, _)) if dropped || stated_after => struck.trim_end(),
                    _ => title,
                };
                (&text[shift(&k.id, rest.start)], title)
            }
            None => {
                let (mut title, found) = syntax::strip_trailing_statuses(text, rest.clone());
                // (A bold title, then its status opening a remark: `**裝潢** 施工中，約 60%`.)
                let bold = found
                    .is_empty()
                    .then(|| syntax::bold_step(&text[rest.clone()]))
                    .flatten()
                    .filter(|b| !b.statuses.is_empty());
                let extra = match bold {
                    Some(bold) => {
                        title = shift(&bold.title, rest.start);
                        self.indicators(&bold.statuses, rest.start, Place::Heading)
                    }
                    None => self.indicators(&found, 0, Place::Heading),
                };
                indicators.extend(extra);
                let title = text[title].trim();
                // `**Experiments**`, and a carrier's `**Experiments** (@wei)`: the bold words.
                let title = match title.strip_prefix("**").and_then(|t| t.split_once("**")) {
                    // (A stated step's too, before its notes in brackets: `**試營運**（親友場）`;
                    // not `**Build** the frontend`, nor before a symbol of the plan's legend.)
                    Some((bold, after))
                        if !bold.is_empty()
                            && (after.is_empty()
                                || ((carrier
                                    || (status_item && after.trim_start().starts_with(['(', '（'])))
                                    && !after.contains("**"))) =>
                    {
                        bold
                    }
                    _ => title,
                };
                (ordered.map_or("", |r| &text[r]), title)
            }
        };
        for i in indicators.iter().filter(|i| i.place != Place::Heading) {
            self.plan.vocabulary.note(i.place, i.status, &text[i.range.clone()]);
        }
        let word = keyed.as_ref().map_or("", |k| &text[shift(&k.word, rest.start)]);
        let group = Group {
            tasks: self.plan.tasks.len()..self.plan.tasks.len(),
            by_tasks: carrier && keyed.is_none() && !in_section,
            // A step struck through (`6. ~~Vender el sofá~~ → al final me lo llevo`) is dropped.
            struck,
            ..Group::new(Cow::Borrowed(id), title, word, GroupForm::ListItem, content.start, indicators)
        };
        if self.heading_groups {
            let line = text[..content.start].rfind('\n').map_or(0, |i| i + 1);
            if (by_status && !dropped) || opened {
                self.stated_items.push(self.list_groups.len());
            }
            self.list_groups.push((group, line));
            return false;
        }
        let g = self.plan.groups.len();
        self.plan.groups.push(group);
        self.rounds.push(None);
        // An item points at itself (`- [ ] Phase 3: … ← CURRENT`, `3. **Etap 3** (bieżący)`).
        if self.plan.current_mark.is_none()
            && let Some(mark) = syntax::item_current_mark(&text[rest.clone()])
        {
            self.plan.current_mark = Some((g, rest.start + mark.start..rest.start + mark.end));
        }
        self.list_group = Some((index, g));
        self.entity = Entity::None;
        true
    }

    fn text_line(&mut self, line: Range<usize>) {
        let mut start = line.start + syntax::content_start(&self.text[line.clone()]);
        // `-[x] …` and `-**Status:** …`: a list item missing the space after its dash.
        let glued = self.text[start..line.end]
            .strip_prefix('-')
            .is_some_and(|r| r.starts_with('[') || r.starts_with("**"));
        if glued {
            start += 1;
        }
        let content = start..line.end;
        self.capture(content.clone());
        // `[x] Set up the store` without a list marker, indented under an item: a task all
        // the same (a known mark only; `[see below]` is prose).
        let indented = self.text[line.clone()].starts_with([' ', '\t']);
        if (indented || glued) && syntax::checkbox(&self.text[content.clone()]).is_some() {
            let list_group = self.list_group.filter(|&(item, _)| self.top_item == Some(item)).map(|(_, g)| g);
            self.checkbox_task(line.start, content, indented, list_group);
            return;
        }
        self.pointer(content.clone());
        self.row_mark(content.clone());
        self.label_line(content.clone());
        self.sentence_status(content);
    }

    /// `Última actualización: 14/11 — estamos en la fase 2.`, `- 現在はフェーズ3。`: where the
    /// work is, in prose, when the group follows the phrase at once.
    fn pointer(&mut self, content: Range<usize>) {
        let Some(at) = syntax::prose_pointer(&self.text[content.clone()]) else { return };
        // The group may be set in bold or code (`Estamos na **Fase 3**.`).
        let after = &self.text[content.start + at..content.end];
        let start = content.start + at + (after.len() - after.trim_start_matches(['*', '_', '`']).len());
        let clause = syntax::clause(&self.text[start..content.end]);
        push_capped(
            &mut self.pointers,
            Line { text: &self.text[start..start + clause], range: start..start + clause },
        );
    }

    /// A line of the groups in a row, one marked as where the work is (`Phase 3 ✓ · **Phase 4
    /// ← we are here** · Phase 5`): that one names the current group.
    fn row_mark(&mut self, content: Range<usize>) {
        let text = self.text;
        let line = &text[content.clone()];
        let Some(sep) = [" · ", " | ", " • "].into_iter().find(|s| line.contains(s)) else { return };
        // Only one part marked: two say nothing for sure.
        let mut marked = line.split(sep).filter_map(|part| {
            let part = part.trim().trim_matches(['*', '_']).trim();
            let at = syntax::arrow_mark(part)?;
            Some(part[..at].trim_end_matches(['*', '_', ' ']))
        });
        if let (Some(name), None) = (marked.next(), marked.next())
            && !name.is_empty()
        {
            let start = name.as_ptr() as usize - text.as_ptr() as usize;
            push_capped(&mut self.current_labels, Line { text: name, range: start..start + name.len() });
        }
    }

    /// A status label line attaches to the nearest heading's group or task; a `Goal:` label
    /// before the first group is the goal when there is no goal section.
    fn label_line(&mut self, content: Range<usize>) {
        let text = self.text;
        let s = &text[content.clone()];
        if (self.plan.goal.is_none() || self.goal_in_italics)
            && self.plan.groups.is_empty()
            && let Some(v) = syntax::goal_label(s)
        {
            let goal = text[shift(&v, content.start)].trim();
            if !goal.is_empty() {
                self.plan.goal = Some(goal);
                self.goal_in_italics = false;
            }
        }
        if let Some(v) = syntax::current_label(s) {
            let v = shift(&v, content.start);
            let value = text[v.clone()].trim();
            if !value.is_empty() {
                push_capped(
                    &mut self.current_labels,
                    Line { text: value, range: v.start..v.start + value.len() },
                );
            }
        }
        let Some(value) = syntax::status_label(s) else {
            return;
        };
        if self.entity == Entity::None {
            // A plan-level status line (`> Status: working on Part 4 (polling fallback)`) may
            // say where the work is: the group reference in it, found once the groups are known.
            if self.plan.groups.is_empty() {
                let v = shift(&value, content.start);
                let t = text[v.clone()].trim_end();
                push_capped(&mut self.current_statuses, Line { text: t, range: v.start..v.start + t.len() });
            }
            return;
        }
        let value = shift(&value, content.start);
        let lead = text[value.clone()].len() - text[value.clone()].trim_start().len();
        let value = value.start + lead..value.start + text[value.clone()].trim_end().len();
        if let Entity::Group(g) = self.entity {
            // The label as the file writes it, when it starts its line (not one field of several).
            let line_start = text[..content.start].rfind('\n').map_or(0, |i| i + 1);
            let prefix = text[line_start..value.start].trim_start_matches([' ', '\t', '>']);
            if self.plan.status_label.is_none()
                && !prefix.contains(['·', '|'])
                && prefix.chars().count() <= 24
            {
                self.plan.status_label = Some(prefix);
            }
            let group = &self.plan.groups[g];
            if syntax::value_status(&text[value.clone()]).is_none()
                && group.indicators.is_empty()
                && group.free_status.is_none()
                && !value.is_empty()
            {
                self.plan.groups[g].free_status = Some(value.clone());
            }
        }
        let Some(tok) = syntax::value_status(&text[value.clone()]) else {
            return;
        };
        let range = shift(&tok.range, value.start);
        let status = self.plan.vocabulary.reading(&text[range.clone()], tok.status);
        let indicator = Indicator { status, range: range.clone(), place: Place::Label };
        match self.entity {
            Entity::Group(g) => {
                let group = &mut self.plan.groups[g];
                if group.indicators.iter().any(|i| i.place == Place::Label) {
                    return;
                }
                if group.indicators.is_empty() {
                    group.note = note(&text[value.start..range.start], &text[range.end..value.end]);
                }
                group.indicators.push(indicator);
                // A bilingual value states it twice (`complete / 已完成`): both are its places.
                if let Some(second) = syntax::second_status(&text[range.end..value.end]) {
                    let range = shift(&second.range, range.end);
                    let status = self.plan.vocabulary.reading(&text[range.clone()], second.status);
                    self.plan.groups[g].indicators.push(Indicator { status, range, place: Place::Label });
                }
            }
            Entity::Task(t) => {
                let task = &mut self.plan.tasks[t];
                if task.indicator.is_some() {
                    return;
                }
                task.status = status;
                task.indicator = Some(indicator);
            }
            Entity::None => return,
        }
        // A wait read as blocked for its reason (`waiting — vendor key`) spells blocked only
        // with one: alone it reads not yet started, so it is no spelling to copy.
        if status::leading(&text[range.clone()]).is_some_and(|t| t.status != tok.status) {
            self.plan.vocabulary.note_prose(status, &text[range]);
            return;
        }
        self.plan.vocabulary.note(Place::Label, status, &text[range]);
    }

    /// A heading group's status in the words its first line starts with (`Done (Feb 12). …`,
    /// [`syntax::sentence_status`]) or a line after an arrow (`→ fatto`), when it states it
    /// nowhere else.
    fn sentence_status(&mut self, content: Range<usize>) {
        let Entity::Group(g) = self.entity else { return };
        let group = &self.plan.groups[g];
        if group.form != GroupForm::Heading {
            return;
        }
        // Or a line after an arrow anywhere under it (`→ fatto`), set apart at the line's start
        // (an indented one is a note on the item above it; under a step kept in plain lines with
        // no tasks, `Module 1 – Basics` over `  => DONE`, on the step).
        let line = &self.text[content.clone()];
        let plain = !syntax::opens_heading(&self.text[group.at..]);
        let flush = content.start == 0
            || self.text[..content.start].ends_with('\n')
            || (plain && group.tasks.is_empty());
        let arrow = syntax::arrow_status(line).filter(|_| flush);
        // (`Currently doing this.`: the step being done, as a task's `← doing this now` says.)
        if self.after_heading && self.doing_this.is_none() && syntax::doing_this(line) {
            self.doing_this = Some(g);
        }
        let tok = arrow.clone().or_else(|| syntax::sentence_status(line).filter(|_| self.after_heading));
        // Or a status word as the last sentence of the line (`Draft done, Marta read it. DONE.`).
        let tok = tok.or_else(|| syntax::closing_sentence_status(line).filter(|_| self.after_heading));
        let Some(tok) = tok else { return };
        let range = shift(&tok.range, content.start);
        let status = self.plan.vocabulary.reading(&self.text[range.clone()], tok.status);
        // Beside a symbol that means one thing in one plan and another in the next, the words
        // say which (`### ⏸️ Phase 4: Music` over `On hold — deciding …`): the symbol is the
        // status, the sentence the person's words on it, left as they are by a new status.
        let text = self.text;
        if arrow.is_none()
            && let [symbol] = group.indicators.as_slice()
            && symbol.place == Place::Heading
            && symbol.status != status
            && status::meanings(&text[symbol.range.clone()]).contains(&status)
        {
            let from = symbol.status;
            let symbol = &mut self.plan.groups[g].indicators[0];
            self.plan.vocabulary.forget(Place::Heading, from, &text[symbol.range.clone()]);
            symbol.status = status;
            return;
        }
        // (Beside a share done, the words say more: `## Phase 2: B (40%)` over `Blocked: vendor.`)
        if !group.indicators.iter().all(|i| i.place == Place::Share) {
            return;
        }
        // Prose is no spelling of the file's status lines: nothing is learned from it, but it is
        // remembered when it goes. A line after an arrow is one of those lines.
        // (A sentence after an arrow, `=> ON HOLD. Helen has to …`, is prose.)
        let alone = self.text[range.end..content.end].trim_matches(['*', '_', '.', '!', ' ']).is_empty();
        if arrow.is_some() && alone {
            self.plan.vocabulary.note(Place::Label, status, &self.text[range.clone()]);
        } else {
            self.plan.vocabulary.note_prose(status, &self.text[range.clone()]);
        }
        self.plan.groups[g].indicators.push(Indicator { status, range, place: Place::Label });
    }

    fn row(&mut self, line: Range<usize>, header: bool, table: usize) {
        let text = self.text;
        let raw = &text[line.clone()];
        let cells: Vec<Range<usize>> =
            syntax::cells(raw).into_iter().map(|c| shift(&c, line.start)).collect();
        if header {
            let mut kind = self.table_kind(&cells);
            if let TableKind::Log(log) = kind {
                // The delimiter row follows the header; rows (and new rows) go after it.
                let end = self.next_line_start(self.next_line_start(line.end));
                let log = [Log::Errors, Log::Decisions, Log::Tests][log.min(2)];
                let columns = cells.iter().map(|c| &text[c.clone()]).collect();
                kind = TableKind::Log(self.plan.tables.len());
                self.plan.tables.push(Table { log, header: line.clone(), columns, rows: Vec::new(), end });
            }
            if self.tables.len() <= table {
                self.tables.resize(table + 1, TableKind::Other);
            }
            // A table of groups by name beats one read by its status column alone.
            if matches!(kind, TableKind::Groups { by_status: false, .. }) && self.status_rows.rows > 0 {
                self.clear_table_groups();
                self.status_rows = StatusRows::default();
            }
            self.tables[table] = kind;
            self.table_from = self.table_groups.len();
            return;
        }
        let cell = |i: usize| cells.get(i).map_or("", |c| &text[c.clone()]);
        match self.tables.get(table).copied().unwrap_or(TableKind::Other) {
            TableKind::Log(t) => {
                // The stock template row `|  | 1 |  |` (a prefilled attempt count, no error) is
                // not an entry either.
                let placeholder = cells.iter().all(|c| is_placeholder(&text[c.clone()]))
                    || (cells.first().is_some_and(|c| is_placeholder(&text[c.clone()]))
                        && cells.iter().all(|c| {
                            let t = &text[c.clone()];
                            is_placeholder(t) || t.bytes().all(|b| b.is_ascii_digit())
                        }));
                // A dated row with nothing recorded after its date (`2026-02-05 | （待记录） | |`)
                // is a slot left for an entry, not an entry.
                let table = &mut self.plan.tables[t];
                let dated = table.columns.first().is_some_and(|c| {
                    TIME_COLUMNS.contains(&c.trim_matches(['*', '_', ' ']).to_lowercase().as_str())
                });
                // A remark alone in the first cell (`| (아직 없음) | | |`, `| _nothing yet_ | |`)
                // says the table is empty, in whatever language.
                let remark = cells.first().is_some_and(|c| {
                    let t = text[c.clone()].trim();
                    let wrapped =
                        |o: &str, e: &str| t.len() > o.len() + e.len() && t.starts_with(o) && t.ends_with(e);
                    wrapped("(", ")") || wrapped("（", "）") || wrapped("_", "_") || wrapped("*", "*")
                });
                // A row of numbers (`| 2024-02-03 | 612 |` under `## mypy error count`) is a
                // measurement, not an error met.
                let numeric = |c: &Range<usize>| {
                    let t = text[c.clone()].trim();
                    !t.is_empty()
                        && t.chars().all(|ch| ch.is_ascii_digit() || matches!(ch, ',' | '.' | '%' | ' '))
                };
                let measured = cells.len() > 1 && cells[usize::from(dated)..].iter().all(numeric);
                // A template's row (`| <error> | <n> | <resolution> |`, `| 示例：<错误信息> | <任务> |`):
                // every cell a slot to fill in, or empty; an attempt's number between two slots
                // too (`| [error message] | 1 | [how it was resolved] |`).
                let slots = cells.iter().filter(|c| template_slot(&text[(*c).clone()])).count();
                let count = |c: &Range<usize>| {
                    let t = text[c.clone()].trim();
                    slots >= 2 && (1..=2).contains(&t.len()) && t.bytes().all(|b| b.is_ascii_digit())
                };
                let template = slots > 0
                    && cells.iter().all(|c| {
                        is_placeholder(&text[c.clone()]) || template_slot(&text[c.clone()]) || count(c)
                    });
                // Or an example written wholly in italics (`| _(przykład)_ | _opis błędu_ | … |`).
                let filled: Vec<&str> =
                    cells.iter().map(|c| text[c.clone()].trim()).filter(|t| !t.is_empty()).collect();
                let template = template || (filled.len() >= 2 && filled.iter().all(|t| is_italic(t)));
                let placeholder = placeholder
                    || measured
                    || template
                    || ((dated || remark)
                        && cells.len() > 1
                        && cells[1..].iter().all(|c| is_placeholder(&text[c.clone()])));
                let end = self.next_line_start(line.end);
                let table = &mut self.plan.tables[t];
                table.rows.push(Row { line, cells, placeholder, measured });
                table.end = end;
            }
            TableKind::Groups { group, word, id, status, title, steps, by_status, task, next, coded } => {
                // `| Export job | P2 | In progress |` below the table of phases that gave P2: the
                // table lists tasks, each naming its group.
                if let Some(task) = task
                    && self.table_groups.len() == self.table_from
                    && self.named_table_group(cell(group)).is_some()
                {
                    let kind = TableKind::Tasks {
                        id,
                        task,
                        status,
                        by_status: false,
                        group: Some(group),
                        numbered: false,
                    };
                    self.tables[table] = kind;
                    return self.row(line, false, table);
                }
                let Some(st_cell) = cells.get(status).cloned() else {
                    return;
                };
                self.step_rows |= steps;
                let tok = status::leading(&text[st_cell.clone()])
                    .or_else(|| self.legend_cell(&text[st_cell.clone()]));
                if by_status {
                    self.status_rows.count(tok.as_ref().map(|t| t.status));
                }
                let indicators = match tok {
                    Some(tok) => {
                        let range = shift(&tok.range, st_cell.start);
                        let status = self.plan.vocabulary.reading(&text[range.clone()], tok.status);
                        self.plan.vocabulary.note(Place::Cell, status, &text[range.clone()]);
                        vec![Indicator { status, range, place: Place::Cell }]
                    }
                    // Or how far it is (`45%`): a share done, as after a title.
                    None => syntax::share_cell(&text[st_cell.clone()])
                        .map(|(status, range)| Indicator {
                            status,
                            range: shift(&range, st_cell.start),
                            place: Place::Share,
                        })
                        .into_iter()
                        .collect(),
                };
                // A blank status cell, or words pplan does not know (`19 feitas`): where `set`
                // writes.
                let free = indicators.is_empty().then_some(st_cell);
                let g = cell(group);
                // `**A — Console foundation**`, `Bill P1 — Backend`: an id and a title in one cell.
                let (g_id, g_title) = match coded.then(|| syntax::split_code(g)).flatten() {
                    Some(split) => split,
                    None => split_group_cell(g),
                };
                let ordinal = self.table_groups.len() + 1;
                // An id written with the title (`Bill P1 — Backend`) is the id; a name alone in
                // the cell (`| 4 | GA |`) gives way to the id column.
                let split = g_title != g;
                let order = if split { [Some(g_id), id.map(cell)] } else { [id.map(cell), Some(g_id)] };
                let id = order
                    .into_iter()
                    .flatten()
                    .find(|c| syntax::is_group_id(c))
                    .map_or_else(|| Cow::Owned(ordinal.to_string()), Cow::Borrowed);
                // A title in the group cell itself beats a description column; a table read by
                // its status column takes the next column's words after a bare id (`| 6 | Verdun |`).
                // A bare id with no title column (`| S3 | Tela de agenda | Em andamento |`) takes
                // the next column's words.
                let bare = syntax::is_group_id(g) || syntax::is_code(g);
                let title = title
                    .or(next.filter(|_| bare))
                    .map(cell)
                    .filter(|t| !t.is_empty() && !split && (!by_status || syntax::is_group_id(g)))
                    .unwrap_or(g_title);
                let word = &text[word.0..word.1];
                self.table_groups.push(Group {
                    free_status: free,
                    ..Group::new(id, title, word, GroupForm::TableRow, line.start, indicators)
                });
            }
            TableKind::Tasks { id, task, status, by_status, group, numbered } => {
                let g = match group {
                    Some(c) => self.named_table_group(cell(c)),
                    None => self.group.map(|(g, _)| g),
                };
                let Some(st_cell) = cells.get(status).cloned() else {
                    return;
                };
                let tok = status::leading(&text[st_cell.clone()])
                    .or_else(|| self.legend_cell(&text[st_cell.clone()]));
                if by_status && tok.is_none() {
                    return;
                }
                let indicator = tok.map(|tok| {
                    let range = shift(&tok.range, st_cell.start);
                    let status = self.plan.vocabulary.reading(&text[range.clone()], tok.status);
                    self.plan.vocabulary.note(Place::Cell, status, &text[range.clone()]);
                    Indicator { status, range, place: Place::Cell }
                });
                let id = id
                    .map(cell)
                    .filter(|s| !s.is_empty() && !is_placeholder(s))
                    .filter(|s| !(numbered && s.bytes().all(|b| b.is_ascii_digit())));
                let span = cells.get(task).cloned().unwrap_or(line.end..line.end);
                let (words, annotations) = annotations::read(text, span);
                self.push_task(Task {
                    id,
                    text: &text[words],
                    status: indicator.as_ref().map_or(Status::Pending, |i| i.status),
                    form: TaskForm::TableRow,
                    indicator,
                    group: g,
                    nested: false,
                    struck: false,
                    annotations,
                    at: line.start,
                    unknown_mark: false,
                });
            }
            // A table of fields (`| Current phase | B |`) may name the current group.
            TableKind::Other => {
                if let [key, value, ..] = cells.as_slice()
                    && syntax::is_current_name(&text[key.clone()])
                    && !value.is_empty()
                {
                    push_capped(
                        &mut self.current_labels,
                        Line { text: &text[value.clone()], range: value.clone() },
                    );
                }
            }
        }
    }

    /// The group of an earlier table a cell names (`P2`, `Phase 2`), outside group headings, when
    /// the task read next can join its tasks: they stay one run, in file order.
    fn named_table_group(&mut self, cell: &str) -> Option<usize> {
        if self.group.is_some() || !self.plan.groups.is_empty() {
            return None;
        }
        let (id, _) = split_group_cell(cell.trim());
        let next = self.plan.tasks.len();
        let g = self.table_groups[..self.table_from].iter().position(|g| !id.is_empty() && g.id == id)?;
        let tasks = &mut self.table_groups[g].tasks;
        if tasks.start == tasks.end {
            *tasks = next..next;
        }
        (tasks.end == next).then_some(g)
    }

    /// The step of a table of steps a heading names by the table's word and the step's id
    /// (`## Détails de l'étape 4` below `| # | Étape | Statut |`, `### Step 2 notes`), or the
    /// group of a table a heading names by its code (`## Detalhes da S3` below `| S3 | … |`).
    fn named_step(&self, heading: &str) -> Option<usize> {
        let lower = heading.to_lowercase();
        // By its code, first or last in a short heading (`Detalhes da S3`, `S3 notes`), not
        // in a sentence (`Why M2 depends on M1`, `S3 bucket setup (AWS)`).
        let words: Vec<&str> = heading.split_whitespace().collect();
        let ends = [words.first(), words.last()];
        let coded = self
            .table_groups
            .iter()
            .position(|g| syntax::is_code(&g.id) && ends.iter().flatten().any(|w| **w == g.id));
        if words.len() <= 3 && coded.is_some() {
            return coded;
        }
        if !self.step_rows {
            return None;
        }
        self.table_groups.iter().position(|g| {
            let (word, id) = (g.word.to_lowercase(), g.id.to_lowercase());
            !word.is_empty()
                && !id.is_empty()
                && lower.match_indices(word.as_str()).any(|(i, _)| {
                    // A word of its own, then a space or more, then the id.
                    let after = &lower[i + word.len()..];
                    let rest = after.trim_start_matches(' ');
                    (i == 0 || lower[..i].ends_with([' ', '\'', '’']))
                        && rest.len() < after.len()
                        && rest
                            .strip_prefix(id.as_str())
                            .is_some_and(|r| !r.starts_with(char::is_alphanumeric))
                })
        })
    }

    /// The step a checklist under a heading naming it belongs to (see [`Walk::named_step`]),
    /// while its tasks stay one run.
    fn detail_group(&mut self) -> Option<usize> {
        let (g, _) = self.detail.filter(|_| self.plan.groups.is_empty())?;
        let next = self.plan.tasks.len();
        let tasks = &mut self.table_groups.get_mut(g)?.tasks;
        if tasks.start == tasks.end {
            *tasks = next..next;
        }
        let joins = tasks.end == next;
        if joins {
            self.detail_tasks.push(next);
        }
        joins.then_some(g)
    }

    /// Forget the groups tables gave, and the tasks given to them by a heading.
    fn clear_table_groups(&mut self) {
        self.table_groups.clear();
        for t in std::mem::take(&mut self.detail_tasks) {
            self.plan.tasks[t].group = None;
        }
        self.detail = None;
    }

    fn table_kind(&self, cells: &[Range<usize>]) -> TableKind {
        let names: Vec<String> =
            cells.iter().map(|c| self.text[c.clone()].trim_matches(['*', '_', ' ']).to_lowercase()).collect();
        let col = |set: &[&str]| names.iter().position(|n| set.contains(&n.as_str()));
        let first_data = usize::from(
            names
                .first()
                .is_some_and(|n| TIME_COLUMNS.contains(&n.as_str()) || ID_COLUMNS.contains(&n.as_str())),
        );
        // An issue beside its attempts or its fix (`| Issue | Tried | Outcome |`, `| # | Problem |
        // Fix |`) is an error met too.
        let handled = names.iter().any(|n| {
            [ATTEMPT_COLUMNS, rows::ATTEMPT_WORDS, RESOLUTION_COLUMNS, rows::RESOLUTION_WORDS]
                .iter()
                .any(|set| set.contains(&n.as_str()))
        });
        let errorish = names.get(first_data).is_some_and(|n| {
            rows::ERROR_WORDS.iter().any(|e| n.starts_with(e))
                || (handled && ISSUE_COLUMNS.contains(&n.as_str()))
        });
        // Before parsing, `Log(0)` means errors, `Log(1)` decisions, `Log(2)` tests (see `row`).
        if matches!(self.section.0, Section::Errors | Section::Issues) || errorish {
            return TableKind::Log(0);
        }
        if self.section.0 == Section::Decisions {
            return TableKind::Log(1);
        }
        if self.section.0 == Section::Tests {
            return TableKind::Log(2);
        }
        // `Phase`, or a name column named after the group word (`Phase name`, `阶段名称`).
        let named_group = names.iter().position(|n| {
            GROUP_COLUMNS
                .iter()
                .any(|g| n.strip_prefix(g).is_some_and(|rest| TITLE_COLUMNS.contains(&rest.trim_start())))
        });
        let title = named_group.or_else(|| col(TITLE_COLUMNS)).or_else(|| col(WHAT_COLUMNS));
        // `Task ID` / `タスクID` names the id column of a task table whose text is its title.
        let task_id = names.iter().position(|n| {
            TASK_COLUMNS
                .iter()
                .any(|t| n.strip_prefix(t).is_some_and(|rest| ID_COLUMNS.contains(&rest.trim_start())))
        });
        let task = col(TASK_COLUMNS).or_else(|| task_id.and(col(TITLE_COLUMNS)));
        let id = task_id.or_else(|| col(ID_COLUMNS));
        let numbered = task_id.is_none()
            && id.is_some_and(|c| {
                matches!(names[c].as_str(), "#" | "no" | "no." | "nr" | "nr." | "n°" | "序号")
            });
        // `Status`, or `Status (TODO/DOING/DONE)` with its legend.
        let status = col(STATUS_COLUMNS)
            .or_else(|| {
                names.iter().position(|n| {
                    STATUS_COLUMNS
                        .iter()
                        .any(|l| n.strip_prefix(l).is_some_and(|rest| rest.starts_with(" (")))
                })
            })
            .or_else(|| col(PROGRESS_COLUMNS).filter(|&c| self.says_how_far(cells, c)))
            .or_else(|| self.stating_column(cells, &names));
        // A column named like the plan's run of group headings (`Sprint` beside `### Sprint 1`).
        let run_word = names.iter().position(|n| self.group_words.iter().any(|w| w == n));
        // `| # | Step | Status |` in a plan with no group headings: perhaps its only groups.
        // An epic or workstream column is the groups' only where no column names the tasks
        // (`| Epic | Name | Status |`; in `| Task | Epic | Status |` it is each task's field).
        let epic = || col(&["epic", "workstream"]).filter(|_| task.is_none());
        let group = col(GROUP_COLUMNS).or(named_group).or(run_word).or_else(epic);
        // Beside group headings, a table of steps outside them gives groups only as their
        // overview (see `finish`); inside one, it is that group's tasks.
        let step = group.is_none().then(|| col(STEP_COLUMNS).filter(|_| self.group.is_none())).flatten();
        match (group.or(step), task, status) {
            (_, Some(task), Some(status)) if self.group.is_some() => {
                TableKind::Tasks { id, task, status, by_status: false, group: None, numbered }
            }
            (Some(group), _, Some(status)) if self.group.is_none() => {
                let word = cells[group].clone();
                TableKind::Groups {
                    group,
                    word: (word.start, word.end),
                    id: col(ID_COLUMNS),
                    status,
                    title,
                    steps: step.is_some(),
                    by_status: false,
                    task,
                    next: Some(group + 1).filter(|&c| {
                        c < names.len()
                            && c != status
                            && Some(c) != col(ID_COLUMNS)
                            && !NOT_TITLE_COLUMNS.contains(&names[c].as_str())
                    }),
                    coded: col(ID_COLUMNS).is_none() && self.coded_rows(cells, group),
                }
            }
            (None, Some(task), Some(status)) => {
                TableKind::Tasks { id, task, status, by_status: false, group: None, numbered }
            }
            // Inside a group, a table with a status column lists its work whatever the first
            // column is called (`| Workflow | Steps | Owner | Status |`).
            (None, None, Some(status)) if self.group.is_some() => {
                match (0..names.len()).find(|&c| c != status && Some(c) != id) {
                    Some(task) => {
                        TableKind::Tasks { id, task, status, by_status: true, group: None, numbered }
                    }
                    None => TableKind::Other,
                }
            }
            // Outside any group, such a table may be the plan's groups (`| Onderdeel | Wie |
            // Status |`): its first column that is not the status names each row. Beside group
            // headings, only when its rows name them (see `finish`).
            (None, None, Some(status)) if self.table_groups.is_empty() => {
                let Some(group) = (0..names.len()).find(|&c| c != status && Some(c) != id) else {
                    return TableKind::Other;
                };
                let next = (group + 1..names.len()).find(|&c| c != status);
                let word = cells[group].clone();
                let coded = id.is_none() && self.coded_rows(cells, group);
                // A column of bare ids is named by the groups' word (`| فاز | عنوان | وضعیت |`
                // over `| ۱ | … |`); another column's name is no group's word (`| Onderdeel |`).
                let word = match self.bare_ids(cells, group) {
                    true => (word.start, word.end),
                    false => (word.start, word.start),
                };
                TableKind::Groups {
                    group,
                    word,
                    id,
                    status,
                    title: next,
                    steps: false,
                    by_status: true,
                    task: None,
                    next: None,
                    coded,
                }
            }
            _ => TableKind::Other,
        }
    }

    /// Does `s` open with a group's word and id (`**Part A — Scan**`), the word one the group
    /// headings use or a group keyword?
    fn names_heading_word(&self, s: &str) -> bool {
        let s = s.trim_start().trim_start_matches("**");
        syntax::group_heading(s).is_some()
            || syntax::word_heading(s).is_some_and(|w| {
                let word = s[w.word].to_lowercase();
                self.group_words.contains(&word)
            })
    }

    /// The first cells of `column` in the rows of the table whose header cells are `header`.
    fn column_cells(&self, header: &[Range<usize>], column: usize) -> impl Iterator<Item = &'a str> {
        let text = self.text;
        let end = header.last().map_or(text.len(), |c| c.end);
        let after = text[end..].split_once('\n').map_or("", |(_, rest)| rest);
        // Past the delimiter row, while lines are rows.
        after
            .split('\n')
            .skip(1)
            .take_while(|l| l.trim_start().starts_with('|'))
            .map(move |l| syntax::cells(l).get(column).map_or("", |c| l[c.clone()].trim()))
    }

    /// Does the cell of `column` say how far its row is (`45%`, `100 %`) or how it stands
    /// (`取消`), in every row but blank ones, two rows or more?
    fn says_how_far(&self, header: &[Range<usize>], column: usize) -> bool {
        let (said, rows) = self.stating_cells(header, column);
        rows >= 2 && said == rows
    }

    /// How many non-blank cells of `column` say how far their row is or how it stands (`45%`,
    /// `取消`), and how many are not blank.
    fn stating_cells(&self, header: &[Range<usize>], column: usize) -> (usize, usize) {
        self.column_cells(header, column).filter(|c| !c.is_empty()).fold((0, 0), |(said, rows), cell| {
            let says = syntax::share_cell(cell).is_some() || status::leading(cell).is_some();
            (said + usize::from(says), rows + 1)
        })
    }

    /// A column named by no word pplan knows whose cells say how each row stands all the same
    /// (`| # | Fase | Como está |` over `concluídas, 28/28`, `✅ passei à 1ª!`): not the first
    /// column, which names the rows, nor one named for something else (an id, a title, an owner,
    /// notes); two rows or more say a status or a share, and two in three of those not blank.
    /// Only in a table of stages (a column names them or numbers them), outside a group.
    fn stating_column(&self, header: &[Range<usize>], names: &[String]) -> Option<usize> {
        let named = |n: &str| {
            [
                ID_COLUMNS,
                TITLE_COLUMNS,
                WHAT_COLUMNS,
                TASK_COLUMNS,
                GROUP_COLUMNS,
                STEP_COLUMNS,
                NOT_TITLE_COLUMNS,
                TIME_COLUMNS,
            ]
            .iter()
            .any(|set| set.contains(&n))
        };
        // Only a table of stages, named so or numbered (`| # | Fase | … |`): `| Option | Cost |
        // Works offline |` weighs options. Inside a group, a table's symbols are its own too.
        let stages = names.iter().any(|n| {
            GROUP_COLUMNS.contains(&n.as_str())
                || STEP_COLUMNS.contains(&n.as_str())
                || ID_COLUMNS.contains(&n.as_str())
        }) || self.group_words.iter().any(|w| names.contains(w));
        if self.group.is_some() || !stages {
            return None;
        }
        (1..names.len()).filter(|&c| !named(&names[c])).find(|&c| {
            let (said, rows) = self.stating_cells(header, c);
            said >= 2 && said * 3 >= rows * 2
        })
    }

    /// Does every row's cell in `column` open with a code of one prefix (`M1 …`, `M2 …`), each
    /// row its own, two rows or more?
    fn coded_rows(&self, header: &[Range<usize>], column: usize) -> bool {
        let mut seen: HashSet<&str> = HashSet::new();
        let mut prefix = None;
        for cell in self.column_cells(header, column) {
            let cell = cell.trim_matches('*');
            let Some((code, _)) = syntax::split_code(cell) else { return false };
            let letters = code.trim_end_matches(|c: char| c.is_ascii_digit());
            if prefix.get_or_insert(letters) != &letters || !seen.insert(code) {
                return false;
            }
        }
        seen.len() >= 2
    }

    /// Is every row's cell in `column` a bare id (`1`, `۲`, `A`), two rows or more?
    fn bare_ids(&self, header: &[Range<usize>], column: usize) -> bool {
        let mut rows = 0;
        for cell in self.column_cells(header, column) {
            if !syntax::is_group_id(cell) {
                return false;
            }
            rows += 1;
        }
        rows >= 2
    }

    /// Does every table group write a code of its own (not one pplan numbered), and does every
    /// group heading write one of them?
    fn rows_name_headings(&self) -> bool {
        let ids: HashSet<&str> = self
            .table_groups
            .iter()
            .map(|g| match &g.id {
                Cow::Borrowed(id) if syntax::is_code(id) => *id,
                _ => "",
            })
            .collect();
        !ids.contains("")
            && ids.len() == self.table_groups.len()
            && self.list_groups.is_empty()
            && self.plan.groups.iter().all(|g| {
                g.form == GroupForm::Heading && matches!(g.id, Cow::Borrowed(id) if ids.contains(id))
            })
    }

    /// End a section: its checklist items name groups only if every checkbox in it does.
    fn close_checklist(&mut self) {
        let from = self.section_list.0;
        if self.section_list.1 {
            self.list_groups.truncate(from);
        }
        let stated = self.stated_items.split_off(self.stated_items.partition_point(|&i| i < from));
        if stated.len() < 2 {
            for &i in stated.iter().rev() {
                if i < self.list_groups.len() {
                    self.list_groups.remove(i);
                }
            }
        }
        self.section_list = (self.list_groups.len(), false);
    }

    /// YAML front matter (`text[..body]`) may give the goal (`goal: …`) and name the current
    /// group (`current_milestone: M3`, `current: WS-2`). The goal is taken when the body gave
    /// none; the current group is a candidate after the body's, so the body's wins.
    fn front_matter(&mut self, body: usize) {
        let mut at = 0;
        for raw in self.text[..body].split_inclusive('\n') {
            let start = at;
            at += raw.len();
            let line = raw.trim_end();
            let Some((key, value)) = line.split_once(':') else { continue };
            if key.is_empty() || !key.chars().all(|c| c.is_alphanumeric() || matches!(c, '_' | '-' | ' ')) {
                continue;
            }
            let trimmed = value.trim();
            let quote = trimmed.len() - trimmed.trim_start_matches(['"', '\'']).len();
            let from = start + key.len() + 1 + (value.len() - value.trim_start().len()) + quote;
            let value = trimmed.trim_matches(['"', '\'']);
            // `goal: |` or `goal: >` opens a block of lines: not read.
            if value.is_empty() || value.starts_with(['|', '>']) {
                continue;
            }
            let value = Line { text: value, range: from..from + value.len() };
            let key = key.to_lowercase().replace(['_', '-'], " ");
            if syntax::GOAL_LABELS.contains(&key.as_str()) && self.plan.goal.is_none() {
                self.plan.goal = Some(value.text);
            } else if key == "current" || syntax::CURRENT_LABELS.contains(&key.as_str()) {
                // Not any key that says current (`current_version: 3`): one naming a group.
                push_capped(&mut self.current_labels, value);
            }
        }
    }

    fn finish(mut self) -> Plan<'a> {
        self.close_checklist();
        for s in &mut self.plan.sections {
            if s.end == usize::MAX {
                s.end = self.text.len();
            }
        }
        // A table of steps is the plan's groups only when the plan has nothing else, but the
        // tasks under headings naming its steps.
        // (Or an overview of group headings that detail the same steps: `| 1 | Choose library
        // | done |` over `### 1. Choose library`, each row's id and title a heading's.)
        let overview = || {
            let headings: HashSet<(&str, String)> = (self.plan.groups.iter())
                .filter(|g| g.form == GroupForm::Heading)
                .map(|g| (g.id.as_ref(), g.title.trim().to_ascii_lowercase()))
                .collect();
            let named =
                |t: &Group<'_>| headings.contains(&(t.id.as_ref(), t.title.trim().to_ascii_lowercase()));
            !self.table_groups.is_empty() && self.table_groups.iter().all(named)
        };
        if self.step_rows
            && !(self.plan.groups.is_empty()
                && self.list_groups.is_empty()
                && self.plan.tasks.iter().all(|t| t.group.is_some()))
            && !overview()
        {
            self.clear_table_groups();
        }
        // A table read by its status column alone (then the only table that gave groups) gives
        // them when there are none in another form, or when each row writes the id of a group
        // heading beside it, and the headings name no group the table does not
        // (`| Q2 | Kampanya paneli | Devam ediyor |` over `## Q2 detay`).
        // A lone item that only names a row of a table of groups, holding nothing, is a note on
        // it (`- Phase 5 on hold: same two people as Phase 4` after the table), no group; so
        // are items that state nothing (a log's `- 2024-05-02 phase 1`, `- 2024-05-09 phase 2`).
        let noted = |g: &Group<'_>| {
            g.form == GroupForm::ListItem
                && g.tasks.is_empty()
                && self.table_groups.iter().any(|t| !t.id.is_empty() && t.id == g.id)
        };
        if self.table_groups.len() >= 2
            && self.list_groups.is_empty()
            && (self.plan.groups.len() == 1 || self.plan.groups.iter().all(|g| g.indicators.is_empty()))
            && self.plan.groups.iter().all(noted)
            && self.plan.current_mark.is_none()
        {
            self.plan.groups.clear();
            self.rounds.clear();
        }
        let rows = self.status_rows;
        let alone = self.plan.groups.is_empty() && self.list_groups.is_empty();
        if rows.rows > 0 && !(rows.say_groups() && (alone || self.rows_name_headings())) {
            self.clear_table_groups();
        }
        if self.plan.groups.is_empty() && !self.table_groups.is_empty() {
            self.plan.groups = std::mem::take(&mut self.table_groups);
            self.rounds = vec![None; self.plan.groups.len()];
            // The one row marked as the current one (`| P3 | … | In Progress ◀ current |`).
            let marks: Vec<(usize, Range<usize>)> = (self.plan.current_mark.is_none())
                .then(|| self.plan.groups.iter().enumerate())
                .into_iter()
                .flatten()
                .filter_map(|(i, o)| self.points_at_itself(o).map(|m| (i, m)))
                .take(2)
                .collect();
            if let [one] = marks.as_slice() {
                self.plan.current_mark = Some(one.clone());
            }
        }
        self.drop_legends();
        self.read_legend_marks();
        self.drop_tool_icons();
        self.read_paired_symbols();
        let mut list_groups = std::mem::take(&mut self.list_groups);
        self.insert_dropped(&mut list_groups);
        if list_groups.is_empty() {
            list_groups = self.overview_items();
        }
        if list_groups.is_empty() {
            list_groups = self.overview_lines();
        }
        let unnamed = self.reconcile(list_groups);
        self.prepend_earlier(unnamed);
        let table_groups = std::mem::take(&mut self.table_groups);
        let unnamed = self.reconcile(table_groups.into_iter().map(|g| (g, usize::MAX)).collect());
        self.append_later(unnamed);
        self.named_items();
        // Number list-item groups that have no id of their own.
        let mut ordinal = 0;
        for g in &mut self.plan.groups {
            ordinal += 1;
            if g.id.is_empty() {
                g.id = Cow::Owned(ordinal.to_string());
            }
        }
        assign_keys(&mut self.plan.groups, &self.rounds);
        // A current section's line that names groups as the work moves on (`Aşama 1 bitti,
        // Aşama 2'ye geçiyorum`, `Phase 1 complete, Phase 2 in progress`): not the first, said
        // finished, but the one it goes on to.
        if let Some(to) = self.plan.current.clone().and_then(|l| moved_on(&self.plan, l)) {
            self.plan.current = Some(to);
        }
        if self.plan.current.is_none() {
            let labels = std::mem::take(&mut self.current_labels);
            // A group numbered by its place (`## Backend` is 1) was never given that number in
            // the file: a count after a label (`Active contributors: 3`) does not name it; its
            // title does (`Current: Backend`).
            let plan = &self.plan;
            let names = |l: &Line<'_>| {
                resolve_group(plan, l.text).is_some_and(|g| {
                    !plan.groups[g].numbered_by_place() || !l.text.trim().bytes().all(|b| b.is_ascii_digit())
                })
            };
            self.plan.current = labels
                .into_iter()
                .map(|l| moved_on(plan, l.clone()).unwrap_or(l))
                .find_map(|l| if names(&l) { Some(l) } else { closing_reference(plan, l) });
        }
        if self.plan.current.is_none() {
            let statuses = std::mem::take(&mut self.current_statuses);
            self.plan.current = statuses.into_iter().find_map(|l| reference_in(&self.plan, l, 8));
        }
        // A status section that lists the groups themselves (`## Status` over `- Phase 1: done`)
        // names none as the current one by its first line.
        let summary = self.summary.take().and_then(|(l, from)| {
            (!self.plan.groups.iter().any(|g| (from..=l.range.end).contains(&g.at))).then_some(l)
        });
        if self.plan.current.is_none() {
            self.plan.current = summary.and_then(|l| summary_reference(&self.plan, l));
        }
        if self.plan.current.is_none() {
            let pointers = std::mem::take(&mut self.pointers);
            self.plan.current = pointers.into_iter().find_map(|l| reference_in(&self.plan, l, 0));
        }
        if self.plan.current.is_none() && self.plan.current_mark.is_none() {
            self.plan.task_mark = marked_task_group(&self.plan).or(self.doing_this);
        }
        reconcile::drop_weaker_shares(&mut self.plan);
        reconcile::words_over_symbols(&mut self.plan);
        self.plan
    }
}

/// Words of a heading over a list of how each group stands (`## Progress`, `## Stand`),
/// lowercase.
const PROGRESS_WORDS: &[&str] = &[
    "progress",
    "status",
    "fortschritt",
    "stand",
    "progreso",
    "progresso",
    "progrès",
    "avancement",
    "estado",
    "stato",
    "进度",
    "進度",
    "進捗",
    "状态",
    "狀態",
    "진행",
];

/// A group's word and id in the bracket closing a current label's value, where the words
/// before it say what is being done (`Onde estou: transcrevendo as entrevistas (etapa 4)`): the
/// bracket's words.
fn closing_reference<'a>(plan: &Plan<'_>, line: Line<'a>) -> Option<Line<'a>> {
    let t = line.text.trim_end();
    let inner = t.strip_suffix(')').or_else(|| t.strip_suffix('）'))?;
    let open = inner.rfind(['(', '（'])?;
    let bracket = &inner[open..];
    let words = bracket[bracket.chars().next()?.len_utf8()..].trim();
    let start = line.range.start + (words.as_ptr() as usize - line.text.as_ptr() as usize);
    // (Only the group's word and id: not `(etapa 3 depende disso)`, `(Phase 1 is done)`.)
    let bare = words.split_whitespace().count() <= 2;
    (open > 0 && bare && named_id(plan, words).is_some() && resolve_group(plan, words).is_some())
        .then(|| Line { text: words, range: start..start + words.len() })
}

/// The group of the one task whose line ends on an arrow saying it is where the work is (`- [ ]
/// pushmeldingen ← hier ben ik nu`, `- [ ] migration script <- doing this now`).
fn marked_task_group(plan: &Plan<'_>) -> Option<usize> {
    let mut marked = plan.tasks.iter().filter_map(|t| {
        let line = &plan.text[t.at..];
        let line = line[..line.find('\n').unwrap_or(line.len())].trim_end_matches('\r');
        let arrow = line.contains(['←', '⟵', '👈', '◀', '⬅', '◄']) || line.contains("<-");
        (arrow && syntax::task_current_mark(line)).then_some(t.group)
    });
    match (marked.next(), marked.next()) {
        (Some(group), None) => group,
        _ => None,
    }
}

fn note<'a>(before: &'a str, after: &'a str) -> Option<&'a str> {
    let junk = |c: char| c.is_whitespace() || matches!(c, '`' | '*' | ',' | ';' | '·' | '—' | '-' | ':');
    let b = before.trim_matches(junk);
    let a = after.trim_matches(junk);
    match (b.is_empty(), a.is_empty()) {
        (true, true) => None,
        (true, false) => Some(a),
        (false, _) => Some(b),
    }
}

/// A line wholly in square brackets, with words and no other bracket inside (not a link, not a
/// checkbox): a template's slot for text (`[Describe the goal]`).
fn is_bracketed_slot(s: &str) -> bool {
    s.len() > 4
        && s.starts_with('[')
        && s.ends_with(']')
        && !s[1..s.len() - 1].contains(['[', ']'])
        && s.contains(char::is_whitespace)
}

/// `_text_` or `*text*` (not bold): how templates write the instruction a person replaces.
fn is_italic(s: &str) -> bool {
    ['_', '*'].iter().any(|&c| {
        s.len() > 2
            && s.starts_with(c)
            && s.ends_with(c)
            && !s[1..].starts_with(c)
            && !s[..s.len() - 1].ends_with(c)
    })
}

fn is_placeholder(cell: &str) -> bool {
    let c = cell.trim().trim_matches(['*', '_', '`', '(', ')', '（', '）']).trim().to_lowercase();
    // A second delimiter row (`|---|---|`) inside a table is not an entry either.
    PLACEHOLDERS.contains(&c.as_str()) || (c.len() >= 3 && c.bytes().all(|b| matches!(b, b'-' | b':')))
}

/// The carriers and a spec's numbered items, sorted, each once.
fn with_specs(mut carriers: Vec<u32>, specs: &[u32]) -> Vec<u32> {
    carriers.extend_from_slice(specs);
    carriers.sort_unstable();
    carriers.dedup();
    carriers
}

/// A slot of a template left unfilled, the whole cell: a short name in angle or square brackets
/// (`<error>`, `<n>`, `[Error message]`), after a label at most (`示例：<错误信息>`, `e.g. <error>`); not a type in an error
/// message (`Some(<value>)`, `Vec<T>`), a tag (`<br>`) nor a comparison.
fn template_slot(cell: &str) -> bool {
    let cell = cell.trim().trim_matches('`');
    let slot = cell
        .rfind([':', '：'])
        .map_or(cell, |c| &cell[c + cell[c..].chars().next().map_or(1, char::len_utf8)..]);
    let slot = slot.trim().strip_prefix("e.g.").unwrap_or(slot.trim()).trim();
    // `<error>`, or the template's `[Error message]` / `[1]`.
    let name = slot.strip_prefix('<').and_then(|s| s.strip_suffix('>'));
    let Some(name) = name.or_else(|| slot.strip_prefix('[').and_then(|s| s.strip_suffix(']'))) else {
        return false;
    };
    !name.trim().is_empty()
        && !name.starts_with(' ')
        && !name.contains(['<', '/', '=', '"'])
        && name.chars().count() <= 40
        && !["br", "hr", "p", "b", "i", "s", "u", "em", "code", "details", "summary"].contains(&name)
}

fn strip_title_prefix(title: &str) -> &str {
    // A decorative emoji goes with the prefix (`🎯 Task Plan: …`), never alone.
    let h = title.trim_start_matches(|c: char| !c.is_alphanumeric() && !c.is_ascii()).trim_start();
    for prefix in [
        "Task Plan:",
        "Task Plan —",
        "Task Plan -",
        "Task Plan –",
        "任务计划：",
        "任务计划:",
        "任务计划 -",
        "任务计划 —",
        "任务计划 –",
    ] {
        if h.len() > prefix.len()
            && h.is_char_boundary(prefix.len())
            && h[..prefix.len()].eq_ignore_ascii_case(prefix)
        {
            let rest = h[prefix.len()..].trim();
            if !rest.is_empty() {
                return rest;
            }
        }
    }
    title
}

/// Unique keys: the id, or `round/id` when an id repeats across rounds, or `id#n` for the
/// n-th repeat otherwise.
fn assign_keys(groups: &mut [Group<'_>], rounds: &[Option<&str>]) {
    use std::collections::HashMap;
    let mut count: HashMap<String, usize> = HashMap::new();
    for g in groups.iter() {
        *count.entry(g.id.to_string()).or_default() += 1;
    }
    let mut seen: HashMap<String, usize> = HashMap::new();
    for (g, round) in groups.iter_mut().zip(rounds.iter().chain(std::iter::repeat(&None))) {
        let base = match round {
            Some(r) if count[g.id.as_ref()] > 1 => format!("{r}/{}", g.id),
            _ => g.id.to_string(),
        };
        let n = seen.entry(base.clone()).or_default();
        *n += 1;
        g.key = if *n == 1 { base } else { format!("{base}#{n}") };
    }
}

/// The group a `## Current Group` line names: by key, by `keyword id`, or by a bare id.
/// The id a reference to a group writes after its word: `Phase 2` (a keyword), `Step 2` or
/// `Sprint B` (a word the plan's groups are named by).
pub(super) fn named_id<'t>(plan: &Plan<'_>, t: &'t str) -> Option<&'t str> {
    if let Some(h) = syntax::group_heading(t) {
        return Some(&t[h.id]);
    }
    let h = syntax::word_heading(t).filter(|h| !h.word.is_empty())?;
    // Groups with no word (`1. **Audit** — done`) are named with any (`step 4`).
    let unworded = !plan.groups.is_empty() && plan.groups.iter().all(|g| g.word.is_empty());
    (unworded || plan.groups.iter().any(|g| same_folded(g.word, &t[h.word.clone()]))).then(|| &t[h.id])
}

/// At most this many lines are kept as possible names of the current group.
const MAX_CURRENT_LINES: usize = 8;

fn push_capped<'a>(lines: &mut Vec<Line<'a>>, line: Line<'a>) {
    if lines.len() < MAX_CURRENT_LINES {
        lines.push(line);
    }
}

/// The reference to a group inside a plan-level status line (`working on Part 4 (polling
/// fallback)` → `Part 4`): the first of its first `words` + 1 words that starts a group's word
/// and id naming a group not said to be finished, unless the line is itself only a status
/// (`complete`).
fn reference_in<'a>(plan: &Plan<'_>, line: Line<'a>, words: usize) -> Option<Line<'a>> {
    if status::leading(line.text).is_some_and(|t| t.range.end == line.text.len()) {
        return None;
    }
    references(plan, line, words).find(|(_, said)| !said.is_some_and(Status::is_done)).map(|(l, _)| l)
}

/// The group a line naming groups as the work moves on names as the current one (`Aşama 1
/// bitti, Aşama 2'ye geçiyorum`, `Phase 1 complete, Phase 2 in progress`): when the first it
/// names is said finished and another follows, the one it goes on to.
fn moved_on<'a>(plan: &Plan<'_>, line: Line<'a>) -> Option<Line<'a>> {
    let (text, start) = (line.text, line.range.start);
    let mut found = references(plan, line, 12);
    let (first, said) = found.next()?;
    let from = resolve_group(plan, first.text)?;
    if !said.is_some_and(Status::is_done) {
        return None;
    }
    // Forward, in the same sentence, to a group not said to stand still (`Phase 2 done.
    // Heads-up: Phase 4 blocked …`, `Phase 3 done, reusing the Phase 1 scripts` go nowhere).
    let onward: Vec<Line<'a>> = found
        .take_while(|(l, _)| {
            let between = &text[first.range.end - start..l.range.start - start];
            !between.contains(". ") && !between.contains(['。', ';', '；'])
        })
        .filter(|(l, said)| {
            matches!(said, None | Some(Status::InProgress))
                && resolve_group(plan, l.text).is_some_and(|g| g > from)
        })
        .map(|(l, _)| l)
        .collect();
    match onward.as_slice() {
        [one] => Some(one.clone()),
        _ => None,
    }
}

/// The group a status section's first line names as where the work is: its only reference,
/// or the one said to be in progress (`Phase 1 — complete. Phase 2 — in progress.`); none that
/// is finished, or named as a time (`after Phase 1 landed`).
fn summary_reference<'a>(plan: &Plan<'_>, line: Line<'a>) -> Option<Line<'a>> {
    let (text, start) = (line.text, line.range.start);
    let found: Vec<(Line<'a>, Option<Status>)> = references(plan, line, 12).collect();
    let timed = |l: &Line<'_>| {
        let before = text[..l.range.start - start].trim_end_matches([' ', '*', '_']);
        let last = before.rsplit(' ').next().unwrap_or(before).to_lowercase();
        ["after", "since", "before", "until", "post", "pre"].contains(&last.as_str())
    };
    match found.as_slice() {
        [(l, said)] if !said.is_some_and(Status::is_done) && !timed(l) => Some(l.clone()),
        _ => {
            found.into_iter().find(|(l, said)| *said == Some(Status::InProgress) && !timed(l)).map(|(l, _)| l)
        }
    }
}

/// The words for a step of a plan that numbers its groups without a word (`1. Bump deps`).
const STEP_WORDS: &[&str] = &[
    "step",
    "phase",
    "stage",
    "milestone",
    "part",
    "paso",
    "passo",
    "fase",
    "etapa",
    "schritt",
    "étape",
    "etap",
    "stap",
    "krok",
    "punkt",
    "adım",
    "bước",
    "langkah",
    "шаг",
    "этап",
    "пункт",
];

/// The groups `line` names at the start of its first `words` + 1 words, each with the status
/// said right after it (`Phase 2 complete`, `Phase 2 is done`) or right before it
/// (`**Completed Phase 7**`).
fn references<'a, 'p>(
    plan: &'p Plan<'_>,
    line: Line<'a>,
    words: usize,
) -> impl Iterator<Item = (Line<'a>, Option<Status>)> + 'p
where
    'a: 'p,
{
    let starts = std::iter::once(0)
        .chain(line.text.char_indices().filter(|&(_, c)| c == ' ').map(|(i, _)| i + 1).take(words));
    starts.filter_map(move |at| {
        let rest = &line.text[at..];
        // (Or its number and then its word, as a counter: `3단계`, `2週目`.)
        let counted = rest.trim_start_matches(|c: char| c.is_ascii_digit());
        let by_word = |g: &Group<'_>| {
            // (Not a count of them: `3단계 중 2단계`, stage 2 of 3.)
            let of = || counted[g.word.len()..].trim_start().starts_with('중');
            let rest = if counted.len() < rest.len() && counted.starts_with(g.word) && !of() {
                counted
            } else {
                rest
            };
            !g.word.is_empty() && strip_folded(rest, g.word).is_some_and(|r| !r.is_empty())
        };
        // Groups with no word (a numbered list of steps) are named by a step's word in a clause
        // that ends at the id (`Currently on step 3.`; not `We are in week 3 of the project`).
        let unworded = !plan.groups.is_empty() && plan.groups.iter().all(|g| g.word.is_empty());
        let stepped = || {
            let lower = rest.to_lowercase();
            unworded && STEP_WORDS.iter().any(|w| lower.strip_prefix(w).is_some_and(|r| r.starts_with(' ')))
        };
        let by_word = plan.groups.iter().any(by_word);
        if !by_word && !stepped() {
            return None;
        }
        let id = named_id(plan, rest)?;
        let end = at + rest.find(id)? + id.len();
        let closed =
            !line.text[end..].trim_start_matches(['*', '_', '`', ' ']).starts_with(char::is_alphanumeric);
        if !by_word && !closed {
            return None;
        }
        let text = &line.text[at..end];
        resolve_group(plan, text)?;
        let after = line.text[end..].trim_start_matches([' ', ':', '—', '-', '(', '*']);
        let after =
            ["is ", "was ", "has been ", "are "].iter().find_map(|c| after.strip_prefix(c)).unwrap_or(after);
        let before = line.text[..at].trim_end_matches([' ', '*', '_', ':']);
        let last = before.rsplit(' ').next().unwrap_or(before).trim_start_matches(['*', '_']);
        let said = status::leading(after).map(|t| t.status).or_else(|| status::whole(last));
        Some((Line { text, range: line.range.start + at..line.range.start + end }, said))
    })
}

/// A title's words before a remark or a dash (`Frontend (backend is done)`, `April — TTMIK`).
fn title_head(t: &str) -> &str {
    find_any(t, &[" (", " — ", " – ", " - "])
        .map_or(t, |(i, _)| t[..i].trim().trim_matches(['*', '`', '_']).trim())
}

pub(super) fn resolve_group(plan: &Plan<'_>, text: &str) -> Option<usize> {
    let t = text.trim();
    // A group struck out and another after an arrow (`~~Phase 4~~ → Phase 2 (moved back)`):
    // the one after it.
    let after_struck = t.strip_prefix("~~").and_then(|r| r.find("~~").map(|e| r[e + 2..].trim_start()));
    let after_arrow = after_struck.and_then(|r| r.strip_prefix(['→', '⇒']).or_else(|| r.strip_prefix("->")));
    let t = after_arrow.unwrap_or(t);
    let t = t.trim().trim_matches(['*', '`', '_']).trim();
    if let Some(i) = plan.groups.iter().position(|g| g.key == t) {
        return Some(i);
    }
    let by_id = |id: &str| -> Option<usize> {
        // `2` and `二` name one group, either way round.
        let same = |g: &str| g == id || syntax::numeral_names(g, id) || syntax::numeral_names(id, g);
        let matches: Vec<usize> = (0..plan.groups.len()).filter(|&i| same(&plan.groups[i].id)).collect();
        match matches.as_slice() {
            [] => None,
            [one] => Some(*one),
            many => many
                .iter()
                .copied()
                .find(|&i| !plan.status(&plan.groups[i]).is_done())
                .or(many.last().copied()),
        }
    };
    if let Some(id) = named_id(plan, t) {
        return by_id(id);
    }
    // The id before the title (`3) Data pipeline`, `2. Auth`, `三、迁移`).
    let first = t
        .split(|c: char| c.is_whitespace() || matches!(c, ':' | '：' | '(' | '（' | '—' | '、' | '，' | ','))
        .next()
        .unwrap_or("")
        // (Bold or code closing before a remark: `**S4** (Jun 17 – Jun 28)`.)
        .trim_end_matches([')', '）', '.', '*', '_', '`']);
    // A group is named by its title too (`Current: Backend`, `当前进行：业务页面迁移`), when one
    // group has it, also with a remark after it (`**Frontend** (backend is done)`).
    let head = title_head(t);
    // (Or the head of a title written as a name and what is done then: `Current month: April`
    // for `### April — TTMIK level 3`.)
    let by_title = || {
        let only = |same: &dyn Fn(&Group<'_>) -> bool| {
            let mut titled = plan.groups.iter().enumerate().filter(|(_, g)| same(g));
            match (titled.next(), titled.next()) {
                (Some((i, _)), None) => Some(i),
                _ => None,
            }
        };
        only(&|g| g.title.eq_ignore_ascii_case(t) || g.title.eq_ignore_ascii_case(head))
            .or_else(|| only(&|g| head.len() >= 3 && title_head(g.title).eq_ignore_ascii_case(head)))
    };
    // A coded id after a word of the writer's own (`Batch B3 (api/)` for `## B3 — api/`): the
    // word and the code, and at most a remark set apart after them (not `Finished B3, starting
    // B4`, `After B3 comes the ui`, `Waiting B3`).
    let coded = || {
        let (word, rest) = t.split_once(' ')?;
        let end = rest.find(|c: char| c.is_whitespace() || c == ':').unwrap_or(rest.len());
        let (code, after) = (&rest[..end], rest[end..].trim_start());
        let apart =
            after.is_empty() || after.starts_with(['(', '（', '—', '–', ':']) || after.starts_with("- ");
        let coded = code.bytes().any(|b| b.is_ascii_alphabetic()) && code.bytes().any(|b| b.is_ascii_digit());
        let named = word.chars().all(char::is_alphabetic) && status::find(word).is_none();
        plan.groups.iter().position(|g| apart && coded && named && g.id == code)
    };
    // The group's word shortened to its initial after a label naming that word (`**Current
    // wave:** W3` for `## Wave 3`), when every group has it; not a priority (`Current focus: P3`).
    let initial = || {
        let mut chars = first.chars();
        let letter = chars.next().filter(char::is_ascii_alphabetic)?;
        let id = chars.as_str();
        let word = plan.groups.first()?.word.to_lowercase();
        let at = (first.as_ptr() as usize).checked_sub(plan.text.as_ptr() as usize)?;
        let label = plan.text.get(..at)?.rsplit('\n').next()?.to_lowercase();
        let named = word.starts_with(letter.to_ascii_lowercase())
            && label.split(|c: char| !c.is_alphanumeric()).any(|w| w == word);
        let worded = |g: &Group<'_>| same_folded(g.word, &word);
        (named && !id.is_empty() && id.bytes().all(|b| b.is_ascii_digit()) && plan.groups.iter().all(worded))
            .then(|| by_id(id))
            .flatten()
    };
    by_id(t).or_else(|| by_id(first)).or_else(by_title).or_else(coded).or_else(initial)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A plan past [`PARALLEL_BYTES`] is read on two cores: every group, task, status and
    /// annotation comes out as the one-core read gives it, and so does its room for tasks.
    #[test]
    fn a_large_plan_reads_the_same_on_two_cores() {
        let mut text =
            String::from("# Task Plan: big\n\n## Goal\nAll of it.\n\n## Current Group\nGroup 2\n\n");
        let marks = ["x", " ", "~", "!", "-", "?"];
        let mut t = 0;
        for g in 1.. {
            if text.len() > PARALLEL_BYTES + 4096 {
                break;
            }
            text.push_str(&format!("## Group {g}: Batch {g}\n- **Status:** in_progress\n"));
            for k in 0..40 {
                t += 1;
                let mark = marks[(t + k) % marks.len()];
                let deps = if t % 3 == 0 {
                    format!(" (depends: T-{}) (files: a.rs, b.rs)", t - 1)
                } else {
                    String::new()
                };
                text.push_str(&format!("- [{mark}] T-{t}: Build ~~part~~ {t}{deps}\n  - [x] nested {t}\n"));
            }
            text.push_str(&format!(
                "### T-{g}00000: A task heading\nSome words.\n\n```\n- [ ] not a task {g}\n```\n\n"
            ));
        }
        text.push_str(
            "## Errors Encountered\n| Error | Attempt | Resolution |\n|---|---|---|\n| Boom | 1 | Fixed |\n",
        );
        let doc = Document::from_text(text);
        let (one, two) = (read(&doc, false), read(&doc, true));
        assert!(one.tasks.len() > 10_000 && one.groups.len() > 200, "{} tasks", one.tasks.len());
        assert_eq!(format!("{one:?}"), format!("{two:?}"));
        // The room has a place for every task read: the walk never grows it.
        assert!(task_room(doc.text()).capacity() >= one.tasks.len());
    }
}
