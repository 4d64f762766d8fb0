import type { Challenge } from "@tandem/competition";
import { describeId, forEachCsvRow, ID_SEPARATOR, normalizeIdPart } from "./csv";
import { EXCERPT_CHARS, excerpt, IssueCollector } from "./issues";

export type PredictionValues =
  /** `values[i]` is an index into `labels` (the challenge's label set). */
  | { kind: "label"; labels: readonly string[]; values: Uint16Array }
  | { kind: "numeric"; values: Float64Array }
  | { kind: "ranking"; values: string[][] };

export interface PredictionTable {
  /** Row ids as `idKey` strings; `predictions` are in the same order. */
  ids: string[];
  predictions: PredictionValues;
  /**
   * Row by id. A file parsed against `ParseOptions.expected` gets that very map: its rows are
   * in the test set's order, not in file order, so scoring needs no further look-ups.
   */
  positions: ReadonlyMap<string, number>;
}

export type ParseResult =
  | { ok: true; table: PredictionTable; rowCount: number }
  | { ok: false; errors: string[]; rowCount: number };

export interface ParseOptions {
  /**
   * The test set's ids, each with its row in the answers. The submission must cover exactly
   * these, and its rows come back in this order.
   */
  expected?: ReadonlyMap<string, number>;
  /**
   * `expected`'s ids by position (a test set's `ids`). Each row's id is first compared with the
   * one after the previous row's position, and looked up only when it differs: a file written in
   * the test set's order (as the sample submission is, and so most files), or in runs of it,
   * skips hashing every id, a third of a large file's parse.
   */
  expectedOrder?: readonly string[];
  /** Items a ranking may name (e.g. the SKUs eligible for recommendation). */
  eligibleItems?: ReadonlySet<string>;
}

const TRUE_LIKE = new Set(["1", "1.0", "true", "yes", "y", "t"]);
const FALSE_LIKE = new Set(["0", "0.0", "false", "no", "n", "f"]);
const NO_LABEL = -1;

/**
 * Maps what pandas may write (`1`, `1.0`, `True`) onto an index into the label set; -1 when the
 * value is no label of the set.
 */
export function createLabelNormalizer(labels: readonly string[]): (raw: string) => number {
  const exact = new Map(labels.map((label, i) => [label.toLowerCase(), i]));
  const binary = labels.length === 2 && labels.includes("0") && labels.includes("1");
  // Files repeat a handful of spellings a million times: remember each one's answer.
  const seen = new Map<string, number>();
  return (raw) => {
    const known = seen.get(raw);
    if (known !== undefined) return known;
    const label = resolve(raw);
    if (seen.size < 1000) seen.set(raw, label);
    return label;
  };
  function resolve(raw: string): number {
    const lower = raw.toLowerCase();
    const hit = exact.get(lower);
    if (hit !== undefined) return hit;
    if (binary && TRUE_LIKE.has(lower)) return labels.indexOf("1");
    if (binary && FALSE_LIKE.has(lower)) return labels.indexOf("0");
    return NO_LABEL;
  }
}

/** Cells of a row made at most (the rest are counted): more than any header or row needs. */
const CELLS_KEPT = 1024;

/**
 * Parses and validates a submission CSV against its challenge's format
 * (docs/product.md#datasets). This runs over a million rows per submission, so the row loop
 * allocates nothing it can avoid: values go straight into typed arrays at their final position.
 */
export function parseSubmission(
  csv: string,
  challenge: Challenge,
  options: ParseOptions = {},
): ParseResult {
  const expected = options.expected;
  const order = expected ? options.expectedOrder : undefined;
  let previous = -1;
  const expectedHeader = challenge.header.join(",");
  const width = challenge.header.length;
  const idWidth = challenge.idColumns.length;
  const target = challenge.target;
  const column = challenge.header[idWidth]!;
  const normalizeLabel = target.kind === "label" ? createLabelNormalizer(target.labels) : undefined;
  const issues = new IssueCollector();

  // Rows land at their expected position when the test set is known, else in file order.
  const capacity = expected ? expected.size : 0;
  let ids: string[] = expected ? new Array<string>(capacity) : [];
  let labels = new Uint16Array(target.kind === "label" ? capacity : 0);
  let numbers = new Float64Array(target.kind === "numeric" ? capacity : 0);
  const rankings: string[][] = expected ? new Array<string[]>(capacity) : [];
  const filled = new Uint8Array(capacity);
  let filledCount = 0;
  const seen = expected ? undefined : new Map<string, number>();
  let unknownIds = 0;
  let header: string | undefined;
  let rowCount = 0;

  forEachCsvRow(
    csv,
    (row, line, cellCount) => {
      if (header === undefined) {
        header = row.join(",");
        return;
      }
      rowCount++;
      if (header !== expectedHeader) return;
      if (cellCount !== width) {
        issues.add("Wrong number of columns", `row ${line} has ${cellCount}, expected ${width}`);
        return;
      }
      let id: string;
      if (idWidth === 1) {
        if (row[0] === "") return issues.add("Blank id", `row ${line} (${challenge.idColumns[0]})`);
        id = normalizeIdPart(row[0]!);
      } else {
        const blank = row.indexOf("");
        if (blank >= 0 && blank < idWidth) {
          return issues.add("Blank id", `row ${line} (${challenge.idColumns[blank]})`);
        }
        id = row.slice(0, idWidth).map(normalizeIdPart).join(ID_SEPARATOR);
      }

      let at: number;
      if (expected) {
        const position =
          order !== undefined && order[previous + 1] === id ? previous + 1 : expected.get(id);
        if (position === undefined) {
          unknownIds++;
          issues.add("Id not in the test set", `row ${line} (${quotedId(id)})`);
          return;
        }
        if (filled[position] === 1) {
          return issues.add("Duplicate id", `row ${line} (${quotedId(id)})`);
        }
        filled[position] = 1;
        filledCount++;
        previous = position;
        at = position;
      } else {
        if (seen!.has(id)) return issues.add("Duplicate id", `row ${line} (${quotedId(id)})`);
        at = seen!.size;
        seen!.set(id, at);
        if (target.kind === "label" && at >= labels.length) labels = grow(labels);
        if (target.kind === "numeric" && at >= numbers.length) numbers = grow(numbers);
      }
      ids[at] = id;

      const raw = row[idWidth]!;
      if (target.kind === "label") {
        if (raw === "") return issues.add(`Blank ${column}`, `row ${line}`);
        const label = normalizeLabel!(raw);
        if (label === NO_LABEL) {
          return issues.add(
            `${column} must be one of ${target.labels.join(", ")}`,
            `row ${line} has "${excerpt(raw)}"`,
          );
        }
        labels[at] = label;
      } else if (target.kind === "numeric") {
        if (raw === "") return issues.add(`Blank ${column}`, `row ${line}`);
        const value = Number(raw);
        if (!Number.isFinite(value)) {
          return issues.add(
            `${column} must be a finite number`,
            `row ${line} has "${excerpt(raw)}"`,
          );
        }
        numbers[at] = value;
      } else {
        const cells = row.slice(idWidth);
        validateRanking(cells, line, options.eligibleItems, issues);
        rankings[at] = cells;
      }
    },
    { maxCells: Math.max(CELLS_KEPT, width + 1) },
  );

  if (header === undefined) return { ok: false, errors: ["The file is empty"], rowCount: 0 };
  if (header !== expectedHeader) {
    return {
      ok: false,
      errors: [`Header must be exactly "${expectedHeader}" (got "${excerpt(header)}")`],
      rowCount,
    };
  }

  // Every row named a known, distinct id: if there are as many as expected, none is missing.
  if (expected && (unknownIds > 0 || filledCount !== expected.size)) {
    let missing = 0;
    const examples: string[] = [];
    for (const [id, position] of expected) {
      if (filled[position] === 0) {
        missing++;
        if (examples.length < 3) examples.push(describeId(id));
      }
    }
    if (missing > 0) {
      const more = missing > examples.length ? ` (and ${missing - examples.length} more)` : "";
      issues.add(
        "Missing ids",
        `${missing} test ids have no row, e.g. ${examples.join("; ")}${more}`,
      );
    }
    if (rowCount !== expected.size) {
      issues.add("Wrong row count", `expected ${expected.size} rows, got ${rowCount}`);
    }
  }

  if (issues.size > 0) return { ok: false, errors: issues.messages(), rowCount };
  const count = expected ? expected.size : seen!.size;
  ids = ids.length === count ? ids : ids.slice(0, count);
  const predictions: PredictionValues =
    target.kind === "label"
      ? { kind: "label", labels: target.labels, values: labels.subarray(0, count) }
      : target.kind === "numeric"
        ? { kind: "numeric", values: numbers.subarray(0, count) }
        : { kind: "ranking", values: rankings };
  return { ok: true, table: { ids, predictions, positions: expected ?? seen! }, rowCount };
}

/** An id as messages show it: a file's ids may be megabytes long. */
function quotedId(id: string): string {
  // describeId of a prefix is a prefix of describeId: cut first rather than copy a huge id.
  return excerpt(describeId(id.length > EXCERPT_CHARS ? id.slice(0, EXCERPT_CHARS + 1) : id));
}

/** Doubles a typed array's capacity (rows of a file parsed without a known test set). */
function grow<T extends Uint16Array | Float64Array>(values: T): T {
  const next = new (values.constructor as new (length: number) => T)(
    Math.max(1024, values.length * 2),
  );
  next.set(values);
  return next;
}

function validateRanking(
  items: string[],
  line: number,
  eligible: ReadonlySet<string> | undefined,
  issues: IssueCollector,
): void {
  if (items.some((item) => item === "")) {
    issues.add("Blank recommendation", `row ${line}`);
    return;
  }
  if (new Set(items).size !== items.length) {
    issues.add("Recommendations must be distinct", `row ${line}`);
  }
  const ineligible = eligible ? items.find((item) => !eligible.has(item)) : undefined;
  if (ineligible !== undefined) {
    issues.add("Not an eligible SKU", `row ${line} has "${excerpt(ineligible)}"`);
  }
}
