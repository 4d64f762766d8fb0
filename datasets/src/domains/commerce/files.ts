import { fileColumns } from "@tandem/competition";
import { toCsv } from "../../csv-writer";
import {
  activeDomain,
  csvFile,
  domainFiles,
  majoritySampleRows,
  targetFiles,
  trainAndTestFiles,
} from "../../domain-files";
import { mean, round } from "../../numbers";
import { leadingColumns, type Row } from "../../rows";
import type { DomainFiles } from "../../types";
import { AGE_GROUPS, INCOME_GROUPS, TIERS } from "./catalogue";
import type { CommerceDraws } from "./index";
import { productRow, type Sku } from "./products";

/** The sample recommends every test customer the ten eligible SKUs bought most in training. */
function popularEligible(skus: Sku[], purchasesTrain: Row[]): string[] {
  const purchaseCounts = new Map<string, number>();
  for (const row of purchasesTrain)
    purchaseCounts.set(String(row[3]), (purchaseCounts.get(String(row[3])) ?? 0) + 1);
  return skus
    .filter((s) => s.eligible)
    .sort(
      (a, b) =>
        (purchaseCounts.get(b.id) ?? 0) - (purchaseCounts.get(a.id) ?? 0) || (a.id < b.id ? -1 : 1),
    )
    .slice(0, 10)
    .map((s) => s.id);
}

export function commerceFiles(draws: CommerceDraws): DomainFiles {
  const { skus, customers, eventRows, sessionEvents, sales, purchases, offers } = draws;
  const commerce = activeDomain("commerce");
  const productColumns = fileColumns(commerce, "products.csv");
  const data = {
    "products.csv": toCsv(productColumns, skus.map(productRow)),
    // The SKUs eligible for recommendation, with the same columns.
    "products_sub.csv": toCsv(productColumns, skus.filter((s) => s.eligible).map(productRow)),
    "customers.csv": csvFile(
      commerce,
      "customers.csv",
      customers.map((c) => [
        c.id,
        AGE_GROUPS[c.ageGroup]!,
        INCOME_GROUPS[c.income]!,
        c.signupYear,
        TIERS[c.tier]!,
        c.optIn,
      ]),
    ),
    "store_events.csv": csvFile(commerce, "store_events.csv", eventRows),
    "session_events.json": `${JSON.stringify(sessionEvents)}\n`,
    // The training file's units_sold is this week's; the submission predicts next week's.
    ...trainAndTestFiles(commerce, ["sales_history_train.csv", "sales_history_test.csv"], sales, [
      "units_sold",
    ]),
    // Test customers' purchases up to the cut-off: the same columns, nothing hidden.
    ...trainAndTestFiles(commerce, ["purchases_train.csv", "purchases_test.csv"], purchases, []),
    ...targetFiles(commerce, 3, ["coupon_offers_train.csv", "coupon_offers_test.csv"], offers),
  };
  const eligible = skus.filter((s) => s.eligible).map((s) => s.id);
  return domainFiles(
    commerce,
    data,
    [
      {
        ids: leadingColumns(sales.test, 2),
        sample: [round(mean(sales.train.map((row) => Number(row[2]))), 2)],
        answers: sales.answers,
      },
      {
        ids: purchases.testIndexes.map((ci) => [customers[ci]!.id]),
        sample: popularEligible(skus, purchases.train),
        answers: purchases.testIndexes.map((ci) =>
          [...purchases.future[ci]!]
            .map((i) => skus[i]!.id)
            .sort()
            .join(" "),
        ),
        // Only these SKUs may be recommended; intake and scoring enforce it.
        eligibleItems: eligible,
      },
      majoritySampleRows(offers),
    ],
    new URL("./notebooks/", import.meta.url),
  );
}
