/** Per-category behaviour; the generating process is in datasets/docs/food.md. */
export interface Category {
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

export const CATEGORIES: readonly Category[] = [
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

export const REGIONS = [
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
export const SITES: readonly [string, number][] = [
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

export const ISSUE_NOTES = [
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
export const ROUTINE_NOTES = [
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

/** Memo kinds: their text and the demand multiplier per category (missing: 1). */
export interface MemoKind {
  weight: number;
  texts: string[];
  /** Whether the memo names one category (then `effect` applies to it only). */
  perCategory: boolean;
  effect: (category: string) => number;
}

export const MEMO_KINDS: readonly MemoKind[] = [
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
