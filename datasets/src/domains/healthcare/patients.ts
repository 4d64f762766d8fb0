import { clamp, padId } from "../../numbers";
import type { Random } from "../../random";
import { CHRONIC, CHRONIC_NAMES, type Chronic, INSURANCE } from "./catalogue";

export interface Patient {
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

/** Patients. Zip3 areas differ in deprivation, which raises ED use and readmission. */
export function makePatients(random: Random, patientCount: number) {
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
  return { patients, deprivation };
}
