import { findDomain } from "@tandem/competition";
import { toCsv } from "../csv-writer";
import { describeDomain } from "../description";
import { baselineNotebook } from "../notebook";
import { type DomainStreams, padId, type Random, round, sigmoid } from "../random";
import type { DomainFiles } from "../types";

const food = findDomain("food")!;

/** Per-category behaviour; the generating process is in datasets/docs/food.md. */
interface Category {
  name: string;
  /** Nominal shelf life at the 38°F reference, in days. */
  life: number;
  price: [number, number];
  /** Price elasticity of demand. */
  elasticity: number;
  /** Extra shelf-life loss per 10 points of humidity above 85%. */
  humidity: number;
  /** Added log-odds of a failed QC lot. */
  qcRisk: number;
  /** Amplitude and peak week of the seasonal demand cycle. */
  season: [number, number];
  products: string[];
}

const CATEGORIES: readonly Category[] = [
  {
    name: "Dairy",
    life: 21,
    price: [2.2, 4.8],
    elasticity: -1.6,
    humidity: 0.1,
    qcRisk: 0,
    season: [0.08, 30],
    products: [
      "Whole Milk 1L",
      "Greek Yogurt 500g",
      "Skyr Vanilla 450g",
      "Kefir Plain 1L",
      "Cottage Cheese 450g",
      "Sour Cream 250g",
    ],
  },
  {
    name: "Cheese",
    life: 45,
    price: [3.8, 8.9],
    elasticity: -1.2,
    humidity: 0.3,
    qcRisk: -0.3,
    season: [0.12, 51],
    products: [
      "Aged Cheddar 200g",
      "Fresh Mozzarella 125g",
      "Brie Wedge 200g",
      "Feta Block 200g",
      "Goat Cheese Log 150g",
      "Gouda Slices 150g",
    ],
  },
  {
    name: "Deli Meats",
    life: 35,
    price: [3.9, 7.9],
    elasticity: -1.4,
    humidity: 0.2,
    qcRisk: 0.35,
    season: [0.1, 27],
    products: [
      "Smoked Turkey Slices 200g",
      "Black Forest Ham 200g",
      "Roast Beef Slices 180g",
      "Chicken Breast Slices 200g",
      "Salami Chub 250g",
      "Pastrami Slices 180g",
    ],
  },
  {
    name: "Ready Meals",
    life: 10,
    price: [4.9, 8.9],
    elasticity: -1.8,
    humidity: 0.1,
    qcRisk: 0.45,
    season: [0.16, 2],
    products: [
      "Chicken Tikka Masala 400g",
      "Beef Lasagna 400g",
      "Mac and Cheese 350g",
      "Vegetable Curry 400g",
      "Shepherd's Pie 400g",
      "Pad Thai 350g",
    ],
  },
  {
    name: "Salads",
    life: 7,
    price: [2.9, 5.9],
    elasticity: -2.0,
    humidity: 0.4,
    qcRisk: 0.55,
    season: [0.22, 28],
    products: [
      "Caesar Salad Kit 300g",
      "Garden Salad Bowl 250g",
      "Quinoa Salad 220g",
      "Pasta Salad 300g",
      "Coleslaw 400g",
      "Potato Salad 400g",
    ],
  },
  {
    name: "Bakery",
    life: 6,
    price: [2.4, 5.2],
    elasticity: -1.3,
    humidity: 1.2,
    qcRisk: -0.4,
    season: [0.1, 47],
    products: [
      "Sourdough Loaf 600g",
      "Butter Croissants 4pk",
      "Blueberry Muffins 4pk",
      "Plain Bagels 6pk",
      "Cinnamon Rolls 4pk",
      "Brioche Buns 6pk",
    ],
  },
  {
    name: "Juices",
    life: 28,
    price: [2.5, 5.4],
    elasticity: -1.7,
    humidity: 0,
    qcRisk: -0.2,
    season: [0.25, 29],
    products: [
      "Orange Juice 1L",
      "Apple Juice 1L",
      "Green Smoothie 500ml",
      "Carrot Ginger Juice 500ml",
      "Lemonade 1L",
      "Berry Smoothie 500ml",
    ],
  },
  {
    name: "Seafood",
    life: 12,
    price: [6.9, 13.9],
    elasticity: -1.5,
    humidity: 0.2,
    qcRisk: 0.5,
    season: [0.14, 50],
    products: [
      "Smoked Salmon 150g",
      "Cooked Shrimp 200g",
      "Crab Salad 200g",
      "Tuna Poke 200g",
      "Herring Fillets 200g",
      "Salmon Fillets 300g",
    ],
  },
];

const REGIONS = [
  "Pacific Northwest",
  "Northern California",
  "Southern California",
  "Mountain",
  "Southwest",
  "Upper Midwest",
  "Great Lakes",
  "Southeast",
  "Mid-Atlantic",
  "New England",
] as const;

/** Plant city and the region it sits in (index into REGIONS). */
const SITES: readonly [string, number][] = [
  ["Yakima", 0],
  ["Modesto", 1],
  ["Salinas", 1],
  ["Riverside", 2],
  ["Boise", 3],
  ["Tucson", 4],
  ["Madison", 5],
  ["Green Bay", 5],
  ["Toledo", 6],
  ["Macon", 7],
  ["Lancaster", 8],
  ["Albany", 9],
];

interface Product {
  id: string;
  name: string;
  category: Category;
  life: number;
  listPrice: number;
}

interface Site {
  id: string;
  name: string;
  regionId: string;
  audit: number;
  /** Cold-room setpoint and how unsteady the room is (older rooms swing more). */
  setpoint: number;
  swing: number;
  traffic: number;
}

interface Region {
  id: string;
  name: string;
  size: number;
  sensitivity: number;
  /** Demand drift over the year (share per 52 weeks); not in any file. */
  trend: number;
}

/**
 * Food Production: products, plants, regions; cold-storage batches with their temperature
 * series (challenge 1, shelf life), production lots with inspector notes (challenge 2, QC) and
 * a weekly region-SKU demand panel with market memos (challenge 3).
 */
export function generateFood({ random, noise }: DomainStreams, scale: number): DomainFiles {
  const products = makeProducts(random);
  const sites = makeSites(random);
  const regions = makeRegions(random);
  const shelf = makeBatches({ random, noise }, scale, products, sites);
  const qc = makeLots({ random, noise }, scale, products, sites);
  const demand = makeDemand({ random, noise }, scale, products, regions);
  const meanShelfLife = mean(shelf.train.map((row) => Number(row.at(-1)))).toFixed(2);
  const majorityPass = majority(qc.train.map((row) => Number(row.at(-1))));
  const meanUnits = mean(demand.train.map((row) => Number(row.at(-1)))).toFixed(2);

  const files: Record<string, string> = {
    "products.csv": toCsv(
      ["sku_id", "product_name", "category", "shelf_life_days", "list_price"],
      products.map((p) => [p.id, p.name, p.category.name, p.life, p.listPrice.toFixed(2)]),
    ),
    "sites.csv": toCsv(
      [
        "site_id",
        "site_name",
        "region_id",
        "opened_year",
        "sanitation_audit_score",
        "cold_room_age_years",
      ],
      sites.map((s) => {
        const coldRoomAge = Math.round((s.swing - 0.5) * 12);
        return [
          s.id,
          s.name,
          s.regionId,
          2024 - coldRoomAge - random.int(0, 25),
          s.audit,
          coldRoomAge,
        ];
      }),
    ),
    "regions.csv": toCsv(
      [
        "region_id",
        "region_name",
        "population_m",
        "urban_share",
        "store_count",
        "price_sensitivity",
      ],
      regions.map((r) => [
        r.id,
        r.name,
        round(r.size * 6 * (0.9 + 0.2 * random.next()), 1),
        round(0.55 + 0.4 * random.next(), 2),
        Math.round(r.size * 140 * (0.85 + 0.3 * random.next())),
        r.sensitivity,
      ]),
    ),
    "batches_train.csv": toCsv([...BATCH_HEADER, "shelf_life_remaining_days"], shelf.train),
    "batches_test.csv": toCsv(BATCH_HEADER, shelf.test),
    "storage_series.json": `${JSON.stringify(shelf.series)}\n`,
    "lots_train.csv": toCsv([...LOT_HEADER, "qc_pass"], qc.train),
    "lots_test.csv": toCsv(LOT_HEADER, qc.test),
    "demand_train.csv": toCsv([...DEMAND_HEADER, "units_sold_next_week"], demand.train),
    "demand_test.csv": toCsv(DEMAND_HEADER, demand.test),
    "market_memos.csv": toCsv(["memo_id", "week", "region_id", "memo"], demand.memos),
    "sample_submission_c1.csv": toCsv(
      ["batch_id", "shelf_life_remaining_days"],
      shelf.test.map((row) => [row[0]!, meanShelfLife]),
    ),
    "sample_submission_c2.csv": toCsv(
      ["lot_id", "qc_pass"],
      qc.test.map((row) => [row[0]!, majorityPass]),
    ),
    "sample_submission_c3.csv": toCsv(
      ["region_id", "sku_id", "week", "units_sold_next_week"],
      demand.test.map((row) => [row[0]!, row[1]!, row[2]!, meanUnits]),
    ),
    "description.md": describeDomain(food),
    ...notebooks(),
  };

  return {
    slug: "food",
    files,
    answers: {
      "food/1": {
        csv: toCsv(
          ["batch_id", "shelf_life_remaining_days"],
          shelf.test.map((row, i) => [row[0]!, shelf.answers[i]!]),
        ),
        rowCount: shelf.test.length,
      },
      "food/2": {
        csv: toCsv(
          ["lot_id", "qc_pass"],
          qc.test.map((row, i) => [row[0]!, qc.answers[i]!]),
        ),
        rowCount: qc.test.length,
      },
      "food/3": {
        csv: toCsv(
          ["region_id", "sku_id", "week", "units_sold_next_week"],
          demand.test.map((row, i) => [row[0]!, row[1]!, row[2]!, demand.answers[i]!]),
        ),
        rowCount: demand.test.length,
      },
    },
  };
}

type Row = (string | number)[];

const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);
const majority = (labels: number[]) => (mean(labels) >= 0.5 ? 1 : 0);
const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

function makeProducts(random: Random): Product[] {
  const products: Product[] = [];
  for (const category of CATEGORIES) {
    for (const name of category.products) {
      products.push({
        id: padId("SKU", products.length + 1, 3),
        name,
        category,
        life: Math.max(4, Math.round(category.life * (0.85 + 0.3 * random.next()))),
        // Shelf prices end in 9: 3.49, 5.99.
        listPrice: round(Math.floor(random.uniform(...category.price) * 10) / 10 + 0.09, 2),
      });
    }
  }
  return products;
}

function makeSites(random: Random): Site[] {
  return SITES.map(([city, region], i) => ({
    id: padId("SITE", i + 1, 2),
    name: `${city} Plant`,
    regionId: padId("R", region + 1, 2),
    audit: random.int(72, 99),
    setpoint: round(random.uniform(35.5, 38.5), 1),
    swing: random.uniform(0.5, 2.5),
    traffic: random.uniform(0.6, 1.6),
  }));
}

function makeRegions(random: Random): Region[] {
  return REGIONS.map((name, i) => ({
    id: padId("R", i + 1, 2),
    name,
    size: round(random.uniform(0.6, 1.6), 2),
    sensitivity: round(random.uniform(0.75, 1.3), 2),
    trend: random.uniform(-0.12, 0.18),
  }));
}

// ---------------------------------------------------------------------------------------------
// Challenge 1: shelf life of batches in cold storage.

const BATCH_HEADER = [
  "batch_id",
  "sku_id",
  "site_id",
  "dwell_hours",
  "mean_temp_F",
  "mean_rh_pct",
  "door_opens_count",
];
const SERIES_INTERVAL = 2;

interface SeriesRecord {
  batch_id: string;
  site_id: string;
  interval_hours: number;
  temp_F: number[];
  rh_pct: number[];
}

function makeBatches(
  { random, noise }: DomainStreams,
  scale: number,
  products: Product[],
  sites: Site[],
) {
  const count = Math.max(500, Math.round(15_000 * scale));
  const testStart = Math.round(count * 0.8);
  const train: Row[] = [];
  const test: Row[] = [];
  const answers: number[] = [];
  const series: SeriesRecord[] = [];
  for (let i = 1; i <= count; i++) {
    const product = random.pick(products);
    const site = random.pick(sites);
    const dwell = round(Math.min(168, 4 + Math.exp(3.6 + 0.65 * random.normal())), 1);
    const readings = Math.ceil(dwell / SERIES_INTERVAL);

    // The cold room: setpoint plus a slow wander; door openings add short spikes (and humidity);
    // now and then a defrost fault or a compressor trip warms the room for several hours.
    const temps: number[] = [];
    const rhs: number[] = [];
    let drift = 0.6 * random.normal();
    for (let k = 0; k < readings; k++) {
      drift = 0.85 * drift + 0.35 * site.swing * random.normal();
      temps.push(site.setpoint + drift);
      rhs.push(80 + 3 * random.normal());
    }
    const doors = random.poisson((dwell / 10) * site.traffic);
    for (let d = 0; d < doors; d++) {
      const k = random.int(0, readings - 1);
      const spike = random.uniform(2, 7);
      temps[k]! += spike;
      if (k + 1 < readings) temps[k + 1]! += spike / 3;
      rhs[k]! += random.uniform(3, 9);
    }
    if (random.bernoulli(0.06 * site.swing)) {
      const start = random.int(0, readings - 1);
      const length = random.int(2, 10);
      const peak = random.uniform(6, 16);
      for (let k = start; k < Math.min(readings, start + length); k++) {
        temps[k]! += peak;
        rhs[k]! += peak / 2;
      }
    }
    const temp = temps.map((t) => round(t, 1));
    const rh = rhs.map((h) => round(clamp(h, 55, 99), 1));

    // Shelf life used up: each reading's interval at its temperature (about 3x faster per +10°F),
    // more at high humidity for the sensitive categories; time above 45°F (temperature abuse)
    // costs a further 0.3 day per hour; handling at each door opening.
    let used = 0;
    for (let k = 0; k < readings; k++) {
      const hours = Math.min(SERIES_INTERVAL, dwell - k * SERIES_INTERVAL);
      const humidity = 1 + (product.category.humidity * Math.max(0, rh[k]! - 85)) / 10;
      used += (hours / 24) * Math.exp(0.11 * (temp[k]! - 38)) * humidity;
      if (temp[k]! > 45) used += 0.3 * hours;
    }
    // The target's own noise, on the initial life and on what is left, is the answers' stream.
    const initial =
      product.life * (1 - 0.006 * (95 - site.audit)) * Math.exp(0.02 * noise.normal());
    const remaining = Math.max(0, round(initial - used - 0.04 * doors + 0.3 * noise.normal(), 1));

    const id = padId("B", i, 6);
    const row: Row = [
      id,
      product.id,
      site.id,
      dwell,
      round(mean(temp), 1),
      round(mean(rh), 1),
      doors,
    ];
    series.push({
      batch_id: id,
      site_id: site.id,
      interval_hours: SERIES_INTERVAL,
      temp_F: temp,
      rh_pct: rh,
    });
    if (i <= testStart) train.push([...row, remaining]);
    else {
      test.push(row);
      answers.push(remaining);
    }
  }
  return { train, test, answers, series };
}

// ---------------------------------------------------------------------------------------------
// Challenge 2: QC pass/fail of production lots.

const LOT_HEADER = [
  "lot_id",
  "sku_id",
  "site_id",
  "cook_temp_F",
  "cook_time_min",
  "chill_time_min",
  "acidification_pH",
  "line_speed",
  "sanitation_gap_min",
  "inspector_note",
];

const ISSUE_NOTES = [
  "Residue found on slicer blade after changeover on line {n}",
  "Condensation dripping from ceiling above line {n}",
  "Chiller door seal torn, room slow to recover",
  "Conveyor swab on line {n} came back borderline",
  "Floor drain backing up near packing station {n}",
  "Probe thermometer read {d}F high at verification",
  "Worn gasket on filler head {n}",
  "Standing water under cooling tunnel",
  "Hand-wash station at line {n} out of soap for part of shift",
  "Cooling fan on blast chiller {n} cycling off",
];
const ROUTINE_NOTES = [
  "Line clean, no findings",
  "Routine inspection complete",
  "Labels and date codes verified",
  "Metal detector checks passed",
  "Pre-op sanitation verified at {h}:{m}",
  "Minor label smudge on {d} packs, relabelled",
  "Short stop on line {n} for film change",
  "New operator shadowing on line {n}",
  "Allergen changeover signed off",
  "",
];

function fillNote(random: Random, template: string): string {
  return template
    .replace("{n}", String(random.int(1, 6)))
    .replace("{d}", String(random.int(2, 6)))
    .replace("{h}", String(random.int(5, 22)).padStart(2, "0"))
    .replace("{m}", String(random.pick([0, 15, 30, 45])).padStart(2, "0"));
}

function makeLots(
  { random, noise }: DomainStreams,
  scale: number,
  products: Product[],
  sites: Site[],
) {
  const count = Math.max(800, Math.round(10_000 * scale));
  const testStart = Math.round(count * 0.8);
  const train: Row[] = [];
  const test: Row[] = [];
  const answers: number[] = [];
  for (let i = 1; i <= count; i++) {
    const product = random.pick(products);
    const site = random.pick(sites);
    const cookTemp = round(
      random.bernoulli(0.1) ? 159 + 4 * random.normal() : 168 + 3 * random.normal(),
      1,
    );
    const cookTime = Math.max(15, Math.round(42 + 7 * random.normal()));
    const chill = Math.max(40, Math.round(95 + 22 * random.normal()));
    const pH = round(4.35 + 0.17 * random.normal(), 2);
    const speed = Math.max(30, Math.round(60 + 9 * random.normal()));
    const gap = Math.max(30, Math.round(240 + 70 * random.normal()));
    // A hidden hygiene problem on the line; the inspector usually writes it down.
    const hazard = random.bernoulli(0.15 + 0.004 * (95 - site.audit));
    const note = fillNote(
      random,
      (hazard ? random.bernoulli(0.85) : random.bernoulli(0.05))
        ? random.pick(ISSUE_NOTES)
        : random.pick(ROUTINE_NOTES),
    );
    const logit =
      -3.3 +
      0.3 * Math.max(0, 165 - cookTemp) +
      0.06 * Math.max(0, 38 - cookTime) +
      0.03 * Math.max(0, chill - 100) +
      4 * Math.max(0, pH - 4.5) +
      0.025 * (speed - 60) +
      0.004 * (gap - 240) +
      2.8 * (hazard ? 1 : 0) +
      0.04 * (88 - site.audit) +
      product.category.qcRisk +
      0.4 * noise.normal();
    // The label's own noise and draw come from the answers' stream.
    const pass = noise.bernoulli(sigmoid(logit)) ? 0 : 1;
    const row: Row = [
      padId("L", i, 6),
      product.id,
      site.id,
      cookTemp,
      cookTime,
      chill,
      pH,
      speed,
      gap,
      note,
    ];
    if (i <= testStart) train.push([...row, pass]);
    else {
      test.push(row);
      answers.push(pass);
    }
  }
  return { train, test, answers };
}

// ---------------------------------------------------------------------------------------------
// Challenge 3: weekly demand per region and SKU.

const DEMAND_HEADER = [
  "region_id",
  "sku_id",
  "week",
  "sku_base",
  "price",
  "base_price",
  "promo_flag",
  "feature_display",
  "stockout_prev",
  "seasonal_index",
];
const TRAIN_WEEKS = 40;

/** Memo kinds: their text and the demand multiplier per category (missing: 1). */
interface MemoKind {
  weight: number;
  texts: string[];
  /** Whether the memo names one category (then `effect` applies to it only). */
  perCategory: boolean;
  effect: (category: string) => number;
}

const MEMO_KINDS: readonly MemoKind[] = [
  {
    weight: 2,
    perCategory: false,
    texts: [
      "Heat wave forecast for {region} next week; expect chilled drinks and salads to fly.",
      "{region}: temperatures well above normal next week. Stock up on juices and salads.",
    ],
    effect: (c) => ({ Juices: 1.45, Salads: 1.3, "Ready Meals": 0.9 })[c] ?? 1,
  },
  {
    weight: 1.5,
    perCategory: false,
    texts: [
      "Cold snap coming to {region} next week; comfort food season.",
      "{region}: first frost and snow expected next week, shoppers will want hot meals.",
    ],
    effect: (c) => ({ "Ready Meals": 1.35, Bakery: 1.15, Salads: 0.85 })[c] ?? 1,
  },
  {
    weight: 2,
    perCategory: true,
    texts: [
      "Competitor running a deep discount on {category} across {region} next week.",
      "Heads up: rival chain's {category} promotion hits {region} stores next week.",
    ],
    effect: () => 0.72,
  },
  {
    weight: 1,
    perCategory: true,
    texts: [
      "Competitor recall of {category} products in {region}; their shelves will be empty next week.",
      "A rival {category} brand is pulled from stores in {region} next week after a recall.",
    ],
    effect: () => 1.45,
  },
  {
    weight: 1.5,
    perCategory: false,
    texts: [
      "Big festival weekend in {region} next week, footfall up across stores.",
      "{region}: playoff game and street fair next week, expect busy stores.",
    ],
    effect: (c) => ({ "Deli Meats": 1.35, Bakery: 1.3, Cheese: 1.25 })[c] ?? 1.12,
  },
  {
    weight: 1,
    perCategory: false,
    texts: [
      "Trucking strike may delay deliveries to {region} next week.",
      "Road closures around the {region} distribution center next week; expect thin shelves.",
    ],
    effect: () => 0.8,
  },
  {
    weight: 3,
    perCategory: false,
    texts: [
      "Quarterly planogram review for {region} stores moved to Thursday.",
      "New category manager for {region} starts Monday; please share your notes.",
      "Reminder: {region} store audits continue next week as planned.",
      "{region} team lunch on Friday, no impact expected on orders.",
    ],
    effect: () => 1,
  },
];

function makeDemand(
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

  const train: Row[] = [];
  const test: Row[] = [];
  const answers: number[] = [];
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
        if (week <= TRAIN_WEEKS) train.push([...row, units]);
        else {
          test.push(row);
          answers.push(units);
        }
      }
    }
  }
  return { train, test, answers, memos };
}

// ---------------------------------------------------------------------------------------------

function notebooks(): Record<string, string> {
  const common = { domainName: food.name, folder: food.folder };
  return {
    "Challenge1_baseline.ipynb": baselineNotebook({
      ...common,
      number: 1,
      title: "Shelf Life Prediction",
      metricName: "MAE",
      approach:
        "A ridge regression on dwell time, mean temperature, humidity and door openings, plus one-hot SKU and site.",
      code: `from sklearn.linear_model import Ridge

train = pd.read_csv(DATA_DIR / "batches_train.csv")
test = pd.read_csv(DATA_DIR / "batches_test.csv")
numeric = ["dwell_hours", "mean_temp_F", "mean_rh_pct", "door_opens_count"]

def features(df):
    return df[numeric].join(pd.get_dummies(df[["sku_id", "site_id"]]).astype(float))

X_train = features(train)
X_test = features(test).reindex(columns=X_train.columns, fill_value=0.0)
model = Ridge(alpha=1.0)
model.fit(X_train, train["shelf_life_remaining_days"])
submission = pd.DataFrame({
    "batch_id": test["batch_id"],
    "shelf_life_remaining_days": np.clip(model.predict(X_test), 0, None).round(2),
})`,
    }),
    "Challenge2_baseline.ipynb": baselineNotebook({
      ...common,
      number: 2,
      title: "Quality Control Pass/Fail",
      metricName: "Macro-F1",
      approach:
        "A logistic regression on the six process measurements (the inspector's note is left out), with the cut-off tuned for F1 on the training data.",
      code: `from sklearn.linear_model import LogisticRegression
from sklearn.metrics import f1_score
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

train = pd.read_csv(DATA_DIR / "lots_train.csv")
test = pd.read_csv(DATA_DIR / "lots_test.csv")
columns = ["cook_temp_F", "cook_time_min", "chill_time_min", "acidification_pH", "line_speed", "sanitation_gap_min"]
model = make_pipeline(StandardScaler(), LogisticRegression(max_iter=1000))
model.fit(train[columns], train["qc_pass"])

# Failures are the minority: pick the probability cut-off that maximises macro-F1 on the training data.
train_prob = model.predict_proba(train[columns])[:, 1]
cutoffs = np.quantile(train_prob, np.linspace(0.02, 0.5, 60))
best = max(cutoffs, key=lambda c: f1_score(train["qc_pass"], train_prob >= c, average="macro"))
submission = pd.DataFrame({
    "lot_id": test["lot_id"],
    "qc_pass": (model.predict_proba(test[columns])[:, 1] >= best).astype(int),
})`,
    }),
    "Challenge3_baseline.ipynb": baselineNotebook({
      ...common,
      number: 3,
      title: "Weekly Demand Forecasting",
      metricName: "RMSE",
      approach:
        "A linear regression on the planning baseline, price, promotion, display, stock-out and seasonal columns.",
      code: `from sklearn.linear_model import LinearRegression

train = pd.read_csv(DATA_DIR / "demand_train.csv")
test = pd.read_csv(DATA_DIR / "demand_test.csv")
columns = ["sku_base", "price", "base_price", "promo_flag", "feature_display", "stockout_prev", "seasonal_index"]
model = LinearRegression()
model.fit(train[columns], train["units_sold_next_week"])
submission = pd.DataFrame({
    "region_id": test["region_id"],
    "sku_id": test["sku_id"],
    "week": test["week"],
    "units_sold_next_week": np.clip(model.predict(test[columns]), 0, None).round(1),
})`,
    }),
  };
}
