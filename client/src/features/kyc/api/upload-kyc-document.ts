import { useMutation } from '@tanstack/react-query';

import type { UploadDocumentDto } from '../../../api/generated/types.gen';
import { kycUpload } from '../../../api/sdk';
import { kycKeys, type KycLink } from './kyc-keys';
import { withWidgetToken } from './widget-token';

/** kycUpload: one photo (document front/back or selfie) as a data URL. */
export function useUploadKycDocument(link: KycLink) {
  return useMutation({
    mutationFn: (body: UploadDocumentDto, { client }) => withWidgetToken(client, link, async (token) => (await kycUpload({ body, auth: token })).data),
    onSuccess: (session, _body, _result, { client }) => client.setQueryData(kycKeys.session(link), session),
  });
}
