import { IMAGE_MAX_BYTES, IMAGE_TYPES } from '../../config/constants';
import { IMAGE_TOO_LARGE, IMAGE_WRONG_TYPE } from './messages';

/** The client-side half of the server's upload check (spec §5): type and size, before any upload. */
export function checkImageFile(file: File): string | undefined {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return IMAGE_WRONG_TYPE;
  if (file.size > IMAGE_MAX_BYTES) return IMAGE_TOO_LARGE;
  return undefined;
}

/** The file as a data URL, the form PUT /api/users takes (and an <img> can preview). */
export function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}
