import { ApiProperty } from '@nestjs/swagger';
import { COMPARED_FIELDS } from '../../../applicants/analysis/document-data.js';

export class ProportionDto {
  @ApiProperty({ type: 'integer' }) count: number;
  @ApiProperty({ type: 'integer', description: 'The sample the count is of' }) sample: number;
  @ApiProperty({ type: Number, nullable: true, description: 'count / sample (0–1); null for an empty sample' }) rate: number | null;
  @ApiProperty({ type: [Number], minItems: 2, maxItems: 2, description: "The rate's 95 % interval (Wilson), as fractions" }) interval95: [number, number];
}

export class ExamFigureDto {
  @ApiProperty({ enum: ['clean', 'photographed'] }) condition: 'clean' | 'photographed';
  @ApiProperty({ description: "TD1, TD2, TD3, MRV-A, MRV-B, or 'all'" }) format: string;
  @ApiProperty({ type: ProportionDto, description: 'Reads that passed and equal the truth, of all reads' }) exact: ProportionDto;
  @ApiProperty({ type: 'integer', description: 'Reads with characters in doubt: a person looks' }) needsReview: number;
  @ApiProperty({ type: 'integer' }) unreadable: number;
  @ApiProperty({ type: ProportionDto, description: 'Reads that passed but differ from the truth, of all reads' }) silentWrong: ProportionDto;
}

export class SecondsPerReadDto {
  @ApiProperty({ type: Number, nullable: true }) p50: number | null;
  @ApiProperty({ type: Number, nullable: true }) p95: number | null;
}

export class ExamResultDto {
  @ApiProperty({ example: 'exam' }) split: string;
  @ApiProperty({ description: "The split's fixed seed: the same documents on every instance" }) seed: string;
  @ApiProperty({ type: 'integer' }) documentsPerFormat: number;
  @ApiProperty({ type: [ExamFigureDto] }) figures: ExamFigureDto[];
  @ApiProperty({ type: SecondsPerReadDto }) secondsPerRead: SecondsPerReadDto;
}

export class FieldAgreementDto {
  @ApiProperty({ enum: COMPARED_FIELDS }) field: string;
  @ApiProperty({ type: ProportionDto, description: 'Reads of the field that agree with the value a person approved' }) agreed: ProportionDto;
  @ApiProperty({ type: 'integer', description: 'Disagreements where staff edited the field after the read' }) correctedByReviewer: number;
}

export class ProductionLabelsDto {
  @ApiProperty({ type: 'integer', description: 'Applicants approved by a person whose document zone was read' }) documents: number;
  @ApiProperty({ type: [FieldAgreementDto] }) fields: FieldAgreementDto[];
  @ApiProperty({ type: String, nullable: true, format: 'date-time', description: 'The first decision counted' }) from: string | null;
  @ApiProperty({ type: String, nullable: true, format: 'date-time', description: 'The last decision counted' }) to: string | null;
}

export class ModelVersionDto {
  @ApiProperty() name: string;
  @ApiProperty() version: string;
}

export class ListVersionDto {
  @ApiProperty() source: string;
  @ApiProperty({ type: String, nullable: true }) version: string | null;
  @ApiProperty({ format: 'date-time' }) importedAt: string;
}

export class MachineDto {
  @ApiProperty({ type: 'integer' }) cpus: number;
  @ApiProperty({ description: "The machine's load over the minute before the exam" }) loadAverage1m: number;
  @ApiProperty({ example: 'v20.20.2' }) node: string;
}

export class AccuracyReportDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({
    type: ExamResultDto,
    description: "The bundled exam split (an independent generator's ICAO documents, clean and photographed) read by this instance",
  })
  exam: ExamResultDto;
  @ApiProperty({ type: ProductionLabelsDto, description: "What reviewers' approvals say of the reads in production" }) production: ProductionLabelsDto;
  @ApiProperty({ type: [ModelVersionDto] }) models: ModelVersionDto[];
  @ApiProperty({ type: [ListVersionDto], description: 'The sanctions lists in force' }) lists: ListVersionDto[];
  @ApiProperty({ type: MachineDto }) machine: MachineDto;
}
