import { padId, round, sigmoid } from "../../numbers";
import type { DomainStreams, Random } from "../../random";
import type { Row } from "../../rows";
import { ISSUE_NOTES, ROUTINE_NOTES } from "./catalogue";
import { type Product, plantRecords, type Site } from "./entities";

function fillNote(random: Random, template: string): string {
  return template
    .replace("{n}", String(random.int(1, 6)))
    .replace("{d}", String(random.int(2, 6)))
    .replace("{h}", String(random.int(5, 22)).padStart(2, "0"))
    .replace("{m}", String(random.pick([0, 15, 30, 45])).padStart(2, "0"));
}

/**
 * Production lots with their process measurements, the inspector's note and whether they
 * passed QC (challenge 2). The first 80% train.
 */
export function makeLots(
  { random, noise }: DomainStreams,
  count: number,
  products: Product[],
  sites: Site[],
) {
  return plantRecords(random, count, products, sites, (i, product, site) => {
    const cookTemp = round(
      random.bernoulli(0.1) ? 159 + 4 * random.normal() : 168 + 3 * random.normal(),
      1,
    );
    const cookTime = Math.max(15, Math.round(42 + 7 * random.normal()));
    const chill = Math.max(40, Math.round(95 + 22 * random.normal()));
    const pH = round(4.35 + 0.17 * random.normal(), 2);
    const speed = Math.max(30, Math.round(60 + 9 * random.normal()));
    const gap = Math.max(30, Math.round(240 + 70 * random.normal()));
    // A hidden hygiene problem on the line; the inspector usually writes it down.
    const hazard = random.bernoulli(0.15 + 0.004 * (95 - site.audit));
    const note = fillNote(
      random,
      (hazard ? random.bernoulli(0.85) : random.bernoulli(0.05))
        ? random.pick(ISSUE_NOTES)
        : random.pick(ROUTINE_NOTES),
    );
    const logit =
      -3.3 +
      0.3 * Math.max(0, 165 - cookTemp) +
      0.06 * Math.max(0, 38 - cookTime) +
      0.03 * Math.max(0, chill - 100) +
      4 * Math.max(0, pH - 4.5) +
      0.025 * (speed - 60) +
      0.004 * (gap - 240) +
      2.8 * (hazard ? 1 : 0) +
      0.04 * (88 - site.audit) +
      product.category.qcRisk +
      0.4 * noise.normal();
    // The label's own noise and draw come from the answers' stream.
    const pass = noise.bernoulli(sigmoid(logit)) ? 0 : 1;
    const row: Row = [
      padId("L", i, 6),
      product.id,
      site.id,
      cookTemp,
      cookTime,
      chill,
      pH,
      speed,
      gap,
      note,
    ];
    return [row, pass];
  });
}
