import { SDK_PACKAGE } from "../sdk";
import type { SiteLink } from "./types";

export interface ResourceCard {
  /** The id of the section the card scrolls to. */
  id: string;
  title: string;
  description: string;
}

export const RESOURCES_PAGE = {
  title: "Participant Resources",
  intro:
    "Everything you need to get from registration to your first scored submission. Pick a topic to jump to it.",
} as const;

/** SPEC.md §2 Resources page: six cards that scroll to their sections. */
export const RESOURCE_CARDS: readonly ResourceCard[] = [
  {
    id: "api-documentation",
    title: "API Documentation",
    description: "Authenticate, list domains and submit predictions with the Python SDK.",
  },
  {
    id: "baseline-implementation",
    title: "Baseline Implementation",
    description: "A notebook per challenge that loads the data, fits a model and submits.",
  },
  {
    id: "data-schemas",
    title: "Data Schemas",
    description: "Every file and column of every domain, with its meaning.",
  },
  {
    id: "genai-materials",
    title: "GenAI Materials",
    description: "Learn to build and evaluate AI agents before the competition starts.",
  },
  {
    id: "mentor-resources",
    title: "Mentor Resources",
    description: "Guidance from experienced data scientists and domain experts.",
  },
  {
    id: "office-hours",
    title: "Office Hours",
    description: "A kick-off webinar and bi-weekly virtual office hours with the organizers.",
  },
];

export const RESOURCE_SECTIONS = {
  api: {
    paragraphs: [
      `Install the SDK with \`pip install ${SDK_PACKAGE.pipName}\` and import it as \`${SDK_PACKAGE.importName}\`. It needs only the Python standard library and uses pandas when installed.`,
      "Your team's API key and team name are on the dashboard. The client reads them from its arguments or from the TANDEM_API_KEY and TANDEM_TEAM_NAME environment variables.",
    ],
    methods: [
      {
        name: "authenticate()",
        description:
          "Checks your API key and team name (done at once when both are given to BenchmarkClient).",
      },
      { name: "get_domains()", description: "Lists the domain names to submit to." },
      {
        name: "load_dataset(domain, challenge=1)",
        description: "Downloads and caches a domain's files and returns pandas DataFrames.",
      },
      {
        name: "submit_prediction(domain_name, task_number, predictions)",
        description:
          "Validates and submits a CSV path, DataFrame or list of rows; returns the score and metric.",
      },
      {
        name: "get_submission_history()",
        description: "Your team's submissions with their status and scores.",
      },
    ],
    snippetTitle: "Sample SDK usage",
    reference: {
      text: "Working in another language, or curious what the SDK sends? Every call is described in the",
      link: { label: "HTTP API reference", href: "/api/docs" } satisfies SiteLink,
    },
  },
  baseline: {
    paragraphs: [
      "Each challenge ships a baseline notebook (Challenge1_baseline.ipynb and so on) that loads the files with pandas, fits a simple scikit-learn model, writes a valid submission and submits it with the SDK. Beating the baseline is a prize condition.",
    ],
  },
  schemas: {
    paragraphs: [
      "Each domain page lists its files with a description, a preview of the first rows and a download link. Column meanings are in the data dictionary on each domain page and in the description.md file of each domain.",
    ],
  },
  genai: {
    paragraphs: [
      "New to agents? A free course covers how agents plan, call tools and are evaluated, which is a good preparation for the competition.",
    ],
    course: {
      label: "Hugging Face AI Agents Course",
      href: "https://huggingface.co/learn/agents-course",
      external: true,
    } satisfies SiteLink,
  },
  mentors: {
    paragraphs: [
      "Experienced data scientists and domain experts volunteer to answer questions and review approaches. Mentor registration opens closer to the competition.",
    ],
    button: "Coming Soon",
  },
  officeHours: {
    paragraphs: [
      "Meet the organizers live. The kick-off webinar walks through the rules, the data and the SDK; office hours are open questions.",
    ],
    biweekly: {
      title: "Bi-weekly virtual office hours",
      description:
        "Every other week until the submission deadline, online. Bring your questions about data, rules or the SDK; the link is on your dashboard.",
    },
  },
} as const;

/**
 * A complete, working example: authenticate, download a domain, submit a constant prediction.
 * `apiUrl` is the site's own address, so the snippet runs as shown.
 */
export function sdkSnippet(apiUrl: string): string {
  return `# pip install ${SDK_PACKAGE.pipName}
from ${SDK_PACKAGE.importName} import BenchmarkClient

client = BenchmarkClient(
    api_key="YOUR_TEAM_API_KEY",
    team_name="your-team-name",
    base_url="${apiUrl}",
)  # checks the key and team name at once
print(client.get_domains())

# Retail Banking, challenge 1: fraud detection
data = client.load_dataset("Retail Banking", challenge=1)
predictions = data["test"][["TxnID"]].assign(FraudLabel=0)

result = client.submit_prediction("Retail Banking", 1, predictions)
print(result["score"], result["metric_name"])
`;
}
