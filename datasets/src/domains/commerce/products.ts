import { padId, round } from "../../numbers";
import { cumulativeSums, drawIndex, type Random } from "../../random";
import { CATALOGUE, CATEGORIES, INCOME_GROUPS } from "./catalogue";

export interface Sku {
  id: string;
  category: number;
  subtype: number;
  /** Index of the subtype across the whole catalogue. */
  subtypeKey: number;
  price: number;
  popularity: number;
  eligible: boolean;
}

/** The SKUs and how shoppers choose among them (`pickSku`). */
export interface Assortment {
  skus: Sku[];
  /** Every subtype, by its index across the whole catalogue. */
  subtypeKeys: { category: number; subtype: number }[];
  /** The subtype indexes of each category. */
  subtypesOf: number[][];
  skusBySubtype: number[][];
  /** Per income group and subtype: cumulative choice weights of the subtype's SKUs. */
  skuCumulative: number[][][];
}

/** The catalogue's SKUs; half of them are eligible for recommendation. */
export function makeAssortment(random: Random, skuCount: number): Assortment {
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
  const subtypeCumulative = cumulativeSums(subtypeKeys.map((k) => categoryWeights[k.category]!));
  const skus: Sku[] = [];
  for (let i = 0; i < skuCount; i++) {
    // The first pass covers every subtype once so small scales keep the whole catalogue.
    const key = i < subtypeKeys.length ? i : drawIndex(random, subtypeCumulative);
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
      cumulativeSums(
        list.map(
          (i) =>
            skus[i]!.popularity *
            (skus[i]!.price / subtypeMedian[key]!) ** -priceSensitivity[income]!,
        ),
      ),
    ),
  );
  return { skus, subtypeKeys, subtypesOf, skusBySubtype, skuCumulative };
}

/** A SKU of the category: subtype by the customer's taste, then popularity and price fit. */
export function pickSku(
  stream: Random,
  { subtypesOf, skusBySubtype, skuCumulative }: Assortment,
  customer: { income: number; subtypeTaste: number[] },
  category: number,
): number {
  const keys = subtypesOf[category]!;
  const key = keys[drawIndex(stream, cumulativeSums(keys.map((k) => customer.subtypeTaste[k]!)))]!;
  const list = skusBySubtype[key]!;
  return list[drawIndex(stream, skuCumulative[customer.income]![key]!)]!;
}

export const subtypeName = (s: Sku) => CATALOGUE[s.category]!.subtypes[s.subtype]![0];

export const productRow = (s: Sku) => [
  s.id,
  CATEGORIES[s.category]!,
  subtypeName(s),
  s.price.toFixed(2),
];
