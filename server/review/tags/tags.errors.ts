import { HttpStatus } from '@nestjs/common';
import { errorCatalogue } from '../../common/errors/app-error.js';

/** Errors of the organization's applicant tags. */
export const TAG_ERRORS = errorCatalogue('tags', {
  TAG_NOT_FOUND: { status: HttpStatus.NOT_FOUND, message: 'Tag not found' },
  TAG_NAME_TAKEN: { status: HttpStatus.CONFLICT, message: 'The organization already has a tag with this name' },
  TAG_LIMIT_REACHED: {
    status: HttpStatus.BAD_REQUEST,
    message: 'Too many tags',
    description: 'An organization defines at most 100 tags, and an applicant carries at most 20.',
  },
  TAGS_MANAGERS_ONLY: { status: HttpStatus.FORBIDDEN, message: 'Only the owner or an admin manages the tags of the organization' },
});

export const tagNotFound = () => TAG_ERRORS.error('TAG_NOT_FOUND');
export const tagNameTaken = () => TAG_ERRORS.error('TAG_NAME_TAKEN');
export const tagLimitReached = () => TAG_ERRORS.error('TAG_LIMIT_REACHED');
export const tagsManagersOnly = () => TAG_ERRORS.error('TAGS_MANAGERS_ONLY');
