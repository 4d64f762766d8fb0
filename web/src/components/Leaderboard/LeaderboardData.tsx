import { Stack } from "@mantine/core";
import type { ReactNode } from "react";
import { TableSkeleton } from "../TableFrame/TableFrame";
import { LoadFailed } from "./LoadFailed";
import { UpdatedNote } from "./UpdatedNote";

/** The parts of a leaderboard's SWR answer this view reads. */
interface LeaderboardQuery<Data> {
  data: Data | undefined;
  error: unknown;
  isLoading: boolean;
  isValidating: boolean;
  mutate: () => Promise<unknown>;
}

interface LeaderboardDataProps<Data extends { updated_at: string }> {
  query: LeaderboardQuery<Data>;
  /** The spec's message when the ranking cannot be loaded. */
  loadFailed: string;
  /** The server's reason to show under it, when there is one to show. */
  detailOf?: (error: unknown) => string | null;
  /** Shown at the end of the "Ranking as of" line. */
  actions?: ReactNode;
  children: (data: Data) => ReactNode;
}

/**
 * A ranking's loading and failure states, then the ranking under the "Ranking as of" line. Data
 * already shown stays up while a refresh fails.
 */
export function LeaderboardData<Data extends { updated_at: string }>({
  query: { data, error, isLoading, isValidating, mutate },
  loadFailed,
  detailOf,
  actions,
  children,
}: LeaderboardDataProps<Data>) {
  if (!data) {
    if (error) {
      return (
        <LoadFailed message={loadFailed} detail={detailOf?.(error)} onRetry={() => void mutate()} />
      );
    }
    return isLoading ? <TableSkeleton /> : null;
  }

  return (
    <Stack gap="sm">
      <UpdatedNote
        updatedAt={data.updated_at}
        refreshing={isValidating}
        onRefresh={() => void mutate()}
        extra={actions}
      />
      {children(data)}
    </Stack>
  );
}
