/** A row of a generated CSV file, in its header's order. */
export type Row = (string | number)[];

/** The value each row ends with: a training file's target. */
export const lastValues = (rows: readonly Row[]) => rows.map((row) => Number(row.at(-1)));

/** The first `count` cells of each row: the ids, in most test files. */
export const leadingColumns = (rows: readonly Row[], count = 1) =>
  rows.map((row) => row.slice(0, count));

/**
 * Rows split between a training file, which ends each row with its target, and a test file,
 * which leaves the target out for the answers (in the same order).
 */
export function trainTestSplit() {
  const train: Row[] = [];
  const test: Row[] = [];
  const answers: number[] = [];
  const add = (row: Row, target: number, inTraining: boolean) => {
    if (inTraining) train.push([...row, target]);
    else {
      test.push(row);
      answers.push(target);
    }
  };
  return { train, test, answers, add };
}
