export const DAY = 86_400_000;
/** Claims are observed from here to HISTORY_END; NextYearLoss is the loss of the year after. */
export const HISTORY_START = Date.UTC(2021, 0, 1);
export const HISTORY_END = Date.UTC(2025, 0, 1);
export const EARLIEST_POLICY = Date.UTC(2015, 0, 1);
export const LATEST_POLICY = Date.UTC(2024, 9, 1);

export const VEHICLES = ["Sedan", "SUV", "Sports"] as const;
export type Vehicle = (typeof VEHICLES)[number];
export const CLAIM_TYPES = ["Fender-Bender", "Major Collision", "Theft/Comprehensive"] as const;
export type ClaimType = (typeof CLAIM_TYPES)[number];
export const COMPLEXITY = ["Simple", "Moderate", "Complex"] as const;

/** The wording pools. Each factor has several phrasings so no single word gives it away. */
export const OPENINGS: Record<ClaimType, readonly string[]> = {
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
export const PARTS = [
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
export const FACTORS = {
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
export const RED_FLAGS = [
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
export const FILLER = [
  "Adjuster assigned.",
  "Customer contacted by phone.",
  "Tow truck was required.",
  "Photos were uploaded through the mobile app.",
  "Rental car requested.",
  "Repair estimate from a partner body shop attached.",
  "Police report filed.",
  "Customer prefers email contact.",
];
