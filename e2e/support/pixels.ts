import { decode } from 'fast-png';

// Pixel checks on Playwright screenshots, decoded once in Node (fast-png) and read as RGB(A).

interface Rgb {
  width: number;
  height: number;
  /** Does the pixel at (x, y) lie within `tolerance` of `rgb` on every channel? */
  near: (x: number, y: number, rgb: readonly number[], tolerance: number) => boolean;
}

const rgbOf = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));

function decodePng(png: Buffer): Rgb {
  const { width, height, data, channels } = decode(png);
  return {
    width,
    height,
    near: (x, y, [r, g, b], tolerance) => {
      const p = (y * width + x) * channels;
      return (
        Math.abs(data[p]! - r!) <= tolerance &&
        Math.abs(data[p + 1]! - g!) <= tolerance &&
        Math.abs(data[p + 2]! - b!) <= tolerance
      );
    },
  };
}

/** Counts the pixels close to each of `colours` (hex); the tolerance absorbs antialiasing at line edges. */
export function countColours(png: Buffer, colours: readonly string[], tolerance = 24): number[] {
  const image = decodePng(png);
  const targets = colours.map(rgbOf);
  const counts = colours.map(() => 0);
  for (let y = 0; y < image.height; y++) {
    for (let x = 0; x < image.width; x++) {
      const c = targets.findIndex((rgb) => image.near(x, y, rgb, tolerance));
      if (c >= 0) counts[c]!++;
    }
  }
  return counts;
}

/**
 * A pixel of `colour` in the middle of a run of that colour (its 3×3 neighbourhood matches too), so a click there
 * lands on the feature and not on its antialiased edge; null when there is none. Coordinates are in the image.
 */
export function findColour(png: Buffer, colour: string, tolerance = 12): { x: number; y: number } | null {
  const image = decodePng(png);
  const rgb = rgbOf(colour);
  const { width, height } = image;
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
          for (let ox = -1; ox <= 1 && all; ox++) all = image.near(x + ox, y + oy, rgb, tolerance);
        if (all) return { x, y };
      }
    }
  }
  return null;
}
