//! Appending to the errors and decisions logs in the shape of the table that is there.
//!
//! Columns are matched by header name in any order and language. A value whose column the
//! table lacks is kept visibly in the main cell (`BE-001: timeout (approach: retry)`), so
//! nothing given is dropped. A missing table is created in the canonical form at the end of
//! its section, or with a new section at the end of the file. Cells escape `|`.

use std::ops::Range;

use super::{Log, Plan, Row, Table};
use crate::text::{Document, Edit};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Column {
    Error,
    Task,
    Attempt,
    Approach,
    Resolution,
    Time,
    Decision,
    Rationale,
    Command,
    Outcome,
    Duration,
    Other,
}

/// Column names shared with the reader's choice of an errors table (`parse::table_kind`): an
/// error column's in every language, and an attempt's and a resolution's in the languages the
/// lists below do not spell.
pub(super) const ERROR_WORDS: &[&str] = &[
    "error",
    "errors",
    "错误",
    "錯誤",
    "エラー",
    "오류",
    "errore",
    "fehler",
    "erreur",
    "erro",
    "ошибка",
    "hata",
    "lỗi",
    "помилка",
    "chyba",
    "błąd",
    "fout",
    "fel",
    "σφάλμα",
    "kesalahan",
    "שגיאה",
    "خطأ",
    "الخطأ",
    "त्रुटि",
    "ข้อผิดพลาด",
];
pub(super) const ATTEMPT_WORDS: &[&str] = &[
    "спроба",
    "deneme",
    "lần thử",
    "pokus",
    "próba",
    "poging",
    "försök",
    "προσπάθεια",
    "percobaan",
    "ניסיון",
    "محاولة",
    "المحاولة",
    "प्रयास",
    "ครั้งที่",
];
pub(super) const RESOLUTION_WORDS: &[&str] = &[
    "рішення",
    "çözüm",
    "giải pháp",
    "řešení",
    "rozwiązanie",
    "oplossing",
    "lösning",
    "λύση",
    "solusi",
    "פתרון",
    "الحل",
    "समाधान",
    "วิธีแก้",
];

pub fn column(name: &str) -> Column {
    let n = name.trim().trim_matches(['*', '_', '`']).trim().to_lowercase();
    let is = |names: &[&str]| {
        names.iter().any(|x| n.strip_prefix(x).is_some_and(|rest| rest.is_empty() || rest.starts_with(' ')))
    };
    if is(&["problem", "issue"]) || is(ERROR_WORDS) {
        Column::Error
    } else if is(&["task", "task id", "任务", "任務", "タスク", "작업", "tarea", "agent"]) {
        Column::Task
    } else if is(&[
        "attempt",
        "attempts",
        "strike",
        "strikes",
        "runs",
        "#",
        "尝试",
        "尝试次数",
        "試行",
        "시도",
        "intento",
        "tentativo",
        "tentative",
        "tentativa",
        "versuch",
        "попытка",
    ]) || is(ATTEMPT_WORDS)
    {
        Column::Attempt
    } else if is(&[
        "approach",
        "tried",
        "方法",
        "尝试方法",
        "方案",
        "アプローチ",
        "접근",
        "approche",
        "abordagem",
        "ansatz",
        "подход",
    ]) {
        Column::Approach
    } else if is(&[
        "resolution",
        "fix",
        "solution",
        "resolved",
        "解决方案",
        "解决",
        "处理",
        "处理方式",
        "解決",
        "対応",
        "해결",
        "soluzione",
        "solución",
        "résolution",
        "solução",
        "lösung",
        "решение",
    ]) || is(RESOLUTION_WORDS)
    {
        Column::Resolution
    } else if is(&["timestamp", "time", "date", "when", "时间", "日期", "時間", "日付", "날짜"]) {
        Column::Time
    } else if is(&[
        "decision",
        "decisions",
        "决策",
        "决定",
        "決定",
        "결정",
        "decisione",
        "decisión",
        "choice",
        "选择",
        "决策点",
    ]) {
        Column::Decision
    } else if is(&[
        "rationale",
        "why",
        "reason",
        "reasoning",
        "理由",
        "原因",
        "근거",
        "motivo",
        "razón",
        "motivazione",
    ]) {
        Column::Rationale
    } else if is(&["command", "test", "tests", "gate", "check", "测试", "命令", "テスト", "테스트"])
    {
        Column::Command
    } else if is(&["outcome", "result", "status", "actual", "结果", "状态", "結果", "결과"]) {
        Column::Outcome
    } else if is(&["duration", "elapsed", "took", "耗时", "所要時間"]) {
        Column::Duration
    } else {
        Column::Other
    }
}

/// What a new row says; `None` fields are not given.
#[derive(Clone, Debug, Default)]
pub struct Values {
    pub error: Option<String>,
    pub task: Option<String>,
    pub attempt: Option<u32>,
    pub approach: Option<String>,
    pub resolution: Option<String>,
    pub decision: Option<String>,
    pub rationale: Option<String>,
    pub command: Option<String>,
    pub outcome: Option<String>,
    pub duration: Option<String>,
    /// For time/date columns.
    pub stamp: String,
}

/// `|` as `\|`, line breaks as spaces: one cell stays one cell.
pub fn escape(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ").replace('|', "\\|")
}

/// The cells of a new row for a table with these columns.
pub fn cells(log: Log, columns: &[Column], v: &Values) -> Vec<String> {
    let has = |c: Column| columns.contains(&c);
    let main_col = match log {
        Log::Errors => Column::Error,
        Log::Decisions => Column::Decision,
        Log::Tests => Column::Command,
    };
    let main = columns.iter().position(|&c| c == main_col).unwrap_or(0);
    let mut out: Vec<String> = columns
        .iter()
        .map(|&c| match c {
            Column::Error => v.error.clone().unwrap_or_default(),
            Column::Task => v.task.clone().unwrap_or_default(),
            Column::Attempt => v.attempt.map_or(String::new(), |n| n.to_string()),
            Column::Approach => v.approach.clone().unwrap_or_default(),
            Column::Resolution => v.resolution.clone().unwrap_or_default(),
            Column::Time => match log {
                Log::Decisions => v.stamp.get(..10).unwrap_or(&v.stamp).to_string(),
                Log::Errors | Log::Tests => v.stamp.clone(),
            },
            Column::Command => v.command.clone().unwrap_or_default(),
            Column::Outcome => v.outcome.clone().unwrap_or_default(),
            Column::Duration => v.duration.clone().unwrap_or_default(),
            Column::Decision => v.decision.clone().unwrap_or_default(),
            Column::Rationale => v.rationale.clone().unwrap_or_default(),
            Column::Other => String::new(),
        })
        .collect();
    // Values with no column of their own are kept in the main cell.
    let mut folded = Vec::new();
    if let (false, Some(a)) = (has(Column::Attempt), v.attempt) {
        folded.push(format!("strike {a}"));
    }
    for (col, label, value) in [
        (Column::Outcome, "outcome", &v.outcome),
        (Column::Duration, "took", &v.duration),
        (Column::Approach, "approach", &v.approach),
        (Column::Resolution, "resolution", &v.resolution),
        (Column::Rationale, "why", &v.rationale),
    ] {
        if let (false, Some(x)) = (has(col), value) {
            folded.push(format!("{label}: {x}"));
        }
    }
    if let Some(cell) = out.get_mut(main) {
        // A table without an error/decision column: the main value goes to the first cell.
        if !has(main_col) {
            let value = match log {
                Log::Errors => v.error.clone(),
                Log::Decisions => v.decision.clone(),
                Log::Tests => v.command.clone(),
            };
            let value = value.unwrap_or_default();
            *cell = if cell.is_empty() { value } else { format!("{value} ({cell})") };
        }
        if let (false, Some(t)) = (has(Column::Task), &v.task) {
            *cell = format!("{t}: {cell}");
        }
        if !folded.is_empty() {
            *cell = format!("{cell} ({})", folded.join("; "));
        }
    }
    out.into_iter().map(|c| escape(&c)).collect()
}

/// A row in the style of the header line: same indentation and outer pipes.
fn render(header: &str, cells: &[String], eol: &str) -> String {
    let indent = &header[..header.len() - header.trim_start().len()];
    let t = header.trim();
    let (lead, trail) = (t.starts_with('|'), t.ends_with('|') && t.len() > 1);
    let body = cells.join(" | ");
    format!("{indent}{}{body}{}{eol}", if lead { "| " } else { "" }, if trail { " |" } else { "" })
}

/// The table new rows of `log` go to: the first one in its section, else the first of its kind.
pub fn target_table<'p, 'a>(plan: &'p Plan<'a>, log: Log) -> Option<&'p Table<'a>> {
    let in_section = |t: &&Table<'_>| {
        plan.sections.iter().any(|s| s.log == log && (s.body..s.end).contains(&t.header.start))
    };
    // A table of measurements named like errors (`| Date | Errors |` under `## mypy error
    // count`) takes no entries.
    let metric = |t: &&Table<'_>| !t.rows.is_empty() && t.rows.iter().all(|r| r.measured);
    let tables = || plan.tables.iter().filter(|t| t.log == log && !metric(t));
    tables().find(in_section).or_else(|| tables().next())
}

/// The edit that adds one row (or a canonical table, or a section) to `log`.
pub fn append(plan: &Plan<'_>, doc: &Document, log: Log, v: &Values) -> Edit {
    let text = doc.text();
    let eol = doc.eol().as_str();
    if let Some(table) = target_table(plan, log) {
        let columns: Vec<Column> = table.columns.iter().map(|c| column(c)).collect();
        let row = render(&text[table.header.clone()], &cells(log, &columns, v), eol);
        // An empty row a person left to fill (`|  |  |`) after the last entry is filled, not
        // followed by the new row; a placeholder with words (`| - | none |`) stays.
        let trailing = table.rows.iter().rposition(|r| !r.placeholder).map_or(0, |i| i + 1);
        let blank = |r: &Row| r.cells.iter().all(|c| text[c.clone()].trim().is_empty());
        if let Some(slot) = table.rows.get(trailing).filter(|r| blank(r)) {
            let line = &text[slot.line.clone()];
            let end = slot.line.start + line.trim_end_matches(['\r', '\n']).len();
            return Edit::replace(slot.line.start..end, row.trim_end_matches(['\r', '\n']).to_string());
        }
        let lead = if table.end == text.len() && !text.ends_with('\n') { eol } else { "" };
        return Edit::insert(table.end, format!("{lead}{row}"));
    }
    let (header, columns): (&str, Vec<Column>) = match log {
        Log::Errors => (
            "| Error | Task | Strike | Approach | Resolution |",
            vec![Column::Error, Column::Task, Column::Attempt, Column::Approach, Column::Resolution],
        ),
        Log::Decisions => ("| Decision | Rationale |", vec![Column::Decision, Column::Rationale]),
        Log::Tests => (
            "| Time | Command | Runs | Outcome | Duration |",
            vec![Column::Time, Column::Command, Column::Attempt, Column::Outcome, Column::Duration],
        ),
    };
    let delimiter: String = header
        .split('|')
        .map(|c| if c.is_empty() { String::new() } else { "-".repeat(c.len()) })
        .collect::<Vec<_>>()
        .join("|");
    let table = format!("{header}{eol}{delimiter}{eol}{}", render(header, &cells(log, &columns, v), eol));
    match plan.sections.iter().find(|s| s.log == log) {
        Some(section) => {
            if log == Log::Decisions
                && let Some(edit) = append_bullet(text, section.body..section.end, v, eol)
            {
                return edit;
            }
            // A blank line before the table (else it would continue a list item), and one
            // after it when a heading follows.
            let after = if section.end < text.len() { eol } else { "" };
            Edit::insert(
                section.end,
                format!("{}{table}{after}", blank_line_before(&text[..section.end], eol)),
            )
        }
        None => {
            let title = match log {
                Log::Errors => "## Errors Encountered",
                Log::Decisions => "## Decisions Made",
                Log::Tests => "## Test Results",
            };
            Edit::insert(text.len(), format!("{}{title}{eol}{table}", blank_line_before(text, eol)))
        }
    }
}

/// What to insert so that `before` ends with a blank line (nothing for an empty text).
fn blank_line_before(before: &str, eol: &str) -> String {
    if before.is_empty() || before.ends_with("\n\n") || before.ends_with("\n\r\n") {
        String::new()
    } else if before.ends_with('\n') {
        eol.to_string()
    } else {
        format!("{eol}{eol}")
    }
}

/// A decisions section written as a list gets a list item like its last one.
fn append_bullet(text: &str, section: Range<usize>, v: &Values, eol: &str) -> Option<Edit> {
    // `get`, not indexing: in a file whose lines end in a lone CR the section's body (the next
    // LF) can lie past its end (the next heading), and that range would panic; no bullet then.
    let body = text.get(section.clone())?;
    let mut last: Option<(usize, &str)> = None;
    let mut pos = section.start;
    for line in body.split_inclusive('\n') {
        let t = line.trim_start();
        if t.starts_with("- ") || t.starts_with("* ") || t.starts_with("+ ") {
            last = Some((pos + line.len(), &t[..2]));
        }
        pos += line.len();
    }
    let (at, marker) = last?;
    let decision = v.decision.as_deref().unwrap_or_default();
    let why = v.rationale.as_deref().map_or(String::new(), |w| format!(" — {}", one_line(w)));
    let lead = if at == text.len() && !text.ends_with('\n') { eol } else { "" };
    Some(Edit::insert(at, format!("{lead}{marker}{}{why}{eol}", one_line(decision))))
}

fn one_line(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The raw span of a cell between its pipes (for filling an empty cell).
pub fn raw_cell(line: &str, trimmed: &Range<usize>) -> Range<usize> {
    let b = line.as_bytes();
    let mut start = trimmed.start;
    while start > 0 && b[start - 1] != b'|' {
        start -= 1;
    }
    let mut end = trimmed.end;
    while end < b.len() && b[end] != b'|' {
        end += 1;
    }
    start..end
}

/// The cell of `row` in column `col`, if the row has it.
pub fn cell<'t>(text: &'t str, table: &Table<'_>, row: &Row, col: Column) -> Option<&'t str> {
    let i = table.columns.iter().position(|c| column(c) == col)?;
    row.cells.get(i).map(|r| &text[r.clone()])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v() -> Values {
        Values {
            error: Some("timeout | 504".into()),
            task: Some("BE-001".into()),
            attempt: Some(2),
            approach: Some("retry with backoff".into()),
            stamp: "2026-11-21T01:00:00Z".into(),
            ..Values::default()
        }
    }

    #[test]
    fn every_value_finds_a_cell() {
        let all = [Column::Error, Column::Task, Column::Attempt, Column::Approach, Column::Resolution];
        assert_eq!(
            cells(Log::Errors, &all, &v()),
            ["timeout \\| 504", "BE-001", "2", "retry with backoff", ""]
        );
        let three = [Column::Error, Column::Attempt, Column::Resolution];
        assert_eq!(
            cells(Log::Errors, &three, &v()),
            ["BE-001: timeout \\| 504 (approach: retry with backoff)", "2", ""]
        );
        let other = [Column::Other, Column::Resolution];
        assert_eq!(
            cells(Log::Errors, &other, &v()),
            ["BE-001: timeout \\| 504 (strike 2; approach: retry with backoff)", ""]
        );
        let two = [Column::Error, Column::Resolution];
        assert_eq!(
            cells(Log::Errors, &two, &v()),
            ["BE-001: timeout \\| 504 (strike 2; approach: retry with backoff)", ""]
        );
        let timed = [Column::Time, Column::Error, Column::Attempt, Column::Resolution];
        assert_eq!(cells(Log::Errors, &timed, &v())[0], "2026-11-21T01:00:00Z");
    }

    #[test]
    fn localized_headers() {
        assert_eq!(
            ["错误", "尝试次数", "解决方案"].map(column),
            [Column::Error, Column::Attempt, Column::Resolution]
        );
        assert_eq!(
            ["**Decision**", "Why", "Date"].map(column),
            [Column::Decision, Column::Rationale, Column::Time]
        );
    }

    #[test]
    fn rows_copy_the_header_style() {
        assert_eq!(render("| a | b |", &["x".into(), "y".into()], "\n"), "| x | y |\n");
        assert_eq!(render("a | b", &["x".into(), "y".into()], "\r\n"), "x | y\r\n");
    }
}
