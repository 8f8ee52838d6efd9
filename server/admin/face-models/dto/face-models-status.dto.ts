import { ApiProperty } from '@nestjs/swagger';

const MODELS = ['faceres', 'dlib'];

export class FaceModelDto {
  @ApiProperty({ enum: MODELS }) name: 'faceres' | 'dlib';
  @ApiProperty() label: string;
  @ApiProperty({ description: 'Cosine similarity from which two faces of this model are the same person; faces of two models are never compared' })
  threshold: number;
  @ApiProperty({ type: 'integer', description: "Applicants' faces stored under this model" }) faces: number;
  @ApiProperty({ type: 'integer', description: 'Blocklist entries stored under this model' }) blocklist: number;
}

export class FaceModelMigrationDto {
  @ApiProperty({ enum: MODELS, description: 'The model the stored faces are moved to' }) model: 'faceres' | 'dlib';
  @ApiProperty({ enum: ['running', 'completed', 'stopped'] }) state: 'running' | 'completed' | 'stopped';
  @ApiProperty({ type: 'integer', description: 'Faces to move (applicants’ and blocklist entries’)' }) total: number;
  @ApiProperty({ type: 'integer' }) done: number;
  @ApiProperty({ type: 'integer', description: 'Faces no embedding could be computed for' }) failed: number;
  @ApiProperty({ type: 'integer', description: 'Of those done, computed from the stored face crop rather than the selfie photo' }) fromCrops: number;
  @ApiProperty({ type: String, nullable: true }) lastFailure: string | null;
  @ApiProperty({ format: 'date-time' }) startedAt: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) finishedAt: string | null;
}

export class FaceModelsStatusDto {
  @ApiProperty({ enum: MODELS, description: 'The model new faces are stored and compared under (FACE_EMBEDDING_MODEL)' }) model: 'faceres' | 'dlib';
  @ApiProperty({ enum: ['background', 'paused'], description: 'FACE_MODEL_MIGRATION: whether faces of another model are being moved' })
  migrationMode: 'background' | 'paused';
  @ApiProperty({ type: [FaceModelDto] }) models: FaceModelDto[];
  @ApiProperty({ type: FaceModelMigrationDto, nullable: true, description: 'The latest move of the stored faces, or none' })
  migration: FaceModelMigrationDto | null;
}
