import { describe, expect, it } from 'vitest';
import { loadGatewayConfig } from './config.ts';

const base = {
  DATABASE_URL: 'postgres://gateway@db:5432/gateway',
  KAFKA_BROKERS: 'kafka:9092',
  INTERNAL_SECRET: 'config-test-internal-secret-0123456789abcdef',
  JWT_SECRET: 'config-test-jwt-secret-0123456789abcdef-0123',
};

describe('the gateway configuration', () => {
  it('reads one URL per service, or several replicas separated by |', () => {
    const config = loadGatewayConfig({ ...base, UPSTREAMS: 'identity=http://identity:3001, attendance=http://a1:3005|http://a2:3005' });
    expect(config.UPSTREAMS).toEqual({ identity: ['http://identity:3001'], attendance: ['http://a1:3005', 'http://a2:3005'] });
  });

  it('refuses an unknown service name or a replica that is not a URL', () => {
    expect(() => loadGatewayConfig({ ...base, UPSTREAMS: 'payroll=http://payroll:1' })).toThrow();
    expect(() => loadGatewayConfig({ ...base, UPSTREAMS: 'attendance=http://a1:3005|not a url' })).toThrow();
  });
});
