import type { PublicConfig } from "@tandem/contracts";

// Without imports beyond types: the landing page's first script (landing/boot.ts) reads the
// config with it before the app is loaded.

export const PUBLIC_CONFIG_PATH = "/config/public";

// Anything missing or mistyped counts as "off", so an older server never shows a dead button.
export function toPublicConfig(body: unknown): PublicConfig {
  const raw = typeof body === "object" && body !== null ? (body as Record<string, unknown>) : {};
  return {
    github_enabled: raw.github_enabled === true,
    demo_login_enabled: raw.demo_login_enabled === true,
    jupyterhub_url: typeof raw.jupyterhub_url === "string" ? raw.jupyterhub_url : null,
    submissions_paused: raw.submissions_paused === true,
    pause_message: typeof raw.pause_message === "string" ? raw.pause_message : null,
    require_verified_email: raw.require_verified_email === true,
    competition: competitionOf(raw.competition),
    announcement: announcementOf(raw.announcement),
  };
}

function competitionOf(value: unknown): PublicConfig["competition"] {
  const raw = typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {};
  return {
    opens_at: typeof raw.opens_at === "string" ? raw.opens_at : "",
    closes_at: typeof raw.closes_at === "string" ? raw.closes_at : "",
  };
}

function announcementOf(value: unknown): PublicConfig["announcement"] {
  if (typeof value !== "object" || value === null) return null;
  const raw = value as Record<string, unknown>;
  return typeof raw.id === "string" &&
    typeof raw.body === "string" &&
    typeof raw.created_at === "string"
    ? { id: raw.id, body: raw.body, created_at: raw.created_at }
    : null;
}
