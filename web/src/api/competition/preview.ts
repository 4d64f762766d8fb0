import Papa from "papaparse";

/** What the data preview shows of a file: a table for CSV, records for JSON. */
export type FilePreview =
  | { kind: "table"; header: string[]; rows: string[][] }
  | { kind: "records"; records: unknown[] }
  | { kind: "text"; text: string };

/** Enough of any file for a few rows, without downloading files that may be many megabytes. */
export const PREVIEW_BYTES = 64 * 1024;
export const PREVIEW_ROWS = 5;

/**
 * Splits CSV text into records (RFC 4180 quotes, CRLF or LF) with Papa Parse; a last, cut-off
 * record is dropped, and so is the empty record Papa reports after a final line break.
 */
export function parseCsv(text: string, complete: boolean): string[][] {
  const { data } = Papa.parse<string[]>(text, { delimiter: ",", skipEmptyLines: false });
  const last = data.at(-1);
  const endsInBreak = last?.length === 1 && last[0] === "" && /[\r\n]$/.test(text);
  if (!complete || endsInBreak) data.pop();
  return data;
}

/**
 * The first `count` objects of a JSON array, read from the start of the text only: the rest of
 * the file may be missing (a ranged read), so the whole text is never parsed.
 */
export function firstJsonRecords(text: string, count: number): unknown[] {
  const records: unknown[] = [];
  const start = text.indexOf("[");
  if (start === -1) return records;
  let depth = 0;
  let inString = false;
  let begin = -1;
  for (let i = start + 1; i < text.length && records.length < count; i++) {
    const char = text[i];
    if (inString) {
      if (char === "\\") i++;
      else if (char === '"') inString = false;
    } else if (char === '"') {
      inString = true;
    } else if (char === "{" || char === "[") {
      if (depth === 0) begin = i;
      depth++;
    } else if (char === "}" || char === "]") {
      if (depth === 0) break;
      depth--;
      if (depth === 0 && begin !== -1) {
        records.push(JSON.parse(text.slice(begin, i + 1)));
        begin = -1;
      }
    }
  }
  return records;
}

export function previewOf(name: string, text: string, complete: boolean): FilePreview {
  if (name.endsWith(".csv")) {
    const [header = [], ...rows] = parseCsv(text, complete);
    return { kind: "table", header, rows: rows.slice(0, PREVIEW_ROWS) };
  }
  if (name.endsWith(".json")) {
    try {
      return { kind: "records", records: firstJsonRecords(text, 2) };
    } catch {
      // Not an array of records: fall through to the text.
    }
  }
  return { kind: "text", text: text.slice(0, 2000) };
}

/** Reads the start of a public dataset file (`/static/...`) with a ranged request. */
export async function fetchFilePreview(url: string): Promise<FilePreview> {
  const response = await fetch(url, { headers: { Range: `bytes=0-${PREVIEW_BYTES - 1}` } });
  if (!response.ok) throw new Error(`Could not read ${url} (status ${response.status})`);
  const text = await response.text();
  // 206 with a total larger than what arrived means the file goes on past the preview.
  const total = Number(response.headers.get("content-range")?.split("/")[1]);
  const complete = response.status === 200 || !(total > PREVIEW_BYTES);
  const name = new URL(url, window.location.href).pathname;
  return previewOf(name, text, complete);
}
