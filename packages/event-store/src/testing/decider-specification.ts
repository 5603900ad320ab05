import { AssertionError, deepStrictEqual } from 'node:assert';
import { fold, type Decider } from '../decider.ts';

type ErrorClass<E extends Error> = abstract new (...args: never[]) => E;

export interface DeciderThen<Event> {
  /** Asserts that the command produces exactly these events (deep equality, in order). */
  then(expectedEvents: readonly Event[]): void;
  /** Asserts that the command is rejected with an error the predicate accepts. */
  thenThrows(predicate: (error: unknown) => boolean): void;
  /** Asserts that the command is rejected with an instance of the class (and passes `check`, if given). */
  thenThrows<E extends Error>(errorClass: ErrorClass<E>, check?: (error: E) => boolean): void;
}

export interface DeciderWhen<Command, Event> {
  when(command: Command): DeciderThen<Event>;
}

export interface DeciderGiven<Command, Event> {
  given(events: readonly Event[]): DeciderWhen<Command, Event>;
}

/**
 * given(events).when(command).then(events) | thenThrows(error) for a decider. Failures throw
 * node's AssertionError, so any test runner reports them. The `when` result is not a promise:
 * call `then`/`thenThrows` on it, never `await` it.
 */
export const DeciderSpecification = {
  for<Command, Event, State>(decider: Decider<Command, Event, State>): DeciderGiven<Command, Event> {
    return {
      given: (history) => ({
        when: (command) => {
          const run = (): Event[] => decider.decide(command, fold(decider, decider.initialState(), history));
          return {
            then(expectedEvents) {
              deepStrictEqual(run(), expectedEvents);
            },
            thenThrows(expected: ErrorClass<Error> | ((error: unknown) => boolean), check?: (error: Error) => boolean) {
              let produced: Event[];
              try {
                produced = run();
              } catch (error) {
                if (!matches(error, expected, check)) {
                  throw new AssertionError({ message: `The command threw an unexpected error: ${describeError(error)}`, actual: error });
                }
                return;
              }
              throw new AssertionError({ message: 'Expected the command to throw, but it produced events', actual: produced });
            },
          };
        },
      }),
    };
  },
};

function matches(error: unknown, expected: ErrorClass<Error> | ((error: unknown) => boolean), check: ((error: Error) => boolean) | undefined): boolean {
  if (isErrorClass(expected)) return error instanceof expected && (check?.(error) ?? true);
  return expected(error);
}

function isErrorClass(value: unknown): value is ErrorClass<Error> {
  return typeof value === 'function' && (value === Error || value.prototype instanceof Error);
}

function describeError(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
