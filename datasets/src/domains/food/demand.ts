import { padId, round } from "../../numbers";
import type { DomainStreams } from "../../random";
import { type Row, trainTestSplit } from "../../rows";
import { CATEGORIES, MEMO_KINDS } from "./catalogue";
import type { Product, Region } from "./entities";

const TRAIN_WEEKS = 40;

/**
 * The weekly region-SKU demand panel (challenge 3) and the market memos that move next week's
 * sales. Weeks 1-40 train.
 */
export function makeDemand(
  { random, noise }: DomainStreams,
  scale: number,
  products: Product[],
  regions: Region[],
) {
  const skusPerRegion = Math.max(6, Math.round(products.length * scale));
  const categoryNames = CATEGORIES.map((c) => c.name);

  // Memos: a handful each week; each has an effect on next week's sales in its region.
  const memos: Row[] = [];
  const memoEffect = new Map<string, number>(); // `${region}|${week}|${category}` → multiplier
  for (let week = 1; week <= 52; week++) {
    for (const region of regions) {
      if (!random.bernoulli(0.28)) continue;
      const kind = random.weighted(
        MEMO_KINDS,
        MEMO_KINDS.map((k) => k.weight),
      );
      const category = random.pick(categoryNames);
      const text = random
        .pick(kind.texts)
        .replace("{region}", region.name)
        .replace("{category}", category.toLowerCase());
      memos.push([padId("M", memos.length + 1, 4), week, region.id, text]);
      for (const name of categoryNames) {
        const effect = kind.perCategory
          ? name === category
            ? kind.effect(name)
            : 1
          : kind.effect(name);
        const key = `${region.id}|${week}|${name}`;
        memoEffect.set(key, (memoEffect.get(key) ?? 1) * effect);
      }
    }
  }

  const rows = trainTestSplit();
  for (const region of regions) {
    const carried = random.shuffle([...products]).slice(0, skusPerRegion);
    carried.sort((a, b) => a.id.localeCompare(b.id));
    for (const product of carried) {
      const category = product.category;
      const level = region.size * Math.exp(Math.log(110) + 0.55 * random.normal());
      const skuBase = Math.round(level * Math.exp(0.12 * random.normal()));
      const basePrice = round(product.listPrice * (0.92 + 0.16 * random.next()), 2);
      const supplyRisk = random.uniform(0.01, 0.09);
      for (let week = 1; week <= 52; week++) {
        // Everything below describes the coming week (week + 1), known when the row is written.
        const target = week + 1;
        const promo = random.bernoulli(0.12) ? 1 : 0;
        const price = promo
          ? round(basePrice * random.uniform(0.7, 0.85), 2)
          : round(basePrice * (random.bernoulli(0.15) ? random.uniform(0.95, 1.06) : 1), 2);
        const display = random.bernoulli(promo ? 0.55 : 0.05) ? 1 : 0;
        const stockout = random.bernoulli(supplyRisk) ? 1 : 0;
        const [amplitude, peak] = category.season;
        const seasonal = round(1 + amplitude * Math.cos((2 * Math.PI * (target - peak)) / 52), 3);
        const expected =
          level *
          (1 + (region.trend * target) / 52) *
          seasonal *
          (price / basePrice) ** (category.elasticity * region.sensitivity) *
          Math.exp(0.22 * promo + 0.18 * display + 0.2 * stockout) *
          (memoEffect.get(`${region.id}|${week}|${category.name}`) ?? 1);
        // The units' noise around the expectation comes from the answers' stream.
        const units = Math.max(
          0,
          Math.round(
            expected * Math.exp(0.08 * noise.normal()) + Math.sqrt(expected) * noise.normal(),
          ),
        );
        const row: Row = [
          region.id,
          product.id,
          week,
          skuBase,
          price.toFixed(2),
          basePrice.toFixed(2),
          promo,
          display,
          stockout,
          seasonal,
        ];
        rows.add(row, units, week <= TRAIN_WEEKS);
      }
    }
  }
  return { ...rows, memos };
}
