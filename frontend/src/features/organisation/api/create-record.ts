import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, type BodyOf } from '@/lib/api-call';
import type { OrganisationRecord, RecordType } from '../record-types';
import { invalidateOrganisation } from './invalidate';

/** POST /api/<records> with the fields the type's schema parsed (the route's own body schema). */
export function createRecord<Item extends OrganisationRecord>(type: RecordType<Item>, body: unknown) {
  return call(type.routes.create, { body: body as BodyOf<RecordType['routes']['create']> }) as Promise<Item>;
}

export function useCreateRecord<Item extends OrganisationRecord>(type: RecordType<Item>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (body: unknown) => createRecord(type, body), onSuccess: () => invalidateOrganisation(queryClient) });
}
