import { execFileSync } from "node:child_process";
import type { Challenge } from "@tandem/competition";
import { findChallenge } from "@tandem/competition/server";
import { describe, expect, it } from "vitest";
import { parseAnswers } from "../src/answers";
import { parseSubmission } from "../src/parse-submission";
import { scorePredictions } from "../src/score";

/*
 * Each part's score equals scikit-learn's on exactly that part's rows (docs/adr/0009): the
 * answers and a submission go through the platform's parser and a seeded split, and Debian's
 * Python scores the public rows and the private rows separately with sklearn.metrics (Gini with
 * the numpy reference of fixtures/generate_metric_fixtures.py).
 */

const SEED = "parity-seed-0123456789abcdef0123456789abcdef";

const REFERENCE = `
import json, sys
import numpy as np
from sklearn.metrics import f1_score, mean_absolute_error, mean_squared_error, ndcg_score

def gini(actual, pred):
    actual = np.asarray(actual, dtype=float)
    order = np.lexsort((np.arange(len(pred)), -np.asarray(pred, dtype=float)))
    cumulative = np.cumsum(actual[order]) / actual.sum()
    return float(np.sum(cumulative - np.arange(1, len(actual) + 1) / len(actual)))

def normalized_gini(actual, pred):
    best = gini(actual, actual)
    return 0.0 if best == 0 else gini(actual, pred) / best

def ndcg10(relevant, ranked, items):
    values = []
    for rel, rank in zip(relevant, ranked):
        if not rel:
            values.append(0.0)
            continue
        y_true = np.array([[1.0 if item in rel else 0.0 for item in items]])
        y_score = np.array([[float(10 - rank.index(item)) if item in rank else 0.0 for item in items]])
        values.append(float(ndcg_score(y_true, y_score, k=10)))
    return float(np.mean(values))

out = []
for case in json.load(sys.stdin):
    scores = {}
    for part, flag in (("public", 1), ("private", 0)):
        rows = [i for i, f in enumerate(case["isPublic"]) if f == flag]
        a = [case["actual"][i] for i in rows]
        p = [case["predicted"][i] for i in rows]
        metric = case["metric"]
        if metric == "macro_f1":
            value = f1_score(a, p, average="macro", zero_division=0)
        elif metric == "mse":
            value = mean_squared_error(a, p)
        elif metric == "rmse":
            value = np.sqrt(mean_squared_error(a, p))
        elif metric == "mae":
            value = mean_absolute_error(a, p)
        elif metric == "gini":
            value = normalized_gini(a, p)
        else:
            value = ndcg10(a, p, case["items"])
        scores[part] = float(value)
    out.append(scores)
print(json.dumps(out))
`;

/** A small deterministic generator, so a failure reproduces. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

interface Case {
  challenge: Challenge;
  answersCsv: string;
  submissionCsv: string;
  eligible?: string[];
}

function labelCase(challenge: Challenge, rows: string[][], seed: number): Case {
  const target = challenge.target;
  if (target.kind !== "label") throw new Error("label challenges only");
  const next = random(seed);
  const pick = () => target.labels[Math.floor(next() * target.labels.length)]!;
  const header = challenge.header.join(",");
  const answers = rows.map((id) => [...id, pick()].join(","));
  // Right about two times in three, so the scores are neither 0 nor 1.
  const submitted = rows.map((id, i) =>
    [...id, next() < 0.66 ? answers[i]!.split(",").at(-1)! : pick()].join(","),
  );
  return {
    challenge,
    answersCsv: [header, ...answers].join("\n"),
    submissionCsv: [header, ...submitted.reverse()].join("\n"),
  };
}

function numericCase(challenge: Challenge, rows: string[][], seed: number, zeros = 0): Case {
  const next = random(seed);
  const header = challenge.header.join(",");
  const truth = rows.map(() => (next() < zeros ? 0 : Math.round(next() * 100_000) / 100));
  const answers = rows.map((id, i) => [...id, truth[i]].join(","));
  const submitted = rows.map((id, i) =>
    [...id, (truth[i]! * (0.5 + next()) + next() * 50).toFixed(3)].join(","),
  );
  return {
    challenge,
    answersCsv: [header, ...answers].join("\n"),
    submissionCsv: [header, ...submitted.reverse()].join("\n"),
  };
}

function rankingCase(challenge: Challenge, customers: number, seed: number): Case {
  const next = random(seed);
  const items = Array.from({ length: 60 }, (_, i) => `SKU${String(i).padStart(5, "0")}`);
  const sample = (count: number) => {
    const pool = [...items];
    return Array.from(
      { length: count },
      () => pool.splice(Math.floor(next() * pool.length), 1)[0]!,
    );
  };
  const answers = ["customer_id,relevant"];
  const submitted = [challenge.header.join(",")];
  for (let c = 1; c <= customers; c++) {
    answers.push(`C${c},${sample(Math.floor(next() * 5)).join(" ")}`);
    submitted.push([`C${c}`, ...sample(10)].join(","));
  }
  return {
    challenge,
    answersCsv: answers.join("\n"),
    submissionCsv: submitted.join("\n"),
    eligible: items,
  };
}

const ids = (n: number, prefix: string) => Array.from({ length: n }, (_, i) => [`${prefix}${i}`]);
const panel = (entities: number, weeks: number[], prefix: string) =>
  Array.from({ length: entities }, (_, e) => weeks.map((w) => [`${prefix}${e}`, String(w)])).flat();

const cases: Case[] = [
  labelCase(findChallenge("insurance", 1)!, ids(900, "CLM-"), 1),
  // Grouped by customer: a customer's 13 weeks share a part.
  labelCase(
    findChallenge("retail-banking", 2)!,
    panel(150, [40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52], "C"),
    2,
  ),
  // Grouped by SKU.
  numericCase(
    findChallenge("commerce", 1)!,
    panel(120, [45, 46, 47, 48, 49, 50, 51, 52], "SKU"),
    3,
  ),
  numericCase(findChallenge("manufacturing", 3)!, ids(700, "S"), 4),
  numericCase(findChallenge("healthcare", 2)!, ids(700, "P"), 5),
  numericCase(findChallenge("insurance", 2)!, ids(800, "POL"), 6, 0.6),
  rankingCase(findChallenge("commerce", 2)!, 300, 7),
];

describe("scores on each part equal scikit-learn's on the same rows", () => {
  it("for every metric, grouped and per-row splits alike", () => {
    const ours = cases.map((c) => {
      const answers = parseAnswers(c.answersCsv, c.challenge, {
        splitSeed: SEED,
        ...(c.eligible ? { eligibleItems: c.eligible } : {}),
      });
      const parsed = parseSubmission(c.submissionCsv, c.challenge, {
        expected: answers.table.positions,
        ...(answers.eligible ? { eligibleItems: answers.eligible } : {}),
      });
      if (!parsed.ok) throw new Error(`${c.challenge.key}: ${parsed.errors.join("; ")}`);
      const truth = answers.table.predictions;
      const predicted = parsed.table.predictions;
      const reference =
        truth.kind === "ranking" && predicted.kind === "ranking"
          ? {
              actual: answers.relevant!.map((set) => [...set]),
              predicted: predicted.values,
              items: c.eligible,
            }
          : {
              actual:
                truth.kind === "label"
                  ? Array.from(truth.values, (v) => truth.labels[v])
                  : Array.from(truth.values as Float64Array),
              predicted:
                predicted.kind === "label"
                  ? Array.from(predicted.values, (v) => predicted.labels[v])
                  : Array.from(predicted.values as Float64Array),
            };
      return {
        scores: scorePredictions(c.challenge, answers, parsed.table),
        input: {
          metric: c.challenge.metric,
          isPublic: Array.from(answers.isPublic!),
          ...reference,
        },
      };
    });
    const sklearn = JSON.parse(
      execFileSync("/usr/bin/python3", ["-c", REFERENCE], {
        input: JSON.stringify(ours.map((o) => o.input)),
        encoding: "utf8",
      }),
    ) as { public: number; private: number }[];
    expect(new Set(cases.map((c) => c.challenge.metric))).toEqual(
      new Set(["macro_f1", "rmse", "mse", "mae", "gini", "ndcg10"]),
    );
    ours.forEach(({ scores }, i) => {
      const key = cases[i]!.challenge.key;
      for (const part of ["public", "private"] as const) {
        const want = sklearn[i]![part];
        expect(
          Math.abs(scores[part] - want),
          `${key} ${part}: ours ${scores[part]}, sklearn ${want}`,
        ).toBeLessThanOrEqual(1e-9 * Math.max(1, Math.abs(want)));
      }
      // The parts are different rows: their scores differ, or this test could not tell them apart.
      expect(scores.public, key).not.toBeCloseTo(scores.private, 6);
    });
  });
});
