import { cumulativeSums, drawIndex, type Random } from "../../random";
import { CATEGORIES, CUTOFF_MONTH, SEARCH_WORDS } from "./catalogue";
import type { Customer } from "./customers";
import { type Assortment, pickSku, subtypeName } from "./products";

/** Each customer's online events of the 30 days before the cut-off, most recent last. */
export function makeSessionEvents(random: Random, customers: Customer[], assortment: Assortment) {
  const { skus } = assortment;
  return customers.map((c) => {
    const events: { type: string; value: [string, string]; daysAgo: number }[] = [];
    const add = (type: string, key: string, value: string) =>
      events.push({ type, value: [key, value], daysAgo: random.int(1, 30) });
    // Intent: many of next quarter's purchases are looked at, wish-listed or searched for now.
    const upcoming = new Set(c.purchases.filter((p) => p[0] > CUTOFF_MONTH).map((p) => p[2]));
    for (const sku of upcoming) {
      if (random.bernoulli(0.35)) add("view_pdp", "sku_id", skus[sku]!.id);
      if (random.bernoulli(0.15)) add("wishlist_add", "sku_id", skus[sku]!.id);
      if (random.bernoulli(0.15))
        add("search", "q", `${random.pick(SEARCH_WORDS)} ${subtypeName(skus[sku]!)}`.trim());
    }
    // Browsing that leads nowhere in particular, drawn from the customer's tastes.
    const cumulative = cumulativeSums(c.affinity);
    const browse = random.poisson(2.5 * c.activity);
    for (let k = 0; k < browse; k++) {
      const sku = pickSku(random, assortment, c, drawIndex(random, cumulative));
      if (random.bernoulli(0.85)) add("view_pdp", "sku_id", skus[sku]!.id);
      else add("wishlist_add", "sku_id", skus[sku]!.id);
    }
    const views = random.poisson(1.5 * c.activity);
    for (let k = 0; k < views; k++)
      add("view_category", "category", CATEGORIES[drawIndex(random, cumulative)]!);
    const searches = random.poisson(0.6);
    for (let k = 0; k < searches; k++) {
      const sku = pickSku(random, assortment, c, drawIndex(random, cumulative));
      add("search", "q", `${random.pick(SEARCH_WORDS)} ${subtypeName(skus[sku]!)}`.trim());
    }
    events.sort((a, b) => b.daysAgo - a.daysAgo);
    return {
      customer_id: c.id,
      events: events.map((e) => ({ type: e.type, [e.value[0]]: e.value[1], days_ago: e.daysAgo })),
    };
  });
}
