#!/usr/bin/env bash
# Opt-in check with the real agent clients (not part of CI), each against a scripted stand-in
# for its model API on 127.0.0.1 (no network, no key):
#   Claude Code (scripts/standin_api.py): `claude plugin validate --strict` on the plugin and the
#     marketplace, a hook answering from the payload's `cwd` after the model ran `cd src`, the
#     prompt line and the 2-action reminder reaching the model, SubagentStop holding a sub-agent
#     that ended without marking.
#   Gemini CLI (scripts/standin_gemini.py), wired by `pplan setup --host gemini`: the
#     SessionStart and BeforeAgent context, the 2-action reminder after `read_file`, and the
#     AfterAgent hold (`decision: deny`) coming back to the model as a new prompt, once.
#   Codex (scripts/standin_codex.py, Responses API), wired by `pplan setup --host codex`: the
#     SessionStart and UserPromptSubmit context, the skill offered from .agents/skills/, the
#     2-action reminder after `cd src && cat a.txt` and `cat b.txt`, and the Stop hold, once.
#   Copilot CLI (BYOK, the same Responses stand-in), wired by `pplan setup --host copilot`: the
#     sessionStart and userPromptSubmitted context, the reminder after two reads, the agentStop hold.
#   OpenCode (no shell hooks; its Anthropic provider pointed at the Claude stand-in), wired by
#     `pplan setup --host opencode`: /planning-parallel with its arguments and the skill reach the model.
# A client that is not installed is skipped, saying so. Install them into a scratch prefix:
#   npm install -g --prefix /tmp/hosts @anthropic-ai/claude-code @google/gemini-cli @openai/codex @github/copilot opencode-ai
#   PATH=/tmp/hosts/bin:$PATH scripts/real-hosts.sh   (or CLAUDE_BIN=…, GEMINI_BIN=…, …)
set -u
repo=$(cd "$(dirname "$0")/.." && pwd)
pplan=${PPLAN_BIN:-$repo/target/debug/pplan}
[ -x "$pplan" ] || { echo "error: no pplan at $pplan (cargo build, or set PPLAN_BIN)" >&2; exit 2; }
failed=0
pass() { echo "PASS  $*"; }
fail() { echo "FAIL  $*"; failed=1; }
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }

for host in cursor-agent; do
  command -v "$host" >/dev/null 2>&1 && echo "skip  $host: installed, but this script does not drive it" \
    || echo "skip  $host: not installed"
done

work=$(mktemp -d)
servers=""
trap 'for s in $servers; do kill "$s" 2>/dev/null; done; [ -n "${KEEP_WORK:-}" ] && echo "kept $work" || rm -rf "$work"' EXIT
# pplan on PATH through a wrapper that records every hook payload and answer.
mkdir -p "$work/bin"
cat > "$work/bin/pplan" <<WRAP
#!/usr/bin/env bash
if [ "\${1:-}" = hook ]; then
  payload=\$(cat)
  answer=\$(printf '%s' "\$payload" | "$pplan" "\$@")
  printf '{"args":"%s","payload":%s,"answer":%s}\n' "\$*" "\${payload:-null}" "\$(printf '%s' "\$answer" | python3 -c 'import json,sys; print(json.dumps(sys.stdin.read()))')" >> "\$PPLAN_HOOK_LOG"
  printf '%s' "\$answer"
  [ -n "\$answer" ] && echo
  exit 0
fi
exec "$pplan" "\$@"
WRAP
chmod +x "$work/bin/pplan"
export PATH="$work/bin:$PATH"

# A project with one group in progress: $1 is its directory.
project() {
  mkdir -p "$1/.git" "$1/src"
  cat > "$1/task_plan.md" <<'PLAN'
# Task Plan: Checkout service

## Goal
Ship a checkout API and UI that pass the end-to-end suite.

## Current Group
Group 1

### Group 1: Backend and frontend
- **Status:** in_progress
- [ ] BE-001: Build the payment endpoints
- [ ] FE-001: Build the cart page
PLAN
  echo "alpha" > "$1/src/a.txt"; echo "beta" > "$1/src/b.txt"
}

run_claude() {
  client claude CLAUDE_BIN @anthropic-ai/claude-code || return 0
  local claude=$bin
  local dir=$work/claude
  project "$dir/proj"
  echo "gate: true" > "$dir/proj/pplan.yaml"   # the stop hook may hold a stop
  mkdir -p "$dir/home"
  export PPLAN_HOOK_LOG=$dir/hooks.jsonl
  (cd "$dir/proj" && pplan --json spawn BE-001) \
    | python3 -c 'import json,sys; print(json.load(sys.stdin)["agents"][0]["brief"])' > "$dir/brief.txt"

  for target in "$repo" "$repo/.claude-plugin/marketplace.json"; do
    if "$claude" plugin validate --strict "$target" >"$dir/validate.txt" 2>&1; then
      pass "claude plugin validate --strict ${target#$repo/}"
    else
      fail "claude plugin validate --strict ${target#$repo/}: $(tr '\n' ' ' < "$dir/validate.txt")"
    fi
  done

  standin standin_api.py "$dir" "$dir/proj" "$dir/brief.txt"
  (cd "$dir/proj" && HOME=$dir/home ANTHROPIC_BASE_URL=http://127.0.0.1:$port ANTHROPIC_API_KEY=sk-standin-not-a-key \
    DISABLE_TELEMETRY=1 CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1 timeout 180 "$claude" -p "Work on the plan." \
    --plugin-dir "$repo" --allowedTools "Bash,Read,Task,Agent" --output-format text >"$dir/claude.out" 2>&1)
  ran claude "$dir" $?

  local after_cd
  after_cd=$(python3 -c '
import json, sys
for line in open(sys.argv[1]):
    h = json.loads(line)
    p = h["payload"] or {}
    if h["args"].endswith("post-tool-use") and str(p.get("cwd", "")).endswith("/src") and h["answer"]:
        print(p["cwd"]); break
' "$dir/hooks.jsonl" 2>/dev/null)
  [ -n "$after_cd" ] && pass "claude: a hook whose payload cwd is \`$after_cd\` (after \`cd src\`) found the plan and answered" \
    || fail "claude: no hook answered from the payload cwd src/ (after \`cd src\`)"
  seen "$dir" 'pplan: group 1 (Backend and frontend) in progress' \
    "claude UserPromptSubmit: the plan line reached the model"
  seen "$dir" 'pplan 2-action rule' "claude PostToolUse after \`cd src\`: the 2-action reminder reached the model"
  seen "$dir" 'task BE-001 is still IN_PROGRESS' \
    "claude SubagentStop: the unmarked sub-agent was held with the command to mark"
  local background
  background=$(python3 -c '
import json, sys
for line in open(sys.argv[1]):
    h = json.loads(line)
    if h["args"].endswith(" stop"):
        tasks = (h["payload"] or {}).get("background_tasks") or []
        if any(t.get("status") == "running" for t in tasks) and not h["answer"]:
            print(json.dumps(tasks[0]))
' "$dir/hooks.jsonl" 2>/dev/null)
  [ -n "$background" ] && pass "claude Stop: not held while \`background_tasks\` lists $background" \
    || fail "claude Stop: no Stop payload with a running background task left unheld"
  [ "$failed" = 0 ] || { echo "--- claude output"; cat "$dir/claude.out"; }
}

# `client NAME VAR PACKAGE`: the client's binary in $bin (VAR overrides the PATH), or a skip line
# and a failed return.
client() {
  bin=${!2:-$(command -v "$1" || true)}
  if [ -z "$bin" ] || [ ! -x "$bin" ]; then
    echo "skip  $1: not installed (npm install -g $3, or set $2)"
    return 1
  fi
  echo "$1: $("$bin" --version 2>/dev/null | head -1)"
}

# `wired DIR HOST`: a project in DIR/proj wired by `pplan setup --host HOST`, whose stop hook may
# hold a stop (`gate: true`), its hook calls logged in DIR/hooks.jsonl.
wired() {
  project "$1/proj"
  echo "gate: true" > "$1/proj/pplan.yaml"
  (cd "$1/proj" && pplan setup --host "$2" >/dev/null)
  mkdir -p "$1/home"
  export PPLAN_HOOK_LOG=$1/hooks.jsonl
}

# `standin SCRIPT DIR [ARGS…]`: the stand-in API on a free port ($port), logging to DIR.
standin() {
  port=$(free_port)
  python3 "$repo/scripts/$1" "$port" "$2/requests.jsonl" "${@:3}" &
  servers="$servers $!"
  sleep 1
}

# `ran NAME DIR CODE`: how the run went, and which hooks it called.
ran() {
  echo "$1 exited $3 after $(wc -l < "$2/requests.jsonl") requests to the stand-in"
  echo "hooks called: $(cut -d'"' -f4 "$2/hooks.jsonl" 2>/dev/null | sort | uniq -c | tr -s ' ' | tr '\n' ';')"
}

# `held_once NAME DIR DECISION EVENT`: the stop was held exactly once (then stop_hook_active).
held_once() {
  local holds; holds=$(grep -c "\"decision\\\\\":\\\\\"$3" "$2/hooks.jsonl" 2>/dev/null)
  [ "$holds" = 1 ] && pass "$1 $4: held once, then let go (stop_hook_active)" \
    || fail "$1 $4: held $holds times, expected once"
}

run_gemini() {
  client gemini GEMINI_BIN @google/gemini-cli || return 0
  local dir=$work/gemini
  wired "$dir" gemini
  # Gemini CLI loads a project's hooks only in a trusted folder (`--skip-trust` does not load them).
  mkdir -p "$dir/home/.gemini"
  printf '{"security":{"auth":{"selectedType":"gemini-api-key"}}}\n' > "$dir/home/.gemini/settings.json"
  printf '{"%s":"TRUST_FOLDER"}\n' "$dir/proj" > "$dir/home/.gemini/trustedFolders.json"
  standin standin_gemini.py "$dir"
  (cd "$dir/proj" && HOME=$dir/home GEMINI_API_KEY=standin-not-a-key GOOGLE_GEMINI_BASE_URL=http://127.0.0.1:$port \
    timeout 180 "$bin" -p "Work on the plan." --yolo >"$dir/gemini.out" 2>&1)
  ran gemini "$dir" $?
  seen "$dir" 'pplan: where the plan stands' "gemini SessionStart: the reboot context reached the model"
  seen "$dir" 'pplan: group 1 (Backend and frontend) in progress' "gemini BeforeAgent: the plan line reached the model"
  seen "$dir" 'pplan 2-action rule' "gemini AfterTool: the 2-action reminder reached the model after two read_file"
  seen "$dir" 'pplan: group 1 is in progress' "gemini AfterAgent: the held stop came back to the model as a prompt"
  held_once gemini "$dir" deny AfterAgent
}

run_codex() {
  client codex CODEX_BIN @openai/codex || return 0
  local dir=$work/codex
  wired "$dir" codex
  standin standin_codex.py "$dir" "$dir/proj"
  mkdir -p "$dir/home/.codex"
  cat > "$dir/home/.codex/config.toml" <<TOML
model = "standin"
model_provider = "standin"
[model_providers.standin]
name = "standin"
base_url = "http://127.0.0.1:$port/v1"
wire_api = "responses"
env_key = "STANDIN_KEY"
TOML
  # Codex loads a project's .codex/ only in a trusted project (--trust records it in the scratch
  # CODEX_HOME), and runs its hooks only once trusted (`/hooks` in a session); this one-shot run
  # vouches for them with --dangerously-bypass-hook-trust instead.
  (cd "$dir/proj" && HOME=$dir/home CODEX_HOME=$dir/home/.codex STANDIN_KEY=standin-not-a-key \
    timeout 180 "$bin" exec --skip-git-repo-check --trust --dangerously-bypass-hook-trust \
    --dangerously-bypass-approvals-and-sandbox "Work on the plan." >"$dir/codex.out" 2>&1)
  ran codex "$dir" $?
  seen "$dir" 'pplan: where the plan stands' "codex SessionStart: the reboot context reached the model"
  seen "$dir" 'pplan: group 1 (Backend and frontend) in progress' "codex UserPromptSubmit: the plan line reached the model"
  seen "$dir" '(file: ' "codex: the pplan skill was offered from .agents/skills/"
  seen "$dir" 'pplan 2-action rule' "codex PostToolUse: \`cd src && cat a.txt\` then \`cat b.txt\` brought the 2-action reminder"
  seen "$dir" 'pplan: group 1 is in progress' "codex Stop: the held stop came back to the model"
  held_once codex "$dir" block Stop
}

run_copilot() {
  client copilot COPILOT_BIN @github/copilot || return 0
  local dir=$work/copilot
  wired "$dir" copilot
  # Copilot CLI loads a repository's .github/hooks/ only in a trusted folder.
  mkdir -p "$dir/home/.copilot"
  printf '{"trustedFolders":["%s"]}\n' "$dir/proj" > "$dir/home/.copilot/config.json"
  standin standin_codex.py "$dir" "$dir/proj"
  # BYOK: no GitHub sign-in; the Responses API of the stand-in.
  (cd "$dir/proj" && HOME=$dir/home COPILOT_PROVIDER_BASE_URL=http://127.0.0.1:$port/v1 \
    COPILOT_PROVIDER_WIRE_API=responses COPILOT_MODEL=gpt-5.4 COPILOT_PROVIDER_API_KEY=standin-not-a-key \
    timeout 180 "$bin" -p "Work on the plan." --allow-all-tools >"$dir/copilot.out" 2>&1)
  ran copilot "$dir" $?
  seen "$dir" 'pplan: where the plan stands' "copilot sessionStart: the reboot context reached the model"
  seen "$dir" 'pplan: group 1 (Backend and frontend) in progress' "copilot userPromptSubmitted: the plan line reached the model"
  seen "$dir" 'pplan 2-action rule' "copilot postToolUse: two reads through bash brought the 2-action reminder"
  seen "$dir" 'pplan: group 1 is in progress' "copilot agentStop: the held stop came back to the model"
  held_once copilot "$dir" block agentStop
}

run_opencode() {
  client opencode OPENCODE_BIN opencode-ai || return 0
  local dir=$work/opencode
  project "$dir/proj"
  (cd "$dir/proj" && pplan setup --host opencode >/dev/null)
  standin standin_api.py "$dir" "$dir/proj"
  # Its Anthropic provider pointed at the Claude stand-in, which answers "ok" to a client whose
  # shell tool is not `Bash`: this run checks what OpenCode puts in front of the model.
  cat > "$dir/proj/opencode.json" <<JSON
{"provider": {"anthropic": {"options": {"baseURL": "http://127.0.0.1:$port/v1", "apiKey": "standin-not-a-key"}}},
 "model": "anthropic/claude-sonnet-4-5"}
JSON
  (cd "$dir/proj" && HOME=$dir/home timeout 180 "$bin" run --command planning-parallel "ship the checkout" \
    >"$dir/opencode.out" 2>&1)
  ran opencode "$dir" $?
  seen "$dir" 'The user'"'"'s goal (may be empty): \"ship the checkout\"' \
    "opencode: /planning-parallel from .opencode/command/ reached the model with its arguments"
  seen "$dir" 'Plan and run multi-step work as groups of parallel sub-agents' \
    "opencode: the pplan skill from .agents/skills/ was offered to the model"
}

# `seen DIR TEXT WHAT`: TEXT appears in a request the client sent to its stand-in.
seen() {
  if grep -qF -- "$2" "$1/requests.jsonl" 2>/dev/null; then pass "$3"; else fail "$3 (not seen)"; fi
}

run_claude
run_gemini
run_codex
run_copilot
run_opencode
exit "$failed"
