import { Controller, Get } from '@nestjs/common';
import { ApiForbiddenResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ExactRole } from '../common/access/roles.decorator.js';
import { RescreenDto } from './rescreen.dto.js';
import { ScreeningMonitor } from './screening-monitor.js';

@ApiTags('sanctions-lists')
@Controller('sanctions-lists/rescreens')
export class ScreeningMonitorController {
  constructor(private readonly monitor: ScreeningMonitor) {}

  @Get()
  @ExactRole('super-admin')
  @ApiOkResponse({
    type: [RescreenDto],
    description: 'The latest rescreenings of verified and undecided applicants after list imports, newest first, with their progress',
  })
  @ApiForbiddenResponse({ description: 'Only a super-admin may see them' })
  @ApiOperation({
    summary: 'List sanctions rescreenings',
    description: 'The latest rescreenings of verified and undecided applicants after sanctions list imports, newest first, with the hits each found.',
  })
  list(): Promise<RescreenDto[]> {
    return this.monitor.progress();
  }
}
