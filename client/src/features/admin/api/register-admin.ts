import { useMutation } from '@tanstack/react-query';

import type { AdminUserDto, RegisterAdminDto } from '../../../api/generated/types.gen';
import { adminUsersRegisterAdmin } from '../../../api/sdk';

/** Creates an admin without a password; the server e-mails them a link to choose one. */
export async function registerAdmin(body: RegisterAdminDto): Promise<AdminUserDto> {
  const { data } = await adminUsersRegisterAdmin({ body });
  return data;
}

export function useRegisterAdmin() {
  return useMutation({ mutationFn: registerAdmin });
}
