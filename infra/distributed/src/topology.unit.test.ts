import { describe, expect, it } from 'vitest';
import { planInstances, secretEnv, upstreamsOf } from './topology.ts';

const secrets = { internal: 'i'.repeat(32), jwt: 'j'.repeat(32), pinPepper: 'p'.repeat(32), clockTicket: 'c'.repeat(32) };

describe('the distributed topology', () => {
  it('gives each service and replica its own port and the gateway its own, and lists replicas for the gateway joined by |', () => {
    const instances = planInstances({ gatewayPort: 8080, replicas: { attendance: 2 }, portOf: (index) => 8081 + index });
    expect(instances.map(({ name, port }) => `${name}:${port}`)).toEqual([
      'identity:8081',
      'people:8082',
      'scheduling:8083',
      'leave:8084',
      'attendance:8085',
      'attendance-2:8086',
      'reporting:8087',
      'gateway:8080',
    ]);
    expect(upstreamsOf(instances, '127.0.0.1')).toBe(
      'identity=http://127.0.0.1:8081,people=http://127.0.0.1:8082,scheduling=http://127.0.0.1:8083,leave=http://127.0.0.1:8084,' +
        'attendance=http://127.0.0.1:8085|http://127.0.0.1:8086,reporting=http://127.0.0.1:8087',
    );
  });

  it('hands each app only the secrets it reads', () => {
    expect(Object.keys(secretEnv('leave', secrets))).toEqual(['INTERNAL_SECRET']);
    expect(Object.keys(secretEnv('gateway', secrets))).toEqual(['INTERNAL_SECRET', 'JWT_SECRET']);
    expect(Object.keys(secretEnv('people', secrets))).toEqual(['INTERNAL_SECRET', 'PIN_PEPPER']);
    expect(Object.keys(secretEnv('attendance', secrets))).toEqual(['INTERNAL_SECRET', 'PIN_PEPPER', 'CLOCK_TICKET_SECRET']);
  });
});
