/**
 * Event details shown on the dashboard and info pages (SPEC.md §2 Dashboard, §9). Links point
 * at the organizers' own pages; replace them in one place when the real ones are published.
 */
export const WEBINARS = [
  {
    title: "Kick-off webinar",
    when: "Sunday, October 12, 2025, 10:00 CDT",
    url: "https://tandem-bench.org/webinars/kickoff",
  },
  {
    title: "Q&A webinar",
    when: "Friday, October 17, 2025, 18:00 CDT",
    url: "https://tandem-bench.org/webinars/qa",
  },
] as const;

export const PARTICIPANT_RESOURCES = {
  recording: {
    label: "Kick-off recording",
    url: "https://tandem-bench.org/webinars/kickoff-recording",
  },
  slides: { label: "Kick-off slides", url: "https://tandem-bench.org/webinars/kickoff-slides.pdf" },
  teammateFinder: { label: "Teammate-finder sheet", url: "https://tandem-bench.org/teammates" },
} as const;

export const PRIZES = {
  overall: [
    { place: "1st", amountUsd: 1200 },
    { place: "2nd", amountUsd: 700 },
    { place: "3rd", amountUsd: 400 },
    { place: "4th to 10th", amountUsd: 100 },
  ],
  perDomain: [
    { place: "1st", amountUsd: 500 },
    { place: "2nd", amountUsd: 200 },
    { place: "3rd", amountUsd: 100 },
    { place: "4th to 10th", amountUsd: 50 },
  ],
  conditions: [
    "Beat the primitive baseline of the domain's challenges.",
    "Submit a written report.",
    "Provide reproducible code and environment files.",
    "Attend the post-competition workshop.",
  ],
} as const;

/** The last rank that wins a prize, overall and per domain (the tables' "4th to 10th"). */
export const LAST_PRIZE_RANK = 10;

export const CONTACT_EMAIL = "organizers@tandem-bench.org";
