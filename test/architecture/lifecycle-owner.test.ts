import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { findStatusWrites, sourceFiles, statusWritesIn } from "./status-writes";

/*
 * One lifecycle owner (docs/adr/0021-workers-score.md): every write of a submission's status
 * is in packages/jobs/src, so the two run modes and every caller move a submission by the
 * same rules. A status write anywhere else in production code fails here, named by file:line.
 */

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const OWNER = "packages/jobs/src/";
const FOLDERS = ["services", "workers", "db/src", "datasets/src", "scripts", "packages"];

const production = FOLDERS.flatMap((folder) => sourceFiles(ROOT, folder));
const where = (writes: { file: string; line: number; text: string }[]) =>
  writes.map((write) => `${write.file}:${write.line} ${write.text}`);

describe("the submission lifecycle's one owner", () => {
  it("writes a submission's status only in packages/jobs/src", () => {
    // The walk finds the code it guards (a wrong path would pass with nothing to check).
    expect(production).toContain(
      "services/gateway/src/modules/submissions/submissions.repository.ts",
    );
    expect(production).toContain("workers/scoring/src/process-submission.ts");
    const elsewhere = statusWritesIn(
      ROOT,
      production.filter((file) => !file.startsWith(OWNER)),
    );
    expect(where(elsewhere)).toEqual([]);
  });

  it("finds the owner's own writes (the detector sees real code)", () => {
    const owned = statusWritesIn(
      ROOT,
      production.filter((file) => file.startsWith(OWNER)),
    );
    const files = new Set(owned.map((write) => write.file));
    expect([...files]).toEqual(
      expect.arrayContaining([
        `${OWNER}admit-submission.ts`,
        `${OWNER}invalidate.ts`,
        `${OWNER}rescore.ts`,
        `${OWNER}submission-store.ts`,
      ]),
    );
  });

  it("finds each form of status write, and lets a write of other columns through", () => {
    const fixture = [
      'import { submissions as subs, submissions } from "@tandem/db";',
      "await db.insert(submissions).values(row);", // 2: insert
      'await tx.update(submissions).set({ status: "invalid" }).where(w);', // 3: status
      "await tx.update(submissions).set(changes).where(w);", // 4: not a literal
      "await tx.update(submissions).set({ ...changes, finalAt: null });", // 5: a spread
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the fixture is source text.
      "await db.execute(sql`update ${submissions} set status = 'queued'`);", // 6: sql, table interpolated
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the fixture is source text.
      'await db.execute(sql`insert into "submissions" (id) values (${id})`);', // 7: sql, named
      'await tx.update(subs).set({ "status": next });', // 8: an aliased import, a quoted key
      "await tx.update(submissions).set({ finalAt: sql`now()` }).where(w);", // 9: allowed
      "await tx.update(submissions).set({ metricName: name, shownScore: null });", // 10: allowed
      "await db.select().from(submissions).where(eq(submissions.status, 'queued'));", // 11: a read
    ].join("\n");
    const found = findStatusWrites("fixture.ts", fixture);
    expect(found.map((write) => [write.line, write.kind])).toEqual([
      [2, "insert"],
      [3, "update"],
      [4, "update"],
      [5, "update"],
      [6, "sql"],
      [7, "sql"],
      [8, "update"],
    ]);
  });
});
