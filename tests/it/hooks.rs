//! Agent-host hooks: recorded payloads for every event, and the bad ones; exact output, exit 0.

use std::fs;
use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

use crate::harness::{BIN, TempDir, pplan};
use crate::set::CANONICAL;

fn hook(dir: &Path, event: &str, payload: &str, env: &[(&str, &str)]) -> (Option<i32>, String) {
    let _ = dir;
    run_hook(&["hook", event], payload, env)
}

/// `pplan ARGS` in `/`, the payload on stdin, none of the variables that point at a plan set but
/// those in `env`: its exit code and stdout.
fn run_hook(args: &[&str], payload: &str, env: &[(&str, &str)]) -> (Option<i32>, String) {
    let mut cmd = Command::new(BIN);
    cmd.args(args).current_dir("/");
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
         What have I done? 0/3 tasks done, 0/2 groups done\n\
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
        Save what you learned now: `pplan note --agent TASK-ID \\\"what you found\\\"` (sub-agent) or add it to findings.md.\",\"hookEventName\":\"PostToolUse\"}}\n";
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
        ("session-start", "{\"session_id\":\"s\",\"cwd\":\"/nonexistent\"}", vec![]),
        ("session-start", ok.as_str(), vec![("PPLAN_DISABLED", "1")]),
        ("post-tool-use", "{\"cwd\":\"/\",\"tool_name\":\"Read\"}", vec![]),
    ] {
        assert_eq!(hook(dir.path(), event, body, &env), (Some(0), String::new()), "{event} {body:?} {env:?}");
    }
}

/// The hook of `host` for `event`, run in `/` with `env`; it always exits 0.
fn host_hook(host: &str, event: &str, payload: &str, env: &[(&str, &str)]) -> String {
    let (code, out) = run_hook(&["hook", "--host", host, event], payload, env);
    assert_eq!(code, Some(0));
    out
}

const PROMPT_LINE: &str = "{\"hookSpecificOutput\":{\"additionalContext\":\"pplan: group 1 (Backend and frontend) in progress, 0/2 done. `pplan status` for more.\",\"hookEventName\":\"UserPromptSubmit\"}}\n";

#[test]
fn hooks_still_find_the_plan_after_the_model_runs_cd() {
    let dir = plan();
    fs::create_dir_all(dir.path().join(".git")).expect("git");
    fs::create_dir_all(dir.path().join("src/deep")).expect("src");
    let home = dir.path().display().to_string();
    let body =
        payload(&dir.path().join("src/deep"), ",\"hook_event_name\":\"UserPromptSubmit\",\"prompt\":\"go\"");
    assert_eq!(
        hook(dir.path(), "user-prompt-submit", &body, &[("HOME", &home)]),
        (Some(0), PROMPT_LINE.into())
    );
}

#[test]
fn hooks_fall_back_to_the_hosts_project_dir() {
    let dir = plan();
    let elsewhere = TempDir::new();
    let body = payload(elsewhere.path(), ",\"prompt\":\"go\"");
    let project = dir.path().display().to_string();
    assert_eq!(hook(dir.path(), "user-prompt-submit", &body, &[]), (Some(0), String::new()));
    for var in ["CLAUDE_PROJECT_DIR", "GEMINI_PROJECT_DIR"] {
        assert_eq!(
            hook(dir.path(), "user-prompt-submit", &body, &[(var, &project)]),
            (Some(0), PROMPT_LINE.into())
        );
    }
}

/// A sub-agent's transcript whose first user message is pplan's brief for `id`.
fn transcript(dir: &Path, id: &str) -> String {
    let path = dir.join(format!("agent-{id}.jsonl"));
    let brief = format!("## Agent {id}: Build the payment endpoints (group 1)\\nPlan dir: {}", dir.display());
    fs::write(
        &path,
        format!(
            "{{\"type\":\"user\",\"isSidechain\":true,\"message\":{{\"role\":\"user\",\"content\":\"{brief}\"}}}}\n\
             {{\"type\":\"assistant\",\"message\":{{\"role\":\"assistant\",\"content\":[{{\"type\":\"text\",\"text\":\"done\"}}]}}}}\n"
        ),
    )
    .expect("transcript");
    path.display().to_string()
}

fn subagent_stop(dir: &Path, agent: &str, transcript: &str, active: bool) -> String {
    payload(
        dir,
        &format!(
            ",\"permission_mode\":\"default\",\"hook_event_name\":\"SubagentStop\",\"stop_hook_active\":{active},\
             \"agent_id\":\"{agent}\",\"agent_type\":\"general-purpose\",\"agent_transcript_path\":\"{transcript}\",\
             \"last_assistant_message\":\"done\""
        ),
    )
}

#[test]
fn subagent_stop_holds_an_unmarked_sub_agent_once_with_the_command_to_mark() {
    let dir = plan();
    assert_eq!(pplan(dir.path(), &["spawn", "BE-001"]).0, Some(0));
    let t = transcript(dir.path(), "BE-001");
    let held = "{\"decision\":\"block\",\"reason\":\"pplan: task BE-001 is still IN_PROGRESS. Before you stop, mark it: \
        `pplan mark --agent BE-001 COMPLETE`, or `pplan mark --agent BE-001 CONTINUATION_REQUIRED --resume-from \\\"<next step>\\\"`, \
        or `pplan mark --agent BE-001 BLOCKED --reason \\\"<why>\\\"`.\"}\n";
    assert_eq!(
        hook(dir.path(), "subagent-stop", &subagent_stop(dir.path(), "a1f", &t, true), &[]).1,
        "",
        "stop_hook_active"
    );
    assert_eq!(hook(dir.path(), "subagent-stop", &subagent_stop(dir.path(), "a1f", &t, false), &[]).1, held);
    assert_eq!(
        hook(dir.path(), "subagent-stop", &subagent_stop(dir.path(), "a1f", &t, false), &[]).1,
        "",
        "once"
    );
    // Another sub-agent on the same task is held in its turn; once marked, nothing is held.
    assert_eq!(hook(dir.path(), "subagent-stop", &subagent_stop(dir.path(), "b2e", &t, false), &[]).1, held);
    assert_eq!(pplan(dir.path(), &["mark", "--agent", "BE-001", "COMPLETE"]).0, Some(0));
    assert_eq!(hook(dir.path(), "subagent-stop", &subagent_stop(dir.path(), "c3d", &t, false), &[]).1, "");
    // A transcript without pplan's brief (not a pplan sub-agent): silence.
    let other = dir.path().join("other.jsonl");
    fs::write(&other, "{\"type\":\"user\",\"message\":{\"content\":\"review the diff\"}}\n").expect("t");
    let body = subagent_stop(dir.path(), "d4c", &other.display().to_string(), false);
    assert_eq!(hook(dir.path(), "subagent-stop", &body, &[]).1, "");
}

/// Claude Code 2.1.197, seen with the real client: the sub-agent's transcript is written only after
/// its SubagentStop hook ran; the `.meta.json` beside it names the tool call whose prompt (the
/// brief) is already in the session's transcript.
#[test]
fn subagent_stop_finds_the_task_through_the_tool_call_when_the_transcript_is_not_written_yet() {
    let dir = plan();
    assert_eq!(pplan(dir.path(), &["spawn", "BE-001"]).0, Some(0));
    let session = dir.path().join("session.jsonl");
    // A long session: the call that started the sub-agent comes after 9 MiB of earlier turns.
    let earlier = "{\"type\":\"user\",\"message\":{\"role\":\"user\",\"content\":\"é earlier turn\"}}\n"
        .repeat(150_000);
    assert!(earlier.len() > 9 << 20);
    fs::write(
        &session,
        earlier + "{\"type\":\"user\",\"message\":{\"role\":\"user\",\"content\":\"Work on the plan.\"}}\n\
         {\"type\":\"assistant\",\"message\":{\"content\":[{\"type\":\"tool_use\",\"id\":\"tu_9\",\"name\":\"Agent\",\
         \"input\":{\"description\":\"FE\",\"prompt\":\"## Agent FE-001: Build the cart page (group 1)\"}}]}}\n\
         {\"type\":\"assistant\",\"message\":{\"content\":[{\"type\":\"tool_use\",\"id\":\"tu_4\",\"name\":\"Agent\",\
         \"input\":{\"description\":\"BE\",\"prompt\":\"## Agent BE-001: Build the payment endpoints (group 1)\"}}]}}\n",
    )
    .expect("session");
    let sub = dir.path().join("subagents");
    fs::create_dir_all(&sub).expect("subagents");
    fs::write(sub.join("agent-a7.meta.json"), "{\"agentType\":\"general-purpose\",\"toolUseId\":\"tu_4\"}")
        .expect("meta");
    let body = |meta_named: &str| {
        format!(
            "{{\"session_id\":\"s-2\",\"transcript_path\":\"{}\",\"cwd\":\"{}\",\"hook_event_name\":\"SubagentStop\",\
             \"stop_hook_active\":false,\"agent_id\":\"{meta_named}\",\"agent_transcript_path\":\"{}\"}}",
            session.display(),
            dir.path().display(),
            sub.join(format!("agent-{meta_named}.jsonl")).display()
        )
    };
    let out = hook(dir.path(), "subagent-stop", &body("a7"), &[]).1;
    assert!(
        out.starts_with("{\"decision\":\"block\",\"reason\":\"pplan: task BE-001 is still IN_PROGRESS."),
        "{out}"
    );
    // No transcript and no meta file: not known to be pplan's sub-agent, silence.
    assert_eq!(hook(dir.path(), "subagent-stop", &body("b8"), &[]).1, "");
}

#[test]
fn a_sub_agents_reads_are_counted_apart_from_the_main_agents() {
    let dir = plan();
    let read = |agent: &str| {
        let agent = if agent.is_empty() {
            String::new()
        } else {
            format!(",\"agent_id\":\"{agent}\",\"agent_type\":\"Explore\"")
        };
        payload(
            dir.path(),
            &format!(",\"tool_name\":\"Read\",\"tool_input\":{{\"file_path\":\"a.rs\"}}{agent}"),
        )
    };
    assert_eq!(hook(dir.path(), "post-tool-use", &read(""), &[]).1, "");
    assert_eq!(hook(dir.path(), "post-tool-use", &read("a7"), &[]).1, "", "the sub-agent's first read");
    assert!(hook(dir.path(), "post-tool-use", &read(""), &[]).1.contains("2-action rule"));
}

/// Copilot CLI 1.0.102 names its session `sessionId` (seen with the real client): two sessions
/// count their reads apart.
#[test]
fn copilot_sessions_are_counted_apart() {
    let dir = plan();
    let read = |session: &str| {
        format!(
            "{{\"sessionId\":\"{session}\",\"cwd\":\"{}\",\"toolName\":\"view\",\"toolArgs\":\"{{\\\"path\\\":\\\"a.rs\\\"}}\"}}",
            dir.path().display()
        )
    };
    assert_eq!(host_hook("copilot", "post-tool-use", &read("one"), &[]), "");
    assert_eq!(host_hook("copilot", "post-tool-use", &read("two"), &[]), "", "another session's first read");
    assert!(host_hook("copilot", "post-tool-use", &read("one"), &[]).contains("2-action rule"));
}

#[test]
fn stop_is_not_held_while_background_tasks_run() {
    let dir = plan();
    fs::write(dir.path().join("task_plan.md"), CANONICAL.replace("- [ ] BE-001", "- [~] BE-001"))
        .expect("plan");
    fs::write(dir.path().join("pplan.yaml"), "gate: true\n").expect("yaml");
    let running = payload(
        dir.path(),
        ",\"stop_hook_active\":false,\"background_tasks\":[{\"id\":\"bff0vmilh\",\"type\":\"shell\",\"status\":\"running\",\"description\":\"wait\",\"command\":\"sleep 8\"}]",
    );
    assert_eq!(hook(dir.path(), "stop", &running, &[]).1, "");
    let finished = payload(
        dir.path(),
        ",\"stop_hook_active\":false,\"background_tasks\":[{\"id\":\"b1\",\"type\":\"agent\",\"status\":\"completed\"}]",
    );
    assert!(hook(dir.path(), "stop", &finished, &[]).1.starts_with("{\"decision\":\"block\""));
}

#[test]
fn pre_compact_says_what_the_compaction_must_keep() {
    let dir = plan();
    assert_eq!(pplan(dir.path(), &["spawn", "BE-001", "FE-001"]).0, Some(0));
    assert_eq!(pplan(dir.path(), &["mark", "--agent", "FE-001", "COMPLETE"]).0, Some(0));
    let (code, _, err) = pplan(
        dir.path(),
        &["error", "BE-001", "--error", "401 from the gateway", "--approach", "static key"],
    );
    assert_eq!(code, Some(0), "{err}");
    let real = fs::canonicalize(dir.path()).expect("real");
    let body = payload(
        dir.path(),
        ",\"hook_event_name\":\"PreCompact\",\"trigger\":\"auto\",\"custom_instructions\":\"\"",
    );
    assert_eq!(
        hook(dir.path(), "pre-compact", &body, &[]).1,
        format!(
            "pplan: keep these in the summary. Plan dir: {} (`pplan reboot` there restores the rest).\n\
             Current group: 1 (Backend and frontend), in_progress, 0/2 done.\n\
             Agents running: 1 (BE-001).\n\
             Open strikes: BE-001 (1 of 3) (never repeat a failed approach).\n",
            real.display()
        )
    );
}

#[test]
fn the_prompt_line_summarises_fifty_agents_and_names_the_blocked() {
    let dir = TempDir::new();
    let mut text = String::from(
        "# Task Plan: Wide\n\n## Goal\nMany.\n\n### Group 1: Fan out\n- **Status:** in_progress\n",
    );
    for n in 1..=50 {
        text.push_str(&format!("- [ ] T-{n:02}: Task {n}\n"));
    }
    fs::write(dir.path().join("task_plan.md"), text).expect("plan");
    assert_eq!(pplan(dir.path(), &["spawn"]).0, Some(0));
    for id in ["T-07", "T-31"] {
        assert_eq!(
            pplan(dir.path(), &["mark", "--agent", id, "BLOCKED", "--reason", "needs the staging key"]).0,
            Some(0)
        );
    }
    let out = hook(dir.path(), "user-prompt-submit", &payload(dir.path(), ",\"prompt\":\"go\""), &[]).1;
    let json: serde_json::Value = serde_json::from_str(&out).expect("json");
    let line = json["hookSpecificOutput"]["additionalContext"].as_str().expect("line");
    assert_eq!(
        line,
        "pplan: group 1 (Fan out) in progress, 0/50 done; agents: 50 open (2 BLOCKED (T-07, T-31), 48 IN_PROGRESS), \
         `pplan poll` shows each and why. `pplan status` for more."
    );
    assert!(line.len() <= 300);
}

#[test]
fn reads_are_counted_by_what_they_do_on_every_host() {
    let dir = plan();
    let tool = |session: &str, name: &str, input: &str| {
        format!(
            "{{\"session_id\":\"{session}\",\"cwd\":\"{}\",\"tool_name\":\"{name}\",\"tool_input\":{input}}}",
            dir.path().display()
        )
    };
    // Codex: reads go through its shell tool.
    assert_eq!(
        hook(dir.path(), "post-tool-use", &tool("cx", "Bash", "{\"command\":\"cat src/a.rs\"}"), &[]).1,
        ""
    );
    assert_eq!(
        hook(dir.path(), "post-tool-use", &tool("cx", "Bash", "{\"command\":\"cargo build\"}"), &[]).1,
        ""
    );
    let out = host_hook(
        "codex",
        "post-tool-use",
        &tool("cx", "Bash", "{\"command\":\"sed -n 1,80p src/a.rs\"}"),
        &[],
    );
    assert!(out.starts_with("{\"hookSpecificOutput\":{\"additionalContext\":\"pplan 2-action rule"), "{out}");
    // Gemini CLI: its own tool names, answered as AfterTool.
    assert_eq!(
        host_hook("gemini", "post-tool-use", &tool("gm", "read_file", "{\"file_path\":\"a.rs\"}"), &[]),
        ""
    );
    let out = host_hook("gemini", "post-tool-use", &tool("gm", "grep_search", "{\"pattern\":\"x\"}"), &[]);
    assert!(out.ends_with("\"hookEventName\":\"AfterTool\"}}\n"), "{out}");
    // Names the hosts no longer have are not counted.
    for gone in ["LS", "NotebookRead", "MultiEdit"] {
        assert_eq!(hook(dir.path(), "post-tool-use", &tool("old", gone, "{}"), &[]).1, "", "{gone}");
    }
}

/// What the real Codex sent (0.169): a read after a `cd`, then one run in another directory.
#[test]
fn a_read_after_a_cd_is_a_read() {
    let dir = plan();
    let tool = |command: &str| {
        format!(
            "{{\"session_id\":\"cx\",\"cwd\":\"{}\",\"tool_name\":\"Bash\",\"tool_input\":{{\"command\":{}}}}}",
            dir.path().display(),
            serde_json::Value::from(command)
        )
    };
    assert_eq!(host_hook("codex", "post-tool-use", &tool("cd src && cat a.txt"), &[]), "");
    let out = host_hook("codex", "post-tool-use", &tool("cat b.txt | head -5"), &[]);
    assert!(out.starts_with("{\"hookSpecificOutput\":{\"additionalContext\":\"pplan 2-action rule"), "{out}");
    // A step that does something else, or a redirect, is not a read.
    for other in ["cd src && cargo test", "cat a.txt > b.txt", "cd src", "ls; rm -rf build"] {
        assert_eq!(host_hook("codex", "post-tool-use", &tool(other), &[]), "", "{other}");
    }
}

#[test]
fn a_held_stop_is_answered_in_each_hosts_format() {
    let dir = plan();
    fs::write(dir.path().join("task_plan.md"), CANONICAL.replace("- [ ] BE-001", "- [~] BE-001"))
        .expect("plan");
    fs::write(dir.path().join("pplan.yaml"), "gate: true\n").expect("yaml");
    let reason = "pplan: group 1 is in progress (0/2 done). Continue the plan (`pplan status`), or finish the group before stopping.";
    for (host, session, want) in [
        ("gemini", "g", serde_json::json!({"decision": "deny", "reason": reason})),
        ("copilot", "p", serde_json::json!({"decision": "block", "reason": reason})),
        ("cursor", "c", serde_json::json!({"followup_message": reason})),
    ] {
        let body = format!("{{\"session_id\":\"{session}\",\"cwd\":\"{}\"}}", dir.path().display());
        assert_eq!(host_hook(host, "stop", &body, &[]), format!("{want}\n"), "{host}");
    }
}
