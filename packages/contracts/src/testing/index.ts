export { employeeSnapshot, scheduleState } from './employee-snapshot.ts';
export { adminOf, anonymous, employeePrincipal, permissionsOf, superAdmin, type UserPrincipal } from './principals.ts';
export { createWorkplace, type ApiCaller, type Created, type Workplace } from './workplace.ts';
