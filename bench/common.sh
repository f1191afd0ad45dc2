# Shared setup of the simple bench scripts (sourced, not run): the repository root as the
# working directory, a release build in $bin, hyperfine on PATH (installed with apt-get when
# missing), and a scratch directory $work removed on exit.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
cargo build --release --quiet
bin="$root/target/release/pplan"
if ! command -v hyperfine >/dev/null; then
  sudo=""
  if [ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null; then sudo="sudo"; fi
  $sudo apt-get install -y hyperfine >/dev/null 2>&1 || { $sudo apt-get update >/dev/null && $sudo apt-get install -y hyperfine >/dev/null; }
fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
