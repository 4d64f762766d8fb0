import type { FeedbackPolicy } from "./definition/schema";
import type { MetricId } from "./metrics";

/** What the last column of a submission holds. */
export type TargetSpec =
  | { kind: "label"; labels: readonly string[] }
  | { kind: "numeric" }
  /**
   * `customer_id,sku_id_1..sku_id_k`: k distinct items ranked best first, each from the
   * `eligible` file's column. Its answers file is `{id},relevant` (relevant items, space-separated).
   */
  | { kind: "ranking"; k: number; eligible: { file: string; column: string } };

/**
 * How a challenge's hidden test rows divide into the public part (scores shown while the window
 * is open) and the private part (the final ranking): docs/adr/0009-public-private-split.md.
 */
export interface SplitSpec {
  /** The share of rows (or groups) that are public, in (0, 1). */
  publicFraction: number;
  /** An id column whose rows stay together in one part (per-group metrics); absent: per row. */
  groupBy?: string;
}

export interface DataFile {
  name: string;
  description: string;
  /** Column name → meaning (CSV files) or field → meaning (JSON records). */
  columns?: Readonly<Record<string, string>>;
}

/** A challenge as the code uses it, resolved from the definition (definition/build.ts). */
export interface Challenge {
  /** `{domain slug}/{number}`, e.g. `retail-banking/1`. */
  key: string;
  domain: string;
  number: number;
  title: string;
  metric: MetricId;
  /** The exact submission header, in order. */
  header: readonly string[];
  /** Leading header columns that identify a row (the rest is the prediction). */
  idColumns: readonly string[];
  target: TargetSpec;
  /** The test file whose rows the submission must cover. */
  testFile: string;
  taskDescription: string;
  datasetDescription: string;
  /** The files this challenge uses, train and test first. */
  files: readonly string[];
  /** A few rows of the training data as shown on the domain page: header first. */
  sampleData: readonly (readonly string[])[];
  /** What to submit, in a sentence. */
  task: string;
  split: SplitSpec;
  /** How many submissions a team may mark as final for this challenge. */
  finalSubmissions: number;
  /** Submissions per team per UTC day (the organizers' setting or a team's own may override). */
  dailyLimit: number;
  /** What a team is shown of its scores (docs/adr/0015-feedback-policy.md). */
  feedback: FeedbackPolicy;
}

export interface Domain {
  slug: string;
  name: string;
  /** Folder name used in notebooks and JupyterHub (`/home/jovyan/shared/datasets/{folder}`). */
  folder: string;
  route: string;
  color: string;
  /** CSS background for the domain page hero. */
  background: string;
  overview: string;
  /** Its card on the landing page and /domains. */
  card: { tagline: string; image: { src: string; alt: string } };
  sponsor?: { name: string; description: string };
  /** Every public file of the domain, with its data dictionary. */
  dataFiles: readonly DataFile[];
  challenges: readonly Challenge[];
}
