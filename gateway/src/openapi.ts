import { z } from 'zod';
import { apiRoutes, apiTags, CSRF_HEADER, sessionEndReasons, successStatusOf, TOKEN_COOKIE, type ApiRoute, type SuccessStatus } from '@ams/contracts';

type JsonSchema = Record<string, unknown>;

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  description?: string;
  schema: JsonSchema;
}

interface Operation {
  operationId: string;
  summary: string;
  tags: string[];
  parameters?: Parameter[];
  requestBody?: { required: true; content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, unknown>;
  security: Array<Record<string, string[]>>;
  'x-access': ApiRoute['access'];
}

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string; license: { name: string; identifier: string } };
  servers: Array<{ url: string; description: string }>;
  tags: Array<{ name: string; description: string }>;
  paths: Record<string, Partial<Record<Lowercase<ApiRoute['method']>, Operation>>>;
  components: Record<string, Record<string, unknown>>;
}

/** JSON Schema 2020-12 (OpenAPI 3.1's dialect) of what a client sends (`input`) or receives (`output`). */
function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

function parametersOf(schema: z.ZodType | undefined, location: 'path' | 'query'): Parameter[] {
  if (!schema) return [];
  const object = jsonSchemaOf(schema, 'input');
  const properties = (object.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((object.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: location,
    required: location === 'path' || required.has(name),
    schema: property,
  }));
}

const problemRef = { $ref: '#/components/schemas/Problem' };
const problem = (description: string) => ({ description, content: { 'application/problem+json': { schema: problemRef } } });

function operationOf(route: ApiRoute): Operation {
  const isPublic = route.access.kind === 'public';
  const unsafe = route.method !== 'GET';
  const parameters = [...parametersOf(route.params, 'path'), ...parametersOf(route.query, 'query')];
  if (!isPublic && unsafe) {
    parameters.push({
      name: CSRF_HEADER,
      in: 'header',
      required: false,
      description: 'Required when the token comes from the cookie: the `csrf` claim of the token.',
      schema: { type: 'string' },
    });
  }
  const responses: Record<string, unknown> = { [String(successStatusOf(route))]: successOf(route) };
  if (route.params || route.query || route.body) responses['400'] = problem('Invalid input');
  if (!isPublic) {
    responses['401'] = problem('No valid token');
    responses['403'] = problem('Not allowed for this account or role, or CSRF header missing');
  }
  if (route.params) responses['404'] = problem('Not found');
  if (route.body || route.rawBody) responses['413'] = problem('Body too large');
  if (route.rawBody) responses['415'] = problem('Unsupported media type');
  responses['429'] = problem('Too many requests from this address');
  responses['503'] = problem('A service is unavailable');
  return {
    operationId: `${route.method.toLowerCase()}${route.path
      .split(/[/:-]/)
      .filter(Boolean)
      .map((part) => part[0]?.toUpperCase() + part.slice(1))
      .join('')}`,
    summary: route.summary,
    tags: [route.tag],
    ...(parameters.length > 0 ? { parameters } : {}),
    ...requestBodyOf(route),
    responses,
    security: isPublic ? [] : [{ bearerAuth: [] }, { cookieAuth: [] }],
    'x-access': route.access,
  };
}

const successDescriptions: Record<SuccessStatus, string> = { 200: 'OK', 201: 'Created', 204: 'Done' };

/** The success answer: its status from the table, a JSON body, the bytes of an image, or nothing. */
function successOf(route: ApiRoute): { description: string; content?: Record<string, { schema: JsonSchema }> } {
  const description = successDescriptions[successStatusOf(route)];
  if (route.response) return { description, content: { 'application/json': { schema: jsonSchemaOf(route.response, 'output') } } };
  if (route.rawResponse) {
    const binary = { schema: { type: 'string', contentMediaType: 'application/octet-stream' } };
    return { description, content: Object.fromEntries(route.rawResponse.mediaTypes.map((type) => [type, binary])) };
  }
  return { description };
}

function requestBodyOf(route: ApiRoute): Pick<Operation, 'requestBody'> {
  if (route.body) return { requestBody: { required: true, content: { 'application/json': { schema: jsonSchemaOf(route.body, 'input') } } } };
  if (route.rawBody) {
    const binary = { schema: { type: 'string', contentMediaType: 'application/octet-stream', maxLength: route.rawBody.maxBytes } };
    return { requestBody: { required: true, content: Object.fromEntries(route.rawBody.mediaTypes.map((type) => [type, binary])) } };
  }
  return {};
}

/** `/api/users/:id` → `/api/users/{id}`. */
export function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

/** The API as the route table defines it; the gateway serves it at /api/openapi.json. */
export function buildOpenApiDocument(routes: readonly ApiRoute[] = apiRoutes): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  for (const route of routes) {
    const path = openApiPath(route.path);
    paths[path] = { ...paths[path], [route.method.toLowerCase()]: operationOf(route) };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Attendance Management System API',
      version: '1',
      description: 'Every call goes through the gateway. Errors are application/problem+json.',
      license: { name: 'MIT', identifier: 'MIT' },
    },
    // Relative: the document is served by the gateway it describes, wherever that runs.
    servers: [{ url: '/', description: 'The gateway serving this document' }],
    tags: [...new Set(routes.map((route) => route.tag))].map((name) => ({ name, description: apiTags[name] })),
    paths,
    components: {
      schemas: {
        Problem: {
          type: 'object',
          required: ['type', 'title', 'status', 'code', 'detail', 'message'],
          properties: {
            type: { type: 'string' },
            title: { type: 'string' },
            status: { type: 'integer' },
            code: { type: 'string' },
            detail: { type: 'string' },
            message: { type: 'string' },
            instance: { type: 'string' },
            reason: {
              type: 'string',
              enum: [...sessionEndReasons],
              description: 'On a 401: why an administrator (or a password change) ended the session.',
            },
            errors: {
              type: 'array',
              items: { type: 'object', required: ['path', 'message'], properties: { path: { type: 'string' }, message: { type: 'string' } } },
            },
          },
        },
      },
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        cookieAuth: { type: 'apiKey', in: 'cookie', name: TOKEN_COOKIE },
      },
    },
  };
}
