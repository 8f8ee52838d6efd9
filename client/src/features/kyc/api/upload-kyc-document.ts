import { useMutation } from '@tanstack/react-query';

import { api } from '../../../api/client';
import type { UploadDocumentDto, WidgetSessionDto } from '../../../api/generated/types.gen';
import { kycKeys, type ApplicantRef } from './kyc-keys';
import { widgetAuth, withWidgetToken } from './widget-token';

/** POST /api/kyc/documents: one photo (document front/back or selfie) as a data URL. */
export function useUploadKycDocument(ref: ApplicantRef) {
  return useMutation({
    mutationFn: (body: UploadDocumentDto, { client }) =>
      withWidgetToken(client, ref, (token) =>
        api.post<WidgetSessionDto>('/api/kyc/documents', body, { headers: widgetAuth(token) }),
      ),
    onSuccess: (session, _body, _result, { client }) => client.setQueryData(kycKeys.session(ref), session),
  });
}
