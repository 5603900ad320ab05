/** What tools and tests outside the service (benchmarks, the cross-service agreement test) use: signing a clock ticket as the kiosk would get it, and starting the service. */
export { signTicket } from '../tickets/clock-ticket.ts';
export { cleanUpKiosk } from '../maintenance/kiosk-cleanup.ts';
export { pinTicketFor } from './pin-ticket.ts';
export { CLOCK_TICKET_SECRET, startAttendance, type AttendanceHarness } from './attendance-harness.ts';
