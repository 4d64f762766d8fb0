import { cp, mkdtemp, readdir, readFile, readlink, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sameJson } from "@tandem/competition";
import { defaultDefinition, findChallenge } from "@tandem/competition/server";
import { importCompetition } from "@tandem/datasets";
import {
  auditLog,
  challengeAnswers,
  createCompetitionVersions,
  type Database,
  datasets,
  lockEmbeddedDatabase,
} from "@tandem/db";
import { createCompetitionSource } from "@tandem/jobs";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse, stringify } from "yaml";
import { activeTeam, buildTestApp, type TestApp } from "../services/gateway/test/helper";
import { competitionTool, servedDigests, type ToolTarget } from "./support/bundle-tools";
import { submitCsv } from "./support/import-folders";
import { createTestDatabase, type TestDatabase } from "./support/services";

const SLUGS = ["commerce", "food", "healthcare", "insurance", "manufacturing", "retail-banking"];
/** Both deployments' secret seed: the same seed splits the same answers the same way. */
const SEED = "competition-bundle-test-seed-0123456789abcdef";

let source: TestApp;
let fresh: TestDatabase;
let work: string;
let sourceTarget: ToolTarget;
let freshTarget: ToolTarget;
/** The default edition as competition:export wrote it from `source`. */
let bundle: string;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), "tandem-bundle-"));
  source = await buildTestApp({}, { data: { seed: SEED, scale: 0.002 } });
  fresh = await createTestDatabase();
  sourceTarget = {
    databaseUrl: source.database.url,
    staticDir: source.staticDir,
    dataDir: join(work, "source-data"),
    seed: SEED,
  };
  freshTarget = {
    databaseUrl: fresh.url,
    staticDir: join(work, "fresh-static"),
    dataDir: join(work, "fresh-data"),
    seed: SEED,
  };
  bundle = join(work, "bundle");
});
afterAll(async () => {
  await source?.close();
  await fresh?.drop();
  if (work) await rm(work, { recursive: true, force: true });
});

/** Everything an import may change: the definition version, every answer and dataset row. */
async function state(db: Database) {
  const answers = await db
    .select({
      key: challengeAnswers.challengeKey,
      version: challengeAnswers.version,
      sha: sql<string>`md5(${challengeAnswers.answers})`,
    })
    .from(challengeAnswers)
    .orderBy(challengeAnswers.challengeKey);
  const rows = await db
    .select({ domain: datasets.domain, version: datasets.version, folder: datasets.folder })
    .from(datasets)
    .orderBy(datasets.domain);
  return {
    version: await createCompetitionVersions({ db }).latestNumber(),
    answers,
    datasets: rows,
  };
}

/** A copy of the exported bundle to break. */
async function bundleCopy(name: string): Promise<string> {
  const dir = join(work, name);
  await cp(bundle, dir, { recursive: true });
  return dir;
}

async function editDefinition(dir: string, edit: (definition: Record<string, unknown>) => void) {
  const file = join(dir, "competition.yaml");
  const definition = parse(await readFile(file, "utf8")) as Record<string, unknown>;
  edit(definition);
  await writeFile(file, stringify(definition));
}

describe("competition:export then competition:import", () => {
  it("exports the default edition with every domain's data and the private-answers marker", async () => {
    const exported = await competitionTool("export", bundle, sourceTarget);
    expect(exported.code, exported.output).toBe(0);
    expect(exported.output).toContain("Exported competition version 0");
    expect((await readdir(bundle)).sort()).toEqual([
      "PRIVATE-ANSWERS.md",
      "competition.yaml",
      "domains",
    ]);
    expect(await readFile(join(bundle, "PRIVATE-ANSWERS.md"), "utf8")).toMatch(
      /hidden answers[\s\S]*Never publish/,
    );
    expect((await readdir(join(bundle, "domains"))).sort()).toEqual(SLUGS);
    expect((await readdir(join(bundle, "domains/insurance/answers"))).sort()).toEqual([
      "challenge1.csv",
      "challenge2.csv",
      "challenge3.csv",
    ]);
  });

  it("refuses to export into a folder that is not empty", async () => {
    const again = await competitionTool("export", bundle, sourceTarget);
    expect(again.code).toBe(1);
    expect(again.output).toContain("is not empty");
  });

  it("imports it into a fresh deployment: the same definition, answers, split and files", async () => {
    const imported = await competitionTool("import", bundle, freshTarget);
    expect(imported.code, imported.output).toBe(0);
    expect(imported.output).toContain("definition version 1 (was 0)");
    const db = fresh.handle.db;

    const stored = await createCompetitionVersions({ db }).latest();
    expect(stored).toMatchObject({
      version: 1,
      source: "import",
      createdBy: null,
      createdByEmail: "cli:competition:import",
    });
    expect(sameJson(stored!.definition, defaultDefinition())).toBe(true);
    const [audit] = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "competition.import"));
    expect(audit).toMatchObject({
      actorId: null,
      actorEmail: "cli:competition:import",
      targetType: "competition",
      targetId: "1",
      before: { version: 0 },
    });

    const answersOf = (from: Database) =>
      from
        .select({
          key: challengeAnswers.challengeKey,
          answers: challengeAnswers.answers,
          publicRows: challengeAnswers.publicRows,
          rowCount: challengeAnswers.rowCount,
        })
        .from(challengeAnswers)
        .orderBy(challengeAnswers.challengeKey);
    const before = await answersOf(source.database.handle.db);
    const after = await answersOf(db);
    expect(after.map((row) => row.key)).toEqual(before.map((row) => row.key));
    expect(after.length).toBe(17);
    for (const [i, row] of after.entries()) {
      const original = before[i]!;
      expect(row.answers.equals(original.answers), row.key).toBe(true);
      expect(Buffer.from(row.publicRows!).equals(Buffer.from(original.publicRows!)), row.key).toBe(
        true,
      );
      expect(row.rowCount).toBe(original.rowCount);
    }
    for (const slug of SLUGS) {
      expect(await servedDigests(freshTarget.staticDir, slug), slug).toEqual(
        await servedDigests(source.staticDir, slug),
      );
    }
    const rows = await db.select({ source: datasets.source }).from(datasets);
    expect(rows.map((row) => row.source)).toEqual(SLUGS.map(() => "imported"));
  });

  it("refuses an invalid definition, printing every issue with its path, and changes nothing", async () => {
    const dir = await bundleCopy("invalid-definition");
    await editDefinition(dir, (definition) => {
      (definition.identity as Record<string, unknown>).contact_email = "not an address";
      const domains = definition.domains as { challenges: Record<string, unknown>[] }[];
      domains[1]!.challenges[0]!.metric = "accuracy";
    });
    const before = await state(fresh.handle.db);
    const refused = await competitionTool("import", dir, freshTarget);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain("competition.yaml is not a valid competition definition:");
    expect(refused.output).toMatch(/^ {2}identity\.contact_email: /m);
    expect(refused.output).toMatch(/^ {2}domains\.1\.challenges\.0\.metric: /m);
    expect(refused.output).toContain("nothing was changed");
    expect(await state(fresh.handle.db)).toEqual(before);
  });

  it("reports the problems of every domain folder before changing anything", async () => {
    const dir = await bundleCopy("broken-folders");
    await rm(join(dir, "domains/insurance/answers/challenge2.csv"));
    await rm(join(dir, "domains/food/lots_test.csv"));
    await cp(join(dir, "domains/food"), join(dir, "domains/astronomy"), { recursive: true });
    const before = await state(fresh.handle.db);
    const refused = await competitionTool("import", dir, freshTarget);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain(
      "domains/insurance/answers/challenge2.csv: missing: every challenge needs its answers",
    );
    expect(refused.output).toContain("domains/food/lots_test.csv: missing");
    expect(refused.output).toContain("domains/astronomy: not a domain of competition.yaml");
    expect(await state(fresh.handle.db)).toEqual(before);
  });

  it("refuses what an edit would refuse: removing a challenge that has submissions", async () => {
    const team = await activeTeam(source.app, "bundle-refusal");
    const sample = await source.app.inject({ url: "/static/insurance/sample_submission_c3.csv" });
    const submitted = await submitCsv(
      source.app,
      team.api_key,
      findChallenge("insurance", 3)!,
      sample.body,
    );
    expect(submitted.statusCode, submitted.body).toBe(200);

    const dir = await bundleCopy("without-a-challenge");
    await editDefinition(dir, (definition) => {
      const insurance = (
        definition.domains as { slug: string; challenges: { number: number }[] }[]
      ).find((d) => d.slug === "insurance")!;
      insurance.challenges = insurance.challenges.filter((c) => c.number !== 3);
    });
    await rm(join(dir, "domains/insurance/answers/challenge3.csv"));
    const before = await state(source.database.handle.db);
    const refused = await competitionTool("import", dir, sourceTarget);
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(
      /refused, domains \(competition\.challenge_in_use\): These challenges have submissions and cannot be removed: insurance\/3\./,
    );
    expect(await state(source.database.handle.db)).toEqual(before);
  });

  it("leaves nothing switched when the commit fails after the folders were switched", async () => {
    const db = fresh.handle.db;
    // A check Postgres runs at the commit, after every folder was switched: the worst moment.
    await db.execute(sql`
      create function refuse_version() returns trigger language plpgsql as
        $$ begin raise exception 'commit refused by the test'; end $$`);
    await db.execute(sql`
      create constraint trigger refuse_version after insert on competition_versions
        deferrable initially deferred for each row execute function refuse_version()`);
    try {
      const dir = await bundleCopy("commit-fails");
      await editDefinition(dir, (definition) => {
        (definition.identity as Record<string, unknown>).edition = "next";
      });
      const before = await state(db);
      const links = Object.fromEntries(
        await Promise.all(
          SLUGS.map(async (slug) => [slug, await servedDigests(freshTarget.staticDir, slug)]),
        ),
      );
      const error = await importCompetition(
        db,
        freshTarget.staticDir,
        dir,
        createCompetitionSource({ db }),
        { seed: SEED },
      ).catch((err: Error) => err);
      expect(`${error} ${(error as Error).cause}`).toContain("commit refused by the test");
      expect(await state(db)).toEqual(before);
      for (const slug of SLUGS) {
        expect(await servedDigests(freshTarget.staticDir, slug), slug).toEqual(links[slug]);
        expect(await realFolderName(freshTarget.staticDir, slug)).toBe(
          before.datasets.find((row) => row.domain === slug)!.folder,
        );
      }
      // Only the served folders and the one before each remain: the staged ones were removed.
      expect((await readdir(join(freshTarget.staticDir, ".versions"))).length).toBe(SLUGS.length);
    } finally {
      await db.execute(sql`drop trigger refuse_version on competition_versions`);
      await db.execute(sql`drop function refuse_version()`);
    }
  });
});

async function realFolderName(staticDir: string, slug: string): Promise<string> {
  return (await readlink(join(staticDir, slug))).split("/").at(-1)!;
}

describe("competition:import in embedded mode", () => {
  const embedded = (dataDir: string): ToolTarget => ({
    databaseUrl: "",
    staticDir: join(dataDir, "static"),
    dataDir,
    seed: SEED,
  });

  it("refuses while the embedded server holds the database, changing nothing", async () => {
    const dataDir = join(work, "embedded-busy");
    const release = await lockEmbeddedDatabase(dataDir);
    try {
      const refused = await competitionTool("import", bundle, embedded(dataDir));
      expect(refused.code).toBe(1);
      expect(refused.output).toContain("is in use by another process");
      expect(await readdir(dataDir)).not.toContain("static");
    } finally {
      await release();
    }
  });

  it("imports the bundle into the PGlite database once the server is stopped", async () => {
    const target = embedded(join(work, "embedded"));
    const imported = await competitionTool("import", bundle, target);
    expect(imported.code, imported.output).toBe(0);
    expect(imported.output).toContain("definition version 1 (was 0)");
    for (const slug of SLUGS) {
      expect(await servedDigests(target.staticDir, slug), slug).toEqual(
        await servedDigests(source.staticDir, slug),
      );
    }
  });
});
