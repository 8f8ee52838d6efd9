import { useMutation } from '@tanstack/react-query';

import type { PersonalDataDto } from '../../../api/generated/types.gen';
import { kycPersonalData } from '../../../api/sdk';
import { kycKeys, type ApplicantRef } from './kyc-keys';
import { withWidgetToken } from './widget-token';

/** kycPersonalData: the identity data the applicant typed in. */
export function useSavePersonalData(ref: ApplicantRef) {
  return useMutation({
    mutationFn: (body: PersonalDataDto, { client }) =>
      withWidgetToken(client, ref, async (token) => (await kycPersonalData({ body, auth: token, throwOnError: true })).data),
    onSuccess: (session, _body, _result, { client }) => client.setQueryData(kycKeys.session(ref), session),
  });
}
