import type { z } from 'zod';
import {
  ageBands,
  ageOn,
  localDateOf,
  civilStatuses,
  employmentTypes,
  genders,
  type birthdayReportSchema,
  type employeeListReportSchema,
  type employeeScheduleReportSchema,
  type organisationProfileSchema,
  type ReportQuery,
} from '@ams/contracts';
import { scopeOf, type SignedInPrincipal } from '@ams/service-kit';
import type { ReportingContext } from '../context.ts';
import { ageBandOf } from '../figures/age.ts';
import { birthdays, employeeListPage, organisationCounts, schedulesInForce } from './directory-repository.ts';

const todayOf = (ctx: ReportingContext) => localDateOf(ctx.now(), 'UTC');
const pageOf = (query: { page: number; pageSize: number }) => ({ limit: query.pageSize, offset: (query.page - 1) * query.pageSize });

/** Report 4: active employees' birthdays in a month (or all months), with the age they turn this year. */
export async function birthdayReport(ctx: ReportingContext, caller: SignedInPrincipal, query: ReportQuery): Promise<z.input<typeof birthdayReportSchema>> {
  const year = Number(todayOf(ctx).slice(0, 4));
  const everyone = await birthdays(ctx.pool, scopeOf(caller), { companyId: query.companyId, departmentId: query.departmentId, employeeId: query.employeeId });
  const perMonth = Array.from({ length: 12 }, () => 0);
  const items = [];
  for (const employee of everyone) {
    const month = Number(employee.birthday.slice(5, 7));
    perMonth[month - 1] = (perMonth[month - 1] ?? 0) + 1;
    if (query.month !== undefined && query.month !== month) continue;
    items.push({ ...employee, month, day: Number(employee.birthday.slice(8, 10)), turns: year - Number(employee.birthday.slice(0, 4)) });
  }
  return { items, perMonth };
}

/** Report 6: every field of the employees, with their organisation's names and their age today. */
export async function employeeListReport(
  ctx: ReportingContext,
  caller: SignedInPrincipal,
  query: ReportQuery,
): Promise<z.input<typeof employeeListReportSchema>> {
  const today = todayOf(ctx);
  const { rows, total } = await employeeListPage(ctx.pool, scopeOf(caller), query, pageOf(query));
  return {
    items: rows.map(({ snapshot, companyName, departmentName, jobTitleName }) => ({
      ...snapshot,
      companyName,
      departmentName,
      jobTitleName,
      age: ageOn(snapshot.birthday, today),
    })),
    total,
  };
}

/** Report 7: each active employee's schedule in force on the date (today by default), or none. */
export async function employeeScheduleReport(
  ctx: ReportingContext,
  caller: SignedInPrincipal,
  query: ReportQuery,
): Promise<z.input<typeof employeeScheduleReportSchema>> {
  const date = query.date ?? todayOf(ctx);
  const rows = await schedulesInForce(ctx.pool, scopeOf(caller), query, date, pageOf(query));
  return {
    date,
    items: rows.map(({ total: _total, withoutSchedule: _without, ...row }) => row),
    total: rows[0]?.total ?? 0,
    withoutSchedule: rows[0]?.withoutSchedule ?? 0,
  };
}

function tally<K extends string>(keys: readonly K[], values: Iterable<K>): Array<{ key: K; count: number }> {
  const counts = new Map<K, number>(keys.map((key) => [key, 0]));
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return keys.map((key) => ({ key, count: counts.get(key) ?? 0 }));
}

type Profile = z.input<typeof organisationProfileSchema>;
type CivilStatusKey = Profile['civilStatus'][number]['key'];

/** Report 8: companies and departments with their population, and the active employees' demographics. */
export async function organisationProfileReport(ctx: ReportingContext, caller: SignedInPrincipal, query: { companyId?: string | undefined }): Promise<Profile> {
  const today = todayOf(ctx);
  const { companies, departments, employees } = await organisationCounts(ctx.pool, scopeOf(caller), query.companyId);
  const population = (matches: (employee: (typeof employees)[number]) => boolean) => {
    const counts = { active: 0, archived: 0 };
    for (const employee of employees) if (matches(employee)) counts[employee.employmentStatus] += 1;
    return counts;
  };
  const active = employees.filter((employee) => employee.employmentStatus === 'active');
  const civilKeys: readonly CivilStatusKey[] = [...civilStatuses, 'unknown'];
  return {
    companies: companies.map((company) => ({ ...company, ...population((employee) => employee.companyId === company.companyId) })),
    departments: departments.map((department) => ({ ...department, ...population((employee) => employee.departmentId === department.departmentId) })),
    ageBands: tally(
      ageBands,
      active.map((employee) => ageBandOf(ageOn(employee.birthday, today))),
    ),
    civilStatus: tally(
      civilKeys,
      active.map((employee) => ((civilKeys as readonly string[]).includes(employee.civilStatus ?? '') ? (employee.civilStatus as CivilStatusKey) : 'unknown')),
    ),
    gender: tally(
      genders,
      active.flatMap((employee) => ((genders as readonly string[]).includes(employee.gender) ? [employee.gender as (typeof genders)[number]] : [])),
    ),
    employmentType: tally(
      employmentTypes,
      active.flatMap((employee) =>
        (employmentTypes as readonly string[]).includes(employee.employmentType) ? [employee.employmentType as (typeof employmentTypes)[number]] : [],
      ),
    ),
  };
}
