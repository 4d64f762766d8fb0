import { existsSync, readdirSync, readFileSync } from "node:fs";
import { builtinModules } from "node:module";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { EVERYTHING, tsFiles } from "./ts-files";

/*
 * Every workspace says in its package.json what it depends on. npm hoisting lets an undeclared
 * import work in this checkout and fail in a Docker stage or a clean install of one workspace.
 * - A workspace package (@tandem/*) that any of its files imports (tests too) is declared in the
 *   workspace's own manifest; one its production code imports is a dependency, not only a
 *   devDependency; and it declares none it never imports.
 * - A third-party package its production code imports is declared in its own manifest or at the
 *   root (the monorepo's shared tools: vitest, drizzle-kit, yaml for the prerender...).
 */

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const BUILTIN = new Set(builtinModules);

interface Manifest {
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

interface Workspace {
  folder: string;
  name: string;
  /** dependencies and peerDependencies: what its production code may import. */
  runtime: Set<string>;
  dev: Set<string>;
}

function manifestOf(folder: string): Manifest & { name: string; workspaces?: string[] } {
  return JSON.parse(readFileSync(join(ROOT, folder, "package.json"), "utf8"));
}

function workspaces(): Workspace[] {
  const patterns = manifestOf(".").workspaces ?? [];
  const folders = patterns.flatMap((pattern) =>
    pattern.endsWith("/*")
      ? readdirSync(join(ROOT, pattern.slice(0, -2)), { withFileTypes: true })
          .filter((entry) => entry.isDirectory())
          .map((entry) => `${pattern.slice(0, -2)}/${entry.name}`)
      : [pattern],
  );
  return folders
    .filter((folder) => existsSync(join(ROOT, folder, "package.json")))
    .map((folder) => {
      const manifest = manifestOf(folder);
      return {
        folder,
        name: manifest.name,
        runtime: new Set([
          ...Object.keys(manifest.dependencies ?? {}),
          ...Object.keys(manifest.peerDependencies ?? {}),
        ]),
        dev: new Set(Object.keys(manifest.devDependencies ?? {})),
      };
    });
}

/** The package a bare specifier names ("@scope/name/sub" -> "@scope/name"); null for others. */
function packageOf(specifier: string): string | null {
  if (specifier.startsWith(".") || specifier.startsWith("/") || specifier.startsWith("node:")) {
    return null;
  }
  const parts = specifier.split("/");
  const name = specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0]!;
  return BUILTIN.has(name) ? null : name;
}

/** Every module specifier a file imports, re-exports or loads with `import("...")`. */
function specifiers(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      found.push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      found.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Test code: test files, test folders, and test helpers kept beside the code (testApi.ts). */
function isTestCode(file: string): boolean {
  return (
    /\.test\.tsx?$/.test(file) ||
    /(^|\/)(test|tests|test-utils|__tests__)\//.test(file) ||
    /(^|\/)test[A-Z][^/]*\.tsx?$/.test(file) ||
    file.startsWith("e2e/")
  );
}

function audit(): string[] {
  const root = manifestOf(".");
  const shared = new Set([
    ...Object.keys(root.dependencies ?? {}),
    ...Object.keys(root.devDependencies ?? {}),
  ]);
  const found: string[] = [];
  for (const workspace of workspaces()) {
    const used = new Set<string>();
    const usedInProduction = new Set<string>();
    for (const file of tsFiles(ROOT, workspace.folder, EVERYTHING)) {
      const production = !isTestCode(file);
      for (const specifier of specifiers(file, readFileSync(join(ROOT, file), "utf8"))) {
        const name = packageOf(specifier);
        if (!name || name === workspace.name) continue;
        used.add(name);
        if (production) usedInProduction.add(name);
        const declared = workspace.runtime.has(name) || workspace.dev.has(name);
        if (name.startsWith("@tandem/")) {
          if (!declared) found.push(`${file} imports ${name}, undeclared`);
          else if (production && !workspace.runtime.has(name)) {
            found.push(`${file} imports ${name}, a devDependency only`);
          }
        } else if (production && !declared && !shared.has(name)) {
          found.push(`${file} imports ${name}, undeclared`);
        }
      }
    }
    for (const name of [...workspace.runtime, ...workspace.dev]) {
      if (!name.startsWith("@tandem/")) continue;
      if (!used.has(name)) found.push(`${workspace.folder} declares ${name}, never imported`);
      else if (workspace.runtime.has(name) && !usedInProduction.has(name)) {
        found.push(`${workspace.folder} depends on ${name}, imported by tests only`);
      }
    }
  }
  return [...new Set(found)].sort();
}

describe("workspace dependencies", () => {
  it("each workspace declares what it imports, and no workspace package it does not", () => {
    expect(audit()).toEqual([]);
  });

  it("reads every kind of import, and names the package a specifier points into", () => {
    expect(specifiers("x.ts", 'import type { A } from "@tandem/competition/server";')).toEqual([
      "@tandem/competition/server",
    ]);
    expect(packageOf("@tandem/competition/server")).toBe("@tandem/competition");
    expect(packageOf("node:fs")).toBeNull();
    expect(packageOf("fs")).toBeNull();
    expect(specifiers("x.ts", 'const m = await import("uplot");')).toEqual(["uplot"]);
    expect(specifiers("x.ts", 'export { a } from "./a";')).toEqual(["./a"]);
    expect(isTestCode("web/src/components/Admin/testApi.ts")).toBe(true);
    expect(isTestCode("services/gateway/src/modules/teams/teams.routes.ts")).toBe(false);
  });
});
