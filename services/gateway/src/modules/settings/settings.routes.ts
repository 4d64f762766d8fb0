import {
  adminSettingsPatchSchema,
  adminSettingsSchema,
  errorResponseSchema as errorSchema,
} from "@tandem/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { SettingsService } from "./settings.service";

export interface SettingsRoutesOptions {
  settings: SettingsService;
  /** After final_picks changes: the private standings count other submissions. */
  onRankingsChanged: () => Promise<unknown>;
}

/** `GET`/`PATCH /api/admin/settings`: the competition's settings, in force without a restart. */
export async function settingsRoutes(
  app: FastifyInstance,
  { settings, onRankingsChanged }: SettingsRoutesOptions,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const denied = { 401: errorSchema, 403: errorSchema };

  r.get(
    "/admin/settings",
    { schema: { response: { 200: adminSettingsSchema, ...denied } } },
    async () => await settings.toView(await settings.current()),
  );

  r.patch(
    "/admin/settings",
    {
      schema: {
        body: adminSettingsPatchSchema,
        response: { 200: adminSettingsSchema, 400: errorSchema, ...denied },
      },
    },
    async (request) => {
      const { settings: now, changed } = await settings.update(request.account, request.body);
      if (changed.length > 0) request.log.info({ changed }, "competition settings changed");
      if (changed.includes("final_picks")) await onRankingsChanged();
      return await settings.toView(now);
    },
  );
}
