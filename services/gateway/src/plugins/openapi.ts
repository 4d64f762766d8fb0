import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import { ERROR_CODES } from "@tandem/contracts";
import type { FastifyInstance, FastifyPluginAsync, FastifyPluginOptions } from "fastify";
import fp from "fastify-plugin";
import { jsonSchemaTransform, jsonSchemaTransformObject } from "fastify-type-provider-zod";

/** The top bar's logo: the site's wordmark colour, no third-party branding. */
const LOGO = Buffer.from(
  `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="32" viewBox="0 0 120 32"><text x="0" y="24" font-family="system-ui, sans-serif" font-size="24" font-weight="700" fill="#ffffff">Tandem</text></svg>`,
);

/** Where the API is documented: the page, and the document itself (`/api/docs/json`). */
export const DOCS_PREFIX = "/api/docs";

/** The document's groups, in its order; app.ts registers each module (one URL family) under one. */
export const API_TAGS = [
  "Team API key",
  "Health",
  "Competition",
  "Submissions",
  "Leaderboards",
  "Teams",
  "JupyterHub",
  "Accounts",
  "Organizers",
] as const;
export type ApiTag = (typeof API_TAGS)[number];

/**
 * A module's routes under its tag in the document: `api.register(tagged("Teams", teamRoutes))`.
 * The module runs in the scope registered here, so its hooks stay its own as before.
 */
export function tagged<Options extends FastifyPluginOptions>(
  tag: ApiTag,
  routes: FastifyPluginAsync<Options>,
): FastifyPluginAsync<Options> {
  return async (app, options) => {
    app.addHook("onRoute", (route) => {
      route.schema = { ...route.schema, tags: [tag] };
    });
    await routes(app, options);
  };
}

const transform: typeof jsonSchemaTransform = (input) => {
  // Only the JSON API is described: not the web app, the dataset files, or the docs themselves.
  if (!input.url.startsWith("/api/") || input.url.startsWith(DOCS_PREFIX)) {
    return { schema: { hide: true }, url: input.url };
  }
  return jsonSchemaTransform(input);
};

/**
 * The OpenAPI document, generated from the routes' zod schemas (so it cannot drift from what
 * the gateway validates), and Swagger UI to read it. Register before the routes: the document
 * collects them as they are added.
 */
export const openApiPlugin = fp(
  async (app: FastifyInstance, options: { version: string; publicUrl?: string }) => {
    await app.register(swagger, {
      openapi: {
        openapi: "3.1.0",
        info: {
          title: "Tandem API",
          version: options.version,
          description: [
            "The API behind the Tandem website, participant portal and the `tandem-bench` Python SDK.",
            "",
            "- **Participants' code** (the SDK, notebooks) sends the team API key as `X-API-Key`.",
            "- **The website** sends the session token as the `auth_token` cookie, or as `Authorization: Bearer`.",
            "- Errors are JSON `{ error, code, details? }`: `error` is a message a person can act on, `code` what programs branch on (the text may be reworded; a code keeps its meaning).",
            "",
            "| code | meaning |",
            "|---|---|",
            ...Object.entries(ERROR_CODES).map(([code, meaning]) => `| \`${code}\` | ${meaning} |`),
          ].join("\n"),
        },
        ...(options.publicUrl ? { servers: [{ url: options.publicUrl }] } : {}),
        components: {
          securitySchemes: {
            apiKey: { type: "apiKey", in: "header", name: "X-API-Key" },
            session: { type: "http", scheme: "bearer", bearerFormat: "JWT" },
            sessionCookie: { type: "apiKey", in: "cookie", name: "auth_token" },
          },
        },
        tags: API_TAGS.map((name) => ({ name })),
      },
      transform,
      transformObject: jsonSchemaTransformObject,
    });
    await app.register(swaggerUi, {
      routePrefix: DOCS_PREFIX,
      uiConfig: { docExpansion: "list", deepLinking: true, defaultModelsExpandDepth: 0 },
      // The gateway's own Content-Security-Policy (helmet) covers these pages too.
      logo: { type: "image/svg+xml", content: LOGO, href: "/", target: "_self" },
    });
  },
  { name: "tandem-openapi", dependencies: [] },
);
