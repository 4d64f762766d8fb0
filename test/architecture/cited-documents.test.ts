import { type Dirent, readdirSync, readFileSync } from "node:fs";
import { join, posix, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/*
 * Every document a comment or a page cites is a file in the repository. The design brief's
 * documents (the specification, the architecture brief, the data contract) never were: a
 * citation of them is re-pointed at docs/product.md or docs/architecture.md (issue 34). So:
 * - no source or docs file names those three files (the two documents themselves may, as
 *   history of where they came from);
 * - every anchored reference to product.md or architecture.md names the real file
 *   (root-relative in code, `docs/product.md` then `#` and the anchor; a Markdown link relative
 *   to its page) and an anchor that exists there as an explicit `<a id="...">`.
 * Failures are named by file:line.
 */

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const CHECKED = /\.(ts|tsx|mts|cts|js|mjs|cjs|py|css|ya?ml|md)$/;
const SKIPPED = new Set([
  "node_modules",
  "dist",
  "dist-server",
  "build",
  "coverage",
  ".git",
  ".data",
]);
const DOCUMENTS = ["docs/product.md", "docs/architecture.md"] as const;
/** Built from parts so that this file does not cite them itself. */
const GONE = new RegExp(`\\b(${["SPEC", "ARCHITECTURE", "DATASETS"].join("|")})\\.md\\b`);
const ANCHORED = /(?<![\w./-])((?:[\w.-]+\/)*)(product|architecture)\.md#([\w-]*)/g;
const SELF_LINK = /\]\(#([\w-]*)\)/g;

type Anchors = ReadonlyMap<string, ReadonlySet<string>>;

/** The checked files under `ROOT`, relative with "/" separators, sorted. */
function checkedFiles(): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    let entries: Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!SKIPPED.has(entry.name)) walk(path);
      } else if (entry.isFile() && CHECKED.test(entry.name)) {
        files.push(relative(ROOT, path).split(sep).join("/"));
      }
    }
  };
  walk(ROOT);
  return files.sort();
}

function anchorsIn(text: string): Set<string> {
  return new Set([...text.matchAll(/\bid="([^"]+)"/g)].map((match) => match[1] ?? ""));
}

/** `file:line problem` for each citation of a gone document or a missing file or anchor. */
function problems(file: string, text: string, anchors: Anchors): string[] {
  const found: string[] = [];
  const isDocument = (DOCUMENTS as readonly string[]).includes(file);
  const dir = posix.dirname(file);
  text.split("\n").forEach((line, index) => {
    const at = `${file}:${index + 1}`;
    const gone = GONE.exec(line);
    if (gone && !isDocument) found.push(`${at} cites ${gone[0]}, which is not in the repository`);
    for (const match of line.matchAll(ANCHORED)) {
      const [whole, prefix = "", name = "", anchor = ""] = match;
      const path = `${prefix}${name}.md`;
      const linked = line.slice(Math.max(0, (match.index ?? 0) - 2), match.index) === "](";
      // A Markdown link resolves against its page; a mention in code against the root (a page
      // may mention a root-relative path in its text too).
      const candidates = linked
        ? [posix.join(dir, path)]
        : file.endsWith(".md")
          ? [posix.join(dir, path), posix.normalize(path)]
          : [posix.normalize(path)];
      const target = candidates.find((candidate) => anchors.has(candidate));
      if (!target) found.push(`${at} ${whole}: no such file (${candidates.join(" or ")})`);
      else if (!anchors.get(target)?.has(anchor)) found.push(`${at} ${whole}: no such anchor`);
    }
    if (isDocument) {
      for (const [whole, anchor = ""] of line.matchAll(SELF_LINK)) {
        if (!anchors.get(file)?.has(anchor)) found.push(`${at} ${whole}: no such anchor`);
      }
    }
  });
  return found;
}

function documentAnchors(): Anchors {
  return new Map(
    DOCUMENTS.map((doc) => [doc, anchorsIn(readFileSync(join(ROOT, doc), "utf8"))] as const),
  );
}

describe("cited documents", () => {
  it("are files in the repository, with anchors that exist", () => {
    const anchors = documentAnchors();
    const files = checkedFiles();
    expect(files).toContain("docs/product.md");
    expect(files.length).toBeGreaterThan(500);
    const found = files.flatMap((file) =>
      problems(file, readFileSync(join(ROOT, file), "utf8"), anchors),
    );
    expect(found).toEqual([]);
  });

  it("tells a citation of a gone document or a missing anchor from a good one", () => {
    const anchors: Anchors = new Map([
      ["docs/product.md", new Set(["dashboard", "messages"])],
      ["docs/architecture.md", new Set(["ranking-rules"])],
    ]);
    // Built from parts so that this file holds no citation of its own.
    const spec = ["SPEC", "md"].join(".");
    const ref = (path: string, anchor: string) => `${path}.md#${anchor}`;
    expect(problems("a.ts", `// (${spec} §8 Teams)`, anchors)).toEqual([
      `a.ts:1 cites ${spec}, which is not in the repository`,
    ]);
    const card = `/** The team card (${ref("docs/product", "dashboard")}). */`;
    expect(problems("a.ts", card, anchors)).toEqual([]);
    expect(problems("a.ts", `\n// see ${ref("docs/product", "teams")}`, anchors)).toEqual([
      `a.ts:2 ${ref("docs/product", "teams")}: no such anchor`,
    ]);
    expect(problems("a.ts", `// ${ref("docs/architecture", "")}`, anchors)).toEqual([
      `a.ts:1 ${ref("docs/architecture", "")}: no such anchor`,
    ]);
    expect(problems("web/a.ts", `// ${ref("product", "messages")}`, anchors)).toEqual([
      `web/a.ts:1 ${ref("product", "messages")}: no such file (product.md)`,
    ]);
    // Markdown links resolve against their page.
    const link = (path: string) => `[Messages](${ref(path, "messages")})`;
    expect(problems("docs/adr/x.md", link("../product"), anchors)).toEqual([]);
    expect(problems("packages/x/README.md", link("../../docs/product"), anchors)).toEqual([]);
    expect(problems("docs/adr/x.md", link("product"), anchors)).toEqual([
      `docs/adr/x.md:1 ${ref("product", "messages")}: no such file (docs/adr/product.md)`,
    ]);
    // The two documents may name the brief as history; their own links are checked too.
    const history = `From ${spec}. See [x](#messages), [y](#gone).`;
    expect(problems("docs/product.md", history, anchors)).toEqual([
      "docs/product.md:1 ](#gone): no such anchor",
    ]);
  });
});
