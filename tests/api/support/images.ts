import sharp from 'sharp';

/** A real PNG photo-sized image, with EXIF metadata (a camera and a comment) that storing must drop. */
export const realPng = (width = 1200, height = 800) =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 120, b: 60 } } })
    .withExif({ IFD0: { Make: 'TestCamera', ImageDescription: 'secret place' } })
    .png()
    .toBuffer();

/** Bytes that only start like a PNG: the signature, then zeros. */
export const pngSignature = (size = 64) => {
  const bytes = Buffer.alloc(size);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(bytes);
  return bytes;
};
