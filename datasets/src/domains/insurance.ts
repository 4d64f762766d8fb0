import { findDomain } from "@tandem/competition";
import { toCsv } from "../csv-writer";
import { describeDomain } from "../description";
import { baselineNotebook } from "../notebook";
import { type DomainStreams, round, sigmoid } from "../random";
import type { DomainFiles } from "../types";

const insurance = findDomain("insurance")!;
const DAY = 86_400_000;
/** Claims are observed from here to HISTORY_END; NextYearLoss is the loss of the year after. */
const HISTORY_START = Date.UTC(2021, 0, 1);
const HISTORY_END = Date.UTC(2025, 0, 1);
const EARLIEST_POLICY = Date.UTC(2015, 0, 1);
const LATEST_POLICY = Date.UTC(2024, 9, 1);

const VEHICLES = ["Sedan", "SUV", "Sports"] as const;
type Vehicle = (typeof VEHICLES)[number];
const CLAIM_TYPES = ["Fender-Bender", "Major Collision", "Theft/Comprehensive"] as const;
type ClaimType = (typeof CLAIM_TYPES)[number];
const COMPLEXITY = ["Simple", "Moderate", "Complex"] as const;

const isoDate = (time: number) => new Date(time).toISOString().slice(0, 10);

interface Policy {
  id: string;
  age: number;
  vehicle: Vehicle;
  mileage: number;
  urban: number;
  credit: number;
  start: number;
  end: number;
  /** Annual claim frequency (expected claims per year). */
  frequency: number;
  /** A small share of policies are held to make false claims. */
  fraudster: boolean;
}

/** The wording pools. Each factor has several phrasings so no single word gives it away. */
const OPENINGS: Record<ClaimType, readonly string[]> = {
  "Fender-Bender": [
    "Insured was rear-ended while stopped at a traffic light",
    "Low-speed collision in a supermarket parking lot",
    "Insured backed into another car while leaving a parking space",
    "Minor side-swipe while merging on the highway",
    "Vehicle was tapped at a four-way stop",
    "Insured clipped a parked car while turning into a narrow street",
  ],
  "Major Collision": [
    "Head-on collision on a two-lane rural road",
    "Insured vehicle was T-boned at an intersection",
    "Multi-car pile-up on the interstate in heavy rain",
    "Vehicle left the road and struck a utility pole",
    "High-speed rear-end collision on the freeway",
    "Insured ran a red light and hit a crossing vehicle",
  ],
  "Theft/Comprehensive": [
    "Vehicle was stolen from the insured's driveway overnight",
    "Hail storm damaged the roof and hood of the vehicle",
    "A fallen tree branch landed on the parked vehicle",
    "Break-in through the passenger window while parked downtown",
    "Vehicle was vandalised with scratches along both sides",
    "Flood water entered the cabin during a storm",
  ],
};
const PARTS = [
  "rear bumper",
  "front bumper",
  "driver-side door",
  "passenger-side door",
  "hood",
  "front fender",
  "tail lights",
  "windshield",
  "side mirror",
  "trunk lid",
];
const FACTORS = {
  injury: [
    "The other driver complained of neck pain and was taken to hospital.",
    "A passenger was injured and treated in the emergency room.",
    "Insured reports back injuries and is seeing a physiotherapist.",
    "Ambulance attended; one occupant was admitted overnight.",
  ],
  noInjury: ["No injuries were reported.", "Nobody was hurt.", "All occupants were unharmed."],
  attorney: [
    "The claimant has retained an attorney.",
    "A lawyer for the third party has contacted us.",
    "Legal representation is involved on the other side.",
  ],
  disputed: [
    "Liability is disputed by the other driver.",
    "Both drivers blame each other for the accident.",
    "The third party denies fault and tells a different story.",
  ],
  totalLoss: [
    "The vehicle is likely a total loss.",
    "Repair costs appear to exceed the vehicle's value.",
    "The insurer's appraiser expects to declare it a write-off.",
  ],
  commercial: [
    "The other vehicle was a commercial delivery truck.",
    "A company van was involved, insured by a fleet carrier.",
  ],
} as const;
/** Red flags an adjuster notes; far more often on false claims. */
const RED_FLAGS = [
  ["There were no witnesses to the incident.", "No independent witnesses could be found."],
  [
    "The claimant could not provide receipts for the items listed.",
    "Receipts for the listed items were not available.",
  ],
  [
    "The claimant's account of the timeline changed between calls.",
    "Details of the story were inconsistent across statements.",
  ],
  [
    "The claimant pressed for a quick cash settlement.",
    "Claimant asked repeatedly to be paid in cash as soon as possible.",
  ],
  [
    "The vehicle had been purchased only weeks before the incident.",
    "Coverage was increased shortly before the loss.",
  ],
  [
    "Photos appear to show older damage that predates the incident.",
    "Some of the damage looks pre-existing.",
  ],
] as const;
const FILLER = [
  "Adjuster assigned.",
  "Customer contacted by phone.",
  "Tow truck was required.",
  "Photos were uploaded through the mobile app.",
  "Rental car requested.",
  "Repair estimate from a partner body shop attached.",
  "Police report filed.",
  "Customer prefers email contact.",
];

/**
 * Insurance: a book of motor policies and the claims filed against them from 2021 to 2024.
 * Challenge 1 (claim complexity) and 3 (fraud) share the claims files; challenge 2 (pricing) uses
 * the policy subset files. The generating process is in datasets/docs/insurance.md.
 */
export function generateInsurance({ random, noise }: DomainStreams, scale: number): DomainFiles {
  const policyCount = Math.max(1000, Math.round(40_000 * scale));

  // The book of policies. Only a subset appears in the policy files; claims reference all of them.
  const policies: Policy[] = [];
  for (let i = 1; i <= policyCount; i++) {
    const age = Math.min(85, Math.max(18, Math.round(46 + 15 * random.normal())));
    const vehicle = random.weighted(VEHICLES, [0.55, 0.33, 0.12]);
    const mileage = Math.round(
      Math.min(60_000, Math.max(1500, Math.exp(Math.log(11_000) + 0.45 * random.normal()))),
    );
    const urban = random.bernoulli(0.55) ? 1 : 0;
    const credit = round(Math.min(0.99, Math.max(0.05, 0.65 + 0.15 * random.normal())), 3);
    const fraudster = random.bernoulli(0.04);
    // Fraudsters' policies are mostly recent.
    const start =
      EARLIEST_POLICY +
      Math.floor(
        (fraudster && random.bernoulli(0.6) ? random.uniform(0.75, 1) : random.next()) *
          ((LATEST_POLICY - EARLIEST_POLICY) / DAY),
      ) *
        DAY;
    let end = start;
    while (end <= HISTORY_END)
      end = Date.UTC(
        new Date(end).getUTCFullYear() + 1,
        new Date(start).getUTCMonth(),
        new Date(start).getUTCDate(),
      );
    const tenure = (HISTORY_END - start) / DAY / 365.25;
    const latent = 0.75 * random.normal() - 0.28;
    const frequency = Math.exp(
      Math.log(0.13) +
        (vehicle === "Sports" ? 0.45 : vehicle === "SUV" ? 0.15 : 0) +
        0.3 * urban +
        0.7 * Math.log(mileage / 11_000) -
        2.4 * (credit - 0.65) +
        (age < 25 ? 0.7 : 0) +
        (age > 72 ? 0.3 : 0) -
        0.04 * Math.min(tenure, 6) +
        latent,
    );
    policies.push({
      id: `POL-${String(i).padStart(6, "0")}`,
      age,
      vehicle,
      mileage,
      urban,
      credit,
      start,
      end: end - DAY,
      frequency,
      fraudster,
    });
  }

  // Next year's loss: Poisson(frequency) claims, each with a log-normal cost; all of it noise
  // beyond the frequency, so drawn from the answers' stream.
  const nextYearLoss = policies.map((p) => {
    const count = noise.poisson(p.frequency);
    let loss = 0;
    for (let k = 0; k < count; k++) {
      loss += Math.exp(
        Math.log(2600) +
          (p.vehicle === "Sports" ? 0.35 : p.vehicle === "SUV" ? 0.15 : 0) +
          0.8 * noise.normal(),
      );
    }
    return round(loss, 2);
  });

  // Claim history, 2021-2024: Poisson(frequency x years observed); fraudsters claim more, and
  // often soon after the policy starts.
  interface Claim {
    policy: Policy;
    date: number;
    row: (string | number)[];
    complexity: string;
    fraud: number;
  }
  const claims: Claim[] = [];
  for (const policy of policies) {
    const from = Math.max(policy.start, HISTORY_START);
    const days = Math.floor((HISTORY_END - from) / DAY);
    const count = random.poisson(policy.frequency * (days / 365.25) * (policy.fraudster ? 2.5 : 1));
    for (let k = 0; k < count; k++) {
      const early =
        policy.fraudster && k === 0 && policy.start >= HISTORY_START && random.bernoulli(0.6);
      const date = from + (early ? random.int(3, 50) : random.int(0, days - 1)) * DAY;
      claims.push({ policy, date, row: [], complexity: "", fraud: 0 });
    }
  }
  random.shuffle(claims);

  for (const claim of claims) {
    const p = claim.policy;
    const type = random.weighted(CLAIM_TYPES, [0.5, 0.25, 0.25]);
    const parties =
      type === "Fender-Bender"
        ? random.weighted([1, 2, 3], [0.25, 0.65, 0.1])
        : type === "Major Collision"
          ? random.weighted([1, 2, 3, 4], [0.2, 0.5, 0.2, 0.1])
          : random.weighted([1, 2], [0.9, 0.1]);
    const collision = type !== "Theft/Comprehensive";
    const injury = random.bernoulli(
      type === "Major Collision" ? 0.25 : type === "Fender-Bender" ? 0.07 : 0.01,
    );
    const attorney = random.bernoulli(injury ? 0.3 : 0.03);
    const disputed = collision && parties >= 2 && random.bernoulli(0.18);
    const totalLoss = random.bernoulli(
      type === "Major Collision" ? 0.22 : type === "Theft/Comprehensive" ? 0.3 : 0.01,
    );
    const commercial = collision && parties >= 2 && random.bernoulli(0.08);
    const daysSinceStart = (claim.date - p.start) / DAY;

    // Fraud: tabular signal (type, size, a lone party), the holder (fraudster, early claim, low
    // credit) and noise. Red-flag wording is written afterwards, far more often on fraud.
    const baseDamage = type === "Fender-Bender" ? 1800 : type === "Major Collision" ? 9000 : 5500;
    const inflate = p.fraudster ? 0.35 : 0;
    const damage = Math.round(
      Math.exp(
        Math.log(baseDamage) +
          (p.vehicle === "Sports" ? 0.3 : p.vehicle === "SUV" ? 0.12 : 0) +
          (injury ? 0.2 : 0) +
          (totalLoss ? 0.6 : 0) +
          inflate +
          0.55 * random.normal(),
      ),
    );
    const fraudLogit =
      -4.3 +
      (type === "Theft/Comprehensive" ? 1.3 : 0) +
      (collision && parties === 1 ? 0.8 : 0) +
      0.9 * Math.log(damage / baseDamage) +
      2.3 * (p.fraudster ? 1 : 0) +
      (daysSinceStart < 60 ? 1.8 : 0) -
      2.0 * (p.credit - 0.65) +
      0.5 * noise.normal();
    const fraud = noise.bernoulli(sigmoid(fraudLogit)) ? 1 : 0;

    // Complexity: a latent score from the claim and the facts only the text reports.
    const score =
      (type === "Major Collision" ? 0.4 : type === "Theft/Comprehensive" ? 0.3 : 0) +
      0.45 * Math.log(damage / 3000) +
      0.3 * (parties - 1) +
      1.9 * (injury ? 1 : 0) +
      1.4 * (attorney ? 1 : 0) +
      1.4 * (disputed ? 1 : 0) +
      0.9 * (totalLoss ? 1 : 0) +
      1.0 * (commercial ? 1 : 0) +
      0.4 * noise.normal();
    const complexity = score < 0.7 ? COMPLEXITY[0] : score < 1.8 ? COMPLEXITY[1] : COMPLEXITY[2];

    // The opening and the damaged part first, then the reported facts in random order.
    const head = [`${random.pick(OPENINGS[type])}.`];
    if (collision) head.push(`Damage to the ${random.pick(PARTS)}.`);
    const facts: string[] = [];
    if (injury && random.bernoulli(0.9)) facts.push(random.pick(FACTORS.injury));
    else if (!injury && collision && random.bernoulli(0.4))
      facts.push(random.pick(FACTORS.noInjury));
    if (attorney && random.bernoulli(0.85)) facts.push(random.pick(FACTORS.attorney));
    if (disputed && random.bernoulli(0.85)) facts.push(random.pick(FACTORS.disputed));
    if (totalLoss && random.bernoulli(0.85)) facts.push(random.pick(FACTORS.totalLoss));
    if (commercial && random.bernoulli(0.85)) facts.push(random.pick(FACTORS.commercial));
    for (const flag of RED_FLAGS) {
      if (random.bernoulli(fraud ? 0.3 : 0.025)) facts.push(random.pick(flag));
    }
    if (random.bernoulli(0.6)) facts.push(random.pick(FILLER));
    const description = [...head, ...random.shuffle(facts)].join(" ");

    claim.complexity = complexity;
    claim.fraud = fraud;
    claim.row = [p.id, isoDate(claim.date), type, damage, parties, description];
  }

  claims.forEach((claim, i) => {
    claim.row.unshift(`CLM-${String(i + 1).padStart(6, "0")}`);
  });
  const claimSplit = Math.floor(claims.length * 0.7);
  const trainClaims = claims.slice(0, claimSplit);
  const testClaims = claims.slice(claimSplit);
  const claimHeader = [
    "ClaimID",
    "PolicyID",
    "ClaimDate",
    "ClaimType",
    "ReportedDamage",
    "NumParties",
    "Description",
  ];

  // The policy files: a random 45% of the book, two thirds train and one third test.
  const order = random.shuffle(policies.map((_, i) => i));
  const subset = order.slice(0, Math.round(policyCount * 0.45));
  const policySplit = Math.round(subset.length * (2 / 3));
  const trainPolicies = subset.slice(0, policySplit).sort((a, b) => a - b);
  const testPolicies = subset.slice(policySplit).sort((a, b) => a - b);
  const policyHeader = [
    "PolicyID",
    "HolderAge",
    "VehicleType",
    "AnnualMileage",
    "LocationUrban",
    "CreditScore",
    "PolicyStart",
    "PolicyEnd",
  ];
  const policyRow = (i: number) => {
    const p = policies[i]!;
    return [p.id, p.age, p.vehicle, p.mileage, p.urban, p.credit, isoDate(p.start), isoDate(p.end)];
  };

  const complexityCounts = new Map<string, number>();
  for (const c of trainClaims)
    complexityCounts.set(c.complexity, (complexityCounts.get(c.complexity) ?? 0) + 1);
  const majority = [...complexityCounts.entries()].sort((a, b) => b[1] - a[1])[0]![0];
  const trainLossMean =
    trainPolicies.reduce((sum, i) => sum + nextYearLoss[i]!, 0) / trainPolicies.length;

  const files: Record<string, string> = {
    "train_claims.csv": toCsv(
      [...claimHeader, "ClaimComplexityLabel", "FraudLabel"],
      trainClaims.map((c) => [...c.row, c.complexity, c.fraud]),
    ),
    "test_claims.csv": toCsv(
      claimHeader,
      testClaims.map((c) => c.row),
    ),
    "train_policies_subset.csv": toCsv(
      [...policyHeader, "NextYearLoss"],
      trainPolicies.map((i) => [...policyRow(i), nextYearLoss[i]!.toFixed(2)]),
    ),
    "test_policies_subset.csv": toCsv(policyHeader, testPolicies.map(policyRow)),
    "sample_submission_c1.csv": toCsv(
      ["ClaimID", "ClaimComplexityLabel"],
      testClaims.map((c) => [c.row[0]!, majority]),
    ),
    "sample_submission_c2.csv": toCsv(
      ["PolicyID", "NextYearLoss"],
      testPolicies.map((i) => [policies[i]!.id, trainLossMean.toFixed(2)]),
    ),
    "sample_submission_c3.csv": toCsv(
      ["ClaimID", "FraudLabel"],
      testClaims.map((c) => [c.row[0]!, 0]),
    ),
    "description.md": describeDomain(insurance),
    "Challenge1_baseline.ipynb": baselineNotebook({
      domainName: insurance.name,
      folder: insurance.folder,
      number: 1,
      title: "Claims Complexity Prediction",
      metricName: "Macro-F1",
      approach:
        "A class-balanced logistic regression on the claim type, the reported damage and the number of parties; it ignores the free-text Description.",
      code: `from sklearn.linear_model import LogisticRegression

train = pd.read_csv(DATA_DIR / "train_claims.csv")
test = pd.read_csv(DATA_DIR / "test_claims.csv")

def features(df):
    out = pd.DataFrame({
        "log_damage": np.log1p(df["ReportedDamage"]),
        "parties": df["NumParties"],
    })
    return out.join(pd.get_dummies(df["ClaimType"], prefix="type").astype(float))

X_train = features(train)
X_test = features(test).reindex(columns=X_train.columns, fill_value=0.0)
# Balanced class weights: Macro-F1 counts the rare Complex class as much as Simple.
model = LogisticRegression(max_iter=1000, class_weight="balanced")
model.fit(X_train, train["ClaimComplexityLabel"])
submission = pd.DataFrame({
    "ClaimID": test["ClaimID"],
    "ClaimComplexityLabel": model.predict(X_test),
})`,
    }),
    "Challenge2_baseline.ipynb": baselineNotebook({
      domainName: insurance.name,
      folder: insurance.folder,
      number: 2,
      title: "Risk-Based Pricing",
      metricName: "Normalized Gini",
      approach:
        "A small gradient-boosted regression of NextYearLoss on the policy's own columns (age, vehicle, mileage, location, credit score, tenure); Gini only needs the ordering.",
      code: `from sklearn.ensemble import GradientBoostingRegressor

train = pd.read_csv(DATA_DIR / "train_policies_subset.csv")
test = pd.read_csv(DATA_DIR / "test_policies_subset.csv")

def features(df):
    out = df[["HolderAge", "AnnualMileage", "LocationUrban", "CreditScore"]].astype(float)
    out["tenure_years"] = (pd.Timestamp("2025-01-01") - pd.to_datetime(df["PolicyStart"])).dt.days / 365.25
    return out.join(pd.get_dummies(df["VehicleType"], prefix="vehicle").astype(float))

X_train = features(train)
X_test = features(test).reindex(columns=X_train.columns, fill_value=0.0)
model = GradientBoostingRegressor(n_estimators=150, max_depth=2, learning_rate=0.05, subsample=0.8, random_state=0)
model.fit(X_train, train["NextYearLoss"])
submission = pd.DataFrame({
    "PolicyID": test["PolicyID"],
    "NextYearLoss": model.predict(X_test).round(2),
})`,
    }),
    "Challenge3_baseline.ipynb": baselineNotebook({
      domainName: insurance.name,
      folder: insurance.folder,
      number: 3,
      title: "Fraud Detection",
      metricName: "Macro-F1",
      approach:
        "A logistic regression on the claim type, the reported damage and the number of parties, with the cut-off tuned for Macro-F1 on the training data.",
      code: `from sklearn.linear_model import LogisticRegression
from sklearn.metrics import f1_score

train = pd.read_csv(DATA_DIR / "train_claims.csv")
test = pd.read_csv(DATA_DIR / "test_claims.csv")

def features(df):
    out = pd.DataFrame({
        "log_damage": np.log1p(df["ReportedDamage"]),
        "parties": df["NumParties"],
        "single_party": (df["NumParties"] == 1).astype(float),
    })
    return out.join(pd.get_dummies(df["ClaimType"], prefix="type").astype(float))

X_train = features(train)
X_test = features(test).reindex(columns=X_train.columns, fill_value=0.0)
model = LogisticRegression(max_iter=1000)
model.fit(X_train, train["FraudLabel"])

# Fraud is the minority: pick the probability cut-off that maximises Macro-F1 on the training data.
train_prob = model.predict_proba(X_train)[:, 1]
cutoffs = np.quantile(train_prob, np.linspace(0.50, 0.99, 60))
best = max(cutoffs, key=lambda c: f1_score(train["FraudLabel"], train_prob >= c, average="macro"))
submission = pd.DataFrame({
    "ClaimID": test["ClaimID"],
    "FraudLabel": (model.predict_proba(X_test)[:, 1] >= best).astype(int),
})`,
    }),
  };

  return {
    slug: "insurance",
    files,
    answers: {
      "insurance/1": {
        csv: toCsv(
          ["ClaimID", "ClaimComplexityLabel"],
          testClaims.map((c) => [c.row[0]!, c.complexity]),
        ),
        rowCount: testClaims.length,
      },
      "insurance/2": {
        csv: toCsv(
          ["PolicyID", "NextYearLoss"],
          testPolicies.map((i) => [policies[i]!.id, nextYearLoss[i]!.toFixed(2)]),
        ),
        rowCount: testPolicies.length,
      },
      "insurance/3": {
        csv: toCsv(
          ["ClaimID", "FraudLabel"],
          testClaims.map((c) => [c.row[0]!, c.fraud]),
        ),
        rowCount: testClaims.length,
      },
    },
  };
}
