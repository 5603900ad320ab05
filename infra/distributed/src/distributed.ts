import { performance } from 'node:perf_hooks';
import type { UpstreamService } from '@ams/contracts';
import type { Secrets } from '@ams/embedded/secrets';
import { startStandaloneBroker } from '@ams/kafka-mock/standalone';
import { spawnApp, waitUntilReady, type AppProcess } from './app-process.ts';
import { ensureDatabases } from './databases.ts';
import { appDir, appNames, planInstances, secretEnv, upstreamsOf, type AppName, type Instance } from './topology.ts';

export interface DistributedOptions {
  /** Any database on the PostgreSQL server; the apps' databases are created beside it. */
  adminDatabaseUrl: string;
  /** The apps' databases are `<prefix><app>`. */
  databasePrefix: string;
  /** An existing Kafka (its topics made by infra/kafka-topics); without it, the mock broker runs on `brokerPort`. */
  kafkaBrokers?: string[];
  brokerPort: number;
  topicPartitions: number;
  /** Where the gateway listens; the services listen on 127.0.0.1 only. */
  host: string;
  gatewayPort: number;
  /** The ports of the services and their replicas, in order (see planInstances). */
  servicePort: (index: number) => number;
  replicas: Partial<Record<UpstreamService, number>>;
  secrets: Secrets;
  admin: { email?: string | undefined; password?: string | undefined };
  logLevel: string;
  /** The environment the apps inherit (PATH, NODE_OPTIONS, …); their own settings are replaced. */
  env: NodeJS.ProcessEnv;
  /** Each app's output lines, and the launcher's own notes under 'launcher'. */
  output: (instance: string, line: string) => void;
  readyTimeoutMs?: number;
}

export interface DistributedSystem {
  /** The gateway: the web app and the API. */
  url: string;
  brokers: string[];
  databaseUrls: Record<AppName, string>;
  instances: readonly Instance[];
  /** SIGKILLs an instance (a crash) and resolves once it is gone. */
  kill(name: string): Promise<void>;
  /** Stops an instance gracefully (SIGTERM) and resolves with its exit code. */
  stopOne(name: string): Promise<number | null>;
  /** Starts a stopped instance again with its settings; resolves with the milliseconds until it was ready. */
  restart(name: string): Promise<number>;
  /** Stops the gateway, then the services, then the broker; resolves with whether every app exited 0 (none crashed). */
  stop(): Promise<boolean>;
  /** The process group of each running instance (its start script and the app), by instance name. */
  processGroups(): ReadonlyMap<string, number>;
}

/** Settings an app must not inherit from the launcher's environment (each gets its own or none). */
const appSettings = [
  'DATABASE_URL',
  'KAFKA_BROKERS',
  'PORT',
  'HOST',
  'UPSTREAMS',
  'INTERNAL_SECRET',
  'JWT_SECRET',
  'PIN_PEPPER',
  'CLOCK_TICKET_SECRET',
  'ADMIN_EMAIL',
  'ADMIN_PASSWORD',
];
const SERVICE_HOST = '127.0.0.1';

/**
 * The distributed topology on this machine, each app its own process: the broker, a database per app, every
 * service (and replicas), then the gateway with UPSTREAMS pointing at them.
 */
export async function startDistributed(options: DistributedOptions): Promise<DistributedSystem> {
  const readyTimeoutMs = options.readyTimeoutMs ?? 120_000;
  const log = (line: string) => options.output('launcher', line);
  const broker = options.kafkaBrokers ? undefined : await startStandaloneBroker({ port: options.brokerPort, partitions: options.topicPartitions });
  const brokers = options.kafkaBrokers ?? broker?.brokers ?? [];
  const running = new Map<string, AppProcess>();
  /** Instances that exited without being asked to. */
  const crashed = new Set<string>();
  const instances = planInstances({ gatewayPort: options.gatewayPort, replicas: options.replicas, portOf: options.servicePort });
  const instanceNamed = (name: string) => {
    const instance = instances.find((candidate) => candidate.name === name);
    if (!instance) throw new Error(`No instance ${name}`);
    return instance;
  };
  // The gateway is reached where it listens (any interface: this machine's); a service answers /ready when its parts do.
  const gatewayHost = options.host === '0.0.0.0' ? '127.0.0.1' : options.host;
  const readyUrl = (instance: Instance) =>
    instance.app === 'gateway' ? `http://${gatewayHost}:${instance.port}/health` : `http://${SERVICE_HOST}:${instance.port}/ready`;

  async function stopAll(): Promise<boolean> {
    const order = [...instances].reverse().filter((instance) => running.has(instance.name));
    const gateway = order.filter((instance) => instance.app === 'gateway');
    const services = order.filter((instance) => instance.app !== 'gateway');
    let clean = crashed.size === 0;
    for (const group of [gateway, services]) {
      const codes = await Promise.all(
        group.map(async (instance) => {
          const app = running.get(instance.name);
          running.delete(instance.name);
          return [instance.name, await app?.stop()] as const;
        }),
      );
      for (const [name, code] of codes) {
        if (code !== 0) {
          clean = false;
          log(`${name} exited with ${String(code)}`);
        }
      }
    }
    await broker?.stop();
    return clean;
  }

  const inherited = Object.fromEntries(Object.entries(options.env).filter(([name]) => !appSettings.includes(name)));
  try {
    const databaseUrls = await ensureDatabases(options.adminDatabaseUrl, appNames, options.databasePrefix);
    const envOf = (instance: Instance): Record<string, string> => ({
      PORT: String(instance.port),
      HOST: instance.app === 'gateway' ? options.host : SERVICE_HOST,
      DATABASE_URL: databaseUrls[instance.app],
      KAFKA_BROKERS: brokers.join(','),
      LOG_LEVEL: options.logLevel,
      ...secretEnv(instance.app, options.secrets),
      ...(instance.app === 'identity' && options.admin.email ? { ADMIN_EMAIL: options.admin.email } : {}),
      ...(instance.app === 'identity' && options.admin.password ? { ADMIN_PASSWORD: options.admin.password } : {}),
      ...(instance.app === 'gateway' ? { UPSTREAMS: upstreamsOf(instances, SERVICE_HOST) } : {}),
    });

    const start = async (instance: Instance): Promise<number> => {
      if (running.has(instance.name)) throw new Error(`${instance.name} is running`);
      const started = performance.now();
      const app = spawnApp(appDir(instance.app), inherited, envOf(instance), (line) => options.output(instance.name, line));
      running.set(instance.name, app);
      void app.exited.then((code) => {
        if (running.get(instance.name) !== app) return; // stopped or killed on purpose
        running.delete(instance.name);
        crashed.add(instance.name);
        log(`${instance.name} exited with ${String(code)}`);
      });
      await waitUntilReady(readyUrl(instance), app, readyTimeoutMs);
      return performance.now() - started;
    };

    await Promise.all(instances.filter((instance) => instance.app !== 'gateway').map(start));
    await start(instanceNamed('gateway'));
    return {
      url: `http://${gatewayHost}:${options.gatewayPort}`,
      brokers,
      databaseUrls,
      instances,
      async kill(name) {
        const app = running.get(name);
        running.delete(name);
        app?.kill();
        await app?.exited;
      },
      async stopOne(name) {
        const app = running.get(name);
        running.delete(name);
        return (await app?.stop()) ?? null;
      },
      restart: (name) => start(instanceNamed(name)),
      stop: stopAll,
      processGroups: () => new Map([...running].map(([name, app]) => [name, app.pid])),
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
