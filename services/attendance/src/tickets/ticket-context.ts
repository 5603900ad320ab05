import type { DeviceContext } from '../devices/device-context.ts';
import type { WorkDayContext } from '../work-day/work-day-context.ts';

/** What issuing a clock ticket and punching with it work with (a part of the attendance context). */
export interface TicketContext extends WorkDayContext, DeviceContext {
  secrets: { clockTicket: string };
}
