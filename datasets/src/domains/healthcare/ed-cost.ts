import { round } from "../../numbers";
import type { DomainStreams, Random } from "../../random";
import type { Row } from "../../rows";
import { CHRONIC } from "./catalogue";
import type { Patient } from "./patients";

/**
 * ED cost over the next 3 years (challenge 2) for a subset of patients, train and test
 * disjoint. The rate drifts: the last 5 years reflect an older rate than the next 3.
 */
export function makeEdCosts(
  { random, noise }: DomainStreams,
  patients: Patient[],
  admissionRows: Row[],
  edCount: number,
) {
  const edPatients = random.shuffle(patients.slice()).slice(0, edCount);
  const admissionsOf = new Map<string, number>();
  for (const row of admissionRows)
    admissionsOf.set(row[1] as string, (admissionsOf.get(row[1] as string) ?? 0) + 1);
  const rows: Row[] = [];
  const costs: number[] = [];
  const visitCost = (p: Patient, stream: Random) =>
    1150 * CHRONIC[p.chronic].cost * Math.exp(p.costFactor + 0.55 * stream.normal());
  for (const p of edPatients) {
    // Older patients' ED use has been rising: their past rate was lower than today's.
    const priorRate = p.edRate * Math.exp(-0.012 * (p.age - 55) + 0.5 * random.normal());
    const priorVisits = random.poisson(5 * priorRate);
    let priorCost = 0;
    for (let v = 0; v < priorVisits; v++) priorCost += visitCost(p, random);
    // Recent hospital admissions raise the coming years' ED use. The future visits and their
    // costs are the target's own noise, so drawn from the answers' stream.
    const futureRate = p.edRate * Math.exp(0.2 * Math.min(admissionsOf.get(p.id) ?? 0, 3));
    const futureVisits = noise.poisson(3 * futureRate);
    let futureCost = 0;
    for (let v = 0; v < futureVisits; v++) futureCost += 1.12 * visitCost(p, noise);
    rows.push([p.id, p.chronic, priorVisits, priorCost.toFixed(2)]);
    costs.push(round(futureCost));
  }
  const trainCount = Math.round(edCount * (4000 / 5500));
  return { rows, costs, trainCount };
}
