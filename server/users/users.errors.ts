import { HttpStatus } from '@nestjs/common';
import { errorCatalogue } from '../common/errors/app-error.js';
import { AUTH_MESSAGES } from './account.messages.js';

/** Every error of the signed-in user's profile and picture, with its stable code. */
export const USER_ERRORS = errorCatalogue('users', {
  DEMO_ACCOUNT_LOCKED: { status: HttpStatus.FORBIDDEN, message: AUTH_MESSAGES.disabledInDemo },
  USERNAME_INVALID: { status: HttpStatus.BAD_REQUEST, message: AUTH_MESSAGES.usernameFormat },
  USERNAME_TAKEN: { status: HttpStatus.CONFLICT, message: AUTH_MESSAGES.usernameTaken },
  PICTURE_NOT_FOUND: { status: HttpStatus.NOT_FOUND, message: AUTH_MESSAGES.imageNotFound },
  PICTURE_TOO_LARGE: { status: HttpStatus.BAD_REQUEST, message: AUTH_MESSAGES.imageTooLarge },
  PICTURE_NOT_AN_IMAGE: { status: HttpStatus.BAD_REQUEST, message: AUTH_MESSAGES.imageNotAnImage },
  PICTURE_DAMAGED: {
    status: HttpStatus.UNPROCESSABLE_ENTITY,
    message: 'The picture is damaged or incomplete',
    description: 'The file starts like a JPEG, PNG or WebP image but cannot be decoded to the end.',
  },
  PICTURE_TOO_MANY_PIXELS: { status: HttpStatus.BAD_REQUEST, message: AUTH_MESSAGES.imageTooManyPixels },
});
