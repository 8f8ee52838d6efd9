import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsInt,
  IsNotEmpty,
  IsNumber,
  IsOptional,
  IsString,
  IsUrl,
  IsUUID,
  Max,
  MaxLength,
  Min,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { DEFAULT_QUALITY_THRESHOLDS } from '../../document-reading/index.js';
import { OpensAsUrl } from '../../common/validation/opens-as-url.decorator.js';
import { RETENTION_LIMITS } from '../retention-policy.js';

export const ORGANIZATION_ROLES = ['owner', 'member', 'super-admin'] as const;

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export class CreateOrganizationDto {
  @ApiProperty({ minLength: 1, maxLength: 100, example: 'Acme onboarding' })
  @Transform(trim)
  @IsString()
  @IsNotEmpty({ message: 'name must not be empty' })
  @MaxLength(100)
  name: string;
}

export class DeleteOrganizationDto {
  @ApiProperty({ maxLength: 100, description: "The organization's name, typed by the person deleting it, as a confirmation", example: 'Acme onboarding' })
  @IsString()
  @MaxLength(100)
  confirmName: string;
}

export class TransferOwnershipDto {
  @ApiProperty({ format: 'uuid', description: 'A member of the organization, who becomes its owner' })
  @IsUUID()
  userId: string;
}

/** An organization as listed for the caller. */
export class OrganizationDto {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty()
  name: string;

  @ApiProperty({ example: 'pk_3q…', description: 'Publishable key that identifies the organization on the /kyc page' })
  companyKey: string;

  @ApiProperty({
    enum: ORGANIZATION_ROLES,
    description: "The caller's standing: owner, member, or super-admin (sees it without belonging to it)",
  })
  role: (typeof ORGANIZATION_ROLES)[number];
}

/** How the verification page may be entered for this organization (its Integration page). */
export class PhotoQualityDto {
  @ApiProperty({ description: 'Refuse document photos that miss a threshold, telling the end user what to fix (otherwise only measure them)' })
  @IsBoolean()
  enforce: boolean;

  @ApiProperty({
    example: DEFAULT_QUALITY_THRESHOLDS.minSharpness,
    description: 'Least variance of the Laplacian (sharpness) on the photo scaled to 1000 px wide',
  })
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0)
  @Max(100_000)
  minSharpness: number;

  @ApiProperty({ example: DEFAULT_QUALITY_THRESHOLDS.maxGlare, description: 'Largest share (0–1) of saturated pixels' })
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0)
  @Max(1)
  maxGlare: number;

  @ApiProperty({ example: DEFAULT_QUALITY_THRESHOLDS.minBrightness, description: 'Least mean luminance (0–255)' })
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0)
  @Max(255)
  minBrightness: number;

  @ApiProperty({ example: DEFAULT_QUALITY_THRESHOLDS.minShortSide, description: 'Least pixels on the short side' })
  @IsInt()
  @Min(1)
  @Max(10_000)
  minShortSide: number;
}

export class VerificationSettingsDto {
  @ApiProperty({ description: 'Whether public /kyc?companyKey=…&userId=… links may start verifications' })
  @IsBoolean()
  allowCompanyKeyLinks: boolean;

  @ApiProperty({
    type: [String],
    example: ['https://shop.example.com'],
    description: 'Origins a server-created session may redirect to (scheme://host[:port])',
  })
  @IsArray()
  @ArrayMaxSize(20)
  @IsUrl({ require_tld: false, protocols: ['http', 'https'], require_protocol: true }, { each: true, message: 'each redirect origin must be an http(s) URL' })
  @OpensAsUrl({ each: true, message: 'each redirect origin must be an http(s) URL' })
  redirectAllowList: string[];

  @ApiPropertyOptional({ type: PhotoQualityDto, description: 'Always in answers; in a request, omit it to keep the stored values' })
  @IsOptional()
  @ValidateNested()
  @Type(() => PhotoQualityDto)
  photoQuality?: PhotoQualityDto;
}

const retentionDays = (field: keyof typeof RETENTION_LIMITS, description: string) => {
  const { min, max } = RETENTION_LIMITS[field];
  return applyDecorators(
    ApiProperty({ type: 'integer', nullable: true, minimum: min, maximum: max, description: `${description}; ${min} to ${max} days` }),
    ValidateIf((_, value) => value !== null),
    IsInt({ message: `${field} must be a whole number of days, or null` }),
    Min(min, { message: `${field} must be at least ${min} days` }),
    Max(max, { message: `${field} must be at most ${max} days` }),
  );
};

/** How long the organization keeps applicants' data; the retention job applies it hourly. Applicants on legal hold are exempt. */
export class RetentionPolicyDto {
  @retentionDays('imagesDays', 'Days document photos, selfies and face embeddings are kept after a final decision (approved or rejected); null keeps them')
  imagesDays: number | null;

  @retentionDays('identityDays', 'Days identity data is kept after a final decision, then the applicant is erased leaving a tombstone; null keeps it')
  identityDays: number | null;

  @retentionDays(
    'abandonedDays',
    "Days a verification started and never submitted lives, never less than a verification link's lifetime (null: the server's KYC_ABANDONED_AFTER_HOURS)",
  )
  abandonedDays: number | null;
}

export class OrganizationDetailsDto extends OrganizationDto {
  @ApiProperty({ description: "The owner's username" })
  ownerUsername: string;

  @ApiProperty()
  isOwner: boolean;

  @ApiProperty({ type: String, format: 'date-time' })
  createdAt: Date;

  @ApiProperty({ type: VerificationSettingsDto })
  verificationSettings: VerificationSettingsDto;

  @ApiProperty({ type: RetentionPolicyDto })
  retentionPolicy: RetentionPolicyDto;
  @ApiProperty({ description: 'Members (and the owner) must sign in with a second factor' })
  requireTwoFactor: boolean;
}

export class TwoFactorRequirementDto {
  @ApiProperty({ description: 'Members (and the owner) must sign in with a second factor; those without one can only set one up' })
  @IsBoolean()
  requireTwoFactor: boolean;
}
