#!/usr/bin/env bash
# Benchmark the tree commands: `pplan check` over many plans, `pplan list` over a large tree,
# and `pplan waves` on a large dependency graph.
#
#   1. check: 1,000 plan directories (task_plan.md of ~20 tasks in 3 groups, findings.md,
#      progress.md, agent files in some): `pplan check <root>`. Goal: < 1 s.
#      Reference: `grep -rc` over the same tree (reads every file once, parses nothing).
#   2. list: ~100,000 files in 1,000 directories, 200 plans among them, plus decoy plans inside
#      node_modules/ and .git/ that must be skipped: `pplan list <root>` and `--all`.
#      Reference: `find <root> -name task_plan.md` (the physical walk, decoys included).
#   3. waves: one plan of 10,000 tasks T-0..T-9999, each depending on up to 3 earlier tasks
#      (fixed seed): `pplan waves` and `pplan waves --json`. References: `grep -c` (read the
#      file) and `pplan status` (read and parse it).
#   4. check by plan size: the generated plans of bench/status.sh (1k / 10k / 100k tasks, two
#      in three depending on the task before, so ~2 findings a task): `pplan check <dir>`, text
#      and --format json. Goal: 100k tasks < 200 ms, and time linear in the size.
#      Reference: `pplan status` on the same plan (one read and parse, no rules).
#
# Every measurement is a hyperfine median (-N --output=pipe, warm page cache, >= 10 runs).
# The outputs are checked first (counts, zero errors, exact waves), so the timings mean
# something. A benchmark reports; it does not fail on a missed goal.
#
# Usage: bench/check.sh            (needs cargo, python3, find, grep; installs hyperfine via apt)
#        KEEP=1 bench/check.sh     (keep the generated trees)
#        RUNS=20 bench/check.sh    (minimum runs per command, default 10)
#        SIZES_ONLY=1 bench/check.sh (only 4., check by plan size)
#        PPLAN_BIN=/path/to/pplan bench/check.sh (time another build, e.g. before a change)
set -euo pipefail

ROOT="$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")/.." && pwd)"
RUNS="${RUNS:-10}"
WARMUP=2
SEED=20261121

say() { printf '==> %s\n' "$*"; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }

command -v python3 >/dev/null || die "python3 is required (tree generation and JSON parsing)"
command -v cargo >/dev/null || die "cargo is required to build the release binary"
(( RUNS >= 10 )) || die "RUNS must be at least 10"

# --- release build -----------------------------------------------------------------------------
say "building release binary in $ROOT"
(cd "$ROOT" && cargo build --release --quiet)
TARGET_DIR="$(cd "$ROOT" && cargo metadata --format-version 1 --no-deps \
    | python3 -c 'import json,sys; print(json.load(sys.stdin)["target_directory"])')"
BIN="${PPLAN_BIN:-$TARGET_DIR/release/pplan}"
[[ -x "$BIN" ]] || die "release binary not found at $BIN"
say "binary: $BIN ($("$BIN" --version))"

# --- hyperfine ------------------------------------------------------------------------------------
if ! command -v hyperfine >/dev/null; then
    say "hyperfine not found; installing with apt-get"
    SUDO=""
    if [[ $(id -u) -ne 0 ]] && command -v sudo >/dev/null; then SUDO="sudo"; fi
    command -v apt-get >/dev/null || die "hyperfine is missing and apt-get is not available (cargo install hyperfine)"
    if ! $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq hyperfine >/dev/null 2>&1; then
        say "apt-get install hyperfine failed; running apt-get update and retrying"
        $SUDO apt-get update -qq >/dev/null 2>&1 || true
        $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq hyperfine >/dev/null 2>&1 \
            || die "could not install hyperfine with apt-get (try: cargo install hyperfine)"
    fi
    command -v hyperfine >/dev/null || die "hyperfine still not on PATH after apt-get install"
fi

WORK="$(mktemp -d "${TMPDIR:-/tmp}/pplan-bench-check.XXXXXX")"
if [[ -z "${KEEP:-}" ]]; then
    trap 'rm -rf -- "$WORK"' EXIT
else
    say "keeping generated files in $WORK"
fi
FS="$(df -PT "$WORK" | awk 'NR==2 {print $2}')"
say "$(hyperfine --version), $(find --version | head -1), $(grep --version | head -1)"
say "$(nproc) cpu(s), work dir $WORK on $FS"

# --- generators ------------------------------------------------------------------------------------
cat >"$WORK/gen.py" <<'PY'
"""Generators for bench/check.sh. Deterministic: every choice comes from a seeded RNG."""
import json
import os
import random
import sys

PREFIXES = ["BE", "FE", "API", "DB", "OPS", "QA", "DOC", "SEC", "INF", "MOB"]
VERBS = ["Build", "Add", "Wire", "Migrate", "Refactor", "Test", "Document", "Harden", "Profile", "Review"]
THINGS = ["the payment endpoints", "the cart page", "the session cache", "the audit log",
          "the search index", "the CSV export", "the login flow", "the rate limiter",
          "the webhook retries", "the admin dashboard", "the schema migration", "the CI pipeline",
          "the feature flags", "the e-mail templates", "the error budget alerts"]
GROUP_NAMES = [["Foundations", "Backend and frontend", "Data model and API"],
               ["Integration", "Wiring and flows", "Core features"],
               ["Hardening", "Release", "Polish and docs"]]
GOALS = ["Ship %s so that the end-to-end suite passes on every supported browser.",
         "Replace %s without downtime and with a rollback path.",
         "Make %s fast enough for the holiday traffic (p99 under 200 ms).",
         "Deliver %s behind a feature flag, tested and documented."]
TITLES = ["Checkout service", "Inventory sync", "Billing v2", "Search relaunch", "Mobile onboarding",
          "Audit trail", "Partner API", "Data retention", "Notifications", "Admin console"]
FINDINGS = ["The legacy client retries on 502 without backoff; throttle it at the gateway.",
            "Sessions are keyed by user id only; two tabs share a cart by design.",
            "The ORM issues one query per line item; a join cuts the page from 40 to 3 queries.",
            "Timestamps in the export are local time; the warehouse expects UTC.",
            "The staging database is a week behind production; seed fixtures explicitly.",
            "Feature flags are evaluated per request; caching them saves 4 ms.",
            "The webhook signature covers the body but not the timestamp header."]
STAMP = "2026-11-%02dT%02d:%02d:00Z"


def stamp(rng):
    return STAMP % (rng.randint(1, 20), rng.randint(0, 23), rng.randint(0, 59))


def plan_files(rng, stage=None):
    """A realistic small plan: ~20 tasks in 3 groups. `stage`: 0 not started, 1..3 the group in
    progress, 4 all complete. Returns {file name: text} and whether the plan is complete."""
    if stage is None:
        stage = rng.choice([0, 1, 1, 2, 2, 2, 3, 3, 4])
    title = rng.choice(TITLES)
    thing = rng.choice(THINGS)
    sizes = [rng.randint(6, 8) for _ in range(3)]
    prefixes = rng.sample(PREFIXES, 3)
    groups = []  # [(name, status, [(id, text, deps, box)])]
    counters = {}
    prev_ids = []
    for g in range(3):
        pre = prefixes[g]
        status = "complete" if stage > g + 1 or stage == 4 else "in_progress" if stage == g + 1 else "pending"
        tasks = []
        ids = []
        for k in range(sizes[g]):
            # Ids from a few prefixes per group, like real plans (BE-001, FE-001, ...).
            p = pre if k % 3 else rng.choice(PREFIXES)
            counters[p] = counters.get(p, 0) + 1
            tid = "%s-%03d" % (p, counters[p])
            deps = []
            # A few dependencies, always on the previous group (a group's tasks run in parallel).
            if prev_ids and rng.random() < 0.3:
                deps = rng.sample(prev_ids, min(len(prev_ids), rng.randint(1, 2)))
            if status == "complete":
                box = "-" if rng.random() < 0.05 else "x"
            elif status == "in_progress":
                box = rng.choice(["x", "x", "~", "~", " ", " ", "!"])
            else:
                box = " "
            text = "%s %s (%s)" % (rng.choice(VERBS), rng.choice(THINGS), thing.split()[-1])
            tasks.append((tid, text, deps, box))
            ids.append(tid)
        groups.append(("Group %d: %s" % (g + 1, rng.choice(GROUP_NAMES[g])), status, tasks))
        prev_ids = ids
    current = "All groups complete" if stage == 4 else "Group %d" % max(1, stage)
    lines = ["# Task Plan: %s" % title, "", "## Goal", rng.choice(GOALS) % thing, "",
             "## Current Group", current, "", "## Next Step"]
    lines.append("Merge and close the plan." if stage == 4 else
                 "Spawn the ready tasks of %s and poll them." % current)
    lines += ["", "## Groups", ""]
    for name, status, tasks in groups:
        lines += ["### %s" % name, "- **Status:** %s" % status]
        for tid, text, deps, box in tasks:
            d = " (depends: %s)" % ", ".join(deps) if deps else ""
            lines.append("- [%s] %s: %s%s" % (box, tid, text, d))
        lines.append("")
    lines += ["## Decisions Made", "| Decision | Rationale |", "|----------|-----------|"]
    for _ in range(rng.randint(1, 3)):
        lines.append("| Use %s for %s | %s |" % (rng.choice(["Postgres", "Redis", "a queue", "SSE"]),
                                                rng.choice(THINGS), rng.choice(FINDINGS)))
    lines += ["", "## Errors Encountered",
              "| Error | Task | Attempt | Approach | Resolution |",
              "|-------|------|---------|----------|------------|"]
    done_ids = [t[0] for _, s, ts in groups if s != "pending" for t in ts]
    for i in range(rng.randint(0, 2) if done_ids else 0):
        lines.append("| %s | %s | 1 | %s | %s |" % (
            rng.choice(["Timeout in the sandbox", "Flaky snapshot test", "Lock held by a stale job"]),
            rng.choice(done_ids), rng.choice(["Direct fix", "Retry with backoff", "Pin the version"]),
            rng.choice(["Raised the deadline", "Pinned the time zone", "(open)"])))
    lines.append("")
    files = {"task_plan.md": "\n".join(lines)}
    fl = ["# Findings", "", "Discoveries worth keeping: what was learned, where, and why it matters.",
          "Agents' findings are merged here after each group.", ""]
    for _ in range(rng.randint(2, 5)):
        fl += ["### %s" % stamp(rng), rng.choice(FINDINGS), ""]
    files["findings.md"] = "\n".join(fl)
    pl = ["# Progress", "", "The session log: what was done, when, and what changed.",
          "Agents' progress is merged here after each group.", ""]
    for _ in range(rng.randint(3, 8)):
        pl += ["### %s" % stamp(rng), "%s %s." % (rng.choice(VERBS), rng.choice(THINGS)),
               "Files: src/%s.rs, tests/%s.rs" % (rng.choice(["api", "cart", "db"]), rng.choice(["it", "e2e"])), ""]
    files["progress.md"] = "\n".join(pl)
    # Sub-agents at work on the current group's in-progress tasks (in some plans).
    if 1 <= stage <= 3 and rng.random() < 0.25:
        name, _, tasks = groups[stage - 1]
        for tid, text, _, box in tasks:
            if box != "~":
                continue
            head = "> Task: %s · Group %d · Spawned %s · Attempt 1\n<!-- pplan:agent-header-end -->\n" % (
                text, stage, stamp(rng))
            files["findings_%s.md" % tid] = "# Findings: %s\n\n%s\n### %s\n%s\n" % (
                tid, head, stamp(rng), rng.choice(FINDINGS))
            files["progress_%s.md" % tid] = (
                "# Progress: %s\n\n%s\n### %s\nStarted on %s.\n\n---\nORCHESTRATOR STATUS: IN_PROGRESS\n"
                % (tid, head, stamp(rng), text))
    return files, stage == 4


def write(path, text):
    with open(path, "w", newline="\n") as f:
        f.write(text)


def write_plan(d, files):
    os.makedirs(os.path.join(d, ".pplan"), exist_ok=True)
    write(os.path.join(d, ".pplan", ".gitignore"), "*\n")
    for name, text in files.items():
        write(os.path.join(d, name), text)


def gen_plans(root, n, seed):
    """n plan directories under root/team-XX/project-YYY."""
    rng = random.Random(seed)
    nfiles = nbytes = agents = 0
    for i in range(n):
        d = os.path.join(root, "team-%02d" % (i // 50), "project-%03d" % (i % 50))
        files, _ = plan_files(rng)
        write_plan(d, files)
        nfiles += len(files)
        nbytes += sum(len(t.encode()) for t in files.values())
        agents += sum(1 for k in files if k.startswith("progress_"))
    print(json.dumps({"plans": n, "files": nfiles, "bytes": nbytes, "agents": agents}))


SOURCE = {
    ".rs": "use std::io;\n\npub fn handle_%d(input: &str) -> io::Result<usize> {\n    Ok(input.len() + %d)\n}\n",
    ".ts": "export function handle%d(input: string): number {\n  return input.length + %d;\n}\n",
    ".py": "def handle_%d(value):\n    return len(value) + %d\n",
    ".json": "{\"name\": \"module-%d\", \"version\": \"1.%d.0\"}\n",
    ".md": "# Notes %d\n\nNothing to see here (%d).\n",
    ".txt": "line %d\nline %d\n",
}


def leaf_files(rng, d, count, first=0):
    exts = list(SOURCE)
    for k in range(first, count):
        ext = exts[k % len(exts)]
        name = {".md": "NOTES-%03d.md", ".json": "package-%03d.json"}.get(ext, "file_%03d" + ext) % k
        write(os.path.join(d, name), SOURCE[ext] % (k, rng.randint(0, 999)))


def gen_tree(root, seed):
    """1,000 leaf directories x 100 files: 200 plan directories (open and complete), 50 leaves in
    node_modules/ and 50 in .git/ holding decoy task_plan.md files, 700 ordinary ones."""
    rng = random.Random(seed)
    plans = complete = decoys = 0
    for i in range(1000):
        top = os.path.join(root, "pkg-%02d" % (i // 20))
        j = i % 20
        if j == 0:
            d = os.path.join(top, "node_modules", "dep-%02d" % (i // 20), "dist")
        elif j == 1:
            d = os.path.join(top, ".git", "objects", "%02x" % (i // 20))
        else:
            d = os.path.join(top, "src" if j < 10 else "lib", "mod-%02d" % j)
        os.makedirs(d, exist_ok=True)
        if j in (0, 1):
            files, _ = plan_files(rng)
            write(os.path.join(d, "task_plan.md"), files["task_plan.md"])
            decoys += 1
            leaf_files(rng, d, 100, first=1)
        elif j % 5 == 2:
            # 200 plans; one in five complete (list shows the others).
            files, done = plan_files(rng, stage=4 if plans % 5 == 4 else rng.choice([0, 1, 2, 3]))
            files = {k: v for k, v in files.items() if not k.startswith(("findings_", "progress_"))}
            write_plan(d, files)
            plans += 1
            complete += done
            leaf_files(rng, d, 100, first=len(files))
        else:
            leaf_files(rng, d, 100)
    print(json.dumps({"plans": plans, "complete": complete, "decoys": decoys}))


def gen_dag(path, n, seed, per_group=100):
    """One plan: tasks T-0..T-(n-1), each depending on 0..3 distinct earlier tasks (uniformly
    among all earlier ones), in groups of per_group. Prints the expected waves as JSON."""
    rng = random.Random(seed)
    deps = []
    for i in range(n):
        k = rng.randint(0, 3) if i else 0
        deps.append(sorted(rng.sample(range(i), min(k, i))))
    wave = [0] * n
    for i in range(n):
        wave[i] = 1 + max((wave[d] for d in deps[i]), default=-1)
    lines = ["# Task Plan: Random DAG of %d tasks" % n, "", "## Goal",
             "Finish every task in dependency order, as parallel as the graph allows.", "",
             "## Current Group", "Group 1", "", "## Groups", ""]
    for i in range(n):
        if i % per_group == 0:
            g = i // per_group + 1
            if i:
                lines.append("")
            lines += ["### Group %d: Batch %d" % (g, g),
                      "- **Status:** %s" % ("in_progress" if g == 1 else "pending")]
        d = " (depends: %s)" % ", ".join("T-%d" % x for x in deps[i]) if deps[i] else ""
        lines.append("- [ ] T-%d: %s %s, step %d%s" % (i, rng.choice(VERBS), rng.choice(THINGS), i, d))
    lines.append("")
    write(path, "\n".join(lines))
    waves = [[] for _ in range(max(wave) + 1)]
    for i in range(n):
        waves[wave[i]].append("T-%d" % i)
    edges = sum(len(x) for x in deps)
    print(json.dumps({"tasks": n, "edges": edges, "waves": waves}))


if __name__ == "__main__":
    cmd = sys.argv[1]
    if cmd == "plans":
        gen_plans(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]))
    elif cmd == "tree":
        gen_tree(sys.argv[2], int(sys.argv[3]))
    elif cmd == "dag":
        gen_dag(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]))
PY

jq_py() { python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print($2)" "$1"; }

median_ms() { # median_ms <hyperfine json> <command name>
    python3 - "$1" "$2" <<'PY'
import json, sys
for r in json.load(open(sys.argv[1]))["results"]:
    if r.get("command") == sys.argv[2]:
        print("%.3f" % (r["median"] * 1000))
        break
else:
    sys.exit("no result named %r in %s" % (sys.argv[2], sys.argv[1]))
PY
}

bench() { # bench <json out> <hyperfine -n/command pairs...>
    local json="$1"; shift
    hyperfine --warmup "$WARMUP" --min-runs "$RUNS" -N --output=pipe --style basic \
        --export-json "$json" "$@" | sed 's/^/    /'
}

declare -A MS

if [[ -z "${SIZES_ONLY:-}" ]]; then
# === 1. check over 1,000 plans ===================================================================
PLANS="$WORK/plans"
say "1. generating 1,000 plan directories in $PLANS"
python3 "$WORK/gen.py" plans "$PLANS" 1000 "$SEED" >"$WORK/plans.json"
P_FILES=$(jq_py "$WORK/plans.json" 'd["files"]')
P_BYTES=$(jq_py "$WORK/plans.json" 'd["bytes"]')
P_AGENTS=$(jq_py "$WORK/plans.json" 'd["agents"]')
say "   $P_FILES plan files ($P_AGENTS agents' progress files), $((P_BYTES / 1024)) KB"
"$BIN" check "$PLANS" --format json >"$WORK/check.json" || die "pplan check found errors in the generated plans (see $WORK/check.json)"
python3 - "$WORK/check.json" "$P_FILES" <<'PY' || die "pplan check did not read every generated file"
import json, sys
d = json.load(open(sys.argv[1])); want = int(sys.argv[2])
assert d["files"] == want, ("pplan check read %d files, generated %d" % (d["files"], want))
assert d["errors"] == 0, d["diagnostics"][:5]
print("    sanity: pplan check read %d files: %d errors, %d warnings" % (d["files"], d["errors"], d["warnings"]))
PY
sample=$(dirname "$(find "$PLANS/team-00" -name 'progress_*.md' | sort | head -1)")
say "   a sample plan with agents at work (${sample#"$WORK"/}: $(cd "$sample" && echo *.md)):"
sed 's/^/    | /' "$sample/task_plan.md" | head -24
bench "$WORK/h-check.json" \
    -n "pplan check" "$BIN check $PLANS" \
    -n "grep -rc" "grep -rc -- '- \\[' $PLANS"
MS[check]=$(median_ms "$WORK/h-check.json" "pplan check")
MS[check_grep]=$(median_ms "$WORK/h-check.json" "grep -rc")

# === 2. list over ~100,000 files =================================================================
TREE="$WORK/tree"
say "2. generating a tree of ~100,000 files in $TREE"
python3 "$WORK/gen.py" tree "$TREE" "$SEED" >"$WORK/tree.json"
T_PLANS=$(jq_py "$WORK/tree.json" 'd["plans"]')
T_OPEN=$(jq_py "$WORK/tree.json" 'd["plans"] - d["complete"]')
T_DECOYS=$(jq_py "$WORK/tree.json" 'd["decoys"]')
T_FILES=$(find "$TREE" -type f | wc -l)
T_DIRS=$(find "$TREE" -type d | wc -l)
FIND_N=$(find "$TREE" -name task_plan.md | wc -l)
say "   $T_FILES files in $T_DIRS directories; $T_PLANS plans ($T_OPEN open), $T_DECOYS decoys in node_modules/.git"
[[ $FIND_N -eq $((T_PLANS + T_DECOYS)) ]] || die "find sees $FIND_N task_plan.md files, expected $((T_PLANS + T_DECOYS))"
"$BIN" --json list "$TREE" --all >"$WORK/list-all.json"
"$BIN" --json list "$TREE" >"$WORK/list-open.json"
python3 - "$WORK/list-all.json" "$WORK/list-open.json" "$T_PLANS" "$T_OPEN" <<'PY' || die "pplan list does not see exactly the generated plans"
import json, sys
all_, open_ = (json.load(open(p))["plans"] for p in sys.argv[1:3])
want_all, want_open = int(sys.argv[3]), int(sys.argv[4])
bad = [p["path"] for p in all_ if "node_modules" in p["path"] or ".git" in p["path"]]
assert not bad, ("decoys listed", bad[:5])
assert len(all_) == want_all, ("list --all", len(all_), "expected", want_all)
assert len(open_) == want_open, ("list", len(open_), "expected", want_open)
assert all(not p["complete"] for p in open_)
print("    sanity: pplan list shows %d open plans, --all %d; no decoy from node_modules/.git" % (len(open_), len(all_)))
PY
bench "$WORK/h-list.json" \
    -n "pplan list" "$BIN list $TREE" \
    -n "pplan list --all" "$BIN list $TREE --all" \
    -n "find -name" "find $TREE -name task_plan.md" \
    -n "find -prune" "find $TREE ( -name node_modules -o -name .git -o -name target -o -name .pplan ) -prune -o -name task_plan.md -print"
MS[list]=$(median_ms "$WORK/h-list.json" "pplan list")
MS[list_all]=$(median_ms "$WORK/h-list.json" "pplan list --all")
MS[find]=$(median_ms "$WORK/h-list.json" "find -name")
MS[find_prune]=$(median_ms "$WORK/h-list.json" "find -prune")

# === 3. waves on a 10,000-task DAG ===============================================================
DAG="$WORK/dag"
mkdir -p "$DAG"
say "3. generating a 10,000-task random DAG plan in $DAG"
python3 "$WORK/gen.py" dag "$DAG/task_plan.md" 10000 "$SEED" >"$WORK/dag.json"
D_EDGES=$(jq_py "$WORK/dag.json" 'd["edges"]')
D_WAVES=$(jq_py "$WORK/dag.json" 'len(d["waves"])')
D_BYTES=$(wc -c <"$DAG/task_plan.md")
say "   10000 tasks, $D_EDGES dependencies, $D_WAVES waves, $((D_BYTES / 1024)) KB"
"$BIN" -C "$DAG" waves --json >"$WORK/waves.json"
python3 - "$WORK/waves.json" "$WORK/dag.json" <<'PY' || die "pplan waves does not compute the expected waves"
import json, sys
got, want = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
assert got["cycle"] is None, got["cycle"]
assert got["waves"] == want["waves"], "waves differ from the generator's longest-path layering"
print("    sanity: pplan waves --json gives exactly the expected %d waves; parallelism %.3f, %d groups disagree"
      % (len(got["waves"]), got["parallelism"], len(got["disagreements"])))
PY
"$BIN" -C "$DAG" waves | head -5 | sed 's/^/    | /'
bench "$WORK/h-waves.json" \
    -n "pplan waves" "$BIN -C $DAG waves" \
    -n "pplan waves --json" "$BIN -C $DAG waves --json" \
    -n "pplan status" "$BIN -C $DAG status" \
    -n "grep -c" "grep -c -- '- \\[' $DAG/task_plan.md"
MS[waves]=$(median_ms "$WORK/h-waves.json" "pplan waves")
MS[waves_json]=$(median_ms "$WORK/h-waves.json" "pplan waves --json")
MS[status]=$(median_ms "$WORK/h-waves.json" "pplan status")
MS[grep]=$(median_ms "$WORK/h-waves.json" "grep -c")

fi

# === 4. check by plan size =======================================================================
say "4. check on the plans of bench/status.sh (1k / 10k / 100k tasks)"
awk '/^gen_plan\(\)/{f=1;next} f&&/^PY$/{exit} f&&!/python3 - /{print}' "$ROOT/bench/status.sh" >"$WORK/gen_sized.py"
SIZES=(1000 10000 100000)
for n in "${SIZES[@]}"; do
    d="$WORK/sized-$n"
    mkdir -p "$d"
    python3 "$WORK/gen_sized.py" "$n" "$d/task_plan.md" 50
    "$BIN" check "$d" --format json >"$WORK/sized-$n.json" || true
    python3 - "$WORK/sized-$n.json" "$n" <<'PY' || die "pplan check did not read the $n-task plan"
import json, sys
d = json.load(open(sys.argv[1])); n = int(sys.argv[2])
assert d["files"] == 1, d["files"]
assert d["errors"] == 0, d["diagnostics"][:3]
print("    sanity: %d tasks: %d warnings (same-group dependencies), 0 errors" % (n, d["warnings"]))
PY
    bench "$WORK/h-sized-$n.json" \
        -n "pplan check" "$BIN check $d" \
        -n "pplan check --format json" "$BIN check $d --format json" \
        -n "pplan status" "$BIN -C $d status"
    MS[sized_$n]=$(median_ms "$WORK/h-sized-$n.json" "pplan check")
    MS[sized_json_$n]=$(median_ms "$WORK/h-sized-$n.json" "pplan check --format json")
    MS[sized_status_$n]=$(median_ms "$WORK/h-sized-$n.json" "pplan status")
    MS[sized_bytes_$n]=$(wc -c <"$d/task_plan.md")
done

if [[ -z "${SIZES_ONLY:-}" ]]; then
# === summary =========================================================================================
echo
say "summary: hyperfine medians (-N --output=pipe, >= $RUNS runs after $WARMUP warm-ups, warm cache, $(nproc) cpu(s), $FS)"
python3 - <<PY
ms = {k: float(v) for k, v in dict(
    check="${MS[check]}", check_grep="${MS[check_grep]}", list="${MS[list]}", list_all="${MS[list_all]}",
    find="${MS[find]}", find_prune="${MS[find_prune]}", waves="${MS[waves]}",
    waves_json="${MS[waves_json]}", status="${MS[status]}", grep="${MS[grep]}").items()}
def line(what, name, key, ref=None, extra=""):
    r = "  %.1fx %s" % (ms[key] / ms[ref[0]], ref[1]) if ref else ""
    print("%-44s %-24s %10.2f ms%s%s" % (what, name, ms[key], r, extra))
goal = "  (goal < 1000 ms: %s)" % ("met" if ms["check"] < 1000 else "MISSED")
line("check: 1000 plans, $P_FILES files", "pplan check", "check", ("check_grep", "grep -rc"), goal)
line("", "grep -rc (reference)", "check_grep")
line("list: $T_FILES files, $T_PLANS plans", "pplan list", "list", ("find", "find -name"),
     ", %.1fx find -prune" % (ms["list"] / ms["find_prune"]))
line("", "pplan list --all", "list_all", ("find", "find -name"),
     ", %.1fx find -prune" % (ms["list_all"] / ms["find_prune"]))
line("", "find -name (reference)", "find")
line("", "find -prune (reference)", "find_prune")
line("waves: 10000 tasks, $D_EDGES deps, $D_WAVES waves", "pplan waves", "waves", ("grep", "grep -c"),
     ", %.1fx pplan status" % (ms["waves"] / ms["status"]))
line("", "pplan waves --json", "waves_json", ("grep", "grep -c"),
     ", %.1fx pplan status" % (ms["waves_json"] / ms["status"]))
line("", "pplan status (reference)", "status", ("grep", "grep -c"))
line("", "grep -c (reference)", "grep")
PY
fi

echo
say "check by plan size: hyperfine medians (-N --output=pipe, >= $RUNS runs, warm cache)"
python3 - <<PY
sizes = [1000, 10000, 100000]
ms = {1000: ("${MS[sized_1000]}", "${MS[sized_json_1000]}", "${MS[sized_status_1000]}", "${MS[sized_bytes_1000]}"),
      10000: ("${MS[sized_10000]}", "${MS[sized_json_10000]}", "${MS[sized_status_10000]}", "${MS[sized_bytes_10000]}"),
      100000: ("${MS[sized_100000]}", "${MS[sized_json_100000]}", "${MS[sized_status_100000]}", "${MS[sized_bytes_100000]}")}
print("%8s %10s %12s %14s %12s %12s %14s" % ("tasks", "bytes", "check ms", "--format json", "status ms", "check/status", "ms per 1k tasks"))
for n in sizes:
    c, j, s, b = (float(x) for x in ms[n])
    print("%8d %10d %12.2f %14.2f %12.2f %11.2fx %14.3f" % (n, b, c, j, s, c / s, c / n * 1000))
c100 = float(ms[100000][0])
print("==> goal on 100k tasks: check %.1f ms (< 200 ms: %s)" % (c100, "met" if c100 < 200 else "MISSED, by %.1f ms" % (c100 - 200)))
PY
