const QUOTE = 34;

/**
 * A row's cells (at most `maxCells` of them: the rest are counted, not made) with its 1-based
 * line number and how many cells it has in all.
 */
export type OnRow = (cells: string[], line: number, cellCount: number) => void;

/**
 * Calls `onRow` with the trimmed cells and the 1-based line number of every non-blank line.
 * With `maxCells`, a row's cells past it are counted but not made: a 40 MB line of commas made
 * 40 million strings (714 MB, 12.6 s) where a submission row has a few (issue 31).
 * The cells array is reused from one call to the next: copy what you keep. Submissions are
 * almost always unquoted, and for those scanning for newlines and commas is exactly CSV and
 * allocates nothing but the cells themselves (a million-row file is the normal case, so this
 * is the hot loop of scoring); anything with a quote goes through the quoted scanner.
 *
 * Every search remembers where the next comma, newline or quote is and only searches again
 * once the scan has passed it, so each character is searched over once: a file crafted with
 * lines that have no comma, or quotes without commas after them, made a fresh search from
 * every line run to the end of the file (time grew with lines x size, issue 31).
 */
export function forEachCsvRow(
  text: string,
  onRow: OnRow,
  { maxCells = Number.POSITIVE_INFINITY }: { maxCells?: number } = {},
): void {
  const start = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  if (text.indexOf('"', start) !== -1) {
    forEachQuotedRow(text, start, onRow, maxCells);
    return;
  }
  const cells: string[] = [];
  let line = 0;
  let pos = start;
  let comma = -1;
  while (pos < text.length) {
    line++;
    let end = text.indexOf("\n", pos);
    if (end === -1) end = text.length;
    cells.length = 0;
    let count = 0;
    let cellStart = pos;
    for (;;) {
      if (comma < cellStart) {
        comma = text.indexOf(",", cellStart);
        if (comma === -1) comma = text.length;
      }
      const cut = comma < end ? comma : end;
      if (count < maxCells) cells.push(cell(text, cellStart, cut));
      count++;
      if (cut === end) break;
      cellStart = cut + 1;
    }
    pos = end + 1;
    if (count === 1 && cells[0] === "") continue; // blank line
    onRow(cells, line, count);
  }
}

/**
 * RFC 4180 with what Papa Parse (used here before) made of the same text: a quote opens a
 * quoted field only as the field's first character, `""` inside one is a quote, text after the
 * closing quote is kept; an unterminated quote takes the rest of the file, quote included; rows whose cells are
 * all blank are dropped and rows are numbered among the others.
 */
function forEachQuotedRow(text: string, start: number, onRow: OnRow, maxCells: number): void {
  const length = text.length;
  const cells: string[] = [];
  let comma = -1;
  let newline = -1;
  let line = 0;
  let pos = start;
  while (pos < length) {
    cells.length = 0;
    let count = 0;
    let blank = true;
    for (;;) {
      let from = pos;
      let prefix = "";
      if (text.charCodeAt(pos) === QUOTE) {
        let quote = text.indexOf('"', pos + 1);
        let escaped = false;
        while (quote !== -1 && text.charCodeAt(quote + 1) === QUOTE) {
          escaped = true;
          quote = text.indexOf('"', quote + 2);
        }
        if (quote === -1) {
          prefix = text.slice(pos); // as it was, opening quote included
          from = length;
        } else {
          prefix = text.slice(pos + 1, quote);
          if (escaped) prefix = prefix.replaceAll('""', '"');
          from = quote + 1;
        }
      }
      if (comma < from) {
        comma = text.indexOf(",", from);
        if (comma === -1) comma = length;
      }
      if (newline < from) {
        newline = text.indexOf("\n", from);
        if (newline === -1) newline = length;
      }
      const end = comma < newline ? comma : newline;
      // Past maxCells a cell is only counted (made only while the row may still be blank).
      if (count < maxCells || blank) {
        const value =
          from === pos ? cell(text, from, end) : (prefix + text.slice(from, end)).trim();
        if (value !== "") blank = false;
        if (count < maxCells) cells.push(value);
      }
      count++;
      pos = end + 1;
      if (end === newline) break;
    }
    if (blank) continue;
    onRow(cells, ++line, count);
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
