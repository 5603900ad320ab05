import { systemClock, type Clock } from '@ams/contracts';
import { setupServer, type SetupServer } from 'msw/node';
import { createMockHandlers } from './handlers';
import { createMockDb, type MockDb } from './mock-db';

export interface MockApiServer {
  readonly server: SetupServer;
  /** The current state: tests read it to check what a write changed. */
  readonly db: MockDb;
  /** Fresh fixtures and no per-test handler overrides. */
  reset(): void;
}

/**
 * The mock API in Node (component and unit tests): the same handlers the browser's mock runs, intercepting
 * fetch. Call `server.listen()` before the tests and `server.close()` after them.
 */
export function createMockApiServer(clock: Clock = systemClock): MockApiServer {
  const now = clock();
  let db = createMockDb(now);
  const server = setupServer(...createMockHandlers(() => db));
  return {
    server,
    get db() {
      return db;
    },
    reset() {
      db = createMockDb(now);
      server.resetHandlers();
    },
  };
}
