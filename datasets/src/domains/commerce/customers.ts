import { padId } from "../../numbers";
import { cumulativeSums, drawIndex, type Random } from "../../random";
import { CATALOGUE, CUTOFF_MONTH } from "./catalogue";
import { type Assortment, pickSku } from "./products";

export interface Customer {
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

/** Customers: who they are, their tastes and the staples they rebuy. */
export function makeCustomers(random: Random, customerCount: number, assortment: Assortment) {
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
      subtypeTaste: assortment.subtypeKeys.map(() => Math.exp(0.8 * random.normal())),
      staples: [],
      purchases: [],
    };
    // Staples: consumables the customer rebuys regularly.
    const staplesWanted = random.weighted([0, 1, 2, 3, 4], [0.15, 0.25, 0.3, 0.2, 0.1]);
    const consumable = cumulativeSums(
      CATALOGUE.map((c, ci) => (c.consumable ? customer.affinity[ci]! : 0)),
    );
    for (let k = 0; k < staplesWanted; k++)
      customer.staples.push(pickSku(random, assortment, customer, drawIndex(random, consumable)));
    customers.push(customer);
  }

  return customers;
}

/** Loyalty tiers, once the purchases are known. */
export function assignLoyaltyTiers(random: Random, customers: Customer[]) {
  const customerCount = customers.length;
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
}
