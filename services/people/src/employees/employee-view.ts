import { newEvent, type EventEnvelope } from '@ams/bus';
import { ageOn, fullName, localDateOf, type Employee, type EmployeeSnapshot, type PeopleEventType } from '@ams/contracts';
import type { EmployeeRow } from './employee-repository.ts';

/** The API's employee: names joined, age derived on the day, photo URLs versioned for caches. */
export function employeeView(row: EmployeeRow, now: Date): Employee {
  const { photoVersion, ...fields } = row;
  const photo = (kind: 'image' | 'thumbnail') => (photoVersion === null ? null : `/api/employees/${row.id}/${kind}?v=${photoVersion}`);
  return {
    ...fields,
    fullName: fullName(row),
    age: ageOn(row.birthday, localDateOf(now, 'UTC')),
    image: photo('image'),
    thumbnail: photo('thumbnail'),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export type EmployeeChange = Extract<
  PeopleEventType,
  'employee.EmployeeCreated' | 'employee.EmployeeUpdated' | 'employee.EmployeeArchived' | 'employee.EmployeeRestored' | 'employee.EmployeeErased'
>;

/** The whole employee as other services project it. */
export function employeeChanged(change: EmployeeChange, row: EmployeeRow, now: Date, extra: { erasedAt?: string } = {}): EventEnvelope<EmployeeSnapshot> {
  return newEvent(
    change,
    row.id,
    {
      ...extra,
      employeeId: row.id,
      companyId: row.companyId,
      departmentId: row.departmentId,
      jobTitleId: row.jobTitleId,
      leaveGroupId: row.leaveGroupId,
      firstName: row.firstName,
      lastName: row.lastName,
      email: row.email,
      companyEmail: row.companyEmail,
      gender: row.gender,
      civilStatus: row.civilStatus,
      height: row.height,
      weight: row.weight,
      phoneNumber: row.phoneNumber,
      birthday: row.birthday,
      nationalId: row.nationalId,
      placeOfBirth: row.placeOfBirth,
      address: row.address,
      employmentType: row.employmentType,
      employmentStatus: row.employmentStatus,
      officialStartDate: row.officialStartDate,
      dateRegularized: row.dateRegularized,
      hasImage: row.photoVersion !== null,
      rfidCard: row.rfidCard,
      createdAt: row.createdAt.toISOString(),
    },
    { now },
  );
}

export function employeeDeleted(employeeId: string, now: Date): EventEnvelope {
  return newEvent('employee.EmployeeDeleted', employeeId, { employeeId }, { now });
}

export function pinChanged(row: Pick<EmployeeRow, 'id' | 'companyId'>, pinHash: string | null, now: Date): EventEnvelope {
  return newEvent('employee.PinChanged', row.id, { employeeId: row.id, companyId: row.companyId, pinHash }, { now });
}
