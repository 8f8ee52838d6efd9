import type { DemoAccountDto } from '../../../api/generated/types.gen';
import { demoRegister } from '../../../api/sdk';

/** Creates a seeded demo account; the answer is the e-mail to sign in with (spec §3). */
export async function registerDemo(): Promise<DemoAccountDto> {
  const { data } = await demoRegister();
  return data;
}
