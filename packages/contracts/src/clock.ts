/**
 * Business time comes from one injected clock per app (`ctx.now`); this is the only place product code
 * reads the wall clock, and only apps' defaults and launchers use it. Durations use `performance.now()`.
 */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
