import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, request } from '@/lib/api-client';
import type { OrganisationRecord, RecordType } from '../record-types';
import { invalidateOrganisation } from './invalidate';

/** POST /api/<records> with the fields the type's schema parsed. */
export function createRecord<Item extends OrganisationRecord>(type: RecordType<Item>, body: unknown) {
  return request(async () => type.item.parse(await api.post(type.endpoint, { json: body }).json()));
}

export function useCreateRecord<Item extends OrganisationRecord>(type: RecordType<Item>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (body: unknown) => createRecord(type, body), onSuccess: () => invalidateOrganisation(queryClient) });
}
