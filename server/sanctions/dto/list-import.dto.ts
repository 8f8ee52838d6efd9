import { ApiProperty } from '@nestjs/swagger';
import { PageMetaDto } from '../../common/paging/page-meta.dto.js';
import { LIST_FORMATS, LIST_SOURCES } from '../../screening/index.js';

export class ListImportDto {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ enum: LIST_SOURCES, nullable: true, type: String, description: 'Null when the file was not recognised' })
  source: string | null;

  @ApiProperty({ enum: LIST_FORMATS, nullable: true, type: String })
  format: string | null;

  @ApiProperty({ nullable: true, type: String, description: "The file's publication date or generation stamp" })
  version: string | null;

  @ApiProperty()
  fileName: string;

  @ApiProperty({ type: 'integer' })
  entityCount: number;

  @ApiProperty({ type: 'integer', description: 'How many of the entities are persons' })
  personCount: number;

  @ApiProperty({ enum: ['active', 'superseded', 'failed'], description: 'active: screened against; failed: refused, nothing changed' })
  status: string;

  @ApiProperty({ nullable: true, type: String, description: 'Why a failed file was refused, naming the line or element' })
  error: string | null;

  @ApiProperty({ enum: ['upload', 'cli', 'directory'] })
  trigger: string;

  @ApiProperty()
  importedBy: string;

  @ApiProperty({ format: 'date-time' })
  createdAt: string;
}

export class ListImportPageDto {
  @ApiProperty({ type: [ListImportDto] })
  items: ListImportDto[];

  @ApiProperty({ type: PageMetaDto })
  meta: PageMetaDto;
}

/** The multipart body of an upload (for the OpenAPI document and the client). */
export class UploadListDto {
  @ApiProperty({
    type: 'string',
    format: 'binary',
    description: 'An official list file: OFAC sdn.xml or sdn.csv, UN consolidated XML, EU consolidated CSV or XML, UK consolidated CSV',
  })
  file: unknown;
}
