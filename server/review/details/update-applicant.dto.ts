import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { KYC_STATUSES, MARITAL_STATUSES, SEXES, type KycStatus } from '../../applicants/applicant.enums.js';
import { IDENTITY_FIELD_LENGTHS as MAX } from '../../applicants/applicant-fields.js';
import { VersionedChangeDto } from '../decisions/decision.dto.js';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** A free-text identity field: optional, trimmed, '' (or null) clears it. */
function IdentityText(maxLength: number, example?: string) {
  return applyDecorators(
    ApiPropertyOptional({ type: String, nullable: true, maxLength, example, description: "'' clears the value" }),
    IsOptional(),
    Transform(trim),
    IsString(),
    MaxLength(maxLength),
  );
}

/**
 * The edit form (spec §5): every value is text and optional; an absent field is left
 * as it is, an empty one is cleared. Only the selects are checked against their enums.
 */
export class UpdateApplicantDto extends VersionedChangeDto {
  @IdentityText(MAX.name, 'Maria Silva') name?: string | null;
  @IdentityText(MAX.dateOfBirth, '1990-04-21') dateOfBirth?: string | null;

  @ApiPropertyOptional({ enum: [...SEXES, ''], description: "'' clears the value" })
  @IsOptional()
  @Transform(trim)
  @IsIn([...SEXES, ''], { message: `sex must be one of: ${SEXES.join(', ')} (or empty)` })
  sex?: string | null;

  @IdentityText(MAX.placeOfBirth) placeOfBirth?: string | null;
  @IdentityText(MAX.docNumber) docNumber?: string | null;
  @IdentityText(MAX.issuanceDate, '2020-01-31') issuanceDate?: string | null;
  @IdentityText(MAX.expiryDate, '2030-01-30') expiryDate?: string | null;
  @IdentityText(MAX.country, 'Brazil') country?: string | null;
  @IdentityText(MAX.address) address?: string | null;
  @IdentityText(MAX.height, '1.75') height?: string | null;

  @ApiPropertyOptional({ enum: [...MARITAL_STATUSES, ''], description: "'' clears the value" })
  @IsOptional()
  @Transform(trim)
  @IsIn([...MARITAL_STATUSES, ''], { message: `maritalStatus must be one of: ${MARITAL_STATUSES.join(', ')} (or empty)` })
  maritalStatus?: string | null;

  @IdentityText(MAX.issuedIn) issuedIn?: string | null;
  @IdentityText(MAX.fatherName) fatherName?: string | null;
  @IdentityText(MAX.motherName) motherName?: string | null;

  @ApiPropertyOptional({
    enum: KYC_STATUSES,
    description:
      "'' leaves it unchanged. completed and onHold are decisions, refused here (STATUS_IS_A_DECISION): approve, reject or hold instead. Changing the identity of a completed applicant sets it back to queued for review.",
  })
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() || undefined : value))
  @IsIn(KYC_STATUSES, { message: `kycStatus must be one of: ${KYC_STATUSES.join(', ')}` })
  kycStatus?: KycStatus;
}
