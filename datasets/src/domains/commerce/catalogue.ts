/** Categories, their subtypes with a typical price, and how each behaves. */
export const CATALOGUE = [
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
export const CATEGORIES: readonly string[] = CATALOGUE.map((c) => c.name);
export const SEARCH_WORDS = [
  "",
  "",
  "best",
  "cheap",
  "organic",
  "premium",
  "gift",
  "sale",
  "large",
];
export const AGE_GROUPS = ["18-25", "26-35", "36-50", "51+"] as const;
export const INCOME_GROUPS = ["low", "mid", "high"] as const;
export const TIERS = ["bronze", "silver", "gold"] as const;
/** Weeks 1-44 are history; 45-52 are predicted. Months 1-9 are known; 10-12 are predicted. */
export const TRAIN_WEEKS = 44;
export const CUTOFF_MONTH = 9;

/** Category multipliers by month for purchases: the fourth quarter shifts toward gifts. */
export const monthShift = (category: number, month: number) => {
  const name = CATEGORIES[category];
  if (month < 11) return 1;
  return name === "Toys" ? 2.2 : name === "Electronics" ? 1.6 : name === "Books" ? 1.3 : 1;
};
