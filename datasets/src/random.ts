import { createCipheriv, hkdfSync } from "node:crypto";

/** Bytes of keystream made at a time; each uniform draw takes 8. */
const CHUNK = 64 * 1024;
const TWO_POW_26 = 67_108_864;
const TWO_POW_53 = 9_007_199_254_740_992;

/**
 * A deterministic stream of uniform draws from AES-256-CTR under `key`. Without the key the
 * stream cannot be predicted, and no number of outputs gives its state away: a small PRNG such
 * as mulberry32 has 32 bits of state, which one published value or a brute force recovers,
 * and with it every hidden answer.
 */
export function createRandom(key: Uint8Array) {
  if (key.length !== 32) throw new Error("A random stream needs a 32-byte key");
  const cipher = createCipheriv("aes-256-ctr", key, Buffer.alloc(16));
  const zeros = Buffer.alloc(CHUNK);
  let words = new Uint32Array(0);
  let at = 0;
  const refill = () => {
    const bytes = cipher.update(zeros);
    words =
      bytes.byteOffset % 4 === 0
        ? new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.length / 4)
        : new Uint32Array(new Uint8Array(bytes).buffer);
    at = 0;
  };
  /** Uniform in [0, 1) with 53 random bits. */
  const next = (): number => {
    if (at + 2 > words.length) refill();
    const high = words[at++]! >>> 5;
    const low = words[at++]! >>> 6;
    return (high * TWO_POW_26 + low) / TWO_POW_53;
  };
  const normal = () => Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next());
  return {
    next,
    /** Integer in [min, max]. */
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    uniform: (min: number, max: number) => min + next() * (max - min),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    /** Picks by relative weight. */
    weighted: <T>(items: readonly T[], weights: readonly number[]): T => {
      const total = weights.reduce((a, b) => a + b, 0);
      let r = next() * total;
      for (let i = 0; i < items.length; i++) {
        r -= weights[i]!;
        if (r < 0) return items[i]!;
      }
      return items[items.length - 1]!;
    },
    bernoulli: (p: number) => next() < p,
    /** Standard normal via Box-Muller. */
    normal,
    /** Poisson by inversion (fine for the small means used here). */
    poisson: (mean: number) => {
      const limit = Math.exp(-mean);
      let k = 0;
      let p = next();
      while (p > limit) {
        k++;
        p *= next();
      }
      return k;
    },
    /** Fisher-Yates, in place. */
    shuffle: <T>(items: T[]): T[] => {
      for (let i = items.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [items[i], items[j]] = [items[j]!, items[i]!];
      }
      return items;
    },
  };
}
export type Random = ReturnType<typeof createRandom>;

/**
 * The streams a domain is generated from. `random` makes everything published (features, ids,
 * splits, side files); `noise` makes only what decides the targets beyond the features (the
 * noise terms and the final draw of each label or value). Each has its own key, so even someone
 * who rebuilt every public file, stream and all, learns nothing about the answers' noise.
 */
export interface DomainStreams {
  random: Random;
  noise: Random;
}

export type StreamName = "public" | "answers";

/** A stream's key: HKDF-SHA256 of the deployment's seed, per domain and stream. */
export function streamKey(seed: string, slug: string, stream: StreamName): Uint8Array {
  return new Uint8Array(hkdfSync("sha256", seed, "tandem/datasets/v1", `${slug}/${stream}`, 32));
}

export function domainStreams(seed: string, slug: string): DomainStreams {
  return {
    random: createRandom(streamKey(seed, slug, "public")),
    noise: createRandom(streamKey(seed, slug, "answers")),
  };
}

/** Running totals of `weights`, for `drawIndex`. */
export function cumulativeSums(weights: readonly number[]): number[] {
  let total = 0;
  return weights.map((w) => {
    total += w;
    return total;
  });
}

/**
 * An index drawn with probability proportional to its weight, by binary search in the
 * cumulative weights: `weighted` scans, which is too slow for thousands of items.
 */
export function drawIndex(random: Random, cumulative: readonly number[]): number {
  const r = random.next() * cumulative[cumulative.length - 1]!;
  let lo = 0;
  let hi = cumulative.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (cumulative[mid]! > r) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}
