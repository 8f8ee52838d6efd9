import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { NOTE_MAX_LENGTH } from './applicant-note.entity.js';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export class NoteInputDto {
  @ApiProperty({ minLength: 1, maxLength: NOTE_MAX_LENGTH })
  @Transform(trim)
  @IsString()
  @IsNotEmpty({ message: 'text must not be empty' })
  @MaxLength(NOTE_MAX_LENGTH)
  text: string;
}

export class ApplicantNoteDto {
  @ApiProperty() id: string;
  @ApiProperty() text: string;
  @ApiProperty() author: string;
  @ApiProperty({ nullable: true, type: String, enum: ['approve', 'reject', 'hold', 'resubmission', null], description: 'The decision it came with' })
  decision: string | null;
  @ApiProperty() createdAt: string;
  @ApiProperty({ nullable: true, type: String }) editedAt: string | null;
  @ApiProperty({ description: 'Whether the caller may still edit or delete it (its author, within 15 minutes)' }) editable: boolean;
}
