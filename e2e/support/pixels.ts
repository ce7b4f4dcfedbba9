import type { Page } from '@playwright/test';

/**
 * Counts, in a PNG screenshot, the pixels close to each of `colours` (hex). Decoded in the page with a canvas so
 * no image library is needed; the tolerance absorbs antialiasing at line edges.
 */
export async function countColours(
  page: Page,
  png: Buffer,
  colours: readonly string[],
  tolerance = 24,
): Promise<number[]> {
  return page.evaluate(
    async ({ data, colours, tolerance }) => {
      const image = new Image();
      image.src = `data:image/png;base64,${data}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.width;
      canvas.height = image.height;
      const ctx = canvas.getContext('2d');
      if (!ctx) return colours.map(() => 0);
      ctx.drawImage(image, 0, 0);
      const pixels = ctx.getImageData(0, 0, image.width, image.height).data;
      const targets = colours.map((hex) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)));
      const counts = colours.map(() => 0);
      for (let p = 0; p < pixels.length; p += 4) {
        for (let c = 0; c < targets.length; c++) {
          const [r, g, b] = targets[c]!;
          if (
            Math.abs(pixels[p]! - r!) <= tolerance &&
            Math.abs(pixels[p + 1]! - g!) <= tolerance &&
            Math.abs(pixels[p + 2]! - b!) <= tolerance
          ) {
            counts[c]!++;
            break;
          }
        }
      }
      return counts;
    },
    { data: png.toString('base64'), colours: [...colours], tolerance },
  );
}

/**
 * A pixel of `colour` in the middle of a run of that colour (its 3×3 neighbourhood matches too), so a click there
 * lands on the feature and not on its antialiased edge; null when there is none. Coordinates are in the image.
 */
export async function findColour(
  page: Page,
  png: Buffer,
  colour: string,
  tolerance = 12,
): Promise<{ x: number; y: number } | null> {
  return page.evaluate(
    async ({ data, colour, tolerance }) => {
      const image = new Image();
      image.src = `data:image/png;base64,${data}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.width;
      canvas.height = image.height;
      const ctx = canvas.getContext('2d');
      if (!ctx) return null;
      ctx.drawImage(image, 0, 0);
      const { data: px, width, height } = ctx.getImageData(0, 0, image.width, image.height);
      const [r, g, b] = [1, 3, 5].map((i) => parseInt(colour.slice(i, i + 2), 16));
      const match = (x: number, y: number) => {
        const p = (y * width + x) * 4;
        return (
          Math.abs(px[p]! - r!) <= tolerance &&
          Math.abs(px[p + 1]! - g!) <= tolerance &&
          Math.abs(px[p + 2]! - b!) <= tolerance
        );
      };
      // Scan from the centre outwards so the point is well inside the map.
      const cx = Math.floor(width / 2);
      const cy = Math.floor(height / 2);
      for (let radius = 0; radius < Math.max(width, height) / 2; radius += 2) {
        for (let dy = -radius; dy <= radius; dy += 2) {
          for (const dx of [-radius, radius]) {
            const x = cx + dx;
            const y = cy + dy;
            if (x < 1 || y < 1 || x >= width - 1 || y >= height - 1) continue;
            let all = true;
            for (let oy = -1; oy <= 1 && all; oy++)
              for (let ox = -1; ox <= 1 && all; ox++) all = match(x + ox, y + oy);
            if (all) return { x, y };
          }
        }
      }
      return null;
    },
    { data: png.toString('base64'), colour, tolerance },
  );
}
