import { join } from "node:path";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { writeCompressed } from "./scripts/compress.mjs";
import { PRERENDERED_PAGES, pageTemplateFile, REQUEST_RENDERED_MODULES } from "./src/prerendered";

const gateway = "http://127.0.0.1:3000";

/** Writes `.br` and `.gz` beside every text asset (scripts/compress.mjs). */
function precompress(): Plugin {
  return {
    name: "tandem-precompress",
    apply: (_config, env) => env.command === "build" && !env.isSsrBuild,
    async writeBundle(options, bundle) {
      const dir = options.dir ?? "dist";
      await Promise.all(
        Object.values(bundle).map(async (item) => {
          if (!/\.(js|css|html|svg|json)$/.test(item.fileName)) return;
          const bytes = Buffer.from(item.type === "chunk" ? item.code : item.source);
          if (bytes.length < 1024) return;
          await writeCompressed(join(dir, item.fileName), bytes);
        }),
      );
    },
  };
}

/**
 * Writes one document per prerendered page module (src/prerendered.ts), `index.html` with the
 * first script (src/landing/boot.ts) in place of the app's, and the page's own styles. The app
 * is loaded by that script when the visitor starts using the page (docs/adr/0024, 0025).
 * scripts/prerender.mjs then fills each document's #root with its page's HTML.
 */
function prerenderedDocuments(): Plugin {
  return {
    name: "tandem-prerendered-documents",
    apply: "build",
    enforce: "post",
    generateBundle(_options, bundle) {
      const html = bundle["index.html"];
      const chunks = Object.values(bundle).filter((item) => item.type === "chunk");
      const boot = chunks.find((chunk) => chunk.isEntry && chunk.name === "boot");
      if (html?.type !== "asset" || !boot) return;
      const source = String(html.source);
      const importedCss = (fileName: string, seen = new Set<string>()): string[] => {
        const chunk = bundle[fileName];
        if (chunk?.type !== "chunk" || seen.has(fileName)) return [];
        seen.add(fileName);
        return [
          ...(chunk.viteMetadata?.importedCss ?? []),
          ...chunk.imports.flatMap((imported) => importedCss(imported, seen)),
        ];
      };
      const staticImports = (fileName: string): string[] => {
        const chunk = bundle[fileName];
        if (chunk?.type !== "chunk") return [];
        return chunk.imports.flatMap((imported) => [imported, ...staticImports(imported)]);
      };
      const scripts = [...new Set(staticImports(boot.fileName))];
      // The app's entry and its preloads go: boot.ts imports the app when it is wanted.
      const withoutApp = source
        .replace(/\s*<script type="module"[^>]*src="\/assets\/[^"]+"><\/script>/g, "")
        .replace(/\s*<link rel="modulepreload"[^>]*>/g, "");
      if (withoutApp.includes('<script type="module"')) {
        throw new Error("index.html has a module script the prerendered pages would keep");
      }
      const modules = [
        ...PRERENDERED_PAGES.map((page) => page.module),
        ...REQUEST_RENDERED_MODULES,
      ];
      for (const module of new Set(modules)) {
        const chunk = chunks.find((item) =>
          item.facadeModuleId?.endsWith(`/src/pages/${module}.tsx`),
        );
        if (!chunk) throw new Error(`no chunk for src/pages/${module}.tsx to prerender`);
        const css = [...new Set(importedCss(chunk.fileName))].filter(
          (file) => !source.includes(file),
        );
        const head = [
          ...css.map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
          ...scripts.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
          `<script type="module" crossorigin src="/${boot.fileName}"></script>`,
        ];
        this.emitFile({
          type: "asset",
          fileName: pageTemplateFile(module),
          source: withoutApp.replace("</head>", `    ${head.join("\n    ")}\n  </head>`),
        });
      }
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), prerenderedDocuments(), precompress()],
  // The server build also runs in the gateway (docs/adr/0027), whose image installs none of the
  // web's packages: it carries them. The public files are the browser build's.
  ...(isSsrBuild ? { ssr: { noExternal: true } } : {}),
  build: {
    outDir: "dist",
    emptyOutDir: true,
    copyPublicDir: !isSsrBuild,
    rolldownOptions: {
      // The prerendered pages' first script, written into their documents (not index.html).
      ...(isSsrBuild ? {} : { input: { index: "index.html", boot: "src/landing/boot.ts" } }),
      output: {
        // React and the router change far less often than the app, so their own chunk stays
        // cached across deploys. Mantine is left to per-page splitting: grouping it would pull
        // every component any page uses into the first load.
        codeSplitting: {
          groups: [
            {
              name: "react",
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      "/api": gateway,
      "/static": gateway,
    },
  },
}));
