import { findDomain } from "@tandem/competition/server";
import { parseCsvRows } from "@tandem/scoring";
import { describe, expect, it } from "vitest";
import { GENERATORS, generateDomain } from "../src/generate";
import { createRandom, streamKey } from "../src/random";
import { MIN_SECRET_SEED_LENGTH, newSecretSeed, requireSecretSeed, SeedError } from "../src/seed";

const SCALE = 0.01;

describe("random streams", () => {
  it("repeat for the same key and differ between keys, domains and streams", () => {
    const draws = (key: Uint8Array) => {
      const random = createRandom(key);
      return Array.from({ length: 5000 }, () => random.next());
    };
    const a = draws(streamKey("seed", "insurance", "public"));
    expect(draws(streamKey("seed", "insurance", "public"))).toEqual(a);
    expect(draws(streamKey("seed", "insurance", "answers"))).not.toEqual(a);
    expect(draws(streamKey("seed", "food", "public"))).not.toEqual(a);
    expect(draws(streamKey("seed2", "insurance", "public"))).not.toEqual(a);
    expect(Math.min(...a)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...a)).toBeLessThan(1);
    expect(a.reduce((sum, x) => sum + x, 0) / a.length).toBeCloseTo(0.5, 1);
  });
});

describe("the answers' own stream", () => {
  it.each(Object.keys(GENERATORS))(
    "%s: the public stream alone does not fix the answers",
    (slug) => {
      // Same public stream, another answers stream: what the public files' stream decides is
      // the same, yet a real share of every challenge's answers changes.
      const publicKey = streamKey("public", slug, "public");
      const generate = (noiseSeed: string) =>
        GENERATORS[slug]!(
          {
            random: createRandom(publicKey),
            noise: createRandom(streamKey(noiseSeed, slug, "answers")),
          },
          SCALE,
        );
      const [one, two] = [generate("noise one"), generate("noise two")];
      for (const challenge of findDomain(slug)!.challenges) {
        const answers = (csv: string) =>
          new Map(
            parseCsvRows(csv)
              .slice(1)
              .map((row) => [row.slice(0, -1).join(","), row.at(-1)]),
          );
        const first = answers(one.answers[challenge.key]!.csv);
        const second = answers(two.answers[challenge.key]!.csv);
        const shared = [...first.keys()].filter((id) => second.has(id));
        // Rare labels: count changes among the rows where either answer is not the usual one.
        const counts = new Map<string | undefined, number>();
        for (const value of first.values()) counts.set(value, (counts.get(value) ?? 0) + 1);
        const usual = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]![0];
        const telling = shared.filter((id) => first.get(id) !== usual || second.get(id) !== usual);
        const changed = telling.filter((id) => first.get(id) !== second.get(id)).length;
        expect(telling.length, challenge.key).toBeGreaterThan(0);
        expect(changed / telling.length, challenge.key).toBeGreaterThan(0.05);
      }
    },
  );

  it("same seed, same bytes; the public seed of the old repository gives other data", () => {
    const one = generateDomain("healthcare", "a secret", SCALE);
    expect(generateDomain("healthcare", "a secret", SCALE)).toEqual(one);
    expect(generateDomain("healthcare", "20251018", SCALE).answers).not.toEqual(one.answers);
  });
});

describe("the deployment's seed", () => {
  it("is required, and long enough not to be guessed", () => {
    expect(() => requireSecretSeed(undefined)).toThrow(SeedError);
    expect(() => requireSecretSeed("  ")).toThrow(/DATA_SEED is not set/);
    expect(() => requireSecretSeed("1234")).toThrow(/too short \(4 characters\)/);
    const seed = newSecretSeed();
    expect(seed.length).toBeGreaterThanOrEqual(MIN_SECRET_SEED_LENGTH);
    expect(requireSecretSeed(` ${seed} `)).toBe(seed);
    expect(newSecretSeed()).not.toBe(seed);
  });
});
