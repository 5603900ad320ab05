import type { Permissions, Role, SessionResponse, User } from '../../packages/contracts/src/index.ts';
import { inject } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './product.ts';

/** Sets up data straight through the API (as a script would), so browser tests spend their time on the UI. */
export class ApiClient {
  private readonly baseUrl: string;
  readonly token: string;

  private constructor(baseUrl: string, token: string) {
    this.baseUrl = baseUrl;
    this.token = token;
  }

  /** The SuperAdmin, with the session the whole tier shares (never signed out by a test). */
  static admin(baseUrl: string): ApiClient {
    return new ApiClient(baseUrl, inject('adminSession').accessToken);
  }

  static async signIn(baseUrl: string, email = ADMIN_EMAIL, password = ADMIN_PASSWORD): Promise<ApiClient> {
    const response = await fetch(`${baseUrl}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
    const session = (await response.json()) as SessionResponse;
    return new ApiClient(baseUrl, session.accessToken);
  }

  async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${this.baseUrl}/api/${path}`, {
      method,
      headers: { authorization: `Bearer ${this.token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!response.ok) throw new Error(`${method} ${path} failed: ${response.status} ${await response.text()}`);
    return (response.status === 204 ? undefined : await response.json()) as T;
  }

  createRole(name: string, userType: 'admin' | 'employee', permissions: Permissions): Promise<Role> {
    return this.call<Role>('POST', 'roles', { name, userType, permissions });
  }

  async roleNamed(name: string): Promise<Role> {
    const { items } = await this.call<{ items: Role[] }>('GET', 'roles');
    const role = items.find((item) => item.name === name);
    if (!role) throw new Error(`no role ${name}`);
    return role;
  }

  /** An enabled user; an Employee account with `employeeId` (and its company) is that employee's. */
  createUser(fields: {
    name: string;
    email: string;
    accountType: 'Admin' | 'Employee';
    roleId: string;
    password: string;
    companyId?: string;
    employeeId?: string;
  }): Promise<User> {
    return this.call<User>('POST', 'users', { ...fields, status: 'enabled', confirmPassword: fields.password });
  }

  signOut(): Promise<unknown> {
    return this.call('POST', 'sign-out');
  }
}
