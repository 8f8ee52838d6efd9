import { ApiProperty } from '@nestjs/swagger';

export class HealthIndicatorDto {
  @ApiProperty({ enum: ['up', 'down'] })
  status: string;
}

export class HealthDto {
  @ApiProperty({ enum: ['ok', 'error'], example: 'ok' })
  status: string;

  @ApiProperty({ description: 'Indicators that are up', example: { database: { status: 'up' } } })
  info: Record<string, HealthIndicatorDto>;

  @ApiProperty({ description: 'Indicators that are down', example: {} })
  error: Record<string, HealthIndicatorDto>;

  @ApiProperty({ description: 'Every indicator', example: { database: { status: 'up' } } })
  details: Record<string, HealthIndicatorDto>;
}
