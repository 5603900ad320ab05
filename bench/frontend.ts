/**
 * What the SPA costs on the wire: the bytes Chromium actually downloads (CDP encodedDataLength: headers and
 * the body as sent, compressed or not) for /sign-in and for /dashboard (signed in), on a first visit (empty
 * cache) and on a repeat visit (same browser, cache warm), beside the decoded bytes of the same responses as
 * the baseline. The goal: at most 170 KB of JS on the wire at first load, headers included (what the browser
 * downloads; the bodies alone are shown beside it). Lighthouse-style timings of the
 * first visit are measured in Debian's Chromium (no throttling: this machine, loopback network).
 *   node bench/frontend.ts   (or pnpm bench:frontend)
 * BENCH_RUNS (default 5): timed loads per page; the median is reported.
 * The product is started as a user starts it (built frontend behind the gateway, fresh data directory).
 */
import { chromium, type Browser, type BrowserContext, type CDPSession } from 'playwright-core';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startProduct } from '../e2e/support/product.ts';
import { storeSession, type IssuedSession } from '../e2e/support/stored-session.ts';

const runs = Number(process.env.BENCH_RUNS ?? 5);
const JS_GOAL_BYTES = 170 * 1024;

/** One response as the network saw it. */
interface Transfer {
  url: string;
  type: string;
  encoding: string;
  /** Bytes received: headers and body as sent. */
  wire: number;
  /** Of those, the response headers (helmet's security headers alone are ~670 bytes on every response). */
  headers: number;
  /** Body bytes after decoding. */
  decoded: number;
}

interface Timings {
  ttfb: number;
  fcp: number;
  lcp: number;
  domContentLoaded: number;
  load: number;
}

/** Every finished response of the page, from the DevTools protocol (counts cache hits as 0 bytes on the wire). */
async function recordTransfers(cdp: CDPSession): Promise<Transfer[]> {
  const transfers: Transfer[] = [];
  const responses = new Map<string, Omit<Transfer, 'wire' | 'decoded'>>();
  const decoded = new Map<string, number>();
  await cdp.send('Network.enable');
  cdp.on('Network.responseReceived', ({ requestId, type, response }) => {
    // Inline data: URLs (the stylesheet's SVGs) never touch the network.
    if (!response.url.startsWith('http')) return;
    const encoding = Object.entries(response.headers).find(([name]) => name.toLowerCase() === 'content-encoding')?.[1] ?? 'identity';
    // Bytes received by now: the status line and headers (0 for a cache hit).
    responses.set(requestId, { url: new URL(response.url).pathname, type, encoding, headers: response.encodedDataLength });
  });
  cdp.on('Network.dataReceived', ({ requestId, dataLength }) => decoded.set(requestId, (decoded.get(requestId) ?? 0) + dataLength));
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    const response = responses.get(requestId);
    if (response) transfers.push({ ...response, wire: encodedDataLength, decoded: decoded.get(requestId) ?? 0 });
  });
  return transfers;
}

async function visit(context: BrowserContext, url: string, ready: string): Promise<{ transfers: Transfer[]; timings: Timings }> {
  const page = await context.newPage();
  const transfers = await recordTransfers(await context.newCDPSession(page));
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForSelector(ready);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(200);
  const timings = await page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
    return {
      ttfb: nav.responseStart,
      fcp,
      lcp: (window as unknown as { __lcp: number }).__lcp,
      domContentLoaded: nav.domContentLoadedEventEnd,
      load: nav.loadEventEnd,
    };
  });
  await page.close();
  return { transfers: [...transfers], timings };
}

/** A first visit in a fresh context (empty cache), then a repeat visit of the same page in it. */
async function loadPage(browser: Browser, url: string, session: IssuedSession | null, ready: string) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  if (session) await storeSession(context, new URL(url).origin, session);
  await context.addInitScript(() => {
    const win = window as unknown as { __lcp: number };
    win.__lcp = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) win.__lcp = Math.max(win.__lcp, entry.startTime);
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
  const first = await visit(context, url, ready);
  const repeat = await visit(context, url, ready);
  await context.close();
  return { first, repeat };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const total = (transfers: Transfer[], key: 'wire' | 'headers' | 'decoded', type?: string) =>
  transfers.filter((transfer) => type === undefined || transfer.type === type).reduce((sum, transfer) => sum + transfer[key], 0);
const ratio = (part: number, whole: number) => (whole === 0 ? '-' : `${((100 * part) / whole).toFixed(0)} %`);

const product = await startProduct();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
try {
  const login = await fetch(`${product.url}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
  });
  const session = (await login.json()) as IssuedSession;
  const pages = [
    { name: '/sign-in', url: `${product.url}/sign-in`, session: null, ready: 'input[type=email]' },
    { name: '/dashboard', url: `${product.url}/dashboard`, session, ready: '[data-testid=welcome]' },
  ];
  const results = [];
  for (const target of pages) {
    const loads = [];
    // The first load also warms the server; every load starts in a fresh context (empty cache).
    for (let run = 0; run <= runs; run++) loads.push(await loadPage(browser, target.url, target.session, target.ready));
    const measured = loads.slice(1);
    const { first, repeat } = measured[0] as (typeof measured)[number];
    const timing = (key: keyof Timings) => Math.round(median(measured.map((load) => load.first.timings[key])));
    const jsWire = total(first.transfers, 'wire', 'Script');
    const jsBody = jsWire - total(first.transfers, 'headers', 'Script');
    results.push({
      page: target.name,
      jsFiles: first.transfers.filter((transfer) => transfer.type === 'Script').length,
      jsWire,
      jsBody,
      jsDecoded: total(first.transfers, 'decoded', 'Script'),
      firstWire: total(first.transfers, 'wire'),
      firstDecoded: total(first.transfers, 'decoded'),
      repeatWire: total(repeat.transfers, 'wire'),
      repeatDecoded: total(repeat.transfers, 'decoded'),
      withinGoal: jsWire <= JS_GOAL_BYTES,
      ttfbMs: timing('ttfb'),
      fcpMs: timing('fcp'),
      lcpMs: timing('lcp'),
      domContentLoadedMs: timing('domContentLoaded'),
      loadMs: timing('load'),
      files: first.transfers.map((transfer) => `${transfer.url} ${transfer.encoding} ${kb(transfer.wire)}/${kb(transfer.decoded)}`),
    });
  }
  console.log(
    `\nBytes on the wire, headers included, beside the decoded bytes; every response of the page counts. Goal: the JS on the wire, headers included, ≤ ${kb(JS_GOAL_BYTES)} at first visit\n`,
  );
  console.table(
    results.map((result) => ({
      page: result.page,
      'JS files': result.jsFiles,
      'JS wire': kb(result.jsWire),
      'JS bodies wire': kb(result.jsBody),
      'JS decoded': kb(result.jsDecoded),
      'JS wire ≤ goal': result.withinGoal,
      'first visit wire': kb(result.firstWire),
      'first decoded': kb(result.firstDecoded),
      'wire/decoded': ratio(result.firstWire, result.firstDecoded),
      'repeat visit wire': kb(result.repeatWire),
      'repeat decoded': kb(result.repeatDecoded),
    })),
  );
  console.log(`\nFirst-visit timings, medians of ${runs} cold loads on loopback, no throttling\n`);
  console.table(
    results.map((result) => ({
      page: result.page,
      'TTFB ms': result.ttfbMs,
      'FCP ms': result.fcpMs,
      'LCP ms': result.lcpMs,
      'DCL ms': result.domContentLoadedMs,
      'load ms': result.loadMs,
    })),
  );
  for (const result of results) console.log(`${result.page} (encoding wire/decoded): ${result.files.join(', ')}`);
  console.log(JSON.stringify(results.map(({ files: _files, ...rest }) => rest)));
} finally {
  await browser.close();
  await product.stop();
}
