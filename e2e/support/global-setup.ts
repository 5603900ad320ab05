import type { TestProject } from 'vitest/node';
import { startProduct } from './product.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

/** One product for the whole browser tier: starting it is the slow part. */
export async function setup(project: TestProject): Promise<() => Promise<void>> {
  const product = await startProduct();
  project.provide('baseUrl', product.url);
  return product.stop;
}
