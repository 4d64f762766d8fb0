import { describe, expect, it } from "vitest";
import { generateDomain } from "../src/generate";
import { BASELINE_TIMEOUT_MS, checkBaseline, runBaseline } from "./support/baseline";
import { expectDomainContract, headerOf, rowsOf } from "./support/contract";

const SMALL = 0.1;
const domain = generateDomain("commerce", "7", SMALL);

const CATEGORIES = [
  "Electronics",
  "Home & Kitchen",
  "Grocery",
  "Beauty",
  "Sports & Outdoors",
  "Toys",
  "Clothing",
  "Books",
  "Pet Supplies",
  "Household",
];

interface SessionRecord {
  customer_id: string;
  events: Record<string, string | number>[];
}

/** The recommendation answers: `[customer_id, relevant SKUs separated by spaces]`. */
const answerRows = () =>
  rowsOf({ ...domain, files: { a: domain.answers["commerce/2"]!.csv } }, "a");

/** The best possible ranking: the relevant SKUs first, padded with other eligible ones. */
function perfectRanking(): string {
  const eligible = rowsOf(domain, "products_sub.csv").map((row) => row[0]!);
  const header = headerOf(domain, "sample_submission_c2.csv");
  const lines = answerRows().map(([customer, relevant]) => {
    const ranked = relevant!.split(" ").slice(0, 10);
    for (const sku of eligible) {
      if (ranked.length >= 10) break;
      if (!ranked.includes(sku)) ranked.push(sku);
    }
    return [customer, ...ranked].join(",");
  });
  return `${[header.join(","), ...lines].join("\n")}\n`;
}

describe("Commerce data", () => {
  it("has every file and column of the data contract (docs/product.md#datasets)", () => {
    const productColumns = ["sku_id", "category", "subtype", "base_price"];
    expect(headerOf(domain, "products.csv")).toEqual(productColumns);
    expect(headerOf(domain, "products_sub.csv")).toEqual(productColumns);
    expect(headerOf(domain, "customers.csv")).toEqual([
      "customer_id",
      "age_group",
      "income_group",
      "signup_year",
      "loyalty_tier",
      "marketing_opt_in",
    ]);
    expect(headerOf(domain, "store_events.csv")).toEqual(["week", "event_description"]);
    expect(headerOf(domain, "sales_history_train.csv")).toEqual([
      "sku_id",
      "week",
      "units_sold",
      "price",
      "promo_flag",
    ]);
    expect(headerOf(domain, "sales_history_test.csv")).toEqual([
      "sku_id",
      "week",
      "price",
      "promo_flag",
    ]);
    const purchaseColumns = ["customer_id", "order_id", "month", "sku_id"];
    expect(headerOf(domain, "purchases_train.csv")).toEqual(purchaseColumns);
    expect(headerOf(domain, "purchases_test.csv")).toEqual(purchaseColumns);
    const offerColumns = [
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
    expect(headerOf(domain, "coupon_offers_train.csv")).toEqual([...offerColumns, "target_redeem"]);
    expect(headerOf(domain, "coupon_offers_test.csv")).toEqual(offerColumns);

    const sessions = JSON.parse(domain.files["session_events.json"]!) as SessionRecord[];
    expect(Object.keys(sessions[0]!)).toEqual(["customer_id", "events"]);
    const keysByType: Record<string, string[]> = {
      search: ["type", "q", "days_ago"],
      view_category: ["type", "category", "days_ago"],
      view_pdp: ["type", "sku_id", "days_ago"],
      wishlist_add: ["type", "sku_id", "days_ago"],
    };
    const seen = new Set<string>();
    for (const record of sessions) {
      for (const event of record.events) {
        seen.add(String(event.type));
        expect(Object.keys(event)).toEqual(keysByType[String(event.type)]);
        expect(Number(event.days_ago)).toBeGreaterThanOrEqual(1);
        expect(Number(event.days_ago)).toBeLessThanOrEqual(30);
      }
    }
    expect([...seen].sort()).toEqual(Object.keys(keysByType));
    expectDomainContract(domain);
  });

  it("has typed, plausible values", () => {
    const products = rowsOf(domain, "products.csv");
    const eligible = rowsOf(domain, "products_sub.csv");
    expect(products.length).toBe(150);
    expect(eligible.length).toBe(75);
    const skuIds = new Set(products.map((row) => row[0]));
    expect(skuIds.size).toBe(products.length);
    for (const row of products) {
      expect(row[0]).toMatch(/^SKU\d{5}$/);
      expect(CATEGORIES).toContain(row[1]);
      expect(Number(row[3])).toBeGreaterThan(0);
    }
    for (const row of eligible) expect(skuIds.has(row[0])).toBe(true);

    for (const row of rowsOf(domain, "customers.csv")) {
      expect(row[0]).toMatch(/^CU\d{5}$/);
      expect(["18-25", "26-35", "36-50", "51+"]).toContain(row[1]);
      expect(["low", "mid", "high"]).toContain(row[2]);
      expect(Number(row[3])).toBeGreaterThanOrEqual(2015);
      expect(["bronze", "silver", "gold"]).toContain(row[4]);
      expect(["0", "1"]).toContain(row[5]);
    }

    const sales = rowsOf(domain, "sales_history_train.csv");
    expect(sales.length).toBe(150 * 44);
    expect(rowsOf(domain, "sales_history_test.csv").length).toBe(150 * 8);
    for (const row of sales.slice(0, 500)) {
      expect(Number(row[1])).toBeGreaterThanOrEqual(1);
      expect(Number(row[1])).toBeLessThanOrEqual(44);
      expect(Number.isInteger(Number(row[2]))).toBe(true);
      expect(Number(row[3])).toBeGreaterThan(0);
      expect(["0", "1"]).toContain(row[4]);
    }
    for (const row of rowsOf(domain, "store_events.csv")) {
      expect(Number(row[0])).toBeGreaterThanOrEqual(1);
      expect(Number(row[0])).toBeLessThanOrEqual(52);
    }

    // Test customers show months up to the cut-off only; they are not training customers.
    const trainCustomers = new Set(rowsOf(domain, "purchases_train.csv").map((row) => row[0]));
    for (const row of rowsOf(domain, "purchases_test.csv")) {
      expect(Number(row[2])).toBeLessThanOrEqual(9);
      expect(trainCustomers.has(row[0])).toBe(false);
      expect(skuIds.has(row[3])).toBe(true);
    }
    // Every relevant SKU is eligible, and every test customer has at least one.
    const eligibleIds = new Set(eligible.map((row) => row[0]));
    for (const [, list] of answerRows()) {
      const relevant = list!.split(" ");
      expect(relevant.length).toBeGreaterThan(0);
      for (const sku of relevant) expect(eligibleIds.has(sku)).toBe(true);
    }
    for (const row of rowsOf(domain, "sample_submission_c2.csv"))
      for (const sku of row.slice(1)) expect(eligibleIds.has(sku)).toBe(true);

    const offers = rowsOf(domain, "coupon_offers_train.csv");
    for (const row of offers.slice(0, 500)) {
      expect(row[0]).toMatch(/^OF\d{6}$/);
      expect(CATEGORIES).toContain(row[3]);
      expect(Number(row[4])).toBeGreaterThanOrEqual(5);
      expect(Number(row[4])).toBeLessThanOrEqual(40);
      expect(["low", "mid", "high"]).toContain(row[5]);
      expect(Number(row[7])).toBeGreaterThanOrEqual(0);
      expect(Number(row[7])).toBeLessThanOrEqual(1);
    }
    const redeemRate = offers.filter((row) => row[9] === "1").length / offers.length;
    expect(redeemRate).toBeGreaterThan(0.1);
    expect(redeemRate).toBeLessThan(0.4);
  });

  it("numbers order ids over published orders only, so no gap counts a test customer's hidden orders", () => {
    const train = rowsOf(domain, "purchases_train.csv");
    const test = rowsOf(domain, "purchases_test.csv");
    // Each order id belongs to one customer and one month, in one file.
    const owner = new Map<string, string>();
    for (const [file, rows] of [
      ["train", train],
      ["test", test],
    ] as const) {
      for (const [customer, orderId, month] of rows) {
        expect(orderId).toMatch(/^O\d{7}$/);
        const key = `${file} ${customer} ${month}`;
        expect(owner.get(orderId!) ?? key).toBe(key);
        owner.set(orderId!, key);
      }
    }
    // Together the two files use exactly O0000001..O{N}: the ids skip nothing.
    const numbers = [...owner.keys()].map((id) => Number(id.slice(1))).sort((a, b) => a - b);
    expect(numbers).toEqual(numbers.map((_, i) => i + 1));
    // Spelled out for the leak this guards against: after a test customer's last published
    // order, the next published order id follows at once (before, the jump was the number of
    // orders the customer placed in the hidden months 10-12).
    const testCustomers = new Set(test.map((row) => row[0]));
    const published = new Set(numbers);
    const lastOf = new Map<string, number>();
    for (const [customer, orderId] of test)
      lastOf.set(customer!, Math.max(lastOf.get(customer!) ?? 0, Number(orderId!.slice(1))));
    const jumps = [...testCustomers].filter((c) => {
      const last = lastOf.get(c!)!;
      return last < numbers.length && !published.has(last + 1);
    });
    expect(jumps).toEqual([]);
  });

  it("ranks loyalty_tier 15% gold, 30% silver, 55% bronze", () => {
    const tiers = rowsOf(domain, "customers.csv").map((row) => row[4]);
    const share = (tier: string) => tiers.filter((t) => t === tier).length / tiers.length;
    expect(share("gold")).toBeCloseTo(0.15, 2);
    expect(share("silver")).toBeCloseTo(0.3, 2);
    expect(share("bronze")).toBeCloseTo(0.55, 2);
  });

  it("gives the same bytes for the same seed, and different data for another", () => {
    const again = generateDomain("commerce", "7", SMALL);
    expect(again.files).toEqual(domain.files);
    expect(again.answers).toEqual(domain.answers);
    expect(generateDomain("commerce", "8", SMALL).files["purchases_test.csv"]).not.toEqual(
      domain.files["purchases_test.csv"],
    );
  });
});

describe("Commerce baselines (Debian's python3 with pandas and scikit-learn)", () => {
  it(
    "challenge 1: valid submission, clearly better than the train mean, clearly worse than perfect (RMSE)",
    async () => {
      const submission = await runBaseline(domain, 1);
      const check = checkBaseline(domain, 1, submission, domain.files["sample_submission_c1.csv"]!);
      expect(check.perfect).toBe(0);
      expect(check.baseline).toBeLessThan(check.constant * 0.8);
      expect(check.baseline).toBeGreaterThan(1);
    },
    BASELINE_TIMEOUT_MS,
  );

  it(
    "challenge 2: valid submission, clearly better than the popular list, clearly worse than perfect",
    async () => {
      const submission = await runBaseline(domain, 2);
      const check = checkBaseline(
        domain,
        2,
        submission,
        domain.files["sample_submission_c2.csv"]!,
        perfectRanking(),
      );
      expect(check.perfect).toBeCloseTo(1, 6);
      expect(check.baseline).toBeGreaterThan(check.constant + 0.05);
      expect(check.baseline).toBeLessThan(check.perfect - 0.3);
    },
    BASELINE_TIMEOUT_MS,
  );

  it(
    "challenge 3: valid submission, clearly better than constant, clearly worse than perfect",
    async () => {
      const submission = await runBaseline(domain, 3);
      const check = checkBaseline(domain, 3, submission, domain.files["sample_submission_c3.csv"]!);
      expect(check.baseline).toBeGreaterThan(check.constant + 0.05);
      expect(check.baseline).toBeLessThan(check.perfect - 0.1);
    },
    BASELINE_TIMEOUT_MS,
  );
});
