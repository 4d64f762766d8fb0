import { sigmoid } from "../../numbers";
import type { DomainStreams } from "../../random";
import { CLAIM_TYPES, COMPLEXITY, DAY, HISTORY_END, HISTORY_START } from "./catalogue";
import { describeClaim } from "./claim-text";
import { isoDate, type Policy } from "./policies";

export interface Claim {
  policy: Policy;
  date: number;
  row: (string | number)[];
  complexity: string;
  fraud: number;
}

/**
 * The claim history, 2021-2024, with each claim's complexity (challenge 1) and fraud label
 * (challenge 3), in random order; the first 70% train.
 */
export function makeClaims({ random, noise }: DomainStreams, policies: Policy[]) {
  // Poisson(frequency x years observed); fraudsters claim more, and often soon after the policy
  // starts.
  const claims: Claim[] = [];
  for (const policy of policies) {
    const from = Math.max(policy.start, HISTORY_START);
    const days = Math.floor((HISTORY_END - from) / DAY);
    const count = random.poisson(policy.frequency * (days / 365.25) * (policy.fraudster ? 2.5 : 1));
    for (let k = 0; k < count; k++) {
      const early =
        policy.fraudster && k === 0 && policy.start >= HISTORY_START && random.bernoulli(0.6);
      const date = from + (early ? random.int(3, 50) : random.int(0, days - 1)) * DAY;
      claims.push({ policy, date, row: [], complexity: "", fraud: 0 });
    }
  }
  random.shuffle(claims);

  for (const claim of claims) {
    const p = claim.policy;
    const type = random.weighted(CLAIM_TYPES, [0.5, 0.25, 0.25]);
    const parties =
      type === "Fender-Bender"
        ? random.weighted([1, 2, 3], [0.25, 0.65, 0.1])
        : type === "Major Collision"
          ? random.weighted([1, 2, 3, 4], [0.2, 0.5, 0.2, 0.1])
          : random.weighted([1, 2], [0.9, 0.1]);
    const collision = type !== "Theft/Comprehensive";
    const injury = random.bernoulli(
      type === "Major Collision" ? 0.25 : type === "Fender-Bender" ? 0.07 : 0.01,
    );
    const attorney = random.bernoulli(injury ? 0.3 : 0.03);
    const disputed = collision && parties >= 2 && random.bernoulli(0.18);
    const totalLoss = random.bernoulli(
      type === "Major Collision" ? 0.22 : type === "Theft/Comprehensive" ? 0.3 : 0.01,
    );
    const commercial = collision && parties >= 2 && random.bernoulli(0.08);
    const daysSinceStart = (claim.date - p.start) / DAY;

    // Fraud: tabular signal (type, size, a lone party), the holder (fraudster, early claim, low
    // credit) and noise. Red-flag wording is written afterwards, far more often on fraud.
    const baseDamage = type === "Fender-Bender" ? 1800 : type === "Major Collision" ? 9000 : 5500;
    const inflate = p.fraudster ? 0.35 : 0;
    const damage = Math.round(
      Math.exp(
        Math.log(baseDamage) +
          (p.vehicle === "Sports" ? 0.3 : p.vehicle === "SUV" ? 0.12 : 0) +
          (injury ? 0.2 : 0) +
          (totalLoss ? 0.6 : 0) +
          inflate +
          0.55 * random.normal(),
      ),
    );
    const fraudLogit =
      -4.3 +
      (type === "Theft/Comprehensive" ? 1.3 : 0) +
      (collision && parties === 1 ? 0.8 : 0) +
      0.9 * Math.log(damage / baseDamage) +
      2.3 * (p.fraudster ? 1 : 0) +
      (daysSinceStart < 60 ? 1.8 : 0) -
      2.0 * (p.credit - 0.65) +
      0.5 * noise.normal();
    const fraud = noise.bernoulli(sigmoid(fraudLogit)) ? 1 : 0;

    // Complexity: a latent score from the claim and the facts only the text reports.
    const score =
      (type === "Major Collision" ? 0.4 : type === "Theft/Comprehensive" ? 0.3 : 0) +
      0.45 * Math.log(damage / 3000) +
      0.3 * (parties - 1) +
      1.9 * (injury ? 1 : 0) +
      1.4 * (attorney ? 1 : 0) +
      1.4 * (disputed ? 1 : 0) +
      0.9 * (totalLoss ? 1 : 0) +
      1.0 * (commercial ? 1 : 0) +
      0.4 * noise.normal();
    const complexity = score < 0.7 ? COMPLEXITY[0] : score < 1.8 ? COMPLEXITY[1] : COMPLEXITY[2];
    const description = describeClaim(random, {
      type,
      collision,
      injury,
      attorney,
      disputed,
      totalLoss,
      commercial,
      fraud,
    });

    claim.complexity = complexity;
    claim.fraud = fraud;
    claim.row = [p.id, isoDate(claim.date), type, damage, parties, description];
  }

  claims.forEach((claim, i) => {
    claim.row.unshift(`CLM-${String(i + 1).padStart(6, "0")}`);
  });
  const claimSplit = Math.floor(claims.length * 0.7);
  return { train: claims.slice(0, claimSplit), test: claims.slice(claimSplit) };
}
