//! Task and group statuses: the five states, every spelling people use for them, and how to
//! write a state back in the spelling, case and emoji style of the text it replaces.
//!
//! Every spelling lives in one table, [`SPELLINGS`]; a language is a few rows there and one arm
//! in [`restyle`] (the words a new status is written with).

use std::fmt;
use std::ops::Range;

use rustc_hash::FxHashMap;
use serde::{Deserialize, Serialize};

use crate::text;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    Pending,
    InProgress,
    Complete,
    Blocked,
    Skipped,
}

impl Status {
    pub const ALL: [Status; 5] =
        [Status::Pending, Status::InProgress, Status::Complete, Status::Blocked, Status::Skipped];

    pub fn as_str(self) -> &'static str {
        match self {
            Status::Pending => "pending",
            Status::InProgress => "in_progress",
            Status::Complete => "complete",
            Status::Blocked => "blocked",
            Status::Skipped => "skipped",
        }
    }

    /// Complete or skipped: nothing left to do.
    pub fn is_done(self) -> bool {
        matches!(self, Status::Complete | Status::Skipped)
    }

    /// The checkbox character for this state.
    pub fn checkbox(self) -> char {
        match self {
            Status::Pending => ' ',
            Status::InProgress => '~',
            Status::Complete => 'x',
            Status::Blocked => '!',
            Status::Skipped => '-',
        }
    }

    pub fn from_checkbox(c: u8) -> Option<Status> {
        Some(match c {
            b' ' => Status::Pending,
            // `[/]`: half a cross, started (Obsidian's Tasks, the B.L.A.S.T. template).
            b'~' | b'/' => Status::InProgress,
            b'x' | b'X' => Status::Complete,
            b'!' => Status::Blocked,
            b'-' => Status::Skipped,
            _ => return None,
        })
    }

    /// Parse a state given on the command line (any folded spelling).
    pub fn parse_arg(s: &str) -> Option<Status> {
        let s = s.trim();
        match find(s) {
            Some(tok) if tok.range == (0..s.len()) => Some(tok.status),
            _ => None,
        }
    }

    fn emoji(self) -> &'static str {
        match self {
            Status::Pending => "⏳",
            Status::InProgress => "🔄",
            Status::Complete => "✅",
            Status::Blocked => "🚫",
            Status::Skipped => "⏭️",
        }
    }
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Lang {
    En,
    Zh,
    Ja,
    Ko,
    It,
    Es,
    De,
    Pt,
    Fr,
    Pl,
    Ru,
    Id,
    Vi,
    Tr,
    Ar,
    Hi,
    Nl,
    Sv,
    Cs,
    El,
    Uk,
    Ro,
    He,
    Ms,
    Hu,
    Fi,
    Th,
    Fa,
    Sw,
    Bn,
    Emoji,
}

use Lang::*;
use Status::*;

/// Every spelling folded to a state. Matching is ASCII-case-insensitive and prefers the longest
/// spelling at a position, so `未完成` (not complete) wins over `完成` inside it.
const SPELLINGS: &[(&str, Status, Lang)] = &[
    ("in_progress", InProgress, En),
    ("in-progress", InProgress, En),
    ("in progress", InProgress, En),
    ("inprogress", InProgress, En),
    ("running", InProgress, En),
    ("active", InProgress, En),
    ("ongoing", InProgress, En),
    ("wip", InProgress, En),
    ("doing", InProgress, En),
    ("working on it", InProgress, En),
    ("working on this", InProgress, En),
    ("doing this now", InProgress, En),
    ("doing it now", InProgress, En),
    ("partial", InProgress, En),
    ("partly done", InProgress, En),
    ("half done", InProgress, En),
    ("half-done", InProgress, En),
    ("almost done", InProgress, En),
    ("nearly done", InProgress, En),
    ("mostly done", InProgress, En),
    ("quasi fatto", InProgress, It),
    ("casi listo", InProgress, Es),
    // On it (`→ en ello. Hemos hecho la Rabadá`).
    ("en ello", InProgress, Es),
    ("casi terminado", InProgress, Es),
    ("fast fertig", InProgress, De),
    ("presque fini", InProgress, Fr),
    ("presque terminé", InProgress, Fr),
    ("quase pronto", InProgress, Pt),
    ("partially done", InProgress, En),
    ("a medias", InProgress, Es),
    ("a metà", InProgress, It),
    ("à moitié", InProgress, Fr),
    ("pela metade", InProgress, Pt),
    ("halb fertig", InProgress, De),
    ("наполовину", InProgress, Ru),
    ("completed", Complete, En),
    ("complete", Complete, En),
    ("done", Complete, En),
    ("finished", Complete, En),
    ("shipped", Complete, En),
    ("published", Complete, En),
    ("underway", InProgress, En),
    ("started", InProgress, En),
    ("waiting", Pending, En),
    ("awaiting", Pending, En),
    ("queued", Pending, En),
    ("on hold", Blocked, En),
    ("not started", Pending, En),
    ("not begun", Pending, En),
    ("not_started", Pending, En),
    ("pending", Pending, En),
    ("planned", Pending, En),
    ("todo", Pending, En),
    ("future", Pending, En),
    ("upcoming", Pending, En),
    ("to do", Pending, En),
    ("blocked", Blocked, En),
    ("stuck", Blocked, En),
    ("stalled", Blocked, En),
    // A group an orchestrator marked failed waits on someone: blocked until retried.
    ("failed", Blocked, En),
    ("skipped", Skipped, En),
    ("skipping", Skipped, En),
    // (`skip` alone is a status only alone: see `lone`.)
    ("skip for now", Skipped, En),
    ("reopened", InProgress, En),
    ("in review", InProgress, En),
    // A manuscript's chapter being worked over.
    ("revising", InProgress, En),
    ("under review", InProgress, En),
    ("in qa", InProgress, En),
    ("ready for review", InProgress, En),
    ("awaiting review", InProgress, En),
    ("deferred", Skipped, En),
    ("cancelled", Skipped, En),
    ("canceled", Skipped, En),
    ("n/a", Skipped, En),
    ("abandoned", Skipped, En),
    ("dropped", Skipped, En),
    ("superseded", Skipped, En),
    ("won't do", Skipped, En),
    ("wont do", Skipped, En),
    ("descoped", Skipped, En),
    ("de-scoped", Skipped, En),
    ("out of scope", Skipped, En),
    ("postponed", Skipped, En),
    ("parked", Skipped, En),
    ("won't fix", Skipped, En),
    ("wontfix", Skipped, En),
    ("not doing", Skipped, En),
    // Undone, to be done again (`**Status:** rolled back — OOM at 500k rows`).
    ("rolled back", Pending, En),
    ("reverted", Pending, En),
    ("obsolete", Skipped, En),
    ("not yet", Pending, En),
    ("in revision", InProgress, En),
    ("已完成", Complete, Zh),
    ("部分完成", InProgress, Zh),
    ("未完成", Pending, Zh),
    ("完成", Complete, Zh),
    ("不做了", Skipped, Zh),
    ("进行中", InProgress, Zh),
    ("未开始", Pending, Zh),
    ("未開始", Pending, Zh),
    ("已回滚", Pending, Zh),
    ("已回滾", Pending, Zh),
    ("卡住", Blocked, Zh),
    ("卡住了", Blocked, Zh),
    ("施工中", InProgress, Zh),
    ("待开始", Pending, Zh),
    ("待办", Pending, Zh),
    ("已阻塞", Blocked, Zh),
    ("阻塞", Blocked, Zh),
    ("已跳过", Skipped, Zh),
    ("跳过", Skipped, Zh),
    ("已放弃", Skipped, Zh),
    ("已取消", Skipped, Zh),
    ("待处理", Pending, Zh),
    ("处理中", InProgress, Zh),
    ("开发中", InProgress, Zh),
    ("已暂停", Blocked, Zh),
    ("暂停", Blocked, Zh),
    ("暫停", Blocked, Zh),
    ("已搁置", Skipped, Zh),
    ("搁置", Skipped, Zh),
    ("擱置", Skipped, Zh),
    ("已延期", Skipped, Zh),
    ("暂不做", Skipped, Zh),
    ("先不做", Skipped, Zh),
    ("暂缓", Skipped, Zh),
    ("暫緩", Skipped, Zh),
    ("部分完了", InProgress, Ja),
    ("完了", Complete, Ja),
    ("進行中", InProgress, Ja),
    ("未着手", Pending, Ja),
    ("ブロック", Blocked, Ja),
    ("スキップ", Skipped, Ja),
    ("完了済み", Complete, Ja),
    ("対応中", InProgress, Ja),
    ("作業中", InProgress, Ja),
    ("着手中", InProgress, Ja),
    ("未対応", Pending, Ja),
    ("中断", Blocked, Ja),
    // On hold (`保留中 — IAM ロール承認待ち`).
    ("保留中", Blocked, Ja),
    // "Passed over this time": not done in this plan.
    ("見送り", Skipped, Ja),
    // Called off (`| 第4回 | 非同期 | 中止 |`).
    ("中止", Skipped, Ja),
    ("완료", Complete, Ko),
    ("진행 중", InProgress, Ko),
    ("진행중", InProgress, Ko),
    ("대기", Pending, Ko),
    ("차단", Blocked, Ko),
    ("막힘", Blocked, Ko),
    ("건너뜀", Skipped, Ko),
    ("취소", Skipped, Ko),
    ("취소됨", Skipped, Ko),
    ("진행 예정", Pending, Ko),
    ("예정", Pending, Ko),
    ("시작 전", Pending, Ko),
    ("보류", Blocked, Ko),
    ("중단", Blocked, Ko),
    ("completata", Complete, It),
    ("completato", Complete, It),
    ("in corso", InProgress, It),
    ("da fare", Pending, It),
    ("bloccata", Blocked, It),
    ("bloccato", Blocked, It),
    ("saltata", Skipped, It),
    ("saltato", Skipped, It),
    ("sospesa", Blocked, It),
    ("sospeso", Blocked, It),
    ("annullata", Skipped, It),
    ("annullato", Skipped, It),
    ("scartato", Skipped, It),
    ("scartata", Skipped, It),
    ("non iniziata", Pending, It),
    ("non iniziato", Pending, It),
    ("in attesa", Pending, It),
    ("fatto", Complete, It),
    ("fatta", Complete, It),
    ("finito", Complete, It),
    ("finita", Complete, It),
    ("terminato", Complete, It),
    ("terminata", Complete, It),
    ("concluso", Complete, It),
    ("conclusa", Complete, It),
    ("in lavorazione", InProgress, It),
    ("in pausa", Blocked, It),
    ("rimandato", Skipped, It),
    ("rimandata", Skipped, It),
    ("completado", Complete, Es),
    // Stopped (`— **parado**, precisa aprovação`), and undone to be done again.
    ("parado", Blocked, Es),
    ("parada", Blocked, Es),
    ("revertido", Pending, Es),
    ("revertida", Pending, Es),
    ("completada", Complete, Es),
    ("en progreso", InProgress, Es),
    ("en curso", InProgress, Es),
    ("pendiente", Pending, Es),
    ("esperando", Pending, Es),
    ("en espera", Pending, Es),
    ("bloqueado", Blocked, Es),
    ("trabado", Blocked, Es),
    ("trabada", Blocked, Es),
    ("travado", Blocked, Pt),
    ("travada", Blocked, Pt),
    ("bloqueada", Blocked, Es),
    ("omitido", Skipped, Es),
    ("omitida", Skipped, Es),
    ("terminado", Complete, Es),
    ("terminada", Complete, Es),
    ("finalizado", Complete, Es),
    ("finalizada", Complete, Es),
    ("hecho", Complete, Es),
    ("listo", Complete, Es),
    ("cancelado", Skipped, Es),
    ("cancelada", Skipped, Es),
    ("descartado", Skipped, Es),
    ("descartada", Skipped, Es),
    ("no iniciado", Pending, Es),
    ("hecha", Complete, Es),
    ("por hacer", Pending, Es),
    ("sin empezar", Pending, Es),
    ("en pausa", Blocked, Es),
    ("pospuesto", Skipped, Es),
    ("pospuesta", Skipped, Es),
    ("aplazado", Skipped, Es),
    ("aplazada", Skipped, Es),
    ("erledigt", Complete, De),
    ("abgeschlossen", Complete, De),
    ("in arbeit", InProgress, De),
    ("in bearbeitung", InProgress, De),
    ("offen", Pending, De),
    ("wartet", Pending, De),
    ("blockiert", Blocked, De),
    ("übersprungen", Skipped, De),
    ("fertig", Complete, De),
    ("verworfen", Skipped, De),
    ("abgebrochen", Skipped, De),
    ("gestrichen", Skipped, De),
    ("abgesagt", Skipped, De),
    ("nicht begonnen", Pending, De),
    ("nicht angefangen", Pending, De),
    ("noch nicht angefangen", Pending, De),
    ("noch nicht begonnen", Pending, De),
    ("geschafft", Complete, De),
    ("geplant", Pending, De),
    ("ausstehend", Pending, De),
    ("läuft", InProgress, De),
    ("zurückgestellt", Skipped, De),
    ("verschoben", Skipped, De),
    ("pausiert", Blocked, De),
    ("concluído", Complete, Pt),
    ("concluída", Complete, Pt),
    ("concluídos", Complete, Pt),
    ("concluídas", Complete, Pt),
    ("feita", Complete, Pt),
    ("em andamento", InProgress, Pt),
    ("em progresso", InProgress, Pt),
    ("pendente", Pending, Pt),
    ("aguardando", Pending, Pt),
    ("não iniciado", Pending, Pt),
    ("ignorado", Skipped, Pt),
    ("pulado", Skipped, Pt),
    ("pulada", Skipped, Pt),
    ("reaberto", InProgress, Pt),
    ("reaberta", InProgress, Pt),
    ("feito", Complete, Pt),
    ("não iniciada", Pending, Pt),
    ("em espera", Pending, Pt),
    ("concluido", Complete, Pt),
    ("concluida", Complete, Pt),
    ("fazendo", InProgress, Pt),
    ("rodando", InProgress, Pt),
    ("a decorrer", InProgress, Pt),
    ("a fazer", Pending, Pt),
    ("por fazer", Pending, Pt),
    ("adiado", Skipped, Pt),
    ("adiada", Skipped, Pt),
    ("terminé", Complete, Fr),
    ("terminée", Complete, Fr),
    ("en cours", InProgress, Fr),
    ("à faire", Pending, Fr),
    ("en attente", Pending, Fr),
    ("bloqué", Blocked, Fr),
    ("bloquée", Blocked, Fr),
    ("ignoré", Skipped, Fr),
    ("fait", Complete, Fr),
    ("faite", Complete, Fr),
    ("faits", Complete, Fr),
    ("faites", Complete, Fr),
    ("abandonné", Skipped, Fr),
    ("abandonnée", Skipped, Fr),
    ("annulé", Skipped, Fr),
    ("annulée", Skipped, Fr),
    ("non commencé", Pending, Fr),
    ("fini", Complete, Fr),
    ("finie", Complete, Fr),
    ("achevé", Complete, Fr),
    ("achevée", Complete, Fr),
    ("prévu", Pending, Fr),
    ("pas commencé", Pending, Fr),
    ("en pause", Blocked, Fr),
    ("reporté", Skipped, Fr),
    ("reportée", Skipped, Fr),
    ("ukończone", Complete, Pl),
    ("zakończone", Complete, Pl),
    ("w toku", InProgress, Pl),
    ("czeka", Pending, Pl),
    ("w trakcie", InProgress, Pl),
    ("do zrobienia", Pending, Pl),
    ("oczekuje", Pending, Pl),
    ("zablokowane", Blocked, Pl),
    ("pominięte", Skipped, Pl),
    ("ukończony", Complete, Pl),
    ("ukończona", Complete, Pl),
    ("zakończony", Complete, Pl),
    ("zakończona", Complete, Pl),
    ("zablokowany", Blocked, Pl),
    ("pominięty", Skipped, Pl),
    ("pomijam", Skipped, Pl),
    ("anulowane", Skipped, Pl),
    ("odłożone", Skipped, Pl),
    ("porzucone", Skipped, Pl),
    ("porzucony", Skipped, Pl),
    ("porzucona", Skipped, Pl),
    ("odłożony", Skipped, Pl),
    ("nierozpoczęte", Pending, Pl),
    ("zrobione", Complete, Pl),
    ("gotowe", Complete, Pl),
    ("w realizacji", InProgress, Pl),
    ("wstrzymane", Blocked, Pl),
    // The other genders (`Faza 4 … wstrzymana`, `Etap 5 odłożony`).
    ("wstrzymana", Blocked, Pl),
    ("wstrzymany", Blocked, Pl),
    ("zablokowana", Blocked, Pl),
    ("odłożona", Skipped, Pl),
    ("anulowana", Skipped, Pl),
    ("anulowany", Skipped, Pl),
    ("pominięta", Skipped, Pl),
    ("nierozpoczęta", Pending, Pl),
    ("nierozpoczęty", Pending, Pl),
    ("zrobiona", Complete, Pl),
    ("zrobiony", Complete, Pl),
    ("nie zaczęte", Pending, Pl),
    ("nie rozpoczęte", Pending, Pl),
    ("niezaczęte", Pending, Pl),
    ("ждём", Pending, Ru),
    ("ждем", Pending, Ru),
    // Waits (`Home Assistant — ждёт Zigbee-стик`): on what, it says.
    ("ждёт", Pending, Ru),
    ("ждет", Pending, Ru),
    // "Changed my mind", "not needed": dropped.
    ("передумал", Skipped, Ru),
    ("передумала", Skipped, Ru),
    ("передумали", Skipped, Ru),
    ("не нужно", Skipped, Ru),
    ("откатили", Pending, Ru),
    ("откачено", Pending, Ru),
    ("выполнено", Complete, Ru),
    ("завершено", Complete, Ru),
    ("завершена", Complete, Ru),
    ("завершён", Complete, Ru),
    ("завершен", Complete, Ru),
    ("выполнена", Complete, Ru),
    ("готово", Complete, Ru),
    ("в работе", InProgress, Ru),
    ("в процессе", InProgress, Ru),
    ("на паузе", Blocked, Ru),
    ("не начато", Pending, Ru),
    ("не начат", Pending, Ru),
    ("не начата", Pending, Ru),
    ("ожидает", Pending, Ru),
    ("заблокировано", Blocked, Ru),
    ("заблокирована", Blocked, Ru),
    ("заблокирован", Blocked, Ru),
    ("пропущено", Skipped, Ru),
    ("пропущен", Skipped, Ru),
    ("пропущена", Skipped, Ru),
    ("отменено", Skipped, Ru),
    ("отменён", Skipped, Ru),
    ("отменен", Skipped, Ru),
    ("отменена", Skipped, Ru),
    ("сделано", Complete, Ru),
    ("в ожидании", Pending, Ru),
    ("запланировано", Pending, Ru),
    ("отложено", Skipped, Ru),
    ("отложен", Skipped, Ru),
    ("отложена", Skipped, Ru),
    ("отложены", Skipped, Ru),
    ("selesai", Complete, Id),
    ("sedang berjalan", InProgress, Id),
    ("sedang dikerjakan", InProgress, Id),
    ("dalam proses", InProgress, Id),
    ("belum dimulai", Pending, Id),
    ("diblokir", Blocked, Id),
    ("dilewati", Skipped, Id),
    ("ditunda", Skipped, Id),
    // Held back, delayed (`tertunda — menunggu persetujuan`): on hold.
    ("tertunda", Blocked, Id),
    ("hoàn thành", Complete, Vi),
    ("đang thực hiện", InProgress, Vi),
    ("chưa bắt đầu", Pending, Vi),
    ("bị chặn", Blocked, Vi),
    ("bỏ qua", Skipped, Vi),
    ("tạm hoãn", Skipped, Vi),
    ("hoãn lại", Skipped, Vi),
    ("đã hủy", Skipped, Vi),
    ("đã xong", Complete, Vi),
    ("xong", Complete, Vi),
    ("đang làm", InProgress, Vi),
    ("tạm dừng", Blocked, Vi),
    ("chưa làm", Pending, Vi),
    ("tamamlandı", Complete, Tr),
    ("tamam", Complete, Tr),
    ("bitti", Complete, Tr),
    ("devam ediyor", InProgress, Tr),
    ("bekliyor", Pending, Tr),
    ("engellendi", Blocked, Tr),
    // "On hold" (`Aşama 4: Canlıya geçiş — beklemede`, waiting on an approval).
    ("beklemede", Blocked, Tr),
    ("atlandı", Skipped, Tr),
    ("iptal edildi", Skipped, Tr),
    ("ertelendi", Skipped, Tr),
    ("iptal", Skipped, Tr),
    ("başlanmadı", Pending, Tr),
    ("yapıldı", Complete, Tr),
    ("yapılacak", Pending, Tr),
    ("sürüyor", InProgress, Tr),
    ("beklemede", Pending, Tr),
    ("مكتمل", Complete, Ar),
    ("قيد التنفيذ", InProgress, Ar),
    ("معلق", Pending, Ar),
    ("محظور", Blocked, Ar),
    ("تم التخطي", Skipped, Ar),
    ("مكتملة", Complete, Ar),
    ("منجز", Complete, Ar),
    ("منجزة", Complete, Ar),
    ("جاري العمل", InProgress, Ar),
    ("قيد العمل", InProgress, Ar),
    ("لم تبدأ", Pending, Ar),
    ("لم يبدأ", Pending, Ar),
    ("قيد الانتظار", Pending, Ar),
    ("متوقف", Blocked, Ar),
    ("متوقفة", Blocked, Ar),
    ("ملغى", Skipped, Ar),
    ("ملغاة", Skipped, Ar),
    ("klar", Complete, Sv),
    ("klart", Complete, Sv),
    ("färdig", Complete, Sv),
    ("pågår", InProgress, Sv),
    ("ej påbörjad", Pending, Sv),
    ("inte påbörjad", Pending, Sv),
    ("väntar", Pending, Sv),
    ("blockerad", Blocked, Sv),
    ("överhoppad", Skipped, Sv),
    ("skippar", Skipped, Sv),
    ("skippas", Skipped, Sv),
    // Postponed (`Stänga Gmail – skjuts upp ett år`).
    ("skjuts upp", Skipped, Sv),
    ("uppskjuten", Skipped, Sv),
    ("uppskjutet", Skipped, Sv),
    ("hotovo", Complete, Cs),
    ("dokončeno", Complete, Cs),
    ("probíhá", InProgress, Cs),
    ("rozpracováno", InProgress, Cs),
    ("čeká", Pending, Cs),
    ("nezahájeno", Pending, Cs),
    ("blokováno", Blocked, Cs),
    ("přeskočeno", Skipped, Cs),
    ("odloženo", Skipped, Cs),
    ("selhalo", Blocked, Cs),
    ("ολοκληρώθηκε", Complete, El),
    ("ολοκληρωμένο", Complete, El),
    ("σε εξέλιξη", InProgress, El),
    ("εκκρεμεί", Pending, El),
    ("εκκρεμής", Pending, El),
    ("μπλοκαρισμένο", Blocked, El),
    ("παραλείφθηκε", Skipped, El),
    ("виконано", Complete, Uk),
    ("в процесі", InProgress, Uk),
    ("у процесі", InProgress, Uk),
    ("в роботі", InProgress, Uk),
    ("не розпочато", Pending, Uk),
    ("очікує", Pending, Uk),
    ("заблоковано", Blocked, Uk),
    ("скасовано", Skipped, Uk),
    ("перенесено", Skipped, Uk),
    ("відкладено", Skipped, Uk),
    ("finalizat", Complete, Ro),
    ("finalizată", Complete, Ro),
    ("în lucru", InProgress, Ro),
    ("în curs", InProgress, Ro),
    ("în desfășurare", InProgress, Ro),
    ("în așteptare", Pending, Ro),
    ("în aşteptare", Pending, Ro),
    ("neînceput", Pending, Ro),
    ("blocat", Blocked, Ro),
    ("blocată", Blocked, Ro),
    ("omis", Skipped, Ro),
    ("הושלם", Complete, He),
    ("בוצע", Complete, He),
    ("בתהליך", InProgress, He),
    ("ממתין", Pending, He),
    ("מחכים", Pending, He),
    ("טרם התחיל", Pending, He),
    ("חסום", Blocked, He),
    ("דולג", Skipped, He),
    ("sedang dijalankan", InProgress, Ms),
    ("belum bermula", Pending, Ms),
    ("disekat", Blocked, Ms),
    ("dilangkau", Skipped, Ms),
    ("kész", Complete, Hu),
    ("befejezve", Complete, Hu),
    ("folyamatban", InProgress, Hu),
    ("függőben", Pending, Hu),
    ("nincs elkezdve", Pending, Hu),
    ("blokkolva", Blocked, Hu),
    ("kihagyva", Skipped, Hu),
    ("elhalasztva", Skipped, Hu),
    ("valmis", Complete, Fi),
    ("käynnissä", InProgress, Fi),
    ("kesken", InProgress, Fi),
    ("odottaa", Pending, Fi),
    ("aloittamatta", Pending, Fi),
    ("estetty", Blocked, Fi),
    ("peruttu", Skipped, Fi),
    ("ohitettu", Skipped, Fi),
    ("เสร็จแล้ว", Complete, Th),
    ("เสร็จสิ้น", Complete, Th),
    ("กำลังดำเนินการ", InProgress, Th),
    ("กำลังทำ", InProgress, Th),
    ("เสร็จ", Complete, Th),
    ("ยกเลิก", Skipped, Th),
    ("ยังไม่เริ่ม", Pending, Th),
    ("รอดำเนินการ", Pending, Th),
    ("ถูกบล็อก", Blocked, Th),
    ("ติดปัญหา", Blocked, Th),
    ("ข้ามไป", Skipped, Th),
    ("تکمیل شده", Complete, Fa),
    ("تکمیل\u{200c}شده", Complete, Fa),
    ("انجام شد", Complete, Fa),
    ("انجام شده", Complete, Fa),
    ("در حال انجام", InProgress, Fa),
    ("شروع نشده", Pending, Fa),
    ("در انتظار", Pending, Fa),
    ("مسدود", Blocked, Fa),
    ("صرف\u{200c}نظر شده", Skipped, Fa),
    ("imekamilika", Complete, Sw),
    ("inaendelea", InProgress, Sw),
    ("haijaanza", Pending, Sw),
    ("imezuiwa", Blocked, Sw),
    ("imerukwa", Skipped, Sw),
    ("সম্পন্ন", Complete, Bn),
    ("চলছে", InProgress, Bn),
    ("বাকি", Pending, Bn),
    ("শুরু হয়নি", Pending, Bn),
    ("অবরুদ্ধ", Blocked, Bn),
    ("বাদ দেওয়া হয়েছে", Skipped, Bn),
    ("पूर्ण", Complete, Hi),
    ("प्रगति में", InProgress, Hi),
    ("चल रहा है", InProgress, Hi),
    ("लंबित", Pending, Hi),
    ("अवरुद्ध", Blocked, Hi),
    ("छोड़ा गया", Skipped, Hi),
    ("पूरा", Complete, Hi),
    // Hindi and Bengali say "not" after the word: the negation is the longer spelling.
    ("पूरा नहीं हुआ", Pending, Hi),
    ("पूरा नहीं", Pending, Hi),
    ("पूर्ण नहीं", Pending, Hi),
    ("पूरा होना बाकी है", Pending, Hi),
    ("जारी नहीं", Pending, Hi),
    ("সম্পন্ন হয়নি", Pending, Bn),
    ("সম্পন্ন হয় নি", Pending, Bn),
    ("पूरा हुआ", Complete, Hi),
    ("प्रगति पर", InProgress, Hi),
    ("जारी", InProgress, Hi),
    ("शुरू नहीं हुआ", Pending, Hi),
    ("बाकी", Pending, Hi),
    ("रुका हुआ", Blocked, Hi),
    ("रद्द", Skipped, Hi),
    ("afgerond", Complete, Nl),
    ("geschrapt", Skipped, Nl),
    ("wacht", Pending, Nl),
    ("voltooid", Complete, Nl),
    ("klaar", Complete, Nl),
    ("bezig", InProgress, Nl),
    ("in uitvoering", InProgress, Nl),
    ("gepland", Pending, Nl),
    ("niet gestart", Pending, Nl),
    ("nog niet gestart", Pending, Nl),
    ("nog niet", Pending, Nl),
    ("nog niet begonnen", Pending, Nl),
    ("nog te doen", Pending, Nl),
    ("geblokkeerd", Blocked, Nl),
    ("overgeslagen", Skipped, Nl),
    ("geannuleerd", Skipped, Nl),
    ("uitgesteld", Skipped, Nl),
    ("✅", Complete, Emoji),
    ("✔", Complete, Emoji),
    ("☑", Complete, Emoji),
    ("🔄", InProgress, Emoji),
    ("🚧", InProgress, Emoji),
    ("⏳", Pending, Emoji),
    ("⏸", Pending, Emoji),
    ("❌", Blocked, Emoji),
    ("🚫", Blocked, Emoji),
    ("⛔", Blocked, Emoji),
    ("⏭", Skipped, Emoji),
    ("✓", Complete, Emoji),
    ("☐", Pending, Emoji),
    ("⬜", Pending, Emoji),
    ("⚪", Pending, Emoji),
    ("🟡", InProgress, Emoji),
];

const VS16: &str = "\u{fe0f}";

/// A status token found in text: where it is and what it means.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Token {
    pub status: Status,
    /// Byte range in the searched text, covering an emoji and the word after it when both say
    /// the same thing (`✅ complete`), and `by X` after `blocked`.
    pub range: Range<usize>,
}

/// The spelling matching at `pos`, longest first: (status, lang, byte length).
fn match_at(s: &str, pos: usize) -> Option<(Status, Lang, usize)> {
    let rest = &s.as_bytes()[pos..];
    let mut chars = s[pos..].chars();
    let first = chars.next().and_then(|c| c.to_lowercase().next());
    let second = chars.next();
    // Only the spellings that can start here: `find` asks at every position of a line, so a
    // walk over the whole table each time made long plans slow.
    let candidates = first.and_then(|c| by_first_char().get(&c))?;
    let mut best: Option<(Status, Lang, usize)> = None;
    for &(i, want) in candidates {
        // The second character rules out most candidates for the price of one comparison.
        if let Some(want) = want
            && !second.is_some_and(|c| c == want || text::folds_equal(c, want))
        {
            continue;
        }
        let (spelling, status, lang) = SPELLINGS[i];
        let sp = spelling.as_bytes();
        let mut len = if rest.len() >= sp.len() && rest[..sp.len()].eq_ignore_ascii_case(sp) {
            sp.len()
        } else if let Some(len) = (lang != Emoji
            && (!spelling.is_ascii() || !rest[..sp.len().min(rest.len())].is_ascii())
            && spelling.chars().next() == first)
            .then(|| folded(&s[pos..], spelling))
            .flatten()
        {
            len
        } else {
            continue;
        };
        if lang == Emoji {
            if rest[len..].starts_with(VS16.as_bytes()) {
                len += VS16.len();
            }
        } else if spelling.chars().next_back().is_some_and(|c| c.is_alphanumeric() && text::spaced_script(c))
            && s[pos + len..]
                .chars()
                .next()
                .is_some_and(|c| c.is_alphanumeric() || c == '_' || text::is_combining(c))
        {
            // A word goes on past the spelling (`completed` is not `complete` + `d`; `готовой`
            // is not `готово`).
            continue;
        }
        if best.is_none_or(|(_, _, l)| len > l) {
            best = Some((status, lang, len));
        }
    }
    best
}

/// The indices of [`SPELLINGS`] by their first character, lowercased (how `match_at` compares
/// the first character of the text), in table order, each with the spelling's second character.
/// An Fx map: it is asked at every position of every line `find` reads, where SipHash showed in
/// profiles of `status` on large plans.
fn by_first_char() -> &'static FirstChars {
    static INDEX: std::sync::OnceLock<FirstChars> = std::sync::OnceLock::new();
    INDEX.get_or_init(|| {
        let mut index = FirstChars::default();
        for (i, (spelling, _, _)) in SPELLINGS.iter().enumerate() {
            let mut chars = spelling.chars();
            if let Some(c) = chars.next().and_then(|c| c.to_lowercase().next()) {
                index.entry(c).or_default().push((i, chars.next()));
            }
        }
        index
    })
}

/// [`SPELLINGS`] indices by first character, each with its second character.
type FirstChars = FxHashMap<char, Vec<(usize, Option<char>)>>;

/// `text` starts with `spelling` ignoring case in any script (`Выполнено`, `Concluído`): the
/// matched length in `text`.
fn folded(text: &str, spelling: &str) -> Option<usize> {
    let mut chars = text.char_indices();
    for want in spelling.chars() {
        let (_, c) = chars.next()?;
        if c != want && !text::folds_equal(c, want) {
            return None;
        }
    }
    Some(chars.next().map_or(text.len(), |(i, _)| i))
}

/// The first status token in free text (`complete (qualifier)`, `D.1 in progress, D.2
/// deferred`, `✅ done`). Latin spellings must start a word.
pub fn find(s: &str) -> Option<Token> {
    let bytes = s.as_bytes();
    s.char_indices().find_map(|(pos, c)| {
        if c.is_ascii_alphanumeric()
            && pos > 0
            && (bytes[pos - 1].is_ascii_alphanumeric() || bytes[pos - 1] == b'_')
        {
            return None;
        }
        token_at(s, pos, c)
    })
}

/// Whether the status word `s` starts with is an English one (`blocked`, not `bloqueado`).
pub fn english_at_start(s: &str) -> bool {
    match_at(s, 0).is_some_and(|(_, lang, _)| lang == Lang::En)
}

/// The status token `s` starts with, as [`find`] would read it there.
pub fn at_start(s: &str) -> Option<Token> {
    token_at(s, 0, s.chars().next()?)
}

/// Words saying how much of the work is done, short of all of it; lowercase.
const PARTLY_DONE: &[&str] = &[
    "half",
    "halb",
    "half done",
    "half-done",
    "partly done",
    "partially done",
    "almost done",
    "nearly done",
    "mostly done",
    "quasi fatto",
    "casi listo",
    "casi terminado",
    "fast fertig",
    "presque fini",
    "presque terminé",
    "quase pronto",
    "a medias",
    "a metà",
    "à moitié",
    "pela metade",
    "halb fertig",
    "наполовину",
];

/// The status token at `pos` (where `c` is), with an emoji's word after it and a blocker's
/// reference.
fn token_at(s: &str, pos: usize, c: char) -> Option<Token> {
    token_parts(s, pos, c).map(|(tok, _, _)| tok)
}

/// The part of a status token (as [`find`] read it) that spells its status: `blocked by A` →
/// `blocked`. `None` for a token whose status comes from what it waits for (`waiting on the
/// client` is blocked; its word alone is pending), so it spells no status a file could reuse.
/// Nor does a word saying how much (`half done`, `almost done`, `quasi fatto`): another group
/// set in progress is not "almost done". Nor a hammer or tools ([`tools`]): read only closing
/// a title, they would be an icon where another group's status goes.
pub fn spelling(token: &str) -> Option<&str> {
    if PARTLY_DONE.contains(&token.to_lowercase().as_str()) || only_tools(token) {
        return None;
    }
    match token.chars().next().and_then(|c| token_parts(token, 0, c)) {
        Some((_, _, true)) => None,
        Some((tok, spelled, false)) if tok.range.end == token.len() => Some(&token[..spelled]),
        _ => Some(token),
    }
}

/// [`token_at`], with where its spelling ends and whether its status comes from what it waits
/// for.
fn token_parts(s: &str, pos: usize, c: char) -> Option<(Token, usize, bool)> {
    if c.is_whitespace() || c.is_ascii_punctuation() {
        return None;
    }
    let (mut status, lang, len) = match_at(s, pos)?;
    let mut end = pos + len;
    let mut word = pos;
    // The symbol alone, before a word after it is taken in.
    let symbol = (status, end);
    if lang == Emoji {
        // `✅ complete`: one indicator. When the word says otherwise (`⏳ 进行中`, a file
        // that puts ⏳ on every unfinished row), the word is the more exact of the two.
        let after = end + (s.len() - end - s[end..].trim_start_matches(' ').len());
        if let Some((st2, l2, len2)) = (after < s.len()).then(|| match_at(s, after)).flatten()
            && l2 != Emoji
        {
            (word, end) = (after, after + len2);
            status = st2;
        } else if after < s.len() {
            // A word that is a status only standing alone says it after a symbol too (`❌ cut`).
            // Only standing alone: then the end, or a mark, not more words (`✅ Cut the branch`).
            let len = s[after..].find(|c: char| !c.is_alphanumeric()).unwrap_or(s.len() - after);
            let next = s[after + len..].trim_start_matches(' ');
            let alone = !next.starts_with(|c: char| c.is_alphanumeric());
            if let Some(st2) = lone(&s[after..after + len]).filter(|_| alone) {
                (word, end) = (after, after + len);
                status = st2;
            }
        }
    }
    let spelled = end;
    let mut waits = false;
    if status == Blocked {
        end += blocked_by(&s[end..]);
    } else if status == Pending
        && let Some(len) = waits_on(&s[word..end], &s[end..])
    {
        // `waiting on the client`: what it waits for goes with the token, as `by X` does. After
        // a symbol it says more only of a pause (`⏸ waiting on delivery`); after one saying
        // done or skipped (`⏭️ waiting on finance`) the symbol is the status and the wait a
        // remark on it.
        if word > pos && !matches!(symbol.0, Pending | Blocked) {
            return Some((Token { status: symbol.0, range: pos..symbol.1 }, symbol.1, false));
        }
        (status, waits) = (Blocked, true);
        end += len;
    }
    Some((Token { status, range: pos..end }, spelled, waits))
}

/// Crosses the tables leave out, which with words that drop the work say skipped (`✖ やらない`).
pub const CROSSES: &[char] = &['✖', '✗', '✘'];

/// A symbol for `to` that means one thing in every plan (`⬜`, not `⏳`): written where the
/// file's own would be read again as another of its meanings.
pub fn one_meaning_symbol(to: Status) -> &'static str {
    match to {
        Status::Pending => "⬜",
        _ => to.emoji(),
    }
}

/// The statuses a symbol means in one plan or another (⏳: waiting to start, or under way; ⏸:
/// not yet, or on hold), the one it means alone first; empty for one that always means the
/// same.
pub fn meanings(symbol: &str) -> &'static [Status] {
    match symbol.trim_end_matches('\u{fe0f}') {
        "⏳" => &[Status::Pending, Status::InProgress],
        "⏸" => &[Status::Pending, Status::Blocked],
        // Stuck, or dropped (`### ❌ Phase 6: …` over `Dropped — nobody asked for it.`).
        "❌" => &[Status::Blocked, Status::Skipped],
        _ => &[],
    }
}

/// A word that is a status only standing alone, as a title's last part (`— CUT, folded into
/// Part IV`), in brackets (`[SKIP]`, `【済】`) or a legend's entry (`➖ cut`); in prose it is a
/// verb (`cut from the MVP`, `skip the cache`) or part of another word.
pub fn lone(word: &str) -> Option<Status> {
    // Japanese `済` ("settled") inside a word is another word (`経済`, economy).
    match word {
        "済" | "済み" => Some(Status::Complete),
        // "Not yet", beside `済` (`## トーン・仕上げ [未]`); in a word, "un-" (`未定`, undecided).
        "未" => Some(Status::Pending),
        // On hold (`【保留】`); in a sentence, "keep" (`保留原有接口`).
        "保留" => Some(Status::Blocked),
        // Waiting on what comes before it (`法務部の回答待ち`, the legal team's answer); alone, a
        // queue.
        "待ち" => Some(Status::Pending),
        // "From now on": work still ahead (`**第4段階：OGP画像**　これから`); in a sentence,
        // "from now" (`これから確認する`).
        "これから" => Some(Status::Pending),
        _ if word.ends_with("待ち") && find(word).is_none() => Some(Status::Blocked),
        // A change request taken in (`| 13 | … | merged |`); in a sentence, joined to another
        // (`merged into Phase 4`).
        // A sprint or a ticket closed (`## Sprint 1 — closed`); in a sentence, shut (`closed
        // the old port`).
        // A step checked off (`1. export posts — ok`); in a sentence, a word of assent.
        _ if word.eq_ignore_ascii_case("merged")
            || word.eq_ignore_ascii_case("closed")
            || word.eq_ignore_ascii_case("ok") =>
        {
            Some(Status::Complete)
        }
        // Cancelled (`狀態：取消`); in a sentence, to cancel (`取消订阅`).
        "取消" => Some(Status::Skipped),
        // Not yet (`**part 3: hosting** - later`, `[later]`); in a sentence, afterwards.
        _ if word.eq_ignore_ascii_case("later") => Some(Status::Pending),
        // Won't do (`✖ やらない`); in a sentence, "not doing" something else.
        "やらない" => Some(Status::Skipped),
        // Given up (`×やめた` in a legend); in a sentence, "stopped" doing something.
        "やめた" => Some(Status::Skipped),
        // Half the work done (`## Part 4: Autumn — half`); in a sentence, a half of something.
        "half" | "halb" => Some(Status::InProgress),
        // Out of the work's scope (`― 対象外` in a legend); in a title, a noun's modifier
        // (`対象外のデータを除く`).
        "対象外" => Some(Status::Skipped),
        // Cut (`## 第7章 低消費電力 【カット】`); in a sentence, a cut or a haircut.
        "カット" => Some(Status::Skipped),
        // A sprint closed, going, planned (`## Спринт 1 — закрыт`, `— идёт (до 27.10)`, `—
        // план`); in a sentence, shut, goes, a plan.
        "закрыт" | "закрыта" | "закрыто" => Some(Status::Complete),
        "идёт" | "идет" => Some(Status::InProgress),
        "план" => Some(Status::Pending),
        _ => ["cut", "skip"].iter().any(|w| word.eq_ignore_ascii_case(w)).then_some(Status::Skipped),
    }
}

/// Words that wait, each with the words that introduce what it waits for (`""`: the thing
/// follows at once, `awaiting sign-off`). A bare `waiting` or `queued` is pending; waiting on
/// someone or something outside the plan is blocked.
const WAITS: &[(&str, &[&str])] = &[
    ("waiting", &["on", "for"]),
    ("awaiting", &[""]),
    ("väntar", &["på"]),
    ("venter", &["på"]),
    ("in attesa", &["di", "del", "della", "dei", "delle", "dello", "dell'"]),
    ("en attente", &["de", "du", "des", "d'"]),
    ("en espera", &["de", "del"]),
    ("esperando", &[""]),
    ("aguardando", &[""]),
    ("wartet", &["auf"]),
    ("czeka", &["na"]),
    ("čeká", &["na"]),
    ("wacht", &["op"]),
    ("ждём", &[""]),
    ("ждем", &[""]),
    ("ждёт", &[""]),
    ("ждет", &[""]),
    ("odottaa", &[""]),
    ("מחכים", &["ל"]),
];

/// A wait with its reason set apart after a dash or colon (`waiting — Prof. Keller has to
/// approve`, `en attente : le patron doit …`): blocked, as a status line's value or the
/// sentence opening a group's section; never in a title, where the words after a dash are its
/// name (`## Phase 2: Waiting — room booking`). Not a reason that is a status (`waiting — done`).
pub fn waits_for_reason(word: &str, rest: &str) -> bool {
    if !WAITS.iter().any(|(w, _)| folded(word, w) == Some(word.len())) {
        return false;
    }
    let Some(reason) = [" — ", " – ", " - ", ": ", " : "].iter().find_map(|sep| rest.strip_prefix(sep))
    else {
        return false;
    };
    // (Not a pointer to the reason: `waiting — see below`.)
    let pointer = ["see ", "siehe ", "voir ", "ver "].iter().any(|p| folded(reason, p).is_some());
    reason.chars().filter(|c| c.is_alphabetic()).count() >= 3 && leading(reason).is_none() && !pointer
}

/// After a waiting word (`word`), what it waits for (`rest` starts after the word): the bytes
/// up to the end of that clause (a comma, bracket, dash or sentence end), when it names one.
fn waits_on(word: &str, rest: &str) -> Option<usize> {
    let (_, leads) = WAITS.iter().find(|(w, _)| folded(word, w) == Some(word.len()))?;
    let after = rest.strip_prefix(' ')?;
    let object = leads.iter().find_map(|lead| {
        if lead.is_empty() {
            return Some(after);
        }
        let tail =
            after.get(..lead.len()).filter(|h| h.eq_ignore_ascii_case(lead)).map(|_| &after[lead.len()..])?;
        // An elided article (`d'`) or a one-letter prefix (Hebrew `ל`) joins the next word.
        if lead.ends_with('\'') || (!lead.is_ascii() && lead.chars().count() == 1) {
            Some(tail)
        } else {
            tail.strip_prefix(' ')
        }
    })?;
    let clause = object
        .find([',', ';', '(', ')', '[', ']', '（', '）', '|', '·', '\n'])
        .into_iter()
        .chain(object.find(". "))
        .chain(object.find(" — "))
        .chain(object.find(" – "))
        .chain(object.find(" - "))
        .min()
        .unwrap_or(object.len());
    let thing = object[..clause].trim_end_matches([' ', '.', '*', '_', '`']);
    // At least a word of what it waits for, and no status in it (`waiting for review, done`
    // has its own).
    let words = thing.split(' ').filter(|w| w.chars().any(char::is_alphabetic)).count();
    (words > 0 && find(thing).is_none()).then(|| rest.len() - object.len() + thing.len())
}

/// The status a label value or a table cell states: a token at its start, after markup (`**`,
/// `` ` ``, `_`) and any emoji. A status word later in the text is prose, not the status
/// (`20% - Issue #14 offen`, `half done, waiting on Apple cert`): it is neither read nor edited.
pub fn leading(s: &str) -> Option<Token> {
    let skip = s.len() - s.trim_start_matches([' ', '\t', '*', '_', '`']).len();
    let rest = &s[skip..];
    // A status struck through and rewritten (`~~complete~~ in_progress`): the new one says it.
    let struck = past_struck(rest);
    if struck > 0 {
        let tok = leading(&rest[struck..])?;
        let at = skip + struck;
        return Some(Token { status: tok.status, range: at + tok.range.start..at + tok.range.end });
    }
    let Some(tok) = find(rest) else { return lone_leading(rest, skip) };
    let before = &rest[..tok.range.start];
    // Decoration (`🟢 complete`), or the id of the part the status is about (`D.1 in progress,
    // D.2 deferred`): an id has a digit and no lowercase word.
    let decoration = before.chars().all(|c| c == ' ' || (!c.is_alphanumeric() && !c.is_ascii()))
        || before.strip_suffix(' ').is_some_and(|id| {
            !id.contains(' ')
                && id.bytes().any(|b| b.is_ascii_digit())
                && !id.bytes().any(|b| b.is_ascii_lowercase())
                && !id.ends_with('%')
        });
    match decoration {
        true => Some(Token { status: tok.status, range: skip + tok.range.start..skip + tok.range.end }),
        false => lone_leading(rest, skip),
    }
}

/// Whether a lone word followed by `after` says a status: `OK` and `half` do only alone or
/// before a remark, not as a button among buttons (`OK, Cancel, Help`) nor as an amount (`half,
/// then full`, `half (of recipe)`).
pub fn lone_apart(word: &str, after: &str) -> bool {
    let listed = after.strip_prefix(',').is_some_and(|r| r.trim_start().starts_with(char::is_uppercase));
    let half = word.eq_ignore_ascii_case("half") || word.eq_ignore_ascii_case("halb");
    (!half || after.is_empty()) && !(word.eq_ignore_ascii_case("ok") && listed)
}

/// A word that is a status only alone ([`lone`]) opening a cell or value, with at most a remark
/// set apart after it: `merged (had 3 tests, trivial)`, `cut — folded into Part IV`. Not a
/// sentence (`merged into Phase 4`, `cut from the MVP`).
fn lone_leading(rest: &str, skip: usize) -> Option<Token> {
    let end = rest.find([' ', ',', ';', '(', '.', '（']).unwrap_or(rest.len());
    let status = lone(&rest[..end])?;
    let after = rest[end..].trim_start();
    // A remark that says how things stand is no remark (`merged, pending deploy`).
    let apart = after.is_empty()
        || after.starts_with(['(', '（', ',', ';', '—', '–'])
        || after.starts_with("- ")
        || after.starts_with(". ")
        || after == ".";
    let apart = apart && find(after).is_none();
    (apart && lone_apart(&rest[..end], after)).then(|| Token { status, range: skip..skip + end })
}

/// Where the words after a status struck through start (`~~en curso~~ descartado`): 0 when
/// `s` does not open with one.
pub fn past_struck(s: &str) -> usize {
    let Some(rest) = s.strip_prefix("~~") else { return 0 };
    let Some(end) = rest.find("~~").filter(|&e| e > 0) else { return 0 };
    if whole(&rest[..end]).is_none() {
        return 0;
    }
    let after = &rest[end + 2..];
    let next = after.trim_start_matches(' ');
    if next.len() == after.len() && !next.is_empty() {
        return 0;
    }
    s.len() - next.len()
}

/// `blocked by A`: the reference goes with the token, so a new state replaces it too.
fn blocked_by(rest: &str) -> usize {
    let Some(tail) = rest.strip_prefix(" by ") else {
        return 0;
    };
    let word = tail.find([' ', ',', ';', ')', '·']).unwrap_or(tail.len());
    if word == 0 { 0 } else { 4 + word }
}

/// Does the whole of `s` (trimmed) spell one status? Used for bracket words and short cells.
pub fn whole(s: &str) -> Option<Status> {
    let t = s.trim();
    let tok = find(t)?;
    (tok.range == (0..t.len())).then_some(tok.status)
}

/// A status word and a symbol saying the same after it (`Готово ✔`, `Done ✅`): that status.
pub fn word_and_symbol(s: &str) -> Option<Status> {
    let (word, symbol) = s.trim().rsplit_once(' ')?;
    let status = emoji_alone(symbol)?;
    (whole(word) == Some(status)).then_some(status)
}

/// A status emoji that is all of `s` (`✔`, `✅️`): its state.
pub fn emoji_alone(s: &str) -> Option<Status> {
    emoji_at_start(s).filter(|&(_, len)| len == s.len()).map(|(status, _)| status)
}

/// A status emoji at the very start of `s` (`✓`, `⬜`, `✅️`), alone: its state and length (a
/// variation selector after it included).
pub fn emoji_at_start(s: &str) -> Option<(Status, usize)> {
    match match_at(s, 0)? {
        (status, Emoji, len) => Some((status, len)),
        _ => None,
    }
}

/// A hammer or tools opening `s` (`🔨`, `🛠️`): work under way where a status stands after a
/// title (`## Week 2 🔨`, `— 🔨 (12 failing)`). In no table: opening a heading, after a group's
/// id or in a row, they are as often an icon (`## 🔨 Phase 2: Build`).
pub fn tools(s: &str) -> Option<Token> {
    let symbol = ["🔨", "🛠"].into_iter().find(|t| s.starts_with(t))?;
    let len = symbol.len() + if s[symbol.len()..].starts_with(VS16) { VS16.len() } else { 0 };
    Some(Token { status: Status::InProgress, range: 0..len })
}

/// Is `token` a hammer or tools and nothing more ([`tools`])?
pub fn only_tools(token: &str) -> bool {
    tools(token).is_some_and(|t| t.range.end == token.len())
}

/// Write `to` in the style of `original`, an existing token: the same language, case and
/// emoji prefix. A token only its place makes a status (`— NEXT`) gives its case alone.
pub fn restyle(original: &str, to: Status) -> String {
    restyle_in(original, to, Style::default())
}

/// What a file says about writing a status it does not spell in that place yet: the letter
/// case of its status words there, and the symbol it gives the status elsewhere.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Style<'s> {
    pub case: Option<Case>,
    /// A symbol that reads as the status (`🚧`, `✔`), in place of the table's own.
    pub symbol: Option<&'s str>,
}

/// [`restyle`], in the file's `style` where it has one; else in the case of `original` and
/// the table's symbol.
pub fn restyle_in(original: &str, to: Status, style: Style<'_>) -> String {
    let case = style.case.or_else(|| Case::of_model(original));
    let Some((from, lang, len)) = match_at(original, 0) else {
        // A symbol only the file's legend knows (`🔴`) becomes a symbol.
        if !original.chars().any(char::is_alphanumeric) {
            return style.symbol.unwrap_or(to.emoji()).to_string();
        }
        // A cross no table knows before words (`✗ not doing this`): a symbol and words again.
        if let Some((cross, words)) = original.split_once(' ')
            && cross.starts_with(CROSSES)
            && !cross.chars().any(|c| c.is_alphanumeric() || c.is_ascii())
        {
            let symbol = style.symbol.unwrap_or(to.emoji());
            return format!("{symbol} {}", restyle_in(words.trim_start(), to, Style { case, ..style }));
        }
        // A word no table holds in a script that names its language (`закрыт`, `済`,
        // `カット`, each a status only alone): a word of that language.
        if let Some(word) = in_script_of(original, to) {
            return recase(word, case);
        }
        return recase(english(original, Status::Pending, to), case);
    };
    if lang == Emoji {
        let rest = &original[len..];
        let word_start = len + (rest.len() - rest.trim_start_matches(' ').len());
        let symbol = style.symbol.unwrap_or(to.emoji());
        if word_start == original.len() {
            return symbol.to_string();
        }
        return format!(
            "{symbol}{}{}",
            &original[len..word_start],
            restyle_in(&original[word_start..], to, Style { case, ..style })
        );
    }
    let word = &original[..len];
    let new = match lang {
        En | Emoji => english(word, from, to),
        Zh => ["未开始", "进行中", "已完成", "已阻塞", "已跳过"][to as usize],
        Ja => ["未着手", "進行中", "完了", "ブロック", "スキップ"][to as usize],
        Ko => ["대기", "진행 중", "완료", "차단", "건너뜀"][to as usize],
        It => ["da fare", "in corso", "completata", "bloccata", "saltata"][to as usize],
        Es => ["pendiente", "en progreso", "completado", "bloqueado", "omitido"][to as usize],
        De => ["offen", "in Arbeit", "erledigt", "blockiert", "übersprungen"][to as usize],
        Pt => ["pendente", "em andamento", "concluído", "bloqueado", "ignorado"][to as usize],
        Fr => ["à faire", "en cours", "terminé", "bloqué", "ignoré"][to as usize],
        Pl => ["do zrobienia", "w toku", "ukończone", "zablokowane", "pominięte"][to as usize],
        Ru => ["не начато", "в работе", "выполнено", "заблокировано", "пропущено"][to as usize],
        Id => ["belum dimulai", "sedang berjalan", "selesai", "diblokir", "dilewati"][to as usize],
        Vi => ["chưa bắt đầu", "đang thực hiện", "hoàn thành", "bị chặn", "bỏ qua"][to as usize],
        Tr => ["bekliyor", "devam ediyor", "tamamlandı", "engellendi", "atlandı"][to as usize],
        Ar => ["معلق", "قيد التنفيذ", "مكتمل", "محظور", "تم التخطي"][to as usize],
        Hi => ["लंबित", "प्रगति में", "पूर्ण", "अवरुद्ध", "छोड़ा गया"][to as usize],
        Nl => ["gepland", "bezig", "afgerond", "geblokkeerd", "overgeslagen"][to as usize],
        Sv => ["ej påbörjad", "pågår", "klar", "blockerad", "överhoppad"][to as usize],
        Cs => ["čeká", "probíhá", "hotovo", "blokováno", "přeskočeno"][to as usize],
        El => ["εκκρεμεί", "σε εξέλιξη", "ολοκληρώθηκε", "μπλοκαρισμένο", "παραλείφθηκε"][to as usize],
        Uk => ["не розпочато", "в процесі", "виконано", "заблоковано", "скасовано"][to as usize],
        Ro => ["în așteptare", "în lucru", "finalizat", "blocat", "omis"][to as usize],
        He => ["ממתין", "בתהליך", "הושלם", "חסום", "דולג"][to as usize],
        Ms => ["belum bermula", "sedang dijalankan", "selesai", "disekat", "dilangkau"][to as usize],
        Hu => ["függőben", "folyamatban", "kész", "blokkolva", "kihagyva"][to as usize],
        Fi => ["odottaa", "käynnissä", "valmis", "estetty", "ohitettu"][to as usize],
        Th => ["ยังไม่เริ่ม", "กำลังดำเนินการ", "เสร็จแล้ว", "ถูกบล็อก", "ข้ามไป"][to as usize],
        Fa => ["شروع نشده", "در حال انجام", "تکمیل شده", "مسدود", "صرف\u{200c}نظر شده"][to as usize],
        Sw => ["haijaanza", "inaendelea", "imekamilika", "imezuiwa", "imerukwa"][to as usize],
        Bn => ["বাকি", "চলছে", "সম্পন্ন", "অবরুদ্ধ", "বাদ দেওয়া হয়েছে"][to as usize],
    };
    // One capitalised word of another language than English is a sentence's first word, not a
    // title's (`Готово` → `В работе`).
    let case = match case {
        Some(Case::Title) if style.case.is_none() && lang != En => Some(Case::Sentence),
        case => case,
    };
    // A symbol saying the same after the word (`Готово ✔`) says the new status too.
    match original[len..].strip_prefix(' ').and_then(emoji_alone) {
        Some(_) => format!("{} {}", recase(new, case), style.symbol.unwrap_or(to.emoji())),
        None => recase(new, case),
    }
}

/// `to` in the language a label is written in, when its script says so (`状态` → 已完成,
/// `ステータス` → 完了, `상태` → 완료, `закрыт` → выполнено); `None` for a script of many
/// languages (Latin).
pub fn in_script_of(label: &str, to: Status) -> Option<&'static str> {
    let has = |lo: u32, hi: u32| label.chars().any(|c| (lo..=hi).contains(&(c as u32)));
    // (Japanese words in kanji alone: `済`, done; `対象外`, out of scope.)
    let japanese = ["済", "済み", "対象外"].contains(&label);
    if has(0xAC00, 0xD7AF) {
        Some(["대기", "진행 중", "완료", "차단", "건너뜀"][to as usize])
    } else if has(0x3040, 0x30FF) || japanese {
        Some(["未着手", "進行中", "完了", "ブロック", "スキップ"][to as usize])
    } else if has(0x0400, 0x04FF) {
        Some(["не начато", "в работе", "выполнено", "заблокировано", "пропущено"][to as usize])
    } else if has(0x4E00, 0x9FFF) {
        Some(["未开始", "进行中", "已完成", "已阻塞", "已跳过"][to as usize])
    } else {
        None
    }
}

fn english(word: &str, from: Status, to: Status) -> &'static str {
    let lower = word.to_ascii_lowercase();
    if from == to {
        // Same state: keep the word (for `completed`/`done` the caller keeps the original).
        return match lower.as_str() {
            "completed" => "completed",
            "done" => "done",
            _ => to.as_str(),
        };
    }
    // `in_progress` is the lowercase house spelling; capitalised or spaced originals read as
    // prose, so they get `In Progress` / `IN PROGRESS`.
    let prose = lower.contains(' ') || word != lower;
    match to {
        InProgress if prose => "in progress",
        _ => to.as_str(),
    }
}

/// How a file capitalises its status words in one kind of place: `in progress`, `In progress`,
/// `In Progress`, `IN PROGRESS`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Case {
    Lower,
    Sentence,
    Title,
    Upper,
}

impl Case {
    /// The case several spellings share. One capitalised word (`Done`) fits Sentence and Title
    /// alike: a spelling of two words decides (`Not started`, `Not Started`). `None` when they
    /// disagree or say nothing (emoji, scripts without case, `N/A`, `iOS`).
    pub fn of<'s>(spellings: impl IntoIterator<Item = &'s str>) -> Option<Case> {
        let (mut seen, mut capital) = ([false; 4], false);
        for s in spellings {
            match Case::one(s) {
                Some(Ok(case)) => seen[case as usize] = true,
                Some(Err(())) => capital = true,
                None => {}
            }
        }
        let one = |case: Case| seen.iter().enumerate().all(|(i, &s)| s == (i == case as usize));
        [Case::Lower, Case::Upper, Case::Sentence, Case::Title]
            .into_iter()
            .find(|&c| one(c) && (!capital || matches!(c, Case::Sentence | Case::Title)))
    }

    /// The case to write in after one token alone: capitals throughout (`NEXT`), a capital first
    /// (`Done`, `Not started`: title case, `In Progress`), or as the table spells it.
    fn of_model(model: &str) -> Option<Case> {
        let mut letters = model.chars().filter(|c| c.is_alphabetic());
        let first = letters.next()?;
        if first.is_uppercase() && letters.clone().next().is_some() && letters.all(char::is_uppercase) {
            Some(Case::Upper)
        } else {
            first.is_uppercase().then_some(Case::Title)
        }
    }

    /// The case of one spelling; `Err` for a single capitalised word.
    fn one(s: &str) -> Option<Result<Case, ()>> {
        let mut words = s
            .split(|c: char| !c.is_alphabetic())
            .filter(|w| w.chars().any(|c| c.is_lowercase() || c.is_uppercase()));
        let first = words.next()?;
        let rest: Vec<&str> = words.collect();
        let lower = |w: &str| w.chars().all(|c| !c.is_uppercase());
        let upper = |w: &str| w.chars().all(|c| !c.is_lowercase());
        let capital = |w: &str| {
            let mut cs = w.chars();
            cs.next().is_some_and(char::is_uppercase) && cs.all(|c| !c.is_uppercase())
        };
        let all = |f: &dyn Fn(&str) -> bool| f(first) && rest.iter().all(|w| f(w));
        Some(Ok(if all(&lower) {
            Case::Lower
        } else if all(&upper) {
            // `N/A` is an abbreviation, not a file that shouts.
            if first.chars().count() < 2 && rest.iter().all(|w| w.chars().count() < 2) {
                return None;
            }
            Case::Upper
        } else if capital(first) && rest.is_empty() {
            return Some(Err(()));
        } else if capital(first) && rest.iter().all(|w| lower(w)) {
            Case::Sentence
        } else if all(&capital) {
            Case::Title
        } else {
            return None;
        }))
    }
}

/// `word` (as the table spells it) in `case`. Letters are only ever raised, never lowered: a
/// table spelling's capitals are its own (`in Arbeit`).
fn recase(word: &str, case: Option<Case>) -> String {
    let capitalise = |w: &str| {
        let mut cs = w.chars();
        cs.next().map_or(String::new(), |c| c.to_uppercase().chain(cs).collect())
    };
    match case {
        Some(Case::Upper) => word.to_uppercase(),
        Some(Case::Title) => word.split(' ').map(capitalise).collect::<Vec<_>>().join(" "),
        Some(Case::Sentence) => capitalise(word),
        Some(Case::Lower) | None => word.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tok(s: &str) -> Option<(Status, &str)> {
        find(s).map(|t| (t.status, &s[t.range]))
    }

    #[test]
    fn words_for_part_of_the_work_read_in_progress_and_spell_nothing() {
        // Each is in the table (or, alone, a lone word), so the two lists cannot drift apart.
        for &words in PARTLY_DONE {
            assert_eq!(whole(words).or_else(|| lone(words)), Some(InProgress), "{words}");
            assert_eq!(spelling(words), None, "{words}");
        }
        assert_eq!(word_and_symbol("Готово ✔"), Some(Complete));
        assert_eq!(word_and_symbol("Done ✅️"), Some(Complete));
        assert_eq!(word_and_symbol("Done 🔄"), None);
        assert_eq!(emoji_alone("✅️"), Some(Complete));
        assert_eq!(emoji_alone("✅ done"), None);
    }

    #[test]
    fn folds_spellings_and_keeps_qualifiers_outside_the_token() {
        assert_eq!(tok("complete (reference adapters only)"), Some((Complete, "complete")));
        assert_eq!(tok("D.1 in progress, D.2 deferred"), Some((InProgress, "in progress")));
        assert_eq!(tok("blocked by A"), Some((Blocked, "blocked by A")));
        assert_eq!(tok("✅ complete"), Some((Complete, "✅ complete")));
        assert_eq!(tok("⏸️ pending"), Some((Pending, "⏸️ pending")));
        assert_eq!(tok("🔄 running"), Some((InProgress, "🔄 running")));
        // The word is more exact than an emoji a file puts on every unfinished row.
        assert_eq!(tok("⏳ 进行中"), Some((InProgress, "⏳ 进行中")));
        assert_eq!(restyle("⏳ 进行中", Complete), "✅ 已完成");
        assert_eq!(restyle("NEXT", InProgress), "IN PROGRESS");
        assert_eq!(tok("已完成"), Some((Complete, "已完成")));
        assert_eq!(tok("部分完了"), Some((InProgress, "部分完了")));
        assert_eq!(tok("未完成"), Some((Pending, "未完成")));
        assert_eq!(tok("IN PROGRESS"), Some((InProgress, "IN PROGRESS")));
        assert_eq!(tok("completata"), Some((Complete, "completata")));
    }

    #[test]
    fn latin_spellings_need_word_boundaries() {
        assert_eq!(tok("undone"), None);
        assert_eq!(tok("doneffect"), None);
        assert_eq!(tok("All three phases implemented"), None);
        assert_eq!(tok("code complete, manual smoke pending"), Some((Complete, "complete")));
        // In every script written with spaces: a word that goes on is another word.
        assert_eq!(tok("готовой"), None);
        assert_eq!(tok("مكتملة"), Some((Complete, "مكتملة")));
        assert_eq!(tok("पूराना"), None);
        // A danda or a sof pasuq ends a sentence, not the word before it.
        assert_eq!(tok("पूर्ण।"), Some((Complete, "पूर्ण")));
        assert_eq!(tok("הושלם׃"), Some((Complete, "הושלם")));
        // Where "not" follows the word, the negation is read whole.
        assert_eq!(tok("पूरा नहीं हुआ"), Some((Pending, "पूरा नहीं हुआ")));
        assert_eq!(tok("সম্পন্ন হয়নি"), Some((Pending, "সম্পন্ন হয়নি")));
        // Not where words run together: `完成度` holds `完成`, `완료됨` holds `완료`.
        assert_eq!(tok("已完成度"), Some((Complete, "已完成")));
    }

    #[test]
    fn a_status_word_inside_prose_is_not_the_status() {
        let lead = |s: &'static str| leading(s).map(|t| (t.status, &s[t.range]));
        assert_eq!(lead("20% - Issue #14 offen"), None);
        assert_eq!(lead("half done, waiting on Apple cert"), Some((InProgress, "half done")));
        assert_eq!(lead("code complete, manual smoke pending"), None);
        assert_eq!(lead("D.1 in progress, D.2 deferred"), Some((InProgress, "in progress")));
        assert_eq!(lead("**done** (shipped 2026-01-02)"), Some((Complete, "done")));
        assert_eq!(lead("`in_progress`"), Some((InProgress, "in_progress")));
        assert_eq!(lead("🟢 complete (user approved)"), Some((Complete, "complete")));
        assert_eq!(lead("✅ Complete"), Some((Complete, "✅ Complete")));
        // Waiting on someone is blocked, and what it waits for goes with the token up to the
        // clause's end; a bare wait, or one for a status, is pending.
        assert_eq!(lead("waiting on client (since May)"), Some((Blocked, "waiting on client")));
        assert_eq!(
            lead("⏸ waiting for the vendor's key, then deploy"),
            Some((Blocked, "⏸ waiting for the vendor's key"))
        );
        assert_eq!(lead("Awaiting sign-off — legal"), Some((Blocked, "Awaiting sign-off")));
        assert_eq!(lead("väntar på kommunen"), Some((Blocked, "väntar på kommunen")));
        assert_eq!(lead("czeka na klienta."), Some((Blocked, "czeka na klienta")));
        assert_eq!(lead("waiting"), Some((Pending, "waiting")));
        assert_eq!(lead("waiting on"), Some((Pending, "waiting")));
        assert_eq!(lead("waiting for review done"), Some((Pending, "waiting")));
        assert_eq!(lead("queued"), Some((Pending, "queued")));
        // After a symbol saying done or skipped, a wait is a remark on it.
        assert_eq!(lead("⏭️ waiting on finance"), Some((Skipped, "⏭️")));
        assert_eq!(lead("✅ awaiting sign-off"), Some((Complete, "✅")));
        // What follows may cut a lead word inside a character, or name nothing in words.
        assert_eq!(lead("מחכים 🚚"), Some((Pending, "מחכים")));
        assert_eq!(lead("väntar pä"), Some((Pending, "väntar")));
        assert_eq!(lead("WARTET AUF 🚚"), Some((Pending, "WARTET")));
        assert_eq!(lead("ODOTTAA isännöitsijää"), Some((Blocked, "ODOTTAA isännöitsijää")));
        // A status struck through and rewritten: the new one, the strike kept as history.
        assert_eq!(lead("~~complete~~ in_progress (re-verifying)"), Some((InProgress, "in_progress")));
        assert_eq!(lead("**~~en curso~~ descartado**"), Some((Skipped, "descartado")));
        assert_eq!(lead("~~done~~"), None);
        assert_eq!(lead("~~Use Redis~~ done"), None);
        assert_eq!(spelling("blocked by A"), Some("blocked"));
        assert_eq!(spelling("waiting on client"), None);
        assert_eq!(spelling("⏸ waiting"), Some("⏸ waiting"));
    }

    #[test]
    fn whole_tokens() {
        assert_eq!(whole("in_progress"), Some(InProgress));
        assert_eq!(whole(" completed "), Some(Complete));
        assert_eq!(whole("done soon"), None);
        // After a symbol, a word that is a status only standing alone says it (`❌ cut`), and
        // the symbol and word are one token.
        assert_eq!(whole("❌ cut"), Some(Skipped));
        assert_eq!(at_start("❌ cut, no time").map(|t| t.range), Some(0.."❌ cut".len()));
        assert_eq!(at_start("❌ cutting").map(|t| (t.status, t.range)), Some((Blocked, 0.."❌".len())));
        assert_eq!(whole("不做了"), Some(Skipped));
        // Japanese `…待ち`: waiting on what comes before it.
        assert_eq!(lone("法務部の回答待ち"), Some(Blocked));
        assert_eq!(lone("待ち"), Some(Pending));
        assert_eq!(whole("着手中"), Some(InProgress));
        assert_eq!(whole("faite"), Some(Complete));
        assert_eq!(
            at_start("✅ Cut the release branch").map(|t| (t.status, t.range)),
            Some((Complete, 0.."✅".len()))
        );
    }

    #[test]
    fn restyle_keeps_language_case_and_emoji() {
        assert_eq!(restyle("complete", InProgress), "in_progress");
        assert_eq!(restyle("Complete", Pending), "Pending");
        assert_eq!(restyle("✅ Complete", InProgress), "🔄 In Progress");
        assert_eq!(restyle("COMPLETE", InProgress), "IN PROGRESS");
        assert_eq!(restyle("in progress", Pending), "pending");
        assert_eq!(restyle("已完成", InProgress), "进行中");
        assert_eq!(restyle("完了", InProgress), "進行中");
        assert_eq!(restyle("completata", Pending), "da fare");
        assert_eq!(restyle("⏸️", Complete), "✅");
        assert_eq!(restyle("done", Complete), "done");
    }

    /// One reading and one write-back per language of the table: a new language is a few
    /// rows in `SPELLINGS` and one arm in `restyle`.
    #[test]
    fn statuses_in_every_language_of_the_table() {
        let cases: &[(&str, Status, Status, &str)] = &[
            ("erledigt", Complete, InProgress, "in Arbeit"),
            ("concluído", Complete, Pending, "pendente"),
            ("Em andamento", InProgress, Complete, "Concluído"),
            ("terminé", Complete, InProgress, "en cours"),
            ("w toku", InProgress, Complete, "ukończone"),
            ("выполнено", Complete, InProgress, "в работе"),
            ("selesai", Complete, Pending, "belum dimulai"),
            ("hoàn thành", Complete, InProgress, "đang thực hiện"),
            ("devam ediyor", InProgress, Complete, "tamamlandı"),
            ("В работе", InProgress, Complete, "Выполнено"),
            ("مكتمل", Complete, InProgress, "قيد التنفيذ"),
            ("लंबित", Pending, Complete, "पूर्ण"),
            ("चल रहा है", InProgress, Complete, "पूर्ण"),
            ("SEDANG DIKERJAKAN", InProgress, Complete, "SELESAI"),
            ("Ertelendi", Skipped, Complete, "Tamamlandı"),
            ("प्रगति पर", InProgress, Pending, "लंबित"),
            ("لم تبدأ", Pending, InProgress, "قيد التنفيذ"),
            ("🟡", InProgress, Complete, "✅"),
            ("✓", Complete, Pending, "⏳"),
        ];
        for &(text, read, to, back) in cases {
            assert_eq!(tok(text), Some((read, text)), "reading `{text}`");
            assert_eq!(restyle(text, to), back, "writing {to} in the style of `{text}`");
        }
    }

    #[test]
    fn case_style_of_a_place() {
        use Case::*;
        assert_eq!(Case::of(["Done", "Not started", "Blocked"]), Some(Sentence));
        assert_eq!(Case::of(["Done", "Not Started"]), Some(Title));
        assert_eq!(Case::of(["✅ Done", "🚧 In progress"]), Some(Sentence));
        assert_eq!(Case::of(["complete", "in_progress", "⏳"]), Some(Lower));
        assert_eq!(Case::of(["COMPLETE", "IN PROGRESS"]), Some(Upper));
        assert_eq!(Case::of(["Da fare", "Completata"]), Some(Sentence));
        // One capitalised word fits Sentence and Title alike: the token replaced decides.
        assert_eq!(Case::of(["Done", "Blocked"]), None);
        // Disagreement, or nothing to go by.
        assert_eq!(Case::of(["done", "Not started"]), None);
        assert_eq!(Case::of(["Not started", "In Progress"]), None);
        assert_eq!(Case::of(["✅", "已完成", "N/A"]), None);
        assert_eq!(Case::of([]), None);
    }

    #[test]
    fn restyle_writes_in_the_case_of_the_place() {
        let style = |case| Style { case: Some(case), symbol: None };
        assert_eq!(restyle_in("Blocked", InProgress, style(Case::Sentence)), "In progress");
        assert_eq!(restyle_in("Blocked", InProgress, Style::default()), "In Progress");
        assert_eq!(restyle_in("🚫 Blocked", InProgress, style(Case::Sentence)), "🔄 In progress");
        assert_eq!(restyle_in("blocked", Pending, style(Case::Title)), "Pending");
        assert_eq!(restyle_in("Blocked", InProgress, style(Case::Upper)), "IN PROGRESS");
        assert_eq!(restyle_in("blocked", InProgress, style(Case::Lower)), "in_progress");
        // A table spelling's own capitals stay.
        assert_eq!(restyle_in("erledigt", InProgress, style(Case::Lower)), "in Arbeit");
        assert_eq!(restyle_in("Erledigt", InProgress, style(Case::Sentence)), "In Arbeit");
        // The file's symbol for the state, in place of the table's.
        let symbol = Style { case: None, symbol: Some("🚧") };
        assert_eq!(restyle_in("🚫 Blocked", InProgress, symbol), "🚧 In Progress");
        assert_eq!(restyle_in("🚫", InProgress, symbol), "🚧");
        // A symbol no table knows (a legend's) is replaced by a symbol.
        assert_eq!(restyle_in("🔴", InProgress, symbol), "🚧");
        assert_eq!(restyle_in("🔴", Complete, Style::default()), "✅");
    }

    #[test]
    fn command_line_states() {
        assert_eq!(Status::parse_arg("in-progress"), Some(InProgress));
        assert_eq!(Status::parse_arg("done"), Some(Complete));
        assert_eq!(Status::parse_arg("nope"), None);
    }
}
