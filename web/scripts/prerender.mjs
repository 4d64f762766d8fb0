/**
 * Puts the public pages' HTML into their documents (src/prerendered.ts: dist/landing.html for
 * "/", dist/pages/<path>.html for the others), rendered by the server build of the app
 * (dist-server, `vite build --ssr src/entry-server.tsx`): visitors see each page from the first
 * byte, and the browser adopts it (hydrateRoot in src/start.tsx) once the app is loaded. The
 * competition they were rendered from goes into each page's #tandem-competition script, so the
 * browser's first render uses the same data; the gateway compares it with the active one.
 * The documents of the domain pages and the leaderboards, and the server build itself, stay in
 * dist/pages/ for the gateway, which renders those pages per request (docs/adr/0027, 0028).
 */
import { copyFile, mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import { writeCompressed } from "./compress.mjs";

const serverBuild = new URL("../dist-server/", import.meta.url);
const dist = new URL("../dist/", import.meta.url);
const assets = new URL("assets/", dist);

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
  const {
    render,
    renderFooter,
    defaultPublicCompetition,
    PRERENDERED_PAGES,
    pageTemplateFile,
    prerenderedFile,
    rendersFromDefinition,
    REQUEST_RENDERED_MODULES,
    requestRenderedTemplate,
    SERVER_BUILD_DIR,
  } = await import(new URL("entry-server.js", serverBuild).href);
  const competition = defaultPublicCompetition();
  // `<` escaped: no text in the data can close the script.
  const json = JSON.stringify(competition).replace(/</g, "\\u003c");
  for (const { path, module, footer: withFooter = true } of PRERENDERED_PAGES) {
    if (!rendersFromDefinition(path, competition.definition)) {
      console.log(`not prerendered: ${path} shows data under this definition`);
      continue;
    }
    const template = pageTemplateFile(module);
    const page = await readFile(new URL(template, dist), "utf8");
    if (!page.includes(ROOT)) throw new Error(`dist/${template} has no empty #root to fill`);
    if (!page.includes(DATA)) throw new Error(`dist/${template} has no empty #tandem-competition`);
    const html = await render(path, competition);
    const footer = withFooter ? renderFooter(competition, path) : "";
    // The path it was rendered for: the app adopts the HTML only there (src/start.tsx).
    const filled = page
      .replace(ROOT, () => `<div id="root" data-prerendered="${path}">${html}</div>${footer}`)
      .replace(DATA, () => DATA.replace("></", `>${json}</`));
    const file = new URL(prerenderedFile(path), dist);
    await mkdir(dirname(file.pathname), { recursive: true });
    await writeFile(file, filled);
    await writeCompressed(file.pathname, Buffer.from(filled));
    console.log(
      `prerendered ${path} into dist/${prerenderedFile(path)} (${(html.length / 1024).toFixed(1)} KB of HTML)`,
    );
  }
  console.log(`with ${(json.length / 1024).toFixed(1)} KB of competition data each`);
  // The domain pages and the leaderboards are rendered per request by the gateway (docs/adr/0027,
  // 0028): it fills their documents with the server build, all kept under dist/pages/, which it
  // does not serve.
  for (const module of REQUEST_RENDERED_MODULES) {
    const requestTemplate = new URL(requestRenderedTemplate(module), dist);
    await mkdir(dirname(requestTemplate.pathname), { recursive: true });
    await copyFile(new URL(pageTemplateFile(module), dist), requestTemplate);
  }
  const kept = new URL(`${SERVER_BUILD_DIR}/`, dist);
  await rm(kept, { recursive: true, force: true });
  await rename(serverBuild, kept);
  console.log(
    `kept the server build in dist/${SERVER_BUILD_DIR} for the pages rendered per request`,
  );
} finally {
  await rm(serverBuild, { recursive: true, force: true });
  await rm(new URL("page-templates/", dist), { recursive: true, force: true });
}
