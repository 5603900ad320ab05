import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';

// The gateway's /health names the installation (created on its first start); it answers 503 with the same
// body while a part is down, and the id is still right.
const healthSchema = z.object({ installation: z.object({ id: z.string(), since: z.string() }) });

export const installationQueryOptions = () =>
  queryOptions({
    queryKey: ['installation'],
    queryFn: async ({ signal }) => healthSchema.parse(await (await fetch('/health', { signal, headers: { accept: 'application/json' } })).json()).installation,
    staleTime: Infinity,
  });

export function useInstallation() {
  return useQuery(installationQueryOptions());
}
