import { describe, expect, it } from 'vitest';
import { logLevel } from 'kafkajs';
import { createKafkaLog, type BusLogger } from './kafka-log.ts';

function recordingLogger() {
  const lines: Array<{ level: string; message: string; details: Record<string, unknown> }> = [];
  const at = (level: string) => (details: object, message: string) => void lines.push({ level, message, details: details as Record<string, unknown> });
  const logger: BusLogger = { error: at('error'), warn: at('warn'), info: at('info'), debug: at('debug') };
  return { logger, lines };
}

const entry = (level: logLevel, message: string, extra: Record<string, unknown> = {}) => ({
  namespace: 'Connection',
  level,
  label: logLevel[level],
  log: { timestamp: new Date().toISOString(), logger: 'kafkajs', message, ...extra },
});

describe('the Kafka bus log', () => {
  it('reports a lost broker once, not once per failed connection, and its return once', () => {
    const { logger, lines } = recordingLogger();
    const log = createKafkaLog(logger);
    const write = log.logCreator(logLevel.WARN);
    for (let attempt = 0; attempt < 50; attempt += 1) {
      write(entry(logLevel.ERROR, 'Connection error: connect ECONNREFUSED 127.0.0.1:9092', { broker: '127.0.0.1:9092' }));
      write(entry(logLevel.ERROR, 'Crash: KafkaJSNumberOfRetriesExceeded: Connection error: connect ECONNREFUSED'));
      log.unreachable(new Error('connect ECONNREFUSED 127.0.0.1:9092'));
    }
    expect(lines.map((line) => `${line.level} ${line.message}`)).toEqual(['error Kafka broker unreachable; retrying']);

    log.reachable();
    log.reachable();
    write(entry(logLevel.ERROR, 'Connection error: connect ECONNREFUSED 127.0.0.1:9092'));
    expect(lines.map((line) => `${line.level} ${line.message}`)).toEqual([
      'error Kafka broker unreachable; retrying',
      'info Kafka broker reachable again',
      'error Kafka broker unreachable; retrying',
    ]);
  });

  it('logs routine rebalances at info, not as warnings or errors', () => {
    const { logger, lines } = recordingLogger();
    const log = createKafkaLog(logger);
    const write = log.logCreator(logLevel.WARN);
    write(entry(logLevel.WARN, 'The group is rebalancing, re-joining', { groupId: 'scheduling~ams.employee' }));
    write(entry(logLevel.ERROR, 'The coordinator is not aware of this member, re-joining the group'));
    log.unreachable(new Error('The group is rebalancing, so a rejoin is needed'));
    expect(lines.map((line) => line.level)).toEqual(['info', 'info', 'info']);
    expect(lines[0]?.details).toMatchObject({ groupId: 'scheduling~ams.employee' });
  });

  it('passes other entries on at their own level', () => {
    const { logger, lines } = recordingLogger();
    const write = createKafkaLog(logger).logCreator(logLevel.WARN);
    write(entry(logLevel.ERROR, 'Error when calling eachMessage'));
    write(entry(logLevel.WARN, 'consumer#run was called, but the consumer is already running'));
    expect(lines.map((line) => `${line.level} ${line.message}`)).toEqual([
      'error Error when calling eachMessage',
      'warn consumer#run was called, but the consumer is already running',
    ]);
  });
});
