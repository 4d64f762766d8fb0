import { clamp, round } from "../../numbers";
import type { Random } from "../../random";
import {
  DAY,
  EARLIEST_POLICY,
  HISTORY_END,
  LATEST_POLICY,
  VEHICLES,
  type Vehicle,
} from "./catalogue";

export const isoDate = (time: number) => new Date(time).toISOString().slice(0, 10);

export interface Policy {
  id: string;
  age: number;
  vehicle: Vehicle;
  mileage: number;
  urban: number;
  credit: number;
  start: number;
  end: number;
  /** Annual claim frequency (expected claims per year). */
  frequency: number;
  /** A small share of policies are held to make false claims. */
  fraudster: boolean;
}

/** The book of policies. Only a subset appears in the policy files; claims reference all of them. */
export function makePolicies(random: Random, policyCount: number): Policy[] {
  const policies: Policy[] = [];
  for (let i = 1; i <= policyCount; i++) {
    const age = clamp(Math.round(46 + 15 * random.normal()), 18, 85);
    const vehicle = random.weighted(VEHICLES, [0.55, 0.33, 0.12]);
    const mileage = Math.round(
      clamp(Math.exp(Math.log(11_000) + 0.45 * random.normal()), 1500, 60_000),
    );
    const urban = random.bernoulli(0.55) ? 1 : 0;
    const credit = round(clamp(0.65 + 0.15 * random.normal(), 0.05, 0.99), 3);
    const fraudster = random.bernoulli(0.04);
    // Fraudsters' policies are mostly recent.
    const start =
      EARLIEST_POLICY +
      Math.floor(
        (fraudster && random.bernoulli(0.6) ? random.uniform(0.75, 1) : random.next()) *
          ((LATEST_POLICY - EARLIEST_POLICY) / DAY),
      ) *
        DAY;
    let end = start;
    while (end <= HISTORY_END)
      end = Date.UTC(
        new Date(end).getUTCFullYear() + 1,
        new Date(start).getUTCMonth(),
        new Date(start).getUTCDate(),
      );
    const tenure = (HISTORY_END - start) / DAY / 365.25;
    const latent = 0.75 * random.normal() - 0.28;
    const frequency = Math.exp(
      Math.log(0.13) +
        (vehicle === "Sports" ? 0.45 : vehicle === "SUV" ? 0.15 : 0) +
        0.3 * urban +
        0.7 * Math.log(mileage / 11_000) -
        2.4 * (credit - 0.65) +
        (age < 25 ? 0.7 : 0) +
        (age > 72 ? 0.3 : 0) -
        0.04 * Math.min(tenure, 6) +
        latent,
    );
    policies.push({
      id: `POL-${String(i).padStart(6, "0")}`,
      age,
      vehicle,
      mileage,
      urban,
      credit,
      start,
      end: end - DAY,
      frequency,
      fraudster,
    });
  }
  return policies;
}

/**
 * Next year's loss (challenge 2): Poisson(frequency) claims, each with a log-normal cost; all of
 * it noise beyond the frequency, so drawn from the answers' stream.
 */
export function nextYearLosses(noise: Random, policies: Policy[]): number[] {
  return policies.map((p) => {
    const count = noise.poisson(p.frequency);
    let loss = 0;
    for (let k = 0; k < count; k++) {
      loss += Math.exp(
        Math.log(2600) +
          (p.vehicle === "Sports" ? 0.35 : p.vehicle === "SUV" ? 0.15 : 0) +
          0.8 * noise.normal(),
      );
    }
    return round(loss, 2);
  });
}

/** The policy files: a random 45% of the book, two thirds train and one third test. */
export function policyFileSplit(random: Random, policyCount: number) {
  const order = random.shuffle(Array.from({ length: policyCount }, (_, i) => i));
  const subset = order.slice(0, Math.round(policyCount * 0.45));
  const policySplit = Math.round(subset.length * (2 / 3));
  return {
    train: subset.slice(0, policySplit).sort((a, b) => a - b),
    test: subset.slice(policySplit).sort((a, b) => a - b),
  };
}

export const policyRow = (p: Policy) => [
  p.id,
  p.age,
  p.vehicle,
  p.mileage,
  p.urban,
  p.credit,
  isoDate(p.start),
  isoDate(p.end),
];
