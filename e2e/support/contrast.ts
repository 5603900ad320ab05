import type { Locator } from 'playwright-core';

/** What a text looks like on screen: its ink, the colour behind it and their WCAG contrast ratio. */
export interface DrawnContrast {
  ratio: number;
  ink: string;
  background: string;
}

/**
 * The contrast of a text as drawn, read from a screenshot of its glyphs (not from CSS, which misses the
 * colours daisyUI mixes for pressed and hovered states): the background is the commonest colour of the text's
 * box, the ink the pixel that stands out most from it. Take it in a browser with a high device scale factor so
 * the strokes have solid cores rather than anti-aliased edges.
 */
export async function drawnContrast(text: Locator): Promise<DrawnContrast> {
  const page = text.page();
  const box = await text.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    const { x, y, width, height } = range.getBoundingClientRect();
    return { x, y, width, height };
  });
  const png = await page.screenshot({ clip: box, animations: 'disabled', caret: 'hide' });
  // Decoded on a blank page of its own: the product's content security policy stays out of the way.
  const canvasPage = await page.context().newPage();
  try {
    return await canvasPage.evaluate(async (base64) => {
      const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
      const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const context = canvas.getContext('2d');
      if (!context) throw new Error('no 2d canvas');
      context.drawImage(bitmap, 0, 0);
      const { data } = context.getImageData(0, 0, bitmap.width, bitmap.height);
      const channel = (value: number) => {
        const c = value / 255;
        return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      };
      const luminance = (rgb: number) => 0.2126 * channel((rgb >> 16) & 255) + 0.7152 * channel((rgb >> 8) & 255) + 0.0722 * channel(rgb & 255);
      const ratioOf = (a: number, b: number) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
      const counts = new Map<number, number>();
      for (let index = 0; index < data.length; index += 4) {
        const rgb = ((data[index] ?? 0) << 16) | ((data[index + 1] ?? 0) << 8) | (data[index + 2] ?? 0);
        counts.set(rgb, (counts.get(rgb) ?? 0) + 1);
      }
      const background = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 0;
      const backgroundLuminance = luminance(background);
      let ink = background;
      for (const rgb of counts.keys()) if (ratioOf(luminance(rgb), backgroundLuminance) > ratioOf(luminance(ink), backgroundLuminance)) ink = rgb;
      const hex = (rgb: number) => `#${rgb.toString(16).padStart(6, '0')}`;
      return { ratio: Math.round(ratioOf(luminance(ink), backgroundLuminance) * 100) / 100, ink: hex(ink), background: hex(background) };
    }, png.toString('base64'));
  } finally {
    await canvasPage.close();
  }
}
