import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';

/** Marks stale every query under each of the key prefixes (e.g. `['invoice']`), and waits for the refetches. */
export async function refreshQueries(
  qc: QueryClient,
  prefixes: readonly (readonly unknown[])[],
): Promise<void> {
  await Promise.all(prefixes.map((queryKey) => qc.invalidateQueries({ queryKey })));
}

/**
 * A mutation that, once the server answered, refreshes the queries under the given key prefixes (the lists
 * and details the call changed); the mutation settles after the refetches.
 */
export function useRefreshingMutation<B, R>(
  call: (b: B) => Promise<R>,
  prefixes: readonly (readonly unknown[])[],
) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => refreshQueries(qc, prefixes),
  });
}
