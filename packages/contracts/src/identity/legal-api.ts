import { z } from 'zod';
import { message } from '../messages/message-format.ts';

/** The legal notice's two documents, as the footer names them ('Term & Conditions', 'Privacy & Policy'). */
export const legalDocuments = ['terms', 'privacy'] as const;
export type LegalDocument = (typeof legalDocuments)[number];
export const legalLanguages = ['en', 'es'] as const;
export const LEGAL_TEXT_MAX_LENGTH = 20_000;

/**
 * A document's text in one language: plain text where a blank line starts a paragraph and a line starting
 * with "# " is a heading (the SPA renders it as text, never as HTML).
 */
const legalText = z
  .string(message('pleaseFillOutAllFields'))
  .trim()
  .min(1, message('pleaseFillOutAllFields'))
  .max(LEGAL_TEXT_MAX_LENGTH, message('textTooLong'));
const legalTexts = z.object({ en: legalText, es: legalText });

export const legalNoticeUpdateSchema = z.object({ terms: legalTexts, privacy: legalTexts });
export type LegalNoticeUpdate = z.infer<typeof legalNoticeUpdateSchema>;

export const legalNoticeSchema = z.object({
  terms: z.object({ en: z.string(), es: z.string() }),
  privacy: z.object({ en: z.string(), es: z.string() }),
  /** False while the texts are the product's defaults. */
  customised: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type LegalNotice = z.infer<typeof legalNoticeSchema>;
