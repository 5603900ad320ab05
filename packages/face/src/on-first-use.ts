export interface OnFirstUse<T> {
  /** The loaded value; the first call starts the load, calls during it share it, a failed load is tried again. */
  get(): Promise<T>;
  /** Whether a load has succeeded (for readiness checks and the footprint bench). */
  isLoaded(): boolean;
}

/**
 * Something heavy (models, a native library) loaded when the first caller needs it rather than at start,
 * so an installation where no one uses faces never pays for it. A failure is not remembered: the next
 * call loads again, and `onError` turns the cause into the error callers see.
 */
export function onFirstUse<T>(load: () => Promise<T>, onError: (cause: unknown) => Error = (cause) => cause as Error): OnFirstUse<T> {
  let loading: Promise<T> | null = null;
  let loaded = false;
  return {
    get() {
      loading ??= load().then(
        (value) => {
          loaded = true;
          return value;
        },
        (cause: unknown) => {
          loading = null;
          throw onError(cause);
        },
      );
      return loading;
    },
    isLoaded: () => loaded,
  };
}
