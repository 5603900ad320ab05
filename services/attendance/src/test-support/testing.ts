/** What tools outside the service (benchmarks) use: signing a clock ticket as the kiosk would get it, and waiting for the read models. */
export { signTicket } from '../kiosk/clock-ticket.ts';
export { waitForReadModels } from '../read-models/projection.ts';
