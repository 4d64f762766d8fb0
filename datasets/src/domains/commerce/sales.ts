import { round } from "../../numbers";
import type { DomainStreams, Random } from "../../random";
import type { Row } from "../../rows";
import { CATALOGUE, TRAIN_WEEKS } from "./catalogue";
import type { Sku } from "./products";

/** Poisson draw that stays fast for large means (normal approximation above 30). */
const poisson = (random: Random, mean: number) =>
  mean > 30
    ? Math.max(0, Math.round(mean + Math.sqrt(mean) * random.normal()))
    : random.poisson(mean);

/** Weekly sales per SKU (challenge 1): weeks 1-44 train, 45-52 test. */
export function makeSales({ random, noise }: DomainStreams, skus: Sku[], eventEffect: number[][]) {
  const train: Row[] = [];
  const test: Row[] = [];
  const answers: number[] = [];
  for (const s of skus) {
    const cat = CATALOGUE[s.category]!;
    const base = 6 * s.popularity;
    const trend = 0.006 * random.normal();
    for (let week = 1; week <= 52; week++) {
      const storewideWeek = eventEffect[week]!.every((m) => m > 1.05);
      const promo = random.bernoulli(storewideWeek ? 0.35 : 0.08) ? 1 : 0;
      const price = round(
        s.price *
          (promo ? 1 - random.pick([0.1, 0.15, 0.2, 0.25, 0.3]) : 1 + 0.03 * random.normal()),
        2,
      );
      const season = 1 + cat.seasonAmp * Math.cos((2 * Math.PI * (week - cat.seasonPeak)) / 52);
      // The week's noise factor and the Poisson draw of units come from the answers' stream.
      const mean =
        base *
        season *
        Math.exp(trend * (week - 26)) *
        (price / s.price) ** -cat.elasticity *
        (promo ? 1.25 : 1) *
        eventEffect[week]![s.category]! *
        Math.exp(0.15 * noise.normal());
      const units = poisson(noise, mean);
      if (week <= TRAIN_WEEKS) train.push([s.id, week, units, price.toFixed(2), promo]);
      else {
        test.push([s.id, week, price.toFixed(2), promo]);
        answers.push(units);
      }
    }
  }
  return { train, test, answers };
}
