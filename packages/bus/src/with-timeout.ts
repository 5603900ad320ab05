/** `work`, or a rejection once `ms` passed (the work itself carries on in the background). */
export async function withTimeout<T>(work: Promise<T>, ms: number, message = 'No answer'): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${message} within ${Math.round(ms)} ms`)), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
