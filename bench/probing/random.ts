/**
 * A small seeded generator for the probing bench (sfc32 seeded by a string hash). The datasets'
 * AES stream (datasets/src/random.ts) is made to keep answers secret; here the data are public and
 * only have to be the same from one run to the next.
 */
export function createRng(seed: string) {
  let h = 1_779_033_703 ^ seed.length;
  for (let i = 0; i < seed.length; i++) {
    h = Math.imul(h ^ seed.charCodeAt(i), 3_432_918_353);
    h = (h << 13) | (h >>> 19);
  }
  const mix = () => {
    h = Math.imul(h ^ (h >>> 16), 2_246_822_507);
    h = Math.imul(h ^ (h >>> 13), 3_266_489_909);
    h ^= h >>> 16;
    return h >>> 0;
  };
  let a = mix();
  let b = mix();
  let c = mix();
  let d = mix();
  const next = (): number => {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    const t = (a + b + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4_294_967_296;
  };
  for (let i = 0; i < 15; i++) next();
  const normal = () => Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next());
  return {
    next,
    normal,
    /** Integer in [0, n). */
    below: (n: number) => Math.floor(next() * n),
    poisson(mean: number): number {
      if (mean > 30) return Math.max(0, Math.round(mean + Math.sqrt(mean) * normal()));
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
    shuffle<T>(items: T[]): T[] {
      for (let i = items.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [items[i], items[j]] = [items[j]!, items[i]!];
      }
      return items;
    },
    /** `count` distinct integers of [0, n), in random order. */
    sample(n: number, count: number): number[] {
      const picked = new Set<number>();
      while (picked.size < Math.min(count, n)) picked.add(Math.floor(next() * n));
      return [...picked];
    },
  };
}

export type Rng = ReturnType<typeof createRng>;
