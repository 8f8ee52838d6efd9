import { useMutation } from '@tanstack/react-query';

import { api } from '../../../api/client';
import type { AdminUserDto, RegisterAdminDto } from '../../../api/generated/types.gen';

/** Creates an admin without a password; the server e-mails them a link to choose one. */
export function registerAdmin(body: RegisterAdminDto): Promise<AdminUserDto> {
  return api.post<AdminUserDto>('/api/users/register-admin', body);
}

export function useRegisterAdmin() {
  return useMutation({ mutationFn: registerAdmin });
}
