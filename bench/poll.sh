#!/usr/bin/env bash
# Benchmark `pplan poll` over 200 agents whose progress files are 1 MB, then 100 MB each (poll
# reads only each file's tail, so the two medians should match), and `pplan spawn` of 50 tasks.
# The 100 MB files are sparse (a hole, then real text at the end): the tail read is the same
# work as on a dense file, and the run needs no 20 GB of disk.
source "$(dirname "$0")/common.sh"

make_plan() { # dir agents
  python3 - "$1" "$2" <<'PY'
import sys
d, n = sys.argv[1], int(sys.argv[2])
lines = ["# Task Plan: poll bench", "", "## Goal", "Many agents.", "", "### Group 1: Everyone"]
lines += [f"- [~] AG-{i:03}: agent {i}" for i in range(n)]
open(f"{d}/task_plan.md", "w").write("\n".join(lines) + "\n")
PY
}

make_agents() { # dir agents size_bytes
  python3 - "$1" "$2" "$3" <<'PY'
import os, sys
d, n, size = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
entry = "### 2026-11-21T01:00:00Z\nworked on it; " + "x" * 200 + "\nFiles: src/a.rs\n\n"
tail = "".join(entry for _ in range(20)) + "---\nORCHESTRATOR STATUS: IN_PROGRESS\n"
for i in range(n):
    with open(f"{d}/progress_AG-{i:03}.md", "w") as f:
        head = "# Progress: AG-%03d\n\n<!-- pplan:agent-header-end -->\n\n" % i
        f.write(head)
        f.truncate(size - len(tail))   # a hole: the file's size without the disk
        f.seek(size - len(tail))
        f.write(tail)
    open(f"{d}/findings_AG-{i:03}.md", "w").write("# Findings\n")
PY
}

for size in 1000000 100000000; do
  d="$work/poll-$size"; mkdir -p "$d"
  make_plan "$d" 200
  make_agents "$d" 200 "$size"
  "$bin" -C "$d" poll | tail -1
done
echo "==> poll, 200 agents (median of 30 runs)"
hyperfine -N --warmup 3 --runs 30 --output=pipe \
  --export-json "$work/poll.json" \
  -n "1 MB files" "$bin -C $work/poll-1000000 poll" \
  -n "100 MB files" "$bin -C $work/poll-100000000 poll" >/dev/null
python3 - "$work/poll.json" <<'PY'
import json, sys
r = {x["command"]: x["median"] * 1000 for x in json.load(open(sys.argv[1]))["results"]}
a, b = r["1 MB files"], r["100 MB files"]
print(f"   1 MB files: {a:7.2f} ms   100 MB files: {b:7.2f} ms   ratio {b / a:.2f}x (target <= 1.5x)")
PY

echo "==> spawn of 50 tasks in one call (median of 15 runs, fresh plan each run)"
s="$work/spawn"; mkdir -p "$s"
python3 - "$s" <<'PY'
import sys
d = sys.argv[1]
lines = ["# Task Plan: spawn bench", "", "### Group 1: Fifty"] + [f"- [ ] SP-{i:03}: task {i}" for i in range(50)]
open(f"{d}/task_plan.md.orig", "w").write("\n".join(lines) + "\n")
PY
hyperfine -N --runs 15 --output=pipe --export-json "$work/spawn.json" \
  --prepare "sh -c 'rm -rf $s/.pplan $s/findings_* $s/progress_*; cp $s/task_plan.md.orig $s/task_plan.md'" \
  -n spawn50 "$bin -C $s spawn" >/dev/null
python3 - "$work/spawn.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))["results"][0]
print(f"   spawn of 50: {r['median'] * 1000:.1f} ms (100 files created, 50 tasks marked, one locked write)")
PY
ls "$s" | grep -c '^progress_' | sed 's/^/   progress files created: /'
