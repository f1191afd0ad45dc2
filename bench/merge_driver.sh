#!/usr/bin/env bash
# Benchmark `pplan merge-driver` on a large plan: 10,000 tasks in 100 groups, an errors table of
# 1,000 rows, and a progress log of 5,000 entries. Ours ticks 500 tasks and appends 100 error
# rows and 200 log entries; theirs ticks 500 other tasks (many on lines adjacent to ours) and
# appends its own 100 rows and 200 entries. Reference: `git merge-file -p` on the same three
# files (a plain text merge, which conflicts on these inputs).
# The outputs are checked first: pplan merges cleanly and keeps every tick, row and entry.
source "$(dirname "$0")/common.sh"
python3 - "$work" <<'PY'
import random, sys
d = sys.argv[1]
rnd = random.Random(20261121)
tasks = [f"- [ ] T-{i:05}: task number {i}" for i in range(10000)]
def plan(ticks, rows):
    t = list(tasks)
    for i in ticks:
        t[i] = t[i].replace("- [ ]", "- [x]", 1)
    lines = ["# Task Plan: driver bench", "", "## Goal", "Merge fast.", "", "## Current Group", "Group 1", ""]
    for g in range(100):
        lines += [f"### Group {g + 1}: part {g}", "- **Status:** in_progress"] + t[g * 100:(g + 1) * 100] + [""]
    lines += ["## Errors Encountered", "| Error | Task | Attempt | Approach | Resolution |", "|---|---|---|---|---|"]
    lines += [f"| failure {i} | T-{i:05} | 1 | approach {i} | fixed |" for i in range(1000)] + rows
    return "\n".join(lines) + "\n"
def log(extra):
    entries = [f"### 2026-11-{1 + i // 1440:02}T{(i // 60) % 24:02}:{i % 60:02}:00Z\nentry {i}\n" for i in range(5000)]
    return "# Progress\n\n" + "\n".join(entries + extra)
picks = rnd.sample(range(0, 10000, 2), 500)
ours_ticks = picks
theirs_ticks = [p + 1 for p in picks]  # the next line: adjacent to each of ours
rows = lambda side: [f"| {side} failure {i} | T-{i:05} | 2 | {side} way {i} | |" for i in range(100)]
entries = lambda side, minute: [f"### 2026-11-30T{(i // 60) % 24:02}:{(i + minute) % 60:02}:30Z\n{side} entry {i}\n" for i in range(200)]
open(f"{d}/base.md", "w").write(plan([], []))
open(f"{d}/ours.md", "w").write(plan(ours_ticks, rows("ours")))
open(f"{d}/theirs.md", "w").write(plan(theirs_ticks, rows("theirs")))
open(f"{d}/log_base.md", "w").write(log([]))
open(f"{d}/log_ours.md", "w").write(log(entries("ours", 0)))
open(f"{d}/log_theirs.md", "w").write(log(entries("theirs", 1)))
PY
wc -c "$work"/base.md "$work"/log_base.md | sed 's/^/   /' | head -2

# Check the results before timing them.
cp "$work/ours.md" "$work/out.md"
"$bin" merge-driver "$work/base.md" "$work/out.md" "$work/theirs.md" 7 task_plan.md
echo "   plan: ticked $(grep -c '^- \[x\]' "$work/out.md") of 1000; error rows $(grep -c '^| .*failure' "$work/out.md") of 1200; attempts continued to 3: $(grep -c '| 3 |' "$work/out.md")"
cp "$work/log_ours.md" "$work/out.md"
"$bin" merge-driver "$work/log_base.md" "$work/out.md" "$work/log_theirs.md" 7 progress.md
echo "   log: entries $(grep -c '^### ' "$work/out.md") of 5400"
cp "$work/ours.md" "$work/out.md"
if git merge-file -p "$work/out.md" "$work/base.md" "$work/theirs.md" >/dev/null; then c=0; else c=$?; fi
echo "   git merge-file on the plan: $c conflicts"

hyperfine -N --warmup 2 --runs 15 --output=pipe --export-json "$work/h.json" \
  --prepare "cp $work/ours.md $work/out.md" \
  --prepare "cp $work/log_ours.md $work/log_out.md" \
  --prepare "true" \
  -n "pplan merge-driver (plan)" "$bin merge-driver $work/base.md $work/out.md $work/theirs.md 7 task_plan.md" \
  -n "pplan merge-driver (log)" "$bin merge-driver $work/log_base.md $work/log_out.md $work/log_theirs.md 7 progress.md" \
  -n "git merge-file -p (plan)" "sh -c 'git merge-file -p $work/ours.md $work/base.md $work/theirs.md >/dev/null; true'" >/dev/null
python3 - "$work/h.json" <<'PY'
import json, sys
rs = json.load(open(sys.argv[1]))["results"]
ref = [r for r in rs if r["command"].startswith("git")][0]["median"]
for r in rs:
    print(f"   {r['command']:<28} median {r['median'] * 1000:7.2f} ms  ({r['median'] / ref:.1f}x git merge-file)")
PY
