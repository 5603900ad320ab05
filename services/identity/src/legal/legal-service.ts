import { withOutbox } from '@ams/bus';
import type { LegalNotice, LegalNoticeUpdate } from '@ams/contracts';
import { AppError, type ClientInfo, type SignedInPrincipal } from '@ams/service-kit';
import type { IdentityContext } from '../context.ts';
import { activityRecorded } from '../events.ts';
import { defaultLegalTexts } from './default-texts.ts';
import { readLegalNotice, saveLegalNotice, type StoredLegalNotice } from './legal-repository.ts';

function view(stored: StoredLegalNotice): LegalNotice {
  return {
    terms: { en: stored.termsEn ?? defaultLegalTexts.terms.en, es: stored.termsEs ?? defaultLegalTexts.terms.es },
    privacy: { en: stored.privacyEn ?? defaultLegalTexts.privacy.en, es: stored.privacyEs ?? defaultLegalTexts.privacy.es },
    customised: stored.updatedAt !== null,
    updatedAt: stored.updatedAt?.toISOString() ?? null,
  };
}

export async function getLegalNotice(ctx: IdentityContext): Promise<LegalNotice> {
  return view(await readLegalNotice(ctx.pool));
}

/** The texts are the organisation's, as the organisation's settings are: only a SuperAdmin changes them. */
export async function updateLegalNotice(ctx: IdentityContext, caller: SignedInPrincipal, texts: LegalNoticeUpdate, client: ClientInfo): Promise<LegalNotice> {
  if (caller.accountType !== 'SuperAdmin') throw new AppError('forbidden', 'onlyASuperadminCanChangeTheOrganisation');
  return withOutbox(ctx, async (tx, record) => {
    const now = ctx.now();
    await saveLegalNotice(tx, { termsEn: texts.terms.en, termsEs: texts.terms.es, privacyEn: texts.privacy.en, privacyEs: texts.privacy.es }, now);
    record(activityRecorded({ action: 'settings-changed', actor: { id: caller.userId, email: null }, client, details: { legalNotice: 'updated' } }, now));
    return view(await readLegalNotice(tx));
  });
}
