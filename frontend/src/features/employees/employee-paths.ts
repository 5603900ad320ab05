import { paths } from '@/config/paths';

/** The employee screens of spec §2 (the route table has them; config/paths names only the list so far). */
export const employeePaths = {
  list: paths.employees,
  create: '/employee-create',
  edit: (id: string) => `/employee-edit/${encodeURIComponent(id)}`,
  details: (id: string) => `/employee-details/${encodeURIComponent(id)}`,
} as const;
