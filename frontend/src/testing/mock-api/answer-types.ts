import type { ApiRouteAt, ApiRouteKey, MessageKey, MessageParams, User } from '@ams/contracts';
import type { z } from 'zod';
import type { MockDb } from './mock-db';

type Row<Key extends ApiRouteKey> = ApiRouteAt<Key>;

/** What a route's handler answers: its response schema's input, raw bytes for a raw answer, nothing for a 204. */
export type AnswerBody<Key extends ApiRouteKey> =
  Row<Key> extends { response: infer Schema extends z.ZodType } ? z.input<Schema> : Row<Key> extends { rawResponse: object } ? RawAnswer : void;
export interface RawAnswer {
  raw: BodyInit;
  contentType: string;
}

type Parsed<Route, Part extends 'query' | 'body' | 'params'> = Route extends { [P in Part]: infer Schema extends z.ZodType } ? z.output<Schema> : undefined;

/** The request as the real service sees it: params, query and body checked by the row's schemas, the caller known. */
export interface AnswerContext<Key extends ApiRouteKey> {
  db: MockDb;
  params: Record<string, string>;
  query: Parsed<Row<Key>, 'query'>;
  body: Parsed<Row<Key>, 'body'>;
  /** The signed-in user (null on a public route). */
  user: User | null;
  /** The token the call carried (cookie or bearer), if any. */
  token: string | null;
  /** The raw body of an upload route. */
  request: Request;
}

export type Answer<Key extends ApiRouteKey> = (context: AnswerContext<Key>) => AnswerBody<Key> | Promise<AnswerBody<Key>>;
export type Answers<Keys extends ApiRouteKey> = { [Key in Keys]: Answer<Key> };

/** The routes one service implements. */
export type KeysOf<Service extends string> = { [Key in ApiRouteKey]: Row<Key>['service'] extends Service ? Key : never }[ApiRouteKey];

/** A refusal the handler answers as problem+json, with the catalogue's message, as the services do. */
export class MockProblem extends Error {
  readonly status: number;
  readonly messageKey: MessageKey;
  readonly params: MessageParams | undefined;

  constructor(status: number, messageKey: MessageKey, params?: MessageParams) {
    super(messageKey);
    this.name = 'MockProblem';
    this.status = status;
    this.messageKey = messageKey;
    this.params = params;
  }
}

/** The record with this id, or a 404 with the resource's message. */
export function findOr404<Item extends { id: string }>(items: readonly Item[], id: string | undefined, notFound: MessageKey): Item {
  const item = items.find((each) => each.id === id);
  if (!item) throw new MockProblem(404, notFound);
  return item;
}

interface PageQuery {
  search?: string | undefined;
  page?: number | undefined;
  pageSize?: number | undefined;
}

/** Filters common to the lists (company, department, employee, status…): an item matches when its field equals the query's. */
const FILTERS = ['companyId', 'departmentId', 'employeeId', 'jobTitleId', 'leaveTypeId', 'status', 'category'] as const;

/** One page of a list, searched in its text fields and filtered like the services filter it. */
export function pageOf<Item extends object>(
  items: readonly Item[],
  query: PageQuery & Partial<Record<(typeof FILTERS)[number], unknown>>,
): { items: Item[]; total: number } {
  const search = query.search?.toLowerCase();
  const matching = items.filter((item) => {
    const fields = item as Record<string, unknown>;
    const filtered = FILTERS.every((name) => query[name] === undefined || !(name in fields) || fields[name] === query[name]);
    const found = !search || Object.values(fields).some((value) => typeof value === 'string' && value.toLowerCase().includes(search));
    return filtered && found;
  });
  const pageSize = query.pageSize ?? 50;
  const start = ((query.page ?? 1) - 1) * pageSize;
  return { items: matching.slice(start, start + pageSize), total: matching.length };
}

/** Removes the record or answers 404. */
export function removeOr404<Item extends { id: string }>(items: Item[], id: string | undefined, notFound: MessageKey): Item {
  const item = findOr404(items, id, notFound);
  items.splice(items.indexOf(item), 1);
  return item;
}
