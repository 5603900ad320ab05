/** The days of the week, Monday first: schedules' rest days and every calendar the SPA draws (a module of its own, so a page that names weekdays does not load the schedule schemas). */
export const weekdays = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Weekday = (typeof weekdays)[number];
