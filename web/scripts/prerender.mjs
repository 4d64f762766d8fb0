/**
 * Puts the landing page's HTML into dist/landing.html, rendered by the server build of the app
 * (dist-server, `vite build --ssr src/entry-server.tsx`): visitors see the page from the first
 * byte, and the browser adopts it (hydrateRoot in src/main.tsx) once the scripts arrive.
 */
import { readFile, rm, writeFile } from "node:fs/promises";
import { writeCompressed } from "./compress.mjs";

const serverBuild = new URL("../dist-server/", import.meta.url);
const landing = new URL("../dist/landing.html", import.meta.url);

try {
  const { render } = await import(new URL("entry-server.js", serverBuild).href);
  const html = await render("/");
  const page = await readFile(landing, "utf8");
  const root = '<div id="root"></div>';
  if (!page.includes(root)) throw new Error("dist/landing.html has no empty #root to fill");
  const filled = page.replace(root, () => `<div id="root" data-prerendered>${html}</div>`);
  await writeFile(landing, filled);
  await writeCompressed(landing.pathname, Buffer.from(filled));
  console.log(
    `prerendered / into dist/landing.html (${(html.length / 1024).toFixed(1)} KB of HTML)`,
  );
} finally {
  await rm(serverBuild, { recursive: true, force: true });
}
