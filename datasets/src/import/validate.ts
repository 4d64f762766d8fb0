import { readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import {
  answersHeader,
  baselineNotebookFile,
  type Challenge,
  type Domain,
  sampleSubmissionFile,
} from "@tandem/competition";
import {
  computePublicRows,
  createLabelNormalizer,
  describeId,
  idKey,
  parseAnswers,
  parseCsvRows,
  scoreSubmissionCsv,
} from "@tandem/scoring";
import { listFiles } from "../store/folders";
import type { BaselineInput, ChallengeAnswersInput } from "../store/load";

/** One thing wrong with an import folder, where it is: a file, and a line and column in it. */
export interface ImportProblem {
  file: string;
  line?: number;
  column?: string;
  message: string;
}

export function formatProblem({ file, line, column, message }: ImportProblem): string {
  const where = [file, line === undefined ? undefined : `line ${line}`, column]
    .filter(Boolean)
    .join(", ");
  return `${where}: ${message}`;
}

export interface ImportPlan {
  /** Public files, relative to the folder: served under `/static/{domain}/` as they are. */
  files: string[];
  answers: Record<string, ChallengeAnswersInput>;
  baselines: Record<string, BaselineInput>;
}

/** Problems kept per file: past this, one more line says how many were left out. */
const MAX_PER_FILE = 20;

interface Row {
  cells: string[];
  line: number;
}

interface Table {
  header: string[];
  rows: Row[];
}

export const answersFile = (challenge: Challenge) => `answers/challenge${challenge.number}.csv`;
export const baselineFile = (challenge: Challenge) => `baselines/challenge${challenge.number}.csv`;

/** The optional last column of an answers file: which part a row is in (docs/adr/0009). */
export const SPLIT_COLUMN = "split";
const SPLIT_VALUES = new Map([
  ["public", 1],
  ["private", 0],
]);

/**
 * Checks an organizers' folder against the domain's challenge definitions before anything is
 * changed (README "Importing the organizers' data"): every file the site links to, answers for
 * every challenge whose ids are exactly the public test file's and the sample submission's, no
 * duplicates or blanks, labels from the label set, finite numbers, eligible items only, and an
 * optional `split` column (`public`/`private`, both parts present, a group in one part only).
 * Answers without that column are split from `seed`, the deployment's secret seed. Returns
 * every problem found, or what to load.
 */
export async function checkImportFolder(
  dir: string,
  domain: Domain,
  seed?: string,
): Promise<{ problems: ImportProblem[]; plan?: ImportPlan }> {
  const problems: ImportProblem[] = [];
  const perFile = new Map<string, number>();
  const report = (problem: ImportProblem) => {
    const count = (perFile.get(problem.file) ?? 0) + 1;
    perFile.set(problem.file, count);
    if (count <= MAX_PER_FILE) problems.push(problem);
  };
  const finish = () => {
    for (const [file, count] of perFile) {
      if (count > MAX_PER_FILE) {
        problems.push({ file, message: `and ${count - MAX_PER_FILE} more problems like these` });
      }
    }
    return problems;
  };

  const info = await stat(dir).catch(() => null);
  if (!info?.isDirectory()) return { problems: [{ file: dir, message: "no such folder" }] };
  const all = await listFiles(dir);
  const isPrivate = (path: string) => path.startsWith("answers/") || path.startsWith("baselines/");
  const publicFiles = all.filter((path) => !isPrivate(path));
  const present = new Set(all);

  const required = new Set(domain.dataFiles.map((f) => f.name));
  for (const c of domain.challenges) {
    required.add(c.testFile);
    required.add(sampleSubmissionFile(c));
    required.add(baselineNotebookFile(c));
  }
  for (const name of [...required].sort()) {
    if (!present.has(name)) {
      report({ file: name, message: "missing: the competition definition lists this file" });
    }
  }
  const expectedPrivate = new Set(
    domain.challenges.flatMap((c) => [answersFile(c), baselineFile(c)]),
  );
  for (const path of all.filter(isPrivate)) {
    if (!expectedPrivate.has(path)) {
      report({
        file: path,
        message: `not a file of ${domain.name}: answers and baselines are challenge{n}.csv for challenges ${domain.challenges.map((c) => c.number).join(", ")}`,
      });
    }
  }
  for (const c of domain.challenges) {
    if (!present.has(answersFile(c))) {
      report({ file: answersFile(c), message: "missing: every challenge needs its answers" });
    }
  }
  if (problems.length > 0) return { problems: finish() };

  const tables = new Map<string, Table>();
  const table = async (file: string): Promise<Table> => {
    let parsed = tables.get(file);
    if (!parsed) {
      parsed = readTable(await readFile(join(dir, file), "utf8"));
      tables.set(file, parsed);
    }
    return parsed;
  };

  const answers: Record<string, ChallengeAnswersInput> = {};
  for (const challenge of domain.challenges) {
    const testIds = await idsOfTestFile(challenge, await table(challenge.testFile), report);
    if (!testIds) continue;
    let eligible: Set<string> | undefined;
    if (challenge.target.kind === "ranking") {
      eligible = await eligibleItems(challenge, table, present, report);
      if (!eligible) continue;
    }
    const checked = checkAnswers(
      challenge,
      await table(answersFile(challenge)),
      testIds,
      eligible,
      report,
    );
    checkSample(challenge, await table(sampleSubmissionFile(challenge)), testIds, report);
    if (!checked) continue;
    let publicRows = checked.publicRows;
    if (!publicRows) {
      if (seed === undefined) {
        report({
          file: answersFile(challenge),
          line: 1,
          message: `no ${SPLIT_COLUMN} column, and no secret seed to split the rows with: add the column (public/private) or set DATA_SEED`,
        });
        continue;
      }
      try {
        publicRows = computePublicRows(challenge, seed, checked.ids);
      } catch (err) {
        report({ file: answersFile(challenge), message: (err as Error).message });
        continue;
      }
    }
    answers[challenge.key] = {
      csv: checked.csv,
      rowCount: testIds.size,
      publicRows,
      ...(eligible ? { eligibleItems: [...eligible] } : {}),
    };
  }
  if (problems.length > 0) return { problems: finish() };

  const baselines: Record<string, BaselineInput> = {};
  for (const challenge of domain.challenges) {
    if (!present.has(baselineFile(challenge))) continue;
    const { csv, eligibleItems, publicRows } = answers[challenge.key]!;
    const scored = scoreSubmissionCsv(
      challenge,
      parseAnswers(csv, challenge, { eligibleItems, publicRows }),
      await readFile(join(dir, baselineFile(challenge)), "utf8"),
    );
    if (scored.ok) baselines[challenge.key] = { csv: "", value: scored.value, source: "organizer" };
    else
      for (const error of scored.errors) report({ file: baselineFile(challenge), message: error });
  }
  if (problems.length > 0) return { problems: finish() };
  for (const challenge of domain.challenges) {
    const baseline = baselines[challenge.key];
    if (baseline) baseline.csv = await readFile(join(dir, baselineFile(challenge)), "utf8");
  }
  return { problems: [], plan: { files: publicFiles, answers, baselines } };
}

function readTable(text: string): Table {
  const rows: Row[] = [];
  let header: string[] | undefined;
  // parseCsvRows drops blank lines; keep real line numbers by numbering as the scanner does.
  const lines = parseCsvRowsWithLines(text);
  for (const row of lines) {
    if (!header) header = row.cells;
    else rows.push(row);
  }
  return { header: header ?? [], rows };
}

function parseCsvRowsWithLines(text: string): Row[] {
  const rows: Row[] = [];
  let line = 0;
  // Quoted files go through Papa Parse, which numbers non-blank records; unquoted ones keep
  // their true line numbers. Either way the header is line 1.
  for (const cells of parseCsvRows(text)) rows.push({ cells, line: ++line });
  return rows;
}

const columnLabel = (index: number, name: string | undefined) =>
  `column ${index + 1}${name ? ` (${name})` : ""}`;

/** The test file's ids (as submissions name them) with the line of each. */
async function idsOfTestFile(
  challenge: Challenge,
  test: Table,
  report: (p: ImportProblem) => void,
): Promise<Map<string, number> | undefined> {
  const indexes = challenge.idColumns.map((name) => test.header.indexOf(name));
  const absent = challenge.idColumns.filter((_, i) => indexes[i] === -1);
  if (absent.length > 0) {
    report({
      file: challenge.testFile,
      line: 1,
      message: `the header has no ${absent.join(", ")} column, which challenge ${challenge.number} uses as its id`,
    });
    return undefined;
  }
  const ids = new Map<string, number>();
  for (const { cells, line } of test.rows) {
    const parts = indexes.map((i) => cells[i] ?? "");
    const blank = parts.indexOf("");
    if (blank >= 0) {
      report({
        file: challenge.testFile,
        line,
        column: columnLabel(indexes[blank]!, challenge.idColumns[blank]),
        message: "blank id",
      });
      continue;
    }
    const id = idKey(parts);
    const first = ids.get(id);
    // Ranking test files list every purchase; their ids are the customers, repeated.
    if (first !== undefined && challenge.target.kind !== "ranking") {
      report({
        file: challenge.testFile,
        line,
        column: columnLabel(indexes[0]!, challenge.idColumns[0]),
        message: `duplicate id ${describeId(id)} (first on line ${first})`,
      });
    } else if (first === undefined) ids.set(id, line);
  }
  return ids;
}

async function eligibleItems(
  challenge: Challenge,
  table: (file: string) => Promise<Table>,
  present: Set<string>,
  report: (p: ImportProblem) => void,
): Promise<Set<string> | undefined> {
  if (challenge.target.kind !== "ranking") return undefined;
  const { file, column } = challenge.target.eligible;
  if (!present.has(file)) return undefined; // reported as a missing file
  const items = await table(file);
  const index = items.header.indexOf(column);
  if (index === -1) {
    report({ file, line: 1, message: `the header has no ${column} column (the eligible items)` });
    return undefined;
  }
  return new Set(items.rows.map((row) => row.cells[index] ?? "").filter(Boolean));
}

interface CheckedAnswers {
  /** Rewritten with canonical labels, without the split column. */
  csv: string;
  /** The rows' ids in file order. */
  ids: string[];
  /** From the split column, when the file has one. */
  publicRows?: Uint8Array;
}

/** Checks one answers file; returns it rewritten with canonical labels, or undefined. */
function checkAnswers(
  challenge: Challenge,
  answers: Table,
  testIds: Map<string, number>,
  eligible: Set<string> | undefined,
  report: (p: ImportProblem) => void,
): CheckedAnswers | undefined {
  const file = answersFile(challenge);
  const header = answersHeader(challenge);
  const hasSplit =
    answers.header.length === header.length + 1 && answers.header.at(-1) === SPLIT_COLUMN;
  const mismatch = header.findIndex((name, i) => answers.header[i] !== name);
  if (mismatch >= 0 || (answers.header.length !== header.length && !hasSplit)) {
    const at = mismatch >= 0 ? mismatch : header.length;
    report({
      file,
      line: 1,
      column: columnLabel(at, answers.header[at]),
      message: `the header must be exactly "${header.join(",")}", optionally followed by ",${SPLIT_COLUMN}" (got "${answers.header.join(",")}")`,
    });
    return undefined;
  }
  const width = answers.header.length;
  const splitColumn = columnLabel(header.length, SPLIT_COLUMN);
  const groupIndex = challenge.split.groupBy
    ? challenge.idColumns.indexOf(challenge.split.groupBy)
    : -1;
  /** Each group's part and the line that set it. */
  const groupParts = new Map<string, { part: number; line: number }>();
  const flags: number[] = [];
  const ids: string[] = [];
  const idWidth = challenge.idColumns.length;
  const target = challenge.target;
  const normalize = target.kind === "label" ? createLabelNormalizer(target.labels) : undefined;
  const targetColumn = columnLabel(idWidth, header[idWidth]);
  const seen = new Map<string, number>();
  const lines = [header.join(",")];
  let ok = true;
  const fail = (problem: Omit<ImportProblem, "file">) => {
    ok = false;
    report({ file, ...problem });
  };
  for (const { cells, line } of answers.rows) {
    if (cells.length !== width) {
      fail({ line, message: `${cells.length} columns, expected ${width}` });
      continue;
    }
    const blank = cells.slice(0, idWidth).indexOf("");
    if (blank >= 0) {
      fail({ line, column: columnLabel(blank, header[blank]), message: "blank id" });
      continue;
    }
    const id = idKey(cells.slice(0, idWidth));
    const first = seen.get(id);
    if (first !== undefined) {
      fail({
        line,
        column: columnLabel(0, header[0]),
        message: `duplicate id ${describeId(id)} (first on line ${first})`,
      });
      continue;
    }
    seen.set(id, line);
    if (!testIds.has(id)) {
      fail({
        line,
        column: columnLabel(0, header[0]),
        message: `id ${describeId(id)} is not in ${challenge.testFile}`,
      });
      continue;
    }
    const raw = cells[idWidth]!;
    if (raw === "") {
      fail({ line, column: targetColumn, message: "blank answer" });
      continue;
    }
    let value = raw;
    if (target.kind === "label") {
      const index = normalize!(raw);
      if (index < 0) {
        fail({
          line,
          column: targetColumn,
          message: `"${raw}" is not a label of this challenge (${target.labels.join(", ")})`,
        });
        continue;
      }
      value = target.labels[index]!;
    } else if (target.kind === "numeric") {
      if (!Number.isFinite(Number(raw))) {
        fail({ line, column: targetColumn, message: `"${raw}" is not a finite number` });
        continue;
      }
    } else {
      const items = raw.split(/\s+/).filter(Boolean);
      const outside = items.find((item) => !eligible?.has(item));
      if (outside !== undefined) {
        fail({
          line,
          column: targetColumn,
          message: `"${outside}" is not an eligible item (${target.eligible.column} of ${target.eligible.file})`,
        });
        continue;
      }
      value = items.join(" ");
    }
    if (hasSplit) {
      const raw = cells[header.length]!;
      const part = SPLIT_VALUES.get(raw);
      if (part === undefined) {
        fail({
          line,
          column: splitColumn,
          message: `"${raw}" is not a part: ${SPLIT_COLUMN} is "public" or "private"`,
        });
        continue;
      }
      if (groupIndex >= 0) {
        const group = cells[groupIndex]!;
        const first = groupParts.get(group);
        if (first && first.part !== part) {
          fail({
            line,
            column: splitColumn,
            message: `${challenge.split.groupBy} ${group} is ${raw} here but ${first.part ? "public" : "private"} on line ${first.line}: a ${challenge.split.groupBy}'s rows must all be in one part`,
          });
          continue;
        }
        if (!first) groupParts.set(group, { part, line });
      }
      flags.push(part);
    }
    ids.push(id);
    lines.push([...cells.slice(0, idWidth), value].join(","));
  }
  if (ok && hasSplit) {
    const publicCount = flags.reduce((sum, flag) => sum + flag, 0);
    if (publicCount === 0 || publicCount === flags.length) {
      fail({
        line: 1,
        column: splitColumn,
        message: `every row is ${publicCount === 0 ? "private" : "public"}: the public and the private part each need at least one row`,
      });
    }
  }
  const idColumn = columnLabel(0, challenge.idColumns[0]);
  for (const [id, testLine] of testIds) {
    if (!seen.has(id)) {
      ok = false;
      report({
        file: challenge.testFile,
        line: testLine,
        column: idColumn,
        message: `id ${describeId(id)} has no answer in ${file}`,
      });
    }
  }
  if (!ok) return undefined;
  return {
    csv: `${lines.join("\n")}\n`,
    ids,
    ...(hasSplit ? { publicRows: Uint8Array.from(flags) } : {}),
  };
}

function checkSample(
  challenge: Challenge,
  sample: Table,
  testIds: Map<string, number>,
  report: (p: ImportProblem) => void,
): void {
  const file = sampleSubmissionFile(challenge);
  if (sample.header.join(",") !== challenge.header.join(",")) {
    report({
      file,
      line: 1,
      message: `the header must be exactly "${challenge.header.join(",")}" (got "${sample.header.join(",")}")`,
    });
    return;
  }
  const idWidth = challenge.idColumns.length;
  const seen = new Set<string>();
  for (const { cells, line } of sample.rows) {
    const id = idKey(cells.slice(0, idWidth));
    if (!testIds.has(id)) {
      report({
        file,
        line,
        column: columnLabel(0, challenge.header[0]),
        message: `id ${describeId(id)} is not in ${challenge.testFile}`,
      });
    } else if (seen.has(id)) {
      report({
        file,
        line,
        column: columnLabel(0, challenge.header[0]),
        message: `duplicate id ${describeId(id)}`,
      });
    }
    seen.add(id);
  }
  for (const [id, testLine] of testIds) {
    if (!seen.has(id)) {
      report({
        file: challenge.testFile,
        line: testLine,
        column: columnLabel(0, challenge.idColumns[0]),
        message: `id ${describeId(id)} has no row in ${file}`,
      });
    }
  }
}
