import { randomUUID } from 'node:crypto';
import { withOutbox } from '@ams/bus';
import type { Queryable } from '@ams/db';
import { AppError, scopeOf, type SignedInPrincipal } from '@ams/service-kit';
import type { PeopleContext } from '../context.ts';
import { translateConstraints } from '../database-errors.ts';
import { deleteRecord, findRecord, insertRecord, lockRecord, updateRecord } from './organisation-repository.ts';
import type { RecordType } from './record-types.ts';

type AnyRecordType = RecordType<{ name: string }, { id: string }>;

function assertMayAddOrRemove(type: AnyRecordType, caller: SignedInPrincipal): void {
  if (type.superAdminOnly && caller.accountType !== 'SuperAdmin') {
    throw new AppError('forbidden', 'onlyASuperadminCanAddOrRemove');
  }
}

function constraintMessages(type: AnyRecordType) {
  return { inUse: type.messages.inUse, taken: () => type.messages.nameTaken };
}

async function visibleRecord<TItem extends { id: string }>(db: Queryable, type: AnyRecordType, caller: SignedInPrincipal, id: string): Promise<TItem> {
  const item = await findRecord<TItem>(db, type, id, scopeOf(caller));
  if (!item) throw new AppError('not_found', type.messages.notFound);
  return item;
}

export function getRecord<TItem extends { id: string }>(ctx: PeopleContext, type: AnyRecordType, caller: SignedInPrincipal, id: string): Promise<TItem> {
  return visibleRecord<TItem>(ctx.pool, type, caller, id);
}

export async function createRecord<TFields extends { name: string }, TItem extends { id: string }>(
  ctx: PeopleContext,
  type: RecordType<TFields, TItem>,
  caller: SignedInPrincipal,
  fields: TFields,
): Promise<TItem> {
  const anyType = type as unknown as AnyRecordType;
  assertMayAddOrRemove(anyType, caller);
  return withOutbox(ctx, async (tx, record) => {
    await type.checkReferences(tx, scopeOf(caller), fields);
    const id = randomUUID();
    await translateConstraints(async () => {
      await insertRecord(tx, anyType, id, type.row(fields), ctx.now());
      await type.details?.save(tx, id, fields);
    }, constraintMessages(anyType));
    const item = await visibleRecord<TItem>(tx, anyType, caller, id);
    record(type.saved(item, ctx.now()));
    return item;
  });
}

/** A full replacement of the record's fields (the forms send them all). */
export async function updateRecordFields<TFields extends { name: string }, TItem extends { id: string }>(
  ctx: PeopleContext,
  type: RecordType<TFields, TItem>,
  caller: SignedInPrincipal,
  id: string,
  fields: TFields,
): Promise<TItem> {
  const anyType = type as unknown as AnyRecordType;
  return withOutbox(ctx, async (tx, record) => {
    await visibleRecord(tx, anyType, caller, id);
    await lockRecord(tx, anyType, id);
    await type.checkReferences(tx, scopeOf(caller), fields);
    await translateConstraints(async () => {
      await type.details?.clear(tx, id);
      await updateRecord(tx, anyType, id, type.row(fields), ctx.now());
      await type.details?.save(tx, id, fields);
    }, constraintMessages(anyType));
    const item = await visibleRecord<TItem>(tx, anyType, caller, id);
    record(type.saved(item, ctx.now()));
    return item;
  });
}

/** Refused (409) while other records still refer to it: nothing is left dangling. */
export async function deleteOrganisationRecord(ctx: PeopleContext, type: AnyRecordType, caller: SignedInPrincipal, id: string): Promise<void> {
  await withOutbox(ctx, async (tx, record) => {
    await visibleRecord(tx, type, caller, id);
    assertMayAddOrRemove(type, caller);
    await lockRecord(tx, type, id);
    await translateConstraints(() => deleteRecord(tx, type, id), constraintMessages(type));
    record(type.deleted(id, ctx.now()));
  });
}
