import { useMutation } from '@tanstack/react-query';

import { api } from '../../../api/client';
import type { PersonalDataDto, WidgetSessionDto } from '../../../api/generated/types.gen';
import { kycKeys, type ApplicantRef } from './kyc-keys';
import { widgetAuth, withWidgetToken } from './widget-token';

/** PUT /api/kyc/personal-data: the identity data the applicant typed in. */
export function useSavePersonalData(ref: ApplicantRef) {
  return useMutation({
    mutationFn: (body: PersonalDataDto, { client }) =>
      withWidgetToken(client, ref, (token) =>
        api.put<WidgetSessionDto>('/api/kyc/personal-data', body, { headers: widgetAuth(token) }),
      ),
    onSuccess: (session, _body, _result, { client }) => client.setQueryData(kycKeys.session(ref), session),
  });
}
