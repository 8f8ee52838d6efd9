import { Controller, Get, Header } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { Public } from '../common/access/public.decorator.js';
import { DEFAULT_AVATAR_SVG } from './default-avatar.js';

@ApiTags('users')
@Controller('images')
export class ImagesController {
  @Get('default')
  @Public()
  @Header('Content-Type', 'image/svg+xml')
  @Header('Cache-Control', 'public, max-age=86400')
  @ApiProduces('image/svg+xml')
  @ApiOkResponse({ description: 'The avatar of a user without a picture (SVG)', schema: { type: 'string' } })
  @ApiOperation({ summary: 'The default avatar', description: 'The picture shown for a user without one (SVG).' })
  defaultImage(): string {
    return DEFAULT_AVATAR_SVG;
  }
}
