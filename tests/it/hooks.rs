//! Agent-host hooks: recorded payloads for every event, and the bad ones; exact output, exit 0.

use std::fs;
use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

use crate::harness::{BIN, TempDir};
use crate::set::CANONICAL;

fn hook(dir: &Path, event: &str, payload: &str, env: &[(&str, &str)]) -> (Option<i32>, String) {
    let mut cmd = Command::new(BIN);
    cmd.args(["hook", event]).current_dir("/");
    for var in [
        "PPLAN_DIR",
        "PPLAN_DISABLED",
        "PLAN_ID",
        "PWF_PLAN_ROOT",
        "CLAUDE_PROJECT_DIR",
        "GEMINI_PROJECT_DIR",
    ] {
        cmd.env_remove(var);
    }
    for (k, v) in env {
        cmd.env(k, v);
    }
    let mut child = cmd.stdin(Stdio::piped()).stdout(Stdio::piped()).spawn().expect("hook");
    child.stdin.take().expect("stdin").write_all(payload.as_bytes()).expect("payload");
    let out = child.wait_with_output().expect("wait");
    let _ = dir;
    (out.status.code(), String::from_utf8_lossy(&out.stdout).into_owned())
}

fn payload(dir: &Path, extra: &str) -> String {
    format!(
        "{{\"session_id\":\"s-1\",\"transcript_path\":\"/t.jsonl\",\"cwd\":\"{}\"{extra}}}",
        dir.display()
    )
}

fn plan() -> TempDir {
    let dir = TempDir::new();
    fs::write(dir.path().join("task_plan.md"), CANONICAL).expect("plan");
    dir
}

#[test]
fn session_start_gives_the_reboot_context() {
    let dir = plan();
    let (code, out) = hook(
        dir.path(),
        "session-start",
        &payload(dir.path(), ",\"hook_event_name\":\"SessionStart\",\"source\":\"startup\""),
        &[],
    );
    assert_eq!(code, Some(0));
    let json: serde_json::Value = serde_json::from_str(&out).expect("json");
    assert_eq!(json["hookSpecificOutput"]["hookEventName"], "SessionStart");
    assert_eq!(
        json["hookSpecificOutput"]["additionalContext"],
        "pplan: where the plan stands (from the files):\n\
         Where am I? group 1: Backend and frontend (in_progress, 0/2 done)\n\
         Where am I going? group 2: Integration (pending, 0/1 done)\n\
         What's the goal? Ship a checkout API and UI that pass the end-to-end suite.\n\
         What have I learned? nothing recorded yet\n\
         What have I done? 0/3 tasks done, 0/2 groups\n\
         What am I about to do? Spawn BE-001 and FE-001.\n"
    );
}

#[test]
fn post_tool_use_reminds_after_two_views_and_resets_on_a_save() {
    let dir = plan();
    let tool = |name: &str, input: &str| {
        payload(dir.path(), &format!(",\"tool_name\":\"{name}\",\"tool_input\":{input}"))
    };
    let reminder = "{\"hookSpecificOutput\":{\"additionalContext\":\"pplan 2-action rule: two views/searches since findings were last saved. \
        Save what you learned now: `pplan note --agent <ID> \\\"<finding>\\\"` (sub-agent) or add it to findings.md.\",\"hookEventName\":\"PostToolUse\"}}\n";
    assert_eq!(
        hook(dir.path(), "post-tool-use", &tool("Read", "{\"file_path\":\"a.rs\"}"), &[]),
        (Some(0), String::new())
    );
    assert_eq!(
        hook(dir.path(), "post-tool-use", &tool("Grep", "{\"pattern\":\"x\"}"), &[]),
        (Some(0), reminder.to_string())
    );
    assert_eq!(hook(dir.path(), "post-tool-use", &tool("WebSearch", "{}"), &[]), (Some(0), String::new()));
    assert_eq!(
        hook(dir.path(), "post-tool-use", &tool("Bash", "{\"command\":\"pplan note --agent A-1 x\"}"), &[]),
        (Some(0), String::new())
    );
    assert_eq!(
        hook(dir.path(), "post-tool-use", &tool("Glob", "{}"), &[]),
        (Some(0), String::new()),
        "the save reset the count"
    );
    assert_eq!(
        hook(dir.path(), "post-tool-use", &tool("Edit", "{\"file_path\":\"/p/findings_A-1.md\"}"), &[]),
        (Some(0), String::new())
    );
    assert_eq!(hook(dir.path(), "post-tool-use", &tool("Read", "{}"), &[]), (Some(0), String::new()));
    assert_eq!(
        hook(dir.path(), "post-tool-use", &tool("Write", "{\"file_path\":\"src/x.rs\"}"), &[]),
        (Some(0), String::new())
    );
}

#[test]
fn stop_is_held_only_when_opted_in_and_only_while_something_can_advance() {
    let dir = plan();
    fs::write(dir.path().join("task_plan.md"), CANONICAL.replace("- [ ] BE-001", "- [~] BE-001"))
        .expect("plan");
    let stop = payload(dir.path(), ",\"stop_hook_active\":false");
    assert_eq!(hook(dir.path(), "stop", &stop, &[]), (Some(0), String::new()), "not opted in");
    fs::write(dir.path().join("pplan.yaml"), "gate: true\n").expect("yaml");
    let held = "{\"decision\":\"block\",\"reason\":\"pplan: group 1 is in progress (0/2 done). Continue the plan (`pplan status`), \
        or finish the group before stopping.\"}\n";
    assert_eq!(hook(dir.path(), "stop", &stop, &[]), (Some(0), held.to_string()));
    assert_eq!(hook(dir.path(), "stop", &stop, &[]), (Some(0), String::new()), "nothing advanced since");
    let active = payload(dir.path(), ",\"stop_hook_active\":true");
    fs::write(dir.path().join("task_plan.md"), CANONICAL.replace("- [ ] FE-001", "- [~] FE-001"))
        .expect("advance");
    assert_eq!(hook(dir.path(), "stop", &active, &[]), (Some(0), String::new()), "stop_hook_active");
    for n in 0..25 {
        // Each time the plan advanced a little; the cap still ends it.
        fs::write(dir.path().join("progress.md"), format!("# P {n}\n")).expect("p");
        fs::write(
            dir.path().join("task_plan.md"),
            CANONICAL.replace("- [ ] FE-001", &format!("- [~] FE-001 {n}")),
        )
        .expect("advance");
        let (_, out) = hook(dir.path(), "stop", &stop, &[]);
        assert_eq!(out.is_empty(), n >= 19, "call {n}: {out}");
    }
}

#[test]
fn user_prompt_submit_says_one_line_while_a_group_runs() {
    let dir = plan();
    assert_eq!(
        hook(dir.path(), "user-prompt-submit", &payload(dir.path(), ",\"prompt\":\"go\""), &[]).1,
        "{\"hookSpecificOutput\":{\"additionalContext\":\"pplan: group 1 (Backend and frontend) in progress, 0/2 done. `pplan status` for more.\",\"hookEventName\":\"UserPromptSubmit\"}}\n"
    );
}

#[test]
fn anything_unexpected_is_silence_and_exit_0() {
    let dir = plan();
    let ok = payload(dir.path(), "");
    for (event, body, env) in [
        ("session-start", "{not json", vec![]),
        ("session-start", "", vec![]),
        ("frobnicate", ok.as_str(), vec![]),
        ("pre-tool-use", ok.as_str(), vec![]),
        ("pre-compact", ok.as_str(), vec![]),
        ("session-start", "{\"session_id\":\"s\",\"cwd\":\"/nonexistent\"}", vec![]),
        ("session-start", ok.as_str(), vec![("PPLAN_DISABLED", "1")]),
        ("post-tool-use", "{\"cwd\":\"/\",\"tool_name\":\"Read\"}", vec![]),
    ] {
        assert_eq!(hook(dir.path(), event, body, &env), (Some(0), String::new()), "{event} {body:?} {env:?}");
    }
}
