#!/usr/bin/env bash
# Opt-in check with the real agent clients (not part of CI): the hooks fire after the model
# runs `cd`, SubagentStop holds a sub-agent that ended without marking, and the hooks' answers
# reach the model; plus `claude plugin validate --strict` on the plugin and the marketplace.
#
# The model is a scripted stand-in (scripts/standin_api.py) on 127.0.0.1: no network, no key.
# A client that is not installed is skipped, saying so. Install Claude Code into a scratch
# prefix with:  npm install -g --prefix /tmp/hosts @anthropic-ai/claude-code
# then run:     CLAUDE_BIN=/tmp/hosts/bin/claude scripts/real-hosts.sh
set -u
repo=$(cd "$(dirname "$0")/.." && pwd)
pplan=${PPLAN_BIN:-$repo/target/debug/pplan}
[ -x "$pplan" ] || { echo "error: no pplan at $pplan (cargo build, or set PPLAN_BIN)" >&2; exit 2; }
failed=0
pass() { echo "PASS  $*"; }
fail() { echo "FAIL  $*"; failed=1; }

for host in codex gemini copilot opencode cursor-agent; do
  command -v "$host" >/dev/null 2>&1 || echo "skip  $host: not installed"
  command -v "$host" >/dev/null 2>&1 && echo "skip  $host: installed, but this script drives only Claude Code so far"
done

claude=${CLAUDE_BIN:-$(command -v claude || true)}
if [ -z "$claude" ] || [ ! -x "$claude" ]; then
  echo "skip  claude: not installed (npm install -g @anthropic-ai/claude-code, or set CLAUDE_BIN)"
  exit 0
fi
echo "claude: $("$claude" --version 2>/dev/null)"

work=$(mktemp -d)
trap 'kill "$server" 2>/dev/null; [ -n "${KEEP_WORK:-}" ] && echo "kept $work" || rm -rf "$work"' EXIT
# pplan on PATH through a wrapper that records every hook payload and answer.
mkdir -p "$work/bin"
cat > "$work/bin/pplan" <<WRAP
#!/usr/bin/env bash
if [ "\${1:-}" = hook ]; then
  payload=\$(cat)
  answer=\$(printf '%s' "\$payload" | "$pplan" "\$@")
  printf '{"args":"%s","payload":%s,"answer":%s}\n' "\$*" "\${payload:-null}" "\$(printf '%s' "\$answer" | python3 -c 'import json,sys; print(json.dumps(sys.stdin.read()))')" >> "$work/hooks.jsonl"
  printf '%s' "\$answer"
  [ -n "\$answer" ] && echo
  exit 0
fi
exec "$pplan" "\$@"
WRAP
chmod +x "$work/bin/pplan"
export HOME=$work/home PATH="$work/bin:$PATH"
mkdir -p "$HOME" "$work/proj/.git" "$work/proj/src"
cd "$work/proj" || exit 2
cat > task_plan.md <<'PLAN'
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
echo "alpha" > src/a.txt; echo "beta" > src/b.txt
pplan --json spawn BE-001 | python3 -c 'import json,sys; print(json.load(sys.stdin)["agents"][0]["brief"])' > "$work/brief.txt"

for target in "$repo" "$repo/.claude-plugin/marketplace.json"; do
  if "$claude" plugin validate --strict "$target" >"$work/validate.txt" 2>&1; then
    pass "claude plugin validate --strict ${target#$repo/}"
  else
    fail "claude plugin validate --strict ${target#$repo/}: $(tr '\n' ' ' < "$work/validate.txt")"
  fi
done

port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
python3 "$repo/scripts/standin_api.py" "$port" "$work/requests.jsonl" "$work/proj" "$work/brief.txt" &
server=$!
sleep 1
ANTHROPIC_BASE_URL=http://127.0.0.1:$port ANTHROPIC_API_KEY=sk-standin-not-a-key DISABLE_TELEMETRY=1 \
  CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1 timeout 180 "$claude" -p "Work on the plan." \
  --plugin-dir "$repo" --allowedTools "Bash,Read,Task,Agent" --output-format text >"$work/claude.out" 2>&1
echo "claude exited $? after $(wc -l < "$work/requests.jsonl") requests to the stand-in"

echo "hooks called: $(cut -d'"' -f4 "$work/hooks.jsonl" 2>/dev/null | sort | uniq -c | tr -s ' ' | tr '\n' ';')"
after_cd=$(python3 -c '
import json, sys
for line in open(sys.argv[1]):
    h = json.loads(line)
    p = h["payload"] or {}
    if h["args"].endswith("post-tool-use") and str(p.get("cwd", "")).endswith("/src") and h["answer"]:
        print(p["cwd"]); break
' "$work/hooks.jsonl" 2>/dev/null)
[ -n "$after_cd" ] && pass "a hook whose payload cwd is \`$after_cd\` (after \`cd src\`) found the plan and answered" \
  || fail "no hook answered from the payload cwd src/ (after \`cd src\`)"
seen() { grep -c -- "$1" "$work/requests.jsonl" 2>/dev/null || true; }
[ "$(seen 'pplan: group 1 (Backend and frontend) in progress')" -gt 0 ] \
  && pass "UserPromptSubmit: the plan line reached the model" || fail "UserPromptSubmit: the plan line never reached the model"
[ "$(seen 'pplan 2-action rule')" -gt 0 ] \
  && pass "PostToolUse after \`cd src\`: the 2-action reminder reached the model" \
  || fail "PostToolUse after \`cd src\`: no 2-action reminder reached the model"
[ "$(seen 'task BE-001 is still IN_PROGRESS')" -gt 0 ] \
  && pass "SubagentStop: the unmarked sub-agent was held with the command to mark" \
  || fail "SubagentStop: the unmarked sub-agent was not held"
[ "$failed" = 0 ] || { echo "--- claude output"; cat "$work/claude.out"; }
exit "$failed"
