export const clamp = (value: number, min: number, max: number) =>
  Math.min(max, Math.max(min, value));

/** The mean; 0 for no values. */
export const mean = (values: readonly number[]) =>
  values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);

/** Rounds to `digits` decimals, as a number. */
export const round = (value: number, digits = 2) => {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
};

export const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));

/** Zero-padded id such as `C000042`. */
export const padId = (prefix: string, n: number, width: number) =>
  `${prefix}${String(n).padStart(width, "0")}`;

/** The label a constant sample submission predicts: 1 when at least half the labels are 1. */
export const majorityLabel = (labels: readonly number[]) => (mean(labels) >= 0.5 ? 1 : 0);
