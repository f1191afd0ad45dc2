#!/usr/bin/env bash
# Benchmark the hooks an agent host runs on every tool call and prompt, on plans of 1k / 10k /
# 100k tasks: what each event costs, and whether an event that needs nothing from the plan
# reads it.
#
#   post-tool-use (a Read: a view, counted)   needs the counters beside the plan, never the plan
#   post-tool-use (Bash `cargo build`)        neither views nor saves: answers before looking
#   user-prompt-submit                         needs the plan: one parse
# Reference: `cat task_plan.md` (the file read once, nothing parsed) and `pplan status`.
# Goal: the two post-tool-use rows flat across sizes (no read of the plan); user-prompt-submit
# within a few times `pplan status`. A benchmark reports; it does not fail on a missed goal.
#
# Usage: bench/hooks.sh   (needs cargo, python3; installs hyperfine via apt)
source "$(dirname "$0")/common.sh"

for n in 1000 10000 100000; do
  d="$work/p$n"
  mkdir -p "$d"
  python3 - "$d" "$n" <<'PY'
import sys
d, n = sys.argv[1], int(sys.argv[2])
lines = ["# Task Plan: hooks bench", "", "## Goal", "Measure the hooks.", "", "## Current Group", "Group 1", ""]
for g in range(n // 50):
    lines += [f"### Group {g + 1}: Part {g + 1}", f"- **Status:** {'in_progress' if g == 0 else 'pending'}"]
    lines += [f"- [{'~' if g == 0 else ' '}] T-{g * 50 + t:06}: Build piece {g * 50 + t}" for t in range(50)]
    lines.append("")
open(f"{d}/task_plan.md", "w").write("\n".join(lines))
PY
  read_payload="{\"session_id\":\"s$n\",\"cwd\":\"$d\",\"tool_name\":\"Read\",\"tool_input\":{\"file_path\":\"a.rs\"}}"
  other_payload="{\"session_id\":\"s$n\",\"cwd\":\"$d\",\"tool_name\":\"Bash\",\"tool_input\":{\"command\":\"cargo build\"}}"
  prompt_payload="{\"session_id\":\"s$n\",\"cwd\":\"$d\",\"prompt\":\"go\"}"
  printf '%s' "$read_payload" >"$work/read$n.json"
  printf '%s' "$other_payload" >"$work/other$n.json"
  printf '%s' "$prompt_payload" >"$work/prompt$n.json"
  hyperfine -N --warmup 3 --runs 30 --output=pipe --export-json "$work/h$n.json" \
    -n cat "cat $d/task_plan.md" \
    -n status "$bin -C $d status" \
    -n post-tool-use-read "sh -c '$bin hook post-tool-use < $work/read$n.json'" \
    -n post-tool-use-other "sh -c '$bin hook post-tool-use < $work/other$n.json'" \
    -n user-prompt-submit "sh -c '$bin hook user-prompt-submit < $work/prompt$n.json'" \
    -n sh "sh -c true" >/dev/null
  python3 - "$work/h$n.json" "$n" "$(wc -c <"$d/task_plan.md")" <<'PY'
import json, sys
rs = {r["command"]: r["median"] * 1000 for r in json.load(open(sys.argv[1]))["results"]}
sh = rs.pop("sh")
print(f"{int(sys.argv[2]):>7} tasks ({int(sys.argv[3]) // 1024} KB): medians in ms "
      f"(hooks run through sh -c, {sh:.2f} ms subtracted)")
for name, ms in rs.items():
    if name.startswith(("post", "user")):
        ms -= sh
    print(f"   {name:<22} {ms:8.2f}   {ms / rs['cat']:6.1f}x cat   {ms / rs['status']:5.2f}x status")
PY
done
