import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ExactRole } from '../../common/access/roles.decorator.js';
import { ApiErrors } from '../../common/errors/api-errors.decorator.js';
import { ACCURACY_ERRORS } from './accuracy.errors.js';
import { AccuracyReportsService } from './accuracy-reports.service.js';
import { AccuracyReportDto } from './dto/accuracy-report.dto.js';

@ApiTags('accuracy-reports')
@Controller('accuracy-reports')
export class AccuracyReportsController {
  constructor(private readonly reports: AccuracyReportsService) {}

  @Get('latest')
  @ExactRole('super-admin')
  @ApiOkResponse({ type: AccuracyReportDto })
  @ApiOperation({
    summary: 'The latest accuracy report',
    description:
      "What `npm run accuracy-report` last wrote: the bundled exam split read by this instance's document reader (per format, clean and photographed, each figure with its sample and 95 % interval), what reviewers' approvals say of the reads in production, the model and list versions, the machine and the date.",
  })
  @ApiErrors(ACCURACY_ERRORS, 'ACCURACY_REPORT_NOT_FOUND')
  async latest(): Promise<AccuracyReportDto> {
    const latest = await this.reports.latest();
    if (!latest) throw ACCURACY_ERRORS.error('ACCURACY_REPORT_NOT_FOUND');
    return { id: latest.id, ...latest.report };
  }
}
