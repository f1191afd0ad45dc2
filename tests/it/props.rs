//! Property tests for the invariants: any input parses without panicking; a no-op edits
//! nothing; a set applied twice equals once; an edit keeps the file's line endings.

use pplan::plan::edit::{Target, set_status, status_of, verify_set};
use pplan::plan::warnings::warnings;
use pplan::plan::{Plan, Status};
use pplan::text::{Document, apply};
use proptest::prelude::*;

/// Lines that look like plan markdown, with the hard parts mixed in.
fn line() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("# Task Plan: X".to_string()),
        Just("## Goal".to_string()),
        Just("## Current Group".to_string()),
        Just("Group 2".to_string()),
        Just("## Errors Encountered".to_string()),
        Just("| Error | Attempt | Resolution |".to_string()),
        Just("|---|---|---|".to_string()),
        Just("| boom \\| pipe | 1 | - |".to_string()),
        Just("```".to_string()),
        Just("<!--".to_string()),
        Just("-->".to_string()),
        Just("---".to_string()),
        Just("> **Status**: IN PROGRESS".to_string()),
        Just("**Owner:** A · **Status:** blocked by A".to_string()),
        Just("- [in_progress] Build".to_string()),
        Just("- [x] 阶段 1：核对".to_string()),
        Just("| Phase | Description | Status |".to_string()),
        Just("| 1 | Thing | ✅ Complete |".to_string()),
        (
            1u8..5,
            "[A-Z]{0,2}[0-9]{0,2}",
            prop_oneof![
                Just(""),
                Just(" (COMPLETE)"),
                Just(" — `done`"),
                Just(" ⏸️ pending"),
                Just("（完了）")
            ]
        )
            .prop_map(|(level, id, st)| format!("{} Phase {id}: Title{st}", "#".repeat(level as usize))),
        ("[ ~xX!\\-]", 0usize..3, "[A-Z]{1,3}-[0-9]{1,3}")
            .prop_map(|(c, indent, id)| format!("{}- [{c}] {id}: do it (depends: T-1)", "  ".repeat(indent))),
        "[ \\t]{0,3}- \\*\\*(Status|状态)\\*\\*[:：] ?(complete|已完成|🔄 running|pending|deferred \\(x\\))",
        "\\PC{0,30}",
    ]
}

fn plan_text() -> impl Strategy<Value = String> {
    (prop::collection::vec(line(), 0..40), any::<bool>(), any::<bool>(), any::<bool>()).prop_map(
        |(lines, crlf, bom, final_eol)| {
            let eol = if crlf { "\r\n" } else { "\n" };
            let mut s = String::new();
            if bom {
                s.push('\u{feff}');
            }
            s.push_str(&lines.join(eol));
            if final_eol {
                s.push_str(eol);
            }
            s
        },
    )
}

fn targets(plan: &Plan<'_>) -> Vec<Target> {
    (0..plan.tasks.len()).map(Target::Task).chain((0..plan.groups.len()).map(Target::Group)).collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn any_input_parses(text in plan_text()) {
        let doc = Document::from_text(text);
        let plan = Plan::parse(&doc);
        let _ = warnings(&plan, &doc, &[]);
        for g in &plan.groups {
            let _ = plan.status(g);
        }
        let _ = plan.stated_current();
    }

    #[test]
    fn arbitrary_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..400)) {
        if let Ok(doc) = Document::decode(bytes) {
            let _ = Plan::parse(&doc);
        }
    }

    #[test]
    fn setting_the_current_state_edits_nothing(text in plan_text()) {
        let doc = Document::from_text(text);
        let plan = Plan::parse(&doc);
        for i in 0..plan.tasks.len() {
            let t = Target::Task(i);
            prop_assert!(set_status(&plan, &doc, t, status_of(&plan, t)).expect("set").is_empty());
        }
    }

    #[test]
    fn a_set_twice_equals_once_and_keeps_line_endings(text in plan_text(), pick in any::<prop::sample::Index>(), to in 0usize..5) {
        let doc = Document::from_text(text);
        let plan = Plan::parse(&doc);
        let all = targets(&plan);
        prop_assume!(!all.is_empty());
        let target = all[pick.index(all.len())];
        let to = Status::ALL[to];
        let Ok(edits) = set_status(&plan, &doc, target, to) else { return Ok(()) };
        let once = apply(doc.text(), &edits).expect("apply");
        let doc1 = Document::from_text(once.clone());
        let plan1 = Plan::parse(&doc1);
        // Verification refuses an edit that would change how other lines read (a status line
        // inserted above an indented code block turns it into a list continuation); the store
        // then writes nothing (see set::an_insert_that_would_change_other_lines_is_refused).
        if verify_set(&plan, &plan1, target, to).is_err() {
            return Ok(());
        }
        let again = set_status(&plan1, &doc1, target, to).expect("set again");
        prop_assert!(again.is_empty(), "second set edits {:?}", again);
        let crlf = doc.text().matches("\r\n").count();
        let lf = doc.text().matches('\n').count();
        if crlf == lf && crlf > 0 {
            prop_assert_eq!(once.matches("\r\n").count(), once.matches('\n').count(), "a CRLF file got a bare LF");
        }
        prop_assert_eq!(once.starts_with('\u{feff}'), doc.text().starts_with('\u{feff}'));
    }
}
