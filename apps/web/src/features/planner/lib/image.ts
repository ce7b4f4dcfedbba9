// The map image saved with a project: the map page's canvas capture (the PDF screenshot's render-then-read),
// scaled down to a PNG small enough for the API (project.image ≤ 3,000,000 characters of data URL).
export const MAX_IMAGE_CHARS = 3_000_000;
/** Widths tried in turn until the PNG fits: enough to recognise the streets, small enough to store per project. */
export const IMAGE_WIDTHS = [1024, 768, 512, 384] as const;

export function scaledSize(
  width: number,
  height: number,
  maxWidth: number,
): { width: number; height: number } {
  if (width <= maxWidth) return { width, height };
  return { width: maxWidth, height: Math.max(1, Math.round((height * maxWidth) / width)) };
}

const loadImage = (src: string) =>
  new Promise<HTMLImageElement>((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('The map image could not be read'));
    image.src = src;
  });

/** The capture as a PNG data URL no wider than the first width that fits; null when it cannot be made. */
export async function downscaledPng(capture: string | null): Promise<string | null> {
  if (!capture) return null;
  try {
    const image = await loadImage(capture);
    for (const maxWidth of IMAGE_WIDTHS) {
      const size = scaledSize(image.naturalWidth, image.naturalHeight, maxWidth);
      const canvas = document.createElement('canvas');
      canvas.width = size.width;
      canvas.height = size.height;
      const context = canvas.getContext('2d');
      if (!context) return null;
      context.drawImage(image, 0, 0, size.width, size.height);
      const png = canvas.toDataURL('image/png');
      if (png.startsWith('data:image/png;base64,') && png.length <= MAX_IMAGE_CHARS) return png;
    }
  } catch (err) {
    console.warn('The project image could not be made', err);
  }
  return null;
}
