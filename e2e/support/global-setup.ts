import type { TestProject } from 'vitest/node';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startProduct } from './product.ts';

import type { IssuedSession } from './stored-session.ts';

export type { IssuedSession };

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The SuperAdmin's session, shared by every file: the gateway allows 20 sign-ins a minute per address. */
    adminSession: IssuedSession;
  }
}

/** One product for the whole browser tier: starting it is the slow part. */
export async function setup(project: TestProject): Promise<() => Promise<void>> {
  const product = await startProduct();
  try {
    const response = await fetch(`${product.url}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
    });
    if (!response.ok) throw new Error(`The SuperAdmin could not sign in: ${response.status} ${await response.text()}`);
    project.provide('baseUrl', product.url);
    project.provide('adminSession', (await response.json()) as IssuedSession);
  } catch (error) {
    await product.stop();
    throw error;
  }
  return product.stop;
}
