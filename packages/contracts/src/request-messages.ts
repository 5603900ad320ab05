/** Answers about a request (its shape, its caller) that any route may give (the front end translates them by their English text). */
export const requestMessages = {
  /** A NUL character or broken Unicode (a lone surrogate) in any text: PostgreSQL cannot store either. */
  unsafeText: 'Text contains characters that are not allowed',
  /** A signed-in caller the route's access rule refuses (its account type or its role's permissions). */
  notPermitted: 'You do not have permission to do this',
} as const;
