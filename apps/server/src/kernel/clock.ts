/**
 * The time that billing reads (renewals, grace, expiry, proration). Production uses the system clock;
 * integration tests pass their own through `buildApp`'s deps (never from configuration), so renewals and
 * expiry are tested in seconds. Nothing in a production start can move it.
 */
export type Clock = { now(): Date };

export const systemClock: Clock = { now: () => new Date() };
