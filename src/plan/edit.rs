//! Surgical edit operations on a parsed plan: find the task or group a user names, compute the
//! byte edits that change its status in the style already used there, and verify the result.

use std::borrow::Cow;

use super::insert::{line_at, offset_in};
use super::vocabulary::Shape;
use super::{Group, GroupForm, Indicator, Place, Plan, Status, Task, open_box_reads, status, syntax};
use crate::error::{Error, Result};
use crate::text::{Document, Edit, same_script};

/// What a `set` changes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    Task(usize),
    Group(usize),
}

/// The task with this id: exact, then ASCII-case-insensitive. A duplicated id is refused.
pub fn find_task(plan: &Plan<'_>, doc: &Document, id: &str) -> Result<usize> {
    let mut hits: Vec<usize> = (0..plan.tasks.len()).filter(|&i| plan.tasks[i].id == Some(id)).collect();
    if hits.is_empty() {
        hits = (0..plan.tasks.len())
            .filter(|&i| plan.tasks[i].id.is_some_and(|t| t.eq_ignore_ascii_case(id)))
            .collect();
    }
    match hits.as_slice() {
        [one] => Ok(*one),
        [] => Err(Error::UnknownTask { id: id.to_string(), nearest: nearest_ids(plan, id), group: None }),
        many => Err(Error::DuplicateTask {
            id: id.to_string(),
            lines: many.iter().map(|&i| doc.line_of(plan.tasks[i].at)).collect(),
        }),
    }
}

/// `--group G`, else the group work happens in (`None` when the plan has no groups).
pub fn resolve_group(plan: &Plan<'_>, group: Option<&str>) -> Result<Option<usize>> {
    match group {
        Some(g) => Ok(Some(find_group(plan, g)?)),
        None => Ok(plan.working_group().or_else(|| plan.groups.len().checked_sub(1))),
    }
}

/// The group with this key, or this id (`2`, `Phase 2`), refusing an id several groups share.
pub fn find_group(plan: &Plan<'_>, id: &str) -> Result<usize> {
    if let Some(i) = plan.groups.iter().position(|g| g.key == id) {
        return Ok(i);
    }
    // `Phase 2`, `Step 2`, or the id alone; `2` names `阶段二` too.
    let wanted = super::parse::named_id(plan, id).unwrap_or(id);
    let same =
        |g: &str| g == wanted || g.eq_ignore_ascii_case(wanted) || super::syntax::numeral_names(g, wanted);
    let hits: Vec<usize> = (0..plan.groups.len()).filter(|&i| same(&plan.groups[i].id)).collect();
    match hits.as_slice() {
        [one] => Ok(*one),
        [] => Err(Error::UnknownGroup {
            id: id.to_string(),
            known: plan.groups.iter().map(|g| g.key.clone()).collect(),
        }),
        many => Err(Error::AmbiguousGroup {
            id: id.to_string(),
            keys: many.iter().map(|&i| plan.groups[i].key.clone()).collect(),
        }),
    }
}

/// Up to three task ids close to `id`.
pub fn nearest_ids(plan: &Plan<'_>, id: &str) -> Vec<String> {
    nearest(id, plan.tasks.iter().filter_map(|t| t.id))
}

/// Up to three ids close to `id`: same prefix or within a small edit distance.
fn nearest<'a>(id: &str, ids: impl Iterator<Item = &'a str>) -> Vec<String> {
    let lower = id.to_ascii_lowercase();
    let limit = (id.chars().count() / 3).max(2);
    let mut scored: Vec<(usize, &str)> = ids
        .filter_map(|c| {
            let d = distance(&lower, &c.to_ascii_lowercase());
            (d <= limit).then_some((d, c))
        })
        .collect();
    scored.sort();
    scored.dedup_by_key(|(_, c)| *c);
    scored.into_iter().take(3).map(|(_, c)| c.to_string()).collect()
}

fn distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let cur = row[j + 1];
            row[j + 1] = (prev + usize::from(ca != cb)).min(row[j] + 1).min(cur + 1);
            prev = cur;
        }
    }
    row[b.len()]
}

/// The current status of a target as the plan reads it.
pub fn status_of(plan: &Plan<'_>, target: Target) -> Status {
    match target {
        Target::Task(i) => plan.tasks[i].status,
        Target::Group(i) => plan.status(&plan.groups[i]),
    }
}

/// The edits for several sets at once (distinct targets).
pub fn set_statuses(plan: &Plan<'_>, doc: &Document, changes: &[(Target, Status)]) -> Result<Vec<Edit>> {
    let mut edits = Vec::new();
    for &(target, to) in changes {
        edits.extend(set_status(plan, doc, target, to)?);
    }
    Ok(edits)
}

/// The edits that make `target` read as `to`: every place its status is written, or a new
/// status where it has none. Empty when it already reads so.
pub fn set_status(plan: &Plan<'_>, doc: &Document, target: Target, to: Status) -> Result<Vec<Edit>> {
    // A spec's items and their tasks write `[-]` for work under way: skipped has no mark there.
    let in_spec = plan.dash_started
        && match target {
            Target::Task(i) => {
                let t = &plan.tasks[i];
                t.indicator.iter().any(|i| i.place == Place::Checkbox)
                    && t.group.is_some_and(|g| plan.groups[g].form == GroupForm::ListItem)
            }
            Target::Group(g) => plan.groups[g].form == GroupForm::ListItem,
        };
    if in_spec && to == Status::Skipped {
        return Err(Error::NoStatusPlace {
            what: format!(
                "{} as skipped: this plan's checkboxes write `[-]` for work under way, and have no mark for work dropped",
                target_name(plan, target)
            ),
        });
    }
    match target {
        Target::Task(i) => {
            let task = &plan.tasks[i];
            // What an open box reads there, when not pending (struck words, a board's Doing
            // column): that status writes the open box back, and pending cannot be written.
            let column = task.group.and_then(|g| plan.groups[g].column());
            let open = task
                .indicator
                .as_ref()
                .filter(|i| i.place == Place::Checkbox)
                .and_then(|_| open_box_reads(task.struck, column));
            match &task.indicator {
                Some(ind) if ind.status == to && !task.unknown_mark => Ok(Vec::new()),
                Some(ind) if open == Some(to) => Ok(vec![Edit::replace(ind.range.clone(), " ")]),
                Some(_)
                    if to == Status::Pending
                        && let Some(reads) = open =>
                {
                    Err(Error::NoStatusPlace {
                        what: format!(
                            "task `{}`: {}",
                            task.id.unwrap_or(task.text),
                            open_box_why(plan, task, reads)
                        ),
                    })
                }
                // Outside a spec's list its `[-]` is no started mark: `[~]` is.
                Some(ind)
                    if plan.dash_started
                        && !in_spec
                        && to == Status::InProgress
                        && ind.place == Place::Checkbox =>
                {
                    Ok(vec![Edit::replace(ind.range.clone(), to.checkbox().to_string())])
                }
                Some(ind) => {
                    let mut edits = vec![respell(plan, ind, to, None)];
                    // A bilingual value (`complete / 已完成`) gets both halves.
                    let rest = plan.text[ind.range.end..].lines().next().unwrap_or("");
                    if ind.place == Place::Label
                        && let Some(second) = syntax::second_status(rest)
                    {
                        let range = second.range.start + ind.range.end..second.range.end + ind.range.end;
                        edits.push(respell(
                            plan,
                            &Indicator { status: second.status, range, place: Place::Label },
                            to,
                            None,
                        ));
                    }
                    Ok(edits)
                }
                // A task heading with no status line reads pending: pending is a no-op.
                None if task.status == to => Ok(Vec::new()),
                None => Ok(vec![status_line(doc, plan.insert_at(task), plan, to)]),
            }
        }
        Target::Group(i) => group_edits(plan, doc, &plan.groups[i], to),
    }
}

/// A target as a person names it: `task `T1.2``, `group 3`.
fn target_name(plan: &Plan<'_>, target: Target) -> String {
    match target {
        Target::Task(i) => format!("task `{}`", plan.tasks[i].id.unwrap_or(plan.tasks[i].text)),
        Target::Group(g) => format!("group {}", plan.groups[g].key),
    }
}

/// Why an open box on `task`, which reads `reads` there, cannot say pending (see
/// [`open_box_reads`]).
fn open_box_why(plan: &Plan<'_>, task: &Task<'_>, reads: Status) -> String {
    match task.group.map(|g| &plan.groups[g]).filter(|_| !task.struck) {
        Some(g) => format!(
            "an open box on the board column `{}` reads {reads}; move it under the column you mean",
            g.title
        ),
        None => "its words are struck through, which an open box reads as dropped; take the strike off first"
            .into(),
    }
}

fn group_edits(plan: &Plan<'_>, doc: &Document, g: &Group<'_>, to: Status) -> Result<Vec<Edit>> {
    if g.indicators.is_empty() {
        if plan.status(g) == to && g.form == GroupForm::TableRow {
            return Ok(Vec::new());
        }
        if let Some(value) = &g.free_status {
            let place = if g.form == GroupForm::TableRow { Place::Cell } else { Place::Label };
            return Ok(vec![free_words(plan, value.clone(), to, place)]);
        }
        return match g.form {
            // A step line of a plan kept by hand (`**counters**` among `**demo**  done`) takes
            // its status on its line as its siblings do: a line under it would join it.
            GroupForm::Heading => match after_title_like_siblings(plan, g, to) {
                Some(edit) if !is_heading_line(plan.text, g.at) => Ok(vec![edit]),
                _ => Ok(vec![status_line(doc, g.insert_at, plan, to)]),
            },
            GroupForm::ListItem => match after_title_like_siblings(plan, g, to) {
                Some(edit) => Ok(vec![edit]),
                // An item struck through beside headings is dropped by its strike: a box would
                // make it a task, so the strike is the person's to take off.
                None if g.struck && plan.status(g) == to => Ok(Vec::new()),
                None if g.struck => Err(Error::NoStatusPlace {
                    what: format!(
                        "group `{}`: it is struck through, which reads as dropped; take the strike off first",
                        g.key
                    ),
                }),
                None => {
                    let c = spelled_checkbox(plan, to);
                    Ok(vec![Edit::insert(g.insert_at, format!("[{c}] "))])
                }
            },
            GroupForm::TableRow => {
                Err(Error::NoStatusPlace { what: format!("group `{}`: its row has no status", g.key) })
            }
        };
    }
    // A board column's status is where its items are: moving them is the person's edit.
    if let Some(column) = g.indicators.iter().find(|i| i.place == Place::Column) {
        if plan.status(g) == to {
            return Ok(Vec::new());
        }
        return Err(Error::NoStatusPlace {
            what: format!(
                "group `{}`: it is the board column `{}`, whose status is where its items are; move them under the column you mean",
                g.key,
                &plan.text[column.range.clone()]
            ),
        });
    }
    // A plan that states the group's status in two places (a checklist and a heading, a table
    // and a status line) gets every place edited; when the places disagree, nobody knows which
    // one the person meant, so nothing is written.
    // An open box beside words (`- [ ] G3 Extraction quality` over `## Group G3: … — in
    // progress`) agrees with any unfinished status.
    if let Some((first, other)) = g.disagreeing() {
        return Err(Error::NoStatusPlace {
            what: format!(
                "group `{}`: line {} says `{}` and line {} says `{}`; make them agree first",
                g.key,
                line_of(plan.text, first.range.start),
                shown(plan.text, first),
                line_of(plan.text, other.range.start),
                shown(plan.text, other),
            ),
        });
    }
    // A share done says complete as 100% and not started as 0%; how far work under way is, or
    // that it is blocked or dropped, only the person can write.
    // (Unless the group wrote that share before pplan replaced it: `80%` set pending and back.)
    let recalled = |i: &Indicator| {
        plan.vocabulary.spelled_for(&g.memory_key(), Place::Share, to, Shape::of(&plan.text[i.range.clone()]))
    };
    if let Some(share) = g.indicators.iter().find(|i| i.place == Place::Share && i.status != to)
        && !matches!(to, Status::Complete | Status::Pending)
        && recalled(share).is_none()
    {
        return Err(Error::NoStatusPlace {
            what: format!(
                "group `{}`: its status is a share done, `{}`, which says only complete (100%) or pending (0%); write {to} in its place yourself",
                g.key,
                &plan.text[share.range.clone()]
            ),
        });
    }
    // An open box on a group whose tasks have started reads in progress ([`Plan::status`]): it
    // is how a box says in progress there, and there it cannot say pending.
    let started = g.indicators.iter().all(|i| i.place == Place::Checkbox) && plan.counts(g).started();
    if plan.box_follows_tasks(g) && plan.status(g) == to {
        return Ok(Vec::new());
    }
    if started && to == Status::Pending {
        return Err(Error::NoStatusPlace {
            what: format!(
                "group `{}`: its box reads in progress while its tasks have started; set them back first",
                g.key
            ),
        });
    }
    // Beside words, a box says whether the work is done: for a status the file has no box
    // mark for, it is open (the words say which).
    let worded = g.indicators.iter().any(|i| i.place != Place::Checkbox);
    let unmarked = worded && !to.is_done() && plan.vocabulary.spelling(Place::Checkbox, to).is_none();
    Ok(g.indicators
        .iter()
        .filter(|i| i.status != to && !(unmarked && i.open_box()))
        .map(|i| match i.place {
            Place::Checkbox if unmarked => {
                let open = plan.vocabulary.spelling(Place::Checkbox, Status::Pending).unwrap_or(" ");
                Edit::replace(i.range.clone(), open.to_string())
            }
            // A started group's open box reads in progress, and the current group's; a file that
            // marks work under way (`[/]`, a spec's `[-]`) gets its mark.
            Place::Checkbox if (started || plan.is_current(g)) && to == Status::InProgress => {
                let mark = plan.vocabulary.spelling(Place::Checkbox, to).unwrap_or(" ");
                Edit::replace(i.range.clone(), mark.to_string())
            }
            Place::Share => {
                // (With the sign set apart as the file sets it: `100 %`.)
                let old = &plan.text[i.range.clone()];
                let digits = old.trim_end_matches('%').trim_end_matches(|c: char| !c.is_ascii_digit());
                let sign = old.strip_prefix(digits).unwrap_or("%");
                match recalled(i) {
                    Some(own) => Edit::replace(i.range.clone(), own.to_string()),
                    None => {
                        let share = if to == Status::Complete { "100" } else { "0" };
                        Edit::replace(i.range.clone(), format!("{share}{sign}"))
                    }
                }
            }
            _ => respell(plan, i, to, Some(&g.memory_key())),
        })
        .collect())
}

/// A step of a list whose steps state their status after their title (`- hardware: done`, `3.
/// Mudanza (en curso)`), stating none itself (`- services`): its status goes after its title
/// the way the first such step writes it (`- services: in progress`), in that step's spelling.
/// A box would make it a task of the list, not a step.
fn after_title_like_siblings(plan: &Plan<'_>, g: &Group<'_>, to: Status) -> Option<Edit> {
    let text = plan.text;
    let line_end = |at: usize| line_at(text, at).end;
    let title_end = |s: &Group<'_>| {
        let at = offset_in(text, s.title).filter(|&at| at >= s.at && !s.title.is_empty())?;
        Some(at + s.title.len()).filter(|&end| end <= line_end(s.at))
    };
    // After the title, nothing but a mark saying it is the current one (`4. Catálogo  ← ahora`):
    // the status goes before the mark. A question mark or a dash alone, perhaps after a colon
    // (`**4 case**  ?`, `**Fase 6 — Soffitto**: —`), says nothing is settled: the status takes
    // its place.
    let end = title_end(g)?;
    let rest = text[end..line_end(g.at)].trim_start_matches(['*', '_', '`']);
    // The markup closing this one's title (`**`), after which its status goes.
    let own = &text[end..line_end(g.at) - rest.len()];
    let slot = rest.trim().trim_start_matches([':', '：']).trim();
    let asked = !rest.trim().is_empty() && ["", "?", "—", "–", "-", "…"].contains(&slot);
    if !(rest.trim().is_empty()
        || asked
        || syntax::item_current_mark(rest).is_some_and(|mark| mark.start == 0))
    {
        return None;
    }
    // Its own list's form (or its own kind of line): the nearest step first.
    let heading = is_heading_line(text, g.at);
    let mut steps: Vec<&Group<'_>> =
        plan.groups.iter().filter(|s| s.form == g.form && is_heading_line(text, s.at) == heading).collect();
    steps.sort_by_key(|s| s.at.abs_diff(g.at));
    // Siblings that say how far they are (`■ 第四部「帰港」… 0%`) are copied only when no sibling
    // states a word: then done or not begun is a share, and another status a word in the line's
    // own script.
    let worded = |i: &&Indicator| i.place == Place::Heading && !text[i.range.clone()].ends_with('%');
    let shares = !steps.iter().any(|s| s.indicators.first().is_some_and(|i| worded(&i)));
    steps.into_iter().find_map(|s| {
        // (Else not a share done, `week 3   40%`: a word is written in a word's place.)
        let i = s.indicators.first().filter(|i| worded(i) || (shares && i.place == Place::Share))?;
        let (t_end, l_end) = (title_end(s)?, line_end(s.at));
        if !(t_end <= i.range.start && i.range.end <= l_end) {
            return None;
        }
        // Markup closing that step's title (`- **hardware**: done`) is not the separator: the
        // status goes after the markup closing this one's, the same or none.
        let between = text[t_end..i.range.start].trim_start_matches(['*', '_', '`']);
        let markup = &text[t_end..i.range.start - between.len()];
        if !own.is_empty() && own != markup {
            return None;
        }
        let end = end + own.len();
        let after = &text[i.range.end..l_end];
        let closing = after.chars().all(|c| matches!(c, ')' | '）' | ']' | '】' | '*' | '`'));
        // Dotted leaders (`visites ........ OK — 14 visites`) lead this one's status to the
        // same column; the sibling's notes stay its own.
        // (An ellipsis is copied as it is: `全体推敲… 100%`.)
        let dotted = between.matches('.').count() > 4 && between.chars().all(|c| matches!(c, '.' | ' '));
        let (between, after) = match dotted {
            true => {
                let column = text[line_at(text, s.at).start..i.range.start].chars().count();
                let here = text[line_at(text, g.at).start..end].chars().count();
                let dots = column.saturating_sub(here + 2).max(3);
                (Cow::Owned(format!(" {} ", ".".repeat(dots))), if closing { after } else { "" })
            }
            false => (Cow::Borrowed(between), after),
        };
        (dotted || (closing && between.chars().count() <= 4)).then(|| {
            let word = match (text[i.range.clone()].ends_with('%'), to) {
                (false, _) => respell(plan, i, to, None).text,
                (true, Status::Complete) => "100%".into(),
                (true, Status::Pending) => "0%".into(),
                (true, _) => {
                    status::in_script_of(&text[line_at(text, g.at)], to).unwrap_or(to.as_str()).into()
                }
            };
            let replaced = if asked { end..line_end(g.at) } else { end..end };
            Edit::replace(replaced, format!("{between}{word}{after}"))
        })
    })
}

/// Whether the line at `at` is a markdown heading ([`syntax::opens_heading`]).
fn is_heading_line(text: &str, at: usize) -> bool {
    syntax::opens_heading(&text[line_at(text, at)])
}

/// An indicator as a person finds it on its line: a checkbox mark with its brackets (`[ ]`).
fn shown<'t>(text: &'t str, i: &Indicator) -> &'t str {
    let r = &i.range;
    match i.place {
        Place::Checkbox if r.start > 0 && text.get(r.start - 1..r.end + 1).is_some() => {
            &text[r.start - 1..r.end + 1]
        }
        _ => &text[r.clone()],
    }
}

fn line_of(text: &str, at: usize) -> usize {
    1 + memchr::memchr_iter(b'\n', &text.as_bytes()[..at]).count()
}

fn spelled_checkbox(plan: &Plan<'_>, to: Status) -> String {
    // The mark the file already uses for `to` (`X`, `/`, or an empty `[]` for an open box).
    let started = || plan.vocabulary.spelled(Place::Checkbox, to, Shape::Symbol);
    match (to, plan.vocabulary.spelling(Place::Checkbox, to)) {
        (Status::Complete | Status::Pending, Some(c)) => c.to_string(),
        // `[/]` set done and back is `[/]` again, the file's or a remembered mark.
        // A spec's list marks it `[-]`.
        (Status::InProgress, _) => started().unwrap_or(if plan.dash_started { "-" } else { "~" }).to_string(),
        _ => to.checkbox().to_string(),
    }
}

/// Replace an indicator's text with `to`, spelled as the file spells `to` in that kind of
/// place and shape (a word, a symbol, a symbol and a word), or spelled it before pplan replaced
/// the last such spelling; else in the style of the text being replaced, with the letter case
/// and symbols the file uses (see [`super::Vocabulary::style`]). A group's own spelling of `to`
/// before pplan replaced it comes first (`DONE` where its siblings write `done`).
fn respell(plan: &Plan<'_>, ind: &Indicator, to: Status, group: Option<&str>) -> Edit {
    if ind.place == Place::Checkbox {
        return Edit::replace(ind.range.clone(), spelled_checkbox(plan, to));
    }
    let old = &plan.text[ind.range.clone()];
    // The file's own spelling, unless it is in another script than the line (a plan written in
    // two languages keeps each line in its own).
    let own = group.and_then(|k| plan.vocabulary.spelled_for(k, ind.place, to, Shape::of(old)));
    let mut text = match own.or_else(|| plan.vocabulary.spelled(ind.place, to, Shape::of(old))) {
        Some(seen) if same_script(seen, old) => seen.to_string(),
        _ => {
            let style = plan.vocabulary.style(ind.place, to);
            let text = status::restyle_in(old, to, style);
            // One capitalised word opening a sentence after another on its line (`slab.
            // Finished!`) opens the new one in sentence case: `In progress`, not `In Progress`.
            let after_stop =
                [". ", "! ", "? "].iter().any(|stop| plan.text[..ind.range.start].ends_with(stop));
            let one_word = old.chars().next().is_some_and(char::is_uppercase)
                && !old.contains(' ')
                && old.chars().skip(1).any(char::is_lowercase);
            // (In English: German writes its nouns in capitals, `In Arbeit`.)
            let english = status::english_at_start(&text);
            match after_stop && one_word && english && style.case.is_none_or(|c| c != status::Case::Title) {
                true => sentence_case(&text),
                false => text,
            }
        }
    };
    // A symbol of two meanings over a sentence saying the other (`### ⏸️ Phase 4` over `On
    // hold — …`, which stays) would read as the sentence says: one symbol of one meaning.
    if ind.place == Place::Heading
        && Shape::of(&text) == Shape::Symbol
        && let Some(said) = opening_sentence(plan.text, ind.range.start)
        && said != to
        && status::meanings(&text).contains(&said)
    {
        text = status::one_meaning_symbol(to).to_string();
    }
    // A status opening a sentence (`Descartada: nadie la ha pedido.`) opens it still, in a
    // capital, whatever the file's status lines write (`**Estado:** pendiente`). (A word in
    // capitals, `=> DONE`, is no sentence's first word: the file's spelling stands.)
    let line_start = plan.text[..ind.range.start].rfind('\n').map_or(0, |i| i + 1);
    let opens = !plan.text[line_start..ind.range.start].chars().any(char::is_alphanumeric);
    let sentence = old.starts_with(char::is_uppercase) && old.chars().any(char::is_lowercase);
    if opens && sentence && text.starts_with(char::is_lowercase) {
        let mut chars = text.chars();
        text = chars.next().map(|c| c.to_uppercase().chain(chars).collect()).unwrap_or(text);
    }
    // The words of a bracket saying it is being done now (`(working on this now)`) go whole:
    // `(done)`, not `(done now)`.
    let mut range = ind.range.clone();
    if plan.text[..range.start].ends_with('(')
        && let Some(close) = plan.text[range.end..line_at(plan.text, range.end).end].find(')')
        && syntax::item_current_mark(&plan.text[range.start - 1..range.end + close + 1])
            .is_some_and(|m| m.start == 0)
    {
        range.end += close;
    }
    Edit::replace(range, text)
}

/// `text` with its words after the first in lowercase, but for words in capitals (`In
/// Progress` → `In progress`, `Waiting On QA` → `Waiting on QA`).
fn sentence_case(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for (i, word) in text.split(' ').enumerate() {
        if i > 0 {
            out.push(' ');
        }
        let capital = word.chars().skip(1).all(|c| !c.is_uppercase());
        match i > 0 && capital {
            true => out.extend(word.chars().flat_map(char::to_lowercase)),
            false => out.push_str(word),
        }
    }
    out
}

/// What the sentence opening the line after the one holding `at` says (`On hold — …`).
fn opening_sentence(text: &str, at: usize) -> Option<Status> {
    let end = line_at(text, at).end;
    let next = text[end..].strip_prefix("\r\n").or_else(|| text[end..].strip_prefix('\n'))?;
    let line = next[..next.find('\n').unwrap_or(next.len())].trim_end_matches('\r');
    syntax::sentence_status(&line[syntax::content_start(line)..]).map(|t| t.status)
}

/// The words of a status line pplan does not know (`started, waiting on Jacob`, `开发中`,
/// `` `unblocked` ``) become `to`: the leading phrase (up to a comma, semicolon, parenthesis or
/// dash) or the code span's inside is replaced, the rest of the person's line is kept.
/// So does a table row's status cell, blank or in such words, in the file's spelling for cells.
fn free_words(plan: &Plan<'_>, value: std::ops::Range<usize>, to: Status, place: Place) -> Edit {
    let text = &plan.text[value.clone()];
    let line_start = plan.text[..value.start].rfind('\n').map_or(0, |i| i + 1);
    let label = &plan.text[line_start..value.start];
    let spelled = plan.vocabulary.spelling(place, to).filter(|s| s.chars().any(char::is_alphanumeric));
    // A cell's status in the language of the other rows' (`concluídas` → `em andamento`).
    let sibling = || {
        let i = plan.groups.iter().flat_map(|g| &g.indicators).find(|i| i.place == Place::Cell)?;
        Some(status::restyle_in(&plan.text[i.range.clone()], to, plan.vocabulary.style(Place::Cell, to)))
    };
    let word = match (place, spelled) {
        (Place::Cell, Some(word)) => word.to_string(),
        (Place::Cell, None) => sibling().unwrap_or_else(|| {
            status::in_script_of(&plan.text[line_at(plan.text, value.start)], to)
                .unwrap_or(to.as_str())
                .into()
        }),
        (_, Some(_)) => label_word(plan, to).into(),
        (_, None) => status::in_script_of(label, to).unwrap_or(to.as_str()).into(),
    };
    // A blank cell (`| B |  |`) takes the word with a space either side.
    if text.is_empty() {
        let start = plan.text[..value.start].trim_end_matches(' ').len();
        let end =
            value.end + plan.text[value.end..].len() - plan.text[value.end..].trim_start_matches(' ').len();
        let before = if plan.text[..start].ends_with('|') { " " } else { "" };
        let after = if plan.text[end..].starts_with('|') { " " } else { "" };
        return Edit::replace(start..end, format!("{before}{word}{after}"));
    }
    if let Some(inner) = text.strip_prefix('`')
        && let Some(end) = inner.find('`')
    {
        return Edit::replace(value.start + 1..value.start + 1 + end, word.to_string());
    }
    let end = crate::text::find_any(text, &[",", ";", " (", "（", "，", "；", " — ", " – ", " - "])
        .map_or(text.len(), |(at, _)| at);
    Edit::replace(value.start..value.start + text[..end].trim_end().len(), word.to_string())
}

/// `to` as the file spells it on label lines (a spelling with a word), else its name.
fn label_word<'a>(plan: &Plan<'a>, to: Status) -> &'a str {
    plan.vocabulary
        .spelling(Place::Label, to)
        .filter(|s| s.chars().any(char::is_alphanumeric))
        .unwrap_or(to.as_str())
}

/// A status line inserted at a line start, in the file's line ending, with the label the file
/// uses (`**状态：** `), else `- **Status:** `.
fn status_line(doc: &Document, at: usize, plan: &Plan<'_>, to: Status) -> Edit {
    let eol = doc.eol().as_str();
    let label = plan.status_label.unwrap_or("- **Status:** ");
    let word = match plan.vocabulary.spelling(Place::Label, to) {
        Some(_) => label_word(plan, to),
        None => status::in_script_of(label, to).unwrap_or(to.as_str()),
    };
    // A table right below would continue the new line's paragraph: a blank line keeps it a table.
    let next = &doc.text()[at..];
    let gap = if next.trim_start_matches(' ').starts_with('|') { eol } else { "" };
    // Inside a callout or quote (`> [!todo] Phase 1 — Base`), the new line is quoted like the
    // group's.
    let before = doc.text()[..at].trim_end_matches(['\n', '\r']);
    let above = &before[before.rfind('\n').map_or(0, |i| i + 1)..];
    let quote = &above[..syntax::content_start(above)];
    let quote = if quote.contains('>') { quote } else { "" };
    let line = format!("{quote}{label}{word}{eol}{gap}");
    if at == doc.text().len() && !doc.text().ends_with('\n') {
        // The heading is the last line and has no line ending: keep the file ending as it did.
        return Edit::insert(at, format!("{eol}{quote}{label}{word}"));
    }
    Edit::insert(at, line)
}

/// Whether `after` (`before`'s text with `edits`) certainly reads as `before` with `changes`,
/// known without parsing it again: every edit rewrites one of the targets' status indicators
/// where it stands (a checkbox mark, or the status word of a label line), the words taken out
/// and put in are plain (letters, digits,
/// `_`, `-`, inner spaces, emoji: nothing markdown reads as structure, so no other line can read
/// differently), and each new word, read again where it now stands by the reader of its place,
/// says its target's new status. Then [`with_sets`] gives the plan after the change (for what it
/// says, never for offsets into the new text). `false`: not certain here; parse `after` and
/// [`verify_sets`] instead.
pub fn sets_in_place(before: &Plan<'_>, after: &str, edits: &[Edit], changes: &[(Target, Status)]) -> bool {
    reads_in_place(before, after, edits, changes).is_some()
}

fn reads_in_place(
    before: &Plan<'_>,
    after: &str,
    edits: &[Edit],
    changes: &[(Target, Status)],
) -> Option<()> {
    // A spec's `[-]` reads by where it stands: only the full reader knows.
    if before.dash_started {
        return None;
    }
    let indicators = |target: Target| -> &[Indicator] {
        match target {
            Target::Task(i) => before.tasks[i].indicator.as_slice(),
            Target::Group(g) => &before.groups[g].indicators,
        }
    };
    // Every indicator of a target is rewritten, or already reads its new status.
    let mut pending: usize = 0;
    for &(target, to) in changes {
        if let Target::Task(i) = target
            && before.tasks[i].unknown_mark
        {
            return None;
        }
        let ind = indicators(target);
        if ind.is_empty() {
            return None;
        }
        pending += ind.iter().filter(|i| i.status != to).count();
    }
    let mut sorted: Vec<&Edit> = edits.iter().collect();
    sorted.sort_by_key(|e| e.range.start);
    let mut shift: isize = 0;
    for e in sorted {
        let (_, to, ind) = changes.iter().find_map(|&(target, to)| {
            indicators(target).iter().find(|i| i.range == e.range && i.status != to).map(|i| (target, to, i))
        })?;
        let at = e.range.start.checked_add_signed(shift)?;
        shift += e.text.len() as isize - e.range.len() as isize;
        let line_end = after.get(at..)?.find('\n').map_or(after.len(), |i| at + i);
        let reads = match ind.place {
            Place::Checkbox => {
                e.text.len() == 1
                    && e.range.len() <= 1
                    && at > 0
                    && syntax::checkbox(after.get(at - 1..line_end)?)
                        .is_some_and(|(s, mark, _)| s == to && mark == 1)
            }
            Place::Label => {
                // What follows the word on its line may decide whether it reads as a status
                // (`Descartada: no hace falta.` is one, `Pendiente: no hace falta.` is not):
                // only the full reader knows, unless nothing but markup closes the line.
                let rest = after.get(at + e.text.len()..line_end)?;
                plain(&before.text[e.range.clone()])
                    && plain(&e.text)
                    && rest.trim_end().chars().all(|c| matches!(c, '*' | '_' | '.'))
                    && status::leading(after.get(at..line_end)?).is_some_and(|t| {
                        // Read as the full reader reads it: a legend's symbol means what it says.
                        before.vocabulary.reading(&e.text, t.status) == to && t.range == (0..e.text.len())
                    })
            }
            _ => false,
        };
        if !reads {
            return None;
        }
        pending = pending.checked_sub(1)?;
    }
    (pending == 0).then_some(())
}

/// `plan` with `changes` made to its model (statuses only; its text and offsets stay the text
/// before): what the plan says after a set that [`sets_in_place`] verified.
pub fn with_sets<'a>(mut plan: Plan<'a>, changes: &[(Target, Status)]) -> Plan<'a> {
    for &(target, to) in changes {
        match target {
            Target::Task(i) => {
                let task = &mut plan.tasks[i];
                task.status = to;
                task.indicator.iter_mut().for_each(|i| i.status = to);
            }
            Target::Group(g) => plan.groups[g].indicators.iter_mut().for_each(|i| i.status = to),
        }
    }
    plan
}

/// A status word that markdown reads as nothing but text: letters, digits, `_`, `-`, spaces
/// between words, and emoji (`✅`, `🔄`, `⏸️`). Anything else (`*`, `` ` ``, `|`, `[`, `<`, a
/// line break) might open or close a construct around it.
pub(super) fn plain(word: &str) -> bool {
    plain_with(word, &[])
}

/// [`plain`], or with apostrophes (`WON'T DO`), commas and the stops, colons and slashes of a
/// date or a time (`en attente du 28/03`): words a file wrote that markdown reads as text
/// mid-line (no link), though a reader may take them apart otherwise, so no edit of them is
/// trusted unread. What `.pplan/` may give back.
pub(super) fn inert(word: &str) -> bool {
    // (A stop or colon only between digits, `1.5`, `10:30`: never a link's, `www.evil.example`,
    // `https://…`; a link needs one of them.)
    let b = word.as_bytes();
    let between_digits =
        |i: usize| i > 0 && b[i - 1].is_ascii_digit() && b.get(i + 1).is_some_and(u8::is_ascii_digit);
    let stops = b.iter().enumerate().all(|(i, c)| !matches!(c, b'.' | b':') || between_digits(i));
    stops && plain_with(word, &['\'', '’', '/', '.', ',', ':', ';'])
}

fn plain_with(word: &str, more: &[char]) -> bool {
    let emoji = |c: char| matches!(c as u32, 0x2190..=0x2BFF | 0x1F000..=0x1FAFF | 0xFE0F);
    !word.is_empty()
        && word.trim() == word
        && !word.contains("  ")
        && word
            .chars()
            .all(|c| c.is_alphanumeric() || matches!(c, '_' | '-' | ' ') || more.contains(&c) || emoji(c))
}

/// After a `set`: the target reads as `to`, and every other task and group reads as before.
pub fn verify_set(
    before: &Plan<'_>,
    after: &Plan<'_>,
    target: Target,
    to: Status,
) -> std::result::Result<(), String> {
    verify_sets(before, after, &[(target, to)])
}

/// After several sets at once: each target reads as its new state, and every other task and
/// group reads as before.
pub fn verify_sets(
    before: &Plan<'_>,
    after: &Plan<'_>,
    changes: &[(Target, Status)],
) -> std::result::Result<(), String> {
    if before.tasks.len() != after.tasks.len() || before.groups.len() != after.groups.len() {
        return Err(format!(
            "the edit changed the plan's shape ({} → {} tasks, {} → {} groups)",
            before.tasks.len(),
            after.tasks.len(),
            before.groups.len(),
            after.groups.len()
        ));
    }
    for &(target, to) in changes {
        if status_of(after, target) != to {
            return Err(format!(
                "the target reads `{}` after the edit, not `{to}`",
                status_of(after, target)
            ));
        }
        // A group that stated its status states the new one: its tasks agreeing by chance is
        // not the edit read back.
        if let Target::Group(g) = target
            && before.groups[g].states_status()
            && !after.groups[g].said().is_some_and(|i| Group::agrees(i, to))
        {
            return Err(format!(
                "group `{}` no longer states its status after the edit",
                before.groups[g].key
            ));
        }
    }
    let changed = |t: Target| changes.iter().any(|&(c, _)| c == t);
    for (i, (a, b)) in before.tasks.iter().zip(&after.tasks).enumerate() {
        if !changed(Target::Task(i)) && (a.status != b.status || a.id != b.id) {
            return Err(format!("task `{}` would change too", a.id.unwrap_or(a.text)));
        }
    }
    for (i, (a, b)) in before.groups.iter().zip(&after.groups).enumerate() {
        let (sa, sb) = (before.status(a), after.status(b));
        if !changed(Target::Group(i))
            && (a.stored() != b.stored()
                || a.key != b.key
                || (sa != sb && a.stored().is_some() && !before.box_follows_tasks(a)))
        {
            return Err(format!("group `{}` would change too", a.key));
        }
    }
    Ok(())
}
