import { describe, expect, it } from 'vitest';
import { defaultReportFilters, filtersFromSearch, reportFilterQuery, reportPageQuery } from './report-query';

const filters = {
  ...defaultReportFilters,
  companyId: 'c1',
  employeeId: 'e1',
  from: '2026-01-01',
  to: '2026-01-31',
  month: '3',
  userStatus: 'enabled',
  page: 2,
};

describe('a report’s query', () => {
  it('sends only the filters the report reads, and only those set', () => {
    expect(reportFilterQuery('attendance-overtime', filters)).toEqual({ companyId: 'c1', employeeId: 'e1', from: '2026-01-01', to: '2026-01-31' });
    expect(reportFilterQuery('employee-birthdays', filters)).toEqual({ companyId: 'c1', month: 3 });
    expect(reportFilterQuery('user-accounts', filters)).toEqual({ companyId: 'c1', userStatus: 'enabled' });
    expect(reportFilterQuery('organization-profile', defaultReportFilters)).toEqual({});
  });

  it('pages the reports that come a page at a time, never the others', () => {
    expect(reportPageQuery('consolidated-overtime', filters)).toMatchObject({ page: 2, pageSize: 50 });
    expect(reportPageQuery('employee-birthdays', filters)).not.toHaveProperty('page');
    expect(reportPageQuery('organization-profile', filters)).toEqual({ companyId: 'c1' });
  });
});

describe('a link to a report', () => {
  it('carries the attendance list’s range into the filters, back on the first page', () => {
    const search = new URLSearchParams({ from: '2026-02-01', to: '2026-02-28' });
    expect(filtersFromSearch(filters, search)).toMatchObject({ from: '2026-02-01', to: '2026-02-28', page: 1, companyId: 'c1' });
  });

  it('leaves the filters as they were without a range, or with a malformed one', () => {
    expect(filtersFromSearch(filters, new URLSearchParams())).toBe(filters);
    expect(filtersFromSearch(filters, new URLSearchParams({ from: 'yesterday' }))).toBe(filters);
  });
});
