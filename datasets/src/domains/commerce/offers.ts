import { clamp, padId, round, sigmoid } from "../../numbers";
import { cumulativeSums, type DomainStreams, drawIndex } from "../../random";
import type { Row } from "../../rows";
import { CATEGORIES, CUTOFF_MONTH } from "./catalogue";
import type { Customer } from "./customers";
import type { Sku } from "./products";

/** Coupon offers and whether each was redeemed (challenge 3): the first 75% train. */
export function makeOffers(
  { random, noise }: DomainStreams,
  customers: Customer[],
  skus: Sku[],
  offerCount: number,
) {
  const customerCount = customers.length;
  const skuCount = skus.length;
  const knownSpend = customers.map((c) => {
    let spend = 0;
    const orders = new Set<number>();
    for (const [month, order, sku] of c.purchases) {
      if (month > CUTOFF_MONTH) continue;
      spend += skus[sku]!.price;
      orders.add(order);
    }
    return { spend, orders: orders.size };
  });
  const spendMedian =
    knownSpend.map((k) => k.spend).sort((a, b) => a - b)[Math.floor(customerCount / 2)]! + 1;
  const sortedPrices = skus.map((s) => s.price).sort((a, b) => a - b);
  const lowCut = sortedPrices[Math.floor(skuCount / 3)]!;
  const highCut = sortedPrices[Math.floor((2 * skuCount) / 3)]!;
  const openRate = customers.map((c) =>
    round(clamp(0.22 + 0.12 * random.normal() + 0.08 * c.optIn, 0.01, 0.95), 3),
  );
  const popularityCumulative = cumulativeSums(skus.map((s) => s.popularity));
  const offers: Row[] = [];
  const redeemed: number[] = [];
  for (let k = 0; k < offerCount; k++) {
    const ci = random.int(0, customerCount - 1);
    const c = customers[ci]!;
    const sku = skus[drawIndex(random, popularityCumulative)]!;
    const discount = random.int(1, 8) * 5;
    const tier = sku.price < lowCut ? "low" : sku.price < highCut ? "mid" : "high";
    const { spend, orders } = knownSpend[ci]!;
    const logit =
      -2.2 +
      0.07 * (discount - 20) +
      3.0 * (openRate[ci]! - 0.25) +
      0.35 * Math.log((spend + 20) / spendMedian) +
      1.2 * Math.log(c.affinity[sku.category]! * CATEGORIES.length) +
      0.8 * c.optIn +
      0.45 * c.tier -
      (tier === "high" ? (c.income === 0 ? 0.9 : 0.3) : 0) +
      0.5 * noise.normal();
    offers.push([
      padId("OF", k + 1, 6),
      c.id,
      sku.id,
      CATEGORIES[sku.category]!,
      discount,
      tier,
      spend.toFixed(2),
      openRate[ci]!,
      (orders > 0 ? spend / orders : 0).toFixed(2),
    ]);
    // The label's own noise and draw come from the answers' stream.
    redeemed.push(noise.bernoulli(sigmoid(logit)) ? 1 : 0);
  }
  const split = Math.round(offerCount * 0.75);
  return {
    train: offers.slice(0, split).map((row, i) => [...row, redeemed[i]!]),
    test: offers.slice(split),
    answers: redeemed.slice(split),
  };
}
