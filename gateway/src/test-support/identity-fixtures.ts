import { randomBytes, randomUUID } from 'node:crypto';
import jwt from 'jsonwebtoken';
import type { Bus, EventEnvelope } from '@ams/bus';
import {
  TOKEN_AUDIENCE,
  TOKEN_ISSUER,
  type AccountType,
  type IdentityEventPayload,
  type IdentityEventType,
  type Permissions,
  type SessionEndReason,
} from '@ams/contracts';

export function identityEvent<T extends IdentityEventType>(type: T, key: string, payload: IdentityEventPayload<T>): EventEnvelope {
  return { id: randomUUID(), type, version: 1, key, occurredAt: new Date().toISOString(), payload, metadata: {} };
}

/** A user as identity would announce it: saved with a role. */
export interface TestUser {
  userId: string;
  email: string;
  accountType: AccountType;
  roleId: string;
  tokenVersion: number;
}

export interface NewUser {
  accountType: AccountType;
  permissions?: Permissions;
  roleId?: string;
  status?: 'enabled' | 'disabled';
  tokenVersion?: number;
}

/** Publishes identity's events through the bus the way identity's outbox relay does (resolves once handled). */
export class IdentityPublisher {
  private readonly bus: Bus;
  constructor(bus: Bus) {
    this.bus = bus;
  }

  publish(...events: EventEnvelope[]): Promise<void> {
    return this.bus.publish(events);
  }

  async saveRole(permissions: Permissions, roleId: string = randomUUID()): Promise<string> {
    await this.publish(
      identityEvent('identity.RoleSaved', roleId, { roleId, name: `role ${roleId.slice(0, 8)}`, companyId: null, userType: 'admin', permissions }),
    );
    return roleId;
  }

  async saveUser(user: TestUser, status: 'enabled' | 'disabled' = 'enabled', sessionEndReason: SessionEndReason | null = null): Promise<void> {
    await this.publish(
      identityEvent('identity.UserSaved', user.userId, {
        userId: user.userId,
        name: `${user.accountType} ${user.userId.slice(0, 8)}`,
        email: user.email,
        image: null,
        accountType: user.accountType,
        roleId: user.roleId,
        status,
        companyId: 'company-1',
        employeeId: user.accountType === 'Employee' ? `employee-${user.userId.slice(0, 8)}` : null,
        tokenVersion: user.tokenVersion,
        sessionEndReason,
      }),
    );
  }

  /** A new user with a new role holding `permissions` (or the given role). */
  async createUser(options: NewUser): Promise<TestUser> {
    const roleId = options.roleId ?? (await this.saveRole(options.permissions ?? {}));
    const userId = randomUUID();
    const user: TestUser = {
      userId,
      email: `${userId.slice(0, 8)}@example.test`,
      accountType: options.accountType,
      roleId,
      tokenVersion: options.tokenVersion ?? 0,
    };
    await this.saveUser(user, options.status);
    return user;
  }
}

export interface TokenOptions {
  secret: string;
  jti?: string;
  ver?: number;
  csrf?: string;
  expiresInSeconds?: number;
  /** Signed this long ago (default: now). */
  issuedSecondsAgo?: number;
  algorithm?: jwt.Algorithm;
  issuer?: string;
  audience?: string;
}

/** An access token exactly as identity signs one (HS256, issuer, audience, jti, ver, csrf). */
export function signToken(user: Pick<TestUser, 'userId' | 'tokenVersion'>, options: TokenOptions): string {
  return jwt.sign(
    {
      ver: options.ver ?? user.tokenVersion,
      csrf: options.csrf ?? randomBytes(16).toString('hex'),
      iat: Math.floor(Date.now() / 1000) - (options.issuedSecondsAgo ?? 0),
    },
    options.secret,
    {
      algorithm: options.algorithm ?? 'HS256',
      subject: user.userId,
      jwtid: options.jti ?? randomUUID(),
      issuer: options.issuer ?? TOKEN_ISSUER,
      audience: options.audience ?? TOKEN_AUDIENCE,
      expiresIn: options.expiresInSeconds ?? 3_600,
    },
  );
}

export function base64UrlJson(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

export function decodeSegment(segment: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(segment, 'base64url').toString('utf8')) as Record<string, unknown>;
}
