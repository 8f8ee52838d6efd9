import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, Length, Matches, MaxLength } from 'class-validator';
import { MARITAL_STATUSES, SEXES } from '../../applicants/applicant.enums.js';
import { WIDGET_DOC_TYPES } from '../../applicants/document-types.js';

/** The integrator's id for its end user: printable, no spaces, at most 128 characters. */
export const USER_ID_PATTERN = /^[A-Za-z0-9._:@|+-]{1,128}$/;

export class UserIdQueryDto {
  @ApiProperty({ description: "The integrator's own id for its end user", example: 'customer-42' })
  @Matches(USER_ID_PATTERN, { message: 'userId must be 1–128 letters, digits or . _ : @ | + -' })
  userId: string;
}

export class StaffTokenQueryDto extends UserIdQueryDto {
  @ApiProperty({ format: 'uuid' })
  @IsString()
  organizationId: string;
}

export class StatusQueryDto extends UserIdQueryDto {
  @ApiProperty()
  @IsString()
  @MaxLength(128)
  companyKey: string;

  @ApiProperty({ description: 'The widget token (EventSource cannot send headers)' })
  @IsString()
  @MaxLength(2048)
  token: string;
}

export class KycTokenResponseDto {
  @ApiProperty({ example: 'ok' })
  status: string;

  @ApiProperty({ example: 'OK' })
  code: string;

  @ApiProperty()
  message: string;

  @ApiProperty({ description: 'Widget token bound to this one applicant, valid 15 minutes' })
  token: string;
}

export class StaffTokenDto {
  @ApiProperty()
  token: string;
}

export class StaffTokenResponseDto {
  @ApiProperty({ type: StaffTokenDto })
  token: StaffTokenDto;
}

export class UploadDocumentDto {
  @ApiProperty({ enum: WIDGET_DOC_TYPES })
  @IsIn(WIDGET_DOC_TYPES)
  docType: string;

  @ApiPropertyOptional({ enum: ['front', 'back'], nullable: true })
  @IsOptional()
  @IsIn(['front', 'back'])
  side?: 'front' | 'back';

  @ApiProperty({ description: 'The photo as a data URL (JPEG, PNG or WebP, at most 5 MB)' })
  @IsString()
  data: string;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_MESSAGE = (field: string) => `${field} must be a date in the form YYYY-MM-DD`;

/** The identity fields the end user types on the verification page. */
export const PERSONAL_FIELDS = [
  'name',
  'dateOfBirth',
  'sex',
  'placeOfBirth',
  'docNumber',
  'issuanceDate',
  'expiryDate',
  'country',
  'address',
  'issuedIn',
  'maritalStatus',
] as const;

export class PersonalDataDto {
  @ApiProperty() @IsString() @Length(1, 200) name: string;
  @ApiProperty({ example: '1990-05-17' }) @Matches(DATE, { message: DATE_MESSAGE('dateOfBirth') }) dateOfBirth: string;
  @ApiPropertyOptional({ enum: SEXES }) @IsOptional() @IsIn(SEXES) sex?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(200) placeOfBirth?: string;
  @ApiProperty() @IsString() @Length(1, 64) docNumber: string;
  @ApiPropertyOptional() @IsOptional() @Matches(DATE, { message: DATE_MESSAGE('issuanceDate') }) issuanceDate?: string;
  @ApiProperty() @Matches(DATE, { message: DATE_MESSAGE('expiryDate') }) expiryDate: string;
  @ApiProperty() @IsString() @Length(1, 100) country: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(500) address?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(100) issuedIn?: string;
  @ApiPropertyOptional({ enum: MARITAL_STATUSES }) @IsOptional() @IsIn(MARITAL_STATUSES) maritalStatus?: string;
}

export class WidgetImageDto {
  @ApiProperty() docType: string;
  @ApiProperty({ nullable: true, type: String }) side: string | null;
}

export class WidgetPersonalDataDto {
  @ApiProperty({ nullable: true, type: String }) name: string | null;
  @ApiProperty({ nullable: true, type: String }) dateOfBirth: string | null;
  @ApiProperty({ nullable: true, type: String }) sex: string | null;
  @ApiProperty({ nullable: true, type: String }) placeOfBirth: string | null;
  @ApiProperty({ nullable: true, type: String }) docNumber: string | null;
  @ApiProperty({ nullable: true, type: String }) issuanceDate: string | null;
  @ApiProperty({ nullable: true, type: String }) expiryDate: string | null;
  @ApiProperty({ nullable: true, type: String }) country: string | null;
  @ApiProperty({ nullable: true, type: String }) address: string | null;
  @ApiProperty({ nullable: true, type: String }) issuedIn: string | null;
  @ApiProperty({ nullable: true, type: String }) maritalStatus: string | null;
}

export class WidgetSessionDto {
  @ApiProperty() userId: string;
  @ApiProperty() organizationName: string;
  @ApiProperty({ enum: ['pending', 'processing', 'completed', 'failed'] }) status: string;
  @ApiProperty({ enum: ['builtin', 'sumsub'] }) provider: string;
  @ApiProperty({ nullable: true, type: String }) documentType: string | null;
  @ApiProperty({ type: [WidgetImageDto] }) images: WidgetImageDto[];
  @ApiProperty({ type: WidgetPersonalDataDto }) personalData: WidgetPersonalDataDto;
  @ApiProperty({ nullable: true, type: String }) redirectUrl: string | null;
  @ApiProperty({ description: 'Whether a rejected applicant may try again' }) canResubmit: boolean;
}
