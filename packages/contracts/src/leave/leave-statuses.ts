/** A leave request's decision, in a module of its own: the admin dashboard's schema names it without loading the leave schemas (bench/frontend.ts). */
export const leaveStatuses = ['pending', 'approved', 'declined'] as const;
