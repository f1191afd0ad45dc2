//! `pplan setup --host H`: each host's files, byte for byte; a second run changes nothing; a
//! settings file the user has is only added to; `doctor` says which hosts are wired.

use std::fs;
use std::path::Path;

use crate::harness::{TempDir, run_in};

/// Run pplan in `dir`, with `HOME` at the nearest directory holding `.git` (the project).
fn run(dir: &Path, args: &[&str]) -> (Option<i32>, String, String) {
    let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
    let home = dir.ancestors().find(|d| d.join(".git").exists()).unwrap_or(dir);
    let env = [("HOME".to_string(), home.display().to_string())];
    let out = run_in(dir, &args, &env);
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn project() -> TempDir {
    let dir = TempDir::new();
    fs::create_dir_all(dir.path().join(".git")).expect("git");
    dir
}

const SKILL: &str = include_str!("../../skills/pplan/SKILL.md");

/// Every file under `dir` but `.git`, with its text, sorted.
fn tree(dir: &Path) -> Vec<(String, String)> {
    let mut files = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in fs::read_dir(&d).expect("dir").flatten() {
            let p = e.path();
            if p.is_dir() {
                if e.file_name() != ".git" {
                    stack.push(p);
                }
            } else {
                let rel = p.strip_prefix(dir).expect("rel").display().to_string();
                files.push((rel, fs::read_to_string(&p).expect("read")));
            }
        }
    }
    files.sort();
    files
}

#[test]
fn setup_writes_each_hosts_files_and_a_second_run_changes_nothing() {
    for (host, stdout, files) in [
        (
            "claude",
            "created .claude/settings.json\ncreated .claude/skills/pplan/SKILL.md\n\
             created .claude/commands/planning-parallel.md\ncreated .claude/commands/plan-status.md\n\
             note: claude: or install the plugin instead: `/plugin marketplace add <this repository>`\n",
            vec![
                (".claude/commands/plan-status.md", include_str!("../../commands/plan-status.md")),
                (
                    ".claude/commands/planning-parallel.md",
                    include_str!("../../commands/planning-parallel.md"),
                ),
                (".claude/settings.json", include_str!("../../fixtures/setup/claude-settings.json")),
                (".claude/skills/pplan/SKILL.md", SKILL),
            ],
        ),
        (
            "codex",
            "created .codex/hooks.json\ncreated .agents/skills/pplan/SKILL.md\n\
             note: codex: hooks run in a trusted project once reviewed: open `/hooks` in a new Codex session and trust pplan's\n",
            vec![
                (".agents/skills/pplan/SKILL.md", SKILL),
                (".codex/hooks.json", include_str!("../../fixtures/setup/codex-hooks.json")),
            ],
        ),
        (
            "gemini",
            "created .gemini/settings.json\ncreated .agents/skills/pplan/SKILL.md\n\
             note: gemini: project hooks run only in a trusted folder (`/permissions`); timeouts are in milliseconds\n",
            vec![
                (".agents/skills/pplan/SKILL.md", SKILL),
                (".gemini/settings.json", include_str!("../../fixtures/setup/gemini-settings.json")),
            ],
        ),
        (
            "copilot",
            "created .github/hooks/pplan.json\ncreated .agents/skills/pplan/SKILL.md\n\
             note: copilot: hooks load from .github/hooks/ of the directory copilot starts in, once that folder is trusted\n",
            vec![
                (".agents/skills/pplan/SKILL.md", SKILL),
                (".github/hooks/pplan.json", include_str!("../../fixtures/setup/copilot-pplan.json")),
            ],
        ),
        (
            "cursor",
            "created .cursor/hooks.json\n\
             note: cursor: a held stop is sent back as the next message (`followup_message`)\n",
            vec![(".cursor/hooks.json", include_str!("../../fixtures/setup/cursor-hooks.json"))],
        ),
        (
            "opencode",
            "created .agents/skills/pplan/SKILL.md\ncreated .opencode/command/planning-parallel.md\n\
             created .opencode/command/plan-status.md\n\
             note: opencode: it runs no shell hooks, so pplan gives it the skill and the commands only\n",
            vec![
                (".agents/skills/pplan/SKILL.md", SKILL),
                (".opencode/command/plan-status.md", include_str!("../../commands/plan-status.md")),
                (
                    ".opencode/command/planning-parallel.md",
                    include_str!("../../commands/planning-parallel.md"),
                ),
            ],
        ),
    ] {
        let dir = project();
        let sub = dir.path().join("src");
        fs::create_dir_all(&sub).expect("src");
        // From a subdirectory: the files go to the repository root.
        let (code, out, err) = run(&sub, &["setup", "--host", host]);
        assert_eq!((code, out.as_str(), err.as_str()), (Some(0), stdout, ""), "{host}");
        let want: Vec<(String, String)> = files.iter().map(|(p, t)| (p.to_string(), t.to_string())).collect();
        assert_eq!(tree(dir.path()), want, "{host}");
        let (code, again, _) = run(dir.path(), &["setup", "--host", host]);
        assert_eq!(code, Some(0));
        assert!(
            again.lines().filter(|l| !l.starts_with("note: ")).all(|l| l.starts_with("unchanged ")),
            "{again}"
        );
        assert_eq!(tree(dir.path()), want, "{host}: the second run changed nothing");
    }
}

#[test]
fn setup_adds_to_a_settings_file_without_touching_the_rest() {
    let dir = project();
    let before = "{\n  \"model\": \"opus\",\n  \"hooks\": {\n    \"Stop\": [{ \"hooks\": [{ \"type\": \"command\", \"command\": \"say done\" }] }]\n  }\n}\n";
    fs::create_dir_all(dir.path().join(".claude")).expect("dir");
    fs::write(dir.path().join(".claude/settings.json"), before).expect("settings");
    let (code, out, _) = run(dir.path(), &["setup", "--host", "claude"]);
    assert_eq!(code, Some(0));
    assert!(out.starts_with("added pplan's hooks to .claude/settings.json\n"), "{out}");
    assert_eq!(
        fs::read_to_string(dir.path().join(".claude/settings.json")).expect("read"),
        "{\n  \"model\": \"opus\",\n  \"hooks\": {\n\
         \x20   \"SessionStart\": [{ \"hooks\": [{ \"type\": \"command\", \"command\": \"pplan hook session-start\", \"timeout\": 10 }] }],\n\
         \x20   \"UserPromptSubmit\": [{ \"hooks\": [{ \"type\": \"command\", \"command\": \"pplan hook user-prompt-submit\", \"timeout\": 10 }] }],\n\
         \x20   \"PostToolUse\": [{ \"matcher\": \"Read|Grep|Glob|WebFetch|WebSearch|Write|Edit|Bash\", \"hooks\": [{ \"type\": \"command\", \"command\": \"pplan hook post-tool-use\", \"timeout\": 10 }] }],\n\
         \x20   \"SubagentStop\": [{ \"hooks\": [{ \"type\": \"command\", \"command\": \"pplan hook subagent-stop\", \"timeout\": 10 }] }],\n\
         \x20   \"PreCompact\": [{ \"hooks\": [{ \"type\": \"command\", \"command\": \"pplan hook pre-compact\", \"timeout\": 10 }] }],\n\
         \x20   \"Stop\": [{ \"hooks\": [{ \"type\": \"command\", \"command\": \"pplan hook stop\", \"timeout\": 10 }] }, { \"hooks\": [{ \"type\": \"command\", \"command\": \"say done\" }] }]\n  }\n}\n"
    );
}

#[test]
fn setup_dry_run_writes_nothing_and_refuses_a_broken_file() {
    let dir = project();
    let (code, out, _) = run(dir.path(), &["setup", "--host", "cursor", "--dry-run"]);
    assert_eq!(code, Some(0));
    assert!(
        out.starts_with(
            "would create .cursor/hooks.json\n--- a/.cursor/hooks.json\n+++ b/.cursor/hooks.json\n"
        ),
        "{out}"
    );
    assert_eq!(tree(dir.path()), vec![]);
    fs::create_dir_all(dir.path().join(".gemini")).expect("dir");
    fs::write(dir.path().join(".gemini/settings.json"), "{ \"hooks\": ").expect("broken");
    let (code, out, err) = run(dir.path(), &["setup", "--host", "gemini"]);
    assert_eq!((code, out.as_str()), (Some(2), ""));
    assert_eq!(
        err,
        "error: `./.gemini/settings.json` is not valid JSON\nhint: usage: fix the file, then run pplan setup again\n"
    );
    assert_eq!(fs::read_to_string(dir.path().join(".gemini/settings.json")).expect("read"), "{ \"hooks\": ");
    let (code, _, err) = run(dir.path(), &["setup", "--host", "vim"]);
    assert_eq!(code, Some(2));
    assert_eq!(
        err,
        "error: unknown host `vim`\nhint: usage: pplan setup --host claude|codex|gemini|copilot|cursor|opencode [--dry-run]\n"
    );
}

#[test]
fn doctor_checks_the_wiring_of_every_host_it_finds() {
    let dir = project();
    assert_eq!(run(dir.path(), &["init"]).0, Some(0));
    assert_eq!(run(dir.path(), &["setup", "--host", "claude"]).0, Some(0));
    fs::create_dir_all(dir.path().join(".cursor")).expect("cursor");
    fs::create_dir_all(dir.path().join(".gemini")).expect("gemini");
    // Migrated from Claude Code's settings: `10` is 10 ms to Gemini.
    fs::write(
        dir.path().join(".gemini/settings.json"),
        include_str!("../../fixtures/setup/gemini-settings.json").replace("10000", "10"),
    )
    .expect("gemini");
    let (_, out, _) = run(dir.path(), &["doctor"]);
    let lines: Vec<&str> = out.lines().filter(|l| l.contains("host wiring")).collect();
    assert_eq!(
        lines,
        [
            "PASS  host wiring: claude: wired in .claude/settings.json",
            "WARN  host wiring: gemini: a pplan hook in .gemini/settings.json times out after 10 ms (Gemini counts milliseconds; use 10000)",
            "WARN  host wiring: cursor: not wired in .cursor/hooks.json: run `pplan setup --host cursor`",
        ]
    );
}
