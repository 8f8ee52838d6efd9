/** Thrown (or returned) when a signed-in user opens something their role may not see. */
export class UnauthorizedAccessError extends Error {
  override readonly name = 'UnauthorizedAccessError';

  constructor(message = "You currently don't have permission to see this page") {
    super(message);
  }
}
