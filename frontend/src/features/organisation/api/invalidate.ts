import type { QueryClient } from '@tanstack/react-query';
import { queriesOf } from '@/lib/api-call';

/**
 * A change to one record shows in others (a company's new name in its departments' rows, in employees'
 * rows and in every picker), so every organisation list and the employees are refetched.
 */
export function invalidateOrganisation(queryClient: QueryClient) {
  return queryClient.invalidateQueries(
    queriesOf(
      'GET /api/companies',
      'GET /api/departments',
      'GET /api/job-titles',
      'GET /api/leave-types',
      'GET /api/leave-groups',
      'GET /api/employees',
      'GET /api/employees/:id',
    ),
  );
}
