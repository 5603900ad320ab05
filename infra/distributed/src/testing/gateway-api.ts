import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Created, Workplace } from '@ams/contracts/testing';

/** The API through the gateway, signed in as one user. */
export class GatewayApi {
  readonly baseUrl: string;
  private readonly token: string;

  private constructor(baseUrl: string, token: string) {
    this.baseUrl = baseUrl;
    this.token = token;
  }

  static async signIn(baseUrl: string, email: string, password: string): Promise<GatewayApi> {
    const response = await fetch(`${baseUrl}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    if (!response.ok) throw new Error(`sign-in answered ${response.status}: ${await response.text()}`);
    return new GatewayApi(baseUrl, ((await response.json()) as { accessToken: string }).accessToken);
  }

  async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${this.baseUrl}/api/${path}`, {
      method,
      headers: { authorization: `Bearer ${this.token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
    return (response.status === 204 ? undefined : await response.json()) as T;
  }

  /**
   * Repeats a read until the gateway accepts the token: it learns of users from identity's events, so a user it
   * has not heard of yet is refused. Resolves with the milliseconds that took.
   */
  async untilAccepted(path: string, timeoutMs = 30_000): Promise<number> {
    const started = performance.now();
    for (;;) {
      const response = await fetch(`${this.baseUrl}/api/${path}`, { headers: { authorization: `Bearer ${this.token}` } });
      await response.body?.cancel();
      if (response.ok) return performance.now() - started;
      if (response.status !== 401 || performance.now() - started > timeoutMs) throw new Error(`GET ${path} answered ${response.status}`);
      await sleep(20);
    }
  }

  /** An employee with a kiosk PIN; resolves with their id and the moment people answered. */
  async createEmployee(workplace: Workplace, person: { firstName: string; nationalId: string; pin: string }): Promise<{ id: string; createdAt: number }> {
    const { id } = await this.call<Created>('POST', 'employees', {
      ...person,
      lastName: 'Drill',
      email: `${person.nationalId.toLowerCase()}@example.com`,
      gender: 'FEMALE',
      employmentType: 'regular',
      ...workplace,
    });
    return { id, createdAt: performance.now() };
  }

  /**
   * A schedule covering the whole day, every day, from yesterday (the drill runs on any date). Scheduling learns
   * of a new employee from people's events, so it is retried while scheduling does not know them yet.
   */
  async createAllDaySchedule(employeeId: string, today: Date, timeoutMs = 30_000): Promise<void> {
    const yesterday = new Date(today.getTime() - 86_400_000).toISOString().slice(0, 10);
    const body = JSON.stringify({ employeeId, startTime: '00:00:00.000Z', offTime: '23:59:00.000Z', totalHours: 8, restDays: [], fromDate: yesterday });
    const started = performance.now();
    for (;;) {
      const response = await fetch(`${this.baseUrl}/api/schedules`, {
        method: 'POST',
        headers: { authorization: `Bearer ${this.token}`, 'content-type': 'application/json' },
        body,
      });
      const answer = await response.text();
      if (response.ok) return;
      if (!answer.includes('"employeeNotFound"') || performance.now() - started > timeoutMs)
        throw new Error(`POST schedules answered ${response.status}: ${answer}`);
      await sleep(20);
    }
  }
}
