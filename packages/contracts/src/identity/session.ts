import { z } from 'zod';
import type { MessageKey } from '../messages/message-catalogue.ts';

/** Spec §9: the token and its cookie live one day. */
export const TOKEN_LIFETIME_SECONDS = 24 * 60 * 60;
/** Pinned: a token signed any other way (or `none`) is refused. */
export const TOKEN_ALGORITHM = 'HS256';
export const TOKEN_COOKIE = 'token';
/** Double-submit CSRF: readable cookie, echoed in the header on unsafe cookie-authenticated requests. */
export const CSRF_COOKIE = 'csrf_token';
export const CSRF_HEADER = 'x-csrf-token';
export const TOKEN_ISSUER = 'ams-identity';
export const TOKEN_AUDIENCE = 'ams';

export const accessTokenClaimsSchema = z.object({
  sub: z.uuid(),
  jti: z.string().min(1),
  /** The user's token version when issued. */
  ver: z.number().int().min(0),
  /** Must equal the CSRF header for cookie-authenticated unsafe requests. */
  csrf: z.string().min(16),
  iat: z.number().int(),
  exp: z.number().int(),
});
export type AccessTokenClaims = z.infer<typeof accessTokenClaimsSchema>;

/**
 * Why a user's live sessions were ended by someone else: the 401 of their next call carries it (`reason`),
 * so the SPA can say why it signed them out.
 */
export const sessionEndReasons = ['account-disabled', 'role-changed', 'company-changed', 'password-changed'] as const;
export type SessionEndReason = (typeof sessionEndReasons)[number];

/** The message each reason shows (catalogue keys, EN+ES). */
export const sessionEndMessages = {
  'account-disabled': 'sessionEndedAccountDisabled',
  'role-changed': 'sessionEndedRoleChanged',
  'company-changed': 'sessionEndedCompanyChanged',
  'password-changed': 'sessionEndedPasswordChanged',
} as const satisfies Record<SessionEndReason, MessageKey>;

export function isSessionEndReason(value: unknown): value is SessionEndReason {
  return typeof value === 'string' && (sessionEndReasons as readonly string[]).includes(value);
}
