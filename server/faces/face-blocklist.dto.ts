import { ApiProperty } from '@nestjs/swagger';
import { IsString, Length } from 'class-validator';
import type { FaceBlocklistEntry } from './face-blocklist-entry.entity.js';

export class BlockFaceDto {
  @ApiProperty({ description: 'Why staff consider this face fraudulent (recorded in the audit trail)', example: 'Presented a stolen passport' })
  @IsString()
  @Length(1, 500)
  reason: string;
}

/** A face on the organization's blocklist: every later selfie is searched against it. */
export class FaceBlocklistEntryDto {
  @ApiProperty() id: number;
  @ApiProperty({ description: 'The applicant whose face it is (as it was when listed)' }) userId: string;
  @ApiProperty() reason: string;
  @ApiProperty({ type: String, format: 'date-time' }) createdAt: Date;
}

export function toFaceBlocklistEntryDto(entry: FaceBlocklistEntry): FaceBlocklistEntryDto {
  return { id: entry.id, userId: entry.userId, reason: entry.reason, createdAt: entry.createdAt };
}
