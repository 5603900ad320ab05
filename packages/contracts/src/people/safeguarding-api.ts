import { z } from 'zod';
import { message } from '../messages/message-format.ts';

/**
 * Safeguarding of personal and biometric data (GDPR Art. 9 treats face templates as special category data):
 * the notice the kiosk shows of what it captures and why, how long an archived employee's photo and face
 * template are kept, and, per company, whether face clocking is used at all.
 */
/** The kioskNoticeTooLong message says this number. */
export const KIOSK_NOTICE_MAX_LENGTH = 600;
export const RETENTION_DAYS = { min: 1, max: 3650, default: 30 } as const;

export const defaultKioskNotice = {
  en: 'This kiosk takes a few camera frames to recognise your face when you clock in or out. Only a face template (numbers, not a picture) is compared with the one stored for you, to record your working time. Ask your administrator how to use your ID and PIN instead, or to see, correct or erase your data.',
  es: 'Este quiosco toma unas imágenes de la cámara para reconocer tu cara al fichar la entrada o la salida. Solo se compara una plantilla facial (números, no una foto) con la guardada para ti, para registrar tu jornada. Pregunta a tu administrador cómo usar tu identificación y PIN en su lugar, o cómo ver, corregir o borrar tus datos.',
} as const;

const noticeText = z
  .string()
  .trim()
  .min(1, message('kioskNoticeRequired'))
  .max(KIOSK_NOTICE_MAX_LENGTH, message('kioskNoticeTooLong'))
  .refine((text) => !text.includes('\0'), message('kioskNoticeRequired'));
export const kioskNoticeSchema = z.object({ en: noticeText, es: noticeText });
export type KioskNotice = z.infer<typeof kioskNoticeSchema>;

const retentionDays = z
  .number(message('retentionDaysRange'))
  .int(message('retentionDaysRange'))
  .min(RETENTION_DAYS.min, message('retentionDaysRange'))
  .max(RETENTION_DAYS.max, message('retentionDaysRange'));

/** The organisation's safeguarding settings (one set for every company). */
export const safeguardingSettingsSchema = z.object({
  kioskNotice: kioskNoticeSchema,
  /** Days after archiving when the employee's photo and face template are deleted (attendance stays). */
  retentionDays,
  updatedAt: z.string().nullable(),
});
export type SafeguardingSettings = z.infer<typeof safeguardingSettingsSchema>;
export const safeguardingUpdateSchema = z
  .object({ kioskNotice: kioskNoticeSchema, retentionDays })
  .partial()
  .refine((body) => Object.keys(body).length > 0, message('nothingToChange'));

/** What the public clock page shows beside the camera. */
export const kioskNoticeAnswerSchema = z.object({ kioskNotice: kioskNoticeSchema });

/** A company's face clocking: off deletes every face template of its employees (the photos too, if asked). */
export const faceClockingSchema = z.object({ companyId: z.uuid(), enabled: z.boolean(), updatedAt: z.string().nullable() });
export const faceClockingQuerySchema = z.object({ companyId: z.uuid(message('invalidId')) });
export const faceClockingUpdateSchema = z.object({
  companyId: z.uuid(message('invalidId')),
  enabled: z.boolean(message('faceClockingOnOff')),
  /** When turning it off: delete the photos too (the templates always go). */
  deletePhotos: z.boolean().default(false),
});
export const faceClockingSavedSchema = faceClockingSchema.extend({ templatesDeleted: z.number().int(), photosDeleted: z.number().int() });
