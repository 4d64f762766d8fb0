import { findDomain } from "@tandem/competition";
import { toCsv } from "../csv-writer";
import { describeDomain } from "../description";
import { baselineNotebook } from "../notebook";
import { type DomainStreams, padId, type Random, round, sigmoid } from "../random";
import type { DomainFiles } from "../types";

const commerce = findDomain("commerce")!;

/** Categories, their subtypes with a typical price, and how each behaves. */
const CATALOGUE = [
  {
    name: "Electronics",
    weight: 1.0,
    elasticity: 1.8,
    seasonPeak: 50,
    seasonAmp: 0.35,
    consumable: false,
    subtypes: [
      ["headphones", 79],
      ["phone case", 19],
      ["charger", 25],
      ["smart speaker", 99],
      ["tablet", 329],
    ],
  },
  {
    name: "Home & Kitchen",
    weight: 1.0,
    elasticity: 1.4,
    seasonPeak: 47,
    seasonAmp: 0.15,
    consumable: false,
    subtypes: [
      ["cookware set", 89],
      ["blender", 59],
      ["bath towels", 29],
      ["bedding", 69],
      ["storage box", 15],
    ],
  },
  {
    name: "Grocery",
    weight: 1.6,
    elasticity: 0.9,
    seasonPeak: 47,
    seasonAmp: 0.08,
    consumable: true,
    subtypes: [
      ["coffee", 12],
      ["tea", 6],
      ["snacks", 4],
      ["pasta", 3],
      ["olive oil", 11],
      ["cereal", 5],
    ],
  },
  {
    name: "Beauty",
    weight: 1.0,
    elasticity: 1.2,
    seasonPeak: 25,
    seasonAmp: 0.12,
    consumable: true,
    subtypes: [
      ["shampoo", 9],
      ["moisturizer", 18],
      ["lipstick", 14],
      ["sunscreen", 12],
      ["razor", 16],
    ],
  },
  {
    name: "Sports & Outdoors",
    weight: 0.8,
    elasticity: 1.5,
    seasonPeak: 26,
    seasonAmp: 0.45,
    consumable: false,
    subtypes: [
      ["yoga mat", 29],
      ["running shoes", 89],
      ["water bottle", 15],
      ["tent", 149],
      ["dumbbells", 45],
    ],
  },
  {
    name: "Toys",
    weight: 0.7,
    elasticity: 1.6,
    seasonPeak: 51,
    seasonAmp: 0.55,
    consumable: false,
    subtypes: [
      ["puzzle", 18],
      ["building blocks", 39],
      ["board game", 29],
      ["doll", 24],
      ["action figure", 16],
    ],
  },
  {
    name: "Clothing",
    weight: 1.1,
    elasticity: 1.7,
    seasonPeak: 40,
    seasonAmp: 0.25,
    consumable: false,
    subtypes: [
      ["t-shirt", 15],
      ["jeans", 49],
      ["jacket", 99],
      ["socks", 9],
      ["sweater", 45],
    ],
  },
  {
    name: "Books",
    weight: 0.7,
    elasticity: 1.1,
    seasonPeak: 30,
    seasonAmp: 0.15,
    consumable: false,
    subtypes: [
      ["novel", 16],
      ["cookbook", 24],
      ["children's book", 11],
      ["biography", 22],
    ],
  },
  {
    name: "Pet Supplies",
    weight: 0.6,
    elasticity: 0.8,
    seasonPeak: 26,
    seasonAmp: 0.05,
    consumable: true,
    subtypes: [
      ["dog food", 35],
      ["cat food", 28],
      ["cat litter", 17],
      ["pet toy", 9],
    ],
  },
  {
    name: "Household",
    weight: 1.2,
    elasticity: 0.9,
    seasonPeak: 14,
    seasonAmp: 0.06,
    consumable: true,
    subtypes: [
      ["laundry detergent", 13],
      ["paper towels", 9],
      ["trash bags", 8],
      ["dish soap", 4],
      ["light bulbs", 10],
    ],
  },
] as const;
const CATEGORIES: readonly string[] = CATALOGUE.map((c) => c.name);
const SEARCH_WORDS = ["", "", "best", "cheap", "organic", "premium", "gift", "sale", "large"];
const AGE_GROUPS = ["18-25", "26-35", "36-50", "51+"] as const;
const INCOME_GROUPS = ["low", "mid", "high"] as const;
const TIERS = ["bronze", "silver", "gold"] as const;
/** Weeks 1-44 are history; 45-52 are predicted. Months 1-9 are known; 10-12 are predicted. */
const TRAIN_WEEKS = 44;
const CUTOFF_MONTH = 9;

/** Category multipliers by month for purchases: the fourth quarter shifts toward gifts. */
const monthShift = (category: number, month: number) => {
  const name = CATEGORIES[category];
  if (month < 11) return 1;
  return name === "Toys" ? 2.2 : name === "Electronics" ? 1.6 : name === "Books" ? 1.3 : 1;
};

interface Sku {
  id: string;
  category: number;
  subtype: number;
  /** Index of the subtype across the whole catalogue. */
  subtypeKey: number;
  price: number;
  popularity: number;
  eligible: boolean;
}

interface Customer {
  id: string;
  ageGroup: number;
  income: number;
  signupYear: number;
  tier: number;
  optIn: number;
  activity: number;
  /** Category affinity (sums to 1). */
  affinity: number[];
  /** Per-subtype preference multipliers. */
  subtypeTaste: number[];
  staples: number[];
  /**
   * Purchases: [month, order key, sku index]. The order key is internal (it counts hidden
   * orders too); the published order_id is numbered later over the published orders only.
   */
  purchases: [number, number, number][];
}

/** Poisson draw that stays fast for large means (normal approximation above 30). */
const poisson = (random: Random, mean: number) =>
  mean > 30
    ? Math.max(0, Math.round(mean + Math.sqrt(mean) * random.normal()))
    : random.poisson(mean);

/** Index drawn from cumulative weights. */
const drawCumulative = (random: Random, cumulative: readonly number[]) => {
  const r = random.next() * cumulative[cumulative.length - 1]!;
  let lo = 0;
  let hi = cumulative.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (cumulative[mid]! > r) hi = mid;
    else lo = mid + 1;
  }
  return lo;
};

const cumulate = (weights: readonly number[]) => {
  let total = 0;
  return weights.map((w) => {
    total += w;
    return total;
  });
};

/**
 * Commerce: a catalogue, its customers and three tasks: weekly demand per SKU (challenge 1),
 * next-quarter recommendations (challenge 2) and coupon redemption (challenge 3). The generating
 * process is in datasets/docs/commerce.md.
 */
export function generateCommerce({ random, noise }: DomainStreams, scale: number): DomainFiles {
  const skuCount = Math.max(120, Math.round(1500 * scale));
  const customerCount = Math.max(300, Math.round(7000 * scale));
  const offerCount = Math.max(1500, Math.round(40_000 * scale));

  // --- Catalogue -----------------------------------------------------------------------------
  const subtypeKeys: { category: number; subtype: number }[] = [];
  CATALOGUE.forEach((c, ci) => {
    c.subtypes.forEach((_, si) => {
      subtypeKeys.push({ category: ci, subtype: si });
    });
  });
  const subtypesOf = CATALOGUE.map((_, ci) =>
    subtypeKeys.flatMap((k, key) => (k.category === ci ? [key] : [])),
  );
  const categoryWeights = CATALOGUE.map((c) => c.weight / c.subtypes.length);
  const subtypeCumulative = cumulate(subtypeKeys.map((k) => categoryWeights[k.category]!));
  const skus: Sku[] = [];
  for (let i = 0; i < skuCount; i++) {
    // The first pass covers every subtype once so small scales keep the whole catalogue.
    const key = i < subtypeKeys.length ? i : drawCumulative(random, subtypeCumulative);
    const { category, subtype } = subtypeKeys[key]!;
    const typical = CATALOGUE[category]!.subtypes[subtype]![1];
    skus.push({
      id: padId("SKU", i + 1, 5),
      category,
      subtype,
      subtypeKey: key,
      price: round(Math.max(1.49, typical * Math.exp(0.35 * random.normal())), 2),
      popularity: Math.exp(random.normal()),
      eligible: false,
    });
  }
  // Half of the catalogue is eligible for recommendation (the SKUs currently promoted online).
  const eligibleOrder = random.shuffle(skus.map((_, i) => i));
  for (const i of eligibleOrder.slice(0, Math.floor(skuCount / 2))) skus[i]!.eligible = true;
  const skusBySubtype: number[][] = subtypeKeys.map(() => []);
  skus.forEach((s, i) => {
    skusBySubtype[s.subtypeKey]!.push(i);
  });
  const subtypeMedian = skusBySubtype.map((list) => {
    const prices = list.map((i) => skus[i]!.price).sort((a, b) => a - b);
    return prices[Math.floor(prices.length / 2)] ?? 1;
  });
  // Within a subtype, shoppers pick by popularity and by price: low incomes favour cheap SKUs.
  const priceSensitivity = [1.2, 0.4, -0.3];
  const skuCumulative = INCOME_GROUPS.map((_, income) =>
    skusBySubtype.map((list, key) =>
      cumulate(
        list.map(
          (i) =>
            skus[i]!.popularity *
            (skus[i]!.price / subtypeMedian[key]!) ** -priceSensitivity[income]!,
        ),
      ),
    ),
  );
  const productHeader = ["sku_id", "category", "subtype", "base_price"];
  const productRow = (s: Sku) => [
    s.id,
    CATEGORIES[s.category]!,
    CATALOGUE[s.category]!.subtypes[s.subtype]![0],
    s.price.toFixed(2),
  ];

  // --- Store events (weekly calendar) ---------------------------------------------------------
  /** Demand multiplier per week (1-52) and category. */
  const eventEffect = Array.from({ length: 53 }, () => CATEGORIES.map(() => 1));
  const eventRows: (string | number)[][] = [];
  const storewide = (week: number, text: string, lift: number) => {
    eventRows.push([week, text]);
    for (let c = 0; c < CATEGORIES.length; c++) eventEffect[week]![c]! *= lift;
  };
  const forCategories = (week: number, text: string, categories: string[], lift: number) => {
    eventRows.push([week, text]);
    for (const name of categories) eventEffect[week]![CATEGORIES.indexOf(name)]! *= lift;
  };
  forCategories(
    6,
    "Big Game weekend: snacks and electronics featured at the entrance",
    ["Grocery", "Electronics"],
    1.35,
  );
  forCategories(7, "Valentine's Day gift displays in Beauty", ["Beauty"], 1.4);
  forCategories(
    19,
    "Mother's Day gifts: Beauty and Home & Kitchen",
    ["Beauty", "Home & Kitchen"],
    1.3,
  );
  storewide(22, "Memorial Day weekend sale across the store", 1.35);
  storewide(27, "Independence Day sale, store-wide", 1.3);
  forCategories(
    29,
    "Heat wave: outdoor gear and cold drinks in demand",
    ["Sports & Outdoors", "Grocery"],
    1.35,
  );
  forCategories(
    33,
    "Back-to-school promotion on Electronics and Books",
    ["Electronics", "Books"],
    1.5,
  );
  storewide(36, "Labor Day sale across the store", 1.3);
  storewide(47, "Black Friday doorbusters, store-wide", 2.0);
  storewide(48, "Cyber Monday week: online deals spill over into the store", 1.35);
  forCategories(49, "Toy drive and holiday toy fair", ["Toys"], 1.6);
  storewide(51, "Last shopping week before the holidays", 1.6);
  storewide(52, "Post-holiday clearance", 1.2);
  // Noise: notes with no effect, and one with a small dip.
  eventRows.push([11, "New store manager started"], [24, "Parking lot resurfacing (north side)"]);
  storewide(17, "Store closed Sunday morning for the inventory count", 0.85);
  // Category spotlights at random weeks, some of them in the forecast weeks.
  for (let k = 0; k < 8; k++) {
    const week = k < 3 ? random.int(TRAIN_WEEKS + 1, 52) : random.int(2, TRAIN_WEEKS);
    const category = random.int(0, CATEGORIES.length - 1);
    forCategories(
      week,
      `Spotlight promotion on ${CATEGORIES[category]} (end caps and flyer)`,
      [CATEGORIES[category]!],
      random.uniform(1.3, 1.7),
    );
  }
  eventRows.sort((a, b) => Number(a[0]) - Number(b[0]));

  // --- Challenge 1: weekly sales per SKU ------------------------------------------------------
  const salesHeader = ["sku_id", "week", "units_sold", "price", "promo_flag"];
  const salesTrain: (string | number)[][] = [];
  const salesTest: (string | number)[][] = [];
  const salesTestUnits: number[] = [];
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
      if (week <= TRAIN_WEEKS) salesTrain.push([s.id, week, units, price.toFixed(2), promo]);
      else {
        salesTest.push([s.id, week, price.toFixed(2), promo]);
        salesTestUnits.push(units);
      }
    }
  }

  // --- Customers and their purchases ----------------------------------------------------------
  const customers: Customer[] = [];
  for (let i = 0; i < customerCount; i++) {
    const ageGroup = random.int(0, 9) < 2 ? 0 : random.weighted([1, 2, 3], [0.35, 0.35, 0.3]);
    const income = random.weighted([0, 1, 2], [0.3, 0.45, 0.25]);
    const activity = Math.exp(0.6 * random.normal() - 0.18);
    const petOwner = random.bernoulli(0.4);
    const affinity = CATALOGUE.map((c) => {
      let w = c.weight * Math.exp(1.1 * random.normal());
      if (c.name === "Pet Supplies" && !petOwner) w *= 0.03;
      if (ageGroup === 0 && (c.name === "Electronics" || c.name === "Clothing")) w *= 1.8;
      if (ageGroup === 3 && (c.name === "Books" || c.name === "Home & Kitchen")) w *= 1.8;
      if (ageGroup >= 1 && ageGroup <= 2 && c.name === "Toys") w *= 1.6;
      return w;
    });
    const total = affinity.reduce((a, b) => a + b, 0);
    const customer: Customer = {
      id: padId("CU", i + 1, 5),
      ageGroup,
      income,
      signupYear: random.int(2015, 2024),
      tier: 0,
      optIn: random.bernoulli(0.55) ? 1 : 0,
      activity,
      affinity: affinity.map((w) => w / total),
      subtypeTaste: subtypeKeys.map(() => Math.exp(0.8 * random.normal())),
      staples: [],
      purchases: [],
    };
    // Staples: consumables the customer rebuys regularly.
    const staplesWanted = random.weighted([0, 1, 2, 3, 4], [0.15, 0.25, 0.3, 0.2, 0.1]);
    const consumable = cumulate(
      CATALOGUE.map((c, ci) => (c.consumable ? customer.affinity[ci]! : 0)),
    );
    for (let k = 0; k < staplesWanted; k++)
      customer.staples.push(pickSku(random, customer, drawCumulative(random, consumable)));
    customers.push(customer);
  }

  /** A SKU of the category: subtype by the customer's taste, then popularity and price fit. */
  function pickSku(stream: Random, customer: Customer, category: number): number {
    const keys = subtypesOf[category]!;
    const key = keys[drawCumulative(stream, cumulate(keys.map((k) => customer.subtypeTaste[k]!)))]!;
    const list = skusBySubtype[key]!;
    return list[drawCumulative(stream, skuCumulative[customer.income]![key]!)]!;
  }

  // Internal order keys; they are never published (see the order ids below).
  let orderSeq = 0;
  for (const customer of customers) {
    for (let month = 1; month <= 12; month++) {
      // Months 10-12 are challenge 2's answers (and its training targets): their orders and
      // lines come from the answers' stream.
      const stream = month > CUTOFF_MONTH ? noise : random;
      const weights = customer.affinity.map((a, c) => a * monthShift(c, month));
      const cumulative = cumulate(weights);
      const orders = stream.poisson(0.75 * customer.activity);
      for (let o = 0; o < orders; o++) {
        const order = ++orderSeq;
        const items = new Set<number>();
        const size = 1 + stream.poisson(0.6);
        for (let k = 0; k < size; k++) {
          if (customer.staples.length > 0 && stream.bernoulli(0.3))
            items.add(stream.pick(customer.staples));
          else items.add(pickSku(stream, customer, drawCumulative(stream, cumulative)));
        }
        for (const sku of items) customer.purchases.push([month, order, sku]);
      }
    }
  }
  // Loyalty follows how much a customer buys (with noise), counted over months 1-9 only: the
  // months every customer publishes, so the column says nothing about the hidden months 10-12.
  const activityRank = customers
    .map((c, i) => ({
      i,
      v: c.purchases.filter((p) => p[0] <= CUTOFF_MONTH).length + 4 * random.normal(),
    }))
    .sort((a, b) => b.v - a.v);
  activityRank.forEach(({ i }, rank) => {
    customers[i]!.tier = rank < 0.15 * customerCount ? 2 : rank < 0.45 * customerCount ? 1 : 0;
  });

  // Test customers: 40% of those with a purchase by the cut-off and an eligible one after it.
  const future = customers.map(
    (c) =>
      new Set(
        c.purchases.filter((p) => p[0] > CUTOFF_MONTH && skus[p[2]]!.eligible).map((p) => p[2]),
      ),
  );
  const testCustomer = customers.map(
    (c, i) =>
      future[i]!.size > 0 && c.purchases.some((p) => p[0] <= CUTOFF_MONTH) && random.bernoulli(0.4),
  );
  const purchaseHeader = ["customer_id", "order_id", "month", "sku_id"];
  const purchasesTrain: (string | number)[][] = [];
  const purchasesTest: (string | number)[][] = [];
  // Order ids are numbered 1..N over the published orders only (a training customer's whole
  // year, a test customer's months 1-9), in customer and month order, so no gap in them counts
  // a test customer's hidden orders of months 10-12.
  const orderIds = new Map<number, string>();
  customers.forEach((c, i) => {
    for (const [month, order, sku] of c.purchases) {
      if (testCustomer[i] && month > CUTOFF_MONTH) continue;
      let orderId = orderIds.get(order);
      if (orderId === undefined) {
        orderId = padId("O", orderIds.size + 1, 7);
        orderIds.set(order, orderId);
      }
      const row = [c.id, orderId, month, skus[sku]!.id];
      if (testCustomer[i]) purchasesTest.push(row);
      else purchasesTrain.push(row);
    }
  });
  const testIndexes = customers.map((_, i) => i).filter((i) => testCustomer[i]);
  const testCustomers = testIndexes.map((i) => customers[i]!);

  // --- Session events: the 30 days before the cut-off ------------------------------------------
  const sessionRecords = customers.map((c) => {
    const events: { type: string; value: [string, string]; daysAgo: number }[] = [];
    const add = (type: string, key: string, value: string) =>
      events.push({ type, value: [key, value], daysAgo: random.int(1, 30) });
    const subtypeName = (sku: number) =>
      CATALOGUE[skus[sku]!.category]!.subtypes[skus[sku]!.subtype]![0];
    // Intent: many of next quarter's purchases are looked at, wish-listed or searched for now.
    const upcoming = new Set(c.purchases.filter((p) => p[0] > CUTOFF_MONTH).map((p) => p[2]));
    for (const sku of upcoming) {
      if (random.bernoulli(0.35)) add("view_pdp", "sku_id", skus[sku]!.id);
      if (random.bernoulli(0.15)) add("wishlist_add", "sku_id", skus[sku]!.id);
      if (random.bernoulli(0.15))
        add("search", "q", `${random.pick(SEARCH_WORDS)} ${subtypeName(sku)}`.trim());
    }
    // Browsing that leads nowhere in particular, drawn from the customer's tastes.
    const cumulative = cumulate(c.affinity);
    const browse = random.poisson(2.5 * c.activity);
    for (let k = 0; k < browse; k++) {
      const sku = pickSku(random, c, drawCumulative(random, cumulative));
      if (random.bernoulli(0.85)) add("view_pdp", "sku_id", skus[sku]!.id);
      else add("wishlist_add", "sku_id", skus[sku]!.id);
    }
    const views = random.poisson(1.5 * c.activity);
    for (let k = 0; k < views; k++)
      add("view_category", "category", CATEGORIES[drawCumulative(random, cumulative)]!);
    const searches = random.poisson(0.6);
    for (let k = 0; k < searches; k++) {
      const sku = pickSku(random, c, drawCumulative(random, cumulative));
      add("search", "q", `${random.pick(SEARCH_WORDS)} ${subtypeName(sku)}`.trim());
    }
    events.sort((a, b) => b.daysAgo - a.daysAgo);
    return {
      customer_id: c.id,
      events: events.map((e) => ({ type: e.type, [e.value[0]]: e.value[1], days_ago: e.daysAgo })),
    };
  });

  // --- Challenge 3: coupon offers -------------------------------------------------------------
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
    round(Math.min(0.95, Math.max(0.01, 0.22 + 0.12 * random.normal() + 0.08 * c.optIn)), 3),
  );
  const popularityCumulative = cumulate(skus.map((s) => s.popularity));
  const offerHeader = [
    "offer_id",
    "customer_id",
    "sku_id",
    "category",
    "discount_pct",
    "price_tier",
    "hist_spend",
    "email_open_rate",
    "avg_basket_value",
  ];
  const offers: (string | number)[][] = [];
  const redeemed: number[] = [];
  for (let k = 0; k < offerCount; k++) {
    const ci = random.int(0, customerCount - 1);
    const c = customers[ci]!;
    const sku = skus[drawCumulative(random, popularityCumulative)]!;
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
  const offerSplit = Math.round(offerCount * 0.75);
  const offersTest = offers.slice(offerSplit);

  // --- Samples, popular list, files ----------------------------------------------------------
  const purchaseCounts = new Map<string, number>();
  for (const row of purchasesTrain)
    purchaseCounts.set(String(row[3]), (purchaseCounts.get(String(row[3])) ?? 0) + 1);
  const popularEligible = skus
    .filter((s) => s.eligible)
    .sort(
      (a, b) =>
        (purchaseCounts.get(b.id) ?? 0) - (purchaseCounts.get(a.id) ?? 0) || (a.id < b.id ? -1 : 1),
    )
    .slice(0, 10)
    .map((s) => s.id);
  const trainUnits = salesTrain.map((row) => Number(row[2]));
  const meanUnits = trainUnits.reduce((a, b) => a + b, 0) / trainUnits.length;
  const redeemRate = redeemed.slice(0, offerSplit).reduce((a, b) => a + b, 0) / offerSplit;
  const recommendationHeader = commerce.challenges[1]!.header;

  const files: Record<string, string> = {
    "products.csv": toCsv(productHeader, skus.map(productRow)),
    "products_sub.csv": toCsv(productHeader, skus.filter((s) => s.eligible).map(productRow)),
    "customers.csv": toCsv(
      [
        "customer_id",
        "age_group",
        "income_group",
        "signup_year",
        "loyalty_tier",
        "marketing_opt_in",
      ],
      customers.map((c) => [
        c.id,
        AGE_GROUPS[c.ageGroup]!,
        INCOME_GROUPS[c.income]!,
        c.signupYear,
        TIERS[c.tier]!,
        c.optIn,
      ]),
    ),
    "store_events.csv": toCsv(["week", "event_description"], eventRows),
    "session_events.json": `${JSON.stringify(sessionRecords)}\n`,
    "sales_history_train.csv": toCsv(salesHeader, salesTrain),
    "sales_history_test.csv": toCsv(
      salesHeader.filter((h) => h !== "units_sold"),
      salesTest,
    ),
    "purchases_train.csv": toCsv(purchaseHeader, purchasesTrain),
    "purchases_test.csv": toCsv(purchaseHeader, purchasesTest),
    "coupon_offers_train.csv": toCsv(
      [...offerHeader, "target_redeem"],
      offers.slice(0, offerSplit).map((row, i) => [...row, redeemed[i]!]),
    ),
    "coupon_offers_test.csv": toCsv(offerHeader, offersTest),
    "sample_submission_c1.csv": toCsv(
      ["sku_id", "week", "units_sold_next_week"],
      salesTest.map((row) => [row[0]!, row[1]!, round(meanUnits, 2)]),
    ),
    "sample_submission_c2.csv": toCsv(
      recommendationHeader,
      testCustomers.map((c) => [c.id, ...popularEligible]),
    ),
    "sample_submission_c3.csv": toCsv(
      ["offer_id", "target_redeem"],
      offersTest.map((row) => [row[0]!, redeemRate >= 0.5 ? 1 : 0]),
    ),
    "description.md": describeDomain(commerce),
    ...baselines(),
  };

  return {
    slug: "commerce",
    files,
    answers: {
      "commerce/1": {
        csv: toCsv(
          ["sku_id", "week", "units_sold_next_week"],
          salesTest.map((row, i) => [row[0]!, row[1]!, salesTestUnits[i]!]),
        ),
        rowCount: salesTest.length,
      },
      "commerce/2": {
        csv: toCsv(
          ["customer_id", "relevant"],
          testIndexes.map((ci) => [
            customers[ci]!.id,
            [...future[ci]!]
              .map((i) => skus[i]!.id)
              .sort()
              .join(" "),
          ]),
        ),
        rowCount: testCustomers.length,
        // Only these SKUs may be recommended; intake and scoring enforce it.
        eligibleItems: skus.filter((s) => s.eligible).map((s) => s.id),
      },
      "commerce/3": {
        csv: toCsv(
          ["offer_id", "target_redeem"],
          offersTest.map((row, i) => [row[0]!, redeemed[offerSplit + i]!]),
        ),
        rowCount: offersTest.length,
      },
    },
  };
}

function baselines(): Record<string, string> {
  return {
    "Challenge1_baseline.ipynb": baselineNotebook({
      domainName: commerce.name,
      folder: commerce.folder,
      number: 1,
      title: "Weekly Store-SKU Demand Forecasting",
      metricName: "RMSE",
      approach:
        "A gradient-boosted regression of weekly units on the SKU's average and recent sales, the week's price relative to the SKU's usual price, the promotion flag and the week number.",
      code: `from sklearn.ensemble import GradientBoostingRegressor

train = pd.read_csv(DATA_DIR / "sales_history_train.csv")
test = pd.read_csv(DATA_DIR / "sales_history_test.csv")

# Per-SKU summaries of the history: average units, the last eight weeks, the usual price.
last_week = train["week"].max()
stats = train.groupby("sku_id").agg(sku_mean=("units_sold", "mean"), usual_price=("price", "median"))
stats["sku_recent"] = train[train["week"] > last_week - 8].groupby("sku_id")["units_sold"].mean()

def features(df):
    out = df[["sku_id", "week", "promo_flag"]].join(stats, on="sku_id")
    out["price_ratio"] = df["price"] / out["usual_price"]
    return out[["sku_mean", "sku_recent", "price_ratio", "promo_flag", "week"]]

model = GradientBoostingRegressor(n_estimators=100, max_depth=4, subsample=0.5, random_state=0)
model.fit(features(train), train["units_sold"])
submission = pd.DataFrame({
    "sku_id": test["sku_id"],
    "week": test["week"],
    "units_sold_next_week": model.predict(features(test)).clip(0).round(2),
})`,
    }),
    "Challenge2_baseline.ipynb": baselineNotebook({
      domainName: commerce.name,
      folder: commerce.folder,
      number: 2,
      title: "Personalized Product Recommendations",
      metricName: "NDCG@10",
      approach:
        "A logistic regression scores candidate SKUs (the customer's past eligible purchases and the most popular eligible SKUs of their favourite categories) by popularity, past purchases and category share; it learns from the training customers' months 1-9 against their months 10-12.",
      code: `from sklearn.linear_model import LogisticRegression

products = pd.read_csv(DATA_DIR / "products.csv")
eligible = pd.read_csv(DATA_DIR / "products_sub.csv")
train = pd.read_csv(DATA_DIR / "purchases_train.csv")
test = pd.read_csv(DATA_DIR / "purchases_test.csv")
CUTOFF = test["month"].max()
category = products.set_index("sku_id")["category"]

# Popularity of each eligible SKU and its rank within its category.
known = pd.concat([train[train["month"] <= CUTOFF], test])
popularity = known["sku_id"].value_counts().reindex(eligible["sku_id"], fill_value=0)
pop = pd.DataFrame({"sku_id": popularity.index, "pop": np.log1p(popularity.values)})
pop["category"] = pop["sku_id"].map(category)
pop = pop.sort_values("pop", ascending=False)
top_in_category = pop.groupby("category").head(25)

def candidates(history):
    """Candidate SKUs per customer with features, from purchases up to the cut-off."""
    history = history.assign(category=history["sku_id"].map(category))
    bought = history.groupby(["customer_id", "sku_id"]).size().rename("times_bought").reset_index()
    share = history.groupby(["customer_id", "category"]).size().rename("n").reset_index()
    share["cat_share"] = share["n"] / share.groupby("customer_id")["n"].transform("sum")
    favourite = share.sort_values("cat_share", ascending=False).groupby("customer_id").head(3)
    from_categories = favourite[["customer_id", "category"]].merge(top_in_category, on="category")
    rows = pd.concat([
        bought[bought["sku_id"].isin(eligible["sku_id"])][["customer_id", "sku_id"]],
        from_categories[["customer_id", "sku_id"]],
    ]).drop_duplicates()
    rows = rows.merge(pop[["sku_id", "pop", "category"]], on="sku_id")
    rows = rows.merge(bought, on=["customer_id", "sku_id"], how="left")
    rows = rows.merge(share[["customer_id", "category", "cat_share"]], on=["customer_id", "category"], how="left")
    return rows.fillna({"times_bought": 0, "cat_share": 0})

FEATURES = ["pop", "times_bought", "cat_share"]
fit_rows = candidates(train[train["month"] <= CUTOFF])
later = train[train["month"] > CUTOFF][["customer_id", "sku_id"]].drop_duplicates().assign(label=1)
fit_rows = fit_rows.merge(later, on=["customer_id", "sku_id"], how="left").fillna({"label": 0})
model = LogisticRegression(max_iter=1000)
model.fit(fit_rows[FEATURES], fit_rows["label"])

rows = candidates(test)
rows["score"] = model.predict_proba(rows[FEATURES])[:, 1]
ranked = rows.sort_values(["customer_id", "score"], ascending=[True, False]).groupby("customer_id")["sku_id"].apply(list)
fallback = list(pop["sku_id"][:20])
lines = []
for customer in test["customer_id"].unique():
    picks = list(ranked.get(customer, []))[:10]
    picks += [s for s in fallback if s not in picks][: 10 - len(picks)]
    lines.append([customer] + picks)
submission = pd.DataFrame(lines, columns=["customer_id"] + [f"sku_id_{i}" for i in range(1, 11)])`,
    }),
    "Challenge3_baseline.ipynb": baselineNotebook({
      domainName: commerce.name,
      folder: commerce.folder,
      number: 3,
      title: "Coupon Redemption Prediction",
      metricName: "Macro-F1",
      approach:
        "A logistic regression on the offer's discount, price tier and category and the customer's spend, basket value and email open rate, with the cut-off tuned for Macro-F1 on the training data.",
      code: `from sklearn.linear_model import LogisticRegression
from sklearn.metrics import f1_score

train = pd.read_csv(DATA_DIR / "coupon_offers_train.csv")
test = pd.read_csv(DATA_DIR / "coupon_offers_test.csv")

def features(df):
    out = pd.DataFrame({
        "discount_pct": df["discount_pct"],
        "log_spend": np.log1p(df["hist_spend"]),
        "log_basket": np.log1p(df["avg_basket_value"]),
        "email_open_rate": df["email_open_rate"],
    })
    return out.join(pd.get_dummies(df[["price_tier", "category"]]).astype(float))

X_train = features(train)
X_test = features(test).reindex(columns=X_train.columns, fill_value=0.0)
model = LogisticRegression(max_iter=2000)
model.fit(X_train, train["target_redeem"])

# Pick the probability cut-off that maximises Macro-F1 on the training data.
train_prob = model.predict_proba(X_train)[:, 1]
cutoffs = np.quantile(train_prob, np.linspace(0.30, 0.98, 60))
best = max(cutoffs, key=lambda c: f1_score(train["target_redeem"], train_prob >= c, average="macro"))
submission = pd.DataFrame({
    "offer_id": test["offer_id"],
    "target_redeem": (model.predict_proba(X_test)[:, 1] >= best).astype(int),
})`,
    }),
  };
}
