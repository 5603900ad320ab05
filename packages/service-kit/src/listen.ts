import type { FastifyInstance } from 'fastify';

export interface ListenOptions {
  port: number;
  host: string;
  /** Runs after the server stopped taking requests (close pools, bus, …), in order. */
  onShutdown?: Array<() => Promise<void>>;
  /** A shutdown that takes longer than this exits anyway. */
  shutdownTimeoutMs?: number;
}

/**
 * Listens and stops cleanly on SIGINT/SIGTERM: in-flight requests finish, then the resources
 * close in order. Returns the address it listens on.
 */
export async function listenUntilSignal(app: FastifyInstance, options: ListenOptions): Promise<string> {
  const address = await app.listen({ port: options.port, host: options.host });
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      app.log.error('shutdown timed out');
      process.exit(1);
    }, options.shutdownTimeoutMs ?? 15_000);
    timer.unref();
    try {
      await app.close();
      for (const close of options.onShutdown ?? []) await close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', (signal) => void stop(signal));
  process.on('SIGTERM', (signal) => void stop(signal));
  return address;
}
