import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { Writable } from 'node:stream';
import type { ReportExportFilter, ReportSheetTexts } from '@ams/contracts';
import type { SignedInPrincipal } from '@ams/service-kit';
import { writeSheet, type Sheet } from '@ams/spreadsheet';
import type { ReportingContext } from '../context.ts';

/** What one export works with: who asked, the filters, the language's texts, each company's clock, and its progress. */
export interface ExportRun {
  ctx: ReportingContext;
  caller: SignedInPrincipal;
  filter: ReportExportFilter;
  texts: ReportSheetTexts;
  /** The sheet's time format (the filtered or the caller's company's setting). */
  timeFormat: string;
  /** A company's time zone (the organisation's for null). */
  zoneOf(companyId: string | null): string;
  /** `rows` more rows were written; `total` once the number of rows is known. */
  progress(rows: number, total?: number): Promise<void>;
}

/** Writes one report's workbook; answers the number of rows written. */
export type ReportExporter = (run: ExportRun, out: Writable) => Promise<number>;

/**
 * Writes the batches to the sheet, noting progress after each and letting the event loop run between batches,
 * so that an export never keeps requests waiting.
 */
export async function writeBatches<Row>(run: ExportRun, out: Writable, sheet: Sheet<Row>, batches: AsyncIterable<readonly Row[]>): Promise<number> {
  async function* counted(): AsyncGenerator<readonly Row[]> {
    for await (const batch of readAhead(batches)) {
      yield batch;
      await run.progress(batch.length);
      await yieldToEventLoop();
    }
  }
  return writeSheet(out, sheet, counted());
}

/**
 * The source's items, the next one asked for as soon as the current one is handed out: the database reads a
 * batch while the previous one is turned into XML.
 */
export async function* readAhead<T>(source: AsyncIterable<T>): AsyncGenerator<T> {
  const items = source[Symbol.asyncIterator]();
  let next = items.next();
  try {
    for (;;) {
      const item = await next;
      if (item.done) return;
      next = items.next();
      // Awaited on the next turn; until then a failure must not count as unhandled.
      next.catch(() => undefined);
      yield item.value;
    }
  } finally {
    await items.return?.();
  }
}

/** Rows in pages of a report's own paged query, until a page comes back short. */
export async function* pagedBatches<T>(
  run: ExportRun,
  pageSize: number,
  read: (page: { page: number; pageSize: number }) => Promise<{ items: T[]; total: number }>,
): AsyncGenerator<T[]> {
  for (let page = 1; ; page += 1) {
    const { items, total } = await read({ page, pageSize });
    if (page === 1) await run.progress(0, total);
    if (items.length > 0) yield items;
    if (items.length < pageSize) return;
  }
}

/** Rows read at once, in slices of `size` (reports that compute all their rows together). */
export async function* slicedBatches<T>(run: ExportRun, size: number, read: () => Promise<T[]>): AsyncGenerator<T[]> {
  const rows = await read();
  await run.progress(0, rows.length);
  for (let start = 0; start < rows.length; start += size) yield rows.slice(start, start + size);
}
