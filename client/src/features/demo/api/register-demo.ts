import { api } from '../../../api/client';
import type { DemoAccountDto } from '../../../api/generated/types.gen';

/** Creates a seeded demo account; the answer is the e-mail to sign in with (spec §3). */
export function registerDemo(): Promise<DemoAccountDto> {
  return api.post<DemoAccountDto>('/api/demo/register');
}
