//! `pplan check`: for every rule a failing case and a passing one, with golden output; the
//! corpus; waves verified on a random DAG; list and doctor.

use std::fs;
use std::path::Path;

use crate::corpus::corpus_files;
use crate::harness::{TempDir, Test, run_in};

const GOOD: &str = "# Task Plan: Good\n\n## Goal\nShip.\n\n## Current Group\nGroup 1\n\n### Group 1: A\n- [ ] A-1: one\n- [ ] A-2: two\n\n### Group 2: B\n- [ ] B-1: three (depends: A-1, A-2)\n";

/// (rule, files of the failing case, expected diagnostics, files of the passing case)
type Case = (&'static str, Vec<(&'static str, String)>, &'static str, Vec<(&'static str, String)>);

fn cases() -> Vec<Case> {
    let good = || vec![("task_plan.md", GOOD.to_string())];
    let with = |extra: Vec<(&'static str, String)>| {
        let mut v = good();
        v.extend(extra);
        v
    };
    let marker = |state: &str| {
        format!("# Progress: A-1\n\n<!-- pplan:agent-header-end -->\n\n---\nORCHESTRATOR STATUS: {state}\n")
    };
    let shared = |id: &str, files: &str| {
        format!(
            "# Progress: {id}\n\n> Task: t · Group 1 · Spawned 2026-11-21T01:46:27Z\n<!-- pplan:agent-header-end -->\n\n\
             Files: {files}\n\n---\nORCHESTRATOR STATUS: IN_PROGRESS\n"
        )
    };
    vec![
        ("invalid-utf8", with(vec![("findings.md", String::new())]), "", good()),
        (
            "invalid-config",
            with(vec![("pplan.yaml", "stall_minutes: soon\nchecks:\n  made-up: off\n".into())]),
            "pplan.yaml:1:1: error[invalid-config]: `./pplan.yaml` is not valid: line 1 column 16: invalid u64\n",
            with(vec![("pplan.yaml", "stall_minutes: 30\nchecks:\n  empty-goal: warning\n".into())]),
        ),
        (
            "conflict-markers",
            with(vec![("progress.md", "# P\n<<<<<<< HEAD\nmine\n=======\ntheirs\n>>>>>>> other\n".into())]),
            "progress.md:2:1: error[conflict-markers]: leftover git conflict marker `<<<<<<<`\n\
             progress.md:4:1: error[conflict-markers]: leftover git conflict marker `=======`\n\
             progress.md:6:1: error[conflict-markers]: leftover git conflict marker `>>>>>>>`\n",
            with(vec![("progress.md", "# P\n\n---\n".into())]),
        ),
        (
            "empty-goal",
            vec![("task_plan.md", GOOD.replace("## Goal\nShip.\n\n", ""))],
            "task_plan.md:1:1: warning[empty-goal]: task_plan.md has no goal (`## Goal` with a line under it)\n",
            good(),
        ),
        (
            "unseen-structure",
            vec![(
                "task_plan.md",
                "# Plan\n\n## Goal\nShip.\n\n## Milestone 1: Build\n- [ ] A-1: Build\n".into(),
            )],
            "task_plan.md:1:1: warning[unseen-structure]: pplan sees 1 task but no groups; groups are headings, list items or table rows such as `### Phase 1: …` (docs/FORMAT.md, Groups)\n",
            good(),
        ),
        (
            "empty-plan",
            vec![("task_plan.md", "\n \n".into())],
            "task_plan.md:1:1: error[empty-plan]: task_plan.md is empty\n",
            good(),
        ),
        (
            "vanished-structure",
            vec![
                (".committed", GOOD.into()),
                ("task_plan.md", "# Task Plan: Good\n\n## Goal\nShip.\n".into()),
            ],
            "task_plan.md:1:1: warning[unseen-structure]: pplan sees no groups and no tasks in this plan; groups are headings, list items or table rows such as `### Phase 1: …`, tasks are checkboxes (docs/FORMAT.md)\n\
             task_plan.md:1:1: warning[vanished-structure]: the last commit's task_plan.md has 2 groups and this one has none: was it cut off or replaced?\n",
            vec![(".committed", GOOD.into()), ("task_plan.md", GOOD.replace("- [ ] A-1", "- [x] A-1"))],
        ),
        (
            "unknown-mark",
            vec![("task_plan.md", GOOD.replace("- [ ] A-2", "- [?] A-2"))],
            "task_plan.md:11:1: warning[unknown-mark]: `[?]` is no checkbox mark pplan knows; the task's status is unknown (counted as not done); marks: [ ] [~] [x] [!] [-]\n",
            good(),
        ),
        (
            "duplicate-task-id",
            vec![("task_plan.md", GOOD.replace("A-2: two", "A-1: two").replace("A-1, A-2)", "A-1)"))],
            "task_plan.md:11:1: error[duplicate-task-id]: task id `A-1` is also used at line 10\n",
            good(),
        ),
        (
            "unknown-dependency",
            vec![("task_plan.md", GOOD.replace("A-1, A-2)", "A-1, A-9)"))],
            "task_plan.md:14:1: error[unknown-dependency]: `B-1` depends on `A-9`, which is no task\n",
            good(),
        ),
        (
            "dependency-cycle",
            vec![(
                "task_plan.md",
                GOOD.replace("- [ ] A-1: one", "- [ ] A-1: one (depends: A-2)")
                    .replace("- [ ] A-2: two", "- [ ] A-2: two (depends: A-1)"),
            )],
            "task_plan.md:10:1: error[dependency-cycle]: dependency cycle: A-1 → A-2 → A-1\n\
             task_plan.md:10:1: warning[same-group-dependency]: `A-1` depends on `A-2` in the same group 1; agents would run them in parallel\n\
             task_plan.md:11:1: warning[same-group-dependency]: `A-2` depends on `A-1` in the same group 1; agents would run them in parallel\n",
            good(),
        ),
        (
            "depends-on-later-group",
            vec![(
                "task_plan.md",
                GOOD.replace("- [ ] A-2: two", "- [ ] A-2: two (depends: B-1)")
                    .replace(" (depends: A-1, A-2)", " (depends: A-1)"),
            )],
            "task_plan.md:11:1: error[depends-on-later-group]: `A-2` (group 1) depends on `B-1` of a later group (2)\n",
            good(),
        ),
        (
            "same-group-dependency",
            vec![
                ("task_plan.md", GOOD.replace("- [ ] A-2: two", "- [ ] A-2: two (depends: A-1)")),
                ("progress_A-1.md", marker("IN_PROGRESS")),
            ],
            "task_plan.md:11:1: error[same-group-dependency]: `A-2` depends on `A-1` in the same group 1, but a group's tasks run in parallel\n",
            good(),
        ),
        (
            "current-group",
            vec![("task_plan.md", GOOD.replace("Group 1\n\n###", "Group 7\n\n###"))],
            "task_plan.md:7:1: error[current-group]: `## Current Group` names `Group 7`, which is not a group\n",
            good(),
        ),
        (
            "complete-with-open-tasks",
            vec![(
                "task_plan.md",
                GOOD.replace("### Group 1: A\n", "### Group 1: A\n- **Status:** complete\n")
                    .replace("Group 1\n\n###", "Group 2\n\n###"),
            )],
            "task_plan.md:9:1: error[complete-with-open-tasks]: group 1 is marked complete but 2 of 2 tasks are open\n",
            good(),
        ),
        (
            "strikes-not-blocked",
            vec![(
                "task_plan.md",
                format!(
                    "{GOOD}\n## Errors Encountered\n| Error | Task | Attempt |\n|---|---|---|\n| a | A-1 | 1 |\n| b | A-1 | 2 |\n| c | A-1 | 3 |\n"
                ),
            )],
            "task_plan.md:10:1: error[strikes-not-blocked]: `A-1` has 3 error rows but is not blocked\n",
            vec![(
                "task_plan.md",
                format!(
                    "{}\n## Errors Encountered\n| Error | Task | Attempt |\n|---|---|---|\n| a | A-1 | 1 |\n| b | A-1 | 2 |\n| c | A-1 | 3 |\n",
                    GOOD.replace("- [ ] A-1", "- [!] A-1")
                ),
            )],
        ),
        (
            "strike-without-task",
            vec![(
                "task_plan.md",
                format!(
                    "{GOOD}\n## Errors Encountered\n| Error | Task | Attempt |\n|---|---|---|\n| a | gate-1 | 1 |\n| b | A-9 | 1 |\n| c | A-9 | 2 |\n"
                ),
            )],
            "task_plan.md:20:1: warning[strike-without-task]: error rows name `A-9`, which is no task of the plan\n",
            vec![(
                "task_plan.md",
                format!(
                    "{GOOD}\n## Errors Encountered\n| Error | Task | Attempt |\n|---|---|---|\n| a | gate-1 | 1 |\n| b | a-1 | 1 |\n| c | the build | 1 |\n"
                ),
            )],
        ),
        (
            "error-without-attempt",
            vec![(
                "task_plan.md",
                format!("{GOOD}\n## Errors Encountered\n| Error | Attempt |\n|---|---|\n| A-1: a |  |\n"),
            )],
            "task_plan.md:19:1: warning[error-without-attempt]: this error row has no strike number\n",
            vec![(
                "task_plan.md",
                format!("{GOOD}\n## Errors Encountered\n| Error | Attempt |\n|---|---|\n| A-1: a | 1 |\n"),
            )],
        ),
        (
            "invalid-marker",
            with(vec![("progress_A-1.md", "# Progress: A-1\n\nno marker here\n".into())]),
            "progress_A-1.md:3:1: error[invalid-marker]: no valid `ORCHESTRATOR STATUS:` marker in the last 8 KB\n",
            with(vec![("progress_A-1.md", marker("IN_PROGRESS"))]),
        ),
        (
            "unsafe-agent-file",
            with(vec![("progress_a b.md", marker("IN_PROGRESS"))]),
            "progress_a b.md:1:1: error[unsafe-agent-file]: `a b` is not a safe agent id (A-Z a-z 0-9 . _ -, up to 64, no leading dot)\n",
            with(vec![("progress_A-1.md", marker("IN_PROGRESS"))]),
        ),
        (
            "stale-agent-files",
            vec![
                (
                    "task_plan.md",
                    GOOD.replace("- [ ] A-1", "- [x] A-1")
                        .replace("- [ ] A-2", "- [x] A-2")
                        .replace("Group 1\n\n###", "Group 2\n\n###"),
                ),
                ("findings_A-1.md", "# Findings: A-1\n".into()),
            ],
            "findings_A-1.md:1:1: warning[stale-agent-files]: `A-1`'s group is complete: merge (`pplan merge`) or remove its files\n",
            vec![(
                "task_plan.md",
                GOOD.replace("- [ ] A-1", "- [x] A-1")
                    .replace("- [ ] A-2", "- [x] A-2")
                    .replace("Group 1\n\n###", "Group 2\n\n###"),
            )],
        ),
        (
            "unmerged-agent",
            with(vec![("progress_A-1.md", marker("COMPLETE"))]),
            "progress_A-1.md:5:1: warning[unmerged-agent]: `A-1` is COMPLETE but not merged yet (`pplan merge`)\n",
            with(vec![("progress_A-1.md", marker("IN_PROGRESS"))]),
        ),
        (
            "shared-file",
            with(vec![
                ("progress_A-1.md", shared("A-1", "README.md, src/a.rs")),
                ("progress_A-2.md", shared("A-2", "README.md")),
            ]),
            "progress_A-2.md:6:1: warning[shared-file]: `README.md` is also logged by A-1 of group 1: check that one did not overwrite the other\n",
            with(vec![
                ("progress_A-1.md", shared("A-1", "README.md, src/a.rs")),
                ("progress_A-2.md", shared("A-2", "src/b.rs")),
            ]),
        ),
    ]
}

fn check_in(files: &[(&str, String)], extra_args: &[&str]) -> (Option<i32>, String) {
    let dir = TempDir::new();
    for (name, text) in files {
        if name == &".committed" {
            // The plan as the last commit holds it.
            fs::write(dir.path().join("task_plan.md"), text).expect("file");
            for args in [
                &["init", "-q"][..],
                &["add", "task_plan.md"],
                &["-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "plan"],
            ] {
                let ok = std::process::Command::new("git").args(args).current_dir(dir.path()).status();
                assert!(ok.is_ok_and(|s| s.success()), "git {args:?}");
            }
        } else if name == &"findings.md" && text.is_empty() {
            fs::write(dir.path().join(name), b"# F\n\xff\xfe\n").expect("bytes");
        } else {
            fs::write(dir.path().join(name), text).expect("file");
        }
    }
    let mut args = vec!["check".to_string()];
    args.extend(extra_args.iter().map(|a| a.to_string()));
    let out = run_in(dir.path(), &args, &[]);
    (out.status.code(), String::from_utf8_lossy(&out.stdout).into_owned())
}

#[test]
fn every_rule_fails_its_failing_case_and_passes_its_passing_one() {
    let mut ids: Vec<&str> = pplan::views::check::RULES.iter().map(|r| r.id).collect();
    for (rule, failing, want, passing) in cases() {
        ids.retain(|id| *id != rule);
        let (code, out) = check_in(&failing, &[]);
        let body: String = out
            .lines()
            .filter(|l| {
                !l.starts_with("checked ") && !l.starts_with("a rule's severity is set in pplan.yaml")
            })
            .map(|l| format!("{}\n", l.trim_start_matches("./")))
            .collect();
        let expected = if rule == "invalid-utf8" {
            "findings.md:2:1: error[invalid-utf8]: the file is not valid UTF-8 here\n"
        } else {
            want
        };
        assert_eq!(body, expected, "{rule}: failing case");
        let has_error = expected.contains(": error[");
        assert_eq!(code, Some(if has_error { 1 } else { 0 }), "{rule}: exit code");
        let (code, out) = check_in(&passing, &[]);
        assert_eq!(code, Some(0), "{rule}: passing case\n{out}");
        assert!(
            out.starts_with("checked ") && out.ends_with(": 0 errors, 0 warnings\n"),
            "{rule}: passing case\n{out}"
        );
    }
    assert!(ids.is_empty(), "rules without a case: {ids:?}");
}

#[test]
fn every_rule_is_documented() {
    let doc = include_str!("../../docs/CHECKS.md");
    for r in pplan::views::check::RULES {
        assert!(doc.contains(&format!("| `{}` |", r.id)), "docs/CHECKS.md lacks `{}`", r.id);
    }
}

#[test]
fn rules_can_be_turned_off_or_made_errors() {
    let plan = GOOD.replace("## Goal\nShip.\n\n", "");
    let (code, out) = check_in(
        &[("task_plan.md", plan.clone()), ("pplan.yaml", "checks:\n  empty-goal: off\n".into())],
        &[],
    );
    assert_eq!((code, out.as_str()), (Some(0), "checked 1 file: 0 errors, 0 warnings\n"));
    let (code, out) =
        check_in(&[("task_plan.md", plan), ("pplan.yaml", "checks:\n  empty-goal: error\n".into())], &[]);
    assert_eq!(code, Some(1), "{out}");
}

#[test]
fn github_and_json_formats() {
    let plan = GOOD.replace("A-2: two", "A-1: two").replace("A-1, A-2)", "A-1)");
    let (_, out) = check_in(&[("task_plan.md", plan.clone())], &["--format", "github"]);
    assert_eq!(
        out,
        "::error file=task_plan.md,line=11,col=1,title=duplicate-task-id::task id `A-1` is also used at line 10\n"
    );
    let (_, out) = check_in(&[("task_plan.md", plan)], &["--json"]);
    let json: serde_json::Value = serde_json::from_str(&out).expect("json");
    assert_eq!(json["errors"], 1);
    assert_eq!(json["diagnostics"][0]["rule"], "duplicate-task-id");
}

#[test]
fn a_single_file_is_checked_alone() {
    let t = Test::new()
        .file("task_plan.md", GOOD.replace("A-2: two", "A-1: two"))
        .file("progress.md", "<<<<<<< HEAD\n")
        .args(["check", "progress.md"])
        .status(1);
    assert_eq!(
        String::from_utf8_lossy(&t.stdout),
        "progress.md:1:1: error[conflict-markers]: leftover git conflict marker `<<<<<<<`\nchecked 1 file: 1 error, 0 warnings\n\
         a rule's severity is set in pplan.yaml beside the plan: `checks: {conflict-markers: off|warning|error}`\n"
    );
}

/// A file named like an agent file, with no plan beside it, is not a plan file (a pre-commit hook
/// passes `docs/progress_report.md` because its name matches).
#[test]
fn files_away_from_any_plan_are_not_checked() {
    let t = Test::new()
        .file("docs/progress_report.md", "# Report\n")
        .file("docs/findings.md", "<<<<<<< HEAD\n")
        .args(["check", "docs/progress_report.md", "docs/findings.md"])
        .status(0);
    assert_eq!(String::from_utf8_lossy(&t.stdout), "checked 0 files: 0 errors, 0 warnings\n");
}

/// Every diagnostic over the corpus is a real problem in that file (see the closing note). Plans
/// pplan still misreads (`fixtures/corpus/misread.txt`) are left out: their diagnostics come from
/// the misreading, and the corpus test holds them to the ratchet.
#[test]
fn the_corpus_has_only_real_problems() {
    let misread = include_str!("../../fixtures/corpus/misread.txt");
    let plans: Vec<_> = corpus_files("task_plan.md")
        .into_iter()
        .filter(|p| {
            !misread.lines().any(|l| p.ends_with(l.trim()) && !l.trim().is_empty() && !l.starts_with('#'))
        })
        .collect();
    if plans.is_empty() {
        return;
    }
    let root = TempDir::new();
    for p in &plans {
        let name = p
            .file_name()
            .and_then(|n| n.to_str())
            .expect("name")
            .trim_end_matches("__task_plan.md")
            .to_string();
        fs::create_dir_all(root.path().join(&name)).expect("dir");
        fs::copy(p, root.path().join(&name).join("task_plan.md")).expect("copy");
    }
    let out = run_in(root.path(), &["check".into(), ".".into()], &[]);
    let errors: Vec<String> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter(|l| l.contains(": error["))
        .map(|l| l.split(": error[").nth(1).unwrap_or("").to_string())
        .collect();
    assert_eq!(errors, EXPECTED_CORPUS_ERRORS);
}

/// Waves on a 10,000-task random DAG: every edge goes from an earlier wave to a later one.
#[test]
fn waves_on_a_random_dag_respect_every_edge() {
    let mut seed = 42u64;
    let mut next = || {
        seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        (seed >> 33) as usize
    };
    let mut plan = String::from("# DAG\n\n");
    for i in 0..10_000 {
        let deps: Vec<String> =
            (0..next() % 4).filter(|_| i > 0).map(|_| format!("T-{}", next() % i)).collect();
        let deps = if deps.is_empty() { String::new() } else { format!(" (depends: {})", deps.join(", ")) };
        plan.push_str(&format!("- [ ] T-{i}: task{deps}\n"));
    }
    let doc = pplan::text::Document::from_text(plan);
    let p = pplan::plan::Plan::parse(&doc);
    let w = pplan::protocol::waves::compute(&p).expect("acyclic");
    let of = w.wave_of(p.tasks.len());
    assert!(w.edges.len() > 10_000, "{} edges", w.edges.len());
    for &(d, t) in &w.edges {
        assert!(of[d] < of[t], "edge {d} -> {t} goes from wave {} to {}", of[d], of[t]);
    }
    assert_eq!(w.waves.iter().map(Vec::len).sum::<usize>(), 10_000);
}

#[test]
fn list_shows_open_plans_in_a_tree() {
    let root = TempDir::new();
    let put = |dir: &str, text: &str| {
        fs::create_dir_all(root.path().join(dir)).expect("dir");
        fs::write(root.path().join(dir).join("task_plan.md"), text).expect("plan");
    };
    put("a", GOOD);
    put("b/deep", &GOOD.replace("- [ ]", "- [x]"));
    put("node_modules/x", GOOD);
    let out = run_in(root.path(), &["list".into(), ".".into()], &[]);
    assert_eq!(String::from_utf8_lossy(&out.stdout), "a    0%  group 1  Good\n");
    let out = run_in(root.path(), &["list".into(), ".".into(), "--all".into()], &[]);
    assert_eq!(String::from_utf8_lossy(&out.stdout), "a         0%  group 1  Good\nb/deep  100%  -  Good\n");
}

#[test]
fn doctor_says_what_is_wrong() {
    let t = Test::new()
        .file("task_plan.md", GOOD)
        .file("findings.md", "# F\n")
        .file("progress.md", "# P\n")
        .file(".findings.md.Ab3dE9", "torn")
        .file("progress_A-1.md", "no marker\n")
        .env("HOME", "/nonexistent-home-for-the-test")
        .args(["doctor"])
        .status(1);
    let out = String::from_utf8_lossy(&t.stdout).into_owned();
    assert_eq!(
        out.replace(&format!("{}", t.dir.path().display()), "DIR"),
        "PASS  plan directory: . (the current directory)\nPASS  task_plan.md: 2 groups, 3 tasks\nPASS  findings.md: readable\nPASS  progress.md: readable\n\
         PASS  merge journal: none\nWARN  temp files: left by interrupted writes (safe to delete): .findings.md.Ab3dE9\n\
         PASS  lock: free\nFAIL  agents: A-1: NO_MARKER\nWARN  agent hooks: not wired: see docs/INTEGRATION.md (optional)\n\
         FAIL  check: 1 error, 0 warnings (pplan check)\n"
    );
    let _ = Path::new(".");
}

#[test]
fn a_task_depending_on_itself_is_a_cycle_and_a_missing_path_is_a_usage_error() {
    let (code, out) =
        check_in(&[("task_plan.md", GOOD.replace("- [ ] A-2: two", "- [ ] A-2: two (depends: A-2)"))], &[]);
    assert_eq!(code, Some(1));
    assert!(
        out.starts_with("task_plan.md:11:1: error[dependency-cycle]: `A-2` depends on itself\n"),
        "{out}"
    );
    let (code, _) = check_in(&[("task_plan.md", GOOD.to_string())], &["no/such/dir"]);
    assert_eq!(code, Some(2));
    let (code, out) = check_in(
        &[("task_plan.md", GOOD.to_string()), ("pplan.yaml", "checks:\n  made-up: loud\n".into())],
        &[],
    );
    assert_eq!(code, Some(0));
    assert_eq!(
        out,
        "pplan.yaml:1:1: warning[invalid-config]: `checks.made-up` is `loud`; use off, warning or error\n\
         pplan.yaml:1:1: warning[invalid-config]: `checks` names `made-up`, which is no rule\n\
         checked 1 file: 0 errors, 2 warnings\n\
         a rule's severity is set in pplan.yaml beside the plan: `checks: {invalid-config: off|warning|error}`\n"
    );
}

/// Each a real problem of its file, read by a person: a current group that names no group, groups
/// stated complete with open tasks (bilbilmyc's 阶段 5 keeps one open test task), a reused id.
const EXPECTED_CORPUS_ERRORS: &[&str] = &[
    "complete-with-open-tasks]: group 一 is marked complete but 2 of 4 tasks are open",
    "current-group]: `## Current Group` names `Phase 35 - `0.1.0` self-hosted release certification.`, which is not a group",
    "complete-with-open-tasks]: group 8 is marked complete but 1 of 10 tasks are open",
    "duplicate-task-id]: task id `P0` is also used at line 37",
    "duplicate-task-id]: task id `P1` is also used at line 39",
    "duplicate-task-id]: task id `P1` is also used at line 39",
    "current-group]: `## Current Group` names `**阶段：项目完善与优化**`, which is not a group",
    "complete-with-open-tasks]: group 1 is marked complete but 5 of 18 tasks are open",
    "complete-with-open-tasks]: group 2 is marked complete but 6 of 28 tasks are open",
    "complete-with-open-tasks]: group 3 is marked complete but 4 of 29 tasks are open",
    "complete-with-open-tasks]: group 4 is marked complete but 4 of 20 tasks are open",
    "complete-with-open-tasks]: group 5 is marked complete but 6 of 33 tasks are open",
    "duplicate-task-id]: task id `1.1` is also used at line 61",
    "duplicate-task-id]: task id `1.2` is also used at line 65",
    "duplicate-task-id]: task id `1.3` is also used at line 69",
    "duplicate-task-id]: task id `1.4` is also used at line 72",
    "duplicate-task-id]: task id `2.1` is also used at line 89",
    "duplicate-task-id]: task id `2.2` is also used at line 93",
    "duplicate-task-id]: task id `2.3` is also used at line 101",
    "duplicate-task-id]: task id `2.4` is also used at line 105",
    "duplicate-task-id]: task id `3.1` is also used at line 127",
    "duplicate-task-id]: task id `3.2` is also used at line 132",
    "duplicate-task-id]: task id `4.1` is also used at line 166",
    "duplicate-task-id]: task id `4.2` is also used at line 170",
    "complete-with-open-tasks]: group 3 is marked complete but 1 of 4 tasks are open",
    "complete-with-open-tasks]: group 4 is marked complete but 1 of 8 tasks are open",
    "complete-with-open-tasks]: group 2#2 is marked complete but 2 of 6 tasks are open",
    "complete-with-open-tasks]: group 1後 is marked complete but 2 of 3 tasks are open",
    "duplicate-task-id]: task id `T-052` is also used at line 47",
    "complete-with-open-tasks]: group 5 is marked complete but 1 of 5 tasks are open",
    "complete-with-open-tasks]: group D is marked complete but 2 of 8 tasks are open",
    "complete-with-open-tasks]: group E is marked complete but 3 of 7 tasks are open",
    "complete-with-open-tasks]: group 3 is marked complete but 1 of 9 tasks are open",
    "complete-with-open-tasks]: group 7 is marked complete but 1 of 3 tasks are open",
    "current-group]: `## Current Group` names `**v3.0 - 后端 API 全面迁移实现**`, which is not a group",
];

/// Two shapes a person writes that are no fault: each group's task table numbering its rows from
/// 1 in a `#` column (a row's place, not a task id), and a finished plan whose current group
/// line says so in its own words.
#[test]
fn row_numbers_and_a_finished_plans_own_words_are_no_error() {
    let plan = "# Plan\n\n## Goal\nShip the API.\n\n## Current Phase\nAll phases complete — awaiting final review.\n\n\
                ### Phase 1: Schema\n\n| # | Task | Status |\n|---|------|--------|\n| 1 | Tables | done |\n| 2 | Indexes | done |\n\n\
                ### Phase 2: API\n\n| # | Task | Status |\n|---|------|--------|\n| 1 | Routes | done |\n| 2 | Auth | done |\n";
    let (code, out) = check_in(&[("task_plan.md", plan.to_string())], &[]);
    assert_eq!((code, out.as_str()), (Some(0), "checked 1 file: 0 errors, 0 warnings\n"));
    // A number that is an id column's value (`ID`) is still an id; so a repeat is still an error.
    let ids = plan.replace("| # | Task |", "| ID | Task |");
    let (code, out) = check_in(&[("task_plan.md", ids)], &[]);
    assert_eq!(
        (code, out.as_str()),
        (
            Some(1),
            "task_plan.md:20:1: error[duplicate-task-id]: task id `1` is also used at line 13\n\
             task_plan.md:21:1: error[duplicate-task-id]: task id `2` is also used at line 14\n\
             checked 1 file: 2 errors, 0 warnings\n\
             a rule's severity is set in pplan.yaml beside the plan: `checks: {duplicate-task-id: off|warning|error}`\n"
        )
    );
    // A finished plan's current line naming a group that is not there is still an error.
    let missing = plan.replace("All phases complete — awaiting final review.", "Phase 7");
    let (code, out) = check_in(&[("task_plan.md", missing)], &[]);
    assert_eq!(
        (code, out.as_str()),
        (
            Some(1),
            "task_plan.md:7:1: error[current-group]: `## Current Group` names `Phase 7`, which is not a group\n\
             checked 1 file: 1 error, 0 warnings\n\
             a rule's severity is set in pplan.yaml beside the plan: `checks: {current-group: off|warning|error}`\n"
        )
    );
}
