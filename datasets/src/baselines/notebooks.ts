import { execFile, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

/**
 * What a notebook needs: pandas, numpy and scikit-learn (baseline notebooks;
 * docs/product.md#datasets).
 */
const REQUIREMENTS = "import pandas, numpy, sklearn";

/**
 * The Python that runs the baseline notebooks: BASELINE_PYTHON when set ("none" turns the
 * baselines off), else `python3`, if it has pandas, numpy and scikit-learn; null otherwise.
 */
export async function findBaselinePython(configured: string | undefined): Promise<string | null> {
  if (configured?.trim().toLowerCase() === "none") return null;
  const python = configured?.trim() || "python3";
  try {
    await run(python, ["-c", REQUIREMENTS], { timeout: 60_000 });
    return python;
  } catch {
    return null;
  }
}

/** A notebook's code cells, without the one that submits with the SDK. */
export function notebookCode(notebookJson: string): string {
  const notebook = JSON.parse(notebookJson) as {
    cells: { cell_type: string; source: string[] | string }[];
  };
  return notebook.cells
    .filter((cell) => cell.cell_type === "code")
    .map((cell) => (Array.isArray(cell.source) ? cell.source.join("") : cell.source))
    .filter((source) => !source.includes("BenchmarkClient"))
    .join("\n\n");
}

/**
 * The Python that runs the notebooks (run-notebooks.py). It is passed with `-c` rather than as
 * a file path, so the notebooks import from the folder they run in, never from this package.
 */
const DRIVER = readFileSync(new URL("./run-notebooks.py", import.meta.url), "utf8");

export type NotebookRun = { ok: true; csv: string } | { ok: false; error: string };

/**
 * Runs `Challenge{n}_baseline.ipynb` of a domain folder for each `n` and returns the
 * `submission_c{n}.csv` each wrote. The folder is only read; outputs go to a temporary folder.
 */
export async function runBaselineNotebooks(
  domainDir: string,
  numbers: readonly number[],
  python: string,
  timeoutMs = 900_000,
): Promise<Map<number, NotebookRun>> {
  const out = await mkdtemp(join(tmpdir(), "tandem-baselines-"));
  const results = new Map<number, NotebookRun>();
  try {
    const jobs = [];
    for (const number of numbers) {
      const name = `Challenge${number}_baseline.ipynb`;
      try {
        const code = notebookCode(await readFile(join(domainDir, name), "utf8"));
        jobs.push({ number, name, code, data_dir: domainDir, out_dir: out });
      } catch (err) {
        results.set(number, { ok: false, error: `${name}: ${String(err)}` });
      }
    }
    const lines = await runDriver(python, JSON.stringify(jobs), out, timeoutMs);
    for (const line of lines) {
      const report = JSON.parse(line) as { number: number; ok: boolean; error?: string };
      if (!report.ok) {
        results.set(report.number, { ok: false, error: report.error ?? "failed" });
        continue;
      }
      const file = join(out, `submission_c${report.number}.csv`);
      const csv = await readFile(file, "utf8").catch(() => null);
      results.set(
        report.number,
        csv === null
          ? { ok: false, error: `the notebook wrote no submission_c${report.number}.csv` }
          : { ok: true, csv },
      );
    }
    for (const number of numbers) {
      if (!results.has(number))
        results.set(number, { ok: false, error: "the notebook did not finish" });
    }
    return results;
  } finally {
    await rm(out, { recursive: true, force: true });
  }
}

function runDriver(
  python: string,
  input: string,
  cwd: string,
  timeoutMs: number,
): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(python, ["-c", DRIVER], {
      cwd,
      env: { ...process.env, PYTHONHASHSEED: "0" },
      stdio: ["pipe", "pipe", "pipe"],
      timeout: timeoutMs,
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
    });
    child.stderr.on("data", (chunk) => {
      stderr = (stderr + chunk).slice(-4000);
    });
    child.on("error", reject);
    child.on("close", (code, signal) => {
      const lines = stdout.split("\n").filter((line) => line.startsWith('{"number"'));
      if (code !== 0 && lines.length === 0) {
        reject(new Error(`${python} exited with ${signal ?? code}: ${stderr.trim()}`));
      } else resolve(lines);
    });
    child.stdin.end(input);
  });
}
