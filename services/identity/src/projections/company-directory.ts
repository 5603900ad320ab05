import { handleOnce, type EventEnvelope } from '@ams/bus';
import { peopleEvents } from '@ams/contracts';
import type { Pool } from '@ams/db';
import { IDENTITY_GROUP } from './employee-directory.ts';

/** Keeps the companies' ids, so users and roles can only be placed in a company that exists. */
export async function applyOrganisationEvent(pool: Pool, event: EventEnvelope): Promise<void> {
  await handleOnce(pool, IDENTITY_GROUP, event, async (tx) => {
    if (event.type === 'organisation.CompanySaved') {
      const company = peopleEvents[event.type].parse(event.payload);
      await tx.query('INSERT INTO company_directory (company_id, name) VALUES ($1, $2) ON CONFLICT (company_id) DO UPDATE SET name = $2', [
        company.companyId,
        company.name,
      ]);
    } else if (event.type === 'organisation.CompanyDeleted') {
      await tx.query('DELETE FROM company_directory WHERE company_id = $1', [peopleEvents[event.type].parse(event.payload).companyId]);
    }
  });
}
