import type { Bus, Subscription } from '@ams/bus';
import type { ServiceApp } from '@ams/service-kit';
import type { AttendanceContext } from '../context.ts';

// Placeholder while the kiosk is written (same session): registers nothing yet.
export function registerKioskRoutes(_app: ServiceApp, _ctx: AttendanceContext): void {}

export async function subscribeKioskProjections(_bus: Bus, _ctx: AttendanceContext, _group: string): Promise<Subscription> {
  return { stop: async () => {} };
}
