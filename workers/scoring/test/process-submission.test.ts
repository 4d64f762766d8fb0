import { allChallenges, challengeByKey } from "@tandem/competition/server";
import { fillMissingSplits } from "@tandem/datasets";
import { challengeAnswers, createAnswersStore, createTestSetStore, submissions } from "@tandem/db";
import { markSubmissionFailed } from "@tandem/jobs";
import {
  createAnswersCache,
  createTestSetCache,
  encodeAligned,
  parseToAligned,
} from "@tandem/scoring";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { TEST_DATA_SEED } from "../../../test/support/services";
import { createRankingProcessor, type ProcessOutcome } from "../src/process-submission";
import {
  buildProcessor,
  createWorkerFixture,
  SCORED_CHALLENGE,
  shiftValues,
  silentLogger,
  UNANSWERED_CHALLENGE,
  type WorkerFixture,
} from "./helper";

// The processor alone, against real Postgres and no Redis: what a BullMQ job runs.
let fixture: WorkerFixture;
let perfect: string;

beforeAll(async () => {
  fixture = await createWorkerFixture();
  perfect = await fixture.answersCsv(SCORED_CHALLENGE);
});
afterAll(async () => {
  await fixture?.close();
});

describe("scoring a queued submission", () => {
  it("scores it against the stored answers and records the answers' version with the score", async () => {
    await fixture.db
      .update(challengeAnswers)
      .set({ version: 7 })
      .where(eq(challengeAnswers.challengeKey, SCORED_CHALLENGE));
    const process = buildProcessor(fixture);
    const exact = await fixture.insertSubmission({ csv: perfect });
    const offByOne = await fixture.insertSubmission({ csv: shiftValues(perfect, 1) });

    expect(await process(exact)).toBe("scored");
    expect(await process(offByOne)).toBe("scored");

    const exactRow = await fixture.readSubmission(exact);
    expect(exactRow).toMatchObject({ status: "scored", metricValue: 0, answersVersion: 7 });
    expect(exactRow.scoredAt).toBeInstanceOf(Date);
    expect(exactRow.attempts).toBe(1);
    const offRow = await fixture.readSubmission(offByOne);
    expect(offRow.status).toBe("scored");
    expect(offRow.metricValue).toBeCloseTo(1, 6);
    expect(offRow.answersVersion).toBe(7);
  });

  it("takes over a submission a dead worker left in scoring", async () => {
    const id = await fixture.insertSubmission({ csv: perfect, status: "scoring" });
    expect(await buildProcessor(fixture)(id)).toBe("scored");
    expect(await fixture.readSubmission(id)).toMatchObject({ status: "scored", metricValue: 0 });
  });
});

describe("scoring on the public and the private rows", () => {
  async function storedSplit(): Promise<Buffer | null> {
    const [row] = await fixture.db
      .select({ publicRows: challengeAnswers.publicRows })
      .from(challengeAnswers)
      .where(eq(challengeAnswers.challengeKey, SCORED_CHALLENGE));
    return row?.publicRows ?? null;
  }

  /** The answers with every public value off by `publicBy` and every private one by `privateBy`. */
  async function offByPart(publicBy: number, privateBy: number): Promise<string> {
    const split = (await storedSplit())!;
    const [header, ...rows] = perfect.trim().split("\n");
    const shifted = rows.map((line, i) => {
      const cells = line.split(",");
      cells[cells.length - 1] = String(Number(cells.at(-1)) + (split[i] ? publicBy : privateBy));
      return cells.join(",");
    });
    return [header, ...shifted].join("\n");
  }

  async function expectParts(id: string, publicValue: number, privateValue: number) {
    const row = await fixture.readSubmission(id);
    expect(row.status).toBe("scored");
    expect(row.metricValue).toBeCloseTo(publicValue, 9);
    expect(row.privateMetricValue).toBeCloseTo(privateValue, 9);
  }

  it("writes the public score as metric_value and the private one as private_metric_value", async () => {
    const split = (await storedSplit())!;
    // Generation stored the split: about 30% public, both parts present.
    expect(split.length).toBe(perfect.trim().split("\n").length - 1);
    expect(split.includes(1) && split.includes(0)).toBe(true);
    const id = await fixture.insertSubmission({ csv: await offByPart(1, 5) });

    expect(await buildProcessor(fixture)(id)).toBe("scored");

    // MAE: off by 1 on every public row, by 5 on every private one.
    await expectParts(id, 1, 5);
  });

  it("gives a perfect submission the perfect score on both parts", async () => {
    const id = await fixture.insertSubmission({ csv: perfect });
    expect(await buildProcessor(fixture)(id)).toBe("scored");
    expect(await fixture.readSubmission(id)).toMatchObject({
      metricValue: 0,
      privateMetricValue: 0,
    });
  });

  it("derives the split of answers stored before it from the seed, or refuses to score without one", async () => {
    const stored = (await storedSplit())!;
    const forget = () =>
      fixture.db
        .update(challengeAnswers)
        .set({ publicRows: null, version: 40 + Math.floor(Math.random() * 1000) })
        .where(eq(challengeAnswers.challengeKey, SCORED_CHALLENGE));
    const csv = await offByPart(1, 5);
    try {
      await forget();
      const withSeed = buildProcessor(fixture, {
        getAnswers: createAnswersCache(
          createAnswersStore({ db: fixture.db, dataSeed: TEST_DATA_SEED }),
        ),
      });
      const derived = await fixture.insertSubmission({ csv });
      expect(await withSeed(derived)).toBe("scored");
      // The same seed draws the same split that generation stored.
      await expectParts(derived, 1, 5);

      const withoutSeed = await fixture.insertSubmission({ csv });
      await expect(buildProcessor(fixture)(withoutSeed)).rejects.toThrow(
        /food\/1 have no public\/private split/,
      );
      expect(await fixture.readSubmission(withoutSeed)).toMatchObject({
        status: "scoring",
        metricValue: null,
      });

      // What a process with the seed does for the seedless worker: store the split.
      expect(await fillMissingSplits(fixture.db, TEST_DATA_SEED)).toEqual([SCORED_CHALLENGE]);
      expect(await storedSplit()).toEqual(stored);
      expect(await fillMissingSplits(fixture.db, TEST_DATA_SEED)).toEqual([]);
      expect(await buildProcessor(fixture)(withoutSeed)).toBe("scored");
      await expectParts(withoutSeed, 1, 5);
    } finally {
      await fixture.db
        .update(challengeAnswers)
        .set({ publicRows: stored })
        .where(eq(challengeAnswers.challengeKey, SCORED_CHALLENGE));
    }
  });
});

describe("scoring the aligned form intake stored (ADR 0021)", () => {
  const challenge = () => challengeByKey(SCORED_CHALLENGE)!;
  const testSet = async () =>
    (await createTestSetCache(createTestSetStore({ db: fixture.db }))(challenge()))!;
  async function formOf(csv: string): Promise<Uint8Array> {
    const parsed = parseToAligned(csv, challenge(), await testSet());
    if (!parsed.ok) throw new Error(parsed.errors.join("; "));
    return parsed.form;
  }

  it("scores the form without parsing the file again, and clears it once scored", async () => {
    // The stored file is not even a CSV of this challenge: only the form can have been scored.
    const id = await fixture.insertSubmission({
      csv: "not,the,file\n",
      aligned: await formOf(shiftValues(perfect, 2)),
    });
    expect(await buildProcessor(fixture)(id)).toBe("scored");
    const row = await fixture.readSubmission(id);
    expect(row.status).toBe("scored");
    expect(row.metricValue).toBeCloseTo(2, 9);
    expect(row.privateMetricValue).toBeCloseTo(2, 9);
    expect(row.aligned).toBeNull();
    // The database's clock, as created_at's.
    expect(row.scoredAt!.getTime()).toBeGreaterThanOrEqual(row.createdAt.getTime());
  });

  it("scores the same value from the form as from the file, to the last bit", async () => {
    const csv = shiftValues(perfect, 0.3);
    const fromForm = await fixture.insertSubmission({ csv, aligned: await formOf(csv) });
    const fromFile = await fixture.insertSubmission({ csv });
    const process = buildProcessor(fixture);
    expect([await process(fromForm), await process(fromFile)]).toEqual(["scored", "scored"]);
    const [a, b] = [await fixture.readSubmission(fromForm), await fixture.readSubmission(fromFile)];
    expect(Object.is(a.metricValue, b.metricValue)).toBe(true);
    expect(Object.is(a.privateMetricValue, b.privateMetricValue)).toBe(true);
  });

  it("parses the file again when the form is aligned to another test set (the data was reloaded)", async () => {
    const rows = (await testSet()).ids.length;
    const stale = encodeAligned({
      kind: "numeric",
      digest: "0".repeat(64),
      values: new Float64Array(rows).fill(100),
    });
    const id = await fixture.insertSubmission({ csv: shiftValues(perfect, 1), aligned: stale });
    expect(await buildProcessor(fixture)(id)).toBe("scored");
    const row = await fixture.readSubmission(id);
    expect(row.metricValue).toBeCloseTo(1, 9);
    expect(row.aligned).toBeNull();
  });
});

describe("a re-delivered job", () => {
  it.each(["scored", "invalid", "failed"] as const)(
    "exits early and changes nothing when the submission is already %s",
    async (status) => {
      const onScored = vi.fn(async () => {});
      const id = await fixture.insertSubmission({ csv: perfect, status });
      const before = await fixture.readSubmission(id);

      expect(await buildProcessor(fixture, { onScored })(id)).toBe("skipped");

      expect(await fixture.readSubmission(id)).toEqual(before);
      expect(onScored).not.toHaveBeenCalled();
    },
  );

  it("is skipped when the submission does not exist", async () => {
    expect(await buildProcessor(fixture)("00000000-0000-4000-8000-000000000000")).toBe("skipped");
  });

  it("run twice at once writes one score and refreshes the rankings once", async () => {
    const onScored = vi.fn(async () => {});
    const process = buildProcessor(fixture, { onScored });
    const id = await fixture.insertSubmission({ csv: shiftValues(perfect, 2) });

    const outcomes = await Promise.all([process(id), process(id)]);

    expect(outcomes).toContain("scored");
    expect(onScored).toHaveBeenCalledTimes(1);
    const row = await fixture.readSubmission(id);
    expect(row.status).toBe("scored");
    expect(row.metricValue).toBeCloseTo(2, 6);
    // Once scored, later deliveries no longer claim it.
    expect(await process(id)).toBe("skipped");
    expect(onScored).toHaveBeenCalledTimes(1);
  });
});

describe("claiming a submission", () => {
  it("skips a submission that another run claimed and is still scoring", async () => {
    const answers = createAnswersCache(createAnswersStore({ db: fixture.db }));
    let second: Promise<ProcessOutcome> | undefined;
    const process = buildProcessor(fixture, {
      getAnswers: async (challenge) => {
        // The first run, holding its claim, lets a second run of the same id go first.
        if (!second) {
          second = process(id);
          await second;
        }
        return answers(challenge);
      },
    });
    const id = await fixture.insertSubmission({ csv: perfect });

    expect(await process(id)).toBe("scored");
    expect(await second).toBe("skipped");
    expect(await fixture.readSubmission(id)).toMatchObject({ status: "scored", attempts: 1 });
  });

  it("lets only one of two runs started at once claim it", async () => {
    const process = buildProcessor(fixture);
    const id = await fixture.insertSubmission({ csv: perfect });

    const outcomes = await Promise.all([process(id), process(id)]);

    expect(outcomes.sort()).toEqual(["scored", "skipped"]);
    expect(await fixture.readSubmission(id)).toMatchObject({ status: "scored", attempts: 1 });
  });

  it("leaves a submission in scoring whose claim is younger than the lease", async () => {
    const id = await fixture.insertSubmission({
      csv: perfect,
      status: "scoring",
      claimedAt: new Date(Date.now() - 5_000),
    });
    const before = await fixture.readSubmission(id);

    expect(await buildProcessor(fixture, { claimLeaseMs: 30_000 })(id)).toBe("skipped");
    expect(await fixture.readSubmission(id)).toEqual(before);
  });

  it("takes over a submission whose claim is older than the lease", async () => {
    const id = await fixture.insertSubmission({
      csv: perfect,
      status: "scoring",
      claimedAt: new Date(Date.now() - 60_000),
    });

    expect(await buildProcessor(fixture, { claimLeaseMs: 30_000 })(id)).toBe("scored");
    expect(await fixture.readSubmission(id)).toMatchObject({
      status: "scored",
      metricValue: 0,
      attempts: 1,
    });
  });

  it("writes nothing from a run whose lapsed claim another run took over", async () => {
    const onScored = vi.fn(async () => {});
    const answers = createAnswersCache(createAnswersStore({ db: fixture.db }));
    let takeover: Promise<ProcessOutcome> | undefined;
    const slow = buildProcessor(fixture, {
      onScored,
      getAnswers: async (challenge) => {
        if (!takeover) {
          // This run stalls past its lease; another run takes the submission over and scores it.
          await fixture.db
            .update(submissions)
            .set({ claimedAt: new Date(Date.now() - 3_600_000) })
            .where(eq(submissions.id, id));
          takeover = buildProcessor(fixture, { onScored })(id);
          await takeover;
        }
        return answers(challenge);
      },
    });
    const id = await fixture.insertSubmission({ csv: shiftValues(perfect, 3) });

    expect(await slow(id)).toBe("skipped");
    expect(await takeover).toBe("scored");
    expect(onScored).toHaveBeenCalledTimes(1);
    expect(await fixture.readSubmission(id)).toMatchObject({ status: "scored", attempts: 2 });
  });
});

describe("a submission that cannot be scored", () => {
  it("is marked invalid with its validation errors, not failed, when the file does not parse", async () => {
    const onScored = vi.fn(async () => {});
    const id = await fixture.insertSubmission({ csv: "wrong,header\na,1\n" });

    expect(await buildProcessor(fixture, { onScored })(id)).toBe("invalid");

    const row = await fixture.readSubmission(id);
    expect(row).toMatchObject({
      status: "invalid",
      errorMessage: "Submission failed validation",
      metricValue: null,
    });
    expect(row.validationErrors?.length).toBeGreaterThan(0);
    expect(row.validationErrors?.join(" ")).toMatch(/header/i);
    expect(row.scoredAt).toBeInstanceOf(Date);
    expect(onScored).not.toHaveBeenCalled();
  });

  it("is marked invalid when it names a challenge that does not exist", async () => {
    const id = await fixture.insertSubmission({ csv: perfect, challengeKey: "nowhere/9" });
    expect(await buildProcessor(fixture)(id)).toBe("invalid");
    expect(await fixture.readSubmission(id)).toMatchObject({
      status: "invalid",
      errorMessage: "Unknown challenge nowhere/9",
    });
  });

  it("throws while its challenge has no answers, leaving it claimed for the next attempt", async () => {
    const process = buildProcessor(fixture);
    const id = await fixture.insertSubmission({ csv: perfect, challengeKey: UNANSWERED_CHALLENGE });

    await expect(process(id)).rejects.toThrow(`No answers stored for ${UNANSWERED_CHALLENGE}`);
    expect(await fixture.readSubmission(id)).toMatchObject({ status: "scoring", attempts: 1 });
    await expect(process(id)).rejects.toThrow(/No answers stored/);
    expect(await fixture.readSubmission(id)).toMatchObject({ status: "scoring", attempts: 2 });
  });

  it("is scored by the next attempt after a transient error", async () => {
    const real = buildProcessor(fixture);
    const answers = createAnswersCache(createAnswersStore({ db: fixture.db }));
    let calls = 0;
    const flaky = buildProcessor(fixture, {
      getAnswers: async (challenge) => {
        calls++;
        if (calls === 1) throw new Error("connection reset");
        return answers(challenge);
      },
    });
    const id = await fixture.insertSubmission({ csv: perfect });

    await expect(flaky(id)).rejects.toThrow("connection reset");
    expect((await fixture.readSubmission(id)).status).toBe("scoring");
    expect(await flaky(id)).toBe("scored");
    expect(await fixture.readSubmission(id)).toMatchObject({ status: "scored", attempts: 2 });
    expect(await real(id)).toBe("skipped");
  });
});

describe("refreshing the rankings", () => {
  it("happens once for each counted submission scored, never for uncounted ones", async () => {
    const onScored = vi.fn(async () => {});
    const process = buildProcessor(fixture, { onScored });
    const counted = [
      await fixture.insertSubmission({ csv: perfect }),
      await fixture.insertSubmission({ csv: perfect }),
    ];
    const uncounted = await fixture.insertSubmission({ csv: perfect, counted: false });

    for (const id of counted) await process(id);
    expect(onScored).toHaveBeenCalledTimes(2);
    expect(await process(uncounted)).toBe("scored");
    expect(onScored).toHaveBeenCalledTimes(2);
    expect((await fixture.readSubmission(uncounted)).status).toBe("scored");
  });

  it("failing does not undo or fail the score", async () => {
    const onScored = vi.fn(async () => {
      throw new Error("redis down");
    });
    const id = await fixture.insertSubmission({ csv: perfect });

    expect(await buildProcessor(fixture, { onScored })(id)).toBe("scored");
    expect(onScored).toHaveBeenCalledTimes(1);
    expect(await fixture.readSubmission(id)).toMatchObject({ status: "scored", metricValue: 0 });
  });
});

describe("marking a submission failed", () => {
  it.each(["queued", "scoring"] as const)(
    "marks a %s submission failed with the reason",
    async (status) => {
      const id = await fixture.insertSubmission({ csv: perfect, status });
      await markSubmissionFailed(fixture.db, id, "gave up");
      const row = await fixture.readSubmission(id);
      expect(row).toMatchObject({ status: "failed", errorMessage: "gave up" });
      expect(row.scoredAt).toBeInstanceOf(Date);
    },
  );

  it("never overwrites a submission that finished meanwhile", async () => {
    const id = await fixture.insertSubmission({ csv: perfect });
    expect(await buildProcessor(fixture)(id)).toBe("scored");
    await markSubmissionFailed(fixture.db, id, "gave up");
    expect(await fixture.readSubmission(id)).toMatchObject({
      status: "scored",
      errorMessage: null,
      metricValue: 0,
    });
  });
});

describe("a worker's start", () => {
  it("prepares the answers of every active challenge that has them before its first job", async () => {
    const process = createRankingProcessor({
      db: fixture.db,
      rankings: { changed: async () => {} },
      logger: silentLogger,
    });
    // The fixture generated one domain: its challenges have answers, the others none.
    const food = allChallenges().filter((c) => c.key.startsWith("food/"));
    expect(food.length).toBeGreaterThan(0);
    expect(await process.warm()).toBe(food.length);
  });
});
