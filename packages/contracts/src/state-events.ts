import type { z } from 'zod';

/** A family's events that each carry the record's whole state: every event type has the same payload schema. */
export function eventsCarrying<const Type extends string, State extends z.ZodType>(state: State, types: readonly Type[]): { readonly [T in Type]: State } {
  return Object.fromEntries(types.map((type) => [type, state])) as { readonly [T in Type]: State };
}
