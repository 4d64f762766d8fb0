import type { DomainStreams } from "../../random";
import type { DomainFiles } from "../../types";
import { makeEdCosts } from "./ed-cost";
import { healthcareFiles } from "./files";
import { makePatients } from "./patients";
import { makeAdmissions } from "./readmission";
import { makeStays } from "./stays";

export function generateHealthcare(streams: DomainStreams, scale: number): DomainFiles {
  return healthcareFiles(drawHealthcare(streams, scale));
}

/**
 * Healthcare: patients, admissions with discharge notes (challenge 1, 30-day readmission),
 * ED cost over the next 3 years (challenge 2) and inpatient stays with a 10-day vitals series
 * (challenge 3, discharge readiness by day 11). The generating process is in
 * datasets/docs/healthcare.md. The order of the steps is the order of the draws, which fixes
 * the bytes a seed makes.
 */
export function drawHealthcare(streams: DomainStreams, scale: number) {
  const patientCount = Math.max(400, Math.round(8000 * scale));
  const admissionCount = Math.max(300, Math.round(7000 * scale));
  const edCount = Math.min(Math.floor(patientCount * 0.7), Math.max(250, Math.round(5500 * scale)));
  const stayCount = Math.max(250, Math.round(4000 * scale));

  const { patients, deprivation } = makePatients(streams.random, patientCount);
  const admissions = makeAdmissions(streams, patients, deprivation, admissionCount);
  const ed = makeEdCosts(streams, patients, admissions.rows, edCount);
  const stays = makeStays(streams, patients, stayCount);
  return { patients, admissions, ed, stays };
}
export type HealthcareDraws = ReturnType<typeof drawHealthcare>;
