import type { PublicConfig } from "@tandem/contracts";
import useSWR from "swr";
import { api } from "../client";

const PUBLIC_CONFIG_PATH = "/config/public";

// Anything missing or mistyped counts as "off", so an older server never shows a dead button.
function toPublicConfig(body: unknown): PublicConfig {
  const raw = typeof body === "object" && body !== null ? (body as Record<string, unknown>) : {};
  return {
    github_enabled: raw.github_enabled === true,
    demo_login_enabled: raw.demo_login_enabled === true,
    jupyterhub_url: typeof raw.jupyterhub_url === "string" ? raw.jupyterhub_url : null,
  };
}

/** `GET /api/config/public`: which optional sign-in features this deployment offers. */
export async function fetchPublicConfig(): Promise<PublicConfig> {
  return toPublicConfig(await api.get<unknown>(PUBLIC_CONFIG_PATH));
}

export function usePublicConfig() {
  return useSWR(PUBLIC_CONFIG_PATH, fetchPublicConfig, {
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
  });
}
