import { useMutation } from '@tanstack/react-query';

import { kycSubmit } from '../../../api/sdk';
import { kycKeys, type ApplicantRef } from './kyc-keys';
import { withWidgetToken } from './widget-token';

/** kycSubmit: hands the verification over for checks and review. */
export function useSubmitKyc(ref: ApplicantRef) {
  return useMutation({
    mutationFn: (_: void, { client }) =>
      withWidgetToken(client, ref, async (token) => (await kycSubmit({ auth: token, throwOnError: true })).data),
    onSuccess: (session, _body, _result, { client }) => client.setQueryData(kycKeys.session(ref), session),
  });
}
