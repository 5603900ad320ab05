import { useAtom, useAtomValue } from 'jotai';
import { currentUserAtom } from '@/lib/session';
import { defaultLeaveListFilters, leaveListFiltersAtom, type LeaveListFilters } from './list-filters';

/** The signed-in user's leave filters, and a change that goes back to the list's first page unless it pages. */
export function useLeaveFilters() {
  const user = useAtomValue(currentUserAtom);
  const [stored, setStored] = useAtom(leaveListFiltersAtom);
  const filters = stored.owner === (user?.id ?? null) ? stored.filters : defaultLeaveListFilters;
  const change = (next: Partial<LeaveListFilters>) => setStored({ owner: user?.id ?? null, filters: { ...filters, page: 1, ...next } });
  return { filters, change };
}
