import type { HttpMethod, Principal } from '@ams/contracts';
import type { ServiceApp } from '../build-service.ts';
import { pathOf } from '../principal-header.ts';
import { asCaller } from './caller-headers.ts';

export interface Answer<T = unknown> {
  status: number;
  body: T;
  raw: string;
}

/** One request to the service as `principal`, with its status, parsed body and the body as sent. */
export async function call<T = unknown>(
  service: { app: ServiceApp },
  principal: Principal,
  method: HttpMethod,
  url: string,
  payload?: object,
): Promise<Answer<T>> {
  const response = await service.app.inject({
    method,
    url,
    headers: asCaller(principal, undefined, { method, path: pathOf(url) }),
    ...(payload === undefined ? {} : { payload }),
  });
  return { status: response.statusCode, body: (response.body ? response.json() : undefined) as T, raw: response.body };
}
