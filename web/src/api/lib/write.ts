import { useSWRConfig } from "swr";
import useSWRMutation from "swr/mutation";
import { keyUnder } from "./query";

/**
 * An organizers' write: sends `send(arg)`, then reads again every cached answer under
 * `revalidate` (success or not: a refusal may mean the page is stale) before the trigger
 * resolves, so the page never shows the old state after the feedback.
 */
export function useAdminWrite<Arg, Result>(
  name: string,
  send: (arg: Arg) => Promise<Result>,
  revalidate: readonly string[],
) {
  const { mutate } = useSWRConfig();
  return useSWRMutation(name, async (_key: string, { arg }: { arg: Arg }) => {
    try {
      return await send(arg);
    } finally {
      await mutate(keyUnder(revalidate));
    }
  });
}
