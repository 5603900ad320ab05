import { describe, expect, it } from 'vitest';
import { boundsOf, dateInputText, datePattern, ifSettled, isIsoDate, parseDateInput } from './date-input';
import type { DateTimeSettings } from './date-format';

const uk: DateTimeSettings = { timezone: 'Europe/London', timeFormat: 1, country: 'UK', language: 'en' };
const us: DateTimeSettings = { ...uk, timezone: 'America/New_York', country: 'US' };
const spainInSpanish: DateTimeSettings = { ...uk, timezone: 'Europe/Madrid', country: 'ES', language: 'es' };
const germany: DateTimeSettings = { ...uk, country: 'DE' };
const sweden: DateTimeSettings = { ...uk, country: 'SE' };
const englishLetters = { day: 'dd', month: 'mm', year: 'yyyy' } as const;

describe('a typed date is read in the organisation order', () => {
  it.each([
    ['UK', uk, '23/11/2026'],
    ['US', us, '11/23/2026'],
    ['Spain in Spanish', spainInSpanish, '23/11/2026'],
    ['Germany', germany, '23.11.2026'],
    ['Sweden (ISO order)', sweden, '2026-11-23'],
  ])('%s reads %s as 2026-11-23', (_name, settings, typed) => {
    expect(parseDateInput(typed, settings)).toEqual({ kind: 'date', iso: '2026-11-23' });
  });

  it('the same digits are 1 February in the UK and 2 January in the US', () => {
    expect(parseDateInput('01/02/2026', uk)).toEqual({ kind: 'date', iso: '2026-02-01' });
    expect(parseDateInput('01/02/2026', us)).toEqual({ kind: 'date', iso: '2026-01-02' });
  });

  it('single-digit days and months, any separator and stray spaces are understood', () => {
    for (const typed of ['1/2/2026', '01-02-2026', '1.2.2026', ' 1 / 2 / 2026 ', '01022026']) {
      expect(parseDateInput(typed, uk)).toEqual({ kind: 'date', iso: '2026-02-01' });
    }
  });

  it('an ISO date typed or pasted is understood in every order', () => {
    expect(parseDateInput('2026-02-01', us)).toEqual({ kind: 'date', iso: '2026-02-01' });
    expect(parseDateInput('2026-02-01', uk)).toEqual({ kind: 'date', iso: '2026-02-01' });
  });

  it('the 29th of February exists in leap years only', () => {
    expect(parseDateInput('29/02/2028', uk)).toEqual({ kind: 'date', iso: '2028-02-29' });
    expect(parseDateInput('29/02/2000', uk)).toEqual({ kind: 'date', iso: '2000-02-29' });
    expect(parseDateInput('29/02/2027', uk)).toEqual({ kind: 'impossible' });
    expect(parseDateInput('29/02/1900', uk)).toEqual({ kind: 'impossible' });
  });

  it.each(['31/04/2026', '32/01/2026', '00/01/2026', '10/13/2026', '10/00/2026'])('%s is a day that does not exist in the UK', (typed) => {
    expect(parseDateInput(typed, uk)).toEqual({ kind: 'impossible' });
  });

  it('a UK date typed in a US organisation is refused rather than misread', () => {
    expect(parseDateInput('23/11/2026', us)).toEqual({ kind: 'impossible' });
  });

  it.each(['23/11', '23/11/26', '23/11/2026/1', 'tomorrow', '23/nov/2026', '123/11/2026', '2026'])('%s cannot be read as a date', (typed) => {
    expect(parseDateInput(typed, uk)).toEqual({ kind: 'unreadable' });
  });

  it('an empty or blank field is empty, not an error', () => {
    expect(parseDateInput('', uk)).toEqual({ kind: 'empty' });
    expect(parseDateInput('   ', uk)).toEqual({ kind: 'empty' });
  });
});

describe('a date field shows its pattern and value in the order', () => {
  it('the pattern follows the order and separator with the language letters', () => {
    expect(datePattern(uk, englishLetters)).toBe('dd/mm/yyyy');
    expect(datePattern(us, englishLetters)).toBe('mm/dd/yyyy');
    expect(datePattern(germany, englishLetters)).toBe('dd.mm.yyyy');
    expect(datePattern(sweden, englishLetters)).toBe('yyyy-mm-dd');
    expect(datePattern(spainInSpanish, { day: 'dd', month: 'mm', year: 'aaaa' })).toBe('dd/mm/aaaa');
  });

  it('a value is shown in the order and what is not a date is shown as typed', () => {
    expect(dateInputText('2026-02-01', uk)).toBe('01/02/2026');
    expect(dateInputText('2026-02-01', us)).toBe('02/01/2026');
    expect(dateInputText('', uk)).toBe('');
    expect(dateInputText('31/02/2026', uk)).toBe('31/02/2026');
  });

  it('a value round-trips through what the field shows', () => {
    for (const settings of [uk, us, germany, sweden, spainInSpanish]) {
      expect(parseDateInput(dateInputText('2028-02-29', settings), settings)).toEqual({ kind: 'date', iso: '2028-02-29' });
    }
  });
});

describe('bounds and settled values', () => {
  it('a date before min or after max is out of bounds; the bounds themselves are in', () => {
    expect(boundsOf('2026-01-01', '2026-01-02')).toBe('beforeMin');
    expect(boundsOf('2026-01-02', '2026-01-02', '2026-01-05')).toBe('ok');
    expect(boundsOf('2026-01-05', '2026-01-02', '2026-01-05')).toBe('ok');
    expect(boundsOf('2026-01-06', undefined, '2026-01-05')).toBe('afterMax');
    expect(boundsOf('1999-12-31')).toBe('ok');
  });

  it('only real ISO dates count as dates', () => {
    expect(isIsoDate('2026-02-28')).toBe(true);
    expect(isIsoDate('2026-02-30')).toBe(false);
    expect(isIsoDate('28/02/2026')).toBe(false);
  });

  it('a filter hears dates and empty values but not a date still being typed', () => {
    const heard: string[] = [];
    const handler = ifSettled((value) => heard.push(value));
    for (const value of ['2026-02-01', '01/02', '', '31/02/2026']) handler(value);
    expect(heard).toEqual(['2026-02-01', '']);
  });
});
