import { dataUrl, jpegImage, pngHeaderOnly, pngImage, webpImage } from '../../test/fixtures/images.js';
import { ImageUploadError, MAX_IMAGE_BYTES, identifyImage, parseImageDataUrl } from './image-upload.js';

const rejection = (work: () => unknown): string | undefined => {
  try {
    work();
    return undefined;
  } catch (error) {
    return error instanceof ImageUploadError ? error.reason : 'other error';
  }
};

describe('profile picture checks', () => {
  it('reads type and size from PNG, JPEG and WebP headers', () => {
    expect(identifyImage(pngImage(7, 9))).toMatchObject({ contentType: 'image/png', width: 7, height: 9 });
    expect(identifyImage(jpegImage(640, 480))).toMatchObject({ contentType: 'image/jpeg', width: 640, height: 480 });
    expect(identifyImage(webpImage(300, 200))).toMatchObject({ contentType: 'image/webp', width: 300, height: 200 });
  });

  it('ignores the media type a data URL declares', () => {
    expect(parseImageDataUrl(dataUrl('text/plain', pngImage())).contentType).toBe('image/png');
    expect(rejection(() => parseImageDataUrl(dataUrl('image/png', Buffer.from('not an image at all'))))).toBe('not-an-image');
  });

  it('refuses what is not a base64 data URL', () => {
    expect(rejection(() => parseImageDataUrl('data:image/png,rawtext'))).toBe('not-an-image');
    expect(rejection(() => parseImageDataUrl('data:image/png;base64,@@@@'))).toBe('not-an-image');
    expect(rejection(() => parseImageDataUrl(pngImage().toString('base64')))).toBe('not-an-image');
  });

  it('refuses more than 5 MB before decoding, and more than 50 megapixels', () => {
    const big = Buffer.concat([pngImage(), Buffer.alloc(MAX_IMAGE_BYTES)]);
    expect(rejection(() => parseImageDataUrl(dataUrl('image/png', big)))).toBe('too-large');
    expect(rejection(() => identifyImage(pngHeaderOnly(8000, 7000)))).toBe('too-many-pixels');
    expect(rejection(() => identifyImage(pngHeaderOnly(0, 10)))).toBe('not-an-image');
  });

  it('refuses a JPEG whose image data starts before any frame header', () => {
    expect(rejection(() => identifyImage(Buffer.from([0xff, 0xd8, 0xff, 0xda, 0x00, 0x02, 0x00, 0x00])))).toBe('not-an-image');
  });
});
