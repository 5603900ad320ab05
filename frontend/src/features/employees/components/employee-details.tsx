import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { QueryState } from '@/components/ui/states';
import { hrefOf, paths } from '@/config/paths';
import { useAuthorization } from '@/lib/authorization';
import { useDateFormat } from '@/lib/use-date-format';
import { useEmployee } from '../api/get-employee';
import { useArchiveOrRestore } from './use-archive-or-restore';
import { EmployeeAvatar } from './employee-avatar';
import { PersonalDataControl } from './personal-data-control';
import { PhotoControl } from './photo-control';
import { PinControl } from './pin-control';

function Card({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="bg-base-100 rounded-box flex min-w-0 flex-col gap-3 p-6 max-sm:p-4" aria-labelledby={id}>
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Facts({ rows }: { rows: readonly (readonly [string, ReactNode])[] }) {
  const { t } = useTranslation();
  return (
    // The value column may shrink and long values (emails) wrap: a phone never scrolls sideways.
    <dl className="grid grid-cols-[minmax(7rem,auto)_minmax(0,1fr)] gap-x-6 gap-y-2 max-sm:grid-cols-1">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-base-content/70">{label}</dt>
          <dd className="break-words max-sm:mb-2">
            {value === '' || value === null ? <span className="text-base-content/70">{t('employees.notGiven')}</span> : value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function Badge({ on, onText, offText, testId }: { on: boolean; onText: string; offText: string; testId: string }) {
  return (
    <span className={`badge ${on ? 'badge-success' : 'badge-ghost'}`} data-testid={testId} data-state={on ? 'on' : 'off'}>
      {on ? onText : offText}
    </span>
  );
}

/** Spec §2 employee details: the photo, the person and the employment, the face and PIN used for clocking. */
export function EmployeeDetails({ id }: { id: string }) {
  const { t } = useTranslation();
  const { can } = useAuthorization();
  const employee = useEmployee(id);
  const format = useDateFormat(employee.data?.companyId);
  const archiving = useArchiveOrRestore();
  if (!employee.data) return <QueryState query={employee} />;
  const person = employee.data;
  const date = format.date;
  const mayUpdate = can('employee.update');
  const archived = person.employmentStatus === 'archived';

  return (
    <div className="flex flex-col gap-6" data-testid="employee-details">
      <section className="bg-base-100 rounded-box flex flex-wrap items-center gap-6 p-6">
        <EmployeeAvatar employee={person} size="lg" />
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <h2 className="text-2xl font-semibold break-words">{person.fullName}</h2>
          <p className="text-base-content/70">{[person.jobTitleName, person.departmentName, person.companyName].join(' · ')}</p>
          <div className="flex flex-wrap gap-2">
            <span className={`badge ${archived ? 'badge-warning' : 'badge-info'}`}>{t(`employees.statuses.${person.employmentStatus}`)}</span>
            <Badge on={person.faceEnrolled} onText={t('employees.faceEnrolled')} offText={t('employees.noFace')} testId="face-badge" />
            <Badge on={person.hasPin} onText={t('employees.pinIsSet')} offText={t('employees.noPin')} testId="pin-badge" />
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          {mayUpdate ? (
            <Link to={hrefOf(paths.employeeEdit, { id: person.id })} className="btn btn-primary btn-sm">
              {t('common.edit')}
            </Link>
          ) : null}
          {can('employee.archive') ? (
            <button type="button" className="btn btn-sm" onClick={(event) => archiving.archiveOrRestore(person, event)} aria-disabled={archiving.busy}>
              {t(archived ? 'employees.restore' : 'employees.archive')}
            </button>
          ) : null}
        </div>
        {archiving.dialog}
      </section>

      <div className="grid gap-6 lg:grid-cols-2">
        <Card title={t('employees.personal')}>
          <Facts
            rows={[
              [t('employees.fields.age'), person.age === null ? '' : t('employees.years', { count: person.age })],
              [t('employees.fields.gender'), t(`employees.genders.${person.gender}`)],
              [t('employees.fields.civilStatus'), person.civilStatus ? t(`employees.civilStatuses.${person.civilStatus}`) : ''],
              [t('employees.fields.birthday'), date(person.birthday)],
              [t('employees.fields.height'), person.height === null ? '' : t('employees.cm', { value: person.height })],
              [t('employees.fields.weight'), person.weight === null ? '' : t('employees.kg', { value: person.weight })],
              [t('employees.fields.email'), person.email],
              [t('employees.fields.phoneNumber'), person.phoneNumber ?? ''],
              [t('employees.fields.nationalId'), person.nationalId],
              [t('employees.fields.placeOfBirth'), person.placeOfBirth ?? ''],
              [t('employees.fields.address'), person.address ?? ''],
            ]}
          />
        </Card>
        <Card title={t('employees.employment')}>
          <Facts
            rows={[
              [t('employees.fields.companyId'), person.companyName],
              [t('employees.fields.departmentId'), person.departmentName],
              [t('employees.fields.jobTitleId'), person.jobTitleName],
              [t('employees.fields.leaveGroupId'), person.leaveGroupName],
              [t('employees.fields.companyEmail'), person.companyEmail ?? ''],
              [t('employees.fields.employmentType'), t(`employees.employmentTypes.${person.employmentType}`)],
              [t('employees.fields.officialStartDate'), date(person.officialStartDate)],
              [t('employees.fields.dateRegularized'), date(person.dateRegularized)],
              [t('employees.fields.rfidCard'), person.rfidCard ?? ''],
            ]}
          />
        </Card>
        {mayUpdate ? (
          <>
            <Card title={t('employees.photo')}>
              <PhotoControl employee={person} />
            </Card>
            <Card title={t('employees.clockPin')}>
              <PinControl employee={person} />
            </Card>
          </>
        ) : null}
        {/* Safeguarding: the person's data export and erasure on request. */}
        <Card title={t('personalData.title')}>
          <PersonalDataControl employee={person} />
        </Card>
      </div>
    </div>
  );
}
