/** Answers about a request's shape that any route may give (the front end translates them by their English text). */
export const requestMessages = {
  /** A NUL character or broken Unicode (a lone surrogate) in any text: PostgreSQL cannot store either. */
  unsafeText: 'Text contains characters that are not allowed',
} as const;
