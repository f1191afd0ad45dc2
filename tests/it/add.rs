//! `pplan add`: a task (or group, or outline) written in the plan's own style. Golden diffs on
//! every fixture form (`fixtures/plans/<case>/add.diff`) and on a sample of the real corpus
//! (`fixtures/add-corpus/<plan>.diff`, the plans read from `../shared/corpus` at test time): the
//! expected change is stored, not a copy of the file. `PPLAN_BLESS=1` rewrites them.

use std::fs;
use std::path::{Path, PathBuf};

use crate::corpus::corpus_dir;
use crate::fixtures::{cases, split_args};
use crate::harness::{TempDir, Test, pplan, status_json};

/// The change `pplan add <args>` makes to `input`, as a unified diff, or its exit code and stderr
/// when it refuses.
fn add_diff(input: &[u8], args: &[String]) -> String {
    let tmp = TempDir::new();
    fs::write(tmp.path().join("task_plan.md"), input).expect("write plan");
    let mut all = vec!["add".to_string()];
    all.extend(args.iter().cloned());
    let refs: Vec<&str> = all.iter().map(String::as_str).collect();
    let (code, out, err) = pplan(tmp.path(), &refs);
    let after = fs::read(tmp.path().join("task_plan.md")).expect("read plan");
    if code != Some(0) {
        assert_eq!(after, input, "a refused add changed the file: {args:?}");
        return format!("exit {}\n{err}", code.unwrap_or(-1));
    }
    let (before, after) = (String::from_utf8_lossy(input), String::from_utf8_lossy(&after));
    let diff = similar::TextDiff::from_lines(&*before, &*after)
        .unified_diff()
        .context_radius(1)
        .header("before", "after")
        .to_string();
    format!("{out}{}", diff.replace('\r', "\\r").replace('\u{feff}', "<BOM>"))
}

fn golden(path: &Path, got: &str, failures: &mut Vec<String>) {
    if std::env::var_os("PPLAN_BLESS").is_some() {
        fs::create_dir_all(path.parent().expect("parent")).expect("dir");
        fs::write(path, got).expect("bless");
        return;
    }
    let want = fs::read_to_string(path).unwrap_or_default();
    if want != got {
        failures.push(format!("{}:\n--- want\n{want}\n--- got\n{got}", path.display()));
    }
}

#[test]
fn add_on_every_fixture_form_gives_the_stored_diff() {
    let mut failures = Vec::new();
    for case in cases() {
        let input = fs::read(case.join("input.md")).expect("input");
        let args = fs::read_to_string(case.join("add.args"))
            .unwrap_or_else(|_| "\"Write the release notes\"".into());
        let got = add_diff(&input, &split_args(&args));
        golden(&case.join("add.diff"), &got, &mut failures);
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The corpus sample: each form `add` must write, with the arguments it runs.
const CORPUS: &[(&str, &str, &str)] = &[
    ("heading groups, T- ids", "apoto__saitama-mansion-map__docs__task_plan.md", "\"Check the map tiles\""),
    (
        "heading groups, emoji status reopened, BOM",
        "Chun-Chieh-Chang__Tool-Calling__docs__task_plan.md",
        "\"Document the tool schema\" --group 6",
    ),
    ("list-item groups", "0kilo__khantraction__task_plan.md", "\"Check the edge cases\""),
    (
        "list-item groups, reopened",
        "0717lee__frontend-engineering-control-panel__task_plan.md",
        "\"Audit the color tokens\" --group 6",
    ),
    (
        "list-item groups, bracket words",
        "00sapo__zotero-skimming__task_plan.md",
        "\"Benchmark the summaries\" --group 2",
    ),
    ("table-row groups", "2892480843__TrustHire-AI__task_plan.md", "--group-title \"Launch review\""),
    ("CJK ids", "LianxinLove__ERP__docs__task_plan.md", "\"补充导出测试\""),
    ("CJK labels", "11carus__word_learning__task_plan.md", "\"复习单词列表\""),
    ("CRLF", "aidenkiefer__caliper__plans__task_plan.md", "\"Review the risk policy\" --group 4"),
    (
        "BOM, a group",
        "LinyenC__water_quality_prediction__plan__task_plan.md",
        "--group-title \"Evaluate the model\"",
    ),
];

#[test]
fn add_on_a_corpus_sample_gives_the_stored_diff() {
    let Some(dir) = corpus_dir() else { return };
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("fixtures/add-corpus");
    let mut failures = Vec::new();
    for (what, name, args) in CORPUS {
        let input = fs::read(dir.join(name)).unwrap_or_else(|e| panic!("{what}: {name}: {e}"));
        let got = add_diff(&input, &split_args(args));
        golden(&root.join(name.replace(".md", ".diff")), &got, &mut failures);
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

const PLAN: &str = "\
# Task Plan: Checkout

## Current Group
Group 1

## Groups

### Group 1: Backend
- **Status:** complete
- [x] BE-001: Build the endpoints

### Group 2: Integration
- **Status:** pending
- [ ] INT-001: Wire the cart (depends: BE-001)

## Errors Encountered
| Error | Task | Attempt | Approach | Resolution |
|-------|------|---------|----------|------------|
";

#[test]
fn the_new_task_reads_back_and_a_second_identical_add_is_refused() {
    let t = Test::new().file("task_plan.md", PLAN);
    let dir = t.dir.path().to_path_buf();
    let (code, out, err) = pplan(&dir, &["add", "Retry the webhook"]);
    assert_eq!(
        (code, out.as_str(), err.as_str()),
        (Some(0), "added INT-002 to group 2 (the current group, not started)\n", "")
    );
    let status = status_json(&dir);
    assert_eq!(status["tasks"]["total"], 3);
    let next = status["next_tasks"].as_array().expect("next_tasks").clone();
    let new = next.iter().find(|t| t["id"] == "INT-002").expect("INT-002 in status --json");
    assert_eq!(
        (&new["text"], &new["group"], &new["line"]),
        (&"Retry the webhook".into(), &"2".into(), &15.into())
    );
    let before = fs::read(dir.join("task_plan.md")).expect("read");
    let (code, out, err) = pplan(&dir, &["add", "Retry the webhook"]);
    assert_eq!(
        (code, out.as_str(), err.as_str()),
        (Some(2), "", "error: the group has this task already (line 15): `Retry the webhook`\n")
    );
    assert_eq!(fs::read(dir.join("task_plan.md")).expect("read"), before);
}

#[test]
fn refusals_write_nothing() {
    let t = Test::new().file("task_plan.md", PLAN);
    let dir = t.dir.path().to_path_buf();
    let cases: &[(&[&str], &str)] = &[
        (
            &["add", "x", "--id", "BE-001"],
            "error: task id `BE-001` is taken (line 10)\nhint: pass another --id, or leave --id out to continue the plan's scheme\n",
        ),
        (&["add", "x", "--group", "9"], "error: no group `9`\nhint: groups: `1`, `2`\n"),
        (
            &["add", "x", "--depends", "NOPE-1"],
            "error: `x` names `NOPE-1` as a dependency, which is no task\nhint: name tasks the plan has, or add the dependency first\n",
        ),
        (
            &["add", "x", "--id", "../x"],
            "error: `../x` is not a task id pplan can write\nhint: usage: an id is up to 64 of A-Z a-z 0-9 . _ - with a digit (BE-001, T-050, 3.4)\n",
        ),
        (
            &["add", "x (depends: BE-001)"],
            "error: the text `x (depends: BE-001)` ends with an annotation; pass dependencies with --depends\nhint: usage: pplan add \"<text>\" --depends A,B\n",
        ),
    ];
    for (args, want) in cases {
        let (code, out, err) = pplan(&dir, args);
        assert_eq!((code, out.as_str(), err.as_str()), (Some(2), "", *want), "{args:?}");
        assert_eq!(fs::read_to_string(dir.join("task_plan.md")).expect("read"), PLAN);
    }
}

#[test]
fn a_cycle_the_new_task_would_close_is_refused() {
    let plan = PLAN
        .replace("- [x] BE-001: Build the endpoints", "- [x] BE-001: Build the endpoints (depends: BE-002)");
    let t = Test::new().file("task_plan.md", &plan);
    let (code, out, err) = pplan(t.dir.path(), &["add", "Loop", "--group", "1", "--depends", "BE-001"]);
    assert_eq!(
        (code, out.as_str(), err.as_str()),
        (
            Some(2),
            "",
            "error: the change would close a dependency cycle: BE-001 → BE-002 → BE-001; nothing written\n"
        )
    );
    assert_eq!(fs::read_to_string(t.dir.path().join("task_plan.md")).expect("read"), plan);
}

#[test]
fn a_complete_group_is_reopened_and_said_so() {
    Test::new()
        .file("task_plan.md", PLAN)
        .args(["add", "Harden the endpoints", "--group", "1"])
        .stdout("added BE-002 to group 1 (named); reopened group 1 (it was done)\n")
        .file_eq(
            "task_plan.md",
            PLAN.replace(
                "- **Status:** complete\n- [x] BE-001: Build the endpoints\n",
                "- **Status:** in_progress\n- [x] BE-001: Build the endpoints\n- [ ] BE-002: Harden the endpoints\n",
            ),
        )
        .success();
}

#[test]
fn the_fix_task_goes_to_the_group_a_red_gate_holds() {
    let plan = PLAN.replace(
        "|-------|------|---------|----------|------------|\n",
        "|-------|------|---------|----------|------------|\n| tests fail | gate-1 | 1 | cargo test | |\n",
    );
    Test::new()
        .file("task_plan.md", &plan)
        .args(["add", "Fix the failing test"])
        .stdout("added BE-002 to group 1 (held by a red gate); reopened group 1 (it was done)\n")
        .success();
}

#[test]
fn a_group_and_an_outline_in_one_write() {
    let t = Test::new().file("task_plan.md", PLAN);
    let dir = t.dir.path().to_path_buf();
    let (code, out, _) = pplan(&dir, &["add", "--group-title", "Launch", "--after", "1"]);
    assert_eq!((code, out.as_str()), (Some(0), "added group 3: Launch\n"));
    let outline = r#"{"groups": [
        {"title": "Docs", "tasks": [{"text": "Write the guide", "id": "DOC-001"}, {"text": "Screenshots", "depends": ["DOC-001"], "files": ["docs/img"]}]},
        {"group": "2", "tasks": [{"text": "Load test", "depends": ["INT-001"]}]}
    ]}"#;
    let output = std::process::Command::new(crate::harness::BIN)
        .args(["add", "-"])
        .current_dir(&dir)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            use std::io::Write;
            child.stdin.take().expect("stdin").write_all(outline.as_bytes())?;
            child.wait_with_output()
        })
        .expect("run");
    assert_eq!(String::from_utf8_lossy(&output.stderr), "");
    assert_eq!(
        String::from_utf8_lossy(&output.stdout),
        "added 1 group and 3 tasks (groups 4): DOC-001, DOC-002, INT-002\n"
    );
    let text = fs::read_to_string(dir.join("task_plan.md")).expect("read");
    assert!(text.ends_with(
        "- [ ] INT-001: Wire the cart (depends: BE-001)\n- [ ] INT-002: Load test (depends: INT-001)\n\n### Group 4: Docs\n- **Status:** pending\n- [ ] DOC-001: Write the guide\n- [ ] DOC-002: Screenshots (files: docs/img) (depends: DOC-001)\n\n## Errors Encountered\n| Error | Task | Attempt | Approach | Resolution |\n|-------|------|---------|----------|------------|\n"
    ), "{text}");
    assert!(text.contains("### Group 1: Backend\n- **Status:** complete\n- [x] BE-001: Build the endpoints\n\n### Group 3: Launch\n- **Status:** pending\n\n### Group 2"), "{text}");
}

#[test]
fn eight_processes_adding_at_once_each_land_once_with_unique_ids() {
    let t = Test::new().file("task_plan.md", PLAN);
    let dir = t.dir.path().to_path_buf();
    let children: Vec<_> = (0..8)
        .map(|n| {
            std::process::Command::new(crate::harness::BIN)
                .args(["add", &format!("Concurrent task {n}"), "--group", "2"])
                .current_dir(&dir)
                .env("PPLAN_LOCK_TIMEOUT_MS", "60000")
                .stdout(std::process::Stdio::piped())
                .stderr(std::process::Stdio::piped())
                .spawn()
                .expect("spawn")
        })
        .collect();
    for child in children {
        let out = child.wait_with_output().expect("wait");
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    }
    let text = fs::read_to_string(dir.join("task_plan.md")).expect("read");
    let mut ids = Vec::new();
    for n in 0..8 {
        let lines: Vec<&str> =
            text.lines().filter(|l| l.ends_with(&format!(": Concurrent task {n}"))).collect();
        assert_eq!(lines.len(), 1, "task {n}:\n{text}");
        ids.push(lines[0].trim_start_matches("- [ ] ").split(':').next().unwrap_or("").to_string());
    }
    assert_eq!(status_json(&dir)["tasks"]["total"], 10);
    ids.sort();
    ids.dedup();
    assert_eq!(ids.len(), 8, "ids not unique: {ids:?}");
    assert!(ids.iter().all(|id| id.starts_with("INT-0")), "{ids:?}");
}

/// On every real plan, `add` (a task, and a group) either writes a change that verifies or
/// refuses with exit 2 and a message: never an unverified write, never a crash.
#[test]
fn add_on_every_corpus_plan_verifies_or_refuses() {
    let plans = crate::corpus::corpus_files("task_plan.md");
    let mut bad = Vec::new();
    for plan in &plans {
        let input = fs::read(plan).expect("read");
        for args in
            [vec!["Check the new thing".to_string()], vec!["--group-title".into(), "New stage".into()]]
        {
            let got = add_diff(&input, &args);
            if !(got.starts_with("added ") || got.starts_with("exit 2\nerror: ")) {
                bad.push(format!("{}: {args:?}: {got}", plan.display()));
            }
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

/// Where a new group cannot be written in the plan's own form, `add --group-title` says why and
/// writes nothing: groups that are numbered items only because they hold tasks, and groups
/// written in two places (a checklist beside the headings).
#[test]
fn a_group_the_plan_would_not_read_is_refused_with_the_reason() {
    let numbered = "# Plan\n\n1. Backend \u{2713}\n   - [x] API\n\n2. Frontend\n   - [ ] Pages\n";
    Test::new()
        .file("task_plan.md", numbered)
        .args(["add", "--group-title", "Docs"])
        .stdout("")
        .stderr("error: cannot add a group here: its groups are numbered items that hold tasks, and an item without a task is not a group\nhint: write the new item with its first task under it\n")
        .file_eq("task_plan.md", numbered)
        .status(2);
}

/// A plan whose lines end in a lone CR (an old Mac file): `add` copied most of the file into the
/// new task's line (it looked for lines at LF only) and wrote it. Adding, moving and removing
/// lines there is refused, exit 2, the file untouched.
#[test]
fn a_plan_with_lone_cr_line_endings_is_refused_not_duplicated() {
    let plan =
        "# P\r\r## Groups\r\r### Group 1: A\r- **Status:** pending\r- [ ] BE-001: x\r\r## Decisions Made\r";
    let refused = "error: line 3 of the plan ends in a lone CR (an old Mac line ending): pplan does not add, move or remove lines in it\n\
                   hint: usage: convert the file's line endings to LF or CRLF first\n";
    Test::new()
        .file("task_plan.md", plan)
        .args(["add", "new task"])
        .stdout("")
        .stderr(&refused.replace("line 3 ", "line 1 "))
        .file_eq("task_plan.md", plan)
        .status(2);
    Test::new()
        .file("task_plan.md", plan)
        .args(["add", "--group-title", "B"])
        .stderr(&refused.replace("line 3 ", "line 1 "))
        .file_eq("task_plan.md", plan)
        .status(2);
    // One lone CR in a plan of LF lines: the same refusal, naming its line.
    let mixed =
        "### Group 1: A\n- [ ] BE-001: x\n- [ ] BE-002: y\r- [ ] BE-003: z\n### Group 2: B\n- [ ] C-1: w\n";
    for args in
        [&["remove", "BE-003"][..], &["edit", "BE-001", "--group", "2"], &["add", "v", "--group", "1"]]
    {
        Test::new()
            .file("task_plan.md", mixed)
            .args(args)
            .stdout("")
            .stderr(refused)
            .file_eq("task_plan.md", mixed)
            .status(2);
    }
}

/// `add --group-title T --id ID` wrote the id as given: `a|b` split a table group's row into one
/// cell more (and said `added group a|b`), `2 x` made a group the plan reads as `2`, a line break
/// broke out of the heading. An id that is not one word of letters, digits, `.`, `-`, `–`, `_` is
/// refused, exit 2, the file untouched.
#[test]
fn a_group_id_that_would_break_its_line_is_refused() {
    let table = "| Phase | Description | Status |\n|---|---|---|\n| 1 | Build | Complete |\n";
    let canon = "## Groups\n\n### Group 1: A\n- **Status:** pending\n- [ ] BE-001: x\n\n## Decisions Made\n";
    for (plan, id) in [(table, "a|b"), (canon, "2 x"), (canon, "3\n- [x] FAKE-1: injected"), (canon, "")] {
        Test::new()
            .file("task_plan.md", plan)
            .args(["add", "--group-title", "Ship", "--id", id])
            .stdout("")
            .stderr(&format!(
                "error: `{id}` is not a group id pplan can write\n\
                 hint: usage: a group id is one word of letters, digits, . - – _ (3, 4b, C, 三, 0-1)\n"
            ))
            .file_eq("task_plan.md", plan)
            .status(2);
    }
    Test::new()
        .file("task_plan.md", canon)
        .args(["add", "--group-title", "Ship", "--id", "三"])
        .stdout("added group 三: Ship\n")
        .success();
}

/// The only sibling has an id and no text (`- [ ] 2.1:`): its separator is copied with the
/// space a text needs after it (`2.2:x` was written).
#[test]
fn a_sibling_without_text_still_gives_the_new_task_a_space_after_its_separator() {
    let plan = "# Plan\n\n## Phase 1: Build\n- [ ] 1.1: first\n\n## Phase 2: Ship\n- [ ] 2.1:\n";
    for (sibling, new) in [("- [ ] 2.1:", "- [ ] 2.2: x"), ("- [ ] **2.1**", "- [ ] **2.2** x")] {
        Test::new()
            .file("task_plan.md", plan.replace("- [ ] 2.1:", sibling))
            .args(["add", "x", "--group", "2"])
            .stdout("added 2.2 to group 2 (named)\n")
            .file_eq("task_plan.md", plan.replace("- [ ] 2.1:", sibling) + new + "\n")
            .success();
    }
}

/// A plan that writes its groups twice — a checklist or table of phases, and `### Phase N`
/// headings with the tasks — gets a new group in both places, each in its own style, and the
/// plan reads one group more.
#[test]
fn a_new_group_is_written_in_both_forms_of_a_plans_groups() {
    let checklist = "# Task Plan\n\n## Phases\n- [x] Phase 1: Setup\n- [ ] Phase 2: Build\n\n\
        ### Phase 1: Setup\n- **Status:** complete\n- [x] 1.1 init\n\n\
        ### Phase 2: Build\n- **Status:** pending\n- [ ] 2.1 code\n";
    let table = "# Task Plan\n\n## Status\n| Phase | Title | Status |\n|---|---|---|\n\
        | 1 | Setup | complete |\n| 2 | Build | in progress |\n\n\
        ### Phase 1: Setup\n- [x] 1.1 init\n\n### Phase 2: Build\n- [ ] 2.1 code\n";
    let headings = "# Plan\n\n## Phases\n- [x] Phase 1: Read\n- [ ] Phase 2: Write\n\n## Phase 1: Read\n- [x] a\n\n## Phase 2: Write\n- [ ] b\n";
    let cases = [
        (
            headings,
            headings
                .replace("- [ ] Phase 2: Write\n", "- [ ] Phase 2: Write\n- [ ] Phase 3: Ship\n")
                .replace("- [ ] b\n", "- [ ] b\n\n## Phase 3: Ship\n"),
        ),
        (
            checklist,
            checklist
                .replace("- [ ] Phase 2: Build\n", "- [ ] Phase 2: Build\n- [ ] Phase 3: Ship\n")
                .replace("- [ ] 2.1 code\n", "- [ ] 2.1 code\n\n### Phase 3: Ship\n- **Status:** pending\n"),
        ),
        (
            table,
            table
                .replace(
                    "| 2 | Build | in progress |\n",
                    "| 2 | Build | in progress |\n| 3 | Ship | pending |\n",
                )
                .replace("- [ ] 2.1 code\n", "- [ ] 2.1 code\n\n### Phase 3: Ship\n"),
        ),
    ];
    for (plan, want) in cases {
        let t = Test::new()
            .file("task_plan.md", plan)
            .args(["add", "--group-title", "Ship"])
            .stdout("added group 3: Ship\n")
            .file_eq("task_plan.md", &want)
            .success();
        let status = status_json(t.dir.path());
        assert_eq!(status["groups"].as_array().map(Vec::len), Some(3), "{want}");
        assert_eq!(
            (&status["groups"][2]["id"], &status["groups"][2]["status"]),
            (&"3".into(), &"pending".into())
        );
    }
}
