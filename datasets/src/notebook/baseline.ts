import { readFileSync } from "node:fs";
import { baselineNotebookFile, type Domain, METRICS } from "@tandem/competition";
import { type Cell, notebook } from "./ipynb";
import { fillPlaceholders, type PercentCell, readPercentCells } from "./percent";

/** The cells every baseline notebook shares; its header says how it is read. */
const SHELL = new URL("./baseline.py", import.meta.url);

/**
 * The baseline notebook of each of the domain's challenges: the shared cells around the cell of
 * `{notebooks}challenge{n}.py`, whose docstring is the approach the notebook states.
 */
export function baselineNotebooks(domain: Domain, notebooks: URL): Record<string, string> {
  const shell = readPercentCells(readFileSync(SHELL, "utf8"));
  const entries = domain.challenges.map((challenge) => {
    const own = readChallengeTemplate(
      readFileSync(new URL(`challenge${challenge.number}.py`, notebooks), "utf8"),
    );
    const values = {
      DOMAIN_NAME: domain.name,
      FOLDER: domain.folder,
      NUMBER: String(challenge.number),
      TITLE: challenge.title,
      METRIC: METRICS[challenge.metric].name,
      APPROACH: own.approach,
    };
    const cells = shell.map((cell) =>
      cell.kind === "challenge"
        ? { kind: "code" as const, source: own.code }
        : { kind: cellKind(cell), source: fillPlaceholders(cell.source, values) },
    );
    return [baselineNotebookFile(challenge), notebook(cells)] as const;
  });
  return Object.fromEntries(entries);
}

function cellKind({ kind }: PercentCell): Cell["kind"] {
  if (kind === "code" || kind === "markdown") return kind;
  throw new Error(`Unknown cell kind in the baseline template: ${kind}`);
}

/** A challenge's template: a docstring (the approach, a sentence or two), then one code cell. */
function readChallengeTemplate(text: string): { approach: string; code: string } {
  const docstring = /^"""([^"]+)"""/.exec(text)?.[1];
  const cells = readPercentCells(text);
  if (!docstring || cells.length !== 1 || cells[0]!.kind !== "code") {
    throw new Error("A challenge's notebook template is a docstring, then one `# %%` code cell");
  }
  const approach = docstring
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean)
    .join(" ");
  return { approach, code: cells[0]!.source };
}
