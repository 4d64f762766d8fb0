import { SCORING_PARTS_RULES } from "./scoring-parts";
import type { TextSection } from "./types";

export interface ParticipationStep {
  title: string;
  description: string;
}

export const RULES_PAGE = {
  title: "Rules and Participation",
  intro:
    "How to take part, what counts, and what winning teams are asked to share. Read this page before your first submission.",
  stepsTitle: "How to Participate",
  rulesTitle: "Competition Rules",
  faqTitle: "Frequently Asked Questions",
  cta: {
    title: "Ready to compete?",
    text: "Create an account, form a team and get your API key.",
    label: "Register Your Team",
    href: "/register",
  },
} as const;

/** SPEC.md §2 Rules page: register team, install SDK, develop agent, submit. */
export const PARTICIPATION_STEPS: readonly ParticipationStep[] = [
  {
    title: "Register your team",
    description:
      "Create an account, then create a team or join one with its team ID. Each person is in one team; your team gets an API key on the dashboard.",
  },
  {
    title: "Install the SDK",
    description:
      "Install the Python package with pip, authenticate with your team's API key and download each domain's data.",
  },
  {
    title: "Develop your agent",
    description:
      "Start from the baseline notebooks, combine your own judgement with AI agents, and validate locally against the published format.",
  },
  {
    title: "Submit predictions",
    description:
      "Submit per domain and challenge from Python during the competition week. Every submission is scored at once; counted results enter the leaderboards.",
  },
];

/**
 * The rules sections (SPEC.md §2: timeline, submission format, metrics, hardware, data usage,
 * conduct, prize eligibility). Sections with `dynamic` also show data the page takes from the
 * competition definition (the timeline, each challenge's metric, the prize table).
 */
export const RULES_SECTIONS: readonly (TextSection & {
  dynamic?: "timeline" | "metrics" | "prizes";
})[] = [
  {
    id: "timeline",
    title: "Timeline",
    dynamic: "timeline",
    paragraphs: [
      "Submissions count only inside the competition window, from Saturday 18 October 2025 00:01 to Sunday 26 October 2025 23:59 US Central time (CDT, UTC-5), and only for teams that have been activated. Submissions outside the window are still scored and shown to your team as practice.",
    ],
  },
  {
    id: "submission-format",
    title: "Submission Format",
    paragraphs: [
      "Registration needs a team name, contact information and an indication of whether you are a student.",
      "Each challenge publishes its exact response format: a CSV header and one row per test identifier. Submissions must match the task's response format exactly; the SDK checks the file locally before it is sent and the server validates it again.",
    ],
    bullets: [
      "The header must match the challenge's format column for column.",
      "Every test identifier appears exactly once; no extra rows.",
      "Labels come from the challenge's label set; numeric targets are plain numbers.",
      "Each team has a daily submission limit per challenge; invalid files do not count against it.",
    ],
  },
  {
    id: "metrics",
    title: "Evaluation Metrics",
    dynamic: "metrics",
    paragraphs: [
      "Each challenge is scored on one metric, computed on hidden answers. Your best counted submission per challenge is ranked against the other teams; the domain score is the average of the challenge ranking scores, with a missing challenge counting zero, and the overall score averages the six domains.",
      "Ties are broken by fewer valid submissions, then by the earlier time of the submission that set the best result.",
      ...SCORING_PARTS_RULES,
    ],
  },
  {
    id: "hardware",
    title: "Hardware and Compute",
    paragraphs: [
      "Use any hardware and any models you have legitimate access to, including hosted large language models and agents. Activated teams can also work in the hosted notebook environment.",
      "Winning solutions must run end to end from the code and environment files you provide; note any paid APIs and the hardware you used.",
    ],
  },
  {
    id: "data-usage",
    title: "Data Usage",
    paragraphs: [
      "The benchmark data is synthetic and generated for this competition. Use it only for the competition and the research around it.",
      "Benchmark data must not be shared outside the team. Do not attempt to recover hidden answers, probe the scoring service or use more than one team to gain submissions.",
    ],
  },
  {
    id: "conduct",
    title: "Code of Conduct",
    paragraphs: [
      "Be honest, respectful and helpful. One team per person; private sharing of code or predictions between teams is not allowed. Public discussion of general ideas is welcome.",
      "The organizers may disqualify teams that break these rules, and their decisions on rankings are final.",
    ],
  },
  {
    id: "prizes",
    title: "Prize Eligibility",
    dynamic: "prizes",
    paragraphs: [
      "Prizes are awarded for the overall ranking and for each of the six domains. Organizers and their teams compete outside the prize ranking.",
    ],
  },
];

export interface FaqItem {
  question: string;
  answer: string;
}

/** Seven questions (SPEC.md §2 Rules page). */
export const FAQ: readonly FaqItem[] = [
  {
    question: "Who can participate?",
    answer:
      "Anyone: students, researchers, domain experts, industry data scientists and analysts. Members of the organizing team may register as organizers but are not eligible for prizes.",
  },
  {
    question: "How big can a team be, and can I be in more than one?",
    answer:
      "Teams may be of any size, and a team of one is fine. Each person belongs to exactly one team at a time; you can leave and join another team with its team ID before you compete.",
  },
  {
    question: "Do I need to compete in all six domains?",
    answer:
      "No. Each domain has its own leaderboard and prizes. The overall ranking averages all six domain scores, so covering more domains helps there.",
  },
  {
    question: "Can I use large language models and AI agents?",
    answer:
      "Yes, that is the point. Use any models, agents and tools you have legitimate access to, and tell us in your report how humans and AI shared the work.",
  },
  {
    question: "How do I submit predictions?",
    answer:
      "Install the Python SDK with pip, authenticate with your team's API key and call submit_prediction with the domain, the challenge number and your predictions file or DataFrame. You get the score back in seconds.",
  },
  {
    question: "What does activating a team do?",
    answer:
      "Activation starts your team's competition timer and enables submissions. It cannot be undone. Time used counts from activation to your latest counted submission.",
  },
  {
    question: "What do winners need to provide?",
    answer:
      "A written report, reproducible code with environment files, and attendance at the post-competition workshop. Your results must also beat the domain's primitive baseline.",
  },
];
