import type { Locator } from 'playwright-core';

type Part = 'day' | 'month' | 'year';

/** The parts and separator of a date field's pattern: dd/mm/yyyy, mm/dd/yyyy, dd/mm/aaaa (Spanish), yyyy-mm-dd. */
function partsOf(pattern: string): { order: Part[]; separator: string } {
  const order = pattern.split(/[^a-z]+/i).map((letters): Part => (letters.startsWith('d') ? 'day' : letters.startsWith('m') ? 'month' : 'year'));
  return { order, separator: /[^a-z]+/i.exec(pattern)?.[0] ?? '/' };
}

/** An ISO date written the way the pattern asks: ('2026-11-23', 'dd/mm/yyyy') → '23/11/2026'. */
export function dateAsTyped(isoDate: string, pattern: string): string {
  const [year = '', month = '', day = ''] = isoDate.split('-');
  const values: Record<Part, string> = { year, month, day };
  const { order, separator } = partsOf(pattern);
  return order.map((part) => values[part]).join(separator);
}

/** The pattern a date field asks for, read off its placeholder as a person reads it. */
export async function datePatternOf(field: Locator): Promise<string> {
  const pattern = await field.getAttribute('placeholder');
  if (!pattern) throw new Error('The field shows no date pattern: is it a date field?');
  return pattern;
}

/** Types an ISO date into a date field in the order the field shows (its own pattern unless one is given). */
export async function fillDate(field: Locator, isoDate: string, pattern?: string): Promise<void> {
  await field.fill(dateAsTyped(isoDate, pattern ?? (await datePatternOf(field))));
}

/** The ISO date a date field shows, read back through its pattern ('' when empty). */
export async function dateValueOf(field: Locator): Promise<string> {
  const text = await field.inputValue();
  if (text === '') return '';
  const { order } = partsOf(await datePatternOf(field));
  const values: Partial<Record<Part, string>> = {};
  text.split(/\D+/).forEach((digits, index) => {
    const part = order[index];
    if (part) values[part] = digits;
  });
  return `${values.year ?? ''}-${values.month ?? ''}-${values.day ?? ''}`;
}
