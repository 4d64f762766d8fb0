import type { ReactNode } from "react";
import { LoadError } from "./LoadError";

/** What `Loaded` needs of an SWR read. */
interface Read<T> {
  data: T | undefined;
  error: unknown;
  isLoading: boolean;
  mutate: () => unknown;
}

interface LoadedProps<T> {
  read: Read<T>;
  /** The load error's title ("The settings could not be loaded"). */
  failed: string;
  /** Shown on the first load, until there is data or an error. */
  skeleton: ReactNode;
  /** The content, drawn once the data is there. */
  children: (data: T) => ReactNode;
}

/**
 * One resource's read in its states: the load error with a retry while nothing is loaded, the
 * skeleton on the first load, then the content (kept, with its data, when a later read fails).
 */
export function Loaded<T>({ read, failed, skeleton, children }: LoadedProps<T>) {
  if (read.data !== undefined) return children(read.data);
  return (
    <>
      {Boolean(read.error) && (
        <LoadError title={failed} error={read.error} onRetry={() => read.mutate()} />
      )}
      {read.isLoading && skeleton}
    </>
  );
}
