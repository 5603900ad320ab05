/**
 * What the SPA costs a first visit: the gzip size of the JS and CSS a browser loads for /sign-in and for
 * /dashboard (signed in, empty cache), against the goal of at most 170 KB of JS at first load, and
 * Lighthouse-style timings measured in Debian's Chromium (no throttling: this machine, loopback network).
 *   node bench/frontend.ts   (or pnpm bench:frontend)
 * BENCH_RUNS (default 5): timed loads per page; the median is reported.
 * The product is started as a user starts it (built frontend behind the gateway, fresh data directory).
 */
import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from 'playwright-core';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startProduct } from '../e2e/support/product.ts';
import { storeSession, type IssuedSession } from '../e2e/support/stored-session.ts';

const runs = Number(process.env.BENCH_RUNS ?? 5);
const JS_GOAL_BYTES = 170 * 1024;

interface Load {
  js: { url: string; raw: number; gzip: number }[];
  css: { url: string; raw: number; gzip: number }[];
  timings: { ttfb: number; fcp: number; lcp: number; domContentLoaded: number; load: number };
}

async function loadPage(browser: Browser, url: string, session: IssuedSession | null, ready: string): Promise<Load> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  if (session) await storeSession(context, new URL(url).origin, session);
  await context.addInitScript(() => {
    const win = window as unknown as { __lcp: number };
    win.__lcp = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) win.__lcp = Math.max(win.__lcp, entry.startTime);
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
  const page = await context.newPage();
  const js: Load['js'] = [];
  const css: Load['css'] = [];
  const pending: Promise<void>[] = [];
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    pending.push(
      response.body().then((body) => {
        const entry = { url: new URL(response.url()).pathname, raw: body.length, gzip: gzipSync(body).length };
        (type === 'script' ? js : css).push(entry);
      }),
    );
  });
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
  await Promise.all(pending);
  await context.close();
  return { js, css, timings };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const sum = (entries: { gzip: number }[]) => entries.reduce((total, entry) => total + entry.gzip, 0);

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
    const loads: Load[] = [];
    // The first load also warms the server; every load uses a fresh context (empty cache).
    for (let run = 0; run <= runs; run++) loads.push(await loadPage(browser, target.url, target.session, target.ready));
    const measured = loads.slice(1);
    const first = measured[0] as Load;
    const jsGzip = sum(first.js);
    const cssGzip = sum(first.css);
    const timing = (key: keyof Load['timings']) => Math.round(median(measured.map((load) => load.timings[key])));
    results.push({
      page: target.name,
      jsFiles: first.js.length,
      jsGzip,
      jsRaw: first.js.reduce((total, entry) => total + entry.raw, 0),
      cssGzip,
      withinGoal: jsGzip <= JS_GOAL_BYTES,
      ttfbMs: timing('ttfb'),
      fcpMs: timing('fcp'),
      lcpMs: timing('lcp'),
      domContentLoadedMs: timing('domContentLoaded'),
      loadMs: timing('load'),
      files: first.js.map((entry) => `${entry.url} ${kb(entry.gzip)}`),
    });
  }
  console.log(`\nFirst load, gzip (goal: JS ≤ ${kb(JS_GOAL_BYTES)}); timings are medians of ${runs} cold loads on loopback, no throttling\n`);
  console.table(
    results.map((result) => ({
      page: result.page,
      'JS files': result.jsFiles,
      'JS gzip': kb(result.jsGzip),
      'CSS gzip': kb(result.cssGzip),
      'JS ≤ goal': result.withinGoal,
      'TTFB ms': result.ttfbMs,
      'FCP ms': result.fcpMs,
      'LCP ms': result.lcpMs,
      'DCL ms': result.domContentLoadedMs,
      'load ms': result.loadMs,
    })),
  );
  for (const result of results) console.log(`${result.page}: ${result.files.join(', ')}`);
  console.log(JSON.stringify(results.map(({ files: _files, ...rest }) => rest)));
} finally {
  await browser.close();
  await product.stop();
}
