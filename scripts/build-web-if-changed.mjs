// `npm start`'s web build, run only when what it is built from changed since the last build:
// the web app's sources and config, the two packages it bundles (contracts, competition) and the
// lockfile. A content hash of those files is kept beside the build (web/dist/.inputs-sha256).
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const INPUTS = ["web", "packages/contracts", "packages/competition", "package-lock.json"];
const SKIPPED = new Set(["node_modules", "dist", "dist-server", "test", "test-utils", ".vite"]);
const STAMP = join(ROOT, "web", "dist", ".inputs-sha256");
// The prerender moves dist-server into dist/pages/_server once it has written the pages.
const OUTPUTS = ["web/dist/index.html", "web/dist/landing.html"];

/** The files under `path` (or `path` itself) that the build reads, relative to the root. */
function files(path) {
  const full = join(ROOT, path);
  if (!existsSync(full)) return [];
  if (statSync(full).isFile()) return [path];
  return readdirSync(full, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)))
    .filter((file) => !file.split("/").some((part) => SKIPPED.has(part)))
    .filter((file) => !/\.test\.tsx?$/.test(file));
}

/** sha256 over every input file's path and content, in path order. */
function inputsHash() {
  const hash = createHash("sha256");
  for (const file of INPUTS.flatMap(files).sort()) {
    hash.update(file);
    hash.update("\0");
    hash.update(readFileSync(join(ROOT, file)));
    hash.update("\0");
  }
  return hash.digest("hex");
}

const wanted = inputsHash();
const built = OUTPUTS.every((file) => existsSync(join(ROOT, file)));
// `--always` (npm run build:web) builds whatever the stamp says, and stamps the result.
const always = process.argv.includes("--always");
if (!always && built && existsSync(STAMP) && readFileSync(STAMP, "utf8").trim() === wanted) {
  console.log("web app up to date: build skipped");
} else {
  if (!always) {
    console.log(built ? "web app sources changed: building" : "web app not built yet: building");
  }
  // A build stopped half-way must not leave the old stamp beside a half-written dist.
  rmSync(STAMP, { force: true });
  // Always a production build: a caller's NODE_ENV (vitest sets "test") would make Vite bundle
  // React's development build, 60 KB more for every visitor.
  const result = spawnSync("npm", ["run", "build", "-w", "web"], {
    cwd: ROOT,
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeFileSync(STAMP, `${wanted}\n`);
}
