import { useMutation } from '@tanstack/react-query';

import { kycSubmit } from '../../../api/sdk';
import { kycKeys, type KycLink } from './kyc-keys';
import { withWidgetToken } from './widget-token';

/** kycSubmit: hands the verification over for checks and review. */
export function useSubmitKyc(link: KycLink) {
  return useMutation({
    mutationFn: (_: void, { client }) => withWidgetToken(client, link, async (token) => (await kycSubmit({ auth: token })).data),
    onSuccess: (session, _body, _result, { client }) => client.setQueryData(kycKeys.session(link), session),
  });
}
