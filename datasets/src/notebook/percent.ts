/**
 * Notebook templates are Python files in the "percent" format that editors and jupytext read:
 * `# %%` starts a code cell, `# %% [markdown]` a markdown cell written as comment lines, and
 * `# %% [name]` a cell the builder treats specially. Lines above the first marker are for
 * readers and linters only and belong to no cell.
 */
export interface PercentCell {
  /** `code`, `markdown` or the name in the marker's brackets. */
  kind: string;
  source: string;
}

const MARKER = /^# %%(?: \[(\w+)\])?$/;

export function readPercentCells(text: string): PercentCell[] {
  const cells: { kind: string; lines: string[] }[] = [];
  for (const line of text.split("\n")) {
    const marker = MARKER.exec(line);
    if (marker) cells.push({ kind: marker[1] ?? "code", lines: [] });
    else {
      const cell = cells.at(-1);
      cell?.lines.push(cell.kind === "markdown" ? uncomment(line) : line);
    }
  }
  // The blank lines that separate one cell from the next belong to neither.
  return cells.map(({ kind, lines }) => ({ kind, source: lines.join("\n").replace(/\n+$/, "") }));
}

function uncomment(line: string): string {
  if (line === "" || line === "#") return "";
  if (line.startsWith("# ")) return line.slice(2);
  throw new Error(`A markdown cell's lines are comments: ${JSON.stringify(line)}`);
}

/**
 * Placeholders are `__NAME__` tokens (capitals and underscores): a name where the template
 * needs code, plain text in strings and comments, so a template stays valid Python.
 */
const PLACEHOLDER = /__([A-Z]+(?:_[A-Z]+)*)__/g;

export function fillPlaceholders(text: string, values: Readonly<Record<string, string>>): string {
  return text.replace(PLACEHOLDER, (token, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`No value for the placeholder ${token}`);
    return value;
  });
}
