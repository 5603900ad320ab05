/** An employee's enumerated fields, in a module of their own: the reports' and the dashboard's schemas name them without loading the people schemas (bench/frontend.ts). */
export const genders = ['MALE', 'FEMALE'] as const;
export const civilStatuses = ['SINGLE', 'MARRIED', 'ANNULLED', 'WIDOWED', 'LEGALLY SEPARATED'] as const;
export const employmentTypes = ['regular', 'trainee'] as const;
export const employmentStatuses = ['active', 'archived'] as const;
