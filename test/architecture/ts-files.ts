import { type Dirent, readdirSync } from "node:fs";
import { join, relative, sep } from "node:path";

/** Production code only: test folders and files are left out. */
export const PRODUCTION = {
  skippedFolders: ["node_modules", "test", "tests", "__tests__", "dist", "build"],
  withTests: false,
} as const;
/** Everything, tests and .tsx included (an import guard that holds for tests too). */
export const EVERYTHING = {
  skippedFolders: ["node_modules", "dist", "build"],
  withTests: true,
} as const;

/** The TypeScript files under `folder`, relative to `root` with "/" separators, sorted. */
export function tsFiles(
  root: string,
  folder: string,
  { skippedFolders, withTests }: { skippedFolders: readonly string[]; withTests: boolean },
): string[] {
  const skipped = new Set(skippedFolders);
  const wanted = (name: string) =>
    withTests
      ? /\.(ts|mts|cts|tsx)$/.test(name) && !name.endsWith(".d.ts")
      : /\.(ts|mts|cts)$/.test(name) && !/\.(test|d)\.ts$/.test(name);
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
        if (!skipped.has(entry.name)) walk(path);
      } else if (wanted(entry.name)) {
        files.push(relative(root, path).split(sep).join("/"));
      }
    }
  };
  walk(join(root, folder));
  return files.sort();
}
