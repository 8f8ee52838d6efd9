import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { HealthDto } from './health.dto.js';
import { Public } from '../common/access/public.decorator.js';
import { HealthCheck, HealthCheckService, TypeOrmHealthIndicator, type HealthCheckResult } from '@nestjs/terminus';

@ApiTags('health')
@Public()
@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly database: TypeOrmHealthIndicator,
  ) {}

  @Get()
  // Documented here: terminus's own schema is only added when it can load swagger, which differs per runtime.
  @HealthCheck({ swaggerDocumentation: false })
  @ApiOkResponse({ type: HealthDto, description: 'The server and its database answer' })
  @ApiServiceUnavailableResponse({ type: HealthDto, description: 'The database does not answer' })
  @ApiOperation({ summary: 'Check health', description: 'Whether the server and its database answer, for load balancers and monitoring.' })
  check(): Promise<HealthCheckResult> {
    return this.health.check([() => this.database.pingCheck('database', { timeout: 2000 })]);
  }
}
