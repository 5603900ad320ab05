import { z } from 'zod';
import type { MessageLanguage } from '../messages/message-format.ts';
import { attendanceListQuerySchema, type AttendanceStatus } from './attendance-api.ts';

export const XLSX_MEDIA_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The attendance list's filters (all its rows, not a page), and the language of the workbook's headings. */
export const attendanceExportQuerySchema = attendanceListQuerySchema.omit({ page: true, pageSize: true }).extend({
  language: z.enum(['en', 'es']).default('es'),
});
export type AttendanceExportQuery = z.infer<typeof attendanceExportQuerySchema>;

interface AttendanceSheetTexts {
  sheet: string;
  fileName: string;
  employee: string;
  workDate: string;
  timeIn: string;
  breakIn: string;
  breakOut: string;
  timeOut: string;
  totalHours: string;
  overtimeHours: string;
  lateMinutes: string;
  arrivalStatus: string;
  departureStatus: string;
  reason: string;
  recordedOffline: string;
  /** A flag column's cell when the flag is set (left empty otherwise). */
  yes: string;
  statuses: Record<AttendanceStatus, string>;
}

/** The exported workbook's headings and statuses, in the two languages of the product. */
export const attendanceSheetTexts: Record<MessageLanguage, AttendanceSheetTexts> = {
  en: {
    sheet: 'Attendance',
    fileName: 'attendance',
    employee: 'Employee',
    workDate: 'Date',
    timeIn: 'Time in',
    breakIn: 'Break in',
    breakOut: 'Break out',
    timeOut: 'Time out',
    totalHours: 'Total hours',
    overtimeHours: 'Overtime hours',
    lateMinutes: 'Late minutes',
    arrivalStatus: 'Arrival status',
    departureStatus: 'Departure status',
    reason: 'Correction reason',
    recordedOffline: 'Recorded offline',
    yes: 'Yes',
    statuses: { 'on time': 'On time', 'late arrival': 'Late arrival', 'early departure': 'Early departure' },
  },
  es: {
    sheet: 'Asistencia',
    fileName: 'asistencia',
    employee: 'Empleado',
    workDate: 'Fecha',
    timeIn: 'Entrada',
    breakIn: 'Inicio de descanso',
    breakOut: 'Fin de descanso',
    timeOut: 'Salida',
    totalHours: 'Horas totales',
    overtimeHours: 'Horas extra',
    lateMinutes: 'Minutos de retraso',
    arrivalStatus: 'Estado de llegada',
    departureStatus: 'Estado de salida',
    reason: 'Motivo de la corrección',
    recordedOffline: 'Registrado sin conexión',
    yes: 'Sí',
    statuses: { 'on time': 'A tiempo', 'late arrival': 'Llegada tarde', 'early departure': 'Salida anticipada' },
  },
};
