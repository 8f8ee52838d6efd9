import { useMutation } from '@tanstack/react-query';

import type { PersonalDataDto } from '../../../api/generated/types.gen';
import { kycPersonalData } from '../../../api/sdk';
import { kycKeys, type KycLink } from './kyc-keys';
import { withWidgetToken } from './widget-token';

/** kycPersonalData: the identity data the applicant typed in. */
export function useSavePersonalData(link: KycLink) {
  return useMutation({
    mutationFn: (body: PersonalDataDto, { client }) => withWidgetToken(client, link, async (token) => (await kycPersonalData({ body, auth: token })).data),
    onSuccess: (session, _body, _result, { client }) => client.setQueryData(kycKeys.session(link), session),
  });
}
