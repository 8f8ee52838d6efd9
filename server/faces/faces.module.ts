import { Module } from '@nestjs/common';
import { ApplicantsModule } from '../applicants/applicants.module.js';
import { AuditModule } from '../audit/audit.module.js';
import { OrganizationsModule } from '../organizations/organizations.module.js';
import { ApplicantFaces } from './applicant-faces.js';
import { FaceModels } from './face-models.js';
import { FaceBlocklistController } from './face-blocklist.controller.js';
import { FaceCropsController } from './face-crops.controller.js';

/**
 * The applicants' faces: the descriptors a face analysis stores, the crops kept as the
 * evidence of a face check, the face checks' verdicts, and the organization's face
 * blocklist. The analysis module records a face analysis through ApplicantFaces; the
 * reviewer's details read the blocklist entry made from an applicant.
 */
@Module({
  imports: [OrganizationsModule, AuditModule, ApplicantsModule],
  controllers: [FaceBlocklistController, FaceCropsController],
  providers: [ApplicantFaces, FaceModels],
  exports: [ApplicantFaces, FaceModels],
})
export class FacesModule {}
