import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { wallClockOf, writeSheet, type Sheet } from './sheet-writer.ts';
import { readWorkbook, type ReadSheet } from './testing.ts';

interface Day {
  name: string;
  date: Date;
  hours: number | null;
}

const sheet: Sheet<Day> = {
  name: 'Attendance',
  columns: [
    { header: 'Employee', value: (day) => day.name },
    { header: 'Date', value: (day) => day.date, numFmt: 'yyyy-mm-dd' },
    { header: 'Hours', value: (day) => day.hours, numFmt: '0.00' },
  ],
};

async function* batchesOf<T>(...batches: T[][]): AsyncIterable<T[]> {
  for (const batch of batches) yield batch;
}

async function written(batches: AsyncIterable<Day[]>): Promise<{ count: number; sheets: ReadSheet[] }> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const count = await writeSheet(out, sheet, batches);
  return { count, sheets: await readWorkbook(Buffer.concat(chunks)) };
}

describe('writeSheet', () => {
  it('writes a bold header and every batch of rows with typed cells', async () => {
    const { count, sheets } = await written(
      batchesOf([{ name: 'Ana', date: new Date(Date.UTC(2026, 0, 12)), hours: 7.5 }], [{ name: 'Rui', date: new Date(Date.UTC(2026, 0, 13)), hours: null }]),
    );
    expect(count).toBe(2);
    expect(sheets.map(({ name, rows, headerBold }) => ({ name, rows, headerBold }))).toEqual([
      {
        name: 'Attendance',
        rows: [
          ['Employee', 'Date', 'Hours'],
          ['Ana', new Date(Date.UTC(2026, 0, 12)), 7.5],
          ['Rui', new Date(Date.UTC(2026, 0, 13)), null],
        ],
        headerBold: true,
      },
    ]);
    expect(sheets[0]?.formats[1]).toEqual(['', 'yyyy-mm-dd', '0.00']);
  });

  it('writes a header alone when no rows match', async () => {
    const { count, sheets } = await written(batchesOf<Day>());
    expect(count).toBe(0);
    expect(sheets[0]?.rows).toEqual([['Employee', 'Date', 'Hours']]);
  });

  it('keeps markup characters in text, drops characters XML cannot hold, and leaves non-finite numbers empty', async () => {
    const { sheets } = await written(batchesOf([{ name: ' <Ana> & "Rui"\u0001 ', date: new Date(Date.UTC(2026, 0, 12, 9, 30)), hours: Number.NaN }]));
    expect(sheets[0]?.rows[1]).toEqual([' <Ana> & "Rui" ', new Date(Date.UTC(2026, 0, 12, 9, 30)), null]);
    expect(sheets[0]?.formats[1]).toEqual(['', 'yyyy-mm-dd', '0.00']);
  });

  it('writes every row of many batches in order, the zip keeping pace with the rows', async () => {
    async function* many(): AsyncIterable<Day[]> {
      for (let batch = 0; batch < 20; batch += 1) {
        yield Array.from({ length: 1000 }, (_, index) => ({
          name: `Person ${batch * 1000 + index}`,
          date: new Date(Date.UTC(2026, 0, 1 + (index % 28))),
          hours: index / 4,
        }));
      }
    }
    const { count, sheets } = await written(many());
    expect(count).toBe(20_000);
    expect(sheets[0]?.rows).toHaveLength(20_001);
    expect(sheets[0]?.rows[20_000]).toEqual(['Person 19999', new Date(Date.UTC(2026, 0, 20)), 249.75]);
  });
});

describe('wallClockOf', () => {
  it('reads the instant on the zone’s clock, across a DST change', () => {
    expect(wallClockOf(new Date('2026-03-29T00:30:00Z'), 'Europe/Lisbon').toISOString()).toBe('2026-03-29T00:30:00.000Z');
    expect(wallClockOf(new Date('2026-03-29T01:30:00Z'), 'Europe/Lisbon').toISOString()).toBe('2026-03-29T02:30:00.000Z');
    expect(wallClockOf(new Date('2026-01-12T23:30:00Z'), 'Asia/Tokyo').toISOString()).toBe('2026-01-13T08:30:00.000Z');
  });

  it('reads to the second, on either side of an offset change that falls between quarter hours', () => {
    // Liberia left its −0:44:30 offset at 00:44:30 UTC on 7 January 1972.
    expect(wallClockOf(new Date('1972-01-07T00:44:29.900Z'), 'Africa/Monrovia').toISOString()).toBe('1972-01-06T23:59:59.000Z');
    expect(wallClockOf(new Date('1972-01-07T00:44:30Z'), 'Africa/Monrovia').toISOString()).toBe('1972-01-07T00:44:30.000Z');
    expect(wallClockOf(new Date('1972-01-07T00:30:00Z'), 'Africa/Monrovia').toISOString()).toBe('1972-01-06T23:45:30.000Z');
  });
});
