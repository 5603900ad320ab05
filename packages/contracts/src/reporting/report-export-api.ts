import { z } from 'zod';
import type { MessageLanguage } from '../messages/message-format.ts';
import { reportQuerySchema, type DayMark } from './report-api.ts';

/** The reports that export to Excel: every report of `/api/reports/<name>`. */
export const reportNames = [
  'attendance-overtime',
  'consolidated-overtime',
  'employee-attendance',
  'employee-birthdays',
  'employee-leaves',
  'employee-list',
  'employee-schedule',
  'organization-profile',
  'user-accounts',
] as const;
export type ReportName = (typeof reportNames)[number];

/** A report's filters without paging: an export holds every row. */
export const reportExportFilterSchema = reportQuerySchema.omit({ page: true, pageSize: true });
export type ReportExportFilter = z.infer<typeof reportExportFilterSchema>;

/** Starts an export of one report with the report page's filters, its headings in `language`. */
export const reportExportRequestSchema = z.object({
  report: z.enum(reportNames),
  query: reportExportFilterSchema.default({}),
  language: z.enum(['en', 'es']).default('es'),
});
export type ReportExportRequest = z.infer<typeof reportExportRequestSchema>;

export const reportExportStatuses = ['running', 'done', 'failed'] as const;

/** An export's progress; its file is served once `done` (for an hour). `rowsTotal` is null until it is known. */
export const reportExportSchema = z.object({
  id: z.uuid(),
  status: z.enum(reportExportStatuses),
  rowsWritten: z.number().int(),
  rowsTotal: z.number().int().nullable(),
  fileName: z.string(),
});
export type ReportExport = z.infer<typeof reportExportSchema>;

export const reportHeadings = [
  'employee', 'company', 'department', 'jobTitle', 'workDate', 'mark', 'timeIn', 'breakIn', 'breakOut', 'timeOut',
  'scheduledHours', 'workedHours', 'breakMinutes', 'lateMinutes', 'earlyDepartureMinutes', 'overtimeHours', 'correctionReason', 'recordedOffline',
  'daysWorked', 'absences', 'leaveDays', 'lateArrivals', 'earlyDepartures', 'scheduledDays', 'daysPresent', 'attendanceRate',
  'birthday', 'month', 'day', 'turns', 'leaveType', 'status', 'requests', 'workingDays', 'email', 'gender', 'civilStatus', 'age',
  'employmentType', 'employmentStatus', 'officialStartDate', 'phoneNumber', 'nationalId', 'startTime', 'offTime', 'restDays',
  'fromDate', 'toDate', 'section', 'name', 'departments', 'jobTitles', 'active', 'archived', 'count', 'accountType', 'role', 'lastSignIn',
] as const;
export type ReportHeading = (typeof reportHeadings)[number];

export const profileSections = ['companies', 'departments', 'ageBands', 'civilStatus', 'gender', 'employmentType'] as const;
export type ProfileSection = (typeof profileSections)[number];

export interface ReportSheetTexts {
  /** Per report: the sheet's name and the file's name (before its date). */
  sheets: Record<ReportName, string>;
  fileNames: Record<ReportName, string>;
  headings: Record<ReportHeading, string>;
  marks: Record<DayMark, string>;
  /** A flag column's cell when the flag is set (left empty otherwise). */
  yes: string;
  /** Leave, employment and account statuses. */
  statuses: Record<'pending' | 'approved' | 'declined' | 'withdrawn' | 'active' | 'archived' | 'enabled' | 'disabled', string>;
  sections: Record<ProfileSection, string>;
}

/** The report workbooks' sheet names, headings and labels, in the two languages of the product. */
export const reportSheetTexts: Record<MessageLanguage, ReportSheetTexts> = {
  en: {
    sheets: {
      'attendance-overtime': 'Attendance and overtime',
      'consolidated-overtime': 'Consolidated overtime',
      'employee-attendance': 'Employee attendance',
      'employee-birthdays': 'Birthdays',
      'employee-leaves': 'Employee leaves',
      'employee-list': 'Employees',
      'employee-schedule': 'Schedules',
      'organization-profile': 'Organization profile',
      'user-accounts': 'User accounts',
    },
    fileNames: {
      'attendance-overtime': 'attendance-overtime',
      'consolidated-overtime': 'consolidated-overtime',
      'employee-attendance': 'employee-attendance',
      'employee-birthdays': 'employee-birthdays',
      'employee-leaves': 'employee-leaves',
      'employee-list': 'employee-list',
      'employee-schedule': 'employee-schedule',
      'organization-profile': 'organization-profile',
      'user-accounts': 'user-accounts',
    },
    headings: {
      employee: 'Employee', company: 'Company', department: 'Department', jobTitle: 'Job title', workDate: 'Date', mark: 'Day',
      timeIn: 'Time in', breakIn: 'Break in', breakOut: 'Break out', timeOut: 'Time out', scheduledHours: 'Scheduled hours',
      workedHours: 'Worked hours', breakMinutes: 'Break minutes', lateMinutes: 'Late minutes', earlyDepartureMinutes: 'Early departure minutes',
      overtimeHours: 'Overtime hours', correctionReason: 'Correction reason', recordedOffline: 'Recorded offline', daysWorked: 'Days worked', absences: 'Absences',
      leaveDays: 'Leave days', lateArrivals: 'Late arrivals', earlyDepartures: 'Early departures', scheduledDays: 'Scheduled days',
      daysPresent: 'Days present', attendanceRate: 'Attendance rate (%)', birthday: 'Birthday', month: 'Month', day: 'Day of month',
      turns: 'Turns', leaveType: 'Leave type', status: 'Status', requests: 'Requests', workingDays: 'Working days', email: 'Email',
      gender: 'Gender', civilStatus: 'Civil status', age: 'Age', employmentType: 'Employment type', employmentStatus: 'Employment status',
      officialStartDate: 'Official start date', phoneNumber: 'Phone number', nationalId: 'National ID', startTime: 'Start time',
      offTime: 'Off time', restDays: 'Rest days', fromDate: 'From', toDate: 'To', section: 'Section', name: 'Name',
      departments: 'Departments', jobTitles: 'Job titles', active: 'Active', archived: 'Archived', count: 'Count',
      accountType: 'Account type', role: 'Role', lastSignIn: 'Last sign-in',
    },
    marks: { present: 'Present', absent: 'Absent', leave: 'Leave' },
    yes: 'Yes',
    statuses: { pending: 'Pending', approved: 'Approved', declined: 'Declined', withdrawn: 'Withdrawn', active: 'Active', archived: 'Archived', enabled: 'Enabled', disabled: 'Disabled' },
    sections: { companies: 'Companies', departments: 'Departments', ageBands: 'Age band', civilStatus: 'Civil status', gender: 'Gender', employmentType: 'Employment type' },
  },
  es: {
    sheets: {
      'attendance-overtime': 'Asistencia y horas extra',
      'consolidated-overtime': 'Horas extra consolidadas',
      'employee-attendance': 'Asistencia por empleado',
      'employee-birthdays': 'Cumpleaños',
      'employee-leaves': 'Ausencias por empleado',
      'employee-list': 'Empleados',
      'employee-schedule': 'Horarios',
      'organization-profile': 'Perfil de la organización',
      'user-accounts': 'Cuentas de usuario',
    },
    fileNames: {
      'attendance-overtime': 'asistencia-horas-extra',
      'consolidated-overtime': 'horas-extra-consolidadas',
      'employee-attendance': 'asistencia-por-empleado',
      'employee-birthdays': 'cumpleanos',
      'employee-leaves': 'ausencias-por-empleado',
      'employee-list': 'empleados',
      'employee-schedule': 'horarios',
      'organization-profile': 'perfil-organizacion',
      'user-accounts': 'cuentas-de-usuario',
    },
    headings: {
      employee: 'Empleado', company: 'Empresa', department: 'Departamento', jobTitle: 'Puesto', workDate: 'Fecha', mark: 'Día',
      timeIn: 'Entrada', breakIn: 'Inicio de descanso', breakOut: 'Fin de descanso', timeOut: 'Salida', scheduledHours: 'Horas programadas',
      workedHours: 'Horas trabajadas', breakMinutes: 'Minutos de descanso', lateMinutes: 'Minutos de retraso', earlyDepartureMinutes: 'Minutos de salida anticipada',
      overtimeHours: 'Horas extra', correctionReason: 'Motivo de la corrección', recordedOffline: 'Registrado sin conexión', daysWorked: 'Días trabajados', absences: 'Faltas',
      leaveDays: 'Días de ausencia', lateArrivals: 'Llegadas tarde', earlyDepartures: 'Salidas anticipadas', scheduledDays: 'Días programados',
      daysPresent: 'Días presentes', attendanceRate: 'Tasa de asistencia (%)', birthday: 'Cumpleaños', month: 'Mes', day: 'Día del mes',
      turns: 'Cumple', leaveType: 'Tipo de ausencia', status: 'Estado', requests: 'Solicitudes', workingDays: 'Días laborables', email: 'Correo',
      gender: 'Género', civilStatus: 'Estado civil', age: 'Edad', employmentType: 'Tipo de empleo', employmentStatus: 'Estado laboral',
      officialStartDate: 'Fecha de inicio oficial', phoneNumber: 'Teléfono', nationalId: 'Documento de identidad', startTime: 'Hora de inicio',
      offTime: 'Hora de salida', restDays: 'Días de descanso', fromDate: 'Desde', toDate: 'Hasta', section: 'Sección', name: 'Nombre',
      departments: 'Departamentos', jobTitles: 'Puestos', active: 'Activos', archived: 'Archivados', count: 'Cantidad',
      accountType: 'Tipo de cuenta', role: 'Rol', lastSignIn: 'Último acceso',
    },
    marks: { present: 'Presente', absent: 'Falta', leave: 'Ausencia' },
    yes: 'Sí',
    statuses: { pending: 'Pendiente', approved: 'Aprobada', declined: 'Rechazada', withdrawn: 'Retirada', active: 'Activo', archived: 'Archivado', enabled: 'Habilitada', disabled: 'Deshabilitada' },
    sections: { companies: 'Empresas', departments: 'Departamentos', ageBands: 'Franja de edad', civilStatus: 'Estado civil', gender: 'Género', employmentType: 'Tipo de empleo' },
  },
};
