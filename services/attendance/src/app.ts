import { subscribeDirectory } from '@ams/directory';
import type { FaceEngine } from '@ams/face';
import { startEventService, type ServiceApp, type ServiceDependencies } from '@ams/service-kit';
import type { AttendanceContext } from './context.ts';
import { registerKioskDeviceRoutes, registerKioskSelfRoutes } from './devices/kiosk-device-routes.ts';
import { registerIdentifyRoutes } from './identification/identify-routes.ts';
import { startKioskCleanup } from './maintenance/kiosk-cleanup.ts';
import { registerOfflinePunchRoutes } from './offline/offline-punch-routes.ts';
import { deriveSealingKey } from './offline/sealing-key.ts';
import { FaceTemplates } from './projection/face-templates.ts';
import { kioskExtension } from './projection/kiosk-projection.ts';
import { registerPunchRoutes } from './tickets/punch-routes.ts';
import { registerAdminRoutes } from './work-day/admin-routes.ts';
import { createWorkDayCache } from './work-day/work-day-service.ts';
import { announceWorkDays } from './work-day/work-day-history.ts';

/**
 * The one consumer group (and inbox) attendance reads other services' events in: on Kafka
 * `attendance~ams.employee+ams.organisation+ams.schedule+ams.settings`.
 */
export const ATTENDANCE_GROUP = 'attendance';

export interface AttendanceDependencies extends ServiceDependencies {
  faces: FaceEngine;
  secrets: { internal: string; pinPepper: string; clockTicket: string };
}

/** The attendance service: event-sourced work days, their read models and the kiosk clock; it never listens. */
export async function buildAttendance(deps: AttendanceDependencies): Promise<ServiceApp> {
  return (await buildAttendanceWithContext(deps)).app;
}

/** As buildAttendance, with the context its routes and background work share (tests call the services with it). */
export async function buildAttendanceWithContext(deps: AttendanceDependencies): Promise<{ app: ServiceApp; ctx: AttendanceContext }> {
  const { app, relay, now, answerHistory } = startEventService('attendance', deps);
  const ctx: AttendanceContext = {
    pool: deps.pool,
    relay,
    faces: deps.faces,
    secrets: { pinPepper: deps.secrets.pinPepper, clockTicket: deps.secrets.clockTicket },
    sealingKey: await deriveSealingKey(deps.secrets.clockTicket),
    now,
    workDays: createWorkDayCache(),
    faceTemplates: new FaceTemplates(),
  };

  // Employees, schedules and settings (the day plan and time zone) come from people's and scheduling's events;
  // what the kiosk adds (national IDs, PIN hashes, faces) is written with the directory's employee, in one
  // transaction per event, so the kiosk and the punch never know different people.
  // Attendance keeps no read model of counted days: reporting counts and stores them from attendance.WorkDayChanged.
  const directory = await subscribeDirectory(
    deps.bus,
    deps.pool,
    ATTENDANCE_GROUP,
    ['employee', 'organisation', 'schedule', 'settings'],
    kioskExtension(ctx.faceTemplates),
  );
  const history = await answerHistory(ATTENDANCE_GROUP, announceWorkDays);
  const kioskCleanup = startKioskCleanup(ctx.pool, ctx.now, (error) => app.log.error({ err: error }, 'kiosk clean-up failed'));
  app.addHook('onClose', async () => {
    await kioskCleanup.stop();
    await history.stop();
    await directory.stop();
  });

  registerAdminRoutes(app, ctx);
  registerIdentifyRoutes(app, ctx);
  registerKioskSelfRoutes(app, ctx);
  registerPunchRoutes(app, ctx);
  registerKioskDeviceRoutes(app, ctx);
  registerOfflinePunchRoutes(app, ctx);
  return { app, ctx };
}
