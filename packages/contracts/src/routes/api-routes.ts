import type { z } from 'zod';
import {
  changePasswordSchema,
  idParamsSchema,
  listQuerySchema,
  loginBodySchema,
  meUpdateSchema,
  messageSchema,
  passwordChangedSchema,
  roleCreateSchema,
  roleListSchema,
  roleSchema,
  roleUpdateSchema,
  sessionResponseSchema,
  signedInUserSchema,
  signUpBodySchema,
  signUpSettingSchema,
  signUpStatusSchema,
  userCreateSchema,
  userListSchema,
  userSchema,
  userUpdateSchema,
} from '../identity/identity-api.ts';
import { ADMIN_AREA, EVERY_ACCOUNT, publicAccess, signedIn, type RouteAccess } from './access-rules.ts';

export const upstreamServices = ['identity', 'people', 'scheduling', 'leave', 'attendance', 'reporting'] as const;
export type UpstreamService = (typeof upstreamServices)[number];
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiRoute {
  method: HttpMethod;
  /** Fastify-style path, e.g. /api/users/:id. */
  path: string;
  service: UpstreamService;
  access: RouteAccess;
  summary: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The 2xx answer (204 when absent). */
  response?: z.ZodType;
  /** Tags the OpenAPI document groups by. */
  tag: string;
}

/** Every API route: the gateway enforces it, the services implement it, the front end calls it. */
export const apiRoutes = [
  { method: 'POST', path: '/api/user/login', service: 'identity', access: publicAccess, tag: 'session', summary: 'Sign in with email and password', body: loginBodySchema, response: sessionResponseSchema },
  { method: 'GET', path: '/api/sign-up', service: 'identity', access: publicAccess, tag: 'session', summary: 'Whether self sign-up is open', response: signUpStatusSchema },
  { method: 'POST', path: '/api/sign-up', service: 'identity', access: publicAccess, tag: 'session', summary: 'Create an Employee account (when self sign-up is on)', body: signUpBodySchema, response: sessionResponseSchema },
  { method: 'POST', path: '/api/sign-out', service: 'identity', access: signedIn(EVERY_ACCOUNT), tag: 'session', summary: 'Revoke the current token', response: messageSchema },
  { method: 'GET', path: '/api/me', service: 'identity', access: signedIn(EVERY_ACCOUNT), tag: 'account', summary: 'The signed-in user', response: signedInUserSchema },
  { method: 'PATCH', path: '/api/me', service: 'identity', access: signedIn(EVERY_ACCOUNT), tag: 'account', summary: 'Update own name, email or image', body: meUpdateSchema, response: signedInUserSchema },
  { method: 'POST', path: '/api/me/password', service: 'identity', access: signedIn(EVERY_ACCOUNT), tag: 'account', summary: 'Change own password (ends every other session)', body: changePasswordSchema, response: passwordChangedSchema },
  { method: 'PUT', path: '/api/settings/sign-up', service: 'identity', access: signedIn(ADMIN_AREA, 'setting.update'), tag: 'settings', summary: 'Open or close self sign-up', body: signUpSettingSchema, response: signUpStatusSchema },
  { method: 'GET', path: '/api/users', service: 'identity', access: signedIn(ADMIN_AREA, 'user.read'), tag: 'users', summary: 'List users', query: listQuerySchema, response: userListSchema },
  { method: 'POST', path: '/api/users', service: 'identity', access: signedIn(ADMIN_AREA, 'user.create'), tag: 'users', summary: 'Create a user', body: userCreateSchema, response: userSchema },
  { method: 'GET', path: '/api/users/:id', service: 'identity', access: signedIn(ADMIN_AREA, 'user.read'), tag: 'users', summary: 'One user', params: idParamsSchema, response: userSchema },
  { method: 'PATCH', path: '/api/users/:id', service: 'identity', access: signedIn(ADMIN_AREA, 'user.update'), tag: 'users', summary: 'Update a user', params: idParamsSchema, body: userUpdateSchema, response: userSchema },
  { method: 'DELETE', path: '/api/users/:id', service: 'identity', access: signedIn(ADMIN_AREA, 'user.delete'), tag: 'users', summary: 'Delete a user', params: idParamsSchema },
  { method: 'GET', path: '/api/roles', service: 'identity', access: signedIn(ADMIN_AREA, 'userRole.read'), tag: 'roles', summary: 'List roles', query: listQuerySchema, response: roleListSchema },
  { method: 'POST', path: '/api/roles', service: 'identity', access: signedIn(ADMIN_AREA, 'userRole.create'), tag: 'roles', summary: 'Create a role', body: roleCreateSchema, response: roleSchema },
  { method: 'GET', path: '/api/roles/:id', service: 'identity', access: signedIn(ADMIN_AREA, 'userRole.read'), tag: 'roles', summary: 'One role', params: idParamsSchema, response: roleSchema },
  { method: 'PATCH', path: '/api/roles/:id', service: 'identity', access: signedIn(ADMIN_AREA, 'userRole.update'), tag: 'roles', summary: 'Update a role', params: idParamsSchema, body: roleUpdateSchema, response: roleSchema },
  { method: 'DELETE', path: '/api/roles/:id', service: 'identity', access: signedIn(ADMIN_AREA, 'userRole.delete'), tag: 'roles', summary: 'Delete a role (when no user has it)', params: idParamsSchema },
] as const satisfies readonly ApiRoute[];

export type ApiRouteTable = typeof apiRoutes;

/** The routes a service implements. */
export function routesOf(service: UpstreamService): ApiRoute[] {
  return (apiRoutes as readonly ApiRoute[]).filter((route) => route.service === service);
}

export function findApiRoute(method: HttpMethod, path: string): ApiRoute {
  const route = (apiRoutes as readonly ApiRoute[]).find((candidate) => candidate.method === method && candidate.path === path);
  if (!route) throw new Error(`No API route ${method} ${path} in the route table`);
  return route;
}
