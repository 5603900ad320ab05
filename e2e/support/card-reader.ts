import type { Page } from 'playwright-core';

/** How far apart a USB reader types a card's keys. */
const READER_KEY_GAP_MS = 5;

/**
 * A USB card reader: the card's characters and Enter, as real key events at whatever has the focus, stamped
 * a few milliseconds apart as a reader types them. The kiosk judges a burst by its keys' stamps, and these are
 * set here rather than taken when each key reaches the browser, so a loaded machine (slow round trips from
 * here) cannot stretch the burst into a person's typing or cut it in two.
 */
export async function swipeCard(page: Page, card: string): Promise<void> {
  const session = await page.context().newCDPSession(page);
  try {
    const start = Date.now() / 1000;
    for (const [index, key] of [...card, 'Enter'].entries()) {
      const timestamp = start + (index * READER_KEY_GAP_MS) / 1000;
      const fields =
        key === 'Enter'
          ? { key, code: 'Enter', text: '\r', unmodifiedText: '\r', windowsVirtualKeyCode: 13, nativeVirtualKeyCode: 13 }
          : {
              key,
              text: key,
              unmodifiedText: key,
              windowsVirtualKeyCode: key.toUpperCase().charCodeAt(0),
              nativeVirtualKeyCode: key.toUpperCase().charCodeAt(0),
            };
      await session.send('Input.dispatchKeyEvent', { type: 'keyDown', timestamp, ...fields });
      await session.send('Input.dispatchKeyEvent', { type: 'keyUp', timestamp, ...fields, text: undefined, unmodifiedText: undefined });
    }
  } finally {
    await session.detach();
  }
}
