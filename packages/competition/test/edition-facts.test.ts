import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { buildCompetition, type CompetitionDefinition } from "../src";
import { defaultDefinition } from "../src/server";

/**
 * The default edition's facts live in packages/competition/definition/default.yaml alone
 * (docs/adr/0014-competition-definition.md): a date, a name or a text of it written into the
 * platform's code would show last year's competition on a deployment of another.
 */

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));

/** The platform's code and deployment files: every deployable and package, not tests, not the SDK's docs. */
const SOURCE =
  /^((packages\/[^/]+\/src|services\/[^/]+\/src|workers\/[^/]+\/src|db\/src|datasets\/src|web\/src|scripts)\/.*\.(ts|tsx|mjs|cjs|js)|(k8s|deploy)\/.*|docker-compose\.yml)$/;
/** Where the default edition's facts are allowed: its generators make its data. */
const ALLOWED = [
  /^datasets\/src\/domains\//, // the six default domains' data generators
  /\.test\.tsx?$/,
  /\/test-utils\//,
  /^web\/src\/components\/Submissions\/testData\.ts$/, // component test fixtures
];

function sourceFiles(): string[] {
  const tracked = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard"], {
    cwd: ROOT,
    encoding: "utf8",
  });
  return tracked
    .split("\n")
    .filter((path) => SOURCE.test(path) && !ALLOWED.some((allowed) => allowed.test(path)));
}

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** Each date of the definition as code might write it: ISO day, and the pages' long forms. */
function dateForms(def: CompetitionDefinition): string[] {
  const days = [
    def.dates.registration_opens,
    def.dates.winners,
    def.dates.workshop,
    ...def.phases.flatMap((p) => [p.starts_at, p.ends_at]),
    ...def.webinars.map((w) => w.starts_at),
  ].map((value) => (typeof value === "object" ? `${value.tbd}-01` : value.slice(0, 10)));
  return [...new Set(days)].flatMap((day) => {
    const [year, month, date] = day.split("-").map(Number) as [number, number, number];
    const name = MONTHS[month - 1];
    return [day, `${name} ${date}, ${year}`, `${date} ${name} ${year}`, `${name} ${year}`];
  });
}

/** Every text of the definition long enough to be its own (short labels like "Rules" are shared words). */
function texts(value: unknown, out: string[] = []): string[] {
  if (typeof value === "string") {
    if (value.length >= 32 && !/^(https?:|\/)/.test(value)) out.push(value);
  } else if (Array.isArray(value)) for (const v of value) texts(v, out);
  else if (value && typeof value === "object") for (const v of Object.values(value)) texts(v, out);
  return out;
}

describe("the default edition's facts", () => {
  const def = defaultDefinition();
  const competition = buildCompetition(def);
  const facts = [
    ...dateForms(def),
    def.identity.contact_email,
    competition.site.hero.heading,
    ...competition.domains.map((d) => d.name).filter((name) => name.includes(" ")),
    ...competition.challenges.map((c) => c.title),
    ...def.webinars.map((w) => w.url),
    ...texts(competition.site),
    ...texts(def.domains),
  ];

  it("appear in no source file outside the default definition", () => {
    const found: string[] = [];
    for (const path of sourceFiles()) {
      const content = readFileSync(join(ROOT, path), "utf8");
      for (const fact of facts) {
        if (content.includes(fact)) found.push(`${path}: ${JSON.stringify(fact.slice(0, 60))}`);
      }
    }
    expect(found).toEqual([]);
  });

  it("would be found if one were written into the code (the check can fail)", () => {
    expect(facts).toContain("October 26, 2025");
    expect(facts).toContain("2025-10-26");
    expect(facts).toContain("Retail Banking");
    expect(facts).toContain("organizers@tandem-bench.org");
    expect(sourceFiles()).toContain("services/gateway/src/app.ts");
  });
});
