#!/usr/bin/env bash
# Opt-in (not in .ci/run): the npm distribution end to end, without the registry. Fills the
# linux-x64 platform package from a binary, packs it and npm/pplan, installs both tarballs in one
# `npm install -g --prefix` into a scratch prefix, and runs `pplan --version` and `pplan demo`
# from there. PPLAN_BIN picks the binary [default: `cargo build --release`'s].
set -euo pipefail
cd "$(dirname "$0")/.."
bin="${PPLAN_BIN:-}"
if [ -z "$bin" ]; then
  cargo build --release
  bin=target/release/pplan
fi
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
node npm/fill.js platform linux-x64 "$bin" "$scratch/pkgs"
(cd npm/pplan && npm pack --silent --pack-destination "$scratch") >/dev/null
(cd "$scratch/pkgs/pplan-linux-x64" && npm pack --silent --pack-destination "$scratch") >/dev/null
ls -l "$scratch"/*.tgz
npm install -g --prefix "$scratch/prefix" --no-audit --no-fund "$scratch"/pplan-linux-x64-*.tgz "$scratch"/pplan-[0-9]*.tgz
"$scratch/prefix/bin/pplan" --version
"$scratch/prefix/bin/pplan" demo --dir "$scratch/demo" | tail -3
echo "npm e2e: ok"
