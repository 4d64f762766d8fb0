/**
 * Puts the landing page's HTML into dist/landing.html, rendered by the server build of the app
 * (dist-server, `vite build --ssr src/entry-server.tsx`): visitors see the page from the first
 * byte, and the browser adopts it (hydrateRoot in src/main.tsx) once the scripts arrive. The
 * competition it was rendered from goes into the page's #tandem-competition script, so the
 * browser's first render uses the same data; the gateway compares it with the active one.
 */
import { readdir, readFile, rm, writeFile } from "node:fs/promises";
import { writeCompressed } from "./compress.mjs";

const serverBuild = new URL("../dist-server/", import.meta.url);
const assets = new URL("../dist/assets/", import.meta.url);
const landing = new URL("../dist/landing.html", import.meta.url);

const ROOT = '<div id="root"></div>';
const DATA = '<script id="tandem-competition" type="application/json"></script>';

/** The browser must read the definition from the server, never carry the default's YAML. */
async function assertNoDefinitionInBrowserChunks() {
  for (const name of await readdir(assets)) {
    if (!name.endsWith(".js")) continue;
    const code = await readFile(new URL(name, assets), "utf8");
    if (code.includes("schema_version: 1")) {
      throw new Error(`dist/assets/${name} holds the default definition's YAML`);
    }
  }
}

try {
  await assertNoDefinitionInBrowserChunks();
  const { render, renderFooter, defaultPublicCompetition } = await import(
    new URL("entry-server.js", serverBuild).href
  );
  const competition = defaultPublicCompetition();
  const html = await render("/", competition);
  const footer = renderFooter(competition);
  const page = await readFile(landing, "utf8");
  if (!page.includes(ROOT)) throw new Error("dist/landing.html has no empty #root to fill");
  if (!page.includes(DATA)) throw new Error("dist/landing.html has no empty #tandem-competition");
  // `<` escaped: no text in the data can close the script.
  const json = JSON.stringify(competition).replace(/</g, "\\u003c");
  const filled = page
    .replace(ROOT, () => `<div id="root" data-prerendered>${html}</div>${footer}`)
    .replace(DATA, () => DATA.replace("></", `>${json}</`));
  await writeFile(landing, filled);
  await writeCompressed(landing.pathname, Buffer.from(filled));
  console.log(
    `prerendered / into dist/landing.html (${(html.length / 1024).toFixed(1)} KB of HTML, ` +
      `${(json.length / 1024).toFixed(1)} KB of competition data)`,
  );
} finally {
  await rm(serverBuild, { recursive: true, force: true });
}
