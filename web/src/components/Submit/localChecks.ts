import Papa from "papaparse";

/** The gateway's default /submit body limit (BODY_LIMIT_BYTES); the server stays the judge. */
export const SUBMISSION_MAX_BYTES = 50 * 1024 * 1024;

/** What the checks need to know about a chosen file. */
export interface FileFacts {
  size: number;
  /** The file's text; null when it was too large to read. */
  text: string | null;
  /** The first non-blank row, cells trimmed and joined with commas; null for an empty file. */
  header: string | null;
  /** Non-blank rows after the header. */
  rows: number;
}

export type CheckState = "pass" | "fail" | "unknown";

export interface LocalCheck {
  id: "not-empty" | "size" | "header" | "rows";
  state: CheckState;
  label: string;
  /** For a header that differs: both, to compare. */
  header?: { expected: string; found: string };
}

/**
 * Reads the header and counts the rows the way the gateway's parser does (BOM dropped, cells
 * trimmed, blank lines skipped), so a file that passes here is not refused for these reasons.
 */
export function describeCsv(text: string): Pick<FileFacts, "header" | "rows"> {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  let header: string | null = null;
  let rows = 0;
  Papa.parse<string[]>(body, {
    delimiter: ",",
    skipEmptyLines: "greedy",
    step: ({ data }) => {
      if (header === null) header = data.map((cell) => cell.trim()).join(",");
      else rows++;
    },
  });
  return { header, rows };
}

export async function readFileFacts(file: File): Promise<FileFacts> {
  if (file.size > SUBMISSION_MAX_BYTES)
    return { size: file.size, text: null, header: null, rows: 0 };
  const text = await file.text();
  return { size: file.size, text, ...describeCsv(text) };
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

const count = (n: number) => n.toLocaleString("en-US");

const EXCERPT_CHARS = 300;
/** A first line can be a whole file without newlines: enough of it to see what is wrong. */
const excerpt = (text: string) =>
  text.length > EXCERPT_CHARS ? `${text.slice(0, EXCERPT_CHARS)}…` : text;

/** The checklist shown before upload; `expectedRows` null: the row count is not known yet. */
export function localChecks(
  facts: FileFacts,
  expectedHeader: string,
  expectedRows: number | null,
): LocalCheck[] {
  const empty = facts.size === 0 || (facts.text !== null && facts.header === null);
  const read = facts.text !== null && !empty;
  const headerOk = facts.header === expectedHeader;
  const rowsLabel =
    expectedRows === null
      ? `${count(facts.rows)} data rows (expected: unknown)`
      : `${count(facts.rows)} data rows (expected ${count(expectedRows)})`;
  return [
    {
      id: "not-empty",
      state: empty ? "fail" : "pass",
      label: empty ? "The file is empty" : "The file is not empty",
    },
    {
      id: "size",
      state: facts.size <= SUBMISSION_MAX_BYTES ? "pass" : "fail",
      label: `Under 50 MB (${formatBytes(facts.size)})`,
    },
    {
      id: "header",
      state: read ? (headerOk ? "pass" : "fail") : "unknown",
      label: !read ? "Header not checked" : headerOk ? "Header matches" : "Header does not match",
      ...(read && !headerOk
        ? { header: { expected: expectedHeader, found: excerpt(facts.header ?? "") } }
        : {}),
    },
    {
      id: "rows",
      state:
        !read || expectedRows === null ? "unknown" : facts.rows === expectedRows ? "pass" : "fail",
      label: read ? rowsLabel : "Rows not counted",
    },
  ];
}

/** Upload stays possible while nothing is known to be wrong. */
export function checksPass(checks: readonly LocalCheck[]): boolean {
  return checks.every((check) => check.state !== "fail");
}
