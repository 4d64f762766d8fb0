import {
  activeDomain,
  csvFile,
  domainFiles,
  majoritySampleRows,
  meanSampleRows,
  targetFiles,
} from "../../domain-files";
import type { DomainFiles } from "../../types";
import type { FoodDraws } from "./index";

export function foodFiles({ products, sites, regions, shelf, qc, demand }: FoodDraws): DomainFiles {
  const food = activeDomain("food");
  const data = {
    "products.csv": csvFile(
      food,
      "products.csv",
      products.map((p) => [p.id, p.name, p.category.name, p.life, p.listPrice.toFixed(2)]),
    ),
    "sites.csv": csvFile(food, "sites.csv", sites),
    "regions.csv": csvFile(food, "regions.csv", regions),
    ...targetFiles(food, 1, ["batches_train.csv", "batches_test.csv"], shelf),
    "storage_series.json": `${JSON.stringify(shelf.series)}\n`,
    ...targetFiles(food, 2, ["lots_train.csv", "lots_test.csv"], qc),
    ...targetFiles(food, 3, ["demand_train.csv", "demand_test.csv"], demand),
    "market_memos.csv": csvFile(food, "market_memos.csv", demand.memos),
  };
  return domainFiles(
    food,
    data,
    [meanSampleRows(shelf), majoritySampleRows(qc), meanSampleRows(demand, 3)],
    new URL("./notebooks/", import.meta.url),
  );
}
