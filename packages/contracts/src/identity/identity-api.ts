import { z } from 'zod';
import { message } from '../messages/message-format.ts';
import { accountTypes, permissionsSchema } from '../access.ts';
import { newPasswordSchema, passwordMessages, PASSWORD_MAX_LENGTH } from './password-rules.ts';

const id = z.uuid(message('invalidId'));
export const idParamsSchema = z.object({ id });

export const emailSchema = z
  .string(message('emailIsRequired'))
  .trim()
  .min(1, message('emailIsRequired'))
  .max(254, message('invalidEmailAddress'))
  .pipe(z.email(message('invalidEmailAddress')))
  .transform((email) => email.toLowerCase());

const nameSchema = z.string(message('nameIsRequired')).trim().min(1, message('nameIsRequired')).max(120, message('nameMustBeAtMost120Characters'));
export const userStatuses = ['enabled', 'disabled'] as const;
export const userTypes = ['admin', 'employee'] as const;
export type UserStatus = (typeof userStatuses)[number];
export type UserType = (typeof userTypes)[number];

/** Spec §3: the role of the signed-in user, resource → allowed actions. */
export const signedInUserSchema = z.object({
  id,
  name: z.string(),
  email: z.string(),
  image: z.string().nullable(),
  account_type: z.enum(accountTypes),
  role: permissionsSchema,
  /** The user's company (null: none yet; absent in sessions stored before it was sent). */
  company_id: z.string().nullable().optional(),
  /** The user's own time format (null: the company's; absent in sessions stored before it was sent). */
  time_format: z.enum(['24', '12']).nullable().optional(),
});
export type SignedInUser = z.infer<typeof signedInUserSchema>;

export const loginBodySchema = z.object({
  email: emailSchema,
  // Not the new-password rules: old passwords must still sign in. Only bounded.
  password: z.string(message('passwordIsRequired')).min(1, message('passwordIsRequired')).max(PASSWORD_MAX_LENGTH, message('invalidCredentials')),
});
export const sessionResponseSchema = z.object({ accessToken: z.string(), user: signedInUserSchema });
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

/** A password given must be confirmed. */
const passwordConfirmed = (body: { password?: string; confirmPassword?: string }) => body.password === undefined || body.password === body.confirmPassword;
const mismatch = { message: passwordMessages.mismatch, path: ['confirmPassword'] };

export const signUpBodySchema = z
  .object({ name: nameSchema, email: emailSchema, password: newPasswordSchema, confirmPassword: z.string(passwordMessages.allFieldsRequired) })
  .refine(passwordConfirmed, mismatch);

export const signUpStatusSchema = z.object({ enabled: z.boolean() });

/** A user's own time format: 24-hour, 12-hour, or null for the organisation's (their company's) setting. */
export const timeFormatPreferences = ['24', '12'] as const;
export type TimeFormatPreference = (typeof timeFormatPreferences)[number];

export const meUpdateSchema = z
  .object({
    name: nameSchema,
    email: emailSchema,
    image: z.string().max(2048).nullable(),
    timeFormat: z.enum(timeFormatPreferences, message('timeFormatPreference')).nullable(),
  })
  .partial()
  .refine((body) => Object.keys(body).length > 0, { message: passwordMessages.allFieldsRequired });

export const changePasswordSchema = z
  .object({
    currentPassword: z.string(passwordMessages.allFieldsRequired).min(1, passwordMessages.allFieldsRequired).max(PASSWORD_MAX_LENGTH),
    newPassword: newPasswordSchema,
    confirmPassword: z.string(passwordMessages.allFieldsRequired).min(1, passwordMessages.allFieldsRequired),
  })
  .refine((body) => body.newPassword === body.confirmPassword, mismatch);

export const messageSchema = z.object({ message: z.string() });
/** The old tokens are dead; this one keeps the current session going. */
export const passwordChangedSchema = z.object({ message: z.string(), accessToken: z.string() });

export const userSchema = z.object({
  id,
  name: z.string(),
  email: z.string(),
  image: z.string().nullable(),
  accountType: z.enum(accountTypes),
  type: z.enum(userTypes),
  roleId: id,
  roleName: z.string(),
  status: z.enum(userStatuses),
  companyId: z.string().nullable(),
  employeeId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

// Ids of the people service's companies and employees.
const companyIdSchema = z.uuid(message('invalidCompany')).nullable();

const employeeIdSchema = z.uuid(message('invalidEmployee')).nullable();

/** Every field a user form has; creation and update differ only in what is required. */
const userFieldsSchema = z.object({
  name: nameSchema,
  email: emailSchema,
  accountType: z.enum(accountTypes, message('accountTypeIsRequired')),
  roleId: z.uuid(message('roleIsRequired')),
  status: z.enum(userStatuses, message('statusIsRequired')),
  companyId: companyIdSchema,
  employeeId: employeeIdSchema,
  password: newPasswordSchema,
  confirmPassword: z.string(passwordMessages.allFieldsRequired),
});

export const userCreateSchema = userFieldsSchema
  .extend({ companyId: companyIdSchema.optional(), employeeId: employeeIdSchema.optional() })
  .refine(passwordConfirmed, mismatch);

export const userUpdateSchema = userFieldsSchema.partial().refine(passwordConfirmed, mismatch);

export const listQuerySchema = z.object({
  search: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});
/** The direction of a sorted list. */
export const sortOrderSchema = z.enum(['asc', 'desc']).default('asc');

export const userListSchema = z.object({ items: z.array(userSchema), total: z.number().int() });

export const roleSchema = z.object({
  id,
  name: z.string(),
  companyId: z.string().nullable(),
  userType: z.enum(userTypes),
  permissions: permissionsSchema,
  /** Default roles are seeded for every company and changed only by a SuperAdmin. */
  system: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Role = z.infer<typeof roleSchema>;

export const roleCreateSchema = z.object({
  name: z.string(message('nameIsRequired')).trim().min(1, message('nameIsRequired')).max(80, message('nameMustBeAtMost80Characters')),
  companyId: companyIdSchema.optional(),
  userType: z.enum(userTypes, message('userTypeIsRequired')),
  permissions: permissionsSchema,
});
export const roleUpdateSchema = roleCreateSchema.omit({ companyId: true }).partial();
export const roleListSchema = z.object({ items: z.array(roleSchema), total: z.number().int() });

export const signUpSettingSchema = z.object({ enabled: z.boolean() });
