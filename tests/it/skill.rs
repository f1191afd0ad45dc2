//! The Agent Skill and the slash commands teach pplan by example: every `pplan …` line they (and
//! docs/INTEGRATION.md) show must parse, and the skill must stay small enough to read whole.

use std::fs;
use std::process::Command;

use crate::harness::{BIN, shell_words as words};

/// The files a model or a person learns pplan from, besides `--help`.
const TEACHING: &[&str] = &[
    "skills/pplan/SKILL.md",
    "commands/planning-parallel.md",
    "commands/plan-status.md",
    "docs/INTEGRATION.md",
];

/// Every command line in a Markdown file: inline code spans and fenced lines that start with
/// `pplan ` (or `$ pplan `), cut before a pipe, a redirection or a second command.
fn command_lines(text: &str) -> Vec<String> {
    let mut lines = Vec::new();
    let mut fenced = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if fenced {
            let l = line.trim_start().trim_start_matches("$ ");
            if l.starts_with("pplan ") {
                lines.push(l.to_string());
            }
            continue;
        }
        let mut rest = line;
        while let Some(at) = rest.find("`pplan ") {
            let span = &rest[at + 1..];
            let Some(end) = span.find('`') else { break };
            lines.push(span[..end].to_string());
            rest = &span[end + 1..];
        }
    }
    lines
        .into_iter()
        .map(|l| {
            let cut = [" | ", " >", " 2>", "; ", " && ", " #"]
                .iter()
                .filter_map(|s| l.find(s))
                .min()
                .unwrap_or(l.len());
            l[..cut].trim().to_string()
        })
        .collect()
}

#[test]
fn every_pplan_line_in_the_skill_the_slash_commands_and_integration_md_parses() {
    let mut checked = 0;
    let mut failures = Vec::new();
    for file in TEACHING {
        let text = fs::read_to_string(file).expect("read");
        for line in command_lines(&text) {
            let mut args = words(&line);
            assert_eq!(args.remove(0), "pplan", "{file}: {line}");
            args.push("--help".into());
            let out = Command::new(BIN).args(&args).current_dir("/").output().expect("run");
            if out.status.code() != Some(0) {
                failures.push(format!("{file}: `{line}`: {}", String::from_utf8_lossy(&out.stderr)));
            }
            checked += 1;
        }
    }
    assert!(checked >= 40, "only {checked} lines found");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn the_line_finder_sees_spans_and_fences_and_cuts_pipes() {
    let text = "Run `pplan status` or `pplan poll --group 2`.\n```\n$ pplan spawn >/dev/null\npplan wait --timeout 100 | tail -1\nnot pplan\n```\n";
    assert_eq!(
        command_lines(text),
        ["pplan status", "pplan poll --group 2", "pplan spawn", "pplan wait --timeout 100"]
    );
    assert_eq!(words("pplan note --agent A \"two words\""), ["pplan", "note", "--agent", "A", "two words"]);
}

#[test]
fn the_skill_is_small_and_names_itself() {
    let skill = fs::read_to_string("skills/pplan/SKILL.md").expect("skill");
    assert!(skill.len() < 8 * 1024, "SKILL.md is {} bytes", skill.len());
    let front = skill
        .strip_prefix("---\n")
        .and_then(|s| s.split_once("\n---\n"))
        .map(|(f, _)| f)
        .expect("front matter");
    assert!(front.lines().any(|l| l == "name: pplan"), "{front}");
    let description = front.lines().find_map(|l| l.strip_prefix("description: ")).expect("description");
    assert!((100..=1024).contains(&description.len()), "{description}");
}
