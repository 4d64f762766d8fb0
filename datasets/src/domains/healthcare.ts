import { findDomain } from "@tandem/competition";
import { toCsv } from "../csv-writer";
import { describeDomain } from "../description";
import { baselineNotebook } from "../notebook";
import { type DomainStreams, padId, type Random, round, sigmoid } from "../random";
import type { DomainFiles } from "../types";

const healthcare = findDomain("healthcare")!;

const INSURANCE = ["private", "public", "self_pay"] as const;
const WEEKDAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"] as const;
const WEEKDAY_WEIGHTS = [17, 17, 17, 17, 19, 8, 5];

/** Primary diagnosis of an admission: prevalence, P(emergent), typical stay, readmission effect. */
const DIAGNOSES = {
  heart_failure: { weight: 14, emergent: 0.8, los: 5, readmit: 0.55, label: "heart failure" },
  copd: { weight: 10, emergent: 0.75, los: 4.5, readmit: 0.45, label: "a COPD exacerbation" },
  pneumonia: {
    weight: 13,
    emergent: 0.8,
    los: 5,
    readmit: 0.1,
    label: "community-acquired pneumonia",
  },
  sepsis: { weight: 9, emergent: 0.95, los: 7, readmit: 0.3, label: "sepsis" },
  diabetes: { weight: 8, emergent: 0.45, los: 3.5, readmit: 0.2, label: "uncontrolled diabetes" },
  stroke: { weight: 7, emergent: 0.95, los: 6, readmit: 0.05, label: "an ischemic stroke" },
  hip_fracture: { weight: 7, emergent: 0.85, los: 6, readmit: -0.1, label: "a hip fracture" },
  chest_pain: { weight: 13, emergent: 0.9, los: 2, readmit: -0.7, label: "chest pain" },
  ckd: { weight: 8, emergent: 0.4, los: 4.5, readmit: 0.4, label: "worsening kidney function" },
  cellulitis: { weight: 11, emergent: 0.6, los: 3.5, readmit: -0.35, label: "cellulitis" },
} as const;
type Diagnosis = keyof typeof DIAGNOSES;
const DX_NAMES = Object.keys(DIAGNOSES) as Diagnosis[];

const COURSE: Record<Diagnosis, readonly string[]> = {
  heart_failure: [
    "Diuresed with IV furosemide, net negative 4 L.",
    "Treated with IV diuretics; weight down 3 kg.",
  ],
  copd: [
    "Treated with nebulized bronchodilators and a prednisone burst.",
    "Required BiPAP overnight, then weaned to room air.",
  ],
  pneumonia: [
    "Treated with IV ceftriaxone and azithromycin, transitioned to oral antibiotics.",
    "Chest X-ray showed right lower lobe consolidation; improved on antibiotics.",
  ],
  sepsis: [
    "Blood cultures positive; treated with IV fluids and broad-spectrum antibiotics.",
    "Source identified as urinary; lactate normalized after fluids.",
  ],
  diabetes: [
    "Insulin drip, then transitioned to basal-bolus insulin.",
    "Glucose controlled after insulin titration; diabetes education given.",
  ],
  stroke: [
    "MRI confirmed a small left MCA infarct; started on antiplatelet therapy.",
    "Neurology consulted; deficits improving at discharge.",
  ],
  hip_fracture: [
    "Underwent hip repair on day 2; seen by physical therapy.",
    "Surgical fixation without complication; weight bearing as tolerated.",
  ],
  chest_pain: [
    "Troponins negative x3; stress test without ischemia.",
    "ACS ruled out; likely musculoskeletal.",
  ],
  ckd: [
    "Creatinine improved with IV fluids and holding nephrotoxic medications.",
    "Nephrology consulted; electrolytes corrected.",
  ],
  cellulitis: [
    "Treated with IV cefazolin, erythema receding.",
    "Improved on IV antibiotics, switched to oral cephalexin.",
  ],
};

/** Chronic condition driving ED use: prevalence, ED rate effect (log), cost per visit multiplier. */
const CHRONIC = {
  none: { weight: 28, rate: 0, cost: 0.85 },
  hypertension: { weight: 18, rate: 0.05, cost: 1 },
  diabetes: { weight: 15, rate: 0.2, cost: 1.1 },
  asthma: { weight: 10, rate: 0.3, cost: 0.8 },
  copd: { weight: 9, rate: 0.4, cost: 1.2 },
  chf: { weight: 8, rate: 0.45, cost: 1.45 },
  ckd: { weight: 8, rate: 0.35, cost: 1.3 },
  sickle_cell: { weight: 4, rate: 0.9, cost: 1.5 },
} as const;
type Chronic = keyof typeof CHRONIC;
const CHRONIC_NAMES = Object.keys(CHRONIC) as Chronic[];

const UNITS = ["medical", "surgical", "icu", "step_down", "neuro"] as const;
type Unit = (typeof UNITS)[number];
const UNIT_SEVERITY: Record<Unit, number> = {
  medical: 0,
  surgical: 0,
  icu: 1.3,
  step_down: 0.5,
  neuro: 0.2,
};

/**
 * Reason for an inpatient stay: prevalence, unit weights (in UNITS order), severity at
 * admission, log recovery-rate effect, whether it runs a fever.
 */
const REASONS = {
  pneumonia: { weight: 14, units: [70, 0, 10, 20, 0], severity: 1.4, rate: 0, febrile: true },
  sepsis: { weight: 10, units: [40, 0, 45, 15, 0], severity: 2.0, rate: -0.3, febrile: true },
  chf_exacerbation: {
    weight: 11,
    units: [60, 0, 10, 30, 0],
    severity: 1.5,
    rate: -0.1,
    febrile: false,
  },
  copd_exacerbation: {
    weight: 9,
    units: [70, 0, 12, 18, 0],
    severity: 1.4,
    rate: -0.05,
    febrile: false,
  },
  stroke: { weight: 8, units: [10, 0, 15, 10, 65], severity: 1.8, rate: -0.5, febrile: false },
  hip_replacement: {
    weight: 10,
    units: [0, 90, 0, 10, 0],
    severity: 1.0,
    rate: 0.45,
    febrile: false,
  },
  bowel_surgery: { weight: 8, units: [0, 75, 10, 15, 0], severity: 1.6, rate: 0, febrile: false },
  gi_bleed: { weight: 9, units: [50, 0, 25, 25, 0], severity: 1.3, rate: 0.25, febrile: false },
  pancreatitis: { weight: 7, units: [70, 5, 15, 10, 0], severity: 1.5, rate: -0.05, febrile: true },
  trauma: { weight: 6, units: [0, 55, 30, 10, 5], severity: 1.9, rate: -0.3, febrile: false },
  uti: { weight: 8, units: [90, 0, 0, 10, 0], severity: 0.9, rate: 0.45, febrile: true },
} as const;
type Reason = keyof typeof REASONS;
const REASON_NAMES = Object.keys(REASONS) as Reason[];

const NURSING = [
  [
    "Bed rest, on supplemental oxygen.",
    "Drowsy, IV fluids running, strict intake and output.",
    "Requiring close monitoring; pain poorly controlled.",
  ],
  [
    "Out of bed to chair with assistance.",
    "Tolerating clear liquids; weaning oxygen.",
    "Pain improving on IV medication.",
  ],
  [
    "Ambulating with walker, tolerating diet.",
    "On room air; pain controlled on oral medication.",
    "Up with physical therapy twice today.",
  ],
  [
    "Ambulating independently in hallway.",
    "Vitals stable, no complaints overnight.",
    "Eating well, asking about going home.",
  ],
] as const;

interface Patient {
  id: string;
  age: number;
  sex: "F" | "M";
  insurance: (typeof INSURANCE)[number];
  zip3: number;
  /** Persistent frailty (higher: sicker), felt in every challenge. */
  frailty: number;
  /** Persistent ED propensity: the log of the current yearly ED visit rate, before condition. */
  edPropensity: number;
  /** Log cost factor of the patient's ED visits. */
  costFactor: number;
  chronic: Chronic;
  /** Current yearly ED visit rate. */
  edRate: number;
}

/** Draws an index with probability proportional to its weight, from cumulative weights. */
function drawIndex(random: Random, cumulative: readonly number[]): number {
  const r = random.next() * cumulative[cumulative.length - 1]!;
  let lo = 0;
  let hi = cumulative.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (cumulative[mid]! > r) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

function cumulativeOf(weights: readonly number[]): number[] {
  let sum = 0;
  return weights.map((w) => (sum += w));
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

const charlsonBand = (index: number) =>
  index === 0 ? "0" : index <= 2 ? "1-2" : index <= 4 ? "3-4" : "5+";

/**
 * Healthcare: patients, admissions with discharge notes (challenge 1, 30-day readmission),
 * ED cost over the next 3 years (challenge 2) and inpatient stays with a 10-day vitals series
 * (challenge 3, discharge readiness by day 11). The generating process is in
 * datasets/docs/healthcare.md.
 */
export function generateHealthcare({ random, noise }: DomainStreams, scale: number): DomainFiles {
  const patientCount = Math.max(400, Math.round(8000 * scale));
  const admissionCount = Math.max(300, Math.round(7000 * scale));
  const edCount = Math.min(Math.floor(patientCount * 0.7), Math.max(250, Math.round(5500 * scale)));
  const stayCount = Math.max(250, Math.round(4000 * scale));

  // Patients. Zip3 areas differ in deprivation, which raises ED use and readmission.
  const zipCodes: number[] = [];
  while (zipCodes.length < 40) {
    const zip = random.int(100, 999);
    if (!zipCodes.includes(zip)) zipCodes.push(zip);
  }
  zipCodes.sort((a, b) => a - b);
  const deprivation = new Map(zipCodes.map((zip) => [zip, random.normal()]));
  const patients: Patient[] = [];
  for (let i = 1; i <= patientCount; i++) {
    const age = clamp(Math.round(60 + 17 * random.normal()), 18, 98);
    const insurance =
      age >= 65
        ? random.weighted(INSURANCE, [18, 80, 2])
        : random.weighted(INSURANCE, [58, 29, 13]);
    const zip3 = random.pick(zipCodes);
    const frailty = 0.85 * random.normal() + 0.02 * (age - 60);
    const edPropensity =
      0.45 * frailty +
      0.35 * deprivation.get(zip3)! +
      (insurance === "self_pay" ? 0.45 : insurance === "public" ? 0.25 : 0) -
      0.006 * (age - 60) +
      0.55 * random.normal();
    const chronic = random.weighted(
      CHRONIC_NAMES,
      CHRONIC_NAMES.map((c) =>
        c === "none"
          ? CHRONIC[c].weight * Math.exp(-0.5 * frailty)
          : c === "asthma" || c === "sickle_cell"
            ? CHRONIC[c].weight * (age < 50 ? 2 : 0.6)
            : CHRONIC[c].weight * Math.exp(0.3 * frailty),
      ),
    );
    patients.push({
      id: padId("P", i, 6),
      age,
      sex: random.bernoulli(0.52) ? "F" : "M",
      insurance,
      zip3,
      frailty,
      edPropensity,
      costFactor: 0.3 * random.normal(),
      chronic,
      edRate: Math.exp(-0.75 + edPropensity + CHRONIC[chronic].rate),
    });
  }
  const patientRows = patients.map((p) => [p.id, p.age, p.sex, p.insurance, p.zip3]);

  // Challenge 1: admissions. Frail patients are admitted more often.
  const admissionWeights = cumulativeOf(patients.map((p) => Math.exp(0.6 * p.frailty)));
  const dxWeights = cumulativeOf(DX_NAMES.map((dx) => DIAGNOSES[dx].weight));
  const admissionHeader = [
    "admission_id",
    "patient_id",
    "primary_dx",
    "los_days",
    "acuity_emergent",
    "charlson_band",
    "ed_visits_6m",
    "discharge_weekday",
  ];
  const admissionRows: (string | number)[][] = [];
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
    admissionRows.push([id, p.id, dx, los, emergent, charlsonBand(charlson), edVisits, weekday]);
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
  const admissionTrainCount = Math.round(admissionCount * (5 / 7));
  const admissionTest = admissionRows.slice(admissionTrainCount);

  // Challenge 2: ED cost over the next 3 years for a subset of patients (train and test
  // disjoint). The rate drifts: the last 5 years reflect an older rate than the next 3.
  const edPatients = random.shuffle(patients.slice()).slice(0, edCount);
  const admissionsOf = new Map<string, number>();
  for (const row of admissionRows)
    admissionsOf.set(row[1] as string, (admissionsOf.get(row[1] as string) ?? 0) + 1);
  const edRows: (string | number)[][] = [];
  const edCost: number[] = [];
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
    edRows.push([p.id, p.chronic, priorVisits, priorCost.toFixed(2)]);
    edCost.push(round(futureCost));
  }
  const edTrainCount = Math.round(edCount * (4000 / 5500));
  const edHeader = ["patient_id", "primary_chronic", "prior_ed_visits_5y", "prior_ed_cost_5y_usd"];
  const edTest = edRows.slice(edTrainCount);
  const edTrainMean =
    edCost.slice(0, edTrainCount).reduce((a, b) => a + b, 0) / Math.max(1, edTrainCount);

  // Challenge 3: inpatient stays with a 10-day vitals series.
  const stayWeights = cumulativeOf(patients.map((p) => Math.exp(0.4 * p.frailty)));
  const reasonWeights = cumulativeOf(REASON_NAMES.map((r) => REASONS[r].weight));
  const stayHeader = ["stay_id", "patient_id", "unit_type", "admission_reason"];
  const stayRows: string[][] = [];
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
    stayRows.push([id, p.id, unit, reason]);
    vitals.push({ stay_id: id, days });
  }
  const stayTrainCount = Math.round(stayCount * 0.75);
  const stayTest = stayRows.slice(stayTrainCount);
  const majority = (labels: number[]) =>
    labels.reduce((a, b) => a + b, 0) * 2 > labels.length ? 1 : 0;

  const files: Record<string, string> = {
    "patients.csv": toCsv(["patient_id", "age", "sex", "insurance", "zip3"], patientRows),
    "admissions_train.csv": toCsv(
      [...admissionHeader, "readmit_30d"],
      admissionRows.slice(0, admissionTrainCount).map((row, i) => [...row, readmit[i]!]),
    ),
    "admissions_test.csv": toCsv(admissionHeader, admissionTest),
    "discharge_notes.json": `${JSON.stringify(notes)}\n`,
    "ed_cost_train.csv": toCsv(
      [...edHeader, "ed_cost_next3y_usd"],
      edRows.slice(0, edTrainCount).map((row, i) => [...row, edCost[i]!.toFixed(2)]),
    ),
    "ed_cost_test.csv": toCsv(edHeader, edTest),
    "stays_train.csv": toCsv(
      [...stayHeader, "discharge_ready_day11"],
      stayRows.slice(0, stayTrainCount).map((row, i) => [...row, ready[i]!]),
    ),
    "stays_test.csv": toCsv(stayHeader, stayTest),
    "vitals_timeseries.json": `${JSON.stringify(vitals)}\n`,
    "sample_submission_c1.csv": toCsv(
      ["admission_id", "readmit_30d"],
      admissionTest.map((row) => [row[0]!, majority(readmit.slice(0, admissionTrainCount))]),
    ),
    "sample_submission_c2.csv": toCsv(
      ["patient_id", "ed_cost_next3y_usd"],
      edTest.map((row) => [row[0]!, edTrainMean.toFixed(2)]),
    ),
    "sample_submission_c3.csv": toCsv(
      ["stay_id", "discharge_ready_day11"],
      stayTest.map((row) => [row[0]!, majority(ready.slice(0, stayTrainCount))]),
    ),
    "description.md": describeDomain(healthcare),
    ...baselines(),
  };

  return {
    slug: "healthcare",
    files,
    answers: {
      "healthcare/1": {
        csv: toCsv(
          ["admission_id", "readmit_30d"],
          admissionTest.map((row, i) => [row[0]!, readmit[admissionTrainCount + i]!]),
        ),
        rowCount: admissionTest.length,
      },
      "healthcare/2": {
        csv: toCsv(
          ["patient_id", "ed_cost_next3y_usd"],
          edTest.map((row, i) => [row[0]!, edCost[edTrainCount + i]!.toFixed(2)]),
        ),
        rowCount: edTest.length,
      },
      "healthcare/3": {
        csv: toCsv(
          ["stay_id", "discharge_ready_day11"],
          stayTest.map((row, i) => [row[0]!, ready[stayTrainCount + i]!]),
        ),
        rowCount: stayTest.length,
      },
    },
  };
}

interface NoteFacts {
  p: Patient;
  dx: Diagnosis;
  emergent: number;
  los: number;
  livesAlone: boolean;
  followUp: boolean;
  adherence: boolean;
  medications: number;
  limitedMobility: boolean;
}

/** A short discharge summary; each hidden factor is stated in one of a few phrasings, or omitted. */
function dischargeNote(random: Random, facts: NoteFacts): string {
  const { p, dx } = facts;
  const person = p.sex === "F" ? "woman" : "man";
  const sentences = [
    `${p.age}-year-old ${person} admitted ${facts.emergent ? "through the ED" : "electively"} with ${DIAGNOSES[dx].label}.`,
    random.pick(COURSE[dx]),
  ];
  const optional: string[] = [];
  if (random.bernoulli(0.88)) {
    optional.push(
      facts.livesAlone
        ? random.pick([
            "Lives alone.",
            "Lives alone; neighbor checks in occasionally.",
            "Widowed, lives alone in a second-floor apartment.",
          ])
        : random.pick([
            "Lives with spouse.",
            "Lives with daughter who will help at home.",
            "Lives with family, good support.",
          ]),
    );
  }
  if (random.bernoulli(0.9)) {
    optional.push(
      facts.followUp
        ? random.pick([
            "Follow-up with PCP scheduled within 7 days.",
            "Clinic appointment booked for next week.",
            "Follow-up arranged with PCP and specialty clinic.",
          ])
        : random.pick([
            "Patient to call PCP to arrange follow-up.",
            "No follow-up appointment confirmed at discharge.",
            "Unable to reach clinic; follow-up pending.",
          ]),
    );
  }
  if (facts.adherence && random.bernoulli(0.85)) {
    optional.push(
      random.pick([
        "History of missed doses; adherence counseling provided.",
        "Reports difficulty affording medications.",
        "Did not take home medications for two weeks before admission.",
      ]),
    );
  }
  optional.push(`Discharged on ${facts.medications} medications.`);
  if (facts.limitedMobility && random.bernoulli(0.85)) {
    optional.push(
      random.pick([
        "Requires walker; home physical therapy referral placed.",
        "Ambulates short distances with assistance.",
        "Deconditioned, fall risk.",
      ]),
    );
  } else if (!facts.limitedMobility && random.bernoulli(0.5)) {
    optional.push("Ambulating independently at discharge.");
  }
  return [...sentences, ...random.shuffle(optional)].join(" ");
}

function baselines(): Record<string, string> {
  const common = { domainName: healthcare.name, folder: healthcare.folder };
  return {
    "Challenge1_baseline.ipynb": baselineNotebook({
      ...common,
      number: 1,
      title: "30-Day Readmission Prediction",
      metricName: "Macro-F1",
      approach:
        "A logistic regression on the admission's tabular columns (diagnosis, length of stay, acuity, Charlson band, recent ED visits, weekday), with the cut-off tuned for F1 on the training data.",
      code: `from sklearn.linear_model import LogisticRegression
from sklearn.metrics import f1_score

train = pd.read_csv(DATA_DIR / "admissions_train.csv", dtype={"charlson_band": str})
test = pd.read_csv(DATA_DIR / "admissions_test.csv", dtype={"charlson_band": str})

def features(df):
    out = df[["los_days", "acuity_emergent", "ed_visits_6m"]].astype(float)
    categorical = df[["primary_dx", "charlson_band", "discharge_weekday"]]
    return out.join(pd.get_dummies(categorical).astype(float))

X_train = features(train)
X_test = features(test).reindex(columns=X_train.columns, fill_value=0.0)
model = LogisticRegression(max_iter=2000)
model.fit(X_train, train["readmit_30d"])

# A plain classifier rarely predicts the minority class: pick the cut-off that maximises F1.
train_prob = model.predict_proba(X_train)[:, 1]
cutoffs = np.quantile(train_prob, np.linspace(0.30, 0.98, 70))
best = max(cutoffs, key=lambda c: f1_score(train["readmit_30d"], train_prob >= c, average="macro"))
submission = pd.DataFrame({
    "admission_id": test["admission_id"],
    "readmit_30d": (model.predict_proba(X_test)[:, 1] >= best).astype(int),
})`,
    }),
    "Challenge2_baseline.ipynb": baselineNotebook({
      ...common,
      number: 2,
      title: "ED Cost Forecasting",
      metricName: "MAE",
      approach:
        "Gradient boosting with absolute-error loss (MAE rewards the median) on the chronic condition and the last five years' ED visits and cost.",
      code: `from sklearn.ensemble import GradientBoostingRegressor

train = pd.read_csv(DATA_DIR / "ed_cost_train.csv")
test = pd.read_csv(DATA_DIR / "ed_cost_test.csv")

def features(df):
    out = df[["prior_ed_visits_5y", "prior_ed_cost_5y_usd"]].astype(float)
    return out.join(pd.get_dummies(df[["primary_chronic"]]).astype(float))

X_train = features(train)
X_test = features(test).reindex(columns=X_train.columns, fill_value=0.0)
model = GradientBoostingRegressor(loss="absolute_error", n_estimators=200, max_depth=3, random_state=0)
model.fit(X_train, train["ed_cost_next3y_usd"])
submission = pd.DataFrame({
    "patient_id": test["patient_id"],
    "ed_cost_next3y_usd": np.clip(model.predict(X_test), 0, None).round(2),
})`,
    }),
    "Challenge3_baseline.ipynb": baselineNotebook({
      ...common,
      number: 3,
      title: "Discharge Readiness by Day 11",
      metricName: "Macro-F1",
      approach:
        "A logistic regression on the stay's unit type and admission reason, with the cut-off tuned for F1 on the training data.",
      code: `from sklearn.linear_model import LogisticRegression
from sklearn.metrics import f1_score

train = pd.read_csv(DATA_DIR / "stays_train.csv")
test = pd.read_csv(DATA_DIR / "stays_test.csv")

def features(df):
    return pd.get_dummies(df[["unit_type", "admission_reason"]]).astype(float)

X_train = features(train)
X_test = features(test).reindex(columns=X_train.columns, fill_value=0.0)
model = LogisticRegression(max_iter=2000)
model.fit(X_train, train["discharge_ready_day11"])

train_prob = model.predict_proba(X_train)[:, 1]
cutoffs = np.unique(np.quantile(train_prob, np.linspace(0.05, 0.95, 40)))
best = max(cutoffs, key=lambda c: f1_score(train["discharge_ready_day11"], train_prob >= c, average="macro"))
submission = pd.DataFrame({
    "stay_id": test["stay_id"],
    "discharge_ready_day11": (model.predict_proba(X_test)[:, 1] >= best).astype(int),
})`,
    }),
  };
}
