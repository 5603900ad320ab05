import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, request } from '@/lib/api-client';
import type { OrganisationRecord, RecordType } from '../record-types';
import { invalidateOrganisation } from './invalidate';

/** PUT /api/<records>/:id: the form sends every field. */
export function updateRecord<Item extends OrganisationRecord>(type: RecordType<Item>, id: string, body: unknown) {
  return request(async () => type.item.parse(await api.put(`${type.endpoint}/${encodeURIComponent(id)}`, { json: body }).json()));
}

export function useUpdateRecord<Item extends OrganisationRecord>(type: RecordType<Item>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: unknown }) => updateRecord(type, id, body),
    onSuccess: () => invalidateOrganisation(queryClient),
  });
}
