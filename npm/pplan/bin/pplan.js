#!/usr/bin/env node
// The `pplan` command of the npm package: find the platform package npm installed beside this
// one (an optionalDependency such as `pplan-linux-x64`) and run its binary with our arguments,
// our stdio and its exit code. Nothing else: pplan itself is the Rust binary.
"use strict";

const { spawnSync } = require("child_process");
const path = require("path");

const PLATFORMS = {
  "linux-x64": "pplan-linux-x64",
  "linux-arm64": "pplan-linux-arm64",
  "darwin-x64": "pplan-darwin-x64",
  "darwin-arm64": "pplan-darwin-arm64",
  "win32-x64": "pplan-windows-x64",
};

const platform = `${process.platform}-${process.arch}`;
const pkg = PLATFORMS[platform];
if (!pkg) {
  process.stderr.write(
    `error: pplan has no prebuilt binary for \`${platform}\`\n` +
      `hint: build it from source: \`cargo install pplan\` (supported: ${Object.keys(PLATFORMS).join(", ")})\n`
  );
  process.exit(2);
}

let binary;
try {
  const dir = path.dirname(require.resolve(`${pkg}/package.json`));
  binary = path.join(dir, "bin", process.platform === "win32" ? "pplan.exe" : "pplan");
} catch (e) {
  process.stderr.write(
    `error: the platform package \`${pkg}\` is not installed\n` +
      `hint: reinstall without --no-optional / --omit=optional: \`npm i -g pplan\`\n`
  );
  process.exit(2);
}

const result = spawnSync(binary, process.argv.slice(2), { stdio: "inherit" });
if (result.error) {
  process.stderr.write(`error: could not run \`${binary}\`: ${result.error.message}\n`);
  process.exit(2);
}
if (result.signal) {
  process.kill(process.pid, result.signal);
}
process.exit(result.status === null ? 1 : result.status);
