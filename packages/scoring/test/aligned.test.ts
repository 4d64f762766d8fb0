import type { Challenge } from "@tandem/competition";
import { allChallenges, findChallenge } from "@tandem/competition/server";
import { describe, expect, it } from "vitest";
// Test-only: the generator makes every challenge's answers at a small scale (datasets depends
// on scoring, not the other way round, in the code that ships).
import { GENERATORS, generateDomain } from "../../../datasets/src/generate";
import {
  ALIGNED_HEADER_BYTES,
  alignAnswers,
  decodeAligned,
  encodeAligned,
  labelSetHash,
  parseToAligned,
  scoreAligned,
} from "../src/aligned";
import { type Answers, parseAnswers } from "../src/answers";
import { ID_SEPARATOR } from "../src/csv";
import type { PartScores } from "../src/metrics";
import { parseSubmission } from "../src/parse-submission";
import { scorePredictions } from "../src/score";
import { scoreSubmissionCsv as scoreThroughForm } from "../src/score-file";
import { createTestSet, type TestSet, testSetOfAnswers } from "../src/test-set";

const SEED = "aligned-seed-0123456789abcdef0123456789abcdef";
const DIGEST = "ab".repeat(32);

/** A small deterministic generator, so a failure reproduces. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

function shuffled<T>(values: readonly T[], next: () => number): T[] {
  const out = [...values];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

const cell = (value: string) =>
  /[",\n\r]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
const idCells = (id: string) => id.split(ID_SEPARATOR).map(cell);

describe("test sets", () => {
  it("sorts ids and items by UTF-16 code unit and digests kind, ids and items", () => {
    // "\u{1F600}" is a surrogate pair (0xD83D…): below "\uFF5E" in UTF-16 order, above in code points.
    const set = createTestSet({ ids: ["b", "\uFF5E", "\u{1F600}", "B", "10", "9"] });
    expect(set.ids).toEqual(["10", "9", "B", "b", "\u{1F600}", "\uFF5E"]);
    expect(set.positions.get("\uFF5E")).toBe(5);
    expect(set.kind).toBe("rows");
    expect(set.digest).toMatch(/^[0-9a-f]{64}$/);
    // Order-free: the same ids in another order make the same digest.
    expect(createTestSet({ ids: ["9", "10", "b", "B", "\uFF5E", "\u{1F600}"] }).digest).toBe(
      set.digest,
    );
    expect(createTestSet({ ids: ["9", "10"] }).digest).not.toBe(set.digest);
    const ranking = createTestSet({ ids: ["C2", "C1"], items: ["SKU2", "SKU10", "SKU1"] });
    expect(ranking.items).toEqual(["SKU1", "SKU10", "SKU2"]);
    expect(ranking.itemIndex?.get("SKU2")).toBe(2);
    expect(ranking.digest).not.toBe(createTestSet({ ids: ["C2", "C1"] }).digest);
    expect(ranking.digest).not.toBe(createTestSet({ ids: ["C2", "C1"], items: ["SKU1"] }).digest);
  });

  it("refuses repeated ids or items", () => {
    expect(() => createTestSet({ ids: ["a", "a"] })).toThrow(/distinct/);
    expect(() => createTestSet({ ids: ["a"], items: ["x", "x"] })).toThrow(/distinct/);
  });
});

describe("the aligned form", () => {
  it("round-trips a label form", () => {
    const labels = ["0", "1"];
    const codes = Uint16Array.from([1, 0, 0, 1, 1]);
    const bytes = encodeAligned({ kind: "label", digest: DIGEST, labels, codes });
    expect(bytes.byteLength).toBe(ALIGNED_HEADER_BYTES + 2 * 5);
    expect(new TextDecoder().decode(bytes.subarray(0, 4))).toBe("TAF1");
    expect(Array.from(bytes.subarray(4, 8))).toEqual([1, 2, 2, 0]);
    const form = decodeAligned(bytes);
    expect(form).toMatchObject({ kind: "label", rows: 5, digest: DIGEST, labelCount: 2 });
    if (form.kind !== "label") throw new Error("label form expected");
    expect(form.labelSetHash).toBe(labelSetHash(labels));
    expect(Array.from(form.codes)).toEqual([1, 0, 0, 1, 1]);
  });

  it("round-trips a numeric form bit for bit, -0 included", () => {
    const values = Float64Array.from([-0, 0, 1.5, -1e-300, Number.MAX_VALUE, 0.1 + 0.2]);
    const bytes = encodeAligned({ kind: "numeric", digest: DIGEST, values });
    expect(bytes.byteLength).toBe(ALIGNED_HEADER_BYTES + 8 * 6);
    const form = decodeAligned(bytes);
    if (form.kind !== "numeric") throw new Error("numeric form expected");
    expect(form.rows).toBe(6);
    for (let i = 0; i < values.length; i++) expect(Object.is(form.values[i], values[i])).toBe(true);
  });

  it("round-trips ranking forms with 16- and 32-bit indices", () => {
    for (const indices of [
      Uint16Array.from([0, 5, 9, 3, 2, 1]),
      Uint32Array.from([70_000, 1, 2, 3, 4, 5]),
    ]) {
      const bytes = encodeAligned({ kind: "ranking", digest: DIGEST, k: 3, indices });
      expect(bytes[5]).toBe(indices.BYTES_PER_ELEMENT);
      const form = decodeAligned(bytes);
      if (form.kind !== "ranking") throw new Error("ranking form expected");
      expect(form).toMatchObject({ rows: 2, k: 3 });
      expect(form.indices.constructor).toBe(indices.constructor);
      expect(Array.from(form.indices)).toEqual(Array.from(indices));
    }
  });

  it("decodes a form that does not start an 8-aligned buffer (a pooled Buffer)", () => {
    const values = Float64Array.from([1, -0, 3]);
    const bytes = encodeAligned({ kind: "numeric", digest: DIGEST, values });
    const padded = new Uint8Array(bytes.byteLength + 3);
    padded.set(bytes, 3);
    const form = decodeAligned(padded.subarray(3));
    if (form.kind !== "numeric") throw new Error("numeric form expected");
    expect(Object.is(form.values[1], -0)).toBe(true);
    expect(Array.from(form.values)).toEqual([1, -0, 3]);
  });

  it("refuses corrupted bytes with a clear message", () => {
    const good = encodeAligned({
      kind: "label",
      digest: DIGEST,
      labels: ["a", "b", "c"],
      codes: Uint16Array.from([0, 1, 2]),
    });
    const corrupt = (at: number, value: number) => {
      const bytes = good.slice();
      bytes[at] = value;
      return bytes;
    };
    expect(() => decodeAligned(good.subarray(0, 20))).toThrow(/56-byte header/);
    expect(() => decodeAligned(corrupt(0, 0x58))).toThrow(/magic/);
    expect(() => decodeAligned(corrupt(4, 7))).toThrow(/kind must be 1, 2 or 3/);
    expect(() => decodeAligned(corrupt(5, 4))).toThrow(/code width must be 2/);
    expect(() => decodeAligned(corrupt(12, 1))).toThrow(/reserved/);
    expect(() => decodeAligned(good.subarray(0, good.byteLength - 2))).toThrow(
      /of 3 rows is 62 bytes long \(got 60\)/,
    );
    expect(() => decodeAligned(corrupt(8, 4))).toThrow(/of 4 rows is 64 bytes long/);
    expect(() => decodeAligned(corrupt(ALIGNED_HEADER_BYTES, 3))).toThrow(/outside its 3 labels/);
    expect(() =>
      encodeAligned({ kind: "numeric", digest: "xyz", values: new Float64Array(1) }),
    ).toThrow(/64 lowercase hex/);
  });
});

describe("scoring an aligned form", () => {
  const fraud = findChallenge("retail-banking", 1)!;
  const answersCsv = "TxnID,FraudLabel\nT1,1\nT2,0\nT3,0\nT4,1\nT5,0\n";
  const answers = parseAnswers(answersCsv, fraud, { publicRows: Uint8Array.from([1, 0, 0, 1, 0]) });
  const testSet = testSetOfAnswers(answers);
  const aligned = alignAnswers(answers, testSet);
  const submission = "TxnID,FraudLabel\nT5,1\nT3,0\nT1,True\nT4,0.0\nT2,0\n";

  it("puts the rows in test-set order and scores them as the CSV path does", () => {
    const parsed = parseToAligned(submission, fraud, testSet);
    if (!parsed.ok) throw new Error(parsed.errors.join("; "));
    expect(parsed.table.ids).toEqual(["T1", "T2", "T3", "T4", "T5"]);
    expect(parsed.rowCount).toBe(5);
    const want = scoreDirectly(fraud, answers, submission);
    if (!want.ok) throw new Error(want.errors.join("; "));
    expect(scoreAligned(fraud, answers, aligned, parsed.form)).toEqual(want.value);
  });

  it("reports an invalid file's errors as parseSubmission does", () => {
    const parsed = parseToAligned("TxnID,FraudLabel\nT1,1\nT9,0\n", fraud, testSet);
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.errors.join("\n")).toMatch(/Id not in the test set/);
    expect(parsed.errors.join("\n")).toMatch(/Missing ids/);
  });

  it("refuses a form aligned to another test set, or of another kind or label set", () => {
    const other = createTestSet({ ids: ["T1", "T2", "T3", "T4", "T5", "T6"] });
    const parsed = parseToAligned(`${submission}T6,1\n`, fraud, other);
    if (!parsed.ok) throw new Error(parsed.errors.join("; "));
    expect(() => scoreAligned(fraud, answers, aligned, parsed.form)).toThrow(/another test set/);
    const numeric = encodeAligned({
      kind: "numeric",
      digest: testSet.digest,
      values: new Float64Array(5),
    });
    expect(() => scoreAligned(fraud, answers, aligned, numeric)).toThrow(
      /numeric form for a label/,
    );
    const relabelled = encodeAligned({
      kind: "label",
      digest: testSet.digest,
      labels: ["1", "0"],
      codes: new Uint16Array(5),
    });
    expect(() => scoreAligned(fraud, answers, aligned, relabelled)).toThrow(/another label set/);
  });

  it("refuses to align answers whose ids are not the test set's", () => {
    expect(() =>
      alignAnswers(answers, createTestSet({ ids: ["T1", "T2", "T3", "T4", "T9"] })),
    ).toThrow(/1 answer ids are not in the test set \(e\.g\. "T5"\), 1 test ids have no answer/);
    expect(() => alignAnswers(answers, createTestSet({ ids: ["T1", "T2", "T3", "T4"] }))).toThrow(
      /not the test set's/,
    );
    const other = parseAnswers(answersCsv, fraud, { publicRows: Uint8Array.from([1, 0, 0, 1, 0]) });
    expect(() => scoreAligned(fraud, other, aligned, new Uint8Array())).toThrow(
      /not aligned from these answers/,
    );
  });
});

/*
 * Parity: for every challenge of the default competition, scoring the aligned form gives exactly
 * (Object.is) the score the CSV path gives today, on shuffled files, constant files (every row
 * tied), files with -0, and the generated sample submissions. The answers are a generated
 * scale-0.01 dataset, whose rows are in the generator's order, not sorted: the gather is exercised.
 */
interface Generated {
  challenge: Challenge;
  answers: Answers;
  answersCsv: string;
  eligibleItems?: string[];
  samples: Map<string, string>;
}

function generated(): Generated[] {
  const out: Generated[] = [];
  for (const slug of Object.keys(GENERATORS)) {
    const domain = generateDomain(slug, "7", 0.01);
    for (const [key, stored] of Object.entries(domain.answers)) {
      const challenge = allChallenges().find((c) => c.key === key);
      if (!challenge) throw new Error(`generated answers for unknown challenge ${key}`);
      const answers = parseAnswers(stored.csv, challenge, {
        splitSeed: SEED,
        ...(stored.eligibleItems ? { eligibleItems: stored.eligibleItems } : {}),
      });
      const samples = new Map<string, string>();
      const sample = domain.files[`sample_submission_c${challenge.number}.csv`];
      if (typeof sample === "string") samples.set("sample submission", sample);
      out.push({
        challenge,
        answers,
        answersCsv: stored.csv,
        ...(stored.eligibleItems ? { eligibleItems: stored.eligibleItems } : {}),
        samples,
      });
    }
  }
  return out;
}

function submissions(challenge: Challenge, answers: Answers, seed: number): Map<string, string> {
  const next = random(seed);
  const header = challenge.header.join(",");
  const ids = answers.table.ids;
  const target = challenge.target;
  const files = new Map<string, string>();
  const file = (rows: string[][]) =>
    [header, ...shuffled(rows, next).map((row) => row.join(","))].join("\n");
  if (target.kind === "label") {
    const truth = answers.table.predictions;
    if (truth.kind !== "label") throw new Error("label answers expected");
    const pick = () => target.labels[Math.floor(next() * target.labels.length)]!;
    files.set(
      "shuffled, right two times in three",
      file(
        ids.map((id, i) => [
          ...idCells(id),
          next() < 0.66 ? truth.labels[truth.values[i]!]! : pick(),
        ]),
      ),
    );
    files.set("constant", file(ids.map((id) => [...idCells(id), target.labels[0]!])));
    files.set(
      "every label once, rest random",
      file(ids.map((id, i) => [...idCells(id), target.labels[i] ?? pick()])),
    );
  } else if (target.kind === "numeric") {
    const truth = answers.table.predictions;
    if (truth.kind !== "numeric") throw new Error("numeric answers expected");
    files.set(
      "shuffled, noisy",
      file(
        ids.map((id, i) => [
          ...idCells(id),
          String(truth.values[i]! * (0.5 + next()) + next() * 3),
        ]),
      ),
    );
    // Ties everywhere: Gini keeps row order among them.
    files.set("constant", file(ids.map((id) => [...idCells(id), "1.5"])));
    files.set(
      "a few values, many ties",
      file(ids.map((id) => [...idCells(id), String(Math.floor(next() * 3))])),
    );
    files.set(
      "-0 and 0",
      file(
        ids.map((id, i) => [
          ...idCells(id),
          ["-0", "0", "-0.0", String(-truth.values[i]!)][i % 4]!,
        ]),
      ),
    );
    files.set("exact truth", file(ids.map((id, i) => [...idCells(id), String(truth.values[i])])));
  } else {
    const items = [...answers.eligible!];
    const k = target.k;
    const sample = () => shuffled(items, next).slice(0, k);
    files.set("shuffled, random items", file(ids.map((id) => [...idCells(id), ...sample()])));
    const same = sample();
    files.set("constant", file(ids.map((id) => [...idCells(id), ...same])));
    const relevant = answers.relevant!;
    files.set(
      "relevant first",
      file(
        ids.map((id, i) => {
          const hits = [...relevant[i]!].slice(0, k);
          const rest = shuffled(
            items.filter((item) => !hits.includes(item)),
            next,
          ).slice(0, k - hits.length);
          return [...idCells(id), ...hits, ...rest];
        }),
      ),
    );
  }
  return files;
}

function expectSame(label: string, got: PartScores, want: PartScores) {
  for (const part of ["public", "private"] as const) {
    expect(
      Object.is(got[part], want[part]),
      `${label} ${part}: aligned ${got[part]}, csv ${want[part]}`,
    ).toBe(true);
  }
}

/** The direct path before ADR 0021: parsed against the answers' own rows, scored as parsed. */
function scoreDirectly(
  challenge: Challenge,
  answers: Answers,
  csv: string,
): { ok: true; value: PartScores } | { ok: false; errors: string[] } {
  const parsed = parseSubmission(csv, challenge, {
    expected: answers.table.positions,
    ...(answers.eligible ? { eligibleItems: answers.eligible } : {}),
  });
  if (!parsed.ok) return { ok: false, errors: parsed.errors };
  return { ok: true, value: scorePredictions(challenge, answers, parsed.table) };
}

function checkParity(
  challenge: Challenge,
  answers: Answers,
  files: Map<string, string>,
  testSet: TestSet,
) {
  const aligned = alignAnswers(answers, testSet);
  let compared = 0;
  for (const [name, csv] of files) {
    const label = `${challenge.key} (${name})`;
    const want = scoreDirectly(challenge, answers, csv);
    const parsed = parseToAligned(csv, challenge, testSet);
    // The one entry point everyone else calls gives the same answer.
    const through = scoreThroughForm(challenge, answers, csv);
    expect(through.ok, label).toBe(want.ok);
    if (through.ok && want.ok)
      expectSame(`${label} via scoreSubmissionCsv`, through.value, want.value);
    expect(parsed.ok, label).toBe(want.ok);
    if (!want.ok || !parsed.ok) {
      if (!want.ok && !parsed.ok) expect(parsed.errors, label).toEqual(want.errors);
      continue;
    }
    // Through a fresh copy, as a form read back from the database would be.
    expectSame(
      label,
      scoreAligned(challenge, answers, aligned, Uint8Array.from(parsed.form)),
      want.value,
    );
    compared++;
  }
  return compared;
}

describe("parity: scoreAligned(parseToAligned(file)) equals the direct parse-and-score exactly", () => {
  const cases = generated();

  it("covers every challenge of the default competition and every metric", () => {
    expect(new Set(cases.map((c) => c.challenge.key))).toEqual(
      new Set(allChallenges().map((c) => c.key)),
    );
    expect(new Set(cases.map((c) => c.challenge.metric))).toEqual(
      new Set(["macro_f1", "rmse", "mse", "mae", "gini", "ndcg10"]),
    );
  });

  it.each(cases.map((c) => [c.challenge.key, c] as const))(
    "%s, answers as generated and shuffled",
    (_, { challenge, answers, answersCsv, eligibleItems, samples }) => {
      // The generator mostly writes answers in id order: shuffled answers make the gather (answers
      // row i <- test-set row) a real permutation, as an organizers' file in any order would.
      const [header, ...body] = answersCsv.split("\n").filter((line) => line !== "");
      const reordered = parseAnswers(
        [header, ...shuffled(body, random(challenge.number))].join("\n"),
        challenge,
        { splitSeed: SEED, ...(eligibleItems ? { eligibleItems } : {}) },
      );
      expect(reordered.table.ids, challenge.key).not.toEqual(testSetOfAnswers(reordered).ids);
      for (const [order, a] of [
        ["generated", answers],
        ["shuffled", reordered],
      ] as const) {
        const testSet = testSetOfAnswers(a);
        const files = new Map([...submissions(challenge, a, challenge.number * 7919), ...samples]);
        const compared = checkParity(challenge, a, files, testSet);
        expect(compared, `${challenge.key} (${order} answers)`).toBeGreaterThanOrEqual(3);
      }
    },
  );

  it("holds for a ranking over more than 65,535 items (32-bit indices)", () => {
    const challenge = findChallenge("commerce", 2)!;
    const items = Array.from({ length: 70_000 }, (_, i) => `SKU${i}`);
    const next = random(5);
    const answersCsv = [
      "customer_id,relevant",
      ...Array.from({ length: 40 }, (_, c) => {
        const relevant = Array.from({ length: 3 }, () => items[69_990 + Math.floor(next() * 10)]);
        return `C${40 - c},${[...new Set(relevant)].join(" ")}`;
      }),
    ].join("\n");
    const answers = parseAnswers(answersCsv, challenge, { splitSeed: SEED, eligibleItems: items });
    const testSet = testSetOfAnswers(answers);
    const files = new Map<string, string>();
    const high = items.slice(69_985);
    files.set(
      "high indices",
      [
        challenge.header.join(","),
        ...answers.table.ids.map((id) => [id, ...shuffled(high, next).slice(0, 10)].join(",")),
      ].join("\n"),
    );
    const parsed = parseToAligned(files.get("high indices")!, challenge, testSet);
    if (!parsed.ok) throw new Error(parsed.errors.join("; "));
    expect(parsed.form[5]).toBe(4);
    expect(checkParity(challenge, answers, files, testSet)).toBe(1);
  });

  it("holds for ids whose UTF-16 order differs from code point order, and for shuffled answers", () => {
    const challenge = findChallenge("insurance", 2)!; // numeric
    const next = random(11);
    const ids = shuffled(
      [
        "\u{1F600}",
        "\uFF5E",
        "b",
        "B",
        "10",
        "9",
        "é",
        "e\u0301",
        ...Array.from({ length: 200 }, (_, i) => `P${i}`),
      ],
      next,
    );
    const answersCsv = [
      challenge.header.join(","),
      ...ids.map((id) => `${id},${next() < 0.5 ? 0 : Math.round(next() * 1000) / 10}`),
    ].join("\n");
    const answers = parseAnswers(answersCsv, challenge, { splitSeed: SEED });
    const files = submissions(challenge, answers, 3);
    expect(checkParity(challenge, answers, files, testSetOfAnswers(answers))).toBe(files.size);
  });
});
