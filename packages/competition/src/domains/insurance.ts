import { BINARY, defineChallenge, NUMERIC } from "../challenge";
import type { Domain } from "../types";

const CLAIMS_SAMPLE: readonly (readonly string[])[] = [
  [
    "ClaimID",
    "PolicyID",
    "ClaimDate",
    "ClaimType",
    "ReportedDamage",
    "NumParties",
    "Description",
    "ClaimComplexityLabel",
    "FraudLabel",
  ],
  [
    "CLM-000001",
    "POL-006036",
    "2022-08-15",
    "Fender-Bender",
    "2143",
    "1",
    "Insured backed into another car while leaving a parking space. Damage to the tail lights. Adjuster assigned. No injuries were reported.",
    "Simple",
    "0",
  ],
  [
    "CLM-000002",
    "POL-018230",
    "2023-12-22",
    "Theft/Comprehensive",
    "6984",
    "1",
    "A fallen tree branch landed on the parked vehicle. The insurer's appraiser expects to declare it a write-off. Some of the damage looks pre-existing. Rental car requested.",
    "Complex",
    "0",
  ],
  [
    "CLM-000003",
    "POL-019302",
    "2024-04-03",
    "Fender-Bender",
    "2623",
    "2",
    "Minor side-swipe while merging on the highway. Damage to the passenger-side door. No injuries were reported.",
    "Simple",
    "0",
  ],
];

const CLAIM_FILES = [
  "train_claims.csv",
  "test_claims.csv",
  "train_policies_subset.csv",
  "test_policies_subset.csv",
];

export const insurance: Domain = {
  slug: "insurance",
  name: "Insurance",
  folder: "Insurance",
  route: "/domains/insurance",
  color: "#1971c2",
  background: "linear-gradient(135deg, #1971c2 0%, #1a1b1e 100%)",
  overview:
    "A motor insurer prices tens of thousands of policies and handles the claims filed against them: fender-benders, major collisions, thefts and storm damage. Much of what matters sits in the adjuster's free-text notes (injuries, lawyers, disputed fault, red flags) rather than in the structured columns. Reading that text at scale while keeping an expert's judgement about risk and fraud is where people and AI working together do better than either alone.",
  dataFiles: [
    {
      name: "train_claims.csv",
      description:
        "Claims filed from 2021 to 2024 with their complexity and fraud labels (about 7% are fraud).",
      columns: {
        ClaimID: "Claim id (`CLM-000001`)",
        PolicyID:
          "The policy claimed against (`POL-000001`); not every policy is in the policy files",
        ClaimDate: "Date of the claim (`YYYY-MM-DD`)",
        ClaimType: "Fender-Bender, Major Collision or Theft/Comprehensive",
        ReportedDamage: "Damage reported at first notice, USD",
        NumParties: "Number of parties (vehicles or people) involved",
        Description: "The adjuster's free-text notes on the claim",
        ClaimComplexityLabel: "Simple, Moderate or Complex (train only)",
        FraudLabel: "1 if the claim was found fraudulent (train only)",
      },
    },
    {
      name: "test_claims.csv",
      description:
        "The claims to score for challenges 1 and 3: the same columns without ClaimComplexityLabel and FraudLabel.",
    },
    {
      name: "train_policies_subset.csv",
      description:
        "A subset of the motor policies, with the loss each policy had in the year after 2024.",
      columns: {
        PolicyID: "Policy id (`POL-000001`)",
        HolderAge: "Age of the main policy holder, years",
        VehicleType: "Sedan, SUV or Sports",
        AnnualMileage: "Declared annual mileage",
        LocationUrban: "1 if the vehicle is kept in an urban area",
        CreditScore: "Holder's credit-based insurance score, 0-1 (higher is better)",
        PolicyStart: "Date the policy was first written",
        PolicyEnd: "End of the current annual term (policies renew yearly)",
        NextYearLoss:
          "Total claim cost in the following year, USD; 0 for most policies (train only)",
      },
    },
    {
      name: "test_policies_subset.csv",
      description: "The policies to price for challenge 2: the same columns without NextYearLoss.",
    },
  ],
  challenges: [
    defineChallenge("insurance", {
      number: 1,
      title: "Claims Complexity Prediction",
      metric: "macro_f1",
      header: "ClaimID,ClaimComplexityLabel",
      target: { kind: "label", labels: ["Simple", "Moderate", "Complex"] },
      testFile: "test_claims.csv",
      taskDescription:
        "Triage incoming claims as Simple, Moderate or Complex so each goes to the right adjuster. The claim type and the reported damage give a first guess, but injuries, attorneys, disputed liability and write-offs, which make a claim complex, are usually mentioned only in the free-text description.",
      datasetDescription:
        "About 16,650 labelled claims and 7,150 test claims with type, reported damage, number of parties and the adjuster's description; the policy files add the policy holder for the claims whose policy they list.",
      files: CLAIM_FILES,
      sampleData: CLAIMS_SAMPLE,
      task: "Submit ClaimComplexityLabel (Simple, Moderate or Complex) for every ClaimID in test_claims.csv.",
    }),
    defineChallenge("insurance", {
      number: 2,
      title: "Risk-Based Pricing",
      metric: "gini",
      header: "PolicyID,NextYearLoss",
      target: NUMERIC,
      testFile: "test_policies_subset.csv",
      taskDescription:
        "Predict each policy's loss in the coming year so that premiums follow risk. Most policies have no claim at all; the score depends only on how well your predictions order the policies from riskiest to safest. Some holders are persistently riskier than their rating factors suggest, and their past claims show it.",
      datasetDescription:
        "12,000 policies with next year's loss for training and 6,000 to price: holder age, vehicle type, mileage, location, credit score and policy dates. The claims files hold every policy's claim history from 2021 to 2024.",
      files: [
        "train_policies_subset.csv",
        "test_policies_subset.csv",
        "train_claims.csv",
        "test_claims.csv",
      ],
      sampleData: [
        [
          "PolicyID",
          "HolderAge",
          "VehicleType",
          "AnnualMileage",
          "LocationUrban",
          "CreditScore",
          "PolicyStart",
          "PolicyEnd",
          "NextYearLoss",
        ],
        ["POL-000001", "31", "Sedan", "13507", "1", "0.604", "2020-12-04", "2025-12-03", "0.00"],
        ["POL-000016", "22", "SUV", "4113", "1", "0.933", "2021-12-21", "2025-12-20", "0.00"],
        ["POL-000020", "43", "SUV", "11100", "1", "0.905", "2017-07-28", "2025-07-27", "0.00"],
      ],
      task: "Submit a predicted NextYearLoss (any number; only the order matters) for every PolicyID in test_policies_subset.csv.",
    }),
    defineChallenge("insurance", {
      number: 3,
      title: "Fraud Detection",
      metric: "macro_f1",
      header: "ClaimID,FraudLabel",
      target: BINARY,
      testFile: "test_claims.csv",
      taskDescription:
        "Flag the fraudulent claims. Thefts, inflated damage and single-vehicle accidents are riskier, but the strongest evidence is in what the adjuster wrote down and in who is claiming: a policy that claims often, or soon after it was written.",
      datasetDescription:
        "The same claims as challenge 1 with FraudLabel in training (about 7% positive); join the policy files on PolicyID for the holder and policy dates.",
      files: CLAIM_FILES,
      sampleData: CLAIMS_SAMPLE,
      task: "Submit FraudLabel (0 or 1) for every ClaimID in test_claims.csv.",
    }),
  ],
};
