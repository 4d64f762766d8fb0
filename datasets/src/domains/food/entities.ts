import { padId, round } from "../../numbers";
import type { Random } from "../../random";
import { type Row, trainTestSplit } from "../../rows";
import { CATEGORIES, type Category, REGIONS, SITES } from "./catalogue";

/** The products, plants and regions every challenge draws on. */
export interface Product {
  id: string;
  name: string;
  category: Category;
  life: number;
  listPrice: number;
}

export interface Site {
  id: string;
  name: string;
  regionId: string;
  audit: number;
  /** Cold-room setpoint and how unsteady the room is (older rooms swing more). */
  setpoint: number;
  swing: number;
  traffic: number;
}

export interface Region {
  id: string;
  name: string;
  size: number;
  sensitivity: number;
  /** Demand drift over the year (share per 52 weeks); not in any file. */
  trend: number;
}

export function makeProducts(random: Random): Product[] {
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

export function makeSites(random: Random): Site[] {
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

export function makeRegions(random: Random): Region[] {
  return REGIONS.map((name, i) => ({
    id: padId("R", i + 1, 2),
    name,
    size: round(random.uniform(0.6, 1.6), 2),
    sensitivity: round(random.uniform(0.75, 1.3), 2),
    trend: random.uniform(-0.12, 0.18),
  }));
}

/** Rows of sites.csv: the published details of each plant. */
export const siteRows = (random: Random, sites: Site[]) =>
  sites.map((s) => {
    const coldRoomAge = Math.round((s.swing - 0.5) * 12);
    return [s.id, s.name, s.regionId, 2024 - coldRoomAge - random.int(0, 25), s.audit, coldRoomAge];
  });

/** Rows of regions.csv: the published details of each region. */
export const regionRows = (random: Random, regions: Region[]) =>
  regions.map((r) => [
    r.id,
    r.name,
    round(r.size * 6 * (0.9 + 0.2 * random.next()), 1),
    round(0.55 + 0.4 * random.next(), 2),
    Math.round(r.size * 140 * (0.85 + 0.3 * random.next())),
    r.sensitivity,
  ]);

/**
 * `count` records of what the plants make (lots, batches), numbered from 1: each of a product and
 * a site drawn in that order, then its row and target from `make`. The first 80% train.
 */
export function plantRecords(
  random: Random,
  count: number,
  products: Product[],
  sites: Site[],
  make: (i: number, product: Product, site: Site) => [row: Row, target: number],
) {
  const testStart = Math.round(count * 0.8);
  const rows = trainTestSplit();
  for (let i = 1; i <= count; i++) {
    const [row, target] = make(i, random.pick(products), random.pick(sites));
    rows.add(row, target, i <= testStart);
  }
  return rows;
}
