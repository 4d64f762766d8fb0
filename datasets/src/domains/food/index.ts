import type { DomainStreams } from "../../random";
import type { DomainFiles } from "../../types";
import { makeDemand } from "./demand";
import { makeProducts, makeRegions, makeSites, regionRows, siteRows } from "./entities";
import { foodFiles } from "./files";
import { makeLots } from "./qc";
import { makeBatches } from "./shelf-life";

export function generateFood(streams: DomainStreams, scale: number): DomainFiles {
  return foodFiles(drawFood(streams, scale));
}

/**
 * Food Production: products, plants, regions; cold-storage batches with their temperature
 * series (challenge 1, shelf life), production lots with inspector notes (challenge 2, QC) and
 * a weekly region-SKU demand panel with market memos (challenge 3). The generating process is
 * in datasets/docs/food.md. The order of the steps is the order of the draws, which fixes the
 * bytes a seed makes.
 */
export function drawFood(streams: DomainStreams, scale: number) {
  const { random } = streams;
  const products = makeProducts(random);
  const sites = makeSites(random);
  const regions = makeRegions(random);
  const shelf = makeBatches(streams, Math.max(500, Math.round(15_000 * scale)), products, sites);
  const qc = makeLots(streams, Math.max(800, Math.round(10_000 * scale)), products, sites);
  const demand = makeDemand(streams, scale, products, regions);
  return {
    products,
    sites: siteRows(random, sites),
    regions: regionRows(random, regions),
    shelf,
    qc,
    demand,
  };
}
export type FoodDraws = ReturnType<typeof drawFood>;
