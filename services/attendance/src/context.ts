import type { DeviceContext } from './devices/device-context.ts';
import type { IdentificationContext } from './identification/identification-context.ts';
import type { OfflineContext } from './offline/offline-context.ts';
import type { TicketContext } from './tickets/ticket-context.ts';
import type { WorkDayContext } from './work-day/work-day-context.ts';

/**
 * What the attendance routes work with: the parts each room declares it needs, in one object built by app.ts.
 * The rooms import their own part, never this, so none reaches up to the others.
 */
export type AttendanceContext = WorkDayContext & DeviceContext & TicketContext & IdentificationContext & OfflineContext;
