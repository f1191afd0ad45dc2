#!/usr/bin/env bash
# Opt-in (not in .ci/run): pplan compiles for Windows, and its unit tests pass under Wine.
#
# 1. Adds the target if it is missing, then type-checks the library, the binary and its unit
#    tests for it (no linker or Windows host needed). The integration tests are not checked:
#    several make symlinks and non-UTF-8 names.
# 2. When a MinGW linker and Wine are installed (Debian: apt-get install gcc-mingw-w64-x86-64
#    wine64), links the unit tests and runs them under Wine, then `pplan demo` up to its gate.
#    Rust's standard library calls ProcessPrng in bcryptprimitives.dll, which Wine 8 lacks: a
#    ten-line stand-in (RtlGenRandom underneath) is built into a scratch Wine prefix.
#    Skipped, saying so, when either is missing.
set -euo pipefail
cd "$(dirname "$0")/.."
target=x86_64-pc-windows-gnu
rustup target list --installed | grep -qx "$target" || rustup target add "$target"
cargo check --target "$target" --lib --bins
cargo check --target "$target" --lib --bins --profile test
echo "windows check: ok"

wine=$(command -v wine64 || ls /usr/lib/wine/wine64 2>/dev/null || true)
if ! command -v x86_64-w64-mingw32-gcc >/dev/null || [ -z "$wine" ]; then
  echo "skip  unit tests under Wine: needs x86_64-w64-mingw32-gcc and wine64"
  exit 0
fi
export WINEPREFIX=${WINEPREFIX:-$(mktemp -d)/wine} WINEDEBUG=-all
"$wine" cmd /C exit >/dev/null 2>&1 || true   # creates the prefix
shim=$(mktemp -d)
cat > "$shim/bcryptprimitives.c" <<'C'
#include <windows.h>
BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);
__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T len) {
    while (len) {
        ULONG n = len > 0x10000000 ? 0x10000000 : (ULONG)len;
        if (!SystemFunction036(data, n)) return FALSE;
        data += n;
        len -= n;
    }
    return TRUE;
}
C
x86_64-w64-mingw32-gcc -shared -O2 -o "$WINEPREFIX/drive_c/windows/system32/bcryptprimitives.dll" \
  "$shim/bcryptprimitives.c" -ladvapi32
exe=$(cargo test --target "$target" --lib --no-run --message-format=json 2>/dev/null \
  | python3 -c 'import json,sys
for l in sys.stdin:
    m = json.loads(l)
    if m.get("reason") == "compiler-artifact" and m.get("executable") and m["target"]["kind"] == ["lib"]:
        print(m["executable"])')
"$wine" "$exe"
cargo build --target "$target"
demo=$(mktemp -d)
echo "--- pplan demo under Wine (its gate runs through cmd /C; Wine's cmd and findstr do not evaluate it as Windows does)"
(cd "$demo" && "$wine" "$OLDPWD/target/$target/debug/pplan.exe" demo) || true
