//! `pplan <command> --help` is the reference for each command (src/cli/help.rs), so it must stay
//! true and small: every example in it is run here, and every help and the docs have a size cap.
//!
//! The example convention (also at the top of src/cli/help.rs): the help's `Examples:` section
//! runs to its end and is made of blocks separated by blank lines, each line indented two
//! spaces.
//!
//! - A block whose first line is `$ pplan …` is run. Each `$ ` line is a command, split like a
//!   shell (spaces, double and single quotes; no pipes or redirections; stdin is empty). The
//!   lines after it, up to the next `$ ` line, are what it prints, stdout then stderr, exactly;
//!   but a line `...` stands for any number of lines, a line ending in `...` for any one line
//!   that starts with the text before it, and a last line `[exit N]` gives the exit code (0
//!   when there is none). The plan directory prints as `/path/to/plan`.
//! - A block whose first line starts with `# ` is shown, not run (a command that needs a
//!   terminal, a host's payload, or git's temporary files).
//!
//! All the blocks of one command run in order in one fresh copy of [`FIXTURE`] (task_plan.md,
//! findings.md, progress.md; `$HOME` is that directory too), so a later example sees what an
//! earlier one wrote.

use std::fs;
use std::path::Path;

use crate::harness::{TempDir, pplan, pplan_env, shell_words as words};

/// The plan every example runs against.
const FIXTURE: &str = "# Task Plan: Shop

## Goal
Ship a checkout API and a cart page.

## Current Group
Group 1

## Next Step
Spawn group 1.

## Groups

### Group 1: Backend and frontend
- **Status:** pending
- [ ] BE-001: Build the payment endpoints
- [ ] FE-001: Build the cart page

### Group 2: Integration
- **Status:** pending
- [ ] INT-001: Wire the cart to the API (depends: BE-001, FE-001)

## Decisions Made
| Decision | Rationale |
|----------|-----------|

## Errors Encountered
| Error | Task | Attempt | Approach | Resolution |
|-------|------|---------|----------|------------|
";

/// Commands whose examples cannot run here: they need a terminal (`watch`), a host's payload on
/// stdin (`hook`), git's temporary files (`merge-driver`), or take seconds (`demo`).
const SHOWN_ONLY: &[&str] = &["demo", "hook", "merge-driver", "watch"];

/// The largest `pplan <command> --help`, in bytes.
const HELP_CAP: usize = 3_000;

/// The largest docs/*.md together (docs/schema and docs/man not counted), in bytes: raised from
/// 60,000 for the forms the reader learned since (statuses in prose, bilingual labels).
const DOCS_CAP: usize = 61_000;

/// The subcommands `pplan --help` lists.
fn commands() -> Vec<String> {
    let (code, out, _) = pplan(Path::new("."), &["--help"]);
    assert_eq!(code, Some(0));
    let list = out.split_once("Commands:\n").expect("a command list").1;
    let list = &list[..list.find("\n\n").expect("end of the list")];
    let names: Vec<String> = list
        .lines()
        .filter(|l| l.starts_with("  ") && !l.starts_with("   "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|n| *n != "help")
        .map(str::to_string)
        .collect();
    assert!(names.len() >= 29, "{names:?}");
    names
}

fn help(command: &str) -> String {
    let (code, out, err) = pplan(Path::new("."), &[command, "--help"]);
    assert_eq!(code, Some(0), "{command} --help: {err}");
    out
}

/// One run example: the command line, the expected lines and the exit code.
#[derive(Debug)]
struct Example {
    line: String,
    want: Vec<String>,
    code: i32,
}

/// The examples of one help text: the run ones, and how many blocks are shown only.
fn examples(help: &str) -> (Vec<Example>, usize) {
    let Some((_, section)) = help.split_once("\nExamples:\n") else { return (Vec::new(), 0) };
    let (mut run, mut shown) = (Vec::new(), 0);
    for block in section.trim_end().split("\n\n") {
        let lines: Vec<&str> = block
            .lines()
            .map(|l| l.strip_prefix("  ").unwrap_or_else(|| panic!("not indented two spaces: `{l}`")))
            .collect();
        if lines[0].starts_with("# ") {
            shown += 1;
            continue;
        }
        assert!(lines[0].starts_with("$ pplan "), "a block starts with `$ pplan` or `# `: `{}`", lines[0]);
        for line in lines {
            match line.strip_prefix("$ ") {
                Some(cmd) => run.push(Example { line: cmd.to_string(), want: Vec::new(), code: 0 }),
                None => {
                    let ex = run.last_mut().expect("output after a command");
                    match line.strip_prefix("[exit ").and_then(|c| c.strip_suffix(']')) {
                        Some(code) => ex.code = code.parse().expect("an exit code"),
                        None => ex.want.push(line.to_string()),
                    }
                }
            }
        }
    }
    (run, shown)
}

/// Whether `got` matches the expected lines, with `...` lines and `...` line ends.
fn matches(want: &[String], got: &[&str]) -> bool {
    match want.split_first() {
        None => got.is_empty(),
        Some((w, rest)) if w == "..." => (0..=got.len()).any(|skip| matches(rest, &got[skip..])),
        Some((w, rest)) => {
            let Some((g, got_rest)) = got.split_first() else { return false };
            let line_ok = match w.strip_suffix("...") {
                Some(prefix) => g.starts_with(prefix),
                None => w == g,
            };
            line_ok && matches(rest, got_rest)
        }
    }
}

#[test]
fn the_matcher_reads_the_convention() {
    let want = |s: &[&str]| s.iter().map(|l| l.to_string()).collect::<Vec<_>>();
    assert!(matches(&want(&["a", "...", "d"]), &["a", "b", "c", "d"]));
    assert!(matches(&want(&["a", "...", "d"]), &["a", "d"]));
    assert!(matches(&want(&["a 1..."]), &["a 1.5 s"]));
    assert!(!matches(&want(&["a 1..."]), &["a 2"]));
    assert!(!matches(&want(&["a"]), &["a", "b"]));
    let (run, shown) = examples("x\nExamples:\n  $ pplan a 'b c'\n  out\n  [exit 3]\n\n  # pplan watch\n");
    assert_eq!(shown, 1);
    assert_eq!(
        (run[0].line.as_str(), run[0].want.clone(), run[0].code),
        ("pplan a 'b c'", want(&["out"]), 3)
    );
    assert_eq!(words("pplan a 'b c' \"d\""), ["pplan", "a", "b c", "d"]);
}

#[test]
fn every_example_in_the_help_prints_what_it_shows() {
    let mut ran = 0;
    let mut failures = Vec::new();
    for command in commands() {
        let (run, shown) = examples(&help(&command));
        if SHOWN_ONLY.contains(&command.as_str()) {
            assert!(shown > 0, "`pplan {command} --help` has no example");
        } else {
            assert!(!run.is_empty(), "`pplan {command} --help` has no example that runs");
        }
        let dir = TempDir::new();
        let d = dir.path();
        fs::write(d.join("task_plan.md"), FIXTURE).expect("plan");
        fs::write(d.join("findings.md"), "# Findings\n").expect("findings");
        fs::write(d.join("progress.md"), "# Progress\n").expect("progress");
        let root = d.canonicalize().expect("canonical").display().to_string();
        for ex in run {
            let args = words(&ex.line);
            assert_eq!(args[0], "pplan", "{command}: {}", ex.line);
            let args: Vec<&str> = args[1..].iter().map(String::as_str).collect();
            let home = d.display().to_string();
            let (code, out, err) = pplan_env(d, &args, &[("HOME", &home), ("XDG_CONFIG_HOME", &home)]);
            let got = (out + &err)
                .replace(&root, "/path/to/plan")
                .replace(&d.display().to_string(), "/path/to/plan");
            let lines: Vec<&str> = got.lines().collect();
            if code != Some(ex.code) || !matches(&ex.want, &lines) {
                failures.push(format!(
                    "`pplan {command} --help`: `$ {}`\nshown (exit {}):\n{}\nprinted (exit {code:?}):\n{got}",
                    ex.line,
                    ex.code,
                    ex.want.join("\n")
                ));
            }
            ran += 1;
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n---\n"));
    assert!(ran >= 40, "only {ran} examples ran");
}

#[test]
fn each_help_is_under_3_kb_and_the_short_help_stays_short() {
    for command in commands() {
        let long = help(&command);
        assert!(long.len() < HELP_CAP, "`pplan {command} --help` is {} bytes", long.len());
        let (_, short, _) = pplan(Path::new("."), &[&command, "-h"]);
        assert!(!short.contains("Examples:"), "`pplan {command} -h` shows the examples");
        assert!(short.len() < long.len(), "`pplan {command} -h` is not shorter than --help");
    }
}

#[test]
fn the_docs_are_under_61_kb_in_all() {
    let docs = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs");
    let mut sizes: Vec<(String, usize)> = fs::read_dir(&docs)
        .expect("docs/")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .map(|p| (p.display().to_string(), fs::metadata(&p).expect("size").len() as usize))
        .collect();
    sizes.sort();
    let total: usize = sizes.iter().map(|(_, n)| n).sum();
    assert!(total < DOCS_CAP, "docs/*.md are {total} bytes: {sizes:?}");
}
