import { randomBytes } from "node:crypto";
import {
  copyFile,
  lstat,
  mkdir,
  readdir,
  readlink,
  rename,
  rm,
  stat,
  symlink,
  writeFile,
} from "node:fs/promises";
import { basename, dirname, join } from "node:path";

/**
 * Each load of a domain's public files gets a folder of its own under `{staticDir}/.versions/`,
 * written completely before `{staticDir}/{slug}` is switched to it by renaming a symlink over
 * the old one (one atomic step). A folder is never changed once published, so a reader sees the
 * old files or the new ones, never a mix. Dot-folders are never served over HTTP.
 */
export const VERSIONS_DIR = ".versions";

export const newFolderName = (slug: string) =>
  `${slug}-${Date.now().toString(36)}-${randomBytes(4).toString("hex")}`;

export const folderPath = (staticDir: string, name: string) => join(staticDir, VERSIONS_DIR, name);

/** A public file's content, or the file to copy it from. */
export type FileContent = string | Uint8Array | { copyFrom: string };

/** Writes files (by relative path) into a new, unpublished folder; returns each one's size. */
export async function stageFolder(
  staticDir: string,
  name: string,
  files: Iterable<[string, FileContent]>,
): Promise<{ name: string; bytes: number }[]> {
  const dir = folderPath(staticDir, name);
  await mkdir(dir, { recursive: true });
  const written: { name: string; bytes: number }[] = [];
  for (const [path, content] of files) {
    const target = join(dir, path);
    await mkdir(dirname(target), { recursive: true });
    if (typeof content === "object" && "copyFrom" in content) {
      await copyFile(content.copyFrom, target);
    } else {
      await writeFile(target, content, { flag: "wx" });
    }
    written.push({ name: path, bytes: (await stat(target)).size });
  }
  return written;
}

/** The folder `{staticDir}/{slug}` points at: its name, "" for a plain folder, null if none. */
export async function publishedFolder(staticDir: string, slug: string): Promise<string | null> {
  const link = join(staticDir, slug);
  const info = await lstat(link).catch(() => null);
  if (!info) return null;
  if (!info.isSymbolicLink()) return "";
  return basename(await readlink(link));
}

/**
 * Points `{staticDir}/{slug}` at a staged folder. A plain folder left by an earlier version is
 * first moved under `.versions/` (the only moment the path briefly does not exist).
 */
export async function publishFolder(staticDir: string, slug: string, name: string): Promise<void> {
  const link = join(staticDir, slug);
  if ((await publishedFolder(staticDir, slug)) === "") {
    await rename(link, folderPath(staticDir, `${slug}-legacy-${randomBytes(4).toString("hex")}`));
  }
  const temporary = join(staticDir, `.${slug}.link-${randomBytes(4).toString("hex")}`);
  // Relative, so the link resolves wherever the volume is mounted (gateways, the notebook hub).
  await symlink(join(VERSIONS_DIR, name), temporary);
  try {
    await rename(temporary, link);
  } catch (err) {
    await rm(temporary, { force: true });
    throw err;
  }
}

/** Removes a domain's folders other than `keep` (the current one and the one before it). */
export async function pruneFolders(staticDir: string, slug: string, keep: string[]): Promise<void> {
  const root = join(staticDir, VERSIONS_DIR);
  const names = await readdir(root).catch(() => [] as string[]);
  const ours = new RegExp(`^${slug.replace(/[-]/g, "\\-")}-(legacy-)?[0-9a-z]+(-[0-9a-f]+)?$`);
  for (const name of names) {
    if (ours.test(name) && !keep.includes(name)) {
      await rm(join(root, name), { recursive: true, force: true });
    }
  }
}

export async function removeFolder(staticDir: string, name: string): Promise<void> {
  await rm(folderPath(staticDir, name), { recursive: true, force: true });
}

/** Every file under `dir` as a path relative to it (dot-files skipped), sorted. */
export async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1))
    .filter((path) => !path.split("/").some((part) => part.startsWith(".")))
    .sort();
}
