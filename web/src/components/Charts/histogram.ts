export interface Histogram {
  /** Lower edge of the first bin. */
  start: number;
  /** Width of every bin. */
  width: number;
  /** Values in each bin; a bin holds [edge, edge + width), the last one its upper edge too. */
  counts: number[];
}

/** The smallest of 1, 2, 2.5 and 5 times a power of ten that is at least `raw`. */
function niceStep(raw: number): number {
  const power = 10 ** Math.floor(Math.log10(raw));
  for (const factor of [1, 2, 2.5, 5, 10]) if (factor * power >= raw) return factor * power;
  return 10 * power;
}

/**
 * Bins `values` into at most `maxBins` bins of a round width (0.05, 0.1, 2.5...) whose range
 * also covers `include` (the baseline, so it can be drawn on the same axis). About the square
 * root of the count of bins, as few teams make a coarse picture and many a finer one.
 */
export function histogram(
  values: readonly number[],
  { maxBins = 12, include = [] }: { maxBins?: number; include?: readonly number[] } = {},
): Histogram {
  const all = [...values, ...include];
  if (all.length === 0) return { start: 0, width: 1, counts: [] };
  const min = Math.min(...all);
  const max = Math.max(...all);
  const wanted = Math.min(maxBins, Math.max(3, Math.ceil(Math.sqrt(values.length))));
  const width = niceStep(max > min ? (max - min) / wanted : Math.abs(min) / 10 || 0.1);
  const start = Math.floor(min / width + 1e-9) * width;
  // The highest value closes the last bin rather than opening a bin of its own.
  const bins = Math.max(1, Math.ceil((max - start) / width - 1e-9));
  const counts = Array.from({ length: bins }, () => 0);
  for (const value of values) {
    const index = Math.min(bins - 1, Math.floor((value - start) / width + 1e-9));
    counts[index]! += 1;
  }
  return { start, width, counts };
}
