import { Controller, Get, Post, Query, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import {
  ApiBody,
  ApiConsumes,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { ExactRole } from '../common/access/roles.decorator.js';
import { PageQueryDto } from '../common/paging/page-query.dto.js';
import { CurrentUser } from '../users/current-user.decorator.js';
import type { User } from '../users/user.entity.js';
import { ListImportDto, ListImportPageDto, UploadListDto } from './dto/list-import.dto.js';
import { MAX_LIST_FILE_BYTES } from './list-directory.service.js';
import { SanctionsListsService } from './sanctions-lists.service.js';
import { SANCTIONS_ERRORS } from './sanctions.errors.js';
import { ApiErrors } from '../common/errors/api-errors.decorator.js';

/** What multer hands over for the `file` field (kept in memory: one list at a time, for super-admins). */
interface UploadedListFile {
  originalname: string;
  buffer: Buffer;
}

@ApiTags('sanctions-lists')
@Controller('sanctions-lists')
export class SanctionsListsController {
  constructor(private readonly lists: SanctionsListsService) {}

  /** A super-admin uploads an official list file; the new version replaces the previous one of that list. */
  @Post('imports')
  @ExactRole('super-admin')
  @UseInterceptors(FileInterceptor('file', { limits: { fileSize: MAX_LIST_FILE_BYTES, files: 1 } }))
  @ApiConsumes('multipart/form-data')
  @ApiBody({ type: UploadListDto })
  @ApiCreatedResponse({ type: ListImportDto })
  @ApiUnprocessableEntityResponse({
    description: 'SANCTIONS_LIST_INVALID: the file was refused (the message names the line or element); the previous version stays in force',
  })
  @ApiForbiddenResponse({ description: 'Only a super-admin may import lists' })
  @ApiOperation({
    summary: 'Import a sanctions list',
    description:
      'A super-admin uploads a sanctions list file (multipart field "file"); it replaces the list\'s previous version, and verified applicants are rescreened against it.',
  })
  @ApiErrors(SANCTIONS_ERRORS, 'SANCTIONS_LIST_FILE_MISSING', 'SANCTIONS_LIST_INVALID')
  upload(@UploadedFile() file: UploadedListFile | undefined, @CurrentUser() user: User): Promise<ListImportDto> {
    if (!file) throw SANCTIONS_ERRORS.error('SANCTIONS_LIST_FILE_MISSING');
    return this.lists.importFile({ content: file.buffer, fileName: file.originalname, actor: user, trigger: 'upload' });
  }

  @Get('imports')
  @ExactRole('super-admin')
  @ApiOkResponse({ type: ListImportPageDto, description: 'Every import, newest first, with its counts and status' })
  @ApiForbiddenResponse({ description: 'Only a super-admin may see list imports' })
  @ApiOperation({ summary: 'List sanctions list imports', description: 'Every import of a sanctions list, newest first, with its counts and status.' })
  list(@Query() query: PageQueryDto): Promise<ListImportPageDto> {
    return this.lists.list(query);
  }
}
