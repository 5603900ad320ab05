import { paths } from '@/config/paths';

/** The attendance screens of spec §2 (config/paths names only the lists so far). */
export const attendancePaths = {
  list: paths.attendance,
  create: '/attendance-create',
  edit: (id: string) => `/attendance-edit/${encodeURIComponent(id)}`,
  personal: paths.personal.attendance,
} as const;
