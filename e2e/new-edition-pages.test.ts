import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildCompetition, type CompetitionDefinition } from "@tandem/competition";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { competitionTool } from "../test/support/bundle-tools";
import {
  NEW_EDITION,
  newEditionDefinition,
  writeNewEditionBundle,
} from "../test/support/new-edition-bundle";
import { openBrowser } from "./browser";
import { startServer, type TestServer } from "./pages";
import { seriousViolations } from "./site-support";

/**
 * Issue 29: another university's competition, imported as a bundle into a fresh embedded
 * install, is what the pages show in Chromium: its hero, its domains, its timeline and rules'
 * dates, and none of the default edition's.
 */
const SEED = "new-edition-pages-seed-0123456789abcdef0123";
let dir: string;
let server: TestServer | undefined;
let browser: Awaited<ReturnType<typeof openBrowser>> | undefined;
let page: Page;
let definition: CompetitionDefinition;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "tandem-new-edition-pages-"));
  definition = newEditionDefinition(new Date(), 3 * 86_400_000);
  await writeNewEditionBundle(join(dir, "bundle"), definition);
  // Into the embedded database before the server starts (the tool refuses while it runs).
  const imported = await competitionTool("import", join(dir, "bundle"), {
    databaseUrl: "",
    staticDir: join(dir, "data", "static"),
    dataDir: join(dir, "data"),
    seed: SEED,
  });
  if (imported.code !== 0) throw new Error(`competition:import failed:\n${imported.output}`);
  server = await startServer({
    DATA_DIR: join(dir, "data"),
    DATA_SEED: SEED,
    BASELINE_PYTHON: "none",
    COMPETITION_OPENS_AT: "",
    COMPETITION_CLOSES_AT: "",
  });
  browser = await openBrowser();
  page = await browser.context.newPage();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** The imported definition as the pages resolve it. */
const shown = () => buildCompetition(definition);

describe("an imported competition's pages", () => {
  it("the landing page: its hero, its two domains and its deadline, axe-clean", async () => {
    await page.goto(`${server!.baseUrl}/`);
    await page.getByRole("heading", { level: 1, name: NEW_EDITION.heroShown }).waitFor();
    for (const name of NEW_EDITION.domains) {
      await page.getByRole("heading", { name, exact: true }).first().waitFor();
    }
    const deadline = shown().timeline.find((entry) => entry.event === "Last predictions due");
    expect(deadline).toBeDefined();
    await page.locator("li", { hasText: deadline!.event }).getByText(deadline!.date).waitFor();
    const text = await page.locator("body").innerText();
    for (const absent of ["Retail Banking", "Healthcare", "October 26, 2025"]) {
      expect(text).not.toContain(absent);
    }
    expect(await seriousViolations(page)).toEqual([]);
  });

  it("a domain page of the new competition, with its challenge", async () => {
    await page.goto(`${server!.baseUrl}/domains/astronomy`);
    const challenge = shown().findChallenge("astronomy", 1)!;
    await page.getByText(challenge.title).first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });

  it("the rules give the new window in the new time zone", async () => {
    await page.goto(`${server!.baseUrl}/rules`);
    const sentence = shown().site.rules.sections[0]!.paragraphs[0]!;
    expect(sentence).toContain(shown().definition.time_zone.name);
    await page.getByText(sentence.slice(0, 120)).first().waitFor();
  });
});
