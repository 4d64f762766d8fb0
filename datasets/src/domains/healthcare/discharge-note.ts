import type { Random } from "../../random";
import { COURSE, DIAGNOSES, type Diagnosis } from "./catalogue";
import type { Patient } from "./patients";

export interface NoteFacts {
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
export function dischargeNote(random: Random, facts: NoteFacts): string {
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
