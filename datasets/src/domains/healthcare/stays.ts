import { padId, round, sigmoid } from "../../numbers";
import { cumulativeSums, type DomainStreams, drawIndex } from "../../random";
import { NURSING, REASON_NAMES, REASONS, UNIT_SEVERITY, UNITS } from "./catalogue";
import type { Patient } from "./patients";

/**
 * Inpatient stays with a 10-day vitals series and whether the patient is ready for discharge
 * by day 11 (challenge 3). The first three quarters train.
 */
export function makeStays(
  { random, noise }: DomainStreams,
  patients: Patient[],
  stayCount: number,
) {
  const stayWeights = cumulativeSums(patients.map((p) => Math.exp(0.4 * p.frailty)));
  const reasonWeights = cumulativeSums(REASON_NAMES.map((r) => REASONS[r].weight));
  const rows: string[][] = [];
  const ready: number[] = [];
  const vitals: { stay_id: string; days: Record<string, string | number>[] }[] = [];
  for (let i = 1; i <= stayCount; i++) {
    const p = patients[drawIndex(random, stayWeights)]!;
    const reason = REASON_NAMES[drawIndex(random, reasonWeights)]!;
    const info = REASONS[reason];
    const unit = random.weighted(UNITS, info.units);
    const severity = Math.max(
      0.2,
      info.severity + UNIT_SEVERITY[unit] + 0.2 * p.frailty + 0.35 * random.normal(),
    );
    const rate = Math.exp(
      Math.log(0.24) + info.rate - 0.01 * (p.age - 65) - 0.12 * p.frailty + 0.3 * random.normal(),
    );
    // A hospital-acquired complication sets recovery back from a day between 3 and 9.
    const setbackDay = random.bernoulli(0.14) ? random.int(3, 9) : 0;
    const setback = setbackDay ? 0.6 + 0.5 * random.next() : 0;
    // Waiting for a nursing-home bed: known to case management from some day on.
    const placementDay = random.bernoulli(p.age >= 80 ? 0.2 : 0.07) ? random.int(4, 9) : 0;
    const state = (day: number) =>
      severity * Math.exp(-rate * (day - 1)) +
      (setbackDay && day >= setbackDay ? setback * Math.exp(-0.25 * (day - setbackDay)) : 0);
    let drift = 0;
    const days: Record<string, string | number>[] = [];
    for (let day = 1; day <= 10; day++) {
      drift = 0.6 * drift + 0.1 * random.normal();
      const s = Math.max(0, state(day) + drift);
      const fever = info.febrile || (setbackDay > 0 && day >= setbackDay) ? 1 : 0.35;
      let note: string;
      if (setbackDay === day) {
        note = random.pick([
          "New fever overnight, cultures sent.",
          "Rapid response called for hypotension; fluids given.",
          "New oxygen requirement; chest X-ray ordered.",
        ]);
      } else if (placementDay && day >= placementDay && random.bernoulli(0.75)) {
        note = random.pick([
          "Case management: awaiting skilled nursing facility bed.",
          "Family meeting held; placement search ongoing.",
          "Medically stable per team; no safe discharge plan yet.",
        ]);
      } else {
        const level = s + 0.2 * random.normal();
        const bucket = level > 1.3 ? 0 : level > 0.75 ? 1 : level > 0.35 ? 2 : 3;
        note = random.pick(NURSING[bucket]!);
      }
      const hr = Math.round(74 + 20 * s + 6 * random.normal());
      const shock = reason === "sepsis" || reason === "gi_bleed" ? 12 : 5;
      const sbp = Math.max(75, Math.round(127 - shock * s + 9 * random.normal()));
      days.push({
        day,
        hr,
        sbp,
        dbp: Math.min(
          sbp - 20,
          Math.max(40, Math.round(0.5 * sbp + 14 - 2 * s + 5 * random.normal())),
        ),
        temp_c: round(36.8 + 0.8 * fever * s + 0.25 * random.normal(), 1),
        rr: Math.round(15 + 4.5 * s + 1.5 * random.normal()),
        note,
      });
    }
    const day11 = state(11) + 0.6 * drift;
    const logit =
      3.2 * (0.42 - day11) - (placementDay ? 2.6 : 0) - 0.01 * (p.age - 65) + 0.5 * noise.normal();
    // As for readmission: the label's noise and draw come from the answers' stream.
    ready.push(noise.bernoulli(sigmoid(logit)) ? 1 : 0);
    const id = padId("ST", i, 6);
    rows.push([id, p.id, unit, reason]);
    vitals.push({ stay_id: id, days });
  }
  const trainCount = Math.round(stayCount * 0.75);
  return { rows, ready, vitals, trainCount };
}
