import { clamp, padId, sigmoid } from "../../numbers";
import { cumulativeSums, type DomainStreams, drawIndex } from "../../random";
import type { Row } from "../../rows";
import { DIAGNOSES, DX_NAMES, WEEKDAY_WEIGHTS, WEEKDAYS } from "./catalogue";
import { dischargeNote } from "./discharge-note";
import type { Patient } from "./patients";

const charlsonBand = (index: number) =>
  index === 0 ? "0" : index <= 2 ? "1-2" : index <= 4 ? "3-4" : "5+";

/**
 * Admissions with their discharge notes and 30-day readmission (challenge 1). Frail patients
 * are admitted more often. The first five sevenths train.
 */
export function makeAdmissions(
  { random, noise }: DomainStreams,
  patients: Patient[],
  deprivation: Map<number, number>,
  admissionCount: number,
) {
  const admissionWeights = cumulativeSums(patients.map((p) => Math.exp(0.6 * p.frailty)));
  const dxWeights = cumulativeSums(DX_NAMES.map((dx) => DIAGNOSES[dx].weight));
  const rows: Row[] = [];
  const readmit: number[] = [];
  const notes: { admission_id: string; note: string }[] = [];
  for (let i = 1; i <= admissionCount; i++) {
    const p = patients[drawIndex(random, admissionWeights)]!;
    const dx = DX_NAMES[drawIndex(random, dxWeights)]!;
    const info = DIAGNOSES[dx];
    const emergent = random.bernoulli(info.emergent) ? 1 : 0;
    const charlson = Math.max(
      0,
      Math.round(1.6 + 1.2 * p.frailty + 0.025 * (p.age - 60) + 0.9 * random.normal()),
    );
    const edVisits = random.poisson(0.5 * p.edRate + 0.3 * emergent);
    const los = clamp(
      Math.round(info.los * Math.exp(0.4 * random.normal() + 0.12 * p.frailty)),
      1,
      30,
    );
    const weekday = random.weighted(WEEKDAYS, WEEKDAY_WEIGHTS);
    // Hidden in the discharge note: social and discharge-process factors.
    const livesAlone = random.bernoulli(p.age >= 75 ? 0.4 : 0.22);
    const followUp = random.bernoulli(p.insurance === "private" ? 0.72 : 0.55);
    const adherence = random.bernoulli(p.insurance === "self_pay" ? 0.35 : 0.16);
    const medications = random.poisson(4 + 1.3 * Math.min(charlson, 6));
    const limitedMobility = random.bernoulli(
      sigmoid(-1.6 + 0.8 * p.frailty + 0.04 * (p.age - 70) + (dx === "hip_fracture" ? 1.5 : 0)),
    );
    const logit =
      -4.0 +
      info.readmit +
      0.35 * emergent +
      0.18 * Math.min(charlson, 6) +
      0.2 * Math.min(edVisits, 5) +
      0.04 * (los - 4) +
      (weekday === "Fri" || weekday === "Sat" || weekday === "Sun" ? 0.25 : 0) +
      0.3 * p.frailty +
      0.15 * deprivation.get(p.zip3)! +
      (livesAlone ? 0.85 : 0) +
      (followUp ? 0 : 1.15) +
      (adherence ? 1.0 : 0) +
      0.06 * (medications - 8) +
      (limitedMobility ? 0.55 : 0) +
      0.45 * noise.normal();
    // The label's own noise and draw come from the answers' stream.
    readmit.push(noise.bernoulli(sigmoid(logit)) ? 1 : 0);
    const id = padId("ADM", i, 6);
    rows.push([id, p.id, dx, los, emergent, charlsonBand(charlson), edVisits, weekday]);
    notes.push({
      admission_id: id,
      note: dischargeNote(random, {
        p,
        dx,
        emergent,
        los,
        livesAlone,
        followUp,
        adherence,
        medications,
        limitedMobility,
      }),
    });
  }
  const trainCount = Math.round(admissionCount * (5 / 7));
  return { rows, readmit, notes, trainCount };
}
