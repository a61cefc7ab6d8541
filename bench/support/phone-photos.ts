/**
 * Phone photos as shop owners upload them, made for the benches: 4000×3000 JPEGs of 4–5 MB
 * (a lit, textured scene with sensor noise, as a 12 MP phone camera writes at quality 92),
 * each with GPS position, camera make and model in its EXIF, and different content each, so
 * each is its own content hash.
 */
import sharp from 'sharp';

const WIDTH = 4000;
const HEIGHT = 3000;

/** One photo: `seed` picks the scene's light, colour and shapes. */
export const phonePhotoOf = async (seed: number, width = WIDTH, height = HEIGHT): Promise<Buffer> => {
  const hue = (seed * 47) % 360;
  const light = (x: number, y: number) => `rgb(${120 + ((x + seed * 13) % 100)},${110 + ((y + seed * 7) % 90)},${100 + ((hue / 3) % 100)})`;
  // The scene: a lit backdrop and a few objects, drawn as SVG and blurred as a lens would.
  const shapes = Array.from({ length: 6 }, (_, i) => {
    const cx = ((seed * 811 + i * 1237) % 80) + 10;
    const cy = ((seed * 397 + i * 619) % 70) + 15;
    const r = 6 + ((seed + i * 5) % 14);
    return `<ellipse cx="${cx}%" cy="${cy}%" rx="${r}%" ry="${r * 0.8}%" fill="hsl(${(hue + i * 40) % 360},55%,${35 + i * 6}%)"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width / 4}" height="${height / 4}">
    <defs><radialGradient id="g" cx="35%" cy="30%" r="90%"><stop offset="0" stop-color="${light(200, 180)}"/><stop offset="1" stop-color="${light(20, 10)}"/></radialGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>${shapes}</svg>`;
  // Drawn at a quarter and enlarged: the soft edges of a lens, at a fraction of the drawing time.
  const scene = await sharp(Buffer.from(svg)).resize(width, height).removeAlpha().raw().toBuffer();
  // Texture at every scale (fabric, wood, leaves: detail that survives a resize to 320 px), then
  // sensor noise: what makes a real photo weigh megabytes.
  for (const [divisor, sigma] of [
    [32, 40],
    [8, 22],
    [1, 9],
  ] as const) {
    const layer = await sharp({
      create: {
        width: Math.ceil(width / divisor),
        height: Math.ceil(height / divisor),
        channels: 3,
        background: '#000',
        noise: { type: 'gaussian', mean: 128, sigma },
      },
    })
      .resize(width, height, { kernel: 'cubic' })
      .raw()
      .toBuffer();
    for (let i = 0; i < scene.length; i++) scene[i] = Math.max(0, Math.min(255, scene[i]! + layer[i]! - 128));
  }
  return sharp(scene, { raw: { width, height, channels: 3 } })
    .withExifMerge({
      IFD0: { Make: 'PhoneMaker', Model: 'Phone 15' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 1234/100', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 3900/100' },
    })
    .jpeg({ quality: 92 })
    .toBuffer();
};
