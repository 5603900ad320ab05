import type { ServiceApp } from '@ams/service-kit';
import type { AttendanceContext } from '../context.ts';

// Placeholder while the read models are written (same session): registers nothing yet.
export function registerReadRoutes(_app: ServiceApp, _ctx: AttendanceContext): void {}

export async function startReadModels(_ctx: AttendanceContext, _onError: (error: unknown) => void): Promise<{ stop(): Promise<void> }> {
  return { stop: async () => {} };
}
