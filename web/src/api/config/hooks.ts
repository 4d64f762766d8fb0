import type { PublicConfig } from "@tandem/contracts";
import useSWR from "swr";
import { api } from "../client";
import { PUBLIC_CONFIG_PATH, toPublicConfig } from "./parse";

export { PUBLIC_CONFIG_PATH };

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
