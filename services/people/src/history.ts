import type { EventEnvelope } from '@ams/bus';
import type { PoolClient } from '@ams/db';
import { allEmployees } from './employees/employee-repository.ts';
import { employeeChanged } from './employees/employee-view.ts';
import { allRecords } from './organisation/organisation-repository.ts';
import { companies, departments, jobTitles, leaveGroups, leaveTypes, type RecordType } from './organisation/record-types.ts';
import { allSettings } from './settings/settings-repository.ts';
import { settingsChanged } from './settings/settings-service.ts';

async function recordsSaved<TFields extends { name: string }, TItem extends { id: string }>(
  tx: PoolClient,
  type: RecordType<TFields, TItem>,
  now: Date,
): Promise<EventEnvelope[]> {
  return (await allRecords<TItem>(tx, type)).map((item) => type.saved(item, now));
}

/**
 * People's current state for a history request, parents first: companies, the settings, departments, job titles,
 * leave types and groups, then every employee as an update (the whole snapshot, without a creation's side effects).
 */
export async function* announcePeople(tx: PoolClient, now: Date): AsyncGenerator<EventEnvelope[]> {
  yield await recordsSaved(tx, companies, now);
  yield (await allSettings(tx)).map((settings) => settingsChanged(settings, now));
  yield await recordsSaved(tx, departments, now);
  yield await recordsSaved(tx, jobTitles, now);
  yield await recordsSaved(tx, leaveTypes, now);
  yield await recordsSaved(tx, leaveGroups, now);
  yield (await allEmployees(tx)).map((row) => employeeChanged('employee.EmployeeUpdated', row, now));
}
