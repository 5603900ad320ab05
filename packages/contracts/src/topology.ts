/** The apps that consume events; each is one consumer group. Services are added here as they are built. */
export const consumerGroups = ['gateway', 'identity', 'people', 'scheduling', 'leave', 'attendance', 'reporting'] as const;
export type ConsumerGroup = (typeof consumerGroups)[number];

/** Event families: each is one topic (`ams.<family>`), keyed by aggregate id. */
export const eventFamilies = ['identity', 'audit', 'organisation', 'employee', 'settings', 'schedule', 'leave', 'attendance', 'history'] as const;
export type EventFamily = (typeof eventFamilies)[number];
