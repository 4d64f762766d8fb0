import Papa from "papaparse";

/**
 * Calls `onRow` with the trimmed cells and the 1-based line number of every non-blank line.
 * The cells array is reused from one call to the next: copy what you keep. Submissions are
 * almost always unquoted, and for those scanning for newlines and commas is exactly CSV and
 * allocates nothing but the cells themselves (a million-row file is the normal case, so this
 * is the hot loop of scoring); anything with a quote goes through Papa Parse.
 */
export function forEachCsvRow(text: string, onRow: (cells: string[], line: number) => void): void {
  const start = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  if (text.indexOf('"', start) !== -1) {
    const result = Papa.parse<string[]>(text.slice(start), {
      skipEmptyLines: "greedy",
      transform: (value) => value.trim(),
    });
    // Papa drops blank lines, so these numbers are positions among the non-blank rows.
    for (let i = 0; i < result.data.length; i++) onRow(result.data[i]!, i + 1);
    return;
  }
  const cells: string[] = [];
  let line = 0;
  let pos = start;
  while (pos < text.length) {
    line++;
    let end = text.indexOf("\n", pos);
    if (end === -1) end = text.length;
    const next = end + 1;
    cells.length = 0;
    let cellStart = pos;
    for (;;) {
      let comma = text.indexOf(",", cellStart);
      if (comma === -1 || comma > end) comma = end;
      cells.push(cell(text, cellStart, comma));
      if (comma === end) break;
      cellStart = comma + 1;
    }
    pos = next;
    if (cells.length === 1 && cells[0] === "") continue; // blank line
    onRow(cells, line);
  }
}

/** text[from, to) trimmed; `trim` only runs when an edge is whitespace (also `\r` of CRLF). */
function cell(text: string, from: number, to: number): string {
  if (from === to) return "";
  return text.charCodeAt(from) <= 32 || text.charCodeAt(to - 1) <= 32
    ? text.slice(from, to).trim()
    : text.slice(from, to);
}

/** Parses CSV text into rows of trimmed cells; blank lines are dropped. */
export function parseCsvRows(text: string): string[][] {
  const rows: string[][] = [];
  forEachCsvRow(text, (cells) => {
    rows.push(cells.slice());
  });
  return rows;
}

const FLOAT_INTEGER = /^-?\d+\.0+$/;

/** `1.0` and `1` name the same id when pandas wrote an integer column as float. */
export function normalizeIdPart(value: string): string {
  // Cheap pre-check: most ids have no dot at all.
  return value.includes(".") && FLOAT_INTEGER.test(value)
    ? value.slice(0, value.indexOf("."))
    : value;
}

export const ID_SEPARATOR = "\u001f";

export function idKey(parts: readonly string[]): string {
  if (parts.length === 1) return normalizeIdPart(parts[0]!);
  return parts.map(normalizeIdPart).join(ID_SEPARATOR);
}

export function describeId(key: string): string {
  return key.split(ID_SEPARATOR).join(", ");
}
