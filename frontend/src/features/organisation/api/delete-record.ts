import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-call';
import type { OrganisationRecord, RecordType } from '../record-types';
import { invalidateOrganisation } from './invalidate';

/** DELETE /api/<records>/:id; refused (409) while other records or employees refer to it. */
export function deleteRecord<Item extends OrganisationRecord>(type: RecordType<Item>, id: string) {
  return call(type.routes.remove, { params: { id } });
}

export function useDeleteRecord<Item extends OrganisationRecord>(type: RecordType<Item>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (id: string) => deleteRecord(type, id), onSuccess: () => invalidateOrganisation(queryClient) });
}
