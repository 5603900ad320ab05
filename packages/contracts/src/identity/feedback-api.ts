import { z } from 'zod';
import { message } from '../messages/message-format.ts';

export const feedbackCategories = ['problem', 'idea', 'question', 'other'] as const;
export type FeedbackCategory = (typeof feedbackCategories)[number];
export const feedbackStatuses = ['open', 'resolved'] as const;
export type FeedbackStatus = (typeof feedbackStatuses)[number];

export const FEEDBACK_MESSAGE_MAX_LENGTH = 2000;
/** The screenshot's PNG bytes, at most (the SPA scales the capture down to stay under it). */
export const FEEDBACK_SCREENSHOT_MAX_BYTES = 600 * 1024;
const PNG_DATA_URL_PREFIX = 'data:image/png;base64,';

export const feedbackCreateSchema = z.object({
  category: z.enum(feedbackCategories, message('feedbackCategoryRequired')),
  message: z
    .string(message('feedbackMessageRequired'))
    .trim()
    .min(1, message('feedbackMessageRequired'))
    .max(FEEDBACK_MESSAGE_MAX_LENGTH, message('textTooLong')),
  /** The SPA path the feedback was sent from. */
  page: z
    .string()
    .trim()
    .max(500)
    .regex(/^\/[^\s]*$/, message('invalidValue'))
    .default('/'),
  /** The current page as a PNG data URL (the service checks the bytes are a PNG and their size). */
  screenshot: z
    .string()
    .startsWith(PNG_DATA_URL_PREFIX, message('feedbackScreenshotNotPng'))
    // Base64 takes 4 characters per 3 bytes.
    .max(PNG_DATA_URL_PREFIX.length + Math.ceil(FEEDBACK_SCREENSHOT_MAX_BYTES / 3) * 4, message('feedbackScreenshotTooLarge'))
    .nullable()
    .optional(),
});
export type FeedbackCreate = z.infer<typeof feedbackCreateSchema>;

export const feedbackSchema = z.object({
  id: z.uuid(),
  category: z.enum(feedbackCategories),
  message: z.string(),
  page: z.string(),
  hasScreenshot: z.boolean(),
  status: z.enum(feedbackStatuses),
  senderName: z.string(),
  senderEmail: z.string(),
  companyId: z.string().nullable(),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
});
export type Feedback = z.infer<typeof feedbackSchema>;

export const feedbackListQuerySchema = z.object({
  status: z.enum(feedbackStatuses).optional(),
  category: z.enum(feedbackCategories).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export const feedbackListSchema = z.object({ items: z.array(feedbackSchema), total: z.number().int() });
export const feedbackSentSchema = z.object({ message: z.string(), feedback: feedbackSchema });
