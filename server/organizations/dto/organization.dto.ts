import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsNotEmpty, IsString, IsUrl, MaxLength } from 'class-validator';
import { OpensAsUrl } from '../../common/validation/opens-as-url.decorator.js';

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
}
