export const INSURANCE = ["private", "public", "self_pay"] as const;
export const WEEKDAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"] as const;
export const WEEKDAY_WEIGHTS = [17, 17, 17, 17, 19, 8, 5];

/** Primary diagnosis of an admission: prevalence, P(emergent), typical stay, readmission effect. */
export const DIAGNOSES = {
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
export type Diagnosis = keyof typeof DIAGNOSES;
export const DX_NAMES = Object.keys(DIAGNOSES) as Diagnosis[];

export const COURSE: Record<Diagnosis, readonly string[]> = {
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
export const CHRONIC = {
  none: { weight: 28, rate: 0, cost: 0.85 },
  hypertension: { weight: 18, rate: 0.05, cost: 1 },
  diabetes: { weight: 15, rate: 0.2, cost: 1.1 },
  asthma: { weight: 10, rate: 0.3, cost: 0.8 },
  copd: { weight: 9, rate: 0.4, cost: 1.2 },
  chf: { weight: 8, rate: 0.45, cost: 1.45 },
  ckd: { weight: 8, rate: 0.35, cost: 1.3 },
  sickle_cell: { weight: 4, rate: 0.9, cost: 1.5 },
} as const;
export type Chronic = keyof typeof CHRONIC;
export const CHRONIC_NAMES = Object.keys(CHRONIC) as Chronic[];

export const UNITS = ["medical", "surgical", "icu", "step_down", "neuro"] as const;
export type Unit = (typeof UNITS)[number];
export const UNIT_SEVERITY: Record<Unit, number> = {
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
export const REASONS = {
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
export type Reason = keyof typeof REASONS;
export const REASON_NAMES = Object.keys(REASONS) as Reason[];

export const NURSING = [
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
