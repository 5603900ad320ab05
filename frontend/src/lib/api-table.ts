/**
 * The route table's rows by key, at run time: contracts' own lookup. It carries every service's schemas, so this
 * module is where the table leaves the first load: api-call loads it on demand, and only modules of lazily loaded
 * screens may import it (never the first load's).
 */
export { apiRoute as routeOf } from '@ams/contracts';
