import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ExactRole } from '../../common/access/roles.decorator.js';
import { FaceModels } from '../../faces/face-models.js';
import { FaceModelsStatusDto } from './dto/face-models-status.dto.js';

@ApiTags('face-models')
@Controller('admin/face-models')
export class FaceModelsController {
  constructor(private readonly models: FaceModels) {}

  @Get()
  @ExactRole('super-admin')
  @ApiOkResponse({ type: FaceModelsStatusDto })
  @ApiOperation({
    summary: "The stored faces' embedding models and their move",
    description:
      'The model new faces are stored and compared under, each model with its threshold and how many stored faces it has, and the progress of the background move of the stored faces to the configured model (done, failed, total, started, finished).',
  })
  status(): Promise<FaceModelsStatusDto> {
    return this.models.status();
  }
}
