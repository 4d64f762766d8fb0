/**
 * `npm test`: lint, type check and web build, then the test lanes side by side (docs/benchmarks.md,
 * "npm test"). Vitest runs the files of one process at most `cores - 1` at a time, one on this
 * 2-core machine, and the e2e and integration files mostly wait (servers starting, Chromium, real
 * deadlines): in one process the four projects ran one after another with the machine idle at load
 * 1-2. Here the e2e project has a process of its own beside unit, web and integration, and the SDK's
 * pytest runs beside both; each lane's lines are prefixed with its name, and the run ends with each
 * lane's time and result. Every lane runs to its end; the exit code is 1 when any failed.
 *
 * With VITEST_JSON_OUTPUT set (.ci/run), each vitest lane writes its own report and this script
 * merges them into that file.
 */
import { spawn } from "node:child_process";
import { readFile, rm, writeFile } from "node:fs/promises";

const VITEST = ["node_modules/vitest/vitest.mjs", "run"];
const jsonOutput = process.env.VITEST_JSON_OUTPUT;

/** Runs `command` with each output line prefixed by `name`; resolves with its exit code. */
function run(name, command, args, env = {}) {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? "0", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const prefix = `${name.padEnd(11)}| `;
    for (const [stream, out] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ]) {
      let rest = "";
      stream.setEncoding("utf8");
      stream.on("data", (chunk) => {
        const lines = (rest + chunk).split("\n");
        rest = lines.pop() ?? "";
        if (lines.length) out.write(`${lines.map((line) => prefix + line).join("\n")}\n`);
      });
      stream.on("end", () => {
        if (rest) out.write(`${prefix}${rest}\n`);
      });
    }
    child.on("close", (code, signal) => {
      resolve({
        name,
        code: code ?? (signal ? 1 : 0),
        seconds: (performance.now() - started) / 1000,
      });
    });
  });
}

const vitestLane = (name, projects) => {
  const args = [...VITEST, ...projects.flatMap((project) => ["--project", project])];
  return run(
    name,
    process.execPath,
    args,
    jsonOutput ? { VITEST_JSON_OUTPUT: `${jsonOutput}.${name}` } : {},
  );
};

async function mergeReports(names) {
  const merged = {
    numTotalTests: 0,
    numPassedTests: 0,
    numFailedTests: 0,
    numPendingTests: 0,
    testResults: [],
  };
  for (const name of names) {
    const file = `${jsonOutput}.${name}`;
    const report = JSON.parse(await readFile(file, "utf8").catch(() => "null"));
    await rm(file, { force: true });
    if (!report) {
      // A lane that ended before writing its report counts as a failure, not as nothing run.
      merged.numFailedTests += 1;
      continue;
    }
    for (const key of ["numTotalTests", "numPassedTests", "numFailedTests", "numPendingTests"]) {
      merged[key] += report[key] ?? 0;
    }
    merged.testResults.push(...(report.testResults ?? []));
  }
  await writeFile(jsonOutput, JSON.stringify(merged));
}

const npm = (name, script) => run(name, "npm", ["run", "--silent", script]);

const started = performance.now();
const results = [];
// The checks first: a lint or type error is cheaper to see before 15 minutes of tests.
results.push(await npm("lint", "lint"));
results.push(
  ...(await Promise.all([npm("typecheck", "typecheck"), npm("build:web", "build:web")])),
);
if (results.every((result) => result.code === 0)) {
  const lanes = await Promise.all([
    vitestLane("e2e", ["e2e"]),
    vitestLane("unit+int", ["unit", "web", "integration"]),
    npm("sdk", "test:sdk"),
  ]);
  results.push(...lanes);
  if (jsonOutput) await mergeReports(["e2e", "unit+int"]);
}

console.log("\nnpm test:");
for (const { name, code, seconds } of results) {
  console.log(
    `  ${name.padEnd(11)} ${code === 0 ? "passed" : `FAILED (exit ${code})`} in ${seconds.toFixed(0)} s`,
  );
}
console.log(`  whole       ${((performance.now() - started) / 1000).toFixed(0)} s`);
process.exit(results.some((result) => result.code !== 0) ? 1 : 0);
