#!/usr/bin/env bash
# Benchmark `pplan merge` of 64 COMPLETE agents with 64 KB of content each (32 KB findings,
# 32 KB progress): median wall time over fresh copies, and the share spent in fsync.
source "$(dirname "$0")/common.sh"
command -v strace >/dev/null || apt-get install -y strace >/dev/null 2>&1 || true
tpl="$work/template"
mkdir -p "$tpl"
python3 - "$tpl" <<'PY'
import sys
d = sys.argv[1]
lines = ["# Task Plan: merge bench", "", "## Current Group", "Group 1", "", "## Next Step", "Merge.", "",
         "### Group 1: Sixty-four agents", "- **Status:** in_progress"]
lines += [f"- [~] AG-{i:02}: agent {i}" for i in range(64)]
lines += ["", "### Group 2: After", "- **Status:** pending", "- [ ] NEXT-1: next (depends: AG-00)"]
open(f"{d}/task_plan.md", "w").write("\n".join(lines) + "\n")
open(f"{d}/findings.md", "w").write("# Findings\n")
open(f"{d}/progress.md", "w").write("# Progress\n")
para = ("Observed behaviour of the component under load; " * 6).strip() + "\n"
for i in range(64):
    head = f"> Task: agent {i} · Group 1 · Spawned 2026-11-21T01:00:00Z · Attempt 1\n<!-- pplan:agent-header-end -->\n\n"
    body = ""
    n = 0
    while len(body) < 32 * 1024:
        body += f"### 2026-11-21T01:{n % 60:02}:00Z\n{para}\n"
        n += 1
    open(f"{d}/findings_AG-{i:02}.md", "w").write(f"# Findings: AG-{i:02}\n\n" + head + body)
    open(f"{d}/progress_AG-{i:02}.md", "w").write(f"# Progress: AG-{i:02}\n\n" + head + body + "---\nORCHESTRATOR STATUS: COMPLETE\n")
PY
du -sh "$tpl" | sed 's/^/   agent content: /'
run="$work/run"
hyperfine -N --warmup 2 --runs 20 --output=pipe --export-json "$work/merge.json" \
  --prepare "sh -c 'rm -rf $run && cp -a $tpl $run'" \
  -n merge64 "$bin -C $run merge" >/dev/null
python3 - "$work/merge.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))["results"][0]
print(f"   merge of 64 agents x 64 KB: median {r['median'] * 1000:.1f} ms (min {r['min'] * 1000:.1f}, max {r['max'] * 1000:.1f})")
PY
rm -rf "$run" && cp -a "$tpl" "$run"
"$bin" -C "$run" merge | head -1 | sed 's/^/   /'
grep -c 'pplan:merge group=1' "$run/findings.md" | sed 's/^/   blocks in findings.md: /'
if command -v strace >/dev/null; then
  rm -rf "$run" && cp -a "$tpl" "$run"
  start=$(date +%s%N)
  strace -f -c -o "$work/strace.txt" -e trace=fsync,fdatasync "$bin" -C "$run" merge >/dev/null
  end=$(date +%s%N)
  python3 - "$work/strace.txt" "$start" "$end" <<'PY'
import sys
secs, calls = 0.0, 0
for line in open(sys.argv[1]):
    parts = line.split()
    if len(parts) >= 5 and parts[-1] in ("fsync", "fdatasync"):
        secs += float(parts[1]); calls += int(parts[3])
wall = (int(sys.argv[3]) - int(sys.argv[2])) / 1e9
print(f"   fsync: {calls} calls, {secs * 1000:.1f} ms of {wall * 1000:.1f} ms under strace ({100 * secs / wall:.0f}%)")
PY
fi
