import { FEEDBACK_SCREENSHOT_MAX_BYTES } from '@ams/contracts';

/** The bytes a base64 data URL stands for. */
function bytesOf(dataUrl: string): number {
  const base64 = dataUrl.slice(dataUrl.indexOf(',') + 1);
  return Math.floor((base64.length * 3) / 4);
}

/**
 * A PNG of the page behind the dialog, scaled down until it fits the server's limit (null when it never does).
 * html-to-image loads only here, when a user sends a screenshot, so it is never part of a page's first load.
 */
export async function capturePage(exclude: HTMLElement | null): Promise<string | null> {
  const { toPng } = await import('html-to-image');
  const root = document.body;
  const width = Math.max(1, root.scrollWidth);
  for (const targetWidth of [1280, 960, 640, 400]) {
    const pixelRatio = Math.min(1, targetWidth / width);
    const png = await toPng(root, {
      pixelRatio,
      cacheBust: false,
      skipFonts: true,
      filter: (node) => !(exclude && node instanceof HTMLElement && exclude.contains(node)),
      backgroundColor: getComputedStyle(root).backgroundColor,
    });
    if (bytesOf(png) <= FEEDBACK_SCREENSHOT_MAX_BYTES) return png;
  }
  return null;
}
