import { z } from 'zod';

/** What other services need of an employee (topic ams.employee, key = employee id). */
export const employeeSavedV1 = z.object({
  employeeId: z.string().min(1),
  companyId: z.string().nullable(),
  email: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
});
export const employeeDeletedV1 = z.object({ employeeId: z.string().min(1) });
export const EMPLOYEE_SAVED = 'employee.EmployeeSaved';
export const EMPLOYEE_DELETED = 'employee.EmployeeDeleted';
