import type { QueryClient } from '@tanstack/react-query';

/**
 * A change to one record shows in others (a company's new name in its departments' rows, in employees'
 * rows and in every picker), so every organisation list and the employee lists are refetched.
 */
export function invalidateOrganisation(queryClient: QueryClient) {
  return Promise.all([queryClient.invalidateQueries({ queryKey: ['organisation'] }), queryClient.invalidateQueries({ queryKey: ['employees'] })]);
}
