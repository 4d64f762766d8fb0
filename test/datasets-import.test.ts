import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { findDomain } from "@tandem/competition/server";
import { exportDomain, generateDomain, ImportRefusedError, importDomain } from "@tandem/datasets";
import { challengeAnswers, challengeBaselines } from "@tandem/db";
import { computePublicRows, parseAnswers, parseCsvRows } from "@tandem/scoring";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activeTeam, buildTestApp, type TestApp } from "../services/gateway/test/helper";
import {
  copyFolder,
  deploymentState,
  perfectSubmission,
  perfectValue,
  submitCsv,
  writeImportFolder,
} from "./support/import-folders";

const SCALE = 0.002;
/** The target deployment's secret seed: it splits answers that come without a split column. */
const TARGET_SEED = "another deployment";
let source: TestApp;
let target: TestApp;
let work: string;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), "tandem-import-"));
  source = await buildTestApp();
  // Another deployment with other data: the import has to replace all of it.
  target = await buildTestApp({}, { data: { seed: TARGET_SEED, scale: SCALE } });
});
afterAll(async () => {
  await source?.close();
  await target?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

const importInto = (
  app: TestApp,
  slug: string,
  dir: string,
  /** null: a deployment tool without the seed (production without DATA_SEED). */
  seed: string | null = TARGET_SEED,
) => importDomain(app.database.handle.db, app.staticDir, slug, dir, seed ? { seed } : {});

/** An import folder of `slug` generated from `seed` (not a deployment's data). */
async function folderFrom(seed: string, slug: string, scale = SCALE): Promise<string> {
  return writeImportFolder(generateDomain(slug, seed, scale), join(work, `${slug}-${seed}`));
}

describe("data:export then data:import", () => {
  it("round-trips: the exported answers score perfectly on every challenge of the new deployment", async () => {
    const team = await activeTeam(target.app, "round-trip");
    for (const domain of [
      "commerce",
      "food",
      "healthcare",
      "insurance",
      "manufacturing",
      "retail-banking",
    ]) {
      const dir = join(work, `export-${domain}`);
      await exportDomain(source.database.handle.db, source.staticDir, domain, dir);
      await importInto(target, domain, dir);
      for (const challenge of findDomain(domain)!.challenges) {
        // The target now serves the exported public files, byte for byte.
        const served = await target.app.inject({ url: `/static/${domain}/${challenge.testFile}` });
        expect(served.body).toBe(await readFile(join(dir, challenge.testFile), "utf8"));
        const answers = await readFile(
          join(dir, `answers/challenge${challenge.number}.csv`),
          "utf8",
        );
        const eligible =
          challenge.target.kind === "ranking"
            ? parseCsvRows(await readFile(join(dir, challenge.target.eligible.file), "utf8"))
                .slice(1)
                .map((row) => row[0]!)
            : [];
        const result = await submitCsv(
          target.app,
          team.api_key,
          challenge,
          perfectSubmission(challenge, answers, eligible),
        );
        expect(result.statusCode, `${challenge.key}: ${result.body}`).toBe(200);
        expect(result.json().score, challenge.key).toBeCloseTo(perfectValue(challenge), 9);
      }
    }
  });
});

/** Appends a `split` column to an answers file: `part` names each row's part (0-based rows). */
async function addSplit(
  dir: string,
  file: string,
  part: (cells: string[], row: number) => string,
): Promise<void> {
  const [header, ...rows] = (await readFile(join(dir, file), "utf8")).trim().split("\n");
  const lines = rows.map((line, i) => `${line},${part(line.split(","), i)}`);
  await writeFile(join(dir, file), `${[`${header},split`, ...lines].join("\n")}\n`);
}

async function storedAnswers(app: TestApp, key: string) {
  const [row] = await app.database.handle.db
    .select()
    .from(challengeAnswers)
    .where(eq(challengeAnswers.challengeKey, key));
  if (!row) throw new Error(`no answers for ${key}`);
  return { csv: gunzipSync(row.answers).toString("utf8"), publicRows: row.publicRows };
}

describe("data:import and the public/private split", () => {
  it("uses a split column as given and stores the answers without it", async () => {
    const dir = await copyFolder(
      await folderFrom("valid import", "retail-banking"),
      join(work, `split-${Math.random()}`),
    );
    const plain = await readFile(join(dir, "answers/challenge2.csv"), "utf8");
    // Customers C000001-C000009 public, the rest private (a customer's weeks stay together).
    const isPublic = (cells: string[]) => /^C00000[1-9]$/.test(cells[0]!);
    await addSplit(dir, "answers/challenge2.csv", (cells) =>
      isPublic(cells) ? "public" : "private",
    );
    // A baseline right on the three public rows of challenge 1 and wrong on every private one.
    const [header, ...rows] = (await readFile(join(dir, "answers/challenge1.csv"), "utf8"))
      .trim()
      .split("\n");
    const flipped = rows.map((line, i) =>
      i < 3 ? line : line.replace(/,(\d)$/, (_, v) => `,${1 - Number(v)}`),
    );
    await mkdir(join(dir, "baselines"), { recursive: true });
    await writeFile(join(dir, "baselines/challenge1.csv"), `${[header, ...flipped].join("\n")}\n`);
    await addSplit(dir, "answers/challenge1.csv", (_, row) => (row < 3 ? "public" : "private"));

    const imported = await importInto(target, "retail-banking", dir);

    const stored = await storedAnswers(target, "retail-banking/2");
    expect(stored.csv).toBe(plain);
    const expected = plain
      .trim()
      .split("\n")
      .slice(1)
      .map((line) => (isPublic(line.split(",")) ? 1 : 0));
    expect(expected).toContain(1);
    expect([...stored.publicRows!]).toEqual(expected);
    const fraud = await storedAnswers(target, "retail-banking/1");
    expect(fraud.csv).not.toMatch(/split|public|private/);
    expect([...fraud.publicRows!.subarray(0, 5)]).toEqual([1, 1, 1, 0, 0]);
    expect(fraud.publicRows!.reduce((a, b) => a + b, 0)).toBe(3);
    // Scored on both parts: perfect on the public rows, every private one wrong.
    expect(imported.baselines["retail-banking/1"]).toEqual({ public: 1, private: 0 });
    const [baseline] = await target.database.handle.db
      .select()
      .from(challengeBaselines)
      .where(eq(challengeBaselines.challengeKey, "retail-banking/1"));
    expect(baseline).toMatchObject({ metricValue: 1, privateMetricValue: 0 });
  });

  it("splits answers without the column from the deployment's seed", async () => {
    const dir = await folderFrom("valid import", "healthcare");
    await importInto(target, "healthcare", dir);
    for (const challenge of findDomain("healthcare")!.challenges) {
      const stored = await storedAnswers(target, challenge.key);
      const ids = parseAnswers(stored.csv, challenge).table.ids;
      expect([...stored.publicRows!], challenge.key).toEqual([
        ...computePublicRows(challenge, TARGET_SEED, ids),
      ]);
    }
  });

  it("without a split column and without a seed, is refused saying how to fix it", async () => {
    const dir = await folderFrom("valid import", "insurance");
    const error = await importInto(target, "insurance", dir, null).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImportRefusedError);
    expect((error as ImportRefusedError).problems).toContainEqual({
      file: "answers/challenge1.csv",
      line: 1,
      message:
        "no split column, and no secret seed to split the rows with: add the column (public/private) or set DATA_SEED",
    });
  });

  it("with a split column on every answers file, needs no seed", async () => {
    const dir = await copyFolder(
      await folderFrom("valid import", "insurance"),
      join(work, `split-${Math.random()}`),
    );
    for (const n of [1, 2, 3]) {
      await addSplit(dir, `answers/challenge${n}.csv`, (_, row) =>
        row % 3 === 0 ? "public" : "private",
      );
    }
    await importInto(target, "insurance", dir, null);
    const stored = await storedAnswers(target, "insurance/2");
    expect([...stored.publicRows!.subarray(0, 6)]).toEqual([1, 0, 0, 1, 0, 0]);
  });
});

describe("data:import refuses a folder with a problem and changes nothing", () => {
  // Each case breaks one rule; the message names the file, the line and the column.
  const cases: {
    name: string;
    slug: string;
    breakIt: (dir: string) => Promise<void>;
    expected: RegExp;
  }[] = [
    {
      name: "a challenge without answers",
      slug: "insurance",
      breakIt: (dir) => rm(join(dir, "answers/challenge2.csv")),
      expected: /^answers\/challenge2\.csv: missing: every challenge needs its answers$/,
    },
    {
      name: "a public file the definition lists is missing",
      slug: "insurance",
      breakIt: (dir) => rm(join(dir, "train_claims.csv")),
      expected: /^train_claims\.csv: missing/,
    },
    {
      name: "an answer id that is not in the test file",
      slug: "insurance",
      breakIt: (dir) =>
        editLine(dir, "answers/challenge1.csv", 2, (line) =>
          line.replace(/^CLM-\d+/, "CLM-999999"),
        ),
      expected:
        /^answers\/challenge1\.csv, line 2, column 1 \(ClaimID\): id CLM-999999 is not in test_claims\.csv$/,
    },
    {
      name: "a test id without an answer",
      slug: "insurance",
      breakIt: (dir) => editLine(dir, "answers/challenge3.csv", 4, () => null),
      expected:
        /^test_claims\.csv, line 4, column 1 \(ClaimID\): id CLM-\d+ has no answer in answers\/challenge3\.csv$/,
    },
    {
      name: "a sample submission that misses a test id",
      slug: "insurance",
      breakIt: (dir) => editLine(dir, "sample_submission_c1.csv", 3, () => null),
      expected:
        /^test_claims\.csv, line 3, column 1 \(ClaimID\): id CLM-\d+ has no row in sample_submission_c1\.csv$/,
    },
    {
      name: "a duplicate answer",
      slug: "insurance",
      breakIt: (dir) =>
        editLine(dir, "answers/challenge1.csv", 3, (line, lines) => `${line}\n${lines[1]}`),
      expected:
        /^answers\/challenge1\.csv, line 4, column 1 \(ClaimID\): duplicate id CLM-\d+ \(first on line 2\)$/,
    },
    {
      name: "a blank answer",
      slug: "insurance",
      breakIt: (dir) =>
        editLine(dir, "answers/challenge3.csv", 2, (line) => line.replace(/,\d$/, ",")),
      expected: /^answers\/challenge3\.csv, line 2, column 2 \(FraudLabel\): blank answer$/,
    },
    {
      name: "a label outside the label set",
      slug: "insurance",
      breakIt: (dir) =>
        editLine(dir, "answers/challenge1.csv", 5, (line) => line.replace(/,\w+$/, ",Hard")),
      expected:
        /^answers\/challenge1\.csv, line 5, column 2 \(ClaimComplexityLabel\): "Hard" is not a label of this challenge \(Simple, Moderate, Complex\)$/,
    },
    {
      name: "a number that is not finite",
      slug: "insurance",
      breakIt: (dir) =>
        editLine(dir, "answers/challenge2.csv", 6, (line) => line.replace(/,[\d.]+$/, ",Infinity")),
      expected:
        /^answers\/challenge2\.csv, line 6, column 2 \(NextYearLoss\): "Infinity" is not a finite number$/,
    },
    {
      name: "a split value other than public or private",
      slug: "insurance",
      breakIt: (dir) =>
        addSplit(dir, "answers/challenge1.csv", (_, row) =>
          row === 4 ? "Public" : row % 2 ? "public" : "private",
        ),
      expected:
        /^answers\/challenge1\.csv, line 6, column 3 \(split\): "Public" is not a part: split is "public" or "private"$/,
    },
    {
      name: "a split that leaves the private part empty",
      slug: "insurance",
      breakIt: (dir) => addSplit(dir, "answers/challenge3.csv", () => "public"),
      expected:
        /^answers\/challenge3\.csv, line 1, column 3 \(split\): every row is public: the public and the private part each need at least one row$/,
    },
    {
      name: "a customer's rows in both parts (split by customer)",
      slug: "retail-banking",
      breakIt: (dir) =>
        addSplit(dir, "answers/challenge2.csv", (cells) =>
          cells[1] === "40" ? "public" : "private",
        ),
      expected:
        /^answers\/challenge2\.csv, line 3, column 4 \(split\): CustomerID C000001 is private here but public on line 2: a CustomerID's rows must all be in one part$/,
    },
    {
      name: "a relevant item that is not eligible (NDCG)",
      slug: "commerce",
      breakIt: (dir) => editLine(dir, "answers/challenge2.csv", 2, (line) => `${line} SKU99999`),
      expected:
        /^answers\/challenge2\.csv, line 2, column 2 \(relevant\): "SKU99999" is not an eligible item \(sku_id of products_sub\.csv\)$/,
    },
  ];

  it.each(cases)("$name", async ({ slug, breakIt, expected }) => {
    const dir = await copyFolder(
      await folderFrom("valid import", slug),
      join(work, `broken-${Math.random()}`),
    );
    await breakIt(dir);
    const before = await deploymentState(target.database.handle.db, target.staticDir, slug);
    const error = await importInto(target, slug, dir).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(ImportRefusedError);
    const messages = (error as ImportRefusedError).problems.map(
      (p) =>
        `${[p.file, p.line === undefined ? undefined : `line ${p.line}`, p.column]
          .filter(Boolean)
          .join(", ")}: ${p.message}`,
    );
    expect(
      messages.some((message) => expected.test(message)),
      messages.join("\n"),
    ).toBe(true);
    expect(await deploymentState(target.database.handle.db, target.staticDir, slug)).toEqual(
      before,
    );
  });
});

/** Rewrites line `n` (1-based) of a file; `null` deletes it. */
async function editLine(
  dir: string,
  file: string,
  n: number,
  edit: (line: string, lines: string[]) => string | null,
): Promise<void> {
  const lines = (await readFile(join(dir, file), "utf8")).split("\n");
  const replaced = edit(lines[n - 1]!, lines);
  if (replaced === null) lines.splice(n - 1, 1);
  else lines[n - 1] = replaced;
  await writeFile(join(dir, file), lines.join("\n"));
}

describe("an import while the gateway serves", () => {
  it("never serves a mix of old and new files, and keeps earlier scores marked as such", async () => {
    const slug = "insurance";
    const challenge = findDomain(slug)!.challenges[0]!;
    const team = await activeTeam(target.app, "while-importing");
    // Scored against the answers about to be replaced.
    const sample = (await target.app.inject({ url: `/static/${slug}/sample_submission_c1.csv` }))
      .body;
    const earlier = (await submitCsv(target.app, team.api_key, challenge, sample)).json();
    expect(earlier.scored_on_earlier_answers).toBe(false);

    const files = ["test_claims.csv", "train_claims.csv", "sample_submission_c1.csv"];
    const read = async (folder: string) =>
      Object.fromEntries(
        await Promise.all(files.map(async (f) => [f, await readFile(join(folder, f), "utf8")])),
      );
    const old = await read(join(target.staticDir, slug));
    const next = await folderFrom("the next edition", slug, 0.05);
    const fresh = await read(next);

    const seen: ("old" | "new")[] = [];
    let importing = true;
    const reader = (async () => {
      for (let i = 0; importing || i % files.length !== 0; i++) {
        const file = files[i % files.length]!;
        const body = (await target.app.inject({ url: `/static/${slug}/${file}` })).body;
        if (body === old[file]) seen.push("old");
        else if (body === fresh[file]) seen.push("new");
        else throw new Error(`${file}: a response that is neither the old file nor the new one`);
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 20));
    await importInto(target, slug, next);
    importing = false;
    await reader;
    // Requests run one after another: once a new file was served, no old one may follow.
    expect(seen[0]).toBe("old");
    expect(seen.at(-1)).toBe("new");
    expect(seen.slice(seen.indexOf("new"))).not.toContain("old");

    const again = await target.app.inject({
      url: `/api/submissions/${earlier.submission_id}`,
      headers: { "x-api-key": team.api_key },
    });
    expect(again.json()).toMatchObject({ score: earlier.score, scored_on_earlier_answers: true });
    // The cached answers were refreshed: the new answers score perfectly.
    const answers = await readFile(join(next, "answers/challenge1.csv"), "utf8");
    const now = (await submitCsv(target.app, team.api_key, challenge, answers)).json();
    expect(now).toMatchObject({ score: 1, scored_on_earlier_answers: false });
  });
});
