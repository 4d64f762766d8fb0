import type { Random } from "../../random";
import type { Row } from "../../rows";
import { CATEGORIES, TRAIN_WEEKS } from "./catalogue";

/**
 * The store's weekly calendar: the events published in store_events.csv and the demand
 * multiplier each puts on its week (1-52) and categories.
 */
export function makeStoreEvents(random: Random) {
  const eventEffect = Array.from({ length: 53 }, () => CATEGORIES.map(() => 1));
  const eventRows: Row[] = [];
  const storewide = (week: number, text: string, lift: number) => {
    eventRows.push([week, text]);
    for (let c = 0; c < CATEGORIES.length; c++) eventEffect[week]![c]! *= lift;
  };
  const forCategories = (week: number, text: string, categories: string[], lift: number) => {
    eventRows.push([week, text]);
    for (const name of categories) eventEffect[week]![CATEGORIES.indexOf(name)]! *= lift;
  };
  forCategories(
    6,
    "Big Game weekend: snacks and electronics featured at the entrance",
    ["Grocery", "Electronics"],
    1.35,
  );
  forCategories(7, "Valentine's Day gift displays in Beauty", ["Beauty"], 1.4);
  forCategories(
    19,
    "Mother's Day gifts: Beauty and Home & Kitchen",
    ["Beauty", "Home & Kitchen"],
    1.3,
  );
  storewide(22, "Memorial Day weekend sale across the store", 1.35);
  storewide(27, "Independence Day sale, store-wide", 1.3);
  forCategories(
    29,
    "Heat wave: outdoor gear and cold drinks in demand",
    ["Sports & Outdoors", "Grocery"],
    1.35,
  );
  forCategories(
    33,
    "Back-to-school promotion on Electronics and Books",
    ["Electronics", "Books"],
    1.5,
  );
  storewide(36, "Labor Day sale across the store", 1.3);
  storewide(47, "Black Friday doorbusters, store-wide", 2.0);
  storewide(48, "Cyber Monday week: online deals spill over into the store", 1.35);
  forCategories(49, "Toy drive and holiday toy fair", ["Toys"], 1.6);
  storewide(51, "Last shopping week before the holidays", 1.6);
  storewide(52, "Post-holiday clearance", 1.2);
  // Noise: notes with no effect, and one with a small dip.
  eventRows.push([11, "New store manager started"], [24, "Parking lot resurfacing (north side)"]);
  storewide(17, "Store closed Sunday morning for the inventory count", 0.85);
  // Category spotlights at random weeks, some of them in the forecast weeks.
  for (let k = 0; k < 8; k++) {
    const week = k < 3 ? random.int(TRAIN_WEEKS + 1, 52) : random.int(2, TRAIN_WEEKS);
    const category = random.int(0, CATEGORIES.length - 1);
    forCategories(
      week,
      `Spotlight promotion on ${CATEGORIES[category]} (end caps and flyer)`,
      [CATEGORIES[category]!],
      random.uniform(1.3, 1.7),
    );
  }
  eventRows.sort((a, b) => Number(a[0]) - Number(b[0]));
  return { eventEffect, eventRows };
}
