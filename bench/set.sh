#!/usr/bin/env bash
# Benchmark `pplan set --group N STATE` (lock, read, parse, edit, verify, atomic replace) on the
# generated plans of bench/status.sh (1k / 10k / 100k tasks, 50 per group), against the shell's
# way of changing one status line: `flock FILE sed -i …` on the same file, in the same hyperfine
# run. Each command is run in pairs that set a value and set it back, so every run writes.
#
# Goals (reported, not enforced): at 10k tasks within 2x `flock` + `sed -i`; below 5 ms at 1k.
source "$(dirname "$0")/common.sh"
gen="$work/gen.py"
# The plan generator of bench/status.sh, so both benchmarks read the same plans.
awk '/^gen_plan\(\)/{f=1;next} f&&/^PY$/{exit} f&&!/python3 - /{print}' bench/status.sh >"$gen"
declare -A P S
for n in 1000 10000 100000; do
  d="$work/plan-$n"
  mkdir -p "$d"
  python3 "$gen" "$n" "$d/task_plan.md" 50
  g=$(( n / 50 ))   # the last group: pending
  grep -q "^### Group $g: " "$d/task_plan.md"
  "$bin" -C "$d" set --group "$g" in_progress >/dev/null
  "$bin" -C "$d" set --group "$g" pending >/dev/null
  line=$(grep -n "^### Group $g: " "$d/task_plan.md" | cut -d: -f1)
  status=$((line + 1))
  hyperfine -N --warmup 3 --min-runs 20 --output=pipe --style basic --export-json "$work/set-$n.json" \
    -n "pplan set" "bash -c '$bin -C $d set --group $g in_progress >/dev/null && $bin -C $d set --group $g pending >/dev/null'" \
    -n "flock sed -i" "bash -c 'flock $d/task_plan.md sed -i \"${status}s/pending/in_progress/\" $d/task_plan.md && flock $d/task_plan.md sed -i \"${status}s/in_progress/pending/\" $d/task_plan.md'" \
    | sed 's/^/    /'
  P[$n]=$(python3 -c 'import json,sys; r={x["command"]:x["median"] for x in json.load(open(sys.argv[1]))["results"]}; print(r["pplan set"]*500)' "$work/set-$n.json")
  S[$n]=$(python3 -c 'import json,sys; r={x["command"]:x["median"] for x in json.load(open(sys.argv[1]))["results"]}; print(r["flock sed -i"]*500)' "$work/set-$n.json")
  # The plan reads as it did: every set went back.
  "$bin" -C "$d" status --json | python3 -c 'import json,sys; s=json.load(sys.stdin); assert s["tasks"]["total"]=='"$n"
done
echo
echo "==> medians per command (half of each pair; bash -c included in both):"
printf '%8s %12s %14s %8s\n' tasks "pplan set" "flock sed -i" ratio
for n in 1000 10000 100000; do
  python3 -c 'import sys; n,p,s=sys.argv[1:]; p,s=float(p),float(s); print("%8s %9.2f ms %11.2f ms %7.2fx" % (n,p,s,p/s))' "$n" "${P[$n]}" "${S[$n]}"
done
python3 -c '
import sys
p1, p10, s10 = map(float, sys.argv[1:])
print("==> goal: 10k within 2x flock+sed: %.2fx (%s); 1k below 5 ms: %.2f ms (%s)" % (
    p10 / s10, "met" if p10 <= 2 * s10 else "MISSED", p1, "met" if p1 < 5 else "MISSED"))' "${P[1000]}" "${P[10000]}" "${S[10000]}"
