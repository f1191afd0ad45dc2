#!/usr/bin/env node
// Versions the npm packages from Cargo.toml and fills a platform package from a built binary.
//
//   node npm/fill.js version                          npm/pplan/package.json := Cargo.toml's version
//   node npm/fill.js platform linux-x64 BINARY OUTDIR  OUTDIR/pplan-linux-x64/ ready for `npm pack`
"use strict";

const fs = require("fs");
const path = require("path");

const ROOT = path.join(__dirname, "..");
const PLATFORMS = {
  "linux-x64": ["linux", "x64"],
  "linux-arm64": ["linux", "arm64"],
  "darwin-x64": ["darwin", "x64"],
  "darwin-arm64": ["darwin", "arm64"],
  "windows-x64": ["win32", "x64"],
};

function die(message) {
  process.stderr.write(`error: ${message}\n`);
  process.exit(2);
}

function cargoVersion() {
  const toml = fs.readFileSync(path.join(ROOT, "Cargo.toml"), "utf8");
  const match = toml.match(/^\[package\][^[]*?^version\s*=\s*"([^"]+)"/m);
  if (!match) die("no `version` in Cargo.toml's [package]");
  return match[1];
}

const [command, ...args] = process.argv.slice(2);
const version = cargoVersion();
if (command === "version") {
  const file = path.join(ROOT, "npm", "pplan", "package.json");
  const pkg = JSON.parse(fs.readFileSync(file, "utf8"));
  pkg.version = version;
  for (const name of Object.keys(pkg.optionalDependencies)) pkg.optionalDependencies[name] = version;
  fs.writeFileSync(file, JSON.stringify(pkg, null, 2) + "\n");
  process.stdout.write(`npm/pplan ${version}\n`);
} else if (command === "platform" && args.length === 3) {
  const [platform, binary, outdir] = args;
  if (!PLATFORMS[platform]) die(`unknown platform \`${platform}\` (one of ${Object.keys(PLATFORMS).join(", ")})`);
  const [os, cpu] = PLATFORMS[platform];
  const dir = path.join(outdir, `pplan-${platform}`);
  fs.mkdirSync(path.join(dir, "bin"), { recursive: true });
  const template = fs.readFileSync(path.join(ROOT, "npm", "platform", "package.json.tmpl"), "utf8");
  const filled = template
    .replaceAll("{{platform}}", platform)
    .replaceAll("{{version}}", version)
    .replaceAll("{{os}}", os)
    .replaceAll("{{cpu}}", cpu);
  fs.writeFileSync(path.join(dir, "package.json"), filled);
  const target = path.join(dir, "bin", os === "win32" ? "pplan.exe" : "pplan");
  fs.copyFileSync(binary, target);
  fs.chmodSync(target, 0o755);
  fs.copyFileSync(path.join(ROOT, "LICENSE"), path.join(dir, "LICENSE"));
  process.stdout.write(`${dir} ${version}\n`);
} else {
  die("usage: node npm/fill.js version | node npm/fill.js platform PLATFORM BINARY OUTDIR");
}
