// Destructive and credential-changing calls answer 403 REAUTHENTICATION_REQUIRED when the
// session has not proved its account in the last 5 minutes. Rather than teach every
// dialog that answer, the client's fetch asks the person to confirm it is them (the prompt
// the app registers: a password or authenticator-code dialog) and sends the same request
// again once they have; cancelled, the original answer goes on to the caller.

/** Shows the confirmation; resolves true once POST /api/auth/reauthenticate succeeded, false when cancelled. */
export type ReauthenticationPrompt = () => Promise<boolean>;

let prompt: ReauthenticationPrompt | undefined;
let pending: Promise<boolean> | undefined;

/** The app registers its dialog here; the returned function unregisters it. */
export function setReauthenticationPrompt(next: ReauthenticationPrompt): () => void {
  prompt = next;
  return () => {
    if (prompt === next) prompt = undefined;
  };
}

async function asksForReauthentication(response: Response): Promise<boolean> {
  if (response.status !== 403) return false;
  try {
    const body = (await response.clone().json()) as { code?: unknown };
    return body.code === 'REAUTHENTICATION_REQUIRED';
  } catch {
    return false;
  }
}

/** fetch for the API client: on REAUTHENTICATION_REQUIRED, confirm (one dialog for calls that ask at once) and replay. */
export async function fetchWithReauthentication(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const request = new Request(input, init);
  const replay = request.clone();
  const response = await globalThis.fetch(request);
  if (!prompt || !(await asksForReauthentication(response))) return response;
  pending ??= prompt().finally(() => {
    pending = undefined;
  });
  return (await pending) ? globalThis.fetch(replay) : response;
}
