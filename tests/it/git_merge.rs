//! The git merge driver: its laws as properties, the real corpus, and real git with worktrees.

use std::collections::HashSet;
use std::fs;
use std::path::Path;
use std::process::Command;

use pplan::git::merge_driver::{Kind, merge};
use pplan::plan::Plan;
use pplan::text::Document;
use proptest::prelude::*;

use crate::corpus::corpus_files;
use crate::harness::{BIN, TempDir};

const LINES: [&str; 14] = [
    "# Task Plan: x\n",
    "## Errors Encountered\n",
    "| Error | Task | Attempt | Approach | Resolution |\n",
    "|---|---|---|---|---|\n",
    "| boom | T-1 | 1 | retry | |\n",
    "| bang | T-2 | 2 | rewrite | |\n",
    "### Group 1: A\n",
    "- **Status:** in_progress\n",
    "- [ ] T-1: one\n",
    "- [x] T-2: two\n",
    "- [!] T-3: three\n",
    "### 2026-11-21T01:00:00Z\n",
    "a finding\n",
    "\n",
];

fn text() -> impl Strategy<Value = Vec<String>> {
    prop::collection::vec(prop::sample::select(LINES.to_vec()).prop_map(str::to_string), 0..14)
}

/// A side: the base with some lines replaced, removed or inserted (new lines are unique, so
/// "every added line is kept" can be checked exactly).
fn edited(base: Vec<String>, tag: &'static str) -> impl Strategy<Value = Vec<String>> {
    let n = base.len();
    prop::collection::vec((0..=n, 0u8..4, prop::sample::select(LINES.to_vec())), 0..5).prop_map(move |ops| {
        let mut v = base.clone();
        for (k, (at, op, line)) in ops.into_iter().enumerate() {
            let at = at.min(v.len());
            match op {
                0 if at < v.len() => v[at] = format!("- [x] {tag}-{k}: changed\n"),
                1 if at < v.len() => {
                    v.remove(at);
                }
                2 => v.insert(at, format!("| {tag} {k} | T-1 | 1 | way {k} | |\n")),
                _ => v.insert(at, line.to_string()),
            }
        }
        v
    })
}

fn case() -> impl Strategy<Value = (String, String, String)> {
    text()
        .prop_flat_map(|b| (Just(b.concat()), edited(b.clone(), "ours"), edited(b, "theirs")))
        .prop_map(|(b, o, t)| (b, o.concat(), t.concat()))
}

const KINDS: [Kind; 3] = [Kind::Plan, Kind::Log, Kind::Text];

fn run(kind: Kind, b: &str, o: &str, t: &str) -> (String, usize) {
    let r = merge(kind, b.as_bytes(), o.as_bytes(), t.as_bytes(), 7);
    (String::from_utf8(r.text).expect("utf-8"), r.conflicts)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn merging_a_side_with_itself_or_the_base_gives_that_side((b, x, _) in case()) {
        for kind in KINDS {
            prop_assert_eq!(run(kind, &b, &x, &x), (x.clone(), 0), "{:?}: merge(base, x, x)", kind);
            prop_assert_eq!(run(kind, &b, &b, &x), (x.clone(), 0), "{:?}: merge(base, base, y)", kind);
            prop_assert_eq!(run(kind, &b, &x, &b), (x.clone(), 0), "{:?}: merge(base, x, base)", kind);
        }
    }

    #[test]
    fn every_added_line_survives_and_the_result_parses((b, o, t) in case()) {
        for kind in KINDS {
            let (merged, conflicts) = run(kind, &b, &o, &t);
            let kept: HashSet<&str> = merged.lines().map(str::trim_end).collect();
            let base: HashSet<&str> = b.lines().map(str::trim_end).collect();
            for line in o.lines().chain(t.lines()).map(str::trim_end) {
                // An error row's attempt may be renumbered: its other cells stay.
                let found = kept.contains(line) || base.contains(line)
                    || (line.starts_with("| ") && kept.iter().any(|k| same_row_but_attempt(k, line)));
                prop_assert!(found, "{:?} lost {:?}\nbase:\n{}\nours:\n{}\ntheirs:\n{}\nmerged:\n{}", kind, line, b, o, t, merged);
            }
            if conflicts == 0 {
                prop_assert!(!merged.contains("<<<<<<< ours"));
            }
            let doc = Document::from_text(merged);
            let plan = Plan::parse(&doc);
            if conflicts == 0 && kind == Kind::Plan {
                // Every task either side has (and did not delete) is still a task.
                let ids: HashSet<String> = plan.tasks.iter().filter_map(|t| t.id.map(str::to_string)).collect();
                for side in [&o, &t] {
                    let d = Document::from_text(side.to_string());
                    for task in Plan::parse(&d).tasks.iter().filter_map(|t| t.id) {
                        let in_base = b.contains(&format!("{task}:"));
                        prop_assert!(in_base || ids.contains(task), "task {} lost", task);
                    }
                }
            }
        }
    }
}

fn same_row_but_attempt(a: &str, b: &str) -> bool {
    let cells = |s: &str| s.split('|').map(str::trim).map(str::to_string).collect::<Vec<_>>();
    let (mut x, mut y) = (cells(a), cells(b));
    if x.len() != y.len() || x.len() < 4 {
        return false;
    }
    x[3].clear();
    y[3].clear();
    x == y
}

/// Each corpus task plan merged with itself is itself. With one edit on each side it is the file
/// with both edits and nothing else changed: ours ticks the first open checkbox and adds a line
/// under the title; theirs ticks the last open checkbox (when there are two) and appends a line.
#[test]
fn corpus_plans_merge_with_one_edit_per_side() {
    let plans = corpus_files("task_plan.md");
    let mut both_ticks = 0;
    for path in &plans {
        let base = fs::read_to_string(path).expect("read");
        let name = path.file_name().expect("file name").to_string_lossy();
        assert_eq!(run(Kind::Plan, &base, &base, &base), (base.clone(), 0), "{name}: merge with itself");
        let lines: Vec<&str> = base.split_inclusive('\n').collect();
        let open: Vec<usize> = (0..lines.len()).filter(|&i| open_box(lines[i]).is_some()).collect();
        let edit = |tick: &[usize], top: bool, end: bool| -> String {
            let mut out = String::new();
            for (i, l) in lines.iter().enumerate() {
                match open_box(l).filter(|_| tick.contains(&i)) {
                    Some(at) => out.push_str(&format!("{}[x]{}", &l[..at], &l[at + 3..])),
                    None => out.push_str(l),
                }
                if top && i == 0 {
                    out.push_str(if l.ends_with('\n') { "<!-- ours -->\n" } else { "\n<!-- ours -->\n" });
                }
            }
            if end {
                out.push_str(if out.ends_with('\n') { "<!-- theirs -->\n" } else { "\n<!-- theirs -->\n" });
            }
            out
        };
        let (first, last) = match open.as_slice() {
            [first, .., last] => {
                both_ticks += 1;
                (vec![*first], vec![*last])
            }
            [only] => (vec![*only], vec![]),
            [] => (vec![], vec![]),
        };
        if lines.len() < 2 {
            continue;
        }
        let ours = edit(&first, true, false);
        let theirs = edit(&last, false, true);
        let expected = edit(&[first, last].concat(), true, true);
        assert_eq!(run(Kind::Plan, &base, &ours, &theirs), (expected, 0), "{name}");
    }
    eprintln!("corpus merges: {} plans, {both_ticks} with a checkbox ticked on each side", plans.len());
    if !plans.is_empty() {
        assert!(both_ticks >= 12, "only {both_ticks} plans had two open checkboxes");
    }
}

/// Where the `[ ]` of an open checkbox item starts (`- [ ] `, `* [ ] `, `1. [ ] `).
fn open_box(line: &str) -> Option<usize> {
    let t = line.trim_start();
    let indent = line.len() - t.len();
    let marker = if t.starts_with(['-', '*', '+']) {
        1
    } else {
        let digits = t.bytes().take_while(u8::is_ascii_digit).count();
        (digits > 0 && t[digits..].starts_with('.')).then_some(digits + 1)?
    };
    t[marker..].starts_with(" [ ] ").then_some(indent + marker + 1)
}

fn git(dir: &Path, args: &[&str]) -> std::process::Output {
    Command::new("git")
        .args(args)
        .current_dir(dir)
        .env("GIT_CONFIG_NOSYSTEM", "1")
        .env("HOME", dir)
        .env("GIT_AUTHOR_NAME", "t")
        .env("GIT_AUTHOR_EMAIL", "t@example.com")
        .env("GIT_COMMITTER_NAME", "t")
        .env("GIT_COMMITTER_EMAIL", "t@example.com")
        .output()
        .expect("run git")
}

fn ok(dir: &Path, args: &[&str]) -> String {
    let out = git(dir, args);
    assert!(out.status.success(), "git {args:?}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8_lossy(&out.stdout).into_owned()
}

const PLAN: &str = "# Task Plan: Ship\n\n## Goal\nShip it.\n\n## Current Group\nGroup 1\n\n\
### Group 1: Build\n- **Status:** in_progress\n- [ ] BE-001: API\n- [ ] FE-001: UI\n\n\
## Errors Encountered\n| Error | Task | Attempt | Approach | Resolution |\n|-------|------|---------|----------|------------|\n\
| timeout | BE-001 | 1 | retry | |\n";
const PROGRESS: &str = "# Progress\n\n### 2026-11-21T01:00:00Z\nstarted\n";

/// A repository with the plan committed on main and a second worktree on branch `other`.
/// With `driver`, the merge driver is set up by `pplan git-setup` (the binary under test).
fn repo(driver: bool) -> (TempDir, std::path::PathBuf, std::path::PathBuf) {
    let tmp = TempDir::new();
    let main = tmp.path().join("main");
    fs::create_dir_all(&main).expect("mkdir");
    ok(&main, &["init", "-q", "-b", "main"]);
    fs::write(main.join("task_plan.md"), PLAN).expect("write");
    fs::write(main.join("progress.md"), PROGRESS).expect("write");
    if driver {
        let out = Command::new(BIN)
            .arg("git-setup")
            .current_dir(&main)
            .env("HOME", &main)
            .output()
            .expect("run pplan");
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        // git runs the driver by name: point it at the binary under test.
        ok(&main, &["config", "merge.pplan.driver", &format!("{BIN} merge-driver %O %A %B %L %P")]);
    }
    ok(&main, &["add", "-A"]);
    ok(&main, &["commit", "-qm", "base"]);
    let other = tmp.path().join("other");
    ok(&main, &["worktree", "add", "-q", "-b", "other", other.to_str().expect("utf-8 path")]);
    (tmp, main, other)
}

fn edit(dir: &Path, name: &str, from: &str, to: &str) {
    let p = dir.join(name);
    let text = fs::read_to_string(&p).expect("read");
    assert!(text.contains(from), "{name} lacks {from:?}");
    fs::write(&p, text.replacen(from, to, 1)).expect("write");
}

fn append(dir: &Path, name: &str, text: &str) {
    let p = dir.join(name);
    let mut t = fs::read_to_string(&p).expect("read");
    t.push_str(text);
    fs::write(&p, t).expect("write");
}

/// Each side ticks a different checkbox on adjacent lines, appends an error row and a progress
/// entry; both commit; main merges other.
fn diverge(main: &Path, other: &Path) {
    edit(main, "task_plan.md", "- [ ] BE-001", "- [x] BE-001");
    append(main, "task_plan.md", "| 500 on save | FE-001 | 1 | fix the handler | |\n");
    append(main, "progress.md", "\n### 2026-11-21T02:00:00Z\nmain: API done\n");
    ok(main, &["commit", "-qam", "main"]);
    edit(other, "task_plan.md", "- [ ] FE-001", "- [x] FE-001");
    append(other, "task_plan.md", "| still slow | BE-001 | 1 | cache | |\n");
    append(other, "progress.md", "\n### 2026-11-21T01:30:00Z\nother: UI done\n");
    ok(other, &["commit", "-qam", "other"]);
}

#[test]
fn git_merges_plan_files_cleanly_with_the_driver() {
    let (_tmp, main, other) = repo(true);
    diverge(&main, &other);
    let out = git(&main, &["merge", "-q", "-m", "merge", "other"]);
    assert!(out.status.success(), "merge failed: {}", String::from_utf8_lossy(&out.stdout));
    let plan = fs::read_to_string(main.join("task_plan.md")).expect("read");
    let expected_plan = PLAN.replace("- [ ] BE-001", "- [x] BE-001").replace("- [ ] FE-001", "- [x] FE-001")
        + "| 500 on save | FE-001 | 1 | fix the handler | |\n| still slow | BE-001 | 2 | cache | |\n";
    assert_eq!(plan, expected_plan);
    let progress = fs::read_to_string(main.join("progress.md")).expect("read");
    assert_eq!(
        progress,
        format!(
            "{PROGRESS}\n### 2026-11-21T01:30:00Z\nother: UI done\n\n### 2026-11-21T02:00:00Z\nmain: API done\n"
        )
    );
}

#[test]
fn without_the_driver_the_same_merge_conflicts() {
    let (_tmp, main, other) = repo(false);
    diverge(&main, &other);
    let out = git(&main, &["merge", "-q", "-m", "merge", "other"]);
    assert!(!out.status.success());
    let unmerged = ok(&main, &["diff", "--name-only", "--diff-filter=U"]);
    assert_eq!(unmerged, "progress.md\ntask_plan.md\n");
}

#[test]
fn a_true_conflict_leaves_markers_and_the_path_unmerged() {
    let (_tmp, main, other) = repo(true);
    edit(&main, "task_plan.md", "- [ ] BE-001", "- [x] BE-001");
    ok(&main, &["commit", "-qam", "main"]);
    edit(&other, "task_plan.md", "- [ ] BE-001", "- [!] BE-001");
    ok(&other, &["commit", "-qam", "other"]);
    let out = git(&main, &["merge", "-q", "-m", "merge", "other"]);
    assert!(!out.status.success());
    assert_eq!(ok(&main, &["diff", "--name-only", "--diff-filter=U"]), "task_plan.md\n");
    let plan = fs::read_to_string(main.join("task_plan.md")).expect("read");
    assert!(
        plan.contains("<<<<<<< ours\n- [x] BE-001: API\n=======\n- [!] BE-001: API\n>>>>>>> theirs\n"),
        "{plan}"
    );
}

#[test]
fn the_driver_exits_1_on_conflict_and_writes_ours_with_the_marker_size() {
    let tmp = TempDir::new();
    let p = |n: &str| tmp.path().join(n);
    fs::write(p("base"), "- [ ] A\n").expect("write");
    fs::write(p("ours"), "- [x] A\n").expect("write");
    fs::write(p("theirs"), "- [!] A\n").expect("write");
    // git runs the driver at the top of the repository, in the middle of its own merge: a plan
    // there, even one with an interrupted `pplan merge`, is not the driver's business.
    fs::write(p("task_plan.md"), "# Task Plan: x\n").expect("write");
    fs::create_dir_all(p(".pplan")).expect("mkdir");
    fs::write(p(".pplan/journal.json"), "not a journal").expect("write");
    let out = Command::new(BIN)
        .args(["merge-driver", "base", "ours", "theirs", "10", "plans/task_plan.md"])
        .current_dir(tmp.path())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "pplan: plans/task_plan.md: 1 conflict left with markers (plan merge)\n"
    );
    assert_eq!(
        fs::read_to_string(p("ours")).expect("read"),
        "<<<<<<<<<< ours\n- [x] A\n==========\n- [!] A\n>>>>>>>>>> theirs\n"
    );
    // A missing input is an error above 1, and OURS is untouched.
    fs::write(p("ours"), "- [x] A\n").expect("write");
    let out = Command::new(BIN)
        .args(["merge-driver", "nope", "ours", "theirs"])
        .current_dir(tmp.path())
        .output()
        .unwrap();
    assert!(out.status.code().expect("exit code") > 1);
    assert_eq!(fs::read_to_string(p("ours")).expect("read"), "- [x] A\n");
    assert_eq!(fs::read_to_string(p(".pplan/journal.json")).expect("read"), "not a journal");
}

#[test]
fn git_setup_is_idempotent_and_doctor_checks_the_placeholders() {
    let tmp = TempDir::new();
    let dir = tmp.path();
    ok(dir, &["init", "-q"]);
    let pplan = |args: &[&str]| {
        let out = Command::new(BIN).args(args).current_dir(dir).env("HOME", dir).output().expect("run pplan");
        (out.status.code(), String::from_utf8_lossy(&out.stdout).into_owned())
    };
    assert_eq!(pplan(&["init", "--title", "t", "--goal", "g"]).0, Some(0));
    fs::write(dir.join(".gitattributes"), "*.png binary").expect("write");
    let (code, first) = pplan(&["git-setup"]);
    assert_eq!(code, Some(0));
    assert!(first.starts_with(".gitattributes: added merge=pplan for task_plan.md, findings.md, progress.md, findings_*.md, progress_*.md\ngit config merge.pplan.driver: pplan merge-driver %O %A %B %L %P\n"), "{first}");
    let attributes = fs::read_to_string(dir.join(".gitattributes")).expect("read");
    assert!(attributes.starts_with("*.png binary\n# Plan files merge through pplan"), "{attributes}");
    let (code, second) = pplan(&["git-setup"]);
    assert_eq!(code, Some(0));
    assert!(second.starts_with("already set up (.gitattributes and git config)\n"), "{second}");
    assert_eq!(fs::read_to_string(dir.join(".gitattributes")).expect("read"), attributes);

    ok(dir, &["config", "merge.pplan.driver", "pplan merge-driver %A %O %B"]);
    let (_, doctor) = pplan(&["doctor"]);
    assert!(
        doctor.contains("FAIL  git merge driver: merge.pplan.driver is `pplan merge-driver %A %O %B`: it must be `pplan merge-driver %O %A %B %L %P` (exactly these placeholders)\n"),
        "{doctor}"
    );
    ok(dir, &["config", "merge.pplan.driver", &format!("{BIN} merge-driver %O %A %B %L %P")]);
    let (_, doctor) = pplan(&["doctor"]);
    assert!(doctor.contains("PASS  git merge driver: plan files merge with"), "{doctor}");
}

#[test]
fn two_clones_adding_a_task_with_the_same_id_is_a_reported_conflict_never_a_duplicate() {
    let (_tmp, main, other) = repo(true);
    edit(&main, "task_plan.md", "- [ ] FE-001: UI\n", "- [ ] FE-001: UI\n- [ ] BE-002: Refunds\n");
    ok(&main, &["commit", "-qam", "main"]);
    edit(&other, "task_plan.md", "- [ ] FE-001: UI\n", "- [ ] FE-001: UI\n- [ ] BE-002: Receipts\n");
    ok(&other, &["commit", "-qam", "other"]);
    let out = git(&main, &["merge", "-q", "-m", "merge", "other"]);
    assert!(!out.status.success());
    assert!(
        String::from_utf8_lossy(&out.stdout).contains(
            "pplan: task_plan.md: task id `BE-002` was added on both sides: give one of them another id\n"
        ),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    assert_eq!(ok(&main, &["diff", "--name-only", "--diff-filter=U"]), "task_plan.md\n");
    let plan = fs::read_to_string(main.join("task_plan.md")).expect("read");
    assert!(
        plan.contains("- [ ] FE-001: UI\n- [ ] BE-002: Refunds\n<<<<<<< ours\n=======\n- [ ] BE-002: Receipts\n>>>>>>> theirs\n"),
        "{plan}"
    );
}

#[test]
fn two_clones_claiming_the_same_task_is_a_conflict_naming_both_claimants() {
    let (_tmp, main, other) = repo(true);
    let claim = |dir: &Path, name: &str| {
        let out = Command::new(BIN)
            .args(["next", "--claim", "--as", name])
            .current_dir(dir)
            .output()
            .expect("pplan");
        assert_eq!(
            String::from_utf8_lossy(&out.stdout),
            format!("BE-001: API (group 1): claimed by {name}\n")
        );
    };
    claim(&main, "alice");
    ok(&main, &["commit", "-qam", "alice takes BE-001"]);
    claim(&other, "bob");
    ok(&other, &["commit", "-qam", "bob takes BE-001"]);
    let out = git(&main, &["merge", "-q", "-m", "merge", "other"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&out.stdout).contains(
            "pplan: task_plan.md: task `BE-001` was claimed on both sides: by alice (ours) and by bob (theirs)\n"
        ),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    assert_eq!(ok(&main, &["diff", "--name-only", "--diff-filter=U"]), "task_plan.md\n");
    let plan = fs::read_to_string(main.join("task_plan.md")).expect("read");
    assert!(plan.contains("<<<<<<< ours\n- [~] BE-001: API (claimed: alice "), "{plan}");
    assert!(plan.contains("=======\n- [~] BE-001: API (claimed: bob "), "{plan}");
}
