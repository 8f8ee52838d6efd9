import { Controller, Get, Header, Param, StreamableFile } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { ApiKeyAllowed } from '../common/access/api-key-allowed.decorator.js';
import { RequirePermission } from '../common/access/require-permission.decorator.js';
import { ApiErrors } from '../common/errors/api-errors.decorator.js';
import { PRIVATE_NO_STORE } from '../common/http/cache-control.js';
import { ORGANIZATION_ERRORS } from '../organizations/organizations.errors.js';
import { CurrentUser } from '../users/current-user.decorator.js';
import type { User } from '../users/user.entity.js';
import { APPLICANT_ERRORS } from '../applicants/applicants.errors.js';
import { ApplicantFaces, type FaceCropBytes } from './applicant-faces.js';

const bytes = (crop: FaceCropBytes) => new StreamableFile(crop.data, { type: crop.contentType, length: crop.data.length, disposition: 'inline' });

/**
 * The face crops the face checks' evidence names by id (`cropId`, a blocklist match's
 * `entryId`): stored encrypted, served like the applicant's photos, to members only.
 */
@ApiTags('applicants')
@Controller('projects/:id')
@ApiNotFoundResponse({
  description:
    'Organization not found (also when the caller is not a member), Applicant not found, or no such crop (gone with a new analysis, reset, retention or erasure)',
})
export class FaceCropsController {
  constructor(private readonly faces: ApplicantFaces) {}

  @Get('applicants/:userId/face-crops/:cropId')
  @ApiKeyAllowed()
  @RequirePermission('applicants', 'read')
  @Header('Cache-Control', PRIVATE_NO_STORE)
  @ApiProduces('image/jpeg')
  @ApiOkResponse({ schema: { type: 'string', format: 'binary' }, description: 'The crop, JPEG, for members only' })
  @ApiOperation({
    summary: 'Download a face crop of a check',
    description:
      "A face the applicant's face checks show, named in their evidence by `cropId`: the selfie's and the document portrait's faces (`face-match`), another applicant's face (`duplicate-face` matches). `Cache-Control: private, no-store`.",
  })
  @ApiErrors(ORGANIZATION_ERRORS, 'ORGANIZATION_NOT_FOUND')
  @ApiErrors(APPLICANT_ERRORS, 'IMAGE_NOT_FOUND')
  async crop(@CurrentUser() user: User, @Param('id') id: string, @Param('userId') userId: string, @Param('cropId') cropId: string): Promise<StreamableFile> {
    return bytes(await this.faces.crop(user, id, userId, cropId));
  }

  @Get('face-blocklist/:entryId/crop')
  @ApiKeyAllowed()
  @RequirePermission('applicants', 'read')
  @Header('Cache-Control', PRIVATE_NO_STORE)
  @ApiProduces('image/jpeg')
  @ApiOkResponse({ schema: { type: 'string', format: 'binary' }, description: 'The blocklisted face, JPEG, for members only' })
  @ApiOperation({
    summary: 'Download the face of a blocklist entry',
    description:
      "The face of one of the organization's blocklist entries, as a `duplicate-face` check's blocklist match names it (`entryId`). `Cache-Control: private, no-store`.",
  })
  @ApiErrors(ORGANIZATION_ERRORS, 'ORGANIZATION_NOT_FOUND')
  @ApiErrors(APPLICANT_ERRORS, 'IMAGE_NOT_FOUND')
  async blocklistCrop(@CurrentUser() user: User, @Param('id') id: string, @Param('entryId') entryId: string): Promise<StreamableFile> {
    return bytes(await this.faces.blocklistCrop(user, id, entryId));
  }
}
