import { describe, expect, it } from 'vitest';
import {
  deadLetterOf,
  EVENT_ID_HEADER,
  EVENT_TYPE_HEADER,
  groupByTopic,
  nextOffset,
  readEnvelope,
  toKafkaMessage,
  UNREADABLE_MESSAGE_TYPE,
  unreadableEnvelope,
} from './kafka-message.ts';
import { testEvent } from './kafka-test-support.ts';

describe('kafka messages', () => {
  it('keys a message by the event key and carries the whole envelope and its id and type as headers', () => {
    const event = testEvent('employee', 'employee-1', { name: 'Ada' });
    const message = toKafkaMessage(event);
    expect(message.key).toBe('employee-1');
    expect(message.headers).toEqual({ [EVENT_ID_HEADER]: event.id, [EVENT_TYPE_HEADER]: event.type });
    expect(readEnvelope(Buffer.from(String(message.value)))).toEqual({ ok: true, event });
  });

  it('groups events by topic, keeping their order within each topic', () => {
    const [a1, b1, a2] = [testEvent('alpha', 'k1'), testEvent('beta', 'k1'), testEvent('alpha', 'k1')];
    const batches = groupByTopic([a1, b1, a2]);
    expect(batches.map(({ topic, messages }) => [topic, messages.map((m) => JSON.parse(String(m.value)).id)])).toEqual([
      ['ams.alpha', [a1.id, a2.id]],
      ['ams.beta', [b1.id]],
    ]);
  });

  it('tells why a message is not a readable event', () => {
    expect(readEnvelope(null)).toEqual({ ok: false, error: 'The message has no value' });
    expect(readEnvelope(Buffer.from('{oops'))).toMatchObject({ ok: false, error: expect.stringContaining('not JSON') });
    const noId = { ...testEvent('employee', 'k'), id: 'not-a-uuid' };
    expect(readEnvelope(Buffer.from(JSON.stringify(noId)))).toMatchObject({
      ok: false,
      error: expect.stringContaining('not an event envelope'),
    });
  });

  it('wraps an unreadable message with its raw value, falling back to its position when it has no key', () => {
    const now = new Date('2025-01-02T03:04:05.000Z');
    const wrapped = unreadableEnvelope({ topic: 'ams.badge', partition: 1, offset: '9', key: null, value: Buffer.from('garbage') }, now);
    expect(wrapped).toMatchObject({ type: UNREADABLE_MESSAGE_TYPE, key: 'ams.badge/1/9', occurredAt: now.toISOString(), payload: { value: 'garbage' } });
    expect(readEnvelope(Buffer.from(JSON.stringify(wrapped)))).toMatchObject({ ok: true });
  });

  it('marks a dead letter with its group, source position, attempts and error, keeping the original metadata', () => {
    const event = testEvent('badge', 'k');
    const dead = deadLetterOf(event, { group: 'g', source: { topic: 'ams.badge', partition: 3, offset: '41' }, attempts: 5, error: new Error('boom') });
    expect(dead.id).toBe(event.id);
    expect(dead.metadata).toEqual({
      ...event.metadata,
      'dead-letter-group': 'g',
      'dead-letter-source-topic': 'ams.badge',
      'dead-letter-source-partition': '3',
      'dead-letter-source-offset': '41',
      'dead-letter-attempts': '5',
      'dead-letter-error': 'boom',
    });
  });

  it('commits the offset after the message, beyond the range of JS numbers too', () => {
    expect(nextOffset('0')).toBe('1');
    expect(nextOffset('9007199254740993')).toBe('9007199254740994');
  });
});
