//! What a heading names: the plan's sections (goal, current group, logs, a phases section).

use super::syntax;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Section {
    Tests,
    Goal,
    Current,
    /// A section whose name says "current" without being a listed name (`## Huidige fase`,
    /// `## Current`): its first line is the current group only when it names one.
    CurrentLike,
    Next,
    Decisions,
    Errors,
    /// Bugs or issues (`## Bugs`, `## Known issues`, `## Problemas`): a table under it is an
    /// errors table, but a checklist under it may be a group of work.
    Issues,
    Groups,
    /// A section that sums up where the work stands (`## Current Status`, `## Durum`): its first
    /// line may point at the current group the way a plan-level status line does.
    Status,
    Other,
}

pub(super) fn section_of(heading: &str) -> Section {
    // A bilingual heading names its section twice (`Current Phase / 当前阶段`): either half, when
    // the other says the same or is in another script (`Errors / Lỗi` with no Vietnamese name).
    // Two halves that name different things (`Goals / Non-goals`) read as one heading.
    if let Some((a, b)) = heading.split_once(" / ") {
        let (sa, sb) = (section_of(a), section_of(b));
        let scripts = a.is_ascii() != b.is_ascii();
        match (sa, sb) {
            (sa, sb) if sa == sb && sa != Section::Other => return sa,
            (sa, Section::Other) if scripts => return sa,
            (Section::Other, sb) if scripts => return sb,
            _ => {}
        }
    }
    let h = heading.trim().trim_end_matches([':', '：']).trim();
    // Decoration and a chapter number (`🎯 Goal`, `0. Goal`) do not change what a section is.
    let h = h.trim_start_matches(|c: char| !c.is_alphanumeric() && !c.is_ascii()).trim_start();
    let digits = h.bytes().take_while(u8::is_ascii_digit).count();
    let h = if digits > 0 && h[digits..].starts_with(". ") { &h[digits + 2..] } else { h };
    // A trailing remark (`Errors Encountered (cumulative)`) does not either.
    let h = match h.strip_suffix(')').and_then(|r| r.rfind(" (")) {
        Some(open) if open > 0 => &h[..open],
        _ => h,
    };
    let h = h.to_lowercase();
    let any = |names: &[&str]| names.iter().any(|n| h == *n);
    if any(syntax::CURRENT_LABELS) {
        Section::Current
    } else if syntax::is_current_name(&h) {
        Section::CurrentLike
    } else if any(&[
        "test results",
        "tests",
        "gate results",
        "测试结果",
        "測試結果",
        "テスト結果",
        "테스트 결과",
    ]) {
        Section::Tests
    } else if any(syntax::GOAL_LABELS)
        || any(&[
            "goals",
            "objectives",
            "项目目标",
            "objetivos",
            "obiettivi",
            "ziele",
            "objectifs",
            "цели",
            "doelen",
            "cele",
            "hedefler",
            "doelstelling",
            "الأهداف",
        ])
        || is_goal_heading(&h)
    {
        Section::Goal
    } else if any(&["next step", "next steps", "下一步", "次のステップ", "다음 단계", "próximo paso"])
    {
        Section::Next
    } else if ["decision", "决策", "決定", "결정"].iter().any(|n| h.contains(n)) {
        Section::Decisions
    } else if any(&[
        "errors",
        "error",
        "errors encountered",
        "error log",
        "errors log",
        "fehlerprotokoll",
        "fehlerlog",
        "journal des erreurs",
        "registro de errores",
        "registro de erros",
        "registro degli errori",
        "журнал ошибок",
        "журнал помилок",
        "foutenlog",
        "dziennik błędów",
        "hata günlüğü",
        "nhật ký lỗi",
        "errors and fixes",
        "错误",
        "错误与修正",
        "错误记录",
        "遇到的错误",
        "錯誤",
        "錯誤記錄",
        "エラー",
        "エラー記録",
        "오류",
        "오류 기록",
        "errori",
        "errores",
        "errores encontrados",
        "fehler",
        "aufgetretene fehler",
        "erreurs",
        "erreurs rencontrées",
        "erros",
        "erros encontrados",
        "ошибки",
        "встреченные ошибки",
        "fouten",
        "opgetreden fouten",
        "błędy",
        "napotkane błędy",
        "hatalar",
        "karşılaşılan hatalar",
        "errori riscontrati",
        "chyby",
        "fel",
        "feil",
        "virheet",
        "lỗi",
        "lỗi gặp phải",
        "kesalahan",
        "kesalahan yang ditemui",
        "त्रुटियाँ",
        "त्रुटियां",
        "त्रुटि",
        "الأخطاء",
        "أخطاء",
        "الأخطاء التي واجهناها",
        "الأخطاء التي واجهتها",
        "fel som uppstått",
        "σφάλματα",
        "помилки",
        "שגיאות",
        "ralat",
        "ralat ditemui",
        "erori",
        "hibák",
        "makosa",
        "خطاها",
        "ত্রুটি",
        "ข้อผิดพลาด",
        "遇到的问题",
        "遇到的問題",
        "问题记录",
        "問題記錄",
        "issues encountered",
        "problems encountered",
    ]) {
        Section::Errors
    } else if any(&[
        "bugs",
        "known bugs",
        "bugs found",
        "bug list",
        "issues",
        "known issues",
        "open issues",
        "problems",
        "problems hit",
        "problemas",
        "problèmes",
        "probleme",
        "problemi",
        "problemy",
        "проблемы",
        "问题",
        "問題",
        "문제",
    ]) {
        Section::Issues
    } else if [
        "phases",
        "groups",
        "stages",
        "waves",
        "阶段",
        "階段",
        "fasi",
        "fases",
        "etapas",
        "etapper",
        "フェーズ",
        "단계",
        "阶段计划",
        "阶段划分",
        "roadmap",
    ]
    .iter()
    .any(|n| h.ends_with(n))
        // Steps and milestones are the plan's only when the heading says no more (`## Steps`,
        // not `## Deployment steps`).
        || any(&[
            "steps", "milestones", "步骤", "里程碑", "ステップ", "マイルストーン", "단계별 계획", "étapes", "pasos",
            "passos", "passi", "schritte", "stappen", "kroki", "этапы", "шаги", "adımlar", "aşamalar",
        ])
    {
        Section::Groups
    } else if any(&[
        "status",
        "current status",
        "project status",
        "where we are",
        "where we're at",
        "where things stand",
        "current state",
        "durum",
        "mevcut durum",
        "estado",
        "estado actual",
        "estado atual",
        "stand",
        "aktueller stand",
        "état",
        "état actuel",
        "stato",
        "stato attuale",
        "статус",
        "текущий статус",
        "поточний статус",
        "stan",
        "aktualny stan",
        "状态",
        "当前状态",
        "現状",
        "현재 상태",
        "trạng thái",
        "huidige status",
    ]) {
        Section::Status
    } else {
        Section::Other
    }
}

/// `最终目标`, `Planning Objectives`, `Goal (e — Purpose)`, `Project Goals / מטרות`: a heading
/// whose first or last word is a goal word, unless it names two things (`Phases & Goals`).
fn is_goal_heading(h: &str) -> bool {
    const WORDS: &[&str] =
        &["goal", "goals", "objective", "objectives", "purpose", "mission", "目标", "目標", "목표"];
    let h = h.split(" / ").next().unwrap_or(h).trim();
    if h == "north star" {
        return true;
    }
    if h.contains('&') || h.contains(" and ") || h.contains('、') {
        return false;
    }
    let first = h.split([' ', '(', '（']).next().unwrap_or("");
    let last = h.rsplit(' ').next().unwrap_or("");
    WORDS.iter().any(|w| first == *w || last == *w || (!w.is_ascii() && h.ends_with(w)))
}
