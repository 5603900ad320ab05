/** Where an employee's day stands, in a module of its own: the admin dashboard's schema names it without loading the attendance schemas (bench/frontend.ts). */
export const presenceStates = ['working', 'on-break', 'back-from-break', 'left'] as const;
