import type { FaceEngine } from '@ams/face';
import type { FaceTemplates } from '../projection/face-templates.ts';
import type { TicketContext } from '../tickets/ticket-context.ts';

/** What identifying a person at the kiosk works with, the ticket it ends in included (a part of the attendance context). */
export interface IdentificationContext extends TicketContext {
  /** Loads its model on the first kiosk frame, not at start. */
  faces: FaceEngine;
  secrets: { pinPepper: string; clockTicket: string };
  /** This process's copy of the face templates, for 1:N matching: the kiosk projection feeds it, face identification reads it. */
  faceTemplates: FaceTemplates;
}
