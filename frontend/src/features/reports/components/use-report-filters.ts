import { useAtom, useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { currentUserAtom } from '@/lib/session';
import { defaultReportFilters, filtersFromSearch, type ReportFilters, type ReportName } from '../report-query';
import { reportFiltersAtoms } from '../stores/report-filters';

/** A report's filters (the signed-in user's), a link's date range taken in once, and a change that goes back to the first page. */
export function useReportFilters(name: ReportName): { filters: ReportFilters; change: (next: Partial<ReportFilters>) => void } {
  const user = useAtomValue(currentUserAtom);
  const owner = user?.id ?? null;
  const [stored, setStored] = useAtom(reportFiltersAtoms[name]);
  const filters = stored.owner === owner ? stored.filters : defaultReportFilters;
  const [search, setSearch] = useSearchParams();
  useEffect(() => {
    if (!search.has('from') && !search.has('to')) return;
    setStored((current) => ({ owner, filters: filtersFromSearch(current.owner === owner ? current.filters : defaultReportFilters, search) }));
    // The range is now the filters': the address loses it, so a later change of the filters is not undone by it.
    setSearch({}, { replace: true });
  }, [search, setSearch, setStored, owner]);
  return { filters, change: (next) => setStored({ owner, filters: { ...filters, page: 1, ...next } }) };
}
