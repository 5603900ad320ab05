import { z } from 'zod';
import { accountTypes, permissionsSchema } from './access.ts';

/** Who is calling, as verified by the gateway and passed to services in a signed header. */
export const principalSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('anonymous') }),
  z.object({
    kind: z.literal('user'),
    userId: z.string().min(1),
    accountType: z.enum(accountTypes),
    companyId: z.string().nullable(),
    employeeId: z.string().nullable(),
    permissions: permissionsSchema,
  }),
]);
export type Principal = z.infer<typeof principalSchema>;

export const anonymousPrincipal: Principal = { kind: 'anonymous' };
