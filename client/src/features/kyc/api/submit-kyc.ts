import { useMutation } from '@tanstack/react-query';

import { api } from '../../../api/client';
import type { WidgetSessionDto } from '../../../api/generated/types.gen';
import { kycKeys, type ApplicantRef } from './kyc-keys';
import { widgetAuth, withWidgetToken } from './widget-token';

/** POST /api/kyc/submit: hands the verification over for checks and review. */
export function useSubmitKyc(ref: ApplicantRef) {
  return useMutation({
    mutationFn: (_: void, { client }) =>
      withWidgetToken(client, ref, (token) =>
        api.post<WidgetSessionDto>('/api/kyc/submit', undefined, { headers: widgetAuth(token) }),
      ),
    onSuccess: (session, _body, _result, { client }) => client.setQueryData(kycKeys.session(ref), session),
  });
}
