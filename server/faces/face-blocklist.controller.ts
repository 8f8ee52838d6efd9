import { Body, Controller, Delete, HttpCode, HttpStatus, Param, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { RequirePermission } from '../common/access/require-permission.decorator.js';
import { CurrentUser } from '../users/current-user.decorator.js';
import type { User } from '../users/user.entity.js';
import { ApplicantFaces } from './applicant-faces.js';
import { BlockFaceDto, FaceBlocklistEntryDto } from './face-blocklist.dto.js';
import { ORGANIZATION_ERRORS } from '../organizations/organizations.errors.js';
import { APPLICANT_ERRORS } from '../applicants/applicants.errors.js';
import { ApiErrors } from '../common/errors/api-errors.decorator.js';

/** Staff mark an applicant's face fraudulent: later selfies of the organization that match it fail the duplicate-face check. */
@ApiTags('applicants')
@Controller('projects/:id/applicants/:userId/face-blocklist')
export class FaceBlocklistController {
  constructor(private readonly faces: ApplicantFaces) {}

  @Post()
  @RequirePermission('applicants', 'update')
  @ApiCreatedResponse({ type: FaceBlocklistEntryDto, description: "The applicant's selfie face is on the organization's blocklist (audited)" })
  @ApiOperation({
    summary: "Blocklist an applicant's face",
    description:
      "Puts the applicant's selfie face on the organization's blocklist: later applicants with the same face are rejected automatically (auto-reject:blocklisted-face).",
  })
  @ApiErrors(ORGANIZATION_ERRORS, 'ORGANIZATION_NOT_FOUND')
  @ApiErrors(APPLICANT_ERRORS, 'APPLICANT_NOT_FOUND', 'FACE_NOT_ANALYSED', 'FACE_ALREADY_BLOCKLISTED')
  block(@CurrentUser() user: User, @Param('id') id: string, @Param('userId') userId: string, @Body() body: BlockFaceDto): Promise<FaceBlocklistEntryDto> {
    return this.faces.block(user, id, userId, body.reason.trim());
  }

  @Delete()
  @HttpCode(HttpStatus.NO_CONTENT)
  @RequirePermission('applicants', 'update')
  @ApiNoContentResponse({ description: 'Taken off the blocklist (audited)' })
  @ApiOperation({ summary: 'Take a face off the blocklist', description: "Removes the applicant's face from the organization's blocklist (audited)." })
  @ApiErrors(ORGANIZATION_ERRORS, 'ORGANIZATION_NOT_FOUND')
  @ApiErrors(APPLICANT_ERRORS, 'APPLICANT_NOT_FOUND', 'FACE_NOT_BLOCKLISTED')
  unblock(@CurrentUser() user: User, @Param('id') id: string, @Param('userId') userId: string): Promise<void> {
    return this.faces.unblock(user, id, userId);
  }
}
