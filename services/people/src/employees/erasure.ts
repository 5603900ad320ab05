import { forgetPublishedAbout, newEvent, withOutbox } from '@ams/bus';
import { ERASED_FIRST_NAME, erasedEmail, erasedLastName, type Employee } from '@ams/contracts';
import type { SignedInPrincipal } from '@ams/service-kit';
import type { PeopleContext } from '../context.ts';
import { deleteOwnPinAttempts, deletePhotoAndFace, setPinHash, updateEmployee } from './employee-repository.ts';
import { lockedEmployee, reloadEmployee } from './employee-service.ts';
import { employeeChanged, employeeView, pinChanged } from './employee-view.ts';

/** What erasure leaves of an employee: the pseudonym, placement and employment facts; nothing that identifies the person (no card either). */
function anonymisedFields(employeeId: string) {
  return {
    firstName: ERASED_FIRST_NAME,
    lastName: erasedLastName(employeeId),
    email: erasedEmail(employeeId),
    // Unique per company like a real national ID, and says nothing about the person.
    nationalId: `ERASED-${employeeId}`,
    companyEmail: null,
    civilStatus: null,
    height: null,
    weight: null,
    phoneNumber: null,
    birthday: null,
    placeOfBirth: null,
    address: null,
    // The card would still clock the person in as the pseudonym; attendance and reporting drop it from the snapshot.
    rfidCard: null,
  };
}

/**
 * Erasure on request (GDPR Art. 17): personal fields are replaced in one transaction and
 * employee.EmployeeErased tells every service to replace what it keeps of the person with the pseudonym.
 * FaceRemoved and PinChanged go out as usual, so the kiosk forgets the template, thumbnail and PIN by the
 * handlers it already has; the card goes with the snapshot. The employee's id, placement and attendance stay: totals and the audit trail
 * remain whole. Erasing again repeats the same (idempotent) changes.
 */
export async function eraseEmployee(ctx: PeopleContext, caller: SignedInPrincipal, id: string): Promise<Employee> {
  return withOutbox(ctx, async (tx, record) => {
    const employee = await lockedEmployee(tx, caller, id);
    const now = ctx.now();
    await updateEmployee(tx, id, anonymisedFields(id), now);
    await deletePhotoAndFace(tx, id);
    await setPinHash(tx, id, null, now);
    await deleteOwnPinAttempts(tx, id);
    // Published events kept for inspection carry the old snapshots (and the face thumbnail): gone now, not in 7 days.
    await forgetPublishedAbout(tx, [id]);
    record(newEvent('employee.FaceRemoved', id, { employeeId: id }, { now }));
    record(pinChanged(employee, null, now));
    const row = await reloadEmployee(tx, id);
    record(employeeChanged('employee.EmployeeErased', row, now, { erasedAt: now.toISOString() }));
    return employeeView(row, now);
  });
}
