import { join } from "node:path";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { writeCompressed } from "./scripts/compress.mjs";

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
 * Writes `landing.html`: `index.html` plus preloads of the landing page's own chunk and styles.
 * The gateway serves it for "/" only, so the first visit fetches the page's code alongside the
 * app's instead of after it, and no other route downloads landing code it does not need.
 * scripts/prerender.mjs then fills its #root with the page's HTML.
 */
function landingPreloads(): Plugin {
  return {
    name: "tandem-landing-preloads",
    apply: "build",
    enforce: "post",
    generateBundle(_options, bundle) {
      const html = bundle["index.html"];
      const chunks = Object.values(bundle).filter((item) => item.type === "chunk");
      const home = chunks.find((chunk) =>
        chunk.facadeModuleId?.endsWith("/src/pages/HomePage.tsx"),
      );
      if (html?.type !== "asset" || !home) return;
      const source = String(html.source);
      const js = new Set<string>();
      const css = new Set<string>();
      const visit = (fileName: string) => {
        const chunk = bundle[fileName];
        if (chunk?.type !== "chunk" || js.has(fileName)) return;
        js.add(fileName);
        for (const file of chunk.viteMetadata?.importedCss ?? []) css.add(file);
        for (const imported of chunk.imports) visit(imported);
      };
      visit(home.fileName);
      const links = [
        ...[...css]
          .filter((file) => !source.includes(file))
          .map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
        ...[...js]
          .filter((file) => !source.includes(file))
          .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
      ];
      this.emitFile({
        type: "asset",
        fileName: "landing.html",
        source: source.replace("</head>", `    ${links.join("\n    ")}\n  </head>`),
      });
    },
  };
}

export default defineConfig({
  plugins: [react(), landingPreloads(), precompress()],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    rolldownOptions: {
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
});
