import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, type BodyOf } from '@/lib/api-call';
import type { OrganisationRecord, RecordType } from '../record-types';
import { invalidateOrganisation } from './invalidate';

/** PUT /api/<records>/:id: the form sends every field (parsed by the route's own body schema). */
export function updateRecord<Item extends OrganisationRecord>(type: RecordType<Item>, id: string, body: unknown) {
  return call(type.routes.update, { params: { id }, body: body as BodyOf<RecordType['routes']['update']> }) as Promise<Item>;
}

export function useUpdateRecord<Item extends OrganisationRecord>(type: RecordType<Item>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: unknown }) => updateRecord(type, id, body),
    onSuccess: () => invalidateOrganisation(queryClient),
  });
}
