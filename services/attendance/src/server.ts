import { createKafkaBus } from '@ams/bus';
import { createPool, migrate } from '@ams/db';
import { createFaceEngine } from '@ams/face';
import { failFastOnBadSetup, kafkaBusSettings, listenUntilSignal } from '@ams/service-kit';
import { pollingWithNotifications } from '@ams/worker';
import { buildAttendance } from './app.ts';
import { loadAttendanceConfig } from './config.ts';
import { ATTENDANCE_SCHEMA, attendanceMigrations } from './migrations.ts';

// The attendance service alone (distributed mode): its own database, Kafka, reached through the gateway.
failFastOnBadSetup('attendance');
const config = loadAttendanceConfig(process.env);
await migrate({ connectionString: config.DATABASE_URL, schema: ATTENDANCE_SCHEMA, sources: attendanceMigrations });
const pool = createPool({ connectionString: config.DATABASE_URL, schema: ATTENDANCE_SCHEMA, applicationName: 'attendance' });
const bus = createKafkaBus({ ...kafkaBusSettings(config), clientId: 'attendance' });
const faces = createFaceEngine({ workers: config.FACE_WORKERS });
const app = await buildAttendance({
  pool,
  bus,
  faces,
  secrets: { internal: config.INTERNAL_SECRET, pinPepper: config.PIN_PEPPER, clockTicket: config.CLOCK_TICKET_SECRET },
  logLevel: config.LOG_LEVEL,
  // Replicas share this database: its commits notify the outbox relay instead of being polled for.
  polling: pollingWithNotifications,
});
await listenUntilSignal(app, { port: config.PORT, host: config.HOST, onShutdown: [() => faces.close(), () => bus.close(), () => pool.end()] });
