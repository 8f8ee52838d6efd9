import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsBoolean, IsOptional, IsString, MaxLength, ValidateNested } from 'class-validator';

const emptyAsAbsent = ({ value }: { value: unknown }) => (value === '' || value === null ? undefined : value);

export class UpdateUserImageDto {
  @ApiProperty({ description: 'false removes the picture; true with `data` replaces it; true alone keeps it' })
  @IsBoolean()
  hasImage: boolean;

  @ApiPropertyOptional({
    description: 'The picture as a data URL (data:image/png;base64,…): JPEG, PNG or WebP, at most 5 MB',
    example: 'data:image/png;base64,iVBORw0KGgo…',
  })
  @IsOptional()
  @Transform(emptyAsAbsent)
  @IsString()
  data?: string;
}

export class UpdateUserDto {
  @ApiPropertyOptional({ example: 'jane.doe', description: 'Locked for demo accounts' })
  @IsOptional()
  @Transform(emptyAsAbsent)
  @IsString()
  @MaxLength(64)
  username?: string;

  @ApiPropertyOptional({ type: UpdateUserImageDto })
  @IsOptional()
  @ValidateNested()
  @Type(() => UpdateUserImageDto)
  image?: UpdateUserImageDto;
}
