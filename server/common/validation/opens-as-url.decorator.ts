import { isURL, ValidateBy, type ValidationOptions } from 'class-validator';

/** The http(s) URL rule of the API's URL fields (class-validator's isURL options). */
export const HTTP_URL_OPTIONS = { protocols: ['http', 'https'], require_protocol: true, require_tld: false };

/**
 * The URL must also parse as a browser (and node:url) reads it. class-validator's isURL
 * accepts forms the WHATWG parser refuses — an IPv6 zone id such as
 * `http://[fe80::1%25eth0]/` — which then threw in `new URL()` deep in a service (a 500)
 * or could never be opened. Values isURL already refuses are left to @IsUrl's message.
 */
export function OpensAsUrl(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'opensAsUrl',
      validator: {
        validate: (value: unknown) => typeof value !== 'string' || !isURL(value, HTTP_URL_OPTIONS) || URL.canParse(value),
        defaultMessage: () => '$property must be an http(s) URL',
      },
    },
    options,
  );
}
