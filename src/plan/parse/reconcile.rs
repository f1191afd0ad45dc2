//! Two forms of the same groups in one plan (a checklist or table of phases beside `### Phase N`
//! headings) read as one set of groups, and one group's status places weighed against each other.

use std::borrow::Cow;
use std::collections::{HashMap, HashSet};
use std::ops::Range;

use super::super::status::{self, Status};
use super::super::syntax::{self, Titled};
use super::super::{Group, GroupForm, Indicator, Place, Plan, Task, TaskForm};
use super::Walk;

impl<'a> Walk<'a> {
    /// Fold a second form of the plan's groups (a checklist of phases beside `### Phase N`
    /// headings) into the headings, matched by id: a heading group also gets the other form's
    /// status places and keeps that form's reading as its twin, and a group only the checklist names takes its place in the checklist's
    /// order. Forms that do not name the same groups are not reconciled: the checklist's items
    /// stay plain tasks. Returns the other form's groups when it names none of these.
    pub(super) fn reconcile(&mut self, others: Vec<(Group<'a>, usize)>) -> Vec<Group<'a>> {
        // Only rows and items that write an id name a group (a `**Total**` row, numbered by
        // pplan, names nothing); one named group is no second form.
        let others: Vec<(Group<'a>, usize)> =
            others.into_iter().filter(|(o, _)| matches!(o.id, Cow::Borrowed(id) if !id.is_empty())).collect();
        if others.len() < 2 {
            return Vec::new();
        }
        let groups = &self.plan.groups;
        // Heading groups by id (each id's first heading), so matching stays linear.
        let mut by_id: HashMap<&str, Vec<usize>> = HashMap::new();
        for (i, g) in groups.iter().enumerate().filter(|(_, g)| g.form == GroupForm::Heading) {
            by_id.entry(g.id.as_ref()).or_default().push(i);
        }
        let matched: Vec<Option<usize>> = others
            .iter()
            .map(|(o, _)| {
                by_id.get(o.id.as_ref())?.iter().copied().find(|&i| same_word(groups[i].word, o.word))
            })
            .collect();
        let named: HashSet<usize> = matched.iter().flatten().copied().collect();
        let covered = named.len() == groups.len();
        let ids: HashSet<&str> = others.iter().map(|(o, _)| o.id.as_ref()).collect();
        if ids.len() == others.len() && matched.iter().all(Option::is_none) {
            return others.into_iter().map(|(g, _)| g).collect();
        }
        // Or it takes over from the headings (`Phases 1–4 were tracked as headings; from then
        // on, the table`): after them, its first rows name the last headings in order, and the
        // rest count on from there. Those are returned, to follow the headings.
        let k = matched.iter().take_while(|m| m.is_some()).count();
        let n = groups.len();
        let takes_over = !covered
            && k >= 1
            && k < others.len()
            && k <= n
            && matched[k..].iter().all(Option::is_none)
            && (0..k).all(|j| {
                // The same group by its title too (`Content migration` under `## Phase 4:
                // Content migration — ~80%`), not another team's phase 2.
                let (heading, row) =
                    (groups[n - k + j].title.trim().to_lowercase(), others[j].0.title.trim().to_lowercase());
                matched[j] == Some(n - k + j) && !row.is_empty() && heading.starts_with(&row)
            })
            && others.iter().all(|(o, _)| o.at > groups[n - 1].at)
            && super::shape::in_sequence(
                groups.iter().map(|g| g.id.as_ref()).chain(others[k..].iter().map(|(o, _)| o.id.as_ref())),
            );
        if ids.len() != others.len() || !(covered || matched.iter().all(Option::is_some) || takes_over) {
            return Vec::new();
        }
        let lines: HashSet<usize> =
            others.iter().take(if takes_over { k } else { others.len() }).map(|(_, line)| *line).collect();
        self.drop_tasks(|t| t.group.is_none() && t.form == TaskForm::Checkbox && lines.contains(&t.at));
        let mut others: Vec<Group<'a>> = others.into_iter().map(|(g, _)| g).collect();
        for (o, m) in others.iter().zip(&matched) {
            if let Some(i) = *m {
                // A heading naming the group and nothing more (`**Etapp 3**` over notes), or
                // what it holds in one lowercase word (`## Part D checklist`, `## Q2 detay`),
                // takes the other form's title.
                let title = self.plan.groups[i].title.trim();
                let holds = !title.contains(' ') && title.chars().next().is_some_and(char::is_lowercase);
                let named = o.title.split_whitespace().count() >= 2 && status::whole(o.title).is_none();
                if title.is_empty() || (holds && named) {
                    self.plan.groups[i].title = o.title;
                }
                self.plan.groups[i].indicators.extend(o.indicators.iter().cloned());
                self.plan.groups[i].twin = Some(Box::new(o.clone()));
                // The checklist may point at the current one (`- [ ] Phase 3: … ← CURRENT`).
                if self.plan.current_mark.is_none()
                    && let Some(mark) = self.points_at_itself(o)
                {
                    self.plan.current_mark = Some((i, mark));
                }
            }
        }
        if takes_over {
            return others.split_off(k);
        }
        if !covered {
            self.fold_subphases(&named);
            return Vec::new();
        }
        // The checklist names every heading group and more: its order is the plan's.
        let old = std::mem::take(&mut self.plan.groups);
        let old_rounds = std::mem::take(&mut self.rounds);
        let mut slots: Vec<Option<Group<'a>>> = old.into_iter().map(Some).collect();
        let mut new_index = vec![0; slots.len()];
        for (o, m) in others.into_iter().zip(matched) {
            let at = self.plan.groups.len();
            match m.and_then(|i| slots[i].take().map(|g| (i, g))) {
                Some((i, g)) => {
                    new_index[i] = at;
                    self.rounds.push(old_rounds[i]);
                    self.plan.groups.push(g);
                }
                None => {
                    self.rounds.push(None);
                    self.plan.groups.push(Group { tasks: 0..0, ..o });
                }
            }
        }
        for (i, g) in slots.into_iter().enumerate() {
            if let Some(g) = g {
                new_index[i] = self.plan.groups.len();
                self.rounds.push(old_rounds[i]);
                self.plan.groups.push(g);
            }
        }
        for t in &mut self.plan.tasks {
            if let Some(g) = t.group.as_mut() {
                *g = new_index[*g];
            }
        }
        if let Some((g, _)) = self.plan.current_mark.as_mut() {
            *g = new_index[*g];
        }
        Vec::new()
    }

    /// Sub-phases (`### 4.1 Conectores` under `## Fase 4`) the other form leaves out when it
    /// names every group but them (`| 4 | Automatización | en curso |`): parts of their group,
    /// whose tasks it holds, not groups of their own.
    fn fold_subphases(&mut self, named: &HashSet<usize>) {
        let part_of = |sub: &str, of: &str| {
            sub.strip_prefix(of).is_some_and(|rest| {
                let rest = rest.strip_prefix('.').unwrap_or(rest);
                !rest.is_empty() && rest.chars().all(|c| c.is_ascii_alphanumeric() || c == '.')
            })
        };
        let groups = &self.plan.groups;
        let mut parent = vec![None; groups.len()];
        let mut last = None;
        for (i, g) in groups.iter().enumerate() {
            if named.contains(&i) {
                last = Some(i);
            } else if let Some(p) =
                last.filter(|&p| g.form == GroupForm::Heading && part_of(&g.id, &groups[p].id))
            {
                parent[i] = Some(p);
            } else {
                // Anything else unnamed: the other form does not leave out only sub-phases.
                return;
            }
        }
        if parent.iter().all(Option::is_none) {
            return;
        }
        let mut new_index = Vec::with_capacity(parent.len());
        let mut kept = 0;
        for p in &parent {
            match p {
                Some(p) => new_index.push(new_index[*p]),
                None => {
                    new_index.push(kept);
                    kept += 1;
                }
            }
        }
        for (i, p) in parent.iter().enumerate().rev() {
            if let Some(p) = *p {
                let end = self.plan.groups[i].tasks.end;
                self.plan.groups[p].tasks.end = self.plan.groups[p].tasks.end.max(end);
                self.plan.groups.remove(i);
                self.rounds.remove(i);
            }
        }
        for t in &mut self.plan.tasks {
            if let Some(g) = t.group.as_mut() {
                *g = new_index[*g];
            }
        }
        if let Some((g, _)) = self.plan.current_mark.as_mut() {
            *g = new_index[*g];
        }
    }

    /// Where a group's item or row of the other form says it is the current one: `← CURRENT`
    /// after an item's title, a cell holding only `← current` in a row, or closing one (`In
    /// Progress ◀ current`).
    pub(super) fn points_at_itself(&self, o: &Group<'a>) -> Option<std::ops::Range<usize>> {
        let line = self.text[o.at..].split('\n').next().unwrap_or("").trim_end_matches('\r');
        if o.form != GroupForm::TableRow {
            let mark = syntax::item_current_mark(line)?;
            return Some(o.at + mark.start..o.at + mark.end);
        }
        syntax::cells(line).into_iter().find_map(|cell| {
            let mark = syntax::item_current_mark(&line[cell.clone()])
                .filter(|m| m.start == 0 || syntax::arrow_mark(&line[cell.clone()]).is_some())?;
            Some(o.at + cell.start + mark.start..o.at + cell.start + mark.end)
        })
    }

    /// Earlier groups collapsed to a line each above the detailed ones (`- ✅ **Phase 1: Tenant
    /// model** — done` … then `### Phase 4: Caching`): items of the headings' word, each stating
    /// its status, whose ids count up into the first heading's, are the groups before them.
    /// So are such items after every group, counting up into the first (finished ones collapsed
    /// into an archive: `## Done` … `- Sprint 14 — onboarding redesign ✅`) or on from the last:
    /// they follow the groups, in file order.
    pub(super) fn prepend_earlier(&mut self, items: Vec<Group<'a>>) {
        let (Some(first), Some(last)) = (self.plan.groups.first(), self.plan.groups.last()) else { return };
        let fits = items.iter().all(|o| !o.indicators.is_empty() && same_word(first.word, o.word));
        if items.is_empty() || !fits {
            return;
        }
        let ids = |before: &[&str], after: &[&str]| {
            let items = items.iter().map(|o| o.id.as_ref());
            super::shape::in_sequence(before.iter().copied().chain(items).chain(after.iter().copied()))
        };
        let (into_first, from_last) = (ids(&[], &[first.id.as_ref()]), ids(&[last.id.as_ref()], &[]));
        let text = self.text;
        let lines: HashSet<usize> =
            items.iter().map(|o| text[..o.at].rfind('\n').map_or(0, |i| i + 1)).collect();
        if items.iter().all(|o| o.at > last.at) && (into_first || from_last) {
            self.drop_tasks(|t| t.group.is_none() && lines.contains(&t.at));
            return self.append_later(items);
        }
        if !into_first || !items.iter().all(|o| o.at < first.at) {
            return;
        }
        self.drop_tasks(|t| t.group.is_none() && lines.contains(&t.at));
        let n = items.len();
        for t in &mut self.plan.tasks {
            if let Some(g) = t.group.as_mut() {
                *g += n;
            }
        }
        if let Some((g, _)) = self.plan.current_mark.as_mut() {
            *g += n;
        }
        if self.plan.current_mark.is_none() {
            self.plan.current_mark =
                items.iter().enumerate().find_map(|(i, o)| self.points_at_itself(o).map(|mark| (i, mark)));
        }
        self.rounds.splice(0..0, std::iter::repeat_n(None, n));
        self.plan.groups.splice(0..0, items.into_iter().map(|o| Group { tasks: 0..0, ..o }));
    }

    /// Items of the headings' word struck through, beside them (`- ~~Phase 7: GUI with egui~~ —
    /// not doing this` under `## Later`), naming no heading's id: groups dropped, in file order
    /// among the headings. Taken out of `items`.
    pub(super) fn insert_dropped(&mut self, items: &mut Vec<(Group<'a>, usize)>) {
        if self.plan.groups.is_empty() || !items.iter().any(|(o, _)| o.struck && o.indicators.is_empty()) {
            return;
        }
        // Heading groups by id, so each item is matched in one look.
        let mut words: HashMap<&str, Vec<&str>> = HashMap::new();
        for g in &self.plan.groups {
            words.entry(g.id.as_ref()).or_default().push(g.word);
        }
        let taken = |o: &Group<'_>| {
            o.id.is_empty()
                || words.get(o.id.as_ref()).is_some_and(|ws| ws.iter().any(|w| same_word(w, o.word)))
        };
        // (One naming a heading's group is a remark on it: `- ~~Phase 2 waits on legal~~ sorted`.)
        let mut dropped = Vec::new();
        let mut lines = HashSet::new();
        for (o, line) in std::mem::take(items) {
            if !(o.struck && o.indicators.is_empty()) {
                items.push((o, line));
            } else if !taken(&o) {
                lines.insert(line);
                dropped.push(o);
            }
        }
        if dropped.is_empty() {
            return;
        }
        self.drop_tasks(|t| t.group.is_none() && lines.contains(&t.at));
        // Merged in file order, each old group's new place noted.
        let old = std::mem::take(&mut self.plan.groups);
        let old_rounds = std::mem::take(&mut self.rounds);
        let mut new_index = Vec::with_capacity(old.len());
        let mut dropped = dropped.into_iter().peekable();
        let mut end = 0;
        for (g, round) in old.into_iter().zip(old_rounds) {
            while let Some(o) = dropped.next_if(|o| o.at < g.at) {
                self.rounds.push(None);
                self.plan.groups.push(Group { tasks: end..end, ..o });
            }
            end = g.tasks.end;
            new_index.push(self.plan.groups.len());
            self.rounds.push(round);
            self.plan.groups.push(g);
        }
        for o in dropped {
            self.rounds.push(None);
            self.plan.groups.push(Group { tasks: end..end, ..o });
        }
        for t in &mut self.plan.tasks {
            if let Some(g) = t.group.as_mut() {
                *g = new_index[*g];
            }
        }
        if let Some((g, _)) = self.plan.current_mark.as_mut() {
            *g = new_index[*g];
        }
    }

    /// A table of phases after every group of the plan, naming none of them (an original plan
    /// kept below a log of later rounds), holds more groups: they follow in document order.
    pub(super) fn append_later(&mut self, table: Vec<Group<'a>>) {
        let last = self.plan.groups.last().map_or(0, |g| g.at);
        if table.first().is_none_or(|t| t.at < last) {
            return;
        }
        let end = self.plan.tasks.len();
        for g in table {
            if self.plan.current_mark.is_none()
                && let Some(mark) = self.points_at_itself(&g)
            {
                self.plan.current_mark = Some((self.plan.groups.len(), mark));
            }
            self.rounds.push(None);
            self.plan.groups.push(Group { tasks: end..end, ..g });
        }
    }

    /// A legend of the marks (`- [ ] Not started`, `- [~] In progress`, `- [x] Complete (tests
    /// pass)`): two or more checkboxes in a row, in no group, each naming its own mark's state
    /// with at most a note after it, in two states or more. They explain the marks; they are
    /// not work.
    pub(super) fn drop_legends(&mut self) {
        let legend = |t: &Task<'_>| {
            t.group.is_none()
                && t.form == TaskForm::Checkbox
                && t.id.is_none()
                && status::at_start(t.text).is_some_and(|tok| {
                    let rest = t.text[tok.range.end..].trim();
                    tok.status == t.status
                        && (rest.is_empty() || (rest.starts_with('(') && rest.ends_with(')')))
                })
        };
        let mut lines = HashSet::new();
        let tasks = &self.plan.tasks;
        let mut i = 0;
        while i < tasks.len() {
            let run = tasks[i..].iter().take_while(|t| legend(t)).count();
            let states: HashSet<Status> = tasks[i..i + run].iter().map(|t| t.status).collect();
            if run >= 2 && states.len() >= 2 {
                lines.extend(tasks[i..i + run].iter().map(|t| t.at));
            }
            i += run.max(1);
        }
        if !lines.is_empty() {
            self.drop_tasks(|t| t.group.is_none() && lines.contains(&t.at));
        }
    }

    /// A checklist naming heading groups by id and title (`- [x] G1 Discovery` over `## Group
    /// G1: Discovery — complete`): an overview of them, one item per group, read as a second
    /// form of the groups ([`Walk::reconcile`]) and not as tasks.
    pub(super) fn overview_items(&self) -> Vec<(Group<'a>, usize)> {
        let groups = &self.plan.groups;
        let sep: &[char] = &[':', '：', '—', '–', '-', '.', ' '];
        let names = |t: &Task<'a>| {
            groups.iter().find(|g| {
                let title = match t.id {
                    Some(id) if id == g.id => t.text,
                    Some(_) => return false,
                    None => match t.text.strip_prefix(g.id.as_ref()) {
                        Some(rest) if rest.starts_with(sep) => rest,
                        _ => return false,
                    },
                };
                g.form == GroupForm::Heading
                    && !g.title.is_empty()
                    && g.title.eq_ignore_ascii_case(title.trim_start_matches(sep))
            })
        };
        let items: Vec<(Group<'a>, usize)> = self
            .plan
            .tasks
            .iter()
            .filter(|t| t.group.is_none() && t.form == TaskForm::Checkbox && !t.nested)
            .filter_map(|t| {
                let g = names(t)?;
                let indicators = t.indicator.iter().cloned().collect();
                Some((
                    Group {
                        insert_at: t.at,
                        ..Group::new(g.id.clone(), g.title, "", GroupForm::ListItem, t.at, indicators)
                    },
                    t.at,
                ))
            })
            .collect();
        if items.len() >= 2 { items } else { Vec::new() }
    }

    /// A list naming heading groups by id and title, each saying how it stands after it (`- P1
    /// Baseline benchmarks ...... done`, `- P3 Reparse — in progress` over `## P1 Baseline
    /// benchmarks`, …): an overview of them, read as a second form of the groups like
    /// [`Walk::overview_items`], for headings that state no status of their own and hold no
    /// tasks. Only what the item says after the whole title is its status.
    pub(super) fn overview_lines(&mut self) -> Vec<(Group<'a>, usize)> {
        let text = self.text;
        let sep: &[char] = &[':', '：', '—', '–', '-', '.', ' '];
        // The headings that state no status of their own and hold no tasks, by id, so each item
        // is matched in one look. (A heading stating its own status is read as before: its list
        // line is left as it is, for one group's own spelling to come back where it was.)
        let mut bare: HashMap<&str, Vec<usize>> = HashMap::new();
        for (g, group) in self.plan.groups.iter().enumerate() {
            if group.form == GroupForm::Heading
                && group.indicators.is_empty()
                && group.tasks.is_empty()
                && !group.id.is_empty()
                && !group.title.is_empty()
            {
                bare.entry(group.id.as_ref()).or_default().push(g);
            }
        }
        if bare.len() < 2 {
            return Vec::new();
        }
        let named: Vec<(usize, Range<usize>, Vec<syntax::Found>)> = (self.plain_items.iter())
            .filter_map(|item| {
                let s = &text[item.clone()];
                // (An id may hold a separator of its own: `1.2`, `M-1`.)
                let ids = s.match_indices(sep).take(4).map(|(i, _)| &s[..i]);
                let mut candidates = ids.filter_map(|id| Some((id, bare.get(id)?))).peekable();
                candidates.peek()?;
                let step = syntax::plain_step(s)?;
                candidates.find_map(|(id, gs)| {
                    let words = s[id.len()..].trim_start_matches(sep);
                    let start = s.len() - words.len();
                    // The whole title, or the heading's before a remark in brackets it adds
                    // (`- P3 Reparse — done` over `## P3 Reparse (incremental)`).
                    let first = step.statuses.iter().map(|f| f.range.start).min().filter(|&f| f > start)?;
                    let said = s[start..first].trim_end_matches([' ', '.', '…', '—', '–', '-', ':']);
                    gs.iter().find_map(|&g| {
                        let title = self.plan.groups[g].title;
                        let remarked = title.get(..said.len()).is_some_and(|t| t.eq_ignore_ascii_case(said))
                            && title[said.len()..].starts_with(" (");
                        let whole = words.get(..title.len()).is_some_and(|w| w.eq_ignore_ascii_case(title));
                        let title_end = match (whole, remarked) {
                            (true, _) => start + title.len(),
                            (false, true) => start + said.len(),
                            (false, false) => return None,
                        };
                        let statuses: Vec<syntax::Found> =
                            step.statuses.iter().filter(|f| f.range.start >= title_end).cloned().collect();
                        (!statuses.is_empty()).then(|| (g, item.clone(), statuses))
                    })
                })
            })
            .collect();
        // (One line per group, the first: a note naming it again later is no second overview.)
        let mut seen = HashSet::new();
        let named: Vec<_> = named.into_iter().filter(|(g, _, _)| seen.insert(*g)).collect();
        if named.len() < 2 {
            return Vec::new();
        }
        named
            .into_iter()
            .map(|(g, item, statuses)| {
                let indicators = self.indicators(&statuses, item.start, Place::Heading);
                let group = &self.plan.groups[g];
                let line = text[..item.start].rfind('\n').map_or(0, |i| i + 1);
                let (id, title, word) = (group.id.clone(), group.title, group.word);
                (
                    Group {
                        insert_at: line,
                        ..Group::new(id, title, word, GroupForm::ListItem, line, indicators)
                    },
                    line,
                )
            })
            .collect()
    }

    /// Remove the tasks `gone` picks, keeping every group's range of task indices true.
    /// Groups that hold no tasks (a Codex ExecPlan's `### Milestone 1: …` prose) whose
    /// work is a checklist elsewhere naming each item's group at its start (`- [x] (2025-02-03
    /// 09:12Z) Milestone 1: added ci.yml`): the items are those groups' tasks, when each group's
    /// items are one run of the checklist and no item between them names none.
    pub(super) fn named_items(&mut self) {
        let groups = &self.plan.groups;
        // Whether the groups state statuses does not matter: a `set` that writes one must not
        // take the milestones' tasks away.
        if groups.is_empty() || groups.iter().any(|g| !g.tasks.is_empty()) {
            return;
        }
        let named = |t: &Task<'_>| {
            let s = t.text.trim_start();
            let s = match s.strip_prefix('(').and_then(|r| r.split_once(')')) {
                Some((_, rest)) => rest.trim_start(),
                None => s,
            };
            let h = syntax::code_heading(s)?;
            let (word, id) = (&s[h.word], &s[h.id]);
            groups.iter().position(|g| g.id == id && !g.word.is_empty() && same_word(g.word, word))
        };
        let owners: Vec<Option<usize>> =
            self.plan.tasks.iter().map(|t| if t.group.is_some() { None } else { named(t) }).collect();
        let mut runs: Vec<Option<std::ops::Range<usize>>> = vec![None; groups.len()];
        let mut open = None;
        for (i, owner) in owners.iter().enumerate() {
            let Some(g) = *owner else { continue };
            match runs[g].as_mut() {
                Some(run) if open == Some(g) => run.end = i + 1,
                // A group's items again after another group's: not one run.
                Some(_) => return,
                None => runs[g] = Some(i..i + 1),
            }
            open = Some(g);
        }
        // An item naming no group inside a run would be counted as that group's.
        let whole =
            |g: usize, run: &std::ops::Range<usize>| owners[run.clone()].iter().all(|o| *o == Some(g));
        if runs.iter().enumerate().any(|(g, run)| run.as_ref().is_some_and(|r| !whole(g, r))) {
            return;
        }
        if runs.iter().all(Option::is_none) {
            return;
        }
        for (g, run) in runs.into_iter().enumerate() {
            if let Some(run) = run {
                for t in &mut self.plan.tasks[run.clone()] {
                    t.group = Some(g);
                }
                self.plan.groups[g].tasks = run;
            }
        }
    }

    fn drop_tasks(&mut self, gone: impl Fn(&Task<'a>) -> bool) {
        let mut before = Vec::with_capacity(self.plan.tasks.len() + 1);
        let mut removed = 0;
        for t in &self.plan.tasks {
            before.push(removed);
            removed += usize::from(gone(t));
        }
        before.push(removed);
        if removed == 0 {
            return;
        }
        self.plan.tasks.retain(|t| !gone(t));
        for g in &mut self.plan.groups {
            g.tasks = g.tasks.start - before[g.tasks.start]..g.tasks.end - before[g.tasks.end];
        }
    }
}

/// Put a status in words first where the group's first says it by a vague symbol alone and
/// they disagree (`### ❌ 第五階段` over `狀態：取消`, `## 阶段 7：… ⏸` beside a `⏸ 暂停` cell,
/// `### ⬜ …` over `狀態：卡住`): such a symbol means one thing in one plan and another in the
/// next (paused or not yet, stuck or dropped, not done), the words say which. A clear one (`✅`
/// over `**Status:** in_progress`) stays first: those two disagree.
pub(super) fn words_over_symbols(plan: &mut Plan<'_>) {
    let text = plan.text;
    // (A box's mark is no word: `[x]`.)
    let worded = |i: &Indicator| {
        i.place != Place::Checkbox
            && text.get(i.range.clone()).is_some_and(|t| t.chars().any(char::is_alphanumeric))
    };
    for g in &mut plan.groups {
        let Some(first) = g.indicators.iter().position(|i| !i.open_box()) else { continue };
        let said = &g.indicators[first];
        let vague = text.get(said.range.clone()).is_some_and(|t| {
            let t = t.trim().trim_end_matches('\u{fe0f}');
            !status::meanings(t).is_empty() || matches!(t, "⬜" | "☐" | "❌" | "✖" | "✗")
        });
        if !vague || said.place == Place::Checkbox {
            continue;
        }
        // (Words on the symbol's own line qualify it: `### ✅ Phase 1: …（部分完了）` is done
        // in part, as the heading says first.)
        let (status, at) = (said.status, said.range.start);
        let apart = |i: &Indicator| {
            let (a, b) = (at.min(i.range.start), at.max(i.range.start));
            text.get(a..b).is_some_and(|between| between.contains('\n'))
        };
        if let Some(words) =
            g.indicators.iter().position(|i| worded(i) && apart(i) && !Group::agrees(i, status))
        {
            let moved = g.indicators.remove(words);
            g.indicators.insert(first, moved);
        }
    }
}

/// Drop each share done (`— ~80%`) that something says more than: a share is a guess at how
/// far the work is, so a status stated in words, a box or a table wins, and a new status is
/// written there. So do the group's tasks when they say otherwise (`## Phase 3: Raise coverage
/// (80%)` over open boxes is a target).
pub(super) fn drop_weaker_shares(plan: &mut Plan<'_>) {
    let tasks = &plan.tasks;
    for g in &mut plan.groups {
        let mine = &tasks[g.tasks.start.min(tasks.len())..g.tasks.end.min(tasks.len())];
        let done = mine.iter().filter(|t| t.status.is_done()).count();
        let started = mine.iter().any(|t| t.status != Status::Pending);
        let belied = |s: Status| match s {
            Status::Complete => done < mine.len(),
            Status::Pending => done > 0,
            _ => !mine.is_empty() && !started,
        };
        if g.indicators.iter().any(|i| i.place != Place::Share)
            || g.indicators.iter().any(|i| i.place == Place::Share && belied(i.status))
        {
            g.indicators.retain(|i| i.place != Place::Share);
        }
    }
}

/// A group cell's id and title: the cell itself, or, when it is not an id, an id and a title it
/// holds (`**A — Console foundation**`, `Bill P1 — Backend pipeline`), bold unwrapped.
pub(super) fn split_group_cell(cell: &str) -> (&str, &str) {
    if syntax::is_group_id(cell) {
        return (cell, cell);
    }
    // Struck through, the row dropped (`| ~~8~~ | ~~API GraphQL~~ | ❌ descartada |`).
    if let Some(inner) = cell.strip_prefix("~~").and_then(|c| c.strip_suffix("~~"))
        && syntax::is_group_id(inner)
    {
        return (inner, cell);
    }
    let inner = cell.strip_prefix("**").and_then(|c| c.strip_suffix("**")).unwrap_or(cell).trim();
    let separated = |t: &Titled| {
        let after = inner[t.id.end..].trim_start();
        !t.title.is_empty() && [":", "：", "—", "–", "- "].iter().any(|s| after.starts_with(s))
    };
    if let Some(t) = syntax::word_heading(inner) {
        if separated(&t) {
            return (&inner[t.id.clone()], &inner[t.title]);
        }
        // `Phase 1` alone: the id, and the cell as its title.
        if inner[t.id.end..].trim().is_empty() {
            return (&inner[t.id], cell);
        }
    }
    if let Some(t) = syntax::numbered_heading(inner).filter(|t| !t.title.is_empty()) {
        return (&inner[t.id], &inner[t.title]);
    }
    for sep in [" — ", " – ", ": ", " - "] {
        if let Some((id, title)) = inner.split_once(sep)
            && syntax::is_group_id(id.trim())
        {
            return (id.trim(), title.trim());
        }
    }
    (cell, cell)
}

/// Do two group words name the same kind of group (`Sprint` and `sprint`, `阶段` and `阶段名称`)?
/// A form without a word (a numbered list) names any.
/// Do two forms name their groups with the same word? A word's first letter stands for it
/// (`M1` beside `Milestone`), in any language (`M1` beside `里程碑`).
fn same_word(a: &str, b: &str) -> bool {
    let (a, b) = (a.to_lowercase(), b.to_lowercase());
    let letter = |w: &str| w.chars().count() == 1;
    a.is_empty() || b.is_empty() || letter(&a) || letter(&b) || a.starts_with(&b) || b.starts_with(&a)
}
