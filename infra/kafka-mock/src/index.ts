import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { buildKafkaMockBroker } from './build.ts';

export { buildKafkaMockBroker } from './build.ts';

export interface KafkaMock {
  /** Comma-separated `host:port` list, as the broker printed it. */
  bootstrap: string;
  brokers: string[];
  /** The mock supports no CreateTopics request, so tests create topics through it here. */
  createTopic(name: string, partitions: number): Promise<void>;
  stop(): Promise<void>;
}

const START_TIMEOUT_MS = 10_000;
const STOP_TIMEOUT_MS = 5_000;

/** Starts librdkafka's mock cluster (a real Kafka-protocol broker) in a child process. */
export async function startKafkaMock(
  options: { brokers?: number; /** The first broker's port; default any free one. */ port?: number } = {},
): Promise<KafkaMock> {
  const binary = buildKafkaMockBroker();
  // Its own process group: a Ctrl-C meant for the launcher must not stop the broker before the apps using it.
  const child = spawn(binary, [String(options.brokers ?? 1), String(options.port ?? 0)], { stdio: ['pipe', 'pipe', 'pipe'], detached: true });
  let stderr = '';
  child.stdin.on('error', () => undefined); // a dead broker is reported through 'exit'
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => void (stderr = (stderr + chunk).slice(-4_000)));

  // Every stdout line answers the oldest waiting request: first the bootstrap line, then one per command.
  const waiting: Array<{ resolve: (line: string) => void; reject: (error: Error) => void }> = [];
  let exited: Error | undefined;
  createInterface({ input: child.stdout }).on('line', (line) => waiting.shift()?.resolve(line));
  child.once('exit', (code, signal) => {
    exited = new Error(`The Kafka mock broker exited (code ${code}, signal ${signal}). ${stderr}`);
    for (const request of waiting.splice(0)) request.reject(exited);
  });
  child.once('error', (error) => {
    exited = error;
    for (const request of waiting.splice(0)) request.reject(error);
  });

  function nextLine(timeoutMs: number): Promise<string> {
    if (exited) return Promise.reject(exited);
    return new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`The Kafka mock broker did not answer in ${timeoutMs} ms. ${stderr}`)), timeoutMs);
      const settle =
        <T>(done: (value: T) => void) =>
        (value: T) => {
          clearTimeout(timer);
          done(value);
        };
      waiting.push({ resolve: settle(resolve), reject: settle(reject) });
    });
  }

  let bootstrap: string;
  try {
    bootstrap = await nextLine(START_TIMEOUT_MS);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }

  let commands = Promise.resolve();
  return {
    bootstrap,
    brokers: bootstrap.split(','),
    createTopic(name, partitions) {
      if (!/^[A-Za-z0-9._-]+$/.test(name) || !Number.isInteger(partitions) || partitions < 1) {
        return Promise.reject(new Error(`Invalid topic ${name} with ${partitions} partitions`));
      }
      // One command at a time, so each answer pairs with its command.
      const run = commands.then(async () => {
        const answer = nextLine(START_TIMEOUT_MS);
        child.stdin.write(`create-topic ${name} ${partitions}\n`);
        const line = await answer;
        if (line !== 'ok') throw new Error(`Cannot create topic ${name}: ${line}`);
      });
      commands = run.catch(() => undefined);
      return run;
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exit = once(child, 'exit');
      child.stdin.end();
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
      await exit;
      clearTimeout(timer);
    },
  };
}
