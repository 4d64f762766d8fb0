/** A notebook's JSON (nbformat 4), deterministic: same cells, same bytes. */
export interface Cell {
  kind: "markdown" | "code";
  source: string;
}

function toCell({ kind, source }: Cell) {
  const lines = source.replace(/\n$/, "").split("\n");
  const sourceLines = lines.map((line, i) => (i < lines.length - 1 ? `${line}\n` : line));
  return kind === "markdown"
    ? { cell_type: "markdown", metadata: {}, source: sourceLines }
    : { cell_type: "code", execution_count: null, metadata: {}, outputs: [], source: sourceLines };
}

export function notebook(cells: Cell[]): string {
  const document = {
    cells: cells.map(toCell),
    metadata: {
      kernelspec: { display_name: "Python 3", language: "python", name: "python3" },
      language_info: { name: "python" },
    },
    nbformat: 4,
    nbformat_minor: 5,
  };
  return `${JSON.stringify(document, null, 1)}\n`;
}
