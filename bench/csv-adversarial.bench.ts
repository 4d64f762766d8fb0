/**
 * Does the CSV scan stay linear on files crafted against it (issue 31)? Each shape is built at
 * SIZE and 2 x SIZE bytes and split into rows (`forEachCsvRow`, what intake and scoring use);
 * the best of RUNS times is compared with a normal submission of the same size (`adversarial /
 * normal`) and with itself at half the size (`2x size`, about 2 when linear). Run:
 * npm run bench:csv [-- <KiB>] (default 512).
 */
import { forEachCsvRow } from "../packages/scoring/src/csv";

const SIZE = Number(process.argv[2] ?? 512) * 1024;
const RUNS = 3;

function repeat(unit: string, bytes: number, tail = ""): string {
  return unit.repeat(Math.max(1, Math.floor((bytes - tail.length) / unit.length))) + tail;
}

const SHAPES: Record<string, (bytes: number) => string> = {
  normal: (bytes) => {
    const rows = ["id,label"];
    let length = 9;
    for (let i = 0; length < bytes; i++) {
      const row = `${100000 + i},${i % 3}`;
      rows.push(row);
      length += row.length + 1;
    }
    return `${rows.join("\n")}\n`;
  },
  "no separator (x\\n, one comma at the end)": (bytes) => repeat("x\n", bytes, ","),
  "no separator, CRLF and LF mixed": (bytes) => repeat("x\r\ny\n", bytes, ","),
  "one huge field": (bytes) => `id,label\n1,${"a".repeat(bytes)}\n`,
  "one huge quoted field": (bytes) => `id,label\n1,"${"a".repeat(bytes)}"\n`,
  "unterminated quote": (bytes) => `id,label\n1,"${repeat("x\n", bytes)}`,
  'many quotes ("")': (bytes) => `"${repeat('""', bytes)}"`,
  'many quoted lines ("x"\\n), one comma at the end': (bytes) => repeat('"x"\n', bytes, ","),
  'stray quotes mid-field (x"y\\n)': (bytes) => repeat('x"y\n', bytes, ","),
  "quoted, CRLF and LF mixed": (bytes) => repeat('"x"\r\n"y"\n', bytes, ","),
};

function time(text: string): number {
  let best = Number.POSITIVE_INFINITY;
  for (let run = 0; run < RUNS; run++) {
    let cells = 0;
    const started = performance.now();
    forEachCsvRow(text, (row) => {
      cells += row.length;
    });
    best = Math.min(best, performance.now() - started);
    if (cells === 0) throw new Error("no cells");
  }
  return best;
}

const normal = { single: time(SHAPES.normal!(SIZE)), double: time(SHAPES.normal!(2 * SIZE)) };
console.log(`CSV scan, ${SIZE / 1024} KiB and ${(2 * SIZE) / 1024} KiB, best of ${RUNS}\n`);
console.log("| shape | time | 2x size | adversarial / normal | 2x size / 1x |");
console.log("|---|---:|---:|---:|---:|");
for (const [name, build] of Object.entries(SHAPES)) {
  const single = time(build(SIZE));
  const double = time(build(2 * SIZE));
  console.log(
    `| ${name} | ${single.toFixed(1)} ms | ${double.toFixed(1)} ms | ${(double / normal.double).toFixed(1)}x | ${(double / single).toFixed(1)}x |`,
  );
}
