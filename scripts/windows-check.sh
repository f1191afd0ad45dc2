#!/usr/bin/env bash
# Opt-in (not in .ci/run): pplan compiles for Windows. Adds the target if it is missing, then
# type-checks the library, the binary and its unit tests for it (no linker or Windows host
# needed). The integration tests are not checked: several make symlinks and non-UTF-8 names.
set -euo pipefail
cd "$(dirname "$0")/.."
target=x86_64-pc-windows-gnu
rustup target list --installed | grep -qx "$target" || rustup target add "$target"
cargo check --target "$target" --lib --bins
cargo check --target "$target" --lib --bins --profile test
echo "windows check: ok"
