/** What tools and tests outside the service (benchmarks, the cross-service agreement test) use: signing a clock ticket as the kiosk would get it, and waiting for the read models. */
export { signTicket } from '../kiosk/clock-ticket.ts';
export { waitForReadModels } from '../read-models/projection.ts';
export { CLOCK_TICKET_SECRET, startAttendance, type AttendanceHarness } from './attendance-harness.ts';
export { waitForReprojections } from '../read-models/reprojection.ts';
