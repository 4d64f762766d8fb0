import { describe, expect, it } from "vitest";
import {
  macroF1,
  macroF1CodesByPart,
  mae,
  maeByPart,
  mse,
  mseByPart,
  ndcgAtK,
  ndcgAtKByPart,
  normalizedGini,
  normalizedGiniByPart,
  rmse,
  rmseByPart,
} from "../src/metrics";

// Expected values computed by hand (and matching sklearn.metrics on the same vectors).
describe("macroF1", () => {
  it("averages the per-class F1 over every label seen in either vector", () => {
    // class 0: tp=2 fp=1 fn=0 -> 0.8; class 1: tp=1 fp=0 fn=1 -> 2/3
    expect(macroF1(["0", "0", "1", "1"], ["0", "0", "0", "1"])).toBeCloseTo((0.8 + 2 / 3) / 2, 12);
  });

  it("counts a label that is only predicted with F1 0", () => {
    expect(macroF1(["a", "a"], ["a", "b"])).toBeCloseTo((2 / 3 + 0) / 2, 12);
  });

  it("is 1 for a perfect multi-class prediction", () => {
    expect(macroF1(["x", "y", "z"], ["x", "y", "z"])).toBe(1);
  });

  it("rejects vectors of different lengths", () => {
    expect(() => macroF1(["1"], [])).toThrow(RangeError);
  });
});

describe("regression metrics", () => {
  it("computes MSE, RMSE and MAE", () => {
    const actual = [3, -0.5, 2, 7];
    const predicted = [2.5, 0, 2, 8];
    expect(mse(actual, predicted)).toBeCloseTo(0.375, 12);
    expect(rmse(actual, predicted)).toBeCloseTo(Math.sqrt(0.375), 12);
    expect(mae(actual, predicted)).toBeCloseTo(0.5, 12);
  });
});

describe("normalizedGini", () => {
  it("is 1 for the perfect ordering and -1 for the reverse", () => {
    const actual = [1, 2, 3, 4, 5];
    expect(normalizedGini(actual, [10, 20, 30, 40, 50])).toBeCloseTo(1, 12);
    expect(normalizedGini(actual, [50, 40, 30, 20, 10])).toBeCloseTo(-1, 12);
  });

  it("matches the worked example of the usual competition formulation", () => {
    // Kaggle's reference example: gini_normalized([1,1,0,1], [0.86,0.26,0.52,0.32]) = -1/3
    expect(normalizedGini([1, 1, 0, 1], [0.86, 0.26, 0.52, 0.32])).toBeCloseTo(-1 / 3, 12);
  });
});

describe("ndcgAtK", () => {
  it("scores hits by position against the ideal ordering", () => {
    const relevant = [new Set(["a", "b"])];
    // hit at ranks 1 and 3: (1 + 1/log2(4)) / (1 + 1/log2(3))
    expect(ndcgAtK(relevant, [["a", "x", "b"]], 10)).toBeCloseTo(1.5 / (1 + 1 / Math.log2(3)), 12);
  });

  it("gives 0 to a query with nothing relevant", () => {
    expect(ndcgAtK([new Set<string>()], [["a"]], 10)).toBe(0);
  });
});

describe("metrics by part (public rows flagged 1, private 0)", () => {
  const isPublic = Uint8Array.from([1, 0, 1, 0]);

  it("computes MSE, RMSE and MAE of each part over its own rows", () => {
    const actual = [3, -0.5, 2, 7];
    const predicted = [2.5, 0, 2, 8];
    // Public rows 0, 2: errors 0.5, 0. Private rows 1, 3: errors 0.5, 1.
    expect(mseByPart(actual, predicted, isPublic)).toEqual({ public: 0.125, private: 0.625 });
    expect(rmseByPart(actual, predicted, isPublic).private).toBeCloseTo(Math.sqrt(0.625), 12);
    expect(maeByPart(actual, predicted, isPublic)).toEqual({ public: 0.25, private: 0.75 });
  });

  it("computes macro-F1 of each part with its own label set", () => {
    // Public: actual 0,1 predicted 0,1 -> 1. Private: actual 0,1 predicted 1,1 -> (0 + 2/3) / 2.
    const scores = macroF1CodesByPart([0, 0, 1, 1], [0, 1, 1, 1], 2, isPublic);
    expect(scores.public).toBe(1);
    expect(scores.private).toBeCloseTo(1 / 3, 12);
  });

  it("computes normalized Gini of each part, ordering only that part's rows", () => {
    const actual = [1, 2, 3, 4, 5, 6];
    // Public rows 0, 2, 4 ordered perfectly; private rows 1, 3, 5 reversed.
    const predicted = [1, 30, 3, 20, 5, 10];
    const scores = normalizedGiniByPart(actual, predicted, Uint8Array.from([1, 0, 1, 0, 1, 0]));
    expect(scores.public).toBeCloseTo(1, 12);
    expect(scores.private).toBeCloseTo(-1, 12);
  });

  it("computes NDCG@k of each part over its own queries", () => {
    const relevant = [new Set(["a"]), new Set(["b"])];
    const scores = ndcgAtKByPart(relevant, [["a"], ["x", "b"]], 10, Uint8Array.from([1, 0]));
    expect(scores).toEqual({ public: 1, private: 1 / Math.log2(3) });
  });

  it("gives an empty part 0 and refuses a mask of another length", () => {
    expect(maeByPart([1, 2], [2, 4], Uint8Array.from([1, 1]))).toEqual({ public: 1.5, private: 0 });
    expect(() => mseByPart([1, 2], [1, 2], Uint8Array.from([1]))).toThrow(RangeError);
  });
});
