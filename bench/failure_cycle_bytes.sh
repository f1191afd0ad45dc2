#!/usr/bin/env bash
# Bytes an orchestrator reads over a full two-group cycle with one failure of each kind: a
# hand-off (CONTINUATION_REQUIRED, respawn), a BLOCKED agent (reboot names it; respawn --force),
# a task that strikes out (3 strikes, escalation, the user's decision, skipped), and a red gate
# (the group held, the task at fault reopened, merged again), a COMPLETE the agent gate refused,
# a failed approach an agent logged (both strikes at wait), a file two agents logged, and an
# unmerged COMPLETE agent reopened. Every pplan call's stdout and
# stderr is counted, by command, as a model would read them.
#
# Usage: bench/failure_cycle_bytes.sh [path/to/pplan]   (default: target/debug/pplan)
#        VERBOSE=1 bench/failure_cycle_bytes.sh        (print every call and its output)
set -euo pipefail

ROOT="$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")/.." && pwd)"
PPLAN="${1:-$ROOT/target/debug/pplan}"
DIR="$(mktemp -d)"
trap 'rm -rf "$DIR"' EXIT
declare -A BYTES
TOTAL=0
p() {
  local out n
  out="$("$PPLAN" -C "$DIR" "$@" 2>&1)" || true
  n=$(printf '%s\n' "$out" | wc -c)
  if [ -n "${VERBOSE:-}" ]; then printf '$ pplan %s\n%s\n' "$*" "$out"; fi
  BYTES[$1]=$(( ${BYTES[$1]:-0} + n ))
  TOTAL=$(( TOTAL + n ))
}
cat > "$DIR/task_plan.md" <<'PLAN'
# Task Plan: Shop

## Goal
Ship a checkout API and UI that pass the end-to-end suite.

## Current Group
Group 1

## Next Step
Spawn group 1.

## Groups

### Group 1: Build the parts
- **Status:** pending
- [ ] BE-001: Build the payment endpoints
- [ ] FE-001: Build the cart page
- [ ] DOC-001: Write the API notes
- [ ] QA-001: Write the checkout tests

### Group 2: Integration
- **Status:** pending
- [ ] INT-001: Wire the cart to the API (depends: BE-001, FE-001)

## Decisions Made
| Decision | Rationale |
|----------|-----------|

## Errors Encountered
| Error | Task | Attempt | Approach | Resolution |
|-------|------|---------|----------|------------|
PLAN
printf 'gate: "test -f fixed || { echo test_checkout ... FAILED; exit 1; }"\nagent_gate: "test ! -f bad_{agent} || { echo test_{agent} ... FAILED; exit 1; }"\n' > "$DIR/pplan.yaml"
a() { "$PPLAN" -C "$DIR" "$@" > /dev/null 2>&1 || true; }  # an agent's calls (not the orchestrator's)

p reboot
p spawn
touch "$DIR/bad_BE-001"
a log --agent BE-001 "built the endpoints" --files src/pay.rs,README.md; a mark --agent BE-001 COMPLETE
rm "$DIR/bad_BE-001"; a log --agent BE-001 "fixed test_BE-001"; a mark --agent BE-001 COMPLETE
a log --agent FE-001 --failed "float totals: off by a cent"
a log --agent FE-001 "laid out the cart" --files web/cart.tsx
a mark --agent FE-001 CONTINUATION_REQUIRED --resume-from "wire the total to the API"
a note --agent DOC-001 "examples come from the fixtures"
a error DOC-001 --error "schema export failed" --approach "generate from code"
a error DOC-001 --error "export had no examples" --approach "export the OpenAPI file"
a error DOC-001 --error "the OpenAPI file is stale" --approach "write by hand"
a mark --agent QA-001 BLOCKED --reason "the sandbox key is missing"
p wait --timeout 5
p poll
p reboot
p respawn FE-001
a log --agent FE-001 "wired the total" --files web/cart.tsx; a mark --agent FE-001 COMPLETE
p respawn DOC-001 --force
p error DOC-001 --resolve "the user: skip the notes for now"
p set DOC-001 skipped
p respawn QA-001 --force
a log --agent QA-001 "wrote the checkout tests" --files tests/checkout.rs,README.md; a mark --agent QA-001 COMPLETE
p wait --timeout 5
p merge
p status
p respawn BE-001 --reopen
touch "$DIR/fixed"
a log --agent BE-001 "fixed the checkout total"; a mark --agent BE-001 COMPLETE
p merge
p spawn
a log --agent INT-001 "wired the cart to the API" --files web/cart.tsx; a mark --agent INT-001 COMPLETE
p wait --timeout 5
p respawn INT-001 --reopen --reason "the cart shows the pre-tax total"
a log --agent INT-001 "showed the total with tax" --files web/cart.tsx; a mark --agent INT-001 COMPLETE
p wait --timeout 5
p merge
p status
p reboot

for k in "${!BYTES[@]}"; do printf '%-16s %6d\n' "$k" "${BYTES[$k]}"; done | sort
printf '%-16s %6d\n' total "$TOTAL"
