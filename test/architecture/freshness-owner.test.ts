import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { EVERYTHING, tsFiles } from "./ts-files";

/*
 * One rankings freshness module (docs/adr/0021-workers-score.md): how the cached rankings catch
 * up with a change is decided in packages/jobs/src/rankings-freshness.ts, and entry points only
 * choose its mode. The mechanisms behind it are not exported from @tandem/jobs; importing one
 * of them from there, anywhere (tests and benches included), fails here, named by file:line.
 * Tests and benches of the mechanism itself import its file (db/test/rankings-coalescer.test.ts,
 * bench/rankings-refresh.bench.ts).
 */

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const FOLDERS = ["services", "workers", "datasets/src", "scripts", "bench", "db", "test"];
const INTERNAL = new Set([
  "refreshRankings",
  "rebuildRankings",
  "createRankingsCoalescer",
  "RankingsCoalescer",
  "RankingsCoalescerOptions",
]);

/** `file:line name` for each internal name imported or re-exported from "@tandem/jobs". */
function internalImports(file: string, text: string): string[] {
  if (!text.includes("@tandem/jobs")) return [];
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
  const found: string[] = [];
  const report = (node: ts.Node, name: string) => {
    if (!INTERNAL.has(name)) return;
    const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
    found.push(`${file}:${line + 1} ${name}`);
  };
  for (const statement of source.statements) {
    const from =
      ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)
        ? statement.moduleSpecifier
        : undefined;
    if (!from || !ts.isStringLiteral(from) || from.text !== "@tandem/jobs") continue;
    if (ts.isImportDeclaration(statement)) {
      const bindings = statement.importClause?.namedBindings;
      if (bindings && ts.isNamedImports(bindings)) {
        for (const element of bindings.elements) {
          report(element, (element.propertyName ?? element.name).text);
        }
      }
    } else if (
      ts.isExportDeclaration(statement) &&
      statement.exportClause &&
      ts.isNamedExports(statement.exportClause)
    ) {
      for (const element of statement.exportClause.elements) {
        report(element, (element.propertyName ?? element.name).text);
      }
    }
  }
  // `import * as jobs from "@tandem/jobs"` then `jobs.refreshRankings`: any access by name.
  const namespaces = namespaceImports(source);
  if (namespaces.size === 0) return found;
  const visit = (node: ts.Node) => {
    if (ts.isPropertyAccessExpression(node) && INTERNAL.has(node.name.text)) {
      if (ts.isIdentifier(node.expression) && namespaces.has(node.expression.text)) {
        report(node, node.name.text);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function namespaceImports(source: ts.SourceFile): Set<string> {
  const names = new Set<string>();
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement)) continue;
    const from = statement.moduleSpecifier;
    if (!ts.isStringLiteral(from) || from.text !== "@tandem/jobs") continue;
    const bindings = statement.importClause?.namedBindings;
    if (bindings && ts.isNamespaceImport(bindings)) names.add(bindings.name.text);
  }
  return names;
}

describe("the rankings freshness module's one owner", () => {
  it("no one outside packages/jobs imports the rebuild mechanisms from @tandem/jobs", () => {
    const files = FOLDERS.flatMap((folder) => tsFiles(ROOT, folder, EVERYTHING));
    // The walk finds the code it guards (a wrong path would pass with nothing to check).
    expect(files).toContain("services/gateway/src/app.ts");
    expect(files).toContain("workers/scoring/src/main.ts");
    expect(files).toContain("services/gateway/test/helper.ts");
    expect(files).toContain("bench/rush.bench.ts");
    const found = files.flatMap((file) =>
      internalImports(file, readFileSync(join(ROOT, file), "utf8")),
    );
    expect(found).toEqual([]);
  });

  it("finds each form of import, and lets the module and deep imports through", () => {
    const fixture = [
      'import { refreshRankings, createRankingsFreshness } from "@tandem/jobs";', // 1
      'import { rebuildRankings as rebuild } from "@tandem/jobs";', // 2
      'import { type RankingsCoalescer } from "@tandem/jobs";', // 3
      'export { createRankingsCoalescer } from "@tandem/jobs";', // 4
      'import * as jobs from "@tandem/jobs";', // 5
      "await jobs.refreshRankings(db, cache);", // 6
      'import { rebuildRankings } from "../packages/jobs/src/rankings-refresh";', // 7: deep
      'import { refreshRankings } from "./elsewhere";', // 8: not @tandem/jobs
    ].join("\n");
    expect(internalImports("planted.ts", fixture)).toEqual([
      "planted.ts:1 refreshRankings",
      "planted.ts:2 rebuildRankings",
      "planted.ts:3 RankingsCoalescer",
      "planted.ts:4 createRankingsCoalescer",
      "planted.ts:6 refreshRankings",
    ]);
  });
});
