import { clamp, round, sigmoid } from "../../numbers";
import type { DomainStreams } from "../../random";
import { trainTestSplit } from "../../rows";
import type { Customer } from "./customers";

/**
 * The weekly credit panel (challenge 2): utilisation and payment behaviour drift around each
 * customer's level; default risk is a persistent customer effect plus this week's behaviour.
 * Weeks 1-39 train, 40-52 test.
 */
export function makeCreditPanel({ random, noise }: DomainStreams, customers: Customer[]) {
  const rows = trainTestSplit();
  for (const c of customers) {
    let util = clamp(0.35 + 0.2 * random.normal() + 0.1 * c.risk, 0, 1.2);
    let pay = clamp(0.7 + 0.2 * random.normal() - 0.08 * c.risk, 0, 1);
    for (let week = 1; week <= 52; week++) {
      util = clamp(util + 0.04 * random.normal(), 0, 1.2);
      pay = clamp(pay + 0.05 * random.normal(), 0, 1);
      const inquiries = random.poisson(0.15 + 0.1 * Math.max(0, c.risk));
      const logit =
        -4.4 +
        3.2 * (util - 0.5) -
        2.6 * (pay - 0.6) +
        0.45 * inquiries -
        0.006 * (c.creditScore - 680) -
        0.4 * Math.log(c.salary / 55_000) +
        1.1 * c.risk +
        0.3 * noise.normal();
      // As for fraud: the label's noise and draw come from the answers' stream.
      const label = noise.bernoulli(sigmoid(logit)) ? 1 : 0;
      const row = [c.id, week, round(util, 3), round(pay, 3), inquiries];
      rows.add(row, label, week <= 39);
    }
  }
  return rows;
}
