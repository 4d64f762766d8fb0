import { clamp, mean, padId, round } from "../../numbers";
import type { DomainStreams } from "../../random";
import type { Row } from "../../rows";
import { type Product, plantRecords, type Site } from "./entities";

const SERIES_INTERVAL = 2;

interface SeriesRecord {
  batch_id: string;
  site_id: string;
  interval_hours: number;
  temp_F: number[];
  rh_pct: number[];
}

/**
 * Batches in cold storage with their temperature and humidity series and the shelf life they
 * have left (challenge 1). The first 80% train.
 */
export function makeBatches(
  { random, noise }: DomainStreams,
  count: number,
  products: Product[],
  sites: Site[],
) {
  const series: SeriesRecord[] = [];
  const rows = plantRecords(random, count, products, sites, (i, product, site) => {
    const dwell = round(Math.min(168, 4 + Math.exp(3.6 + 0.65 * random.normal())), 1);
    const readings = Math.ceil(dwell / SERIES_INTERVAL);

    // The cold room: setpoint plus a slow wander; door openings add short spikes (and humidity);
    // now and then a defrost fault or a compressor trip warms the room for several hours.
    const temps: number[] = [];
    const rhs: number[] = [];
    let drift = 0.6 * random.normal();
    for (let k = 0; k < readings; k++) {
      drift = 0.85 * drift + 0.35 * site.swing * random.normal();
      temps.push(site.setpoint + drift);
      rhs.push(80 + 3 * random.normal());
    }
    const doors = random.poisson((dwell / 10) * site.traffic);
    for (let d = 0; d < doors; d++) {
      const k = random.int(0, readings - 1);
      const spike = random.uniform(2, 7);
      temps[k]! += spike;
      if (k + 1 < readings) temps[k + 1]! += spike / 3;
      rhs[k]! += random.uniform(3, 9);
    }
    if (random.bernoulli(0.06 * site.swing)) {
      const start = random.int(0, readings - 1);
      const length = random.int(2, 10);
      const peak = random.uniform(6, 16);
      for (let k = start; k < Math.min(readings, start + length); k++) {
        temps[k]! += peak;
        rhs[k]! += peak / 2;
      }
    }
    const temp = temps.map((t) => round(t, 1));
    const rh = rhs.map((h) => round(clamp(h, 55, 99), 1));

    // Shelf life used up: each reading's interval at its temperature (about 3x faster per +10°F),
    // more at high humidity for the sensitive categories; time above 45°F (temperature abuse)
    // costs a further 0.3 day per hour; handling at each door opening.
    let used = 0;
    for (let k = 0; k < readings; k++) {
      const hours = Math.min(SERIES_INTERVAL, dwell - k * SERIES_INTERVAL);
      const humidity = 1 + (product.category.humidity * Math.max(0, rh[k]! - 85)) / 10;
      used += (hours / 24) * Math.exp(0.11 * (temp[k]! - 38)) * humidity;
      if (temp[k]! > 45) used += 0.3 * hours;
    }
    // The target's own noise, on the initial life and on what is left, is the answers' stream.
    const initial =
      product.life * (1 - 0.006 * (95 - site.audit)) * Math.exp(0.02 * noise.normal());
    const remaining = Math.max(0, round(initial - used - 0.04 * doors + 0.3 * noise.normal(), 1));

    const id = padId("B", i, 6);
    const row: Row = [
      id,
      product.id,
      site.id,
      dwell,
      round(mean(temp), 1),
      round(mean(rh), 1),
      doors,
    ];
    series.push({
      batch_id: id,
      site_id: site.id,
      interval_hours: SERIES_INTERVAL,
      temp_F: temp,
      rh_pct: rh,
    });
    return [row, remaining];
  });
  return { ...rows, series };
}
