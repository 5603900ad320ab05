import type { ApiRouteKey, MessageKey } from '@ams/contracts';
import { findOr404, MockProblem, pageOf, removeOr404, type Answers, type AnswerContext } from './answer-types';
import type { MockDb } from './mock-db';

/** The five routes of one organisation record type (list, create, read, replace, delete). */
type CrudKeys<Path extends string> = Extract<`GET ${Path}` | `POST ${Path}` | `GET ${Path}/:id` | `PUT ${Path}/:id` | `DELETE ${Path}/:id`, ApiRouteKey>;

type PostBody<Path extends string> = AnswerContext<Extract<`POST ${Path}`, ApiRouteKey>>['body'];
/** What the unique-name check reads of a record's fields. */
type NamedFields = { name: string; companyId?: string };

interface CrudRecord<Path extends string, Item extends { id: string; name: string }> {
  path: Path;
  items: (db: MockDb) => Item[];
  /** The record from the form's fields; an existing record keeps its id and creation time. */
  build: (db: MockDb, fields: PostBody<Path>, existing?: Item) => Item;
  notFound: MessageKey;
  /** The 409 for a name already taken in the same company, when names must be unique. */
  taken?: MessageKey;
}

function checkUniqueName(
  items: readonly { id: string; name: string; companyId?: string }[],
  fields: NamedFields,
  id: string | undefined,
  taken: MessageKey,
): void {
  const clash = items.some((each) => each.id !== id && each.name.toLowerCase() === fields.name.toLowerCase() && each.companyId === fields.companyId);
  if (clash) throw new MockProblem(409, taken);
}

/** The answers of one record type's routes, kept in the session's data as the service keeps them. */
export function crudAnswers<Path extends string, Item extends { id: string; name: string }>(record: CrudRecord<Path, Item>): Answers<CrudKeys<Path>> {
  const { path, items, build, notFound, taken } = record;
  const answers = {
    [`GET ${path}`]: ({ db, query }: { db: MockDb; query: Parameters<typeof pageOf>[1] }) => pageOf(items(db), query),
    [`POST ${path}`]: ({ db, body }: { db: MockDb; body: PostBody<Path> }) => {
      if (taken) checkUniqueName(items(db), body as NamedFields, undefined, taken);
      const created = build(db, body);
      items(db).push(created);
      return created;
    },
    [`GET ${path}/:id`]: ({ db, params }: { db: MockDb; params: Record<string, string> }) => findOr404(items(db), params.id, notFound),
    [`PUT ${path}/:id`]: ({ db, params, body }: { db: MockDb; params: Record<string, string>; body: PostBody<Path> }) => {
      const existing = findOr404(items(db), params.id, notFound);
      if (taken) checkUniqueName(items(db), body as NamedFields, existing.id, taken);
      const replaced = build(db, body, existing);
      // Replaced in place: lists keep their order.
      items(db).splice(items(db).indexOf(existing), 1, replaced);
      return replaced;
    },
    [`DELETE ${path}/:id`]: ({ db, params }: { db: MockDb; params: Record<string, string> }) => void removeOr404(items(db), params.id, notFound),
  };
  // The keys are built from the path, which the type system cannot follow; each handler's shape is the routes'.
  return answers as unknown as Answers<CrudKeys<Path>>;
}
