import { logLevel, type logCreator } from 'kafkajs';
import { pino } from 'pino';
import { createLogThrottle } from '../log-throttle.ts';

/** The part of a pino logger the bus writes to. */
export interface BusLogger {
  error(details: object, message: string): void;
  warn(details: object, message: string): void;
  info(details: object, message: string): void;
  debug(details: object, message: string): void;
}

/**
 * A JSON-lines logger like the services' own (pino), for a bus created before its service's app;
 * silent when kafkajs's level is NOTHING (tests).
 */
export function defaultBusLogger(clientId: string, kafkaLevel: logLevel): BusLogger {
  return pino({ level: kafkaLevel === logLevel.NOTHING ? 'silent' : 'info', base: { service: clientId, component: 'kafka' } });
}

const LOST_BROKER_REPORT_MS = 60_000;

// kafkajs reports a group's routine rebalance as a warning or an error; it is the normal course of things.
const ROUTINE = /rebalanc|re-joining|not aware of this member|REBALANCE_IN_PROGRESS|UNKNOWN_MEMBER_ID|NOT_COORDINATOR/i;
const UNREACHABLE =
  /ECONNREFUSED|ECONNRESET|EHOSTUNREACH|ETIMEDOUT|ENOTFOUND|Connection (error|timeout)|Closed connection|Failed to connect|KafkaJSConnection|NumberOfRetriesExceeded|BrokerNotFound|Restarting the consumer|Crash:/i;

export interface KafkaLog {
  logCreator: logCreator;
  /** The broker answered again (a join, a send): say so once if its loss was reported. */
  reachable(): void;
  /** Something of ours could not reach the broker. */
  unreachable(error: unknown): void;
}

/**
 * Routes kafkajs's entries to `logger`: routine rebalances at info, and a lost broker once, then at
 * most once a minute (with how many failures each line stands for) until it answers again.
 */
export function createKafkaLog(logger: BusLogger): KafkaLog {
  const lost = createLogThrottle(LOST_BROKER_REPORT_MS);
  function unreachable(details: object): void {
    const report = lost.occurred();
    if (report) logger.error({ ...details, repeated: report.repeated }, 'Kafka broker unreachable; retrying');
  }
  return {
    logCreator:
      () =>
      ({ namespace, level, log }) => {
        const { message, timestamp: _timestamp, logger: _kafkajs, ...extra } = log;
        const details = { namespace, ...extra };
        const text = `${message} ${typeof extra.error === 'string' ? extra.error : ''}`;
        if (ROUTINE.test(text)) logger.info(details, message);
        else if (level <= logLevel.WARN && UNREACHABLE.test(text)) unreachable(details);
        else if (level === logLevel.ERROR) logger.error(details, message);
        else if (level === logLevel.WARN) logger.warn(details, message);
        else if (level === logLevel.INFO) logger.info(details, message);
        else logger.debug(details, message);
      },
    reachable() {
      if (lost.ended()) logger.info({}, 'Kafka broker reachable again');
    },
    unreachable(error) {
      const err = error instanceof Error ? { name: error.name, message: error.message } : { message: String(error) };
      if (ROUTINE.test(err.message)) logger.info({ err }, 'Kafka group member rejoins');
      else unreachable({ err });
    },
  };
}
